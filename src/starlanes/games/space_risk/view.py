"""What each seat of space-risk sees, derived from the state in one place.

Public: the board (owners, infantry, every ship with its cargo), phases and counters,
card counts, the discard pile (traded cards were shown), completed and discarded mission
cards, stars.  Private to a seat: its territory cards, its objective and goal cards.
Hidden from everybody: the order of the three decks (see ``state.SECRET_FIELDS``).
The GM (``seat None``) sees every hand.
"""

from __future__ import annotations

import msgspec

from starlanes.core import Rng
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import (
    CLAIM,
    DEPLOY,
    MAIN,
    MOVE_IN,
    OVER,
    PHASE_NAMES,
    REINFORCE,
    SHIP_KINDS,
    Ship,
    SpaceRiskState,
)

__all__ = ["SpaceRiskView", "build_view", "determinize_view", "render_view"]


class SpaceRiskView(msgspec.Struct, frozen=True, kw_only=True):
    params: SpaceRiskParams
    seat: int  # -1 for the GM
    phase: str
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
    pending: tuple[int, ...]
    conquests: int
    planet_holder: tuple[int, ...]
    planet_since: tuple[int, ...]
    move_from: int
    move_ship: int
    move_to: int
    move_max: int
    start_rolls: tuple[int, ...]
    last_roll: str
    winners: tuple[int, ...]
    end_reason: str
    all_hands: tuple[tuple[int, ...], ...] | None = None  # GM only
    all_objectives: tuple[tuple[int, ...], ...] | None = None  # GM only
    all_goals: tuple[tuple[int, ...], ...] | None = None  # GM only


def build_view(state: SpaceRiskState, board: Board, seat: int | None) -> SpaceRiskView:
    gm = seat is None
    return SpaceRiskView(
        params=state.params,
        seat=-1 if seat is None else seat,
        phase=PHASE_NAMES[state.phase],
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
        pending=tuple(state.pending),
        conquests=state.conquests,
        planet_holder=tuple(state.planet_holder),
        planet_since=tuple(state.planet_since),
        move_from=state.move_from,
        move_ship=state.move_ship,
        move_to=state.move_to,
        move_max=state.move_max,
        start_rolls=tuple(state.start_rolls),
        last_roll=state.last_roll,
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
        phase=PHASE_NAMES.index(view.phase),
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
        pending=list(view.pending),
        conquests=view.conquests,
        planet_holder=list(view.planet_holder),
        planet_since=list(view.planet_since),
        move_from=view.move_from,
        move_ship=view.move_ship,
        move_to=view.move_to,
        move_max=view.move_max,
        start_rolls=list(view.start_rolls),
        last_roll=view.last_roll,
        winners=list(view.winners),
        end_reason=view.end_reason,
    )


def _who(seat: int) -> str:
    return "--" if seat < 0 else f"P{seat}"


def render_view(view: SpaceRiskView, board: Board) -> str:
    """The board and the viewer's cards as plain text for a terminal."""
    lines: list[str] = []
    header = f"{board.name} - round {view.round}, turn {view.turn}, phase {view.phase}"
    if view.phase != PHASE_NAMES[OVER]:
        header += f", seat {view.current} to act"
    lines.append(header)
    ships_at: dict[int, list[Ship]] = {}
    for s in view.ships:
        ships_at.setdefault(s.at, []).append(s)
    for pi, planet in enumerate(board.planets):
        port = f"spaceport on {board.names[planet.port]}" if planet.port >= 0 else "no spaceport"
        holder = view.planet_holder[pi]
        held = f", all held by P{holder}" if holder >= 0 else ""
        lines.append(f"{planet.name}: net worth {planet.net_worth}, {port}{held}")
        prefix = planet.name + "-"
        for t in planet.territories:
            near = [board.names[x].removeprefix(prefix) for x in board.land_adj[t]]
            orbit = [board.names[x] for x in board.space_adj[t]]
            port_mark = " (spaceport)" if board.port_at[t] >= 0 else ""
            lines.append(f"  {board.names[t]:<12} {_who(view.owner[t])} {view.armies[t]:>2}   "
                         f"adj {','.join(near)}{' + ' + ', '.join(orbit) if orbit else ''}{port_mark}")
    lines.append("Space (ships: S<number>):")
    for t in range(board.land_count, board.territory_count):
        mark = " (asteroid field: defenders +1)" if board.asteroid[t] else ""
        fleet = ", ".join(
            f"S{s.id} P{s.owner} {SHIP_KINDS[s.kind]}" + (f" carrying {s.cargo}" if s.cargo else "")
            for s in ships_at.get(t, []))
        links = ", ".join(board.names[x] for x in board.space_adj[t])
        lines.append(f"  {board.names[t]}{mark}: {fleet or 'empty'}; lanes to {links}")
    seats = range(len(view.alive))
    lines.append("Players: " + "; ".join(
        f"P{s}{'' if view.alive[s] else ' (out)'} {sum(1 for t in range(board.land_count) if view.owner[t] == s)} "
        f"territories, {view.hand_sizes[s]} cards, {view.stars[s]} stars" for s in seats))
    lines.append(f"Next set trades for {board.trade_value(view.sets_traded)}; last roll: {view.last_roll or '-'}")
    if view.hand is not None:
        kinds = ("infantry", "horse", "cannon")
        hand = ", ".join(
            f"{board.card_names[c]} ({'special' if board.card_kind[c] < 0 else kinds[board.card_kind[c]]})"
            for c in view.hand)
        lines.append(f"Your cards: {hand or 'none'}")
    if view.my_objectives is not None and view.my_goals is not None:
        for i in view.my_objectives:
            c = board.objectives[i]
            lines.append(f"Objective {c.id}: {c.text} (reward {c.reward})")
        for i in view.my_goals:
            c = board.goals[i]
            lines.append(f"Goal {c.id}: {c.text} (reward {c.reward}, {c.stars} star)")
    if view.all_hands is not None and view.all_objectives is not None and view.all_goals is not None:
        for seat in seats:
            cards = " ".join(board.card_names[c] for c in view.all_hands[seat]) or "none"
            missions = " ".join([board.objectives[i].id for i in view.all_objectives[seat]]
                                + [board.goals[i].id for i in view.all_goals[seat]]) or "none"
            lines.append(f"P{seat} cards: {cards}; objective and goal cards: {missions}")
    if view.phase in (PHASE_NAMES[DEPLOY], PHASE_NAMES[CLAIM]):
        lines.append("Starting infantry left: " + ", ".join(f"P{s} {n}" for s, n in enumerate(view.to_deploy)))
    if view.phase == PHASE_NAMES[REINFORCE]:
        lines.append(f"Reinforcements to place: {view.pool}")
    if view.phase == PHASE_NAMES[MOVE_IN]:
        lines.append(f"You took {board.names[view.move_to]}: move 1 to {view.move_max} armies in ('move N')")
    if view.phase == PHASE_NAMES[MAIN]:
        lines.append("Attack, use ships, then 'fortify FROM TO N' or 'end'")
    if view.phase == PHASE_NAMES[OVER]:
        lines.append(f"Game over: {view.end_reason}")
    return "\n".join(lines)
