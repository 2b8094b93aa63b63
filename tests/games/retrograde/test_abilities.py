"""Every card ability, each with a test (named after the card)."""

from __future__ import annotations

import pytest

from starlanes.games.retrograde.abilities import HOOKS
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.cards import ABILITY_KINDS
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
    engine,
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

ACTIVATED = {"sweep", "sweeper-station", "reinforce", "refuel", "cannibalize"}


def test_every_ability_kind_is_wired_to_a_hook_or_an_action() -> None:
    hooked = {kind for handlers in HOOKS.values() for kind in handlers}
    assert set(ABILITY_KINDS) <= hooked | ACTIVATED | {"screen"}
    used = {ab.kind for card in BOOK.cards.values() for ab in card.abilities}
    assert used == set(ABILITY_KINDS)


# ------------------------------------------------------------------ assets


def test_ring_divers_ignore_the_first_debris_in_an_orbital() -> None:
    s = empty()
    s.table.cards[HOME0] = "ring-divers"
    one = ship(s, "mushroom", 0, HOME1, 1)
    two = ship(s, "mushroom", 0, HOME1, 2)
    enemy = ship(s, "mushroom", 1, HOME1, 1)
    debris(s, HOME1, 1)
    debris(s, HOME1, 2)
    debris(s, HOME1, 2)
    events = texts(act(s, 0, "end"))
    assert one.damage == 0 and two.damage == 1
    assert f"#{enemy.uid} takes 1 damage from debris" in events  # no help for the enemy


def test_modular_spacecraft_swaps_a_ship_for_one_of_same_class_and_cost() -> None:
    s = empty()
    act(s, 0, "end")
    m = asset(s, "mercury", 1)
    old = ship(s, "col-crossman", 1, m.uid, 1, damage=0, dv=3)  # corvette, cost 9
    new = hand(s, 1, "col-angelica")  # corvette, cost 9
    wrong = hand(s, 1, "col-fortier")  # corvette, cost 10
    assert "costing 9" in (why(s, 1, f"swap {HOME1} {old.uid} {wrong}") or "")
    old_uid = old.uid
    act(s, 1, f"swap {HOME1} {old_uid} {new}")
    swapped = find_ship(s, new)
    assert swapped is not None and find_ship(s, old_uid) is None
    assert (swapped.asset, swapped.orbital, swapped.dv) == (m.uid, 1, 3)  # takes the old one's place
    assert old_uid in s.table.hands[1] and find_asset(s, HOME1).tapped


def test_refitting_station_swaps_only_around_its_asset() -> None:
    s = empty()
    m = asset(s, "mars", 0)
    upgrade(s, m.uid, "refitting-station")
    here = ship(s, "col-crossman", 0, m.uid, 0)
    away = ship(s, "col-yamamoto", 0, HOME0, 0)
    c = hand(s, 0, "col-angelica")
    assert "not in orbit" in (why(s, 0, f"swap {m.uid} {away.uid} {c}") or "")
    assert why(s, 0, f"swap {m.uid} {here.uid} {c}") is None
    assert "cannot swap" in (why(s, 0, f"swap {HOME0} {here.uid} {c}") or "")


def test_loyal_to_humanity_sacrifice_cancels_bombardment_damage() -> None:
    s = empty()
    s.table.cards[HOME0] = "loyal-to-humanity"
    act(s, 0, "end")
    guard = ship(s, "terra-hammer", 0, HOME0, 2)
    bomber = ship(s, "col-yamamoto", 1, HOME0, 0)  # bombardment 2, limit 8
    s.rng.force([1, 1])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 7")  # resistance 5: check 2, two hits
    assert GAME.to_act(s) == frozenset({0})
    assert f"sacrifice {guard.uid}" in legal_texts(s, 0)
    act(s, 0, f"sacrifice {guard.uid}")
    assert find_ship(s, guard.uid) is None
    assert [d.uid for d in find_asset(s, HOME0).debris[0]] == [guard.uid]  # destroyed in the lowest orbital
    assert find_asset(s, HOME0).damage == 0
    assert GAME.to_act(s) == frozenset({1})


def test_loyal_to_humanity_pass_takes_the_damage() -> None:
    s = empty()
    s.table.cards[HOME0] = "loyal-to-humanity"
    act(s, 0, "end")
    ship(s, "terra-hammer", 0, HOME0, 2)
    bomber = ship(s, "col-yamamoto", 1, HOME0, 0)
    s.rng.force([1, 1])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 7")
    act(s, 0, "pass")
    assert find_asset(s, HOME0).damage == 2


