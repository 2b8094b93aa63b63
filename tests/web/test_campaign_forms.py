"""A campaign run entirely in Chromium (issue 15 items 5-7, rulings 406-410): nations created by
their players' creation forms and approved on the GM page; the GM link opening the GM page in
another browser, which re-issues an invitation; messages pushed live to their recipient only; a
12-nation campaign created in the browser's forms, its turn processed with one click, sheets read
and downloaded as HTML and PDF, the campaign exported and imported."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.campaign_forms import form

from .conftest import WIDE, Server
from .test_campaign import Page, open_page, wait_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# every frame a page's WebSocket receives, kept in window.__frames (to prove what never arrived)
RECORD_SOCKET = """
(() => {
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    socket.addEventListener("message", (e) => window.__frames.push(String(e.data)));
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
})();
"""


@pytest.fixture
def pages(browser: Any) -> Iterator[tuple[list[Page], list[str]]]:
    errors: list[str] = []
    opened: list[Page] = []
    yield opened, errors
    for p in opened:
        p.context.close()
    assert not errors, f"script errors in the pages: {errors}"


def recording(browser: Any, opened: list[Page], errors: list[str], url: str) -> Page:
    context = browser.new_context(viewport=WIDE)
    context.add_init_script(RECORD_SOCKET)
    page = Page(context, errors)
    opened.append(page)
    page.page.goto(url)
    return page


def fill_form(page: Any, name: str) -> None:
    """A valid creation form in the page's fields (the selects keep their first choices)."""
    page.fill("#cf-name", name)
    page.select_option("#cf-tech-1", index=1)
    for cat, trait in (("homeworld", "Crystal Spires"), ("people", "Scholars"), ("ambition", "Enlightenment")):
        page.fill(f"#cf-trait-{cat}", trait)
    page.check("#cf-trait-homeworld-drawback")
    for i, principle in enumerate(("Guild System", "Xenophobia", "Geneticists")):
        page.fill(f"#cf-principle-{i}", principle)
    for kind, names in (("ships", ("Pathfinder", "Seeker")), ("detachments", ("Surveyors", "Builders"))):
        for i, unit in enumerate(names):
            page.fill(f"#cf-{kind}-{i}-name", unit)
    page.fill("#cf-org-name", "Exploration Society")


def create_in_browser(gm: Any, factions: int, names: list[str], creation: str = "forms") -> list[str]:
    gm.fill("#new-factions", str(factions))
    gm.fill("#new-turns", "4")
    gm.fill("#new-nations", "\n".join(names))
    gm.select_option("#new-creation", creation)
    gm.click("#new-create")
    gm.wait_for_function("n => document.querySelectorAll('#invites li').length === n", arg=factions)
    return list(gm.eval_on_selector_all("#invites input", "xs => xs.map(x => x.value)"))


