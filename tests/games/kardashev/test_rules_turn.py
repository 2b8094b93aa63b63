"""The action budget, colonies, fleets, harvest and research (inventory 3.5-3.8, 3.11)."""

from __future__ import annotations

from tests.games.kardashev.helpers import G, act, cell, hand, legal_texts, put, refused, set_hand, turn, with_roles

from starlanes.games.kardashev.rules.common import CONTENT


def warlord_turn(techs: tuple[str, ...] = (), hand_: tuple[int, int, int] = (5, 5, 5), role: str = "warlord"):
    state = turn(with_roles((role, "pioneer")), hand=hand_, techs=techs)
    put(state, "0,-3", ("military", "energy"), colony=0, fleet=0)
    put(state, "0,-2", ("food",), colony=0)
    return state


# --- 3.5 action budget ------------------------------------------------------------------------


def test_K_A01_one_base_one_research_one_either() -> None:
    state = warlord_turn()
    act(state, 0, "harvest food=1 energy=1")
    act(state, 0, "compile food")
    act(state, 0, "harvest food=1 energy=1")  # the third: either kind
    assert "no base action left" in refused(state, 0, "harvest food=1 energy=1")
    assert "no research action left" in refused(state, 0, "compile food")
    act(state, 0, "end")
    assert state.active == 1


def test_K_A01_research_twice_uses_the_free_action() -> None:
    state = warlord_turn()
    act(state, 0, "compile food")
    act(state, 0, "compile food")
    assert "no research action left" in refused(state, 0, "compile food")
    act(state, 0, "harvest food=1 energy=1")


def test_K_A02_the_same_action_twice() -> None:
    state = warlord_turn()
    act(state, 0, "compile energy")
    act(state, 0, "compile energy")
    assert hand(state, 0) == (5, 5, 7)


def test_K_A03_an_action_resolves_before_the_next() -> None:
    state = warlord_turn()
    put(state, "0,-1", ("food",))
    state.bag = [0]  # a military tile next
    act(state, 0, "move 0,-3 1,-2")  # explores an unexplored cell: the tile is placed first
    assert G.decision(state).kind == "place"  # type: ignore[union-attr]
    assert "place the tile" in refused(state, 0, "compile food")


def test_K_A04_generalist_takes_any_three() -> None:
    state = warlord_turn(role="generalist")
    for _ in range(3):
        act(state, 0, "compile food")
    assert "no research action left" in refused(state, 0, "compile food")
    state2 = warlord_turn(role="generalist")
    for _ in range(3):
        act(state2, 0, "harvest food=1 energy=1")
    assert "no base action left" in refused(state2, 0, "harvest food=1 energy=1")


def test_K_A05_markers_do_not_block_other_players() -> None:
    state = warlord_turn()
    act(state, 0, "compile food")
    act(state, 0, "end")
    assert "compile food" in legal_texts(state, 1)


def test_K_A06_a_tech_base_action_spends_the_research_slot() -> None:
    state = warlord_turn(techs=("magnetic-rake",))
    act(state, 0, "harvest food=1 energy=1 via=magnetic-rake")
    assert (state.base_used, state.research_used) == (0, 1)
    act(state, 0, "harvest food=1 energy=1")
    act(state, 0, "harvest food=1 energy=1 via=magnetic-rake")  # the choice action
    assert "no research action left" in refused(state, 0, "compile food")
    assert "does not let you" in refused(warlord_turn(techs=("magnetic-rake",)), 0, "colony 1,-3 via=magnetic-rake")


# --- 3.6 colonies -----------------------------------------------------------------------------


def test_K_C01_colony_next_to_a_colony_or_under_a_fleet() -> None:
    state = warlord_turn()
    put(state, "1,-3", ("matter",))  # next to the colony on 0,-3
    put(state, "2,-2", ("food",), fleet=0)  # under a fleet
    put(state, "3,-2", ("food",))  # neither
    put(state, "-1,-1", ("food",), fleet=1)  # next to 0,-2 but holds an opponent fleet
    texts = legal_texts(state, 0)
    assert {"colony 1,-3", "colony 2,-2"} <= texts
    assert "colony 3,-2" not in texts and "colony -1,-1" not in texts
    act(state, 0, "colony 1,-3")
    assert (cell(state, "1,-3").colony, cell(state, "1,-3").colony_level) == (0, 1)
    assert hand(state, 0) == (4, 4, 5)


def test_K_C02_upgrade_to_three_at_most() -> None:
    state = warlord_turn()
    act(state, 0, "grow 0,-2")
    act(state, 0, "compile food")
    act(state, 0, "grow 0,-2")
    assert cell(state, "0,-2").colony_level == 3
    assert hand(state, 0) == (4, 3, 5)
    state2 = warlord_turn()
    cell(state2, "0,-2").colony_level = 3
    assert refused(state2, 0, "grow 0,-2")


