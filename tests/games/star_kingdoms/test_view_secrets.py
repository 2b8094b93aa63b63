"""Secrets a seat's view must not carry (found by the sheets' review)."""

from __future__ import annotations

import msgspec

from starlanes.games.star_kingdoms.campaign import CampaignParams
from starlanes.games.star_kingdoms.game import make_ruleset

SEED = 987_654_321


def test_VIS_01_a_seat_never_sees_the_galaxy_seed() -> None:
    """With the generator's seed a player could regenerate the whole map."""
    game = make_ruleset()
    state = game.setup(CampaignParams(galaxy_seed=SEED), 2, 5)
    assert game.view(state, None).game.params.galaxy_seed == SEED  # the GM sees it
    for seat in (0, 1):
        view = game.view(state, seat)
        assert view.game.params.galaxy_seed == 0
        assert str(SEED).encode() not in msgspec.json.encode(view)
