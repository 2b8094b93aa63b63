"""The legal actions of a space-risk seat: the list, its count and a draw from it.

The list's order is part of the game's record (seeded random players pick from it by index):
claims; placements (``place T`` for every territory, then the bigger counts); trades; attacks
from land, then from ships; builds; per ship its flights, loads and unloads; consolidations;
``end``.

What is allowed comes from ``legality``'s rules (``land_targets``, ``place_most`` and the rest),
the functions ``why_not`` asks, so the list and the predicate agree
(``tests/games/space_risk/test_legality.py``).

``count_legal`` and ``sample_legal`` count the list and draw from it without building it (issue
16: random players and search playouts draw): the main step is walked as segments in list
order, and the hot loops write the tests of ``land_targets``, ``fortify_most``, ``build_reason``,
``fly_reason``, ``load_most`` and ``unload_most`` out; a draw is the list's entry at one
``randint`` over the count, so a player that draws plays the same game as one that picks from
the list (``tests/games/space_risk/test_speed_sampling.py``, ``tests/ai/test_speed_draws.py``).
Search playouts (``playout.py``) walk the placements and the main step the same way from the
land each seat holds, and use ``draw``, ``dice_table``, ``middle_segments``, ``segment_action``
and ``set_trades`` from here.
"""

from __future__ import annotations

from typing import Any, cast

from starlanes.core import Action, ActionTemplate, Rng
from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk.actions import (
    Attack,
    Build,
    Claim,
    End,
    Fly,
    Fortify,
    Load,
    MoveIn,
    Place,
    Trade,
    Unload,
)
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.legality import land_targets, place_most
from starlanes.games.space_risk.rules.cards import must_trade
from starlanes.games.space_risk.rules.common import (
    board_of,
    dice_rules,
    flying_time,
    kinds_make_set,
    move_in_choice,
)
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import (
    CLAIM,
    DEPLOY,
    MAIN,
    REINFORCE,
    TRANSPORT,
    SpaceRiskState,
)

__all__ = [
    "count_legal",
    "dice_table",
    "draw",
    "legal_actions",
    "middle_segments",
    "sample_legal",
    "segment_action",
    "set_trades",
]

# ------------------------------------------------------------------------------ the list

Listed = list[Action | ActionTemplate]

# The main step is listed as segments, in list order, so the list, the count and a draw come
# from one walk and cannot disagree: ``(size, kind, a, b, c)``, where ``kind`` says what the
# ``size`` actions of the segment are (issue 16: counting and drawing build no list).
_ONE = 0  # ``a`` is the action itself (size 1)
_FAMILY = 1  # attack a -> b: one roll, all=yes, then dice=c, c-1, .., 1 (size 2 + c)
_FORTIFY = 2  # fortify a -> b, count=1..c (size c)
_LOAD = 3  # load ship a from b, count=1..c (size c)
_UNLOAD = 4  # unload ship a onto b, count=1..c (size c)

_BUILD = 5  # build at planet a a ship of kind b (size 1)
_FLY = 6  # ship a flies to b (size 1)
_FIGHT = 7  # ship a attacks the ships in b: the most dice (one), then dice=1 (size 2)

_COUNTED: dict[int, type[Fortify | Load | Unload]] = {_FORTIFY: Fortify, _LOAD: Load, _UNLOAD: Unload}

Segment = tuple[int, int, Any, Any, int]


