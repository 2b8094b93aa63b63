"""Exact attack-roll chances, checked against hand computation and against the engine's dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from starlanes.games.retrograde.odds import expected_hits, hit_chance, hit_distribution

from .helpers import GAME, HOME1, act, empty, ship


def test_hit_chance_is_faces_below_the_check() -> None:
    assert [hit_chance(c) for c in (-3, 0, 1, 2, 4, 7, 12)] == [
        Fraction(0), Fraction(0), Fraction(0), Fraction(1, 6), Fraction(1, 2), Fraction(1), Fraction(1)]
    assert hit_chance(0, ones_hit=True) == Fraction(1, 6)
    assert hit_chance(4, ones_hit=True) == Fraction(1, 2)


def test_hit_distribution_matches_enumeration_of_every_roll() -> None:
    for dice, check in ((3, 4), (2, 2), (4, 6)):
        counts: Counter[int] = Counter(sum(r < check for r in rolls) for rolls in product(range(1, 7), repeat=dice))
        exact = [Fraction(counts[k], 6**dice) for k in range(dice + 1)]
        assert hit_distribution(dice, check) == exact
    assert sum(hit_distribution(5, 3, ones_hit=True)) == 1


def test_expected_hits() -> None:
    assert expected_hits(3, 4) == Fraction(3, 2)
    assert expected_hits(0, 7) == 0


def test_engine_hits_follow_the_same_rule() -> None:
    s = empty()
    a = ship(s, "terra-hammer", 0, HOME1, 4)  # 3 dice
    d = ship(s, "mushroom", 1, HOME1, 0)  # armor 5
    act(s, 0, f"attack {a.uid} {d.uid}")
    act(s, 0, "power 4")
    s.rng.force([1, 3, 4])
    act(s, 1, "defense 0")  # check 4: 1 and 3 hit
    assert d.damage == 2 and GAME.outcome(s) is None
