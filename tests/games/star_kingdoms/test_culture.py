"""Culture and social principles (culture.py): adherence, how it changes, who detects it.

Inventory 2.11 (CULT-01..06), ORG-17, ORG-19; rules v2.6.8 S10, S8.5, S18; rulings 318-322.
"""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms import culture
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.operations import OpTarget, World, apply_effects, resolve_operation, start_operation
from starlanes.games.star_kingdoms.orgs import OrgParams, OrgWorld, found_branch, suppress

P = OrgParams()


def test_CULT_01_adherence_is_kept_between_1_and_5() -> None:
    """Amb#40 (ruling 318): clamped to 1-5, 0 removes it, a new one starts at 1."""
    p = {"Order": 5, "Chaos": 1}
    assert culture.change_adherence(p, "Order", +1) == {"Order": 5, "Chaos": 1}
    assert culture.change_adherence(p, "Chaos", -1) == {"Order": 5}
    assert culture.change_adherence(p, "Hope", +1) == {"Order": 5, "Chaos": 1, "Hope": 1}
    assert culture.change_adherence(p, "Hope", -1) == p
    assert culture.change_adherence(p, "order", -2) == {"Order": 3, "Chaos": 1}  # names ignore case
    assert p == {"Order": 5, "Chaos": 1}  # never changed in place
    with pytest.raises(IllegalAction, match="name"):
        culture.change_adherence(p, "  ", +1)


def test_CULT_02_players_cannot_set_principles_no_order_changes_them_directly() -> None:
    """Principles change only through the rules' means (operations, offices, branches, colonies, GM):
    no operation sets an adherence, and adherence never feeds an engine number but the +2X levels."""
    from starlanes.games.star_kingdoms.operations import load_operations

    effects = {k.effect for k in load_operations().kinds.values()}
    assert not any("set" in e for e in effects)
    assert {"spread-the-word", "burn-the-heretics"} <= effects


def test_CULT_03_a_colony_copies_the_closest_planet_at_minus_one() -> None:
    """Amb#40 (ruling 320): closest by jumps, ties to the homeworld."""
    source = {"Enlightenment through Beauty": 3, "Solkr": 2, "Vaskr": 2, "Kynshikr": 1}
    assert culture.colony_principles(source) == {"Enlightenment through Beauty": 2, "Solkr": 1, "Vaskr": 1}
    state = org_campaign()
    gi = galaxy_index(state.galaxy)
    # a nation with planets in A (homeworld) and C: E is 2 jumps from A, 2 from C: the homeworld wins the tie
    assert culture.closest_planet(gi, "e1", ["a1", "c1"], "a1") == "a1"
    assert culture.closest_planet(gi, "d1", ["a1", "c1"], "a1") == "c1"
    assert culture.closest_planet(gi, "e1", ["c1", "b2"], "a1") == "b2"


def test_CULT_03_OP_R5_a_new_colony_of_a_campaign_copies_its_closest_planet_and_its_sponsors() -> None:
    state = org_campaign()
    a = state.factions[0]
    assert culture.new_colony_principles(state, a.id, "b2") == {"Tradition": 2, "Commerce": 1}
    assert culture.new_colony_principles(state, a.id, "b2", ["Order", "Order"]) == {
        "Tradition": 2, "Commerce": 1, "Order": 1}


def test_CULT_04_starting_principles_3_2_1_more_with_the_gm_examples() -> None:
    """S10 examples: the Ratfolk (3, 2, 1) and the Solvaskr (3, 2, 2, 1, a GM-agreed fourth)."""
    assert culture.starting_principles(["The Great Game", "Clan Society", "Feudalism"]) == {
        "The Great Game": 3, "Clan Society": 2, "Feudalism": 1}
    names = ["Enlightenment through Beauty", "Solkr", "Vaskr", "Kynshikr"]
    with pytest.raises(IllegalAction, match="GM"):
        culture.starting_principles(names, [3, 2, 2, 1])
    assert culture.starting_principles(names, [3, 2, 2, 1], gm_agreed=True)["Vaskr"] == 2
    with pytest.raises(IllegalAction, match="twice"):
        culture.starting_principles(["A", "a", "B"])
    with pytest.raises(IllegalAction, match="1 to 5"):
        culture.starting_principles(["A"], [6], gm_agreed=True)
    state = org_campaign()
    assert sorted(state.factions[0].colonies[0].principles.values()) == [1, 2, 3]


