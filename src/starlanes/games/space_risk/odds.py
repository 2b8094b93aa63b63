"""Exact battle odds for space-risk, from the game's own dice code.

Everything here is derived from :func:`starlanes.games.space_risk.dice.compare` (looked up
at call time, exactly as the ruleset does) by
listing every roll of the dice, so a change of a dice rule (sides, dice counts,
clamping, modifiers) changes the odds the same way it changes the game.

- :func:`roll_outcomes`: one roll of ``a`` attacking dice against ``d`` defending
  dice, every outcome ``(attacker_loses, defender_loses)`` with its exact probability.
- :func:`battle`: a whole battle of ``A`` able attackers against ``D`` defenders,
  each round rolling the most dice allowed, until one side has none: the
  probability that the attacker wins, the expected survivors and the full
  distribution of end states.
- :func:`battle_tables`: the win probability and expected survivors for every
  ``a <= A``, ``d <= D`` at once (one backward pass; the bot uses it).

>>> from fractions import Fraction
>>> dict(((al, dl), p) for al, dl, p in roll_outcomes(1, 1))[(0, 1)]
Fraction(5, 12)
>>> battle(1, 1, exact=True).p_attacker_wins
Fraction(5, 12)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Generic, TypeVar

from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk.dice import DiceRules, attack_dice_allowed, defend_dice

__all__ = [
    "BattleResult",
    "BattleTables",
    "Outcome",
    "battle",
    "battle_tables",
    "roll_outcomes",
    "roll_outcomes_float",
]

N = TypeVar("N", float, Fraction)

Outcome = tuple[int, int, Fraction]
"""``(attacker_loses, defender_loses, probability)``."""

DEFAULT_RULES = DiceRules()


def _ways(faces: tuple[int, ...]) -> int:
    """Number of ordered rolls showing this multiset of faces (a multinomial coefficient)."""
    ways = math.factorial(len(faces))
    for face in set(faces):
        ways //= math.factorial(faces.count(face))
    return ways


@lru_cache(maxsize=512)
def roll_outcomes(
    attack_dice: int,
    defend_dice_count: int,
    attack_mod: int = 0,
    defend_mod: int = 0,
    rules: DiceRules = DEFAULT_RULES,
) -> tuple[Outcome, ...]:
    """Every outcome of one roll with its exact probability, by listing all dice.

    Each side's dice are listed as multisets with their number of orderings, and every
    pair goes through :func:`dice.compare`, the function the game rolls with.

    Outcomes with probability zero are left out; the list is sorted by
    ``(attacker_loses, defender_loses)``.
    """
    if attack_dice < 1 or defend_dice_count < 1:
        raise ValueError("a roll needs at least one die on each side")
    sides = rules.sides
    counts: dict[tuple[int, int], int] = {}
    faces = range(1, sides + 1)
    # Every roll, grouped by the multiset of faces on each side (the order of a side's dice
    # does not matter to ``compare``); ``ways`` counts the ordered rolls of each multiset.
    attack_sets = [(r, _ways(r)) for r in itertools.combinations_with_replacement(faces, attack_dice)]
    defend_sets = [(r, _ways(r)) for r in itertools.combinations_with_replacement(faces, defend_dice_count)]
    for a_roll, a_ways in attack_sets:
        for d_roll, d_ways in defend_sets:
            key = dice_mod.compare(a_roll, d_roll, attack_mod, defend_mod, rules.clamp, sides)
            counts[key] = counts.get(key, 0) + a_ways * d_ways
    total = sides ** (attack_dice + defend_dice_count)
    return tuple((al, dl, Fraction(n, total)) for (al, dl), n in sorted(counts.items()))


@lru_cache(maxsize=512)
def roll_outcomes_float(
    attack_dice: int,
    defend_dice_count: int,
    attack_mod: int = 0,
    defend_mod: int = 0,
    rules: DiceRules = DEFAULT_RULES,
) -> tuple[tuple[int, int, float], ...]:
    """:func:`roll_outcomes` with float probabilities."""
    return tuple(
        (al, dl, float(p))
        for al, dl, p in roll_outcomes(attack_dice, defend_dice_count, attack_mod, defend_mod, rules)
    )


@dataclass(frozen=True)
class BattleResult(Generic[N]):
    """A whole battle from ``attack`` able attackers against ``defend`` defenders."""

    attack: int
    defend: int
    p_attacker_wins: N
    expected_attackers_left: N
    expected_defenders_left: N
    end_states: tuple[tuple[int, int, N], ...] = field(default=())
    """``(attackers_left, defenders_left, p)``; exactly one of the two counts is 0."""


def _check_sizes(attack: int, defend: int) -> None:
    if attack < 0 or defend < 0:
        raise ValueError("army counts must not be negative")


def _transitions_exact(
    a: int, d: int, attack_mod: int, defend_mod: int, rules: DiceRules
) -> tuple[Outcome, ...]:
    k = attack_dice_allowed(a, rules)
    j = defend_dice(d, rules)
    return roll_outcomes(k, j, attack_mod, defend_mod, rules)


def _transitions_float(
    a: int, d: int, attack_mod: int, defend_mod: int, rules: DiceRules
) -> tuple[tuple[int, int, float], ...]:
    k = attack_dice_allowed(a, rules)
    j = defend_dice(d, rules)
    return roll_outcomes_float(k, j, attack_mod, defend_mod, rules)


def battle(
    attack: int,
    defend: int,
    attack_mod: int = 0,
    defend_mod: int = 0,
    rules: DiceRules = DEFAULT_RULES,
    exact: bool = False,
) -> BattleResult[float] | BattleResult[Fraction]:
    """The whole battle, with the full distribution of end states.

    ``attack`` counts the armies able to attack (not the one left behind).  A battle
    with ``attack == 0`` is lost, one with ``defend == 0`` is won, without a roll.
    """
    _check_sizes(attack, defend)
    if exact:
        def trans_e(a: int, d: int) -> Sequence[tuple[int, int, Fraction]]:
            return _transitions_exact(a, d, attack_mod, defend_mod, rules)

        return _battle(attack, defend, trans_e, Fraction(1), Fraction(0))

    def trans_f(a: int, d: int) -> Sequence[tuple[int, int, float]]:
        return _transitions_float(a, d, attack_mod, defend_mod, rules)

    return _battle(attack, defend, trans_f, 1.0, 0.0)


def _battle(
    attack: int,
    defend: int,
    transitions: Callable[[int, int], Sequence[tuple[int, int, N]]],
    one: N,
    zero: N,
) -> BattleResult[N]:
    # Forward pass: probability mass of every live state, processed so that every
    # state is handled after all states that lead to it (a and d only decrease).
    mass: dict[tuple[int, int], N] = {(attack, defend): one}
    ends: dict[tuple[int, int], N] = {}
    for total in range(attack + defend, -1, -1):
        for a in range(min(attack, total), -1, -1):
            d = total - a
            if d > defend or d < 0:
                continue
            m = mass.pop((a, d), None)
            if m is None:
                continue
            if a == 0 or d == 0:
                ends[(a, d)] = ends.get((a, d), zero) + m
                continue
            for al, dl, p in transitions(a, d):
                key = (a - al, d - dl)
                mass[key] = mass.get(key, zero) + m * p
    p_win = zero
    ea = zero
    ed = zero
    states: list[tuple[int, int, N]] = []
    for (a, d), p in sorted(ends.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        states.append((a, d, p))
        if d == 0 and a > 0:
            p_win = p_win + p
        ea = ea + a * p
        ed = ed + d * p
    if attack == 0 or defend == 0:
        # No roll: the end state is the start.
        p_win = one if (defend == 0 and attack > 0) else zero
    # Float sums may overshoot by an ulp; a probability stays within [0, 1].
    p_win = min(p_win, one)
    return BattleResult(attack, defend, p_win, ea, ed, tuple(states))


@dataclass(frozen=True)
class BattleTables(Generic[N]):
    """Tables indexed ``[a][d]`` for ``0 <= a <= max_attack``, ``0 <= d <= max_defend``."""

    max_attack: int
    max_defend: int
    p_attacker_wins: list[list[N]]
    expected_attackers_left: list[list[N]]
    expected_defenders_left: list[list[N]]

    def result(self, a: int, d: int) -> BattleResult[N]:
        """The summary (no end-state distribution) for one start."""
        return BattleResult(
            a,
            d,
            self.p_attacker_wins[a][d],
            self.expected_attackers_left[a][d],
            self.expected_defenders_left[a][d],
        )


def battle_tables(
    max_attack: int,
    max_defend: int,
    attack_mod: int = 0,
    defend_mod: int = 0,
    rules: DiceRules = DEFAULT_RULES,
    exact: bool = False,
) -> BattleTables[float] | BattleTables[Fraction]:
    """Win probability and expected survivors for every start up to the bounds.

    One backward pass over the ``(a, d)`` grid: ``O(max_attack * max_defend)``.
    """
    _check_sizes(max_attack, max_defend)
    if exact:
        return _tables_exact(max_attack, max_defend, attack_mod, defend_mod, rules)
    return _tables_float(max_attack, max_defend, attack_mod, defend_mod, rules)


def _tables_float(
    max_attack: int, max_defend: int, attack_mod: int, defend_mod: int, rules: DiceRules
) -> BattleTables[float]:
    def outcomes(k: int, j: int) -> Sequence[tuple[int, int, float]]:
        return roll_outcomes_float(k, j, attack_mod, defend_mod, rules)

    return _tables(max_attack, max_defend, rules, outcomes, 1.0, 0.0)


def _tables_exact(
    max_attack: int, max_defend: int, attack_mod: int, defend_mod: int, rules: DiceRules
) -> BattleTables[Fraction]:
    def outcomes(k: int, j: int) -> Sequence[tuple[int, int, Fraction]]:
        return roll_outcomes(k, j, attack_mod, defend_mod, rules)

    return _tables(max_attack, max_defend, rules, outcomes, Fraction(1), Fraction(0))


def _tables(
    max_attack: int,
    max_defend: int,
    rules: DiceRules,
    outcomes: Callable[[int, int], Sequence[tuple[int, int, N]]],
    one: N,
    zero: N,
) -> BattleTables[N]:
    """The backward pass shared by the float and exact tables; ``outcomes(k, j)`` lists one
    roll of ``k`` attacking against ``j`` defending dice."""
    rows_w: list[list[N]] = []
    rows_a: list[list[N]] = []
    rows_d: list[list[N]] = []
    dcols = range(1, max_defend + 1)
    # Transition lists per (attacker dice, defender dice), looked up by army counts.
    by_a = [attack_dice_allowed(a, rules) for a in range(max_attack + 1)]
    by_d = [defend_dice(d, rules) for d in range(max_defend + 1)]
    cache: dict[tuple[int, int], Sequence[tuple[int, int, N]]] = {}
    for a in range(max_attack + 1):
        w = [zero] * (max_defend + 1)
        ea = [zero] * (max_defend + 1)
        ed = [zero] * (max_defend + 1)
        if a == 0:
            for d in dcols:
                ed[d] = one * d
        else:
            w[0] = one
            ea[0] = one * a
            k = by_a[a]
            for d in dcols:
                j = by_d[d]
                trans = cache.get((k, j))
                if trans is None:
                    trans = outcomes(k, j)
                    cache[(k, j)] = trans
                sw = zero
                sa = zero
                sd = zero
                for al, dl, p in trans:
                    na = a - al
                    nd = d - dl
                    if na == 0:
                        sd += p * nd
                        continue
                    if na == a:
                        rw, ra, rd = w, ea, ed
                    else:
                        rw, ra, rd = rows_w[na], rows_a[na], rows_d[na]
                    sw += p * rw[nd]
                    sa += p * ra[nd]
                    sd += p * rd[nd]
                w[d] = sw if sw < one else one  # float sums may overshoot by an ulp
                ea[d] = sa
                ed[d] = sd
        rows_w.append(w)
        rows_a.append(ea)
        rows_d.append(ed)
    return BattleTables(max_attack, max_defend, rows_w, rows_a, rows_d)
