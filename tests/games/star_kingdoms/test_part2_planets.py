"""Part 2, planets under attack (warfare.py): blockades, bombardment, Devastation, planetary defences,
landings, ground war, militia and capture (BLK-*, BOMB-*, DEV-*, PDEF-*, INV-*, GRND-*, MIL-*, Amb#75)."""

from __future__ import annotations

import dataclasses

from tests.games.star_kingdoms.test_campaign import campaign, hw, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate

from starlanes.games.star_kingdoms.campaign import CampaignState, Colony, Prisoner
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey
from starlanes.games.star_kingdoms.pipeline import Turn, step_bombardment, step_start
from starlanes.games.star_kingdoms.projects import Project
from starlanes.games.star_kingdoms.report import ReportBuilder
from starlanes.games.star_kingdoms.war.ground import militia_count
from starlanes.games.star_kingdoms.warfare import _carried, uncontested


def siege(stance: str = "hostile", ships: int = 3) -> CampaignState:
    """Seat 1's ships in space over seat 0's homeworld, seat 0's ships gone; seat 1 knows the system."""
    state = campaign()
    relate(state, 1, 0, stance, "neutral")  # type: ignore[arg-type]
    f0, f1 = state.factions
    f0.units = [u for u in f0.units if u.unit == "detachment"]
    for i in range(ships):
        put(state, 1, "patrol-ship", f"Raider {i + 1}", HOME)
    state.knowledge[f1.id] = passive_survey(state.knowledge[f1.id], galaxy_index(state.galaxy), HOME, state.turn)
    return state


def attacks(state: CampaignState, seat: int) -> str:
    return "\n".join(a.text for a in report(state, seat).attacks)


def test_BLK_01_O69_only_armed_ships_of_a_nation_in_the_system_may_blockade() -> None:
    state = siege()
    put(state, 1, "survey-probe", "Eye", HOME)
    name = hw(state)
    results = check_orders(state, 1, f"blockade {name} with Eye\nblockade {name} with Raider 1\n"
                                     f"blockade {hw(state, 1)} with Raider 1\n")
    assert [x.accepted for x in results] == [False, True, False]
    assert "unarmed" in results[0].reason and "own planet" in results[2].reason


