"""The hex board: geometry, zones, starting corners, exploration and fleet movement (K-M*, K-X*).

The rules' movement picture is missing (A#46); the examples are the rules' table, the Fuel
Efficiency example in the technology text and the project's own (ruling K22)."""

from __future__ import annotations

import pytest

from starlanes.games.kardashev.board import (
    Board,
    MoveMap,
    MovePlan,
    distance,
    exploration_cells,
    leapt_cell,
    neighbours,
    plan_move,
    reachable,
)
from starlanes.games.kardashev.effects import MoveDiscount, MoveFree, MoveJump, MoveRange, Tax
from starlanes.games.kardashev.spec import KardashevParams

BOARD = Board.standard()
ALL = frozenset(BOARD.cells)
RULES = KardashevParams().move_rules


def test_INV_2_2_board_has_37_cells_19_blue_18_white() -> None:
    assert (len(BOARD.cells), len(BOARD.blue), len(BOARD.white)) == (37, 19, 18)
    assert all(distance(c, (0, 0)) <= 2 for c in BOARD.blue)
    assert all(distance(c, (0, 0)) == 3 for c in BOARD.white)
    assert BOARD.zone((0, 0)) == "blue" and BOARD.zone((0, -3)) == "white"
    with pytest.raises(ValueError, match="not on the board"):
        BOARD.zone((4, 0))


def test_INV_2_2_adjacency_and_distance() -> None:
    assert len(BOARD.neighbours((0, 0))) == 6
    assert len(BOARD.neighbours((0, -3))) == 3  # a corner
    assert len(BOARD.neighbours((1, -3))) == 4  # an edge cell
    assert all(distance(c, n) == 1 for c in BOARD.cells for n in BOARD.neighbours(c))
    assert distance((0, -3), (0, 3)) == 6 and distance((3, -3), (-3, 3)) == 6
    assert set(neighbours((0, 0))) == set(BOARD.neighbours((0, 0)))
    assert leapt_cell((0, 0), (2, 0)) == (1, 0)
    assert leapt_cell((0, 0), (1, 1)) is None  # two steps, not in a line


@pytest.mark.parametrize(
    ("players", "corners"),
    [(2, ["N", "S"]), (3, ["NE", "S", "NW"]), (4, ["NE", "SE", "SW", "NW"]),
     (5, ["N", "NE", "SE", "SW", "NW"]), (6, ["N", "NE", "SE", "S", "SW", "NW"])],
)
def test_K_S02_starting_corners_by_player_count(players: int, corners: list[str]) -> None:
    starts = BOARD.starts(players)
    assert [c.name for c in starts] == corners
    for c in starts:
        assert c.corner in BOARD.white and c.inner in BOARD.blue and distance(c.corner, c.inner) == 1


def test_K_S02_two_player_corners_are_the_photographed_ones() -> None:
    """IMG: two players at the north and south corners, tiles on the corner and the cell inward."""
    north, south = BOARD.starts(2)
    assert (north.corner, north.inner, south.corner, south.inner) == ((0, -3), (0, -2), (0, 3), (0, 2))


def test_K_V01_allies_sit_opposite_and_alternate_turns() -> None:
    assert BOARD.teams(4) == ((0, 2), (1, 3))
    assert BOARD.teams(6) == ((0, 3), (1, 4), (2, 5))
    with pytest.raises(ValueError, match="ally variant"):
        BOARD.teams(5)
    with pytest.raises(ValueError, match="no starting corners for 7"):
        BOARD.starts(7)


def test_K_X02_bought_tile_goes_blue_until_three_blue_cells_remain() -> None:
    start = {c for corner in BOARD.starts(2) for c in (corner.corner, corner.inner)}
    assert exploration_cells(BOARD, start) == BOARD.blue - start  # 17 blue cells open
    explored = set(BOARD.blue) - {(0, 0), (1, 0), (0, 1), (-1, 1)} | start
    assert exploration_cells(BOARD, explored) == BOARD.blue - explored  # 4 open: still blue only
    explored.add((0, 0))
    assert exploration_cells(BOARD, explored) == BOARD.cells - explored  # 3 open: anywhere
    assert len(exploration_cells(BOARD, explored)) == 37 - len(explored)


