"""Setup, role choice, the bidding phase, turn order, and the end of rounds and of the game
(SET 54-58, BID 63-70, END 140-150, ALLY 156-166)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from starlanes.core.actions import Action
from starlanes.core.rng import Rng
from starlanes.core.state import Event
from starlanes.games.kardashev.actions import Arrange, Bid, ChooseRole, Pick
from starlanes.games.kardashev.board import exploration_cells
from starlanes.games.kardashev.events import (
    SILENT,
    BidsRevealed,
    Built,
    GameOver,
    Picked,
    RoleChosen,
    RoundBegun,
    TilesDrawn,
    TurnBegun,
    quiet,
)
from starlanes.games.kardashev.rules.common import (
    BOARD,
    CELLS,
    CONTENT,
    INDEX,
    RES,
    check_end,
    holdings,
    offer_gain,
    scores,
    table,
    teams,
)
from starlanes.games.kardashev.scoring import decide
from starlanes.games.kardashev.spec import KardashevParams
from starlanes.games.kardashev.state import Cell, KardashevState, Offer, Player, Task, cell_order


def setup(params: KardashevParams, players: int, rng: Rng) -> KardashevState:
    """The board, the seats at their corners, the shuffled bag; roles are chosen next (K-S01..K-S07)."""
    if params.ally_variant and players not in BOARD.allies:
        valid = " or ".join(str(n) for n in sorted(BOARD.allies))
        raise ValueError(f"the ally variant is for {valid} players, not {players}")
    corners = BOARD.starts(players)
    team_of = list(range(players))
    if params.ally_variant:
        for t, (a, b) in enumerate(BOARD.teams(players)):
            team_of[a] = team_of[b] = t
    cells = [Cell(q=q, r=r, zone=BOARD.zone((q, r))) for q, r in cell_order(BOARD)]
    start = params.starting_hand
    seats = [
        Player(corner=c.name, team=team_of[i], food=start.food, matter=start.matter, energy=start.energy,
               colonies_supply=params.supply_colonies, fleets_supply=params.supply_fleets)
        for i, c in enumerate(corners)
    ]
    bag = [k for k, kind in enumerate(CONTENT.bag) for _ in range(kind.count)]
    rng.shuffle(bag)
    order = list(range(players))
    rng.shuffle(order)
    return KardashevState(players=players, rng=rng, params=params, cells=cells, seats=seats, bag=bag,
                          role_order=order)


def choose_role(state: KardashevState, seat: int, action: ChooseRole) -> list[Event]:
    """A seat takes a role and its starting tiles (K-S01, K-S02, A#10); its pieces are arranged
    next (at once when there is nothing to choose)."""
    role = CONTENT.role(action.role)
    assert role is not None
    p = state.seats[seat]
    p.role = role.key
    corner = BOARD.corners[p.corner]
    spots = [INDEX[corner.corner], INDEX[corner.inner]]
    for index, symbols in zip(spots, (role.start_corner, role.start_inner), strict=True):
        c = state.cells[index]
        c.tile, c.symbols, c.back = "planet", list(symbols), "destroyed"
    offer_gain(state, seat, RES, "role:extra-resources", optional=False, amount=role.extra_resources)
    p.free_techs = role.free_techs
    p.placed = False
    events = [RoleChosen(seat, role.key).event()]
    if arrangements(state, seat) == [("corner", "corner")]:
        events += arrange(state, seat, Arrange())
    return events


def arrangements(state: KardashevState, seat: int) -> list[tuple[str, str]]:
    """Where ``seat`` may put its starting colony and fleet: a single piece on either tile, two
    pieces one on each (K-S03, A#10)."""
    role = CONTENT.roles[state.seats[seat].role or ""]
    colonies = ("corner", "inner") if len(role.colonies) == 1 else ("corner",)
    fleets = ("corner", "inner") if len(role.fleets) == 1 else ("corner",)
    return [(c, f) for c in colonies for f in fleets]


def arrange(state: KardashevState, seat: int, action: Arrange) -> list[Event]:
    """Place the role's starting pieces (K-S03)."""
    p = state.seats[seat]
    role = CONTENT.roles[p.role or ""]
    corner = BOARD.corners[p.corner]
    spots = {"corner": INDEX[corner.corner], "inner": INDEX[corner.inner]}
    other = {"corner": "inner", "inner": "corner"}
    events: list[Event] = []
    for levels, first, piece in ((role.colonies, action.colony, "colony"), (role.fleets, action.fleet, "fleet")):
        for where, level in zip((first, other[first]), levels, strict=False):
            c = state.cells[spots[where]]
            if piece == "colony":
                c.colony, c.colony_level = seat, level
                p.colonies_supply -= level
            else:
                c.fleet, c.fleet_level = seat, level
                p.fleets_supply -= level
            events.append(Built(seat, piece, list(CELLS[spots[where]]), level, False).event())
    p.placed = True
    if all(s.role is not None for s in state.seats) and not state.tasks:
        events += after_setup(state)
    return events


def arranger(state: KardashevState) -> int | None:
    for seat in state.role_order:
        if state.seats[seat].role is not None and not state.seats[seat].placed:
            return seat
    return None


def roles_left(state: KardashevState) -> list[str]:
    taken = {p.role for p in state.seats}
    return [key for key in CONTENT.roles if key not in taken]


def role_chooser(state: KardashevState) -> int | None:
    for seat in state.role_order:
        if state.seats[seat].role is None:
            return seat
    return None


def free_tech_seat(state: KardashevState) -> int | None:
    for seat in state.role_order:
        if state.seats[seat].free_techs > 0:
            return seat
    return None


def after_setup(state: KardashevState) -> list[Event]:
    """Once every role, extra resource and free technology is settled, the first round begins."""
    if role_chooser(state) is not None or arranger(state) is not None or free_tech_seat(state) is not None \
            or state.tasks:
        return []
    return start_round(state)


# --- the round -------------------------------------------------------------------------------


def active_seats(state: KardashevState) -> list[int]:
    return [s for s, p in enumerate(state.seats) if not p.eliminated]


def start_round(state: KardashevState) -> list[Event]:
    """Draw and reveal one tile per player (as far as the bag and the board allow, A#9) and open
    the sealed bids (K-B01, K-B02)."""
    if state.last_round and state.round >= state.last_round:
        return finish(state, "the end was triggered")
    if state.round >= state.params.round_limit:
        return finish(state, f"the round limit ({state.params.round_limit}) was reached")
    state.round += 1
    state.phase = "bid"
    state.offer, state.bids, state.rolls, state.rank, state.pickers = [], [], [], [], []
    state.slots, state.order, state.picked, state.turn = [], [], 0, 0
    active = []  # ``active_seats``
    for seat, p in enumerate(state.seats):
        if not p.eliminated:
            active.append(seat)
    count = min(len(active), len(state.bag))
    if count:  # as many unexplored cells as there are, up to ``count``: the cells read until found
        tiles = map(_TILE, state.cells)
        found = 0
        while found < count and None in tiles:  # each ``in`` goes on past the last one found
            found += 1
        count = found
    shift = (state.round - 1) % len(active)
    drawers = (active[shift:] + active[:shift])[:count]
    for seat in drawers:
        kind = CONTENT.bag[state.bag.pop(0)]
        state.offer.append(Offer(symbols=list(kind.symbols), back=kind.back, drawer=seat))
    final = bool(state.last_round) and state.round == state.last_round
    if quiet():
        return [SILENT, SILENT]
    return [
        RoundBegun(state.round, final).event(),
        TilesDrawn([o.symbols for o in state.offer], drawers).event(reveals=True),
    ]


def bid_range(state: KardashevState, seat: int) -> int:
    """The highest bid ``seat`` may make: its cards, at most ``max_bid`` (K-B02, A#4)."""
    p = state.seats[seat]
    return min(state.params.max_bid, p.food + p.matter + p.energy)


def resolve_bids(state: KardashevState, moves: Mapping[int, Action]) -> list[Event]:
    """Reveal the bids, break ties with dice, rank the sides (K-B02, K-B03; ally: K-V02)."""
    if not state.params.ally_variant:
        found = _ranked_alone(state, moves)
        if found is not None:
            return found
    bids = [-1] * state.players
    by_team: dict[int, list[int]] = {}  # the bidders of each team (``teams``' sides), in seat order
    for seat, p in enumerate(state.seats):
        if not p.eliminated:  # ``active_seats``
            action = moves.get(seat)
            bid = bids[seat] = action.amount if isinstance(action, Bid) else 0
            if bid < 0:
                continue
            side = by_team.get(p.team)
            if side is None:
                by_team[p.team] = [seat]
            else:
                side.append(seat)
    state.bids = bids
    sides = [by_team[team] for team in sorted(by_team)]
    total: dict[int, int] = {}
    groups: dict[int, list[int]] = {}
    any_tie = False
    for i, side in enumerate(sides):
        t = 0
        for s in side:
            t += bids[s]
        total[i] = t
        group = groups.get(t)
        if group is None:
            groups[t] = [i]
        else:
            group.append(i)
            any_tie = True
    rolls = [0] * state.players
    keys: dict[int, list[int]] = {i: [total[i]] for i in total} if any_tie else {}
    stack = [g for g in groups.values() if len(g) > 1] if any_tie else []
    while stack:  # tied sides roll, and roll again while still tied (K-B03)
        tied = stack.pop()
        drawn = {i: state.rng.die(6) for i in tied}
        by_roll: dict[int, list[int]] = {}
        for i, r in drawn.items():
            keys[i].append(r)
            rolls[sides[i][0]] = r
            by_roll.setdefault(r, []).append(i)
        stack.extend(g for g in by_roll.values() if len(g) > 1)
    # the highest total first; tied totals by their rolls (no tie: the totals alone, all different)
    order = sorted(total, key=lambda i: [-v for v in keys[i]]) if any_tie else sorted(total, key=total.__getitem__,
                                                                                  reverse=True)
    state.rolls = rolls
    if state.params.ally_variant:
        state.rank = [state.seats[sides[i][0]].team for i in order]
    else:
        state.rank = [sides[i][0] for i in order]
    state.pickers = [s for i in order for s in sides[i]]
    state.phase = "pick"
    state.slots = [-1] * len(state.pickers) if not state.params.ally_variant else []
    events = [SILENT if quiet() else BidsRevealed(bids, rolls, state.rank, list(state.pickers)).event(reveals=True)]
    return events + auto_pick(state)


def _ranked_alone(state: KardashevState, moves: Mapping[int, Action]) -> list[Event] | None:
    """``resolve_bids`` outside the ally variant when every bidder is a side of its own (its own
    team) and no two bids are equal: no die is rolled, the bidders are ranked by their bids alone
    (as ``resolve_bids``' sides are, by their totals); None when two teams or two bids are the
    same (``resolve_bids`` ranks them)."""
    bids = [-1] * state.players
    bidders: list[int] = []
    teams = amounts = 0  # the teams and the bids seen (bits)
    for seat, p in enumerate(state.seats):
        if not p.eliminated:  # ``active_seats``
            action = moves.get(seat)
            bid = bids[seat] = action.amount if isinstance(action, Bid) else 0
            if bid < 0:
                continue
            if teams >> p.team & 1 or amounts >> bid & 1:
                return None
            teams |= 1 << p.team
            amounts |= 1 << bid
            bidders.append(seat)
    bidders.sort(key=bids.__getitem__, reverse=True)
    rolls = [0] * state.players
    state.bids = bids
    state.rolls = rolls
    state.rank = bidders
    state.pickers = pickers = list(bidders)
    state.phase = "pick"
    state.slots = [-1] * len(pickers)
    events = [SILENT if quiet() else BidsRevealed(bids, rolls, bidders, list(pickers)).event(reveals=True)]
    return events + auto_pick(state)


def side_of(state: KardashevState, seat: int) -> list[int]:
    if state.params.ally_variant:
        return [s for s in state.pickers if state.seats[s].team == state.seats[seat].team]
    return [seat]


def price_of(state: KardashevState, seat: int) -> int:
    """What ``seat`` pays for its pick: the next lower side's bid (second price, K-B05); the last
    side pays nothing (K-B06). Ally variant: the team's price split by the members' bids (A#45)."""
    if not state.params.ally_variant:  # one seat a side: the next picker's bid
        pickers = state.pickers
        k = pickers.index(seat) + 1
        return max(0, state.bids[pickers[k]]) if k < len(pickers) else 0
    side = side_of(state, seat)
    side_bid = sum(max(0, state.bids[s]) for s in side)
    later = [s for s in state.pickers[state.pickers.index(side[-1]) + 1:]]
    if not later:
        return 0
    nxt = side_of(state, later[0])
    price = sum(max(0, state.bids[s]) for s in nxt)
    if len(side) == 1 or side_bid == 0:
        return price if seat == side[0] else 0
    shares = [price * max(0, state.bids[s]) // side_bid for s in side]
    rest = price - sum(shares)
    high = max(side, key=lambda s: (state.bids[s], -s))
    shares[side.index(high)] += rest
    return shares[side.index(seat)]


def free_slots(state: KardashevState) -> list[int]:
    return [i + 1 for i, s in enumerate(state.slots) if s < 0]


def free_tiles(state: KardashevState) -> list[int]:
    return [i + 1 for i, o in enumerate(state.offer) if o.taker is None]


def picker(state: KardashevState) -> int:
    return state.pickers[state.picked]


def pick(state: KardashevState, seat: int, action: Pick) -> list[Event]:
    """Take a turn slot and a tile, paying the next lower bid to the drawer or the bank (K-B04, K-B05)."""
    if action.slot:
        state.slots[action.slot - 1] = seat
    to = -1
    if action.tile:
        offer = state.offer[action.tile - 1]
        offer.taker = seat
        state.seats[seat].tile = action.tile - 1
        if state.seats[offer.drawer].team != state.seats[seat].team:
            to = offer.drawer
    p = state.seats[seat]
    price = min(price_of(state, seat), p.food + p.matter + p.energy)
    if price:
        state.tasks.append(Task(kind="pay", seat=seat, reason="bid", amount=price, to=to))
    state.picked += 1
    events = [SILENT if quiet() else Picked(seat, action.slot, action.tile, price, to).event()]
    return events + auto_pick(state)


def auto_pick(state: KardashevState) -> list[Event]:
    """The last picker takes what is left, for nothing (K-B06); then the turns begin (K-B07)."""
    if state.picked == len(state.pickers) - 1:
        seat = state.pickers[-1]
        slot = tile = 0  # the first of ``free_slots`` and of ``free_tiles``, or 0
        for i, taken in enumerate(state.slots):
            if taken < 0:
                slot = i + 1
                break
        for i, offer in enumerate(state.offer):
            if offer.taker is None:
                tile = i + 1
                break
        return pick(state, seat, Pick(slot, tile))
    if state.picked < len(state.pickers):
        return []
    if state.params.ally_variant:
        state.order = [s for s in range(state.players) if not state.seats[s].eliminated]
    else:
        state.order = list(state.slots)
    state.phase = "turn"
    state.turn = 0
    return begin_turn(state)


def begin_turn(state: KardashevState) -> list[Event]:
    """The next seat's turn: skip eliminated seats; a held tile with no cell left is discarded (A#9)."""
    while state.turn < len(state.order) and state.seats[state.order[state.turn]].eliminated:
        state.turn += 1
    if state.turn >= len(state.order):
        return end_round(state)
    seat = state.order[state.turn]
    # the turn's counts back to none, each written only when it is not (a state's field costs
    # more to write than to read)
    if state.base_used:
        state.base_used = 0
    if state.research_used:
        state.research_used = 0
    if state.moved_gain:
        state.moved_gain = False
    p = state.seats[seat]
    if p.tile is not None and None not in map(_TILE, state.cells):
        p.tile = None  # no cell left to place it on (``placeable``: none while none is unexplored)
    return [SILENT if quiet() else TurnBegun(seat, state.round).event()]


def placeable(state: KardashevState) -> list[int]:
    """The cells a won or drawn tile may be placed on (``_cells_to_place``)."""
    return _cells_to_place(list(map(_TILE, state.cells)), state.params.blue_threshold)


_TILE = attrgetter("tile")


# the blue cells' indices, in cell order
_BLUE: tuple[int, ...] = tuple(sorted(INDEX[h] for h in BOARD.blue))


def _cells_to_place(tiles: Sequence[str | None], blue_threshold: int) -> list[int]:
    """``exploration_cells`` in cell numbers, in cell order (a test checks they agree): the
    unexplored blue cells while more than ``blue_threshold`` of them are left, then every
    unexplored cell. Worked out each time: the board is seldom the same twice (a look-up kept
    per set of tiles missed nine times in ten)."""
    blue = [i for i in _BLUE if tiles[i] is None]
    if len(blue) > blue_threshold:
        return blue
    return [i for i, tile in enumerate(tiles) if tile is None]


def _placeable(tiles: tuple[str | None, ...], blue_threshold: int) -> tuple[int, ...]:
    """``_cells_to_place`` as a tuple (``placeable_plain``'s form, for the tests)."""
    return tuple(_cells_to_place(tiles, blue_threshold))


def placeable_plain(tiles: tuple[str | None, ...], blue_threshold: int) -> tuple[int, ...]:
    """``_placeable`` read through ``exploration_cells`` (the tests' reference)."""
    explored = frozenset(CELLS[i] for i, tile in enumerate(tiles) if tile is not None)
    return tuple(sorted(INDEX[h] for h in exploration_cells(BOARD, explored, blue_threshold)))


def end_turn(state: KardashevState) -> list[Event]:
    p = state.seats[state.order[state.turn]]  # ``state.active``: a turn's end is in the turn phase
    if p.tile is not None:
        p.tile = None
    state.turn += 1
    check_end(state, True)  # an end of a turn (End, a gift) changes no piece on the board
    return begin_turn(state)


def end_round(state: KardashevState) -> list[Event]:
    check_end(state, True)  # after an end of a turn, a bid or a pick: no piece on the board changed
    for p in state.seats:
        if p.tile is not None:
            p.tile = None
    return start_round(state)


def finish(state: KardashevState, reason: str) -> list[Event]:
    """The game ends: score and name the winners (K-E04, K-E05, K-V09)."""
    state.phase = "over"
    state.ended = reason
    if quiet():  # no event built: the scores and winners, read for it only, are not worked out
        return [SILENT]
    result = decide({s: holdings(state, s) for s in range(state.players)}, table=table(state),
                    tiebreak=state.params.tiebreak, teams=teams(state))
    return [GameOver(reason, scores(state), sorted(result.winners)).event()]
