"""Nebulae and towing beyond part 2's first slice: SYS-09, a lost guide (MOV-10, Amb#105, ruling
270) and a tug's Speed 1 in pursuit (TOW-01, Amb#103, ruling 271); nebulae.py, movement.py."""

from __future__ import annotations

from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import HOME, put, relate, set_system, unit, verdicts

from starlanes.games.star_kingdoms.campaign import CampaignState, FittedModule
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.gm import Answer, apply_gm
from starlanes.games.star_kingdoms.movement import speed

CAT = load_catalogue()


def test_SYS_09_a_ship_without_nebula_sensors_goes_back_the_way_it_came() -> None:
    state = campaign()
    set_system(state, "BXL", nebula=True)
    f = state.factions[0]
    before = unit(f, "Vigilant").last_wormhole
    run(state, {0: "move Vigilant to BXL\n"})
    v = unit(f, "Vigilant")
    assert (v.system, v.moved, v.last_wormhole, v.guide) == (HOME, False, before, "")
    (line,) = report(state).movements
    assert not line.moved and "turned back" in line.reason and "MOV-10" in line.reason


def _guided_into_the_nebula(**params: object) -> CampaignState:
    state = campaign(**params)
    set_system(state, "BXL", nebula=True)
    put(state, 0, "survey-probe", "Seer", HOME, flexible=("nebula-sensors",))
    run(state, {0: "move Seer, Vigilant to BXL\n"})
    f = state.factions[0]
    assert unit(f, "Vigilant").system == "BXL" and unit(f, "Vigilant").guide == unit(f, "Seer").id
    assert unit(f, "Seer").guide == ""  # it needs no guide
    return state


def test_MOV_10_Amb105_followers_leaving_with_their_guide_are_not_lost() -> None:
    state = _guided_into_the_nebula()
    f = state.factions[0]
    run(state, {0: f"move Seer, Vigilant to {HOME}\n"})
    v = unit(f, "Vigilant")
    assert (v.system, v.guide, v.stranded) == (HOME, "", 0)
    assert not any("lost in a nebula" in i.subject for i in state.gm_queue)


def test_MOV_10_Amb105_a_lost_guide_strands_its_followers_until_the_GM_answers() -> None:
    state = _guided_into_the_nebula()
    f = state.factions[0]
    run(state, {0: f"move Seer to {HOME}\n"})  # the guide goes, the follower stays: it is lost
    v = unit(f, "Vigilant")
    (item,) = [i for i in state.gm_queue if "lost in a nebula" in i.subject]
    assert v.stranded == item.id and item.faction == f.id and not item.decided
    assert any("stranded" in n.text and "Amb#105" in n.text for n in report(state).notices)
    (ok, why), = verdicts(state, f"move Vigilant to {HOME}\n")
    assert not ok and "lost in a nebula" in why and f"item {item.id}" in why
    run(state)  # nothing frees it but the GM
    assert unit(f, "Vigilant").stranded == item.id
    assert len([i for i in state.gm_queue if "lost in a nebula" in i.subject]) == 1  # raised once
    apply_gm(state, Answer(item.id, "a passing freighter tows them out"))
    assert verdicts(state, f"move Vigilant to {HOME}\n")[0][0]
    run(state, {0: f"move Vigilant to {HOME}\n"})
    assert unit(f, "Vigilant").system == HOME and unit(f, "Vigilant").stranded == 0


def test_ruling_270_param_strand_followers_off_nobody_is_stranded() -> None:
    state = _guided_into_the_nebula(strand_followers=False)
    run(state, {0: f"move Seer to {HOME}\n"})
    assert unit(state.factions[0], "Vigilant").stranded == 0
    assert verdicts(state, f"move Vigilant to {HOME}\n")[0][0]


def test_MOV_10_Amb105_a_destroyed_guide_strands_its_followers() -> None:
    state = _guided_into_the_nebula()
    f = state.factions[0]
    f.units.remove(unit(f, "Seer"))  # lost (as a battle would destroy it)
    run(state)
    assert unit(f, "Vigilant").stranded


def _fast_tug(state: CampaignState) -> None:
    f = state.factions[0]
    tug = put(state, 0, "patrol-ship", "Tug", HOME, flexible=("sublight-engines",))  # Speed 2, armed
    tug.modules = (*tug.modules, FittedModule(module="towing-gear", tl=1))  # Tug Power 1
    tug.task_group = "tow"
    hulk = put(state, 0, "patrol-ship", "Hulk", HOME)
    hulk.modules = tuple(m for m in hulk.modules if m.module != "flux-stabiliser")  # Stability 0
    assert unit(f, "Tug").name == "Tug" and speed(CAT, tug) == 2


def test_TOW_01_Amb103_a_tug_moves_at_speed_1_the_turn_it_tows() -> None:
    state = campaign()
    _fast_tug(state)
    f = state.factions[0]
    (ok, why), = verdicts(state, "tow Hulk with Tug to BXL\n")
    assert ok and "Speed 1" in why
    tug, hulk = unit(f, "Tug"), unit(f, "Hulk")
    run(state, {0: "tow Hulk with Tug to BXL\n"})
    assert (tug.system, hulk.system) == ("BXL", "BXL")
    tug.mission, hulk.mission = f"tow:{hulk.id}", f"towed:{tug.id}"  # as during the turn of the tow
    assert speed(CAT, tug) == 1 and speed(CAT, hulk) == 1
    run(state)
    assert (tug.mission, hulk.mission, speed(CAT, tug)) == ("", "", 2)  # the next turn, its own Speed again


def test_TOW_01_ruling_271_a_towing_tug_cannot_run_down_a_faster_ship() -> None:
    """Pursuit (COMB-01, Amb#56): a Speed 2 ship escapes a Speed 1 pursuer but not a Speed 2 one."""
    cases = (("move Tug to BXL\n", 1, True), ("tow Hulk with Tug to BXL\n", 1, False),
             ("tow Hulk with Tug to BXL\n", 0, True))  # tow_speed 0: the tug keeps its own Speed
    for order, tow_speed, fights in cases:
        state = campaign(tow_speed=tow_speed)
        _fast_tug(state)
        relate(state, 0, 1, "hostile", "neutral")
        put(state, 1, "patrol-ship", "Dart", "BXL", flexible=("sublight-engines",))
        state.factions[0].units.remove(unit(state.factions[0], "Vigilant"))
        run(state, {0: order})
        assert bool(report(state, 1).combats) is fights, order