# --- movement cost -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "tiles", "energy"),
    [(1, 1, 1), (1, 2, 1), (1, 3, 2), (1, 4, 2), (1, 8, 4), (2, 1, 1), (2, 5, 5), (3, 1, 2), (3, 4, 8)],
)
def test_K_M01_movement_cost_table(level: int, tiles: int, energy: int) -> None:
    """MV table: L1 1E per 2 tiles, L2 1E per tile, L3 2E per tile; odd L1 moves round up (A#16)."""
    assert RULES.cost(level, tiles) == energy


def test_K_TE08_fuel_efficiency_example_level_1_four_tiles_costs_one() -> None:
    rules = RULES.with_effects([MoveDiscount(energy=1)])
    assert rules.cost(1, 4) == 1
    assert rules.cost(1, 1) == 0  # never below 0
    assert rules.cost(3, 2) == 3


def test_K_TE09_boosters_double_range_not_the_cap() -> None:
    rules = RULES.with_effects([MoveRange(factor=2)])
    assert (rules.cost(1, 4), rules.cost(2, 2), rules.cost(3, 2), rules.cost(1, 5)) == (1, 1, 2, 2)
    assert rules.cap == 8  # A#17
    assert RULES.with_effects([MoveRange(factor=2)]).reach(1, 99) == 8
    raised = KardashevParams(boosters_raise_cap=True).move_rules.with_effects([MoveRange(factor=2)])
    assert raised.cap == 16


def test_K_TE21_dyson_sphere_moves_are_free() -> None:
    assert RULES.with_effects([MoveFree()]).cost(3, 8) == 0


def test_K_M07_move_modifiers_come_only_from_move_effects() -> None:
    """Effects of other hooks leave movement alone; modifiers combine (Boosters + Fuel Efficiency)."""
    assert RULES.with_effects([Tax()]) == RULES
    both = RULES.with_effects([MoveRange(factor=2), MoveDiscount(energy=1)])
    assert both.cost(1, 8) == 1  # 2 payments of 4 tiles, minus 1


def test_K_M01_eight_tile_limit() -> None:
    grid = MoveMap(explored=ALL)
    path = [(q, 0) for q in range(-2, 4)] + [(3, -1), (2, -1)]
    start = (-3, 0)
    assert len(path) == 8
    plan = plan_move(BOARD, grid, start, path, 1, RULES)
    assert isinstance(plan, MovePlan) and plan.energy == 4
    far = [*path, (1, -1)]
    assert plan_move(BOARD, grid, start, far, 1, RULES) == "a move may enter at most 8 cells, not 9"
    assert RULES.reach(1, 100) == 8 and RULES.reach(2, 3) == 3 and RULES.reach(3, 3) == 1


# --- paths ---------------------------------------------------------------------------------


def test_K_M02_destroyed_planets_block_and_opponents_stop_the_move() -> None:
    grid = MoveMap(explored=ALL, destroyed=frozenset({(1, 0)}), hostile=frozenset({(0, 1)}))
    assert "destroyed planet" in str(plan_move(BOARD, grid, (0, 0), [(1, 0), (2, 0)], 1, RULES))
    assert "is an attack and ends the move" in str(plan_move(BOARD, grid, (0, 0), [(0, 1), (0, 2)], 1, RULES))
    plan = plan_move(BOARD, grid, (0, 0), [(0, 1)], 1, RULES)
    assert isinstance(plan, MovePlan) and plan.ending == "attack" and plan.retreat == (0, 0)  # K-T01


def test_K_M03_pass_own_fleets_but_do_not_end_on_them() -> None:
    grid = MoveMap(explored=ALL, friendly_fleets=frozenset({(1, 0)}))
    plan = plan_move(BOARD, grid, (0, 0), [(1, 0), (2, 0)], 2, RULES)
    assert isinstance(plan, MovePlan) and plan.tiles == 2 and plan.energy == 2
    assert "already holds a fleet" in str(plan_move(BOARD, grid, (0, 0), [(1, 0)], 2, RULES))


