"""Battles of space-risk: infantry against land (from land or from a ship), ship against ship
(R23), the move-in after a conquest, a seat eliminated (R30)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Attack, MoveIn, ship_name
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.rules.common import (
    MoveInChoice,
    dice_rules,
    move_in_choice,
    move_in_pending,
    ship_named,
    ships_at,
)
from starlanes.games.space_risk.rules.end_turn import finish, game_over
from starlanes.games.space_risk.state import BATTLESHIP, OVER, SHIP_KINDS, Ship, SpaceRiskState

__all__ = ["attack", "eliminate", "move_in", "move_infantry", "roll"]


def roll(state: SpaceRiskState, k: int, j: int, amod: int, dmod: int) -> tuple[int, int, ev.Roll]:
    """``k`` attacking dice against ``j`` defending dice: (attacker's loss, defender's loss, the roll)."""
    rules = dice_rules(state.params)
    rng = state.rng
    sides = rules.sides
    att = [rng.randint(1, sides) for _ in range(k)]
    dfn = [rng.randint(1, sides) for _ in range(j)]
    al, dl = dice_mod.compare(att, dfn, amod, dmod, rules.clamp, sides)
    if not (amod or dmod):
        return al, dl, ev.Roll(attack=att, defend=dfn)
    return al, dl, ev.Roll(attack=att, defend=dfn, attack_mod=amod, defend_mod=dmod,
                           attack_modified=[dice_mod.modified(x, amod, rules.clamp, sides) for x in att],
                           defend_modified=[dice_mod.modified(x, dmod, rules.clamp, sides) for x in dfn])


def attack(state: SpaceRiskState, board: Board, seat: int, action: Attack) -> list[Event]:
    """One roll (``all=yes``: again until the territory falls or nobody is left to attack); a
    conquest asks how many move in unless only one may."""
    names = board.names
    target = board.index[action.target]
    ship = ship_named(state, action.source)
    rules = dice_rules(state.params)
    events: list[Event] = []
    defender = state.owner[target]
    if ship is not None and not board.land[target]:
        return _space_battle(state, board, seat, ship, target)
    src = -1 if ship is not None else board.index[action.source]
    while True:
        j = dice_mod.defend_dice(state.armies[target], rules)
        able = ship.cargo if ship is not None else state.armies[src] - 1
        allowed = dice_mod.attack_dice_allowed(able, rules)
        k = min(action.dice, allowed) if action.dice else allowed
        al, dl, dice = roll(state, k, j, 0, 0)
        state.armies[target] -= dl
        if ship is not None:
            ship.cargo -= al
            left = ship.cargo
        else:
            state.armies[src] -= al
            left = state.armies[src] - 1
        events.append(ev.BattleRoll(seat, action.source, action.target, defender, dice, al, dl).event())
        if state.armies[target] == 0:
            break
        if not action.all or left <= 0:
            if action.all:
                events.append(ev.AttackStopped(seat, action.target).event())
            return events
    # Conquest.
    state.owner[target] = seat
    state.conquests += 1
    events.append(ev.Conquest(seat, names[target], defender).event())
    choice = MoveInChoice(target, src, ship.id if ship is not None else -1, min(left, state.params.max_infantry))
    most = choice.most
    if defender not in state.owner[:board.land_count]:
        events.extend(eliminate(state, board, defender, seat))
    if most <= 1 or state.phase == OVER:
        move_infantry(state, choice, 1)
    else:
        state.pending = move_in_pending(seat, choice)  # the conqueror says how many (R18)
        events.append(ev.MoveInAwaited(seat, names[target], most).event())
    return events


def move_in(state: SpaceRiskState, board: Board, seat: int, action: MoveIn) -> list[Event]:
    """The conqueror's choice: ``count`` infantry move into the territory taken."""
    choice = move_in_choice(state)
    assert choice is not None
    move_infantry(state, choice, action.count)
    state.pending = None
    return [ev.MovedIn(seat, board.names[choice.to], action.count).event()]


def move_infantry(state: SpaceRiskState, choice: MoveInChoice, count: int) -> None:
    if choice.ship >= 0:
        ship = ship_named(state, ship_name(choice.ship))
        assert ship is not None
        ship.cargo -= count
    else:
        state.armies[choice.source] -= count
    state.armies[choice.to] += count


def _space_battle(state: SpaceRiskState, board: Board, seat: int, ship: Ship, target: int) -> list[Event]:
    """One ship against the best defending ship, one die each (R23)."""
    params = state.params
    defenders = ships_at(state, target)
    defenders.sort(key=lambda s: (s.kind != BATTLESHIP, s.id))
    dship = defenders[0]
    amod = params.battleship_attack_mod if ship.kind == BATTLESHIP else params.transport_attack_mod
    dmod = params.battleship_defend_mod if dship.kind == BATTLESHIP else params.transport_defend_mod
    if board.asteroid[target]:
        dmod += params.asteroid_defend_mod
    al, _dl, dice = roll(state, 1, 1, amod, dmod)
    loser = ship if al else dship
    state.ships.remove(loser)
    where = loser.at
    if not ships_at(state, where):
        state.owner[where] = -1
    return [ev.SpaceBattle(seat, ship_name(ship.id), SHIP_KINDS[ship.kind], dship.owner, ship_name(dship.id),
                           SHIP_KINDS[dship.kind], board.names[target], dice, ship_name(loser.id),
                           loser.cargo).event()]


def eliminate(state: SpaceRiskState, board: Board, loser: int, winner: int) -> list[Event]:
    """A seat with no land left is out; its territory cards go to the conqueror (R30)."""
    state.alive[loser] = False
    for ship in [s for s in state.ships if s.owner == loser]:
        state.ships.remove(ship)
        if state.owner[ship.at] == loser:
            state.owner[ship.at] = -1
    state.hands[winner].extend(state.hands[loser])
    state.hands[loser] = []
    for idx in state.objectives[loser]:
        state.mission_discard.append(board.objectives[idx].id)
    for idx in state.goals[loser]:
        state.mission_discard.append(board.goals[idx].id)
    state.objectives[loser] = []
    state.goals[loser] = []
    events = [ev.Eliminated(loser, winner).event(reveals=True)]
    alive = [s for s in range(state.players) if state.alive[s]]
    if len(alive) == 1:
        finish(state, alive, f"seat {alive[0]} is the last player standing")
        events.append(game_over(state))
    return events
