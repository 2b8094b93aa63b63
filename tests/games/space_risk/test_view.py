"""The text a person reads at the terminal: short enough for one screen, essentials last."""

from __future__ import annotations

import pytest
from tests.games.space_risk.helpers import BOARD, GAME, T, add_ship, deployed, income_of, position

from starlanes.core import Rng
from starlanes.games.space_risk.render import BOARD_ENV, board_mode, render_map, render_view
from starlanes.games.space_risk.state import BATTLESHIP, REINFORCE, TRANSPORT, Income, SpaceRiskState


@pytest.fixture(autouse=True)
def _table_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests of the text table ask for it (STARLANES_BOARD=table); the map's tests below
    pass their mode explicitly."""
    monkeypatch.setenv(BOARD_ENV, "table")


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
    state.income = Income(held=2, divisor=2, base=2, planets=[BOARD.planet_index["Vega"]])
    lines = _render(state, 0).splitlines()
    vega = BOARD.planets[BOARD.planet_index["Vega"]].net_worth
    assert lines[-2] == f"Reinforcements to place: 6 (this turn: 2 territories: the minimum 2, Vega {vega})"
    assert "count=N" in lines[-1]
    assert any(line.startswith("Objective ") for line in lines[-6:])


def test_income_explains_this_turns_reinforcements() -> None:
    state = deployed(2, seed=3)
    held = sum(1 for t in range(BOARD.land_count) if state.owner[t] == state.current)
    assert income_of(state).startswith(f"{held} territories / 2 = {held // 2}")
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


# ------------------------------------------------------------ issue 9 item 15: the drawn map


def _plain(text: str) -> str:
    from rich.text import Text

    return Text.from_markup(text).plain


@pytest.mark.parametrize("players", [2, 3, 6])
def test_map_fits_100_columns_and_shows_every_territory(players: int) -> None:
    from rich.console import Console

    for seed in (1, 2):
        state = _midgame(seed, players)
        view = GAME.view(state, 0).game
        text = render_view(view, BOARD, "map")
        plain = _plain(text)  # the markup is valid Rich markup
        lines = plain.splitlines()
        assert max(len(line) for line in lines) <= 100, max(lines, key=len)
        drawn = render_map(view, BOARD, color=False)
        assert drawn is not None and max(len(line) for line in drawn) <= 100
        assert len(drawn) <= 22
        for planet in BOARD.planets:
            box = next(line for line in drawn if f"─ {planet.name} (" in line)
            assert box.startswith("┌") or "┐" in box
            for t in planet.territories:  # every territory: its number, holder and infantry
                label = BOARD.names[t].removeprefix(planet.name + "-")
                holder = "--" if state.owner[t] < 0 else f"P{state.owner[t]}"
                port = "*" if BOARD.port_at[t] >= 0 else " "
                assert f"{label}{port}{holder} {state.armies[t]:>2}" in "\n".join(drawn), (planet.name, label)
        lanes = [BOARD.names[t] for t in range(BOARD.land_count, BOARD.territory_count)
                 if not BOARD.shore_adj[t]]
        for lane in lanes:  # every lane between orbits: drawn, or listed under the map
            assert lane in "\n".join(drawn), lane
        console = Console(width=100, record=True, force_terminal=True, highlight=False)
        console.print(text)
        assert max(len(line) for line in console.export_text().splitlines()) <= 100


def test_map_shows_ships_in_orbit_in_their_owners_colour() -> None:
    state = position({"Vega-3": 5})
    add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4, ready=False)
    add_ship(state, 1, BATTLESHIP, "Outer-1")
    view = GAME.view(state, 0).game
    text = render_view(view, BOARD, "map")
    assert "[bold red]" in text and "S1 T4 new" in _plain(text)
    assert "Outer-1" in _plain(text)
    assert "[bold blue]Outer-1" in text  # the lane held by seat 1's battleship, in its colour


def test_table_is_kept_for_screen_readers() -> None:
    state = position({"Vega-3": 12, "Sirius-1": 4}, {"Vega-2": 7})
    view = GAME.view(state, 0).game
    table = render_view(view, BOARD, "table")
    assert "3* P0 12 2,4,O" in table and "┌" not in table and "[" not in table.split("Your cards")[0]
    both = render_view(view, BOARD, "both")
    assert "┌" in both and "3* P0 12 2,4,O" in _plain(both)


def test_board_mode_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARD_ENV, "both")
    assert board_mode() == "both"
    monkeypatch.setenv(BOARD_ENV, "")
    monkeypatch.setenv("COLUMNS", "80")
    assert board_mode() == "table"  # the map needs 100 columns
    monkeypatch.setenv("COLUMNS", "120")
    assert board_mode() == "map"


def test_custom_board_draws_or_falls_back_to_the_table(tmp_path: object) -> None:
    import copy
    import json
    from pathlib import Path

    from tests.games.space_risk.test_board import small_board

    from starlanes.games.space_risk.board import load_board

    assert isinstance(tmp_path, Path)
    path = tmp_path / "rocks.json"
    path.write_text(json.dumps(small_board()))
    state = GAME.setup({"board": str(path)}, 2, 3)
    board = load_board(str(path))
    view = GAME.view(state, 0).game
    drawn = render_map(view, board, color=False)
    assert drawn is not None and any("Ash" in line for line in drawn) and any("Brim" in line for line in drawn)
    # Names too long for a box: the table is shown instead.
    data = small_board()
    long = copy.deepcopy(data)
    text = json.dumps(long).replace("Ash-", "Ashenvale-Northern-Reaches-")
    path2 = tmp_path / "long.json"
    path2.write_text(text)
    board2 = load_board(str(path2))
    state2 = GAME.setup({"board": str(path2)}, 2, 3)
    view2 = GAME.view(state2, 0).game
    assert render_map(view2, board2, color=False) is None
    shown = render_view(view2, board2, "map")
    assert "Territory cells:" in shown and "┌" not in shown


def test_R22_determinized_state_knows_whether_ships_may_still_fly() -> None:
    """A bot rebuilds the game from its view; it must see the same legal actions as the real
    game, including whether the beginning of the turn (when ships fly, R22) is over."""
    for seed in (1, 2, 3, 4):
        state = _midgame(seed)
        seats = GAME.to_act(state)
        if not seats:
            continue
        (seat,) = seats
        view = GAME.view(state, seat)
        assert view.game.ship_moves_over == state.ship_moves_over
        rebuilt = GAME.determinize_view(view, Rng.from_seed(seed))
        assert rebuilt.ship_moves_over == state.ship_moves_over
        assert sorted(a.text() for a in GAME.legal_actions(rebuilt, seat)) == \
            sorted(a.text() for a in GAME.legal_actions(state, seat))
