"""The terminal board: fits 100x40, drawn from a seat's view only, shows what a player needs
(systems, bodies, regions with holder and armies, lanes with their mouths, stockpile and
production, odds beside each attack), and plays in the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from rich.text import Text
from tests.games.risky_stars.game_helpers import GAME, ally, at, empty_board, put, sample_game

from starlanes.ai.random_agent import RandomAgent
from starlanes.cli.terminal import PlaySession
from starlanes.core import Match, derive_seed
from starlanes.games.risky_stars.actions import Move
from starlanes.games.risky_stars.ai import HeuristicAgent
from starlanes.games.risky_stars.combat import fight
from starlanes.games.risky_stars.render import (
    BOARD_ENV,
    HEIGHT,
    WIDTH,
    RiskyStarsRenderer,
    attack_options,
    render_view,
)
from starlanes.games.risky_stars.state import Combat, RiskyStarsState


def plain(text: str) -> list[str]:
    return [Text.from_markup(line).plain for line in text.split("\n")]


def board_text(state: RiskyStarsState, seat: int = 0, **kw: Any) -> str:
    return "\n".join(plain(render_view(GAME.view(state, seat).game, seat, **kw)))


def played(players: int, steps: int, seed: int = 4) -> RiskyStarsState:
    """A game of bots (heuristic in even seats, random in odd) after ``steps`` actions."""
    state = GAME.setup({"max_rounds": 30}, players, seed)
    agents: dict[int, Any] = {s: HeuristicAgent(s) if s % 2 == 0 else RandomAgent(derive_seed(seed, s))
                              for s in range(players)}
    n = 0
    while GAME.to_act(state) and n < steps:
        (seat,) = GAME.to_act(state)
        GAME.apply_unchecked(state, seat, agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat)))
        n += 1
    return state


@pytest.mark.parametrize("steps", [0, 300, 900])
def test_a_six_player_board_fits_100_columns_and_40_rows(steps: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 item 10: readable at 100x40, for every seat, as the game goes on."""
    monkeypatch.delenv(BOARD_ENV, raising=False)
    state = played(6, steps)
    for seat in range(6):
        lines = plain(render_view(GAME.view(state, seat).game, seat))
        assert max(len(line) for line in lines) <= WIDTH, max(lines, key=len)
        assert len(lines) <= HEIGHT, len(lines)


def test_the_focus_shows_the_home_system_and_names_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BOARD_ENV, raising=False)
    state = played(6, 0)
    text = board_text(state, 3)
    home = state.homes[3]
    assert f"\n{home} " in text and "(home of P3, 8 regions)" in text
    assert "Galaxy" in text and all(f" {sid} " in text for sid in (s.id for s in state.star_map.systems))
    full = board_text(state, 3, systems=range(len(state.star_map.systems)))
    assert full.count("regions)") == len(state.star_map.systems)


def test_the_board_env_shows_every_system_or_the_ones_named(monkeypatch: pytest.MonkeyPatch) -> None:
    state = played(6, 300)
    monkeypatch.setenv(BOARD_ENV, "full")
    assert board_text(state).count("regions)") == len(state.star_map.systems)
    monkeypatch.setenv(BOARD_ENV, "f,m3")
    text = board_text(state)
    assert text.count("regions)") == 2 and "(featured," in text and "\nm3 " in text
    monkeypatch.setenv(BOARD_ENV, "nonsense")
    assert board_text(state) == board_text(state)  # an unknown id: the default focus


def test_not_shown_systems_are_named_with_how_to_see_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BOARD_ENV, raising=False)
    state = played(6, 0)
    for loc in range(len(state.owner)):  # seat 0 everywhere: its focus cannot fit
        state.units[0][loc] = 1
    text = board_text(state)
    assert "not shown (" in text and f"{BOARD_ENV}=full shows every system" in text
    assert len(text.split("\n")) <= HEIGHT and max(len(line) for line in text.split("\n")) <= WIDTH


def test_the_game_master_sees_the_board_without_a_seat() -> None:
    from starlanes.core.state import GM

    state = played(6, 300)
    lines = plain(render_view(GAME.view(state, GM).game, GM))
    assert len(lines) <= HEIGHT and max(len(line) for line in lines) <= WIDTH
    assert not any(line.startswith("You ") or line.startswith("Attacks") for line in lines)


def test_regions_and_mouths_show_holder_and_armies() -> None:
    """RS-B07, RS-M05: each region and each mouth shows its holder and the armies on it."""
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 12)
    put(state, 1, "b1-2", 3)
    put(state, 1, "l1:home-1", 4)
    text = board_text(state, 0, systems=[0])
    assert "b1 Gaia·P  1:P0 12  2:P1 3  3:--  4:--" in text
    assert "l1:home-1>featured P1 4" in text
    assert "b2 giant·F" in text and "b3 planetoid·M" in text and "b4 Barren·P" in text


def test_an_allied_army_stands_beside_the_holder() -> None:
    state = GAME.setup({"max_rounds": 5}, 3, 2)
    empty_board(state)
    ally(state, 0, 1)
    home = state.homes[0]
    region = next(r.id for s in state.star_map.systems if s.id == home for b in s.bodies for r in b.regions)
    put(state, 0, region, 5)
    put(state, 1, region, 2, own=False)
    text = board_text(state, 2, systems=[[s.id for s in state.star_map.systems].index(home)])
    assert "P0 5+P1 2" in text
    assert "A1 100%" in text


