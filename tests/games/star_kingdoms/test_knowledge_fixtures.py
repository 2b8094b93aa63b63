"""A tiny galaxy, campaign and creation form for the knowledge, creation and sheet tests."""

from __future__ import annotations

from starlanes.core.rng import Rng
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState
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


def tiny_campaign() -> CampaignState:
    """An empty campaign on the tiny galaxy (no nations yet)."""
    return CampaignState(players=0, rng=Rng.from_seed(7), params=CampaignParams(), galaxy=tiny_galaxy(),
                         factions=[])


FORM_TOML = """
name = "Zabanian Empire"
player = "ann"
native = "arctic"
homeworld = "Terra"
second_district = "academic"
l2_techs = ["Sensors", "Wormhole Stabilisation"]
traits = [
  {name = "Crystal Spires", category = "homeworld", drawback = true, text = "no rushing districts at home"},
  {name = "Scholars", category = "people", text = "Analyse projects cost half"},
  {name = "Enlightenment", category = "ambition"}]
principles = [{name = "Guild System", adherence = 3}, {name = "Xenophobia", adherence = 2},
              {name = "Geneticists", adherence = 1}]
ships = [{class = "Survey Probe", name = "Pathfinder"}, {class = "Survey Probe", name = "Seeker"}]
detachments = [{class = "Survey Team", name = "First Surveyors"},
               {class = "Construction Gang", name = "Builders"}]
organisation = {name = "Exploration Society", type = "science"}
"""


def two_nations() -> tuple[CampaignState, str, str]:
    """A campaign with two approved nations: Zabanian Empire on Terra, Varn on Beta I."""
    import msgspec

    from starlanes.games.star_kingdoms.creation import add_nation, decide_nation, parse_form

    state = tiny_campaign()
    form = parse_form(FORM_TOML)
    a = add_nation(state, form)
    b = add_nation(state, msgspec.structs.replace(form, name="Varn", player="bob", homeworld="Beta I",
                                                  native="desert", l2_techs=("Engines", "Sensors")))
    decide_nation(state, a.id, approve=True)
    decide_nation(state, b.id, approve=True)
    state.players = 2
    state.gm_notes.clear()
    return state, a.id, b.id
