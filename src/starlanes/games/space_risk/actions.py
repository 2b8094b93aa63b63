"""What a player of space-risk may say.  Every action has a text form that parses back.

==========================================  =====================================================
``claim Vega-3``                            modified start: claim an empty territory
``place Vega-3``                            place one infantry (starting infantry or reinforcements)
``place Vega-3 count=5``                    place five infantry at once
``trade Vega-1 Sirius-4 Special-1``         trade a set of three territory cards (in any order)
``attack Vega-3 Vega-4``                    attack with the most dice allowed (``dice=N`` for fewer)
``attack Vega-3 Vega-4 all=yes``            attack again and again until it falls or nobody is left
``attack S2 Vega-4``                        infantry aboard ship S2 attack the land beside it
``attack S5 Outer-1``                       ship S5 attacks the enemy ships in a space territory (one die)
``move 4``                                  after a conquest: move 4 armies in
``build Vega transport``                    use Vega's spaceport (``battleship`` or ``transport``)
``fly S2 Outer-1``                          move a ship one space territory (beginning of the turn)
``load S2 Vega-1 5``                        5 infantry board ship S2 from Vega-1
``unload S2 Vega-1 5``                      5 infantry leave transport S2 onto Vega-1
``fortify Vega-1 Vega-2 3``                 the one consolidation move; ends the turn
``end``                                     end the turn without consolidating
==========================================  =====================================================
"""

from __future__ import annotations

import inspect
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
    """Modified start: claim an empty land territory (one infantry goes on it).
    Example: claim Vega-3"""

    verb: ClassVar[str] = "claim"
    territory: str


class Place(Action, frozen=True):
    """Place infantry (starting infantry or reinforcements) on land you hold,
    at most 15 per territory.
    Examples: place Vega-3            one infantry
              place Vega-3 count=5    five infantry"""

    verb: ClassVar[str] = "place"
    territory: str
    count: int = 1


class Trade(Action, frozen=True):
    """Trade three territory cards at the start of your turn, before placing:
    three alike or one of each kind (a special card stands for any kind).
    Name them in any order.
    Example: trade Vega-1 Sirius-4 Special-1"""

    verb: ClassVar[str] = "trade"
    first: str
    second: str
    third: str

    def cards(self) -> tuple[str, ...]:
        """The three card names as a set has them: in no particular order (sorted)."""
        return tuple(sorted((self.first, self.second, self.third)))


class Attack(Action, frozen=True):
    """Attack an enemy territory; the defender rolls up to 2 dice.
    Examples: attack Vega-3 Vega-4          one roll with the most dice allowed
              attack Vega-3 Vega-4 dice=1   one roll with one die
              attack Vega-3 Vega-4 all=yes  roll until it falls or nobody is left
              attack S2 Vega-4              the infantry aboard ship S2 (a transport,
                                            or a battleship dropping them to fight)
              attack S5 Outer-1             ship S5 against the ships there
    From land: a neighbouring territory."""

    verb: ClassVar[str] = "attack"
    source: str
    target: str
    dice: int = 0  # 0: the most dice allowed
    all: bool = False  # roll again and again until the territory falls or nobody is left to attack


class MoveIn(Action, frozen=True):
    """After a conquest: how many infantry move in (at least 1; one stays).
    Example: move 4"""

    verb: ClassVar[str] = "move"
    count: int


class Build(Action, frozen=True):
    """Use a spaceport you hold (each one every other turn). The ship appears in
    the planet's orbit and waits a turn before it moves (it may fight at once).
    Examples: build Vega battleship    build Vega transport"""

    verb: ClassVar[str] = "build"
    planet: str
    kind: str


class Fly(Action, frozen=True):
    """Move a ship to a neighbouring space territory, once per turn, at the
    beginning of the turn (before any attack, build or loading), never into
    another player's ships.
    Example: fly S2 Outer-1"""

    verb: ClassVar[str] = "fly"
    ship: str
    to: str


class Load(Action, frozen=True):
    """Infantry board a transport, or a battleship that will drop them to
    fight, from land you hold beside it (one stays on the land; at most 15
    aboard; once per turn).
    Example: load S2 Vega-1 5"""

    verb: ClassVar[str] = "load"
    ship: str
    territory: str
    count: int


class Unload(Action, frozen=True):
    """Infantry leave a transport onto land you hold beside it (once per turn;
    a battleship's infantry leave it only by attacking).
    Example: unload S2 Vega-1 5"""

    verb: ClassVar[str] = "unload"
    ship: str
    territory: str
    count: int


class Fortify(Action, frozen=True):
    """The one consolidation move between adjacent territories you hold; it
    ends the turn.
    Example: fortify Vega-1 Vega-2 3"""

    verb: ClassVar[str] = "fortify"
    source: str
    target: str
    count: int


class End(Action, frozen=True):
    """End your turn without consolidating (a territory card if you took land).
    Example: end"""

    verb: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    Claim, Place, Trade, Attack, MoveIn, Build, Fly, Load, Unload, Fortify, End,
)

# `help VERB` prints a docstring as it is: take the source indentation out once, here.
for _cls in ACTION_TYPES:
    _cls.__doc__ = inspect.cleandoc(_cls.__doc__ or "")
