"""Off-world works (war/constructions.py): the App A constructions built by units, pausing (O68),
collaboration across nations (CONS-05, ANOM-04), destroying installations (O80), studied anomalies'
yields (ANOM-03), outpost and operation progress applied to studies (ORG-13, OP-S3); rulings 230-249."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import campaign, hw, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, unit, verdicts

from starlanes.games.star_kingdoms.campaign import AnomalyYield, CampaignState, FittedModule, Unit
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey
from starlanes.games.star_kingdoms.orgs import found_branch
from starlanes.games.star_kingdoms.pipeline import faction_economy
from starlanes.games.star_kingdoms.tech import gain
from starlanes.games.star_kingdoms.war.constructions import WorkProblem, set_anomaly_yield

ANOMALY = "wrq-anomaly"
"""The space anomaly of seat 0's home system (rating 20, Deep Space Sensors)."""


def gear(u: Unit, module: str, tl: int, count: int) -> Unit:
    """Replace the unit's ``module`` fits by ``count`` of them at ``tl``."""
    u.modules = tuple(m for m in u.modules if m.module != module) + (FittedModule(module=module, tl=tl),) * count
    return u


def see(state: CampaignState, seat: int, system: str) -> None:
    f = state.factions[seat]
    state.knowledge[f.id] = passive_survey(state.knowledge[f.id], galaxy_index(state.galaxy), system, state.turn)


def notices(state: CampaignState, seat: int = 0) -> str:
    return " | ".join(n.text for n in report(state, seat).notices)


def test_SYS_06_CONS_07_an_asteroid_mining_facility_adds_its_belt_to_the_economy_rating() -> None:
    state = campaign()
    f = state.factions[0]
    put(state, 0, "constructor", "Miner", "LOD")  # two Space Construction Gear at TL 1: 2 a turn
    see(state, 0, "LOD")
    (ok, why), = verdicts(state, 'construct mining facility at "LOD Belt" with Miner\n')
    assert not ok and "Asteroid Mining technology" in why
    f.tech = gain(CAT, f.tech, "asteroid-mining")
    (ok, why), = verdicts(state, 'construct mining facility at "Nowhere Belt" with Miner\n')
    assert not ok and "LOD Belt" in why  # the belts there are named
    before = faction_economy(state, f).er
    run(state, {0: 'construct mining facility at "LOD Belt" with Miner\n'})
    assert [e.amount for e in report(state).ledger.entries if "Mining Facility" in e.label] == [5 * 10]
    turns = 1
    while "lod-belt" not in state.mining_facilities:
        run(state)
        turns += 1
    assert turns == 5 and state.mining_facilities == {"lod-belt": f.id}  # CR 10 at 2 a turn
    er = faction_economy(state, f).er
    assert er.mining == 4 and er.total == before.total + 4  # the belt's Mineral Rating (SYS-06, ECO-09)
    (ok, why), = verdicts(state, 'construct mining facility at "LOD Belt" with Miner\n')
    assert not ok and "one per belt" in why


def test_CONS_07_PROJ_S5_an_orbital_repair_yard_around_an_own_world_opens_the_repair_slot() -> None:
    state = campaign()
    f = state.factions[0]
    f.tech = gain(CAT, f.tech, "orbital-repair-yards")
    gear(put(state, 0, "constructor", "Dock", HOME), "space-construction-gear", 5, 2)  # 10 a turn
    (ok, why), = verdicts(state, 'construct repair yard at "WRQ I" with Dock\n')
    assert not ok and "is not yours" in why
    (ok, why), = verdicts(state, f'repair ships Vigilant on "{hw(state)}" at level 1 in orbital yard\n')
    assert not ok and "no Orbital Repair Yard" in why
    run(state, {0: f'construct repair yard at "{hw(state)}" with Dock\n'})
    assert f.constructions[0].progress == 10 and not f.colony(f.homeworld).orbital_yard  # type: ignore[union-attr]
    run(state)
    assert f.colony(f.homeworld).orbital_yard and not f.constructions  # type: ignore[union-attr]
    vigilant = unit(f, "Vigilant")
    vigilant.damage = 2
    run(state, {0: f'repair ships Vigilant on "{hw(state)}" at level 1 in orbital yard\n'})
    assert vigilant.damage == 0  # the yard's repair-only slot works as a level 1 Shipyard (PROJ-S5)
    (ok, why), = verdicts(state, f'construct repair yard at "{hw(state)}" with Dock\n')
    assert not ok and "one per planet" in why


