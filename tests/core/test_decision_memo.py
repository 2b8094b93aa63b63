"""Issue 16: the decision a state awaits is worked out once per step (``Ruleset._current``), not by
each of the calls one action makes (``to_act``, ``sample_legal``, ``apply``); ``_apply`` never sees
a remembered one, and nothing of it is saved, cloned or compared. ``play_random`` (search
playouts) plays the public loop's game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec
import pytest

from starlanes.core import GM, Action, Event, Rng, Ruleset
from starlanes.core.decision import Decision, Pending
from starlanes.registry import get_game
from starlanes.testing import drawn_loop
from tests.toy.duel import make_duel
from tests.toy.tally import Add, Tally, TallyState, make_tally


class Counted(Tally):
    """Tally counting its ``_decision`` calls; its ``_apply`` asks for the decision before and
    after changing the state (as a ruleset's own rules may)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0
        self.seen_in_apply: list[tuple[int, ...]] = []

    def _decision(self, state: TallyState) -> Decision | None:
        self.calls += 1
        return super()._decision(state)

    def _apply(self, state: TallyState, moves: Mapping[int, Action]) -> list[Event]:
        before = sorted(self.to_act(state))
        events = super()._apply(state, moves)
        self.seen_in_apply.append((*before, -1, *sorted(self.to_act(state))))
        return events


def test_one_decision_per_step_for_to_act_draw_and_apply() -> None:
    game = Counted()
    state = game.setup({"toll_every": 1000}, 2, 0)
    rng = Rng.from_seed(1)
    game.calls = 0
    steps = 0
    while seats := sorted(game.to_act(state)):
        seat = seats[0]
        assert game.count_legal(state, seat) > 0
        assert game.legal_actions(state, seat)
        game.apply_unchecked(state, seat, game.sample_legal(state, seat, rng))
        steps += 1
    # per step: one for the five calls before ``_apply`` and two inside it (not remembered)
    assert steps > 3
    assert game.calls == 3 * steps + 1  # + the last ``to_act``, at the end


def test_apply_asks_afresh_while_it_changes_the_state() -> None:
    game = Counted()
    state = game.setup(None, 2, 0)
    game.to_act(state)  # remembered for this step
    game.apply(state, 0, "add 2")
    assert game.seen_in_apply == [(0, -1, 1)]  # the seat after the add, not the remembered one
    assert game.to_act(state) == {1}


def test_the_memo_is_not_state() -> None:
    game = Tally()
    state = game.setup(None, 2, 0)
    assert game.decision(state) is not None
    assert state._decided is not None
    assert b"_decided" not in game.to_json(state)
    copy = game.clone(state)
    assert copy._decided is None and copy == state
    assert msgspec.structs.replace(state, counter=1)._decided is None


def test_forget_after_a_change_by_hand() -> None:
    game = Tally()
    state = game.setup(None, 2, 0)
    assert game.to_act(state) == {0}
    state.pending = Pending("toll", (0, 1), True)  # by hand, without apply
    game.forget(state)
    decision = game.decision(state)
    assert decision is not None and decision.sealed and decision.actors == (0, 1)
    game.forget(state)
    game.forget(state)  # nothing to forget: no error


def test_a_sealed_decision_and_the_gm_close_use_the_step_s_decision() -> None:
    game = Tally()
    state = game.setup({"toll_every": 2}, 2, 0)
    game.apply(state, 0, "add 3")  # passes 2: a toll, a sealed decision of both seats
    assert game.to_act(state) == {0, 1}
    game.apply(state, 0, "bid 1")
    assert game.to_act(state) == {1}  # seat 0 has sealed its choice
    game.apply(state, 0, "withdraw")
    assert game.to_act(state) == {0, 1}
    game.apply(state, 1, "bid 2")
    events = game.apply(state, GM, "close")
    assert events[0].kind == "decision-closed" or "closes" in events[0].describe()
    assert game.to_act(state) == {1} and state.pending is None
    assert isinstance(game.sample_legal(state, 1, Rng.from_seed(0)), Add)


@pytest.mark.parametrize("make", [make_duel, make_tally, lambda: get_game("space-risk"), lambda: get_game("kardashev")],
                         ids=["duel", "tally", "space-risk", "kardashev"])
def test_play_random_plays_the_loop_s_game(make: Callable[[], Ruleset[Any, Any, Any]]) -> None:
    """``play_random`` (search playouts) plays the actions of the public loop, sealed decisions
    (every seat of one, even past the limit) included: the same state, the same count."""
    game = make()
    for seed, limit in ((1, 7), (2, 40), (3, 10_000)):
        a = game.setup(None, game.spec.min_players, seed)
        b = game.clone(a)
        ra, rb = Rng.from_seed(seed), Rng.from_seed(seed)
        assert game.play_random(a, ra, limit) == drawn_loop(game, b, rb, limit)
        assert a == b and ra.randint(0, 10**9) == rb.randint(0, 10**9)
        assert game.play_random(a, ra, 0) == 0
    assert game.is_over(a)  # the long one reached the end
