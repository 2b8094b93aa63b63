"""What a player of Risky Stars may say. Every action has a text form that parses back.

Locations are typed by id: a region (``h1-b1-2``) or a lane mouth (``l3:h1``, the end of lane
``l3`` in system ``h1``); bodies by id (``h1-b1``); heroes as ``h1``..``h30``; players by seat.

================================  ====================================================================
``buy h1-b1-2 5``                 buy 5 army units (10 Population + 3 Metals + 3 Fuel each) and place
                                  them on a location you possess (not while in an alliance)
``place h1-b1-2 4``               place 4 of the units your alliance's muster gave you
``upgrade h1-b3``                 raise a body you wholly possess one upgrade level
``hero h7 h1-b3``                 assign hero h7 from your reserve to a body you wholly possess
``move h1-b1-2 l3:h1 4``          your one move of the turn: 4 units to another location of the
                                  system, or from a mouth across its lane to the far mouth
``propose 2``                     propose an alliance to seat 2 (and its alliance)
``accept`` / ``decline``          answer an alliance proposal
``leave``                         leave your alliance (a truce follows)
``share 50``                      offer 50 % of your stockpile to your alliance's muster
``end``                           end your turn
================================  ====================================================================
"""

from __future__ import annotations

from typing import ClassVar

from starlanes.core import Action

__all__ = [
    "ACTION_TYPES",
    "Accept",
    "Buy",
    "Decline",
    "End",
    "Hero",
    "Leave",
    "Move",
    "Place",
    "Propose",
    "Share",
    "Upgrade",
    "hero_id",
    "hero_number",
]


def hero_id(number: int) -> str:
    """Hero numbers are shown and typed as ``h1``, ``h2``...: hero 0 is ``h1``."""
    return f"h{number + 1}"


def hero_number(text: str) -> int | None:
    """The hero number ``text`` names (``h7`` -> 6), or None."""
    if len(text) >= 2 and text[0] in "hH" and text[1:].isdigit():
        return int(text[1:]) - 1
    return None


class Buy(Action, frozen=True):
    """Buy army units from your stockpile (each 10 Population + 3 Metals + 3 Fuel) and place them on
    a location you possess that has no open combat. Not while in an alliance (it musters for you).
    Example: buy h1-b1-2 5"""

    verb: ClassVar[str] = "buy"
    location: str
    count: int


class Place(Action, frozen=True):
    """Place units your alliance's muster gave you on a location you possess (no open combat there).
    Example: place h1-b1-2 4"""

    verb: ClassVar[str] = "place"
    location: str
    count: int


class Upgrade(Action, frozen=True):
    """Raise a body you wholly possess one upgrade level (to 110/150/200 a region), paying in the two
    resources it does not produce (500/2500/5000 of each).
    Example: upgrade h1-b3"""

    verb: ClassVar[str] = "upgrade"
    body: str


class Hero(Action, frozen=True):
    """Assign a hero from your reserve to a body you wholly possess (at most 3 a body, and no more
    than its regions). Class I adds 100 a turn, II multiplies the yield by 1.25, III does both.
    Example: hero h7 h1-b3"""

    verb: ClassVar[str] = "hero"
    hero: str
    body: str


class Move(Action, frozen=True):
    """Your one move of the turn: COUNT units from one location to another of the same system, or
    from a lane mouth across the lane to its far mouth. Leave at least one unit where you possess
    the location; where you do not (an ally's), the whole army goes.
    Examples: move h1-b1-2 l3:h1 4     move l3:h1 l3:f 4"""

    verb: ClassVar[str] = "move"
    source: str
    target: str
    count: int


class Propose(Action, frozen=True):
    """Propose an alliance to a player (you must not be in one); that player and every member of its
    alliance must accept. One proposal a turn.
    Example: propose 2"""

    verb: ClassVar[str] = "propose"
    seat: int


class Accept(Action, frozen=True):
    """Accept the alliance proposal put to you."""

    verb: ClassVar[str] = "accept"


class Decline(Action, frozen=True):
    """Decline the alliance proposal put to you."""

    verb: ClassVar[str] = "decline"


class Leave(Action, frozen=True):
    """Leave your alliance. You and its members may not attack each other for 3 more rounds."""

    verb: ClassVar[str] = "leave"


class Share(Action, frozen=True):
    """Say what percentage (0, 10, ..., 100) of your stockpile your alliance's muster may use at the
    start of each round; what it does not spend comes back.
    Example: share 50"""

    verb: ClassVar[str] = "share"
    percent: int


class End(Action, frozen=True):
    """End your turn."""

    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (Buy, Place, Upgrade, Hero, Move, Propose, Accept, Decline, Leave, Share,
                                          End)
