"""Planets under attack and what each nation sees: steps 5 and 6 of the turn (rules v2.6.8 S11.5, S17).

Step 5, :func:`step_bombardment` (BLK-01..05, BOMB-01..06, PDEF-01..05, DEV-01..04, Amb#79-#82):
armed ships ordered to blockade or bombard an inhabited planet (O69, O70) hold it only when their
nation is Uncontested in the system (:func:`uncontested`: no other nation's armed ships there
that would contest it by its relationship, CONT-01..03; planetary defences never contest,
PDEF-02) and the owner's space defences (Defence Satellites) are gone (BLK-05, PDEF-03).  The
rating is one per such ship (bombarders count, BOMB-05), +1 while an invasion is under way
(GRND-10); it is kept in ``Colony.blockade`` and cuts PE from next turn's income on (Amb#81) and
keeps slow ships in orbit (MOV-11).  Bombarding ships first take one round of POGS fire from the
owner's detachments on the planet (PDEF-04), then each fires one combat round at the planet
(Evasion 5 per Military district level, +10 with a Planetary Shield switched on by itself,
Amb#79); each 100 damage is a level of Devastation, the rest is carried (``Colony.bombardment``)
and dropped after a turn without bombardment (BOMB-04).  Devastation costs 2 PE a level (in the
economy) and a district level at 5 (7 with Hardened Materials) (:func:`.war.planet.add_devastation`).

Step 6, :func:`step_ground_combat` (INV-01..04, GRND-01..11, MIL-01..03, Amb#72-#78): troops
ordered to land (O71) come down when their nation is Uncontested in orbit and the space defences
are gone (Amb#72), after one round of POGS fire; militia spawn once per invasion (one per district
level, one more per Military level, MIL-01).  Every turn while invaders stand on a planet, a turn
of ground war is fought (:func:`.war.ground.ground_turn`: 1-3 rounds by Mobility), with the Heavy
Security Teams Military organisations lend to the defence, fresh each turn (ORG-15, INV-03;
``lending.py``, ruling 251); damage is written back, the planet takes Devastation from the fighting
(GRND-09), retreating troops go back to their transports in space (or surrender when their nation
is not Uncontested in space, GRND-06: they become the captor's prisoners, COMB-20), and a planet
whose defenders, militia and lent teams are all gone changes hands (Amb#75, ruling 207).

Then the turn's unit work is decided, once the fighting is over (ruling 215): surveys
(:func:`resolve_surveys`) and salvage (:func:`resolve_salvage`), each for units that did not move
and are Uncontested (colonisation, anomaly studies and the space constructions follow in
``war/constructions.py``, rulings 230-237); and :func:`remote_sensor_surveys` gives each Remote
Sensor's passive survey (VIS-05).  Each nation's list of the foreign units it can see (VIS-01: units
in space see units in space in their system; an inhabited planet sees units in space in its system
and units on its ground; units on the ground see units on the same planet) is written after the
works by ``knowledge.record_foreign_units`` (pipeline step 6; :func:`sightings_of` reads it).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from starlanes.games.star_kingdoms.campaign import (
    CampaignState,
    Colony,
    Faction,
    Prisoner,
    Unit,
    Wreck,
)
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.economy import Districts, PlanetEconomy, planet_pe
from starlanes.games.star_kingdoms.engagement import battle_rng, contests, report_side, stance, standing_engage
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import (
    Knowledge,
    active_survey,
    foreign_units_seen,
    learn_trait,
    own_planet,
    passive_survey,
    planetary_survey,
    see_owner,
)
from starlanes.games.star_kingdoms.report import CombatReport, CombatSide, SightingLine
from starlanes.games.star_kingdoms.war.battle import Force
from starlanes.games.star_kingdoms.war.ground import ground_turn, militia_count, reinforcement_determination
from starlanes.games.star_kingdoms.war.planet import (
    add_devastation,
    blockade_rating,
    bombard,
    planet_evasion,
    pogs_fire,
)
from starlanes.games.star_kingdoms.war.units import public_name, unit_stats

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.pipeline import Turn

__all__ = [
    "capture",
    "invaders_of",
    "remote_sensor_surveys",
    "resolve_salvage",
    "resolve_surveys",
    "sightings_of",
    "space_defences",
    "step_bombardment",
    "step_ground_combat",
    "uncontested",
]


def _gi(state: CampaignState) -> GalaxyIndex:
    return galaxy_index(state.galaxy)


def _pname(state: CampaignState, planet: str) -> str:
    return _gi(state).planets[planet].name


def _static(cat: Catalogue, unit: Unit) -> bool:
    return "static-defence" in cat.classes[unit.class_id].special


def uncontested(state: CampaignState, cat: Catalogue, faction: Faction, system: str, *, scarce: bool = False) -> bool:
    """CONT-01..03: no other nation has armed ships in space here that would contest ``faction``
    (REL-02's contest column, :func:`.engagement.contests`: Allied never, Friendly only for an action
    using a scarce resource (``scarce``: salvage, an asteroid belt, Amb#99), Neutral by its contest
    directives (default yes, REL-03), Wary and Hostile always; ruling 273); space defences never
    contest, PDEF-02; an unarmed presence does not contest when ``faction`` has an armed ship here,
    CONT-02)."""
    mine_armed = any(u.system == system and u.unit == "ship" and unit_stats(cat, u).armed for u in faction.units)
    for other in state.factions:
        if other is faction or not contests(state, other, faction, system, scarce=scarce):
            continue
        for u in other.units:
            if u.system != system or u.unit != "ship" or _static(cat, u) or u.avoiding:
                continue  # space defences and ships keeping out of range never contest (PDEF-02, CONT-04)
            if unit_stats(cat, u).armed or not mine_armed:
                return False
    return True


def space_defences(cat: Catalogue, owner: Faction, system: str) -> list[Unit]:
    """The owner's Defence Satellites standing in the system (BLK-05, PDEF-03)."""
    return [u for u in owner.units if u.system == system and _static(cat, u)]


