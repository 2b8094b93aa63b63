"""Fighters as cargo: taken apart, carried, put back together, launched from their bays.

Rules v2.6.8 App A "Fighters" (L1177), "Cargo Space" (L1165), "Fighter Bays" (L1213); inventory
UNIT-15, UNIT-20, MOV-12, COMB-10; order O74 (and O73 for fighters); Amb#70; ruling 275.

- ``disassemble <fighters> into <ship>`` (O74, step 1): fighter squadrons in the ship's system are
  taken apart into its cargo, 1 capacity each (UNIT-15, UNIT-20).  Anywhere, free.
- ``reassemble <fighters>`` (O74, step 1): fighters taken apart, aboard a ship in a system where the
  nation holds a planet with a Shipyard district, are put back together free, with no project, in
  orbit of that planet (UNIT-20).
- ``load <fighters> on <ship>`` (O73): whole fighters board a ship with Fighter Bays, one bay and
  one cargo point each; ``unload <fighters>`` launches them into space (taken-apart ones cannot).
- Aboard, fighters go where the ship goes (MOV-12: the only way they cross a wormhole), are not
  seen, and are lost with the ship (COMB-11).  At the start of a space battle in the ship's system,
  the whole fighters in its bays deploy as combatants (Amb#70, :func:`launch_fighters`) and land
  back aboard after the battles if the ship is still there (:func:`recover_fighters`); taken-apart
  ones stay in the hold.

Miscellaneous goods take the capacity the GM sets (UNIT-15): they are the GM's (a GM request), not
this module's.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, Unit
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.galaxy import galaxy_index
from starlanes.games.star_kingdoms.war.units import is_fighter, unit_stats

__all__ = ["CargoProblem", "disassemble", "fits", "launch_fighters", "load_fighters", "reassemble",
           "recover_fighters", "unload_fighters"]


class CargoProblem(Exception):
    """An order about cargo is refused (the message is the reason the player reads)."""


def fits(cat: Catalogue, faction: Faction, ship: Unit, *, detachments: Sequence[Unit] = (),
         fighters: Sequence[Unit] = (), taken_apart: bool = False) -> str:
    """'' if ``ship`` can take ``detachments`` and ``fighters`` (whole, or ``taken_apart``) on top of
    what it carries, else why: fighters take 1 point of Cargo Space each, detachments their level
    of Cargo Space or Cryogenic Storage (UNIT-15); whole fighters need a Fighter Bay each."""
    stats = unit_stats(cat, ship)
    aboard = [u for u in faction.units if u.carried_by == ship.id and u not in detachments and u not in fighters]
    levels = sum(u.level for u in [*aboard, *detachments] if u.unit == "detachment")
    squadrons = sum(1 for u in aboard if u.unit == "ship") + len(fighters)
    whole = sum(1 for u in aboard if u.unit == "ship" and not u.disassembled) + (0 if taken_apart else len(fighters))
    if not squadrons and levels > stats.cargo + stats.detachment_cargo:
        return (f"{ship.name} carries {stats.cargo + stats.detachment_cargo} level(s) of detachments; these need "
                f"{levels} (UNIT-15)")
    if squadrons > stats.cargo or levels + squadrons > stats.cargo + stats.detachment_cargo:
        return (f"{ship.name} carries {stats.cargo} point(s) of cargo (+{stats.detachment_cargo} for detachments); "
                f"{squadrons} fighter squadron(s) and {levels} level(s) of detachments do not fit (UNIT-15)")
    if whole > stats.fighter_bays:
        return (f"{ship.name} has {stats.fighter_bays} Fighter Bay(s); {whole} whole squadron(s) need one each "
                "(take them apart with: disassemble <fighters> into <ship>)")
    return ""


def _fighters(cat: Catalogue, units: list[Unit]) -> None:
    for unit in units:
        if not is_fighter(cat.classes[unit.class_id]):
            raise CargoProblem(f"{unit.name} is not a fighter squadron")


def _ship(cat: Catalogue, ship: Unit, units: list[Unit]) -> None:
    if ship.unit != "ship" or is_fighter(cat.classes[ship.class_id]):
        raise CargoProblem(f"{ship.name} cannot carry fighters")
    for unit in units:
        if unit.system != ship.system:
            raise CargoProblem(f"{unit.name} is not in the system of {ship.name}")
        if unit.carried_by:
            raise CargoProblem(f"{unit.name} is already aboard a ship")


def _board(units: list[Unit], ship: Unit, disassembled: bool) -> None:
    for unit in units:
        unit.carried_by, unit.disassembled = ship.id, disassembled
        unit.planet = unit.move_to = unit.mission = unit.task_group = ""


def disassemble(cat: Catalogue, faction: Faction, units: list[Unit], ship: Unit) -> str:
    """O74: fighter squadrons of the ship's system go into its cargo, 1 point each (UNIT-20)."""
    _fighters(cat, units)
    _ship(cat, ship, units)
    problem = fits(cat, faction, ship, fighters=units, taken_apart=True)
    if problem:
        raise CargoProblem(problem)
    _board(units, ship, True)
    return f"{', '.join(u.name for u in units)} taken apart into the hold of {ship.name} (1 cargo each, UNIT-20)"