def test_K_M04_entering_unexplored_space_explores_and_ends_the_move() -> None:
    explored = ALL - {(0, 3), (1, 0)}
    grid = MoveMap(explored=explored)
    plan = plan_move(BOARD, grid, (0, 1), [(0, 2), (0, 3)], 1, RULES)  # white zone: any time
    assert isinstance(plan, MovePlan) and plan.ending == "explore" and plan.tiles == 2  # A#18
    assert "unexplored" in str(plan_move(BOARD, grid, (0, 0), [(1, 0), (2, 0)], 1, RULES))


def test_K_M01_steps_must_be_adjacent_and_on_the_board() -> None:
    grid = MoveMap(explored=ALL)
    assert plan_move(BOARD, grid, (0, 0), [(2, 0)], 1, RULES) == "cell 2,0 is not next to 0,0"
    assert plan_move(BOARD, grid, (3, 0), [(4, 0)], 1, RULES) == "cell 4,0 is not on the board"
    assert plan_move(BOARD, grid, (0, 0), [], 1, RULES) == "a move must enter at least one cell"


def test_K_TE20_wormhole_leaps_one_cell_of_any_kind_for_free() -> None:
    grid = MoveMap(explored=ALL - {(1, 0)}, destroyed=frozenset({(0, 1)}))
    rules = RULES.with_effects([MoveJump(count=1)])
    plan = plan_move(BOARD, grid, (0, 0), [(2, 0), (3, -1)], 2, rules)  # over unexplored 1,0
    assert isinstance(plan, MovePlan) and plan.leapt == ((1, 0),) and plan.tiles == 2 and plan.energy == 2
    assert plan.entered == ((2, 0), (3, -1))  # no Warlord gain from the leapt cell (K-M06)
    assert "not next to" in str(plan_move(BOARD, grid, (0, 0), [(2, 0), (0, 2)], 2, rules))  # one leap only
    assert isinstance(plan_move(BOARD, grid, (0, 0), [(0, 2)], 2, rules), MovePlan)  # over a destroyed planet


def test_K_T08_retreat_cell_is_where_the_attacker_came_from() -> None:
    grid = MoveMap(explored=ALL, friendly_fleets=frozenset({(1, 0)}), hostile=frozenset({(2, 0), (0, 2)}))
    via_own_fleet = plan_move(BOARD, grid, (0, 0), [(1, 0), (2, 0)], 1, RULES)
    assert isinstance(via_own_fleet, MovePlan) and via_own_fleet.retreat is None  # it cannot go back: destroyed
    plain = plan_move(BOARD, grid, (0, 0), [(0, 1), (0, 2)], 1, RULES)
    assert isinstance(plain, MovePlan) and plain.retreat == (0, 1)
    rules = RULES.with_effects([MoveJump(count=1)])
    leap = plan_move(BOARD, grid, (0, 0), [(0, 2)], 1, rules)
    assert isinstance(leap, MovePlan) and leap.retreat is None  # leapt into the attack


def test_K_M06_entered_cells_are_counted_once() -> None:
    grid = MoveMap(explored=ALL)
    plan = plan_move(BOARD, grid, (0, 0), [(1, 0), (0, 0), (1, 0)], 1, RULES)
    assert isinstance(plan, MovePlan) and plan.tiles == 3 and plan.entered == ((1, 0), (0, 0))


def test_K_M01_reachable_lists_every_destination_with_a_shortest_plan() -> None:
    start = (0, -3)
    explored = frozenset({start, (0, -2), (1, -3), (0, -1), (1, -2)})
    grid = MoveMap(explored=explored, hostile=frozenset({(1, -2)}))
    plans = reachable(BOARD, grid, start, 1, RULES, energy=1)
    assert set(plans) == {(0, -2), (1, -3), (0, -1), (1, -2), (-1, -2), (2, -3), (-1, -1)}
    assert plans[(1, -2)].ending == "attack" and plans[(-1, -2)].ending == "explore"
    assert all(plan.tiles <= 2 and plan.energy <= 1 for plan in plans.values())
    for destination, plan in plans.items():
        again = plan_move(BOARD, grid, start, plan.steps, 1, RULES)
        assert again == plan and plan.destination == destination
    assert reachable(BOARD, grid, start, 3, RULES, energy=1) == {}
