"""Issue 10 items 8-9: two browsers play through the web client against each other, in Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from starlanes.ai.registry import make_agent
from starlanes.core.match import Match
from starlanes.registry import get_game

from .conftest import PHONE, Seat, Server, create, invites

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def play_to_the_end(seats: list[Seat], choose: Callable[[Seat, list[str]], str], limit: int = 200) -> None:
    for _ in range(limit):
        if all(s.turn == "over" for s in seats):
            return
        mover = next((s for s in seats if s.turn == "mine"), None)
        assert mover is not None, "nobody's turn, and the game is not over"
        step = mover.step
        mover.click_action(choose(mover, mover.actions()))
        for other in seats:  # the other browser hears of it over the WebSocket
            other.wait_step(step + 1)
    pytest.fail(f"the game did not end in {limit} clicks")


def test_two_browsers_play_space_risk_to_the_end_through_clicks(server: Server, open_seat: Callable[..., Seat],
                                                                 artifacts: Path) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20, "max_rounds": 1})
    codes = invites(made)
    a = open_seat(made["match_id"], codes[0])
    b = open_seat(made["match_id"], codes[1], PHONE)
    seats = [a, b]

    def choose(seat: Seat, actions: list[str]) -> str:
        places = [t for t in actions if t.startswith("place")]
        return "end" if "end" in actions else places[0] if places else actions[0]

    play_to_the_end(seats, choose)
    a.page.screenshot(path=str(artifacts / "space-risk-end-wide.png"))
    b.page.screenshot(path=str(artifacts / "space-risk-end-phone.png"), full_page=True)
    for seat in seats:
        assert "round limit 1 reached" in seat.page.inner_text("#result")
    assert a.page.inner_text("#result h2") in ("You win!", "Seat 1 wins", "A draw")


def test_space_risk_map_is_drawn_from_the_board_and_picks_actions(server: Server, open_seat: Callable[..., Seat],
                                                                  artifacts: Path) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20})
    a = open_seat(made["match_id"], invites(made)[0])
    a.page.wait_for_selector('#board svg [data-ref="Vega-Orbit"]', timeout=3000)
    a.page.screenshot(path=str(artifacts / "space-risk-wide.png"))
    territory = a.actions()[0].split()[1]
    a.page.locator(f'#board [data-ref="{territory}"]').first.click()
    a.page.wait_for_selector("#pick b")
    shown = a.actions()
    assert shown and all(territory in t.split() for t in shown), shown


def test_two_browsers_play_retrograde_to_the_end_through_clicks(server: Server, open_seat: Callable[..., Seat],
                                                                 artifacts: Path) -> None:
    made = create(server, "retrograde", {"turn_limit": 4, "first_player": 0})
    codes = invites(made)
    a = open_seat(made["match_id"], codes[0])
    b = open_seat(made["match_id"], codes[1], PHONE)
    placed = False

    def choose(seat: Seat, actions: list[str]) -> str:
        nonlocal placed
        places = [t for t in actions if t.startswith("place ")]
        if places and not placed:  # put a card from the hand beside the homeworld: pick it in the hand first
            card = places[0].split()[1]
            seat.page.locator(f'#board button[data-ref="{card}"]').click()
            shown = seat.actions()
            assert shown and all(card in t.split() for t in shown), shown
            placed = True
            return next(t for t in shown if t.startswith("place "))
        for preferred in ("end", "pass"):
            if preferred in actions:
                return preferred
        return actions[0]

    play_to_the_end([a, b], choose)
    a.page.screenshot(path=str(artifacts / "retrograde-end-wide.png"))
    b.page.screenshot(path=str(artifacts / "retrograde-end-phone.png"), full_page=True)
    for seat in (a, b):
        assert seat.page.inner_text("#result h2") == "A draw"
        assert "turn limit" in seat.page.inner_text("#result")
    assert placed


def combat_save() -> dict[str, Any]:
    """A retrograde match played by the heuristic bots up to its first sealed combat choice."""
    game = get_game("retrograde")
    for seed in range(1, 50):
        match = Match.new(game, ["human", "human"], seed=seed, params=game.params_from({"first_player": 0}))
        bots = [make_agent("retrograde:heuristic", game, i, seed) for i in range(2)]
        while not match.is_over() and match.step < 2000:
            decision = game.decision(match.state)
            if decision is not None and decision.sealed and len(decision.actors) > 1:
                return match.to_dict()
            seat = min(match.to_act())
            match.play(seat, bots[seat].act(match.view(seat), match.legal_actions(seat)))
    raise AssertionError("no seed of 1-49 reached a combat")


def test_a_sealed_choice_made_in_one_page_is_not_in_the_other_pages_dom(server: Server, open_seat: Callable[..., Seat],
                                                                          artifacts: Path) -> None:
    made = server.api("POST", "/api/matches/import", combat_save())
    codes = invites(made)
    a = open_seat(made["match_id"], codes[0])
    b = open_seat(made["match_id"], codes[1], PHONE)
    a.page.screenshot(path=str(artifacts / "retrograde-combat-wide.png"))
    b.page.screenshot(path=str(artifacts / "retrograde-combat-phone.png"), full_page=True)
    choice = next(t for t in a.actions() if t.split()[0] in ("power", "defense") and t.split()[1] != "0")
    other_choice = next(t for t in b.actions() if t.split()[0] in ("power", "defense"))
    step = a.step
    a.click_action(choice)
    b.wait_step(step + 1)
    assert "You chose" in a.page.inner_text("#sealed") and choice in a.page.inner_text("#sealed")
    sealed = b.page.inner_text("#sealed")
    assert "Seat 0" in sealed and "submitted" in sealed and "waiting for 1 more choice" in sealed
    html = b.page.content()
    assert choice not in html, f"seat 1's page shows seat 0's sealed {choice!r}"
    watch = open_seat(made["match_id"], made["spectator_code"], PHONE, route="watch")
    watched = watch.page.inner_text("#sealed")
    assert "Seat 0" in watched and "waiting for 1 more choice" in watched
    assert choice not in watch.page.content(), f"the watch page shows seat 0's sealed {choice!r}"
    watch.page.screenshot(path=str(artifacts / "retrograde-watch-phone.png"), full_page=True)
    assert other_choice.split()[0] != choice.split()[0]
    b.page.screenshot(path=str(artifacts / "retrograde-sealed-phone.png"), full_page=True)


def test_an_illegal_action_explains_itself_and_changes_nothing(server: Server, open_seat: Callable[..., Seat]) -> None:
    made = create(server, "space-risk", {})
    a = open_seat(made["match_id"], invites(made)[0])
    step = a.step
    own = a.actions()[0].split()[1]
    a.page.fill("#typed", f"place {own} count=99")
    a.page.press("#typed", "Enter")
    a.page.wait_for_selector("#error:not(:empty)")
    message = a.page.inner_text("#error")
    assert "99" in message or "infantry" in message.lower(), message
    assert a.page.get_attribute("#error", "data-kind") == "IllegalAction"
    a.page.fill("#typed", "teleport Vega-1")
    a.page.press("#typed", "Enter")
    a.page.wait_for_function("() => document.querySelector('#error').dataset.kind === 'ParseError'")
    assert "teleport" in a.page.inner_text("#error")
    assert a.step == step
    assert server.api("GET", f"/api/matches/{made['match_id']}", token=made["gm_token"])["state_id"] == step


def test_a_reload_keeps_the_seat(server: Server, open_seat: Callable[..., Seat]) -> None:
    made = create(server, "space-risk", {})
    codes = invites(made)
    open_seat(made["match_id"], codes[0])
    b = open_seat(made["match_id"], codes[1])
    assert b.turn == "wait"
    b.page.reload()
    b.page.wait_for_selector("#board svg, #board pre")
    b.page.wait_for_selector("#status[data-step]")
    assert "seat 1" in b.page.inner_text("#crumb")
    assert b.page.url.endswith(f"#/play/{made['match_id']}/1")
    held = json.loads(b.page.evaluate("localStorage.getItem('starlanes.seats')"))
    assert [s["seat"] for s in held if s["match"] == made["match_id"]] == [1]
    # the lobby lists the match under "my matches"
    b.page.goto(f"{b.page.url.split('#')[0]}#/")
    b.page.wait_for_selector(f'.matches a[href="#/play/{made["match_id"]}/1"]')


def test_the_lobby_creates_a_match_with_a_changed_param(server: Server, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/#/")
    game = page.locator('article[data-game="space-risk"]')
    game.locator("summary.button").click()
    game.locator("details.params > summary").click()
    page.fill("#param-max_rounds", "7")
    page.dispatch_event("#param-max_rounds", "change")
    assert "changed" in (game.locator(".param.changed").first.get_attribute("class") or "")
    page.evaluate("window.scrollTo(0, 0)")  # a full-page shot draws the sticky header where the page is scrolled
    page.screenshot(path=str(artifacts / "lobby-phone.png"), full_page=True)
    game.locator("button.primary").click()
    page.wait_for_selector(".invites .invite[data-seat='1'] input.link")
    link = page.input_value(".invites .invite[data-seat='1'] input.link")
    assert "#/join/" in link
    page.locator(".invites").screenshot(path=str(artifacts / "lobby-links-phone.png"))
    made = json.loads(page.evaluate("localStorage.getItem('starlanes.created')"))[0]
    watch = f"#/watch/{made['match']}/{made['spectator']}"
    assert page.get_attribute(".invites .invite.watch a.button", "href") == watch
    assert page.input_value(".invites .invite.watch input.link").endswith(watch)
    page.click(".invites .invite[data-seat='0'] a.button")
    page.wait_for_selector("#board svg, #board pre")
    match_id = page.url.split("#/play/")[1].split("/")[0]
    held = json.loads(page.evaluate("localStorage.getItem('starlanes.seats')"))
    token = next(s["token"] for s in held if s["match"] == match_id and s["seat"] == 0)
    summary = server.api("GET", f"/api/matches/{match_id}", token=token)
    assert summary["params"]["max_rounds"] == 7
    view = server.api("GET", f"/api/matches/{match_id}/view", token=token)
    assert view["view"]["game"]["params"]["starting_infantry"] == 25
    assert not errors, errors
    context.close()


def test_the_retrograde_watch_page_draws_the_table(server: Server, open_seat: Callable[..., Seat]) -> None:
    made = server.api("POST", "/api/matches/import", combat_save())
    watch = open_seat(made["match_id"], made["spectator_code"], PHONE, route="watch")
    assert watch.page.locator("#board svg").count() == 1, watch.page.inner_text("#board")[:200]
