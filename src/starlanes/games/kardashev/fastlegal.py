"""Counting and drawing Kardashev's legal actions without listing them all (issue 16).

``legality.legal`` is the specification: the full list, in a fixed order (the action types of
``legality.ALLOWED`` for the decision, each type's actions in its lister's order). Random agents
and search playouts only need how many there are and the one at a drawn index, so this module
answers ``count`` and ``nth`` index-faithfully (``nth(i)`` is ``legal[i]``) and ``sample`` draws
as the core's default does (one ``randint`` over the count, then that index): the same games for
the same seed (``tests/games/kardashev/test_same_games.py``).

The turn decision is where it pays (its list is long and its listers scan the board, search
fleet moves and price every option); a bid is counted from its range, a tile's placement and a
pick from their grids (cells by faces, slots by tiles); the other decisions list a handful of
actions. The board is read once (``_Read``: each cell's tile, colony and fleet owners and levels,
the same as bit masks of cells, every seat's technologies) and kept from step to step:
``Kardashev._apply`` brings it up to date after each action (``after``: the cells' rows
compared, the changed ones written in), and each
seat's ``_Board`` keeps what its counters worked out from the board and the technologies until a
change it reads (``_DEPENDS``: a fleet's move drops the move searches, not the colony prices), on
a cell it read (``_Board.reads``: a fleet's search keeps until a cell it looked at changes, the
harvest and the fleet sites until the seat's own pieces change). What a hand pays is asked once
per hand and price (``_Hand``: bit masks over the prices asked, kept across decisions and games),
and what a count works out from the prices paid is kept per mask of them (the colony vias, the
research actions). Each action type is counted without building its actions:

- colonies: the planets next to the seat's pieces times the ways of paying (the price does not
  depend on the cell);
- moves: a breadth-first search per fleet in bit masks of cells, a layer per number of cells
  entered (no paths, no plan objects; leaps too), the destinations' shortest lengths priced
  from a table (without a surcharge, summed: every move within the reach is paid);
- research: the affordable research actions kept by role, technologies and the prices paid;
- harvest: the splits of the colonies' and fleets' yields (the harvest rules' own cached
  splits, by Gale's condition; the rules' own sources with Timeshares, Arcology or a Blockade)
  times the forms;
- fleets and upgrades: their sites kept with the board, the prices with the technologies;
- the rest (Use Technology, gifts) counted as their listers decide (Use Technology's places
  kept with the board).

The drawn action is then built alone, or taken from its type's lister (built for that type only:
Use Technology, gifts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.legal import LegalActions
from starlanes.core.rng import Rng
from starlanes.games.kardashev import legality, moving
from starlanes.games.kardashev.actions import (
    Bid,
    BuildColony,
    BuildFleet,
    Compile,
    End,
    Exchange,
    Gift,
    Harvest,
    Move,
    Pick,
    Place,
    Research,
    UpgradeColony,
    UpgradeFleet,
    UseTech,
)
from starlanes.games.kardashev.board import DIRECTIONS, MoveRules
from starlanes.games.kardashev.costs import Cost
from starlanes.games.kardashev.effects import (
    Accrete,
    Annihilate,
    BaseActionAsResearch,
    BlockProduction,
    Effect,
    Erase,
    FleetSite,
    FleetYield,
    FleetYieldByLevel,
    HarvestNeighbours,
    Probe,
    Terraform,
)
from starlanes.games.kardashev.rules import harvest, round
from starlanes.games.kardashev.rules.common import (
    BOARD,
    CELLS,
    CONTENT,
    INDEX,
    NEIGH,
    RES,
    SYMBOLS,
    _affordable,
    budget,
    friends,
    held_techs,
    hook,
)
from starlanes.games.kardashev.rules.turn import (
    colony_price_of,
    faces,
    fleet_price,
    symbol_price,
)
from starlanes.games.kardashev.state import KardashevState

__all__ = ["count", "draw", "nth", "sample"]

Form = tuple[str | None, int]

# bit masks of each cell's neighbours, and of the cells two steps away in a straight line (leaps)
NEIGH_MASK: tuple[int, ...] = tuple(sum(1 << n for n in NEIGH[i]) for i in range(len(CELLS)))
LEAP_MASK: tuple[int, ...] = tuple(
    sum(1 << INDEX[(q + 2 * dq, r + 2 * dr)] for dq, dr in DIRECTIONS if (q + 2 * dq, r + 2 * dr) in BOARD)
    for q, r in CELLS
)


def _byte_table(around: tuple[int, ...], chunk: int) -> tuple[int, ...]:
    """For each byte ``b``: the cells ``around`` the cells ``8 * chunk + j`` of its bits ``j``."""
    return tuple(
        _or(around[8 * chunk + j] for j in range(8) if b >> j & 1 and 8 * chunk + j < len(around))
        for b in range(256))


def _or(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


# ``NEIGH_MASK`` by bytes of a mask (37 cells: five bytes): the cells next to any cell of a mask
# in five look-ups (``_around``)
_NEAR = tuple(_byte_table(NEIGH_MASK, k) for k in range((len(CELLS) + 7) // 8))
assert len(_NEAR) == 5
_N0, _N1, _N2, _N3, _N4 = _NEAR


def _around(cells: int) -> int:
    """The cells next to any cell of the mask ``cells`` (``_spread(cells, NEIGH_MASK)``)."""
    return _N0[cells & 255] | _N1[cells >> 8 & 255] | _N2[cells >> 16 & 255] | _N3[cells >> 24 & 255] \
        | _N4[cells >> 32]


# --- entry points ----------------------------------------------------------------------------


def count(state: KardashevState, seat: int) -> int:
    """``len(LegalActions(legality.legal(state, seat)))``, without building the turn's list."""
    kind = legality.decision_kind(state)
    if kind == "turn":
        return _Turn(state, seat).total()
    if kind == "bid":  # list_bid: bid 0 .. bid_range
        return round.bid_range(state, seat) + 1
    grid = _GRIDS.get(kind)
    if grid is not None:
        rows, columns = grid(state, seat)
        return len(rows) * len(columns) + _count_exchanges(state, seat)
    small = _SMALL.get(kind)
    if small is not None:
        return len(small[0](state, seat)) + (_count_exchanges(state, seat) if small[1] else 0)
    return len(LegalActions(legality.legal(state, seat)))


def nth(state: KardashevState, seat: int, index: int) -> Action:
    """The action at ``index`` of ``legality.legal(state, seat)`` (0 <= index < count)."""
    kind = legality.decision_kind(state)
    if kind == "turn":
        turn = _Turn(state, seat)
        _check_index(index, turn.total())
        return turn.nth(index)
    if kind == "bid":
        _check_index(index, round.bid_range(state, seat) + 1)
        return Bid(index)
    grid = _GRIDS.get(kind)
    if grid is not None:
        rows, columns = grid(state, seat)
        _check_index(index, len(rows) * len(columns) + _count_exchanges(state, seat))
        return _grid_nth(state, seat, kind, rows, columns, index)
    small = _SMALL.get(kind)
    if small is not None:
        main = small[0](state, seat)
        _check_index(index, len(main) + (_count_exchanges(state, seat) if small[1] else 0))
        return _small_nth(state, seat, main, index)
    listed = LegalActions(legality.legal(state, seat))
    _check_index(index, len(listed))
    return listed[index]


def _check_index(index: int, size: int) -> None:
    if not 0 <= index < size:
        raise IndexError(f"legal action index {index} out of range (0 to {size - 1})")


def sample(state: KardashevState, seat: int, rng: Rng) -> Action:
    """A legal action drawn as the core's default draws: ``rng.randint(0, count - 1)``, that index."""
    return draw(state, seat, rng, legality.decision_kind(state))


def draw(state: KardashevState, seat: int, rng: Rng, kind: str) -> Action:
    """``sample`` in a decision of ``kind`` (``legality.decision_kind``, which the caller knows)."""
    if kind == "turn":
        turn = _Turn(state, seat)
        return turn.nth(rng.randint(0, turn.size - 1))
    if kind == "bid":  # ``round.bid_range``: the seat's cards, at most ``max_bid``
        p = state.seats[seat]
        cards = p.food + p.matter + p.energy
        top = state.params.max_bid
        return Bid(rng.randint(0, top if top < cards else cards))
    if kind == "gain" or kind == "place" or kind == "pick":
        p, rate = state.seats[seat], state.params.exchange_rate  # ``_count_exchanges``
        exchanges = ((p.food >= rate) + (p.matter >= rate) + (p.energy >= rate)) * (len(RES) - 1)
        if kind == "gain":  # ``_SMALL``'s, with the exchanges
            main = legality.list_gain(state, seat)
            if not main and not exchanges:
                raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
            return _small_nth(state, seat, main, rng.randint(0, len(main) + exchanges - 1))
        if kind == "place" and not state.tasks:
            unexplored = _kept_unexplored(state)
            if unexplored is not None:  # the seat's won tile (``_place_grid``) on the cells of a mask
                return _draw_place(state, seat, rng, unexplored, exchanges)
        if kind == "place":  # ``_GRIDS``', with the exchanges
            cells, faces_ = _place_grid(state, seat)
            size = len(cells) * len(faces_)
            if not size + exchanges:
                raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
            index = rng.randint(0, size + exchanges - 1)
            if index >= size:
                return _nth_exchange(state, seat, index - size)
            row, column = divmod(index, len(faces_))
            return Place(CELLS[cells[row]], faces_[column])
        slots, tiles = _pick_grid(state, seat)
        size = len(slots) * len(tiles)
        if not size + exchanges:
            raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
        index = rng.randint(0, size + exchanges - 1)
        if index >= size:
            return _nth_exchange(state, seat, index - size)
        row, column = divmod(index, len(tiles))
        return Pick(slots[row], tiles[column])
    grid = _GRIDS.get(kind)
    if grid is not None:
        rows, columns = grid(state, seat)
        size = len(rows) * len(columns) + _count_exchanges(state, seat)
        if not size:
            raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
        return _grid_nth(state, seat, kind, rows, columns, rng.randint(0, size - 1))
    small = _SMALL.get(kind)
    if small is not None:
        main = small[0](state, seat)
        size = len(main) + (_count_exchanges(state, seat) if small[1] else 0)
        if not size:
            raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
        return _small_nth(state, seat, main, rng.randint(0, size - 1))
    return rng.choice(LegalActions(legality.legal(state, seat)))


def _place_grid(state: KardashevState, seat: int) -> tuple[list[int], tuple[str, ...]]:
    """``list_place``: the cells, each with the faces (in that order)."""
    if state.tasks:
        task = state.tasks[0]
        return task.cells, faces(task.drawn, task.drawn_back)
    p = state.seats[seat]
    assert p.tile is not None
    offer = state.offer[p.tile]
    return round.placeable(state), faces(offer.symbols, offer.back)


def _kept_unexplored(state: KardashevState) -> int | None:
    """The unexplored cells (a mask) from the read kept for this step, or None (none kept)."""
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:
        read = None
    if read is None or read.step != state.step:
        return None
    unexplored: int = read.unexplored
    return unexplored


# the blue cells (a mask)
_BLUE_MASK = _or(1 << INDEX[h] for h in BOARD.blue)