def _apply_pogs(turn: Turn, owner: Faction, colony: Colony,
                targets: list[tuple[Faction, Unit]]) -> list[tuple[str, str]]:
    """One round of POGS fire from the owner's detachments on the planet (PDEF-04); what it did,
    as (the target's owner's line, the planet owner's line); destroyed targets are removed."""
    state, cat = turn.state, turn.catalogue
    guns = [u for u in owner.units if u.unit == "detachment" and u.planet == colony.planet]
    if not guns or not targets:
        return []
    rng = battle_rng(state, "pogs", colony.planet)
    fire = pogs_fire(cat, guns, [u for _, u in targets], rng)
    lines = []
    for faction, unit in targets:
        unit.damage += fire.damage.get(unit.id, 0)
        unit.shields_damage += fire.shields_lost.get(unit.id, 0)
        seen = f"a {public_name(cat, unit)} of {faction.name}"
        if unit.id in fire.destroyed:
            faction.units.remove(unit)
            state.wrecks.append(Wreck(system=unit.system, planet=colony.planet if unit.unit == "detachment" else "",
                                      unit=unit.unit, level=unit.level, turn=state.turn))
            lines.append((f"{unit.name} was destroyed by planetary defences (PDEF-04)",
                          f"planetary defences destroyed {seen}"))
        elif fire.damage.get(unit.id):
            lines.append((f"{unit.name} took {fire.damage[unit.id]} damage from planetary defences (PDEF-04)",
                          f"planetary defences hit {seen}"))
    return lines


def _devastate(turn: Turn, owner: Faction, colony: Colony, levels: int, why: str) -> str:
    state = turn.state
    if levels <= 0:
        return ""
    mr = _gi(state).planets[colony.planet].mineral_rating

    def pe_of(districts: Districts, devastation: int) -> int:
        return planet_pe(PlanetEconomy(districts=districts, mineral_rating=mr, devastation=devastation),
                         state.params).before_blockade

    change = add_devastation(colony.devastation, levels, colony.districts, pe_of,
                             battle_rng(state, "devastation", colony.planet, why),
                             hardened=owner.tech.has("hardened-materials"))
    colony.devastation = change.devastation
    colony.districts = change.districts
    text = f"+{levels} Devastation ({why}); Devastation now {colony.devastation}"
    if change.lost:
        text += "; districts damaged: " + ", ".join(change.lost)
    return text


