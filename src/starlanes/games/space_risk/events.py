"""What happens in space-risk, as data: one ``EventData`` kind per thing that happens.

The rules emit these (``Kind(...).event(...)``); ``describe.describe_event`` words them for a
person; ``EVENT_TYPES`` is the ruleset's ``event_types`` (the schemas and the conformance suite
read it). Fields name territories, planets, ships and cards as the board and the actions do
(``Vega-3``, ``S4``), so an event reads without the board. Card draws are private to the seat
that draws (``seats=(seat,)``) and reveal a hidden card (``reveals``).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from starlanes.core.state import EventData

__all__ = [
    "EVENT_TYPES",
    "AttackStopped",
    "BattleRoll",
    "CardDrawn",
    "CardReceived",
    "Claimed",
    "ClaimsDone",
    "Conquest",
    "Consolidated",
    "Eliminated",
    "GameOver",
    "IncomeData",
    "MissionCompleted",
    "MissionDrawn",
    "MissionReplaced",
    "MoveInAwaited",
    "MovedIn",
    "Placed",
    "PlanetIncome",
    "Roll",
    "ShipBuilt",
    "ShipFlown",
    "ShipLoaded",
    "ShipUnloaded",
    "SpaceBattle",
    "Traded",
    "TurnBegins",
    "TurnEnded",
]


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """One roll of the dice: the faces (as rolled), the modifiers, the faces after them (only
    when a modifier is set: ``attack_modified`` / ``defend_modified``, the clamp applied)."""

    attack: list[int]
    defend: list[int]
    attack_mod: int = 0
    defend_mod: int = 0
    attack_modified: list[int] = msgspec.field(default_factory=list)
    defend_modified: list[int] = msgspec.field(default_factory=list)


class PlanetIncome(msgspec.Struct, frozen=True):
    """A whole planet held long enough, and what it is worth (R13)."""

    planet: str
    net_worth: int


class IncomeData(msgspec.Struct, frozen=True, kw_only=True):
    """Where a turn's reinforcements came from: ``held`` territories / ``divisor`` = ``base``
    (or the minimum, when more), ``planets`` held, ``cards`` completed; ``lost``: no room (R8)."""

    held: int
    divisor: int
    base: int
    planets: list[PlanetIncome] = msgspec.field(default_factory=list)
    cards: int = 0
    lost: int = 0


class Claimed(EventData, frozen=True):
    """Modified start: ``seat`` claims an empty ``territory`` with one infantry (R5)."""

    kind: ClassVar[str] = "claimed"
    seat: int
    territory: str


class ClaimsDone(EventData, frozen=True):
    """Every territory is claimed; ``to_deploy`` infantry per seat are still to be placed (R5)."""

    kind: ClassVar[str] = "claims-done"
    to_deploy: list[int]


class Placed(EventData, frozen=True):
    """``seat`` places ``count`` infantry on ``territory`` (now ``armies`` there; ``left`` to place)."""

    kind: ClassVar[str] = "placed"
    seat: int
    territory: str
    count: int
    armies: int
    left: int


class TurnBegins(EventData, frozen=True):
    """``seat``'s turn begins with ``reinforcements`` (from ``income``); on the first turn,
    ``start_roll`` is the roll that made it first (R3)."""

    kind: ClassVar[str] = "turn-begins"
    seat: int
    turn: int
    round: int
    reinforcements: int
    income: IncomeData
    start_roll: int = 0


class Traded(EventData, frozen=True):
    """``seat`` trades three territory cards for ``value`` + ``bonus`` reinforcements (R9)."""

    kind: ClassVar[str] = "traded"
    seat: int
    cards: list[str]
    value: int
    bonus: int


class BattleRoll(EventData, frozen=True):
    """Infantry from ``source`` (a land territory or a ship) attack ``target``, held by
    ``defender``: one roll, and the infantry each side lost."""

    kind: ClassVar[str] = "battle-roll"
    seat: int
    source: str
    target: str
    defender: int
    roll: Roll
    attacker_loss: int
    defender_loss: int


class AttackStopped(EventData, frozen=True):
    """An attack rolled until done stops: ``seat`` has no infantry left to attack ``target``."""

    kind: ClassVar[str] = "attack-stopped"
    seat: int
    target: str


class Conquest(EventData, frozen=True):
    """``seat`` takes ``territory`` from ``defender``."""

    kind: ClassVar[str] = "conquest"
    seat: int
    territory: str
    defender: int


class MoveInAwaited(EventData, frozen=True):
    """``seat`` chooses how many infantry (1 to ``most``) move into ``territory`` (R18)."""

    kind: ClassVar[str] = "move-in-awaited"
    seat: int
    territory: str
    most: int


class MovedIn(EventData, frozen=True):
    """``seat`` moves ``count`` infantry into the ``territory`` it took."""

    kind: ClassVar[str] = "moved-in"
    seat: int
    territory: str
    count: int


class SpaceBattle(EventData, frozen=True):
    """``seat``'s ship attacks the best defending ship in ``territory`` (R23): one die each;
    the ship ``lost`` goes down with its ``cargo_lost`` infantry."""

    kind: ClassVar[str] = "space-battle"
    seat: int
    ship: str
    ship_kind: str
    defender: int
    defender_ship: str
    defender_kind: str
    territory: str
    roll: Roll
    lost: str
    cargo_lost: int


class Eliminated(EventData, frozen=True):
    """``seat`` has no land left and is out, eliminated by ``by`` (its cards go to ``by``, R30)."""

    kind: ClassVar[str] = "eliminated"
    seat: int
    by: int


class GameOver(EventData, frozen=True):
    """The game ends: ``winners`` (none: a draw) and why."""

    kind: ClassVar[str] = "game-over"
    winners: list[int]
    reason: str


class ShipBuilt(EventData, frozen=True):
    """``seat`` builds a ``ship_kind`` named ``ship`` at ``planet``'s spaceport, in ``territory`` (R20)."""

    kind: ClassVar[str] = "ship-built"
    seat: int
    ship: str
    ship_kind: str
    planet: str
    territory: str