def test_CIV_forms_gm_link_invitations_and_live_messages_in_the_browser(
        server: Server, browser: Any, pages: tuple[list[Page], list[str]]) -> None:
    opened, errors = pages
    creator = open_page(browser, opened, errors, f"{server.url}/#/campaign-new")
    links = create_in_browser(creator.page, 3, ["Placeholder A", "Placeholder B", "Placeholder C"])
    gm_link = creator.page.input_value("#gm-link")
    mid = gm_link.split("/")[-2]

    # the GM link opens the GM page in a browser that never saw the campaign
    gm = open_page(browser, opened, errors, gm_link)
    g = gm.page
    g.wait_for_selector("#gm-nations tr[data-nation]")
    g.click("#gm-invitations summary")
    g.wait_for_selector('#invites li[data-seat="2"][data-state="open"]')
    assert g.locator("#invites [data-link]").count() == 0, "this browser never held the links"
    g.click('[data-reissue="2"]')
    g.wait_for_selector('#invites [data-link="2"]')
    new_c = g.input_value('#invites [data-link="2"]')
    assert new_c != links[2]

    # the old link of seat 2 no longer joins; the new one does
    stale = open_page(browser, opened, errors, links[2])
    wait_text(stale.page, "#app", "Cannot join this seat")
    a = recording(browser, opened, errors, links[0])
    b = recording(browser, opened, errors, links[1])
    c = recording(browser, opened, errors, new_c)
    g.wait_for_selector('#invites li[data-seat="2"][data-state="joined"]')

    # player A creates the nation: problems listed as typed, send refused until fixed
    p = a.page
    p.wait_for_selector('#campaign-status[data-approved="no"]')
    p.wait_for_selector("#cf-form")
    assert p.is_hidden("#orders-box")
    p.wait_for_selector('#cf-check[data-ok="no"]')
    assert p.locator("#cf-problems li").count() >= 3
    assert p.is_disabled("#cf-send")
    fill_form(p, "Aster Realm")
    p.select_option("#cf-tech-1", index=0)  # the same technology twice: refused, named on its field
    p.wait_for_selector('#cf-problems li[data-field="l2_techs"]')
    assert "chosen twice" in p.inner_text("#cf-problems")
    assert p.get_attribute('fieldset[data-field="l2_techs"]', "class") == "bad"
    p.select_option("#cf-tech-1", index=1)
    p.wait_for_selector('#cf-check[data-ok="yes"]')
    p.click("#cf-send")
    wait_text(p, "#awaiting", "awaits the GM's approval")
    wait_text(p, "#campaign-status", "Aster Realm")

    # the GM approves it from the queue; the player's page opens its orders
    g.wait_for_selector('#gm-queue [data-approve="aster-realm"]')
    g.click('#gm-queue [data-approve="aster-realm"]')
    p.wait_for_selector('#campaign-status[data-approved="yes"]')
    assert p.is_visible("#orders-box") and p.is_hidden("#creation")
    for seat in (1, 2):
        ident = g.get_attribute(f"#gm-nations tr[data-nation] >> nth={seat}", "data-nation")
        g.click(f'#gm-queue [data-approve="{ident}"]')
        g.wait_for_selector(f'#gm-queue [data-approve="{ident}"]', state="detached")

    # A and B meet; A writes to B: it arrives on B's page without a reload, never on C's socket
    ids = g.eval_on_selector_all("#gm-nations tr[data-nation]", "rs => rs.map(r => r.dataset.nation)")
    g.fill("#gm-action", f"meet {ids[0]} {ids[1]}")
    g.click("#gm-action-go")
    p.wait_for_selector(f'#message-to input[data-to="{ids[1]}"]')
    p.check(f'#message-to input[data-to="{ids[1]}"]')
    p.fill("#message-text", "a secret pact against the third")
    p.click("#message-send")
    b.page.wait_for_selector('#messages[data-count="1"]')
    assert "secret pact" in b.page.inner_text("#messages")
    assert any("secret pact" in f for f in b.page.evaluate("window.__frames")), "not pushed over the socket"
    # C's socket hears the next change of the campaign, and never the message
    c.page.wait_for_selector('#campaign-status[data-approved="yes"]')
    c.write(f"research Sensors on {c.home()}\n")
    c.page.wait_for_selector('#orders-check[data-ok="yes"]')
    before = len(c.page.evaluate("window.__frames"))
    c.page.click("#orders-submit")
    c.page.wait_for_function("n => window.__frames.length > n", arg=before)
    assert not any("secret" in f for f in c.page.evaluate("window.__frames"))
    assert "secret" not in c.page.content()

    # the GM hands B's seat to someone else: B's open page is signed out (asked first)
    g.once("dialog", lambda dialog: dialog.accept())
    g.click('[data-reissue="1"]')
    b.page.wait_for_selector("#signed-out")
    g.wait_for_selector('#invites [data-link="1"]')
    assert mid in gm_link


