"""Units: a design (class, flexible modules, variant), the tech level each module was built at,
and the statistics these give (rules v2.6.8 S11, Appendix A and B; inventory 2.12).

A :class:`Unit` is a frozen record: its modules are :class:`Fit` groups (module, the tech level
it was built or last refitted at, count; UNIT-12), so a refit raises TLs without touching the
design (ruling 17).  :func:`design_unit` builds one from a class and a faction's technology, and
refuses a design the faction may not build with the reason a player reads.  :func:`unit_stats`
derives every statistic from the modules by the formulas of the catalogue's module table
(UNIT-14)::

    >>> from starlanes.games.star_kingdoms.catalogue import load_catalogue
    >>> from starlanes.games.star_kingdoms.tech import TechState
    >>> cat = load_catalogue()
    >>> tech = TechState(levels={t.id: 1 for t in cat.core_techs()})
    >>> patrol = design_unit(cat, tech, "patrol-ship", flexible={"ship-weapons": 1}, owner="Terra")
    >>> s = unit_stats(cat, patrol)
    >>> (s.firepower, s.hull, s.speed, s.stability, s.evasion)
    (15, 15, 1, 1, 40)
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import Catalogue, Module, UnitClass, Variant
from starlanes.games.star_kingdoms.tech import TechState, class_access_problem
from starlanes.games.star_kingdoms.war.params import WarParams

__all__ = [
    "Fit",
    "FitLike",
    "Unit",
    "UnitLike",
    "UnitStats",
    "design_unit",
    "is_fighter",
    "module_tl",
    "public_name",
    "refit",
    "shields_damage_of",
    "unit_kind",
    "unit_stats",
]

UnitKind = Literal["ship", "detachment"]


class Fit(msgspec.Struct, frozen=True):
    """``count`` modules of one kind, built (or last refitted) at tech level ``tl`` (UNIT-12)."""

    module: str
    tl: int
    count: int


class FitLike(Protocol):
    """A module and its TL: :class:`Fit` (with a count) or the campaign's one-module record."""

    @property
    def module(self) -> str: ...

    @property
    def tl(self) -> int: ...


class UnitLike(Protocol):
    """What the war functions read of a unit: :class:`Unit` here, or the campaign's unit record."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def class_id(self) -> str: ...

    @property
    def level(self) -> int: ...

    @property
    def variant(self) -> str: ...

    @property
    def modules(self) -> Sequence[FitLike]: ...

    @property
    def damage(self) -> int: ...


def shields_damage_of(unit: UnitLike) -> int:
    """Shields lost this turn (0 for a record that does not track them)."""
    value = getattr(unit, "shields_damage", 0)
    return int(value)


def unit_kind(cat: Catalogue, unit: UnitLike) -> UnitKind:
    return cat.classes[unit.class_id].unit


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    """One ship or detachment (UNIT-01)."""

    id: str
    """Unique within the campaign."""
    name: str
    """The owner's name for it (sheets show the class name to others)."""
    owner: str
    """The faction that owns it."""
    class_id: str
    kind: UnitKind
    level: int
    variant: str = ""
    """At most one variant (UNIT-05); "" for none."""
    modules: tuple[Fit, ...] = ()
    """Every module, class loadout and flexible picks alike, with the TL each was built at."""
    flexible: tuple[str, ...] = ()
    """The module ids put in flexible slots, one entry per slot used (kept for refits)."""
    damage: int = 0
    """Hull (ship) or Health (detachment) lost; repaired by projects and Self-Repairing Armour."""
    shields_damage: int = 0
    """Shields lost this turn; they regenerate fully at the end of the turn (UNIT-16)."""


