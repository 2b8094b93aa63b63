"""Part 2, movement (movement.py; inventory 2.17 MOV-*, orders O05, O06, O61, O63), and the helpers
the other part 2 tests import."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import campaign, report, run

from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, Trait, Unit, fitted_modules
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.engagement import _retreat
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index, name_book
from starlanes.games.star_kingdoms.galaxy import Galaxy
from starlanes.games.star_kingdoms.knowledge import learn_wormhole, passive_survey
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.language import format_order, parse_order
from starlanes.games.star_kingdoms.orders.records import Stance
from starlanes.games.star_kingdoms.pipeline import Turn
from starlanes.games.star_kingdoms.report import ReportBuilder
from starlanes.games.star_kingdoms.warfare import resolve_surveys

CAT = load_catalogue()
HOME = "WRQ"
"""Seat 0's home system in ``campaign(2, 3)``; its wormholes lead to BXL, LOD and BRT."""


def put(state: CampaignState, seat: int, class_id: str, name: str, system: str, planet: str = "",
        flexible: tuple[str, ...] = ()) -> Unit:
    """A unit of ``class_id`` for seat ``seat`` at the faction's tech, placed by hand."""
    f = state.factions[seat]
    cls = CAT.classes[class_id]
    unit = Unit(id=f"{f.id}-u{f.next_unit}", name=name, unit=cls.unit, class_id=class_id, level=cls.level,
                modules=fitted_modules(CAT, f.tech, class_id, flexible), flexible=flexible, system=system,
                planet=planet)
    f.next_unit += 1
    f.units.append(unit)
    return unit


def relate(state: CampaignState, a: int, b: int, ab: Stance, ba: Stance | None = None) -> None:
    """Seats ``a`` and ``b`` have met; ``a`` holds ``b`` at ``ab`` (and ``b`` holds ``a`` at ``ba``)."""
    fa, fb = state.factions[a], state.factions[b]
    for x, y in ((fa, fb), (fb, fa)):
        if y.id not in x.known_factions:
            x.known_factions.append(y.id)
    fa.relationships[fb.id] = ab
    if ba is not None:
        fb.relationships[fa.id] = ba


def clear_units(state: CampaignState) -> None:
    for f in state.factions:
        f.units = []


def verdicts(state: CampaignState, text: str, seat: int = 0) -> list[tuple[bool, str]]:
    return [(res.accepted, res.reason) for res in check_orders(state, seat, text)]


def set_wormhole(state: CampaignState, ident: str, **changes: object) -> None:
    g = state.galaxy
    holes = tuple(msgspec.structs.replace(w, **changes) if w.id == ident else w for w in g.wormholes)
    state.galaxy = Galaxy(schema=g.schema, name=g.name, systems=g.systems, wormholes=holes)


def set_system(state: CampaignState, ident: str, **changes: object) -> None:
    g = state.galaxy
    systems = tuple(msgspec.structs.replace(s, **changes) if s.id == ident else s for s in g.systems)
    state.galaxy = Galaxy(schema=g.schema, name=g.name, systems=systems, wormholes=g.wormholes)


def unit(f: Faction, name: str) -> Unit:
    return next(u for u in f.units if u.name == name)


# --- tests ------------------------------------------------------------------------------------------


def test_MOV_06_MOV_07_a_move_crosses_one_known_wormhole_and_surveys_on_arrival() -> None:
    """One jump a turn to a neighbour through a known wormhole; the arrival is a passive survey
    (VIS-03, SURV-01) and the unit remembers the wormhole (MOV-13)."""
    state = campaign()
    f = state.factions[0]
    assert verdicts(state, "move Vigilant to BXL\n") == [(True, "Vigilant will jump to BXL")]
    run(state, {0: "move Vigilant to BXL\n"})
    v = unit(f, "Vigilant")
    assert (v.system, v.planet, v.moved, v.last_wormhole, v.move_to) == ("BXL", "", True, "WRQ-BXL", "")
    k = state.knowledge[f.id]
    assert "passive" in k.systems["BXL"].surveys
    gi = galaxy_index(state.galaxy)
    assert all(p.id in k.planets for p in gi.systems["BXL"].planets)
    line = report(state).movements[0]
    assert (line.unit, line.origin, line.destination, line.moved) == ("Vigilant", "WRQ", "BXL", True)
    run(state)
    assert not unit(f, "Vigilant").moved  # the flag is this turn's only


