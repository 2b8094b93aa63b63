"""Technology as pure functions: levels, prerequisites, research, science points, breakthroughs.

Rules v2.6.8 S6, S7.6, Appendix A (inventory 2.6, 2.28).  A :class:`TechState` is one faction's
knowledge: a level per core tech, the supplementals known, the Ship/Detachment Design picks
(class ids) and the science points of the three fields.

>>> cat = load_catalogue()
>>> state = TechState(levels={"starship-weapons": 3}, sp=SciencePoints(physics=45))
>>> research_level(cat, state, cat.tech("beam-weapons"))
3
>>> breakthrough(cat, state, "beam-weapons", StarKingdomsParams()).sp.physics
0
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import Catalogue, District, Field, ProjectKind, Tech, load_catalogue
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

__all__ = [
    "SciencePoints",
    "TechState",
    "breakthrough",
    "breakthrough_cost",
    "class_access_problem",
    "gain",
    "load_catalogue",
    "missing_module_techs",
    "missing_prerequisites",
    "research_level",
    "research_problem",
    "research_project",
    "starting_tech",
    "unit_level_problem",
]


class SciencePoints(msgspec.Struct, frozen=True, kw_only=True):
    """Science points in the three fields (TECH-04)."""

    physics: int = 0
    engineering: int = 0
    xenology: int = 0

    def get(self, field: Field) -> int:
        value: int = getattr(self, field)
        return value

    def add(self, field: Field, amount: int) -> SciencePoints:
        if self.get(field) + amount < 0:
            raise ValueError(f"not enough {field} science points")
        return msgspec.structs.replace(self, **{field: self.get(field) + amount})


class TechState(msgspec.Struct, frozen=True, kw_only=True):
    levels: dict[str, int] = msgspec.field(default_factory=dict)
    """Core tech -> level (0 or absent: not known)."""
    known: frozenset[str] = frozenset()
    """Supplemental techs known (TECH-01)."""
    designs: frozenset[str] = frozenset()
    """Advanced classes picked with Ship/Detachment Design (TECH-S08, TECH-S17)."""
    sp: SciencePoints = msgspec.field(default_factory=SciencePoints)

    def level(self, tech: str) -> int:
        return self.levels.get(tech, 0)

    def has(self, tech: str, level: int = 0) -> bool:
        """Knows ``tech`` (a core tech at ``level`` or more when ``level`` is given)."""
        if tech in self.known:
            return True
        return self.levels.get(tech, 0) >= max(level, 1)


def starting_tech(catalogue: Catalogue, at_level_two: Iterable[str], params: StarKingdomsParams) -> TechState:
    """A new nation's techs: every core tech at 1, ``starting_l2_techs`` of them at 2 (CIV-07)."""
    chosen = list(at_level_two)
    cores = {t.id for t in catalogue.core_techs()}
    bad = [c for c in chosen if c not in cores]
    if bad:
        raise IllegalAction("starting techs", f"'{bad[0]}' is not a core technology")
    if len(set(chosen)) != params.starting_l2_techs or len(chosen) != params.starting_l2_techs:
        raise IllegalAction("starting techs", f"choose {params.starting_l2_techs} different core techs for level 2")
    return TechState(levels={c: 2 if c in chosen else 1 for c in sorted(cores)})


def _design_parent(catalogue: Catalogue, tech: Tech) -> str:
    return catalogue.core_parents(tech)[0]


def research_level(catalogue: Catalogue, state: TechState, tech: Tech, design_class: str = "") -> int:
    """The level of researching (or breaking through to) ``tech`` now: a core tech's next level,
    a supplemental's highest core prerequisite (minimum 1), a Design's class level - 1 (Amb#22, Amb#23)."""
    if tech.kind == "core":
        return state.level(tech.id) + 1
    if tech.kind == "design":
        return max(1, catalogue.classes[design_class].level - 1)
    return max([p.level for p in tech.requires if catalogue.tech(p.tech).kind == "core"] + [1])


def missing_prerequisites(catalogue: Catalogue, state: TechState, tech: Tech, design_class: str = "") -> list[str]:
    """What ``state`` lacks to research ``tech`` (empty when nothing), as names a player reads."""
    missing: list[str] = []
    for p in tech.requires:
        other = catalogue.tech(p.tech)
        if tech.kind == "design" and other.kind == "core":
            continue
        if not state.has(p.tech, p.level):
            missing.append(f"{other.name} {p.level}" if p.level else other.name)
    if tech.kind == "design":
        parent = catalogue.tech(_design_parent(catalogue, tech))
        needed = max(1, catalogue.classes[design_class].level - 1)
        if state.level(parent.id) < needed:
            missing.append(f"{parent.name} {needed}")
    return missing


def _design_problem(catalogue: Catalogue, state: TechState, tech: Tech, design_class: str) -> str | None:
    cls = catalogue.classes.get(design_class)
    if cls is None:
        return f"{tech.name} names the class it unlocks"
    if cls.unit != tech.designs or not cls.design:
        return f"{cls.name} is not an advanced {tech.designs} class unlocked by {tech.name}"
    if design_class in state.designs:
        return f"{cls.name} is already unlocked"
    return None


