"""Statistics for the lab: binomial intervals, paired differences, sequential stopping.

Everything here is pure Python (no numpy) so it is cheap to import and easy to check by hand.

- :func:`wilson` — the Wilson score interval for a proportion (``k`` successes in ``n`` trials).
  Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and behaves at 0 and n.
- :func:`paired_difference` — the mean of per-game differences ``variant - baseline`` with a
  normal-approximation interval from their sample variance. With common random numbers (the
  same seed for both sides of a pair) the pairs are positively correlated and the interval is
  narrower than comparing two independent win rates.
- :class:`SequentialPlan` — optional early stopping. The comparison is looked at up to
  ``looks`` times; each look uses the Bonferroni-corrected level ``alpha / looks``, which keeps
  the overall error rate at most ``alpha`` however the looks fall (conservative but simple and
  valid under optional stopping).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = [
    "Difference",
    "SequentialPlan",
    "Verdict",
    "paired_difference",
    "quantiles",
    "wilson",
    "z_for",
]


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for ``confidence`` (0.95 -> 1.959963...)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes out of ``n``; ``(0.0, 1.0)`` when ``n == 0``.

    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    z = z_for(confidence)
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    # exact endpoints at the boundaries (avoid 1e-17 rounding noise)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True, slots=True)
class Difference:
    """Mean paired difference ``variant - baseline`` with its interval."""

    n: int
    baseline: float
    variant: float
    diff: float
    low: float
    high: float
    confidence: float

    @property
    def clear(self) -> bool:
        """True when the interval excludes zero."""
        return self.low > 0.0 or self.high < 0.0

    def within(self, margin: float) -> bool:
        """True when the whole interval lies inside ``[-margin, +margin]``."""
        return -margin <= self.low and self.high <= margin


def paired_difference(
    baseline: Sequence[float], variant: Sequence[float], confidence: float = 0.95
) -> Difference:
    """Mean of ``variant[i] - baseline[i]`` with a normal-approximation interval.

    The pairs must line up (game ``i`` of both sides played with the same seed). With fewer
    than two pairs the interval is unbounded.
    """
    if len(baseline) != len(variant):
        raise ValueError(f"paired samples differ in length: {len(baseline)} vs {len(variant)}")
    n = len(baseline)
    if n == 0:
        return Difference(0, math.nan, math.nan, math.nan, -math.inf, math.inf, confidence)
    diffs = [v - b for b, v in zip(baseline, variant, strict=True)]
    mean_b = sum(baseline) / n
    mean_v = sum(variant) / n
    mean_d = sum(diffs) / n
    if n < 2:
        return Difference(n, mean_b, mean_v, mean_d, -math.inf, math.inf, confidence)
    var = sum((d - mean_d) ** 2 for d in diffs) / (n - 1)
    half = z_for(confidence) * math.sqrt(var / n)
    return Difference(n, mean_b, mean_v, mean_d, mean_d - half, mean_d + half, confidence)


class Verdict:
    """Plain-language verdicts (string constants) of a comparison."""

    HIGHER = "higher"  # the variant's metric is clearly higher
    LOWER = "lower"  # clearly lower
    SAME = "same"  # the interval lies inside +/- margin: no difference that matters
    UNCLEAR = "unclear"  # not enough games to tell


@dataclass(frozen=True, slots=True)
class SequentialPlan:
    """Up to ``looks`` interim analyses at the corrected level ``1 - alpha / looks``.

    Stop at a look when the corrected interval excludes zero (a clear difference), lies
    inside ``[-margin, margin]`` (a clear absence of a difference worth caring about), or is
    exactly zero (every pair gave the same value: the change made no difference at all).
    ``looks == 1`` is the ordinary fixed-size analysis.
    """

    looks: int = 1
    alpha: float = 0.05
    margin: float = 0.0

    def __post_init__(self) -> None:
        if self.looks < 1:
            raise ValueError(f"looks must be at least 1, not {self.looks}")
        if not 0.0 < self.alpha < 1.0:
            raise ValueError(f"alpha must be between 0 and 1, not {self.alpha}")
        if self.margin < 0.0:
            raise ValueError(f"margin must not be negative, not {self.margin}")

    @property
    def confidence(self) -> float:
        """The per-look confidence level."""
        return 1.0 - self.alpha / self.looks

    def verdict(self, d: Difference) -> str:
        if d.n > 0 and d.low == d.high == 0.0:
            return Verdict.SAME  # every pair gave the same value: the change did nothing here
        if d.low > 0.0:
            return Verdict.HIGHER
        if d.high < 0.0:
            return Verdict.LOWER
        if self.margin > 0.0 and d.within(self.margin):
            return Verdict.SAME
        return Verdict.UNCLEAR

    def should_stop(self, d: Difference) -> bool:
        return self.verdict(d) != Verdict.UNCLEAR

    def checkpoints(self, total: int) -> list[int]:
        """Game counts at which to look: ``looks`` evenly spaced points ending at ``total``."""
        if total < 1:
            raise ValueError(f"need at least one game, not {total}")
        looks = min(self.looks, total)
        points = sorted({max(1, round(total * (i + 1) / looks)) for i in range(looks)})
        return points


def quantiles(values: Sequence[float], probs: Sequence[float]) -> list[float]:
    """Linear-interpolation quantiles (numpy's default method) of ``values``."""
    if not values:
        return [math.nan for _ in probs]
    data = sorted(values)
    n = len(data)
    out = []
    for p in probs:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"quantile must be in [0, 1], not {p}")
        pos = p * (n - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, n - 1)
        frac = pos - lo
        out.append(data[lo] + (data[hi] - data[lo]) * frac)
    return out
