"""Harvest (HV 89, K-H01..K-H04) and the technologies that change it, through their effects.

A harvest is a list of **sources**: a number of cards and the types each card may be. The
colonies come first (Blockade removes the blockaded ones; Arcology lets the military symbol
stand for the named type), then the fleet yields (Harvest Rover, Asteroid Mining, Expanded
Cargohold), then Timeshares (the colonies the player names). The player takes any split of cards
the sources allow (one action: ``harvest food=F matter=M energy=E shares=q,r,...``); then the
Salvager's bonus and the opponents' Taxation are offered (ruling K28 for who decides what).
"""

from __future__ import annotations

from functools import lru_cache

from starlanes.core.state import Event
from starlanes.games.kardashev.effects import (
    BlockProduction,
    FleetYield,
    FleetYieldByLevel,
    HarvestNeighbours,
    MilitaryAsResource,
    Tax,
)
from starlanes.games.kardashev.events import TechUsed
from starlanes.games.kardashev.rules.common import (
    CELLS,
    NEIGH,
    RES,
    fire_gains,
    friends,
    give,
    hook,
    offer_gain,
    resource_types,
)
from starlanes.games.kardashev.state import KardashevState

Source = tuple[int, tuple[str, ...]]
Split = tuple[int, int, int]


def _near(state: KardashevState, index: int, seats: set[int], reach: int) -> bool:
    """Whether a fleet of one of ``seats`` is within ``reach`` (1: adjacent) of cell ``index``."""
    if reach == 1:  # the neighbours only (every reach the technologies give)
        cells = state.cells
        for n in NEIGH[index]:  # noqa: SIM110 (a loop: no generator made per colony)
            if cells[n].fleet in seats:
                return True
        return False
    frontier = {index}
    seen = {index}
    for _ in range(reach):
        frontier = {n for c in frontier for n in NEIGH[c]} - seen
        seen |= frontier
        if any(state.cells[c].fleet in seats for c in frontier):
            return True
    return False


def _any_near(state: KardashevState, seat: int, other: int, reach: int) -> bool:
    """Whether a fleet of ``other`` is within ``reach`` of a colony of ``seat`` (``_near`` of any
    of them, read in one pass over the cells): when none is, no colony ``harvest`` taxes for
    ``other`` is near one (they are colonies of ``seat``), so ``colony_sources`` is not read."""
    fleets = colonies = 0
    for i, c in enumerate(state.cells):
        if c.fleet == other:
            fleets |= 1 << i
        if c.colony == seat:
            colonies |= 1 << i
    if not fleets:
        return False
    while colonies:
        low = colonies & -colonies
        if _ball(low.bit_length() - 1, reach) & fleets:
            return True
        colonies ^= low
    return False


def blockers(state: KardashevState, seat: int) -> list[tuple[int, int]]:
    """(opponent, reach) of every ``block-production`` effect an opponent of ``seat`` holds
    (K-TE17), in seat order."""
    return [(other, e.reach) for other in range(state.players) if not friends(state, other, seat)
            for e in hook(state, other, "harvest-others") if isinstance(e, BlockProduction)]


def blockaded(state: KardashevState, seat: int, index: int, found: list[tuple[int, int]] | None = None) -> bool:
    """A colony of ``seat`` next to a fleet of an opponent holding ``block-production`` (K-TE17)
    (``found``: ``blockers(state, seat)``, when the caller has them)."""
    return any(_near(state, index, {other}, reach) for other, reach in
               (blockers(state, seat) if found is None else found))


def colony_sources(state: KardashevState, seat: int, named: str | None) -> list[tuple[int, Source]]:
    """(cell, source) of every producing colony of ``seat`` (K-H01, K-H02, K-TE17, K-TE30)."""
    out = []
    # each blockade's reach and the cells of its holder's fleets (``blockaded`` as bit masks)
    found = [(reach, _fleets_of(state, other)) for other, reach in blockers(state, seat)]
    for i, c in enumerate(state.cells):
        if c.colony != seat or c.tile != "planet":
            continue
        types = _types(tuple(c.all_symbols), named)
        if not types or (found and any(_ball(i, reach) & fleets for reach, fleets in found)):
            continue
        out.append((i, (c.colony_level, types)))
    return out