def test_O80_CONS_07_an_uncontested_armed_unit_destroys_a_repair_yard_and_remote_sensors() -> None:
    state = campaign()
    f0, f1 = state.factions
    colony = f1.colony(f1.homeworld)
    assert colony is not None
    colony.orbital_yard = True
    f1.remote_sensors = [HOME]
    there = galaxy_index(state.galaxy).planet_system[f1.homeworld]
    for u in f1.units:
        u.system, u.planet = HOME, ""  # seat 1's fleet leaves its home for seat 0's
    raider = put(state, 0, "patrol-ship", "Raider", there)
    see(state, 0, there)
    (ok, why), = verdicts(state, f'destroy repair yard at "{hw(state, 1)}" with Mason\n')
    assert not ok and "unknown unit" in why
    probe = put(state, 0, "survey-probe", "Probe", there)
    (ok, why), = verdicts(state, f'destroy repair yard at "{hw(state, 1)}" with Probe\n')
    assert not ok and "armed unit" in why
    assert probe.mission == ""
    relate(state, 0, 1, "wary", "wary")
    # Seat 0 at home is contested by seat 1's armed ships there: the sensor stands (CONT-05).
    vigilant = unit(f0, "Vigilant")
    run(state, {0: f'destroy repair yard at "{hw(state, 1)}" with Raider\ndestroy remote sensors with Vigilant\n'})
    assert not colony.orbital_yard and raider.mission == ""
    assert f1.remote_sensors == [HOME] and "not done" in notices(state)
    assert "Orbital Repair Yard" in notices(state, 1)
    for u in f1.units:
        u.system = there
    run(state, {0: "destroy remote sensors with Vigilant\n"})
    assert f1.remote_sensors == [] and vigilant.mission == ""


def test_CONS_07_a_strip_mine_on_an_uninhabited_world_pays_three_times_its_mineral_rating() -> None:
    state = campaign()
    f = state.factions[0]
    see(state, 0, "BXL")
    f.tech = gain(CAT, gain(CAT, f.tech, "offworld-construction"), "strip-mining") if not f.tech.has(
        "offworld-construction") else gain(CAT, f.tech, "strip-mining")
    gang = gear(put(state, 0, "construction-gang", "Diggers", "BXL", planet="bxl-2"), "engineering-corps", 5, 3)
    put(state, 0, "construction-gang", "Loafers", "BXL")
    (ok, why), = verdicts(state, 'construct strip mine on "BXL II" with Loafers\n')
    assert not ok and "not a detachment on BXL II" in why
    run(state, {0: 'construct strip mine on "BXL II" with Diggers\n'})
    assert f.constructions[0].progress == 15 and gang.mission == "build:strip-mine:bxl-2"
    run(state)
    assert state.strip_mines == {"bxl-2": f.id}
    assert faction_economy(state, f).er.strip_mines == 3 * 2
    (ok, why), = verdicts(state, 'construct strip mine on "BXL II" with Diggers\n')
    assert not ok and "one each" in why


def test_O68_CONS_02_a_work_pauses_when_its_units_get_another_order_and_resumes_free() -> None:
    state = campaign(remote_sensor_rating=9)
    f = state.factions[0]
    f.tech = gain(CAT, f.tech, "remote-sensors")
    mason = put(state, 0, "constructor", "Mason", "BXL")
    see(state, 0, "BXL")
    run(state, {0: "construct remote sensor with Mason\n"})
    job = f.constructions[0]
    assert job.progress == 2
    run(state, {0: "pause work on BXL\n"})  # explicit pause: the progress stays, the ship is free
    assert job.progress == 2 and mason.mission == "" and "paused at 2/9" in notices(state)
    run(state, {0: 'resume work on "Remote Sensor in BXL" with Mason\n'})
    assert job.progress == 4 and report(state).ledger.entries[-1].kind != "spend"
    run(state, {0: "move Mason to WRQ\n"})  # another order pauses it (Amb#119)
    assert job.progress == 4 and mason.mission == ""
    (ok, why), = verdicts(state, "resume work on BXL with Mason\n")
    assert not ok and "not where" in why
    run(state, {0: "move Mason to BXL\n"})
    credits = f.credits
    run(state, {0: "construct remote sensor with Mason\n"})  # the construct order resumes it too
    assert job.progress == 6 and "resumed at 4/9" in report(state).orders[0].reason
    assert not [e for e in report(state).ledger.entries if e.label.startswith("Remote Sensor")]
    assert f.credits >= credits
    (ok, why), = verdicts(state, "pause work on Nowhere\n")
    assert not ok and "Remote Sensor in BXL" in why


