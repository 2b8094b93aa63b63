"""The turn pipeline (pipeline.py): the eight steps in order, income, progress, completion, missed turns."""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.test_campaign import campaign, faction, home, hw, report, run

from starlanes.games.star_kingdoms import pipeline
from starlanes.games.star_kingdoms.campaign import CampaignParams, Colony, Unit
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.creation import place_homeworld
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.galaxy import Planet
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.projects import Project


def test_TURN_01_the_eight_steps_in_their_fixed_order() -> None:
    assert [name for name, _ in pipeline.STEPS] == [
        "start", "income", "travel", "space-combat", "bombardment", "ground-combat", "progress", "completion"]
    calls: list[str] = []
    state = campaign()
    original = pipeline.STEPS
    try:
        pipeline.STEPS = tuple((n, lambda t, n=n: calls.append(n)) for n, _ in original)  # type: ignore[misc]
        pipeline.process_turn(state, {})
    finally:
        pipeline.STEPS = original
    assert calls == [n for n, _ in original]


def test_TURN_02_part_2_steps_change_nothing_in_part_1() -> None:
    """Steps 3-6 (travel, space combat, bombardment, ground combat) are part 2's: no-ops here."""
    state = campaign()
    turn = pipeline.Turn(state=state, orders={}, catalogue=load_catalogue())
    before = msgspec.json.encode(state)
    for step in (pipeline.step_travel, pipeline.step_space_combat, pipeline.step_bombardment,
                 pipeline.step_ground_combat):
        step(turn)
    assert msgspec.json.encode(state) == before


def test_TURN_02_completion_is_the_last_stage_and_new_districts_earn_next_turn() -> None:
    """A district completed this turn is not counted in this turn's income (step 2 < step 8, Amb#120)."""
    state = campaign()
    name = hw(state)
    home(state).districts = Districts(industrial=2, academic=2, shipyard=1, military=3)
    run(state, {0: f"build shipyard district on {name}\nrush industrial project on {name} x 2\n"})
    assert home(state).districts.shipyard == 2
    assert report(state).economy.er.total == 8 * 4 + 6  # type: ignore[union-attr]  # 2+2+1+3 before completion
    run(state)
    assert report(state).economy.er.total == 9 * 4 + 6  # type: ignore[union-attr]


def test_ECO_mars_example_pe_34_and_income_340() -> None:
    """S3.2: Mars, MR 5, Industrial 2, Academic 1, Shipyard 2, Military 1: PE 24 + 10 = 34."""
    state = campaign()
    f = faction(state)
    state.galaxy = place_homeworld(state.galaxy, f.homeworld, f.native, 5)
    home(state).districts = Districts(industrial=2, academic=1, shipyard=2, military=1)
    credits = f.credits
    run(state)
    pe = report(state).economy.planets[0].pe  # type: ignore[union-attr]
    assert (pe.districts, pe.minerals, pe.total) == (24, 10, 34)
    assert faction(state).credits == credits + 340


def test_ECO_01_ECO_04_ECO_05_every_colony_has_pe_and_income_is_10_er() -> None:
    state = campaign()
    f = faction(state)
    gi = galaxy_index(state.galaxy)
    other = next(p for p in gi.systems[gi.planet_system[f.homeworld]].planets if p.id != f.homeworld)
    f.colonies.append(Colony(planet=other.id, districts=Districts(industrial=1), founded=1))
    run(state)
    lines = report(state).economy.planets  # type: ignore[union-attr]
    assert [line.planet for line in lines] == [f.homeworld, other.id]
    assert lines[1].pe.total == 4 + other.mineral_rating
    er = report(state).economy.er  # type: ignore[union-attr]
    assert er.total == lines[0].pe.total + lines[1].pe.total
    assert report(state).economy.income == 10 * er.total  # type: ignore[union-attr]


def test_SYS_11_a_moon_colony_works_like_a_planet() -> None:
    state = campaign()
    f = faction(state)
    gi = galaxy_index(state.galaxy)
    moon = Planet(id="test-moon", name="Test Moon", kind="moon", biosphere="desolate", mineral_rating=2)
    system = gi.systems[gi.planet_system[f.homeworld]]
    systems = tuple(msgspec.structs.replace(s, planets=(*s.planets, moon)) if s.id == system.id else s
                    for s in state.galaxy.systems)
    state.galaxy = msgspec.structs.replace(state.galaxy, systems=systems)
    f.colonies.append(Colony(planet="test-moon", districts=Districts(industrial=1)))
    run(state)
    assert report(state).economy.planets[1].pe.total == 4 + 2  # type: ignore[union-attr]


def test_ECO_07_ECO_08_devastation_and_blockade_in_the_income() -> None:
    state = campaign()
    home(state).devastation = 2
    home(state).blockade = 3
    run(state)
    pe = report(state).economy.planets[0].pe  # type: ignore[union-attr]
    assert pe.before_blockade == 30 - 4 and pe.total == 19  # 26 x 0.7 = 18.2, rounded up (ruling 4)