def test_MOV_06_no_two_jumps_and_MOV_07_only_known_wormholes() -> None:
    state = campaign()
    (ok, why), = verdicts(state, "move Vigilant to JDY\n")
    assert not ok and "unknown system 'JDY'" in why
    state.knowledge[state.factions[0].id] = msgspec.structs.replace(
        state.knowledge[state.factions[0].id], wormholes={})
    (ok, why), = verdicts(state, "move Vigilant to BXL\n")
    assert not ok and "you know no wormhole from WRQ to BXL" in why and "MOV-07" in why


def test_MOV_05_stability_must_reach_instability() -> None:
    state = campaign()
    set_wormhole(state, "WRQ-BXL", instability=2)
    (ok, why), = verdicts(state, "move Vigilant to BXL\n")
    assert not ok and "Stability is 1" in why and "Instability 2" in why
    # the Survey Probe has two Flux Stabilisers: Stability 2
    assert verdicts(state, "move Pathfinder to BXL\n")[0][0]


def test_MOV_12_fighters_never_jump() -> None:
    state = campaign()
    fighter = next(c.id for c in CAT.classes.values() if "no-wormholes" in c.special)
    put(state, 0, fighter, "Wasp", HOME)
    (ok, why), = verdicts(state, "move Wasp to BXL\n")
    assert not ok and "fighter squadron cannot cross" in why


def test_MOV_10_a_nebula_turns_back_ships_without_nebula_sensors() -> None:
    state = campaign()
    set_system(state, "BXL", nebula=True)
    run(state, {0: "move Vigilant to BXL\n"})
    v = unit(state.factions[0], "Vigilant")
    assert v.system == HOME and not v.moved
    assert "nebula" in report(state).movements[0].reason


def test_MOV_11_a_blockaded_planet_keeps_slow_ships_in_orbit() -> None:
    """Amb#20: a ship in orbit with Speed below the rating cannot leave (the rating set at last
    turn's step 5 holds at this turn's step 3)."""
    state = campaign()
    state.factions[0].colonies[0].blockade = 2  # Vigilant has Speed 1
    run(state, {0: "move Vigilant to BXL\n"})
    assert unit(state.factions[0], "Vigilant").system == HOME
    assert "blockaded at rating 2" in report(state).movements[0].reason
    state.factions[0].colonies[0].blockade = 1
    run(state, {0: "move Vigilant to BXL\n"})
    assert unit(state.factions[0], "Vigilant").system == "BXL"


def test_MOV_02_O06_a_task_group_moves_whole_or_not_at_all() -> None:
    state = campaign()
    f = state.factions[0]
    f.colonies[0].blockade = 2  # Vigilant, in orbit at Speed 1, cannot launch; Pathfinder is out in space
    unit(f, "Pathfinder").planet = ""
    run(state, {0: "group Vigilant, Pathfinder as Red\nmove group Red to BXL\n"})
    assert unit(f, "Vigilant").task_group == "Red" and unit(f, "Pathfinder").task_group == "Red"
    assert unit(f, "Vigilant").system == HOME and unit(f, "Pathfinder").system == HOME
    assert any("stays with its task group" in m.reason for m in report(state).movements)
    run(state, {0: "move group Red to BXL\n"})  # the blockade is gone at step 5
    assert unit(f, "Vigilant").system == "BXL" and unit(f, "Pathfinder").system == "BXL"


def test_O06_unknown_group_is_refused_with_the_groups_known() -> None:
    state = campaign()
    (ok, why), = verdicts(state, "group Vigilant as Red\nmove group Blue to BXL\n")[1:]
    assert not ok and "no task group 'Blue'" in why


def test_Amb119_one_main_order_per_unit_the_last_line_wins() -> None:
    state = campaign()
    run(state, {0: "move Vigilant to BXL\nhold Vigilant\n"})
    assert unit(state.factions[0], "Vigilant").system == HOME
    run(state, {0: "move Vigilant to BXL\nmove Vigilant to LOD\n"})
    assert unit(state.factions[0], "Vigilant").system == "LOD"


