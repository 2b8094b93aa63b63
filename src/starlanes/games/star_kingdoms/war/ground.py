"""Ground combat over turns: rounds by mobility, militia, reinforcements, devastation, capture
(rules v2.6.8 S16.1, S16.4, S17.5, S17.6; inventory GRND-*, MIL-*, INV-03..04, Amb#73-#78).

A ground war lasts turns.  Each turn :func:`ground_turn` fights the turn's rounds with the
battle engine (``kind="ground"``), carrying each side's determination over from the last turn,
and says how much Devastation the planet takes and whether it changed hands (ruling 109)::

    >>> average_mobility([(1, 1)] * 5 + [(3, 6)] * 2)   # the rules' example: 41 / 11
    4
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.war.battle import BattleResult, Force, battle, initial_determination
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import UnitLike, is_fighter, unit_kind, unit_stats

__all__ = [
    "GroundTurn",
    "average_mobility",
    "ground_devastation",
    "ground_rounds",
    "ground_turn",
    "militia_count",
    "reinforcement_determination",
]


def average_mobility(units: Iterable[tuple[int, int]]) -> int:
    """Σ(level x Mobility) / Σ level over ``(level, mobility)`` pairs, rounded up (GRND-03)."""
    pairs = list(units)
    weight = sum(level for level, _ in pairs)
    if weight == 0:
        return 0
    return math.ceil(sum(level * mob for level, mob in pairs) / weight - 1e-9)


def _mobility_pairs(cat: Catalogue, force: Force, params: WarParams) -> list[tuple[int, int]]:
    pairs = [(u.level, unit_stats(cat, u, params).mobility) for u in force.units
             if unit_kind(cat, u) == "detachment"]
    pairs += [(1, params.militia_mobility)] * force.militia  # militia are level 1 (Amb#76)
    return pairs


def ground_rounds(attacker_mobility: int, defender_mobility: int, params: WarParams | None = None, *,
                  attacker_orders: int | None = None, defender_orders: int | None = None) -> tuple[int, str]:
    """The rounds of this turn and who chose them (GRND-02): a side whose average Mobility is at
    least 2 higher picks 1-3 (its O72 order, else attackers 3 and defenders 1, ruling 106);
    otherwise 2.  Returns ``(rounds, "attacker" | "defender" | "default")``."""
    p = params or WarParams()
    if attacker_mobility - defender_mobility >= p.mobility_advantage:
        return _clamp(attacker_orders or p.attacker_chooses_rounds), "attacker"
    if defender_mobility - attacker_mobility >= p.mobility_advantage:
        return _clamp(defender_orders or p.defender_chooses_rounds), "defender"
    return p.ground_default_rounds, "default"


def _clamp(rounds: int) -> int:
    return max(1, min(3, rounds))


def militia_count(districts: Districts) -> int:
    """One militia per district level, one more per Military district level (MIL-01)."""
    return districts.total() + districts.military


def reinforcement_determination(cat: Catalogue, unit: UnitLike, params: WarParams | None = None) -> int:
    """A detachment joining a ground war adds its level to determination if at 50% Health or
    more (GRND-05)."""
    p = params or WarParams()
    top = unit_stats(cat, unit, p).hull
    return unit.level if top > 0 and (top - unit.damage) * 100 >= p.damaged_percent * top else 0


def ground_devastation(cat: Catalogue, units: Iterable[UnitLike], params: WarParams | None = None) -> int:
    """Devastation after a turn of ground combat: 1 per 10 levels of the non-militia detachments
    of both sides that took part; Precision counts 0, Artillery double (GRND-09, Amb#74)."""
    p = params or WarParams()
    total = 0
    for u in units:
        if unit_kind(cat, u) != "detachment" and not (is_fighter(cat.classes[u.class_id])
                                                       and u.variant == "atmospheric"):
            continue
        total += 0 if u.variant == "precision" else (2 * u.level if u.variant == "artillery" else u.level)
    return total // p.ground_devastation_levels


@dataclass(frozen=True)
class GroundTurn:
    """One turn of a ground war."""

    result: BattleResult
    rounds: int
    chooser: str
    """Who chose the rounds: "attacker", "defender" or "default"."""
    devastation: int
    captured: bool
    """The attacker holds the ground: no defending detachment or militia is left (ruling 109)."""
    determination: tuple[float, float]
    """Carry these into next turn's forces (``Force.determination``)."""


def ground_turn(cat: Catalogue, attacker: Force, defender: Force, rng: random.Random, *,
                params: WarParams | None = None, attacker_orders: int | None = None,
                defender_orders: int | None = None) -> GroundTurn:
    """Fight this turn's rounds of a ground war.  The defender's ``militia`` (spawned once when
    the invaders first land, Amb#77) fight beside it and never retreat nor surrender (GRND-07)."""
    p = params or WarParams()
    a_mob = average_mobility(_mobility_pairs(cat, attacker, p))
    d_mob = average_mobility(_mobility_pairs(cat, defender, p))
    rounds, chooser = ground_rounds(a_mob, d_mob, p, attacker_orders=attacker_orders,
                                    defender_orders=defender_orders)
    a = replace(attacker, determination=initial_determination(cat, attacker, p, "ground"))
    d = replace(defender, determination=initial_determination(cat, defender, p, "ground"))
    result = battle(cat, a, d, rng, kind="ground", params=p, rounds=rounds)
    fought = [u for f in (attacker, defender) for u in f.units]
    defenders_left = any(o.side == 1 and not (o.destroyed or o.surrendered or o.retreated) for o in result.units)
    attackers_left = any(o.side == 0 and not (o.destroyed or o.surrendered or o.retreated) for o in result.units)
    captured = attackers_left and not defenders_left and result.militia_left[1] == 0
    return GroundTurn(result=result, rounds=rounds, chooser=chooser, devastation=ground_devastation(cat, fought, p),
                      captured=captured, determination=result.determination)
