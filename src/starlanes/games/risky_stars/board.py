"""Integer indexes of a map for play: what the rules look up on every action, computed once per
map (``board_of(star_map)``, cached by identity).

Locations are numbered as in ``StarMap.topology.locations``: every region first (map order),
then every lane mouth; ``n_regions`` splits them. Bodies are numbered in map order.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.games.risky_stars.maps import Body, StarMap

__all__ = ["Board", "board_of"]

_RESOURCE = {"population": 0, "metals": 1, "fuel": 2}


@dataclass(frozen=True)
class Board:
    """What the rules need of a map, by number."""

    star_map: StarMap
    locations: tuple[str, ...]
    """Location ids by index (regions, then mouths)."""
    index: dict[str, int]
    """Location id -> index."""
    n_regions: int
    """Locations ``0..n_regions-1`` are regions, the rest lane mouths."""
    system_of: tuple[int, ...]
    """System index of each location."""
    system_ids: tuple[str, ...]
    """System ids by index."""
    system_kind: tuple[str, ...]
    """``home``/``featured``/``minor`` by system index."""
    body_of: tuple[int, ...]
    """Body index of each location (-1 for a mouth)."""
    bodies: tuple[Body, ...]
    """Bodies by index (map order)."""
    body_index: dict[str, int]
    """Body id -> index."""
    body_regions: tuple[tuple[int, ...], ...]
    """Region locations of each body."""
    body_span: tuple[tuple[int, int], ...]
    """``(first, stop)`` of each body's regions: a body's regions are numbered one after the other
    (``range(first, stop)``), so ``owner[first:stop]`` is what possesses them."""
    body_resource: tuple[int, ...]
    """Resource each body produces: 0 population, 1 metals, 2 fuel."""
    body_system: tuple[int, ...]
    """System index of each body."""
    far: tuple[int, ...]
    """For a mouth: the mouth at the other end of its lane; -1 for a region."""
    destinations: tuple[tuple[int, ...], ...]
    """Where an army at each location may move: every other location of its system, and the far
    mouth of a mouth (rules: Navigating; ruling 28)."""
    system_regions: tuple[tuple[int, ...], ...]
    """Region locations of each system."""

    def name(self, location: int) -> str:
        return self.locations[location]

    def is_region(self, location: int) -> bool:
        return location < self.n_regions


def _build(star_map: StarMap) -> Board:
    topo = star_map.topology
    system_ids = tuple(s.id for s in star_map.systems)
    system_index = {sid: i for i, sid in enumerate(system_ids)}
    bodies = tuple(topo.bodies.values())
    body_index = {b.id: i for i, b in enumerate(bodies)}
    locations = topo.locations
    index = topo.index
    n_regions = sum(len(b.regions) for b in bodies)
    body_of = tuple(body_index[topo.body_of[loc]] if i < n_regions else -1 for i, loc in enumerate(locations))
    system_of = tuple(system_index[topo.system_of[loc]] for loc in locations)
    far = tuple(index[topo.mouths[loc].far] if i >= n_regions else -1 for i, loc in enumerate(locations))
    per_system: list[list[int]] = [[] for _ in system_ids]
    for i, s in enumerate(system_of):
        per_system[s].append(i)
    destinations = tuple(
        tuple([j for j in per_system[system_of[i]] if j != i] + ([far[i]] if far[i] >= 0 else []))
        for i in range(len(locations)))
    body_regions = tuple(tuple(index[r.id] for r in b.regions) for b in bodies)
    body_span = tuple((regions[0], regions[-1] + 1) for regions in body_regions)
    assert all(regions == tuple(range(*span)) for regions, span in zip(body_regions, body_span, strict=True))
    body_system = tuple(system_index[next(s.id for s in star_map.systems if b in s.bodies)] for b in bodies)
    return Board(
        star_map=star_map,
        locations=locations,
        index=index,
        n_regions=n_regions,
        system_of=system_of,
        system_ids=system_ids,
        system_kind=tuple(s.kind for s in star_map.systems),
        body_of=body_of,
        bodies=bodies,
        body_index=body_index,
        body_regions=body_regions,
        body_span=body_span,
        body_resource=tuple(_RESOURCE[b.resource] for b in bodies),
        body_system=body_system,
        far=far,
        destinations=destinations,
        system_regions=tuple(tuple(i for i in locs if i < n_regions) for locs in per_system),
    )


def board_of(star_map: StarMap) -> Board:
    """The board of ``star_map``: built on first use and kept on the map itself (beside its
    ``topology``; a map is immutable), so asking again costs one dictionary look-up."""
    board: Board | None = star_map.__dict__.get("_board")
    if board is None:
        board = star_map.__dict__["_board"] = _build(star_map)
    return board