def legal_actions(state: SpaceRiskState, seat: int) -> Listed:
    """Every action ``seat`` (the seat to act) may take now, in the order described above;
    counts and dice are templates with ranges (``move N`` for N in 1..K), expanded lazily."""
    board = board_of(state)
    phase = state.phase
    owner = state.owner
    names = board.names
    choice = move_in_choice(state)
    if choice is not None:
        return [ActionTemplate(MoveIn, count=range(1, choice.most + 1))]
    if phase == CLAIM:
        return [Claim(names[t]) for t in range(board.land_count) if owner[t] < 0]
    if phase == DEPLOY:
        return _places(state, board, seat)
    if phase == REINFORCE:
        trades = set_trades(state, board, seat)
        return trades if must_trade(state, board, seat) else trades + _places(state, board, seat)
    if phase != MAIN:
        return []
    out: Listed = []
    for _, kind, a, b, c in _main_segments(state, board, seat)[0]:
        if kind == _ONE:
            out.append(a)
        elif kind == _BUILD:
            out.append(Build(a, b))
        elif kind == _FLY:
            out.append(Fly(a, b))
        elif kind == _FIGHT:
            out.append(Attack(a, b))  # space combat: always one die
            out.append(Attack(a, b, 1))
        elif kind == _FAMILY:
            out.append(Attack(a, b))  # the most dice allowed
            out.append(Attack(a, b, all=True))  # again until it falls or nobody is left
            out.append(ActionTemplate(Attack, a, b, dice=range(c, 0, -1)))
        else:
            out.append(ActionTemplate(_COUNTED[kind], a, b, count=range(1, c + 1)))
    return out


_LINKS: dict[int, tuple[Board, tuple[tuple[tuple[int, str], ...], ...]]] = {}


def _land_links(board: Board) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Per land territory its land neighbours with their names (once per loaded board)."""
    known = _LINKS.get(id(board))
    if known is None or known[0] is not board:
        links = tuple(tuple((t, board.names[t]) for t in board.land_adj[s]) for s in range(board.land_count))
        known = _LINKS[id(board)] = (board, links)
    return known[1]


def _main_segments(state: SpaceRiskState, board: Board, seat: int) -> tuple[list[Segment], int]:
    """The main step's legal actions as segments, in list order, and their total: attacks from
    land, attacks from ships, builds, per ship its flights, loads and unloads, consolidations,
    ``end``. (The hot loop of random play: the tests of ``land_targets`` and ``fortify_most``
    are written out here for land; ``test_legality`` checks the list against ``why_not``.)"""
    owner = state.owner
    armies = state.armies
    names = board.names
    params = state.params
    table = dice_table(params)
    top = len(table) - 1
    cap = params.max_infantry
    bridge = params.battleship_bridge
    segments: list[Segment] = []
    fortifies: list[Segment] = []
    total = 1  # end
    links = _land_links(board)
    for s in range(board.land_count):
        if owner[s] != seat:
            continue
        able = armies[s] - 1
        if able < 1:
            continue
        most = table[able] if able <= top else table[top]
        source = names[s]
        if bridge:
            for t in land_targets(state, board, seat, s):
                segments.append((2 + most, _FAMILY, source, names[t], most))
                total += 2 + most
        for t, target in links[s]:
            if owner[t] != seat:
                if not bridge:
                    segments.append((2 + most, _FAMILY, source, target, most))
                    total += 2 + most
            else:
                room = cap - armies[t]  # fortify_most: both held and adjacent
                moving = able if able < room else room
                if moving >= 1:
                    fortifies.append((moving, _FORTIFY, source, target, moving))
                    total += moving
    middle = middle_segments(state, board, seat, table)
    segments.extend(middle)
    for segment in middle:
        total += segment[0]
    segments.extend(fortifies)
    segments.append((1, _ONE, End(), None, 0))
    return segments, total


def middle_segments(state: SpaceRiskState, board: Board, seat: int, table: tuple[int, ...]) -> list[Segment]:
    """The segments between the attacks from land and the consolidations: attacks from ships,
    builds (``build_reason``, written out: the usual refusal comes first), ships' moves."""
    segments: list[Segment] = []
    if state.ships:
        _ship_attack_segments(state, board, seat, table, segments)
    owner = state.owner
    rnd = state.round
    interval = state.params.spaceport_interval
    port_used = state.port_used
    for pi, planet in enumerate(board.planets):
        port = planet.port
        if port >= 0 and owner[port] == seat and rnd - port_used[pi] >= interval \
                and owner[planet.launch] in (-1, seat):
            segments.append((1, _BUILD, planet.name, "battleship", 0))
            segments.append((1, _BUILD, planet.name, "transport", 0))
    if state.ships:
        _ship_move_segments(state, board, seat, segments)
    return segments


