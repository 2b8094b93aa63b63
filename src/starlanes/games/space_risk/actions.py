"""What a player of space-risk may say.  Every action has a text form that parses back.

==========================================  =====================================================
``claim Vega-3``                            modified start: claim an empty territory
``place Vega-3``                            place one infantry (starting infantry or reinforcements)
``trade Vega-1 Sirius-4 Special-1``         trade a set of three territory cards (in card order)
``attack Vega-3 Vega-4``                    attack with the most dice allowed (``dice=N`` for fewer)
``attack S2 Vega-4 dice=3``                 infantry aboard transport S2 attack the land beside it
``attack S5 Outer-1 dice=1``                ship S5 attacks the enemy ships in a space territory
``move 4``                                  after a conquest: move 4 armies in
``build Vega transport``                    use Vega's spaceport (``battleship`` or ``transport``)
``fly S2 Outer-1``                          move a ship one space territory
``load S2 Vega-1 5``                        5 infantry board transport S2 from Vega-1
``unload S2 Vega-1 5``                      5 infantry leave transport S2 onto Vega-1
``fortify Vega-1 Vega-2 3``                 the one consolidation move; ends the turn
``end``                                     end the turn without consolidating
==========================================  =====================================================
"""

from __future__ import annotations

from typing import ClassVar

from starlanes.core import Action

__all__ = [
    "ACTION_TYPES",
    "Attack",
    "Build",
    "Claim",
    "End",
    "Fly",
    "Fortify",
    "Load",
    "MoveIn",
    "Place",
    "Trade",
    "Unload",
    "ship_name",
]


def ship_name(ship_id: int) -> str:
    """Ships are named ``S<id>``."""
    return f"S{ship_id}"


class Claim(Action, frozen=True):
    verb: ClassVar[str] = "claim"
    territory: str


class Place(Action, frozen=True):
    verb: ClassVar[str] = "place"
    territory: str


class Trade(Action, frozen=True):
    verb: ClassVar[str] = "trade"
    first: str
    second: str
    third: str


class Attack(Action, frozen=True):
    verb: ClassVar[str] = "attack"
    source: str
    target: str
    dice: int = 3


class MoveIn(Action, frozen=True):
    verb: ClassVar[str] = "move"
    count: int


class Build(Action, frozen=True):
    verb: ClassVar[str] = "build"
    planet: str
    kind: str


class Fly(Action, frozen=True):
    verb: ClassVar[str] = "fly"
    ship: str
    to: str


class Load(Action, frozen=True):
    verb: ClassVar[str] = "load"
    ship: str
    territory: str
    count: int


class Unload(Action, frozen=True):
    verb: ClassVar[str] = "unload"
    ship: str
    territory: str
    count: int


class Fortify(Action, frozen=True):
    verb: ClassVar[str] = "fortify"
    source: str
    target: str
    count: int


class End(Action, frozen=True):
    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    Claim, Place, Trade, Attack, MoveIn, Build, Fly, Load, Unload, Fortify, End,
)