def _draw_place(state: KardashevState, seat: int, rng: Rng, unexplored: int, exchanges: int) -> Action:
    """``draw`` of the seat's won tile (``_place_grid``: ``round.placeable``, the offer's faces)
    with the unexplored cells known: the unexplored blue cells while more than the threshold of
    them are left, then every unexplored cell (``round._cells_to_place``), counted and the drawn
    one found in the mask, in cell order."""
    cells = unexplored & _BLUE_MASK
    if cells.bit_count() <= state.params.blue_threshold:
        cells = unexplored
    p = state.seats[seat]
    assert p.tile is not None
    offer = state.offer[p.tile]
    columns = faces(offer.symbols, offer.back)
    size = cells.bit_count() * len(columns)
    if not size + exchanges:
        raise ValueError("choice from an empty sequence")  # ``rng.choice``'s
    index = rng.randint(0, size + exchanges - 1)
    if index >= size:
        return _nth_exchange(state, seat, index - size)
    row, column = divmod(index, len(columns))
    for _ in range(row):  # the ``row``-th cell of the mask: the lowest one left
        cells &= cells - 1
    return Place(CELLS[(cells & -cells).bit_length() - 1], columns[column])


def _pick_grid(state: KardashevState, seat: int) -> tuple[list[int], list[int]]:
    """``list_pick``: the free slots (or 0), each with the free tiles (or 0)."""
    return round.free_slots(state) or [0], round.free_tiles(state) or [0]


# the decisions whose actions are a grid (``legality.list_place``, ``list_pick``), then the exchanges
_GRIDS: dict[str, Callable[[KardashevState, int], tuple[Sequence[Any], Sequence[Any]]]] = {
    "place": _place_grid, "pick": _pick_grid}


def _grid_nth(state: KardashevState, seat: int, kind: str, rows: Sequence[Any], columns: Sequence[Any],
              index: int) -> Action:
    size = len(rows) * len(columns)
    if index >= size:
        return _nth_exchange(state, seat, index - size)
    row, column = divmod(index, len(columns))
    if kind == "place":
        return Place(CELLS[rows[row]], columns[column])
    return Pick(rows[row], columns[column])


# the decisions listed by one short lister (no templates), then the exchanges or not
# (``legality.ALLOWED``; a gain's Decline is listed by ``list_gain``)
_SMALL: dict[str, tuple[Callable[[KardashevState, int], legality.Listing], bool]] = {
    "gain": (legality.list_gain, True), "pay": (legality.list_pay, False), "support": (legality.list_support, True),
    "raid": (legality.list_raid, True),
}


def _small_nth(state: KardashevState, seat: int, main: legality.Listing, index: int) -> Action:
    if index < len(main):
        action = main[index]
        assert isinstance(action, Action)
        return action
    return _nth_exchange(state, seat, index - len(main))


def _exchanges_of(state: KardashevState, seat: int) -> list[str]:
    """The types the seat has enough of to exchange (``list_exchange``'s order)."""
    p, rate = state.seats[seat], state.params.exchange_rate
    return [g for g, have in zip(RES, (p.food, p.matter, p.energy), strict=True) if have >= rate]


def _count_exchanges(state: KardashevState, seat: int) -> int:
    p, rate = state.seats[seat], state.params.exchange_rate
    return ((p.food >= rate) + (p.matter >= rate) + (p.energy >= rate)) * (len(RES) - 1)


def _nth_exchange(state: KardashevState, seat: int, k: int) -> Action:
    give = _exchanges_of(state, seat)[k // (len(RES) - 1)]
    return Exchange(give, [r for r in RES if r != give][k % (len(RES) - 1)])


# --- cached per role and technologies --------------------------------------------------------


@lru_cache(maxsize=4096)
def _via_forms(held: frozenset[str]) -> dict[str, tuple[Form, ...]]:
    """Per base action, the (technology, surcharge) ways to take it as the research action, in
    ``legality._forms``'s order (technologies sorted, each one's effects in card order)."""
    out: dict[str, list[Form]] = {}
    for tech in sorted(held):
        for e in CONTENT.techs[tech].effects:
            if isinstance(e, BaseActionAsResearch):
                for action in dict.fromkeys(e.actions):
                    out.setdefault(action, []).append((tech, e.surcharge))
    return {k: tuple(v) for k, v in out.items()}


# the forms of a base action taken as such and not through a technology (one object: ``is``)
_PLAIN: tuple[Form, ...] = ((None, 0),)
_PLAIN_VIAS: list[str | None] = [None]


@lru_cache(maxsize=4096)
def _all_forms(held: frozenset[str], base: bool, research: bool
               ) -> tuple[dict[str, tuple[Form, ...]], tuple[Form, ...]]:
    """Per base action, ``legality._forms`` (the base action if one is left, then each technology
    allowing it as the research action if one is left); the forms of any other action."""
    plain: tuple[Form, ...] = _PLAIN if base else ()
    vias = _via_forms(held) if research else {}
    return {action: plain + vias[action] if action in vias else plain for action in _BASE_ACTIONS}, plain


@lru_cache(maxsize=4096)
def _use_effects(held: frozenset[str]) -> tuple[tuple[str, Effect], ...]:
    """The (technology, effect) pairs Use Technology lists, in ``list_use``'s order."""
    kinds = (Terraform, Annihilate, Accrete, Probe, Erase)
    return tuple((tech, e) for tech in sorted(held) for e in CONTENT.techs[tech].effects if isinstance(e, kinds))


@lru_cache(maxsize=4096)
def _research_prices(role: str, held: frozenset[str]) -> tuple[Cost, ...]:
    """The distinct prices of the research actions ``legality._researchable`` gives."""
    return tuple(dict.fromkeys(CONTENT.techs[r.tech].cost for r in legality._researchable(role, held)))


@lru_cache(maxsize=64)
def _any(n: int) -> Cost:
    return Cost(any=n)


@lru_cache(maxsize=64)
def _symbol_prices(price: int) -> tuple[tuple[str, Cost], ...]:
    """Each symbol with its price for a Terraform or Accrete of ``price`` (``symbol_price``)."""
    return tuple((s, symbol_price(s, price)) for s in SYMBOLS)


@lru_cache(maxsize=1024)
def _step_costs(rules: MoveRules, level: int) -> tuple[int, ...]:
    """Energy of a move entering 0, 1, ... ``cap`` cells."""
    return (0, *(rules.cost(level, n) for n in range(1, rules.cap + 1)))


@lru_cache(maxsize=4096)
def _limit(rules: MoveRules, level: int, energy: int) -> int:
    return rules.reach(level, energy)


_ALL = (1 << len(CELLS)) - 1

# the base actions that a technology may allow as the research action (``t.forms``)
_BASE_ACTIONS = ("build-colony", "upgrade-colony", "build-fleet", "upgrade-fleet", "harvest", "move-fleet")


# --- what a hand pays ------------------------------------------------------------------------

# every price a count has asked about, numbered in the order first asked: what a hand pays is a
# bit mask over these numbers (a price's bit: ``_bit``). The prices come from the content and the
# params (colony, fleet, research and symbol prices, move energy, surcharges): a bounded set.
_PRICES: list[Cost] = []
_BITS: dict[Cost, int] = {}
# each price's parts in ``_PRICES``' order (food, matter, energy, any, matching), for ``_Hand.pays``
_PARTS: list[tuple[int, int, int, int, int]] = []


def _bit(cost: Cost) -> int:
    """The bit of ``cost`` in the hands' masks (numbered when first asked)."""
    bit = _BITS.get(cost)
    if bit is None:
        bit = _BITS[cost] = 1 << len(_PRICES)
        _PRICES.append(cost)
        _PARTS.append((cost.food, cost.matter, cost.energy, cost.any, cost.matching))
    return bit


class _Hand:
    """What one hand (food, matter, energy cards) pays at an exchange rate: each price asked
    once (``affordable``), the answers kept as bit masks (``asked``, ``paid``) for every decision
    and game with this hand (``_hand``)."""

    __slots__ = ("asked", "cards", "exchanges", "paid", "rate")

    def __init__(self, cards: tuple[int, int, int], rate: int) -> None:
        self.cards = cards
        self.rate = rate
        self.asked = 0
        self.paid = 0
        # how many Exchange actions the hand has (``_count_exchanges``)
        self.exchanges = ((cards[0] >= rate) + (cards[1] >= rate) + (cards[2] >= rate)) * (len(RES) - 1)

    def pays(self, mask: int) -> int:
        """The prices of ``mask`` (bits of ``_bit``) the hand pays, as a mask."""
        new = mask & ~self.asked
        if new:
            self.asked |= new
            f, m, e = self.cards
            rate = self.rate
            paid = self.paid
            while new:
                low = new & -new
                new ^= low
                k = low.bit_length() - 1
                cf, cm, ce, ca, matching = _PARTS[k]
                if matching:
                    if _affordable(f, m, e, _PRICES[k], rate):
                        paid |= low
                    continue
                # ``_affordable`` made short (its sums, type by type)
                missing = exchanges = spare = 0
                if f < cf:
                    missing += cf - f
                else:
                    exchanges += (f - cf) // rate
                    spare += f - cf
                if m < cm:
                    missing += cm - m
                else:
                    exchanges += (m - cm) // rate
                    spare += m - cm
                if e < ce:
                    missing += ce - e
                else:
                    exchanges += (e - ce) // rate
                    spare += e - ce
                if exchanges >= missing and ca <= spare - rate * missing:
                    paid |= low
            self.paid = paid
        return self.paid & mask


# by food, matter, energy and rate (one flat tuple: ``_Turn`` builds and hashes it per decision)
_HANDS: dict[tuple[int, int, int, int], _Hand] = {}


def _hand(cards: tuple[int, int, int], rate: int) -> _Hand:
    """The kept ``_Hand`` of these cards at this rate (at most 65,536 kept)."""
    key = (cards[0], cards[1], cards[2], rate)
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) >= 65536:
            _HANDS.clear()
        found = _HANDS[key] = _Hand(cards, rate)
    return found


# --- the turn --------------------------------------------------------------------------------


