"""What happens in Risky Stars, as data: one ``EventData`` kind per thing that happens.

The rules emit these; ``describe.describe_event`` words them for a person; ``EVENT_TYPES`` is
the ruleset's ``event_types``. Fields name locations and bodies by id and heroes as ``h7``, so
an event reads without the map. A hero draw is told to the drawer alone (``hero-drawn``, it
reveals a hidden card) and to everyone as a count (``hero-received``).
"""

from __future__ import annotations

from typing import ClassVar

from starlanes.core.state import EventData

__all__ = [
    "EVENT_TYPES",
    "AllianceFormed",
    "AllianceLeft",
    "Answered",
    "Bought",
    "Bounced",
    "Captured",
    "CombatOpened",
    "Eliminated",
    "Emptied",
    "FeaturedHeld",
    "GameOver",
    "HeldOff",
    "HeroAssigned",
    "HeroDrawn",
    "HeroReceived",
    "HeroesLost",
    "Moved",
    "Muster",
    "Placed",
    "Produced",
    "Proposed",
    "Reinforced",
    "Returned",
    "RoundEnded",
    "ShareSet",
    "Took",
    "TruceEnded",
    "TurnBegan",
    "TurnEnded",
    "UpgradeLost",
    "Upgraded",
    "Volley",
]


class TurnBegan(EventData, frozen=True):
    kind: ClassVar[str] = "turn-begun"
    seat: int
    round: int


class Produced(EventData, frozen=True):
    """What a player's possessions produced at the start of its turn (RS-P01)."""

    kind: ClassVar[str] = "produced"
    seat: int
    population: int
    metals: int
    fuel: int


class HeroDrawn(EventData, frozen=True):
    """Told to the drawer only."""

    kind: ClassVar[str] = "hero-drawn"
    seat: int
    hero: str
    hero_class: int


class HeroReceived(EventData, frozen=True):
    """Told to everyone: a player drew a hero (which one is its secret)."""

    kind: ClassVar[str] = "hero-received"
    seat: int
    reserve: int


class Bought(EventData, frozen=True):
    kind: ClassVar[str] = "bought"
    seat: int
    location: str
    count: int
    population: int
    metals: int
    fuel: int


class Placed(EventData, frozen=True):
    kind: ClassVar[str] = "placed"
    seat: int
    location: str
    count: int


class Upgraded(EventData, frozen=True):
    kind: ClassVar[str] = "upgraded"
    seat: int
    body: str
    level: int
    paid: list[int]  # population, metals, fuel


class HeroAssigned(EventData, frozen=True):
    kind: ClassVar[str] = "hero-assigned"
    seat: int
    hero: str
    hero_class: int
    body: str


class Moved(EventData, frozen=True):
    kind: ClassVar[str] = "moved"
    seat: int
    source: str
    target: str
    count: int


class Took(EventData, frozen=True):
    """An army arrived where no army stood and took possession (RS-N12)."""

    kind: ClassVar[str] = "took"
    seat: int
    location: str
    previous: int


class CombatOpened(EventData, frozen=True):
    kind: ClassVar[str] = "combat-opened"
    location: str
    attacker: int
    defenders: list[int]


class Reinforced(EventData, frozen=True):
    kind: ClassVar[str] = "reinforced"
    location: str
    seat: int
    side: str  # attack | defence
    count: int


class Volley(EventData, frozen=True):
    """One exchange of dice: sorted rolls of the attacking army and of every defending unit."""

    kind: ClassVar[str] = "volley"
    location: str
    seat: int
    attack: list[int]
    defend: list[int]
    attacker_losses: int
    defender_losses: list[int]  # per seat in ``defenders`` order
    defenders: list[int]


class Bounced(EventData, frozen=True):
    """The army arrived at another pair's combat and went back; the turn is over (RS-N11)."""

    kind: ClassVar[str] = "bounced"
    seat: int
    location: str
    launch: str
    count: int


class Returned(EventData, frozen=True):
    """An attacking army went back to its launch location (RS-C09, RS-N14): ``merged`` there,
    ``retook`` it (it was empty and unowned) or was ``destroyed`` (a non-ally holds it)."""

    kind: ClassVar[str] = "returned"
    seat: int
    location: str
    launch: str
    count: int
    result: str


class Captured(EventData, frozen=True):
    """A combat ended with the location taken (RS-C07, RS-C08) or passed to an ally (A#24)."""

    kind: ClassVar[str] = "captured"
    seat: int
    location: str
    previous: int


class HeldOff(EventData, frozen=True):
    """The defenders kept the location (RS-C09)."""

    kind: ClassVar[str] = "held-off"
    seat: int
    location: str


class Emptied(EventData, frozen=True):
    """Everyone at the combat was wiped out: the location is unowned and empty (A#18)."""

    kind: ClassVar[str] = "emptied"
    location: str
    previous: int


class UpgradeLost(EventData, frozen=True):
    kind: ClassVar[str] = "upgrade-lost"
    body: str
    level: int


class HeroesLost(EventData, frozen=True):
    kind: ClassVar[str] = "heroes-lost"
    body: str
    heroes: list[str]


class Proposed(EventData, frozen=True):
    kind: ClassVar[str] = "proposed"
    seat: int
    target: int
    asked: list[int]


class Answered(EventData, frozen=True):
    kind: ClassVar[str] = "answered"
    seat: int
    proposer: int
    accepted: bool


class AllianceFormed(EventData, frozen=True):
    kind: ClassVar[str] = "alliance-formed"
    alliance: int
    members: list[int]
    joined: int


class AllianceLeft(EventData, frozen=True):
    kind: ClassVar[str] = "alliance-left"
    seat: int
    alliance: int
    members: list[int]  # who is left in it (empty: it dissolved)
    truce_until: int


class TruceEnded(EventData, frozen=True):
    kind: ClassVar[str] = "truce-ended"
    a: int
    b: int


class ShareSet(EventData, frozen=True):
    kind: ClassVar[str] = "share-set"
    seat: int
    percent: int


class Muster(EventData, frozen=True):
    """An alliance's pooled army purchase at the start of a round (RS-A01, RS-A02)."""

    kind: ClassVar[str] = "muster"
    alliance: int
    units: int
    members: list[int]
    allotted: list[int]  # per member
    paid: list[list[int]]  # per member: population, metals, fuel


class Eliminated(EventData, frozen=True):
    kind: ClassVar[str] = "eliminated"
    seat: int
    discarded: list[str]


class FeaturedHeld(EventData, frozen=True):
    kind: ClassVar[str] = "featured-held"
    seat: int
    rounds: int


class TurnEnded(EventData, frozen=True):
    kind: ClassVar[str] = "turn-ended"
    seat: int
    consumed: bool  # ended by a bounce


class RoundEnded(EventData, frozen=True):
    kind: ClassVar[str] = "round-ended"
    round: int


class GameOver(EventData, frozen=True):
    kind: ClassVar[str] = "game-over"
    winners: list[int]
    reason: str


EVENT_TYPES: tuple[type[EventData], ...] = (
    TurnBegan, Produced, HeroDrawn, HeroReceived, Bought, Placed, Upgraded, HeroAssigned, Moved, Took,
    CombatOpened, Reinforced, Volley, Bounced, Returned, Captured, HeldOff, Emptied, UpgradeLost, HeroesLost,
    Proposed, Answered, AllianceFormed, AllianceLeft, TruceEnded, ShareSet, Muster, Eliminated, FeaturedHeld,
    TurnEnded, RoundEnded, GameOver,
)