def _tell(turn: Turn, faction: Faction, planet: str, text: str) -> None:
    b = turn.builders.get(faction.id)
    if b is not None and text:
        b.attack(planet, text)


def step_bombardment(turn: Turn) -> None:
    """Step 5: blockade ratings, POGS fire, bombardment, Devastation (BLK-*, BOMB-*, PDEF-*)."""
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for owner in state.factions:
        for colony in owner.colonies:
            system = gi.planet_system[colony.planet]
            name = _pname(state, colony.planet)
            ships: dict[str, list[Unit]] = {}
            for other in state.factions:
                if other is owner:
                    continue
                mine = [u for u in other.units if u.mission.partition(":")[2] == colony.planet
                        and u.mission.startswith(("blockade:", "bombard:")) and u.system == system
                        and u.unit == "ship" and not u.avoiding and unit_stats(cat, u).armed]
                if mine:
                    ships[other.id] = mine
            rating = 0
            bombarded = False
            for fid in sorted(ships):
                attacker = state.faction(fid)
                if not uncontested(state, cat, attacker, system):
                    _tell(turn, attacker, name, "blockade and bombardment not held: the system is contested (BLK-01)")
                    continue
                if space_defences(cat, owner, system):
                    _tell(turn, attacker, name, "blockade and bombardment impossible while the planet's space "
                                                "defences stand (BLK-05, PDEF-03)")
                    continue
                held = ships[fid]
                bombers = [u for u in held if u.mission.startswith("bombard:")]
                if bombers:
                    lines = _apply_pogs(turn, owner, colony, [(attacker, u) for u in bombers])
                    for theirs, ours in lines:
                        _tell(turn, attacker, name, theirs)
                        _tell(turn, owner, name, ours)
                    alive = {u.id for u in attacker.units}
                    held = [u for u in held if u.id in alive]
                    bombers = [u for u in bombers if u.id in alive]
                rating += len(held)
                if bombers:
                    ev = planet_evasion(colony.districts.military, colony.shield)
                    result = bombard(cat, bombers, ev, colony.bombardment, battle_rng(state, "bombard", colony.planet))
                    colony.bombardment = result.counter
                    bombarded = True
                    text = (f"bombarded by {len(bombers)} ship(s) of {attacker.name}: {result.hits}/{result.shots} "
                            f"shots hit for {result.damage} damage (planet Evasion {ev})")
                    dev = _devastate(turn, owner, colony, result.devastation, "bombardment")
                    full = text + (f"; {dev}" if dev else f"; {colony.bombardment}/100 towards the next level")
                    _tell(turn, attacker, name, full)
                    _tell(turn, owner, name, full)
                if held and not bombers:
                    _tell(turn, attacker, name, f"{len(held)} ship(s) blockade {name}")
                    _tell(turn, owner, name, f"blockaded by {len(held)} ship(s) of {attacker.name}")
            invaded = bool(invaders_of(state, owner, colony))
            new = blockade_rating(rating, invaded) if rating or invaded else 0
            if new != colony.blockade:
                colony.blockade = new
                if new:
                    _tell(turn, owner, name, f"blockade rating {new}: PE -{10 * new}% from next turn (BLK-03)")
            if not bombarded and colony.bombardment:
                colony.bombardment = 0  # a full turn without bombardment (BOMB-04)
            if bombarded:
                colony.bombarded = True
                colony.bombarded_turn = state.turn
            elif colony.bombarded and colony.bombarded_turn:
                colony.bombarded = False


# --- step 6 ---------------------------------------------------------------------------------------


def _engages(state: CampaignState, a: Faction, b: Faction, system: str) -> bool:
    s = stance(a, b.id)
    own = any(_gi(state).planet_system.get(c.planet) == system for c in a.colonies)
    return s == "hostile" or (s == "wary" and standing_engage(a, b.id, own))


def invaders_of(state: CampaignState, owner: Faction, colony: Colony) -> list[Faction]:
    """Nations at war on the planet's ground: with detachments on it that invaded it (a landing,
    O71), or whose stance or the owner's engages the other (Hostile, Wary with an engage order;
    REL-02). Friendly troops visiting a world are not an invasion (ruling 209)."""
    out = []
    system = _gi(state).planet_system[colony.planet]
    for other in state.factions:
        if other is owner:
            continue
        here = [u for u in other.units if u.planet == colony.planet and u.unit == "detachment"]
        if here and (any(u.mission == f"invade:{colony.planet}" for u in here)
                     or _engages(state, other, owner, system) or _engages(state, owner, other, system)):
            out.append(other)
    return out


