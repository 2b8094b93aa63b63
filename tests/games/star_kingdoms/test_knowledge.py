"""The knowledge model (inventory 1.3 Knowledge, VIS-01..VIS-08; rulings 61-63)."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_knowledge_fixtures import tiny_index

from starlanes.games.star_kingdoms.knowledge import (
    DatedFact,
    Knowledge,
    active_survey,
    gm_reveal,
    initial_knowledge,
    learn_trait,
    learn_wormhole,
    meet_faction,
    own_planet,
    passive_survey,
    planetary_survey,
    record_fact,
    see_owner,
    sensor_sweep,
)


def test_ruling_61_new_nation_knows_home_system_and_homeworld_in_full() -> None:
    gi = tiny_index()
    k = initial_knowledge("zab", gi, "h1", 0, sensors_level=1, biosphere="arctic")
    assert set(k.systems) == {"HOME", "A"}  # A is charted as the far end of a known wormhole
    assert k.systems["HOME"].surveyed == 0 and k.systems["HOME"].nebula is False
    assert k.systems["A"].surveyed is None
    assert k.systems["A"].nebula is None  # charted, never surveyed
    home = k.planets["h1"]
    assert (home.owner, home.biosphere, home.mineral_rating) == ("zab", "arctic", 3)
    assert home.traits == ("Crystal Spires: no rushing on districts",)
    ares = k.planets["h2"]
    assert ares.biosphere == "desert" and ares.mineral_rating is None  # passive survey only
    # sensors 1: the concealment-2 wormhole and anomaly stay hidden, the concealment-1 ground one is seen
    assert set(k.wormholes) == {"HOME-A"}
    assert set(k.anomalies) == {"an-open", "an-ground", "an-visible"}
    assert k.factions == {}


def test_VIS_03_ruling_62_passive_survey_reveals_concealment_zero_biomes_and_space_age() -> None:
    gi = tiny_index()
    k = passive_survey(Knowledge(faction="zab"), gi, "A", 4)
    assert set(k.wormholes) == {"HOME-A", "A-C"}
    assert k.planets["a1"].biosphere == "arctic" and k.planets["a1"].space_age is True
    assert k.planets["a1"].surveys == {"passive": 4}
    assert k.systems["A"].nebula is True
    k2 = passive_survey(Knowledge(faction="zab"), gi, "HOME", 1)
    # a ground anomaly visible from space is seen, a plain ground one is not; concealed space ones are not
    assert set(k2.anomalies) == {"an-open", "an-visible"}
    assert k2.belts["home-belt"].mineral_rating is None


def test_VIS_02_ruling_62_active_survey_finds_concealed_wormholes_up_to_dss_level_and_they_stay_known() -> None:
    gi = tiny_index()
    k = active_survey(Knowledge(faction="zab"), gi, "HOME", 2, dss_level=1)
    assert "HOME-B" not in k.wormholes
    k = active_survey(k, gi, "HOME", 3, dss_level=2)
    assert "HOME-B" in k.wormholes and k.wormholes["HOME-B"].learned == 3
    assert k.systems["HOME"].surveys == {"passive": 3, "active": 3} and k.systems["HOME"].active_level == 2
    assert "an-deep" in k.anomalies
    assert k.belts["home-belt"].mineral_rating == 2
    # stays known: a later passive survey does not forget it, nor change the date it was learned
    k = passive_survey(k, gi, "HOME", 9)
    assert k.knows_wormhole("HOME-B") and k.wormholes["HOME-B"].learned == 3


def test_VIS_01_VIS_04_planet_sensors_use_the_current_sensors_level() -> None:
    gi = tiny_index()
    k = sensor_sweep(Knowledge(faction="zab"), gi, "HOME", 1, sensors_level=0)
    assert set(k.wormholes) == {"HOME-A"} and "an-ground" not in k.anomalies
    assert k.planets["h2"].biosphere == "desert"  # at least what a passive survey gives (ruling 61)
    k = sensor_sweep(k, gi, "HOME", 2, sensors_level=2)
    assert {"HOME-A", "HOME-B"} <= set(k.wormholes)
    assert {"an-ground", "an-deep"} <= set(k.anomalies)


def test_ruling_62_planetary_survey_gives_mineral_rating_traits_and_inhabitants() -> None:
    gi = tiny_index()
    k = planetary_survey(Knowledge(faction="zab"), gi, "a1", 5)
    a1 = k.planets["a1"]
    assert (a1.mineral_rating, a1.inhabitants, a1.surveys["planetary"]) == (2, "npc", 5)
    assert "A" in k.systems


def test_ruling_63_knowledge_is_a_dated_snapshot_of_owners() -> None:
    gi = tiny_index()
    k = see_owner(Knowledge(faction="zab"), gi, "b1", "varn", 3)
    assert (k.planets["b1"].owner, k.planets["b1"].owner_seen) == ("varn", 3)
    k = own_planet(k, gi, "b2", 4)
    assert k.planets["b2"].owner == "zab"


def test_MOV_07_learn_wormhole_charts_both_ends() -> None:
    gi = tiny_index()
    k = learn_wormhole(Knowledge(faction="zab"), gi, "B-C", 2)
    assert k.knows_wormhole("B-C") and not k.knows_wormhole("A-C")
    assert k.knows_system("B") and k.knows_system("C")
    assert k.wormholes["B-C"].instability == 1


def test_VIS_08_traits_learned_and_factions_met() -> None:
    k = meet_faction(Knowledge(faction="zab"), "varn", "Varn Hegemony", 2)
    assert k.knows_faction("varn") and k.factions["varn"].met == 2
    assert meet_faction(k, "zab", "self", 3) is k
    k = learn_trait(k, "varn", "Varn Hegemony", 5, people_trait="Byzantine Bureaucracy")
    k = learn_trait(k, "varn", "Varn Hegemony", 6, homeworld_trait="Dust Storms: construction is slowed")
    f = k.factions["varn"]
    assert (f.met, f.people_trait, f.homeworld_trait) == (2, "Byzantine Bureaucracy",
                                                         "Dust Storms: construction is slowed")


def test_dated_facts_and_gm_reveal() -> None:
    gi = tiny_index()
    k = record_fact(Knowledge(faction="zab"), DatedFact(turn=3, topic="Beta", text="a fleet of 4", source="recon"))
    k = gm_reveal(k, gi, "Gamma", 4, text="Old star charts show Gamma.")
    assert k.systems["C"].surveyed == 4 and k.systems["C"].surveys == {"passive": 4, "gm": 4}
    assert [f.turn for f in k.facts] == [3, 4] and k.facts[1].source == "gm"
    k = gm_reveal(k, gi, "HOME-B", 5)
    assert k.knows_wormhole("HOME-B")
    k = gm_reveal(k, gi, "Buried Vault", 5)
    assert "an-ground" in k.anomalies
    with pytest.raises(KeyError, match="no system, planet, wormhole or anomaly 'Nowhere'"):
        gm_reveal(k, gi, "Nowhere", 5)
    with pytest.raises(ValueError, match="turns are 0"):
        record_fact(k, DatedFact(turn=-1, topic="x", text="y"))


def test_knowledge_round_trips_and_updates_do_not_mutate() -> None:
    gi = tiny_index()
    before = Knowledge(faction="zab")
    after = passive_survey(before, gi, "HOME", 1)
    assert before.systems == {} and after.systems
    again = msgspec.json.decode(msgspec.json.encode(after), type=Knowledge)
    assert again == after