def load_fighters(cat: Catalogue, faction: Faction, units: list[Unit], ship: Unit) -> str:
    """O73 for fighters: whole squadrons board a ship's Fighter Bays (a bay and a cargo point each)."""
    _fighters(cat, units)
    _ship(cat, ship, units)
    problem = fits(cat, faction, ship, fighters=units)
    if problem:
        raise CargoProblem(problem)
    _board(units, ship, False)
    return f"{', '.join(u.name for u in units)} aboard {ship.name}, in its Fighter Bays (they launch in a battle)"


def unload_fighters(cat: Catalogue, faction: Faction, units: list[Unit]) -> str:
    """O73 ``unload`` for fighters: whole squadrons launch into space where their ship is."""
    _fighters(cat, units)
    for unit in units:
        if not unit.carried_by:
            raise CargoProblem(f"{unit.name} is not aboard a ship")
        if unit.disassembled:
            raise CargoProblem(f"{unit.name} is taken apart: reassemble it at a planet with a shipyard (UNIT-20)")
    for unit in units:
        unit.carried_by = ""
    return f"{', '.join(u.name for u in units)} launch into space"


def _shipyard_planet(state: CampaignState, faction: Faction, system: str) -> str:
    gi = galaxy_index(state.galaxy)
    return next((c.planet for c in faction.colonies
                 if gi.planet_system[c.planet] == system and c.districts.shipyard > 0), "")


def reassemble(state: CampaignState, cat: Catalogue, faction: Faction, units: list[Unit]) -> str:
    """O74: taken-apart fighters aboard a ship in a system where the nation holds a planet with a
    Shipyard district are put back together, free and without a project, in orbit of it (UNIT-20)."""
    _fighters(cat, units)
    for unit in units:
        if not unit.carried_by or not unit.disassembled:
            raise CargoProblem(f"{unit.name} is not taken apart in a ship's hold")
    planets = {u.id: _shipyard_planet(state, faction, u.system) for u in units}
    for unit in units:
        if not planets[unit.id]:
            raise CargoProblem(f"{unit.name} can be put back together only where you hold a planet with a Shipyard "
                               "district (UNIT-20)")
    for unit in units:
        unit.carried_by, unit.disassembled, unit.planet = "", False, planets[unit.id]
    return f"{', '.join(u.name for u in units)} put back together at the shipyard, free (UNIT-20)"


def launch_fighters(state: CampaignState) -> dict[str, str]:
    """Start of step 4: whole fighters in the bays of a ship deploy as combatants in its system
    (Amb#70). Returns fighter id -> its ship's id, for :func:`recover_fighters`."""
    launched: dict[str, str] = {}
    for faction in state.factions:
        for unit in faction.units:
            if unit.carried_by and unit.unit == "ship" and not unit.disassembled:
                launched[unit.id] = unit.carried_by
                unit.carried_by = ""
    return launched


def recover_fighters(state: CampaignState, launched: dict[str, str]) -> None:
    """After step 4's battles, launched fighters land back aboard their ship if it is still in
    their system; otherwise they stay in space there (their carrier was lost or went away)."""
    for faction in state.factions:
        for unit in faction.units:
            ship_id = launched.get(unit.id)
            if ship_id is None:
                continue
            ship = faction.unit_by_id(ship_id)
            if ship is not None and ship.system == unit.system:
                unit.carried_by, unit.planet = ship_id, ""
