"""Part 2, who fights and space battles (engagement.py; REL-01..07, COMB-01..03, COMB-18..19,
Amb#54, #55, #56, #98), vision and the leak test (warfare.sightings_of; VIS-01, VIS-07, Amb#95)."""

from __future__ import annotations

import dataclasses

import msgspec
from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, unit

from starlanes.games.star_kingdoms.campaign import CampaignState, Wreck
from starlanes.games.star_kingdoms.engagement import stance, strength, wants_fight
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey, see_owner
from starlanes.games.star_kingdoms.sheets import render_sheet
from starlanes.games.star_kingdoms.warfare import sightings_of, uncontested

RAIDERS = ("Kite", "Hawk", "Shrike")


def raid(state: CampaignState, system: str = HOME, names: tuple[str, ...] = RAIDERS, seat: int = 1,
         flexible: tuple[str, ...] = ()) -> None:
    for name in names:
        put(state, seat, "patrol-ship", name, system, flexible=flexible)


def fought(state: CampaignState, seat: int = 0) -> bool:
    return bool(report(state, seat).combats)


def test_REL_02_hostile_ships_in_one_system_fight_and_both_get_a_combat_report() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "wary")
    raid(state)
    before = {u.id for f in state.factions for u in f.units}
    run(state)
    for seat in (0, 1):
        (c,) = report(state, seat).combats
        assert c.kind == "space" and c.system == HOME and c.rounds >= 1
        own = c.sides[c.own_side]
        assert state.factions[seat].name in own.factions
        assert all("(" in u.label for u in own.units)  # own units: name (class)
    after = {u.id for f in state.factions for u in f.units}
    (c,) = report(state, 0).combats
    destroyed = sum(u.fate == "destroyed" for side in c.sides for u in side.units)
    assert len(before) - len(after) == destroyed  # destroyed ships are removed, nothing else vanishes


def test_Amb95_foreign_units_are_shown_by_class_not_by_name() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile")
    raid(state)
    run(state)
    enemy = report(state, 0).combats[0].sides[1 - report(state, 0).combats[0].own_side]
    assert {u.label for u in enemy.units} == {"Patrol Ship"}
    sheet = render_sheet(state, state.factions[0].id)
    assert "Combat reports" in sheet and not any(name in sheet for name in RAIDERS)


def test_REL_02_neutral_and_friendly_never_start_a_fight() -> None:
    for held in ("neutral", "friendly", "allied"):
        state = campaign()
        relate(state, 1, 0, held, held)
        raid(state)
        run(state)
        assert not fought(state, 0) and not fought(state, 1)


def test_REL_03_REL_04_wary_engages_only_by_a_specific_order() -> None:
    state = campaign()
    relate(state, 1, 0, "wary", "wary")
    raid(state)
    run(state)
    assert not fought(state)  # default: do not engage (REL-03)
    run(state, {1: "engage all wary\n"})
    assert fought(state, 1)


def test_REL_04_a_specific_order_cannot_override_the_fixed_cells() -> None:
    state = campaign()
    relate(state, 1, 0, "neutral", "neutral")
    raid(state)
    run(state, {1: f"engage {state.factions[0].name}\n", 0: f"engage {state.factions[1].name}\n"})
    assert not fought(state)
    assert state.factions[1].standing[0].engage  # recorded, but Neutral's engage cell is a fixed 'no'


def test_Amb98_a_one_sided_stance_forces_a_fight_when_the_other_cannot_outrun() -> None:
    """Seat 1 is hostile, seat 0 neutral; equal Speed 1: seat 0 cannot escape (COMB-01: strictly faster)."""
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    raid(state, "BXL", ("Kite",))
    put(state, 0, "patrol-ship", "Warden", "BXL")
    run(state)
    assert fought(state, 0) and fought(state, 1)


def test_COMB_01_a_strictly_faster_group_avoids_battle() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    raid(state, "BXL", ("Kite",))
    put(state, 0, "patrol-ship", "Swift", "BXL", flexible=("sublight-engines",))  # Speed 2 > 1
    run(state)
    assert not fought(state, 0) and not fought(state, 1)
    assert any("kept out of range" in n.text for n in report(state, 0).notices)