def research_problem(catalogue: Catalogue, state: TechState, tech: Tech, district: District,
                     params: StarKingdomsParams, *, design_class: str = "", gm_permission: bool = False) -> str | None:
    """Why ``tech`` cannot be researched in a ``district`` project now, or None (TECH-07, DIST-06)."""
    if tech.kind == "design":
        problem = _design_problem(catalogue, state, tech, design_class)
        if problem:
            return problem
    elif tech.kind == "supplemental" and tech.id in state.known:
        return f"{tech.name} is already known"
    parents = (tech,) if tech.kind == "core" else tuple(catalogue.tech(p) for p in catalogue.core_parents(tech))
    if district == "academic":
        if tech.kind == "core" and tech.research and not params.academic_researches_all_cores:
            return f"{tech.name} is researched in {' or '.join(tech.research)} districts"
    elif not any(district in parent.research for parent in parents):
        return f"{district} districts cannot research {tech.name}"
    missing = missing_prerequisites(catalogue, state, tech, design_class)
    if missing:
        return f"{tech.name} needs " + ", ".join(missing)
    level = research_level(catalogue, state, tech, design_class)
    if level > params.max_level_without_gm and not gm_permission:
        return f"level {level} of {tech.name} needs the GM's permission"
    return None


def research_project(catalogue: Catalogue, tech: Tech, district: District) -> ProjectKind:
    """The project kind that researches ``tech`` in a ``district`` (O11, O12, O13, O18, O22)."""
    if district == "academic":
        return catalogue.project("research-core-technology" if tech.kind == "core" else
                                 "research-supplemental-technology")
    for kind in catalogue.projects.values():
        if kind.district == district and kind.research:
            return kind
    raise IllegalAction(tech.name, f"{district} districts research no technology")


def gain(catalogue: Catalogue, state: TechState, tech_id: str, design_class: str = "") -> TechState:
    """``state`` with ``tech_id`` gained: a core tech's next level, a supplemental, or a Design pick."""
    tech = catalogue.tech(tech_id)
    if tech.kind == "core":
        levels = dict(state.levels)
        levels[tech.id] = state.level(tech.id) + 1
        return msgspec.structs.replace(state, levels=levels)
    if tech.kind == "design":
        return msgspec.structs.replace(state, designs=state.designs | {design_class})
    return msgspec.structs.replace(state, known=state.known | {tech.id})


def breakthrough_cost(level: int, params: StarKingdomsParams) -> int:
    """Science points of a breakthrough: 5 x level squared (TECH-05: 5, 20, 45, 80, 125)."""
    return params.sp_per_level_squared * level * level


def breakthrough(catalogue: Catalogue, state: TechState, tech_id: str, params: StarKingdomsParams, *,
                 design_class: str = "", gm_permission: bool = False) -> TechState:
    """Spend science points of the tech's own field to gain it at once (TECH-05, Amb#22)."""
    tech = catalogue.tech(tech_id)
    problem = research_problem(catalogue, state, tech, "academic", params, design_class=design_class,
                               gm_permission=gm_permission)
    if problem:
        raise IllegalAction(f"breakthrough {tech.name}", problem)
    cost = breakthrough_cost(research_level(catalogue, state, tech, design_class), params)
    have = state.sp.get(tech.field)
    if have < cost:
        raise IllegalAction(f"breakthrough {tech.name}", f"needs {cost} {tech.field} science points (you have {have})")
    paid = msgspec.structs.replace(state, sp=state.sp.add(tech.field, -cost))
    return gain(catalogue, paid, tech_id, design_class)


def class_access_problem(catalogue: Catalogue, state: TechState, class_id: str) -> str | None:
    """Why the faction may not build ``class_id`` (UNIT-04, CLS-02, Amb#25), or None."""
    cls = catalogue.classes[class_id]
    if cls.access == "basic":
        return None
    missing = [f"{catalogue.tech(p.tech).name} {p.level}" if p.level else catalogue.tech(p.tech).name
               for p in cls.requires if not state.has(p.tech, p.level)]
    if cls.design and class_id not in state.designs:
        design = "Ship Design" if cls.unit == "ship" else "Detachment Design"
        missing.append(f"{design} ({cls.name})")
    for other in cls.requires_classes:
        if class_access_problem(catalogue, state, other) is not None:
            missing.append(f"access to the {catalogue.classes[other].name}")
    return f"the {cls.name} needs " + ", ".join(missing) if missing else None


def missing_module_techs(catalogue: Catalogue, state: TechState, class_id: str,
                         flexible: Iterable[str] = ()) -> list[str]:
    """Techs of the class's modules and flexible picks the faction lacks (CLS-03)."""
    cls = catalogue.classes[class_id]
    missing: list[str] = []
    for module_id in (*cls.modules, *flexible):
        if cls.modules.get(module_id, 0) == 0 and module_id in cls.modules:
            continue
        tech = catalogue.modules[module_id].tech
        name = catalogue.tech(tech).name
        if not state.has(tech) and name not in missing:
            missing.append(name)
    return missing


def unit_level_problem(state: TechState, unit: str, level: int) -> str | None:
    """Ships up to Ship Construction, detachments up to Military Theory (PROJ-S1, PROJ-M1)."""
    tech, label = ("ship-construction", "Ship Construction") if unit == "ship" else \
        ("military-theory", "Military Theory")
    if level > state.level(tech):
        return f"a level {level} {unit} needs {label} {level} (you have {state.level(tech)})"
    return None