def test_CONS_05_Amb113_a_foreign_helper_adds_its_gear_only_when_both_agree_and_both_have_the_tech() -> None:
    state = campaign(remote_sensor_rating=10)
    f0, f1 = state.factions
    relate(state, 0, 1, "friendly", "friendly")
    f0.tech = gain(CAT, f0.tech, "remote-sensors")
    put(state, 0, "constructor", "Mason", "BXL")
    helper = put(state, 1, "constructor", "Helper", "BXL")
    see(state, 0, "BXL")
    (ok, why), = verdicts(state, f'assist "{f0.name}" on BXL with Helper\n', seat=1)
    assert not ok and "Collaborative" in why
    f1.tech = gain(CAT, f1.tech, "collaborative-construction")
    run(state, {0: "construct remote sensor with Mason\n", 1: f'assist "{f0.name}" on BXL with Helper\n'})
    job = f0.constructions[0]
    assert job.progress == 2 and helper.mission == ""  # not accepted: no help (Amb#113), one turn only
    assert "help to Zabanian Empire on 'BXL' was not used" in notices(state, 1)
    (ok, why), = verdicts(state, f'accept help from "{f1.name}" on BXL\n')
    assert not ok and "Collaborative Construction" in why
    f0.tech = gain(CAT, f0.tech, "collaborative-construction")
    both = {0: f'accept help from "{f1.name}" on BXL\n', 1: f'assist "{f0.name}" on BXL with Helper\n'}
    run(state, both)
    assert job.progress == 6 and job.contributors == [f1.id] and job.partners == []
    run(state, both)
    assert f0.remote_sensors == ["BXL"] and f1.remote_sensors == []  # the primary owns what is built


def test_ANOM_04_collaborative_study_teaches_every_contributor_and_leaves_physical_rewards_to_the_primary() -> None:
    state = campaign()
    f0, f1 = state.factions
    relate(state, 0, 1, "friendly", "friendly")
    for f in (f0, f1):
        f.tech = gain(CAT, f.tech, "collaborative-anomaly-study")
    gear(put(state, 0, "survey-probe", "Scholar", HOME), "deep-space-sensors", 2, 3)  # 6 a turn
    gear(put(state, 1, "survey-probe", "Guest", HOME), "deep-space-sensors", 2, 2)  # 4 a turn
    run(state, {0: 'study "WRQ Gravity Knot" with Scholar\naccept help from "Kethri Concord" on "WRQ Gravity Knot"\n',
                1: 'assist "Zabanian Empire" on "WRQ Gravity Knot" with Guest\n'})
    assert f0.constructions[0].progress == 10
    run(state, {0: 'accept help from "Kethri Concord" on wrq-anomaly\n',
                1: 'assist "Zabanian Empire" on wrq-anomaly with Guest\n'})
    assert not f0.constructions
    for f in (f0, f1):
        assert state.knowledge[f.id].anomalies[ANOMALY].result  # knowledge to every contributor
    item = state.gm_queue[-1]
    assert item.faction == f0.id and "physical rewards go to Zabanian Empire" in item.subject


def test_ANOM_03_a_studied_anomaly_pays_while_the_nation_holds_the_outpost_uncontested() -> None:
    state = campaign()
    f0, f1 = state.factions
    said = set_anomaly_yield(state, "WRQ Gravity Knot", {"physics": 2}, 30)  # the GM's (Amb#41)
    assert state.anomaly_yields[ANOMALY] == AnomalyYield(science={"physics": 2}, credits=30) and "2 physics" in said
    k = state.knowledge[f0.id]
    state.knowledge[f0.id] = msgspec.structs.replace(k, anomalies={
        **k.anomalies, ANOMALY: msgspec.structs.replace(k.anomalies[ANOMALY], result="a knot of gravity")})
    run(state)
    assert not [c for c in report(state).science.changes if c.label.startswith("WRQ Gravity Knot")]  # no outpost yet
    world, _ = found_branch(state.organisations.world, org=f1.orgs[0].id, faction=f1.id, org_type="trade",
                            kind="branch", site="outpost", system=HOME, turn=state.turn)
    state.organisations = msgspec.structs.replace(state.organisations, world=world)
    run(state)
    assert not [c for c in report(state).science.changes if "ANOM-03" in c.label]  # seat 1 holds it, never studied it
    world = msgspec.structs.replace(world, outposts=tuple(msgspec.structs.replace(o, owner=f0.id)
                                                          for o in world.outposts))
    state.organisations = msgspec.structs.replace(state.organisations, world=world)
    physics = f0.tech.sp.get("physics")
    run(state)
    assert f0.tech.sp.get("physics") == physics + 2
    assert [e.amount for e in report(state).ledger.entries if "ANOM-03" in e.label] == [30]
    relate(state, 0, 1, "wary", "wary")
    for u in f0.units:
        u.system = "BXL"
    put(state, 1, "patrol-ship", "Intruder", HOME)  # seat 0 is contested there now (CONT-05)
    run(state)
    assert not [e for e in report(state).ledger.entries if "ANOM-03" in e.label]
    assert "no yield this turn, contested" in notices(state)


