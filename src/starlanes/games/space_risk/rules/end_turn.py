"""The end of a space-risk turn: a territory card after a conquest (R15), objective and goal cards
checked (R28), planets recorded (R13), the winner by stars, the round limit (R29), then the
next seat's turn.  Also the end of the game (``finish``) that eliminations reach."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.rules.cards import check_missions, draw_card
from starlanes.games.space_risk.rules.common import next_seat
from starlanes.games.space_risk.rules.reinforce import begin_turn
from starlanes.games.space_risk.state import OVER, SpaceRiskState

__all__ = ["end_turn", "finish", "finish_by_score", "game_over", "update_planets", "wrapped_after"]


def end_turn(state: SpaceRiskState, board: Board, seat: int) -> list[Event]:
    """Close ``seat``'s turn and begin the next one (or end the game)."""
    events: list[Event] = []
    for card in conquest_cards(state, seat):
        events.append(ev.CardDrawn(seat).event())
        events.append(ev.CardReceived(seat, board.card_names[card]).event(seats=(seat,), reveals=True))
    events.extend(check_missions(state, board, seat))
    update_planets(state, board)
    was_over = state.phase == OVER
    passed = pass_turn(state, board, seat)
    if passed is None:
        if not was_over:
            events.append(game_over(state))
        return events
    events.extend(begin_turn(state, board, *passed))
    return events


def conquest_cards(state: SpaceRiskState, seat: int) -> list[int]:
    """The cards a turn with a conquest earns, drawn into ``seat``'s hand (fewer when the deck
    runs out)."""
    drawn: list[int] = []
    if state.conquests > 0:
        for _ in range(state.params.cards_per_conquering_turn):
            card = draw_card(state)
            if card is None:
                break
            state.hands[seat].append(card)
            drawn.append(card)
    return drawn


def pass_turn(state: SpaceRiskState, board: Board, seat: int) -> tuple[int, bool] | None:
    """After ``seat``'s turn (its missions and the planets checked): ``None`` when the game is
    over (already, by the stars to win, or after the last round), else the next seat and whether
    a new round begins. Shared by ``end_turn`` and search playouts (``playout.py``)."""
    params = state.params
    if state.phase == OVER:
        return None
    if params.stars_to_win > 0 and state.stars[seat] >= params.stars_to_win:
        finish(state, [seat], f"seat {seat} earned {state.stars[seat]} stars")
        return None
    nxt = next_seat(state, seat)
    wrapped = wrapped_after(state, seat, nxt)
    if wrapped and state.round >= params.max_rounds:
        finish_by_score(state, board)
        return None
    return nxt, wrapped


def game_over(state: SpaceRiskState) -> Event:
    """The event of the end of the game (the winners and the reason ``finish`` recorded)."""
    return ev.GameOver(list(state.winners), state.end_reason).event()


def wrapped_after(state: SpaceRiskState, seat: int, nxt: int) -> bool:
    """Whether play passes the first player's place (that seat may have been eliminated)."""
    rel_prev = (seat - state.first) % state.players
    rel_new = (nxt - state.first) % state.players
    return rel_new <= rel_prev


def update_planets(state: SpaceRiskState, board: Board) -> None:
    """Record who holds each whole planet since which turn (planet net-worth, R13)."""
    for pi, planet in enumerate(board.planets):
        first = state.owner[planet.territories[0]]
        holder = first if all(state.owner[t] == first for t in planet.territories) else -1
        if holder != state.planet_holder[pi]:
            state.planet_holder[pi] = holder
            state.planet_since[pi] = state.turn


def finish(state: SpaceRiskState, winners: list[int], reason: str) -> None:
    state.phase = OVER
    state.winners = winners
    state.end_reason = reason


def finish_by_score(state: SpaceRiskState, board: Board) -> None:
    """At the round limit: most stars, then most territories, then most infantry (R29)."""
    def key(s: int) -> tuple[int, int, int]:
        terrs = state.owner[:board.land_count].count(s)
        inf = sum(state.armies[t] for t in range(board.land_count) if state.owner[t] == s)
        inf += sum(sh.cargo for sh in state.ships if sh.owner == s)
        return (state.stars[s], terrs, inf)

    def count(n: int, one: str, many: str) -> str:
        return f"{n} {one if n == 1 else many}"

    alive = [s for s in range(state.players) if state.alive[s]]
    best = max(key(s) for s in alive)
    winners = [s for s in alive if key(s) == best]
    scores = "; ".join(f"P{s} {count(key(s)[0], 'star', 'stars')}, "
                       f"{count(key(s)[1], 'territory', 'territories')}, {key(s)[2]} infantry" for s in alive)
    finish(state, winners if len(winners) == 1 else [],
           f"round limit {state.params.max_rounds} reached; scored by stars, then territories, "
           f"then infantry: {scores}")
