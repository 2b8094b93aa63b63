"""Cards of space-risk: territory card sets (R9, R14), the territory deck, objective and goal
cards (what their conditions ask, drawing them, R28, R35)."""

from __future__ import annotations

from collections.abc import Sequence

from starlanes.core import Event, StarlanesError
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.board import CARD_KINDS, WILD, Board, MissionCard
from starlanes.games.space_risk.rules.common import kinds_make_set
from starlanes.games.space_risk.state import SpaceRiskState

__all__ = [
    "check_missions",
    "draw_card",
    "draw_mission",
    "has_set",
    "mission_done",
    "must_trade",
    "replace_done_missions",
    "valid_set",
]


def valid_set(board: Board, cards: Sequence[int]) -> bool:
    """Three cards alike, or one of each kind; a special card stands for any kind (R9)."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    a, b, c = (board.card_kind[x] for x in cards)
    return kinds_make_set(a, b, c)


def has_set(board: Board, hand: Sequence[int]) -> bool:
    """Whether a hand holds a set (R9): three of a kind or one of each, wilds filling in."""
    counts = [0] * len(CARD_KINDS)
    wild = 0
    for c in set(hand):
        k = board.card_kind[c]
        if k == WILD:
            wild += 1
        else:
            counts[k] += 1
    if any(n + wild >= 3 for n in counts):
        return True
    return sum(1 for n in counts if n) + wild >= 3


def must_trade(state: SpaceRiskState, board: Board, seat: int) -> bool:
    """The hand-limit house rule (``forced_trade_hand``, off by default, R14)."""
    limit = state.params.forced_trade_hand
    hand = state.hands[seat]
    return limit > 0 and len(hand) >= limit and has_set(board, hand)


def mission_done(state: SpaceRiskState, board: Board, seat: int, card: MissionCard) -> bool:
    """Whether ``seat`` meets the condition of an objective or goal card now."""
    cond = card.condition
    kind = cond.kind
    owner = state.owner
    if kind == "territories":
        return owner[:board.land_count].count(seat) >= cond.count
    if kind == "territories_on":
        terrs = board.planets[cond.planets[0]].territories
        return sum(1 for t in terrs if owner[t] == seat) >= cond.count
    if kind in ("planet", "planets"):
        return all(all(owner[t] == seat for t in board.planets[p].territories) for p in cond.planets)
    if kind == "whole_planets":
        held = sum(1 for p in board.planets if all(owner[t] == seat for t in p.territories))
        return held >= cond.count
    if kind == "planets_present":
        present = sum(1 for p in board.planets if any(owner[t] == seat for t in p.territories))
        return present >= cond.count
    if kind == "spaceports":
        return sum(1 for p in board.planets if p.port >= 0 and owner[p.port] == seat) >= cond.count
    if kind == "ships":
        return sum(1 for s in state.ships if s.owner == seat) >= cond.count
    if kind == "space":
        return owner[board.land_count:board.territory_count].count(seat) >= cond.count
    if kind == "asteroids":
        return sum(1 for t in range(board.land_count, board.territory_count)
                   if owner[t] == seat and board.asteroid[t]) >= cond.count
    if kind == "conquests_in_turn":
        return state.conquests >= cond.count
    raise StarlanesError(f"unknown condition kind {kind!r}")


def draw_card(state: SpaceRiskState) -> int | None:
    """The top territory card; an empty deck is the discard pile shuffled (None: no card left)."""
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
    if not state.deck:
        return None
    return state.deck.pop()


def draw_mission(state: SpaceRiskState, board: Board, seat: int, deck: list[int],
                 cards: Sequence[MissionCard]) -> int:
    """The top card of a non-empty mission deck; with ``redraw_completed_cards`` a card whose
    task ``seat`` has already done goes to the bottom and the next is drawn (R35)."""
    if state.params.redraw_completed_cards:
        for _ in range(len(deck) - 1):
            top = cards[deck[-1]]
            if top.condition.kind == "conquests_in_turn" or not mission_done(state, board, seat, top):
                break  # (a turn's conquests are counted afresh: such a card is never free)
            deck.insert(0, deck.pop())
    return deck.pop()


def replace_done_missions(state: SpaceRiskState, board: Board) -> list[Event]:
    """Once the starting territories are known, dealt cards whose task is already done are
    replaced (R35)."""
    events: list[Event] = []
    if not state.params.redraw_completed_cards:
        return events
    for seat in range(state.players):
        for hand, cards, deck in ((state.objectives[seat], board.objectives, state.objective_deck),
                                  (state.goals[seat], board.goals, state.goal_deck)):
            for i, idx in enumerate(list(hand)):
                if deck and mission_done(state, board, seat, cards[idx]):
                    hand[i] = draw_mission(state, board, seat, deck, cards)
                    deck.insert(0, idx)
                    new = cards[hand[i]]
                    old = cards[idx]
                    events.append(ev.MissionReplaced(seat, old.id, old.text, new.id, new.text).event(
                        seats=(seat,), reveals=True))
    return events


def complete_mission(state: SpaceRiskState, board: Board, seat: int, hand: list[int], idx: int,
                     cards: Sequence[MissionCard], deck: list[int]) -> int | None:
    """``seat`` completes the card ``idx`` of ``hand``: it is discarded, its reward and stars are
    earned, and a new card is drawn from ``deck`` while it lasts (the new card's index, else
    ``None``). Shared by ``check_missions`` and search playouts (``playout.py``)."""
    card = cards[idx]
    hand.remove(idx)
    state.completed[seat].append(card.id)
    state.mission_discard.append(card.id)
    state.rewards_due[seat] += card.reward
    state.stars[seat] += card.stars
    if not deck:
        return None
    new = draw_mission(state, board, seat, deck, cards)
    hand.append(new)
    return new


def check_missions(state: SpaceRiskState, board: Board, seat: int) -> list[Event]:
    """Objective and goal cards of ``seat`` are checked at the end of its turn (R28)."""
    events: list[Event] = []
    for hand, cards, deck in ((state.objectives[seat], board.objectives, state.objective_deck),
                              (state.goals[seat], board.goals, state.goal_deck)):
        for idx in list(hand):
            card = cards[idx]
            if not mission_done(state, board, seat, card):
                continue
            new = complete_mission(state, board, seat, hand, idx, cards, deck)
            events.append(ev.MissionCompleted(seat, card.id, card.text, card.reward, card.stars).event(reveals=True))
            if new is not None:
                events.append(ev.MissionDrawn(seat, cards[new].id, cards[new].text).event(seats=(seat,), reveals=True))
    return events