def _main_draw(state: SpaceRiskState, board: Board, seat: int, rng: Rng) -> Action:
    """``legal_actions(...)[rng.randint(0, count - 1)]`` of the main step, as ``_main_segments``
    orders it, without building it: one pass counts (keeping, per source of attacks, only its
    numbers), then the drawn index is found (issue 16: the hot path of random play)."""
    owner = state.owner
    armies = state.armies
    params = state.params
    table = dice_table(params)
    top = len(table) - 1
    cap = params.max_infantry
    bridge = params.battleship_bridge
    links = _land_links(board)
    land_adj = board.land_adj
    sources: list[tuple[int, int, int, int]] = []  # (territory, dice at most, targets, consolidations)
    families = 0
    fortifies = 0
    for s in [s for s in range(board.land_count) if owner[s] == seat and armies[s] > 1]:
        able = armies[s] - 1
        most = table[able] if able <= top else table[top]
        enemies = 0
        moves = 0
        for t in land_adj[s]:
            if owner[t] != seat:
                enemies += 1
            else:
                room = cap - armies[t]  # fortify_most: both held and adjacent
                if room > 0:
                    moves += able if able < room else room
        if bridge:
            enemies = len(land_targets(state, board, seat, s))
        if enemies or moves:
            sources.append((s, most, enemies, moves))
            families += (2 + most) * enemies
            fortifies += moves
    middle = middle_segments(state, board, seat, table)
    between = 0
    for segment in middle:
        between += segment[0]
    index = draw(rng, families + between + fortifies + 1)
    names = board.names
    if index < families:
        for s, most, enemies, _ in sources:
            size = 2 + most
            if index >= size * enemies:
                index -= size * enemies
                continue
            targets = land_targets(state, board, seat, s) if bridge else \
                [t for t, _ in links[s] if owner[t] != seat]
            target, index = divmod(index, size)
            return segment_action(_FAMILY, names[s], names[targets[target]], most, index)
        raise AssertionError("a draw below the attacks' count is an attack")
    index -= families
    if index < between:
        for size, kind, a, b, c in middle:
            if index < size:
                return segment_action(kind, a, b, c, index)
            index -= size
    index -= between
    if index < fortifies:
        for s, _, _, moves in sources:
            if index >= moves:
                index -= moves
                continue
            able = armies[s] - 1
            for t, held in links[s]:
                if owner[t] == seat:
                    room = cap - armies[t]
                    if room > 0:
                        moving = able if able < room else room
                        if index < moving:
                            return Fortify(names[s], held, index + 1)
                        index -= moving
        raise AssertionError("a draw below the consolidations' count is one")
    return End()


_TABLES: dict[DiceRules, tuple[int, ...]] = {}


def dice_table(params: SpaceRiskParams) -> tuple[int, ...]:
    """``attack_dice_table`` of the game's dice rules, made once per rules."""
    rules = dice_rules(params)
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = dice_mod.attack_dice_table(rules)
    return table


def segment_action(kind: int, a: Any, b: Any, c: int, index: int) -> Action:
    """Action ``index`` of a segment."""
    if kind == _ONE:
        return cast(Action, a)
    if kind == _BUILD:
        return Build(a, b)
    if kind == _FLY:
        return Fly(a, b)
    if kind == _FIGHT:
        return Attack(a, b) if index == 0 else Attack(a, b, 1)
    if kind == _FAMILY:
        if index == 0:
            return Attack(a, b)
        if index == 1:
            return Attack(a, b, all=True)
        return Attack(a, b, c - (index - 2))
    return _COUNTED[kind](a, b, index + 1)


