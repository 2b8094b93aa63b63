"""Tally: a second test ruleset, for templates with ranges and a pending sealed sub-decision.

Two or three seats take turns adding 1..``max_add`` to a shared counter (``add N``; never past
``target``) and score N. Each time the counter passes a multiple of ``toll_every`` (below the
target) a toll is called: a sealed sub-decision (``GameState.pending``) in which every seat bids
0-2 (``bid B``) and may revise or withdraw its bid until the last bid is in or the GM closes
it; a seat with no bid then bids 0. Every seat pays its bid; the single highest bid gains 3.
At the target the highest score wins (equal: a draw).

It stays on the framework's default decision (``_to_act`` and ``state.pending``) and lists its
actions as ``ActionTemplate``s; ``_count_legal`` and ``_sample_legal`` count and draw without
listing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from starlanes.core import (
    Action,
    ActionTemplate,
    Actor,
    Chance,
    Event,
    GameSpec,
    GameState,
    Information,
    Outcome,
    Params,
    Pending,
    Rng,
    Ruleset,
    param,
)

MAX_BID = 2
TOLL_PRIZE = 3


@dataclass(frozen=True)
class TallyParams(Params):
    target: int = param(20, "the counter's last value", min=1, max=1000)
    max_add: int = param(4, "most a seat may add in one turn", min=1, max=1000)
    toll_every: int = param(7, "a toll is called each time the counter passes a multiple of this", min=1)


class Add(Action, frozen=True):
    verb: ClassVar[str] = "add"
    n: int


class Bid(Action, frozen=True):
    verb: ClassVar[str] = "bid"
    amount: int


class TallyState(GameState, kw_only=True):
    params: TallyParams
    counter: int = 0
    turn: int = 0
    scores: list[int] = msgspec.field(default_factory=list)


class TallyView(msgspec.Struct, frozen=True):
    counter: int
    turn: int
    scores: tuple[int, ...]
    toll: bool
    params: TallyParams


SPEC = GameSpec(
    id="tally",
    name="Tally (test ruleset)",
    version="1",
    players=range(2, 4),
    chance=Chance.NONE,
    information=Information.IMPERFECT,  # sealed bids
    params=TallyParams,
    description="test-only ruleset: ranged actions, a sealed pending toll",
    max_actions=500,
    simultaneous=True,
)


class Tally(Ruleset[TallyState, TallyView, TallyParams]):
    spec = SPEC
    state_type = TallyState
    view_type = TallyView
    action_types = (Add, Bid)

    def _setup(self, params: TallyParams, players: int, rng: Rng) -> TallyState:
        return TallyState(players=players, rng=rng, params=params, scores=[0] * players)

    def _to_act(self, state: TallyState) -> tuple[int, ...]:
        return () if state.counter >= state.params.target else (state.turn,)

    def _room(self, state: TallyState) -> int:
        return min(state.params.max_add, state.params.target - state.counter)

    def _legal_actions(self, state: TallyState, seat: int) -> list[Action | ActionTemplate]:
        if state.pending is not None:
            return [ActionTemplate(Bid, range(MAX_BID + 1))]
        return [ActionTemplate(Add, range(1, self._room(state) + 1))]

    def _count_legal(self, state: TallyState, seat: int) -> int:
        return MAX_BID + 1 if state.pending is not None else self._room(state)

    def _sample_legal(self, state: TallyState, seat: int, rng: Rng) -> Action:
        if state.pending is not None:
            return Bid(rng.randint(0, MAX_BID))
        return Add(rng.randint(1, self._room(state)))

    def _why_not(self, state: TallyState, actor: Actor, action: Action) -> str | None:
        if state.pending is not None:
            if not isinstance(action, Bid):
                return "a toll is called: bid 0-2"
            if not 0 <= action.amount <= MAX_BID:
                return f"a bid is 0-{MAX_BID}, not {action.amount}"
            return None
        if not isinstance(action, Add):
            return "add to the counter"
        room = self._room(state)
        if not 1 <= action.n <= room:
            return f"add 1-{room}, not {action.n}"
        return None

    def _default_action(self, state: TallyState, seat: int) -> Action | None:
        return Bid(0) if state.pending is not None else None

    def _apply(self, state: TallyState, moves: Mapping[int, Action]) -> list[Event]:
        if state.pending is not None:
            state.pending = None
            bids = {s: a.amount for s, a in moves.items() if isinstance(a, Bid)}
            for s, b in bids.items():
                state.scores[s] -= b
            events = [Event(text="bids: " + ", ".join(f"seat {s} {b}" for s, b in sorted(bids.items())))]
            top = max(bids.values(), default=0)
            best = [s for s, b in bids.items() if b == top]
            if top > 0 and len(best) == 1:
                state.scores[best[0]] += TOLL_PRIZE
                events.append(Event(text=f"seat {best[0]} wins the toll"))
            return events
        ((seat, action),) = moves.items()
        assert isinstance(action, Add)
        before = state.counter
        state.counter += action.n
        state.scores[seat] += action.n
        state.turn = (state.turn + 1) % state.players
        every = state.params.toll_every
        if state.counter < state.params.target and state.counter // every > before // every:
            state.pending = Pending("toll", tuple(range(state.players)), True)
            return [Event(text=f"seat {seat} adds {action.n}; a toll is called")]
        return [Event(text=f"seat {seat} adds {action.n}")]

    def _view(self, state: TallyState, seat: int | None) -> TallyView:
        return TallyView(state.counter, state.turn, tuple(state.scores), state.pending is not None, state.params)

    def _outcome(self, state: TallyState) -> Outcome | None:
        if state.counter < state.params.target:
            return None
        best = max(state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v == best)
        scores = tuple(float(v) for v in state.scores)
        return Outcome("equal scores", (), scores) if len(winners) > 1 else Outcome("highest score", winners, scores)

    def perturb_hidden(self, state: TallyState, seat: int, rng: Rng) -> TallyState:
        new = self.clone(state)
        for s in new.sealed:
            if s != seat:
                new.sealed[s] = Bid(rng.randint(0, MAX_BID)).text()
        return new

    def determinize(self, view: TallyView, seat: int, rng: Rng) -> TallyState:
        pending = Pending("toll", tuple(range(len(view.scores))), True) if view.toll else None
        return TallyState(players=len(view.scores), rng=rng.fork("determinize"), params=view.params,
                          counter=view.counter, turn=view.turn, scores=list(view.scores), pending=pending)


def make_tally() -> Tally:
    return Tally()
