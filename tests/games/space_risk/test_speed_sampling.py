"""Issue 16: space-risk counts and draws its legal actions without listing them, and a draw is
the very entry of the list a random player would have picked (same games for the same seed)."""

from __future__ import annotations

from typing import Any

import pytest

from starlanes.core import Rng, derive_seed
from starlanes.games.space_risk import make_space_risk

GAME = make_space_risk()

VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"modified_start": True, "starting_infantry": 20},
    {"battleship_bridge": True, "ship_move_any_time": True, "battleships_drop_infantry": True},
    {"ship_wait_blocks_attacks": True, "forced_trade_hand": 5, "max_infantry": 9, "die_sides": 8},
)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_a_draw_is_the_list_entry_of_the_same_randint(variant: int) -> None:
    for seed in (1, 2):
        state = GAME.setup(VARIANTS[variant], 3, seed)
        rng = Rng.from_seed(derive_seed(seed, "walk"))
        for _ in range(500):
            seats = sorted(GAME.to_act(state))
            if not seats:
                break
            seat = seats[0]
            legal = GAME.legal_actions(state, seat)
            assert GAME.count_legal(state, seat) == len(legal)
            probe = Rng.from_seed(derive_seed(seed, "probe", state.step))
            twin = Rng.from_seed(derive_seed(seed, "probe", state.step))
            for _ in range(3):
                drawn = GAME.sample_legal(state, seat, probe)
                assert drawn == legal[twin.randint(0, len(legal) - 1)]
                assert probe.state == twin.state  # one randint each, nothing more
            GAME.apply(state, seat, legal[rng.randint(0, len(legal) - 1)])


def test_every_list_entry_of_a_main_step_can_be_drawn() -> None:
    state = GAME.setup(None, 2, 5)
    rng = Rng.from_seed(5)
    while state.phase != 3 or GAME.count_legal(state, state.current) < 40:  # a main step with choice
        seat = state.current
        GAME.apply(state, seat, GAME.sample_legal(state, seat, rng))
    legal = GAME.legal_actions(state, state.current)
    for index, action in enumerate(legal):
        forced = Rng.from_seed(0)
        forced.force([index])
        assert GAME.sample_legal(state, state.current, forced) == action