def test_an_open_combat_shows_both_sides() -> None:
    state = empty_board(sample_game())
    put(state, 1, "b2-1", 3)
    put(state, 0, "b2-1", 7, own=False)
    state.combats = [Combat(at=at(state, "b2-1"), attacker=0, defender=1, attackers=[0], launch=[at(state, "b1-1")],
                            defenders=[1], opened_round=1)]
    text = board_text(state, 1, systems=[0])
    assert "1:P0 7 x P1 3" in text
    assert "open combats (resolved at round end): b2-1 (P0 on P1)" in text
    assert "H home-1   Home Sys.! P1:1 -:7" in text  # the overview marks the system with a combat


def test_upgrades_heroes_and_body_holders_are_shown() -> None:
    state = empty_board(sample_game())
    for r in ("b1-1", "b1-2", "b1-3", "b1-4"):
        put(state, 0, r, 1)
    body = 0
    state.level[body] = 2
    hero = state.hero_class.index(2)
    state.heroes[body] = [hero]
    text = board_text(state, 0, systems=[0])
    assert "b1 Gaia·P L2 [II] (P0)" in text


def test_the_viewer_sees_its_stockpile_production_and_heroes() -> None:
    state = empty_board(sample_game(), stock=(1000, 300, 30))
    for r in ("b1-1", "b1-2", "b1-3", "b1-4", "b3-1"):
        put(state, 0, r, 1)
    hero = state.hero_class.index(3)
    state.reserve[0] = [hero]
    text = board_text(state, 0)
    assert f"You P0: stock 1000 P 300 M 30 F; buys 10 units; income +400 P +100 M +0 F; heroes h{hero + 1}(III)" in text
    assert ">P0*" in text and "1000/300/30" in text and "+400/+100/+0" in text
    other = board_text(state, 1)
    assert f"h{hero + 1}" not in other  # another seat's reserve is secret (ruling 26)
    assert "1 res" in other


def test_attack_options_carry_exact_odds_for_small_armies() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 9)
    put(state, 1, "b2-1", 3)
    options = attack_options(GAME.view(state, 0).game, 0)
    assert [(o[0], o[1], o[2], o[3]) for o in options] == [("b1-1", "b2-1", 8, 3)]
    exact = fight(8, 3).p_capture
    assert options[0][4].exact and options[0][4].p_capture == pytest.approx(exact)
    text = board_text(state, 0)
    assert f"move b1-1 b2-1 8  vs 3: take {exact * 100:.1f}%" in text
    assert attack_options(GAME.view(state, 1).game, 1) == []  # not seat 1's turn


def test_big_armies_get_estimated_odds_marked() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 300)
    put(state, 1, "b2-1", 40)
    assert "take ~" in board_text(state, 0)


def test_describe_action_adds_the_odds_of_an_attack() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 9)
    put(state, 1, "b2-1", 3)
    renderer = RiskyStarsRenderer(GAME)
    view = GAME.view(state, 0).game
    text = renderer.describe_action(view, Move("b1-1", "b2-1", 5))
    assert text is not None and f"take {fight(5, 3).p_capture * 100:.1f}%" in text
    calm = renderer.describe_action(view, Move("b1-1", "b1-2", 5))
    assert calm == "move N units to b1-2 (empty: you take it)"
    across = renderer.describe_action(view, Move("l1:home-1", "l1:featured", 2))
    assert across == "cross the lane with N units to l1:featured (empty: you take it)"


def test_count_variants_share_a_description_so_the_terminal_groups_them() -> None:
    """`actions` lists `buy h1b1 N` once with the range of N, not one line per count."""
    from starlanes.cli.terminal import group_count_variants

    state = empty_board(sample_game(), stock=(1000, 300, 300))
    put(state, 0, "b1-1", 9)
    renderer = RiskyStarsRenderer(GAME)
    view = GAME.view(state, 0).game
    legal = list(GAME.legal_actions(state, 0))
    groups = group_count_variants([a.text() for a in legal], [renderer.describe_action(view, a) for a in legal])
    patterns = [pattern for _, pattern, _ in groups]
    assert "buy b1-1 N" in patterns and "move b1-1 b2-1 N" in patterns
    assert len(groups) < 30 < len(legal)


def test_the_render_depends_on_the_view_only() -> None:
    """Two states that differ only in what seat 0 cannot see draw the same board for it."""
    state = played(4, 200)
    other = GAME.perturb_hidden(state, 0, state.rng.fork("render"))
    assert board_text(state, 0) == board_text(other, 0)


def test_game_over_header_names_the_winners() -> None:
    state = sample_game()
    state.over, state.winners, state.end_reason = True, [1], "round 60 was the last: most regions (9)"
    assert "game over: round 60 was the last: most regions (9); winners P1" in board_text(state, 0)


def test_the_entry_uses_this_renderer() -> None:
    from starlanes.registry import get_entry

    assert isinstance(get_entry("risky-stars").make_renderer(GAME), RiskyStarsRenderer)


class ScriptedIO:
    """Asks for help once, lists the actions once, then ends every turn; records what was shown."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.asked = 0

    def show(self, text: Any) -> None:
        self.shown.append(str(text))

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        self.asked += 1
        return {1: "help", 2: "actions", 3: "board"}.get(self.asked, "end")

    def handover(self, message: str) -> None:
        pass


def test_a_person_plays_a_game_in_the_terminal_against_the_bot(tmp_path: Any) -> None:
    match = Match.new(GAME, ["human", "risky-stars:heuristic"], 5, GAME.params_from({"max_rounds": 3}))
    io = ScriptedIO()
    path = PlaySession(match, io, tmp_path / "game.json").run()
    assert match.is_over() and path is not None and path.exists()
    text = "\n".join(line for shown in io.shown for line in plain(shown))
    assert "Galaxy (holder:regions" in text and "You P0: stock" in text
    assert "move SOURCE TARGET COUNT" in text  # help lists the action forms
