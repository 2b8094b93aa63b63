"""What exists in a game of Risky Stars: plain data that round-trips through JSON.

Locations (regions, then lane mouths) are numbered as in the map's topology
(``star_map.topology.locations``); bodies as in ``board.Board.bodies`` (map order); heroes by
number ``0..n-1`` (text ``h1..hn``). Seats are ``0..players-1``; ``-1`` is nobody.

Secret parts (declared here, used by the view, ``perturb_hidden`` and ``determinize``): the order
of ``deck`` (nobody sees it) and the heroes in ``reserve`` (each seat sees its own; others see how
many, unless ``hero_reserve_public``). Everything else is public (ruling 26).
"""

from __future__ import annotations

import msgspec

from starlanes.core import GameState
from starlanes.games.risky_stars.maps import StarMap
from starlanes.games.risky_stars.spec import RiskyStarsParams

__all__ = [
    "FUEL",
    "METALS",
    "NOBODY",
    "OFFER",
    "POPULATION",
    "RESOURCE_INDEX",
    "RESOURCE_NAMES",
    "Combat",
    "RiskyStarsState",
    "Truce",
]

POPULATION = 0
METALS = 1
FUEL = 2
RESOURCE_NAMES = ("population", "metals", "fuel")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCE_NAMES)}
NOBODY = -1
OFFER = "alliance-offer"
"""The kind of the pending sub-decision when a player proposes an alliance: the target's side
answers ``accept`` or ``decline`` (ruling 20). Its data: ``proposer``, ``asked`` (seats still to
answer, in order)."""


class Combat(msgspec.Struct, kw_only=True):
    """An open combat at one location: it lasts until it is resolved (end of the round, ruling 27).

    The armies themselves are ``units[seat][at]``; this records who fights on which side."""

    at: int
    """Location index where it is fought."""
    attacker: int
    """The seat whose arrival opened it."""
    defender: int
    """The seat that possessed the location when it opened."""
    attackers: list[int]
    """Attacking seats in order of arrival (``attacker`` first, then reinforcements)."""
    launch: list[int]
    """Launch location of each attacking seat (parallel to ``attackers``): where it returns to."""
    defenders: list[int]
    """Defending seats in order of arrival (``defender`` first, then the allies standing there in
    seat order, then reinforcements). Defending casualties come off the last first (ruling 30)."""
    opened_round: int
    """The round it opened in."""


class Truce(msgspec.Struct, kw_only=True):
    """Seats ``a`` and ``b`` may not attack each other while ``round <= until`` (ruling 22)."""

    a: int
    b: int
    until: int


class RiskyStarsState(GameState, kw_only=True):
    params: RiskyStarsParams
    """The params the game was set up with."""
    star_map: StarMap
    """The map played on (generated from the seed at setup, or loaded from ``params.map``)."""
    homes: list[str]
    """Home system id of each seat."""
    first: int
    """The seat that plays first in every round (drawn at setup, ruling 15)."""
    current: int
    """The seat whose turn it is."""
    round: int = 1
    """The round being played, from 1."""
    owner: list[int]
    """Possessor of each location (``NOBODY``: unowned)."""
    units: list[list[int]]
    """``units[seat][location]``: the seat's army there (0: none). One army per seat per location."""
    stock: list[list[int]]
    """``stock[seat]``: stockpile ``[population, metals, fuel]``."""
    level: list[int]
    """Upgrade level (0-3) of each body; only a wholly owned body has one above 0."""
    heroes: list[list[int]]
    """Heroes assigned to each body (hero numbers)."""
    hero_class: list[int]
    """Class (1, 2 or 3) of each hero, by hero number (public: the deck's make-up)."""
    deck: list[int]
    """Undrawn heroes; drawn from the end. Secret order."""
    reserve: list[list[int]]
    """``reserve[seat]``: heroes drawn and not yet assigned. Secret from the other seats."""
    removed: list[int] = msgspec.field(default_factory=list)
    """Heroes out of the game (their body was captured, or their holder eliminated), in order."""
    moved: bool = False
    """The current player has spent its one move this turn."""
    proposed: bool = False
    """The current player has proposed an alliance this turn (one proposal a turn)."""
    shared: bool = False
    """The current player has changed its alliance share this turn (once a turn)."""
    to_place: list[int]
    """Alliance units allotted to each seat and not yet placed (ruling 21)."""
    alliance: list[int]
    """Alliance id of each seat (``NOBODY``: in none)."""
    share: list[int]
    """Percentage of its stockpile each seat offers its alliance's muster (ruling 21)."""
    next_alliance: int = 1
    """The id the next alliance formed gets."""
    truces: list[Truce] = msgspec.field(default_factory=list)
    """Truces after leaving alliances (ruling 22)."""
    combats: list[Combat] = msgspec.field(default_factory=list)
    """Open combats, in the order they opened."""
    alive: list[bool]
    """Seats still in the game (a seat with no location and no army is out, ruling 25)."""
    featured_holder: int = NOBODY
    """The seat that possessed every featured region at the end of the last round (or nobody)."""
    featured_rounds: int = 0
    """How many round ends in a row ``featured_holder`` has done so."""
    over: bool = False
    """The game has ended (``winners``, ``end_reason``)."""
    winners: list[int] = msgspec.field(default_factory=list)
    """Winning seats once over (several: shared; none: a draw)."""
    end_reason: str = ""
    """Why the game ended, in words."""