def test_DIST_04_ECO_10_logistics_deficit_costs_er() -> None:
    """Shipyard 1 gives 5 FLP; ships beyond it cost 1 ER per point short (LOG-01..03)."""
    state = campaign()
    f = faction(state)
    for i in range(3):
        f.units.append(Unit(id=f"extra-{i}", name=f"Extra {i}", unit="ship", class_id="patrol-ship", level=2,
                            system="x"))
    run(state)
    economy = report(state).economy
    assert economy is not None and economy.logistics is not None
    assert (economy.logistics.flp_capacity, economy.logistics.flp_used) == (5, 2 + 9)
    assert economy.er.logistics_deficit == 6 and economy.er.total == 30 - 6


def test_DIST_02_industrial_progress_and_PROJ_04_PROJ_07_three_level_ship_in_five_turns() -> None:
    """S7.1: an L3 ship (target 9) at Shipyard 2 gains 2 a turn and completes on the 5th turn."""
    state = campaign()
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "ship-construction": 3})
    home(state).districts = Districts(industrial=2, academic=2, shipyard=2, military=1)
    run(state, {0: f"build ship heavy cruiser on {hw(state)} named Bulwark\n"})
    for turn in range(2, 6):
        assert not any(u.name == "Bulwark" for u in faction(state).units), turn
        run(state)
    assert any(u.name == "Bulwark" for u in faction(state).units)
    assert [p.progress for p in report(state).projects] == [10]
    assert report(state).projects[0].status == "completed"


def test_TURN_05_a_missed_turn_starts_nothing_and_projects_continue() -> None:
    state = campaign()
    run(state, {0: f"build shipyard district on {hw(state)}\n"})
    run(state)  # no orders
    r = report(state)
    assert not r.submitted and faction(state).missed == 1
    assert any(n.rule == "TURN-05" for n in r.notices)
    assert r.projects[0].status == "completed" and home(state).districts.shipyard == 2


def test_TURN_03_completion_order_defensive_first() -> None:
    """Ruling 7: Rebuild and Repair completes before a research project of the same turn."""
    state = campaign()
    colony = home(state)
    colony.devastation = 3
    colony.projects["academic"] = Project(kind="research-core-technology", district="academic", level=2, target=1,
                                          paid=0, detail={"tech": "sensors", "design_class": ""})
    colony.projects["industrial"] = Project(kind="rebuild-and-repair", district="industrial", level=1, target=1,
                                            paid=0)
    run(state)
    assert [p.kind for p in report(state).projects] == ["rebuild-and-repair", "research-core-technology"]


def test_amb_84_a_project_pauses_while_its_district_is_gone() -> None:
    state = campaign()
    run(state, {0: f"build ship patrol ship on {hw(state)}\nresearch sensors on {hw(state)}\n"})
    home(state).districts = Districts(industrial=2, academic=0, shipyard=1, military=1)
    run(state)
    lines = {p.kind: p for p in report(state).projects}
    assert lines["research-core-technology"].status == "stalled"
    assert lines["research-core-technology"].progress == 2


def test_MISC_03_same_seed_and_orders_same_campaign() -> None:
    def play() -> bytes:
        state = new_campaign(CampaignParams(), 2, 9)
        for _ in range(4):
            run(state, {0: f"research sensors on {hw(state)}\n" if "academic" not in home(state).projects else "",
                        1: ""})
        return msgspec.json.encode(state)

    assert play() == play()


def test_knowledge_is_kept_in_the_state() -> None:
    state = campaign()
    run(state)
    k = state.knowledge[faction(state).id]
    assert faction(state).homeworld in k.planets
    assert k.planets[faction(state).homeworld].owner == faction(state).id


def test_PROJ_07_PROJ_09_the_rules_mars_cruiser_450_credits_rushed_a_turn_early() -> None:
    """S7.1-S7.2: an L3 cruiser on Mars costs 450; Shipyard 2 gives 2 a turn; three turns later it has 6/9;
    one rush (75) brings it to 9 and it completes that turn instead of the next."""
    state = campaign()
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "ship-construction": 3})
    f.credits = 1000
    home(state).districts = Districts(industrial=2, academic=1, shipyard=2, military=1)
    run(state, {0: f"build ship heavy cruiser on {hw(state)} named Mars Guard\n"})
    assert report(state).ledger.entries[0].amount == 450
    run(state)
    run(state)
    assert home(state).projects["shipyard"].progress == 6
    run(state, {0: f"rush shipyard project on {hw(state)}\n"})
    assert any(u.name == "Mars Guard" for u in faction(state).units)
    line = report(state).projects[0]
    assert (line.progress_before, line.progress, line.rushes, line.status) == (6, 9, 1, "completed")
