"""Risky Stars combat by vectorised NumPy Monte Carlo, for armies too big for exact tables.

:func:`simulate` plays the same whole fight as :func:`starlanes.games.risky_stars.combat.fight`
(ruling 12) many times per call and reports the capture probability with its Wilson interval and
the mean losses with normal-approximation intervals.  :func:`volley` is the kernel: one exchange
in each of many fights at once.  Small fights roll and sort every die; in big ones each army's
sorted rolls are drawn as face counts (one multinomial draw per army), so the cost grows with
the die's sides, not with the army's size.  Everything is seeded (``numpy.random.Generator``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from starlanes.games.risky_stars.combat import check_sizes
from starlanes.games.risky_stars.spec import COMBAT_MODES, PER_ARRIVAL, UNTIL_DECIDED

__all__ = [
    "DIRECT_DICE_LIMIT",
    "SIMULATION_CHUNK",
    "MonteCarloOdds",
    "simulate",
    "volley",
    "wilson_interval",
]

IntArray = npt.NDArray[np.int64]


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    if trials <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


DIRECT_DICE_LIMIT = 256
"""Up to this many dice a fight (both sides), :func:`volley` rolls every die and sorts; above
it, it draws each army's face counts (sorted rolls) with one multinomial draw."""


def _sorted_rolls(gen: np.random.Generator, units: IntArray, sides: int) -> npt.NDArray[np.int16]:
    """Every unit's roll, highest first, one row per fight; missing units roll 0 (last)."""
    width = int(units.max(initial=0))
    rolls = gen.integers(1, sides + 1, size=(units.shape[0], width), dtype=np.int16)
    if int(units.min(initial=0)) < width:
        rolls[np.arange(width)[None, :] >= units[:, None]] = 0
    rolls.sort(axis=1)
    return rolls[:, ::-1]


def volley(gen: np.random.Generator, attack: IntArray, defend: IntArray, sides: int = 10,
           ties_to_defender: bool = True) -> tuple[IntArray, IntArray]:
    """One exchange in each of many fights at once: ``(attacker_losses, defender_losses)``.
    Small fights roll and sort every die; big ones draw each side's sorted rolls as face counts
    (a multinomial draw per army) and pair them by scanning the faces from the highest."""
    k = np.minimum(attack, defend)
    if int(attack.max(initial=0)) + int(defend.max(initial=0)) <= DIRECT_DICE_LIMIT:
        ra = _sorted_rolls(gen, attack, sides)
        rd = _sorted_rolls(gen, defend, sides)
        width = min(ra.shape[1], rd.shape[1])
        beats = ra[:, :width] > rd[:, :width] if ties_to_defender else ra[:, :width] >= rd[:, :width]
        beats &= np.arange(width)[None, :] < k[:, None]
        wins = beats.sum(axis=1, dtype=np.int64)
        return k - wins, wins
    faces = np.full(sides, 1.0 / sides)
    ca = gen.multinomial(attack, faces)
    cd = gen.multinomial(defend, faces)
    pa = np.zeros_like(k)
    pd = np.zeros_like(k)
    wins = np.zeros_like(k)
    for col in range(sides - 1, -1, -1):  # highest face first
        if not ties_to_defender:
            pa += ca[:, col]
        pd2 = pd + cd[:, col]
        wins += np.maximum(0, np.minimum(np.minimum(pd2, pa), k) - pd)
        pd = pd2
        if ties_to_defender:
            pa += ca[:, col]
    return k - wins, wins


@dataclass(frozen=True)
class MonteCarloOdds:
    """A Monte Carlo estimate of a whole fight: the capture probability with its Wilson
    interval, and the mean losses with normal-approximation intervals."""

    attack: tuple[int, ...]
    defend: int
    mode: str
    fights: int
    confidence: float
    p_capture: float
    p_capture_interval: tuple[float, float]
    mean_attacker_losses: float
    attacker_losses_half_width: float
    mean_defender_losses: float
    defender_losses_half_width: float


SIMULATION_CHUNK = 32_768
"""Fights simulated together (the roll-and-sort path holds 256 dice a fight at most)."""


def _simulate_chunk(gen: np.random.Generator, waves: tuple[int, ...], m: IntArray, mode: str, sides: int,
                    ties_to_defender: bool) -> tuple[IntArray, IntArray]:
    """Defenders left and attacking units lost in each of these fights."""
    m = m.copy()
    alive = np.zeros_like(m)
    lost_a = np.zeros_like(m)
    for size in waves:
        a = np.full_like(m, size)
        la, ld = volley(gen, a, m, sides, ties_to_defender)
        m -= ld
        lost_a += la
        alive += a - la
    if mode == UNTIL_DECIDED:
        live = np.flatnonzero((alive > 0) & (m > 0))
        while live.size:
            la, ld = volley(gen, alive[live], m[live], sides, ties_to_defender)
            alive[live] -= la
            lost_a[live] += la
            m[live] -= ld
            live = live[(alive[live] > 0) & (m[live] > 0)]
    return m, lost_a


def simulate(attack: int | Sequence[int], defend: int, *, fights: int = 100_000, seed: int = 0,
             mode: str = PER_ARRIVAL, sides: int = 10, ties_to_defender: bool = True,
             confidence: float = 0.95) -> MonteCarloOdds:
    """Estimate a whole fight (the same rules as :func:`fight`) from ``fights`` vectorised
    simulations, reproducible from ``seed``."""
    waves = (attack,) if isinstance(attack, int) else tuple(attack)
    check_sizes(waves, defend, sides)
    if mode not in COMBAT_MODES:
        raise ValueError(f"combat mode must be one of {', '.join(COMBAT_MODES)}, not {mode!r}")
    if fights < 1:
        raise ValueError("at least one fight")
    gen = np.random.default_rng(seed)
    m = np.full(fights, defend, dtype=np.int64)
    lost_a = np.zeros(fights, dtype=np.int64)
    for start in range(0, fights, SIMULATION_CHUNK):  # bounded memory for any number of fights
        part = slice(start, min(fights, start + SIMULATION_CHUNK))
        m[part], lost_a[part] = _simulate_chunk(gen, waves, m[part], mode, sides, ties_to_defender)
    captured = int(np.count_nonzero(m == 0))
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    lost_d = defend - m

    def mean_half(x: IntArray) -> tuple[float, float]:
        sd = float(x.std(ddof=1)) if fights > 1 else 0.0
        return float(x.mean()), z * sd / math.sqrt(fights)

    ma, ha = mean_half(lost_a)
    md, hd = mean_half(lost_d)
    return MonteCarloOdds(
        attack=waves, defend=defend, mode=mode, fights=fights, confidence=confidence,
        p_capture=captured / fights, p_capture_interval=wilson_interval(captured, fights, confidence),
        mean_attacker_losses=ma, attacker_losses_half_width=ha,
        mean_defender_losses=md, defender_losses_half_width=hd,
    )
