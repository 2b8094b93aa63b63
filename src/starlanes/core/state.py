"""Plain-data values shared by every ruleset: the state base, events, outcomes, views."""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, Generic, TypeVar

import msgspec

from .rng import Rng

__all__ = ["GM", "Event", "GameState", "Observer", "Outcome", "SeatView", "Viewer"]

V = TypeVar("V")


class Observer(Enum):
    """Who looks at a game: ``GM`` sees everything (the game master, replays for analysis)."""

    GM = "gm"


GM: Final = Observer.GM
Viewer = int | Observer  # a seat index, or GM


class GameState(msgspec.Struct, kw_only=True):
    """Base of every ruleset's state. Rulesets add their own fields (all plain data).

    ``step`` counts the actions applied (a stale client request is detected by it);
    ``rng`` is the game's only source of randomness; ``sealed`` holds the sealed choices of a
    simultaneous decision submitted so far, as action text, hidden from every view but the
    submitter's until all seats have chosen. The framework owns these three fields.
    """

    players: int
    rng: Rng
    step: int = 0
    sealed: dict[int, str] = msgspec.field(default_factory=dict)


class Event(msgspec.Struct, frozen=True):
    """Something that happened. ``seats`` lists who may see it (``None``: everyone).

    ``reveals`` marks an event that shows information that was hidden before (a card drawn,
    a card turned face up); an action that revealed something cannot be undone.
    """

    text: str
    seats: tuple[int, ...] | None = None
    reveals: bool = False

    def visible_to(self, viewer: Viewer) -> bool:
        return self.seats is None or viewer is GM or viewer in self.seats


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended. ``winners`` empty means a draw; ``scores`` is optional, one per seat."""

    reason: str
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None = None

    @property
    def draw(self) -> bool:
        return not self.winners


class SeatView(msgspec.Struct, Generic[V], frozen=True):
    """All that ``viewer`` may know now: the framework's part plus the ruleset's ``game`` view.

    ``to_act`` lists the seats whose decision is awaited; ``submitted`` the seats that have
    already sealed their choice in a simultaneous decision (not what they chose);
    ``my_sealed`` the viewer's own sealed choice, if any.
    """

    viewer: str  # "0", "1", ... or "gm"
    step: int
    to_act: tuple[int, ...]
    submitted: tuple[int, ...]
    my_sealed: str | None
    outcome: Outcome | None
    game: V

    @property
    def seat(self) -> int | None:
        return None if self.viewer == "gm" else int(self.viewer)


def viewer_name(viewer: Viewer) -> str:
    return "gm" if viewer is GM else str(viewer)


def to_builtins(value: Any) -> Any:
    """JSON-ready builtins of any state / view / event."""
    return msgspec.to_builtins(value)