def test_COMB_03_unarmed_ships_avoid_even_when_their_nation_wants_a_fight() -> None:
    state = campaign()
    relate(state, 0, 1, "hostile", "hostile")
    raid(state, "BXL", ("Kite", "Hawk"))
    put(state, 0, "survey-probe", "Runner", "BXL", flexible=("sublight-engines",))  # unarmed, Speed 2
    put(state, 0, "survey-probe", "Plodder", "BXL")  # unarmed, Speed 1: cannot outrun the raiders
    put(state, 0, "patrol-ship", "Guard", "BXL")
    for u in state.factions[0].units:
        if u.name in ("Runner", "Plodder"):
            u.task_group = u.name  # each its own group
    run(state)
    (c,) = report(state, 0).combats
    fates = {u.label.split(" (")[0]: u.fate for u in c.sides[c.own_side].units}
    assert fates["Runner"] == "avoided"
    assert fates["Plodder"] != "avoided"


def test_Amb56_the_pursuer_uses_its_fastest_armed_group() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    raid(state, "BXL", ("Kite",))
    put(state, 1, "patrol-ship", "Dart", "BXL", flexible=("sublight-engines",))
    unit(state.factions[1], "Dart").task_group = "fast"
    put(state, 0, "patrol-ship", "Swift", "BXL", flexible=("sublight-engines",))
    run(state)
    assert fought(state, 0)  # Swift (2) is not strictly faster than the group 'fast' (2)


def test_Amb55_allies_merge_into_one_side() -> None:
    state = campaign(3)
    relate(state, 0, 1, "hostile", "hostile")
    relate(state, 2, 0, "allied", "allied")
    relate(state, 2, 1, "wary", "wary")
    put(state, 0, "patrol-ship", "Anvil", "BXL")
    put(state, 2, "patrol-ship", "Hammer", "BXL")
    raid(state, "BXL", ("Kite", "Hawk"))
    run(state)
    (c,) = report(state, 2).combats
    assert set(c.sides[c.own_side].factions) == {state.factions[0].name, state.factions[2].name}
    assert report(state, 0).combats[0].sides[report(state, 0).combats[0].own_side].factions == \
        c.sides[c.own_side].factions


def test_REL_07_Amb54_a_much_weaker_fleet_does_not_seek_battle() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    raid(state, "BXL", ("Kite",))
    for i in range(4):
        put(state, 0, "patrol-ship", f"Wall {i}", "BXL")
    here = {f.id: [u for u in f.units if u.system == "BXL"] for f in state.factions}
    assert strength(CAT, here[state.factions[1].id]) * 3 < strength(CAT, here[state.factions[0].id])
    assert not wants_fight(state, CAT, state.factions[1], state.factions[0], "BXL", here)
    state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
    assert wants_fight(state, CAT, state.factions[1], state.factions[0], "BXL", here)


def test_ruling_205_nations_in_one_system_meet() -> None:
    state = campaign()
    assert state.factions[1].id not in state.factions[0].known_factions
    raid(state, HOME, ("Kite",))
    run(state)
    assert state.factions[1].id in state.factions[0].known_factions
    assert state.factions[0].id in state.knowledge[state.factions[1].id].factions
    owner = state.knowledge[state.factions[1].id].planets[state.factions[0].homeworld].owner
    assert owner == state.factions[0].id  # its ships in space see who holds the planet


def test_VIS_01_planets_and_ships_see_space_ships_do_not_see_the_ground() -> None:
    state = campaign()
    relate(state, 1, 0, "neutral", "neutral")
    raid(state, HOME, ("Kite",))
    put(state, 1, "security-team", "Boots", "BXL", planet=next(
        p.id for s in state.galaxy.systems if s.id == "BXL" for p in s.planets))
    put(state, 0, "patrol-ship", "Watcher", "BXL")
    run(state)
    seen = sightings_of(state, CAT, state.factions[0])
    assert [(s.system, s.place, s.label, s.count) for s in seen] == [("WRQ", "space", "Patrol Ship", 1)]
    assert seen[0].owner == state.factions[1].name
    lines = report(state, 0).sightings
    assert lines == tuple(seen)


