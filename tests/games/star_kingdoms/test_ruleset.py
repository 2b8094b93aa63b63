"""The Star Kingdoms ruleset (game.py): sealed orders per turn, refusals, views, the end of a campaign."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import hw

from starlanes.core.errors import IllegalAction
from starlanes.core.rng import Rng
from starlanes.core.state import GM
from starlanes.games.star_kingdoms.campaign import CampaignParams
from starlanes.games.star_kingdoms.game import SubmitOrders, make_ruleset
from starlanes.registry import get_entry


def test_registered_with_its_bot_and_commands() -> None:
    entry = get_entry("star-kingdoms")
    assert "star-kingdoms:economic" in entry.agents and "campaign" in entry.commands


def test_orders_are_sealed_revisable_and_a_bad_document_changes_nothing() -> None:
    game = make_ruleset()
    state = game.setup(None, 2, 11)
    me = state.factions[0].id
    name = hw(state)
    before = game.to_json(state)
    bad = SubmitOrders(1, me, f"build shipyard district on {name}\nbuild academic district on {name}\n")
    with pytest.raises(IllegalAction, match="line 2: the industrial slot"):
        game.apply(state, 0, bad)
    assert game.to_json(state) == before
    with pytest.raises(IllegalAction, match="for turn 2"):
        game.apply(state, 0, SubmitOrders(2, me))
    with pytest.raises(IllegalAction, match="you play"):
        game.apply(state, 0, SubmitOrders(1, state.factions[1].id))
    game.apply(state, 0, SubmitOrders(1, me, f"build shipyard district on {name}\n"))
    assert game.view(state, 1).submitted == (0,) and game.view(state, 1).my_sealed is None
    game.apply(state, 0, SubmitOrders(1, me, f"research sensors on {name}\n"))  # revised
    game.apply(state, 1, SubmitOrders(1, state.factions[1].id))  # the last one: the turn is processed
    assert state.turn == 2
    assert "academic" in state.factions[0].colonies[0].projects
    assert "industrial" not in state.factions[0].colonies[0].projects


def test_turn_closes_gm_waits_for_the_gm_and_defaults_are_empty_orders() -> None:
    game = make_ruleset()
    state = game.setup(CampaignParams(turn_closes="gm"), 2, 11)
    for seat in (0, 1):
        game.apply(state, seat, SubmitOrders(1, state.factions[seat].id))
    assert state.turn == 1
    game.apply(state, 0, "withdraw")
    events = game.apply(state, GM, "close")
    assert state.turn == 2
    described = [game.describe_event(e, 0) for e in events if e.visible_to(0)]
    assert any("no orders from" in d and state.factions[0].name in d for d in described)
    assert any(d.startswith("your sheet for turn 1") for d in described)


def test_campaign_ends_after_its_last_turn() -> None:
    game = make_ruleset()
    state = game.setup(CampaignParams(turns=2), 2, 1)
    for _ in range(2):
        for seat in (0, 1):
            game.apply(state, seat, SubmitOrders(state.turn, state.factions[seat].id))
    out = game.outcome(state)
    assert out is not None and out.winners == () and "last turn (2)" in out.reason
    assert out.scores == (30.0, 30.0) and state.ended == out.reason
    assert game.view(state, 0).game.final_er == (30, 30)


def test_views_seat_sees_its_nation_gm_sees_all() -> None:
    game = make_ruleset()
    state = game.setup(None, 2, 5)
    mine = game.view(state, 0).game
    assert mine.nation is not None and mine.nation.id == state.factions[0].id
    assert mine.factions == () and mine.nations == ()
    other_secret = msgspec.json.encode(state.factions[1])
    assert other_secret not in game.view_to_json(game.view(state, 0))
    gm = game.view(state, GM).game
    assert gm.nation is None and [f.id for f in gm.factions] == [f.id for f in state.factions]


def test_determinize_gives_the_same_view() -> None:
    game = make_ruleset()
    state = game.setup(None, 3, 5)
    for seat in range(3):
        game.apply(state, seat, game.legal_actions(state, seat)[-1])
    view = game.view(state, 1)
    sampled = game.determinize_view(view, Rng.from_seed(3))
    assert game.view_to_json(game.view(sampled, 1)) == game.view_to_json(view)


def test_terminal_board_shows_the_nation_and_the_gm_table() -> None:
    game = make_ruleset()
    state = game.setup(None, 2, 5)
    mine = game.render(game.view(state, 0).game, 0)
    assert state.factions[0].name in mine and "450 credits" in mine and state.factions[1].name not in mine
    assert "Industrial 2" in mine and f"orders 1 {state.factions[0].id}" in mine
    table = game.render(game.view(state, GM).game, GM)
    assert all(f.name in table for f in state.factions)
    empty = SubmitOrders(1, state.factions[0].id)
    assert game.describe_action(game.view(state, 0).game, empty) == "no new orders (ongoing projects continue)"