def _places(state: SpaceRiskState, board: Board, seat: int) -> Listed:
    """``place T`` for every territory with room, then ``place T count=N`` for the bigger counts."""
    names = board.names
    cap = state.params.max_infantry
    mine = [t for t in range(board.land_count) if state.owner[t] == seat and state.armies[t] < cap]
    out: Listed = [Place(names[t]) for t in mine]
    for t in mine:
        most = place_most(state, seat, t)
        if most >= 2:
            out.append(ActionTemplate(Place, names[t], count=range(2, most + 1)))
    return out


def set_trades(state: SpaceRiskState, board: Board, seat: int) -> Listed:
    """Every set in the hand, each triple of cards once (R9), in card order."""
    hand = sorted(set(state.hands[seat]))
    if len(hand) < 3:
        return []
    names = board.card_names
    kind = board.card_kind
    out: Listed = []
    n = len(hand)
    for i in range(n - 2):
        ki = kind[hand[i]]
        for j in range(i + 1, n - 1):
            kj = kind[hand[j]]
            for k in range(j + 1, n):
                if kinds_make_set(ki, kj, kind[hand[k]]):
                    out.append(Trade(names[hand[i]], names[hand[j]], names[hand[k]]))
    return out


def _ship_attack_segments(state: SpaceRiskState, board: Board, seat: int, table: tuple[int, ...],
                          segments: list[Segment]) -> None:
    """Attacks from ``seat``'s ships, ship by ship: the infantry aboard against enemy land beside
    it (``ship_attack_reason`` allows them all once the ship may fight and carries), then the
    ship against enemy ships beside it (one die)."""
    owner = state.owner
    names = board.names
    params = state.params
    blocked = params.ship_wait_blocks_attacks  # may_fight, written out
    wait = params.ship_wait_turns
    taken = state.turns_taken[seat]
    drop = params.battleships_drop_infantry  # carries, written out
    top = len(table) - 1
    for ship in state.ships:
        if ship.owner != seat or (blocked and taken - ship.built_turn < wait):
            continue
        sname = f"S{ship.id}"
        cargo = ship.cargo
        if cargo > 0 and (drop or ship.kind == TRANSPORT):
            most = table[cargo] if cargo <= top else table[top]
            for t in board.shore_adj[ship.at]:
                if owner[t] != seat:
                    segments.append((2 + most, _FAMILY, sname, names[t], most))
        for y in board.space_adj[ship.at]:
            other = owner[y]
            if other != seat and other >= 0:
                segments.append((2, _FIGHT, sname, names[y], 0))


def _ship_move_segments(state: SpaceRiskState, board: Board, seat: int, segments: list[Segment]) -> None:
    """Per ship of ``seat``: its flights (``fly_reason``), loads (``load_most``) and unloads
    (``unload_most``), with the reasons' tests made once per ship."""
    owner = state.owner
    armies = state.armies
    names = board.names
    params = state.params
    capacity = params.transport_capacity
    cap = params.max_infantry
    flying = flying_time(state)
    wait = params.ship_wait_turns
    taken = state.turns_taken[seat]
    drop = params.battleships_drop_infantry
    for ship in state.ships:
        if ship.owner != seat:
            continue
        sname = f"S{ship.id}"
        at = ship.at
        if flying and not ship.moved and taken - ship.built_turn >= wait:  # ready, written out
            for y in board.space_adj[at]:
                if owner[y] == -1 or owner[y] == seat:
                    segments.append((1, _FLY, sname, names[y], 0))
        transport = ship.kind == TRANSPORT
        if not (transport or drop):
            continue
        cargo = ship.cargo
        if not ship.loaded and cargo < capacity:
            room = capacity - cargo
            for t in board.shore_adj[at]:
                if owner[t] == seat and armies[t] >= 2:
                    most = armies[t] - 1
                    most = most if most < room else room
                    segments.append((most, _LOAD, sname, names[t], most))
        if transport and not ship.unloaded and cargo > 0:
            for t in board.shore_adj[at]:
                if owner[t] == seat:
                    room = cap - armies[t]
                    most = cargo if cargo < room else room
                    if most >= 1:
                        segments.append((most, _UNLOAD, sname, names[t], most))