class _Read:
    """The board and the technologies as the turn decisions read them, kept on the state
    (``_kboard``, not a field: never saved, cloned or compared) from step to step: each cell's
    tile, colony owner and level, fleet owner and level (the columns), the same as bit masks of
    cells (unexplored, destroyed, each seat's colonies and fleets), every seat's role and
    technologies, and one ``_Board`` per seat that read it. ``Kardashev._apply`` brings it up to
    date after each action (``after``): an action of ``game.BOARD_KEPT`` changes nothing; after
    another one the changed cells' rows are written in, and each seat's board drops only what the
    changed columns and cells make stale (``_DEPENDS``, ``_Board.reads``), when the seat next
    reads it (``_Board.due``: the changes gathered until then). A step that did not go
    through ``_apply`` (other than the sealed choices that ``_apply`` then resolves) makes it
    stale (``step``)."""

    __slots__ = ("boards", "clevels", "colonies", "cols", "destroyed", "fleets", "flevels", "fls", "kinds", "planets",
                 "rows", "step", "team", "techs", "tiles", "unexplored")

    def __init__(self, state: KardashevState) -> None:
        self.step = state.step
        self.rows = rows = list(map(_ROW, state.cells))
        columns = (list(column) for column in zip(*rows, strict=True))
        self.tiles, self.cols, self.fls, self.clevels, self.flevels = columns
        self.unexplored = _mask(self.tiles, None)
        self.destroyed = _mask(self.tiles, "destroyed")
        self.planets = _mask(self.tiles, "planet")
        # per cell, the types its planet yields (``_kinds``), -1: not read yet; a cell's entry is
        # read again when its tile changes, every cell's when a symbol may have (``refresh``)
        self.kinds = [-1] * len(self.tiles)
        self.colonies = [_mask(self.cols, seat) for seat in range(state.players)]
        self.fleets = [_mask(self.fls, seat) for seat in range(state.players)]
        self.techs = _techs(state)
        self.team = [p.team for p in state.seats]
        self.boards: dict[int, _Board] = {}

    def refresh(self, state: KardashevState, board: bool, symbols: bool = False, cells: tuple[int, ...] = ()
                ) -> None:
        """After an action that may have changed the board (``board``) or a seat's technologies:
        read again what may have changed (the cells' rows compared, the changed cells written in
        the columns and masks; ``cells``: the only cells the action changed), and let each seat's
        board drop what it made stale when the seat next reads it (``symbols``: a tile's symbols
        may have changed, on a cell the columns do not tell, so what reads the tiles too)."""
        changed = _TILES if symbols else 0  # what changed (the bits of ``_DEPENDS``)
        if symbols:
            self.kinds = [-1] * len(self.tiles)
        learned = 0  # the seats whose technologies changed (a bit per seat)
        techs = self.techs
        for seat, p in enumerate(state.seats):
            role, held, cloned = techs[seat]
            if p.techs != held or p.role != role or p.cloned != cloned:
                learned |= 1 << seat
                techs[seat] = (p.role, list(p.techs), p.cloned)
        moved = 0  # the cells whose rows changed
        if board and cells:
            rows = self.rows
            for cell in cells:
                new = _ROW(state.cells[cell])
                if new != rows[cell]:
                    changed |= self._write(cell, new)
                    moved |= 1 << cell
        elif board:
            rows = list(map(_ROW, state.cells))
            if rows != self.rows:
                for i, (new, old) in enumerate(zip(rows, self.rows, strict=True)):
                    if new != old:
                        changed |= self._write(i, new)
                        moved |= 1 << i
        if changed or learned:  # each board's changes gathered until the seat reads it (``_Board.due``)
            where = None if symbols else moved
            for b in self.boards.values():
                due = changed | (_OWN_TECHS if learned >> b.seat & 1 else _OTHERS_TECHS if learned else 0)
                if b.due:
                    b.due |= due
                    if b.where is not None:
                        b.where = None if where is None else b.where | where
                else:
                    b.due = due
                    b.where = where

    def _write(self, cell: int, new: tuple[Any, ...]) -> int:
        """A cell's new row written in the columns and the masks; the changed columns' bits
        (``_TILES`` ... ``_FLEVELS``)."""
        old = self.rows[cell]
        self.rows[cell] = new
        bit = 1 << cell
        tile, col, fl, clevel, flevel = new
        changed = 0
        if tile != old[0]:
            self.tiles[cell] = tile
            changed = _TILES
            self.unexplored = self.unexplored & ~bit | (bit if tile is None else 0)
            self.destroyed = self.destroyed & ~bit | (bit if tile == "destroyed" else 0)
            self.planets = self.planets & ~bit | (bit if tile == "planet" else 0)
            self.kinds[cell] = -1
        if col != old[1]:
            self.cols[cell] = col
            changed |= _COLS
            if old[1] is not None:
                self.colonies[old[1]] &= ~bit
            if col is not None:
                self.colonies[col] |= bit
        if fl != old[2]:
            self.fls[cell] = fl
            changed |= _FLS
            if old[2] is not None:
                self.fleets[old[2]] &= ~bit
            if fl is not None:
                self.fleets[fl] |= bit
        if clevel != old[3]:
            self.clevels[cell] = clevel
            changed |= _CLEVELS
        if flevel != old[4]:
            self.flevels[cell] = flevel
            changed |= _FLEVELS
        return changed


# a cell's row in the read; what may change (``_DEPENDS``): each column of the read (in the
# row's order), the seat's technologies, another seat's technologies
_ROW = attrgetter("tile", "colony", "fleet", "colony_level", "fleet_level")
_TILES, _COLS, _FLS, _CLEVELS, _FLEVELS, _OWN_TECHS, _OTHERS_TECHS = (1 << k for k in range(7))
# not a change: marks an entry whose cells (``_Board.reads``) are all it reads, the seat's pieces
# elsewhere too (a fleet's search: a piece of the seat new outside them changes nothing it found)
_EXACT = 1 << 7


def _techs(state: KardashevState) -> list[tuple[str | None, list[str], str | None]]:
    return [(p.role, list(p.techs), p.cloned) for p in state.seats]


# what each entry of a board's ``memo`` is worked out from (the columns of ``_Read``, the seat's
# technologies, the other seats' technologies); ``tmemo`` holds what depends on the technologies
# alone (the seat's; its harvest's path, the others' too: Blockade). Which cells an entry reads
# is in ``_Board.reads`` (none there: any cell)
_CELLS = _TILES | _COLS | _FLS | _CLEVELS | _FLEVELS
_BOARD = _CELLS | _OWN_TECHS
_DEPENDS: dict[str, int] = {
    "eligible": _TILES | _COLS | _FLS,
    "masks": _TILES | _COLS | _FLS,
    "reached": _TILES | _COLS | _FLS | _EXACT,
    "grow": _COLS | _CLEVELS,
    "fleet-sites": _BOARD,
    "refit-sites": _BOARD,
    # the harvest by the rules' own sources (Timeshares, Arcology, an opponent's Blockade)
    "harvest": _BOARD | _OTHERS_TECHS,
    # the harvest of colonies and fleet yields (no Blockade, no Timeshares, no Arcology: what
    # the others hold is read by the path, ``_harvest_path``, not by the rows)
    "harvest-fleets": _BOARD,
    # the harvest of colonies only (no fleet yield either)
    "harvest-colonies": _TILES | _COLS | _CLEVELS | _OWN_TECHS,
    # the moves counted for a reach, a bag with tiles or not, the kinds of action left (the forms,
    # none with a surcharge)
    "moves": _TILES | _COLS | _FLS | _FLEVELS | _OWN_TECHS,
    # per Use Technology effect (its index among the technologies'); the symbols of the seat's
    # planets change with their tiles or by Use Technology (which drops the read)
    "use": _TILES | _COLS | _FLS | _OWN_TECHS,
}


class _Board:
    """The board as one seat's turn reads it (``_Read``'s columns and masks, the seat's colonies
    and fleets), and what the counters work out from it: ``memo`` from the board and the
    technologies in force (destinations, fleet sites, harvest sources...), ``tmemo`` from the
    technologies alone (the budget, the move rules, the colony prices).

    ``reads``: for each entry of ``memo``, what it is worked out from (its ``_DEPENDS``, looked up
    once when kept) and the cells it reads (a mask; ``_ALL``: every cell): a change of other cells
    leaves it, unless the seat's pieces change there (``own``, the cells of its colonies and
    fleets: an entry that reads the seat's pieces lists the cells they were on, and a piece of the
    seat new on another cell is such a change; not for an entry marked ``_EXACT``).

    ``due``, ``where``: the changes of the read not yet applied (the bits of ``_DEPENDS``, and the
    cells they were on, None: not known), gathered action after action (``_Read.refresh``) and
    applied at once when the seat's decision reads the board (``catch_up``): a board is brought
    up to date once per decision of its seat, not once per action of the others. Gathered
    changes drop what each of them would have dropped, and more at most (the cells and the
    columns of different actions together)."""

    __slots__ = ("cols", "due", "fleets", "fls", "memo", "own", "own_cols", "read", "reads", "seat", "team", "tiles",
                 "tmemo", "where")

    def __init__(self, read: _Read, seat: int) -> None:
        self.seat = seat
        self.read = read
        self.tiles = read.tiles
        self.cols = read.cols
        self.fls = read.fls
        self.own_cols = _cells(read.colonies[seat])
        self.fleets = _cells(read.fleets[seat])
        self.own = read.colonies[seat] | read.fleets[seat]
        self.team = read.team
        self.memo: dict[Any, Any] = {}
        self.reads: dict[Any, tuple[int, int]] = {}
        self.tmemo: dict[Any, Any] = {}
        self.due = 0
        self.where: int | None = None

    def catch_up(self) -> None:
        """The changes gathered since the seat last read the board applied (``update``)."""
        self.update(self.read, self.due, self.where)
        self.due = 0

    def keep(self, key: Any, value: Any, reads: int = _ALL) -> None:
        """Keep ``value`` in ``memo``, read from the cells of ``reads`` only (besides the columns
        of ``_DEPENDS``; ``_ALL``: any cell)."""
        self.memo[key] = value
        self.reads[key] = (_DEPENDS[key if type(key) is str else key[0]], reads)

    def masks(self) -> moving.Masks:
        """What a moving fleet of the seat finds on the cells (``moving.move_masks``, kept): the
        cells blocked, the cells a move ends on when it enters them (to explore, to attack), the
        passable cells a move may end on, the cells to explore."""
        memo = self.memo
        found = memo.get("masks")
        if found is None:  # in ``board.reachable``'s order of checks: unexplored, destroyed, hostile, a fleet
            read = self.read
            team, mine = self.team, self.team[self.seat]
            unexplored, blocked, colonies, fleets = read.unexplored, read.destroyed, read.colonies, read.fleets
            hostile = friendly = 0
            for other, side in enumerate(team):
                if side != mine:
                    hostile |= fleets[other] | colonies[other]
                else:
                    friendly |= fleets[other]
            hostile &= ~unexplored & ~blocked
            ends = unexplored | hostile
            passing = _ALL & ~blocked & ~ends & ~friendly
            found = (blocked, ends, passing, unexplored)
            self.keep("masks", found)
        return found

    def update(self, read: _Read, changed: int, where: int | None) -> None:
        """After the read's columns changed (in place) on the cells of ``where`` (None: cells not
        known), in one action or more: the seat's pieces read again, what the changes make stale
        dropped (``changed``: the bits of ``_DEPENDS``)."""
        seat = self.seat
        own = read.colonies[seat] | read.fleets[seat]
        was = self.own  # where the seat's pieces were when it last read the board
        if where is None or where & (own | was):  # the seat's pieces may have changed
            if changed & _COLS:
                self.own_cols = _cells(read.colonies[seat])
            if changed & _FLS:
                self.fleets = _cells(read.fleets[seat])
        self.own = own
        if changed & _OWN_TECHS:
            self.tmemo.clear()
        elif changed & _OTHERS_TECHS:
            self.tmemo.pop("harvest-path", None)
        # an entry is dropped when a column or technologies it depends on changed, on a cell it
        # reads (or anywhere: technologies, a symbol, cells not known), or where the seat's
        # pieces are now or were (not for an entry marked ``_EXACT``)
        force = changed if where is None else changed & ~_CELLS  # what no cell tells
        if where is None:
            where = mine = 0
        else:
            mine = where & (own | was)
        reads = self.reads
        dead = None
        for key, (depends, cells) in reads.items():
            if changed & depends and (force & depends or where & cells or (mine and not depends & _EXACT)):
                if dead is None:
                    dead = [key]
                else:
                    dead.append(key)
        if dead is not None:
            memo = self.memo
            for key in dead:
                del memo[key]
                del reads[key]


_KEPT = "_kboard"  # read as ``state._kboard`` on the hot paths: keep the two spellings the same