def test_shock_troops_one_troop_pod_rides_with_a_transfer() -> None:
    s = empty()
    carrier = ship(s, "pollen", 0, HOME0, 3)
    pod = ship(s, "ground-spore", 0, HOME0, 0)
    pod2 = ship(s, "ground-spore", 0, HOME0, 0)
    act(s, 0, f"transfer {carrier.uid} {HOME1}")
    assert s.table.prompts[0].ability == "pod-escort"
    act(s, 0, f"follow {pod.uid}")
    assert (pod.asset, pod.orbital, pod.dv) == (HOME1, 4, 0)
    assert not s.table.prompts and pod2.asset == HOME0  # only one


def test_troop_pods_cannot_transfer_on_their_own() -> None:
    s = empty()
    pod = ship(s, "ground-spore", 0, HOME0, 3)
    assert "cannot transfer" in (why(s, 0, f"transfer {pod.uid} {HOME1}") or "")


def test_coup_de_grace_seizes_spacecraft_under_construction() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"
    target = asset(s, "mercury", 1)  # resistance 1
    pending = slip(s, target.uid, "col-crossman", 1, 5)
    bomber = ship(s, "terra-anvil", 0, target.uid, 0)
    s.rng.force([1, 6])
    act(s, 0, f"bombard {bomber.uid} {target.uid} 5")
    assert target.controller == 0
    assert [(x.uid, x.owner, x.counters) for x in target.ship_slips] == [(pending.uid, 0, 5)]


def test_stellar_gate_four_consecutive_turns_count_both_players_turns() -> None:
    """Ruling 24: "four consecutive turns" are turns of the game, the opponent's too: held at the
    end of turns 1, 2, 3 and 4, seat 0 wins when its turn 5 begins."""
    s = empty()
    find_asset(s, GATE).controller = 0
    for _ in range(3):
        act(s, s.table.current, "end")
    assert s.table.gate_streak[0] == 3 and GAME.outcome(s) is None
    act(s, 1, "end")  # end of turn 4, seat 0's turn 5 begins
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "consecutive" in out.reason
    assert s.table.turn == 5


def test_stellar_gate_house_rule_counts_only_the_holders_turns() -> None:
    s = empty(gate_counts_own_turns=True)
    find_asset(s, GATE).controller = 0
    for _ in range(7):  # seat 0 ends turns 1,3,5,7 holding the gate
        act(s, s.table.current, "end")
    assert s.table.gate_streak[0] == 4 and GAME.outcome(s) is None
    act(s, 1, "end")  # seat 0's turn 9 begins
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "consecutive" in out.reason


def test_stellar_gate_streak_resets_when_control_is_lost() -> None:
    s = empty()
    gate = find_asset(s, GATE)
    gate.controller = 0
    act(s, 0, "end")
    act(s, 1, "end")
    assert s.table.gate_streak == [2, 0]
    gate.controller = 1
    act(s, 0, "end")
    assert s.table.gate_streak == [0, 1]


def test_stellar_gate_free_transfer_for_its_controller() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, GATE, 2)
    assert engine(s).transfer_cost(x, find_asset(s, HOME1)) == 2  # uncontrolled: normal cost
    find_asset(s, GATE).controller = 0
    act(s, 0, f"transfer {x.uid} {HOME1}")
    assert x.dv == 0


def test_stellar_gate_takes_no_upgrades() -> None:
    s = empty()
    find_asset(s, GATE).controller = 0
    u = hand(s, 0, "thorns")
    assert "no upgrade may be built" in (why(s, 0, f"place {u} {GATE}") or "")


# ------------------------------------------------------------------ spacecraft


def test_subjugator_razes_what_it_captures() -> None:
    s = empty()
    hw = find_asset(s, HOME1)
    hw.damage = 3
    x = ship(s, "subjugator", 0, HOME1, 0, dv_bonus=2)  # refuelled: limit 7, so power 6 fits
    s.rng.force([1] + [6] * 7)
    act(s, 0, f"bombard {x.uid} {HOME1} 6")  # check 2: the 1 hits
    assert hw.controller == NOBODY and hw.razed
    act(s, 0, "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)  # seat 1 has no homeworld left


def test_decimator_ones_always_hit() -> None:
    s = empty()
    x = ship(s, "decimator", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 4)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 0")
    s.rng.force([1, 1, 2, 3, 6])
    act(s, 1, "defense 0")  # hit check 0: only the ones hit
    assert find_ship(s, d.uid) is None  # two hits on armor 2


def test_ones_do_not_hit_for_other_ships() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 4)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 0")
    s.rng.force([1, 1, 1])
    act(s, 1, "defense 0")
    assert d.damage == 0