def test_MOV_13_COMB_18_COMB_19_retreat_goes_back_the_way_it_came_or_by_the_route_set() -> None:
    state = campaign()
    f = state.factions[0]
    run(state, {0: "move Vigilant to BXL\n"})
    v = unit(f, "Vigilant")
    v.moved = True  # as if it had jumped this turn
    assert _retreat(state, CAT, v) == "WRQ" and v.system == HOME
    # stationary a turn, with a route set (O05): that route
    run(state, {0: "retreat Vigilant to LOD\n"})
    v = unit(f, "Vigilant")
    assert v.retreat_route == "WRQ-LOD" and not v.moved
    assert _retreat(state, CAT, v) == "LOD"
    # never jumped, no route: withdraws inside the system (Amb#66)
    p = unit(f, "Pathfinder")
    assert _retreat(state, CAT, p) == "" and p.system == HOME


@pytest.mark.parametrize("line", [
    "move Vigilant, Pathfinder to BXL", "move group Red to BXL", "retreat Vigilant to LOD",
    "group Vigilant, Pathfinder as Red", "hold Vigilant", "engage all wary", "do not engage all hostile",
])
def test_part2_order_forms_read_back(line: str) -> None:
    state = campaign()
    book = name_book(state, state.factions[0], CAT)
    order = parse_order(line, book)
    assert format_order(order, book).casefold() == line.casefold()


def test_O03_engage_a_faction_by_name_needs_a_met_faction() -> None:
    state = campaign()
    other = state.factions[1].name
    (ok, why), = verdicts(state, f"engage {other}\n")
    assert not ok and "unknown faction" in why
    relate(state, 0, 1, "wary")
    book = name_book(state, state.factions[0], CAT)
    order = parse_order(f"do not engage {other}", book)
    assert order == r.StandingEngage(subject=state.factions[1].id, engage=False)
    assert format_order(order, book) == f"do not engage {other}"
    assert verdicts(state, f"engage {other}\n")[0][0]


def test_SURV_02_VIS_02_a_deep_space_survey_finds_concealed_wormholes_up_to_its_sensor_level() -> None:
    state = campaign()
    gi = galaxy_index(state.galaxy)
    hidden = next(h for h, other in gi.links["BXL"] if other != HOME)
    set_wormhole(state, hidden, concealment=1)
    run(state, {0: "move Pathfinder to BXL\n"})
    k = state.knowledge[state.factions[0].id]
    assert hidden not in k.wormholes  # a passive survey sees concealment 0 only (VIS-03)
    (ok, why), = verdicts(state, "survey space with Vigilant\n")
    assert not ok and "no Deep Space Sensors" in why
    run(state, {0: "survey space with Pathfinder\n"})
    k = state.knowledge[state.factions[0].id]
    assert hidden in k.wormholes and k.systems["BXL"].active_level == 1  # and it stays known (MOV-07)
    assert any(n.rule == "SURV-02" and "done" in n.text for n in report(state).notices)


def test_SURV_02_Amb32_a_unit_that_moved_does_not_survey() -> None:
    state = campaign()
    run(state, {0: "survey space with Pathfinder\nmove Pathfinder to BXL\n"})  # the last order wins
    assert unit(state.factions[0], "Pathfinder").system == "BXL"
    unit(state.factions[0], "Pathfinder").mission = "survey:system:BXL"
    unit(state.factions[0], "Pathfinder").moved = True
    t = Turn(state=state, orders={}, catalogue=CAT)
    for f in state.factions:
        t.builders[f.id] = ReportBuilder(f.id, turn=state.turn, opening=f.credits, sp=f.tech.sp)
    resolve_surveys(t)
    f0 = state.factions[0]
    notes = t.builders[f0.id].build(closing=f0.credits, sp=f0.tech.sp).notices
    assert any("not done" in n.text for n in notes)


def test_SURV_03_a_planetary_survey_by_troops_on_the_planet() -> None:
    state = campaign()
    gi = galaxy_index(state.galaxy)
    planet = gi.systems["BXL"].planets[0]
    run(state, {0: "move First Surveyors to BXL\n"})
    run(state, {0: f"land First Surveyors on \"{planet.name}\"\n"})
    assert unit(state.factions[0], "First Surveyors").planet == planet.id
    run(state, {0: f"survey \"{planet.name}\" with First Surveyors\n"})
    facts = state.knowledge[state.factions[0].id].planets[planet.id]
    assert "planetary" in facts.surveys and facts.mineral_rating == planet.mineral_rating