def test_K_C03_pioneer_gains_a_matching_resource() -> None:
    state = turn(with_roles(("pioneer", "warlord")), hand=(5, 5, 5))
    put(state, "0,-3", ("military", "food"), colony=0)
    put(state, "0,-2", ("matter", "energy"), colony=0)
    act(state, 0, "grow 0,-2")
    assert state.tasks[0].types == ["matter", "energy"]
    act(state, 0, "gain energy")
    assert hand(state, 0) == (4, 4, 6)


def test_K_C04_nanotube_pays_one_food_or_one_matter() -> None:
    state = turn(with_roles(("pioneer", "warlord")), hand=(0, 1, 0), techs=("interstellar-ark", "nanotube-polymers"))
    put(state, "0,-3", ("military", "food"), colony=0)
    put(state, "1,-3", ("matter",))
    act(state, 0, "colony 1,-3")
    assert hand(state, 0)[:2] == (0, 0)
    state.tasks.clear()
    assert refused(state, 0, "grow 1,-3")  # an upgrade still costs 1 food + 1 matter


# --- 3.7 fleets -------------------------------------------------------------------------------


def test_K_F01_fleet_on_own_military_colony_up_to_its_level() -> None:
    state = warlord_turn()
    cell(state, "0,-3").fleet = None
    cell(state, "0,-3").colony_level = 2
    texts = legal_texts(state, 0)
    assert {"fleet 0,-3", "fleet 0,-3 level=2"} <= texts and "fleet 0,-3 level=3" not in texts
    assert "fleet 0,-2" not in texts  # no military symbol
    act(state, 0, "fleet 0,-3 level=2")
    assert hand(state, 0) == (5, 3, 3)  # A#1: 1 matter + 1 energy per level


def test_K_F02_a_new_fleet_replaces_the_old_one() -> None:
    state = warlord_turn()
    act(state, 0, "fleet 0,-3")
    assert cell(state, "0,-3").fleet_level == 1
    assert state.seats[0].fleets_supply == 14


def test_K_F03_upgrade_to_three_not_capped_by_colony() -> None:
    state = warlord_turn()
    act(state, 0, "refit 0,-3")
    act(state, 0, "compile food")
    act(state, 0, "refit 0,-3")
    assert cell(state, "0,-3").fleet_level == 3  # above the level-1 colony (A#2)
    assert refused(state, 0, "refit 0,-3")
    capped = turn(with_roles(("warlord", "pioneer"), fleet_upgrade_capped_by_colony=True))
    put(capped, "0,-3", ("military",), colony=0, fleet=0)
    assert refused(capped, 0, "refit 0,-3")


def test_K_F03_upgrade_needs_a_military_colony_tile() -> None:
    state = warlord_turn()
    put(state, "1,-3", ("food",), fleet=0)
    assert "refit 1,-3" not in legal_texts(state, 0)


def test_K_F04_imperialist_gains_when_anyone_builds_a_fleet() -> None:
    state = turn(with_roles(("warlord", "imperialist")), hand=(5, 5, 5))
    put(state, "0,-3", ("military",), colony=0)
    act(state, 0, "fleet 0,-3")
    assert state.tasks[0].seat == 1 and state.tasks[0].optional
    act(state, 1, "gain food")
    assert hand(state, 1) == (2, 1, 1)


def test_K_F05_one_fleet_per_cell() -> None:
    state = warlord_turn()
    put(state, "1,-3", ("food",), fleet=0)
    texts = legal_texts(state, 0)
    assert not any(t.startswith("move 1,-3 0,-3") or t.startswith("move 0,-3 1,-3") for t in texts)
    assert "move 1,-3 0,-2" in texts  # a fleet may share a cell with its own colony


# --- 3.8 harvest ------------------------------------------------------------------------------


def test_K_H01_one_card_per_level_type_of_choice() -> None:
    state = warlord_turn()
    cell(state, "0,-2").symbols = ["food", "matter"]
    cell(state, "0,-2").colony_level = 2
    texts = legal_texts(state, 0)
    assert {"harvest food=2 energy=1", "harvest food=1 matter=1 energy=1", "harvest matter=2 energy=1"} <= texts
    assert "harvest food=3" not in texts


def test_K_H02_military_only_yields_nothing() -> None:
    state = warlord_turn()
    cell(state, "0,-3").symbols = ["military"]
    assert {t for t in legal_texts(state, 0) if t.startswith("harvest")} == {"harvest food=1"}


def test_K_H03_salvager_bonus_of_a_produced_type() -> None:
    state = warlord_turn(role="salvager")
    act(state, 0, "harvest food=1 energy=1")
    assert state.tasks[0].types == ["food", "energy"]
    act(state, 0, "gain energy")
    assert hand(state, 0) == (6, 5, 7)


