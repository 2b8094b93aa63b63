"""Projects (inventory 2.7, 2.8): targets, costs, progress, rushing, cancellation, completion order."""

from __future__ import annotations

import pytest

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.projects import (
    advance,
    cancel_refund,
    completion_order,
    fighter_squadrons,
    is_complete,
    level_problem,
    project_cost,
    project_level,
    project_target,
    refit_covers,
    repair_covers,
    rush,
    rush_cap,
    start_project,
    turns_to_complete,
    zero_progress_problem,
)
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

P = StarKingdomsParams()
CAT = load_catalogue()


def test_PROJ_06_project_table() -> None:
    assert [(project_target(n), project_cost(n, P)) for n in range(1, 6)] == [
        (1, 50), (4, 200), (9, 450), (16, 800), (25, 1250)]
    assert (project_target(6), project_cost(6, P)) == (36, 1800)  # Amb#118


def test_PROJ_01_whole_cost_paid_at_start_and_PROJ_10_level_6_needs_gm() -> None:
    p = start_project(CAT.project("construct-ship"), 3, P)
    assert (p.paid, p.target, p.progress) == (450, 9, 0)
    with pytest.raises(IllegalAction, match="GM's permission"):
        start_project(CAT.project("construct-ship"), 6, P)
    assert start_project(CAT.project("construct-ship"), 6, P, gm_permission=True).target == 36
    assert level_problem(0, P) is not None


def test_PROJ_04_PROJ_05_PROJ_07_l3_ship_at_shipyard_2_takes_5_turns() -> None:
    p = start_project(CAT.project("construct-ship"), 3, P)
    turns = 0
    while not is_complete(p):
        p = advance(p, 2)
        turns += 1
    assert turns == 5 == turns_to_complete(9, 2)


def test_PROJ_08_PROJ_09_rush_example_completes_this_turn() -> None:
    p = start_project(CAT.project("construct-ship"), 3, P)
    for _ in range(3):
        p = advance(p, 2)
    assert p.progress == 6
    p, cost = rush(p, 1, rush_cap(CAT.project("construct-ship"), 2, 0, P), P)
    assert cost == 75
    assert is_complete(advance(p, 2))


def test_PROJ_08_rush_cap_by_district_or_effective_pc_and_bans() -> None:
    ship = start_project(CAT.project("construct-ship"), 2, P)
    with pytest.raises(IllegalAction, match="at most 2"):
        rush(ship, 3, 2, P)
    once, _ = rush(ship, 2, 2, P)
    with pytest.raises(IllegalAction, match="2 already"):
        rush(once, 1, 2, P)
    assert rush_cap(CAT.project("construct-district"), 1, 3, P) == 3  # ruling 9
    assert rush_cap(CAT.project("construct-district"), 1, 3, P.replace(construction_rush_by_pc=False)) == 1
    with pytest.raises(IllegalAction, match="trait"):
        rush(ship, 1, 2, P, banned=True)  # PROJ-I6


def test_PROJ_03_cancel_refunds_half_of_funds_spent_rounded_up() -> None:
    p = start_project(CAT.project("construct-ship"), 1, P)
    p, _ = rush(p, 1, 1, P)
    assert cancel_refund(p, P) == 63  # (50 + 75) / 2 = 62.5 -> 63 (ruling 8)
    assert cancel_refund(p, P.replace(refund_includes_rushes=False)) == 25


def test_PROJ_11_zero_district_refused() -> None:
    assert zero_progress_problem(0, P) is not None
    assert zero_progress_problem(1, P) is None
    assert zero_progress_problem(0, P.replace(refuse_zero_progress=False)) is None


def test_PROJ_I1_I2_I3_I5_levels() -> None:
    d = Districts(industrial=2, academic=1)
    assert project_level(CAT.project("construct-district"), districts=d, district="academic") == 2
    assert project_level(CAT.project("construct-office"), offices=1) == 2
    assert project_level(CAT.project("rebuild-and-repair")) == 1
    assert project_level(CAT.project("planetary-shield")) == 3
    assert CAT.project("planetary-shield").requires_tech == "planetary-shields"


def test_PROJ_02_one_project_per_district_type() -> None:
    slots = {k.district for k in CAT.projects.values()}
    assert slots == {"industrial", "academic", "shipyard", "military"}


def test_PROJ_S1b_fighter_squadrons_by_level() -> None:
    assert [fighter_squadrons(n, P) for n in range(1, 6)] == [1, 3, 6, 10, 0]


def test_PROJ_S2_PROJ_M2_repair_two_of_level_x_or_one_up_to_x_plus_2() -> None:
    assert repair_covers(2, [2, 1], P) and repair_covers(2, [4], P)
    assert not repair_covers(2, [5], P) and not repair_covers(2, [3, 2], P)
    assert not repair_covers(2, [2, 1], P.replace(repair_pair_at_or_below=False))


def test_PROJ_S3_PROJ_M3_refit_levels() -> None:
    assert refit_covers(2, 3, P, detachment=False) and not refit_covers(2, 4, P, detachment=False)
    assert refit_covers(2, 1, P, detachment=True)  # ruling 12
    assert not refit_covers(2, 1, P.replace(refit_detachment_at_or_below=False), detachment=True)


def test_TURN_03_defensive_completions_first() -> None:
    ship = start_project(CAT.project("construct-ship"), 1, P)
    rebuild = start_project(CAT.project("rebuild-and-repair"), 1, P)
    shield = start_project(CAT.project("planetary-shield"), 3, P)
    order = completion_order([("a", ship), ("b", shield), ("c", rebuild)], CAT)
    assert [name for name, _ in order] == ["c", "b", "a"]
