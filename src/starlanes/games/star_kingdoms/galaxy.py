"""The Star Kingdoms galaxy as data: systems, planets, belts, anomalies, nebulae and wormholes.

A galaxy file is JSON or TOML, schema ``star-kingdoms-galaxy/1`` (SYS-01..SYS-11, MOV-04)::

    {"schema": "star-kingdoms-galaxy/1", "name": "Sample campaign",
     "systems": [{"id": "BBC", "name": "BBC", "nebula": false,
                  "planets": [{"id": "bbc-2", "name": "BBC II", "biosphere": "temperate",
                               "mineral_rating": 3, "homeworld": true, "traits": [...]}],
                  "belts": [{"id": "bbc-belt-1", "name": "BBC Belt", "mineral_rating": 2}],
                  "anomalies": [{"id": "bbc-a1", "name": "Silent Beacon", "domain": "space",
                                 "concealment": 1, "rating": 8}]}],
     "wormholes": [{"id": "AAB-BBC", "a": "AAB", "b": "BBC", "concealment": 0, "instability": 1}]}

:func:`load_galaxy` reads and checks a file (every problem a one-line ``ContentError`` naming the
file, the entry and the field); :func:`default_galaxy` is the shipped sample campaign built from
the reference sheet of wormholes (``content/sample-galaxy.json``).  :class:`GalaxyIndex` gives the
lookups a turn needs (planet by id, system of a planet, wormholes of a system, name indexes).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Final, Literal

import msgspec

from starlanes.core.errors import ContentError
from starlanes.games.star_kingdoms.loading import convert, read_content, read_shipped
from starlanes.games.star_kingdoms.names import NameIndex

__all__ = [
    "BIOSPHERES",
    "GALAXY_SCHEMA",
    "NATIVE_BIOSPHERES",
    "Anomaly",
    "Belt",
    "Biosphere",
    "Galaxy",
    "GalaxyIndex",
    "Planet",
    "PlanetTrait",
    "System",
    "Wormhole",
    "check_galaxy",
    "default_galaxy",
    "galaxy_from_data",
    "galaxy_index",
    "galaxy_to_json",
    "load_galaxy",
]

GALAXY_SCHEMA: Final = "star-kingdoms-galaxy/1"
Biosphere = Literal["desert", "temperate", "arctic", "desolate", "uninhabitable"]
BIOSPHERES: tuple[Biosphere, ...] = ("desert", "temperate", "arctic", "desolate", "uninhabitable")
NATIVE_BIOSPHERES: tuple[Biosphere, ...] = ("desert", "temperate", "arctic")
"""Biospheres a civilisation may call native (CIV-04)."""

MAX_SYSTEMS = 20_000

Id = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[^\s#\"](?:[^#\"]*[^\s#\"])?$")]
Text = Annotated[str, msgspec.Meta(max_length=4000)]
Rating = Annotated[int, msgspec.Meta(ge=0, le=100)]
Concealment = Annotated[int, msgspec.Meta(ge=0, le=5)]


class PlanetTrait(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A unique modifier of a planet (SYS-05); its mechanics are GM content."""

    name: Name
    text: Text = ""
    requires_tech: str = ""
    """A tech the owner needs to benefit (e.g. Advanced Mineral Extraction, TECH-S02)."""


class Planet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    id: Id
    name: Name
    kind: Literal["planet", "moon", "station", "ringworld"] = "planet"
    biosphere: Biosphere
    mineral_rating: Rating
    colony_value: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 10
    """Base Construction Rating of colonising it, before the biosphere increase (COL-02, average 10)."""
    traits: tuple[PlanetTrait, ...] = ()
    inhabitants: Literal["none", "natives", "npc"] = "none"
    space_age: bool = False
    homeworld: bool = False
    """A homeworld slot: a new nation may start here (SYS-02)."""


