"""Space-risk dice: the one place where a roll of dice is compared.

The ruleset (``rules.py``) and the odds calculator (``odds.py``) both go through
:func:`compare`, :func:`attack_dice_allowed` and :func:`defend_dice` so that a change
of a dice parameter (sides, maximum dice, clamping, modifiers) changes both.

A roll: the attacker rolls ``a`` dice, the defender ``d`` dice.  Each die gets its
side's modifier (``attack_mod`` / ``defend_mod``); if ``clamp`` is set a modified
die is clamped to ``1..sides``.  Both sides sort their dice from high to low and the
dice are compared pair by pair, ``min(a, d)`` pairs; the higher die wins the pair,
a tie goes to the defender; the loser of a pair loses one army.

>>> compare((6, 3, 1), (5, 3), 0, 0, False, 6)
(1, 1)
>>> compare((2,), (1, 1), -2, 0, False, 6)
(1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "DiceRules",
    "attack_dice_allowed",
    "attack_dice_table",
    "compare",
    "defend_dice",
    "dice_for",
    "modified",
]


@dataclass(frozen=True, slots=True)
class DiceRules:
    """The dice numbers of the game (a projection of the ruleset's Params).

    ``loss_limited_dice`` selects how many dice an attacker may roll: True (the
    rule document) means "no more dice than leave the territory non-empty if the
    defender wins every pair it can", i.e. a roll of ``k`` dice needs
    ``min(k, defend_max_dice)`` able armies; False is the classic limit of one die
    per able army.
    """

    sides: int = 6
    attack_max_dice: int = 3
    defend_max_dice: int = 2
    clamp: bool = False
    loss_limited_dice: bool = True


def modified(value: int, mod: int, clamp: bool, sides: int) -> int:
    """A die after its modifier, clamped to ``1..sides`` when ``clamp`` is set."""
    v = value + mod
    if clamp:
        if v < 1:
            return 1
        if v > sides:
            return sides
    return v


def compare(
    attack: Sequence[int],
    defend: Sequence[int],
    attack_mod: int,
    defend_mod: int,
    clamp: bool,
    sides: int,
) -> tuple[int, int]:
    """Compare raw dice (any order) and return ``(attacker_loses, defender_loses)``.

    Modifiers are applied to every die of a side, then each side is sorted high to
    low and the dice are paired rank by rank; ties go to the defender.
    """
    if clamp:
        a_vals = sorted((modified(x, attack_mod, True, sides) for x in attack), reverse=True)
        d_vals = sorted((modified(x, defend_mod, True, sides) for x in defend), reverse=True)
    else:
        # The same modifier on every die of a side keeps the order of the raw dice.
        a_vals = sorted(attack, reverse=True)
        d_vals = sorted(defend, reverse=True)
    a_loss = 0
    d_loss = 0
    shift = attack_mod - defend_mod if not clamp else 0
    for av, dv in zip(a_vals, d_vals, strict=False):
        if av + shift > dv:
            d_loss += 1
        else:
            a_loss += 1
    return a_loss, d_loss


def attack_dice_allowed(able: int, rules: DiceRules) -> int:
    """Most dice an attacker with ``able`` armies able to attack may roll (0 if none).

    ``able`` counts the armies that may take part: a territory's armies minus the
    one that must stay behind, or every army aboard an attacking transport.

    >>> attack_dice_allowed(1, DiceRules()), attack_dice_allowed(2, DiceRules())
    (1, 3)
    >>> attack_dice_allowed(2, DiceRules(loss_limited_dice=False))
    2
    """
    if able <= 0:
        return 0
    if not rules.loss_limited_dice:
        return min(rules.attack_max_dice, able)
    best = 0
    for k in range(1, rules.attack_max_dice + 1):
        if min(k, rules.defend_max_dice) <= able:
            best = k
    return best


@lru_cache(maxsize=64)
def attack_dice_table(rules: DiceRules) -> tuple[int, ...]:
    """:func:`attack_dice_allowed` for ``able`` = 0, 1, ..., up to the first count that
    allows the most dice; larger counts use the last entry (see :func:`dice_for`)."""
    return tuple(attack_dice_allowed(n, rules) for n in range(rules.attack_max_dice + 1))


def dice_for(table: tuple[int, ...], able: int) -> int:
    """Look ``able`` up in an :func:`attack_dice_table` (counts past its end allow the most)."""
    return table[able] if able < len(table) else table[-1]


def defend_dice(defenders: int, rules: DiceRules) -> int:
    """Dice the defender rolls: as many as allowed (the defender always rolls the most)."""
    return min(rules.defend_max_dice, defenders)
