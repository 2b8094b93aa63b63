"""Setup (RS-S01..S03, ruling 14, 15, 18): the map, seats on home systems, starting possessions,
armies, stockpiles and heroes, the first player; then the first round begins."""

from __future__ import annotations

from starlanes.core import Rng
from starlanes.core.errors import ContentError
from starlanes.games.risky_stars.board import board_of
from starlanes.games.risky_stars.mapgen import generate
from starlanes.games.risky_stars.maps import StarMap, load_map
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.state import NOBODY, RiskyStarsState

__all__ = ["make_map", "setup"]


def make_map(params: RiskyStarsParams, players: int, rng: Rng) -> StarMap:
    """The map file ``params.map`` (its home systems must match the players), else a map
    generated for ``players`` from the setup's chance."""
    if params.map:
        star_map = load_map(params.map, params)
        homes = len(star_map.of_kind("home"))
        if homes != players:
            raise ContentError(params.map, "systems", f"the map has {homes} home systems; a game of {players} "
                                                      f"players needs one each")
        return star_map
    return generate(players, rng.randint(0, 2**31 - 1), params)


def setup(params: RiskyStarsParams, players: int, rng: Rng) -> RiskyStarsState:
    """The state before the first turn begins (the ruleset then begins it)."""
    params.validate()
    star_map = make_map(params, players, rng)
    b = board_of(star_map)
    homes = [s for s in star_map.systems if s.kind == "home"]
    locations = len(b.locations)
    owner = [NOBODY] * locations
    units = [[0] * locations for _ in range(players)]
    for seat, home in enumerate(homes):
        start = home.start_planet
        assert start is not None  # the validator requires a Gaia planet in every home
        for region in start.regions:
            i = b.index[region.id]
            owner[i] = seat
            units[seat][i] = params.start_units
    hero_class = [c + 1 for c, n in enumerate(params.hero_deck) for _ in range(n)]
    deck = list(range(len(hero_class)))
    rng.shuffle(deck)
    reserve: list[list[int]] = [[] for _ in range(players)]
    for seat in range(players):
        if deck:
            reserve[seat].append(deck.pop())
    first = rng.randint(0, players - 1)
    return RiskyStarsState(
        players=players,
        rng=rng,
        params=params,
        star_map=star_map,
        homes=[h.id for h in homes],
        first=first,
        current=first,
        owner=owner,
        units=units,
        stock=[list(params.start_stock) for _ in range(players)],
        level=[0] * len(b.bodies),
        heroes=[[] for _ in b.bodies],
        hero_class=hero_class,
        deck=deck,
        reserve=reserve,
        to_place=[0] * players,
        alliance=[NOBODY] * players,
        share=[params.alliance_share] * players,
        alive=[True] * players,
    )