class Belt(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    id: Id
    name: Name
    mineral_rating: Rating


AnomalyNeed = Literal["deep-space-sensors", "planetary-survey-corps", "salvage-rig", "scavengers"]


class Anomaly(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    id: Id
    name: Name
    domain: Literal["space", "ground"]
    planet: str = ""
    """For a ground anomaly: the id of its planet, in the same system."""
    concealment: Concealment = 0
    rating: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    visible_from_space: bool = False
    needs: tuple[AnomalyNeed, ...] = ()
    description: Text = ""
    result: Text = ""
    """What the GM reveals on completion (never shown before)."""


class System(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    id: Id
    name: Name
    nebula: bool = False
    planets: tuple[Planet, ...] = ()
    belts: tuple[Belt, ...] = ()
    anomalies: tuple[Anomaly, ...] = ()


class Wormhole(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    id: Id
    a: str
    b: str
    concealment: Concealment = 0
    instability: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1


class Galaxy(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    schema: Literal["star-kingdoms-galaxy/1"]
    name: Name
    systems: tuple[System, ...]
    wormholes: tuple[Wormhole, ...] = ()

    def planets(self) -> Iterator[tuple[System, Planet]]:
        for system in self.systems:
            for planet in system.planets:
                yield system, planet

    def homeworlds(self) -> tuple[Planet, ...]:
        return tuple(p for _, p in self.planets() if p.homeworld)


def check_galaxy(galaxy: Galaxy, file: str) -> None:
    """Cross-references of a converted galaxy; raises ContentError at the first problem."""
    if not galaxy.systems:
        raise ContentError(file, "systems", "a galaxy needs at least one system")
    if len(galaxy.systems) > MAX_SYSTEMS:
        raise ContentError(file, "systems", f"{len(galaxy.systems):,} systems (at most {MAX_SYSTEMS:,})")
    ids: dict[str, str] = {}
    indexes = {k: NameIndex(k) for k in ("system", "planet", "belt", "anomaly")}

    def claim(ident: str, name: str, kind: str, where: str) -> None:
        if ident in ids:
            raise ContentError(file, f"{where}.id", f"id '{ident}' is already used by a {ids[ident]}")
        ids[ident] = kind
        try:
            indexes[kind].add(ident, name)
        except ValueError as exc:
            raise ContentError(file, f"{where}.name", str(exc)) from None

    for s_i, system in enumerate(galaxy.systems):
        where = f"systems[{s_i}] '{system.id}'"
        claim(system.id, system.name, "system", where)
        planet_ids = set()
        for p_i, planet in enumerate(system.planets):
            claim(planet.id, planet.name, "planet", f"{where}.planets[{p_i}] '{planet.id}'")
            planet_ids.add(planet.id)
            if planet.homeworld and planet.biosphere not in NATIVE_BIOSPHERES:
                raise ContentError(file, f"{where}.planets[{p_i}] '{planet.id}'.biosphere",
                                   "a homeworld must be desert, temperate or arctic")
            if planet.homeworld and planet.inhabitants != "none":
                raise ContentError(file, f"{where}.planets[{p_i}] '{planet.id}'.inhabitants",
                                   "a homeworld slot must be free (inhabitants 'none')")
        for b_i, belt in enumerate(system.belts):
            claim(belt.id, belt.name, "belt", f"{where}.belts[{b_i}] '{belt.id}'")
        for a_i, anomaly in enumerate(system.anomalies):
            here = f"{where}.anomalies[{a_i}] '{anomaly.id}'"
            claim(anomaly.id, anomaly.name, "anomaly", here)
            if anomaly.domain == "ground" and anomaly.planet not in planet_ids:
                raise ContentError(file, f"{here}.planet", "a ground anomaly names a planet of its own system")
            if anomaly.domain == "space" and anomaly.planet:
                raise ContentError(file, f"{here}.planet", "a space anomaly has no planet")
            if anomaly.visible_from_space and anomaly.domain != "ground":
                raise ContentError(file, f"{here}.visible_from_space", "only ground anomalies can be seen from space")
    systems = {s.id for s in galaxy.systems}
    pairs: dict[frozenset[str], str] = {}
    wormhole_ids: set[str] = set()
    for w_i, hole in enumerate(galaxy.wormholes):
        where = f"wormholes[{w_i}] '{hole.id}'"
        if hole.id in wormhole_ids or hole.id in ids:
            raise ContentError(file, f"{where}.id", f"id '{hole.id}' is already used")
        wormhole_ids.add(hole.id)
        for end in ("a", "b"):
            if getattr(hole, end) not in systems:
                raise ContentError(file, f"{where}.{end}", f"unknown system '{getattr(hole, end)}'")
        if hole.a == hole.b:
            raise ContentError(file, where, "a wormhole joins two different systems")
        pair = frozenset((hole.a, hole.b))
        if pair in pairs:
            raise ContentError(file, where, f"{hole.a} and {hole.b} are already joined by '{pairs[pair]}'")
        pairs[pair] = hole.id


def galaxy_from_data(data: object, file: str) -> Galaxy:
    """A checked galaxy from parsed JSON/TOML data."""
    if isinstance(data, dict) and data.get("schema") != GALAXY_SCHEMA:
        raise ContentError(file, "schema", f"must be '{GALAXY_SCHEMA}', not {data.get('schema')!r}")
    galaxy = convert(data, Galaxy, file)
    check_galaxy(galaxy, file)
    return galaxy


def load_galaxy(path: str | Path) -> Galaxy:
    """Read and check a galaxy file (JSON or TOML)."""
    return galaxy_from_data(read_content(path), str(path))


@cache
def default_galaxy() -> Galaxy:
    """The shipped sample campaign galaxy (64 systems of the reference wormhole sheet)."""
    data, file = read_shipped("sample-galaxy.json")
    return galaxy_from_data(data, file)


def galaxy_to_json(galaxy: Galaxy) -> bytes:
    """The galaxy as JSON in its file schema (defaults omitted), ready for :func:`load_galaxy`."""
    return msgspec.json.format(msgspec.json.encode(galaxy), indent=1)


@dataclass(frozen=True)
class GalaxyIndex:
    """Lookups over one galaxy (build once with :meth:`of`)."""

    galaxy: Galaxy
    systems: dict[str, System]
    planets: dict[str, Planet]
    planet_system: dict[str, str]
    wormholes: dict[str, Wormhole]
    links: dict[str, tuple[tuple[str, str], ...]]
    """system id -> ((wormhole id, other system id), ...)."""
    system_names: NameIndex
    planet_names: NameIndex
    belt_names: NameIndex
    anomaly_names: NameIndex

    @classmethod
    def of(cls, galaxy: Galaxy) -> GalaxyIndex:
        links: dict[str, list[tuple[str, str]]] = {s.id: [] for s in galaxy.systems}
        for hole in galaxy.wormholes:
            links[hole.a].append((hole.id, hole.b))
            links[hole.b].append((hole.id, hole.a))
        return cls(
            galaxy=galaxy,
            systems={s.id: s for s in galaxy.systems},
            planets={p.id: p for _, p in galaxy.planets()},
            planet_system={p.id: s.id for s, p in galaxy.planets()},
            wormholes={w.id: w for w in galaxy.wormholes},
            links={k: tuple(v) for k, v in links.items()},
            system_names=NameIndex.build("system", ((s.id, s.name, ()) for s in galaxy.systems)),
            planet_names=NameIndex.build("planet", ((p.id, p.name, ()) for _, p in galaxy.planets())),
            belt_names=NameIndex.build("belt", ((b.id, b.name, ()) for s in galaxy.systems for b in s.belts)),
            anomaly_names=NameIndex.build(
                "anomaly", ((a.id, a.name, ()) for s in galaxy.systems for a in s.anomalies)),
        )

    def jumps_from(self, start: str) -> dict[str, int]:
        """Fewest wormhole jumps from ``start`` to every reachable system (breadth-first)."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for _, there in self.links[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def connected(self) -> bool:
        first = self.galaxy.systems[0].id
        return len(self.jumps_from(first)) == len(self.systems)


_INDEXES: dict[int, GalaxyIndex] = {}
_LAST_INDEX: list[GalaxyIndex] = []
"""The index :func:`galaxy_index` gave last (it holds its galaxy), looked at first."""


def galaxy_index(galaxy: Galaxy) -> GalaxyIndex:
    """The lookups of a galaxy, built once per galaxy object (``execute`` and the steps of the turn
    use it)."""
    if _LAST_INDEX and _LAST_INDEX[0].galaxy is galaxy:
        return _LAST_INDEX[0]
    key = id(galaxy)
    found = _INDEXES.get(key)
    if found is None or found.galaxy is not galaxy:
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        found = _INDEXES[key] = GalaxyIndex.of(galaxy)
    _LAST_INDEX[:] = [found]
    return found
