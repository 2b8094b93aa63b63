"""ISMCTS sees only its own view: proven with a ruleset wrapper that refuses everything else.

``Guarded`` wraps a real ruleset. Every state it hands out through ``determinize_view`` is
recorded (and so is every clone of such a state); any call that touches another state (the
real one) raises, and so does any request for a view (which would be the raw state's or
another seat's). The agent is given only a view object and the legal actions, as agents are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from starlanes.ai.mcts import ISMCTSAgent, MCTSAgent
from starlanes.core import Action, Actor, Event, GameState, LegalActions, Rng, SeatView
from starlanes.core.state import Viewer
from tests.toy.duel import Duel, DuelState


class Leak(AssertionError):
    pass


class Guarded(Duel):
    """The Duel ruleset, but only determinized states (and their copies) may be used."""

    def __init__(self) -> None:
        super().__init__()
        self.allowed: set[int] = set()
        self.keep: list[GameState] = []  # keeps ids unique while the test runs
        self.determinized = 0

    def _ok(self, state: GameState) -> None:
        if id(state) not in self.allowed:
            raise Leak("the agent touched a state that is not one of its determinizations")

    def _allow(self, state: DuelState) -> DuelState:
        self.allowed.add(id(state))
        self.keep.append(state)
        return state

    def determinize_view(self, view: SeatView[Any], rng: Rng) -> DuelState:
        self.determinized += 1
        return self._allow(super().determinize_view(view, rng))

    def view(self, state: DuelState, viewer: Viewer) -> SeatView[Any]:
        raise Leak("the agent asked for a view")

    def clone(self, state: DuelState) -> DuelState:
        self._ok(state)
        return self._allow(super().clone(state))

    def to_act(self, state: DuelState) -> frozenset[int]:
        self._ok(state)
        return super().to_act(state)

    def is_over(self, state: DuelState) -> bool:
        self._ok(state)
        return super().is_over(state)

    def legal_actions(self, state: DuelState, actor: Actor) -> LegalActions:
        self._ok(state)
        return super().legal_actions(state, actor)

    def count_legal(self, state: DuelState, actor: Actor) -> int:
        self._ok(state)
        return super().count_legal(state, actor)

    def sample_legal(self, state: DuelState, actor: Actor, rng: Rng) -> Action:
        self._ok(state)
        return super().sample_legal(state, actor, rng)

    def why_not(self, state: DuelState, actor: Actor, action: Action) -> str | None:
        self._ok(state)
        return super().why_not(state, actor, action)

    def decision(self, state: DuelState) -> Any:
        self._ok(state)
        return super().decision(state)

    def apply_unchecked(self, state: DuelState, actor: Actor, action: Action) -> list[Event]:
        self._ok(state)
        return super().apply_unchecked(state, actor, action)

    def apply(self, state: DuelState, actor: Actor, action: Action | str) -> list[Event]:
        self._ok(state)
        return super().apply(state, actor, action)

    def outcome(self, state: DuelState) -> Any:
        self._ok(state)
        return super().outcome(state)

    def evaluate(self, state: DuelState, seat: int) -> float | None:
        self._ok(state)
        return super().evaluate(state, seat)

    def reseed(self, state: DuelState, seed: int) -> None:
        self._ok(state)
        super().reseed(state, seed)


def _real_game(players: int, seed: int) -> tuple[Duel, DuelState, Mapping[int, Any]]:
    real = Duel()
    state = real.setup(None, players, seed)
    return real, state, {s: real.view(state, s) for s in range(players)}


@pytest.mark.parametrize("agent_cls", [ISMCTSAgent, MCTSAgent])
def test_ismcts_sees_only_its_own_view(agent_cls: type[ISMCTSAgent] | type[MCTSAgent]) -> None:
    real, state, _ = _real_game(3, 4)
    guarded = Guarded()
    for _ in range(6):  # play a few decisions; the agent acts for every seat in turn
        if real.is_over(state):
            break
        for seat in sorted(real.to_act(state)):
            view = real.view(state, seat)
            legal = real.legal_actions(state, seat)
            agent = agent_cls(guarded, seat, 17, {"iterations": "40"})
            action = agent.act(view, legal)  # raises Leak on any other access
            assert action in legal
            real.apply(state, seat, action)
    assert guarded.determinized >= 6


def test_guard_catches_a_raw_state_access() -> None:
    # the guard is not vacuous: touching the real state raises
    _, state, _ = _real_game(2, 1)
    guarded = Guarded()
    with pytest.raises(Leak):
        guarded.legal_actions(state, 0)
    with pytest.raises(Leak):
        guarded.view(state, 1)


def test_ismcts_decision_depends_only_on_the_view() -> None:
    # two real states that differ only in what seat 0 cannot see give the same decision
    real = Duel()
    state = real.setup(None, 2, 8)
    other = real.perturb_hidden(state, 0, Rng.from_seed(99))
    assert other.hands[1] != state.hands[1] or other.deck != state.deck
    decisions = set()
    for s in (state, other):
        view = real.view(s, 0)
        agent = ISMCTSAgent(real, 0, 5, {"iterations": "80"})
        decisions.add(agent.act(view, real.legal_actions(s, 0)))
    assert len(decisions) == 1
