"""The war bot as an agent (bot.py ``WarBot``, registered as ``star-kingdoms:war``; issue 14 item 9)."""

from __future__ import annotations

import json

from starlanes.ai.registry import make_agent
from starlanes.games.star_kingdoms.bot import WAR_MARK, EconomicBot, WarBot, war_bot_orders
from starlanes.games.star_kingdoms.game import make_ruleset
from starlanes.lab.runner import GameTask, play_game
from starlanes.registry import get_entry


def test_war_agent_is_registered_and_picks_the_listed_war_document() -> None:
    entry = get_entry("star-kingdoms")
    assert {"star-kingdoms:economic", "star-kingdoms:war"} <= set(entry.agents)
    game = make_ruleset()
    state = game.setup(None, 2, 4)
    legal = list(game.legal_actions(state, 0))
    war = WarBot().act(game.view(state, 0), legal)
    orders = getattr(war, "orders", "")
    assert orders.startswith(WAR_MARK + "\n")
    assert orders[len(WAR_MARK) + 1:] == war_bot_orders(state, 0)
    economic = EconomicBot().act(game.view(state, 0), legal)
    assert not getattr(economic, "orders", "").startswith(WAR_MARK) and economic != war


def test_war_agent_short_lab_campaign_runs_to_the_turn_limit() -> None:
    """A 10-turn lab game of two war bots and an economic bot ends by the turn limit, every chosen
    action legal (the runner raises otherwise)."""
    task = GameTask(0, 5, "star-kingdoms", json.dumps({"turns": 10}),
                    ("star-kingdoms:war", "star-kingdoms:war", "star-kingdoms:economic"), "")
    record = play_game(task)
    assert record.reason.startswith("the campaign's last turn (10)")
    assert record.length == 30


def test_war_agent_campaign_builds_warships_and_only_legal_documents() -> None:
    game = make_ruleset()
    state = game.setup(game.params_from({"turns": 8}), 2, 9)
    agents = [make_agent("star-kingdoms:war", game, seat, seat) for seat in range(2)]
    while not game.is_over(state):
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            action = agents[seat].act(game.view(state, seat), legal)
            assert action in legal and getattr(action, "orders", "").startswith(WAR_MARK)
            game.apply(state, seat, action)  # checked again: a refused line would raise
    for f in state.factions:
        assert any(u.class_id == "patrol-ship" for u in f.units), [u.class_id for u in f.units]


def test_a_random_draw_is_the_listed_action_at_the_drawn_index() -> None:
    """The ruleset's draw writes only the drawn document, and draws as the list does."""
    from starlanes.core.rng import Rng

    game = make_ruleset()
    state = game.setup(None, 2, 4)
    legal = game.legal_actions(state, 0)
    assert game.count_legal(state, 0) == len(legal) == 3
    for seed in range(8):
        assert game.sample_legal(state, 0, Rng.from_seed(seed)) == Rng.from_seed(seed).choice(list(legal))
