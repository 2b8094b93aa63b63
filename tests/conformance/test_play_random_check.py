"""``check_play_random_is_the_drawn_loop`` (issue 16): a ruleset's own ``play_random``, the fast
playout search uses, must play the game the public loop plays. The check fails on overrides that
play another action, stop early or draw from the rng once too often."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from starlanes.core import Rng
from starlanes.testing import ConformanceFailure, drawn_loop
from starlanes.testing.protocol import check_play_random_is_the_drawn_loop
from tests.toy.duel import make_duel
from tests.toy.tally import Tally, TallyState, make_tally


def test_the_generic_play_random_passes() -> None:
    check_play_random_is_the_drawn_loop(make_tally())
    check_play_random_is_the_drawn_loop(make_duel())  # a sealed decision: every seat draws


class _OneShort(Tally):
    def play_random(self, state: TallyState, rng: Rng, limit: int) -> int:
        return super().play_random(state, rng, max(0, limit - 1))


class _OtherDraw(Tally):
    def play_random(self, state: TallyState, rng: Rng, limit: int) -> int:
        rng.randint(0, 9)  # one draw more: every action after it differs
        return super().play_random(state, rng, limit)


class _ExtraDraw(Tally):
    def play_random(self, state: TallyState, rng: Rng, limit: int) -> int:
        played = super().play_random(state, rng, limit)
        rng.randint(0, 9)  # the same game, but the rng is left elsewhere
        return played


class _OneGenerator(Tally):
    def play_random(self, state: TallyState, rng: Rng | Sequence[Rng], limit: int) -> int:
        first = rng if isinstance(rng, Rng) else rng[0]  # every seat draws with seat 0's generator
        return super().play_random(state, first, limit)


@pytest.mark.parametrize("cls", [_OneShort, _OtherDraw, _ExtraDraw, _OneGenerator], ids=lambda c: c.__name__)
def test_an_override_that_changes_the_game_fails(cls: Any) -> None:
    game = cls()
    with pytest.raises(ConformanceFailure, match="play_random"):
        check_play_random_is_the_drawn_loop(game)


def test_drawn_loop_stops_at_the_limit_and_at_the_end() -> None:
    game = make_tally()
    state = game.setup(None, 2, 5)
    assert drawn_loop(game, state, Rng.from_seed(1), 3) == 3
    played = drawn_loop(game, state, Rng.from_seed(1), 10_000)
    assert game.is_over(state) and played < 10_000


def test_drawn_loop_draws_each_seat_with_its_generator() -> None:
    game = make_tally()
    one, per_seat = game.setup(None, 2, 5), game.setup(None, 2, 5)
    shared = Rng.from_seed(1)
    mine = [Rng.from_seed(1), Rng.from_seed(2)]
    drawn_loop(game, one, shared, 20)
    drawn_loop(game, per_seat, mine, 20)
    assert game.to_json(one) != game.to_json(per_seat)
    same = [Rng.from_seed(1)] * 2  # one generator in every place is the one-generator loop
    again = game.setup(None, 2, 5)
    drawn_loop(game, again, same, 20)
    assert game.to_json(again) == game.to_json(one)

