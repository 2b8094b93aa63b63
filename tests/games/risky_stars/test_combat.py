"""Combat maths: the exact exchange agrees with a brute-force enumeration of every roll, whole
fights agree with an independent recursion, and the Monte Carlo estimate covers the truth."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starlanes.games.risky_stars import montecarlo
from starlanes.games.risky_stars.combat import EXACT_PAIRS_LIMIT, exact_fight_possible, exchange, exchange_counts, fight
from starlanes.games.risky_stars.montecarlo import simulate, volley, wilson_interval


@cache
def brute_counts(attack: int, defend: int, sides: int, ties_to_defender: bool) -> tuple[int, ...]:
    """Every one of the sides ** (attack + defend) rolls, sorted and paired the obvious way."""
    n = attack + defend
    codes = np.arange(sides**n, dtype=np.int64)
    rolls = (codes[:, None] // sides ** np.arange(n, dtype=np.int64)) % sides + 1
    a = -np.sort(-rolls[:, :attack], axis=1)
    d = -np.sort(-rolls[:, attack:], axis=1)
    k = min(attack, defend)
    wins = (a[:, :k] > d[:, :k]) if ties_to_defender else (a[:, :k] >= d[:, :k])
    return tuple(int(c) for c in np.bincount(wins.sum(axis=1), minlength=k + 1))


CASES = [(a, d, 10) for a in range(0, 6) for d in range(0, 6) if a + d <= 6] + \
        [(a, d, 6) for a in range(1, 7) for d in range(1, 7) if a + d <= 7] + \
        [(a, d, 3) for a in range(1, 10) for d in range(1, 10) if a + d == 10] + [(12, 1, 2), (1, 12, 2), (6, 6, 2)]


@pytest.mark.parametrize("ties_to_defender", [True, False])
@pytest.mark.parametrize(("attack", "defend", "sides"), CASES)
def test_RS_C01_exact_exchange_agrees_with_brute_force(attack: int, defend: int, sides: int,
                                                       ties_to_defender: bool) -> None:
    """RS-C01/RS-C02: every unit rolls, both sides sort, pairs rank by rank, higher wins, ties to
    the defender (or, by param, the attacker), unpaired dice discarded: exact counts agree."""
    assert exchange_counts(attack, defend, sides, ties_to_defender) == brute_counts(attack, defend, sides,
                                                                                    ties_to_defender)


def test_RS_C01_one_die_each_ties_go_to_the_defender() -> None:
    """One d10 against one: the attacker wins 45 of the 100 rolls (higher), loses 55 (lower or tie)."""
    odds = exchange(1, 1, exact=True)
    assert odds.p == (Fraction(55, 100), Fraction(45, 100))
    assert odds.outcomes() == [(1, 0, Fraction(55, 100)), (0, 1, Fraction(45, 100))]
    assert exchange(1, 1, exact=True, ties_to_defender=False).p == (Fraction(45, 100), Fraction(55, 100))


def test_RS_C01_unpaired_dice_are_discarded_but_sorting_uses_them() -> None:
    """Ten attackers against one defender: only the attacker's highest die counts, so the
    attacker wins unless the defender's die is at least the best of ten."""
    best_of_ten_beats = sum(Fraction(1, 10) * (1 - Fraction(y, 10) ** 10) for y in range(1, 11))
    assert exchange(10, 1, exact=True).p[1] == best_of_ten_beats
    assert exchange(1, 10, exact=True).p[1] == sum(Fraction(1, 10) * Fraction(x - 1, 10) ** 10 for x in range(1, 11))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 14), st.integers(0, 14), st.sampled_from([2, 6, 10, 20]), st.booleans())
def test_RS_C02_losses_total_min_of_the_armies_and_probabilities_sum_to_one(attack: int, defend: int, sides: int,
                                                                            ties: bool) -> None:
    """RS-C02: each exchange costs exactly min(attack, defend) units in all."""
    counts = exchange_counts(attack, defend, sides, ties)
    assert len(counts) == min(attack, defend) + 1
    assert sum(counts) == sides ** (attack + defend)
    assert all(c >= 0 for c in counts)


def test_RS_C02_more_attackers_never_hurt_the_attacker() -> None:
    """Adding attacking dice (beyond the defender's) only raises the sorted top dice."""
    previous = Fraction(-1)
    for attack in range(5, 15):
        expected = exchange(attack, 5, exact=True).expected_defender_losses
        assert expected > previous
        previous = expected


# ---------------------------------------------------------------- whole fights

def brute_table(attack: int, defend: int, sides: int) -> list[Fraction]:
    counts = brute_counts(attack, defend, sides, True)
    return [Fraction(c, sides ** (attack + defend)) for c in counts]


def until_decided(attack: int, defend: int, sides: int) -> Fraction:
    """Chance the attacker ends with the defenders gone, by plain recursion on brute tables."""
    if defend == 0:
        return Fraction(1)
    if attack == 0:
        return Fraction(0)
    k = min(attack, defend)
    return sum((q * until_decided(attack - (k - w), defend - w, sides)
                for w, q in enumerate(brute_table(attack, defend, sides))), Fraction(0))


@pytest.mark.parametrize(("attack", "defend"), [(1, 1), (2, 1), (3, 2), (4, 3), (2, 5), (5, 2)])
def test_RS_C07_C09_whole_fight_until_decided_agrees_with_recursion(attack: int, defend: int) -> None:
    """Ruling 12, combat_mode=until_decided: exchanges repeat until one side is gone; RS-C07 the
    attacker takes the location when the defenders are wiped out, RS-C09 else they hold."""
    odds = fight(attack, defend, mode="until_decided", sides=4, exact=True)
    truth = until_decided(attack, defend, 4)
    assert odds.p_capture == truth
    assert odds.p_hold == 1 - truth
    assert odds.taken_by is None
    assert sum(odds.defenders_left) == 1