def test_DECOM_01_DECOM_02_units_scrapped_at_a_shipyard_or_military_district() -> None:
    state = campaign()
    f = state.factions[0]
    credits = f.credits
    sc, mt = f.tech.level("ship-construction"), f.tech.level("military-theory")
    run(state, {0: "decommission Vigilant, First Guard\n"})
    assert {u.name for u in f.units} == {"Pathfinder", "First Surveyors"}
    gained = 10 * 1 * sc + 10 * 1 * mt
    refunds = [e for e in report(state).ledger.entries if e.kind == "refund"]
    assert sum(e.amount for e in refunds) == gained
    assert report(state).ledger.opening == credits
    run(state, {0: "move Pathfinder to BXL\n"})
    (ok, why), = verdicts(state, "decommission Pathfinder\n")
    assert not ok and "no Shipyard district" in why


def test_MOV_09_O62_followers_take_the_wormhole_the_followed_ships_took_if_they_know_it() -> None:
    state = campaign()
    relate(state, 0, 1, "wary", "wary")
    put(state, 1, "patrol-ship", "Quarry", HOME)
    k1 = state.knowledge[state.factions[1].id]
    state.knowledge[state.factions[1].id] = msgspec.structs.replace(
        k1, wormholes={**k1.wormholes, **{h: w for h, w in state.knowledge[state.factions[0].id].wormholes.items()}},
        systems={**state.knowledge[state.factions[0].id].systems, **k1.systems})
    other = state.factions[1].name
    run(state, {0: f"follow {other} with Vigilant\n", 1: "move Quarry to LOD\n"})
    assert unit(state.factions[0], "Vigilant").system == "LOD"
    assert any(m.reason == "followed" for m in report(state).movements)
    # through a wormhole the follower does not know: the movement fails
    k0 = state.knowledge[state.factions[0].id]
    hole, there = next((h, o) for h, o in galaxy_index(state.galaxy).links["LOD"] if o != HOME)
    set_wormhole(state, hole, instability=1)
    k1 = state.knowledge[state.factions[1].id]
    state.knowledge[state.factions[1].id] = learn_wormhole(k1, galaxy_index(state.galaxy), hole, state.turn)
    state.knowledge[state.factions[0].id] = msgspec.structs.replace(
        k0, wormholes={h: w for h, w in state.knowledge[state.factions[0].id].wormholes.items() if h != hole})
    run(state, {0: f"follow {other} with Vigilant\n", 1: f"move Quarry to {there}\n"})
    assert unit(state.factions[1], "Quarry").system == there
    assert unit(state.factions[0], "Vigilant").system == "LOD"
    assert any("do not know" in m.reason for m in report(state).movements)


def test_VIS_08_a_planetary_survey_of_a_homeworld_reveals_its_homeworld_trait() -> None:
    state = campaign()
    f0, f1 = state.factions
    f1.traits = [Trait(name="Fortress World", category="homeworld", text="thick walls"),
                 Trait(name="Secretive", category="people", drawback=True)]
    put(state, 0, "survey-team", "Spies", f1.units[0].system, planet=f1.homeworld)
    relate(state, 0, 1, "friendly", "friendly")
    state.knowledge[f0.id] = passive_survey(state.knowledge[f0.id], galaxy_index(state.galaxy),
                                            f1.units[0].system, state.turn)
    run(state, {0: f"survey \"{galaxy_index(state.galaxy).planets[f1.homeworld].name}\" with Spies\n"})
    facts = state.knowledge[f0.id].factions[f1.id]
    assert facts.homeworld_trait == "Fortress World: thick walls" and facts.people_trait == ""


def test_O73_UNIT_15_MOV_03_troops_aboard_go_where_their_ship_goes() -> None:
    state = campaign()
    f = state.factions[0]
    put(state, 0, "patrol-ship", "Ark", HOME, flexible=("cargo-space",))  # Cargo 1
    put(state, 0, "security-team", "Marines", HOME)
    (ok, why), = verdicts(state, "load First Guard, Marines on Ark\n")
    assert not ok and "carries 1 level(s)" in why
    run(state, {0: "load Marines on Ark\n"})
    marines = unit(f, "Marines")
    assert marines.carried_by == unit(f, "Ark").id
    (ok, why), = verdicts(state, "move Marines to BXL\n")
    assert not ok and "aboard a ship" in why
    run(state, {0: "move Ark to BXL\n"})
    assert (marines.system, marines.moved, marines.last_wormhole) == ("BXL", True, "WRQ-BXL")
    run(state, {0: "unload Marines\n"})
    assert not marines.carried_by and marines.system == "BXL"


