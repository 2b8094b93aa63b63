"""Planets under attack: blockade, planetary defence fire, orbital bombardment, devastation
(rules v2.6.8 S17.1-S17.4; inventory BLK-*, PDEF-*, BOMB-*, DEV-*, Amb#10, #11, #79).

::

    >>> planet_evasion(military=3, shield=True)   # 5 per Military level, +10 with the shield
    25
    >>> blockade_rating(armed_ships=4, invasion=True)
    5
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import msgspec

from starlanes.games.star_kingdoms.catalogue import DISTRICTS, Catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.war.battle import round_half_up
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import UnitLike, shields_damage_of, unit_kind, unit_stats

__all__ = [
    "Bombardment",
    "DevastationChange",
    "PogsFire",
    "add_devastation",
    "blockade_rating",
    "bombard",
    "can_launch",
    "planet_evasion",
    "pogs_fire",
]


def blockade_rating(armed_ships: int, invasion: bool = False) -> int:
    """One per armed ship blockading (bombarding ships count, BOMB-05), +1 while an invasion is
    under way (BLK-02, GRND-10)."""
    return armed_ships + (1 if invasion else 0)


def can_launch(speed: int, rating: int) -> bool:
    """A blockaded planet launches no ship slower than the rating (BLK-03)."""
    return speed >= rating


def planet_evasion(military: int, shield: bool = False, params: WarParams | None = None) -> int:
    """5 per Military district level, +10 with the Planetary Shield on (switched on by itself
    when bombarded, Amb#79), at most 80 (BOMB-03, PDEF-05)."""
    p = params or WarParams()
    ev = p.military_district_evasion * military + (p.planetary_shield_evasion if shield else 0)
    return max(0, min(p.evasion_cap, ev))


@dataclass(frozen=True)
class Bombardment:
    """One turn of bombardment of one planet."""

    damage: int
    """Damage that hit this turn."""
    devastation: int
    """Levels of Devastation it adds."""
    counter: int
    """The damage carried to next turn (below 100; BOMB-04)."""
    shots: int
    hits: int


def bombard(cat: Catalogue, ships: Sequence[UnitLike], planet_ev: int, counter: int, rng: random.Random,
            params: WarParams | None = None) -> Bombardment:
    """Each bombarding ship fires one combat round at the planet: shots = its level (Spinal 1),
    damage per shot FP/shots rounded normally, a hit on a d100 roll above the planet's Evasion
    with the ship's variant modifiers (the Assault round-1 rule does not apply, Amb#79).  Every
    100 damage, with last turn's remainder, is one Devastation (BOMB-02, BOMB-04)."""
    p = params or WarParams()
    total = 0
    shots = hits = 0
    for ship in ships:
        stats = unit_stats(cat, ship, p)
        variant = cat.variants.get(ship.variant) if ship.variant else None
        fp = stats.firepower
        if variant is not None:
            fp = math.ceil(fp * variant.fp_mult * variant.damage_mult - 1e-9)
        if fp <= 0:
            continue
        n = 1 if ship.variant == "spinal" else ship.level
        per_shot = round_half_up(fp / n)
        ev = planet_ev * (variant.target_ev_mult if variant else 1.0) + (variant.target_ev_add if variant else 0)
        ev_i = max(0, min(p.evasion_cap, math.ceil(ev - 1e-9)))
        for _ in range(n):
            shots += 1
            if rng.randint(1, 100) > ev_i:
                hits += 1
                total += per_shot
    carried = counter + total
    return Bombardment(damage=total, devastation=carried // p.damage_per_devastation,
                       counter=carried % p.damage_per_devastation, shots=shots, hits=hits)


@dataclass(frozen=True)
class PogsFire:
    """The ground defences' one round at bombarders or landing troops (PDEF-04)."""

    damage: dict[str, int]
    """Hull/Health (after Shields) lost by each target, by unit id."""
    destroyed: tuple[str, ...]
    shields_lost: dict[str, int]


def pogs_fire(cat: Catalogue, defences: Iterable[UnitLike], targets: Sequence[UnitLike], rng: random.Random,
              params: WarParams | None = None) -> PogsFire:
    """Every defending detachment with POGS fires one round with its POGS Firepower only (TL+4
    each) at the bombarding ships or the landing detachments; Reinforced Drop Pods add +25
    Evasion against it (PDEF-04, BOMB-06).  Targets are drawn at random from those alive when
    the fire starts; damage lands after all have fired (as in a phase, Amb#62)."""
    p = params or WarParams()
    alive = list(targets)
    hp: dict[str, int] = {}
    shields: dict[str, int] = {}
    evasion: dict[str, int] = {}
    for t in alive:
        st = unit_stats(cat, t, p)
        hp[t.id] = st.hull - t.damage
        shields[t.id] = max(0, st.shields - shields_damage_of(t))
        evasion[t.id] = max(0, min(p.evasion_cap, st.evasion + st.evasion_vs_pogs))
    pending: dict[str, list[int]] = {t.id: [] for t in alive}
    for gun in defences:
        if unit_kind(cat, gun) != "detachment":
            continue
        fp = unit_stats(cat, gun, p).pogs_firepower
        if fp <= 0 or not alive:
            continue
        per_shot = round_half_up(fp / gun.level)
        for _ in range(gun.level):
            target = alive[rng.randrange(len(alive))]
            if rng.randint(1, 100) > evasion[target.id]:
                pending[target.id].append(per_shot)
    damage: dict[str, int] = {}
    shields_lost: dict[str, int] = {}
    destroyed: list[str] = []
    for t in alive:
        h, s = hp[t.id], shields[t.id]
        for dmg in pending[t.id]:
            if h <= 0:
                break
            from_shields = min(s, dmg)
            s -= from_shields
            h -= dmg - from_shields
        if pending[t.id]:
            damage[t.id] = hp[t.id] - max(h, 0)
            shields_lost[t.id] = shields[t.id] - s
        if h <= 0:
            destroyed.append(t.id)
    return PogsFire(damage=damage, destroyed=tuple(destroyed), shields_lost=shields_lost)


@dataclass(frozen=True)
class DevastationChange:
    """What new Devastation did to a planet."""

    devastation: int
    """The planet's Devastation afterwards."""
    districts: Districts
    """Its districts afterwards."""
    lost: tuple[str, ...]
    """Districts that lost a level, in order."""


def add_devastation(devastation: int, gained: int, districts: Districts, pe_of: Callable[[Districts, int], int],
                    rng: random.Random, *, hardened: bool = False,
                    params: WarParams | None = None) -> DevastationChange:
    """Add ``gained`` levels of Devastation one at a time (DEV-02..04).  While PE (after
    devastation, before the blockade) is 0, a new level lowers a random district at once and is
    not kept (Amb#10).  Otherwise it is kept; at 5 (7 with Hardened Materials) a random district
    of level 1 or more loses a level and Devastation resets to 0 (DEV-03; the GM may override
    which one, Amb#11).  ``pe_of(districts, devastation)`` is the planet's PE after devastation,
    before the blockade (``economy.planet_pe``)."""
    p = params or WarParams()
    limit = p.hardened_devastation_district_loss if hardened else p.devastation_district_loss
    levels = {d: districts.level(d) for d in DISTRICTS}
    lost: list[str] = []
    dev = devastation

    def now() -> Districts:
        return msgspec.structs.replace(districts, **levels)

    def hit() -> None:
        standing = [d for d in DISTRICTS if levels[d] >= 1]
        if standing:
            d = standing[rng.randrange(len(standing))]
            levels[d] -= 1
            lost.append(d)

    for _ in range(gained):
        if pe_of(now(), dev) <= 0:
            hit()
            continue
        dev += 1
        if dev >= limit:
            hit()
            dev = 0
    return DevastationChange(devastation=dev, districts=now(), lost=tuple(lost))
