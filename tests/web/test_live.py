"""Issue 10 item 8, in Chromium: the watch link, resigning, and a page that lost its socket catching up."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import PHONE, Seat, Server, create, free_port, invites

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def token_of(seat: Seat, match_id: str) -> str:
    held = json.loads(seat.page.evaluate("localStorage.getItem('starlanes.seats')"))
    return str(next(s["token"] for s in held if s["match"] == match_id and not s.get("gm")))


def first_place(seat: Seat) -> str:
    return next(t for t in seat.actions() if t.startswith("place"))


def test_the_watch_link_updates_live_and_shows_no_seats_hidden_cards(server: Server, open_seat: Callable[..., Seat],
                                                                     artifacts: Path) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20})
    match_id = made["match_id"]
    codes = invites(made)
    a = open_seat(match_id, codes[0])
    b = open_seat(match_id, codes[1])
    watch = open_seat(match_id, made["spectator_code"], PHONE, route="watch")
    assert "watching" in watch.page.inner_text("#crumb")
    assert watch.page.locator("#board svg").count() == 1
    assert watch.page.locator("#actions, #typed, #resign-ask").count() == 0, "a spectator is offered actions"
    # live: a seat's move reaches the watch page over its socket, with its public event
    step = watch.step
    placed = first_place(a)
    a.click_action(placed)
    watch.wait_step(step + 1)
    watch.page.wait_for_function("t => document.querySelector('#events').innerText.includes(t)", arg=placed.split()[1])
    assert watch.turn == "wait"
    # each seat's objectives and goals are drawn in its own page and nowhere in the watch page
    files = server.api("GET", f"/api/matches/{match_id}/content", token=made["gm_token"])
    content = next(v for v in files.values() if isinstance(v, dict) and "objectives" in v)
    watched = watch.page.content()
    for seat in (a, b):
        game = server.api("GET", f"/api/matches/{match_id}/view", token=token_of(seat, match_id))["view"]["game"]
        secrets = [content["objectives"][i]["text"] for i in game["my_objectives"]]
        secrets += [content["goals"][i]["text"] for i in game["my_goals"]]
        own = seat.page.content()
        assert secrets and all(s in own for s in secrets), "the seat's own page does not show its cards"
        leaked = [s for s in secrets if s in watched]
        assert not leaked, f"the watch page shows a seat's hidden card: {leaked}"
    watch.page.evaluate("window.scrollTo(0, 0)")
    watch.page.screenshot(path=str(artifacts / "space-risk-watch-phone.png"), full_page=True)


def test_resign_asks_first_and_the_result_shows_in_both_pages(server: Server,
                                                             open_seat: Callable[..., Seat]) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20})
    codes = invites(made)
    a = open_seat(made["match_id"], codes[0])
    b = open_seat(made["match_id"], codes[1], PHONE)
    step = a.step
    b.page.click("#resign-ask")
    b.page.click("#resign-no")  # changing one's mind changes nothing
    b.page.click("#resign-ask")
    assert "cannot be undone" in b.page.inner_text("#resign")
    assert b.step == step and b.turn == "wait"
    b.page.click("#resign-yes")
    for seat in (a, b):
        seat.page.wait_for_function("() => document.querySelector('#status').dataset.turn === 'over'")
        assert "seat 1 resigned" in seat.page.inner_text("#result")
    assert a.page.inner_text("#result h2") == "You win!"
    assert b.page.inner_text("#result h2") == "Seat 0 wins"
    assert b.page.locator("#resign-ask").count() == 0
    summary = server.api("GET", f"/api/matches/{made['match_id']}", token=made["gm_token"])
    assert summary["outcome"]["winners"] == [0]


# Records the page's sockets; while window.__offline is set, new ones dial a port nobody listens on.
SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__offline = false;
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      super(window.__offline ? "ws://127.0.0.1:%d/" : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""


def test_a_page_that_lost_its_socket_reconnects_and_shows_the_move_it_missed(
        server: Server, open_seat: Callable[..., Seat]) -> None:
    made = create(server, "space-risk", {"starting_infantry": 20})
    match_id = made["match_id"]
    codes = invites(made)
    a = open_seat(match_id, codes[0])
    b = open_seat(match_id, codes[1], init_script=SOCKETS % free_port())
    step = b.step
    b.page.wait_for_function("window.__sockets.length > 0 && window.__sockets.at(-1).readyState === WebSocket.OPEN")
    b.page.evaluate("() => { window.__offline = true; window.__sockets.at(-1).close(); }")
    b.page.wait_for_selector("#net:not([hidden])")
    assert "reconnecting" in b.page.inner_text("#net")
    placed = first_place(a)
    a.click_action(placed)
    b.page.wait_for_timeout(300)
    assert b.step == step, "the page heard of the move while its socket was down"
    b.page.evaluate("() => { window.__offline = false; }")
    b.wait_step(step + 1)
    b.page.wait_for_selector("#net", state="hidden")
    assert b.step == a.step
    assert b.turn == ("mine" if 1 in server.api("GET", f"/api/matches/{match_id}", token=made["gm_token"])["to_act"]
                      else "wait")
    missed = server.api("GET", f"/api/matches/{match_id}/events?since={step}", token=token_of(b, match_id))
    assert missed and all(e["text"] in b.page.inner_text("#events") for e in missed)
    assert b.page.evaluate("window.__sockets.filter(s => s.readyState === WebSocket.OPEN).length") == 1
