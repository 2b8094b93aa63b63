"""What a space-risk seat may do now: the one predicate, ``why_not``.

The rules of legality are written once, per kind of action, as functions that give either the
reason an action is refused or what is allowed (the most dice, the most infantry): ``why_not``
asks them about one action, and ``listing.legal_actions`` asks them (or the same tests written
out, on its hot path) about every candidate and lists what they allow. So the reason given for a
refusal and the list cannot disagree (``tests/games/space_risk/test_legality.py`` checks it over
random games).
"""

from __future__ import annotations

from collections.abc import Callable

from starlanes.core import Action, StarlanesError
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
from starlanes.games.space_risk.rules.cards import must_trade, valid_set
from starlanes.games.space_risk.rules.common import (
    board_of,
    carries,
    dice_rules,
    did_you_mean,
    flying_time,
    is_ship_name,
    may_fight,
    move_in_choice,
    ready,
    ship_named,
    ships_at,
)
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

__all__ = [
    "build_reason",
    "fly_reason",
    "fortify_most",
    "land_targets",
    "load_most",
    "place_most",
    "ship_attack_reason",
    "unload_most",
    "why_not",
]


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
