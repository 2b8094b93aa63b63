"""Exact battle odds for space-risk, from the game's own dice code.

Everything here is derived from :func:`starlanes.games.space_risk.dice.compare` (looked up
at call time, exactly as the ruleset does): the verdict of every pair of faces comes from
it, and the sorted, rank-by-rank pairing of the dice is counted by order statistics, so a
change of a dice rule (sides, dice counts, clamping, modifiers) changes the odds the same way
it changes the game, and 5 twenty-sided dice against 5 take milliseconds.

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

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, TypeVar

from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk.dice import DiceRules, attack_dice_allowed, defend_dice

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "BattleResult",
    "BattleTables",
    "Outcome",
    "battle",
    "battle_tables",
    "clear_caches",
    "roll_outcomes",
    "roll_outcomes_float",
]

N = TypeVar("N", float, Fraction)

Outcome = tuple[int, int, Fraction]
"""``(attacker_loses, defender_loses, probability)``."""

DEFAULT_RULES = DiceRules()


@lru_cache(maxsize=64)
def _merged_faces(
    attack_mod: int, defend_mod: int, rules: DiceRules
) -> tuple[tuple[int, bool, int], ...]:
    """Both sides' faces on one line, highest first: ``(key, is_attacker, faces)``.

    The verdict of one attacking die against one defending die is asked of
    :func:`dice.compare` (with one die a side), for every pair of faces.  An attacking
    face ``x`` beats the defending faces ``1..t(x)``; its key is ``2 t(x) + 1`` and a
    defending face ``y`` has key ``2 y``, so a higher key beats a lower one and no two
    keys of different sides are equal.  ``faces`` counts the raw faces sharing a key.
    """
    sides = rules.sides
    compare = dice_mod.compare
    keys: dict[tuple[int, bool], int] = {}
    last_t = 0
    for x in range(1, sides + 1):
        beaten = [compare((x,), (y,), attack_mod, defend_mod, rules.clamp, sides)[1] == 1
                  for y in range(1, sides + 1)]
        t = sum(beaten)
        if beaten != [True] * t + [False] * (sides - t) or t < last_t:
            raise ValueError("dice.compare does not rank the faces (a higher die must never do worse)")
        last_t = t
        keys[(2 * t + 1, True)] = keys.get((2 * t + 1, True), 0) + 1
    for y in range(1, sides + 1):
        keys[(2 * y, False)] = 1
    return tuple(sorted(((k, att, n) for (k, att), n in keys.items()), reverse=True))


@lru_cache(maxsize=512)
def roll_outcomes(
    attack_dice: int,
    defend_dice_count: int,
    attack_mod: int = 0,
    defend_mod: int = 0,
    rules: DiceRules = DEFAULT_RULES,
) -> tuple[Outcome, ...]:
    """Every outcome of one roll with its exact probability, by order statistics.

    Both sides sort their dice and pair them rank by rank (:mod:`dice`); the verdict of a
    pair of faces comes from :func:`dice.compare`.  The faces of both sides are walked
    from the highest down (:func:`_merged_faces`), placing how many of a side's dice show
    each face; a pair is decided as soon as both of its dice are placed (the die placed
    first is the higher and wins).  The state is (attacking dice placed, defending dice
    placed, pairs won by the attacker), counted only up to the ``min(a, d)`` compared
    ranks, so a roll costs ``O(sides * min(a, d)^3 * max(a, d))`` integer steps instead
    of ``sides ** (a + d)``.  Counts are exact integers; the result is exact.

    Outcomes with probability zero are left out; the list is sorted by
    ``(attacker_loses, defender_loses)``.
    """
    if attack_dice < 1 or defend_dice_count < 1:
        raise ValueError("a roll needs at least one die on each side")
    a, d = attack_dice, defend_dice_count
    m = min(a, d)
    faces = _merged_faces(attack_mod, defend_mod, rules)
    below_a = below_d = rules.sides  # raw faces of each side not yet walked
    # (attackers placed, defenders placed, attacker's pair wins) -> number of rolls.
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _key, attacker, count in faces:
        if attacker:
            below_a -= count
            below = below_a
        else:
            below_d -= count
            below = below_d
        new: dict[tuple[int, int, int], int] = {}
        for (ca, cd, wins), ways in states.items():
            placed, total = (ca, a) if attacker else (cd, d)
            if placed >= m:  # this side's compared ranks are all placed
                new[(ca, cd, wins)] = new.get((ca, cd, wins), 0) + ways
                continue
            left = total - placed
            for k in range(left + 1):
                now = placed + k
                w = ways * math.comb(left, k) * count**k
                if now >= m:
                    w *= below ** (left - k)  # the uncompared dice fall on any lower face
                    now = m
                elif below == 0:
                    continue  # dice left over with no lower face to show
                if attacker:
                    key = (now, cd, wins)  # pairs decided now were won by earlier defenders
                else:
                    won = min(ca, now) - cd if ca > cd else 0  # earlier (higher) attackers win
                    key = (ca, now, wins + won)
                if w:
                    new[key] = new.get(key, 0) + w
        states = new
    counts: dict[tuple[int, int], int] = {}
    for (_ca, _cd, wins), ways in states.items():
        counts[(m - wins, wins)] = counts.get((m - wins, wins), 0) + ways
    total = rules.sides ** (a + d)
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


def clear_caches() -> None:
    """Forget every cached roll (after :func:`dice.compare` changed, as in a test)."""
    _merged_faces.cache_clear()
    roll_outcomes.cache_clear()
    roll_outcomes_float.cache_clear()


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


_FAST_MIN_DEFEND = 16
"""From this many defender columns on, the float tables use the NumPy pass (:func:`_tables_fast`);
smaller tables keep the scalar pass, which has no per-row array overhead."""


def _tables_float(
    max_attack: int, max_defend: int, attack_mod: int, defend_mod: int, rules: DiceRules
) -> BattleTables[float]:
    def outcomes(k: int, j: int) -> Sequence[tuple[int, int, float]]:
        return roll_outcomes_float(k, j, attack_mod, defend_mod, rules)

    if max_attack >= 1 and max_defend >= _FAST_MIN_DEFEND:
        return _tables_fast(max_attack, max_defend, rules, outcomes)
    return _tables(max_attack, max_defend, rules, outcomes, 1.0, 0.0)


def _tables_fast(
    max_attack: int,
    max_defend: int,
    rules: DiceRules,
    outcomes: Callable[[int, int], Sequence[tuple[int, int, float]]],
) -> BattleTables[float]:
    """The float backward pass, one attacker row per matrix product, with NumPy.

    A row ``x`` of the table holds the three results (win, attackers left, defenders left) for
    every ``d``. Each roll of ``k`` attacking dice either costs the attacker ``al`` armies (a
    finished row ``a - al``, ``dl`` columns back) or none (the same row, ``dl`` columns back).
    Written with matrices over the columns, ``x = c + x P + sum(y[a - al] Q[al])``, where ``c``
    is column 0 (the battle is over), ``P`` the rolls that cost the attacker nothing and
    ``Q[al]`` the others. So ``x = c S + sum(y[a - al] Q[al] S)`` with ``S = (I - P)^-1``: for
    each dice count ``k`` the products ``Q[al] S`` are stacked once into one matrix, and each
    row is then one product of the rows before it (a view of the table) with that matrix
    (3 by 202 times 202 by 101 for the default dice: under the size at which the BLAS starts
    threads).
    """
    import numpy as np  # imported here, not at start-up

    width = max_defend + 1
    by_a = [attack_dice_allowed(a, rules) for a in range(max_attack + 1)]
    by_d = [defend_dice(d, rules) for d in range(width)]
    rolls = {(k, j): outcomes(k, j) for k in set(by_a[1:]) for j in set(by_d[1:])}
    depth = max((al for trans in rolls.values() for al, _, _ in trans), default=0) or 1
    # the table, ``depth`` empty rows first, so that every row has ``depth`` rows before it
    table = np.zeros((3, depth + max_attack + 1, width))
    table[2, depth, :] = np.arange(width)  # no attacker left: the defenders stay
    runs: list[tuple[int, int, int]] = []  # (first column, last column + 1, defending dice)
    for d in range(1, width):
        if runs and runs[-1][2] == by_d[d]:
            runs[-1] = (runs[-1][0], d + 1, by_d[d])
        else:
            runs.append((d, d + 1, by_d[d]))
    operators: dict[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = {}
    for k in set(by_a[1:]):
        # S = (I - P)^-1 = I + S P, column by column (a column only reads those before it);
        # built as its transpose, whose columns are rows. No LAPACK and no large products:
        # on a shared machine a multi-threaded BLAS costs more than the sums it does.
        solve_t = np.zeros((width, width))
        for d in range(width):
            column = solve_t[d]
            column[d] = 1.0
            kept = 0.0
            if d:
                for al, dl, p in rolls[(k, by_d[d])]:
                    if al:
                        continue
                    if dl:
                        column += p * solve_t[d - dl]
                    else:
                        kept += p
            if kept:
                column /= 1.0 - kept  # a roll that changes nothing, rolled until one does
        solve = solve_t.T
        # Q[al] S, stacked in table order (row a - depth first): a roll at column d that costs
        # (al, dl) adds p times row d of S to row d - dl of Q[al] S (one slice per run of
        # equal defending dice)
        stacked = np.zeros((depth, width, width))
        for lo, hi, j in runs:
            for al, dl, p in rolls[(k, j)]:
                if al:
                    stacked[depth - al, lo - dl : hi - dl] += p * solve[lo:hi]
        operators[k] = (stacked.reshape(depth * width, width), solve[0].copy())
    for a in range(1, max_attack + 1):
        stacked, first = operators[by_a[a]]
        row = table[:, depth + a, :]
        np.matmul(table[:, a : depth + a, :].reshape(3, depth * width), stacked, out=row)
        row[0] += first  # column 0 (c): won, with every attacker left
        row[1] += a * first
        np.minimum(row[0], 1.0, out=row[0])  # float sums may overshoot by an ulp
    return BattleTables(
        max_attack,
        max_defend,
        table[0, depth:].tolist(),
        table[1, depth:].tolist(),
        table[2, depth:].tolist(),
    )


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
