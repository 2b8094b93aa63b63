"""Risky Stars maps as content data: the ``risky-stars-map/1`` schema, its typed loader and the
derived topology (locations, lane mouths) the ruleset plays on.

A map file is JSON, UTF-8 (a leading byte-order mark is accepted)::

    {
      "schema": "risky-stars-map/1",
      "name": "Two-player sample",
      "systems": [
        {"id": "home-1", "name": "Home System 1", "kind": "home",            # home | featured | minor
         "bodies": [
           {"id": "b1", "name": "Planet 5432", "kind": "rocky_planet",      # gas_giant | rocky_planet
            "surface": "gaia", "resource": "population",                    #   | planetoid | comet
            "regions": [{"id": "b1-1", "name": "Continent 1"}, ...]},       # surface: barren | gaia | ocean
           ...]},
        ...],
      "lanes": [{"id": "l1", "a": "home-1", "b": "featured"}, ...]
    }

Every id (system, body, region, lane) is unique in the file and looks like ``home-1``: a
lowercase letter, then up to 31 lowercase letters, digits, ``-`` or ``_``.  A lane joins two
different systems; it has a mouth in each, with the id ``<lane>:<system>`` (``l1:home-1``):
mouths are locations like regions, owned and held separately.  ``surface`` is given for rocky
planets only.  ``resource`` must be the one the body's kind produces (``RESOURCE_OF``).

:func:`load_map` reads a file and raises :class:`~starlanes.core.errors.ContentError` naming
the file, the field and the problem (the first problem, and how many more); a file that is not
UTF-8, too large, malformed or of the wrong shape is refused the same way, quickly.  The rules
a map must meet are checked by :func:`starlanes.games.risky_stars.validate.validate_map`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Annotated, Final, Literal

import msgspec

from starlanes.core.errors import ContentError, PathError
from starlanes.games.risky_stars.spec import RiskyStarsParams

__all__ = [
    "BODY_KINDS",
    "MAX_FILE_BYTES",
    "RESOURCES",
    "RESOURCE_OF",
    "SCHEMA",
    "SURFACES",
    "SYSTEM_KINDS",
    "Body",
    "BodyKind",
    "Lane",
    "Mouth",
    "Region",
    "StarMap",
    "StarSystem",
    "Surface",
    "SystemKind",
    "Topology",
    "load_map",
    "map_from_json",
    "map_to_json",
    "sample_map",
]

SCHEMA: Final = "risky-stars-map/1"
MAX_FILE_BYTES: Final = 1_000_000
"""Largest map file read (a 6-player map of 40-region homes is about 60 kB)."""

BODY_KINDS: Final = ("gas_giant", "rocky_planet", "planetoid", "comet")
SURFACES: Final = ("barren", "gaia", "ocean")
RESOURCES: Final = ("population", "metals", "fuel")
SYSTEM_KINDS: Final = ("home", "featured", "minor")

_ID_PATTERN = r"^[a-z][a-z0-9_-]{0,31}\Z"
_NAME_PATTERN = r"^[^\x00-\x1f\x7f]{1,60}\Z"

Id = Annotated[str, msgspec.Meta(pattern=_ID_PATTERN)]
Name = Annotated[str, msgspec.Meta(pattern=_NAME_PATTERN)]
BodyKind = Literal["gas_giant", "rocky_planet", "planetoid", "comet"]
Surface = Literal["barren", "gaia", "ocean"]
Resource = Literal["population", "metals", "fuel"]
SystemKind = Literal["home", "featured", "minor"]

RESOURCE_OF: Final[dict[str, Resource]] = {
    "gas_giant": "fuel",
    "rocky_planet": "population",
    "planetoid": "metals",
    "comet": "fuel",
}
"""The resource each body kind produces (rules: Body Types and Resources; RS-B02)."""


class Region(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One region of a body: a location that a player possesses and holds with an army."""

    id: Id
    name: Name


