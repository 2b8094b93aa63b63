"""Kardashev's own board in the browser (src/starlanes/games/kardashev/web/board.js), in Chromium:
the 37 hex cells drawn from the seat's view with their tiles and pieces in the owners' colours, a
click on a cell keeps the legal actions naming it and one of them plays, readable on a phone, the
seats' public holdings shown; screenshots go to test-artifacts/web/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import starlanes
from starlanes.core.match import Match
from starlanes.registry import get_entry, get_game
from starlanes.web import board_module

from .conftest import PHONE, Seat, Server, create, invites

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_kardashev_board_module_is_found_through_its_registry_entry() -> None:
    folder = get_entry("kardashev").web_folder()
    here = Path(starlanes.__file__).parent / "games" / "kardashev" / "web"
    assert folder is not None and folder.resolve() == here.resolve()
    assert board_module("kardashev") == folder / "board.js"


def save_until(verb: str) -> tuple[dict[str, Any], int]:
    """A two-seat match played by its first legal actions until a seat may take a ``verb`` action:
    the save (for /api/matches/import) and that seat."""
    game = get_game("kardashev")
    match = Match.new(game, ["human", "human"], seed=1, params=game.params_from({}))
    while match.step < 300:
        seat = min(match.to_act())
        actions = match.legal_actions(seat)
        if any(a.text().split()[0] == verb for a in actions):
            return match.to_dict(), seat
        match.play(seat, actions[0])
    raise AssertionError(f"no '{verb}' action in 300 steps")


def open_both(server: Server, open_seat: Callable[..., Seat], verb: str) -> tuple[dict[str, Any], Seat, Seat, int]:
    save, mover = save_until(verb)
    made = server.api("POST", "/api/matches/import", save)
    codes = invites(made)
    wide = open_seat(made["match_id"], codes[0])
    phone = open_seat(made["match_id"], codes[1], PHONE)
    for seat in (wide, phone):
        seat.page.wait_for_selector("#board svg.kardashev g.kd-cell")
    return made, wide, phone, mover


def test_kardashev_board_draws_the_37_cells_their_tiles_and_pieces_from_the_view(
        server: Server, open_seat: Callable[..., Seat], artifacts: Path) -> None:
    made, wide, phone, _ = open_both(server, open_seat, "place")
    wide.page.screenshot(path=str(artifacts / "kardashev-turn-wide.png"))
    phone.page.screenshot(path=str(artifacts / "kardashev-turn-phone.png"), full_page=True)
    view = server.api("GET", f"/api/matches/{made['match_id']}/view", token=made["gm_token"])["view"]["game"]
    for seat in (wide, phone):
        page = seat.page
        assert page.locator("#board p.error").count() == 0, page.inner_text("#board")[:300]
        assert page.locator("#board svg.kardashev g.kd-cell").count() == 37
        drawn = page.evaluate("""() => import('/api.js').then((api) => Object.fromEntries(
            [...document.querySelectorAll('#board svg.kardashev g.kd-cell')].map((g) => {
                const colony = g.querySelector('.kd-colony');
                const fleet = g.querySelector('.kd-fleet');
                return [g.dataset.ref, {
                    tile: g.dataset.tile, symbols: g.querySelectorAll('.kd-symbol').length,
                    colony: colony && [Number(colony.dataset.seat), Number(colony.dataset.level),
                                       colony.getAttribute('fill') === api.seatColour(Number(colony.dataset.seat))],
                    fleet: fleet && [Number(fleet.dataset.seat), Number(fleet.dataset.level),
                                     fleet.getAttribute('fill') === api.seatColour(Number(fleet.dataset.seat))],
                }];
            })))""")
        for cell in view["cells"]:
            got = drawn[f'{cell["q"]},{cell["r"]}']
            assert got["tile"] == (cell["tile"] or "unexplored"), (cell, got)
            colony = None if cell["colony"] is None else [cell["colony"], cell["colony_level"], True]
            fleet = None if cell["fleet"] is None else [cell["fleet"], cell["fleet_level"], True]
            assert (got["colony"], got["fleet"]) == (colony, fleet), (cell, got)
            if cell["tile"] == "planet":
                assert got["symbols"] == len(set(cell["symbols"]) | set(cell["terraformed"]))
        # each seat's public holdings: the role's name from the content, its cards
        panel = page.inner_text("#board .kd-panel")
        for s, player in enumerate(view["seats"]):
            row = page.inner_text(f'#board .kd-seat[data-seat="{s}"]')
            assert player["role"].capitalize() in row, row
            assert f"score {view['scores'][s]}" in row
            assert f"{player['colonies_supply']} colony / {player['fleets_supply']} fleet pieces" in row
        assert f"bag: {sum(view['bag_left'])} tiles left" in panel
    # readable on a phone: the board fits the screen's width and a cell stays a finger wide
    box = phone.page.locator("#board svg.kardashev").bounding_box()
    cell = phone.page.locator('#board svg.kardashev g.kd-cell[data-ref="0,0"]').bounding_box()
    assert box is not None and cell is not None
    assert box["width"] <= PHONE["width"]
    assert cell["width"] >= 44, cell


def test_kardashev_a_click_on_a_cell_picks_its_actions_and_one_plays(
        server: Server, open_seat: Callable[..., Seat], artifacts: Path) -> None:
    _, wide, phone, mover_seat = open_both(server, open_seat, "place")
    mover, other = (wide, phone) if mover_seat == 0 else (phone, wide)
    assert mover.turn == "mine"
    places = [t for t in mover.actions() if t.startswith("place ")]
    cell = places[0].split()[1]
    target = mover.page.locator(f'#board svg.kardashev g.kd-cell[data-ref="{cell}"]')
    assert "active" in (target.get_attribute("class") or "")
    assert target.get_attribute("data-tile") == "unexplored"
    target.click()
    mover.page.wait_for_function("c => document.querySelector('#pick b')?.textContent === c", arg=cell)
    shown = mover.actions()
    assert shown and all(t.split()[1] == cell for t in shown), shown
    assert "picked" in (target.get_attribute("class") or "")
    mover.page.screenshot(path=str(artifacts / "kardashev-picked.png"), full_page=mover is phone)
    played = next(t for t in shown if t.endswith(" planet"))
    step = mover.step
    mover.click_action(played)
    other.wait_step(step + 1)
    for seat in (mover, other):  # both boards now show the placed planet on that cell
        seat.page.wait_for_selector(f'#board svg.kardashev g.kd-cell[data-ref="{cell}"][data-tile="planet"]')
    mover.page.screenshot(path=str(artifacts / "kardashev-placed.png"), full_page=mover is phone)


def test_kardashev_a_click_on_an_offered_tile_picks_the_pick_actions_of_that_tile(
        server: Server, open_seat: Callable[..., Seat]) -> None:
    _, wide, phone, mover_seat = open_both(server, open_seat, "pick")
    mover = wide if mover_seat == 0 else phone
    every = mover.actions()
    assert any(t.split()[2] == "1" for t in every), every
    mover.page.locator('#board .kd-offer button[data-ref="tile 2"]').click()
    mover.page.wait_for_function("() => document.querySelector('#pick b')?.textContent === 'tile 2'")
    shown = mover.actions()
    assert shown and all(t.split()[0] == "pick" and t.split()[2] == "2" for t in shown), shown
    assert sorted(shown) == sorted(t for t in every if t.split()[2] == "2")


def test_kardashev_refs_name_the_cells_of_an_action(server: Server, open_seat: Callable[..., Seat]) -> None:
    made = create(server, "kardashev", {})
    wide = open_seat(made["match_id"], invites(made)[0])
    got = wide.page.evaluate("""() => import('/games/kardashev/board.js').then(m => [
        m.refs('place 1,-2 planet'), m.refs('move 0,-3 1,-2 path=0,-2,1,-2'), m.refs('support cells=0,-1,1,-1'),
        m.refs('use terraform cell=2,-2 symbol=food'), m.refs('pick 2 1'), m.refs('harvest food=1 matter=2'),
        m.refs('support')])""")
    assert got == [["1,-2"], ["0,-3", "1,-2"], ["0,-1", "1,-1"], ["2,-2"], ["slot 2", "tile 1"], [], []]


def battle_save() -> tuple[dict[str, Any], int]:
    """A two-seat match played by seeded random bots until an attack waits for a support choice:
    the save and the seat that chooses."""
    from starlanes.ai.registry import make_agent

    game = get_game("kardashev")
    for seed in range(1, 20):
        match = Match.new(game, ["human", "human"], seed=seed, params=game.params_from({}))
        bots = [make_agent("random", game, i, seed) for i in range(2)]
        while not match.is_over() and match.step < 3000:
            seat = min(match.to_act())
            actions = match.legal_actions(seat)
            if match.state.battle is not None and any(a.text().startswith("support cells=") for a in actions):
                return match.to_dict(), seat
            match.play(seat, bots[seat].act(match.view(seat), actions))
    raise AssertionError("no seed of 1-19 reached an attack with a possible support")


def test_kardashev_an_attack_is_drawn_and_a_click_on_a_supporting_fleet_picks_the_support(
        server: Server, open_seat: Callable[..., Seat], artifacts: Path) -> None:
    save, chooser = battle_save()
    made = server.api("POST", "/api/matches/import", save)
    codes = invites(made)
    view = server.api("GET", f"/api/matches/{made['match_id']}/view", token=made["gm_token"])["view"]["game"]
    battle = view["battle"]
    target = view["cells"][battle["target"]]
    seat = open_seat(made["match_id"], codes[chooser], PHONE)
    watch = open_seat(made["match_id"], made["spectator_code"], route="watch")
    for page in (seat.page, watch.page):  # the attacked cell in red, the odds in the panel
        page.wait_for_selector(f'#board svg.kardashev g.kd-cell[data-ref="{target["q"]},{target["r"]}"] .kd-attacked')
        assert page.locator("#board svg.kardashev g.kd-cell").count() == 37
        assert f"level-{battle['level']} fleet from" in page.inner_text("#board .kd-battle")
    watch.page.screenshot(path=str(artifacts / "kardashev-attack-watch-wide.png"))
    support = next(t for t in seat.actions() if t.startswith("support cells="))
    helper = support.split("=")[1].split(",")
    cell = f"{helper[0]},{helper[1]}"
    seat.page.locator(f'#board svg.kardashev g.kd-cell[data-ref="{cell}"]').click()
    seat.page.wait_for_function("c => document.querySelector('#pick b')?.textContent === c", arg=cell)
    shown = seat.actions()
    assert support in shown and all(t.startswith("support cells=") for t in shown), shown
    seat.page.screenshot(path=str(artifacts / "kardashev-attack-phone.png"), full_page=True)
    step = seat.step
    seat.click_action(support)
    watch.wait_step(step + 1)
