"""The Star Kingdoms catalogue as data: technologies, modules, variants, classes and projects.

The shipped catalogue is ``content/technologies.toml``, ``content/units.toml`` and
``content/projects.toml`` (rules v2.6.8, Appendix A and B, S7).  A GM may supply other files
in the same schema (custom techs and classes, TECH-06 and UNIT-04).  Every record is a frozen
msgspec Struct; :func:`load_catalogue` checks each field on load and then the references
between files (prerequisites, module techs, class unlocks), raising one
:class:`~starlanes.core.errors.ContentError` that names the file, the entry, the field and the
problem.

>>> cat = load_catalogue()
>>> cat.tech("beam-weapons").requires[0].level
3
>>> cat.techs_index.resolve("Ship Weapons")
'starship-weapons'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from starlanes.core.errors import ContentError
from starlanes.games.star_kingdoms.loading import convert, read_content, read_shipped
from starlanes.games.star_kingdoms.names import NameIndex

__all__ = [
    "DISTRICTS",
    "FIELDS",
    "SLOT_NORMS",
    "Catalogue",
    "District",
    "Field",
    "Module",
    "Prereq",
    "ProjectKind",
    "Tech",
    "UnitClass",
    "Variant",
    "load_catalogue",
]

Field = Literal["physics", "engineering", "xenology"]
FIELDS: tuple[Field, ...] = ("physics", "engineering", "xenology")
District = Literal["industrial", "academic", "shipyard", "military"]
DISTRICTS: tuple[District, ...] = ("industrial", "academic", "shipyard", "military")
SLOT_NORMS: dict[int, int] = {1: 6, 2: 16, 3: 32, 4: 56, 5: 88}
"""Module slots (class modules + flexible) of a class of each level (UNIT-21)."""

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
Text = Annotated[str, msgspec.Meta(max_length=2000)]
Level = Annotated[int, msgspec.Meta(ge=1, le=20)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1000)]


class Prereq(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A prerequisite: a core tech at ``level`` or more, or a supplemental (``level`` 0)."""

    tech: Id
    level: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0


