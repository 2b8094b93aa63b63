"""Fighters as cargo (cargo.py; O74, O73 for fighters, UNIT-15, UNIT-20, MOV-12, COMB-10, Amb#70,
ruling 275)."""

from __future__ import annotations

from tests.games.star_kingdoms.test_campaign import campaign, home, report, run
from tests.games.star_kingdoms.test_part2_movement import HOME, put, relate, unit, verdicts


def test_UNIT_20_MOV_12_O74_fighters_ride_taken_apart_and_are_put_back_together_at_a_shipyard() -> None:
    state = campaign()
    f = state.factions[0]
    assert home(state).districts.shipyard > 0
    put(state, 0, "fighter-squadron", "Wasp", HOME)
    put(state, 0, "heavy-freighter", "Mule", HOME)
    (ok, why), = verdicts(state, "move Wasp to BXL\n")
    assert not ok and "fighter squadron cannot cross" in why
    (ok, why), = verdicts(state, "load Wasp on Mule\n")
    assert not ok and "Fighter Bay" in why  # whole, it needs a bay
    run(state, {0: "disassemble Wasp into Mule\nmove Mule to BXL\n"})
    wasp, mule = unit(f, "Wasp"), unit(f, "Mule")
    assert (wasp.carried_by, wasp.disassembled, wasp.system, mule.system) == (mule.id, True, "BXL", "BXL")
    assert wasp.moved  # it crossed the wormhole as cargo (MOV-12)
    (ok, why), = verdicts(state, "reassemble Wasp\n")
    assert not ok and "Shipyard" in why and "UNIT-20" in why
    (ok, why), = verdicts(state, "unload Wasp\n")
    assert not ok and "taken apart" in why
    run(state, {0: f"move Mule to {HOME}\n"})
    credits = f.credits
    run(state, {0: "reassemble Wasp\n"})
    wasp = unit(f, "Wasp")
    assert (wasp.carried_by, wasp.disassembled, wasp.system, wasp.planet) == ("", False, HOME, f.homeworld)
    assert f.credits >= credits  # free, no project
    assert not any(p.detail.get("units") == (wasp.id,) for c in f.colonies for p in c.projects.values())


def test_UNIT_15_fighters_take_one_cargo_point_each_beside_detachments() -> None:
    state = campaign()
    put(state, 0, "light-freighter", "Hauler", HOME)  # Cargo Space 5
    for n in range(6):
        put(state, 0, "fighter-squadron", f"F{n}", HOME)
    (ok, why), = verdicts(state, "disassemble F0, F1, F2, F3, F4, F5 into Hauler\n")
    assert not ok and "UNIT-15" in why
    assert verdicts(state, "disassemble F0, F1, F2, F3, F4 into Hauler\n")[0][0]
    run(state, {0: "disassemble F0, F1, F2, F3 into Hauler\n"})
    put(state, 0, "security-team", "Squad", HOME)  # level 1: the last point
    run(state, {0: "load Squad on Hauler\n"})
    assert unit(state.factions[0], "Squad").carried_by == unit(state.factions[0], "Hauler").id
    (ok, why), = verdicts(state, "disassemble F4 into Hauler\n")
    assert not ok and "UNIT-15" in why


def test_COMB_10_Amb70_whole_fighters_in_bays_deploy_into_battle_and_land_back() -> None:
    state = campaign()
    relate(state, 0, 1, "hostile", "hostile")
    f = state.factions[0]
    put(state, 0, "light-carrier", "Nest", "BXL")  # 2 Fighter Bays, Cargo Space 2
    for name in ("Wasp", "Hornet", "Gnat"):
        put(state, 0, "fighter-squadron", name, "BXL")
    (ok, why), = verdicts(state, "load Wasp, Hornet, Gnat on Nest\n")
    assert not ok and "UNIT-15" in why  # three squadrons, two cargo points
    put(state, 1, "patrol-ship", "Kite", "BXL")
    run(state, {0: "load Wasp on Nest\ndisassemble Gnat into Nest\n"})
    (c,) = report(state, 0).combats
    own = {u.label.split(" (")[0] for u in c.sides[c.own_side].units}
    assert "Wasp" in own and "Gnat" not in own  # taken apart, it stays in the hold
    assert "Hornet" in own  # in space by itself
    nest = next((u for u in f.units if u.name == "Nest"), None)
    wasp = next((u for u in f.units if u.name == "Wasp"), None)
    if nest is not None and wasp is not None and nest.system == wasp.system:
        assert wasp.carried_by == nest.id  # back in its bay
