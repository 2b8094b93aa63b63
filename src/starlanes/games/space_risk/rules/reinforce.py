"""The beginning of a space-risk turn: the reinforcements (territories, planets held, cards
completed), trading sets of territory cards (R9, R14), placing the reinforcements (R8)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Place, Trade
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.describe import income_data
from starlanes.games.space_risk.rules.cards import must_trade
from starlanes.games.space_risk.state import MAIN, REINFORCE, Income, SpaceRiskState

__all__ = ["after_reinforce", "begin_turn", "place", "trade"]


def begin_turn(state: SpaceRiskState, board: Board, seat: int, new_round: bool) -> list[Event]:
    """``seat``'s turn begins: its ships may act again, its reinforcements are counted."""
    income = start_turn(state, board, seat, new_round, state.owner[:board.land_count].count(seat))
    after_reinforce(state, board, seat)
    start_roll = state.start_rolls[seat] if state.turn == 1 and state.start_rolls else 0
    return [ev.TurnBegins(seat, state.turn, state.round, state.pool, income_data(board, income), start_roll).event()]


def start_turn(state: SpaceRiskState, board: Board, seat: int, new_round: bool, held: int) -> Income:
    """What the beginning of ``seat``'s turn changes before its reinforcements are placed, with the
    land it holds counted by the caller (``held``): ``begin_turn``, and search playouts, which keep
    that count (``playout.py``). Returns the turn's income (also ``state.income``)."""
    params = state.params
    if new_round:
        state.round += 1
    state.turn += 1
    state.turns_taken[seat] += 1
    state.current = seat
    state.conquests = 0
    state.ship_moves_over = False
    for ship in state.ships:
        if ship.owner == seat:
            ship.moved = False
            ship.loaded = False
            ship.unloaded = False
    base = max(params.min_reinforcements, held // params.reinforcement_divisor)
    income = Income(held=held, divisor=params.reinforcement_divisor, base=base, cards=state.rewards_due[seat])
    alive = sum(state.alive)
    for pi in range(len(board.planets)):
        if state.planet_holder[pi] == seat and state.turn - state.planet_since[pi] >= alive:
            income.planets.append(pi)
    state.income = income
    state.pool = base + sum(board.planets[pi].net_worth for pi in income.planets) + income.cards
    state.rewards_due[seat] = 0
    state.phase = REINFORCE
    return income


def after_reinforce(state: SpaceRiskState, board: Board, seat: int) -> None:
    """Reinforcements with no room are lost (R8); with none left the main step begins."""
    if must_trade(state, board, seat):
        return
    if state.pool > 0:
        cap = state.params.max_infantry
        owner = state.owner
        armies = state.armies
        room = 0
        for t in range(board.land_count):
            if owner[t] == seat:
                room += cap - armies[t]
                if room >= state.pool:
                    break
        if state.pool > room:
            if state.income is not None:
                state.income.lost = state.pool - room
            state.pool = room
    if state.pool <= 0:
        state.pool = 0
        state.phase = MAIN


def trade(state: SpaceRiskState, board: Board, seat: int, action: Trade) -> list[Event]:
    """A set of three territory cards for reinforcements, plus a bonus per card of a territory
    the trader holds (R9)."""
    ids = [board.card_names.index(n) for n in (action.first, action.second, action.third)]
    value = board.trade_value(state.sets_traded)
    state.sets_traded += 1
    held = [c for c in ids if board.card_territory[c] >= 0 and state.owner[board.card_territory[c]] == seat]
    params = state.params
    bonus = params.trade_territory_bonus * (min(1, len(held)) if params.trade_bonus_once else len(held))
    for c in ids:
        state.hands[seat].remove(c)
        state.discard.append(c)
    state.pool += value + bonus
    events = [ev.Traded(seat, [action.first, action.second, action.third], value, bonus).event(reveals=True)]
    after_reinforce(state, board, seat)
    return events


def place(state: SpaceRiskState, board: Board, seat: int, action: Place) -> list[Event]:
    """Reinforcements placed on land ``seat`` holds, one or more per action."""
    t = board.index[action.territory]
    state.armies[t] += action.count
    state.pool -= action.count
    after_reinforce(state, board, seat)
    left = state.pool if state.phase == REINFORCE else 0
    return [ev.Placed(seat, action.territory, action.count, state.armies[t], left).event()]
