"""Star Kingdoms at war, the combat engine's last pieces (issue 14, part 3): troops in their own
transports in a space battle (COMB-02, Amb#69, ruling 212), Military organisations' lent units
(ORG-15, ruling 307), invasions without surprise (INV-01), no cap on detachments (UNIT-02), and
prisoners converted by the GM (O82, COMB-20, ruling 250)."""

from __future__ import annotations

import dataclasses
import random

from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, put, relate
from tests.games.star_kingdoms.test_war_battle import ship

from starlanes.games.star_kingdoms.war.battle import Force, battle, fight, initial_determination
from starlanes.games.star_kingdoms.war.params import WarParams

P = WarParams()


# --- COMB-02 / Amb#69: armies in their own transports ----------------------------------------------


def test_COMB_02_Amb69_troops_in_transports_are_targets_with_level_evasion_and_never_fire() -> None:
    gun = ship("patrol-ship", "g")
    legion = ship("infantry-battalion", "t")  # L2 detachment: Evasion 30 in its transports
    r = fight(CAT, Force("a", (gun,)), Force("d", (legion,)), random.Random(1), record=True)
    assert r.log and all(s.shooter == "g" and s.target == "t" for s in r.log)  # FP 0: it never fires
    assert {s.evasion for s in r.log} == {P.base_evasion[1]}
    out = next(o for o in r.units if o.unit_id == "t")
    assert out.destroyed and not out.retreated  # hunted down: it cannot escape (Speed 0)
    assert r.winner == 0


def test_COMB_02_troops_left_behind_by_a_retreating_fleet_are_hunted_down() -> None:
    """The escort's determination breaks; it retreats; the troops cannot, and the enemy fires on."""
    escort = ship("patrol-ship", "e", damage=10)  # 5 Hull left: at or below 50% from the start
    legion = ship("infantry-regiment", "t")
    hunters = (ship("heavy-cruiser", "h1", 2), ship("heavy-cruiser", "h2", 2))
    seen = 0
    for seed in range(40):
        r = fight(CAT, Force("a", hunters), Force("d", (escort, legion)), random.Random(seed), record=True)
        outcome = {o.unit_id: o for o in r.units}
        if not outcome["e"].retreated:
            continue
        seen += 1
        assert r.retreated == (1,) and not outcome["t"].retreated
        assert outcome["t"].destroyed or r.ending in ("round-limit", "stalled")
        last_escort_round = max((s.round for s in r.log if s.target == "e"), default=0)
        assert any(s.target == "t" and s.round > last_escort_round for s in r.log) or outcome["t"].destroyed
    assert seen  # the escort did retreat in some of the runs


def test_COMB_02_troops_in_transports_leave_determination_alone() -> None:
    escort = ship("patrol-ship", "e")
    legion = ship("infantry-battalion", "t")
    alone = initial_determination(CAT, Force("d", (escort,)), P, "space")
    assert initial_determination(CAT, Force("d", (escort, legion)), P, "space") == alone == 1
    # an army alone in its transports never breaks (it cannot retreat): it is shot until destroyed
    r = fight(CAT, Force("a", (ship("gunboat", "g", 2),)), Force("d", (legion,)), random.Random(3))
    assert r.retreated == () and r.units[-1].destroyed


def test_COMB_02_ruling_212_param_off_keeps_troops_out_of_space_battles() -> None:
    off = dataclasses.replace(P, transports_in_space_battles=False)
    r = battle(CAT, Force("a", (ship("patrol-ship", "g"),)), Force("d", (ship("patrol-ship", "p"),
                                                                          ship("infantry-regiment", "t"))),
               random.Random(2), params=off)
    assert "t" not in {o.unit_id for o in r.units}


def test_COMB_02_Amb69_a_campaign_army_in_space_is_fought_and_its_losses_reported() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "hostile")
    put(state, 1, "heavy-cruiser", "Hunter", "BXL")
    legion = put(state, 0, "infantry-battalion", "Legion", "BXL")
    run(state)
    (c,) = report(state, 0).combats
    own = c.sides[c.own_side]
    (row,) = [u for u in own.units if u.label.startswith("Legion")]
    assert row.fate in ("destroyed", "damaged")  # a target, not a bystander
    if row.fate == "destroyed":
        assert state.factions[0].unit_by_id(legion.id) is None
    else:
        assert legion.damage > 0 and legion.system == "BXL"  # it never retreats
