"""What a space-risk seat may do now: one predicate, ``why_not``, and the list of legal actions.

The rules of legality are written once, per kind of action, as functions that give either the
reason an action is refused or what is allowed (the most dice, the most infantry): ``why_not``
asks them about one action, ``legal_actions`` asks them about every candidate and lists what
they allow.  So the reason given for a refusal and the list cannot disagree
(``tests/games/space_risk/test_legality.py`` checks it over random games).

The list's order is part of the game's record (seeded random players pick from it by index):
claims; placements (``place T`` for every territory, then the bigger counts); trades; attacks
from land, then from ships; builds; per ship its flights, loads and unloads; consolidations;
``end``.

``count_legal`` and ``sample_legal`` count the list and draw from it without building it (issue
16: random players and search playouts draw): the main step is walked as segments in list
order, and the hot loops write the tests of ``land_targets``, ``fortify_most``, ``build_reason``,
``fly_reason``, ``load_most`` and ``unload_most`` out; a draw is the list's entry at one
``randint`` over the count, so a player that draws plays the same game as one that picks from
the list (``tests/games/space_risk/test_speed_sampling.py``, ``tests/ai/test_speed_draws.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from starlanes.core import Action, ActionTemplate, Rng, StarlanesError
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
    ship_name,
)
from starlanes.games.space_risk.board import CARD_KINDS, WILD, Board
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.rules.cards import must_trade, valid_set
from starlanes.games.space_risk.rules.common import (
    board_of,
    carries,
    dice_rules,
    did_you_mean,
    flying_time,
    is_ship_name,
    kinds_make_set,
    may_fight,
    move_in_choice,
    ready,
    ship_named,
    ships_at,
)
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import (
    BATTLESHIP,
    CLAIM,
    DEPLOY,
    MAIN,
    OVER,
    REINFORCE,
    SHIP_KINDS,
    TRANSPORT,
    Ship,
    SpaceRiskState,
)

__all__ = ["count_legal", "legal_actions", "sample_legal", "why_not"]


# ------------------------------------------------------------------ the rules, once per kind

def place_most(state: SpaceRiskState, seat: int, t: int) -> int:
    """Most infantry ``seat`` may place on ``t`` now (starting infantry or reinforcements, R4, R8)."""
    left = state.to_deploy[seat] if state.phase == DEPLOY else state.pool
    return min(left, state.params.max_infantry - state.armies[t])


def land_targets(state: SpaceRiskState, board: Board, seat: int, s: int) -> list[int]:
    """Enemy land that infantry on ``s`` may attack: its neighbours, and with the
    ``battleship_bridge`` house rule land beside a battleship of the seat beside ``s`` (R26)."""
    owner = state.owner
    targets = [t for t in board.land_adj[s] if owner[t] != seat]
    if state.params.battleship_bridge:
        bridges = {x.at for x in state.ships if x.owner == seat and x.kind == BATTLESHIP}
        for x in board.space_adj[s]:
            if x in bridges:
                targets.extend(t for t in board.shore_adj[x] if owner[t] != seat and t != s and t not in targets)
    return targets


def ship_attack_reason(state: SpaceRiskState, board: Board, seat: int, ship: Ship, target: int) -> str | None:
    """Why ``ship`` (or the infantry aboard) may not attack ``target`` at all."""
    if ship.owner != seat:
        return f"{ship_name(ship.id)} is not your ship"
    if not may_fight(state, ship):
        return f"{ship_name(ship.id)} was built this turn and must wait a turn (ship_wait_blocks_attacks=yes)"
    if board.land[target]:
        if not carries(state.params, ship):
            return "battleships cannot attack land"
        if target not in board.shore_adj[ship.at]:
            return f"{board.names[target]} is not next to {board.names[ship.at]}"
        if ship.cargo == 0:
            return f"{ship_name(ship.id)} carries no infantry"
        return None
    if target not in board.space_adj[ship.at]:
        return f"{board.names[target]} is not next to {board.names[ship.at]}"
    if state.owner[target] < 0:
        return f"there are no ships in {board.names[target]}: fly there"
    return None


def build_reason(state: SpaceRiskState, board: Board, seat: int, pi: int) -> str | None:
    """Why ``seat`` may not use planet ``pi``'s spaceport now (R20)."""
    planet = board.planets[pi]
    if planet.port < 0:
        return f"{planet.name} has no spaceport"
    if state.owner[planet.port] != seat:
        return f"you do not control {planet.name}'s spaceport at {board.names[planet.port]}"
    used = state.port_used[pi]
    if state.round - used < state.params.spaceport_interval:
        return (f"{planet.name}'s spaceport was used in round {used}; it may be used every other turn: "
                f"again from round {used + state.params.spaceport_interval} (now round {state.round})")
    if state.owner[planet.launch] not in (-1, seat):
        blockers = ", ".join(ship_name(x.id) for x in ships_at(state, planet.launch))
        return (f"{board.names[planet.launch]} is held by P{state.owner[planet.launch]}'s ships "
                f"({blockers}): the spaceport cannot launch until your ships drive them off")
    return None