@dataclass(frozen=True)
class UnitStats:
    """What a unit's modules give it (S11.3, App A module table)."""

    hull: int
    """Maximum Hull (ships) or Health (detachments) (UNIT-06)."""
    shields: int
    """Maximum Shields (UNIT-16)."""
    firepower: int
    """Firepower from weapon modules, before the variant (UNIT-07)."""
    pogs_firepower: int
    """Firepower of POGS modules, used only against bombarding ships and landing troops (PDEF-04)."""
    evasion: int
    """Own Evasion: base by level (or the class's), +5 per Point Defence Cannons or Camouflage
    Fields, plus the variant's own modifier (Artillery -20); clamped when used (UNIT-08)."""
    evasion_vs_pogs: int
    """Extra Evasion against POGS fire (Reinforced Drop Pods, +25 each)."""
    speed: int
    stability: int
    mobility: int
    cargo: int
    """Carrying capacity (Cargo Space +1 each; UNIT-15)."""
    detachment_cargo: int
    """Capacity for detachments only (Cryogenic Storage +2 each)."""
    fighter_bays: int
    sensors: int
    """Sensor level: the highest TL of its sensor modules (0: none)."""
    construction: int
    """Construction (or anomaly) progress per turn: the sum of its gear's TLs."""
    tug_power: int
    healing: tuple[int, ...]
    """Health restored by each Medical Corps module at the end of the turn (3 x TL + 12)."""
    nebula_sensors: bool
    self_repairing: bool
    salvage_tls: tuple[int, ...]
    """The TL of each Salvage Rig or Scavengers module (10 x wreck level x TL credits a turn)."""
    stability_field: bool
    """Has a Flux Stability Field projector."""

    @property
    def armed(self) -> bool:
        """Firepower from Ship or Infantry Weapons; POGS alone do not arm a unit in space (Amb#106)."""
        return self.firepower > 0

    @property
    def health(self) -> int:
        return self.hull


def is_fighter(cls: UnitClass) -> bool:
    """A fighter squadron: the class that cannot cross wormholes and rides as 1 cargo (UNIT-19)."""
    return "no-wormholes" in cls.special


def module_tl(cat: Catalogue, tech: TechState, module_id: str) -> int:
    """The TL a module is built at now: its core tech's level; a supplemental's strength scales
    with its parent core tech (TECH-02), the highest of them; 0 if the faction lacks the tech."""
    granting = cat.tech(cat.modules[module_id].tech)
    if granting.kind == "core":
        return tech.level(granting.id)
    if not tech.has(granting.id):
        return 0
    parents = cat.core_parents(granting)
    return max((tech.level(p) for p in parents), default=1) or 1


def design_unit(cat: Catalogue, tech: TechState, class_id: str, *, flexible: Mapping[str, int] | None = None,
                variant: str = "", owner: str = "", unit_id: str = "", name: str = "",
                check_access: bool = True) -> Unit:
    """A new unit of ``class_id`` with ``flexible`` modules (module id -> count) and ``variant``,
    every module at the faction's current TL (CLS-03, UNIT-03..05).  Refuses, with the reason, a
    class the faction may not build, a module it does not know, more flexible modules than
    slots, a module of the other unit type, or a variant it lacks or that does not fit."""
    class_id = class_id if class_id in cat.classes else (cat.classes_index.resolve(class_id) or class_id)
    if class_id not in cat.classes:
        raise IllegalAction(f"design {class_id}", cat.classes_index.unknown(class_id))
    cls = cat.classes[class_id]
    what = f"design {cls.name}"
    if check_access and (problem := class_access_problem(cat, tech, class_id)) is not None:
        raise IllegalAction(what, problem)
    picks: dict[str, int] = {}
    for given, n in (flexible or {}).items():
        module_id = given if given in cat.modules else (cat.modules_index.resolve(given) or given)
        if module_id not in cat.modules:
            raise IllegalAction(what, cat.modules_index.unknown(given))
        picks[module_id] = picks.get(module_id, 0) + n
    used = sum(picks.values())
    if any(n < 0 for n in picks.values()):
        raise IllegalAction(what, "a module count cannot be negative")
    if used > cls.flexible:
        raise IllegalAction(what, f"{used} flexible modules; the {cls.name} has {cls.flexible} flexible slot"
                                  f"{'' if cls.flexible == 1 else 's'}")
    for module_id in picks:
        if cat.modules[module_id].unit != cls.unit:
            raise IllegalAction(what, f"{cat.modules[module_id].name} is a {cat.modules[module_id].unit} module; "
                                      f"the {cls.name} is a {cls.unit}")
    counts: dict[str, int] = dict(cls.modules)
    for module_id, n in picks.items():
        counts[module_id] = counts.get(module_id, 0) + n
    fits: list[Fit] = []
    for module_id, n in counts.items():
        if n == 0:
            continue
        tl = module_tl(cat, tech, module_id)
        if tl < 1:
            module = cat.modules[module_id]
            raise IllegalAction(what, f"{module.name} needs {cat.tech(module.tech).name}")
        fits.append(Fit(module_id, tl, n))
    if variant:
        variant = variant if variant in cat.variants else (cat.variants_index.resolve(variant) or variant)
        _check_variant(cat, tech, cls, variant, what)
    return Unit(id=unit_id, name=name or cls.name, owner=owner, class_id=class_id, kind=cls.unit,
                level=cls.level, variant=variant, modules=tuple(fits),
                flexible=tuple(m for m, n in sorted(picks.items()) for _ in range(n)))