def test_VIS_07_leak_a_war_a_nation_cannot_see_changes_nothing_in_its_sheet() -> None:
    """Two campaigns alike but for a war where seat 0 has no eyes (a fleet, a space battle, a
    bombardment, troops landing and fighting on the ground): seat 0's sheet (Markdown and HTML),
    knowledge and report are the same, byte for byte."""
    sheets = []
    for extra in (False, True):
        state = campaign(3)
        relate(state, 1, 2, "hostile", "hostile")
        orders = {0: "move Vigilant to BXL\n"}
        if extra:
            f1, f2 = state.factions[1], state.factions[2]
            gi = galaxy_index(state.galaxy)
            far = gi.planet_system[f2.homeworld]
            for name in ("Kite", "Hawk", "Shrike", "Falcon", "Osprey", "Harrier"):
                put(state, 1, "patrol-ship", name, far, flexible=("ship-weapons",))
            for n in range(3):
                put(state, 1, "infantry-battalion", f"Legion {n + 1}", far)
            k = passive_survey(state.knowledge[f1.id], gi, far, state.turn)
            state.knowledge[f1.id] = see_owner(k, gi, f2.homeworld, f2.id, state.turn)
            target = gi.planets[f2.homeworld].name
            orders[1] = (f"bombard \"{target}\" with Kite, Hawk, Shrike\n"
                         f"land Legion 1, Legion 2, Legion 3 on \"{target}\"\n")
        run(state, orders)
        run(state)
        f0 = state.factions[0]
        sheets.append((render_sheet(state, f0.id), render_sheet(state, f0.id, "html"),
                       msgspec.json.encode(state.knowledge[f0.id]), msgspec.json.encode(report(state, 0))))
        if extra:
            kinds = {c.kind for t in (1, 2) for c in report(state, t).combats}
            assert report(state, 2).combats and report(state, 2).attacks  # the war did happen, unseen by seat 0
            assert kinds
    assert sheets[0] == sheets[1]


def test_VIS_06_a_disguised_ship_is_seen_as_what_it_pretends_to_be() -> None:
    state = campaign()
    put(state, 1, "q-ship", "Wolf", HOME)
    (line,) = sightings_of(state, CAT, state.factions[0])
    assert line.label == "Heavy Freighter" and line.owner == "unknown"  # not met yet: owner unknown (Amb#95)


def test_CONT_04_Amb82_a_fleet_that_kept_out_of_range_cannot_contest() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    raid(state, "BXL", ("Kite",))
    swift = put(state, 0, "patrol-ship", "Swift", "BXL", flexible=("sublight-engines",))
    f1 = state.factions[1]
    assert not uncontested(state, CAT, f1, "BXL")  # a Neutral armed ship contests (REL-02, REL-03)
    run(state)
    assert swift.avoiding and uncontested(state, CAT, f1, "BXL")
    run(state, {0: "move Swift to WRQ\n"})
    assert not swift.avoiding  # cleared at the next step 3


def test_REL_01_an_undeclared_relationship_is_the_default_stance() -> None:
    state = campaign()
    f0, f1 = state.factions
    assert stance(f0, f1.id) == "wary" == f0.default_relationship
    run(state, {0: "default relationship is hostile\n"})
    assert stance(f0, f1.id) == "hostile"
    relate(state, 0, 1, "friendly")
    assert stance(f0, f1.id) == "friendly"


def test_COMB_04_ships_blind_in_a_nebula_try_to_get_away() -> None:
    """Swift's nation is hostile and would fight (as it does outside a nebula); blind in a nebula it
    keeps out of range instead, being faster (ruling 218)."""
    for nebula in (False, True):
        state = campaign()
        g = state.galaxy
        state.galaxy = type(g)(schema=g.schema, name=g.name, wormholes=g.wormholes, systems=tuple(
            msgspec.structs.replace(s, nebula=nebula) if s.id == "BXL" else s for s in g.systems))
        relate(state, 0, 1, "hostile", "hostile")
        state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
        raid(state, "BXL", ("Kite", "Hawk"))
        put(state, 0, "patrol-ship", "Swift", "BXL", flexible=("sublight-engines",))  # Speed 2
        run(state)
        assert fought(state, 0) != nebula
        if nebula:
            assert any("kept out of range" in n.text for n in report(state, 0).notices)