def _fleets_of(state: KardashevState, seat: int) -> int:
    """The cells of ``seat``'s fleets (a mask)."""
    mask = 0
    for i, c in enumerate(state.cells):
        if c.fleet == seat:
            mask |= 1 << i
    return mask


@lru_cache(maxsize=1024)
def _ball(index: int, reach: int) -> int:
    """The cells 1 to ``reach`` steps from cell ``index`` (a mask): those ``_near`` looks at."""
    seen = frontier = {index}
    for _ in range(reach):
        frontier = {n for c in frontier for n in NEIGH[c]} - seen
        seen |= frontier
    mask = 0
    for i in seen - {index}:
        mask |= 1 << i
    return mask


@lru_cache(maxsize=1024)
def _types(symbols: tuple[str, ...], named: str | None) -> tuple[str, ...]:
    """The types a colony or a fleet on a planet with these symbols (printed and terraformed)
    yields, in ``RES`` order: its ``resource_types``, with Arcology's ``named`` type for the
    military symbol (``colony_sources``)."""
    types = [s for s in symbols if s != "military"]  # ``resource_types``
    if named is not None and "military" in symbols and named not in types:
        types.append(named)
    return tuple(k for k in RES if k in types)


def fleet_sources(state: KardashevState, seat: int) -> list[Source]:
    """Fleet yields (K-TE01..K-TE03)."""
    effects = hook(state, seat, "harvest")
    by_level = any(isinstance(e, FleetYieldByLevel) for e in effects)
    out: list[Source] = []
    for e in effects:
        if not isinstance(e, FleetYield):
            continue
        for c in state.cells:
            if c.fleet != seat or c.tile != "planet":
                continue
            types = _types(tuple(c.all_symbols), None)
            if not types:
                continue
            if (e.site == "own-colony" and c.colony == seat) or (e.site == "uncolonized-planet" and c.colony is None):
                out.append((c.fleet_level if by_level else e.amount, types))
    return out


def share_candidates(state: KardashevState, seat: int) -> dict[int, list[int]]:
    """Timeshares (K-TE18, A#37): for each cell another player colonized with a resource symbol,
    not blockaded against ``seat``, the cells of ``seat``'s fleets next to it."""
    out: dict[int, list[int]] = {}
    found = blockers(state, seat)
    for i, c in enumerate(state.cells):
        if c.colony in (None, seat) or c.tile != "planet" or not resource_types(c):
            continue
        fleets = [n for n in NEIGH[i] if state.cells[n].fleet == seat]
        if fleets and not (found and blockaded(state, seat, i, found)):
            out[i] = fleets
    return out


def share_sets(state: KardashevState, seat: int) -> list[tuple[int, ...]]:
    """Every set of colonies ``seat`` may harvest through Timeshares: each taken by a different
    adjacent fleet (``per_fleet`` each), no colony twice; the empty set too."""
    per_fleet = sum(e.per_fleet for e in hook(state, seat, "harvest") if isinstance(e, HarvestNeighbours))
    if not per_fleet:
        return [()]
    candidates = share_candidates(state, seat)
    cells = sorted(candidates)
    out: list[tuple[int, ...]] = []
    for mask in range(1 << len(cells)):
        chosen = tuple(c for k, c in enumerate(cells) if mask >> k & 1)
        if _assignable(chosen, candidates, per_fleet):
            out.append(chosen)
    return out


def _assignable(chosen: tuple[int, ...], candidates: dict[int, list[int]], per_fleet: int) -> bool:
    load: dict[int, int] = {}

    def place(k: int) -> bool:
        if k == len(chosen):
            return True
        for fleet in candidates[chosen[k]]:
            if load.get(fleet, 0) < per_fleet:
                load[fleet] = load.get(fleet, 0) + 1
                if place(k + 1):
                    return True
                load[fleet] -= 1
        return False

    return place(0)