# ------------------------------------------------------------------- the count and a draw

def count_legal(state: SpaceRiskState, seat: int) -> int:
    """``len`` of ``legal_actions`` without building it (the conformance suite checks it)."""
    board = board_of(state)
    choice = move_in_choice(state)
    if choice is not None:
        return choice.most
    phase = state.phase
    if phase == CLAIM:
        return sum(1 for t in range(board.land_count) if state.owner[t] < 0)
    if phase == DEPLOY:
        return sum(_place_sizes(state, board, seat)[1])
    if phase == REINFORCE:
        trades = len(set_trades(state, board, seat))
        return trades if must_trade(state, board, seat) else trades + sum(_place_sizes(state, board, seat)[1])
    if phase != MAIN:
        return 0
    return _main_segments(state, board, seat)[1]


def sample_legal(state: SpaceRiskState, seat: int, rng: Rng) -> Action:
    """``legal_actions(state, seat)[rng.randint(0, count - 1)]`` without building the list: the
    same draw (one ``randint`` over the same count) gives the same action, so a random player
    that samples plays the same game as one that picks from the list."""
    board = board_of(state)
    choice = move_in_choice(state)
    if choice is not None:
        return MoveIn(draw(rng, choice.most) + 1)
    phase = state.phase
    if phase == CLAIM:
        free = [t for t in range(board.land_count) if state.owner[t] < 0]
        return Claim(board.names[free[draw(rng, len(free))]])
    if phase == DEPLOY:
        mine, sizes = _place_sizes(state, board, seat)
        return _nth_place(board, mine, sizes, draw(rng, sum(sizes)))
    if phase == REINFORCE:
        trades = set_trades(state, board, seat)
        if must_trade(state, board, seat):
            return cast(Action, trades[draw(rng, len(trades))])
        mine, sizes = _place_sizes(state, board, seat)
        index = draw(rng, len(trades) + sum(sizes))
        if index < len(trades):
            return cast(Action, trades[index])
        return _nth_place(board, mine, sizes, index - len(trades))
    if phase != MAIN:
        raise ValueError("choice from an empty sequence")
    return _main_draw(state, board, seat, rng)


def draw(rng: Rng, count: int) -> int:
    if count <= 0:
        raise ValueError("choice from an empty sequence")
    return rng.randint(0, count - 1)


def _place_sizes(state: SpaceRiskState, board: Board, seat: int) -> tuple[list[int], list[int]]:
    """The territories ``_places`` lists and how many placements each has (1 .. ``place_most``)."""
    cap = state.params.max_infantry
    owner = state.owner
    armies = state.armies
    left = state.to_deploy[seat] if state.phase == DEPLOY else state.pool
    mine = [t for t in range(board.land_count) if owner[t] == seat and armies[t] < cap]
    least = cap - left  # at most this many there: room for all that is left
    return mine, [left if armies[t] <= least else cap - armies[t] for t in mine]


def _nth_place(board: Board, mine: list[int], sizes: list[int], index: int) -> Action:
    """Entry ``index`` of ``_places``: ``place T`` per territory, then ``count=2..most`` each."""
    names = board.names
    if index < len(mine):
        return Place(names[mine[index]])
    index -= len(mine)
    for t, most in zip(mine, sizes, strict=True):
        if index < most - 1:
            return Place(names[t], index + 2)
        index -= most - 1
    raise AssertionError("a draw below the count is a placement")