def test_ORG_13_outpost_science_progress_goes_into_the_study_until_it_is_done() -> None:
    state = campaign()
    f0 = state.factions[0]
    org = f0.orgs[0]
    world, _ = found_branch(state.organisations.world, org=org.id, faction=f0.id, org_type="science",
                            kind="branch", site="outpost", system=HOME, turn=state.turn)
    state.organisations = msgspec.structs.replace(state.organisations, world=world)
    sensors = f0.tech.level("sensors")
    assert sensors >= 1
    run(state)
    job = f0.constructions[0]
    assert (job.kind, job.target, job.progress) == ("study", ANOMALY, sensors)  # a study is opened
    gear(put(state, 0, "survey-probe", "Scholar", HOME), "deep-space-sensors", 5, 4)
    run(state, {0: 'study "WRQ Gravity Knot" with Scholar\n'})
    assert not f0.constructions and state.knowledge[f0.id].anomalies[ANOMALY].result
    run(state)
    assert not f0.constructions  # studied: the branch has nothing left to study there


def test_OP_S3_Amb125_an_operations_progress_is_applied_to_the_study() -> None:
    from starlanes.games.star_kingdoms.operations import AnomalyProgress, OpOutcome
    from starlanes.games.star_kingdoms.pipeline import Turn, _apply_outcome
    from starlanes.games.star_kingdoms.report import ReportBuilder

    state = campaign()
    f0 = state.factions[0]
    turn = Turn(state=state, orders={}, catalogue=CAT)
    turn.builders[f0.id] = ReportBuilder(f0.id, turn=state.turn, opening=f0.credits, sp=f0.tech.sp)
    queue = len(state.gm_queue)
    outcome = OpOutcome(world=state.organisations.world, success=True,
                        effects=(AnomalyProgress(faction=f0.id, anomaly=ANOMALY, amount=12),))
    _apply_outcome(turn, outcome, frozenset())
    assert f0.constructions[0].progress == 12 and len(state.gm_queue) == queue  # no GM item: applied
    _apply_outcome(turn, outcome, frozenset())
    assert not f0.constructions and state.knowledge[f0.id].anomalies[ANOMALY].result
    _apply_outcome(turn, outcome, frozenset())
    assert not f0.constructions  # studied already: nothing more


def test_SALV_03_an_anomaly_that_needs_salvage_rigs_is_studied_by_them_alone() -> None:
    state = campaign()
    f0 = state.factions[0]
    g = state.galaxy
    state.galaxy = msgspec.structs.replace(g, systems=tuple(
        msgspec.structs.replace(s, anomalies=tuple(msgspec.structs.replace(a, needs=("salvage-rig",), rating=3)
                                                   for a in s.anomalies)) if s.id == HOME else s
        for s in g.systems))
    put(state, 0, "survey-probe", "Eye", HOME)
    put(state, 0, "patrol-ship", "Magpie", HOME, flexible=("salvage-rig",))
    (ok, why), = verdicts(state, 'study "WRQ Gravity Knot" with Eye\n')
    assert not ok and "salvage rig" in why
    run(state, {0: 'study "WRQ Gravity Knot" with Magpie\n'})
    for _ in range(3):
        if not f0.constructions:
            break
        run(state)
    assert not f0.constructions and state.knowledge[f0.id].anomalies[ANOMALY].result


