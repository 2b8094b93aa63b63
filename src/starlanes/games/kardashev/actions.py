"""Kardashev's actions: one frozen type per decision, with a text form a person can type.

Cells are written ``q,r`` (axial coordinates, e.g. ``0,-2``); a path is a list of cells written
as the flat list of their numbers (``path=0,-1,1,-1``). Resource types are ``food``, ``matter``,
``energy``; symbols add ``military``. A base action taken as the research action through a
technology names it with ``via=`` (``fleet 0,-3 via=fabricators``).
"""

from __future__ import annotations

from typing import ClassVar

from msgspec.structs import force_setattr

from starlanes.core.actions import Action

__all__ = [
    "ACTION_TYPES",
    "Arrange",
    "Bid",
    "BuildColony",
    "BuildFleet",
    "ChooseRole",
    "Compile",
    "Decline",
    "End",
    "Exchange",
    "Gain",
    "Gift",
    "Harvest",
    "Move",
    "Pay",
    "Pick",
    "Place",
    "Raid",
    "Research",
    "Support",
    "UpgradeColony",
    "UpgradeFleet",
    "UseTech",
]


class ChooseRole(Action, frozen=True):
    """Setup: choose your role (generalist, imperialist, pioneer, salvager, scientist, warlord)."""

    verb: ClassVar[str] = "role"
    role: str

    def __post_init__(self) -> None:
        # names are matched whatever their case: the board shows them capitalised (Warlord)
        force_setattr(self, "role", self.role.lower())


class Arrange(Action, frozen=True):
    """Setup: put your single colony and single fleet on the corner or the inner starting tile
    (a role with two of a piece puts one on each)."""

    verb: ClassVar[str] = "arrange"
    colony: str = "corner"
    fleet: str = "corner"


class Bid(Action, frozen=True):
    """Sealed bid of AMOUNT resource cards for first choice of turn slot and tile."""

    verb: ClassVar[str] = "bid"
    amount: int


class Pick(Action, frozen=True):
    """In bid order: take turn slot SLOT (1 = first) and drawn tile TILE (1.., 0: none left)."""

    verb: ClassVar[str] = "pick"
    slot: int
    tile: int


class Pay(Action, frozen=True):
    """Pay (or give) the cards asked, choosing how many of each type."""

    verb: ClassVar[str] = "pay"
    food: int = 0
    matter: int = 0
    energy: int = 0


class Gain(Action, frozen=True):
    """Take one resource of TYPE (food, matter, energy) offered to you."""

    verb: ClassVar[str] = "gain"
    type: str


class Decline(Action, frozen=True):
    """Decline an optional gain."""

    verb: ClassVar[str] = "decline"


class Place(Action, frozen=True):
    """Place the tile you hold on unexplored CELL (q,r) with FACE up (planet, destroyed, empty)."""

    verb: ClassVar[str] = "place"
    cell: tuple[int, ...]
    face: str


class Support(Action, frozen=True):
    """In an attack: the fleets at cells= (a flat q,r list) support your side; bare: none."""

    verb: ClassVar[str] = "support"
    cells: tuple[int, ...] = ()


class Raid(Action, frozen=True):
    """Raider Drone: name the TYPE the defender gives you all of."""

    verb: ClassVar[str] = "raid"
    type: str


class BuildColony(Action, frozen=True):
    """Base: build a level-1 colony on CELL (1 food + 1 matter)."""

    verb: ClassVar[str] = "colony"
    cell: tuple[int, ...]
    via: str | None = None


class UpgradeColony(Action, frozen=True):
    """Base: upgrade your colony on CELL by one level (1 food + 1 matter)."""

    verb: ClassVar[str] = "grow"
    cell: tuple[int, ...]
    via: str | None = None


class BuildFleet(Action, frozen=True):
    """Base: build a fleet of LEVEL on CELL (1 matter + 1 energy per level)."""

    verb: ClassVar[str] = "fleet"
    cell: tuple[int, ...]
    level: int = 1
    via: str | None = None


class UpgradeFleet(Action, frozen=True):
    """Base: upgrade your fleet on CELL by one level (1 matter + 1 energy)."""

    verb: ClassVar[str] = "refit"
    cell: tuple[int, ...]
    via: str | None = None


class Harvest(Action, frozen=True):
    """Base: harvest, taking FOOD, MATTER and ENERGY cards (a split your tiles allow); Timeshares:
    shares= the other players' colonies (flat q,r list) your fleets harvest."""

    verb: ClassVar[str] = "harvest"
    food: int = 0
    matter: int = 0
    energy: int = 0
    shares: tuple[int, ...] = ()
    via: str | None = None


class Move(Action, frozen=True):
    """Base: move your fleet from FROM to TO (shortest path, or path= the cells landed on)."""

    verb: ClassVar[str] = "move"
    start: tuple[int, ...]
    to: tuple[int, ...]
    path: tuple[int, ...] = ()
    via: str | None = None


class Research(Action, frozen=True):
    """Research: research TECH of your role card (Cloning: copy=the technology it copies)."""

    verb: ClassVar[str] = "research"
    tech: str
    copy: str | None = None

    def __post_init__(self) -> None:
        force_setattr(self, "tech", self.tech.lower())
        if self.copy is not None:
            force_setattr(self, "copy", self.copy.lower())


class UseTech(Action, frozen=True):
    """Research: use a technology marked for Use Technology (cell=, symbol=, target= as it needs;
    target= names a technology, for Memory Eraser)."""

    verb: ClassVar[str] = "use"
    tech: str
    cell: tuple[int, ...] = ()
    symbol: str | None = None
    target: str | None = None

    def __post_init__(self) -> None:
        force_setattr(self, "tech", self.tech.lower())
        if self.target is not None:
            force_setattr(self, "target", self.target.lower())


class Compile(Action, frozen=True):
    """Research: take one resource of TYPE from the bank."""

    verb: ClassVar[str] = "compile"
    type: str


class Exchange(Action, frozen=True):
    """Whenever you decide (not in a sealed bid): give 4 cards of GIVE for 1 card of GET."""

    verb: ClassVar[str] = "exchange"
    give: str
    get: str


class Gift(Action, frozen=True):
    """Ally variant: give your ally up to 3 cards (you share a planet tile); ends your turn."""

    verb: ClassVar[str] = "gift"
    food: int = 0
    matter: int = 0
    energy: int = 0


class End(Action, frozen=True):
    """End your turn (unused actions are lost)."""

    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseRole, Arrange, Bid, Pick, Pay, Gain, Decline, Place, Support, Raid, BuildColony, UpgradeColony,
    BuildFleet, UpgradeFleet, Harvest, Move, Research, UseTech, Compile, Exchange, Gift, End,
)
