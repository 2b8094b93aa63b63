"""Resources and costs: what a hand holds, what a price asks, and whether a hand can pay it.

Three resource types (CMP 21-24): food, matter, energy. A price names fixed amounts of each
type, an ``any`` part (cards of any type) and a ``matching`` part (that many cards of one type,
the payer's pick: Encryption). Whenever a player pays, ``exchange_rate`` cards of one type may
stand in for one card of another type, as often as wanted (K-R02).

>>> can_afford(Resources(food=4), Cost(matter=1))
True
>>> fleet_cost(2)
Cost(food=0, matter=2, energy=2, any=0, matching=0)
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

__all__ = [
    "FLEET_LEVEL_PRICE",
    "RESOURCES",
    "Cost",
    "NonNegative",
    "Resource",
    "Resources",
    "can_afford",
    "colony_cost",
    "fleet_cost",
    "fleet_upgrade_cost",
    "shortfall",
]

Resource = Literal["food", "matter", "energy"]
RESOURCES: tuple[Resource, ...] = ("food", "matter", "energy")
NonNegative = Annotated[int, msgspec.Meta(ge=0)]


class Resources(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A hand (or a gain): cards of each type."""

    food: NonNegative = 0
    matter: NonNegative = 0
    energy: NonNegative = 0

    def of(self, kind: Resource) -> int:
        return int(getattr(self, kind))

    @property
    def total(self) -> int:
        return self.food + self.matter + self.energy

    def __add__(self, other: Resources) -> Resources:
        return Resources(self.food + other.food, self.matter + other.matter, self.energy + other.energy)

    @classmethod
    def one(cls, kind: Resource, amount: int = 1) -> Resources:
        return cls(**{kind: amount})


class Cost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A price: fixed cards per type, ``any`` cards of free choice, ``matching`` cards of one type."""

    food: NonNegative = 0
    matter: NonNegative = 0
    energy: NonNegative = 0
    any: NonNegative = 0
    matching: NonNegative = 0

    def of(self, kind: Resource) -> int:
        return int(getattr(self, kind))

    @property
    def total(self) -> int:
        return self.food + self.matter + self.energy + self.any + self.matching

    @property
    def named_types(self) -> tuple[Resource, ...]:
        """The types the price names (the Scientist's gain picks among these, A#31)."""
        return tuple(kind for kind in RESOURCES if self.of(kind) > 0)

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.food + other.food,
            self.matter + other.matter,
            self.energy + other.energy,
            self.any + other.any,
            self.matching + other.matching,
        )

    def times(self, factor: int) -> Cost:
        return Cost(
            self.food * factor, self.matter * factor, self.energy * factor, self.any * factor, self.matching * factor
        )

    def describe(self) -> str:
        parts = [f"{self.of(k)} {k}" for k in RESOURCES if self.of(k)]
        if self.any:
            parts.append(f"{self.any} of any type")
        if self.matching:
            parts.append(f"{self.matching} of one type")
        return ", ".join(parts) or "nothing"


def _fixed_shortfall(hand: Resources, need: dict[Resource, int], any_part: int, rate: int) -> int:
    """Cards still missing to pay ``need`` (per type) plus ``any_part`` with ``rate``-for-1 exchange.

    A type short by d needs d exchanges of ``rate`` cards each, all taken from types with a
    surplus; the cards left after every exchange pay the ``any`` part. Which surplus type feeds
    which exchange does not change what is left, so only the counts matter.
    """
    missing = 0
    exchanges = 0
    spare = 0
    for kind in RESOURCES:
        have = hand.of(kind)
        if have < need[kind]:
            missing += need[kind] - have
        else:
            surplus = have - need[kind]
            exchanges += surplus // rate
            spare += surplus
    if exchanges < missing:
        return missing - exchanges
    left = spare - rate * missing
    return max(0, any_part - left)


def shortfall(hand: Resources, cost: Cost, rate: int = 4) -> int:
    """How many cards (or exchanges) the hand lacks to pay ``cost``; 0 when it can pay (K-R02)."""
    base: dict[Resource, int] = {kind: cost.of(kind) for kind in RESOURCES}
    if not cost.matching:
        return _fixed_shortfall(hand, base, cost.any, rate)
    best = None
    for kind in RESOURCES:  # the payer picks the type of the matching part
        need = dict(base)
        need[kind] += cost.matching
        lack = _fixed_shortfall(hand, need, cost.any, rate)
        best = lack if best is None else min(best, lack)
    assert best is not None
    return best


def can_afford(hand: Resources, cost: Cost, rate: int = 4) -> bool:
    """Whether ``hand`` pays ``cost``, with ``rate`` cards of one type standing in for one of another."""
    return shortfall(hand, cost, rate) == 0


def colony_cost() -> Cost:
    """Build Colony and Upgrade Colony both cost 1 food + 1 matter (BC 81, UC 83)."""
    return Cost(food=1, matter=1)


FLEET_LEVEL_PRICE = Cost(matter=1, energy=1)


def fleet_cost(level: int, per_level: Cost = FLEET_LEVEL_PRICE) -> Cost:
    """Build Fleet at ``level``: ``per_level`` per level (A#1, ruling K3)."""
    if not 1 <= level <= 3:
        raise ValueError(f"fleet level must be 1..3, not {level}")
    return per_level.times(level)


def fleet_upgrade_cost(per_level: Cost = FLEET_LEVEL_PRICE) -> Cost:
    """Upgrade Fleet by one level: the price of one level (A#1, ruling K3)."""
    return per_level
