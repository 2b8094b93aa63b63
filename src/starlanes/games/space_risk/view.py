"""What each seat of space-risk sees, derived from the state in one place (no presentation
text: ``render.py`` draws it).

Public: the board (owners, infantry, every ship with its cargo), phases and counters,
card counts, the discard pile (traded cards were shown), completed and discarded mission
cards, stars.  Private to a seat: its territory cards, its objective and goal cards.
Hidden from everybody: the order of the three decks (see ``state.SECRET_FIELDS``).
The GM (``seat None``) sees every hand.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from starlanes.core import Rng
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.rules.common import MoveInChoice, move_in_choice, move_in_pending
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import MAIN, MOVE_IN, PHASE_NAMES, Income, Ship, SpaceRiskState

__all__ = ["SpaceRiskView", "build_view", "determinize_view"]


class SpaceRiskView(msgspec.Struct, frozen=True, kw_only=True):
    params: SpaceRiskParams  # the game's params; ``params.board`` is the board's content id, never a file
    seat: int  # -1 for the GM
    phase: str  # claim, deploy, reinforce, main, over; move-in while a move-in is awaited
    current: int
    first: int
    turn: int
    round: int
    turns_taken: tuple[int, ...]
    owner: tuple[int, ...]
    armies: tuple[int, ...]
    ships: tuple[Ship, ...]
    next_ship: int
    port_used: tuple[int, ...]
    alive: tuple[bool, ...]
    to_deploy: tuple[int, ...]
    pool: int
    deck_size: int
    discard: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    hand: tuple[int, ...] | None  # the viewer's territory cards (None for the GM)
    sets_traded: int
    objective_deck_size: int
    goal_deck_size: int
    objective_counts: tuple[int, ...]
    goal_counts: tuple[int, ...]
    my_objectives: tuple[int, ...] | None
    my_goals: tuple[int, ...] | None
    completed: tuple[tuple[str, ...], ...]
    mission_discard: tuple[str, ...]
    stars: tuple[int, ...]
    rewards_due: tuple[int, ...]
    conquests: int
    planet_holder: tuple[int, ...]
    planet_since: tuple[int, ...]
    move_from: int  # the move-in awaited: from (-1: from the ship move_ship), to, at most
    move_ship: int
    move_to: int  # -1: no move-in awaited
    move_max: int
    ship_moves_over: bool  # the beginning of the turn, when ships fly, is over (R22)
    start_rolls: tuple[int, ...]
    income: Income | None
    winners: tuple[int, ...]
    end_reason: str
    all_hands: tuple[tuple[int, ...], ...] | None = None  # GM only
    all_objectives: tuple[tuple[int, ...], ...] | None = None  # GM only
    all_goals: tuple[tuple[int, ...], ...] | None = None  # GM only


@lru_cache(maxsize=64)
def _view_params(params: SpaceRiskParams, board_id: str) -> SpaceRiskParams:
    """``params`` as a view carries them: the board named by its content id, not its file."""
    return params if params.board == board_id else params.replace(board=board_id)


def build_view(state: SpaceRiskState, board: Board, seat: int | None, board_id: str) -> SpaceRiskView:
    """What ``seat`` sees (``None``: the GM); the board is named by its content id ``board_id``."""
    gm = seat is None
    choice = move_in_choice(state) or MoveInChoice(-1, -1, -1, 0)
    params = _view_params(state.params, board_id)
    return SpaceRiskView(
        params=params,
        seat=-1 if seat is None else seat,
        phase=MOVE_IN if choice.to >= 0 else PHASE_NAMES[state.phase],
        current=state.current,
        first=state.first,
        turn=state.turn,
        round=state.round,
        turns_taken=tuple(state.turns_taken),
        owner=tuple(state.owner),
        armies=tuple(state.armies),
        ships=tuple(Ship(id=s.id, owner=s.owner, kind=s.kind, at=s.at, cargo=s.cargo, built_turn=s.built_turn,
                         moved=s.moved, loaded=s.loaded, unloaded=s.unloaded) for s in state.ships),
        next_ship=state.next_ship,
        port_used=tuple(state.port_used),
        alive=tuple(state.alive),
        to_deploy=tuple(state.to_deploy),
        pool=state.pool,
        deck_size=len(state.deck),
        discard=tuple(state.discard),
        hand_sizes=tuple(len(h) for h in state.hands),
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        sets_traded=state.sets_traded,
        objective_deck_size=len(state.objective_deck),
        goal_deck_size=len(state.goal_deck),
        objective_counts=tuple(len(h) for h in state.objectives),
        goal_counts=tuple(len(h) for h in state.goals),
        my_objectives=None if seat is None else tuple(sorted(state.objectives[seat])),
        my_goals=None if seat is None else tuple(sorted(state.goals[seat])),
        completed=tuple(tuple(c) for c in state.completed),
        mission_discard=tuple(state.mission_discard),
        stars=tuple(state.stars),
        rewards_due=tuple(state.rewards_due),
        conquests=state.conquests,
        planet_holder=tuple(state.planet_holder),
        planet_since=tuple(state.planet_since),
        move_from=choice.source,
        move_ship=choice.ship,
        move_to=choice.to,
        move_max=choice.most,
        ship_moves_over=state.ship_moves_over,
        start_rolls=tuple(state.start_rolls),
        income=None if state.income is None else Income(**msgspec.structs.asdict(state.income)),
        winners=tuple(state.winners),
        end_reason=state.end_reason,
        all_hands=tuple(tuple(sorted(h)) for h in state.hands) if gm else None,
        all_objectives=tuple(tuple(sorted(h)) for h in state.objectives) if gm else None,
        all_goals=tuple(tuple(sorted(h)) for h in state.goals) if gm else None,
    )


def _deal_unknown(pool: list[int], sizes: list[int], known: dict[int, list[int]], rng: Rng) -> tuple[
        list[list[int]], list[int]]:
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s, size in enumerate(sizes):
        if s in known:
            hands.append(list(known[s]))
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    return hands, pool


def determinize_view(view: SpaceRiskView, board: Board, seat: int, rng: Rng) -> SpaceRiskState:
    """A full state consistent with ``seat``'s view: unseen cards dealt at random."""
    if view.hand is None or view.my_objectives is None or view.my_goals is None:
        raise ValueError("determinize needs a seat's view")
    players = len(view.alive)
    sampler = rng.fork("space-risk-determinize")
    seen = set(view.hand) | set(view.discard)
    cards = [c for c in range(len(board.card_names)) if c not in seen]
    hands, deck = _deal_unknown(cards, list(view.hand_sizes), {seat: list(view.hand)}, sampler)
    gone = set(view.mission_discard)
    obj_pool = [i for i, c in enumerate(board.objectives) if c.id not in gone and i not in view.my_objectives]
    objectives, objective_deck = _deal_unknown(obj_pool, list(view.objective_counts),
                                               {seat: list(view.my_objectives)}, sampler)
    goal_pool = [i for i, c in enumerate(board.goals) if c.id not in gone and i not in view.my_goals]
    goals, goal_deck = _deal_unknown(goal_pool, list(view.goal_counts), {seat: list(view.my_goals)}, sampler)
    return SpaceRiskState(
        players=players,
        rng=sampler.fork("rng"),
        params=view.params,
        phase=MAIN if view.phase == MOVE_IN else PHASE_NAMES.index(view.phase),
        current=view.current,
        first=view.first,
        turn=view.turn,
        round=view.round,
        turns_taken=list(view.turns_taken),
        owner=list(view.owner),
        armies=list(view.armies),
        ships=[Ship(id=s.id, owner=s.owner, kind=s.kind, at=s.at, cargo=s.cargo, built_turn=s.built_turn,
                    moved=s.moved, loaded=s.loaded, unloaded=s.unloaded) for s in view.ships],
        next_ship=view.next_ship,
        port_used=list(view.port_used),
        alive=list(view.alive),
        to_deploy=list(view.to_deploy),
        pool=view.pool,
        deck=deck,
        discard=list(view.discard),
        hands=hands,
        sets_traded=view.sets_traded,
        objective_deck=objective_deck,
        goal_deck=goal_deck,
        objectives=objectives,
        goals=goals,
        completed=[list(c) for c in view.completed],
        mission_discard=list(view.mission_discard),
        stars=list(view.stars),
        rewards_due=list(view.rewards_due),
        conquests=view.conquests,
        planet_holder=list(view.planet_holder),
        planet_since=list(view.planet_since),
        pending=None if view.move_to < 0 else move_in_pending(
            view.current, MoveInChoice(view.move_to, view.move_from, view.move_ship, view.move_max)),
        ship_moves_over=view.ship_moves_over,
        start_rolls=list(view.start_rolls),
        income=None if view.income is None else Income(**msgspec.structs.asdict(view.income)),
        winners=list(view.winners),
        end_reason=view.end_reason,
    )
