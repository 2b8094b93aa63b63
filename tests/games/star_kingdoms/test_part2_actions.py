"""Part 2, unit actions and the rules around them that other part 2 tests do not name: what needs
Uncontested (CONT-05, CONS-04, BOMB-01, REL-06), the kind of gear (CONS-01), one jump whatever the
Speed (MOV-01), where Devastation comes from (DEV-01), the invasion's blockade (INV-04)."""

from __future__ import annotations

from tests.games.star_kingdoms.test_campaign import campaign, hw, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, unit, verdicts
from tests.games.star_kingdoms.test_part2_planets import attacks, siege

from starlanes.games.star_kingdoms.campaign import StandingOrder, Wreck
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey, planetary_survey
from starlanes.games.star_kingdoms.pipeline import Turn, step_bombardment
from starlanes.games.star_kingdoms.report import ReportBuilder


def test_MOV_01_speed_does_not_change_how_far_a_unit_goes() -> None:
    state = campaign()
    put(state, 0, "patrol-ship", "Racer", HOME, flexible=("sublight-engines",))  # Speed 2
    (ok, _why), = verdicts(state, "move Racer to JDY\n")
    assert not ok  # not a neighbour: one jump a turn, however fast
    run(state, {0: "move Racer, Vigilant to BXL\n"})
    f = state.factions[0]
    assert unit(f, "Racer").system == unit(f, "Vigilant").system == "BXL"


def test_CONT_05_REL_06_Amb100_actions_that_need_Uncontested_pause_while_contested() -> None:
    """A Neutral armed ship contests (REL-03): the survey, the salvage and the study wait; nothing
    is lost (the captain pauses the action and reports it, Amb#100)."""
    state = campaign()
    f0 = state.factions[0]
    relate(state, 0, 1, "neutral", "neutral")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    put(state, 0, "survey-probe", "Eye", "BXL")
    put(state, 0, "patrol-ship", "Magpie", "BXL", flexible=("salvage-rig",))
    state.wrecks = [Wreck(system="BXL", unit="ship", level=1, turn=1)]
    state.knowledge[f0.id] = passive_survey(state.knowledge[f0.id], galaxy_index(state.galaxy), "BXL", state.turn)
    run(state, {0: "survey space with Eye\nsalvage with Magpie\n"})
    notes = " ".join(n.text for n in report(state).notices)
    assert "Deep space survey of BXL: not done" in notes and "Salvage at BXL: not done" in notes
    assert state.wrecks and "active" not in state.knowledge[f0.id].systems["BXL"].surveys
    state.factions[1].relationships[f0.id] = "friendly"  # Friendly contests only the wrecks (REL-02, ruling 273)
    run(state, {0: "survey space with Eye\nsalvage with Magpie\n"})
    assert state.wrecks and "active" in state.knowledge[f0.id].systems["BXL"].surveys
    state.factions[1].standing.append(StandingOrder(subject=f0.id, engage=False, directive="contest"))
    run(state, {0: "salvage with Magpie\n"})
    assert not state.wrecks


def test_CONS_01_CONS_04_ground_work_needs_engineers_and_an_uncontested_planet() -> None:
    state = campaign()
    f0 = state.factions[0]
    gi = galaxy_index(state.galaxy)
    planet = next(p for p in gi.systems["BXL"].planets if p.biosphere != "uninhabitable" and p.inhabitants == "none")
    put(state, 0, "construction-gang", "Builders", "BXL", planet=planet.id)
    put(state, 0, "survey-team", "Mappers", "BXL", planet=planet.id)
    k = passive_survey(state.knowledge[f0.id], gi, "BXL", state.turn)
    state.knowledge[f0.id] = planetary_survey(k, gi, planet.id, state.turn)
    (ok, why), = verdicts(state, f'colonise "{planet.name}" with Mappers\n')
    assert not ok and "Engineering Corps" in why  # CONS-01: ground construction is Engineering Corps work
    relate(state, 0, 1, "neutral", "neutral")
    put(state, 1, "security-team", "Squatters", "BXL", planet=planet.id)  # armed, on the ground
    run(state, {0: f'colonise "{planet.name}" with Builders\n'})
    assert f0.constructions[0].progress == 0
    assert any(n.rule == "CONS-04" for n in report(state).notices)


def test_BOMB_01_DEV_01_bombardment_needs_control_of_the_space_around_the_planet() -> None:
    """A third nation's armed ship, Neutral to the bombarders, contests the system without fighting:
    no bombardment, no Devastation; once it leaves, the bombardment lands (DEV-01: Devastation from
    bombardment)."""
    state = campaign(3)
    f0, f1, f2 = state.factions
    relate(state, 1, 0, "hostile", "neutral")
    relate(state, 2, 1, "neutral", "neutral")
    relate(state, 2, 0, "neutral", "neutral")
    f0.units = [u for u in f0.units if u.unit == "detachment"]
    gi = galaxy_index(state.galaxy)
    home_system = gi.planet_system[f0.homeworld]
    for i in range(3):
        put(state, 1, "patrol-ship", f"Raider {i + 1}", home_system)
    put(state, 2, "patrol-ship", "Observer", home_system)
    state.knowledge[f1.id] = passive_survey(state.knowledge[f1.id], gi, home_system, state.turn)
    order = {1: f"bombard {hw(state)} with Raider 1, Raider 2, Raider 3\n"}
    run(state, order)
    home = f0.colonies[0]
    assert (home.devastation, home.bombardment, home.bombarded) == (0, 0, False)
    assert "contested" in attacks(state, 1)
    f2.units = [u for u in f2.units if u.name != "Observer"]
    run(state)  # the order stands (O70)
    assert home.bombarded and home.devastation * 100 + home.bombardment > 0


def test_INV_04_GRND_10_troops_on_the_planet_keep_a_blockade_of_one() -> None:
    """Step 5 with invaders standing on the planet and no blockading ships: rating 1 (GRND-10)."""
    state = siege("hostile", ships=0)
    f0 = state.factions[0]
    put(state, 1, "infantry-regiment", "Legion", HOME, planet=f0.homeworld).mission = f"invade:{f0.homeworld}"
    turn = Turn(state=state, orders={}, catalogue=CAT)
    for f in state.factions:
        turn.builders[f.id] = ReportBuilder(f.id, turn=state.turn, opening=f.credits, sp=f.tech.sp)
    step_bombardment(turn)
    assert f0.colonies[0].blockade == 1