def capture(state: CampaignState, loser: Faction, winner: Faction, colony: Colony) -> None:
    """The planet changes hands (Amb#75): districts and principles stay; projects are cancelled
    without refund; the loser's offices there close; the winner knows it as its own."""
    gi = _gi(state)
    loser.colonies.remove(colony)
    for org in loser.orgs:
        if colony.planet in org.offices:
            org.offices.remove(colony.planet)
    colony.projects = {}
    colony.offices = []
    colony.militia = 0
    colony.invaded = False
    colony.ground_determination = {}
    colony.ground_fighters = []
    colony.blockade = 0
    colony.bombarded = False
    colony.bombardment = 0
    winner.colonies.append(colony)
    for u in loser.units:
        if u.planet == colony.planet:
            u.planet = ""
    for u in winner.units:
        if u.mission == f"invade:{colony.planet}":
            u.mission = ""
    for f in (winner, loser):
        k = state.knowledge.get(f.id)
        if k is None:
            continue
        k = own_planet(k, gi, colony.planet, state.turn) if f is winner else see_owner(
            k, gi, colony.planet, winner.id, state.turn)
        state.knowledge[f.id] = k


def _land(turn: Turn) -> None:
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    owners = {c.planet: (f, c) for f in state.factions for c in f.colonies}
    for attacker in state.factions:
        landing: dict[str, list[Unit]] = {}
        for u in attacker.units:
            if u.mission.startswith("land:"):
                landing.setdefault(u.mission[5:], []).append(u)
        for planet in sorted(landing):
            troops = landing[planet]
            for u in troops:
                u.mission = ""
            name = _pname(state, planet)
            found = owners.get(planet)
            system = gi.planet_system[planet]
            troops = [u for u in troops if u.system == system and not u.planet]
            if found is None and troops:
                for u in troops:  # an unclaimed world: the troops simply land (to survey it, ruling 215)
                    u.planet = planet
                    u.carried_by = ""
                _tell(turn, attacker, name, f"{len(troops)} detachment(s) landed on {name}")
                continue
            if found is None or found[0] is attacker or not troops:
                continue
            owner, colony = found
            if not uncontested(state, cat, attacker, system) or space_defences(cat, owner, system):
                _tell(turn, attacker, name, "the landing was called off: no superiority in orbit (INV-02, Amb#72)")
                continue
            for theirs, ours in _apply_pogs(turn, owner, colony, [(attacker, u) for u in troops]):
                _tell(turn, attacker, name, theirs)
                _tell(turn, owner, name, ours)
            alive = {u.id for u in attacker.units}
            troops = [u for u in troops if u.id in alive]
            for u in troops:
                u.planet = planet
                u.carried_by = ""
                u.mission = f"invade:{planet}"  # an invasion until they get another order or leave
            if troops:
                if not colony.invaded:
                    colony.militia = militia_count(colony.districts)  # once per invasion (MIL-01, Amb#77)
                    colony.invaded = True
                _tell(turn, attacker, name, f"{len(troops)} detachment(s) landed on {name}")
                _tell(turn, owner, name, f"{attacker.name} landed {len(troops)} detachment(s) on {name}; "
                                         f"{colony.militia} militia rise (MIL-01)")


def _carried(cat: Catalogue, colony: Colony, key: str, units: list[Unit]) -> float | None:
    """A side's determination carried from the last turn of this ground war, plus the level of
    each reinforcement at 50% Health or more (GRND-05); None on the war's first turn."""
    if key not in colony.ground_determination:
        return None
    value = colony.ground_determination[key]
    if value < 0:
        return math.inf
    fresh = [u for u in units if u.id not in colony.ground_fighters]
    return float(value + sum(reinforcement_determination(cat, u) for u in fresh))


