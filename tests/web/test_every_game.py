"""Issue 10 items 8-9 for every registered game: its play page draws a board (its own module,
checked by the SVG that module draws, or the generic one), a click on a listed action plays it in
both pages, and a screenshot of each game's board (wide and phone) is saved to test-artifacts/web/.
Campaign games (their join link opens the campaign page) are tested by tests/web/test_campaign.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from starlanes.registry import available_games, get_entry

from .conftest import PHONE, Seat, Server, create, invites

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

CAMPAIGNS = ("star-kingdoms",)
"""Games whose browser pages are the campaign pages (app.js sends their join links there)."""

GAMES = [spec.id for spec in available_games() if spec.id not in CAMPAIGNS]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_board_is_drawn_and_a_click_plays_in_both_pages(
        game_id: str, server: Server, open_seat: Callable[..., Seat], artifacts: Path) -> None:
    made = create(server, game_id, {})
    codes = invites(made)
    pages = [open_seat(made["match_id"], codes[0]), open_seat(made["match_id"], codes[1], PHONE)]
    pages += [open_seat(made["match_id"], codes[s]) for s in sorted(codes) if s > 1]
    own = get_entry(game_id).web_assets is not None
    for seat in pages:
        board = seat.page.locator("#board")
        assert board.locator("svg, pre").count() >= 1, f"{game_id}: no board drawn"
        assert board.inner_text().strip() or board.locator("svg *").count() > 0, f"{game_id}: the board is empty"
        if own:  # a game with a board module draws its own SVG (class: the game's id), not the text
            seat.page.wait_for_selector(f"#board svg.{game_id} .ref")
            assert board.locator("p.error, pre.text-board").count() == 0, f"{game_id}: {board.inner_text()[:300]}"
    pages[0].page.screenshot(path=str(artifacts / f"{game_id}-board-wide.png"))
    pages[1].page.screenshot(path=str(artifacts / f"{game_id}-board-phone.png"), full_page=True)
    mover = next((s for s in pages if s.turn == "mine"), None)
    assert mover is not None, f"{game_id}: no page says it is its turn at the start"
    step = mover.step
    listed = mover.actions()
    assert listed, f"{game_id}: the seat to act has no action to click"
    mover.click_action(listed[0])
    for seat in pages:  # every page hears of it over its WebSocket
        seat.wait_step(step + 1)