def test_the_GM_sheet_lists_every_battle_once() -> None:
    from starlanes.games.star_kingdoms.sheets import build_gm_sheet, render_markdown

    state = campaign()
    relate(state, 1, 0, "hostile")
    raid(state)
    run(state)
    sheet = build_gm_sheet(state)
    (war,) = [s for s in sheet.sections if s.key == "war"]
    battles = [row for row in war.tables[0].rows if row[1] == "space"]
    assert len(battles) == 1 and "War this turn" in render_markdown(sheet)


def test_Amb102_SALV_01_destroyed_ships_leave_wrecks_that_salvage_rigs_turn_into_credits() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "hostile")
    raid(state)
    run(state)
    (c,) = report(state, 0).combats
    destroyed = sum(u.fate == "destroyed" for side in c.sides for u in side.units)
    assert len(state.wrecks) == destroyed and all(w.system == HOME and w.unit == "ship" for w in state.wrecks)
    state.wrecks = [Wreck(system="BXL", unit="ship", level=2, turn=1), Wreck(system="BXL", unit="ship", level=1,
                                                                              turn=1)]
    rig = put(state, 0, "patrol-ship", "Magpie", "BXL", flexible=("salvage-rig",))
    tl = next(m.tl for m in rig.modules if m.module == "salvage-rig")
    before = state.factions[0].credits
    run(state, {0: "salvage with Magpie\n"})
    gained = [e for e in report(state, 0).ledger.entries if e.label.startswith("Salvage")]
    assert [e.amount for e in gained] == [10 * 2 * tl]  # one module, the biggest wreck (SALV-01)
    assert [w for w in state.wrecks if w.system == "BXL"] == [Wreck(system="BXL", unit="ship", level=1, turn=1)]
    assert state.factions[0].credits - before == sum(e.signed for e in report(state, 0).ledger.entries)


def test_REL_05_the_Zabania_example_scoped_standing_orders() -> None:
    """S15: Zabania is Wary of Fongari; 'ZABANIAN SPACE: Engage all wary. ALIEN SPACE: Do not
    engage wary.' Its ships fight Fongari ships over its own worlds and leave them be elsewhere."""
    for system, fights in ((HOME, True), ("BXL", False)):
        state = campaign()
        relate(state, 0, 1, "wary", "wary")
        state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
        raid(state, system, ("Kite",))
        put(state, 0, "patrol-ship", "Guard", system)
        run(state, {0: "engage all wary in own space\ndo not engage all wary in alien space\n"})
        assert fought(state, 0) == fights
    f0 = state.factions[0]
    assert [(s.subject, s.engage, s.scope) for s in f0.standing] == [("wary", True, "own"), ("wary", False, "alien")]


def test_Amb101_the_order_naming_the_nation_comes_before_the_one_for_all_wary() -> None:
    state = campaign()
    relate(state, 0, 1, "wary", "wary")
    state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
    raid(state, "BXL", ("Kite",))
    put(state, 0, "patrol-ship", "Guard", "BXL")
    run(state, {0: f"engage {state.factions[1].name} in alien space\ndo not engage all wary\n"})
    assert fought(state, 0)


def test_O81_an_attack_order_engages_a_wary_nation_this_turn_only() -> None:
    state = campaign()
    relate(state, 0, 1, "wary", "wary")
    state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
    raid(state, "BXL", ("Kite",))
    put(state, 0, "patrol-ship", "Guard", "BXL")
    other = state.factions[1].name
    run(state, {0: f"attack {other} with Guard\n"})
    assert fought(state, 0)
    assert all(not u.mission for u in state.factions[0].units)
    run(state)
    assert not fought(state, 0)
    relate(state, 0, 1, "neutral")
    (refused,) = check_orders(state, 0, f"attack {other} with Guard\n")
    assert not refused.accepted and "REL-04" in refused.reason
