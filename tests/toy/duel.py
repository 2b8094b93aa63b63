"""Sealed Duel: a tiny ruleset used only by the tests (not registered for users).

It exercises everything the core must support before the real games exist:

- shuffled chance (a deck of numbered cards dealt into hidden hands) and dice chance;
- hidden information (each hand is seen by its owner only; the deck order by nobody);
- a sealed simultaneous decision (every seat plays a card face down; all reveal together);
- a turn-based decision (the round's winner may ``press`` its luck with a die, or ``bank``).

Rules: each seat is dealt ``hand_size`` cards from a deck holding ``copies`` of each number
1..``top``. Each round every seat plays one card, sealed. The highest card wins the round
(equal highest: nobody wins, no point). The winner scores 1 and then chooses: ``bank`` (keep
it) or ``press``: roll a die, on ``press_target`` or more score 2 more, otherwise lose 1.
After ``hand_size`` rounds the highest score wins (equal: draw).

It is the framework's test ruleset and shows the protocol's shape: ``_decision`` (a sealed
card decision, then the winner's own press-or-bank decision), one legality predicate
(``_why_not``, which ``_legal_actions`` agrees with), a default at close (the lowest card in
hand; bank), and a GM action of its own (``award SEAT POINTS``: 1-3 bonus points).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from starlanes.core import (
    GM,
    Action,
    ActionTemplate,
    Actor,
    Chance,
    Decision,
    Event,
    GameSpec,
    GameState,
    Information,
    Outcome,
    Params,
    Rng,
    Ruleset,
    param,
)


@dataclass(frozen=True)
class DuelParams(Params):
    hand_size: int = param(3, "cards dealt to each seat (= rounds played)", min=1, max=6)
    top: int = param(6, "highest card number", min=2)
    copies: int = param(2, "copies of each number in the deck", min=1)
    press_target: int = param(4, "lowest die roll that wins a press", min=1, max=6)


class Play(Action, frozen=True):
    verb: ClassVar[str] = "play"
    card: int


class Press(Action, frozen=True):
    verb: ClassVar[str] = "press"


class Bank(Action, frozen=True):
    verb: ClassVar[str] = "bank"


class Award(Action, frozen=True):
    """GM: give SEAT 1-3 bonus points."""

    verb: ClassVar[str] = "award"
    seat: int
    points: int


MAX_AWARD = 3


class DuelState(GameState, kw_only=True):
    params: DuelParams
    hands: list[list[int]]
    deck: list[int]
    discard: list[int] = msgspec.field(default_factory=list)
    scores: list[int] = msgspec.field(default_factory=list)
    round: int = 0
    presser: int = -1  # seat deciding press/bank, -1 when every seat is choosing a card
    last_roll: int = 0


class DuelView(msgspec.Struct, frozen=True):
    hand: tuple[int, ...] | None  # None for the GM
    hands: tuple[tuple[int, ...], ...] | None  # every hand, GM only
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    presser: int
    last_roll: int
    params: DuelParams


SPEC = GameSpec(
    id="duel",
    name="Sealed Duel (test ruleset)",
    version="1",
    players=range(2, 5),
    chance=Chance.DICE_AND_SHUFFLED,
    information=Information.IMPERFECT,
    params=DuelParams,
    description="test-only ruleset: sealed cards, hidden hands, dice",
    max_actions=200,
    simultaneous=True,
)


class Duel(Ruleset[DuelState, DuelView, DuelParams]):
    spec = SPEC
    state_type = DuelState
    view_type = DuelView
    action_types: ClassVar[tuple[type[Action], ...]] = (Play, Press, Bank)
    gm_action_types: ClassVar[tuple[type[Action], ...]] = (Award,)

    def _setup(self, params: DuelParams, players: int, rng: Rng) -> DuelState:
        deck = [n for n in range(1, params.top + 1) for _ in range(params.copies)]
        if len(deck) < players * params.hand_size:
            raise ValueError("deck too small for that many players")
        rng.shuffle(deck)
        hands = [sorted(deck[i * params.hand_size:(i + 1) * params.hand_size]) for i in range(players)]
        return DuelState(players=players, rng=rng, params=params, hands=hands,
                         deck=deck[players * params.hand_size:], scores=[0] * players)

    def _decision(self, state: DuelState) -> Decision | None:
        if state.round >= state.params.hand_size:
            return None
        if state.presser >= 0:
            return Decision((state.presser,), False, "all", "press")
        return Decision(tuple(range(state.players)), True, "all", "cards")

    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        if state.presser >= 0:
            return [Bank(), Press()]
        return [Play(c) for c in sorted(set(state.hands[seat]))]

    def _why_not(self, state: DuelState, actor: Actor, action: Action) -> str | None:
        if actor is GM:
            assert isinstance(action, Award)
            if action.seat not in range(state.players):
                return f"no seat {action.seat}; seats are 0-{state.players - 1}"
            if not 1 <= action.points <= MAX_AWARD:
                return f"an award is 1-{MAX_AWARD} points, not {action.points}"
            return None
        assert isinstance(actor, int)
        if state.presser >= 0:
            return None if isinstance(action, Press | Bank) else "you won the round: press or bank"
        if not isinstance(action, Play):
            return "every seat must play a card now"
        if action.card not in state.hands[actor]:
            return f"you have no {action.card} in your hand"
        return None

    def _default_action(self, state: DuelState, seat: int) -> Action | None:
        if state.presser >= 0:
            return Bank()
        return Play(min(state.hands[seat]))

    def _legal_gm_actions(self, state: DuelState) -> list[Action | ActionTemplate]:
        return [ActionTemplate(Award, seat=range(state.players), points=range(1, MAX_AWARD + 1))]

    def _apply_gm(self, state: DuelState, action: Action) -> list[Event]:
        assert isinstance(action, Award)
        state.scores[action.seat] += action.points
        return [Event(text=f"the GM awards seat {action.seat} {action.points} point(s)")]

    def _apply(self, state: DuelState, moves: Mapping[int, Action]) -> list[Event]:
        if state.presser >= 0:
            seat = state.presser
            state.presser = -1
            state.round += 1
            if isinstance(moves[seat], Bank):
                return [Event(f"seat {seat} banks")]
            roll = state.rng.die(6)
            state.last_roll = roll
            if roll >= state.params.press_target:
                state.scores[seat] += 2
                return [Event(f"seat {seat} presses, rolls {roll} and scores 2")]
            state.scores[seat] -= 1
            return [Event(f"seat {seat} presses, rolls {roll} and loses 1")]
        played = {}
        for seat, action in sorted(moves.items()):
            assert isinstance(action, Play)
            state.hands[seat].remove(action.card)
            state.discard.append(action.card)
            played[seat] = action.card
        events = [Event("cards revealed: " + ", ".join(f"seat {s} {c}" for s, c in played.items()))]
        best = max(played.values())
        winners = [s for s, c in played.items() if c == best]
        if len(winners) == 1:
            state.scores[winners[0]] += 1
            state.presser = winners[0]
            events.append(Event(f"seat {winners[0]} wins the round"))
        else:
            state.round += 1
            events.append(Event("tie: nobody wins the round"))
        return events

    def _view(self, state: DuelState, seat: int | None) -> DuelView:
        return DuelView(
            hand=None if seat is None else tuple(state.hands[seat]),
            hands=tuple(tuple(h) for h in state.hands) if seat is None else None,
            hand_sizes=tuple(len(h) for h in state.hands),
            deck_size=len(state.deck),
            discard=tuple(state.discard),
            scores=tuple(state.scores),
            round=state.round,
            presser=state.presser,
            last_roll=state.last_roll,
            params=state.params,
        )

    def _outcome(self, state: DuelState) -> Outcome | None:
        if state.round < state.params.hand_size:
            return None
        best = max(state.scores)
        winners = tuple(s for s in range(state.players) if state.scores[s] == best)
        scores = tuple(float(s) for s in state.scores)
        if len(winners) > 1:
            return Outcome("equal scores", (), scores)
        return Outcome("highest score", winners, scores)

    def _unknown_cards(self, params: DuelParams, known: list[int]) -> list[int]:
        pool = [n for n in range(1, params.top + 1) for _ in range(params.copies)]
        for card in known:
            pool.remove(card)
        return pool

    def perturb_hidden(self, state: DuelState, seat: int, rng: Rng) -> DuelState:
        new = self.clone(state)
        others = [s for s in range(state.players) if s != seat]
        pool = [c for s in others for c in new.hands[s]] + new.deck
        rng.shuffle(pool)
        for s in others:
            n = len(new.hands[s])
            new.hands[s], pool = sorted(pool[:n]), pool[n:]
        new.deck = pool
        # sealed choices of others are hidden too
        for s in list(new.sealed):
            if s != seat and new.hands[s]:
                new.sealed[s] = Play(rng.choice(new.hands[s])).text()
        return new

    def determinize(self, view: DuelView, seat: int, rng: Rng) -> DuelState:
        assert view.hand is not None
        pool = self._unknown_cards(view.params, list(view.hand) + list(view.discard))
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for s, size in enumerate(view.hand_sizes):
            if s == seat:
                hands.append(list(view.hand))
            else:
                hands.append(sorted(pool[:size]))
                pool = pool[size:]
        return DuelState(players=len(view.hand_sizes), rng=rng.fork("determinize"), params=view.params,
                         hands=hands, deck=pool, discard=list(view.discard), scores=list(view.scores),
                         round=view.round, presser=view.presser, last_roll=view.last_roll)

    def render(self, view: DuelView, viewer: object) -> str:
        lines = [f"Round {view.round + 1}/{view.params.hand_size}  scores: {list(view.scores)}"]
        if view.hand is not None:
            lines.append(f"Your hand: {' '.join(map(str, view.hand))}")
        lines.append(f"Played so far: {' '.join(map(str, view.discard)) or '-'}")
        return "\n".join(lines)


def make_duel() -> Duel:
    return Duel()