def test_COMB_11_cargo_stays_aboard_in_battle_and_is_lost_with_its_ship() -> None:
    lost_seen = False
    for seed in range(4):
        state = campaign(2, seed)
        relate(state, 1, 0, "hostile", "hostile")
        state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
        home0 = state.factions[0].units[0].system
        ark = put(state, 0, "patrol-ship", "Ark", "BXL" if home0 == HOME else home0, flexible=("cargo-space",))
        marines = put(state, 0, "security-team", "Marines", ark.system)
        marines.carried_by = ark.id
        for i in range(6):
            put(state, 1, "patrol-ship", f"Raider {i}", ark.system, flexible=("ship-weapons",))
        run(state)
        f0 = state.factions[0]
        (c,) = report(state, 0).combats
        mine = {u.label.split(" (")[0]: u.fate for u in c.sides[c.own_side].units}
        if f0.unit_by_id(ark.id) is None and mine.get("Ark") == "destroyed":
            assert f0.unit_by_id(marines.id) is None and mine["Marines"] == "destroyed"
            lost_seen = True
        else:
            assert "Marines" not in mine and f0.unit_by_id(marines.id) is not None  # aboard, not a combatant
            assert marines.system == f0.unit_by_id(ark.id).system  # type: ignore[union-attr]
    assert lost_seen


def test_MOV_08_Amb104_a_flux_stability_field_carries_one_smaller_ship_per_module() -> None:
    state = campaign()
    set_wormhole(state, "WRQ-BXL", instability=2)
    put(state, 0, "survey-probe", "Lantern", HOME, flexible=("flux-stability-field",))  # Stability 2, one projector
    put(state, 0, "patrol-ship", "Wing", HOME)  # Stability 1
    (ok, why), = verdicts(state, "move Vigilant, Wing to BXL\n")
    assert not ok and "Stability is 1" in why
    (ok, why), = verdicts(state, "move Lantern, Vigilant, Wing to BXL\n")
    assert not ok  # one module carries one ship, not two
    run(state, {0: "move Lantern, Vigilant to BXL\n"})
    f = state.factions[0]
    assert unit(f, "Vigilant").system == "BXL" and unit(f, "Lantern").system == "BXL"
    assert unit(f, "Vigilant").mission == ""


def test_Amb104_a_ship_carried_by_a_field_stays_when_its_projector_cannot_go() -> None:
    state = campaign()
    set_wormhole(state, "WRQ-BXL", instability=2)
    f = state.factions[0]
    put(state, 0, "survey-probe", "Lantern", HOME, planet=f.homeworld, flexible=("flux-stability-field",))
    unit(f, "Vigilant").planet = ""
    f.colonies[0].blockade = 2  # Lantern, in orbit at Speed 1, cannot launch
    run(state, {0: "move Lantern, Vigilant to BXL\n"})
    assert unit(f, "Lantern").system == HOME and unit(f, "Vigilant").system == HOME


def test_MOV_10_O79_a_nebula_sensors_ship_guides_the_ships_moving_with_it() -> None:
    state = campaign()
    set_system(state, "BXL", nebula=True)
    put(state, 0, "survey-probe", "Seer", HOME, flexible=("nebula-sensors",))
    run(state, {0: "move Seer, Vigilant to BXL\nmove Pathfinder to BXL\n"})
    f = state.factions[0]
    assert unit(f, "Seer").system == "BXL" and unit(f, "Vigilant").system == "BXL"  # guided in
    assert unit(f, "Pathfinder").system == HOME  # alone, it turns back


def test_ANOM_01_ANOM_02_the_S13_5_example_three_level_2_sensors_study_rating_11_in_two_turns() -> None:
    from starlanes.games.star_kingdoms.campaign import FittedModule

    state = campaign()
    g = state.galaxy
    state.galaxy = Galaxy(schema=g.schema, name=g.name, wormholes=g.wormholes, systems=tuple(
        msgspec.structs.replace(s, anomalies=tuple(msgspec.structs.replace(a, rating=11) for a in s.anomalies))
        if s.id == HOME else s for s in g.systems))
    f = state.factions[0]
    anomaly = next(a for s in state.galaxy.systems if s.id == HOME for a in s.anomalies)
    assert anomaly.id in state.knowledge[f.id].anomalies  # the homeworld's sensors see it
    scholar = put(state, 0, "survey-probe", "Scholar", HOME)
    scholar.modules = tuple(m for m in scholar.modules if m.module != "deep-space-sensors") + (
        FittedModule(module="deep-space-sensors", tl=2),) * 3
    (ok, why), = verdicts(state, f'study "{anomaly.name}" with Vigilant\n')
    assert not ok and "deep space sensors" in why
    run(state, {0: f'study "{anomaly.name}" with Scholar\n'})
    assert f.constructions[0].progress == 6
    assert state.knowledge[f.id].anomalies[anomaly.id].result == ""
    run(state)
    assert not f.constructions and state.knowledge[f.id].anomalies[anomaly.id].result
    assert any("study of" in i.subject for i in state.gm_queue)  # the content has no result: the GM writes it


