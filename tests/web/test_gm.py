"""The game master's page in Chromium: the all-seeing board, a ruling, and ending the game."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from .conftest import Seat, Server, create, invites

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def gm_page(open_seat: Callable[..., Seat], made: dict[str, object]) -> Seat:
    """The GM page as the lobby opens it after creating a match (the GM token kept in localStorage)."""
    held = [{"match": made["match_id"], "seat": "gm", "token": made["gm_token"], "game": "space-risk", "gm": True}]
    script = f"localStorage.setItem('starlanes.seats', {json.dumps(json.dumps(held))});"
    return open_seat(made["match_id"], "gm", init_script=script, route="play")


def test_gm_page_posts_a_ruling_and_ends_the_game_with_seat_1_winning(server: Server,
                                                                      open_seat: Callable[..., Seat]) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20})
    seat = open_seat(made["match_id"], invites(made)[0])
    gm = gm_page(open_seat, made)
    page = gm.page
    assert "game master" in page.inner_text("#crumb")
    assert page.locator("#board svg").count() == 1
    assert page.locator("#gm h3").inner_text() == "Game master"
    assert "You are watching" not in page.inner_text("#gm")

    # a ruling asks first, then reaches every seat's events, quotes and all
    note = 'Seat 0 may "undo" once'
    page.fill("#gm-ruling-text", note)
    page.click("#gm-ruling-ask")
    assert gm.step == 0, "the ruling was sent before it was confirmed"
    page.click("#gm-ruling-yes")
    gm.wait_step(1)
    seat.page.wait_for_function("t => document.querySelector('#events').innerText.includes(t)", arg=note)
    assert page.inner_text("#gm-ruling-error") == ""

    # ending the game: seat 1 wins, shown in the GM page and in a seat's page
    page.check("#gm-winner-1")
    page.fill("#gm-end-reason", "agreed at the table")
    page.click("#gm-end-ask")
    assert "winners=1" in page.inner_text("#gm-end")
    page.click("#gm-end-yes")
    gm.wait_step(2)
    for p in (page, seat.page):
        p.wait_for_selector("#result .outcome")
        assert "Seat 1 wins" in p.inner_text("#result")
        assert "agreed at the table" in p.inner_text("#result")
    assert gm.turn == "over"
    assert page.locator("#gm-forms form").count() == 0, "the GM forms stay after the game ended"

