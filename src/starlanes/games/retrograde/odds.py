"""Exact chances of Retrograde's attack rolls.

An attack rolls one die per point of accuracy (spacecraft combat) or bombardment power
(bombardment); each die showing less than the hit check is a hit, and with NexusCorp
Decimator every 1 hits too. The number of hits is binomial, so its whole distribution is
exact.

>>> hit_chance(3)
Fraction(1, 3)
>>> [str(p) for p in hit_distribution(2, 3)]
['4/9', '4/9', '1/9']
>>> expected_hits(5, 0, ones_hit=True)
Fraction(5, 6)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

__all__ = ["expected_hits", "hit_chance", "hit_distribution"]


def hit_chance(check: int, sides: int = 6, ones_hit: bool = False) -> Fraction:
    """The chance that one die scores a hit: it rolls below ``check`` (or a 1 with ``ones_hit``)."""
    faces = min(max(check - 1, 0), sides)
    if ones_hit:
        faces = max(faces, 1)
    return Fraction(faces, sides)


def hit_distribution(dice: int, check: int, sides: int = 6, ones_hit: bool = False) -> list[Fraction]:
    """``P(hits == k)`` for k = 0..dice."""
    p = hit_chance(check, sides, ones_hit)
    q = 1 - p
    return [comb(dice, k) * p**k * q ** (dice - k) for k in range(max(dice, 0) + 1)]


def expected_hits(dice: int, check: int, sides: int = 6, ones_hit: bool = False) -> Fraction:
    return max(dice, 0) * hit_chance(check, sides, ones_hit)
