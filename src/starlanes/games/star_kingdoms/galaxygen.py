"""A new campaign galaxy for N nations: ``generate_galaxy(factions, seed, params)``.

Shape (all randomness from one :class:`~starlanes.core.rng.Rng` seeded with ``seed``):

* an **open galaxy** of ``systems_per_faction x N`` systems joined by a random spanning tree plus
  extra wormholes, with Instability and concealment drawn from the params' weights;
* one **home cluster** per nation: the homeworld system and ``home_ring`` systems joined to it by
  Instability-1, concealment-0 wormholes; each ring system has one wormhole out into the open
  galaxy.  Every cluster is a copy of one drawn template (same planets, belts, anomalies,
  colony sites, outward Instabilities), so no nation starts richer than another;
* clusters attach at anchors spread over the open galaxy (farthest-point), so homeworlds are at
  least 4 jumps apart and spread out.

:func:`galaxy_problems` checks a galaxy for play (connected, homeworlds reachable and apart,
home clusters alike) and is what the property tests run on every generated galaxy.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

import msgspec

from starlanes.core.errors import ParseError
from starlanes.core.rng import Rng
from starlanes.games.star_kingdoms.galaxy import (
    GALAXY_SCHEMA,
    NATIVE_BIOSPHERES,
    Anomaly,
    Belt,
    Biosphere,
    Galaxy,
    GalaxyIndex,
    Planet,
    System,
    Wormhole,
)
from starlanes.games.star_kingdoms.spec import GalaxyParams

__all__ = ["MAX_FACTIONS", "SystemSpec", "draw_system", "galaxy_problems", "generate_galaxy", "home_signature",
           "make_system", "roman"]

MAX_FACTIONS = 64
HOMEWORLD_MR = 3  # CIV-05
_MR_WEIGHTS = (5, 25, 30, 25, 12, 3)  # Mineral Rating 0..5: "generally between 1 and 4" (S5.1)
_ANOMALY_KINDS = (
    ("Derelict", "space", "A hulk of unknown make drifting without power."),
    ("Gravity Knot", "space", "Instruments disagree about where the local mass is."),
    ("Silent Beacon", "space", "A regular pulse on no known band."),
    ("Ruins", "ground", "Weathered structures older than any record."),
    ("Crater Field", "ground", "Impact sites with odd mineral signatures."),
    ("Megafauna", "ground", "Something large moves beneath the canopy."),
)


def roman(n: int) -> str:
    """1 -> 'I', 14 -> 'XIV'."""
    out = []
    for value, digits in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(digits)
            n -= value
    return "".join(out)


@dataclass(frozen=True)
class _PlanetSpec:
    biosphere: Biosphere
    mineral_rating: int
    colony_value: int
    homeworld: bool = False


@dataclass(frozen=True)
class SystemSpec:
    """What a system holds, independent of its name (so a template can be copied)."""

    planets: tuple[_PlanetSpec, ...]
    belt: int | None  # Mineral Rating of its belt
    anomaly: tuple[int, int, int, bool] | None  # (kind index, concealment, rating, visible from space)
    nebula: bool = False


def _weighted(rng: Rng, weights: tuple[int, ...]) -> int:
    total = sum(weights)
    roll = rng.randint(1, total)
    for i, w in enumerate(weights):
        roll -= w
        if roll <= 0:
            return i
    return len(weights) - 1


def _draw_planet(rng: Rng, params: GalaxyParams, *, colonisable: bool = False) -> _PlanetSpec:
    roll = rng.randint(1, 100)
    if colonisable or roll <= params.colonisable_percent:
        biosphere: Biosphere = NATIVE_BIOSPHERES[rng.randint(0, 2)]
        return _PlanetSpec(biosphere, _weighted(rng, _MR_WEIGHTS), rng.randint(6, 14))
    if roll <= params.colonisable_percent + params.desolate_percent:
        return _PlanetSpec("desolate", _weighted(rng, _MR_WEIGHTS), rng.randint(6, 14))
    return _PlanetSpec("uninhabitable", _weighted(rng, _MR_WEIGHTS), 10)


def draw_system(rng: Rng, params: GalaxyParams, *, sites: int = 0, homeworld: bool = False,
                nebula: bool = False) -> SystemSpec:
    """Random contents of one system; ``sites`` colonisable planets are guaranteed."""
    count = rng.randint(params.planets_min, params.planets_max)
    planets = [_draw_planet(rng, params) for _ in range(count)]
    planets += [_draw_planet(rng, params, colonisable=True) for _ in range(sites)]
    if homeworld:
        position = rng.randint(0, len(planets))
        planets.insert(position, _PlanetSpec("temperate", HOMEWORLD_MR, 10, homeworld=True))
    belt = rng.randint(1, 5) if rng.randint(1, 100) <= params.belt_percent else None
    anomaly = None
    if rng.randint(1, 100) <= params.anomaly_percent:
        kind = rng.randint(0, len(_ANOMALY_KINDS) - 1)
        if _ANOMALY_KINDS[kind][1] == "ground" and not planets:
            kind = 0
        anomaly = (kind, _weighted(rng, (50, 25, 15, 10)), rng.randint(4, 20), rng.coin())
    return SystemSpec(tuple(planets), belt, anomaly, nebula)


def make_system(code: str, spec: SystemSpec) -> System:
    """A named system from its contents: planets ``<code> I``, ``<code> II``..."""
    low = code.lower()
    planets = tuple(
        Planet(id=f"{low}-{i}", name=f"{code} {roman(i)}", biosphere=p.biosphere, mineral_rating=p.mineral_rating,
               colony_value=p.colony_value, homeworld=p.homeworld)
        for i, p in enumerate(spec.planets, start=1)
    )
    belts = () if spec.belt is None else (Belt(id=f"{low}-belt", name=f"{code} Belt", mineral_rating=spec.belt),)
    anomalies: tuple[Anomaly, ...] = ()
    if spec.anomaly is not None:
        kind, concealment, rating, seen = spec.anomaly
        title, domain, text = _ANOMALY_KINDS[kind]
        if domain == "ground" and planets:
            target = planets[rating % len(planets)]
            anomalies = (Anomaly(id=f"{low}-anomaly", name=f"{target.name} {title}", domain="ground",
                                 planet=target.id, concealment=concealment, rating=rating,
                                 visible_from_space=seen, needs=("planetary-survey-corps",), description=text),)
        else:
            anomalies = (Anomaly(id=f"{low}-anomaly", name=f"{code} {title}", domain="space",
                                 concealment=concealment, rating=rating, needs=("deep-space-sensors",),
                                 description=text),)
    return System(id=code, name=code, nebula=spec.nebula, planets=planets, belts=belts, anomalies=anomalies)


def _codes(rng: Rng, count: int) -> list[str]:
    """``count`` distinct three-letter system codes (AAB, BBC... as in the sample campaign)."""
    letters = string.ascii_uppercase
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < count:
        code = "".join(letters[rng.randint(0, 25)] for _ in range(3))
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out


def _farthest_points(index: GalaxyIndex, candidates: list[str], count: int, rng: Rng) -> list[str]:
    chosen = [candidates[rng.randint(0, len(candidates) - 1)]]
    nearest = index.jumps_from(chosen[0])
    while len(chosen) < count:
        best = max(candidates, key=lambda s: (nearest.get(s, 10**6), -candidates.index(s)))
        chosen.append(best)
        for system, d in index.jumps_from(best).items():
            nearest[system] = min(nearest.get(system, 10**6), d)
    return chosen


def generate_galaxy(factions: int, seed: int, params: GalaxyParams | None = None, *, name: str = "") -> Galaxy:
    """A fair galaxy for ``factions`` nations, the same for the same seed and params."""
    if not 1 <= factions <= MAX_FACTIONS:
        raise ParseError(f"factions must be 1 to {MAX_FACTIONS}, not {factions}")
    params = params or GalaxyParams()
    params.validate()
    rng = Rng.from_seed(seed)
    open_count = max(params.systems_per_faction * factions, 1 if factions > 1 else 0)
    cluster_size = 1 + params.home_ring
    codes = _codes(rng, open_count + factions * cluster_size)
    open_codes, home_codes = codes[:open_count], codes[open_count:]

    systems: list[System] = []
    holes: list[Wormhole] = []

    def link(a: str, b: str, instability: int, concealment: int) -> None:
        holes.append(Wormhole(id=f"{a}-{b}", a=a, b=b, instability=instability, concealment=concealment))

    def draw_instability() -> int:
        return 1 + _weighted(rng, params.instability_weights)

    def draw_concealment() -> int:
        return _weighted(rng, params.concealment_weights)

    # the open galaxy: a random tree, then extra wormholes
    for i, code in enumerate(open_codes):
        systems.append(make_system(code, draw_system(rng, params, nebula=rng.randint(1, 100) <= params.nebula_percent)))
        if i:
            link(open_codes[rng.randint(0, i - 1)], code, draw_instability(), draw_concealment())
    joined = {frozenset((h.a, h.b)) for h in holes}
    for _ in range(open_count * params.extra_links_percent // 100):
        a, b = open_codes[rng.randint(0, open_count - 1)], open_codes[rng.randint(0, open_count - 1)]
        if a != b and frozenset((a, b)) not in joined:
            joined.add(frozenset((a, b)))
            link(a, b, draw_instability(), draw_concealment())

    # one home cluster template, copied for every nation
    home_spec = draw_system(rng, params, homeworld=True)
    ring_specs = [
        draw_system(rng, params, sites=sum(1 for k in range(params.home_sites) if k % params.home_ring == j))
        for j in range(params.home_ring)
    ]
    outward = [(1 if j == 0 else draw_instability(), 0 if j == 0 else draw_concealment())
               for j in range(params.home_ring)]

    anchors: list[str] = []
    if open_count:
        open_galaxy = Galaxy(schema=GALAXY_SCHEMA, name="open", systems=tuple(systems), wormholes=tuple(holes))
        anchors = _farthest_points(GalaxyIndex.of(open_galaxy), open_codes, factions, rng)
        open_index = GalaxyIndex.of(open_galaxy)
    for f in range(factions):
        cluster = home_codes[f * cluster_size:(f + 1) * cluster_size]
        home, ring = cluster[0], cluster[1:]
        systems.append(make_system(home, home_spec))
        near: list[str] = []
        if anchors:
            dist = open_index.jumps_from(anchors[f])
            near = sorted(dist, key=lambda s: (dist[s], open_codes.index(s)))
        for j, code in enumerate(ring):
            systems.append(make_system(code, ring_specs[j]))
            link(home, code, 1, 0)
            if near:
                instability, concealment = outward[j]
                link(code, near[j % len(near)], instability, concealment)
    return Galaxy(schema=GALAXY_SCHEMA, name=name or f"Generated galaxy ({factions} nations, seed {seed})",
                  systems=tuple(systems), wormholes=tuple(holes))


def home_signature(index: GalaxyIndex, home_system: str) -> tuple[object, ...]:
    """What a nation finds within one jump of its homeworld, without names (for fairness checks)."""

    def contents(system: System) -> tuple[object, ...]:
        planets = tuple(sorted((p.biosphere, p.mineral_rating, p.colony_value, p.homeworld) for p in system.planets))
        belts = tuple(sorted(b.mineral_rating for b in system.belts))
        anomalies = tuple(sorted((a.domain, a.concealment, a.rating) for a in system.anomalies))
        return planets, belts, anomalies, system.nebula

    ring = []
    for hole_id, other in index.links[home_system]:
        hole = index.wormholes[hole_id]
        ring.append((hole.instability, hole.concealment, contents(index.systems[other])))
    return contents(index.systems[home_system]), tuple(sorted(ring, key=repr))


def galaxy_problems(galaxy: Galaxy, factions: int | None = None, *, min_home_jumps: int = 2) -> list[str]:
    """What makes a galaxy unfit to start a campaign on (empty when it is fit)."""
    index = GalaxyIndex.of(galaxy)
    problems: list[str] = []
    if not index.connected():
        problems.append("not every system can be reached from every other")
    homes = [(index.planet_system[p.id], p) for p in galaxy.homeworlds()]
    if factions is not None and len(homes) != factions:
        problems.append(f"{len(homes)} homeworlds for {factions} nations")
    home_systems = [s for s, _ in homes]
    if len(set(home_systems)) != len(home_systems):
        problems.append("two homeworlds share a system")
    for system, planet in homes:
        if not any(index.wormholes[h].instability == 1 and index.wormholes[h].concealment == 0
                   for h, _ in index.links[system]):
            problems.append(f"homeworld {planet.name} has no open Instability-1 wormhole to leave by")
        dist = index.jumps_from(system)
        for other, other_planet in homes:
            if other != system and dist.get(other, 10**6) < min_home_jumps:
                problems.append(f"homeworlds {planet.name} and {other_planet.name} are {dist[other]} jump(s) apart")
    return problems


def galaxy_equal(a: Galaxy, b: Galaxy) -> bool:
    """Two galaxies with the same content (for reproducibility checks)."""
    return msgspec.json.encode(a) == msgspec.json.encode(b)