def fly_reason(state: SpaceRiskState, board: Board, ship: Ship, to: int) -> str | None:
    """Why ``ship`` may not fly to ``to`` now (R21, R22)."""
    name = ship_name(ship.id)
    if not ready(state, ship):
        return f"{name} was built this turn and must wait a turn before moving"
    if ship.moved:
        return f"{name} has already moved this turn"
    if not flying_time(state):
        return ("ships move at the beginning of the turn, before any attack, build, load or "
                "unload (ship_move_any_time=yes lifts this)")
    if to not in board.space_adj[ship.at]:
        return f"{board.names[to]} is not a space territory next to {board.names[ship.at]}"
    if state.owner[to] not in (-1, ship.owner):
        return f"{board.names[to]} is held by another player's ships: attack them first"
    return None


def _shore_reason(state: SpaceRiskState, board: Board, ship: Ship, t: int) -> str | None:
    if t not in board.shore_adj[ship.at]:
        return f"{board.names[t]} is not next to {board.names[ship.at]}"
    if state.owner[t] != ship.owner:
        return f"you do not hold {board.names[t]}"
    return None


def load_most(state: SpaceRiskState, board: Board, ship: Ship, t: int) -> int | str:
    """Most infantry that may board ``ship`` from ``t`` now, or why none may (R25, R26)."""
    reason = _shore_reason(state, board, ship, t)
    if reason is not None:
        return reason
    capacity = state.params.transport_capacity
    name = ship_name(ship.id)
    if ship.loaded:
        return f"{name} has already loaded this turn"
    if state.armies[t] < 2:
        return f"{board.names[t]} has only one infantry, which must stay"
    if ship.cargo >= capacity:
        return f"{name} is full ({capacity} aboard)"
    return min(state.armies[t] - 1, capacity - ship.cargo)


def unload_most(state: SpaceRiskState, board: Board, ship: Ship, t: int) -> int | str:
    """Most infantry that may leave transport ``ship`` onto ``t`` now, or why none may (R25)."""
    reason = _shore_reason(state, board, ship, t)
    if reason is not None:
        return reason
    if ship.unloaded:
        return f"{ship_name(ship.id)} has already unloaded this turn"
    return min(ship.cargo, state.params.max_infantry - state.armies[t])


def fortify_most(state: SpaceRiskState, board: Board, seat: int, s: int, t: int) -> int | str:
    """Most infantry that may move from ``s`` to ``t`` in the consolidation, or why none may (R19)."""
    if state.owner[s] != seat or state.owner[t] != seat:
        return "consolidate only between two territories you hold"
    if t not in board.land_adj[s]:
        return f"{board.names[s]} and {board.names[t]} are not adjacent"
    return min(state.armies[s] - 1, state.params.max_infantry - state.armies[t])


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
        trades = _trades(state, board, seat)
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
    table = _dice_table(params)
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
    middle = _middle_segments(state, board, seat, table)
    segments.extend(middle)
    for segment in middle:
        total += segment[0]
    segments.extend(fortifies)
    segments.append((1, _ONE, End(), None, 0))
    return segments, total


def _middle_segments(state: SpaceRiskState, board: Board, seat: int, table: tuple[int, ...]) -> list[Segment]:
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
    table = _dice_table(params)
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
    middle = _middle_segments(state, board, seat, table)
    between = 0
    for segment in middle:
        between += segment[0]
    index = _draw(rng, families + between + fortifies + 1)
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
            return _segment_action(_FAMILY, names[s], names[targets[target]], most, index)
        raise AssertionError("a draw below the attacks' count is an attack")
    index -= families
    if index < between:
        for size, kind, a, b, c in middle:
            if index < size:
                return _segment_action(kind, a, b, c, index)
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


def _dice_table(params: SpaceRiskParams) -> tuple[int, ...]:
    """``attack_dice_table`` of the game's dice rules, made once per rules."""
    rules = dice_rules(params)
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = dice_mod.attack_dice_table(rules)
    return table


def _segment_action(kind: int, a: Any, b: Any, c: int, index: int) -> Action:
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