def _ground_war(turn: Turn, owner: Faction, colony: Colony, attacker: Faction) -> bool:
    """One turn of ground war on ``colony``; True if the planet was captured."""
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    system = gi.planet_system[colony.planet]
    name = _pname(state, colony.planet)
    att = [u for u in attacker.units if u.planet == colony.planet and u.unit == "detachment"]
    dfd = [u for u in owner.units if u.planet == colony.planet and u.unit == "detachment"]
    from starlanes.games.star_kingdoms.lending import lent_defenders_of

    # Military organisations' Heavy Security Teams join the defence, fresh each turn (ORG-15, INV-03, ruling 307)
    dfd += lent_defenders_of(state, cat, colony.planet, system, owner, attacker)
    if not dfd and colony.militia == 0:
        return True
    names = {f.id: f.name for f in state.factions}
    keys = (f"a:{attacker.id}", f"d:{attacker.id}")
    carried = [_carried(cat, colony, keys[0], att), _carried(cat, colony, keys[1], dfd)]
    forces = (
        Force(name=attacker.name, units=tuple(att), battle_tactics=attacker.tech.level("battle-tactics"),
              training=attacker.tech.has("army-training-techniques"),
              can_retreat=uncontested(state, cat, attacker, system), determination=carried[0]),
        Force(name=owner.name, units=tuple(dfd), colony_here=True, homeworld_here=colony.planet == owner.homeworld,
              battle_tactics=owner.tech.level("battle-tactics"), training=owner.tech.has("army-training-techniques"),
              militia=colony.militia, guerilla=owner.tech.has("guerilla-warfare-techniques"),
              can_retreat=uncontested(state, cat, owner, system), determination=carried[1]),
    )
    gt = ground_turn(cat, forces[0], forces[1], battle_rng(state, "ground", colony.planet, attacker.id),
                     attacker_orders=attacker.ground_rounds.get(colony.planet),
                     defender_orders=owner.ground_rounds.get(colony.planet))
    result = gt.result
    for key, value in zip(keys, gt.determination, strict=True):
        colony.ground_determination[key] = -1 if math.isinf(value) else math.ceil(value - 1e-9)
    colony.ground_fighters = sorted({*colony.ground_fighters, *(u.id for u in att + dfd)})
    owner_ids = {u.id: attacker.id for u in att} | {u.id: owner.id for u in dfd}
    shown = (report_side(cat, attacker.id, [attacker], att, result, {}, set(), names, owner_ids),
             report_side(cat, owner.id, [owner], dfd, result, {}, set(), names, owner_ids))
    by_side = (attacker, owner)
    for o in result.units:
        f = by_side[o.side]
        unit = f.unit_by_id(o.unit_id)
        if unit is None:
            continue
        unit.damage = o.damage
        if o.destroyed:
            f.units.remove(unit)
            state.wrecks.append(Wreck(system=system, planet=colony.planet, unit="detachment", level=unit.level,
                                      turn=state.turn))
        elif o.surrendered:
            f.units.remove(unit)
            captor = by_side[1 - o.side]
            captor.prisoners.append(Prisoner(owner=f.id, name=unit.name, class_id=unit.class_id, level=unit.level,
                                             planet=colony.planet, turn=state.turn))
        elif o.retreated:
            unit.planet = ""  # back to its transports, in space (GRND-06, Amb#67)
            unit.mission = ""
    militia_before = colony.militia
    colony.militia = result.militia_left[1]
    chose = {"attacker": f"{attacker.name} chose, with the Mobility advantage",
             "defender": f"{owner.name} chose, with the Mobility advantage"}.get(
        gt.chooser, "neither side had the Mobility advantage")
    outcome = [f"{gt.rounds} round(s) ({chose})"]
    for s in result.retreated:
        outcome.append(f"{by_side[s].name} fell back to its transports")
    for s in result.surrendered:
        outcome.append(f"{by_side[s].name}'s troops surrendered")
    sides = (CombatSide(factions=shown[0].factions, units=shown[0].units),
             CombatSide(factions=shown[1].factions, units=shown[1].units, militia=militia_before,
                        militia_left=colony.militia))
    dev = _devastate(turn, owner, colony, gt.devastation, "ground combat")
    if dev:
        outcome.append(dev)
    for s, f in enumerate(by_side):
        own = tuple(report_side(cat, f.id, [by_side[t]], (att, dfd)[t], result, {}, set(), names, owner_ids)
                    for t in (0, 1))
        b = turn.builders.get(f.id)
        if b is not None:
            b.combat(CombatReport(kind="ground", system=gi.systems[system].name, planet=name, rounds=gt.rounds,
                                  sides=(CombatSide(factions=own[0].factions, units=own[0].units),
                                         CombatSide(factions=own[1].factions, units=own[1].units,
                                                    militia=sides[1].militia, militia_left=sides[1].militia_left)),
                                  own_side=s, outcome="; ".join(outcome)))
    return gt.captured


