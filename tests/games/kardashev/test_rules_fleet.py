"""Movement, exploring, attacks and supports (inventory 3.9, 3.10), with the project's own
movement, attack and support examples (the document's pictures are missing, ruling K22)."""

from __future__ import annotations

from tests.games.kardashev.helpers import G, act, cell, hand, legal_texts, put, refused, turn, with_roles

from starlanes.games.kardashev.state import KardashevState


def line(level: int = 1, hand_: tuple[int, int, int] = (5, 5, 5), techs: tuple[str, ...] = (),
         role: str = "warlord") -> KardashevState:
    """Seat 0's fleet on 0,-3 (N corner) with explored planets down the q=0 column."""
    state = turn(with_roles((role, "pioneer")), hand=hand_, techs=techs)
    put(state, "0,-3", ("military",), colony=0, fleet=0, flevel=level)
    for name in ("0,-2", "0,-1", "0,0", "0,1", "0,2"):
        put(state, name, ("military",))
    return state


def energy(state: KardashevState) -> int:
    return hand(state, 0)[2]


# --- 3.9 movement -----------------------------------------------------------------------------


def test_K_M01_movement_table_and_eight_cells() -> None:
    # the movement examples: a level-1 fleet pays 1 energy per 2 cells, level 2 1 per cell,
    # level 3 2 per cell (a started payment is paid in full, A#16)
    for level, cells, cost in ((1, 1, 1), (1, 3, 2), (1, 4, 2), (2, 2, 2), (3, 2, 4)):
        state = line(level, hand_=(0, 0, 9))
        target = f"0,{-3 + cells}"
        act(state, 0, f"move 0,-3 {target}")
        assert energy(state) == 9 - cost, (level, cells)
        assert cell(state, target).fleet == 0 and cell(state, "0,-3").fleet is None


def test_K_M01_at_most_eight_cells() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(0, 0, 9))
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    path = ["1,-3", "2,-3", "3,-3", "3,-2", "3,-1", "3,0", "2,1", "1,2", "0,3"]
    for name in path[:-1]:
        put(state, name, ("food",))
    cell(state, "0,3").colony = None
    put(state, "0,3", ("food",))
    texts = legal_texts(state, 0)
    assert "move 0,-3 1,2" in texts
    flat = ",".join(path).replace(" ", "")
    assert "at most 8" in refused(state, 0, f"move 0,-3 0,3 path={flat}")


def test_K_M02_destroyed_planets_and_opponents_block_the_way() -> None:
    state = line()
    cell(state, "0,-2").tile = "destroyed"
    assert "destroyed" in refused(state, 0, "move 0,-3 0,-1 path=0,-2,0,-1")
    state = line()
    put(state, "0,-1", ("food",), colony=1)
    assert "attack" in refused(state, 0, "move 0,-3 0,0 path=0,-2,0,-1,0,0")


def test_K_M03_pass_own_fleets_but_do_not_stop_on_them() -> None:
    state = line()
    put(state, "0,-2", ("food",), fleet=0)
    assert "move 0,-3 0,-1" in legal_texts(state, 0)
    assert "already holds a fleet" in refused(state, 0, "move 0,-3 0,-2 path=0,-2")
    put(state, "0,-1", ("food",), colony=0)
    act(state, 0, "move 0,-3 0,-1")  # ends on its own colony
    assert cell(state, "0,-1").fleet == 0 and cell(state, "0,-1").colony == 0


def test_K_M04_entering_an_unexplored_cell_explores_it_white_zone_too() -> None:
    state = line()
    state.bag = [1, 0]  # food next
    act(state, 0, "move 0,-3 1,-3")  # a white-zone cell
    assert G.decision(state).kind == "place"  # type: ignore[union-attr]
    assert {t for t in legal_texts(state, 0) if t.startswith("place")} == {"place 1,-3 planet", "place 1,-3 destroyed"}
    act(state, 0, "place 1,-3 planet")
    assert cell(state, "1,-3").symbols == ["food"] and cell(state, "1,-3").fleet == 0


def test_K_M04_the_move_stops_at_the_unexplored_cell() -> None:
    state = line()
    assert "unexplored" in refused(state, 0, "move 0,-3 1,-2 path=1,-3,1,-2")


