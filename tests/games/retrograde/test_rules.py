"""The rules of Retrograde, one test (or a few) per rule of the rule document."""

from __future__ import annotations

import pytest

from starlanes.core.errors import IllegalAction, NotYourTurn
from starlanes.core.state import GM
from starlanes.games.retrograde.state import NOBODY, RESEARCH, RetroState, Ship

from .helpers import (
    GAME,
    GATE,
    HOME0,
    HOME1,
    act,
    asset,
    debris,
    empty,
    find_asset,
    find_ship,
    fresh,
    hand,
    legal_texts,
    ship,
    slip,
    texts,
    upgrade,
    why,
)

# ------------------------------------------------------------------ pre-game


def test_pregame_homeworlds_face_up_with_trackers_at_start_and_gate_uncontrolled() -> None:
    s = GAME.setup({"first_player": 1}, 2, seed=1)
    t = s.table
    homes = [a for a in t.assets if a.homeworld_of != NOBODY]
    assert [(t.cards[a.uid], a.controller, a.face_up) for a in homes] == [
        ("shock-troops", 0, True), ("modular-spacecraft", 1, True)]
    gate = [a for a in t.assets if t.cards[a.uid] == "stellar-gate"]
    assert len(gate) == 1 and gate[0].controller == NOBODY
    # seat 1 began its turn (tracker advanced once); seat 0's tracker is still at the start
    assert t.trackers == [0, 1]


def test_pregame_draws_five_cards_from_the_unshuffled_deck() -> None:
    s = fresh()
    t = s.table
    assert [t.cards[u] for u in t.hands[0]] == ["mercury", "slingshot", "mushroom", "luna", "billboard"]
    assert t.cards[t.decks[0][0]] == "mars"  # the sixth card of sample-1
    assert len(t.decks[0]) == 35 and len(t.decks[1]) == 35


def test_pregame_coin_flip_decides_the_first_player() -> None:
    firsts = {GAME.setup(None, 2, seed=n).table.first for n in range(20)}
    assert firsts == {0, 1}
    assert GAME.setup({"first_player": 1}, 2, seed=3).table.current == 1


def test_pregame_without_stellar_gate_param() -> None:
    s = GAME.setup({"stellar_gate": False}, 2, seed=1)
    assert all(s.table.cards[a.uid] != "stellar-gate" for a in s.table.assets)


def test_pregame_refuses_an_illegal_deck(tmp_path: object) -> None:
    from pathlib import Path

    bad = Path(str(tmp_path)) / "bad.deck"
    bad.write_text("Mars\n")
    with pytest.raises(Exception, match="illegal deck"):
        GAME.setup({"deck0": str(bad)}, 2, seed=1)


# ------------------------------------------------------------------ beginning of turn


def test_beginning_of_turn_advances_tracker_and_removes_damage_and_delta_vee_counters() -> None:
    s = empty()
    mine = ship(s, "terra-hammer", 1, HOME1, 0, damage=1, dv=5)
    theirs = ship(s, "terra-hammer", 0, HOME0, 0, damage=1, dv=5)
    tracker = s.table.trackers[1]
    act(s, 0, "end")
    assert s.table.current == 1
    assert s.table.trackers[1] == (tracker + 1) % 4
    assert (mine.damage, mine.dv) == (0, 0)
    assert (theirs.damage, theirs.dv) == (1, 5)  # only the player whose turn begins


def test_orbit_tracker_wraps_after_four_spaces() -> None:
    s = empty()
    for _ in range(8):
        act(s, s.table.current, "end")
    assert s.table.trackers == [1, 0]  # seat 0 began turns 1,3,5,7,9 -> 5 advances


# ------------------------------------------------------------------ burns and transfers


def test_burn_costs_start_minus_destination_delta_vee() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME0, 0)  # limit 9; orbitals 9,6,3,1
    act(s, 0, f"burn {x.uid} 3")
    assert (x.orbital, x.dv) == (3, 8)


def test_burn_costs_at_least_two() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME0, 3)
    act(s, 0, f"burn {x.uid} 0")  # inward: 1 - 9 < 2
    assert (x.orbital, x.dv) == (0, 2)