def share_sources(state: KardashevState, shares: tuple[int, ...]) -> list[Source]:
    return [(state.cells[i].colony_level, tuple(k for k in RES if k in resource_types(state.cells[i])))
            for i in shares]


@lru_cache(maxsize=4096)
def _splits(sources: tuple[Source, ...]) -> frozenset[Split]:
    """Every split (food, matter, energy) the sources give together: each source's cards, each
    card one of the source's types (the sources' sums of splits)."""
    return _splits_of(_caps(sources))


def _caps(sources: tuple[Source, ...]) -> tuple[int, ...]:
    """The sources' cards per set of types (a bit per type in ``RES`` order)."""
    caps = [0] * 8
    for count, types in sources:
        kinds = 0
        for t in types:
            kinds |= 1 << RES.index(t)
        caps[kinds] += count
    return tuple(caps)


@lru_cache(maxsize=4096)
def _splits_of(caps: tuple[int, ...]) -> frozenset[Split]:
    """``_splits`` from the cards per set of types (``split_rows``' splits)."""
    return frozenset((f, m, total - f - m) for f, low, high, total in _rows_of(caps) for m in range(low, high + 1))


Rows = tuple[tuple[int, int, int, int], ...]


@lru_cache(maxsize=4096)
def split_rows(sources: tuple[Source, ...]) -> Rows:
    """``_splits`` without the set: per food count ``f`` (increasing), the lowest and highest
    matter count ``m`` and the cards in all, each split ``(f, m, total - f - m)`` for every ``m``
    between them: the splits in sorted order (``row_size``, ``row_split``)."""
    return _rows_of(_caps(sources))


@lru_cache(maxsize=4096)
def _rows_of(caps: tuple[int, ...]) -> Rows:
    """A split is possible when, for every set S of types, the cards it puts in S are at least
    those whose types all lie in S (Gale's condition for supplies and demands: the sources' cards
    can then be assigned to the split's types)."""
    if caps[0]:  # cards of no type: no split
        return ()
    need = [0] * 8  # per set s of types, the cards whose types all lie in s
    for s in range(8):
        n = 0
        for m in _SUBSETS[s]:
            n += caps[m]
        need[s] = n
    total = need[7]
    # with e = total - f - m the conditions bound f, and m in a range for each f
    rows = []
    for f in range(need[1], total - need[6] + 1):
        low, high = max(need[2], need[3] - f), min(total - f - need[4], total - need[5])
        if low <= high:
            rows.append((f, low, high, total))
    return tuple(rows)


# per set of types (a bit per type), its non-empty subsets
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(tuple(m for m in range(1, 8) if m & s == m) for s in range(8))


def row_size(rows: Rows) -> int:
    """How many splits ``split_rows`` hold."""
    size = 0
    for _, low, high, _ in rows:  # a loop: no generator per count
        size += high - low + 1
    return size


def row_split(rows: Rows, k: int) -> Split:
    """The ``k``-th split of ``split_rows`` (``sorted(_splits(sources))[k]``)."""
    for f, low, high, total in rows:
        if k <= high - low:
            m = low + k
            return f, m, total - f - m
        k -= high - low + 1
    raise IndexError(k)


def _splits_by_sum(sources: tuple[Source, ...]) -> frozenset[Split]:
    """``_splits`` as the sum of each source's splits (what Gale's condition shortens; tests)."""
    results: set[Split] = {(0, 0, 0)}
    for count, types in sources:
        ways: set[Split] = set()
        idx = [RES.index(t) for t in types]
        for a in range(count + 1):
            for b in range(count - a + 1):
                c = count - a - b
                amounts = (a, b, c)
                if any(n and i >= len(idx) for i, n in enumerate(amounts)):
                    continue
                vec = [0, 0, 0]
                for pos, n in enumerate(amounts):
                    if n:
                        vec[idx[pos]] += n
                ways.add((vec[0], vec[1], vec[2]))
        results = {(x[0] + y[0], x[1] + y[1], x[2] + y[2]) for x in results for y in ways}
    return frozenset(results)


