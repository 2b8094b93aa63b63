"""What happens in Retrograde, as data: one ``EventData`` kind per thing that happens.

The rules emit these (``Engine.emit``); ``describe.describe_event`` words them for a person;
``EVENT_TYPES`` is the ruleset's ``event_types`` (the schemas and the conformance suite read
it). A card is named by its number and its key (``CardRef``), so an event reads without the
table; a card that is face down is named by its number only (its key is the secret). Draws and
the Clairvoyant Agents' look are private to one seat and reveal a card; the reminders of what a
seat's own face-down card is are private and reveal nothing.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from starlanes.core.state import EventData

__all__ = [
    "EVENT_TYPES",
    "AssetDamaged",
    "AttackDeclared",
    "Boarded",
    "Bombarded",
    "Boosted",
    "Cannibalized",
    "Captured",
    "CardRef",
    "CombatResolved",
    "Completed",
    "ConstructionAllocated",
    "ConstructionProgress",
    "DamageRedirected",
    "DebrisCleared",
    "DebrisDamage",
    "Destroyed",
    "Drew",
    "FollowOffered",
    "Followed",
    "Foresight",
    "GameOver",
    "Moved",
    "OwnCard",
    "Placed",
    "Razed",
    "Repaired",
    "Researched",
    "SacrificeDeclined",
    "SacrificeOffered",
    "Sacrificed",
    "Screened",
    "SlipsDestroyed",
    "SlipsSeized",
    "Spent",
    "Swapped",
    "ThornsDamage",
    "TurnBegins",
    "UpgradeDestroyed",
    "UpgradesLost",
]


class CardRef(msgspec.Struct, frozen=True):
    """A card on the table: its number (``uid``) and its key in the card book."""

    uid: int
    key: str


# ---------------------------------------------------------------- the turn


class TurnBegins(EventData, frozen=True):
    """Turn ``turn`` begins: ``seat`` plays."""

    kind: ClassVar[str] = "turn-begins"
    turn: int
    seat: int


class Foresight(EventData, frozen=True):
    """Clairvoyant Agents: ``seat`` sees the top ``card`` of ``opponent``'s deck (private)."""

    kind: ClassVar[str] = "foresight"
    seat: int
    opponent: int
    card: CardRef


class DebrisDamage(EventData, frozen=True):
    """At the end of a turn, debris in its orbital deals ``damage`` to ``ship``."""

    kind: ClassVar[str] = "debris-damage"
    ship: CardRef
    damage: int


class ThornsDamage(EventData, frozen=True):
    """At the end of a turn, Thorns deal ``damage`` to ``ship``."""

    kind: ClassVar[str] = "thorns-damage"
    ship: CardRef
    damage: int


class GameOver(EventData, frozen=True):
    """The game ends: ``winner`` wins (``-1``: a draw) for ``reason`` (the outcome's reason)."""

    kind: ClassVar[str] = "game-over"
    winner: int
    reason: str


# ---------------------------------------------------------------- maneuvers


class Moved(EventData, frozen=True):
    """``ship`` burns from ``from_orbital`` to ``to_orbital`` (``move`` "burn"), or transfers
    to the asset ``to`` (``move`` "transfer"), for ``cost`` delta-vee."""

    kind: ClassVar[str] = "moved"
    ship: CardRef
    move: Literal["burn", "transfer"]
    cost: int
    from_orbital: int = -1
    to_orbital: int = -1
    to: CardRef | None = None


class DebrisCleared(EventData, frozen=True):
    """``by`` (a Laser Broom that ``sweeps`` or a Debris Cleaner that ``cleans``) takes
    ``debris`` out of ``orbital`` of ``asset`` (to its owner's discard pile)."""

    kind: ClassVar[str] = "debris-cleared"
    by: CardRef
    how: Literal["sweeps", "cleans"]
    debris: CardRef
    orbital: int
    asset: CardRef


class Boosted(EventData, frozen=True):
    """A captain's boost: ``source`` gives ``target`` +``amount`` of ``stat`` until the end of
    the turn."""

    kind: ClassVar[str] = "boosted"
    source: CardRef
    target: CardRef
    stat: Literal["armor", "delta-vee limit"]
    amount: int