def test_burn_cannot_exceed_the_delta_vee_limit() -> None:
    s = empty()
    x = ship(s, "arven-sword", 0, HOME0, 0, dv=1)  # limit 8, cost 8
    assert "costs 8" in (why(s, 0, f"burn {x.uid} 3") or "")
    with pytest.raises(IllegalAction):
        act(s, 0, f"burn {x.uid} 3")
    assert (x.orbital, x.dv) == (0, 1)


def test_transfer_only_from_the_outermost_orbital() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME0, 2)
    assert "outermost" in (why(s, 0, f"transfer {x.uid} {HOME1}") or "")
    x.orbital = 3
    act(s, 0, f"transfer {x.uid} {HOME1}")
    assert (x.asset, x.orbital, x.dv) == (HOME1, 4, 2)  # max(1 - 4, 2)


def test_transfer_cost_is_outermost_minus_outermost() -> None:
    s = empty()
    act(s, 0, "end")
    x = ship(s, "terra-hammer", 1, HOME1, 4)
    act(s, 1, f"transfer {x.uid} {HOME0}")
    assert (x.asset, x.orbital, x.dv) == (HOME0, 3, 3)  # 4 - 1


def test_burn_and_transfer_only_for_your_own_spacecraft() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 1, HOME0, 0)
    assert "not yours" in (why(s, 0, f"burn {x.uid} 1") or "")


# ------------------------------------------------------------------ spacecraft combat


def _duel(att_key: str = "terra-hammer", def_key: str = "col-balewa") -> tuple[RetroState, Ship, Ship]:
    s = empty()
    a = ship(s, att_key, 0, HOME1, 4)
    d = ship(s, def_key, 1, HOME1, 0)
    return s, a, d


def test_combat_cost_is_attacker_minus_defender_orbital_delta_vee_at_least_one() -> None:
    s, a, d = _duel()
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert GAME.view(s, 0).game.table.prompts[0].amount == 1  # max(4 - 16, 1)
    s2, a2, d2 = _duel()
    a2.orbital, d2.orbital = 0, 4
    a2.dv = 0
    assert "costs 12" in (why(s2, 0, f"attack {a2.uid} {d2.uid}") or "")


def test_combat_power_and_defense_are_sealed_and_revealed_together() -> None:
    s, a, d = _duel()
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert GAME.to_act(s) == frozenset({0, 1})
    act(s, 0, "power 5")
    # the defender sees that the attacker has chosen, not what
    v1 = GAME.view(s, 1)
    assert v1.submitted == (0,) and v1.my_sealed is None
    assert "power 5" not in GAME.view_to_json(v1).decode()
    assert GAME.view(s, 0).my_sealed == "power 5"
    assert GAME.to_act(s) == frozenset({1})
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 2")
    # hit check 5 - 2 = 3: rolls 1 and 2 hit, 3 misses; costs paid: attacker 1 + 5, defender 2
    assert (a.dv, d.dv, d.damage) == (6, 2, 2)
    assert not s.table.prompts and s.pending is None and GAME.to_act(s) == frozenset({0})


def test_combat_choice_is_revisable_and_withdrawable_until_both_have_chosen() -> None:
    """Issue 8 item 2: the combat is the core's pending sealed decision."""
    s, a, d = _duel()
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert s.pending is not None and s.pending.kind == "combat" and s.pending.sealed
    act(s, 0, "power 5")
    act(s, 0, "power 4")  # a revision replaces the sealed choice
    assert GAME.view(s, 0).my_sealed == "power 4" and GAME.to_act(s) == frozenset({1})
    act(s, 0, "withdraw")
    assert GAME.to_act(s) == frozenset({0, 1}) and GAME.view(s, 0).my_sealed is None
    act(s, 0, "power 4")
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 2")
    # hit check 4 - 2 = 2: only the 1 hits; the attacker paid 1 + 4
    assert (a.dv, d.dv, d.damage) == (5, 2, 1)
    with pytest.raises(NotYourTurn):
        act(s, 1, "defense 1")  # closed: the combat is over


def test_gm_close_gives_a_silent_seat_no_defense() -> None:
    """Ruling 59: the GM closes a combat; the seat that did not choose puts 0."""
    s, a, d = _duel()
    act(s, 0, f"attack {a.uid} {d.uid}")
    act(s, 0, "power 3")
    s.rng.force([1, 2, 3])
    GAME.apply(s, GM, "close")
    # hit check 3 - 0 = 3: rolls 1 and 2 hit
    assert (a.dv, d.dv, d.damage) == (4, 0, 2) and s.pending is None


