"""The Risky Stars map generator: a legal map for 2..6 players from a seed.

``generate(players, seed, params)`` returns the same :class:`StarMap` for the same arguments
(all chance comes from one :class:`~starlanes.core.rng.Rng`).  The layout (rulings 6-8):

- one home system per player, ``home_regions`` (R) regions each, exactly one Gaia planet (the
  start planet) plus a Metals body and a Fuel body (``home_balanced``), the rest random bodies;
  with ``identical_homes`` every home holds the same bodies, in its own order;
- one featured system of ``featured_factor`` x R regions with at least one Gaia planet;
- ``minors_per_home`` minor systems per home, ``minor_percent`` % of R regions each;
- lanes: every home to the featured system (``featured_lanes_per_home``); homes sit on a
  ring, and minor system j (j = 0, 1, ...) is joined to home j mod H and the next
  ``minor_lanes`` - 1 homes round the ring (defaults: two minors between each pair of
  neighbouring homes; with 2 players all four minors join both homes); no home-home lanes.

Random bodies are drawn kind by kind (gas giant, planetoid, comet, Ocean, Barren, Gaia with a
random continent count), each kind equally likely among those that still fit, until the
system's region count is met exactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import cast

from starlanes.core.errors import UsageError
from starlanes.core.rng import Rng, derive_seed
from starlanes.games.risky_stars.maps import (
    RESOURCE_OF,
    SURFACES,
    Body,
    BodyKind,
    Lane,
    Region,
    StarMap,
    StarSystem,
    Surface,
    SystemKind,
)
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.validate import MAX_HOMES, MIN_HOMES

__all__ = ["BodyPlan", "generate"]

BodyPlan = tuple[BodyKind, Surface | None, int]
"""``(kind, surface, regions)`` of a body still to be named."""

_SOFT_BODY_LIMIT = 24
"""After this many bodies in one system, the filler takes the largest Gaia planets that fit."""


@cache
def _star_names() -> tuple[str, ...]:
    raw = resources.files("starlanes.games.risky_stars").joinpath("content/star-names.json").read_text("utf-8")
    names = json.loads(raw)["systems"]
    return tuple(str(n) for n in names)


def _options(p: RiskyStarsParams, remaining: int, gaia: bool) -> list[str]:
    out = ["gas_giant", "planetoid", "comet", "ocean"]
    if remaining >= p.barren_regions:
        out.append("barren")
    if gaia and remaining >= p.gaia_min_continents:
        out.append("gaia")
    return out


def _plan(choice: str, regions: int) -> BodyPlan:
    if choice in SURFACES:
        return ("rocky_planet", cast(Surface, choice), regions)
    return (cast(BodyKind, choice), None, 1)


def _fill(rng: Rng, p: RiskyStarsParams, total: int, start: Sequence[BodyPlan], gaia: bool) -> list[BodyPlan]:
    """``start`` plus random bodies until the regions add up to ``total`` exactly."""
    bodies = list(start)
    remaining = total - sum(n for _, _, n in bodies)
    while remaining > 0:
        if len(bodies) >= _SOFT_BODY_LIMIT and gaia and remaining >= p.gaia_min_continents:
            choice = "gaia"
            size = min(p.gaia_max_continents, remaining)
        else:
            choice = rng.choice(_options(p, remaining, gaia))
            if choice == "gaia":
                size = rng.randint(p.gaia_min_continents, min(p.gaia_max_continents, remaining))
            else:
                size = p.barren_regions if choice == "barren" else 1
        bodies.append(_plan(choice, size))
        remaining -= size
    return bodies


def _home_plan(rng: Rng, p: RiskyStarsParams) -> list[BodyPlan]:
    reserve = 2 if p.home_balanced else 0
    continents = rng.randint(p.gaia_min_continents, min(p.gaia_max_continents, p.home_regions - reserve))
    start: list[BodyPlan] = [("rocky_planet", "gaia", continents)]
    if p.home_balanced:
        start.append(("planetoid", None, 1))
        start.append(_plan(rng.choice(["gas_giant", "comet"]), 1))
    return _fill(rng, p, p.home_regions, start, gaia=False)


def _featured_plan(rng: Rng, p: RiskyStarsParams) -> list[BodyPlan]:
    total = p.featured_regions
    continents = rng.randint(p.gaia_min_continents, min(p.gaia_max_continents, total))
    return _fill(rng, p, total, [("rocky_planet", "gaia", continents)], gaia=True)


def _suffix(k: int) -> str:
    """Planet letters as astronomers give them: b, c, ... z, then ba, bb, ..."""
    return chr(ord("b") + k) if k < 25 else "b" + chr(ord("a") + k - 25)


def _region_names(kind: str, surface: str | None, n: int) -> list[str]:
    if surface == "gaia":
        return [f"Continent {i + 1}" for i in range(n)]
    if surface == "barren":
        return ["Northern Hemisphere", "Southern Hemisphere"] if n == 2 else [f"Zone {i + 1}" for i in range(n)]
    if surface == "ocean":
        return ["Ocean"]
    return ["Surface"]


def _system(sid: str, name: str, kind: SystemKind, plans: Sequence[BodyPlan]) -> StarSystem:
    bodies = []
    for k, (body_kind, surface, n) in enumerate(plans):
        bid = f"{sid}{_suffix(k)}"
        names = _region_names(body_kind, surface, n)
        regions = tuple(Region(id=f"{bid}{i + 1}", name=rn) for i, rn in enumerate(names))
        bodies.append(Body(id=bid, name=f"{name} {_suffix(k)}", kind=body_kind, surface=surface,
                           resource=RESOURCE_OF[body_kind], regions=regions))
    return StarSystem(id=sid, name=name, kind=kind, bodies=tuple(bodies))


def _check(players: int, p: RiskyStarsParams) -> None:
    if not MIN_HOMES <= players <= MAX_HOMES:
        raise UsageError(f"a Risky Stars map has {MIN_HOMES} to {MAX_HOMES} home systems, one per player; "
                         f"not {players} players")
    p.validate()
    if p.minor_lanes > players:
        raise UsageError(f"each minor system needs {p.minor_lanes} lanes from different home systems; "
                         f"{players} players have only {players} home systems (param minor_lanes)")
    need = p.gaia_min_continents + (2 if p.home_balanced else 0)
    if p.home_regions < need:
        raise UsageError(f"param home_regions: {p.home_regions} regions cannot hold a Gaia planet of "
                         f"{p.gaia_min_continents} continents" + (" and a Metals and a Fuel body" if p.home_balanced
                                                                   else ""))


def generate(players: int, seed: int, params: RiskyStarsParams | None = None) -> StarMap:
    """A legal map for ``players`` (2..6) home systems, reproducible from ``seed``.

    Raises ``UsageError`` for a player count out of range or params that cannot make a legal
    map, ``ParseError`` for inconsistent params."""
    p = params or RiskyStarsParams()
    _check(players, p)
    rng = Rng.from_seed(derive_seed(seed, "risky-stars-map", players))
    minors = p.minors_per_home * players
    names = list(_star_names())
    rng.shuffle(names)
    needed = players + 1 + minors
    names += [f"Star {i + 1}" for i in range(max(0, needed - len(names)))]

    systems: list[StarSystem] = []
    shared = _home_plan(rng, p)
    for h in range(players):
        plans = list(shared) if p.identical_homes else _home_plan(rng, p)
        first, rest = plans[:1], plans[1:]  # the start planet first, the others in the home's own order
        rng.shuffle(rest)
        systems.append(_system(f"h{h + 1}", names[h], "home", first + rest))
    systems.append(_system("f", names[players], "featured", _featured_plan(rng, p)))
    for m in range(minors):
        plans = _fill(rng, p, p.minor_regions, [], gaia=True)
        systems.append(_system(f"m{m + 1}", names[players + 1 + m], "minor", plans))

    lanes: list[Lane] = []

    def lane(a: str, b: str) -> None:
        lanes.append(Lane(id=f"l{len(lanes) + 1}", a=a, b=b))

    for h in range(players):
        for _ in range(p.featured_lanes_per_home):
            lane(f"h{h + 1}", "f")
    for m in range(minors):
        for step in range(p.minor_lanes):
            lane(f"h{(m + step) % players + 1}", f"m{m + 1}")
    return StarMap(schema="risky-stars-map/1", name=f"Generated {players}-player map (seed {seed})",
                   systems=tuple(systems), lanes=tuple(lanes))
