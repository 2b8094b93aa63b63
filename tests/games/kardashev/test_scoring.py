"""Scoring, end triggers and the tie-break (K-E01..K-E05, K-Q07, K-V09, A#42-44)."""

from __future__ import annotations

import pytest

from starlanes.games.kardashev.scoring import (
    Holdings,
    ScoreTable,
    Standing,
    decide,
    eliminated,
    last_round,
    score,
    supply_low,
)
from starlanes.games.kardashev.spec import KardashevParams


def test_K_E04_scoring_table_colonies_fleets_techs() -> None:
    s = score(Holdings(colonies=(1, 2, 3), fleets=(1, 2, 3), techs=(1, 2, 3), resources=40))
    assert (s.colonies, s.fleets, s.techs, s.total) == (14, 6, 6, 26)  # resources score nothing


def test_K_Q07_a_technology_scores_its_level() -> None:
    assert score(Holdings(techs=(3,))).total == 3 and score(Holdings(techs=(1, 1))).total == 2


def test_K_E04_score_table_follows_params() -> None:
    p = KardashevParams(colony_points=(1, 1, 1))
    table = ScoreTable(p.colony_points, p.fleet_points, p.tech_points)  # type: ignore[arg-type]
    assert score(Holdings(colonies=(3,)), table).total == 1
    with pytest.raises(ValueError, match=r"colony level must be 1\.\.3"):
        score(Holdings(colonies=(4,)))


def test_K_E01_supply_below_three_triggers_this_round_and_one_more() -> None:
    low = Standing(colonies_on_board=8, fleets_on_board=1, colonies_in_supply=2)
    fine = Standing(colonies_on_board=5, fleets_on_board=1, colonies_in_supply=3)
    assert supply_low(low) and not supply_low(fine)
    assert last_round(4, [fine, low]) == 5
    assert last_round(4, [fine]) is None


def test_K_E02_elimination_ends_the_current_round() -> None:
    gone = Standing(colonies_on_board=0, fleets_on_board=0, colonies_in_supply=15)
    fleet_only = Standing(colonies_on_board=0, fleets_on_board=1, colonies_in_supply=15)
    assert eliminated(gone) and not eliminated(fleet_only)
    assert last_round(6, [gone, fleet_only]) == 6


def test_K_E03_the_earlier_end_wins_and_nothing_extends_it() -> None:
    low = Standing(colonies_on_board=13, fleets_on_board=1, colonies_in_supply=1)
    gone = Standing(colonies_on_board=0, fleets_on_board=0, colonies_in_supply=15)
    assert last_round(3, [low, gone]) == 3  # both at once: elimination ends it now
    assert last_round(4, [low], known=4) == 4  # the final round does not start another
    assert last_round(4, [gone], known=4) == 4
    assert last_round(3, [gone], known=4) == 3  # elimination before the final round: earlier end


def test_K_E05_highest_total_wins() -> None:
    result = decide({0: Holdings(colonies=(2,)), 1: Holdings(colonies=(1,), fleets=(1,))})
    assert result.winners == {0} and result.totals == (5, 4)


def test_A44_tie_broken_by_fleet_levels_then_shared() -> None:
    a = Holdings(colonies=(1,), fleets=(2,), resources=9)  # 3 + 2 = 5, fleet levels 2
    b = Holdings(colonies=(1,), fleets=(1,), techs=(1,), resources=0)  # 3 + 1 + 1 = 5, fleet levels 1
    assert decide({0: a, 1: b}).winners == {0}
    assert decide({0: a, 1: b}, tiebreak="resources").winners == {0}
    assert decide({0: a, 1: b}, tiebreak="colonies").winners == {0, 1}
    assert decide({0: a, 1: b}, tiebreak="none").winners == {0, 1}
    assert decide({0: a, 1: a}).winners == {0, 1}  # still tied: shared
    with pytest.raises(ValueError, match="unknown tiebreak"):
        decide({0: a, 1: b}, tiebreak="lasers")


def test_K_V09_team_score_is_the_sum_of_its_members() -> None:
    holdings = {
        0: Holdings(colonies=(3,)),  # 6
        1: Holdings(colonies=(2,)),  # 5
        2: Holdings(colonies=(1,)),  # 3
        3: Holdings(colonies=(2,)),  # 5
    }
    result = decide(holdings, teams=[(0, 2), (1, 3)])
    assert result.totals == (9, 10) and result.winners == {1, 3}
    with pytest.raises(ValueError, match="exactly one side"):
        decide(holdings, teams=[(0, 2), (1,)])
