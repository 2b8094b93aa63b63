"""Nebulae: the units a Nebula Sensors ship guides, and what becomes of them when it is lost.

Rules v2.6.8 S5.4, S5.7 (SYS-09, MOV-10), App A "Nebula Sensors" (O79, Amb#105); rulings 218, 223,
270.

A unit without Nebula Sensors that jumps into a nebula system with a Nebula Sensors ship of its
order (or task group) remembers that ship as its *guide* (``Unit.guide``, set by
:func:`.movement.step_travel`); the guide is forgotten once the unit is out of nebulae.  After the
battles of step 4, :func:`strand_lost_followers` finds every guided unit whose guide is no longer
with it in its nebula system (destroyed, decommissioned, gone another way): the unit is lost there
(Amb#105): it cannot jump (move, follow, tow or be towed, retreat out of a battle) and keeps the
nebula penalties of a blind ship (ruling 218) until the GM answers the GM queue item raised for it
(``gm answer ITEM "..."``); :func:`stranded` frees it once the item is answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlanes.games.star_kingdoms.campaign import CampaignState, Unit

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.pipeline import Turn

__all__ = ["strand_lost_followers", "stranded"]


def stranded(state: CampaignState, unit: Unit) -> bool:
    """Whether ``unit`` is lost in a nebula (Amb#105); an answered GM item sets it free (it keeps
    no guide: it needs a new one to go deeper into nebulae)."""
    if not unit.stranded:
        return False
    item = next((i for i in state.gm_queue if i.id == unit.stranded), None)
    if item is None or item.decided:
        unit.stranded, unit.guide = 0, ""
        return False
    return True


def strand_lost_followers(turn: Turn) -> None:
    """After step 4: guided units whose guide is no longer with them in their nebula system are
    stranded there (Amb#105), one GM item per nation, system and lost guide."""
    from starlanes.games.star_kingdoms.execute import galaxy_index, raise_gm_item
    from starlanes.games.star_kingdoms.movement import system_name

    state = turn.state
    if not state.params.strand_followers:
        return
    gi = galaxy_index(state.galaxy)
    for faction in state.factions:
        lost: dict[tuple[str, str], list[Unit]] = {}
        for unit in faction.units:
            if not unit.guide or unit.stranded:
                continue
            if not gi.systems[unit.system].nebula:
                unit.guide = ""
                continue
            guide = faction.unit_by_id(unit.guide)
            if guide is not None and guide.system == unit.system:
                continue
            lost.setdefault((unit.system, unit.guide), []).append(unit)
        for (system, _), units in lost.items():
            names = ", ".join(u.name for u in units)
            where = system_name(state, system)
            item = raise_gm_item(state, faction, "request",
                                 f"lost in a nebula: {names} lost their Nebula Sensors guide in {where} (Amb#105); "
                                 "answer to say what becomes of them: they cannot jump until you do")
            for unit in units:
                unit.stranded = item.id
            b = turn.builders.get(faction.id)
            if b is not None:
                b.notice(f"{where}: {names} lost their guide in the nebula and are stranded there until the GM "
                         f"decides (GM item {item.id}; Amb#105)", rule="MOV-10")