def _check_variant(cat: Catalogue, tech: TechState, cls: UnitClass, variant: str, what: str) -> None:
    if variant not in cat.variants:
        raise IllegalAction(what, cat.variants_index.unknown(variant))
    v = cat.variants[variant]
    kind = "fighter" if is_fighter(cls) else cls.unit
    if v.applies_to != kind:
        article = "an" if v.name[0] in "AEIOU" else "a"
        raise IllegalAction(what, f"{article} {v.name} variant is for {v.applies_to}s; the {cls.name} is not one")
    if not tech.has(v.tech):
        raise IllegalAction(what, f"the {v.name} variant needs {cat.tech(v.tech).name}")


def refit(cat: Catalogue, tech: TechState, unit: Unit) -> Unit:
    """The unit after a Refit: every module at the faction's current TL (never lower), Hull
    restored; the design (flexible modules, variant) unchanged (UNIT-12, ruling 17)."""
    fits = tuple(Fit(f.module, max(f.tl, module_tl(cat, tech, f.module)), f.count) for f in unit.modules)
    return msgspec.structs.replace(unit, modules=fits, damage=0, shields_damage=0)


def _per_module(module: Module, tl: int, level: int) -> float:
    formula = module.formula
    if formula == "tl/level":
        return tl / level
    if formula == "3tl+12":
        return 3 * tl + 12
    if formula == "tl+4":
        return tl + 4
    if formula == "tl":
        return tl
    if formula == "special":
        return 0
    return int(formula[1:])  # "+5", "+1", "+2", "+25"


_DEFAULT = WarParams()
_CACHES: dict[int, tuple[weakref.ref[Catalogue], dict[object, UnitStats], dict[object, UnitStats]]] = {}
"""id of a catalogue -> (the catalogue, statistics with any parameters keyed by (unit key,
parameters), statistics with the default parameters keyed by the unit key alone)."""
_CACHE_SIZE = 50_000