def test_a_12_nation_campaign_is_created_in_the_browser_and_its_turn_processed_with_one_click(
        server: Server, browser: Any, pages: tuple[list[Page], list[str]], tmp_path: Path) -> None:
    opened, errors = pages
    gm = open_page(browser, opened, errors, f"{server.url}/#/campaign-new")
    g = gm.page
    links = create_in_browser(g, 12, [], creation="forms")
    assert len(links) == 12
    g.click("#new-gm-link")
    g.wait_for_function("() => document.querySelectorAll('#gm-nations tr[data-nation]').length === 12")
    mid = links[0].split("/")[-2]
    gm_token = json.loads(g.evaluate("localStorage.getItem('starlanes.seats')"))[0]["token"]

    # seat 0 in the browser: its creation form; the GM approves it on the GM page
    first = open_page(browser, opened, errors, links[0])
    p = first.page
    p.wait_for_selector("#cf-form")
    fill_form(p, "Aster Realm")
    p.wait_for_selector('#cf-check[data-ok="yes"]')
    p.click("#cf-send")
    wait_text(p, "#awaiting", "awaits the GM's approval")
    g.wait_for_selector('#gm-queue [data-approve="aster-realm"]')
    g.click('#gm-queue [data-approve="aster-realm"]')
    p.wait_for_selector('#campaign-status[data-approved="yes"]')

    # the other eleven by the API (to stay fast): five send forms, six keep the standard start
    tokens = []
    for seat, link in enumerate(links[1:], start=1):
        invite = link.split("/")[-1]
        token = server.api("POST", f"/api/matches/{mid}/join", {"invite": invite})["token"]
        tokens.append(token)
        ident = server.api("GET", f"/api/campaigns/{mid}", token=token)["nation"]["id"]
        if seat <= 5:
            choices = server.api("GET", f"/api/campaigns/{mid}/creation", token=token)["choices"]
            sent = server.api("POST", f"/api/campaigns/{mid}/creation", {"form": form(
                choices, name=f"Realm {seat}", homeworld=choices["homeworlds"][0])}, token=token)
            ident = sent["nation"]["id"]
        server.api("POST", f"/api/campaigns/{mid}/gm", {"action": f"approve {ident}"}, token=gm_token)
    for token in tokens:
        page = server.api("GET", f"/api/campaigns/{mid}", token=token)
        home = next(x["name"] for x in page["nation"]["planets"] if x["homeworld"])
        server.api("POST", f"/api/campaigns/{mid}/orders", {"orders": f"research Sensors on {home}\n"}, token=token)
    first.write(f"research Sensors on {first.home()}\n")
    p.wait_for_selector('#orders-check[data-ok="yes"]')
    p.click("#orders-submit")
    wait_text(p, "#submitted", "orders for this turn are in")

    # the GM sees all twelve in, processes with one click; every sheet is published
    g.wait_for_function("() => document.querySelectorAll('#gm-nations tr[data-submitted=yes]').length === 12")
    g.click("#gm-process")
    first.turn(2)
    g.wait_for_selector('#campaign-status[data-turn="2"]')
    g.wait_for_function("() => document.querySelectorAll('#sheets [data-sheet^=\"1:\"]').length === 13")
    p.wait_for_selector('#sheets [data-sheet="1:aster-realm"]')
    p.click('#sheets [data-sheet="1:aster-realm"]')
    p.wait_for_selector('#sheet-frame[data-turn="1"]')
    p.frame_locator("#sheet-frame").locator("h1").first.wait_for()
    assert "Aster Realm" in p.frame_locator("#sheet-frame").locator("body").inner_text()
    for button, suffix in (("#sheet-html", ".html"), ("#sheet-pdf", ".pdf")):
        with p.expect_download() as got:
            p.click(button)
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert saved.name == f"aster-realm-turn-001{suffix}" and saved.stat().st_size > 500
    assert (tmp_path / "aster-realm-turn-001.pdf").read_bytes().startswith(b"%PDF")

    # the campaign exported from the GM page imports as a new campaign at the same turn
    with g.expect_download() as got:
        g.click("#gm-export")
    exported = tmp_path / "campaign.json"
    got.value.save_as(exported)
    importer = open_page(browser, opened, errors, f"{server.url}/#/campaign-new")
    importer.page.click("summary:has-text('Import an exported campaign')")
    importer.page.set_input_files("#import-file", str(exported))
    importer.page.click("#import-go")
    importer.page.click("#new-gm-link")
    importer.page.wait_for_function("() => document.querySelectorAll('#gm-nations tr[data-nation]').length === 12")
    importer.page.wait_for_selector('#campaign-status[data-turn="2"]')
    assert "aster-realm" in importer.page.inner_text("#gm-nations")