def test_K_M05_a_destroyed_face_destroys_the_fleet() -> None:
    state = line()
    act(state, 0, "move 0,-3 1,-3")
    act(state, 0, "place 1,-3 destroyed")
    assert cell(state, "1,-3").fleet is None and state.seats[0].fleets_supply == 15
    assert state.tasks[0].kind == "gain"  # A#19: the resource of choice all the same


def test_K_M06_warlord_gains_per_tile_entered_once_per_turn() -> None:
    state = line()
    cell(state, "0,-2").symbols = ["food", "matter"]
    cell(state, "0,-1").symbols = ["energy"]
    act(state, 0, "move 0,-3 0,0 path=0,-2,0,-1,0,0")
    assert [t.types for t in state.tasks] == [["food", "matter"], ["energy"]]  # 0,0: military only
    act(state, 0, "gain matter")
    act(state, 0, "gain energy")
    state.base_used = 0
    act(state, 0, "move 0,0 0,1")
    assert not state.tasks  # once per turn


def test_K_M07_move_cost_modifiers() -> None:
    boosted = line(1, hand_=(0, 0, 9), techs=("fuel-efficiency", "boosters"))
    act(boosted, 0, "move 0,-3 0,1")  # 4 cells: boosters 4 per energy -> 1, fuel efficiency -> 0
    assert energy(boosted) == 9
    dyson = line(3, hand_=(0, 0, 0), techs=("propellant-depot", "wormhole", "dyson-sphere"))
    act(dyson, 0, "move 0,-3 0,1")
    assert cell(dyson, "0,1").fleet_level == 3


# --- 3.10 attack and support ------------------------------------------------------------------


def battle(attacker: int = 2, colony: int = 1, fleet: int = 0, techs: tuple[str, ...] = (),
           role: str = "warlord") -> KardashevState:
    state = line(attacker, hand_=(5, 5, 9), techs=techs, role=role)
    put(state, "0,-1", ("food",), colony=1, clevel=colony, fleet=1 if fleet else None, flevel=fleet or 1)
    if not colony:
        c = cell(state, "0,-1")
        c.colony, c.colony_level = None, 0
        state.seats[1].colonies_supply += 1
    return state


def test_K_T01_entering_an_opponent_cell_is_an_attack() -> None:
    state = battle()
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-1").colony == 0  # a plain win: 2 against 1


def test_K_T02_defence_adds_fleet_colony_and_supports() -> None:
    state = battle(attacker=3, colony=1, fleet=1)  # 3 against 1 + 1
    events = act(state, 0, "move 0,-3 0,-1")
    attacked = next(e for e in events if e.kind == "attacked")
    assert (attacked.fields["offence"], attacked.fields["defence"], attacked.fields["won"]) == (3, 2, True)


def test_K_T03_a_tie_goes_to_the_defender() -> None:
    state = battle(attacker=2, colony=2)
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-1").colony == 1
    assert cell(state, "0,-2").fleet == 0  # retreated


def test_K_T04_T05_supports_attacker_first_each_pays_one_energy() -> None:
    # support example 1: a level-1 attacker with a level-2 supporter beats a level-2 colony
    state = battle(attacker=1, colony=2)
    put(state, "1,-2", ("food",), fleet=0, flevel=2)  # next to 0,-1
    put(state, "-1,-1", ("food",), fleet=1, flevel=1)  # defender's neighbour fleet
    act(state, 0, "move 0,-3 0,-1")
    assert G.decision(state).kind == "support" and G.decision(state).actors == (0,)  # type: ignore[union-attr]
    act(state, 0, "support cells=1,-2")
    assert G.decision(state).actors == (1,)  # type: ignore[union-attr]
    assert "support" in legal_texts(state, 1)
    act(state, 1, "support")
    assert cell(state, "0,-1").colony == 0 and cell(state, "0,-1").colony_level == 2
    assert energy(state) == 9 - 1 - 1  # the move, the supporter
    assert cell(state, "1,-2").fleet == 0  # supporters stay put (K-T09)


