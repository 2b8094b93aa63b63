"""A Star Kingdoms campaign in Chromium (issue 15 item 7): the GM creates it in the browser and
hands out the invitations; three players join, write orders (one with an error shown line by
line and fixed), submit; the GM processes two turns with one click each; the players read their
sheets; messages go between two nations without the third or the GM seeing them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import WIDE, Server

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NATIONS = ("Aster Realm", "Boreal Union", "Cinder League")


class Page:
    def __init__(self, context: Any, errors: list[str]) -> None:
        self.context = context
        self.page = context.new_page()
        self.page.on("pageerror", lambda exc: errors.append(str(exc)))

    def turn(self, turn: int) -> None:
        self.page.wait_for_selector(f'#campaign-status[data-turn="{turn}"]')

    def home(self) -> str:
        return str(self.page.get_attribute('#planets tr[data-home="yes"]', "data-name"))

    def write(self, orders: str) -> None:
        self.page.fill("#orders", orders)


@pytest.fixture
def pages(browser: Any) -> Iterator[tuple[list[Page], list[str]]]:
    errors: list[str] = []
    opened: list[Page] = []
    yield opened, errors
    for p in opened:
        p.context.close()
    assert not errors, f"script errors in the pages: {errors}"


def open_page(browser: Any, opened: list[Page], errors: list[str], url: str) -> Page:
    page = Page(browser.new_context(viewport=WIDE), errors)
    page.page.goto(url)
    opened.append(page)
    return page


def wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function("([s, t]) => { const n = document.querySelector(s); return n && n.innerText.includes(t); }",
                           arg=[selector, text])


def test_a_gm_and_three_players_run_two_turns_in_the_browser(server: Server, browser: Any,
                                                             pages: tuple[list[Page], list[str]]) -> None:
    opened, errors = pages
    gm = open_page(browser, opened, errors, f"{server.url}/#/campaign-new")
    g = gm.page
    g.fill("#new-factions", "3")
    g.fill("#new-turns", "4")
    g.fill("#new-nations", "\n".join(NATIONS))
    g.click("#new-create")
    g.wait_for_selector("#invites li")
    links = g.eval_on_selector_all("#invites input", "xs => xs.map(x => x.value)")
    assert len(links) == 3
    g.click("#new-gm-link")
    g.wait_for_selector("#gm-nations tr[data-nation]")

    players = [open_page(browser, opened, errors, link) for link in links]
    for i, p in enumerate(players):
        p.turn(1)
        assert NATIONS[i] in p.page.inner_text("#campaign-status")
        assert p.page.locator("#map svg .system").count() >= 1

    # an order with an error: shown on its line as typed, nothing submitted; then fixed
    a = players[0]
    a.write(f"build industrial district on Nowhere\nresearch Sensors on {a.home()}\n")
    a.page.wait_for_selector('#order-lines li[data-line="1"][data-ok="no"]')
    assert "Nowhere" in a.page.inner_text('#order-lines li[data-line="1"]')
    assert a.page.is_disabled("#orders-submit")
    assert g.get_attribute('#gm-nations tr[data-nation] >> nth=0', "data-submitted") == "no"
    a.write(f"# better eyes first\nresearch Sensors on {a.home()}\n")
    a.page.wait_for_selector('#orders-check[data-ok="yes"]')
    assert a.page.locator('#order-lines li[data-ok="yes"]').count() == 1
    a.page.click("#orders-submit")
    wait_text(a.page, "#submitted", "orders for this turn are in")
    for p in players[1:]:
        p.write(f"research Sensors on {p.home()}\n")
        p.page.wait_for_selector('#orders-check[data-ok="yes"]')
        p.page.click("#orders-submit")
        wait_text(p.page, "#submitted", "orders for this turn are in")
    g.wait_for_function("() => document.querySelectorAll('#gm-nations tr[data-submitted=yes]').length === 3")
    g.click("#gm-process")
    for p in players:
        p.turn(2)
        p.page.wait_for_selector('#sheets [data-sheet^="1:"]')
    g.wait_for_selector('#campaign-status[data-turn="2"]')

    # the GM sets a deadline for turn 2 (far away: the GM processes first, with one click)
    g.fill("#gm-deadline", "2031-01-01T12:00")
    g.click("#gm-deadline-set")
    wait_text(g, "#deadline", "2031")

    # turn 2: two nations submit, the third does not; the GM processes anyway
    for p in players[:2]:
        p.write(f"rush academic project on {p.home()}\n")
        p.page.wait_for_selector('#orders-check[data-ok="yes"]')
        p.page.click("#orders-submit")
        wait_text(p.page, "#submitted", "orders for this turn are in")
    wait_text(players[0].page, "#deadline", "2031")
    g.wait_for_function("() => document.querySelectorAll('#gm-nations tr[data-submitted=yes]').length === 2")
    assert "has not submitted" in g.inner_text("#gm-queue")
    g.click("#gm-process")
    for i, p in enumerate(players):
        p.turn(3)
        p.page.wait_for_function("() => document.querySelectorAll('#sheets [data-sheet]').length === 3")
        p.page.click('#sheets [data-sheet^="2:"]')
        p.page.wait_for_selector('#sheet-frame[data-turn="2"]')
        body = p.page.frame_locator("#sheet-frame").locator("body")
        body.locator("h1").first.wait_for()
        assert NATIONS[i] in body.inner_text()
        for j, other in enumerate(NATIONS):
            if j != i:
                assert other not in body.inner_text()
    assert players[0].page.locator("#planets").count() == 1
    # the GM reads any nation's sheet and its own overview, newest turn first
    g.wait_for_selector('#sheets .sheet-turn[data-turn="2"] [data-sheet="2:_gm"]')
    assert g.get_attribute("#sheets .sheet-turn", "data-turn") == "2"
    g.click(f'#sheets [data-sheet="2:{players_ids(g)[2]}"]')
    g.wait_for_selector('#sheet-frame[data-turn="2"]')
    gm_body = g.frame_locator("#sheet-frame").locator("body")
    gm_body.locator("h1").first.wait_for()
    assert NATIONS[2] in gm_body.inner_text()


def players_ids(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#gm-nations tr[data-nation]", "rs => rs.map(r => r.dataset.nation)"))


def test_leak_messages_and_sheets_of_other_nations_never_reach_a_page(server: Server, browser: Any,
                                                                      pages: tuple[list[Page], list[str]]) -> None:
    opened, errors = pages
    made = server.api("POST", "/api/campaigns", {"factions": 3, "turns": 3, "nations": list(NATIONS)})
    mid = made["match_id"]
    ids = [n["id"] for n in made["nations"]]
    server.api("POST", f"/api/matches/{mid}/actions", {"action": f"meet {ids[0]} {ids[1]}", "state_id": 0},
               token=made["gm_token"])
    players = [open_page(browser, opened, errors, f"{server.url}/#/join/{mid}/{s['invite']}") for s in made["seats"]]
    for p in players:
        p.turn(1)
    a, b, c = players
    a.page.wait_for_selector(f'#message-to input[data-to="{ids[1]}"]')
    assert c.page.locator("#message-to input").count() == 0, "Cinder has met nobody"
    a.page.check(f'#message-to input[data-to="{ids[1]}"]')
    a.page.fill("#message-text", "a secret pact against Cinder")
    a.page.click("#message-send")
    a.page.wait_for_selector('#messages[data-count="1"]')
    b.page.reload()
    b.page.wait_for_selector('#messages[data-count="1"]')
    assert "secret pact" in b.page.inner_text("#messages")
    c.page.reload()
    c.page.wait_for_selector('#messages[data-count="0"]', state="attached")
    assert "secret pact" not in c.page.content()
    gm_messages = server.api("GET", f"/api/campaigns/{mid}/messages", token=made["gm_token"])
    assert gm_messages == []
    # Cinder's page asks for Aster's sheet with its own token: refused, nothing shown
    status = c.page.evaluate("""async ([mid, other]) => {
        const held = JSON.parse(localStorage.getItem('starlanes.seats')).find(s => s.match === mid);
        const r = await fetch(`/api/campaigns/${mid}/sheets/0?nation=${other}`,
                              {headers: {Authorization: `Bearer ${held.token}`}});
        return r.status; }""", [mid, ids[0]])
    assert status == 403
    c.page.click('#sheets [data-sheet^="0:"]')
    c.page.wait_for_selector('#sheet-frame[data-turn="0"]')
    assert c.page.get_attribute("#sheet-frame", "data-nation") == ids[2]
