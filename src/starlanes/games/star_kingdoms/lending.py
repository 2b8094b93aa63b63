"""Military organisations' lent units in the turn's battles (rules v2.6.8 S8.5; ORG-15, Amb#51-#53,
INV-03; rulings 307, 251).

:mod:`.orgs` says *who* lends *what* (:func:`.orgs.lent_defenders`, :func:`.orgs.outpost_fighters`);
this module turns that into units for one battle:

- :func:`lent_fighters` (step 4): each Military branch on the outpost of the system lends Power
  Fighter Squadrons to a space battle there, on the side of its nation, when that nation fights;
- :func:`lent_defenders_of` (step 6): each Military office on the attacked planet (the
  government's own organisations) and each Military branch on it (other nations') lends Power
  Heavy Security Teams to the defence, never against the lender or a nation the lender holds
  Allied.

Lent units are fresh at every battle (full Hull or Health), built at the lender's current tech
levels (every module at the level of its core tech, as a new unit would be; UNIT-12), cost no
logistics and are nobody's units: they are not in any nation's unit list, so their losses are not
carried over and nothing of theirs is written back.  Suppressed branches lend nothing (ORG-20, the
branch's timer).  Their ids are stable (``lent-<org>-<n>``) so a ground war counts them as
reinforcements only on the turn they first fight (GRND-05, ruling 251).
"""

from __future__ import annotations

from collections.abc import Iterable

from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, Unit, fitted_modules
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.orgs import LentUnits, lent_defenders, outpost_fighters

__all__ = ["is_lent", "lent_defenders_of", "lent_fighters", "lent_units"]

PREFIX = "lent-"


def is_lent(unit_id: str) -> bool:
    """A unit id made by :func:`lent_units` (nobody's unit)."""
    return unit_id.startswith(PREFIX)


def _org_name(state: CampaignState, org_id: str) -> str:
    for f in state.factions:
        for org in f.orgs:
            if org.id == org_id:
                return org.name
    return org_id


def lent_units(state: CampaignState, cat: Catalogue, lent: Iterable[LentUnits], *, system: str,
               planet: str = "") -> list[Unit]:
    """The units of ``lent`` (from :mod:`.orgs`), fresh, at each lender's current tech levels."""
    out: list[Unit] = []
    by_id = {f.id: f for f in state.factions}
    for loan in lent:
        lender = by_id.get(loan.faction)
        if lender is None or loan.count <= 0 or loan.class_id not in cat.classes:
            continue
        cls = cat.classes[loan.class_id]
        modules = fitted_modules(cat, lender.tech, loan.class_id, ())
        org = _org_name(state, loan.org)
        for i in range(loan.count):
            out.append(Unit(id=f"{PREFIX}{loan.org}-{i + 1}", name=f"{cls.name} {i + 1} lent by {org}", unit=cls.unit,
                            class_id=loan.class_id, level=cls.level, modules=modules, system=system, planet=planet))
    return out


def lent_fighters(state: CampaignState, cat: Catalogue, system: str, side: Iterable[Faction]) -> list[Unit]:
    """Fighter Squadrons that the Military outpost branches of the nations of ``side`` lend to a
    space battle in ``system`` (ORG-15, Amb#53)."""
    ids = {f.id for f in side}
    loans = outpost_fighters({f.id: f.orgs for f in state.factions}, state.organisations.world, system,
                             state.turn)
    return lent_units(state, cat, (loan for loan in loans if loan.faction in ids), system=system)


def lent_defenders_of(state: CampaignState, cat: Catalogue, planet: str, system: str, government: Faction,
                      attacker: Faction) -> list[Unit]:
    """Heavy Security Teams lent to the defence of ``planet`` against ``attacker`` (ORG-15, Amb#52,
    INV-03): never by the attacker or by a nation that holds it Allied."""
    allies = {f.id: [other for other, stance in f.relationships.items() if stance == "allied"]
              for f in state.factions}
    loans = lent_defenders({f.id: f.orgs for f in state.factions}, state.organisations.world, planet,
                           government=government.id, attacker=attacker.id, allies=allies, turn=state.turn)
    return lent_units(state, cat, loans, system=system, planet=planet)