def test_support_example_defender_support_wins() -> None:
    # the losing example: 2 + 1 against a level-1 colony, a level-1 fleet and a level-2 supporter
    state = battle(attacker=2, colony=1, fleet=1)
    put(state, "1,-2", ("food",), fleet=0)
    put(state, "-1,-1", ("food",), fleet=1, flevel=2)
    act(state, 0, "move 0,-3 0,-1")
    act(state, 0, "support cells=1,-2")
    act(state, 1, "support cells=-1,-1")
    assert cell(state, "0,-1").colony == 1 and cell(state, "0,-2").fleet == 0
    assert hand(state, 1)[2] == 0  # the defender paid its energy


def test_K_T06_encryption_one_free_supporter() -> None:
    state = battle(attacker=1, colony=2, techs=("encryption",))
    put(state, "1,-2", ("food",), fleet=0, flevel=2)
    act(state, 0, "move 0,-3 0,-1")
    act(state, 0, "support cells=1,-2")
    assert energy(state) == 9 - 1  # only the move


def test_K_T07_capture_replaces_the_colony_and_destroys_the_fleet() -> None:
    state = battle(attacker=3, colony=1, fleet=1)
    act(state, 0, "move 0,-3 0,-1")
    c = cell(state, "0,-1")
    assert (c.colony, c.colony_level, c.fleet, c.fleet_level) == (0, 1, 0, 3)
    assert state.seats[1].colonies_supply == 15 - 1 and state.seats[1].fleets_supply == 15


def test_K_T07_capture_with_a_short_supply_A22() -> None:
    state = battle(attacker=3, colony=2)
    state.seats[0].colonies_supply = 1
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-1").colony_level == 1


def test_K_T08_retreat_or_destroyed() -> None:
    state = battle(attacker=1, colony=2)
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-2").fleet == 0
    blocked = battle(attacker=1, colony=2)
    put(blocked, "0,-2", ("food",), fleet=0)  # the cell before holds another own fleet
    act(blocked, 0, "move 0,-3 0,-1 path=0,-2,0,-1")
    act(blocked, 0, "decline")  # the Warlord's gain for 0,-2
    act(blocked, 0, "support")
    assert cell(blocked, "0,-2").fleet_level == 1 and blocked.seats[0].fleets_supply == 14


def test_K_T09_supporters_never_move_or_die() -> None:
    state = battle(attacker=1, colony=3)
    put(state, "1,-2", ("food",), fleet=0)
    act(state, 0, "move 0,-3 0,-1")
    act(state, 0, "support cells=1,-2")
    assert cell(state, "1,-2").fleet == 0 and cell(state, "1,-2").fleet_level == 1


def test_K_T10_drones_then_turrets_on_a_failed_attack() -> None:
    state = battle(attacker=2, colony=2, techs=("salvage-drone", "raider-drone", "orbital-defense-array"))
    state.seats[1].techs = ["blockade"]  # pioneer card: turrets are not on it; check drones only
    act(state, 0, "move 0,-3 0,-1")
    kinds = [t.kind for t in state.tasks]
    assert kinds == ["pay", "raid"]
    act(state, 1, "pay food=1 matter=1 energy=1")
    act(state, 0, "raid food")
    assert hand(state, 1)[0] == 0 and hand(state, 0)[0] == 5 + 1 + 0


def test_attack_messages_name_the_problem() -> None:
    state = battle()
    assert "no fleet on 0,-2" in refused(state, 0, "move 0,-2 0,-1")
    assert "no cell 9,9" in refused(state, 0, "move 0,-3 9,9")


def test_A34_warlord_gains_for_the_explored_planet_and_only_on_the_first_move() -> None:
    state = line()
    state.bag = [5]  # food+energy (tiles.toml order)
    act(state, 0, "move 0,-3 1,-3")
    act(state, 0, "place 1,-3 planet")
    assert [t.types for t in state.tasks] == [["food", "energy"]]
    act(state, 0, "gain energy")
    put(state, "0,-1", ("food",), colony=1)
    state.base_used = 0
    put(state, "1,-2", ("food",))
    act(state, 0, "move 1,-3 0,-1 path=1,-2,0,-1")  # a second move: no gain, even for a won attack
    assert not any(t.kind == "gain" and t.reason == "warlord" for t in state.tasks)