def unit_stats(cat: Catalogue, unit: UnitLike, params: WarParams | None = None) -> UnitStats:
    """Every statistic of ``unit`` from its modules (UNIT-06..11, UNIT-14).  Fractional
    contributions (Speed, Stability, Mobility) are added and rounded up once (Amb#29).
    Statistics are remembered per catalogue (a battle asks for them often): a frozen unit's by
    the unit, a mutable one's (the campaign's units) by all :func:`_unit_stats` reads of it, its
    class, level, variant and modules; with the default parameters (the same object), apart
    from other parameters' and without hashing them."""
    p = params or _DEFAULT
    entry = _CACHES.get(id(cat))
    if entry is None or entry[0]() is not cat:
        entry = (weakref.ref(cat), {}, {})
        _CACHES[id(cat)] = entry
    default = p is _DEFAULT
    cache = entry[2] if default else entry[1]
    # a mutable record (the campaign's units): by what its statistics read
    ukey: object = unit if type(unit).__hash__ is not None else _reads(unit)
    key: object = ukey if default else (ukey, p)
    try:
        hit = cache.get(key)
    except TypeError:  # a frozen record holding something mutable, or modules that cannot be hashed
        key, hit = None, None
        if ukey is unit:
            key = _reads(unit) if default else (_reads(unit), p)
            try:
                hit = cache.get(key)
            except TypeError:  # computed each time
                key = None
    if hit is not None:
        return hit
    stats = _unit_stats(cat, unit, p)
    if key is not None:
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = stats
    return stats


def _reads(unit: UnitLike) -> tuple[str, int, str, Sequence[object]]:
    """All :func:`_unit_stats` reads of a unit: its class, level, variant and modules."""
    return unit.class_id, unit.level, unit.variant, unit.modules


def _unit_stats(cat: Catalogue, unit: UnitLike, p: WarParams) -> UnitStats:
    cls = cat.classes[unit.class_id]
    sums: dict[str, float] = {}
    best_sensor = 0
    healing: list[int] = []
    salvage: list[int] = []
    specials: set[str] = set()
    for fit in unit.modules:
        module = cat.modules[fit.module]
        count = int(getattr(fit, "count", 1))
        value = _per_module(module, fit.tl, unit.level)
        sums[module.stat] = sums.get(module.stat, 0.0) + value * count
        if module.stat == "sensors":
            best_sensor = max(best_sensor, fit.tl)
        elif module.stat == "healing":
            healing.extend([int(value)] * count)
        elif module.stat == "special":
            specials.add(module.id)
            if module.id in ("salvage-rig", "scavengers"):
                salvage.extend([fit.tl] * count)

    def whole(stat: str) -> int:
        return math.ceil(sums.get(stat, 0.0) - 1e-9)

    base = cls.base_evasion if cls.base_evasion is not None else p.base_evasion[unit.level - 1]
    variant: Variant | None = cat.variants.get(unit.variant) if unit.variant else None
    own = variant.own_ev_add if variant else 0
    firepower_stat = "firepower"
    if cls.unit == "ship":
        speed = whole("speed")
        stability = whole("stability")
        mobility = 0
    else:
        speed = p.detachment_speed
        stability = 1
        mobility = whole("mobility")
    return UnitStats(
        hull=whole("hull") + whole("health"), shields=whole("shields"), firepower=whole(firepower_stat),
        pogs_firepower=whole("pogs-firepower"), evasion=base + whole("evasion") + own,
        evasion_vs_pogs=whole("evasion-vs-pogs"), speed=speed, stability=stability, mobility=mobility,
        cargo=whole("cargo"), detachment_cargo=whole("detachment-cargo"), fighter_bays=whole("fighter-bays"),
        sensors=best_sensor, construction=whole("construction"), tug_power=whole("tug-power"),
        healing=tuple(healing), nebula_sensors="nebula-sensors" in specials,
        self_repairing="self-repairing-armour" in specials, salvage_tls=tuple(salvage),
        stability_field="flux-stability-field" in specials)


def public_name(cat: Catalogue, unit: UnitLike) -> str:
    """The name others see: the class, with the variant in it ("Light Missile Cruiser"; UNIT-05),
    and a disguised class shown as what it pretends to be (the Q-Ship as a Heavy Freighter, UNIT-19)."""
    cls = cat.classes[unit.class_id]
    if cls.disguise:
        return cat.classes[cls.disguise].name
    if not unit.variant:
        return cls.name
    words = cls.name.split()
    label = cat.variants[unit.variant].name
    return " ".join([*words[:-1], label, words[-1]])
