"""Statistics: Wilson intervals, paired differences, sequential plans, quantiles."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starlanes.lab.stats import SequentialPlan, Verdict, paired_difference, quantiles, wilson, z_for


def test_z_for_95_percent() -> None:
    assert z_for(0.95) == pytest.approx(1.959964, abs=1e-6)


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # from the closed form (2k + z² ± z·sqrt(z² + 4k(n-k)/n)) / (2(n + z²)), z = 1.959964
        (50, 100, 0.403832, 0.596168),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (1, 1, 0.206549, 1.0),
        (81, 263, 0.255289, 0.366210),
    ],
)
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-6)
    assert hi == pytest.approx(high, abs=1e-6)


def test_wilson_no_games_is_uninformative() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson(5, 3)


@given(st.integers(min_value=1, max_value=5000), st.data())
def test_wilson_contains_the_estimate_and_stays_in_unit_interval(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(min_value=0, max_value=n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_paired_difference_known_values() -> None:
    base = [0.0, 1.0, 0.0, 1.0, 0.0]
    var = [1.0, 1.0, 0.0, 1.0, 1.0]
    d = paired_difference(base, var)
    # diffs 1,0,0,0,1: mean 0.4, sample sd sqrt(0.3), se sqrt(0.3/5)
    half = 1.959964 * math.sqrt(0.3 / 5)
    assert d.diff == pytest.approx(0.4)
    assert (d.low, d.high) == (pytest.approx(0.4 - half, abs=1e-6), pytest.approx(0.4 + half, abs=1e-6))
    assert d.baseline == pytest.approx(0.4) and d.variant == pytest.approx(0.8)
    assert d.n == 5


def test_paired_difference_of_identical_samples_is_exactly_zero() -> None:
    d = paired_difference([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])
    assert (d.diff, d.low, d.high) == (0.0, 0.0, 0.0)
    assert not d.clear


def test_paired_difference_needs_aligned_pairs() -> None:
    with pytest.raises(ValueError, match="differ in length"):
        paired_difference([1.0], [1.0, 0.0])


def test_sequential_plan_uses_bonferroni_level_and_even_checkpoints() -> None:
    plan = SequentialPlan(looks=4, alpha=0.05)
    assert plan.confidence == pytest.approx(0.9875)
    assert plan.checkpoints(1000) == [250, 500, 750, 1000]
    assert SequentialPlan().checkpoints(7) == [7]
    assert SequentialPlan(looks=10).checkpoints(3) == [1, 2, 3]


def test_sequential_plan_verdicts() -> None:
    plan = SequentialPlan(looks=2, margin=0.05)
    clear_up = paired_difference([0.0] * 50, [1.0] * 45 + [0.0] * 5, plan.confidence)
    assert plan.verdict(clear_up) == Verdict.HIGHER and plan.should_stop(clear_up)
    flat = paired_difference([0.0, 1.0] * 400, [0.0, 1.0] * 400, plan.confidence)
    assert plan.verdict(flat) == Verdict.SAME
    noisy = paired_difference([0.0, 1.0, 1.0], [1.0, 0.0, 1.0], plan.confidence)
    assert plan.verdict(noisy) == Verdict.UNCLEAR and not plan.should_stop(noisy)


def test_sequential_plan_rejects_bad_settings() -> None:
    with pytest.raises(ValueError):
        SequentialPlan(looks=0)
    with pytest.raises(ValueError):
        SequentialPlan(margin=-1.0)


def test_quantiles_interpolate_like_numpy() -> None:
    assert quantiles([1.0, 2.0, 3.0, 4.0], [0.0, 0.5, 0.25, 1.0]) == [1.0, 2.5, 1.75, 4.0]


def test_a_difference_that_is_zero_in_every_pair_is_a_clear_same() -> None:
    plan = SequentialPlan(looks=4)  # no margin needed
    d = paired_difference([0.0, 1.0, 1.0, 0.0], [0.0, 1.0, 1.0, 0.0], plan.confidence)
    assert plan.verdict(d) == Verdict.SAME and plan.should_stop(d)


def test_endings_are_counted_by_kind_not_by_their_scores() -> None:
    from starlanes.lab.summary import reason_kind

    assert reason_kind("seat 1 is the last player standing") == "seat N is the last player standing"
    assert reason_kind("round limit 60 reached; scored by stars: P0 1 star") == "round limit N reached"
    assert reason_kind("cap") == "cap"