def test_TOW_01_TOW_02_MOV_12_a_tug_tows_a_ship_that_cannot_jump() -> None:
    state = campaign()
    f = state.factions[0]
    hulk = put(state, 0, "patrol-ship", "Hulk", HOME)
    hulk.modules = tuple(m for m in hulk.modules if m.module != "flux-stabiliser")  # Stability 0
    put(state, 0, "patrol-ship", "Tug", HOME, flexible=("towing-gear",))  # Tug Power 1
    (ok, why), = verdicts(state, "move Hulk to BXL\n")
    assert not ok and "Stability is 0" in why
    (ok, why), = verdicts(state, "tow Hulk with Vigilant to BXL\n")
    assert not ok and "Tug Power 0" in why
    run(state, {0: "tow Hulk with Tug to BXL\n"})
    assert unit(f, "Hulk").system == "BXL" and unit(f, "Tug").system == "BXL"
    assert unit(f, "Hulk").mission == ""


def test_CONS_07_VIS_05_a_remote_sensor_sees_its_system_as_a_ship_would() -> None:
    from starlanes.games.star_kingdoms.tech import gain
    from starlanes.games.star_kingdoms.warfare import sightings_of

    state = campaign()
    f = state.factions[0]
    put(state, 0, "constructor", "Mason", "BXL")  # two Space Construction Gear at TL 1
    state.knowledge[f.id] = passive_survey(state.knowledge[f.id], galaxy_index(state.galaxy), "BXL", state.turn)
    (ok, why), = verdicts(state, "construct remote sensor with Mason\n")
    assert not ok and "Remote Sensors technology" in why
    f.tech = gain(CAT, f.tech, "remote-sensors")
    run(state, {0: "construct remote sensor with Mason\n"})
    spent = [e.amount for e in report(state).ledger.entries if e.label.startswith("Remote Sensor")]
    assert spent == [5 * 5]  # 5 x CR 5, up front (CONS-03)
    run(state)
    assert not f.remote_sensors and f.constructions[0].progress == 4
    run(state)
    assert f.remote_sensors == ["BXL"] and not f.constructions  # 2 + 2 + 2 >= 5: three turns
    run(state, {0: "move Mason to WRQ\n"})
    put(state, 1, "patrol-ship", "Lurker", "BXL")
    assert [(s.system, s.label) for s in sightings_of(state, CAT, f)] == [("BXL", "Patrol Ship")]


def test_MOV_08_CONS_07_a_wormhole_stabiliser_lowers_instability_by_one() -> None:
    from starlanes.games.star_kingdoms.movement import instability
    from starlanes.games.star_kingdoms.tech import gain

    state = campaign()
    f = state.factions[0]
    set_wormhole(state, "WRQ-BXL", instability=2)
    put(state, 0, "constructor", "Mason", HOME)
    f.tech = gain(CAT, f.tech, "wormhole-stabilisers")
    run(state, {0: "construct stabiliser towards BXL with Mason\n"})
    assert [e.amount for e in report(state).ledger.entries if e.label.startswith("Wormhole")] == [5 * 20]
    for _ in range(20):
        if state.stabilisers:
            break
        run(state)
    assert state.stabilisers == ["WRQ-BXL@WRQ"] and instability(state, "WRQ-BXL") == 1
    assert verdicts(state, "move Vigilant to BXL\n")[0][0]  # Stability 1 now crosses
    (ok, why), = verdicts(state, "construct stabiliser towards BXL with Mason\n")
    assert not ok and "one per end" in why
    state.stabilisers.append("WRQ-BXL@BXL")
    set_wormhole(state, "WRQ-BXL", instability=5)
    assert instability(state, "WRQ-BXL") == 3  # both ends: -2