def named_options(state: KardashevState, seat: int) -> list[str | None]:
    """Arcology lets the harvester name a type; without it: no name."""
    if any(isinstance(e, MilitaryAsResource) for e in hook(state, seat, "harvest")):
        return list(RES)
    return [None]


def splits(state: KardashevState, seat: int, shares: tuple[int, ...] = ()) -> frozenset[Split]:
    """Every split of cards the harvest of ``seat`` may take, with the Timeshares colonies ``shares``."""
    return splits_by_shares(state, seat, [shares])[0]


def splits_by_shares(state: KardashevState, seat: int, share_sets: list[tuple[int, ...]]) -> list[frozenset[Split]]:
    """``splits`` for each set of Timeshares colonies (the colonies and fleets read once)."""
    found: list[frozenset[Split]] = []
    for sources in _sources_by_shares(state, seat, share_sets):
        # no type named: the one set of sources' splits; else those of every type Arcology may name
        found.append(_splits(sources[0]) if len(sources) == 1 else _all_splits(sources))
    return found


def _all_splits(sources: list[tuple[Source, ...]]) -> frozenset[Split]:
    """The splits of every set of ``sources`` (one per type Arcology may name)."""
    out: set[Split] = set()
    for each in sources:
        out |= _splits(each)
    return frozenset(out)


def rows_by_shares(state: KardashevState, seat: int, share_sets: list[tuple[int, ...]]
                   ) -> list[frozenset[Split] | Rows]:
    """``splits_by_shares``, each as ``split_rows`` when no type is named (Arcology: the set)."""
    found: list[frozenset[Split] | Rows] = []
    for sources in _sources_by_shares(state, seat, share_sets):
        found.append(split_rows(sources[0]) if len(sources) == 1 else _all_splits(sources))
    return found


def _sources_by_shares(state: KardashevState, seat: int, share_sets: list[tuple[int, ...]]
                       ) -> list[list[tuple[Source, ...]]]:
    """For each set of Timeshares colonies, the harvest's sources (sorted) for each type Arcology
    may name (``named_options``)."""
    fleets = fleet_sources(state, seat)
    colonies = [[s for _, s in colony_sources(state, seat, named)] for named in named_options(state, seat)]
    found: list[list[tuple[Source, ...]]] = []
    for shares in share_sets:
        extra = fleets + share_sources(state, shares)
        found.append([tuple(sorted(sources + extra)) for sources in colonies])
    return found


def harvest(state: KardashevState, seat: int, split: Split) -> list[Event]:
    """Take the split; then the Salvager's bonus and opponents' taxes (K-H03, K-H04, K-TE16)."""
    events = give(state, seat, split, -1, "harvest")
    produced = []  # the types of the split's cards, in ``RES`` order (a plain loop: no zip's keywords)
    for k in range(3):
        if split[k]:
            produced.append(RES[k])
    fire_gains(state, "own-harvest", seat, produced=produced)
    colonies: list[tuple[int, Source]] | None = None  # read for the first tax only
    for other in range(state.players):
        if friends(state, other, seat):
            continue
        for e in hook(state, other, "harvest-others"):
            if not isinstance(e, Tax) or not _any_near(state, seat, other, e.reach):
                continue
            if colonies is None:
                colonies = colony_sources(state, seat, None)
            for index, (_, types) in colonies:
                if _near(state, index, {other}, e.reach):
                    allowed = [t for t in types if t in produced]
                    offer_gain(state, other, allowed, "taxation", optional=True, amount=e.per_colony)
                    if allowed:
                        events.append(TechUsed(other, "taxation", list(CELLS[index]), "").event())
    return events