def test_blupo_tug_tows_a_ship_with_two_extra_delta_vee() -> None:
    s = empty()
    tug = ship(s, "blupo-tug", 0, HOME1, 4)
    slow = ship(s, "terra-anvil", 0, HOME1, 4, dv=4)  # limit 7; transfer 4 -> 1 costs 3... +2 allowed
    slow.dv = 6  # 1 left: 3 is too much without the tug, fits with +2 (3 <= 3)
    assert "costs 3" in (why(s, 0, f"transfer {slow.uid} {HOME0}") or "")
    act(s, 0, f"transfer {tug.uid} {HOME0}")
    assert s.table.prompts[0].ability == "tow"
    act(s, 0, f"follow {slow.uid}")
    assert (slow.asset, slow.dv) == (HOME0, 9)


def test_war7_photon_needs_its_ansible_to_maneuver_and_never_transfers() -> None:
    s = empty()
    m = asset(s, "mercury", 0)
    drone = ship(s, "war7-photon", 0, m.uid, 0)
    assert "drone" in (why(s, 0, f"burn {drone.uid} 1") or "")
    upgrade(s, m.uid, "war7-ansible")
    assert why(s, 0, f"burn {drone.uid} 1") is None
    drone.orbital = 2
    assert "cannot transfer" in (why(s, 0, f"transfer {drone.uid} {HOME0}") or "")


def test_spaceforce_drones_need_the_spaceforce_ansible() -> None:
    s = empty()
    m = asset(s, "mercury", 0)
    k = ship(s, "spaceforce-katana", 0, m.uid, 0)
    n = ship(s, "spaceforce-naginata", 0, m.uid, 0)
    upgrade(s, m.uid, "war7-ansible")
    assert why(s, 0, f"burn {k.uid} 1") is not None and why(s, 0, f"burn {n.uid} 1") is not None
    upgrade(s, m.uid, "spaceforce-ansible")
    assert why(s, 0, f"burn {k.uid} 1") is None and why(s, 0, f"burn {n.uid} 1") is None


