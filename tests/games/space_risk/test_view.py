"""The text a person reads at the terminal: short enough for one screen, essentials last."""

from __future__ import annotations

import pytest
from tests.games.space_risk.helpers import BOARD, GAME, T, add_ship, deployed, position

from starlanes.core import Rng
from starlanes.games.space_risk.state import BATTLESHIP, REINFORCE, TRANSPORT, SpaceRiskState


def _render(state: SpaceRiskState, seat: int) -> str:
    return GAME.render(GAME.view(state, seat).game, seat)


def _midgame(seed: int, players: int = 2) -> SpaceRiskState:
    """A random game after 1500 actions: many ships about."""
    state = deployed(players, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(1500):
        seats = GAME.to_act(state)
        if not seats:
            break
        (seat,) = seats
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[rng.randint(0, len(legal) - 1)])
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_board_fits_an_80_column_50_line_terminal(players: int) -> None:
    for seed in (1, 2, 3):
        state = _midgame(seed, players)
        text = _render(state, 0)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 80, max(lines, key=len)
        assert len(lines) <= 45


def test_board_shows_every_territory_holder_and_infantry() -> None:
    state = position({"Vega-3": 12, "Sirius-1": 4}, {"Vega-2": 7})
    text = _render(state, 0)
    assert "3* P0 12 2,4,O" in text  # Vega-3: the spaceport, held by P0 with 12, beside Vega-2, Vega-4, the orbit
    assert "2  P1  7 1,3,5" in text
    assert "O = Vega-Orbit" in text and "Outer-2*" in text


def test_ships_listed_with_cargo_and_waiting() -> None:
    state = position({"Vega-3": 5})
    add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4, ready=False)
    add_ship(state, 1, BATTLESHIP, "Outer-1")
    text = _render(state, 0)
    assert "Vega-Orbit P0: S1 T4 new" in text
    assert "Outer-1 P1: S2 B" in text


def test_essentials_are_the_last_lines_above_the_prompt() -> None:
    state = position({"Vega-3": 5, "Vega-1": 2}, phase=REINFORCE)
    state.pool = 6
    state.income = "2 territories: the minimum 2, Vega 3"
    lines = _render(state, 0).splitlines()
    assert lines[-2] == "Reinforcements to place: 6 (this turn: 2 territories: the minimum 2, Vega 3)"
    assert "count=N" in lines[-1]
    assert any(line.startswith("Objective ") for line in lines[-6:])


def test_income_explains_this_turns_reinforcements() -> None:
    state = deployed(2, seed=3)
    held = sum(1 for t in range(BOARD.land_count) if state.owner[t] == state.current)
    assert state.income.startswith(f"{held} territories / 2 = {held // 2}")
    assert state.armies[T("Vega-3")] >= 1


def test_actions_are_described_with_exact_odds() -> None:
    from starlanes.games.space_risk.ai import p_win

    state = position({"Vega-1": 6}, {"Vega-2": 2})
    view = GAME.view(state, 0).game
    text = GAME.describe_action(view, GAME.parse_action("attack Vega-1 Vega-2 all=yes"))
    p = p_win(state.params.dice, 5, 2)
    assert text == f"5 against 2: takes it {100 * p:.0f}% (rolls until done)"
    one = GAME.describe_action(view, GAME.parse_action("attack Vega-1 Vega-2"))
    # 3 dice against 2: the classic 2890/7776, 2611/7776, 2275/7776
    assert one == "one roll, 3 dice against 2: defender -2 37%, each -1 34%, attacker -2 29%"
    bs = add_ship(state, 0, BATTLESHIP, "Outer-1")
    add_ship(state, 1, TRANSPORT, "Outer-2")
    view = GAME.view(state, 0).game
    # battleship 0 against transport -1 + asteroid field +1: one die each, 15/36 for the attacker
    assert GAME.describe_action(view, GAME.parse_action(f"attack {bs} Outer-2")) == \
        "against transport S2 (+0 / +0): wins 42%"
    assert GAME.describe_action(view, GAME.parse_action("end")) is None


def test_long_card_list_wraps_with_its_commas() -> None:
    state = position({"Vega-1": 3}, phase=REINFORCE)
    state.hands[0] = [BOARD.card_names.index(n) for n in ("Vega-1", "Vega-2", "Sirius-1", "Special-1", "Kepler-4")]
    lines = [line for line in _render(state, 0).splitlines() if "(cannon)" in line or "(special)" in line]
    assert lines[0].startswith("Your cards (a set trades for 4 now): ") and lines[0].endswith(",")
    assert len(lines) == 2


def test_player_line_counts_infantry_aboard_like_the_final_score() -> None:
    state = position({"Vega-1": 3})
    add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    assert "P0 (you): 1 terr, 7 inf, 1 ships" in _render(state, 0)


def test_trade_described_for_the_seat_that_trades() -> None:
    state = position({"Vega-1": 3, "Vega-2": 3}, phase=REINFORCE)
    state.pool = 1
    view = GAME.view(state, 1).game  # another seat reads seat 0's trade
    text = GAME.describe_action(view, GAME.parse_action("trade Vega-1 Vega-2 Vega-3"))
    assert text == "worth 4 + 4 for territories held by the trader"