class ShipFlown(EventData, frozen=True):
    """``seat`` flies ``ship`` from ``source`` to ``target`` (R21, R22)."""

    kind: ClassVar[str] = "ship-flown"
    seat: int
    ship: str
    source: str
    target: str


class ShipLoaded(EventData, frozen=True):
    """``seat`` loads ``count`` infantry from ``territory`` onto ``ship`` (R24)."""

    kind: ClassVar[str] = "ship-loaded"
    seat: int
    ship: str
    territory: str
    count: int


class ShipUnloaded(EventData, frozen=True):
    """``seat`` unloads ``count`` infantry from ``ship`` onto ``territory`` (R25)."""

    kind: ClassVar[str] = "ship-unloaded"
    seat: int
    ship: str
    territory: str
    count: int


class Consolidated(EventData, frozen=True):
    """``seat`` moves ``count`` infantry from ``source`` to ``target`` and its turn ends."""

    kind: ClassVar[str] = "consolidated"
    seat: int
    source: str
    target: str
    count: int


class TurnEnded(EventData, frozen=True):
    """``seat`` ends its turn without a consolidation move."""

    kind: ClassVar[str] = "turn-ended"
    seat: int


class CardDrawn(EventData, frozen=True):
    """``seat`` draws a territory card (public: which card is in ``CardReceived``, R15)."""

    kind: ClassVar[str] = "card-drawn"
    seat: int


class CardReceived(EventData, frozen=True):
    """The territory ``card`` ``seat`` drew (private to ``seat``; reveals it)."""

    kind: ClassVar[str] = "card-received"
    seat: int
    card: str


class MissionCompleted(EventData, frozen=True):
    """``seat`` completes its objective or goal ``card`` (its ``text``): ``reward``
    reinforcements next turn and ``stars`` (R28). Reveals the card."""

    kind: ClassVar[str] = "mission-completed"
    seat: int
    card: str
    text: str
    reward: int
    stars: int


class MissionDrawn(EventData, frozen=True):
    """The objective or goal ``card`` ``seat`` drew (private to ``seat``; reveals it)."""

    kind: ClassVar[str] = "mission-drawn"
    seat: int
    card: str
    text: str


class MissionReplaced(EventData, frozen=True):
    """``seat``'s ``card`` was already done when the territories became known: it is replaced
    by ``new_card`` (R35; private to ``seat``)."""

    kind: ClassVar[str] = "mission-replaced"
    seat: int
    card: str
    text: str
    new_card: str
    new_text: str


EVENT_TYPES: tuple[type[EventData], ...] = (
    Claimed, ClaimsDone, Placed, TurnBegins, Traded, BattleRoll, AttackStopped, Conquest,
    MoveInAwaited, MovedIn, SpaceBattle, Eliminated, GameOver, ShipBuilt, ShipFlown, ShipLoaded,
    ShipUnloaded, Consolidated, TurnEnded, CardDrawn, CardReceived, MissionCompleted, MissionDrawn,
    MissionReplaced,
)
"""Every kind of event space-risk emits (the ruleset's ``event_types``)."""
