"""The odds report the CLI prints (`starlanes odds risky-stars --attack N --defend M`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from starlanes.core.errors import UsageError
from starlanes.games.risky_stars.odds import MAX_UNITS, describe, odds
from starlanes.games.risky_stars.spec import RiskyStarsParams


def test_RS_C01_small_attack_gets_exact_exchange_and_whole_fight() -> None:
    """RS-C01/RS-C02 odds: a small attack is computed exactly, no sampling needed."""
    report = odds(3, 2, exact=True)
    assert report.exchange is not None and report.fight is not None and report.estimate is None
    assert report.fight.p_capture == Fraction(1059, 2500)
    lines = describe(report)
    assert lines[0] == ("Risky Stars odds: 3 attacking vs 2 defending (d10, ties to the defender, "
                        "combat mode per_arrival)")
    assert "  w=0: 25.33%  w=1: 32.31%  w=2: 42.36%" in lines
    assert "  exact chance of taking it: 1059/2500" in lines
    assert all(len(line) <= 100 for line in lines)


def test_large_attack_falls_back_to_monte_carlo_with_an_interval() -> None:
    report = odds(400, 300, fights=2000, seed=1)
    assert report.exchange is None and report.fight is None and report.estimate is not None
    text = "\n".join(describe(report))
    assert "Monte Carlo, 2,000 fights" in text and "95% interval" in text


def test_until_decided_mode_and_forced_monte_carlo() -> None:
    params = RiskyStarsParams(combat_mode="until_decided")
    report = odds(6, 5, params, monte_carlo=True, fights=5000)
    assert report.fight is not None and report.estimate is not None
    lo, hi = report.estimate.p_capture_interval
    assert lo - 0.05 < report.fight.p_capture < hi + 0.05
    assert any("exchanges until one side is gone" in line for line in describe(report))


@pytest.mark.parametrize(("attack", "defend", "fights"), [(0, 3, 10), (3, -1, 10), (MAX_UNITS + 1, 1, 10), (1, 1, 0)])
def test_bad_sizes_are_one_line_usage_errors(attack: int, defend: int, fights: int) -> None:
    with pytest.raises(UsageError) as info:
        odds(attack, defend, fights=fights)
    assert "\n" not in str(info.value) and "--" in str(info.value)