def step_ground_combat(turn: Turn) -> None:
    """Step 6: landings, a turn of ground war on every invaded planet, captures, then sightings."""
    state = turn.state
    _land(turn)
    from starlanes.games.star_kingdoms.execute import raise_gm_item

    for owner in list(state.factions):
        for colony in list(owner.colonies):
            invaders = [f.id for f in invaders_of(state, owner, colony)]
            if not invaders:
                if colony.invaded or colony.militia or colony.ground_determination:
                    colony.invaded = False
                    colony.militia = 0  # the invasion is over (Amb#77)
                    colony.ground_determination = {}
                    colony.ground_fighters = []
                continue
            colony.invaded = True
            name = _pname(state, colony.planet)
            for fid in invaders:
                attacker = state.faction(fid)
                if colony not in owner.colonies:
                    break
                if not _ground_war(turn, owner, colony, attacker):
                    continue
                if colony.planet == owner.homeworld and not state.params.capture_homeworlds:
                    raise_gm_item(state, owner, "request",
                                  f"{attacker.name} holds the ground of {name}, {owner.name}'s homeworld: decide "
                                  "whether it changes hands (Amb#75)", planet=colony.planet)
                    _tell(turn, attacker, name, f"you hold the ground of {name}; the GM decides its fate (Amb#75)")
                    continue
                capture(state, owner, attacker, colony)
                _tell(turn, attacker, name, f"{name} is captured from {owner.name} (Amb#75)")
                _tell(turn, owner, name, f"{name} is lost to {attacker.name} (Amb#75)")
    resolve_surveys(turn)
    resolve_salvage(turn)
    remote_sensor_surveys(turn)


# --- surveys --------------------------------------------------------------------------------------


def _ground_uncontested(state: CampaignState, cat: Catalogue, faction: Faction, planet: str, *,
                        scarce: bool = False) -> bool:
    """CONT-01/02 for ground actions (``war/constructions.ground_uncontested``, ruling 273)."""
    from starlanes.games.star_kingdoms.war.constructions import ground_uncontested

    return ground_uncontested(state, cat, faction, planet, scarce=scarce)


def _homeworld_trait(state: CampaignState, k: Knowledge, faction: Faction, planet: str) -> Knowledge:
    """VIS-08: a planetary survey of a nation's homeworld reveals its homeworld trait and what it
    does (the people and ambition traits are not revealed this way)."""
    for other in state.factions:
        if other is faction or other.homeworld != planet:
            continue
        trait = next((t for t in other.traits if t.category == "homeworld"), None)
        if trait is not None:
            text = f"{trait.name}: {trait.text}" if trait.text else trait.name
            k = learn_trait(k, other.id, other.name, state.turn, homeworld_trait=text)
    return k


