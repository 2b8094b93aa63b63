"""Statistics and system names kept by content (issue 16) against fresh ones, along seeded campaigns.

``war.units.unit_stats`` keeps a campaign unit's statistics (a mutable record) by what they read of
it: class, level, variant and modules; ``movement.known_system`` reads the systems a nation knows
with a name index kept by content (``execute.kept_name_index``).  At every turn of seeded random
campaigns every unit's kept statistics are compared with a fresh computation, for the unit and for
copies of it at another level, with its modules at other tech levels, and with another variant;
with the default parameters and others (kept apart), and so are the frozen war records of
their classes; every known system's name, and names near it, are resolved as a fresh index
resolves them.
"""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.helpers import campaign_turns

from starlanes.games.star_kingdoms.campaign import CampaignState, FittedModule, Unit
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.movement import OrderProblem, known_system
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import _unit_stats, design_unit, unit_stats


def _others(unit: Unit, variants: list[str]) -> list[Unit]:
    """Copies of ``unit`` that differ in one thing its statistics read."""
    higher = tuple(FittedModule(module=m.module, tl=m.tl + 1) for m in unit.modules)
    out = [msgspec.structs.replace(unit, modules=higher), msgspec.structs.replace(unit, modules=unit.modules[1:])]
    if unit.level < 3:
        out.append(msgspec.structs.replace(unit, level=unit.level + 1))
    out += [msgspec.structs.replace(unit, variant=v) for v in variants if v != unit.variant]
    return out


def _resolved(index: NameIndex, written: str) -> str:
    found = index.resolve(written)
    return found if found is not None else "unknown: " + index.unknown(written)


def _known(state: CampaignState, seat: int, written: str) -> str:
    try:
        return known_system(state, state.factions[seat], written)
    except OrderProblem as problem:
        return "unknown: " + str(problem)


def test_kept_statistics_and_system_names_match_fresh_ones_along_seeded_campaigns() -> None:
    cat = load_catalogue()
    params = WarParams()
    seen = dict.fromkeys(("units", "copies", "war records", "systems", "unknown systems"), 0)
    others = (params.replace(base_evasion=(50, 40, 30, 20, 10)), params.replace(detachment_speed=2))
    for seed in (4, 13):
        for state in campaign_turns(seed):
            for seat, faction in enumerate(state.factions):
                for unit in faction.units:
                    variants = [v for v, var in cat.variants.items() if var.applies_to == unit.unit][:2]
                    for u in (unit, *_others(unit, variants), unit):
                        assert unit_stats(cat, u) == _unit_stats(cat, u, params), u
                        for other in others:  # other parameters: kept apart from the default ones
                            assert unit_stats(cat, u, other) == _unit_stats(cat, u, other), u
                        seen["units" if u is unit else "copies"] += 1
                    # the war records of the same units (frozen): by the record, for every parameters
                    design = design_unit(cat, faction.tech, unit.class_id, check_access=False)
                    for p in (None, params, *others):
                        assert unit_stats(cat, design, p) == _unit_stats(cat, design, p or params)
                        seen["war records"] += 1
                k = state.knowledge.get(faction.id)
                if k is None:
                    continue
                fresh = NameIndex.build("system", ((s.id, s.name, ()) for s in k.systems.values()))
                for system in k.systems.values():
                    for written in (system.name, system.name.upper(), system.name + "x", system.name[:-1]):
                        got = _known(state, seat, written)
                        assert got == _resolved(fresh, written), written
                        seen["systems"] += 1
                        seen["unknown systems"] += got.startswith("unknown")
    assert all(count > 0 for count in seen.values()), seen
