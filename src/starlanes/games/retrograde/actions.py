"""What a Retrograde player may say. Cards are named by their uid (the number the table shows).

Maneuvers: ``burn SHIP ORBITAL``, ``transfer SHIP ASSET``, ``attack SHIP TARGET`` (then both
players seal ``power N`` / ``defense N``), ``bombard SHIP TARGET POWER``, ``sweep SHIP``
(Laser Broom), ``clean UPGRADE ORBITAL`` (Debris Cleaner), ``boost SOURCE TARGET`` (captains).
Research ``research ASSET``; repair ``repair ASSET TARGET``; construction ``place CARD ASSET``,
``found CARD``, ``allocate ASSET TARGET``, ``cannibalize ASSET SHIP DAMAGE``,
``swap ASSET SHIP CARD``, ``flip CARD [orbital=N]``; prompts ``follow SHIP``, ``sacrifice SHIP``,
``pass``; and ``end`` (end of turn).
"""

from __future__ import annotations

from typing import ClassVar

from starlanes.core.actions import Action

__all__ = [
    "ACTION_TYPES",
    "Allocate",
    "Attack",
    "Bombard",
    "Boost",
    "Burn",
    "Cannibalize",
    "Clean",
    "Defense",
    "End",
    "Flip",
    "Follow",
    "Found",
    "Pass",
    "Place",
    "Power",
    "Repair",
    "Research",
    "Sacrifice",
    "Swap",
    "Sweep",
    "Transfer",
]


class Burn(Action, frozen=True):
    """Move SHIP to ORBITAL (0 = lowest) of the asset it orbits."""

    verb: ClassVar[str] = "burn"
    ship: int
    orbital: int


class Transfer(Action, frozen=True):
    """Move SHIP from its asset's outermost orbital to ASSET's outermost orbital."""

    verb: ClassVar[str] = "transfer"
    ship: int
    asset: int


class Attack(Action, frozen=True):
    """SHIP attacks the enemy spacecraft TARGET around the same asset (sealed power/defense follow)."""

    verb: ClassVar[str] = "attack"
    ship: int
    target: int


class Power(Action, frozen=True):
    """The attacker's sealed power."""

    verb: ClassVar[str] = "power"
    value: int


class Defense(Action, frozen=True):
    """The defender's sealed defense."""

    verb: ClassVar[str] = "defense"
    value: int


class Bombard(Action, frozen=True):
    """SHIP bombards the asset it orbits, or an upgrade on it (TARGET), with POWER."""

    verb: ClassVar[str] = "bombard"
    ship: int
    target: int
    power: int


class Sweep(Action, frozen=True):
    """Laser Broom SHIP clears one debris card from its orbital."""

    verb: ClassVar[str] = "sweep"
    ship: int


class Clean(Action, frozen=True):
    """Debris Cleaner UPGRADE (tapped) removes one debris card from ORBITAL of its asset."""

    verb: ClassVar[str] = "clean"
    upgrade: int
    orbital: int


class Boost(Action, frozen=True):
    """Captain SOURCE gives TARGET (same orbital) its armor or delta-vee bonus until end of turn."""

    verb: ClassVar[str] = "boost"
    source: int
    target: int


class Research(Action, frozen=True):
    """Tap ASSET and draw."""

    verb: ClassVar[str] = "research"
    asset: int


class Repair(Action, frozen=True):
    """Tap ASSET and remove one damage counter from it or from its upgrade TARGET."""

    verb: ClassVar[str] = "repair"
    asset: int
    target: int


class Place(Action, frozen=True):
    """Put spacecraft or upgrade CARD from your hand face down beside your ASSET."""

    verb: ClassVar[str] = "place"
    card: int
    asset: int


class Found(Action, frozen=True):
    """Put asset CARD from your hand face down in your asset area."""

    verb: ClassVar[str] = "found"
    card: int


class Allocate(Action, frozen=True):
    """Tap ASSET; its construction power goes onto face-down card TARGET."""

    verb: ClassVar[str] = "allocate"
    asset: int
    target: int


class Cannibalize(Action, frozen=True):
    """Cannibalized Construction Yards: deal DAMAGE to SHIP around ASSET for that much power."""

    verb: ClassVar[str] = "cannibalize"
    asset: int
    ship: int
    damage: int


class Swap(Action, frozen=True):
    """Tap ASSET instead of allocating: exchange SHIP in orbit with CARD from your hand."""

    verb: ClassVar[str] = "swap"
    asset: int
    ship: int
    card: int


class Flip(Action, frozen=True):
    """Turn a completed face-down CARD face up (a spacecraft may pick its ``orbital``)."""

    verb: ClassVar[str] = "flip"
    card: int
    orbital: int = -1


class Follow(Action, frozen=True):
    """Bring SHIP along after a move (escort, carrier, flagship, wingman, tow)."""

    verb: ClassVar[str] = "follow"
    ship: int


class Sacrifice(Action, frozen=True):
    """Loyal to Humanity: destroy SHIP to cancel the bombardment's damage."""

    verb: ClassVar[str] = "sacrifice"
    ship: int


class Pass(Action, frozen=True):
    """Decline the current prompt."""

    verb: ClassVar[str] = "pass"


class End(Action, frozen=True):
    """End your turn."""

    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    Burn, Transfer, Attack, Power, Defense, Bombard, Sweep, Clean, Boost, Research, Repair,
    Place, Found, Allocate, Cannibalize, Swap, Flip, Follow, Sacrifice, Pass, End,
)