def test_BLK_02_BLK_03_the_rating_counts_blockaders_and_cuts_PE_from_next_turn() -> None:
    state = siege("neutral")
    name = hw(state)
    run(state, {1: f"blockade {name} with Raider 1, Raider 2\n"})
    home = state.factions[0].colonies[0]
    assert home.blockade == 2
    assert "blockaded by 2 ship(s)" in attacks(state, 0)
    before = report(state, 0).economy.planets[0].pe  # type: ignore[union-attr]
    assert before.blockade_loss == 0  # this turn's income came before step 5 (Amb#81)
    run(state)
    pe = report(state, 0).economy.planets[0].pe  # type: ignore[union-attr]
    assert pe.blockade_loss > 0 and pe.total == -(-pe.before_blockade * 80 // 100)  # x (1 - 0.1 x 2), rounded up
    assert home.blockade == 2  # the order stands until changed
    run(state, {1: "hold Raider 1, Raider 2\n"})
    assert home.blockade == 0


def test_CONT_01_CONT_02_uncontested_by_relationship_and_arms() -> None:
    state = siege("neutral")
    f0, f1 = state.factions
    assert uncontested(state, CAT, f1, HOME)  # CONT-01
    put(state, 0, "survey-probe", "Eye", HOME)
    assert uncontested(state, CAT, f1, HOME)  # seat 0's only ship there is unarmed (CONT-02)
    put(state, 0, "patrol-ship", "Picket", HOME)
    assert not uncontested(state, CAT, f1, HOME)  # Neutral contests unless ordered otherwise (REL-03)
    f0.relationships[f1.id] = "friendly"
    assert uncontested(state, CAT, f1, HOME)  # Friendly does not contest (REL-02)


def test_BLK_05_PDEF_03_space_defences_must_go_first() -> None:
    state = siege("neutral")
    put(state, 0, "defence-satellites", "Bastion", HOME)
    f0, f1 = state.factions
    f0.relationships[f1.id] = "friendly"  # the satellites never contest anyway (PDEF-02)
    state.params = dataclasses.replace(state.params, not_suicidal_ratio=0)
    orders = {1: f"blockade {hw(state)} with Raider 1, Raider 2, Raider 3\n"}
    # step 5 alone, as if the satellites had come through step 4
    turn = Turn(state=state, orders=orders, catalogue=CAT)
    for f in state.factions:
        turn.builders[f.id] = ReportBuilder(f.id, turn=state.turn, opening=f.credits, sp=f.tech.sp)
    step_start(turn)
    step_bombardment(turn)
    assert f0.colonies[0].blockade == 0
    assert "space defences stand" in turn.builders[f1.id].build(closing=f1.credits, sp=f1.tech.sp).attacks[0].text
    # the whole turn: the defences engage the blockaders first (Amb#80)
    run(state, orders)
    assert report(state, 1).combats and report(state, 0).combats


def test_BOMB_02_BOMB_04_bombardment_damage_becomes_devastation_and_the_counter_resets() -> None:
    state = siege("hostile", ships=6)
    home = state.factions[0].colonies[0]
    names = ", ".join(f"Raider {i + 1}" for i in range(6))
    run(state, {1: f"bombard {hw(state)} with {names}\n"})
    assert home.bombarded and home.blockade == 6  # bombarders blockade too (BOMB-05)
    text = attacks(state, 1)
    damage = int(text.split(" damage")[0].rsplit("for ", 1)[1])
    assert damage > 0 and home.devastation * 100 + home.bombardment == damage  # BOMB-04 (no district lost yet)
    assert f"Evasion {5 * home.districts.military}" in text  # BOMB-03
    assert attacks(state, 0).startswith(text)  # the owner reads the same account
    run(state, {1: f"hold {names}\n"})
    assert home.bombardment == 0 and not home.bombarded and home.blockade == 0


def test_DEV_02_devastation_costs_two_PE_a_level() -> None:
    state = campaign()
    run(state)
    pe0 = report(state).economy.planets[0].pe.total  # type: ignore[union-attr]
    state.factions[0].colonies[0].devastation = 3
    run(state)
    assert report(state).economy.planets[0].pe.total == pe0 - 6  # type: ignore[union-attr]


def test_PDEF_04_BOMB_06_ground_defences_fire_at_bombarders_first() -> None:
    state = siege("hostile", ships=2)
    for i in range(6):
        put(state, 0, "planetary-defence-force", f"Wall {i}", HOME, planet=state.factions[0].homeworld)
    run(state, {1: f"bombard {hw(state)} with Raider 1, Raider 2\n"})
    assert "planetary defences" in attacks(state, 1) and "planetary defences" in attacks(state, 0)
    assert not report(state, 0).combats  # defences on the ground stay out of space battles (PDEF-04)


def test_INV_02_MIL_01_troops_land_and_militia_rise_then_ground_war_is_fought() -> None:
    state = siege("hostile", ships=1)
    for i in range(3):
        put(state, 1, "infantry-battalion", f"Legion {i + 1}", HOME)
    home = state.factions[0].colonies[0]
    militia = militia_count(home.districts)
    assert militia == 6 + 1
    run(state, {1: f"land Legion 1, Legion 2, Legion 3 on {hw(state)}\n"})
    assert "landed 3 detachment(s)" in attacks(state, 0) and "7 militia rise" in attacks(state, 0)
    ground = [c for c in report(state, 1).combats if c.kind == "ground"]
    assert ground and ground[0].planet == hw(state)
    defenders = ground[0].sides[1]
    assert defenders.militia == militia and defenders.militia_left == home.militia <= militia
    assert [c.kind for c in report(state, 0).combats] == ["ground"]


def test_GRND_10_an_invasion_adds_one_to_the_blockade() -> None:
    state = siege("hostile", ships=1)
    put(state, 1, "infantry-regiment", "Legion", HOME)
    run(state, {1: f"land Legion on {hw(state)}\nblockade {hw(state)} with Raider 1\n"})
    if any(u.planet for u in state.factions[1].units if u.name == "Legion"):
        run(state)
        assert state.factions[0].colonies[0].blockade == 2


def _colony_elsewhere(state: CampaignState) -> Colony:
    gi = galaxy_index(state.galaxy)
    planet = next(p.id for p in gi.systems[HOME].planets if p.id != state.factions[0].homeworld)
    colony = Colony(planet=planet, districts=Districts(industrial=1), invaded=True,
                    projects={"industrial": Project(kind="construct-district", district="industrial", level=2,
                                                    target=4, paid=200, detail={"district": "industrial"})})
    state.factions[0].colonies.append(colony)
    return colony


def test_GRND_11_Amb75_a_planet_whose_defenders_are_gone_changes_hands() -> None:
    state = siege("hostile", ships=1)
    colony = _colony_elsewhere(state)
    put(state, 1, "security-team", "Occupier", HOME, planet=colony.planet)
    run(state)
    f0, f1 = state.factions
    assert f0.colony(colony.planet) is None and f1.colony(colony.planet) is colony
    assert colony.projects == {} and colony.districts.industrial == 1  # districts stay, projects go
    assert state.knowledge[f1.id].planets[colony.planet].owner == f1.id
    assert state.knowledge[f0.id].planets[colony.planet].owner == f1.id
    assert "captured" in attacks(state, 1) and "lost to" in attacks(state, 0)


def test_ruling_207_a_homeworld_capture_waits_for_the_GM() -> None:
    state = siege("hostile", ships=1)
    home = state.factions[0].colonies[0]
    for u in list(state.factions[0].units):
        if u.unit == "detachment":
            state.factions[0].units.remove(u)
    home.invaded = True
    put(state, 1, "security-team", "Occupier", HOME, planet=home.planet)
    run(state)
    assert state.factions[0].colony(home.planet) is home
    assert any("homeworld" in item.subject and item.faction == state.factions[0].id for item in state.gm_queue)
    state.params = dataclasses.replace(state.params, capture_homeworlds=True)
    run(state)
    assert state.factions[1].colony(home.planet) is home


def test_GRND_06_COMB_20_troops_that_cannot_retreat_surrender_and_become_prisoners() -> None:
    """The invader's lone team breaks, but its nation is not Uncontested in space (the defender's
    warship is in orbit): it surrenders and the defender holds it prisoner (Amb#67, Amb#110)."""
    state = campaign(2, 0)
    relate(state, 1, 0, "hostile", "neutral")
    f0, f1 = state.factions
    home = f0.colonies[0]
    home.invaded, home.militia = True, 2
    f0.units = [u for u in f0.units if u.unit == "ship"]
    team = put(state, 1, "security-team", "Lost Patrol", home_system(state, 0), planet=f0.homeworld)
    run(state)
    (c,) = report(state, 1).combats
    assert c.kind == "ground" and "surrendered" in c.outcome
    assert f1.unit_by_id(team.id) is None
    (p,) = f0.prisoners
    assert (p.owner, p.name, p.level, p.planet) == (f1.id, "Lost Patrol", 1, f0.homeworld)
    assert c.sides[0].units[0].fate == "surrendered"


def home_system(state: CampaignState, seat: int) -> str:
    return galaxy_index(state.galaxy).planet_system[state.factions[seat].homeworld]


def test_GRND_05_determination_carries_over_and_reinforcements_add_their_level() -> None:
    state = campaign()
    colony = state.factions[0].colonies[0]
    old = put(state, 1, "security-team", "Old Guard", HOME)
    fresh = put(state, 1, "infantry-battalion", "New Blood", HOME)
    hurt = put(state, 1, "security-team", "Walking Wounded", HOME)
    hurt.damage = 20  # Health 30: below half
    colony.ground_determination = {"a:x": 3, "d:x": -1}
    colony.ground_fighters = [old.id]
    assert _carried(CAT, colony, "a:x", [old, fresh, hurt]) == 3 + 2  # only the healthy newcomer adds
    assert _carried(CAT, colony, "d:x", []) == float("inf")
    assert _carried(CAT, colony, "a:y", [old]) is None  # the war's first turn: initial determination


def test_GRND_01_GRND_02_MIL_03_a_ground_war_goes_on_turn_after_turn() -> None:
    state = siege("hostile", ships=1)
    for i in range(2):
        put(state, 1, "infantry-regiment", f"Legion {i + 1}", HOME)
    run(state, {1: f"land Legion 1, Legion 2 on {hw(state)}\n"})
    colony = state.factions[0].colonies[0]
    spawned = militia_count(colony.districts)
    seen = 0
    for _ in range(3):
        seen += len(report(state, 0).combats)
        for c in report(state, 0).combats:
            assert c.kind == "ground" and 1 <= c.rounds <= 3 and "Mobility advantage" in c.outcome  # GRND-01/02
            assert c.sides[1].militia_left <= c.sides[1].militia <= spawned  # militia never leave (MIL-03)
        if not colony.invaded:
            break
        assert colony.ground_determination  # carried to the next turn (GRND-05)
        run(state)
    assert seen


def test_O72_GRND_02_the_side_with_the_mobility_advantage_fights_the_rounds_it_ordered() -> None:
    """Militia alone (Mobility 2) against troops without transports (Mobility 0): the defender has
    the advantage and fights the rounds its O72 order sets (default 1, ruling 106)."""
    state = siege("hostile", ships=1)
    f0 = state.factions[0]
    f0.units = []
    home = f0.colonies[0]
    home.invaded, home.militia = True, 7
    put(state, 1, "heavy-security-team", "Anvil", HOME, planet=f0.homeworld)
    name = hw(state)
    results = check_orders(state, 0, f"fight 3 rounds on {name}\nfight 5 rounds on {name}\n")
    assert [x.accepted for x in results] == [True, False] and "1 to 3 rounds" in results[1].reason
    run(state, {0: f"fight 3 rounds on {name}\n"})
    assert f0.ground_rounds == {f0.homeworld: 3}
    (c,) = report(state, 0).combats
    assert f"{f0.name} chose, with the Mobility advantage" in c.outcome and c.rounds == 3


def test_PDEF_05_BOMB_03_a_planetary_shield_adds_ten_evasion() -> None:
    state = siege("hostile", ships=2)
    home = state.factions[0].colonies[0]
    home.shield = True
    run(state, {1: f"bombard {hw(state)} with Raider 1, Raider 2\n"})
    assert f"Evasion {5 * home.districts.military + 10}" in attacks(state, 1)


def test_DEV_03_five_devastation_cost_a_district_level_and_reset() -> None:
    state = siege("hostile", ships=6)
    home = state.factions[0].colonies[0]
    home.devastation, home.bombardment = 4, 95  # last turn's remainder carries (BOMB-04)
    levels = home.districts.total()
    names = ", ".join(f"Raider {i + 1}" for i in range(6))
    run(state, {1: f"bombard {hw(state)} with {names}\n"})
    assert "districts damaged" in attacks(state, 0)
    assert home.districts.total() < levels and home.devastation < 5


def test_GRND_09_INV_03_ground_fighting_devastates_and_faces_every_army_there() -> None:
    state = siege("hostile", ships=1)
    for i in range(4):
        put(state, 1, "infantry-regiment", f"Legion {i + 1}", HOME)  # 4 x level 3 = 12 levels
    run(state, {1: f"land Legion 1, Legion 2, Legion 3, Legion 4 on {hw(state)}\n"})
    (c,) = [c for c in report(state, 0).combats if c.kind == "ground"]
    defenders = {u.label.split(" (")[0] for u in c.sides[1].units}
    assert defenders == {"First Guard", "First Surveyors"} and c.sides[1].militia == 7  # INV-03
    assert "+1 Devastation (ground combat)" in c.outcome  # 12 + 2 levels: one per 10 (GRND-09)


def test_ruling_209_visiting_troops_are_not_an_invasion_a_landing_is() -> None:
    state = siege("friendly", ships=0)
    f0 = state.factions[0]
    relate(state, 0, 1, "friendly", "friendly")
    guest = put(state, 1, "security-team", "Guests", HOME, planet=f0.homeworld)
    run(state)
    assert not report(state, 0).combats and not f0.colonies[0].invaded
    guest.planet = ""
    run(state, {1: f"land Guests on {hw(state)}\n"})  # landing is an invasion, whatever the stance
    assert [c.kind for c in report(state, 0).combats] == ["ground"]


def test_O82_COMB_20_prisoners_are_returned_or_dispersed() -> None:
    state = campaign()
    f0, f1 = state.factions
    relate(state, 0, 1, "wary", "wary")
    f0.prisoners = [Prisoner(owner=f1.id, name="Lost Patrol", class_id="security-team", level=1,
                             planet=f0.homeworld, turn=1)]
    (refused,) = check_orders(state, 1, f"return prisoners to {f0.name}\n")
    assert not refused.accepted and "you hold no prisoners" in refused.reason
    before = len(f1.units)
    run(state, {0: f"return prisoners to {f1.name}\n"})
    assert not f0.prisoners and len(f1.units) == before + 1
    back = f1.units[-1]
    assert (back.name, back.planet, back.damage) == ("Lost Patrol", f1.homeworld, 0)
    f0.prisoners = [Prisoner(owner=f1.id, name="Second", class_id="security-team", level=1,
                             planet=f0.homeworld, turn=2)]
    run(state, {0: f"disperse prisoners of {f1.name}\n"})
    assert not f0.prisoners and len(f1.units) == before + 1


def test_COL_01_COL_02_COL_03_CONS_02_CONS_03_colonising_a_surveyed_world_with_engineers() -> None:
    from starlanes.games.star_kingdoms.knowledge import planetary_survey
    from starlanes.games.star_kingdoms.war.fieldwork import colonisation_rating

    state = campaign()
    f = state.factions[0]
    gi = galaxy_index(state.galaxy)
    planet = next(p for p in gi.systems["BXL"].planets if p.biosphere != "uninhabitable" and p.inhabitants == "none")
    put(state, 0, "construction-gang", "Builders", "BXL", planet=planet.id)
    state.knowledge[f.id] = passive_survey(state.knowledge[f.id], gi, "BXL", state.turn)
    (refused,) = check_orders(state, 0, f'colonise "{planet.name}" with Builders\n')
    assert not refused.accepted and "survey" in refused.reason  # COL-02
    state.knowledge[f.id] = planetary_survey(state.knowledge[f.id], gi, planet.id, state.turn)
    rating = colonisation_rating(planet.colony_value, native=planet.biosphere == f.native,
                                 desolate=planet.biosphere == "desolate")
    run(state, {0: f'colonise "{planet.name}" with Builders\n'})
    spent = [e for e in report(state).ledger.entries if e.label.startswith("Colonisation")]
    assert [e.amount for e in spent] == [5 * rating]  # CONS-03: 5 x CR up front
    turns = 1
    while f.colony(planet.id) is None:
        assert f.constructions[0].progress == 2 * turns  # two Engineering Corps at TL 1 a turn (CONS-02)
        run(state)
        turns += 1
        assert turns <= rating
    assert turns == -(-rating // 2)
    colony = f.colony(planet.id)
    assert colony is not None and colony.districts == Districts(industrial=1) and not f.constructions  # COL-01
    assert state.knowledge[f.id].planets[planet.id].owner == f.id


def test_COL_04_COL_05_no_colony_on_another_nations_world_nor_from_orbit() -> None:
    state = siege("hostile", ships=0)
    f1 = state.factions[1]
    put(state, 1, "construction-gang", "Builders", HOME, planet=state.factions[0].homeworld)
    (refused,) = check_orders(state, 1, f"colonise {hw(state)} with Builders\n")
    assert not refused.accepted and "another nation's world" in refused.reason
    put(state, 1, "patrol-ship", "Hull", HOME)
    (refused,) = check_orders(state, 1, f"colonise {hw(state)} with Hull\n")
    assert not refused.accepted and "Engineering Corps" in refused.reason
    assert f1.constructions == []


def test_INV_02_troops_standing_on_a_planet_are_refused_a_landing_on_another() -> None:
    """Troops land from space (INV-02): a detachment on one world is told to load on a ship first,
    instead of the order being accepted and then dropped at step 6."""
    state = siege("hostile", ships=1)
    colony = _colony_elsewhere(state)
    put(state, 1, "security-team", "Occupier", HOME, planet=colony.planet)
    (refused,) = check_orders(state, 1, f"land Occupier on {hw(state)}\n")
    assert not refused.accepted and "load it on a ship first" in refused.reason