def test_combat_power_limited_by_delta_vee_after_cost() -> None:
    s, a, d = _duel()  # terra hammer limit 9, cost 1
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert {x.text() for x in GAME.legal_actions(s, 0)} == {f"power {n}" for n in range(9)}
    assert {x.text() for x in GAME.legal_actions(s, 1)} == {f"defense {n}" for n in range(6)}  # balewa limit 5


def test_combat_hits_need_a_roll_below_the_hit_check() -> None:
    s, a, d = _duel()
    act(s, 0, f"attack {a.uid} {d.uid}")
    act(s, 0, "power 4")
    s.rng.force([2, 3, 6])
    act(s, 1, "defense 1")  # check 3: only the 2 hits
    assert d.damage == 1


def test_combat_destroyed_spacecraft_becomes_debris_in_its_orbital() -> None:
    s, a, d = _duel(def_key="col-crossman")  # armor 1
    act(s, 0, f"attack {a.uid} {d.uid}")
    act(s, 0, "power 8")
    s.rng.force([1, 1, 1])
    act(s, 1, "defense 0")
    assert find_ship(s, d.uid) is None
    assert [x.uid for x in find_asset(s, HOME1).debris[0]] == [d.uid]


def test_combat_only_against_enemies_around_the_same_asset() -> None:
    s = empty()
    a = ship(s, "terra-hammer", 0, HOME1, 4)
    other = ship(s, "col-crossman", 1, HOME0, 0)
    friend = ship(s, "terra-hammer", 0, HOME1, 4)
    assert "same asset" in (why(s, 0, f"attack {a.uid} {other.uid}") or "")
    assert "enemy" in (why(s, 0, f"attack {a.uid} {friend.uid}") or "")


# ------------------------------------------------------------------ bombardment and capture


def test_bombardment_cost_is_lowest_orbital_minus_attacker_orbital() -> None:
    s = empty()
    a = ship(s, "terra-anvil", 0, HOME1, 4)  # bombardment 2, limit 7
    assert "cost 12" in (why(s, 0, f"bombard {a.uid} {HOME1} 0") or "")
    a.orbital = 0
    s.rng.force([1, 6])
    act(s, 0, f"bombard {a.uid} {HOME1} 6")  # cost 1 + 6
    assert a.dv == 7
    assert find_asset(s, HOME1).damage == 1  # check 6 - 4 = 2: the 1 hits


def test_bombardment_rolls_bombardment_power_dice() -> None:
    s = empty()
    a = ship(s, "subjugator", 0, HOME1, 0, dv=0)  # 8 dice, limit 5
    s.rng.force([6] * 8)
    events = act(s, 0, f"bombard {a.uid} {HOME1} 4")
    assert "8 dice" in texts(events[:1])