def test_SYS_07_ground_anomalies_are_studied_on_their_planet_and_give_the_gm_authored_result() -> None:
    from starlanes.games.star_kingdoms.galaxy import Anomaly
    state = campaign()
    f0 = state.factions[0]
    g = state.galaxy
    ruin = Anomaly(id="bxl-ruin", name="Old Ruin", domain="ground", planet="bxl-1", rating=4, visible_from_space=True,
                   result="a buried archive: +10 xenology")
    state.galaxy = msgspec.structs.replace(g, systems=tuple(
        msgspec.structs.replace(s, anomalies=(*s.anomalies, ruin)) if s.id == "BXL" else s for s in g.systems))
    see(state, 0, "BXL")  # seen from space; still studied only by survey teams on the ground (S12 L732)
    assert "bxl-ruin" in state.knowledge[f0.id].anomalies
    diggers = put(state, 0, "survey-team", "Diggers", "BXL", planet="bxl-1")
    put(state, 0, "survey-team", "Strollers", "BXL", planet="bxl-3")
    (ok, why), = verdicts(state, 'study "Old Ruin" with Strollers\n')
    assert not ok and "BXL I" in why  # on its planet only
    run(state, {0: 'study "Old Ruin" with Diggers\n'})
    per_turn = sum(m.tl for m in diggers.modules if m.module == "planetary-survey-corps")
    assert 0 < per_turn < 4 and f0.constructions[0].progress == per_turn
    assert not state.knowledge[f0.id].anomalies["bxl-ruin"].result
    while f0.constructions:
        run(state)
    assert state.knowledge[f0.id].anomalies["bxl-ruin"].result == "a buried archive: +10 xenology"
    assert "Study of Old Ruin complete: a buried archive" in notices(state)


def test_COL_06_CULT_03_OP_R5_a_colony_copies_its_closest_world_at_minus_one_plus_its_sponsors() -> None:
    from starlanes.games.star_kingdoms.campaign import Construction

    state = campaign()
    f0 = state.factions[0]
    home_colony = f0.colony(f0.homeworld)
    assert home_colony is not None
    home_colony.principles = {"Order": 3, "Trade": 1}
    f0.constructions.append(Construction(kind="colonise", target="wrq-1", rating=2, sponsors=["Faith"]))
    settlers = put(state, 0, "construction-gang", "Settlers", HOME, planet="wrq-1")
    settlers.mission = "build:wrq-1"
    run(state)
    colony = f0.colony("wrq-1")
    assert colony is not None and colony.districts.industrial == 1  # COL-01
    # Order 3 -> 2 and Trade 1 -> gone (copied at -1, CULT-03); the sponsor's Faith at 1 (OP-R5).
    assert colony.principles == {"Order": 2, "Faith": 1}


def test_LOG_04_no_credit_upkeep_and_militia_cost_no_logistics() -> None:
    state = campaign()
    f0 = state.factions[0]
    for i in range(6):
        put(state, 0, "heavy-cruiser", f"Cruiser {i}", HOME)  # far beyond the logistics capacity
    colony = f0.colony(f0.homeworld)
    assert colony is not None
    before = faction_economy(state, f0)
    colony.militia = 9  # militia standing during an invasion
    after = faction_economy(state, f0)
    assert after.logistics == before.logistics and before.logistics is not None and before.logistics.deficit > 0
    credits = f0.credits
    run(state)
    ledger = report(state).ledger
    assert {e.kind for e in ledger.entries} == {"income"}  # no maintenance line of any kind
    assert f0.credits == credits + ledger.total("income")


def test_DIST_05_BOMB_03_military_districts_give_5_evasion_a_level_against_bombardment() -> None:
    from starlanes.games.star_kingdoms.war.planet import planet_evasion

    assert [planet_evasion(level) for level in range(4)] == [0, 5, 10, 15]
    assert planet_evasion(2, shield=True) == 20  # the Planetary Shield's +10 on top (PDEF-05)
    assert planet_evasion(30) == 80  # the Evasion cap


def test_ANOM_03_the_gm_sets_a_yield_and_bad_input_changes_nothing() -> None:
    state = campaign()
    for args, why in ((("Nowhere", {}, 1), "Nowhere"), (("WRQ Gravity Knot", {"alchemy": 1}, 0), "alchemy"),
                      (("WRQ Gravity Knot", {"physics": -1}, 0), "0 or more"),
                      (("WRQ Gravity Knot", {}, -5), "0 or more")):
        with pytest.raises(WorkProblem, match=why):
            set_anomaly_yield(state, *args)
    assert state.anomaly_yields == {}
    set_anomaly_yield(state, "wrq-anomaly", {"xenology": 1, "physics": 0}, 0)
    assert state.anomaly_yields[ANOMALY] == AnomalyYield(science={"xenology": 1})
    assert "nothing" in set_anomaly_yield(state, "wrq-anomaly", {}, 0) and state.anomaly_yields == {}
