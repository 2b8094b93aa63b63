"""A tiny galaxy for the knowledge, creation and sheet tests (SK-B's local fixture)."""

from __future__ import annotations

from starlanes.games.star_kingdoms.galaxy import Galaxy, GalaxyIndex, galaxy_from_data

TINY: dict[str, object] = {
    "schema": "star-kingdoms-galaxy/1",
    "name": "Tiny",
    "systems": [
        {"id": "HOME", "name": "Sol",
         "planets": [
             {"id": "h1", "name": "Terra", "biosphere": "temperate", "mineral_rating": 3, "homeworld": True,
              "traits": [{"name": "Crystal Spires", "text": "no rushing on districts"}]},
             {"id": "h2", "name": "Ares", "biosphere": "desert", "mineral_rating": 4}],
         "belts": [{"id": "home-belt", "name": "Sol Belt", "mineral_rating": 2}],
         "anomalies": [
             {"id": "an-open", "name": "Open Beacon", "domain": "space", "rating": 5, "concealment": 0},
             {"id": "an-deep", "name": "Deep Echo", "domain": "space", "rating": 5, "concealment": 2},
             {"id": "an-ground", "name": "Buried Vault", "domain": "ground", "planet": "h2", "rating": 5,
              "concealment": 1},
             {"id": "an-visible", "name": "Glass Crater", "domain": "ground", "planet": "h2", "rating": 5,
              "visible_from_space": True}]},
        {"id": "A", "name": "Alpha", "nebula": True,
         "planets": [{"id": "a1", "name": "Alpha I", "biosphere": "arctic", "mineral_rating": 2,
                      "space_age": True, "inhabitants": "npc"}]},
        {"id": "B", "name": "Beta",
         "planets": [{"id": "b1", "name": "Beta I", "biosphere": "temperate", "mineral_rating": 3,
                      "homeworld": True},
                     {"id": "b2", "name": "Beta II", "biosphere": "desolate", "mineral_rating": 5}]},
        {"id": "C", "name": "Gamma", "planets": []},
    ],
    "wormholes": [
        {"id": "HOME-A", "a": "HOME", "b": "A", "concealment": 0, "instability": 1},
        {"id": "HOME-B", "a": "HOME", "b": "B", "concealment": 2, "instability": 2},
        {"id": "A-C", "a": "A", "b": "C", "concealment": 0, "instability": 3},
        {"id": "B-C", "a": "B", "b": "C", "concealment": 0, "instability": 1},
    ],
}


def tiny_galaxy() -> Galaxy:
    return galaxy_from_data(TINY, "tiny.json")


def tiny_index() -> GalaxyIndex:
    return GalaxyIndex.of(tiny_galaxy())