class Tech(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: Id
    name: Name
    aliases: tuple[Name, ...] = ()
    field: Field
    kind: Literal["core", "supplemental", "design"]
    research: tuple[District, ...] = ()
    """Districts besides Academic that may research this core tech (DIST-06, Amb#21)."""
    requires: tuple[Prereq, ...] = ()
    designs: Literal["", "ship", "detachment"] = ""
    ref: Text = ""
    text: Text = ""


Stat = Literal[
    "speed", "stability", "hull", "firepower", "sensors", "construction", "cargo", "fighter-bays", "shields",
    "evasion", "tug-power", "detachment-cargo", "health", "mobility", "pogs-firepower", "healing",
    "evasion-vs-pogs", "special",
]
Formula = Literal["tl/level", "3tl+12", "tl+4", "+5", "+1", "+2", "+25", "tl", "special"]


class Module(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: Id
    name: Name
    aliases: tuple[Name, ...] = ()
    unit: Literal["ship", "detachment"]
    tech: Id
    stat: Stat
    formula: Formula


class Variant(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: Id
    name: Name
    aliases: tuple[Name, ...] = ()
    applies_to: Literal["ship", "fighter", "detachment"]
    tech: Id
    fp_mult: Annotated[float, msgspec.Meta(ge=0, le=10)] = 1.0
    target_ev_mult: Annotated[float, msgspec.Meta(ge=0, le=10)] = 1.0
    target_ev_add: Annotated[int, msgspec.Meta(ge=-100, le=100)] = 0
    own_ev_add: Annotated[int, msgspec.Meta(ge=-100, le=100)] = 0
    damage_mult: Annotated[float, msgspec.Meta(ge=0, le=10)] = 1.0
    special: Text = ""


ClassSpecial = Literal["no-wormholes", "cargo-1", "static-defence", "bound-to-planet", "lent-by-military-orgs"]


class UnitClass(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: Id
    name: Name
    aliases: tuple[Name, ...] = ()
    unit: Literal["ship", "detachment"]
    level: Level
    access: Literal["basic", "advanced"]
    requires: tuple[Prereq, ...] = ()
    design: bool = False
    """An advanced class that also needs a Ship/Detachment Design pick naming it (CLS-02)."""
    requires_classes: tuple[Id, ...] = ()
    modules: dict[Id, Count]
    flexible: Count
    irregular_slots: bool = False
    base_evasion: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    special: tuple[ClassSpecial, ...] = ()
    disguise: Id | Literal[""] = ""

    @property
    def slots(self) -> int:
        return sum(self.modules.values()) + self.flexible


class ProjectKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    id: Id
    name: Name
    district: District
    level: Literal["new-district-level", "offices-plus-one", "fixed", "tech-level", "unit-level", "chosen", "gm"]
    fixed_level: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0
    rush: Literal["district", "effective-pc"]
    requires_tech: Id | Literal[""] = ""
    research: Id | Literal[""] = ""
    """For a research project of a non-Academic district: the core tech (and its supplementals) it researches."""
    order: Annotated[str, msgspec.Meta(pattern=r"^O\d\d$")]
    ref: Text = ""
    completion_rank: Annotated[int, msgspec.Meta(ge=0, le=100)]


class _TechFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: Literal[1]
    tech: tuple[Tech, ...] = ()


class _UnitsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: Literal[1]
    module: tuple[Module, ...] = ()
    variant: tuple[Variant, ...] = ()
    classes: tuple[UnitClass, ...] = msgspec.field(default=(), name="class")


class _ProjectsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: Literal[1]
    project: tuple[ProjectKind, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules list, indexed by id, with a name index per kind."""

    techs: dict[str, Tech]
    modules: dict[str, Module]
    variants: dict[str, Variant]
    classes: dict[str, UnitClass]
    projects: dict[str, ProjectKind]
    techs_index: NameIndex
    modules_index: NameIndex
    variants_index: NameIndex
    classes_index: NameIndex
    sources: tuple[str, str, str] = ("", "", "")
    _supplementals: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def tech(self, ident: str) -> Tech:
        return self.techs[ident]

    def core_techs(self) -> tuple[Tech, ...]:
        return tuple(t for t in self.techs.values() if t.kind == "core")

    def supplementals_of(self, core: str) -> tuple[str, ...]:
        """Supplemental and design techs with ``core`` among their prerequisites."""
        return self._supplementals.get(core, ())

    def core_parents(self, tech: Tech) -> tuple[str, ...]:
        return tuple(p.tech for p in tech.requires if self.techs[p.tech].kind == "core")

    def project(self, ident: str) -> ProjectKind:
        return self.projects[ident]

    def project_for_order(self, order: str) -> ProjectKind:
        for kind in self.projects.values():
            if kind.order == order:
                return kind
        raise KeyError(order)


def _unique(file: str, section: str, entries: Iterable[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, entry in enumerate(entries):
        if entry.id in out:
            raise ContentError(file, f"{section}[{i}] '{entry.id}'.id", "duplicate id")
        out[entry.id] = entry
    return out


def _index(file: str, section: str, kind: str, entries: dict[str, Any]) -> NameIndex:
    index = NameIndex(kind)
    for i, entry in enumerate(entries.values()):
        try:
            index.add(entry.id, entry.name, entry.aliases)
        except ValueError as exc:
            raise ContentError(file, f"{section}[{i}] '{entry.id}'.name", str(exc)) from None
    return index


def _check_techs(file: str, techs: dict[str, Tech]) -> None:
    for i, t in enumerate(techs.values()):
        where = f"tech[{i}] '{t.id}'"
        if t.research and t.kind != "core":
            raise ContentError(file, f"{where}.research", "only core techs name research districts")
        if "academic" in t.research:
            raise ContentError(file, f"{where}.research", "Academic districts research every tech; do not list it")
        if (t.kind == "design") != bool(t.designs):
            raise ContentError(file, f"{where}.designs", "must be 'ship' or 'detachment' exactly when kind is design")
        for j, p in enumerate(t.requires):
            other = techs.get(p.tech)
            if other is None:
                raise ContentError(file, f"{where}.requires[{j}].tech", f"unknown tech '{p.tech}'")
            if p.tech == t.id:
                raise ContentError(file, f"{where}.requires[{j}].tech", "a tech cannot require itself")
            if other.kind == "core" and p.level < 1:
                raise ContentError(file, f"{where}.requires[{j}].level", "a core prerequisite needs level 1+")
            if other.kind != "core" and p.level != 0:
                raise ContentError(file, f"{where}.requires[{j}].level", "a supplemental prerequisite has no level")
        if t.kind != "core" and not any(techs[p.tech].kind == "core" for p in t.requires):
            raise ContentError(file, f"{where}.requires", "a supplemental or design tech needs a core prerequisite")
        if t.kind == "design" and sum(techs[p.tech].kind == "core" for p in t.requires) != 1:
            raise ContentError(file, f"{where}.requires", "a design tech has exactly one core prerequisite")
    # no cycles through supplemental prerequisites
    state: dict[str, int] = {}

    def visit(ident: str, trail: tuple[str, ...]) -> None:
        if state.get(ident) == 2:
            return
        if state.get(ident) == 1:
            raise ContentError(file, f"tech '{ident}'.requires", "prerequisites form a cycle: " + " -> ".join(trail))
        state[ident] = 1
        for p in techs[ident].requires:
            visit(p.tech, (*trail, p.tech))
        state[ident] = 2

    for ident in techs:
        visit(ident, (ident,))


def _check_units(file: str, units: _UnitsFile, techs: dict[str, Tech], modules: dict[str, Module],
                 classes: dict[str, UnitClass]) -> None:
    for i, m in enumerate(units.module):
        if m.tech not in techs:
            raise ContentError(file, f"module[{i}] '{m.id}'.tech", f"unknown tech '{m.tech}'")
    for i, v in enumerate(units.variant):
        if v.tech not in techs:
            raise ContentError(file, f"variant[{i}] '{v.id}'.tech", f"unknown tech '{v.tech}'")
    for i, c in enumerate(units.classes):
        where = f"class[{i}] '{c.id}'"
        for mod, _count in c.modules.items():
            module = modules.get(mod)
            if module is None:
                raise ContentError(file, f"{where}.modules.{mod}", "unknown module")
            if module.unit != c.unit:
                raise ContentError(file, f"{where}.modules.{mod}", f"a {module.unit} module on a {c.unit} class")
        for j, p in enumerate(c.requires):
            other = techs.get(p.tech)
            if other is None:
                raise ContentError(file, f"{where}.requires[{j}].tech", f"unknown tech '{p.tech}'")
            if (other.kind == "core") != (p.level >= 1):
                raise ContentError(file, f"{where}.requires[{j}].level", "core techs need a level, others none")
        for j, other_class in enumerate(c.requires_classes):
            if other_class not in classes or other_class == c.id:
                raise ContentError(file, f"{where}.requires_classes[{j}]", f"unknown class '{other_class}'")
        if c.disguise and (c.disguise not in classes or classes[c.disguise].unit != c.unit):
            raise ContentError(file, f"{where}.disguise", f"'{c.disguise}' is not a {c.unit} class")
        if c.access == "basic" and (c.requires or c.design or c.requires_classes):
            raise ContentError(file, f"{where}.access", "a basic class is open to everyone; it requires nothing")
        if c.access == "advanced" and not (c.requires or c.design):
            raise ContentError(file, f"{where}.access", "an advanced class needs a granting tech or design = true")
        norm = SLOT_NORMS.get(c.level)
        if not c.irregular_slots and norm is not None and c.slots != norm:
            raise ContentError(file, f"{where}.modules", f"{c.slots} slots; a level {c.level} class has {norm} "
                               "(set irregular_slots = true if that is intended)")


def _check_projects(file: str, projects: dict[str, ProjectKind], techs: dict[str, Tech]) -> None:
    for i, p in enumerate(projects.values()):
        where = f"project[{i}] '{p.id}'"
        if (p.level == "fixed") != (p.fixed_level >= 1):
            raise ContentError(file, f"{where}.fixed_level", "set exactly when level is 'fixed'")
        if p.requires_tech and p.requires_tech not in techs:
            raise ContentError(file, f"{where}.requires_tech", f"unknown tech '{p.requires_tech}'")
        if p.research:
            tech = techs.get(p.research)
            if tech is None or tech.kind != "core":
                raise ContentError(file, f"{where}.research", f"'{p.research}' is not a core tech")
            if p.district not in tech.research:
                raise ContentError(file, f"{where}.research", f"{p.district} districts cannot research '{p.research}'")


def build_catalogue(tech_data: Any, units_data: Any, project_data: Any,
                    files: tuple[str, str, str] = ("technologies", "units", "projects")) -> Catalogue:
    """A checked catalogue from parsed data of the three files."""
    tfile, ufile, pfile = files
    tech_file = convert(tech_data, _TechFile, tfile)
    units_file = convert(units_data, _UnitsFile, ufile)
    project_file = convert(project_data, _ProjectsFile, pfile)
    techs: dict[str, Tech] = _unique(tfile, "tech", tech_file.tech)
    _check_techs(tfile, techs)
    modules: dict[str, Module] = _unique(ufile, "module", units_file.module)
    variants: dict[str, Variant] = _unique(ufile, "variant", units_file.variant)
    classes: dict[str, UnitClass] = _unique(ufile, "class", units_file.classes)
    _check_units(ufile, units_file, techs, modules, classes)
    projects: dict[str, ProjectKind] = _unique(pfile, "project", project_file.project)
    _check_projects(pfile, projects, techs)
    supplementals: dict[str, list[str]] = {}
    for t in techs.values():
        for p in t.requires:
            if techs[p.tech].kind == "core" and t.kind != "core":
                supplementals.setdefault(p.tech, []).append(t.id)
    return Catalogue(
        techs=techs,
        modules=modules,
        variants=variants,
        classes=classes,
        projects=projects,
        techs_index=_index(tfile, "tech", "tech", techs),
        modules_index=_index(ufile, "module", "module", modules),
        variants_index=_index(ufile, "variant", "variant", variants),
        classes_index=_index(ufile, "class", "class", classes),
        sources=files,
        _supplementals={k: tuple(v) for k, v in supplementals.items()},
    )


@cache
def _shipped() -> Catalogue:
    tech_data, tfile = read_shipped("technologies.toml")
    units_data, ufile = read_shipped("units.toml")
    project_data, pfile = read_shipped("projects.toml")
    return build_catalogue(tech_data, units_data, project_data, (tfile, ufile, pfile))


def load_catalogue(techs: str | Path | None = None, units: str | Path | None = None,
                   projects: str | Path | None = None) -> Catalogue:
    """The shipped catalogue, or one with any of its three files replaced by a GM's file."""
    if techs is None and units is None and projects is None:
        return _shipped()
    parts: list[tuple[Any, str]] = []
    for given, shipped in ((techs, "technologies.toml"), (units, "units.toml"), (projects, "projects.toml")):
        parts.append((read_content(given), str(given)) if given is not None else read_shipped(shipped))
    return build_catalogue(parts[0][0], parts[1][0], parts[2][0], (parts[0][1], parts[1][1], parts[2][1]))
