"""Risky Stars combat maths, exact: one d10 exchange and whole fights.

The exchange (reference facts; RS-C01): every unit rolls a die; each side sorts its rolls high
to low; rolls are paired rank by rank; in each pair the higher roll wins and the other side
loses one unit; a tie is a defender win (``ties_to_defender``); the larger side's unpaired
rolls are discarded.  So each exchange costs exactly ``min(attack, defend)`` units in all.

- :func:`exchange_counts` / :func:`exchange`: the exact distribution of one exchange's losses.
  Dice are scanned face by face from the highest, keeping how many dice of each side are at or
  above the face; only the first ``k = min(attack, defend)`` ranks matter, so a side is folded
  away once it has placed ``k`` dice.  Counts are whole numbers out of ``sides ** (attack +
  defend)``; 30 against 30 takes a few milliseconds.
- :func:`fight`: a whole fight as the ruleset resolves it (ruling 12): attacking armies arrive
  in order (the first is the attacker, the others its reinforcements) and each rolls one
  exchange against every defending unit (``per_arrival``, the default); with ``until_decided``
  the two sides then keep exchanging until one is gone.  Exact (Fractions) or float.

Big armies are estimated by :mod:`starlanes.games.risky_stars.montecarlo` (NumPy).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Generic, Literal, TypeVar, overload

from starlanes.games.risky_stars.spec import COMBAT_MODES, PER_ARRIVAL, UNTIL_DECIDED

__all__ = [
    "EXACT_PAIRS_LIMIT",
    "EXACT_UNTIL_DECIDED_UNITS",
    "ExchangeOdds",
    "FightOdds",
    "check_sizes",
    "exact_fight_possible",
    "exchange",
    "exchange_counts",
    "fight",
]

N = TypeVar("N", float, Fraction)

EXACT_PAIRS_LIMIT = 25
"""Most pairs of dice (``min(attack, defend)``) of one exchange that :func:`fight` computes
exactly (25 pairs take about half a second); bigger fights are left to :func:`simulate`."""
EXACT_UNTIL_DECIDED_UNITS = 40
"""Most units in all for an exact ``until_decided`` fight (it needs a table for every pair of
sizes it can pass through)."""


def check_sizes(attack: Sequence[int], defend: int, sides: int) -> None:
    """``ValueError`` for a die of fewer than 2 sides or a negative army."""
    if sides < 2:
        raise ValueError(f"a die has at least 2 sides, not {sides}")
    if defend < 0 or any(a < 0 for a in attack):
        raise ValueError("army sizes are whole numbers of at least 0")


@lru_cache(maxsize=8192)
def exchange_counts(attack: int, defend: int, sides: int = 10, ties_to_defender: bool = True) -> tuple[int, ...]:
    """Ways (out of ``sides ** (attack + defend)``) that one exchange kills exactly ``w``
    defenders, for ``w = 0 .. min(attack, defend)``; the attacker then loses ``k - w``."""
    check_sizes((attack,), defend, sides)
    k = min(attack, defend)
    if k == 0:
        return (sides ** (attack + defend),)
    done = [0] * (k + 1)
    comb = [[math.comb(n, c) for c in range(n + 1)] for n in range(max(attack, defend) + 1)]
    # state (pa, pd, w): attacker / defender dice placed at the faces scanned so far (pa == k:
    # the attacker is folded away), w pair wins so far; pd < k always (pd == k goes to done).
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}

    def tails(face: int, size: int) -> list[int]:
        """tails[p]: ways for the size - p dice still to place, when at least k - p of them
        show ``face`` and the rest any lower face (the side is then folded away)."""
        out = []
        for placed in range(k + 1):
            left = size - placed
            need = max(0, k - placed)
            row = comb[left]
            out.append(sum(row[c] * (face - 1) ** (left - c) for c in range(need, left + 1)))
        return out

    def attacker_step(face: int) -> None:
        nonlocal states
        out: dict[tuple[int, int, int], int] = {}
        tail = tails(face, attack)
        get = out.get
        for (pa, pd, w), count in states.items():
            if pa >= k:
                out[(pa, pd, w)] = get((pa, pd, w), 0) + count
                continue
            left = attack - pa
            if face > 1:
                row = comb[left]
                for c in range(k - pa):
                    key = (pa + c, pd, w)
                    out[key] = get(key, 0) + count * row[c]
            key = (k, pd, w)
            out[key] = get(key, 0) + count * tail[pa]
        states = out

    def defender_step(face: int, attacker_values: int) -> None:
        # attacker_values: faces an unplaced attacking die may still take (face or face - 1)
        nonlocal states
        out: dict[tuple[int, int, int], int] = {}
        tail = tails(face, defend)
        rest = [attacker_values ** (attack - pa) for pa in range(k)] + [1]
        get = out.get
        for (pa, pd, w), count in states.items():
            top = pa if pa < k else k
            if face > 1:
                row = comb[defend - pd]
                for c in range(k - pd):
                    pd2 = pd + c
                    gain = (pd2 if pd2 < top else top) - pd
                    key = (pa, pd2, w + gain if gain > 0 else w)
                    out[key] = get(key, 0) + count * row[c]
            gain = top - pd
            done[w + gain if gain > 0 else w] += count * tail[pd] * rest[pa]
        states = out

    for face in range(sides, 0, -1):
        if ties_to_defender:  # a defender's die at this face outranks an attacker's: counted first
            defender_step(face, face)
            attacker_step(face)
        else:
            attacker_step(face)
            defender_step(face, face - 1)
    return tuple(done)


@dataclass(frozen=True)
class ExchangeOdds(Generic[N]):
    """One exchange: ``p[w]`` is the chance that exactly ``w`` defenders (and ``pairs - w``
    attackers) are lost."""

    attack: int
    defend: int
    p: tuple[N, ...]

    @property
    def pairs(self) -> int:
        return min(self.attack, self.defend)

    def outcomes(self) -> list[tuple[int, int, N]]:
        """``(attacker_losses, defender_losses, probability)`` for every possible outcome."""
        return [(self.pairs - w, w, q) for w, q in enumerate(self.p)]

    @property
    def p_defenders_wiped(self) -> N:
        """The chance that no defender is left (only possible when attack >= defend)."""
        return self.p[self.defend] if self.defend <= self.attack else self.p[0] * 0

    @property
    def expected_defender_losses(self) -> N:
        return sum((q * w for w, q in enumerate(self.p)), self.p[0] * 0)

    @property
    def expected_attacker_losses(self) -> N:
        return self.pairs - self.expected_defender_losses


@overload
def exchange(attack: int, defend: int, *, sides: int = ..., ties_to_defender: bool = ...,
             exact: Literal[False] = ...) -> ExchangeOdds[float]: ...
@overload
def exchange(attack: int, defend: int, *, sides: int = ..., ties_to_defender: bool = ...,
             exact: Literal[True]) -> ExchangeOdds[Fraction]: ...
@overload
def exchange(attack: int, defend: int, *, sides: int = ..., ties_to_defender: bool = ...,
             exact: bool) -> ExchangeOdds[float] | ExchangeOdds[Fraction]: ...
def exchange(attack: int, defend: int, *, sides: int = 10, ties_to_defender: bool = True,
             exact: bool = False) -> ExchangeOdds[float] | ExchangeOdds[Fraction]:
    """The exact loss distribution of one exchange (Fractions with ``exact``, else floats)."""
    counts = exchange_counts(attack, defend, sides, ties_to_defender)
    total = sides ** (attack + defend)
    if exact:
        return ExchangeOdds(attack, defend, tuple(Fraction(c, total) for c in counts))
    return ExchangeOdds(attack, defend, tuple(c / total for c in counts))


@dataclass(frozen=True)
class FightOdds(Generic[N]):
    """A whole fight (ruling 12).  ``p_capture``: the defenders are wiped out and an attacking
    army with units left takes the location; ``p_hold``: the defenders keep it.
    ``taken_by[i]`` (``per_arrival`` only): the chance that attacking army ``i`` (0: the
    attacker, then reinforcements in arrival order) takes it, the earliest one with units left.
    ``defenders_left[j]``: the chance that ``j`` defenders survive."""

    attack: tuple[int, ...]
    defend: int
    mode: str
    p_capture: N
    p_hold: N
    taken_by: tuple[N, ...] | None
    defenders_left: tuple[N, ...]
    expected_attacker_losses: N
    expected_defender_losses: N


def exact_fight_possible(attack: int | Sequence[int], defend: int, mode: str = PER_ARRIVAL) -> bool:
    """Whether :func:`fight` computes this fight exactly (else use :func:`simulate`)."""
    waves = (attack,) if isinstance(attack, int) else tuple(attack)
    if mode == UNTIL_DECIDED:
        return sum(waves) + defend <= EXACT_UNTIL_DECIDED_UNITS
    return max((min(a, defend) for a in waves), default=0) <= EXACT_PAIRS_LIMIT


@overload
def fight(attack: int | Sequence[int], defend: int, *, mode: str = ..., sides: int = ...,
          ties_to_defender: bool = ..., exact: Literal[False] = ...) -> FightOdds[float]: ...
@overload
def fight(attack: int | Sequence[int], defend: int, *, mode: str = ..., sides: int = ...,
          ties_to_defender: bool = ..., exact: Literal[True]) -> FightOdds[Fraction]: ...
@overload
def fight(attack: int | Sequence[int], defend: int, *, mode: str = ..., sides: int = ...,
          ties_to_defender: bool = ..., exact: bool) -> FightOdds[float] | FightOdds[Fraction]: ...
def fight(attack: int | Sequence[int], defend: int, *, mode: str = PER_ARRIVAL, sides: int = 10,
          ties_to_defender: bool = True, exact: bool = False) -> FightOdds[float] | FightOdds[Fraction]:
    """Exact odds of a whole fight: ``attack`` is one army or the attacking armies in arrival
    order.  Raises ``ValueError`` when :func:`exact_fight_possible` says no (use ``montecarlo.simulate``)."""
    waves = (attack,) if isinstance(attack, int) else tuple(attack)
    check_sizes(waves, defend, sides)
    if mode not in COMBAT_MODES:
        raise ValueError(f"combat mode must be one of {', '.join(COMBAT_MODES)}, not {mode!r}")
    if not waves or waves[0] < 1 or defend < 1:
        raise ValueError("a fight needs an attacker and a defender with at least 1 unit each")
    if not exact_fight_possible(waves, defend, mode):
        raise ValueError(f"{' + '.join(map(str, waves))} against {defend} is too big to compute exactly "
                         f"(at most {EXACT_PAIRS_LIMIT} pairs, or {EXACT_UNTIL_DECIDED_UNITS} units until decided); "
                         "use the Monte Carlo estimate")
    if exact:
        return _fight(waves, defend, mode, sides, ties_to_defender, Fraction(0), Fraction)
    return _fight(waves, defend, mode, sides, ties_to_defender, 0.0, lambda a, b: a / b)


def _fight(waves: tuple[int, ...], defend: int, mode: str, sides: int, ties: bool, zero: N,
           prob: Callable[[int, int], N]) -> FightOdds[N]:
    def table(a: int, d: int) -> list[N]:
        total = sides ** (a + d)
        return [prob(c, total) for c in exchange_counts(a, d, sides, ties)]

    # state: (defenders left, earliest wave with units left or -1, attacking units left)
    states: dict[tuple[int, int, int], N] = {(defend, -1, 0): zero + 1}
    attacker_losses = zero
    for i, size in enumerate(waves):
        out: dict[tuple[int, int, int], N] = {}
        for (m, first, alive), q in states.items():
            if m == 0 or size == 0:  # nothing left to roll against (or an empty army)
                key = (m, first if first >= 0 or size == 0 else i, alive + size)
                out[key] = out.get(key, zero) + q
                continue
            k = min(size, m)
            for w, pw in enumerate(table(size, m)):
                if not pw:
                    continue
                survivors = size - (k - w)
                attacker_losses += q * pw * (k - w)
                nxt = (m - w, first if first >= 0 or survivors == 0 else i, alive + survivors)
                out[nxt] = out.get(nxt, zero) + q * pw
        states = out
    taken: list[N] | None = [zero] * len(waves)
    if mode == UNTIL_DECIDED:
        taken = None
        merged: dict[tuple[int, int], N] = {}
        for (m, _first, alive), q in states.items():
            merged[(alive, m)] = merged.get((alive, m), zero) + q
        ended: dict[tuple[int, int], N] = {}
        # every exchange costs min(a, m) >= 1 units, so sweeping by total units downwards ends
        while merged:
            top = max(a + m for a, m in merged)
            layer = {key: q for key, q in merged.items() if sum(key) == top}
            for pair in layer:
                del merged[pair]
            for (a, m), q in layer.items():
                if a == 0 or m == 0:
                    ended[(a, m)] = ended.get((a, m), zero) + q
                    continue
                k = min(a, m)
                for w, pw in enumerate(table(a, m)):
                    if pw:
                        attacker_losses += q * pw * (k - w)
                        after = (a - (k - w), m - w)
                        merged[after] = merged.get(after, zero) + q * pw
        finals = [(m, a, q) for (a, m), q in ended.items()]
    else:
        finals = [(m, alive, q) for (m, _f, alive), q in states.items()]
        for (m, first, _alive), q in states.items():
            if m == 0 and taken is not None:
                taken[first] += q
    remaining = [zero] * (defend + 1)
    for m, _a, q in finals:
        remaining[m] += q
    return FightOdds(
        attack=waves,
        defend=defend,
        mode=mode,
        p_capture=remaining[0],
        p_hold=sum(remaining[1:], zero),
        taken_by=tuple(taken) if taken is not None else None,
        defenders_left=tuple(remaining),
        expected_attacker_losses=attacker_losses,
        expected_defender_losses=sum(((defend - j) * q for j, q in enumerate(remaining)), zero),
    )