class Body(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A gas giant, rocky planet (with its surface), planetoid or comet, and its regions."""

    id: Id
    name: Name
    kind: BodyKind
    surface: Surface | None = None
    resource: Resource
    regions: Annotated[tuple[Region, ...], msgspec.Meta(min_length=1, max_length=64)]

    @property
    def region_count(self) -> int:
        return len(self.regions)

    @property
    def label(self) -> str:
        """``Gaia planet``, ``gas giant``... for messages and displays."""
        if self.kind == "rocky_planet":
            return f"{(self.surface or 'rocky').capitalize()} planet"
        return self.kind.replace("_", " ")


class StarSystem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A home, featured or minor star system and its bodies."""

    id: Id
    name: Name
    kind: SystemKind
    bodies: Annotated[tuple[Body, ...], msgspec.Meta(min_length=1, max_length=64)]

    @property
    def region_count(self) -> int:
        return sum(len(b.regions) for b in self.bodies)

    @property
    def start_planet(self) -> Body | None:
        """The first Gaia planet listed: where a home system's player starts (ruling 5)."""
        return next((b for b in self.bodies if b.kind == "rocky_planet" and b.surface == "gaia"), None)


class Lane(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hyperspace lane between systems ``a`` and ``b``; it has a mouth in each."""

    id: Id
    a: Id
    b: Id

    @property
    def mouth_a(self) -> str:
        return f"{self.id}:{self.a}"

    @property
    def mouth_b(self) -> str:
        return f"{self.id}:{self.b}"


@dataclass(frozen=True, slots=True)
class Mouth:
    """One end of a lane: a location in ``system``; crossing the lane leads to ``far``."""

    id: str
    lane: str
    system: str
    far: str
    far_system: str


@dataclass(frozen=True)
class Topology:
    """Indexes of a structurally sound map.  Locations are every region (in file order), then
    every lane mouth (lane order, end ``a`` before ``b``); ``index`` numbers them."""

    locations: tuple[str, ...]
    index: dict[str, int]
    system_of: dict[str, str]  # location id -> system id
    body_of: dict[str, str]  # region id -> body id
    mouths: dict[str, Mouth]
    system_locations: dict[str, tuple[str, ...]]  # system id -> its regions then its mouths
    systems: dict[str, StarSystem]
    bodies: dict[str, Body]
    lanes_of: dict[str, tuple[Lane, ...]]  # system id -> lanes with a mouth there

    def is_mouth(self, location: str) -> bool:
        return location in self.mouths

    def same_system(self, a: str, b: str) -> bool:
        return self.system_of[a] == self.system_of[b]


class StarMap(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, dict=True):
    """A whole map.  ``topology`` (built on first use) indexes it for play."""

    schema: Literal["risky-stars-map/1"]
    name: Name
    systems: Annotated[tuple[StarSystem, ...], msgspec.Meta(min_length=1, max_length=64)]
    lanes: Annotated[tuple[Lane, ...], msgspec.Meta(max_length=256)]

    def of_kind(self, kind: str) -> tuple[StarSystem, ...]:
        return tuple(s for s in self.systems if s.kind == kind)

    @property
    def region_count(self) -> int:
        return sum(s.region_count for s in self.systems)

    @cached_property
    def topology(self) -> Topology:
        """The indexes; the map must be structurally sound (see ``validate.structure_violations``)."""
        systems = {s.id: s for s in self.systems}
        bodies: dict[str, Body] = {}
        system_of: dict[str, str] = {}
        body_of: dict[str, str] = {}
        per_system: dict[str, list[str]] = {s.id: [] for s in self.systems}
        locations: list[str] = []
        for s in self.systems:
            for b in s.bodies:
                bodies[b.id] = b
                for r in b.regions:
                    locations.append(r.id)
                    system_of[r.id] = s.id
                    body_of[r.id] = b.id
                    per_system[s.id].append(r.id)
        mouths: dict[str, Mouth] = {}
        lanes_of: dict[str, list[Lane]] = {s.id: [] for s in self.systems}
        for lane in self.lanes:
            for here, there, mid, far in ((lane.a, lane.b, lane.mouth_a, lane.mouth_b),
                                          (lane.b, lane.a, lane.mouth_b, lane.mouth_a)):
                mouths[mid] = Mouth(mid, lane.id, here, far, there)
                locations.append(mid)
                system_of[mid] = here
                per_system[here].append(mid)
                lanes_of[here].append(lane)
        return Topology(
            locations=tuple(locations),
            index={loc: i for i, loc in enumerate(locations)},
            system_of=system_of,
            body_of=body_of,
            mouths=mouths,
            system_locations={k: tuple(v) for k, v in per_system.items()},
            systems=systems,
            bodies=bodies,
            lanes_of={k: tuple(v) for k, v in lanes_of.items()},
        )


_DECODER = msgspec.json.Decoder(StarMap)
_AT = re.compile(r"^(?P<problem>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_BYTE = re.compile(r"\(byte (\d+)\)")
_ID_SAYS = "an id: a lowercase letter, then up to 31 lowercase letters, digits, '-' or '_'"
_NAME_SAYS = "a name of 1 to 60 characters without control characters"


def _line_col(text: str, offset: int) -> str:
    before = text.encode("utf-8")[:offset].decode("utf-8", "replace")
    line = before.count("\n") + 1
    return f"line {line} column {len(before) - (before.rfind(chr(10)) + 1) + 1}"


def _validation_problem(message: str) -> tuple[str, str]:
    """``(field, problem)`` from a msgspec validation message."""
    match = _AT.match(message)
    problem = match.group("problem") if match else message
    path = (match.group("path") or "") if match else ""
    if "matching regex" in problem:
        problem = "expected " + (_ID_SAYS if "a-z0-9_-" in problem else _NAME_SAYS)
    problem = problem.replace("`", "'")
    problem = problem[:1].lower() + problem[1:]
    return path.lstrip("."), problem


def map_from_json(raw: bytes | str, source: str, params: RiskyStarsParams | None = None, *,
                  check_rules: bool = True) -> StarMap:
    """Decode and check one map; ``source`` names it in errors.  With ``check_rules`` (the
    default) the map must meet every rule (``validate_map``); without, only its structure
    (ids, references) is checked, e.g. to report a published map's violations."""
    from starlanes.games.risky_stars.validate import structure_violations, validate_map

    data = raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
    if len(data) > MAX_FILE_BYTES:
        raise ContentError(source, "", f"the file is {len(data):,} bytes; a map file is at most {MAX_FILE_BYTES:,}")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ContentError(source, "", "the file is UTF-16 text; save it as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(source, "", f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}") from None
    try:
        star_map = _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        field, problem = _validation_problem(str(exc))
        raise ContentError(source, field, problem) from None
    except msgspec.DecodeError as exc:
        message = str(exc)
        byte = _BYTE.search(message)
        where = _line_col(text, int(byte.group(1))) if byte else ""
        problem = _BYTE.sub("", message).strip().replace("JSON is malformed: ", "")
        raise ContentError(source, where, f"not valid JSON: {problem}") from None
    except RecursionError:
        raise ContentError(source, "", "not a map: nested too deeply") from None
    violations = (validate_map(star_map, params or RiskyStarsParams()) if check_rules
                  else structure_violations(star_map))
    if violations:
        first = violations[0]
        more = f" (and {len(violations) - 1} more problem{'s' if len(violations) > 2 else ''})" \
            if len(violations) > 1 else ""
        raise ContentError(source, first.field, f"{first.problem} [{first.rule}]{more}")
    return star_map


def load_map(path: str | Path, params: RiskyStarsParams | None = None, *, check_rules: bool = True) -> StarMap:
    """Read and check a map file (see :func:`map_from_json`).  A path that cannot be read
    raises :class:`PathError`; a bad file :class:`ContentError`."""
    name = str(path)
    file = Path(os.path.expanduser(name))
    try:
        if file.is_dir():
            raise PathError(f"{name} is a folder, not a map file")
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError(name, "", f"the file is {size:,} bytes; a map file is at most {MAX_FILE_BYTES:,}")
        with file.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise PathError(f"{name}: no such map file") from None
    except OSError as exc:
        raise PathError(f"cannot read the map file {name}: {exc.strerror or exc}") from None
    return map_from_json(raw, name, params, check_rules=check_rules)


def map_to_json(star_map: StarMap) -> bytes:
    """The map as a pretty-printed ``risky-stars-map/1`` file (loads back equal)."""
    return msgspec.json.format(msgspec.json.encode(star_map), indent=1) + b"\n"


@cache
def sample_map() -> StarMap:
    """The shipped two-player sample map (``content/sample-2p.json``, corrected: ruling 9)."""
    raw = resources.files("starlanes.games.risky_stars").joinpath("content/sample-2p.json").read_bytes()
    return map_from_json(raw, "risky-stars:sample-2p.json")
