"""Issue 8 item 3: space-risk counts its legal actions without listing them; the count is the
list's length in every phase, under the house rules that change what is listed."""

from __future__ import annotations

import pytest

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import LegalActions
from starlanes.games.space_risk import listing

from .helpers import GAME

VARIANTS = (
    {"max_rounds": 5},
    {"max_rounds": 4, "modified_start": True, "starting_infantry": 20},
    {"max_rounds": 5, "battleship_bridge": True, "ship_move_any_time": True, "forced_trade_hand": 5,
     "ship_wait_turns": 0, "spaceport_interval": 1},
    {"max_rounds": 5, "die_sides": 8, "attack_dice": 4, "defend_dice": 3, "max_infantry": 9,
     "battleships_drop_infantry": False},
)


@pytest.mark.parametrize("params", VARIANTS)
def test_count_legal_is_the_length_of_the_list(params: dict[str, object]) -> None:
    for seed in (1, 2):
        state = GAME.setup(params, 3, seed)
        agents = [RandomAgent(seed * 7 + s) for s in range(3)]
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            listed = LegalActions(listing.legal_actions(state, seat))
            assert listing.count_legal(state, seat) == len(listed), (state.phase, [a.text() for a in listed])
            assert GAME.count_legal(state, seat) == len(listed)
            GAME.apply(state, seat, agents[seat].act(GAME.view(state, seat), listed))