def test_bombardment_capture_changes_control_and_destroys_upgrades() -> None:
    s = empty()
    up = upgrade(s, HOME1, "billboard")
    hw = find_asset(s, HOME1)
    hw.upgrades.remove(up)  # keep the decoy out of the way: test the capture itself
    radar = upgrade(s, HOME1, "orbital-radar")
    pending = slip(s, HOME1, "col-crossman", 1, 3)
    hw.damage = 3
    a = ship(s, "terra-anvil", 0, HOME1, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {a.uid} {HOME1} 6")
    assert hw.controller == 0
    assert hw.upgrades == [] and hw.ship_slips == []
    assert radar.uid in s.table.discards[1] and pending.uid in s.table.discards[1]
    assert hw.damage == 4  # ruling 17: the document removes no counters on a capture


def test_bombardment_cannot_target_your_own_asset() -> None:
    s = empty()
    a = ship(s, "terra-anvil", 0, HOME0, 0)
    assert "own asset" in (why(s, 0, f"bombard {a.uid} {HOME0} 3") or "")


def test_bombardment_of_an_upgrade_destroys_it_at_its_resistance() -> None:
    s = empty()
    u = upgrade(s, HOME1, "recruitment-centers")  # resistance 1
    a = ship(s, "terra-anvil", 0, HOME1, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {a.uid} {u.uid} 3")  # check 2
    assert find_asset(s, HOME1).upgrades == []
    assert u.uid in s.table.discards[1]


def test_bombardment_of_the_uncontrolled_stellar_gate_captures_it() -> None:
    s = empty()
    a = ship(s, "decimator", 0, GATE, 0)  # 5 dice, limit 4
    find_asset(s, GATE).damage = 5
    s.rng.force([1, 6, 6, 6, 6])  # the Decimator's 1 always hits
    act(s, 0, f"bombard {a.uid} {GATE} 0")
    assert find_asset(s, GATE).controller == 0


# ------------------------------------------------------------------ research and repair


def test_research_taps_an_asset_and_draws() -> None:
    s = fresh()
    top = s.table.decks[0][0]
    act(s, 0, f"research {HOME0}")
    assert find_asset(s, HOME0).tapped and top in s.table.hands[0]
    assert "already tapped" in (why(s, 0, f"research {HOME0}") or "")


def test_research_with_an_empty_deck_is_refused() -> None:
    s = fresh()
    s.table.decks[0] = []
    assert why(s, 0, f"research {HOME0}") == "your deck is empty"


def test_repair_removes_one_damage_counter_from_the_asset_or_an_upgrade() -> None:
    s = empty()
    hw = find_asset(s, HOME0)
    hw.damage = 2
    act(s, 0, f"repair {HOME0} {HOME0}")
    assert hw.damage == 1 and hw.tapped
    s2 = empty()
    u = upgrade(s2, HOME0, "thorns", damage=1)
    act(s2, 0, f"repair {HOME0} {u.uid}")
    assert u.damage == 0


def test_steps_follow_the_turn_order() -> None:
    s = fresh()
    x = ship(s, "terra-hammer", 0, HOME0, 0)
    act(s, 0, f"research {HOME0}")
    assert s.table.phase == RESEARCH
    assert "past that step" in (why(s, 0, f"burn {x.uid} 1") or "")


# ------------------------------------------------------------------ construction


def test_place_spacecraft_face_down_one_per_asset() -> None:
    s = empty()
    c1 = hand(s, 0, "ground-spore")
    c2 = hand(s, 0, "sky-spore")
    act(s, 0, f"place {c1} {HOME0}")
    assert [x.uid for x in find_asset(s, HOME0).ship_slips] == [c1]
    assert "already has a spacecraft" in (why(s, 0, f"place {c2} {HOME0}") or "")


def test_place_upgrades_after_spacecraft_and_one_per_asset() -> None:
    s = empty()
    u1 = hand(s, 0, "thorns")
    u2 = hand(s, 0, "billboard")
    c = hand(s, 0, "ground-spore")
    act(s, 0, f"place {u1} {HOME0}")
    assert "past that step" in (why(s, 0, f"place {c} {HOME0}") or "")
    assert "already has an upgrade" in (why(s, 0, f"place {u2} {HOME0}") or "")


def test_place_asset_face_down_then_allocate_and_flip() -> None:
    s = empty()
    m = hand(s, 0, "mercury")  # cost 4
    act(s, 0, f"found {m}")
    fd = find_asset(s, m)
    assert not fd.face_up and fd.controller == 0
    act(s, 0, f"allocate {HOME0} {m}")  # factory 6
    assert fd.counters == 6
    act(s, 0, f"flip {m}")
    assert fd.face_up and fd.counters == 0 and len(fd.debris) == 3


def test_allocate_construction_power_onto_a_face_down_spacecraft() -> None:
    s = empty()
    c = hand(s, 0, "mushroom")  # cost 9
    act(s, 0, f"place {c} {HOME0}")
    act(s, 0, f"allocate {HOME0} {c}")
    assert find_asset(s, HOME0).ship_slips[0].counters == 6
    assert f"flip {c}" not in legal_texts(s, 0)
    assert "6 of 9" in (why(s, 0, f"flip {c}") or "")


def test_no_construction_on_a_face_down_asset_while_an_enemy_orbits_the_tapped_asset() -> None:
    s = empty()
    m = hand(s, 0, "mercury")
    act(s, 0, f"found {m}")
    ship(s, "col-crossman", 1, HOME0, 2)
    assert "enemy spacecraft orbits" in (why(s, 0, f"allocate {HOME0} {m}") or "")


def test_cleanup_flips_a_completed_spacecraft_into_the_lowest_orbital() -> None:
    s = empty()
    sl = slip(s, HOME0, "ground-spore", 0, counters=4)
    act(s, 0, f"flip {sl.uid}")
    new = find_ship(s, sl.uid)
    assert new is not None and (new.asset, new.orbital, new.owner) == (HOME0, 0, 0)


def test_cleanup_population_limit() -> None:
    s = empty()  # Venus homeworld houses 4
    ship(s, "mushroom", 0, HOME0, 0)  # population 4
    sl = slip(s, HOME0, "ground-spore", 0, counters=4)
    assert "population limit" in (why(s, 0, f"flip {sl.uid}") or "")


def test_cleanup_spacecraft_class_must_be_listed_on_the_asset() -> None:
    s = empty()
    sl = slip(s, HOME0, "col-crossman", 0, counters=20)  # corvette; Venus builds fighter, frigate
    assert "cannot complete a corvette" in (why(s, 0, f"flip {sl.uid}") or "")


def test_cleanup_flips_a_completed_upgrade_under_its_asset() -> None:
    s = empty()
    sl = slip(s, HOME0, "thorns", 0, counters=8, side="upgrade")
    act(s, 0, f"flip {sl.uid}")
    assert [u.uid for u in find_asset(s, HOME0).upgrades] == [sl.uid]


# ------------------------------------------------------------------ end of turn


def test_end_of_turn_opponent_without_homeworld_loses() -> None:
    s = empty()
    find_asset(s, HOME1).controller = 0
    act(s, 0, "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and not GAME.to_act(s)


def test_end_of_turn_untaps_your_cards() -> None:
    s = fresh()
    act(s, 0, f"research {HOME0}")
    act(s, 0, "end")
    assert not find_asset(s, HOME0).tapped


def test_end_of_turn_debris_damages_and_destroys() -> None:
    s = empty()
    x = ship(s, "envoy", 1, HOME1, 0)  # armor 2
    y = ship(s, "col-crossman", 1, HOME1, 0)  # armor 1
    debris(s, HOME1, 0)
    act(s, 0, "end")  # debris hits every spacecraft in that orbital, whoever's turn it is
    assert find_ship(s, y.uid) is None
    assert [d.uid for d in find_asset(s, HOME1).debris[0]][-1] == y.uid
    assert x.damage == 0  # its own turn began: damage removed


def test_end_of_turn_debris_damage_equals_number_of_face_down_cards() -> None:
    s = empty()
    x = ship(s, "mushroom", 0, HOME0, 1)  # armor 5
    debris(s, HOME0, 1)
    debris(s, HOME0, 1)
    act(s, 0, "end")
    assert x.damage == 2


def test_turn_limit_ends_in_a_draw() -> None:
    s = empty(turn_limit=3)
    for _ in range(3):
        act(s, s.table.current, "end")
    out = GAME.outcome(s)
    assert out is not None and out.draw and "turn limit" in out.reason


def test_illegal_action_changes_nothing_and_says_why() -> None:
    s = empty()
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction, match="not a spacecraft in play"):
        act(s, 0, "burn 999 1")
    assert GAME.to_json(s) == before


def test_legal_actions_offer_end_and_every_phase_action() -> None:
    s = fresh()
    legal = legal_texts(s, 0)
    assert "end" in legal and f"research {HOME0}" in legal
    assert any(x.startswith("found ") for x in legal) and any(x.startswith("place ") for x in legal)


def test_asset_helper_builds_face_up_assets() -> None:
    s = empty()
    m = asset(s, "mars", 0)
    assert len(m.debris) == 4 and m.face_up


def test_face_down_asset_flips_only_when_its_cost_is_reached() -> None:
    s = empty()
    m = hand(s, 0, "jupiter")  # cost 16
    act(s, 0, f"found {m}")
    act(s, 0, f"allocate {HOME0} {m}")
    assert "6 of 16" in (why(s, 0, f"flip {m}") or "")
    assert f"flip {m}" not in legal_texts(s, 0)


def test_blockade_does_not_stop_building_beside_the_asset() -> None:
    s = empty()
    c = hand(s, 0, "ground-spore")
    act(s, 0, f"place {c} {HOME0}")
    ship(s, "col-crossman", 1, HOME0, 2)
    assert why(s, 0, f"allocate {HOME0} {c}") is None


def test_param_capture_clears_damage_house_rule() -> None:
    s = empty(capture_clears_damage=True)
    hw = find_asset(s, HOME1)
    hw.damage = 3
    a = ship(s, "terra-anvil", 0, HOME1, 0)
    s.rng.force([1, 1])
    act(s, 0, f"bombard {a.uid} {HOME1} 6")
    assert hw.controller == 0 and hw.damage == 0


def test_param_burn_min_cost_changes_the_minimum() -> None:
    s = empty(burn_min_cost=3)
    x = ship(s, "terra-hammer", 0, HOME0, 3)
    act(s, 0, f"burn {x.uid} 0")
    assert x.dv == 3


def test_render_shows_the_orbit_tracker() -> None:
    s = empty()
    text = GAME.render(GAME.view(s, 0).game, 0)
    assert "tracker right (4)" in text  # Venus advanced once; its orbit values are 4,4,4,4


def test_worked_example_troop_pod_assault_takes_the_saturn_homeworld() -> None:
    """Venus: a Pollen climbs out, transfers with a Ground Spore riding along (Shock troops); the
    spore dives and, next turn, bombards; four spores bring Saturn (resistance 4) down."""
    s = empty()
    pollen = ship(s, "pollen", 0, HOME0, 0)  # limit 15
    spores = [ship(s, "ground-spore", 0, HOME0, 0) for _ in range(4)]
    act(s, 0, f"burn {pollen.uid} 3")  # 9 - 1 = 8
    act(s, 0, f"transfer {pollen.uid} {HOME1}")  # max(1 - 4, 2) = 2
    assert pollen.dv == 10
    act(s, 0, f"follow {spores[0].uid}")
    act(s, 0, f"burn {spores[0].uid} 0")  # inward: 2
    assert (spores[0].asset, spores[0].orbital, spores[0].dv) == (HOME1, 0, 2)
    for other in spores[1:]:
        other.asset, other.orbital = HOME1, 0  # the others arrive the same way
    act(s, 0, "end")
    act(s, 1, "end")
    hw = find_asset(s, HOME1)
    for spore in spores:
        s.rng.force([1])
        act(s, 0, f"bombard {spore.uid} {HOME1} 9")  # cost 1 + 9 = 10, check 5
    assert hw.controller == 0 and all(find_ship(s, x.uid) is None for x in spores)
    act(s, 0, "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and out.reason == "the opponent has no homeworld"


def test_cleanup_spacecraft_enters_only_the_lowest_orbital_without_an_ability() -> None:
    s = empty()
    sl = slip(s, HOME0, "ground-spore", 0, counters=4)
    assert "orbital must be one of none" in (why(s, 0, f"flip {sl.uid} orbital=3") or "")
    assert f"flip {sl.uid} orbital=3" not in legal_texts(s, 0)
    with pytest.raises(IllegalAction):
        act(s, 0, f"flip {sl.uid} orbital=3")
    act(s, 0, f"flip {sl.uid}")
    new = find_ship(s, sl.uid)
    assert new is not None and new.orbital == 0


def test_param_minimum_costs_cannot_be_zero() -> None:
    from starlanes.core.errors import StarlanesError

    for key in ("burn_min_cost", "combat_min_cost"):
        with pytest.raises(StarlanesError, match=key):
            GAME.setup({key: 0}, 2, seed=1)


def test_flipping_a_card_face_up_reveals_it_and_cannot_be_undone() -> None:
    from starlanes.core.match import Match

    match = Match.new(GAME, ["human", "human"], 7, GAME.params_from({"first_player": 0, "deck_order": "file"}))
    t = match.state.table
    sling = next(u for u in t.hands[0] if t.cards[u] == "slingshot")
    match.play(0, f"place {sling} {HOME0}")
    match.play(0, f"allocate {HOME0} {sling}")
    events = match.play(0, f"flip {sling}")
    assert any(e.reveals and e.seats is None and "Slingshot" in texts([e]) for e in events)
    assert match.can_undo(0) is not None


def test_gm_close_ends_the_turn_of_a_seat_that_did_not_act() -> None:
    """Ruling 59: the default of a seat's own turn is ``end``."""
    s = fresh()
    assert GAME.to_act(s) == frozenset({0})
    GAME.apply(s, GM, "close")
    assert GAME.to_act(s) == frozenset({1}) and s.table.turn == 2
