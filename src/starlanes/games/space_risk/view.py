"""What each seat of space-risk sees, derived from the state in one place.

Public: the board (owners, infantry, every ship with its cargo), phases and counters,
card counts, the discard pile (traded cards were shown), completed and discarded mission
cards, stars.  Private to a seat: its territory cards, its objective and goal cards.
Hidden from everybody: the order of the three decks (see ``state.SECRET_FIELDS``).
The GM (``seat None``) sees every hand.
"""

from __future__ import annotations

import textwrap

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
    income: str
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
        income=state.income,
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
        income=view.income,
        winners=list(view.winners),
        end_reason=view.end_reason,
    )


def _who(seat: int) -> str:
    return "--" if seat < 0 else f"P{seat}"


def _infantry(view: SpaceRiskView, board: Board, seat: int) -> int:
    """Infantry on land and aboard transports (as the final score counts them)."""
    land = sum(view.armies[t] for t in range(board.land_count) if view.owner[t] == seat)
    return land + sum(sh.cargo for sh in view.ships if sh.owner == seat)


def _short(name: str, prefix: str) -> str:
    return name.removeprefix(prefix) if name.startswith(prefix) and len(name) > len(prefix) else name


def _wrap(items: list[str], indent: str = "  ", width: int = 80, sep: str = "  ") -> list[str]:
    """``items`` joined by ``sep`` in lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    end = sep.rstrip()  # a line that breaks a list keeps its separator: "a, b," / "c"
    for item in items:
        if line and len(indent) + len(line) + len(sep) + len(item) + len(end) > width:
            lines.append(indent + line + end)
            line = ""
        line = item if not line else line + sep + item
    if line:
        lines.append(indent + line)
    return lines


def _planet_lines(view: SpaceRiskView, board: Board, pi: int) -> list[str]:
    """One planet in a few lines: a header, then a grid of cells ``3* P0 12 2,4,O``: territory
    (``*``: the spaceport), holder, infantry, neighbours (``O``: the space beside it)."""
    planet = board.planets[pi]
    prefix = planet.name + "-"
    space = sorted({x for t in planet.territories for x in board.space_adj[t]})
    space_label = {x: ("O" if len(space) == 1 else f"O{i + 1}") for i, x in enumerate(space)}
    parts = [f"worth {planet.net_worth}"]
    parts.append(f"spaceport {board.names[planet.port]}" if planet.port >= 0 else "no spaceport")
    if space:
        parts.append(", ".join(f"{space_label[x]} = {board.names[x]}" for x in space))
    holder = view.planet_holder[pi]
    if holder >= 0:
        parts.append(f"all held by P{holder}")
    lines = [f"{planet.name}: " + "; ".join(parts)]
    labels = [_short(board.names[t], prefix) for t in planet.territories]
    wide = max(len(label) for label in labels)
    cells = []
    for t, label in zip(planet.territories, labels, strict=True):
        near = [_short(board.names[x], prefix) for x in board.land_adj[t]]
        near += [space_label[x] for x in board.space_adj[t]]
        port = "*" if board.port_at[t] >= 0 else " "
        cells.append(f"{label:>{wide}}{port} {_who(view.owner[t])} {view.armies[t]:>2} {','.join(near)}")
    cell_width = max(len(c) for c in cells)
    per_row = max(1, (80 - 2 + 2) // (cell_width + 2))
    for i in range(0, len(cells), per_row):
        row = cells[i:i + per_row]
        lines.append("  " + "  ".join(c.ljust(cell_width) for c in row).rstrip())
    return lines


def _ship_text(view: SpaceRiskView, s: Ship) -> str:
    """``S6 B`` (battleship), ``S9 T3`` (transport carrying 3), `` new`` while it waits, `` moved``."""
    text = f"S{s.id} " + ("B" if s.kind == 0 else f"T{s.cargo}")
    if view.turns_taken[s.owner] - s.built_turn < view.params.ship_wait_turns:
        text += " new"
    elif s.moved and s.owner == view.current:
        text += " moved"
    return text


def _fleet_lines(view: SpaceRiskView, board: Board) -> list[str]:
    """Ships grouped by space territory (one player's ships per territory)."""
    if not view.ships:
        return ["Ships: none"]
    groups = []
    for t in range(board.land_count, board.territory_count):
        here = sorted((s for s in view.ships if s.at == t), key=lambda s: s.id)
        if here:
            groups.append(f"{board.names[t]} P{here[0].owner}: " + ", ".join(_ship_text(view, s) for s in here))
    return ["Ships (B battleship, T3 transport carrying 3; new: waits a turn):", *_wrap(groups, sep="; ")]


def render_view(view: SpaceRiskView, board: Board) -> str:
    """The board and the viewer's essentials as plain text, about 35 lines of at most 80
    characters: planets as grids, space as its lanes and ships, then the players, then the
    viewer's cards and objectives and what to do now, just above the prompt."""
    lines: list[str] = []
    me = view.seat
    header = f"{board.name} - round {view.round}, turn {view.turn}, {view.phase}"
    if view.phase != PHASE_NAMES[OVER]:
        header += f", P{view.current}{' (you)' if view.current == me else ''} to act"
    lines.append(header)
    lines.append("Territory cells: NUMBER(* spaceport) HOLDER INFANTRY NEIGHBOURS (O: orbit)")
    for pi in range(len(board.planets)):
        lines.extend(_planet_lines(view, board, pi))
    lanes = []
    for t in range(board.land_count, board.territory_count):
        onward = [x for x in board.space_adj[t] if x > t]
        if onward:
            star = "*" if board.asteroid[t] else ""
            lanes.append(f"{board.names[t]}{star}: " + ",".join(
                board.names[x] + ("*" if board.asteroid[x] else "") for x in onward))
    lines.append("Space lanes from each space territory (* asteroid field: defending dice +1):")
    lines.extend(_wrap(lanes, sep="   ") if lanes else ["  none"])
    lines.extend(_fleet_lines(view, board))
    seats = range(len(view.alive))
    lines.extend([
        f"P{s}{' (you)' if s == me else ''}{'' if view.alive[s] else ' (out)'}: "
        f"{sum(1 for t in range(board.land_count) if view.owner[t] == s)} terr, "
        f"{_infantry(view, board, s)} inf, "
        f"{sum(1 for sh in view.ships if sh.owner == s)} ships, {view.hand_sizes[s]} cards, "
        f"{view.stars[s]}/{view.params.stars_to_win} stars" for s in seats])
    if view.all_hands is not None and view.all_objectives is not None and view.all_goals is not None:
        for seat in seats:
            cards = " ".join(board.card_names[c] for c in view.all_hands[seat]) or "none"
            missions = " ".join([board.objectives[i].id for i in view.all_objectives[seat]]
                                + [board.goals[i].id for i in view.all_goals[seat]]) or "none"
            lines.append(f"P{seat} cards: {cards}; objective and goal cards: {missions}")
    if view.hand is not None:
        kinds = ("infantry", "horse", "cannon")
        hand = [f"{board.card_names[c]} ({'special' if board.card_kind[c] < 0 else kinds[board.card_kind[c]]})"
                for c in view.hand]
        items = hand or ["none"]
        items[0] = f"Your cards (a set trades for {board.trade_value(view.sets_traded)} now): " + items[0]
        lines.extend(_wrap(items, indent="", sep=", "))
    if view.my_objectives is not None and view.my_goals is not None:
        for i in view.my_objectives:
            c = board.objectives[i]
            lines.append(f"Objective {c.id}: {c.text} (reward {c.reward})")
        for i in view.my_goals:
            c = board.goals[i]
            lines.append(f"Goal {c.id}: {c.text} (reward {c.reward}, {c.stars} star)")
    lines.extend(_status(view, board))
    # Long free text (a game-over reason, a custom board's card texts) is wrapped to 80 columns.
    return "\n".join(part for line in lines
                     for part in (textwrap.wrap(line, 80, subsequent_indent="  ") if len(line) > 80 else [line]))


def _status(view: SpaceRiskView, board: Board) -> list[str]:
    """What the player to act does now (the last lines, just above the prompt)."""
    phase = view.phase
    mine = view.current == view.seat
    if phase in (PHASE_NAMES[DEPLOY], PHASE_NAMES[CLAIM]):
        left = ", ".join(f"P{s} {n}" for s, n in enumerate(view.to_deploy))
        how = "'claim TERRITORY'" if phase == PHASE_NAMES[CLAIM] else "'place TERRITORY count=N'"
        return [f"Starting infantry left: {left}", f"Your turn: {how}" if mine else f"P{view.current} places"]
    if phase == PHASE_NAMES[REINFORCE]:
        lines = [f"Reinforcements to place: {view.pool}" + (f" (this turn: {view.income})" if view.income else "")]
        if mine and view.hand is not None and len(view.hand) >= 3:
            forced = view.params.forced_trade_hand
            must = forced > 0 and len(view.hand) >= forced
            lines.append(("You must trade a set first" if must else "Trade a set first if you like")
                         + " ('actions' lists your sets); then 'place TERRITORY count=N'")
        elif mine:
            lines.append("Place them: 'place TERRITORY' (one) or 'place TERRITORY count=N'")
        return lines
    if phase == PHASE_NAMES[MOVE_IN]:
        return [f"P{view.current} took {board.names[view.move_to]}: move 1 to {view.move_max} infantry in ('move N')"]
    if phase == PHASE_NAMES[MAIN]:
        lines = []
        if mine and "lost for want of room" in view.income:
            lines.append(f"Reinforcements this turn: {view.income}")
        if mine:
            ports = [p.name for pi, p in enumerate(board.planets)
                     if p.port >= 0 and view.owner[p.port] == view.seat
                     and view.owner[p.launch] in (-1, view.seat)
                     and view.round - view.port_used[pi] >= view.params.spaceport_interval]
            if ports:
                lines.append("Spaceports ready: " + ", ".join(ports) + " ('build PLANET battleship')")
            if view.conquests:
                took = "1 territory" if view.conquests == 1 else f"{view.conquests} territories"
                lines.append(f"You took {took} this turn: a card at the end of it")
        lines.append("Attack, fly/load/unload ships, build; then 'fortify FROM TO N' or 'end'")
        return lines
    return [f"Game over: {view.end_reason}"]
