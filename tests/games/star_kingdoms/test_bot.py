"""The economic bot (bot.py): valid orders every turn, and an economy that grows."""

from __future__ import annotations

from tests.games.star_kingdoms.test_campaign import campaign

from starlanes.games.star_kingdoms.bot import EconomicBot, economic_orders
from starlanes.games.star_kingdoms.execute import check_orders
from starlanes.games.star_kingdoms.game import make_ruleset
from starlanes.games.star_kingdoms.pipeline import process_turn


def test_bot_orders_are_always_accepted_and_the_economy_grows() -> None:
    state = campaign(3, seed=8)
    start = sum(c.districts.total() for c in state.factions[0].colonies)
    written = 0
    for _ in range(12):
        docs = {seat: economic_orders(state, seat) for seat in range(3)}
        for seat, doc in docs.items():
            results = check_orders(state, seat, doc)
            assert all(r.accepted for r in results), [r.reason for r in results if not r.accepted]
            written += len(results)
        process_turn(state, docs)
    assert written >= 12
    assert sum(c.districts.total() for c in state.factions[0].colonies) > start
    assert state.factions[0].tech.levels != {t: 1 for t in state.factions[0].tech.levels}


def test_agent_submits_the_listed_bot_orders() -> None:
    game = make_ruleset()
    state = game.setup(None, 2, 4)
    legal = game.legal_actions(state, 0)
    chosen = EconomicBot().act(game.view(state, 0), list(legal))
    assert chosen == legal[-1] and getattr(chosen, "orders", "")
