"""Projects as pure functions: level, target, cost, progress, rushing, cancellation, completion order.

Rules v2.6.8 S7 (inventory 2.7-2.8).  A :class:`Project` is one slot's work on one planet; the
functions return new records (projects are frozen).  Refusals are
:class:`~starlanes.core.errors.IllegalAction` with the reason a player reads.

>>> p = start_project(load_catalogue().project("construct-ship"), 3, StarKingdomsParams())
>>> (p.target, p.paid)
(9, 450)
>>> turns_to_complete(p.target, 2)
5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import Catalogue, District, ProjectKind, load_catalogue
from starlanes.games.star_kingdoms.economy import Districts, round_ratio
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

__all__ = [
    "Project",
    "advance",
    "cancel_refund",
    "completion_order",
    "fighter_squadrons",
    "is_complete",
    "level_problem",
    "load_catalogue",
    "project_cost",
    "project_level",
    "project_target",
    "refit_covers",
    "repair_covers",
    "rush",
    "rush_cap",
    "start_project",
    "turns_to_complete",
    "zero_progress_problem",
]


def project_target(level: int) -> int:
    """Progress needed: level squared (PROJ-06: 1, 4, 9, 16, 25; L6+ extrapolated, Amb#118)."""
    return level * level


def project_cost(level: int, params: StarKingdomsParams) -> int:
    """Credits paid up front: 50 x level squared (PROJ-06: 50, 200, 450, 800, 1250)."""
    return params.project_cost_per_level_squared * level * level


def level_problem(level: int, params: StarKingdomsParams, *, gm_permission: bool = False) -> str | None:
    """Why a project of ``level`` cannot start (level below 1, or L6+ without the GM, PROJ-10)."""
    if level < 1:
        return "a project has level 1 or more"
    if level > params.max_level_without_gm and not gm_permission:
        return f"a level {level} project needs the GM's permission (above level {params.max_level_without_gm})"
    return None


def project_level(kind: ProjectKind, *, districts: Districts | None = None, district: District | None = None,
                  offices: int = 0, tech_level: int = 0, unit_level: int = 0, chosen: int = 0,
                  gm_level: int = 0) -> int:
    """The level of a project of ``kind`` from what its level rule reads (S7.5-S7.9)."""
    rule = kind.level
    if rule == "new-district-level":
        if districts is None or district is None:
            raise ValueError("Construct District needs the planet's districts and the district type")
        return districts.level(district) + 1
    if rule == "offices-plus-one":
        return offices + 1
    if rule == "fixed":
        return kind.fixed_level
    if rule == "tech-level":
        return tech_level
    if rule == "unit-level":
        return unit_level
    if rule == "chosen":
        return chosen
    return gm_level


class Project(msgspec.Struct, frozen=True, kw_only=True):
    """A project in a planet's slot (PROJ-01..05)."""

    kind: str
    district: District
    level: int
    target: int
    paid: int
    """Credits spent on it so far: its cost plus every rush (ruling 8)."""
    progress: int = 0
    rushes: int = 0
    """Rushes bought this turn; they count at step 7 and then reset."""
    detail: dict[str, Any] = msgspec.field(default_factory=dict)
    """The order's parameters (tech, class, units...), for completion."""


def zero_progress_problem(district_level: int, params: StarKingdomsParams) -> str | None:
    """A project in a slot whose district is level 0 would never progress (PROJ-11, ruling 10)."""
    if district_level <= 0 and params.refuse_zero_progress:
        return "the planet has no district of that type, so the project would never progress"
    return None


def start_project(kind: ProjectKind, level: int, params: StarKingdomsParams, *, gm_permission: bool = False,
                  detail: dict[str, Any] | None = None) -> Project:
    """A new project, its whole cost paid at the start (PROJ-01, PROJ-06, PROJ-10)."""
    problem = level_problem(level, params, gm_permission=gm_permission)
    if problem:
        raise IllegalAction(kind.name, problem)
    return Project(kind=kind.id, district=kind.district, level=level, target=project_target(level),
                   paid=project_cost(level, params), detail=dict(detail or {}))


def rush_cap(kind: ProjectKind, district_level: int, effective_pc: int, params: StarKingdomsParams) -> int:
    """Rushes allowed per turn: the district level, or the effective PC for construction (PROJ-08, ruling 9)."""
    if kind.rush == "effective-pc" and params.construction_rush_by_pc:
        return max(0, effective_pc)
    return max(0, district_level)


def rush(project: Project, count: int, cap: int, params: StarKingdomsParams, *,
         banned: bool = False) -> tuple[Project, int]:
    """Buy ``count`` rushes (75 credits each, +1 progress this turn): the project and the credits due."""
    if banned:
        raise IllegalAction("rush", "a trait forbids rushing this project")
    if count < 1:
        raise IllegalAction("rush", "rush a project 1 or more times")
    if project.rushes + count > cap:
        done = f" ({project.rushes} already this turn)" if project.rushes else ""
        raise IllegalAction("rush", f"this project may be rushed at most {cap} time(s) a turn{done}")
    cost = params.rush_cost * count
    return msgspec.structs.replace(project, rushes=project.rushes + count, paid=project.paid + cost), cost


def advance(project: Project, district_level: int) -> Project:
    """Step 7: progress by the district level plus this turn's rushes (PROJ-04, PROJ-08)."""
    gained = max(0, district_level) + project.rushes
    return msgspec.structs.replace(project, progress=project.progress + gained, rushes=0)


def is_complete(project: Project) -> bool:
    """Step 8: complete once progress reaches the target (PROJ-05)."""
    return project.progress >= project.target


def turns_to_complete(target: int, per_turn: int, progress: int = 0) -> int:
    """Turns until ``progress`` reaches ``target`` at ``per_turn`` a turn (PROJ-07)."""
    if progress >= target:
        return 0
    if per_turn <= 0:
        raise ValueError("a project with no progress per turn never completes")
    return -((progress - target) // per_turn)


def cancel_refund(project: Project, params: StarKingdomsParams) -> int:
    """Credits back on cancellation: 50% of the funds spent, rounded up (PROJ-03, ruling 8)."""
    spent = project.paid if params.refund_includes_rushes else project_cost(project.level, params)
    return round_ratio(spent * params.cancel_refund_percent, 100, params)


def fighter_squadrons(level: int, params: StarKingdomsParams) -> int:
    """Squadrons built by a Fighter Squadron project of ``level`` (PROJ-S1b; 0 when not allowed)."""
    table = params.fighter_squadrons
    return table[level - 1] if 1 <= level <= len(table) else 0


def repair_covers(level: int, unit_levels: Sequence[int], params: StarKingdomsParams) -> bool:
    """Repair Ship(s) / Reinforce Detachment(s) of level X: two units of level X (<= X, ruling 11)
    or one unit of level <= X+2 (PROJ-S2, PROJ-M2)."""
    if len(unit_levels) == 1:
        return unit_levels[0] <= level + 2
    if len(unit_levels) == 2:
        if params.repair_pair_at_or_below:
            return all(u <= level for u in unit_levels)
        return all(u == level for u in unit_levels)
    return False


def refit_covers(level: int, unit_level: int, params: StarKingdomsParams, *, detachment: bool) -> bool:
    """Refit of level X: a ship of level <= X+1 (PROJ-S3); a detachment of level X+1, or <= X+1
    by ruling 12 (PROJ-M3)."""
    if detachment and not params.refit_detachment_at_or_below:
        return unit_level == level + 1
    return unit_level <= level + 1


def completion_order(projects: Iterable[tuple[str, Project]], catalogue: Catalogue) -> list[tuple[str, Project]]:
    """Projects completing this turn in the order they apply (TURN-03, ruling 7): by the kind's
    completion rank (defensive first), then in the given order (planet order, stable)."""
    return sorted(projects, key=lambda item: catalogue.project(item[1].kind).completion_rank)