def test_CULT_05_ORG_17_religious_office_and_branch_change_adherence() -> None:
    """Amb#39 (ruling 319): an office +1 once (max 5); a branch only up to 1."""
    assert culture.religious_office({"Order": 2}, "Order") == {"Order": 3}
    assert culture.religious_office({"Order": 5}, "Order") == {"Order": 5}
    assert culture.religious_office({}, "Order") == {"Order": 1}
    assert culture.religious_branch({}, "Order") == {"Order": 1}
    assert culture.religious_branch({"Order": 1}, "Order") == {"Order": 1}
    assert culture.religious_branch({"Order": 3}, "Order") == {"Order": 3}
    assert culture.religious_branch({}, "Order", OrgParams(religious_branch_cap=2)) == {"Order": 1}


def test_CULT_05_spread_burn_and_sponsored_colonists() -> None:
    assert culture.spread_the_word({"Order": 2}, "Order") == {"Order": 3}
    assert culture.burn_the_heretics({"Order": 1, "Chaos": 2}, "Order") == {"Chaos": 2}
    with pytest.raises(IllegalAction, match="no principle"):
        culture.burn_the_heretics({}, "Order")
    assert culture.sponsored_colony({"Order": 1}, ["Order", "order", "Hope"]) == {"Order": 2, "Hope": 1}
    assert culture.colony_principles({"Order": 2}, sponsor="Order") == {"Order": 2}


def test_CULT_05_spread_the_word_end_to_end_on_a_rivals_world() -> None:
    state = org_campaign()
    a, c = state.factions
    church = add_org(state, 0, "religious", principle="Tradition", offices=2)
    from starlanes.games.star_kingdoms.catalogue import load_catalogue

    w = World(state=state, orgs=OrgWorld(), catalogue=load_catalogue())
    op = start_operation(w, a.id, church.id, "spread-the-word", OpTarget(planet="c1"), 1)
    assert op.adjusted_level == op.base_level + 6  # Tradition at 3 on c1
    out = resolve_operation(w, msgspec.structs.replace(op, progress=op.target_number), 2)
    apply_effects(state, out)
    assert c.colony("c1").principles["Tradition"] == 4  # type: ignore[union-attr]


def test_CULT_06_ORG_19_branches_reveal_principles_at_3_or_at_2_for_intelligence_and_religious() -> None:
    assert culture.detection_threshold([]) is None
    assert culture.detection_threshold(["trade"]) == 3
    assert culture.detection_threshold(["trade", "intelligence"]) == 2
    assert culture.detection_threshold(["religious"]) == 2
    p = {"Tradition": 3, "Commerce": 2, "Curiosity": 1}
    assert culture.detected_principles(p, 3) == {"Tradition": 3}
    assert culture.detected_principles(p, 2) == {"Tradition": 3, "Commerce": 2}
    assert culture.detected_principles(p, None) == {}
    state = org_campaign()
    a = state.factions[0]
    trade = add_org(state, 0, "trade")
    spy = add_org(state, 0, "intelligence")
    w, b = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                        system="C", planet="c1", turn=1)
    seen = culture.principle_sightings(state, w, a.id, 4)
    assert [(s.planet, s.principles, s.turn) for s in seen] == [("c1", {"Tradition": 3}, 4)]
    w, _ = suppress(w, b.id, 2, 4)  # suppressed: the people are still there (ruling 321)
    w, _ = found_branch(w, org=spy.id, faction=a.id, org_type="intelligence", kind="safe-house", site="planet",
                        system="C", planet="c1", turn=4)
    assert culture.principle_sightings(state, w, a.id, 5)[0].principles == {"Tradition": 3, "Commerce": 2}
    assert culture.principle_sightings(state, w, state.factions[1].id, 5) == ()
    full = culture.principle_report(state, a.id, "c1", 5)
    assert full is not None and full.complete and full.principles == p
    assert culture.principle_report(state, a.id, "d1", 5) is None