class FollowOffered(EventData, frozen=True):
    """``seat`` may send up to ``most`` of ``ships`` after a move (``ability`` offers it)
    (private to ``seat``: a reminder of its choices)."""

    kind: ClassVar[str] = "follow-offered"
    seat: int
    ability: str
    most: int
    ships: list[CardRef]


class Followed(EventData, frozen=True):
    """``ship`` follows ``leader`` to ``to`` (``ability`` let it)."""

    kind: ClassVar[str] = "followed"
    ship: CardRef
    leader: CardRef
    to: CardRef
    ability: str


# ---------------------------------------------------------------- combat


class AttackDeclared(EventData, frozen=True):
    """``attacker`` attacks ``defender``: both sides now choose power and defense in secret."""

    kind: ClassVar[str] = "attack-declared"
    attacker: CardRef
    defender: CardRef


class CombatResolved(EventData, frozen=True):
    """The sealed choices revealed (``power`` against ``defense`` + ``radar``), the hit check
    (a die under ``check`` hits), the ``dice`` rolled (``rolls``) and the ``hits``."""

    kind: ClassVar[str] = "combat-resolved"
    attacker: CardRef
    defender: CardRef
    power: int
    defense: int
    radar: int
    check: int
    dice: int
    rolls: list[int]
    hits: int


class DamageRedirected(EventData, frozen=True):
    """``taker`` takes the damage meant for ``meant`` (Mercy)."""

    kind: ClassVar[str] = "damage-redirected"
    taker: CardRef
    meant: CardRef


class Boarded(EventData, frozen=True):
    """``ship`` is boarded: ``seat`` controls it now."""

    kind: ClassVar[str] = "boarded"
    ship: CardRef
    seat: int


class Destroyed(EventData, frozen=True):
    """``ship`` is destroyed; it becomes debris in ``orbital`` when ``debris``, else goes to
    its owner's discard pile."""

    kind: ClassVar[str] = "destroyed"
    ship: CardRef
    debris: bool
    orbital: int


class Spent(EventData, frozen=True):
    """``ship`` is spent (destroyed) after its successful attack."""

    kind: ClassVar[str] = "spent"
    ship: CardRef


# ---------------------------------------------------------------- bombardment and capture


class Bombarded(EventData, frozen=True):
    """``ship`` bombards ``target`` with ``power``: the hit check, the dice, the hits."""

    kind: ClassVar[str] = "bombarded"
    ship: CardRef
    target: CardRef
    power: int
    check: int
    dice: int
    rolls: list[int]
    hits: int


class Screened(EventData, frozen=True):
    """``screen`` screens ``asset`` and takes the bombardment's hits."""

    kind: ClassVar[str] = "screened"
    screen: CardRef
    asset: CardRef


class SacrificeOffered(EventData, frozen=True):
    """Loyal to Humanity: ``seat`` may sacrifice a spacecraft to cancel the damage."""

    kind: ClassVar[str] = "sacrifice-offered"
    seat: int


class SacrificeDeclined(EventData, frozen=True):
    """``seat`` sacrifices nothing."""

    kind: ClassVar[str] = "sacrifice-declined"
    seat: int


class Sacrificed(EventData, frozen=True):
    """``ship`` dives to the lowest orbital and is destroyed: the bombardment deals no damage."""

    kind: ClassVar[str] = "sacrificed"
    ship: CardRef


class AssetDamaged(EventData, frozen=True):
    """``asset`` has ``damage`` now (captured at ``resistance``)."""

    kind: ClassVar[str] = "asset-damaged"
    asset: CardRef
    damage: int
    resistance: int


class UpgradeDestroyed(EventData, frozen=True):
    """A bombarded ``upgrade`` is destroyed."""

    kind: ClassVar[str] = "upgrade-destroyed"
    upgrade: CardRef


class UpgradesLost(EventData, frozen=True):
    """A captured asset's ``upgrades`` are destroyed."""

    kind: ClassVar[str] = "upgrades-lost"
    upgrades: list[CardRef]


class SlipsSeized(EventData, frozen=True):
    """The spacecraft under construction at a captured asset belong to ``seat`` now."""

    kind: ClassVar[str] = "slips-seized"
    seat: int