def test_RS_C04_per_arrival_whole_fight_is_the_opening_exchange_then_resolution() -> None:
    """RS-C04 / ruling 12 (default per_arrival): with no reinforcement the fight is one exchange;
    the attacker takes the location only if every defender fell (RS-C07), else they hold (RS-C09)."""
    for attack, defend in [(3, 2), (2, 3), (5, 5), (4, 1)]:
        one = exchange(attack, defend, sides=6, exact=True)
        odds = fight(attack, defend, sides=6, exact=True)
        wiped = one.p[defend] if attack >= defend else Fraction(0)
        assert odds.p_capture == wiped == one.p_defenders_wiped
        assert odds.taken_by == (wiped,)
        assert odds.expected_attacker_losses == one.expected_attacker_losses
        assert odds.expected_defender_losses == one.expected_defender_losses


def test_RS_C05_C08_reinforcements_roll_on_arrival_and_the_earliest_survivor_takes() -> None:
    """RS-C05: each reinforcement rolls one exchange against the defenders left on arrival;
    RS-C08: if the defenders fall, the earliest-arriving attacking army with units left takes."""
    sides = 4
    waves = (2, 3)
    defend = 3
    # independent: enumerate the first exchange, then the second against what is left
    p_first: Fraction = Fraction(0)
    p_second = Fraction(0)
    t1 = brute_table(2, defend, sides)
    for w1, q1 in enumerate(t1):  # first wave: 2 pairs, can't wipe 3 defenders
        survivors1 = 2 - (2 - w1)
        left = defend - w1
        t2 = brute_table(3, left, sides)
        k2 = min(3, left)
        for w2, q2 in enumerate(t2):
            if w2 == left:
                if survivors1 > 0:
                    p_first += q1 * q2
                elif 3 - (k2 - w2) > 0:
                    p_second += q1 * q2
    odds = fight(waves, defend, sides=sides, exact=True)
    assert odds.taken_by == (p_first, p_second)
    assert odds.p_capture == p_first + p_second
    assert p_first > 0 and p_second > 0


def test_exact_fight_limits_are_enforced() -> None:
    assert exact_fight_possible(EXACT_PAIRS_LIMIT, 1000)
    assert not exact_fight_possible(EXACT_PAIRS_LIMIT + 1, 1000)
    assert not exact_fight_possible(30, 30, "until_decided")
    with pytest.raises(ValueError, match="too big to compute exactly"):
        fight(100, 100)
    with pytest.raises(ValueError, match="combat mode"):
        fight(1, 1, mode="forever")
    with pytest.raises(ValueError, match="at least 1 unit"):
        fight(0, 3)


# ---------------------------------------------------------------- Monte Carlo

def test_wilson_interval_matches_the_textbook_figure() -> None:
    lo, hi = wilson_interval(81, 263, 0.95)  # a standard worked example
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


@pytest.mark.parametrize(("attack", "defend", "mode"), [(12, 10, "per_arrival"), (12, 10, "until_decided"),
                                                        ((3, 4, 5), 6, "per_arrival"), (9, 9, "until_decided")])
def test_monte_carlo_interval_covers_the_exact_answer(attack: int | tuple[int, ...], defend: int, mode: str) -> None:
    exact = fight(attack, defend, mode=mode)
    est = simulate(attack, defend, fights=60_000, seed=11, mode=mode, confidence=0.999)
    lo, hi = est.p_capture_interval
    assert lo <= exact.p_capture <= hi
    assert abs(est.mean_attacker_losses - exact.expected_attacker_losses) <= est.attacker_losses_half_width
    assert abs(est.mean_defender_losses - exact.expected_defender_losses) <= est.defender_losses_half_width


@pytest.mark.parametrize("ties_to_defender", [True, False])
@pytest.mark.parametrize("direct_limit", [0, 256])  # 0: face counts by multinomial; 256: roll and sort
def test_vectorised_volley_matches_the_exact_distribution(monkeypatch: pytest.MonkeyPatch, direct_limit: int,
                                                         ties_to_defender: bool) -> None:
    """RS-C01 in the Monte Carlo kernel, both ways of drawing sorted rolls, ragged army sizes."""
    monkeypatch.setattr(montecarlo, "DIRECT_DICE_LIMIT", direct_limit)
    gen = np.random.default_rng(3)
    fights = 100_000
    attack = np.where(np.arange(fights) % 2 == 0, 5, 2).astype(np.int64)
    defend = np.where(np.arange(fights) % 2 == 0, 4, 3).astype(np.int64)
    la, ld = volley(gen, attack, defend, ties_to_defender=ties_to_defender)
    assert np.all(la + ld == np.minimum(attack, defend))
    for a, d, rows in ((5, 4, slice(0, None, 2)), (2, 3, slice(1, None, 2))):
        seen = np.bincount(ld[rows], minlength=min(a, d) + 1) / (fights // 2)
        expected = np.array(exchange(a, d, ties_to_defender=ties_to_defender).p)
        assert np.max(np.abs(seen - expected)) < 0.008


def test_simulate_is_reproducible_and_handles_huge_armies() -> None:
    assert simulate(50, 40, fights=1000, seed=5) == simulate(50, 40, fights=1000, seed=5)
    big = simulate(100_000, 100_000, fights=200, seed=1, mode="until_decided")
    assert 0.0 <= big.p_capture <= 1.0 and big.mean_attacker_losses > 0
