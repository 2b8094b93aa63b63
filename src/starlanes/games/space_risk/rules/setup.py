"""The start of a game of space-risk: territories dealt (R1) or claimed (R5), objective and
goal cards dealt, the start roll (R3), the starting infantry placed in turn (R4)."""

from __future__ import annotations

from starlanes.core import Event, Rng, StarlanesError
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Claim, Place
from starlanes.games.space_risk.board import Board, load_board
from starlanes.games.space_risk.rules.cards import replace_done_missions
from starlanes.games.space_risk.rules.common import NEVER_USED, next_seat
from starlanes.games.space_risk.rules.end_turn import update_planets
from starlanes.games.space_risk.rules.reinforce import begin_turn
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import CLAIM, DEPLOY, REINFORCE, SpaceRiskState

__all__ = ["claim", "deploy", "setup", "start_roll"]


def setup(params: SpaceRiskParams, players: int, rng: Rng) -> SpaceRiskState:
    """A new game; refused (``StarlanesError``) when the board cannot hold it."""
    board = load_board(params.board)
    need_missions = [("objective", params.objective_cards, len(board.objectives)),
                     ("goal", params.goal_cards, len(board.goals))]
    for what, each, have in need_missions:
        if each * players > have:
            raise StarlanesError(
                f"the board {board.name!r} has {have} {what} cards, too few for "
                f"{players} players holding {each} each")
    share = -(-board.land_count // players)
    if not params.modified_start and share > params.starting_infantry:
        raise StarlanesError(
            f"{players} players get up to {share} territories each but only "
            f"{params.starting_infantry} infantry: at least one is needed on each")
    if params.modified_start and board.land_count > players * params.starting_infantry:
        raise StarlanesError("not enough starting infantry to claim every territory")
    total = board.territory_count
    state = SpaceRiskState(
        players=players,
        rng=rng,
        params=params,
        phase=DEPLOY,
        current=0,
        owner=[-1] * total,
        armies=[0] * total,
        port_used=[NEVER_USED] * len(board.planets),
        alive=[True] * players,
        to_deploy=[params.starting_infantry] * players,
        hands=[[] for _ in range(players)],
        objectives=[[] for _ in range(players)],
        goals=[[] for _ in range(players)],
        completed=[[] for _ in range(players)],
        stars=[0] * players,
        rewards_due=[0] * players,
        turns_taken=[0] * players,
        planet_holder=[-1] * len(board.planets),
        planet_since=[0] * len(board.planets),
    )
    if params.modified_start:
        # "Whoever starts first places 1 infantry": the start roll comes before claiming (R3, R5).
        start_roll(state)
        state.phase = CLAIM
    else:
        # Deal the territory cards: the cards received are the starting territories (R1).
        land_cards = list(range(board.land_count))
        rng.shuffle(land_cards)
        for i, card in enumerate(land_cards):
            seat = (state.first + i) % players
            t = board.card_territory[card]
            state.owner[t] = seat
            state.armies[t] = 1
            state.to_deploy[seat] -= 1
    deck = list(range(len(board.card_names)))
    rng.shuffle(deck)
    state.deck = deck
    obj = list(range(len(board.objectives)))
    rng.shuffle(obj)
    goals = list(range(len(board.goals)))
    rng.shuffle(goals)
    for s in range(players):
        for _ in range(params.objective_cards):
            state.objectives[s].append(obj.pop())
        for _ in range(params.goal_cards):
            state.goals[s].append(goals.pop())
    state.objective_deck = obj
    state.goal_deck = goals
    if not params.modified_start:
        replace_done_missions(state, board)  # the territories are known now (R35)
    if state.phase == DEPLOY:
        _next_deployer(state, board, state.first, include=True)
    return state


def start_roll(state: SpaceRiskState) -> None:
    """One die each, the highest begins; tied highest roll again (R3)."""
    contenders = list(range(state.players))
    rolls = [0] * state.players
    while len(contenders) > 1:
        for s in contenders:
            rolls[s] = state.rng.die(state.params.die_sides)
        best = max(rolls[s] for s in contenders)
        contenders = [s for s in contenders if rolls[s] == best]
    state.first = contenders[0]
    state.current = state.first
    state.start_rolls = rolls


def claim(state: SpaceRiskState, board: Board, seat: int, action: Claim) -> list[Event]:
    """Modified start: one infantry on an empty territory; when none is left, the rest of the
    starting infantry are placed (R5)."""
    t = board.index[action.territory]
    state.owner[t] = seat
    state.armies[t] = 1
    state.to_deploy[seat] -= 1
    events = [ev.Claimed(seat, action.territory).event()]
    if any(state.owner[x] < 0 for x in range(board.land_count)):
        state.current = next_seat(state, seat)
        return events
    state.phase = DEPLOY
    events.append(ev.ClaimsDone(list(state.to_deploy)).event())
    events.extend(replace_done_missions(state, board))
    events.extend(_next_deployer(state, board, state.first, include=True))
    return events


def deploy(state: SpaceRiskState, board: Board, seat: int, action: Place) -> list[Event]:
    """Starting infantry placed on land ``seat`` holds, then the next seat with some left (R4)."""
    t = board.index[action.territory]
    state.armies[t] += action.count
    state.to_deploy[seat] -= action.count
    left = state.to_deploy[seat]
    armies = state.armies[t]
    events = [ev.Placed(seat, action.territory, action.count, armies, left).event()]
    events.extend(_next_deployer(state, board, seat, include=False))
    return events


def _next_deployer(state: SpaceRiskState, board: Board, seat: int, include: bool) -> list[Event]:
    """Starting infantry are placed in turn (one or more per action); a seat with none left (or no room)
    is skipped (R4). When nobody has any left, the first player's first turn begins."""
    cap = state.params.max_infantry
    for i in range(0 if include else 1, state.players + 1):
        s = (seat + i) % state.players
        if state.to_deploy[s] > 0:
            if any(state.owner[t] == s and state.armies[t] < cap for t in range(board.land_count)):
                state.current = s
                return []
            state.to_deploy[s] = 0
    state.phase = REINFORCE
    if not state.start_rolls:
        # "After all starting infantry are placed, roll a D6" (R3).
        start_roll(state)
    update_planets(state, board)
    return begin_turn(state, board, state.first, True)