def test_K_H04_blockade_before_yields_before_taxation() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(0, 0, 0))
    state.seats[1].techs = ["taxation"]
    put(state, "0,-3", ("military", "energy"), colony=0)
    put(state, "0,-2", ("food",), colony=0)
    put(state, "1,-3", ("food",), fleet=1)  # next to both colonies
    act(state, 0, "harvest food=1 energy=1")
    kinds = [(t.seat, t.types) for t in state.tasks]
    assert kinds == [(1, ["energy"]), (1, ["food"])]  # one tax per producing colony
    state.seats[1].techs = ["taxation", "blockade"]
    state.tasks.clear()
    state.base_used = 0
    assert {t for t in legal_texts(state, 0) if t.startswith("harvest")} == {"harvest"}


# --- 3.11 research ----------------------------------------------------------------------------


def test_K_Q01_research_pays_and_takes_effect_at_once() -> None:
    state = warlord_turn()
    act(state, 0, "research fuel-efficiency")
    assert state.seats[0].techs == ["fuel-efficiency"] and hand(state, 0) == (5, 4, 4)
    assert "already researched" in refused(state, 0, "research fuel-efficiency")
    state.research_used = 0
    for name in ("0,-1", "0,0", "0,1"):
        put(state, name, ("food",))
    act(state, 0, "move 0,-3 0,1")  # the Fuel Efficiency example: level 1, 4 cells: 1 energy, not 2
    assert hand(state, 0)[2] == 3


def test_K_Q02_prerequisites_either_face() -> None:
    state = warlord_turn()
    assert "needs Propellant Depot" in refused(state, 0, "research wormhole")
    state.seats[0].techs = ["asteroid-mining"]
    act(state, 0, "research expanded-cargohold")
    assert "expanded-cargohold" in state.seats[0].techs


def test_K_Q03_the_other_face_is_lost() -> None:
    state = warlord_turn(techs=("harvest-rover",))
    act(state, 0, "research asteroid-mining")
    assert state.seats[0].techs == ["asteroid-mining"]


def test_K_Q04_scientist_gains_when_anyone_researches() -> None:
    state = turn(with_roles(("warlord", "scientist")), hand=(5, 5, 5))
    state.seats[0].techs = []
    act(state, 0, "research fuel-efficiency")
    assert state.tasks[0].seat == 1 and state.tasks[0].types == ["matter", "energy"]


def test_K_Q05_use_technology_needs_a_held_action_tech() -> None:
    state = warlord_turn()
    assert "do not hold" in refused(state, 0, "use terraform cell=0,-2 symbol=matter")
    state.seats[0].techs = ["terraform"]
    act(state, 0, "use terraform cell=0,-2 symbol=matter")
    assert cell(state, "0,-2").terraformed == ["matter"]


def test_K_Q06_compile_takes_one_of_choice() -> None:
    state = warlord_turn()
    act(state, 0, "compile matter")
    assert hand(state, 0) == (5, 6, 5)
    assert "not a resource type" in refused(state, 0, "compile gold")


def test_K_Q07_a_tech_scores_its_level() -> None:
    state = warlord_turn(techs=("fuel-efficiency", "boosters", "propellant-depot", "wormhole", "dyson-sphere"))
    base = G.view(state, 0).game.scores[0]
    state.seats[0].techs = []
    assert base - G.view(state, 0).game.scores[0] == 1 + 2 + 1 + 2 + 3


def test_research_refuses_unknown_and_unaffordable() -> None:
    state = warlord_turn(hand_=(0, 0, 0))
    assert "no technology" in refused(state, 0, "research lasers")
    assert "costs" in refused(state, 0, "research fuel-efficiency")
    set_hand(state, 0, 5, 5, 5)
    assert "not on the Warlord card" in refused(state, 0, "research fabricators")
    assert CONTENT.techs["fabricators"].level == 1


def test_names_get_a_did_you_mean() -> None:
    state = warlord_turn()
    assert "did you mean fuel-efficiency" in refused(state, 0, "research fuel-eficiency")
    fresh = G.setup(None, 2, 1)
    assert "did you mean warlord" in refused(fresh, fresh.role_order[0], "role warlod")


def test_A31_scientist_gains_a_type_paid_for_an_any_or_matching_part() -> None:
    state = turn(with_roles(("warlord", "scientist")), hand=(1, 3, 3))
    state.seats[0].techs = []
    act(state, 0, "research encryption")
    assert [t.kind for t in state.tasks] == ["pay"]  # no gain before the price is paid
    act(state, 0, "pay matter=2")
    assert [(t.seat, t.types) for t in state.tasks] == [(1, ["matter"])]
    terra = turn(with_roles(("warlord", "scientist")), hand=(2, 2, 2))
    act(terra, 0, "research terraform")
    act(terra, 0, "pay food=1")
    assert terra.tasks[0].types == ["food", "matter", "energy"]