def test_red_mercy_takes_damage_meant_for_ships_in_its_orbital() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    mercy = ship(s, "red-mercy", 1, HOME1, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 8")
    s.rng.force([1, 1, 6])
    act(s, 1, "defense 0")
    assert d.damage == 0 and mercy.damage == 3


def test_waveguide_gives_plus_one_accuracy_to_every_spacecraft_within_one_orbital_without_stacking() -> None:
    """Ruling 35: "Spacecraft within 1 orbital" are any spacecraft, the enemy's too."""
    s = empty()
    near = ship(s, "terra-hammer", 0, HOME1, 3)
    far = ship(s, "terra-hammer", 0, HOME1, 1)
    ship(s, "waveguide", 0, HOME1, 4)
    ship(s, "waveguide", 0, HOME1, 4)
    enemy = ship(s, "terra-hammer", 1, HOME1, 3)
    e = engine(s)
    assert (e.accuracy(near), e.accuracy(far), e.accuracy(enemy)) == (4, 3, 4)


def test_waveguide_house_rule_helps_only_its_controllers_spacecraft() -> None:
    s = empty(waveguide_friendly_only=True)
    near = ship(s, "terra-hammer", 0, HOME1, 3)
    ship(s, "waveguide", 0, HOME1, 4)
    enemy = ship(s, "terra-hammer", 1, HOME1, 3)
    e = engine(s)
    assert (e.accuracy(near), e.accuracy(enemy)) == (4, 3)


def test_pollen_beacon_gives_accuracy_on_the_next_turn_only() -> None:
    s = empty()
    p = ship(s, "pollen", 0, HOME0, 3)
    p2 = ship(s, "pollen", 0, HOME0, 3)
    act(s, 0, f"transfer {p.uid} {HOME1}")
    act(s, 0, f"transfer {p2.uid} {HOME1}")
    fighter = ship(s, "terra-hammer", 0, HOME1, 0)
    assert engine(s).accuracy(fighter) == 3  # not this turn
    act(s, 0, "end")
    act(s, 1, "end")
    assert engine(s).accuracy(fighter) == 4  # next turn, no stacking
    act(s, 0, "end")
    act(s, 1, "end")
    assert engine(s).accuracy(fighter) == 3


def test_slingshot_beacon_makes_next_turn_transfers_two_cheaper() -> None:
    s = empty()
    sl = ship(s, "slingshot", 0, HOME0, 3)
    act(s, 0, f"transfer {sl.uid} {GATE}")
    x = ship(s, "terra-hammer", 0, HOME0, 3)
    e = engine(s)
    assert e.transfer_cost(x, find_asset(s, GATE)) == 2  # this turn: max(1 - 1, 2)
    act(s, 0, "end")
    act(s, 1, "end")
    assert engine(s).transfer_cost(x, find_asset(s, GATE)) == 0


def test_ground_spore_is_spent_after_a_successful_attack_without_debris() -> None:
    s = empty()
    pod = ship(s, "ground-spore", 0, HOME1, 0)  # bombardment 1
    s.rng.force([1])
    act(s, 0, f"bombard {pod.uid} {HOME1} 6")
    assert find_ship(s, pod.uid) is None
    assert find_asset(s, HOME1).debris[0] == [] and pod.uid in s.table.discards[0]
    assert find_asset(s, HOME1).damage == 1


def test_ground_spore_stays_after_a_miss() -> None:
    s = empty()
    pod = ship(s, "ground-spore", 0, HOME1, 0)
    s.rng.force([6])
    act(s, 0, f"bombard {pod.uid} {HOME1} 6")
    assert find_ship(s, pod.uid) is not None


def test_sky_spore_boards_what_it_would_destroy() -> None:
    s = empty()
    pod = ship(s, "sky-spore", 0, HOME1, 0)
    d = ship(s, "col-crossman", 1, HOME1, 0)  # armor 1
    act(s, 0, f"attack {pod.uid} {d.uid}")
    act(s, 0, "power 8")
    s.rng.force([1])
    act(s, 1, "defense 0")
    assert d.owner == 0 and d.damage == 1
    assert find_ship(s, pod.uid) is None  # spent


def test_laser_broom_sweeps_debris_for_two_delta_vee() -> None:
    s = empty()
    broom = ship(s, "laser-broom", 0, HOME0, 1)
    d = debris(s, HOME0, 1)
    act(s, 0, f"sweep {broom.uid}")
    assert find_asset(s, HOME0).debris[1] == [] and broom.dv == 2
    assert d in s.table.discards[1]
    assert "no debris" in (why(s, 0, f"sweep {broom.uid}") or "")


def test_floating_screen_enters_outermost_and_screens_bombardment() -> None:
    s = empty()
    sl = slip(s, HOME0, "floating-screen", 0, counters=4)
    act(s, 0, f"flip {sl.uid}")
    screen = find_ship(s, sl.uid)
    assert screen is not None and screen.orbital == 3
    act(s, 0, "end")
    bomber = ship(s, "col-jung-hee", 1, HOME0, 3, dv_bonus=10)  # in the screen's orbital: not below it
    s.rng.force([1, 1, 1])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 6")
    assert find_asset(s, HOME0).damage == 0 and screen.damage == 3


def test_floating_screen_does_not_cover_attackers_below_it() -> None:
    s = empty()
    screen = ship(s, "floating-screen", 0, HOME0, 3)
    act(s, 0, "end")
    bomber = ship(s, "col-jung-hee", 1, HOME0, 0)
    s.rng.force([1, 1, 1])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 6")
    assert find_asset(s, HOME0).damage == 3 and screen.damage == 0


def test_floating_screen_does_not_regenerate_armor() -> None:
    s = empty()
    act(s, 0, "end")
    screen = ship(s, "floating-screen", 0, HOME0, 3, damage=2)
    act(s, 1, "end")
    assert screen.damage == 2


def test_mushroom_carries_up_to_three_troop_pods() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"  # no Shock troops escort in this test
    m = ship(s, "mushroom", 0, HOME0, 3)
    pods = [ship(s, "sky-spore", 0, HOME0, 0) for _ in range(4)]
    act(s, 0, f"transfer {m.uid} {HOME1}")
    for p in pods[:3]:
        act(s, 0, f"follow {p.uid}")
    assert [p.asset for p in pods] == [HOME1, HOME1, HOME1, HOME0]
    assert not s.table.prompts


def test_dispersal_unit_lets_an_asset_complete_fighters_and_corvettes() -> None:
    s = empty()
    m = asset(s, "mars", 0)  # frigate, cruiser
    sl = slip(s, m.uid, "col-crossman", 0, counters=9)
    assert "cannot complete a corvette" in (why(s, 0, f"flip {sl.uid}") or "")
    ship(s, "dispersal-unit", 0, m.uid, 0)
    assert why(s, 0, f"flip {sl.uid}") is None


def test_col_richlieu_brings_a_wingman_for_three_delta_vee() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"
    r = ship(s, "col-richlieu", 0, HOME0, 0)
    w = ship(s, "terra-hammer", 0, HOME0, 0)
    act(s, 0, f"burn {r.uid} 2")
    assert s.table.prompts[0].ability == "wingman"
    act(s, 0, f"follow {w.uid}")
    assert (w.orbital, w.dv) == (2, 3)


def test_col_morozova_wingman_costs_four() -> None:
    s = empty()
    r = ship(s, "col-morozova", 0, HOME0, 0)
    w = ship(s, "terra-hammer", 0, HOME0, 0)
    act(s, 0, f"burn {r.uid} 1")
    act(s, 0, f"follow {w.uid}")
    assert w.dv == 4


def test_col_jiao_wingman_after_a_transfer() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"
    j = ship(s, "col-jiao", 0, HOME0, 3)
    w = ship(s, "terra-hammer", 0, HOME0, 3)
    act(s, 0, f"transfer {j.uid} {HOME1}")
    act(s, 0, f"follow {w.uid}")
    assert (w.asset, w.orbital, w.dv) == (HOME1, 4, 3)


def test_col_helmut_takes_the_first_hit_for_a_friend() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    guard = ship(s, "col-helmut", 1, HOME1, 2)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 2")
    s.rng.force([1, 1, 6])  # check 2: two hits
    act(s, 1, "defense 0")
    assert (guard.damage, d.damage) == (1, 1)


@pytest.mark.parametrize("key", ["col-tejada", "col-balewa"])
def test_other_bodyguards_take_the_first_hit(key: str) -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    guard = ship(s, key, 1, HOME1, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 2")
    s.rng.force([1, 6, 6])  # check 2: one hit
    act(s, 1, "defense 0")
    assert (guard.damage, d.damage) == (1, 0)


def test_cpt_mahmoud_gives_plus_one_armor_once_per_target_per_turn() -> None:
    s = empty()
    cpt = ship(s, "cpt-mahmoud", 0, HOME0, 1)
    x = ship(s, "col-crossman", 0, HOME0, 1)
    act(s, 0, f"boost {cpt.uid} {x.uid}")
    assert (x.armor_bonus, cpt.dv, engine(s).armor(x)) == (1, 1, 2)
    assert "already boosted" in (why(s, 0, f"boost {cpt.uid} {x.uid}") or "")
    act(s, 0, "end")
    assert x.armor_bonus == 0  # until the end of the turn


def test_cpt_kut_reinforces_too() -> None:
    s = empty()
    cpt = ship(s, "cpt-kut", 0, HOME0, 1)
    act(s, 0, f"boost {cpt.uid} {cpt.uid}")
    assert cpt.armor_bonus == 1


@pytest.mark.parametrize("key", ["cpt-warner", "cpt-griffith"])
def test_refuelling_captains_give_two_delta_vee(key: str) -> None:
    s = empty()
    cpt = ship(s, key, 0, HOME0, 1)
    x = ship(s, "terra-hammer", 0, HOME0, 1)
    other = ship(s, "terra-hammer", 0, HOME0, 2)
    assert "same orbital" in (why(s, 0, f"boost {cpt.uid} {other.uid}") or "")
    act(s, 0, f"boost {cpt.uid} {x.uid}")
    assert engine(s).limit(x) == 11


def test_adm_nguyen_brings_three_fighters_or_corvettes_free() -> None:
    s = empty()
    s.table.cards[HOME0] = "coup-de-grace"
    adm = ship(s, "adm-nguyen", 0, HOME0, 3)
    escorts = [ship(s, "terra-hammer", 0, HOME0, 3) for _ in range(3)]
    frigate = ship(s, "mushroom", 0, HOME0, 3)
    act(s, 0, f"transfer {adm.uid} {HOME1}")
    assert "not a fighter or corvette" in (why(s, 0, f"follow {frigate.uid}") or "")
    for e in escorts:
        act(s, 0, f"follow {e.uid}")
    assert all((e.asset, e.dv) == (HOME1, 0) for e in escorts)


# ------------------------------------------------------------------ upgrades


def test_ansibles_reduce_population_capacity() -> None:
    s = empty()
    base = engine(s).capacity(0)  # 4
    upgrade(s, HOME0, "war7-ansible")
    for _ in range(3):
        ship(s, "war7-photon", 0, HOME0, 0)
    assert engine(s).capacity(0) == base - 1  # 3 drones // 2
    upgrade(s, HOME0, "spaceforce-ansible")
    ship(s, "spaceforce-katana", 0, HOME0, 0)
    ship(s, "spaceforce-naginata", 0, HOME0, 0)
    assert engine(s).capacity(0) == base - 3


def test_corporate_recruitment_centers_add_three_population() -> None:
    s = empty()
    upgrade(s, HOME0, "recruitment-centers")
    assert engine(s).capacity(0) == 7


def test_waveguide_rnd_draws_one_more() -> None:
    s = empty()
    upgrade(s, HOME0, "waveguide-rnd")
    act(s, 0, f"research {HOME0}")
    assert len(s.table.hands[0]) == 2


def test_popfixx_boosters_let_new_ships_enter_any_orbital() -> None:
    s = empty()
    sl = slip(s, HOME0, "ground-spore", 0, counters=4)
    assert f"flip {sl.uid} orbital=3" not in legal_texts(s, 0)
    upgrade(s, HOME0, "popfixx-boosters")
    assert {f"flip {sl.uid}", f"flip {sl.uid} orbital=3"} <= legal_texts(s, 0)
    act(s, 0, f"flip {sl.uid} orbital=3")
    new = find_ship(s, sl.uid)
    assert new is not None and new.orbital == 3


def test_debris_cleaner_taps_to_remove_debris() -> None:
    s = empty()
    u = upgrade(s, HOME0, "debris-cleaner")
    debris(s, HOME0, 2)
    act(s, 0, f"clean {u.uid} 2")
    assert find_asset(s, HOME0).debris[2] == [] and u.tapped
    debris(s, HOME0, 2)
    assert "tapped" in (why(s, 0, f"clean {u.uid} 2") or "")


def test_cannibalized_yards_turn_damage_into_construction_power() -> None:
    s = empty()
    upgrade(s, HOME0, "cannibalized-yards")
    x = ship(s, "mushroom", 0, HOME0, 0)  # armor 5
    sl = slip(s, HOME0, "floating-screen", 0)
    act(s, 0, f"cannibalize {HOME0} {x.uid} 3")
    assert x.damage == 3
    act(s, 0, f"allocate {HOME0} {sl.uid}")
    assert find_asset(s, HOME0).ship_slips[0].counters == 9  # factory 6 + 3
    s2 = empty()
    upgrade(s2, HOME0, "cannibalized-yards")
    y = ship(s2, "mushroom", 0, HOME0, 0, damage=1)
    assert "damage must be 1 to 4" in (why(s2, 0, f"cannibalize {HOME0} {y.uid} 5") or "")


def test_repurposed_orbital_radar_adds_two_defense_against_higher_attackers() -> None:
    s = empty()
    upgrade(s, HOME1, "orbital-radar")
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "col-balewa", 1, HOME1, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 5")
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 0")  # check 5 - (0 + 2) = 3
    assert d.damage == 2 and d.dv == 0


def test_parallel_construction_yard_allows_a_second_ship() -> None:
    s = empty()
    upgrade(s, HOME0, "parallel-yard")
    a = hand(s, 0, "ground-spore")
    b = hand(s, 0, "sky-spore")
    c = hand(s, 0, "pollen")
    act(s, 0, f"place {a} {HOME0}")
    act(s, 0, f"place {b} {HOME0}")
    assert "already has a spacecraft" in (why(s, 0, f"place {c} {HOME0}") or "")


def test_fount_of_locomotion_makes_every_burn_on_its_asset_free() -> None:
    """The card: friendly spacecraft use no delta-vee for burns on this asset, as often as they
    like (ruling 12); only the cap no person reaches (maneuvers_per_turn) ends it."""
    s = empty()
    upgrade(s, HOME0, "fount-of-locomotion")
    x = ship(s, "terra-hammer", 0, HOME0, 0)
    for _ in range(5):
        act(s, 0, f"burn {x.uid} 3")
        act(s, 0, f"burn {x.uid} 0")
    assert x.dv == 0 and x.moves == 10


def test_maneuvers_per_turn_caps_free_burns_and_resets_each_turn() -> None:
    s = empty(maneuvers_per_turn=3)
    upgrade(s, HOME0, "fount-of-locomotion")
    x = ship(s, "terra-hammer", 0, HOME0, 0)
    for orbital in (3, 0, 3):
        act(s, 0, f"burn {x.uid} {orbital}")
    assert "maneuvers_per_turn" in (why(s, 0, f"burn {x.uid} 0") or "")
    assert not any(a.startswith(f"burn {x.uid} ") for a in legal_texts(s, 0))
    act(s, 0, "end")
    act(s, 1, "end")
    assert why(s, 0, f"burn {x.uid} 0") is None


def test_fount_house_rule_allows_one_free_burn_per_turn() -> None:
    s = empty(free_burns_per_turn=1)
    upgrade(s, HOME0, "fount-of-locomotion")
    x = ship(s, "terra-hammer", 0, HOME0, 0)
    act(s, 0, f"burn {x.uid} 3")
    assert x.dv == 0
    assert "free burn" in (why(s, 0, f"burn {x.uid} 0") or "")


def test_thorns_strike_enemies_in_the_lowest_orbital_at_the_end_of_the_opponents_turn() -> None:
    s = empty()
    upgrade(s, HOME1, "thorns")
    low = ship(s, "mushroom", 0, HOME1, 0)
    high = ship(s, "mushroom", 0, HOME1, 1)
    own = ship(s, "mushroom", 1, HOME1, 0)
    act(s, 0, "end")
    assert (low.damage, high.damage, own.damage) == (1, 0, 0)
    act(s, 1, "end")  # Thorns do nothing at the end of their controller's turn
    assert low.damage == 0  # seat 0's turn began: damage removed, none added


def test_billboard_must_be_the_bombardment_target() -> None:
    s = empty()
    bb = upgrade(s, HOME1, "billboard")
    x = ship(s, "terra-anvil", 0, HOME1, 0)
    assert "must be" in (why(s, 0, f"bombard {x.uid} {HOME1} 3") or "")
    assert why(s, 0, f"bombard {x.uid} {bb.uid} 3") is None


def test_clairvoyant_agents_show_the_top_of_the_opponents_deck() -> None:
    s = empty()
    upgrade(s, HOME1, "clairvoyant-agents")
    top = s.table.decks[0][0]
    assert GAME.view(s, 1).game.table.cards[top] == "?"
    act(s, 0, "end")
    assert GAME.view(s, 1).game.table.cards[top] == s.table.cards[top]
    assert GAME.view(s, 0).game.table.cards[top] == s.table.cards[top]  # its owner knows its deck


# ------------------------------------------------------------------ the limits of each ability
# (each test below fails if the ability reaches further than its card says)


def test_decimator_ones_do_not_help_another_ship_while_a_decimator_is_in_play() -> None:
    s = empty()
    ship(s, "decimator", 0, HOME1, 4)
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 4)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 0")
    s.rng.force([1, 1, 1])
    act(s, 1, "defense 0")  # check 0: only a Decimator's own 1s would hit
    assert d.damage == 0


def test_repurposed_orbital_radar_gives_nothing_against_an_attacker_in_the_same_orbital() -> None:
    s = empty()
    upgrade(s, HOME1, "orbital-radar")
    x = ship(s, "terra-hammer", 0, HOME1, 0)
    d = ship(s, "col-balewa", 1, HOME1, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 3")
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 0")  # check 3 - 0 = 3 (no radar): the 1 and the 2 hit
    assert d.damage == 2


def test_red_mercy_takes_damage_meant_for_an_enemy_in_its_orbital() -> None:
    """The card: "a spacecraft in the same orbital", any player's (ruling 34)."""
    s = empty()
    x = ship(s, "terra-hammer", 1, HOME1, 4)
    d = ship(s, "envoy", 0, HOME1, 0)
    mercy = ship(s, "red-mercy", 1, HOME1, 0)  # seat 1's Mercy beside seat 0's Envoy
    act(s, 0, "end")
    act(s, 1, f"attack {x.uid} {d.uid}")
    act(s, 1, "power 8")
    s.rng.force([1, 1, 6])
    act(s, 0, "defense 0")
    assert d.damage == 0 and mercy.damage == 3  # check 8: all three dice hit; the Mercy takes them


def test_red_mercy_house_rule_does_not_take_damage_meant_for_an_enemy() -> None:
    s = empty(mercy_friendly_only=True)
    x = ship(s, "terra-hammer", 1, HOME1, 4)
    d = ship(s, "envoy", 0, HOME1, 0)
    mercy = ship(s, "red-mercy", 1, HOME1, 0)  # seat 1's Mercy beside seat 0's Envoy
    act(s, 0, "end")
    act(s, 1, f"attack {x.uid} {d.uid}")
    act(s, 1, "power 8")
    s.rng.force([1, 1, 6])
    act(s, 0, "defense 0")
    assert d.damage == 3 and mercy.damage == 0  # check 8: all three dice hit the Envoy


def test_fount_of_locomotion_does_not_free_the_burns_of_enemy_spacecraft() -> None:
    s = empty()
    upgrade(s, HOME1, "fount-of-locomotion")  # seat 1's asset
    x = ship(s, "terra-hammer", 0, HOME1, 4)
    act(s, 0, f"burn {x.uid} 0")
    assert x.dv == 2


def test_an_offer_nobody_can_take_any_more_is_skipped() -> None:
    s = empty()
    mush = ship(s, "mushroom", 0, HOME0, 3)
    pod = ship(s, "ground-spore", 0, HOME0, 0)
    act(s, 0, f"transfer {mush.uid} {HOME1}")
    assert [p.ability for p in s.table.prompts] == ["pod-escort", "pod-carrier"]
    act(s, 0, f"follow {pod.uid}")  # Shock troops carried the only pod: Mushroom's offer is void
    assert s.table.prompts == [] and GAME.to_act(s) == frozenset({0})
    assert "end" in legal_texts(s, 0)


def test_loyal_to_humanity_is_offered_on_a_bombardment_without_hits() -> None:
    """The card: "when a friendly asset is bombarded", hits or not (ruling 27): a sacrifice with
    no damage to cancel still leaves debris in the lowest orbital."""
    s = empty()
    s.table.cards[HOME0] = "loyal-to-humanity"
    act(s, 0, "end")
    guard = ship(s, "terra-hammer", 0, HOME0, 2)
    bomber = ship(s, "col-yamamoto", 1, HOME0, 0)
    s.rng.force([6, 6])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 7")  # check 2: no hit
    assert GAME.to_act(s) == frozenset({0})
    act(s, 0, f"sacrifice {guard.uid}")
    assert [d.uid for d in find_asset(s, HOME0).debris[0]] == [guard.uid]


def test_loyal_to_humanity_house_rule_needs_hits() -> None:
    s = empty(sacrifice_only_on_hits=True)
    s.table.cards[HOME0] = "loyal-to-humanity"
    act(s, 0, "end")
    ship(s, "terra-hammer", 0, HOME0, 2)
    bomber = ship(s, "col-yamamoto", 1, HOME0, 0)
    s.rng.force([6, 6])
    act(s, 1, f"bombard {bomber.uid} {HOME0} 7")
    assert GAME.to_act(s) == frozenset({1}) and not s.table.prompts


def test_repurposed_orbital_radar_helps_friendly_spacecraft_at_any_asset() -> None:
    """The card: "Friendly spacecraft gain 2 defense" with no place named (ruling 46)."""
    s = empty()
    upgrade(s, HOME0, "orbital-radar")  # seat 0's... the defender below is seat 1's: none
    upgrade(s, HOME1, "orbital-radar")  # seat 1's radar on its homeworld
    x = ship(s, "terra-hammer", 0, GATE, 2)
    d = ship(s, "col-balewa", 1, GATE, 0)  # around the Stellar Gate, far from the radar
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 5")
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 0")  # check 5 - (0 + 2) = 3: the 1 and the 2 hit
    assert d.damage == 2


def test_repurposed_orbital_radar_house_rule_helps_only_around_its_asset() -> None:
    s = empty(radar_local=True)
    upgrade(s, HOME1, "orbital-radar")
    x = ship(s, "terra-hammer", 0, GATE, 2)
    d = ship(s, "col-balewa", 1, GATE, 0)
    act(s, 0, f"attack {x.uid} {d.uid}")
    act(s, 0, "power 5")
    s.rng.force([1, 2, 3])
    act(s, 1, "defense 0")  # check 5 (no radar away from its asset): all three dice hit
    assert d.damage == 3
