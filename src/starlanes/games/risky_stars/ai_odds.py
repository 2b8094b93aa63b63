"""Attack odds for the bot and the board: one arriving army against the units at a location.

Small fights are exact (``combat.fight``: the distribution of the d10 pairing, ruling 12);
bigger ones, whose exact tables take tens of milliseconds or more, are a seeded NumPy Monte
Carlo estimate (``montecarlo.simulate``, 1,000 fights) of the same rules, with both army sizes
rounded to two significant figures so that the cache stays small. Every answer is cached.

Very big fights are scaled down before they are estimated: more than ``SCALE_DEFEND``
defenders are estimated as ``SCALE_DEFEND`` against an attacker shrunk in proportion, the
losses scaled back up, and the chance of taking the location multiplied by 0.9 for every
defender beyond (a defender that rolls a 10 cannot be beaten, so ``p <= 0.9 ** defenders``);
an attacker of more than ``ATTACK_RATIO`` times the defenders (and more than ``ATTACK_FLOOR``
units) counts as that many (its extra dice almost never reach the pairs). These are the bot's
and the board's estimates, marked ``~`` on the board; ``starlanes odds risky-stars`` gives the
real figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from starlanes.games.risky_stars.combat import exact_fight_possible, fight
from starlanes.games.risky_stars.spec import RiskyStarsParams

__all__ = ["EXACT_ATTACK_LIMIT", "EXACT_DEFEND_LIMIT", "AttackOdds", "attack_odds"]

EXACT_ATTACK_LIMIT = 24
"""Largest attacking army whose odds are computed exactly (a few milliseconds at most)."""
EXACT_DEFEND_LIMIT = 8
"""Largest defending side whose odds are computed exactly."""
_FIGHTS = 1_000
SCALE_DEFEND = 30
"""Most defenders estimated as they are; bigger sides are scaled down to this."""
ATTACK_RATIO = 8
"""Most attackers per defender estimated; a bigger attack counts as this many..."""
ATTACK_FLOOR = 60
"""...but never fewer than this (against one defender, 60 dice all but surely hold a 10)."""


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """``p_capture``: the chance the attack takes the location (if nobody else joins the fight);
    expected losses of each side; ``exact``: computed exactly (else a Monte Carlo estimate)."""

    p_capture: float
    defender_losses: float
    attacker_losses: float
    exact: bool


def _round2(n: int) -> int:
    """``n`` to two significant figures (at least 1)."""
    if n < 100:
        return n
    scale = int(f"1{'0' * (len(str(n)) - 2)}")
    return max(1, (n + scale // 2) // scale * scale)


@lru_cache(maxsize=8192)
def _odds(attack: int, defend: int, mode: str, sides: int, ties: bool) -> AttackOdds:
    if attack <= EXACT_ATTACK_LIMIT and defend <= EXACT_DEFEND_LIMIT and exact_fight_possible(attack, defend, mode):
        f = fight(attack, defend, mode=mode, sides=sides, ties_to_defender=ties)
        return AttackOdds(f.p_capture, f.expected_defender_losses, f.expected_attacker_losses, True)
    from starlanes.games.risky_stars.montecarlo import simulate  # NumPy, only for big armies

    m = simulate(attack, defend, fights=_FIGHTS, seed=attack * 100_003 + defend, mode=mode, sides=sides,
                 ties_to_defender=ties)
    return AttackOdds(m.p_capture, m.mean_defender_losses, m.mean_attacker_losses, False)


def attack_odds(params: RiskyStarsParams, attack: int, defend: int) -> AttackOdds:
    """The odds of ``attack`` units arriving against ``defend`` units, under ``params``' dice and
    combat mode. No defender: a sure capture; no attacker: none."""
    if defend <= 0:
        return AttackOdds(1.0 if attack > 0 else 0.0, 0.0, 0.0, True)
    if attack <= 0:
        return AttackOdds(0.0, 0.0, 0.0, True)
    exact = attack <= EXACT_ATTACK_LIMIT and defend <= EXACT_DEFEND_LIMIT
    if exact:
        return _odds(attack, defend, params.combat_mode, params.die_sides, params.ties_to_defender)
    scale = max(1.0, defend / SCALE_DEFEND)
    d = min(defend, SCALE_DEFEND)
    a = max(1, min(round(attack / scale), max(ATTACK_RATIO * d, ATTACK_FLOOR)))
    odds = _odds(_round2(a), d, params.combat_mode, params.die_sides, params.ties_to_defender)
    if scale == 1.0 and a == attack:
        return odds
    return AttackOdds(odds.p_capture * 0.9 ** max(0, defend - d), odds.defender_losses * scale,
                      odds.attacker_losses * scale, False)
