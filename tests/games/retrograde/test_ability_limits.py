"""Where each card ability stops: one test per limit written on the card (whose ship, whose asset,
which asset, whose turn). Each fails if the ability reaches further than its text."""

from __future__ import annotations

from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import NOBODY

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
    hand,
    legal_texts,
    ship,
    slip,
    texts,
    upgrade,
    why,
)


def test_thorns_do_not_strike_at_the_end_of_their_controllers_own_turn() -> None:
    s = empty()
    upgrade(s, HOME1, "thorns")  # seat 1's
    low = ship(s, "mushroom", 0, HOME1, 0)
    assert "Thorns" in texts(act(s, 0, "end"))  # seat 0's turn ends: 1 damage
    assert low.damage == 1
    assert "Thorns" not in texts(act(s, 1, "end"))  # seat 1's own turn ends: nothing


def test_bodyguard_of_the_attacking_side_takes_no_hit_for_the_enemy() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    own_guard = ship(s, "col-helmut", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 2")
    s.rng.force([1, 6, 6])  # check 2: one hit
    act(s, 1, "defense 0")
    assert (own_guard.damage, d.damage) == (0, 1)


def test_only_sky_spores_own_attack_boards_its_victim() -> None:
    s = empty()
    ship(s, "sky-spore", 0, HOME1, 0)  # in play, but not the attacker
    x = ship(s, "terra-hammer", 0, HOME1, 0)
    d = ship(s, "col-crossman", 1, HOME1, 0)  # armor 1
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 8")
    s.rng.force([1, 6, 6])
    act(s, 1, "defense 0")
    assert find_ship(s, d.uid) is None and d.uid in [y.uid for y in find_asset(s, HOME1).debris[0]]


def test_loyal_to_humanity_offers_nothing_when_its_controller_bombards() -> None:
    s = empty()
    s.table.cards[HOME1] = "loyal-to-humanity"  # seat 1's homeworld
    act(s, 0, "end")
    bomber = ship(s, "col-yamamoto", 1, GATE, 0, dv_bonus=2)  # seat 1 bombards the uncontrolled gate
    s.rng.force([1, 1])
    act(s, 1, f"bombard {bomber.uid} {GATE} 8")  # resistance 6: check 2
    assert not s.table.prompts and find_asset(s, GATE).damage == 2


def test_only_the_subjugators_own_capture_razes() -> None:
    s = empty()
    ship(s, "subjugator", 0, HOME0, 0)  # in play elsewhere
    target = asset(s, "mercury", 1)  # resistance 1
    bomber = ship(s, "terra-anvil", 0, target.uid, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {bomber.uid} {target.uid} 5")
    assert target.controller == 0 and not target.razed


def test_coup_de_grace_does_not_help_the_opponent_capture() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"  # seat 0's homeworld
    target = asset(s, "mercury", 0)  # seat 0's moon, resistance 1
    pending = slip(s, target.uid, "terra-hammer", 0, 2)
    act(s, 0, "end")
    bomber = ship(s, "col-yamamoto", 1, target.uid, 0)  # bombardment 2
    s.rng.force([1, 6])
    act(s, 1, f"bombard {bomber.uid} {target.uid} 5")
    assert target.controller == 1 and target.ship_slips == []
    assert pending.uid in s.table.discards[0]


def test_waveguide_rnd_helps_only_its_own_asset_research() -> None:
    s = empty()
    upgrade(s, HOME0, "waveguide-rnd")
    moon = asset(s, "mercury", 0)
    act(s, 0, f"research {moon.uid}")
    assert len(s.table.hands[0]) == 1


def test_parallel_construction_yard_gives_a_second_slot_only_beside_its_asset() -> None:
    s = empty()
    upgrade(s, HOME0, "parallel-yard")
    moon = asset(s, "mercury", 0)
    a = hand(s, 0, "ground-spore")
    b = hand(s, 0, "sky-spore")
    act(s, 0, f"place {a} {moon.uid}")
    assert "already has a spacecraft" in (why(s, 0, f"place {b} {moon.uid}") or "")


def test_dispersal_unit_builds_only_at_the_asset_it_orbits() -> None:
    s = empty()
    moon = asset(s, "luna", 0)  # builds frigates only
    ship(s, "dispersal-unit", 0, HOME0, 0)  # orbits the homeworld, not Luna
    sl = slip(s, moon.uid, "col-crossman", 0, counters=9)  # a corvette
    assert "cannot complete a corvette" in (why(s, 0, f"flip {sl.uid}") or "")


def test_popfixx_boosters_open_the_orbitals_of_their_own_asset_only() -> None:
    s = empty()
    upgrade(s, HOME0, "popfixx-boosters")
    moon = asset(s, "mercury", 0)
    sl = slip(s, moon.uid, "ground-spore", 0, counters=4)
    assert f"flip {sl.uid} orbital=2" not in legal_texts(s, 0)


def test_recruitment_centers_add_population_to_their_asset_only_once() -> None:
    s = empty()
    upgrade(s, HOME0, "recruitment-centers")
    asset(s, "mercury", 0)  # population 3
    assert Engine(s).capacity(0) == 4 + 3 + 3  # Venus 4 (+3), Mercury 3


def test_clairvoyant_agents_of_the_opponent_show_you_nothing() -> None:
    s = empty()
    upgrade(s, HOME1, "clairvoyant-agents")  # seat 1's
    act(s, 0, "end")
    act(s, 1, "end")  # seat 0's turn begins
    assert s.table.peeks[0] == NOBODY
    assert "your agents saw" not in GAME.render(GAME.view(s, 0).game, 0)


def test_floating_screen_takes_the_hits_on_the_asset_it_orbits_whoever_controls_it() -> None:
    """The card: "the asset orbited by Floating Screen" (ruling 39), even an enemy asset."""
    s = empty()
    screen = ship(s, "floating-screen", 0, HOME1, 0)  # seat 0's, around seat 1's homeworld, not above the bomber
    bomber = ship(s, "terra-anvil", 0, HOME1, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {bomber.uid} {HOME1} 6")  # check 2: one hit
    assert find_asset(s, HOME1).damage == 0 and screen.damage == 1


def test_floating_screen_house_rule_shields_only_its_controllers_asset() -> None:
    s = empty(screen_own_asset_only=True)
    screen = ship(s, "floating-screen", 0, HOME1, 0)
    bomber = ship(s, "terra-anvil", 0, HOME1, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {bomber.uid} {HOME1} 6")
    assert find_asset(s, HOME1).damage == 1 and screen.damage == 0


def test_billboard_binds_only_the_asset_it_stands_on() -> None:
    s = empty()
    upgrade(s, HOME0, "billboard")  # on seat 0's homeworld
    x = ship(s, "terra-anvil", 1, HOME1, 0)
    act(s, 0, "end")
    moon = asset(s, "mercury", 0)
    x.asset = moon.uid
    assert why(s, 1, f"bombard {x.uid} {moon.uid} 3") is None


def test_wingman_must_start_in_the_movers_orbital() -> None:
    s = empty()
    r = ship(s, "col-richlieu", 0, HOME0, 0)
    ship(s, "terra-hammer", 0, HOME0, 0)  # makes the offer
    far = ship(s, "terra-hammer", 0, HOME0, 1)
    act(s, 0, f"burn {r.uid} 2")
    assert "starting orbital" in (why(s, 0, f"follow {far.uid}") or "")
    assert f"follow {far.uid}" not in legal_texts(s, 0)


def test_cannibalized_yards_only_once_per_turn() -> None:
    s = empty()
    upgrade(s, HOME0, "cannibalized-yards")
    x = ship(s, "mushroom", 0, HOME0, 0)
    act(s, 0, f"cannibalize {HOME0} {x.uid} 1")
    assert "already cannibalized" in (why(s, 0, f"cannibalize {HOME0} {x.uid} 1") or "")


def test_laser_broom_needs_two_delta_vee_left() -> None:
    s = empty()
    broom = ship(s, "laser-broom", 0, HOME0, 1, dv=5)  # limit 6: 1 left
    debris(s, HOME0, 1)
    assert "costs 2 delta-vee" in (why(s, 0, f"sweep {broom.uid}") or "")
    assert f"sweep {broom.uid}" not in legal_texts(s, 0)


# ------------------------------------------------------------------ limits of the rules' own steps


def test_repair_needs_damage_to_remove() -> None:
    s = empty()
    assert "has no damage" in (why(s, 0, f"repair {HOME0} {HOME0}") or "")
    assert f"repair {HOME0} {HOME0}" not in legal_texts(s, 0)


def test_found_takes_only_assets() -> None:
    s = empty()
    c = hand(s, 0, "pollen")
    assert "is not an asset" in (why(s, 0, f"found {c}") or "")


def test_an_asset_without_construction_power_cannot_allocate() -> None:
    s = empty()
    gate = find_asset(s, GATE)
    gate.controller = 0
    moon = asset(s, "mercury", 0, face_up=False)
    assert "no construction power" in (why(s, 0, f"allocate {GATE} {moon.uid}") or "")
    assert f"allocate {GATE} {moon.uid}" not in legal_texts(s, 0)


def test_transfer_only_to_a_face_up_asset() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME0, 3)
    moon = asset(s, "mercury", 0, face_up=False)
    assert "not another face-up asset" in (why(s, 0, f"transfer {x.uid} {moon.uid}") or "")
    assert f"transfer {x.uid} {moon.uid}" not in legal_texts(s, 0)


def test_allocate_only_onto_your_own_face_down_card() -> None:
    s = empty()
    theirs = slip(s, HOME0, "col-crossman", 1)  # seat 1's card beside seat 0's asset
    assert "not yours" in (why(s, 0, f"allocate {HOME0} {theirs.uid}") or "")
