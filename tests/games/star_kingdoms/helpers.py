"""What several Star Kingdoms test files share."""

from __future__ import annotations

from collections.abc import Iterator

from starlanes.core.rng import Rng
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.game import make_ruleset


def campaign_turns(seed: int, players: int = 2, turns: int = 40) -> Iterator[CampaignState]:
    """The state before every turn of a seeded random campaign, as the lab plays it."""
    game = make_ruleset()
    state = game.setup(None, players, seed)
    rngs = [Rng.from_seed(seed * 10 + seat) for seat in range(players)]
    for _ in range(turns):
        if game.outcome(state) is not None:
            return
        yield state
        game.play_random(state, rngs, 1)