def _trades(state: SpaceRiskState, board: Board, seat: int) -> Listed:
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
        trades = len(_trades(state, board, seat))
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
        return MoveIn(_draw(rng, choice.most) + 1)
    phase = state.phase
    if phase == CLAIM:
        free = [t for t in range(board.land_count) if state.owner[t] < 0]
        return Claim(board.names[free[_draw(rng, len(free))]])
    if phase == DEPLOY:
        mine, sizes = _place_sizes(state, board, seat)
        return _nth_place(board, mine, sizes, _draw(rng, sum(sizes)))
    if phase == REINFORCE:
        trades = _trades(state, board, seat)
        if must_trade(state, board, seat):
            return cast(Action, trades[_draw(rng, len(trades))])
        mine, sizes = _place_sizes(state, board, seat)
        index = _draw(rng, len(trades) + sum(sizes))
        if index < len(trades):
            return cast(Action, trades[index])
        return _nth_place(board, mine, sizes, index - len(trades))
    if phase != MAIN:
        raise ValueError("choice from an empty sequence")
    return _main_draw(state, board, seat, rng)


def _draw(rng: Rng, count: int) -> int:
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


# ----------------------------------------------------------------------------- the predicate

class _Unknown(StarlanesError):
    """A name that is not on the board (the reason names it)."""


def _territory(board: Board, name: str) -> int:
    t = board.index.get(name)
    if t is None:
        raise _Unknown(f"unknown territory '{name}'{did_you_mean(name, board.names)}")
    return t


def _ship(state: SpaceRiskState, seat: int, name: str) -> Ship:
    ship = ship_named(state, name)
    if ship is None:
        raise _Unknown(f"there is no ship {name}")
    if ship.owner != seat:
        raise _Unknown(f"{name} is not your ship")
    return ship


def _count(n: int, most: int, refusal: str) -> str | None:
    return None if 1 <= n <= most else refusal


def why_not(state: SpaceRiskState, seat: int, action: Action) -> str | None:
    """Why ``seat`` (the seat to act) may not take ``action`` now; ``None``: it may."""
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if phase == CLAIM and not isinstance(action, Claim):
        return "first every territory is claimed: 'claim TERRITORY'"
    if phase == DEPLOY and not isinstance(action, Place):
        return "place your starting infantry first: 'place TERRITORY'"
    choice = move_in_choice(state)
    if choice is not None and not isinstance(action, MoveIn):
        return (f"you took {board_of(state).names[choice.to]}: first say how many infantry move in "
                f"('move N', N from 1 to {choice.most})")
    reason = _REASONS.get(type(action))
    if reason is None:
        return "not an action of this game"
    try:
        return reason(state, board_of(state), seat, action)
    except _Unknown as exc:
        return str(exc)


def _main_step(state: SpaceRiskState) -> str | None:
    """Attacks, ships and the end of the turn come after the reinforcements."""
    if state.phase == MAIN:
        return None
    if state.phase == REINFORCE and state.pool > 0:
        return f"place your {state.pool} reinforcements first"
    return "trade a set first"


def _claim(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Claim)
    if state.phase != CLAIM:
        return "territories are claimed only at the start of a game with modified_start=yes"
    t = _territory(board, action.territory)
    if not board.land[t]:
        return "only land territories are claimed"
    if state.owner[t] >= 0:
        return f"{action.territory} is already claimed by P{state.owner[t]}"
    return None


def _place(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Place)
    t = _territory(board, action.territory)
    params = state.params
    if state.phase == MAIN:
        return "reinforcements are placed at the start of the turn"
    if state.owner[t] != seat:
        return f"you do not hold {action.territory}"
    if not board.land[t]:
        return "infantry are placed on land"
    if state.armies[t] >= params.max_infantry:
        return f"{action.territory} already holds the most infantry allowed ({params.max_infantry})"
    if state.phase == REINFORCE and must_trade(state, board, seat):
        return f"you hold {len(state.hands[seat])} cards: trade a set first"
    left = state.to_deploy[seat] if state.phase == DEPLOY else state.pool
    return _count(action.count, place_most(state, seat, t),
                  f"place between 1 and {place_most(state, seat, t)} infantry on {action.territory} ({left} left "
                  f"to place, {state.armies[t]} there, at most {params.max_infantry} per territory)")


def _trade(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Trade)
    # Reasons in the order the cards were typed, about the cards as typed; a set has no order (R9).
    ids = []
    for cname in (action.first, action.second, action.third):
        if cname not in board.card_names:
            return f"there is no card '{cname}'{did_you_mean(cname, board.card_names)}"
        ids.append(board.card_names.index(cname))
    if len(set(ids)) < 3:
        return "name three different cards"
    for cid in ids:
        if cid not in state.hands[seat]:
            return f"you do not hold the card {board.card_names[cid]}"
    if not valid_set(board, ids):
        kinds = ", ".join("special" if board.card_kind[c] == WILD else CARD_KINDS[board.card_kind[c]] for c in ids)
        return f"not a set ({kinds}): a set is three cards alike or one of each kind"
    if state.phase != REINFORCE:
        return "cards are traded at the start of your turn, before your reinforcements are all placed"
    return None


