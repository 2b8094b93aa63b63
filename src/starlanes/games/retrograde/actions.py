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
    """Maneuver: move your spacecraft SHIP to ORBITAL (0 = lowest) of the asset it orbits.

    Cost: the delta-vee of its orbital minus the destination's, at least 2 (going in is cheap,
    climbing out is dear), added to its delta-vee counters, which may never exceed its limit.
    Example: burn 12 0 (dive #12 to the lowest orbital)."""

    verb: ClassVar[str] = "burn"
    ship: int
    orbital: int


class Transfer(Action, frozen=True):
    """Maneuver: move SHIP from its asset's outermost orbital to ASSET's outermost orbital.

    Cost: outermost delta-vee here minus outermost delta-vee there, at least 2. Drones and troop
    pods cannot transfer (pods ride along with Shock troops or Mushroom). Example: transfer 12 41."""

    verb: ClassVar[str] = "transfer"
    ship: int
    asset: int


class Attack(Action, frozen=True):
    """Maneuver: your SHIP attacks the enemy spacecraft TARGET around the same asset.

    Cost: your orbital's delta-vee minus the target's, at least 1. Then you seal `power N` and the
    defender seals `defense N` (each point is a delta-vee counter); hit check = power - defense;
    you roll one die per point of accuracy and each roll below the check is one damage."""

    verb: ClassVar[str] = "attack"
    ship: int
    target: int


class Power(Action, frozen=True):
    """Your secret power in a combat you started (0 up to what your delta-vee limit still allows).

    Higher power raises the hit check (power - defense) but costs that many delta-vee counters."""

    verb: ClassVar[str] = "power"
    value: int


class Defense(Action, frozen=True):
    """Your secret defense when your spacecraft is attacked (0 up to what its delta-vee limit allows).

    Each point lowers the hit check by one and costs one delta-vee counter (removed at the start
    of your turn)."""

    verb: ClassVar[str] = "defense"
    value: int


class Bombard(Action, frozen=True):
    """Maneuver: SHIP bombards TARGET, the enemy (or uncontrolled) asset it orbits or an upgrade on it.

    Cost: lowest orbital's delta-vee minus yours (at least 1) plus POWER. You roll one die per
    point of bombardment power; hit check = POWER - the target's resistance. Damage equal to its
    resistance captures the asset (its upgrades are destroyed) or destroys the upgrade."""

    verb: ClassVar[str] = "bombard"
    ship: int
    target: int
    power: int


class Sweep(Action, frozen=True):
    """Maneuver (Laser Broom): spend 2 delta-vee to clear one debris card from SHIP's orbital."""

    verb: ClassVar[str] = "sweep"
    ship: int


class Clean(Action, frozen=True):
    """Maneuver (Debris Cleaner): tap UPGRADE to remove one debris card from ORBITAL of its asset."""

    verb: ClassVar[str] = "clean"
    upgrade: int
    orbital: int


class Boost(Action, frozen=True):
    """Maneuver (captains): SOURCE spends 1 delta-vee to give your spacecraft TARGET in its orbital
    +1 armor (Mahmoud, Kut) or +2 delta-vee limit (Warner, Griffith) until the end of the turn."""

    verb: ClassVar[str] = "boost"
    source: int
    target: int


class Research(Action, frozen=True):
    """Research: tap your untapped ASSET and draw the top card of your deck (repeat with other assets)."""

    verb: ClassVar[str] = "research"
    asset: int


class Repair(Action, frozen=True):
    """Repair: tap your untapped ASSET and remove one damage counter from TARGET, the asset itself or
    an upgrade on it. Example: repair 0 0."""

    verb: ClassVar[str] = "repair"
    asset: int
    target: int


class Place(Action, frozen=True):
    """Construction: put spacecraft or upgrade CARD from your hand face down beside your ASSET.

    One face-down spacecraft and one face-down upgrade per asset at a time; spacecraft are placed
    before upgrades. Then `allocate` construction to it and `flip` it when complete."""

    verb: ClassVar[str] = "place"
    card: int
    asset: int


class Found(Action, frozen=True):
    """Construction: put asset CARD from your hand face down in your asset area (then allocate, flip)."""

    verb: ClassVar[str] = "found"
    card: int


class Allocate(Action, frozen=True):
    """Construction: tap your ASSET; its construction power (factory) goes as counters onto TARGET,
    the face-down spacecraft or upgrade beside it or a face-down asset of yours (not a face-down
    asset while an enemy spacecraft orbits ASSET)."""

    verb: ClassVar[str] = "allocate"
    asset: int
    target: int


class Cannibalize(Action, frozen=True):
    """Construction (Cannibalized Construction Yards): deal DAMAGE to your SHIP orbiting ASSET; ASSET's
    construction power grows by that much this turn (then allocate with it)."""

    verb: ClassVar[str] = "cannibalize"
    asset: int
    ship: int
    damage: int


class Swap(Action, frozen=True):
    """Construction (Modular Spacecraft, Refitting Station): tap ASSET instead of allocating to exchange
    your SHIP in orbit with spacecraft CARD from your hand of the same class and cost."""

    verb: ClassVar[str] = "swap"
    asset: int
    ship: int
    card: int


class Flip(Action, frozen=True):
    """Cleanup: turn your face-down CARD face up once its counters reach its construction cost.

    A spacecraft enters the lowest orbital (needs its class on the asset and room in your
    population); with PopFixx Boosters pick another: flip 12 orbital=2."""

    verb: ClassVar[str] = "flip"
    card: int
    orbital: int = -1


class Follow(Action, frozen=True):
    """Answer an offer after a move: SHIP comes along (troop pod, wingman, flagship escort, tow)."""

    verb: ClassVar[str] = "follow"
    ship: int


class Sacrifice(Action, frozen=True):
    """Answer Loyal to Humanity's offer: your SHIP at the bombarded asset dives and is destroyed; no damage."""

    verb: ClassVar[str] = "sacrifice"
    ship: int


class Pass(Action, frozen=True):
    """Decline the offer now on the table (follow, sacrifice)."""

    verb: ClassVar[str] = "pass"


class End(Action, frozen=True):
    """End your turn: you win if the opponent has no homeworld; your cards untap; every spacecraft in
    an orbital with debris takes one damage per debris card."""

    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    Burn, Transfer, Attack, Power, Defense, Bombard, Sweep, Clean, Boost, Research, Repair,
    Place, Found, Allocate, Cannibalize, Swap, Flip, Follow, Sacrifice, Pass, End,
)