def resolve_surveys(turn: Turn) -> None:
    """Deep space (O64) and planetary (O65) surveys of units that spent the whole turn on them: they
    did not move and are Uncontested once the fighting is over (SURV-02, SURV-03, Amb#32, Amb#94;
    ruling 215: decided here, after step 6, as nothing in steps 7-8 changes who is where)."""
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for faction in state.factions:
        jobs: dict[str, list[Unit]] = {}
        for u in faction.units:
            if u.mission.startswith("survey:"):
                jobs.setdefault(u.mission[len("survey:"):], []).append(u)
                u.mission = ""
        k = state.knowledge.get(faction.id)
        b = turn.builders.get(faction.id)
        for target in sorted(jobs):
            kind, _, where = target.partition(":")
            units = [u for u in jobs[target] if not u.moved]
            level = max((unit_stats(cat, u).sensors for u in units), default=0)
            if kind == "system":
                label, rule = f"Deep space survey of {gi.systems[where].name}", "SURV-02"
                ok = bool(units) and uncontested(state, cat, faction, where)
            else:
                label, rule = f"Planetary survey of {gi.planets[where].name}", "SURV-03"
                units = [u for u in units if u.planet == where]
                ok = bool(units) and _ground_uncontested(state, cat, faction, where)
            if not ok:
                if b is not None:
                    b.notice(f"{label}: not done (the units moved or were contested)", rule=rule)
                continue
            if k is not None:
                k = active_survey(k, gi, where, state.turn, level) if kind == "system" else planetary_survey(
                    k, gi, where, state.turn, level)
                if kind == "planet":
                    k = _homeworld_trait(state, k, faction, where)
            if b is not None:
                b.notice(f"{label} done (sensor level {level}); see Known space", rule=rule)
        if k is not None:
            state.knowledge[faction.id] = k


def resolve_salvage(turn: Turn) -> None:
    """Salvage (O76) and scavenging (O77) by units that spent the whole turn on it and are
    Uncontested: each Salvage Rig (Scavengers) module takes one ship wreck in space in its system
    (one detachment wreck on its planet) for 10 x wreck level x the module's TL credits, and that
    wreck is gone (SALV-01, SALV-02, Amb#102; decided after step 6 like surveys, ruling 220)."""
    from starlanes.games.star_kingdoms.war.fieldwork import salvage_income

    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for faction in state.factions:
        jobs: dict[tuple[str, str, str], list[Unit]] = {}
        for u in faction.units:
            if u.mission in ("salvage", "scavenge"):
                place = u.planet if u.mission == "scavenge" else ""
                jobs.setdefault((u.mission, u.system, place), []).append(u)
                u.mission = ""
        b = turn.builders.get(faction.id)
        for (job, system, planet), units in sorted(jobs.items()):
            units = [u for u in units if not u.moved]
            ok = units and (uncontested(state, cat, faction, system, scarce=True) if job == "salvage"
                            else _ground_uncontested(state, cat, faction, planet, scarce=True))
            where = gi.planets[planet].name if planet else gi.systems[system].name
            if not ok:
                if b is not None:
                    b.notice(f"{job.capitalize()} at {where}: not done (the units moved or were contested)",
                             rule="SALV-01" if job == "salvage" else "SALV-02")
                continue
            kind = "ship" if job == "salvage" else "detachment"
            here = [w for w in state.wrecks if w.system == system and w.planet == planet and w.unit == kind]
            tls = [tl for u in units for tl in unit_stats(cat, u).salvage_tls]
            credits, left = salvage_income(tls, [w.level for w in here])
            taken = len(here) - len(left)
            if not taken:
                if b is not None:
                    b.notice(f"{job.capitalize()} at {where}: no wrecks to work", rule="SALV-01")
                continue
            by_level = sorted(here, key=lambda w: -w.level)[:taken]
            for w in by_level:
                state.wrecks.remove(w)
            faction.credits += credits
            if b is not None:
                b.income(credits, f"{job.capitalize()} of {taken} wreck(s) at {where}")


def sightings_of(state: CampaignState, cat: Catalogue, faction: Faction) -> list[SightingLine]:
    """The foreign units ``faction`` sees now (VIS-01 table; Amb#95: owner, class as seen, level,
    count, never names or damage): :func:`.knowledge.foreign_units_seen`, which the pipeline writes
    into each sheet at the end of step 6 (``knowledge.record_foreign_units``)."""
    return foreign_units_seen(state, cat, faction, _gi(state))


def remote_sensor_surveys(turn: Turn) -> None:
    """Each Remote Sensor gives its nation a passive survey of its system every turn (VIS-05, Amb#97).
    The foreign units it shows are written with every other sighting by
    ``knowledge.record_foreign_units`` (pipeline step 6)."""
    gi = _gi(turn.state)
    for faction in turn.state.factions:
        k = turn.state.knowledge.get(faction.id)
        if k is None or not faction.remote_sensors:
            continue
        for system in faction.remote_sensors:
            k = passive_survey(k, gi, system, turn.state.turn)
        turn.state.knowledge[faction.id] = k