def _attack(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Attack)
    gate = _main_step(state)
    if gate is not None:
        return gate
    target = _territory(board, action.target)
    if state.owner[target] == seat:
        return f"you hold {action.target} yourself"
    ship = ship_named(state, action.source)
    rules = dice_rules(state.params)
    if ship is not None:
        reason = ship_attack_reason(state, board, seat, ship, target)
        if reason is not None:
            return reason
        if not board.land[target]:
            if action.dice in (0, 1) and not action.all:
                return None
            return "a ship attacks ships with one die: leave dice out (or dice=1)"
        most = dice_mod.attack_dice_allowed(ship.cargo, rules)
        refusal = f"with {ship.cargo} aboard you may roll 1 to {most} dice"
    else:
        source = board.index.get(action.source)
        if source is None and is_ship_name(action.source):
            return f"there is no ship {action.source} (lost, or never built)"
        if source is None:
            return f"unknown territory or ship '{action.source}'{did_you_mean(action.source, board.names)}"
        if state.owner[source] != seat:
            return f"you do not hold {action.source}"
        if not board.land[target] or not board.land[source]:
            return "infantry attack land; ships attack space"
        if state.armies[source] < 2:
            return f"{action.source} has only one infantry, which must stay"
        if target not in land_targets(state, board, seat, source):
            return f"{action.target} is not adjacent to {action.source}"
        most = dice_mod.attack_dice_allowed(state.armies[source] - 1, rules)
        refusal = (f"with {state.armies[source]} infantry in {action.source} you may roll 1 to {most} dice "
                   "(you may not lose the territory's last infantry)")
    if action.dice == 0:
        return None
    if action.all:
        return "all=yes rolls the most dice allowed each time: leave dice out"
    return _count(action.dice, most, refusal)


def _move_in(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, MoveIn)
    choice = move_in_choice(state)
    if choice is None:
        return "there is no conquest to move into"
    return _count(action.count, choice.most, f"move between 1 and {choice.most} infantry")


def _build(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Build)
    gate = _main_step(state)
    if gate is not None:
        return gate
    pi = board.planet_index.get(action.planet)
    if pi is None:
        return f"unknown planet '{action.planet}'{did_you_mean(action.planet, board.planet_index)}"
    if action.kind not in SHIP_KINDS:
        return "build a battleship or a transport"
    return build_reason(state, board, seat, pi)


def _fly(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Fly)
    gate = _main_step(state)
    if gate is not None:
        return gate
    ship = _ship(state, seat, action.ship)
    return fly_reason(state, board, ship, _territory(board, action.to))


def _cargo_ship(state: SpaceRiskState, seat: int, action: Load | Unload) -> Ship:
    ship = _ship(state, seat, action.ship)
    if not carries(state.params, ship):
        raise _Unknown("only transports carry infantry (battleships_drop_infantry=no)")
    if isinstance(action, Unload) and ship.kind != TRANSPORT:
        raise _Unknown(f"a battleship drops its infantry only to fight: 'attack {action.ship} TERRITORY' "
                       "against enemy land beside it")
    return ship


def _load(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Load)
    gate = _main_step(state)
    if gate is not None:
        return gate
    ship = _cargo_ship(state, seat, action)
    most = load_most(state, board, ship, _territory(board, action.territory))
    if isinstance(most, str):
        return most
    return _count(action.count, most, f"load between 1 and {most} (one infantry stays; a transport holds at most "
                                      f"{state.params.transport_capacity})")


def _unload(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Unload)
    gate = _main_step(state)
    if gate is not None:
        return gate
    ship = _cargo_ship(state, seat, action)
    most = unload_most(state, board, ship, _territory(board, action.territory))
    if isinstance(most, str):
        return most
    return _count(action.count, most, f"unload between 1 and {most}")


def _fortify(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    assert isinstance(action, Fortify)
    gate = _main_step(state)
    if gate is not None:
        return gate
    most = fortify_most(state, board, seat, _territory(board, action.source), _territory(board, action.target))
    if isinstance(most, str):
        return most
    return _count(action.count, most, f"move between 1 and {most} (one stays behind; at most "
                                      f"{state.params.max_infantry} per territory)")


def _end(state: SpaceRiskState, board: Board, seat: int, action: Action) -> str | None:
    return _main_step(state)


_REASONS: dict[type[Action], Callable[[SpaceRiskState, Board, int, Action], str | None]] = {
    Claim: _claim,
    Place: _place,
    Trade: _trade,
    Attack: _attack,
    MoveIn: _move_in,
    Build: _build,
    Fly: _fly,
    Load: _load,
    Unload: _unload,
    Fortify: _fortify,
    End: _end,
}
