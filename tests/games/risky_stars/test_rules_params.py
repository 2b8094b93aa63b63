"""Every tunable rule of the ruleset is a param that changes play (rulings 14-27)."""

from __future__ import annotations

import pytest
from tests.games.risky_stars.game_helpers import GAME, SAMPLE, ally, empty_board, put, sample_game

from starlanes.core.errors import ParseError


def test_ruling_14_start_units_and_stockpile_are_params() -> None:
    state = GAME.setup({"map": SAMPLE, "start_units": 2, "start_stock": (7, 8, 9)}, 2, 3)
    other = 1 - state.first
    held = [i for i, o in enumerate(state.owner) if o == other]
    assert held and all(state.units[other][i] == 2 for i in held)
    assert state.stock[other] == [7, 8, 9]


def test_ruling_18_deck_and_draw_schedule_are_params() -> None:
    state = GAME.setup({"map": SAMPLE, "hero_deck": (1, 0, 2), "hero_every_rounds": 2}, 2, 3)
    assert sorted(state.hero_class) == [1, 3, 3]
    state = empty_board(state)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b5-1", 1)
    state.current = 1
    GAME.apply(state, 1, "end")  # round 2 begins: a draw round
    assert len(state.reserve[0]) == 1


def test_ruling_22_truce_length_is_a_param() -> None:
    state = empty_board(sample_game(truce_rounds=1))
    ally(state, 0, 1)
    put(state, 0, "b1-1", 1)
    GAME.apply(state, 0, "leave")
    assert [t.until for t in state.truces] == [2]
    state = empty_board(sample_game(truce_rounds=0))
    ally(state, 0, 1)
    put(state, 0, "b1-1", 1)
    GAME.apply(state, 0, "leave")
    assert state.truces == []


def test_unit_cost_and_upgrade_numbers_are_params() -> None:
    state = empty_board(sample_game(unit_cost=(1, 1, 1), upgrade_costs=(1, 2, 3), upgrade_percents=(20, 40, 60)),
                        stock=(10, 10, 10))
    put(state, 0, "b2-1", 1)
    GAME.apply(state, 0, "buy b2-1 10")
    assert state.stock[0] == [0, 0, 0]
    state.stock[0] = [1, 1, 0]
    GAME.apply(state, 0, "upgrade b2")
    assert state.level[1] == 1 and state.stock[0] == [0, 0, 0]
    from starlanes.games.risky_stars.economy import rate

    assert rate(state.params, 1) == 120


@pytest.mark.parametrize(("values", "message"), [
    ({"unit_cost": (1, 2)}, "param unit_cost: expected 3 whole numbers"),
    ({"hero_deck": (1, -1, 0)}, "param hero_deck: expected 3 whole numbers of 0 or more"),
    ({"unit_cost": (0, 0, 0)}, "param unit_cost: an army unit must cost something"),
])
def test_bad_params_are_refused_by_name(values: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        GAME.setup(values, 2, 1)