def _cells(mask: int) -> list[int]:
    """The cells of a mask, in cell order (the seat's colonies or fleets from the read's masks,
    which ``_Read._write`` keeps with the columns: no scan of a column)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def _mask(values: list[Any], value: object) -> int:
    """The indices of ``value`` in ``values`` as a bit mask (found by the list's own search)."""
    mask = 0
    i = -1
    for _ in range(values.count(value)):
        i = values.index(value, i + 1)
        mask |= 1 << i
    return mask


def _board(state: KardashevState, seat: int) -> _Board:
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:
        read = None
    if read is None or read.step != state.step:
        read = state.__dict__[_KEPT] = _Read(state)
    assert isinstance(read, _Read)
    board = read.boards.get(seat)
    if board is None:
        board = read.boards[seat] = _Board(read, seat)
    elif board.due:
        board.catch_up()
    return board


# what an action may change (``after``)
NOTHING, TECHS, BOARD_AND_TECHS, TILE_SYMBOLS, ANYTHING = 0, 1, 2, 3, 4


def after(state: KardashevState, change: int, lag: int = 0, cells: tuple[int, ...] = ()) -> None:
    """Called by ``Kardashev._apply`` after an action: what it may have changed (``NOTHING``:
    neither the board nor any seat's technologies; ``TECHS``: not the board; ``TILE_SYMBOLS``:
    also what the columns do not show, a terraformed symbol, so what reads the tiles is dropped;
    ``ANYTHING``: the read is dropped) brings the kept read up to date for the next step.
    ``lag``: the steps of sealed choices before the action that resolves them (they change
    nothing ``_apply`` does not then apply). ``cells``: the only cells the action may have changed
    (a build, an upgrade, a placed tile: its cell; a move that attacks nobody: its two cells)."""
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:  # none kept
        return
    step = state.step
    if change == ANYTHING or read.step + lag != step:
        del state.__dict__[_KEPT]
        return
    read.step = step + 1
    if change != NOTHING:
        read.refresh(state, change >= BOARD_AND_TECHS, change == TILE_SYMBOLS, cells)


def kept_masks(state: KardashevState, seat: int) -> moving.Masks | None:
    """The seat's ``moving.move_masks`` from the read kept for this step (``_Board.masks``), or
    None (no read kept)."""
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:
        read = None
    if read is None or read.step != state.step:
        return None
    assert isinstance(read, _Read)
    board = read.boards.get(seat)
    if board is None:
        board = read.boards[seat] = _Board(read, seat)
    elif board.due:
        board.catch_up()
    return board.masks()


def kept_move(state: KardashevState, seat: int, start: int, dest: int, surcharge: int
              ) -> tuple[int, int, bool] | None:
    """A move given without a path of the seat's fleet on ``start`` to ``dest`` that attacks
    nobody, from the fleet's search kept for this step (``_reached``, no leaps): the cells it
    enters, its energy and whether it explores (``legality.move_plan``'s plan's ``tiles``,
    ``energy``, ``ending``); None when the search is not kept, the fleet leaps, the move attacks
    or is not legal (the caller searches the plan)."""
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:
        read = None
    if read is None or read.step != state.step:
        return None
    board = read.boards.get(seat)
    if board is not None and board.due:
        board.catch_up()
    found = None if board is None else board.memo.get(("reached", start, 0))
    if found is None or state.cells[start].fleet != seat:
        return None
    bit = 1 << dest
    _, ends, _, unexplored = board.masks()
    explore = bool(unexplored & bit)
    if (ends & bit and not explore) or (explore and not state.bag):
        return None  # an attack; nothing to explore with
    depth = 0  # the first layer holding the destination (0: none)
    for n, layer in enumerate(found[1], 1):
        if layer & bit:
            depth = n
            break
    tmemo = board.tmemo  # the seat's technologies: its move rules, limits and costs (``_count_move``)
    rules = tmemo.get("rules")
    if rules is None:
        rules = tmemo["rules"] = moving.move_rules(state, seat)
    if not depth or rules.jumps:
        return None
    level = state.cells[start].fleet_level
    p = state.seats[seat]
    rate = state.params.exchange_rate
    reach = p.energy + p.food // rate + p.matter // rate  # ``fleet.energy_reach``
    limit = tmemo.get(("limit", level, reach))
    if limit is None:
        limit = tmemo[("limit", level, reach)] = _limit(rules, level, reach)
    costs = tmemo.get(("costs", level))
    if costs is None:
        costs = tmemo[("costs", level)] = _step_costs(rules, level)
    if depth > limit:
        return None
    energy = costs[depth]
    if not _affordable(p.food, p.matter, p.energy, Cost(energy=energy, any=surcharge), rate):
        return None
    return depth, energy, explore


def pieces(state: KardashevState) -> tuple[list[int], list[int]] | None:
    """The cells of each seat's colonies and of its fleets (bit masks), from the read kept for the
    next step (called after ``after``), or None."""
    try:  # the read kept on the state (``_KEPT``; an attribute read, cheaper than the dict's get)
        read = state._kboard
    except AttributeError:
        read = None
    if read is None or read.step != state.step + 1:
        return None
    return read.colonies, read.fleets


def forget(state: KardashevState) -> None:
    """Drop the kept board read (a state changed by hand, not through ``apply``)."""
    state.__dict__.pop(_KEPT, None)
    state.__dict__.pop("_kpresent", None)  # ``check_end``'s


# what a seat's turn reads from its technologies (kept in ``_Board.tmemo``): its budget, the
# technologies in force, whether it has a Use Technology effect, the kinds of action left per
# base and research actions taken (``_flags``, by ``base_used * 64 + research_used``), and the
# colony vias per kinds left, level and action (``_colony_forms``)
_Facts = tuple[Any, frozenset[str], bool, dict[int, "_Flags"], dict[int, Any]]
# whether a base action is left, a research action, either (0 to 3: ``base * 2 + research``), the
# forms of the base actions (``_all_forms``) and of any other
_Flags = tuple[bool, bool, int, dict[str, tuple[Form, ...]], tuple[Form, ...]]


# ``_Facts`` per role, set of technologies and clone's copy (at most 4,096 kept): what they hold
# is read from these alone (the budget and hooks of ``rules.common``'s ``_InForce``, kept by the
# same key; ``held_techs``; the flags and colony vias filled in per kinds and prices paid), so one
# entry serves every state and game where the seat in its turn has them
_FACTS: dict[tuple[str | None, frozenset[str], str | None], _Facts] = {}


def _facts(state: KardashevState, seat: int) -> _Facts:
    """The ``_Facts`` of the seat in its turn (the active seat: the budget is the active's), kept
    in ``_FACTS``."""
    p = state.seats[seat]
    key = (p.role, frozenset(p.techs), p.cloned)
    found = _FACTS.get(key)
    if found is None:
        if len(_FACTS) >= 4096:
            _FACTS.clear()
        found = _FACTS[key] = _fresh_facts(state, seat)
    return found


def _fresh_facts(state: KardashevState, seat: int) -> _Facts:
    """The turn's budget (the active seat's) and the seat's technologies in force, worked out."""
    p = state.seats[seat]
    held = frozenset(p.techs) if p.cloned is None else frozenset(held_techs(state, seat))
    return budget(state, state.active), held, bool(_use_effects(held)), {}, {}


def _flags(facts: _Facts, nb: int, nr: int) -> _Flags:
    """``can_take`` for both kinds after ``nb`` base and ``nr`` research actions, under the
    budget of ``facts``; the forms of the actions (``_all_forms``)."""
    b = facts[0]
    over_base, over_research = nb - b.base, nr - b.research  # taken beyond each kind's own budget
    base = (over_base + 1 if over_base >= 0 else 0) + (over_research if over_research > 0 else 0) <= b.either
    research = (over_base if over_base > 0 else 0) + (over_research + 1 if over_research >= 0 else 0) <= b.either
    forms = _all_forms(facts[1], base, research)
    return base, research, base * 2 + research, forms[0], forms[1]


class _Turn:
    """What one seat's turn decision may do, counted per action type (``legality.ALLOWED``)."""

    __slots__ = ("all_forms", "b", "colony_cells", "colony_costs", "colony_vias", "fleets", "h",
                 "harvest_rows", "harvest_vias", "kinds", "move_rows", "no_forms", "own_cols",
                 "player", "research", "seat", "size", "sizes", "state")

    # what the counters find for their pickers (set by a counter that finds an action)
    colony_vias: list[str | None]
    colony_cells: list[int]
    harvest_vias: list[str | None]
    harvest_rows: list[tuple[tuple[int, ...], Splits]]
    move_rows: list[tuple[int, str | None, int, int, int, tuple[int, ...], list[int], _Moves | None]]

    def __init__(self, state: KardashevState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.player = p = state.seats[seat]
        try:  # ``_board`` made short: the read kept for this step
            read = state._kboard
        except AttributeError:
            read = None
        board = None if read is None or read.step != state.step else read.boards.get(seat)
        if board is None or board.due:
            board = _board(state, seat)
        self.b = board
        tmemo = board.tmemo
        facts: _Facts | None = tmemo.get("facts")
        if facts is None:  # the turn's budget and the technologies in force
            facts = tmemo["facts"] = _facts(state, seat) if seat == state.active else _fresh_facts(state, seat)
        self.colony_costs = facts[4]
        nb, nr = state.base_used, state.research_used
        flags = facts[3].get(nb * 64 + nr)
        if flags is None:
            flags = facts[3][nb * 64 + nr] = _flags(facts, nb, nr)
        _, self.research, self.kinds, self.all_forms, self.no_forms = flags
        research = flags[1]
        params = state.params
        h = _HANDS.get((p.food, p.matter, p.energy, params.exchange_rate))
        self.h = h = _hand((p.food, p.matter, p.energy), params.exchange_rate) if h is None else h
        self.own_cols = board.own_cols
        self.fleets = board.fleets
        # the Compile, Exchange, Gift and End actions
        ncompile = 3 if research else 0  # len(RES)
        nexchange = h.exchanges
        ngift = _count_gift(self) if params.ally_variant else 0
        if not flags[2]:  # no base or research action left: only the last four
            self.sizes = [0, 0, 0, 0, 0, 0, 0, 0, ncompile, nexchange, ngift, 1]
            self.size = ncompile + nexchange + ngift + 1
            return
        # the base and research actions, counted in one pass (each type's count made
        # short where they share reads: the colony supply, the hand's answers, the forms)
        colony = grow = 0
        if p.colonies_supply >= 1:  # colonies built and upgraded
            # the vias of a colony built, upgraded to 2, to 3, per mask of their prices paid
            every: tuple[int, dict[int, tuple[list[str | None], ...]]] | None = self.colony_costs.get(flags[2])
            if every is None:
                every = self.colony_costs[flags[2]] = (_colony_found(self, 0, 1)[0] | _colony_found(self, 1, 2)[0]
                                                       | _colony_found(self, 1, 3)[0], {})
            mask = every[0]
            paid = h.paid & mask if not mask & ~h.asked else h.pays(mask)
            vias3 = every[1].get(paid)
            if vias3 is None:  # ``_colony_forms``' for the three, kept per mask of their prices paid
                vias3 = every[1][paid] = (_colony_forms(self, 0, 1), _colony_forms(self, 1, 2),
                                          _colony_forms(self, 1, 3))
            vias = vias3[0]
            if vias:
                self.colony_vias = vias
                cells = board.memo.get("eligible")
                self.colony_cells = cells = self._eligible() if cells is None else cells
                colony = len(cells) * len(vias)
            rows = board.memo.get("grow")
            if rows is None:
                rows = _grow_rows(self)
            for level, many in rows[1]:  # colonies below level 3
                grow += len(vias3[level] if 0 < level < 3 else _colony_forms(self, 1, level + 1)) * many
        nres = 0
        if research:  # the research actions
            found = tmemo.get("research")
            if found is None:  # the seat's role and technologies held (not the clone's copy)
                assert p.role is not None
                found = tmemo["research"] = _research_rows(p.role, frozenset(p.techs))
            mask, known, groups = found[1], found[2], found[3]
            paid = h.paid & mask if not mask & ~h.asked else h.pays(mask)
            nres = known.get(paid, -1)
            if nres < 0:  # how many research actions' prices the hand pays (``list_research``)
                nres = 0
                for bit, many in groups:
                    if paid & bit:
                        nres += many
                known[paid] = nres
        nfleet, nrefit = _count_fleet(self), _count_refit(self)
        nharvest, nmove = _count_harvest(self), _count_move(self)
        nuse = _count_use(self) if facts[2] and research else 0
        self.sizes = [colony, grow, nfleet, nrefit, nharvest, nmove, nres, nuse, ncompile, nexchange, ngift, 1]
        self.size = (colony + grow + nfleet + nrefit + nharvest + nmove + nres + nuse
                     + ncompile + nexchange + ngift + 1)

    def eligible(self) -> list[int]:
        """Cells where the seat may build a colony (``list_colony``): a planet without a colony
        or another seat's fleet, under the seat's fleet or next to one of its colonies."""
        found = self.b.memo.get("eligible")
        if found is None:
            found = self._eligible()
        return found

    def _eligible(self) -> list[int]:
        seat, b = self.seat, self.b
        read = b.read  # the cells under the seat's fleets or next to its colonies:
        near = _around(read.colonies[seat]) | read.fleets[seat]
        taken = 0  # the cells of a colony or of another seat's fleet
        for other, colonies in enumerate(read.colonies):
            taken |= colonies if other == seat else colonies | read.fleets[other]
        found: list[int] = []
        rest = near & read.planets & ~taken
        while rest:  # in cell order
            low = rest & -rest
            rest ^= low
            found.append(low.bit_length() - 1)
        b.keep("eligible", found, near | b.own)  # the cells near its pieces, and theirs
        return found

    def masks(self) -> moving.Masks:
        """The seat's ``moving.move_masks`` (``_Board.masks``)."""
        return self.b.masks()

    def read_colonies(self) -> int:
        """The cells of the seat's colonies (a mask)."""
        return self.b.read.colonies[self.seat]

    def can(self, cost: Cost) -> bool:
        """``affordable`` for the seat's hand (``_Hand``)."""
        return bool(self.h.pays(_bit(cost)))

    def forms(self, action: str) -> tuple[Form, ...]:
        """``legality._forms``: the base action, then each technology allowing it as research."""
        return self.all_forms.get(action, self.no_forms)

    def total(self) -> int:
        return self.size

    def nth(self, index: int) -> Action:
        if not self.kinds:  # neither a base nor a research action left: the exchanges, gifts, the end
            sizes = self.sizes
            if index < sizes[9]:
                return _pick_exchange(self, index)
            index -= sizes[9]
            if index < sizes[10]:
                return _PICKERS[10](self, index)
            if index == sizes[10]:
                return End()
            raise IndexError("legal action index out of range")
        for k, size in enumerate(self.sizes):
            if index < size:
                return _PICKERS[k](self, index)
            index -= size
        raise IndexError("legal action index out of range")


# --- colonies --------------------------------------------------------------------------------


def _colony_forms(t: _Turn, upgrade: int, level: int) -> list[str | None]:
    """The vias whose price (with the surcharge) the seat can pay for a colony of ``level``, built
    (``upgrade`` 0) or upgraded to (1)."""
    mask, rows, known = _colony_found(t, upgrade, level)
    # ``cheapest`` finds an option when one of them (with the surcharge) is affordable
    h = t.h
    paid = h.paid & mask if not mask & ~h.asked else h.pays(mask)
    vias = known.get(paid)
    if vias is None:
        vias = known[paid] = [via for via, bits in rows if bits & paid]
    return vias


def _colony_found(t: _Turn, upgrade: int, level: int
                  ) -> tuple[int, list[tuple[str | None, int]], dict[int, list[str | None]]]:
    """``_colony_rows`` for the seat's colony of ``level`` built (``upgrade`` 0) or upgraded to
    (1) in the kinds of action left, kept with its technologies (``colony_costs``, by
    ``level * 8 + upgrade * 4 + kinds``: the keys 0 to 3 are the three together's, ``_Turn``'s)."""
    key = level * 8 + upgrade * 4 + t.kinds
    found = t.colony_costs.get(key)
    if found is None:  # kept with the seat's technologies, and across them and games (``_colony_rows``)
        action = "upgrade-colony" if upgrade else "build-colony"
        found = t.colony_costs[key] = _colony_rows(hook(t.state, t.seat, "build-colony"), level,
                                                   t.all_forms.get(action, t.no_forms))
    return found


@lru_cache(maxsize=4096)
def _colony_rows(effects: tuple[Effect, ...], level: int, forms: tuple[Form, ...]
                 ) -> tuple[int, list[tuple[str | None, int]], dict[int, list[str | None]]]:
    """For a seat whose ``build-colony`` effects are ``effects``: per form of taking the action,
    the bits (``_bit``) of the colony prices (``colony_price``) with its surcharge; all of them;
    the vias per mask of the prices paid (filled in as hands ask)."""
    prices = colony_price_of(effects, level)
    rows = [(via, _bits(o + Cost(any=sur) if sur else o for o in prices)) for via, sur in forms]
    return _bits_of(rows), rows, {}


def _bits(costs: Iterable[Cost]) -> int:
    """The prices' bits (``_bit``) together."""
    mask = 0
    for cost in costs:
        mask |= _bit(cost)
    return mask


def _bits_of(rows: Iterable[tuple[Any, int]]) -> int:
    """The bits of every row's prices together."""
    mask = 0
    for _, bits in rows:
        mask |= bits
    return mask


def _pick_colony(t: _Turn, k: int) -> Action:
    vias = t.colony_vias
    cell, form = divmod(k, len(vias))
    return BuildColony(CELLS[t.colony_cells[cell]], vias[form])


def _grow_rows(t: _Turn) -> tuple[list[tuple[int, int]], tuple[tuple[int, int], ...]]:
    """The seat's colonies below level 3 with their levels, and how many per level (kept with
    the board)."""
    cells = t.state.cells
    rows: list[tuple[int, int]] = []
    per_level: dict[int, int] = {}
    for i in t.own_cols:
        level = cells[i].colony_level
        if level < 3:
            rows.append((i, level))
            per_level[level] = per_level.get(level, 0) + 1
    found = (rows, tuple(per_level.items()))
    t.b.keep("grow", found, t.b.own)
    return found


def _pick_grow(t: _Turn, k: int) -> Action:
    """``list_grow``'s order: the seat's colonies in cell order, the vias the hand pays (asked by
    the count)."""
    found = t.b.memo.get("grow")
    if found is None:
        found = _grow_rows(t)
    for i, level in found[0]:
        vias = _colony_forms(t, 1, level + 1)
        if k < len(vias):
            return UpgradeColony(CELLS[i], vias[k])
        k -= len(vias)
    raise IndexError(k)


# --- fleets ----------------------------------------------------------------------------------


class _Prices:
    """Whether the seat can pay a fleet price plus a surcharge (the price's bit kept with the
    technologies, the answer the hand's)."""

    __slots__ = ("pays", "state", "tmemo")

    def __init__(self, t: _Turn) -> None:
        self.state = t.state
        self.tmemo = t.b.tmemo
        self.pays = t.h.pays

    def ok(self, flat: Cost | None, levels: int, sur: int) -> bool:
        bit = self.tmemo.get(("fleet-cost", flat, levels, sur))
        if bit is None:
            bit = _fleet_bit_of(self.state, self.tmemo, flat, levels, sur)
        return bool(self.pays(bit))


def _fleet_bit_of(state: KardashevState, tmemo: dict[Any, Any], flat: Cost | None, levels: int, sur: int) -> int:
    """The bit (``_bit``) of a fleet's price plus a surcharge, kept with the technologies (``tmemo``)."""
    price = fleet_price(state, flat, levels)
    bit: int = _bit(price + Cost(any=sur) if sur else price)
    tmemo[("fleet-cost", flat, levels, sur)] = bit
    return bit


def _fleet_bit(t: _Turn, flat: Cost | None, levels: int, sur: int) -> int:
    """``_fleet_bit_of`` for the seat of ``t``."""
    return _fleet_bit_of(t.state, t.b.tmemo, flat, levels, sur)


def _fleet_sites(t: _Turn) -> list[tuple[int, Cost | None, int, int]]:
    """Where the seat may build a fleet (kept with the board): (cell, flat price or None, the
    highest level, the level of the seat's fleet there that goes back to the supply), in cell order."""
    memo = t.b.memo
    found: list[tuple[int, Cost | None, int, int]] | None = memo.get("fleet-sites")
    if found is not None:
        return found
    state, seat = t.state, t.seat
    effects, near = _fleet_effects(t)
    team = t.b.team
    mine = team[seat]
    b = t.b
    tiles, cols, fls = b.tiles, b.cols, b.fls
    if near:
        candidates: list[int] | range = range(len(tiles))
    elif team.count(mine) == 1:
        candidates = t.own_cols
    else:
        candidates = [i for i, col in enumerate(cols) if col is not None and team[col] == mine]
    out: list[tuple[int, Cost | None, int, int]] = []
    # a site is a cell without another seat's fleet: a colony of the seat's side, or (a fleet-site
    # effect near the seat's fleets) any cell; never another side's colonized planet (fleet_site)
    for i in candidates:
        tile, col, fl = tiles[i], cols[i], fls[i]
        if (fl is not None and fl != seat) or (col is None and not near) or (
                col is not None and tile == "planet" and team[col] != mine):
            continue
        c = state.cells[i]
        if col is not None and tile == "planet" and ("military" in c.symbols or "military" in c.terraformed):
            site: tuple[Cost | None, int] | None = (None, c.colony_level)  # a military colony of the side
        elif not effects:  # no fleet-site effect: no other site (``fleet_site``)
            continue
        else:
            site = _site(state, seat, i, effects)
        if site is None:
            continue
        out.append((i, site[0], site[1], c.fleet_level if c.fleet == seat else 0))
    if near or team.count(mine) > 1:
        t.b.keep("fleet-sites", out)  # read near the seat's fleets, or on its allies' colonies
    else:
        t.b.keep("fleet-sites", out, t.b.own)  # read on the seat's colonies only
    return out


def _site(state: KardashevState, seat: int, index: int, effects: tuple[FleetSite, ...]
          ) -> tuple[Cost | None, int] | None:
    """``fleet_site`` for a seat whose fleet-site effects (``build-fleet``'s, in their order) are
    ``effects`` (``_fleet_effects``, kept with its technologies): the same steps, without a
    ``hook`` look-up per cell."""
    c = state.cells[index]
    tile = c.tile
    if tile != "planet" and tile != "empty":
        return None
    owner = c.colony
    if owner is not None and tile == "planet":
        military = "military" in c.symbols or "military" in c.terraformed
        seats = state.seats
        if military and seats[owner].team == seats[seat].team:
            return None, c.colony_level
        if owner != seat:
            return None
        for e in effects:
            if e.site == "own-colony" and (not e.needs_military or military):
                return e.price, c.colony_level
        return None
    if c.fleet is not None and c.fleet != seat:
        return None
    for e in effects:
        if e.site == "near-own-fleet":
            cells = state.cells
            for n in NEIGH[index]:
                if cells[n].fleet == seat:
                    return e.price, e.build_level or 1
            return None
    return None


def _fleet_effects(t: _Turn) -> tuple[tuple[FleetSite, ...], bool]:
    """The seat's fleet-site effects (``build-fleet``'s), and whether one of them is near its
    fleets, kept with its technologies: without one, a site is a military colony of its side
    (``fleet_site``)."""
    found: tuple[tuple[FleetSite, ...], bool] | None = t.b.tmemo.get("fleet-effects")
    if found is None:
        effects = tuple(e for e in hook(t.state, t.seat, "build-fleet") if isinstance(e, FleetSite))
        found = t.b.tmemo["fleet-effects"] = (effects, any(e.site == "near-own-fleet" for e in effects))
    return found


def _count_fleet(t: _Turn) -> int:
    forms = t.all_forms.get("build-fleet", t.no_forms)
    if not forms:
        return 0
    tmemo = t.b.tmemo
    gate = tmemo.get(("fleet-gate", forms))
    if gate is None:  # the bit of the cheapest fleet there is without a flat price; whether any has one
        price = fleet_price(t.state, None, 1)
        least = min(sur for _, sur in forms)
        gate = tmemo[("fleet-gate", forms)] = (_bit(price + Cost(any=least) if least else price),
                                               bool(_fleet_effects(t)[0]))
    h = t.h
    if not gate[1] and not (h.paid & gate[0] if not gate[0] & ~h.asked else h.pays(gate[0])):
        return 0  # no flat price: a level-1 fleet is the cheapest there is
    supply = t.player.fleets_supply
    n = 0
    for _, flat, cap, back in _fleet_sites(t):
        top = min(cap, 3, supply + back)
        if top < 1:
            continue
        row = tmemo.get(("fleet-row", flat, top, forms))
        if row is None:
            row = _fleet_row(t, flat, top, forms)
        if row[0] & ~h.asked:  # every price of the row asked of the hand at once
            h.pays(row[0])
        paid = h.paid
        for bit in row[1]:
            if paid & bit:
                n += 1
    return n


def _fleet_row(t: _Turn, flat: Cost | None, top: int, forms: tuple[Form, ...]) -> tuple[int, tuple[int, ...]]:
    """The bits (``_fleet_bit``) of a site's fleet prices with a flat price ``flat`` (None: the
    normal one), per level 1 to ``top`` and per form (``_count_fleet``'s order), and all of them
    together; kept with the technologies (``tmemo``, as the bits are)."""
    tmemo = t.b.tmemo
    bits: list[int] = []
    mask = 0
    for level in range(1, top + 1):
        for _, sur in forms:
            bit = tmemo.get(("fleet-cost", flat, level, sur))
            if bit is None:
                bit = _fleet_bit(t, flat, level, sur)
            bits.append(bit)
            mask |= bit
    row = tmemo[("fleet-row", flat, top, forms)] = (mask, tuple(bits))
    return row


def _pick_fleet(t: _Turn, k: int) -> Action:
    """``list_fleet``'s order: sites in cell order, levels, forms (counted as ``_count_fleet``)."""
    forms = t.forms("build-fleet")
    supply = t.player.fleets_supply
    prices = _Prices(t)
    for i, flat, cap, back in _fleet_sites(t):
        for level in range(1, min(cap, 3) + 1):
            if supply + back >= level:
                for via, sur in forms:
                    if prices.ok(flat, level, sur):
                        if not k:
                            return BuildFleet(CELLS[i], level, via)
                        k -= 1
    raise IndexError(k)


def _refit_sites(t: _Turn) -> list[tuple[int, Cost | None]]:
    """The seat's fleets that may be upgraded with their flat prices (None: the normal one), kept
    with the board."""
    memo = t.b.memo
    found: list[tuple[int, Cost | None]] | None = memo.get("refit-sites")
    if found is not None:
        return found
    state, seat = t.state, t.seat
    capped = state.params.fleet_upgrade_capped_by_colony
    effects = _fleet_effects(t)[0]
    team = t.b.team
    out: list[tuple[int, Cost | None]] = []
    for i in t.fleets:
        c = state.cells[i]
        if c.fleet_level >= 3:
            continue
        if effects:
            site = _site(state, seat, i, effects)
            if site is None:
                continue
        elif c.tile == "planet" and c.colony is not None and team[c.colony] == team[seat] and (
                "military" in c.symbols or "military" in c.terraformed):
            site = (None, c.colony_level)  # without a fleet-site effect, only a military colony of the side
        else:
            continue
        flat, _ = site
        if capped and flat is None and c.fleet_level + 1 > c.colony_level:
            continue
        out.append((i, flat))
    t.b.keep("refit-sites", out, t.b.own)  # read on the seat's fleets and next to them (its fleets)
    return out


def _count_refit(t: _Turn) -> int:
    if t.player.fleets_supply < 1 or not t.fleets:
        return 0
    forms = t.all_forms.get("upgrade-fleet", t.no_forms)
    if not forms:
        return 0
    tmemo = t.b.tmemo
    h = t.h
    n = 0
    for _, flat in _refit_sites(t):
        for _, sur in forms:  # ``_Prices.ok`` made short
            bit = tmemo.get(("fleet-cost", flat, 1, sur))
            if bit is None:
                bit = _fleet_bit(t, flat, 1, sur)
            if h.paid & bit if not bit & ~h.asked else h.pays(bit):
                n += 1
    return n


def _pick_refit(t: _Turn, k: int) -> Action:
    """``list_refit``'s order: the seat's fleets in cell order, forms."""
    forms = t.forms("upgrade-fleet")
    prices = _Prices(t)
    for i, flat in _refit_sites(t):
        for via, sur in forms:
            if prices.ok(flat, 1, sur):
                if not k:
                    return UpgradeFleet(CELLS[i], via)
                k -= 1
    raise IndexError(k)


# --- harvest ---------------------------------------------------------------------------------


def _count_harvest(t: _Turn) -> int:
    forms = t.all_forms.get("harvest", t.no_forms)
    if forms is _PLAIN:
        vias: list[str | None] = _PLAIN_VIAS
    else:
        vias = []  # the surcharge paid
        for via, sur in forms:
            if not sur or t.can(_any(sur)):
                vias.append(via)
        if not vias:
            return 0
    t.harvest_vias = vias
    path = t.b.tmemo.get("harvest-path")
    if path is None:
        path = _harvest_path(t)
    key = path[2]
    if path[3] and key != "harvest" and _blockaded(t, path[3]):
        key = "harvest"  # a colony of the seat within a blockade: the rules' own sources
    memo = t.b.memo
    found = memo.get(key)
    if found is None:
        rows, size, looked = _harvest_rows(t, path[0], key)
        found = (rows, size)
        t.b.keep(key, found, looked)
    t.harvest_rows = found[0]
    splits: int = found[1]
    return splits * len(vias)


HarvestPath = tuple[tuple[Effect, ...], bool, str, tuple[tuple[int, int], ...]]


def _harvest_path(t: _Turn) -> HarvestPath:
    """How the seat's harvest is counted (kept with the technologies, the others' too): its
    harvest effects; whether its fleets yield; the key of its rows in ``memo`` (``harvest``: the
    rules' own sources, for Timeshares or Arcology; ``harvest-fleets``: colonies and fleet
    yields; ``harvest-colonies``: the colonies alone); each opponent's Blockade (seat, reach), in
    ``harvest.blockers``' order. A Blockade that reaches none of the seat's colonies changes no
    source: the rules' own sources count the harvest only when one does (``_count_harvest``)."""
    state, seat = t.state, t.seat
    own = hook(state, seat, "harvest")
    fleets, key = _own_path(own)
    found: list[tuple[int, int]] = []  # ``harvest.blockers``' order: by seat, each one's effects
    team = t.b.team
    for other in range(state.players):
        if team[other] != team[seat]:  # not ``friends``
            for e in hook(state, other, "harvest-others"):
                if isinstance(e, BlockProduction):
                    found.append((other, e.reach))
    path = t.b.tmemo["harvest-path"] = (own, fleets, key, tuple(found))
    return path


@lru_cache(maxsize=1024)
def _own_path(own: tuple[Effect, ...]) -> tuple[bool, str]:
    """For a seat whose harvest effects are ``own``: whether its fleets yield, and the key of its
    harvest's rows (``_harvest_path``)."""
    fleets = any(isinstance(e, FleetYield) for e in own)
    key = "harvest" if any(not isinstance(e, FleetYield | FleetYieldByLevel) for e in own) \
        else "harvest-fleets" if fleets else "harvest-colonies"
    return fleets, key


def _blockaded(t: _Turn, blockers: tuple[tuple[int, int], ...]) -> bool:
    """Whether a fleet of a blockading opponent is within its reach of a colony of the seat (a
    colony that may then produce nothing: ``harvest.blockaded``)."""
    read = t.b.read
    colonies = read.colonies[t.seat]
    for other, reach in blockers:
        fleets = read.fleets[other]
        if not fleets:
            continue
        if reach == 1:
            near = _around(colonies)
        else:
            near = 0
            rest = colonies
            while rest:
                low = rest & -rest
                near |= _ball(low.bit_length() - 1, reach)
                rest ^= low
        if near & fleets:
            return True
    return False


def _harvest_rows(t: _Turn, own: tuple[Effect, ...], key: str
                  ) -> tuple[list[tuple[tuple[int, ...], Splits]], int, int]:
    """Per set of shared cells (Timeshares), the splits of the harvest (kept with the board: the
    sources are the board's and the technologies'); how many splits in all; the cells they read
    (``_Board.reads``): the seat's pieces, and with Timeshares the cells next to its fleets, with a
    Blockade the cells within its reach of those and of the seat's colonies."""
    state, seat = t.state, t.seat
    if key == "harvest":  # Timeshares, Arcology, a colony within a Blockade
        shares = harvest.share_sets(state, seat)
        rows: list[tuple[tuple[int, ...], Splits]] = list(
            zip(shares, harvest.rows_by_shares(state, seat, shares), strict=True))
        return rows, sum(_split_count(splits) for _, splits in rows), _harvest_reads(t, own)
    # colonies and fleet yields only: ``harvest.splits`` made short
    found = _sized_rows(_caps(t, own, key == "harvest-fleets"))
    return found[0], found[1], t.b.own


@lru_cache(maxsize=4096)
def _sized_rows(caps: tuple[int, ...]) -> tuple[list[tuple[tuple[int, ...], Splits]], int]:
    """The harvest's rows of splits of sources with these cards per set of types (``_caps``;
    ``harvest.split_rows``, shared by no cell) and how many splits they hold (kept across
    decisions and games: the rows are never changed)."""
    ranges = harvest._rows_of(caps)
    return ([((), ranges)] if ranges else []), harvest.row_size(ranges)


# a harvest's splits: ``harvest.split_rows``, or a set (Arcology's, ``harvest.rows_by_shares``)
Splits = frozenset[tuple[int, int, int]] | harvest.Rows


def _split_count(splits: Splits) -> int:
    return len(splits) if isinstance(splits, frozenset) else harvest.row_size(splits)


def _split_at(splits: Splits, k: int) -> tuple[int, int, int]:
    """The ``k``-th split in sorted order."""
    return sorted(splits)[k] if isinstance(splits, frozenset) else harvest.row_split(splits, k)


def _harvest_reads(t: _Turn, own: tuple[Effect, ...]) -> int:
    """The cells the rules' own harvest sources read (``harvest.splits_by_shares``, ``share_sets``):
    the seat's colonies and fleets; with Timeshares the cells next to its fleets (the colonies it
    may share); with an opponent's Blockade the cells within its reach of the seat's colonies and
    of the colonies it may share (the blockading fleets)."""
    looked = t.b.own
    shared = 0
    if any(isinstance(e, HarvestNeighbours) for e in own):
        for i in t.fleets:
            shared |= NEIGH_MASK[i]
    reach = max((e.reach for other in range(t.state.players) if not friends(t.state, other, t.seat)
                 for e in hook(t.state, other, "harvest-others") if isinstance(e, BlockProduction)), default=0)
    producing = shared | t.read_colonies()
    looked |= shared
    if reach:
        while producing:
            low = producing & -producing
            looked |= _ball(low.bit_length() - 1, reach)
            producing ^= low
    return looked


@lru_cache(maxsize=1024)
def _kinds(symbols: tuple[str, ...], terraformed: tuple[str, ...]) -> int:
    """The resource types a planet with these symbols yields, as ``harvest._caps`` numbers a set
    of types (a bit per type in ``RES`` order; 0: none)."""
    kinds = 0
    for k, kind in enumerate(RES):
        if kind in symbols or kind in terraformed:
            kinds |= 1 << k
    return kinds


def _caps(t: _Turn, own: tuple[Effect, ...], fleets: bool) -> tuple[int, ...]:
    """``harvest._caps`` of ``harvest.colony_sources`` (no Arcology, no Blockade) and, when
    ``fleets``, ``harvest.fleet_sources``: the sources' cards per set of types, summed as they are
    found (the sources themselves neither listed nor sorted: the splits depend on these sums only),
    each planet's types read from the read's kept column (``_Read.kinds``)."""
    read = t.b.read
    tiles, cols, column = read.tiles, read.cols, read.kinds
    caps = [0, 0, 0, 0, 0, 0, 0, 0]
    for i in t.own_cols:
        if tiles[i] == "planet":
            kinds = column[i]
            if kinds < 0:
                kinds = _kinds_of(t.state, column, i)
            if kinds:
                caps[kinds] += read.clevels[i]
    if fleets:
        seat = t.seat
        by_level = False
        for e in own:
            if isinstance(e, FleetYieldByLevel):
                by_level = True
        for e in own:
            if not isinstance(e, FleetYield):
                continue
            for i in t.fleets:
                col = cols[i]
                if tiles[i] != "planet" or not ((e.site == "own-colony" and col == seat)
                                                or (e.site == "uncolonized-planet" and col is None)):
                    continue
                kinds = column[i]
                if kinds < 0:
                    kinds = _kinds_of(t.state, column, i)
                if kinds:
                    caps[kinds] += read.flevels[i] if by_level else e.amount
    return tuple(caps)


def _kinds_of(state: KardashevState, column: list[int], i: int) -> int:
    """The types the planet on cell ``i`` yields (``_kinds``), written in the read's column."""
    c = state.cells[i]
    kinds = column[i] = _kinds(tuple(c.symbols), tuple(c.terraformed))
    return kinds


def _pick_harvest(t: _Turn, k: int) -> Action:
    vias = t.harvest_vias
    for shares, splits in t.harvest_rows:
        count = _split_count(splits)
        size = count * len(vias)
        if k < size:
            form, split = divmod(k, count)
            f, m, e = _split_at(splits, split)
            return Harvest(f, m, e, tuple(x for i in shares for x in CELLS[i]), vias[form])
        k -= size
    raise IndexError(k)


# --- moves -----------------------------------------------------------------------------------


def _spread(cells: int, around: tuple[int, ...]) -> int:
    """The cells ``around`` (``NEIGH_MASK``, ``LEAP_MASK``) any cell of the mask ``cells``."""
    grown = 0
    while cells:
        low = cells & -cells
        grown |= around[low.bit_length() - 1]
        cells ^= low
    return grown


def _layers_plain(masks: tuple[int, int, int, int], start: int, limit: int) -> tuple[list[int], int]:
    """Every cell a fleet on ``start`` may end a move on (``board.reachable`` without the paths,
    breadth first, without leaps: no ``move-jump`` effect), in bit masks (``_Turn.masks``): per
    number of cells entered (1, 2, ... ``limit``), the cells a move ends on first found there;
    the cells the search looked at (the start and every cell next to one it went through: the
    only cells whose contents the layers depend on)."""
    blocked, ends, passing, _ = masks
    seen = frontier = looked = 1 << start
    layers: list[int] = []
    while frontier and len(layers) < limit:
        grown = _N0[frontier & 255] | _N1[frontier >> 8 & 255] | _N2[frontier >> 16 & 255] \
            | _N3[frontier >> 24 & 255] | _N4[frontier >> 32]  # ``_around``
        looked |= grown
        new = grown & ~seen & ~blocked
        seen |= new
        frontier = new & ~ends  # passable: the seat's side's pieces or nothing hostile
        layers.append(new & (ends | passing))
    return layers, looked


def _layers_leaping(masks: tuple[int, int, int, int], start: int, limit: int, jumps: int
                    ) -> tuple[list[int], int]:
    """``_layers_plain`` with up to ``jumps`` leaps over one cell (``move-jump``): breadth first
    over (cell, leaps used), the cells reached with each number of leaps used a mask (a cell
    found with fewer cells entered, by any number of leaps, is found there)."""
    blocked, ends, passing, _ = masks
    first = 1 << start
    fronts = [first] + [0] * jumps  # per leaps used, the cells the search goes on from
    seen = [first] + [0] * jumps
    found = 0
    looked = first
    layers: list[int] = []
    while any(fronts) and len(layers) < limit:
        entered = [0] * (jumps + 1)  # per leaps used, the cells entered from the fronts
        for used, front in enumerate(fronts):
            if front:
                entered[used] |= _around(front)
                if used < jumps:
                    entered[used + 1] |= _spread(front, LEAP_MASK)
        layer = 0
        for used, cells in enumerate(entered):
            looked |= cells
            cells &= ~blocked
            new = cells & ~ends & ~seen[used]  # passable: the seat's side's pieces or nothing hostile
            seen[used] |= new
            fronts[used] = new
            layer |= cells & ends | new & passing
        layer &= ~found & ~first
        found |= layer
        layers.append(layer)
    return layers, looked


def _reached(t: _Turn, start: int, limit: int, jumps: int
             ) -> tuple[int, list[int], list[tuple[int, int]], list[tuple[int, int]], int]:
    """A fleet's destinations from ``start`` within ``limit`` cells entered (kept with the board:
    a breadth-first search finds the same cells at the same depths up to any limit, so a search
    to a farther limit, or one that ran out of cells, answers a nearer one): per number of cells
    entered, the mask of the cells first found there, and how many of them are explored or not;
    those counts summed up to each number of cells (from 0); the cells the search looked at. The
    entry kept, as it is: (the limit searched, then these)."""
    memo = t.b.memo
    key = ("reached", start, jumps)
    found = memo.get(key)
    if found is None or (found[0] < limit and len(found[1]) == found[0]):
        masks = t.masks()
        sizes: list[tuple[int, int]] = []
        sums = [(0, 0)]
        known_sum = unknown_sum = 0
        if not jumps:  # ``_layers_plain``'s search, each layer counted as it is found
            blocked, ends, passing, unexplored = masks
            seen = frontier = looked = 1 << start
            layers: list[int] = []
            depth = 0
            while frontier and depth < limit:
                grown = _N0[frontier & 255] | _N1[frontier >> 8 & 255] | _N2[frontier >> 16 & 255] \
                    | _N3[frontier >> 24 & 255] | _N4[frontier >> 32]  # ``_around``
                looked |= grown
                new = grown & ~seen & ~blocked
                seen |= new
                frontier = new & ~ends  # passable: the seat's side's pieces or nothing hostile
                m = new & (ends | passing)
                layers.append(m)
                depth += 1
                unknown = (m & unexplored).bit_count()
                known = m.bit_count() - unknown
                sizes.append((known, unknown))
                known_sum += known
                unknown_sum += unknown
                sums.append((known_sum, unknown_sum))
            found = (limit, layers, sizes, sums, looked)
            t.b.keep(key, found, looked)
            return found
        layers, looked = _layers_leaping(masks, start, limit, jumps)
        unexplored = masks[3]
        for m in layers:  # a plain loop: a comprehension is a call
            unknown = (m & unexplored).bit_count()
            known = m.bit_count() - unknown
            sizes.append((known, unknown))
            known_sum += known
            unknown_sum += unknown
            sums.append((known_sum, unknown_sum))
        found = (limit, layers, sizes, sums, looked)
        t.b.keep(key, found, looked)
    return found


class _Moves:
    """The seat's moves in a decision: whether it pays the energy of ``n`` cells entered plus a
    surcharge (the hand's answer, ``_Hand``)."""

    __slots__ = ("bag", "pays")

    def __init__(self, t: _Turn) -> None:
        self.bag = bool(t.state.bag)
        self.pays = t.h.pays

    def can(self, energy: int, sur: int) -> bool:
        bit = _MOVE_BITS.get((energy, sur))
        if bit is None:
            bit = _MOVE_BITS[(energy, sur)] = _bit(Cost(energy=energy, any=sur))
        return bool(self.pays(bit))


# the bits (``_bit``) of the move prices: (energy, surcharge)
_MOVE_BITS: dict[tuple[int, int], int] = {}


def _count_move(t: _Turn) -> int:
    if not t.fleets:
        return 0
    forms = t.all_forms.get("move-fleet", t.no_forms)
    if not forms:
        return 0
    state, p = t.state, t.player
    rate = state.params.exchange_rate
    reach = p.energy + p.food // rate + p.matter // rate  # fleet.energy_reach
    bag = bool(state.bag)
    plain = True
    if forms is not _PLAIN:
        for _, sur in forms:
            if sur:
                plain = False
    if plain:  # no surcharge: the count is the board's, the reach's (kept with the board)
        kept = t.b.memo.get(("moves", reach, bag, t.kinds))
        if kept is not None:
            t.move_rows = kept[1]
            count: int = kept[0]
            return count
    memo = t.b.tmemo  # the seat's technologies
    rules: MoveRules | None = memo.get("rules")
    if rules is None:
        rules = memo["rules"] = moving.move_rules(state, t.seat)
    moves = _Moves(t) if not plain else None
    t.move_rows = rows = []
    cells = state.cells
    total = 0
    looked = t.b.own  # the cells the count reads: the seat's fleets and what their searches looked at
    for i in t.fleets:
        level = cells[i].fleet_level
        key = ("limit", level, reach)
        limit = memo.get(key)
        if limit is None:
            limit = memo[key] = _limit(rules, level, reach)
        if not limit:
            continue
        _, layers, sizes, sums, searched = _reached(t, i, limit, rules.jumps)
        looked |= searched
        costs: tuple[int, ...] = ()  # the energy per cells entered: read with a surcharge only
        if moves is not None:
            costs = memo.get(("costs", level)) or ()
            if not costs:
                costs = memo[("costs", level)] = _step_costs(rules, level)
        for via, sur in forms:
            if not sur:  # every move within ``limit`` is paid: the energy is at most the reach
                known, unknown = sums[min(limit, len(sizes))]
                n = known + unknown if bag else known
            else:
                assert moves is not None
                n = 0
                for depth, (known, unknown) in enumerate(sizes[:limit], 1):
                    if (known or (bag and unknown)) and moves.can(costs[depth], sur):
                        n += known + unknown if bag else known
            if n:
                rows.append((i, via, sur, n, limit, costs, layers if len(layers) <= limit else layers[:limit],
                             moves if sur else None))
                total += n
    if plain:
        t.b.keep(("moves", reach, bag, t.kinds), (total, rows), looked)
    return total


def _pick_move(t: _Turn, k: int) -> Action:
    for start, via, sur, n, _, costs, layers, moves in t.move_rows:
        if k < n:
            mask = 0
            for depth, layer in enumerate(layers, 1):  # up to the limit
                if moves is None or moves.can(costs[depth], sur):  # None: no surcharge, all paid
                    mask |= layer
            if not t.state.bag:
                mask &= ~t.masks()[3]
            for _ in range(k):  # the ``k``-th destination in cell order: the lowest cell left
                mask &= mask - 1
            return Move(CELLS[start], CELLS[(mask & -mask).bit_length() - 1], (), via)
        k -= n
    raise IndexError(k)


# --- research and Use Technology -------------------------------------------------------------


def _research_found(t: _Turn) -> ResearchRows:
    """``_research_rows`` of the seat, kept with its technologies."""
    tmemo = t.b.tmemo
    found: ResearchRows | None = tmemo.get("research")
    if found is None:  # the seat's role and technologies held (not the clone's copy)
        p = t.player
        assert p.role is not None
        found = tmemo["research"] = _research_rows(p.role, frozenset(p.techs))
    return found


# a role's research actions with their prices' bits, the bits together, how many are paid per
# mask of the prices paid, and how many actions have each price's bit
ResearchRows = tuple[tuple[tuple[Research, int], ...], int, dict[int, int], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=4096)
def _research_rows(role: str, held: frozenset[str]) -> ResearchRows:
    """The research actions of a role holding ``held`` (``legality._researchable``), each with its
    price's bit (``_bit``); the bits together; how many of them the hand pays per mask of the
    prices paid (filled in as hands ask); how many there are per price's bit: kept across
    decisions and games."""
    prices = {cost: _bit(cost) for cost in _research_prices(role, held)}
    rows = tuple((r, prices[CONTENT.techs[r.tech].cost]) for r in legality._researchable(role, held))
    groups: dict[int, int] = {}
    for _, bit in rows:
        groups[bit] = groups.get(bit, 0) + 1
    return rows, _bits_of(rows), {}, tuple(groups.items())


def _pick_research(t: _Turn, k: int) -> Action:
    """``list_research``'s ``k``-th action: the research actions whose price the hand pays (asked
    by the count), in order."""
    rows, mask, _, _ = _research_found(t)
    paid = t.h.paid & mask
    for r, bit in rows:
        if paid & bit:
            if not k:
                return r
            k -= 1
    raise IndexError(k)


@lru_cache(maxsize=512)
def _ball(index: int, reach: int) -> int:
    """Mask of the cells 1 to ``reach`` steps from ``index``."""
    seen = frontier = 1 << index
    for _ in range(reach):
        grown = 0
        for i in range(len(CELLS)):
            if frontier >> i & 1:
                grown |= NEIGH_MASK[i]
        frontier = grown & ~seen
        seen |= frontier
    return seen & ~(1 << index)


def _near_own(t: _Turn, reach: int) -> tuple[Callable[[int], bool], int]:
    """``turn.near_own`` for every cell at once: within ``reach`` of a cell (another one) holding
    the seat's fleet or colony; the mask of the cells within ``reach`` of one (no other cell is
    near)."""
    pieces = sorted({*t.own_cols, *t.fleets})
    union = 0
    for p in pieces:
        union |= _ball(p, reach)

    def near(i: int) -> bool:
        if i not in pieces:
            return bool(union >> i & 1)
        return any(_ball(p, reach) >> i & 1 for p in pieces if p != i)

    return near, union


def _count_use(t: _Turn) -> int:
    if not t.research:
        return 0
    n = 0
    for k, (_, e) in enumerate(_use_effects(t.b.tmemo["facts"][1])):  # the technologies in force
        if isinstance(e, Terraform):
            payable = _payable_bits(t, e.price)
            for have in _use_places(t, k, e):  # the payable symbols (each once) the planet lacks
                n += (payable & ~have).bit_count()
        elif isinstance(e, Annihilate):
            n += _use_places(t, k, e)
        elif isinstance(e, Accrete):
            places = _use_places(t, k, e)
            if places:
                n += places * len(_payable(t, e.price))
        elif isinstance(e, Probe):
            n += bool(t.state.bag) and t.b.read.unexplored != 0  # an unexplored cell
        elif isinstance(e, Erase):
            n += len(CONTENT.techs)
    return n


def _pick_use(t: _Turn, k: int) -> Action:
    """``list_use``'s ``k``-th action, in its order (counted as ``_count_use``): the technologies
    sorted, each one's effects in card order; Terraform by colonized planet in cell order, then
    symbol; Annihilate by cell; Accrete by cell, then symbol; Probe; Erase by technology."""
    cells = t.state.cells
    for n, (tech, e) in enumerate(_use_effects(t.b.tmemo["facts"][1])):  # the technologies in force
        if isinstance(e, Terraform):
            payable = _payable(t, e.price)
            for i in t.own_cols:
                if cells[i].tile != "planet":
                    continue
                have = cells[i].all_symbols
                lacking = [s for s in payable if s not in have]
                if k < len(lacking):
                    return UseTech(tech, CELLS[i], lacking[k])
                k -= len(lacking)
        elif isinstance(e, Annihilate):
            size = _use_places(t, n, e)
            if k < size:
                near, _ = _near_own(t, e.reach)
                found = [i for i, c in enumerate(cells) if c.tile == "planet" and c.colony is None
                         and c.fleet is None and near(i)]
                return UseTech(tech, CELLS[found[k]])
            k -= size
        elif isinstance(e, Accrete):
            places = _use_places(t, n, e)
            payable = _payable(t, e.price) if places else []
            size = places * len(payable)
            if k < size:
                near, _ = _near_own(t, e.reach)
                found = [i for i, c in enumerate(cells) if c.tile == "destroyed" and near(i)]
                place, symbol = divmod(k, len(payable))
                return UseTech(tech, CELLS[found[place]], payable[symbol])
            k -= size
        elif isinstance(e, Probe):
            if t.state.bag and None in t.b.tiles:
                if not k:
                    return UseTech(tech)
                k -= 1
        elif isinstance(e, Erase):
            if k < len(CONTENT.techs):
                return UseTech(tech, target=list(CONTENT.techs)[k])
            k -= len(CONTENT.techs)
    raise IndexError(k)


def _payable(t: _Turn, price: int) -> list[str]:
    """The symbols whose price (``_symbol_prices``) the hand pays, in ``SYMBOLS`` order."""
    rows = _symbol_bits(price)
    h, mask = t.h, rows[0]
    paid = h.paid & mask if not mask & ~h.asked else h.pays(mask)  # ``pays`` made short
    found = rows[2].get(paid)
    if found is None:
        found = rows[2][paid] = [s for s, bit in rows[1] if bit & paid]
    return found


def _payable_bits(t: _Turn, price: int) -> int:
    """``_payable``'s symbols as bits (``_SYMBOL_BITS``)."""
    rows = _symbol_bits(price)
    h, mask = t.h, rows[0]
    paid = h.paid & mask if not mask & ~h.asked else h.pays(mask)  # ``pays`` made short
    found = rows[3].get(paid)
    if found is None:
        found = 0
        for s, bit in rows[1]:
            if bit & paid:
                found |= _SYMBOL_BITS[s]
        rows[3][paid] = found
    return found


# a bit per symbol a price may be asked for (``_symbol_prices``: ``SYMBOLS``), for Terraform's count
_SYMBOL_BITS: dict[str, int] = {s: 1 << k for k, s in enumerate(SYMBOLS)}


@lru_cache(maxsize=64)
def _symbol_bits(price: int) -> tuple[int, tuple[tuple[str, int], ...], dict[int, list[str]], dict[int, int]]:
    """``_symbol_prices`` as bits (``_bit``): all of them, each symbol's, and the symbols paid
    per mask of the prices paid, as a list and as bits (``_SYMBOL_BITS``; filled in as hands ask)."""
    rows = tuple((s, _bit(cost)) for s, cost in _symbol_prices(price))
    return _bits_of(rows), rows, {}, {}


def _use_places(t: _Turn, k: int, e: Effect) -> Any:
    """Where the ``k``-th Use Technology effect acts (kept with the board): Terraform, the
    symbols of each planet the seat colonized; Annihilate, how many planets it may destroy;
    Accrete, how many destroyed planets it may make again."""
    memo = t.b.memo
    found = memo.get(("use", k))
    if found is not None:
        return found
    cells = t.state.cells
    looked = t.b.own  # the cells read: the seat's pieces, and (Annihilate, Accrete) the cells near them
    if isinstance(e, Terraform):  # each planet's symbols as bits (``_SYMBOL_BITS``)
        found = []
        for i in t.own_cols:
            if cells[i].tile == "planet":
                have = 0
                for symbol in cells[i].all_symbols:
                    have |= _SYMBOL_BITS.get(symbol, 0)  # another symbol is never a payable one
                found.append(have)
    else:  # in masks: a cell that holds none of the seat's pieces is near when within reach of one
        assert isinstance(e, Annihilate | Accrete)
        read, own = t.b.read, t.b.own
        around = 0  # the cells within reach of a piece of the seat (``_near_own``)
        rest = own
        while rest:
            low = rest & -rest
            rest ^= low
            around |= _ball(low.bit_length() - 1, e.reach)
        looked |= around
        if isinstance(e, Annihilate):  # a planet without a colony or a fleet: none of the seat's pieces
            taken = 0
            for colonies in read.colonies:
                taken |= colonies
            for fleets in read.fleets:
                taken |= fleets
            found = (read.planets & ~taken & around).bit_count()
        else:  # a destroyed planet; one holding a piece of the seat is near another one's
            found = (read.destroyed & ~own & around).bit_count()
            inside = read.destroyed & own
            if inside:
                near, _ = _near_own(t, e.reach)
                found += sum(1 for i in range(len(cells)) if inside >> i & 1 and near(i))
    t.b.keep(("use", k), found, looked)
    return found


# --- the small ones --------------------------------------------------------------------------


def _pick_exchange(t: _Turn, k: int) -> Action:
    return _nth_exchange(t.state, t.seat, k)


def _count_gift(t: _Turn) -> int:
    return len(legality.list_gift(t.state, t.seat)) if t.state.params.ally_variant else 0


def _lister(cls: type[Action]) -> Callable[[_Turn, int], Action]:
    """Take the ``k``-th action of ``cls`` from its lister (built for that type alone)."""
    lister = legality.LISTERS[cls]

    def pick(t: _Turn, k: int) -> Action:
        return LegalActions(lister(t.state, t.seat))[k]

    return pick


PICKERS: dict[type[Action], Callable[[_Turn, int], Action]] = {
    BuildColony: _pick_colony, UpgradeColony: _pick_grow, BuildFleet: _pick_fleet, UpgradeFleet: _pick_refit,
    Harvest: _pick_harvest, Move: _pick_move, Research: _pick_research,
    UseTech: _pick_use, Compile: lambda t, k: Compile(RES[k]), Exchange: _pick_exchange,
    Gift: _lister(Gift), End: lambda t, k: End(),
}

# the turn's action types in the listing's order: their pickers (``_Turn`` counts every type
# itself, the last four being Compile, Exchange, Gift, End; with neither a base nor a research
# action left, only the exchanges, the gifts and the end)
_PICKERS: tuple[Callable[[_Turn, int], Action], ...] = tuple(PICKERS[cls] for cls in legality.ALLOWED["turn"])
assert legality.ALLOWED["turn"][-4:] == (Compile, Exchange, Gift, End)