class SlipsDestroyed(EventData, frozen=True):
    """The face-down cards beside a captured asset (by number: they stay secret) are destroyed."""

    kind: ClassVar[str] = "slips-destroyed"
    cards: list[int]


class Razed(EventData, frozen=True):
    """``asset`` is razed: nobody controls it now."""

    kind: ClassVar[str] = "razed"
    asset: CardRef


class Captured(EventData, frozen=True):
    """``asset`` is captured by ``seat``."""

    kind: ClassVar[str] = "captured"
    asset: CardRef
    seat: int


# ---------------------------------------------------------------- research, repair, construction


class Drew(EventData, frozen=True):
    """``seat`` draws ``card`` (private to ``seat``)."""

    kind: ClassVar[str] = "drew"
    seat: int
    card: CardRef


class Researched(EventData, frozen=True):
    """``seat`` taps ``asset`` to research and draws ``drawn`` cards."""

    kind: ClassVar[str] = "researched"
    seat: int
    asset: CardRef
    drawn: int


class Repaired(EventData, frozen=True):
    """``seat`` taps ``asset`` to repair one damage on ``target``."""

    kind: ClassVar[str] = "repaired"
    seat: int
    asset: CardRef
    target: CardRef


class Placed(EventData, frozen=True):
    """``seat`` places ``card`` (by number: it is face down) as a ``what`` under construction,
    beside the asset ``beside`` (none for an asset)."""

    kind: ClassVar[str] = "placed"
    seat: int
    card: int
    what: Literal["spacecraft", "upgrade", "asset"]
    beside: CardRef | None = None


class OwnCard(EventData, frozen=True):
    """A reminder to ``seat`` of what its face-down ``card`` is (private; reveals nothing)."""

    kind: ClassVar[str] = "own-card"
    seat: int
    card: CardRef


class ConstructionAllocated(EventData, frozen=True):
    """``seat`` taps ``asset``: ``power`` construction counters on the face-down ``target``."""

    kind: ClassVar[str] = "construction-allocated"
    seat: int
    asset: CardRef
    power: int
    target: int


class ConstructionProgress(EventData, frozen=True):
    """A reminder to ``seat``: its face-down ``card`` has ``done`` of ``cost`` counters (private)."""

    kind: ClassVar[str] = "construction-progress"
    seat: int
    card: CardRef
    done: int
    cost: int


class Cannibalized(EventData, frozen=True):
    """``asset`` cannibalizes ``ship`` for ``damage`` construction power."""

    kind: ClassVar[str] = "cannibalized"
    asset: CardRef
    ship: CardRef
    damage: int


class Swapped(EventData, frozen=True):
    """``seat`` taps ``asset`` to swap the spacecraft ``old`` for ``new`` from its hand."""

    kind: ClassVar[str] = "swapped"
    seat: int
    asset: CardRef
    old: CardRef
    new: CardRef


class Completed(EventData, frozen=True):
    """``seat`` completes ``card`` (a ``what``) and turns it face up: an upgrade on ``host``, a
    spacecraft in ``orbital`` of ``host``."""

    kind: ClassVar[str] = "completed"
    seat: int
    card: CardRef
    what: Literal["asset", "upgrade", "spacecraft"]
    host: CardRef | None = None
    orbital: int = -1


EVENT_TYPES: tuple[type[EventData], ...] = (
    TurnBegins, Foresight, DebrisDamage, ThornsDamage, GameOver,
    Moved, DebrisCleared, Boosted, FollowOffered, Followed,
    AttackDeclared, CombatResolved, DamageRedirected, Boarded, Destroyed, Spent,
    Bombarded, Screened, SacrificeOffered, SacrificeDeclined, Sacrificed, AssetDamaged,
    UpgradeDestroyed, UpgradesLost, SlipsSeized, SlipsDestroyed, Razed, Captured,
    Drew, Researched, Repaired, Placed, OwnCard, ConstructionAllocated, ConstructionProgress,
    Cannibalized, Swapped, Completed,
)
"""Every kind of event the Retrograde rules emit (the ruleset's ``event_types``)."""
