"""Plain-data values shared by every ruleset: the state base, events, outcomes, views."""

from __future__ import annotations

import hashlib
from enum import Enum
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

import msgspec

from .actions import _quote
from .decision import Decision, Pending
from .rng import Rng

__all__ = [
    "CORE_EVENT_TYPES",
    "GM",
    "Actor",
    "Event",
    "EventData",
    "GameState",
    "Note",
    "Observer",
    "Outcome",
    "SeatView",
    "Viewer",
    "view_hash",
]

V = TypeVar("V")


class Observer(Enum):
    """Who looks at a game: ``GM`` sees everything (the game master, replays for analysis)."""

    GM = "gm"


GM: Final = Observer.GM
Actor = int | Observer
"""A seat index or ``GM`` (JSON: an int or ``"gm"``)."""
Viewer = Actor  # the old name, kept while callers remain


class GameState(msgspec.Struct, kw_only=True, dict=True):
    """Base of every ruleset's state. Rulesets add their own fields (all plain data).

    ``step`` counts the actions applied (a stale client request is detected by it);
    ``rng`` is the game's only source of randomness; ``sealed`` holds the sealed choices of a
    simultaneous decision submitted so far, as action text, hidden from every view but the
    submitter's until all seats have chosen. The framework owns these three fields.

    ``pending`` is a sub-decision the ruleset awaits before the flow goes on (set and cleared
    by the ruleset, read by the framework's default decision); ``gm_outcome`` is the outcome
    the GM gave with ``end-game`` (the game is over once it is set).

    ``_decided`` is not a field (never saved, compared or copied): the framework's memo of the
    decision at a step (``Ruleset._current``), so that the several calls one action makes
    (``to_act``, ``sample_legal``, ``apply``) work it out once; it holds for its step only (every
    ``apply`` moves the step on). A caller that changes a state by hand without ``apply`` calls
    ``Ruleset.forget(state)``.
    """

    _decided: ClassVar[tuple[int, Decision | None] | None] = None

    players: int
    rng: Rng
    step: int = 0
    sealed: dict[int, str] = msgspec.field(default_factory=dict)
    pending: Pending | None = None
    gm_outcome: Outcome | None = None


class Event(msgspec.Struct, frozen=True):
    """Something that happened, as data: ``kind`` names what (a kind the ruleset declares in
    ``event_types``, see ``EventData``), ``fields`` its data (plain JSON builtins).

    ``seats`` lists who may see it (``None``: everyone); ``reveals`` marks an event that shows
    information that was hidden before (a card drawn, a card turned face up): an action that
    revealed something cannot be undone. ``text`` is optional prose for people; rulesets say what
    an event means in ``Ruleset.describe_event`` instead.

    Transitional: ``Event("seat 0 claims Vega")`` (prose where the kind goes, no fields) and
    ``Event(text=...)`` are an event of kind ``"note"`` with that text, so the games can move to
    kinds one at a time.
    """

    kind: str = "note"
    fields: dict[str, Any] = msgspec.field(default_factory=dict)
    seats: tuple[int, ...] | None = None
    reveals: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        if not self.text and not self.fields and self.kind != "note" and self.kind not in _DECLARED:
            msgspec.structs.force_setattr(self, "text", self.kind)
            msgspec.structs.force_setattr(self, "kind", "note")

    def visible_to(self, viewer: Actor) -> bool:
        return self.seats is None or viewer is GM or viewer in self.seats

    def describe(self) -> str:
        """The default words for a person: ``text`` if set, else ``kind key=value ...``."""
        if self.text:
            return self.text
        parts = [self.kind, *(f"{k}={_shown(v)}" for k, v in self.fields.items())]
        return " ".join(parts)


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float) or value is None:
        return "-" if value is None else str(value)
    return msgspec.json.encode(value).decode()


_DECLARED: dict[str, type[EventData]] = {}


class EventData(msgspec.Struct, frozen=True):
    """Base of a declared kind of event: set ``kind``, declare the fields (plain data)::

        class Conquest(EventData, frozen=True):
            kind: ClassVar[str] = "conquest"
            seat: int
            territory: str

        Conquest(0, "Vega").event()                  # Event("conquest", {"seat": 0, ...})
        Conquest(0, "Vega").event(seats=(0,), reveals=True)
        Conquest.of(event)                           # back to a Conquest

    A ruleset lists its kinds in ``Ruleset.event_types`` (the schemas and the conformance suite
    read them) and says what they mean in ``describe_event``."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            _DECLARED.setdefault(cls.kind, cls)

    def event(self, *, seats: tuple[int, ...] | None = None, reveals: bool = False, text: str = "") -> Event:
        """This data as an ``Event`` for ``seats`` (``None``: everyone)."""
        return Event(self.kind, msgspec.to_builtins(self), seats, reveals, text)

    @classmethod
    def of(cls, event: Event) -> Self:
        """The data of ``event`` (of this kind) as this type; ``ValueError`` if it is not one."""
        if event.kind != cls.kind:
            raise ValueError(f"a '{event.kind}' event is not a '{cls.kind}' event")
        try:
            return msgspec.convert(event.fields, cls)
        except msgspec.ValidationError as exc:
            raise ValueError(f"'{cls.kind}' event: {exc}") from None


class Note(EventData, frozen=True):
    """Prose only: what happened is in the event's ``text``."""

    kind: ClassVar[str] = "note"


CORE_EVENT_TYPES: tuple[type[EventData], ...] = (Note,)
"""The kinds every ruleset may emit besides its own ``event_types``."""


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

    ``viewer`` is a seat or ``GM`` (JSON: an int or ``"gm"``); ``to_act`` lists the seats whose
    decision is awaited; ``submitted`` the seats that have already sealed their choice in a
    simultaneous decision (not what they chose); ``my_sealed`` the viewer's own sealed choice,
    if any; ``decision`` what the state awaits (``None`` once the game is over).

    ``hash`` is the sha256 (hex) of the canonical encoding of everything but the step (see
    ``view_hash``): equal hashes show the viewer the same things, so a server pushes a view only
    when its hash changed. A view carries what changes; static content (the map, the card book)
    is served once by ``Ruleset.content_id``, and a view never names a file.
    """

    viewer: Actor
    step: int
    to_act: tuple[int, ...]
    submitted: tuple[int, ...]
    my_sealed: str | None
    outcome: Outcome | None
    game: V
    decision: Decision | None = None
    hash: str = ""

    @property
    def seat(self) -> int | None:
        return None if self.viewer is GM else self.viewer

    def hashed(self) -> SeatView[V]:
        """This view with its ``hash`` set."""
        return msgspec.structs.replace(self, hash=view_hash(self))


def view_hash(view: SeatView[Any]) -> str:
    """sha256 hex of ``view``'s canonical JSON (keys sorted) without its step and hash: two views
    with the same hash show the same things (the step alone changes with every action)."""
    bare = msgspec.structs.replace(view, step=0, hash="")
    return hashlib.sha256(msgspec.json.encode(bare, order="sorted")).hexdigest()


def viewer_name(viewer: Actor) -> str:
    """``"gm"`` or the seat number, for people and file names."""
    return "gm" if viewer is GM else str(viewer)


def to_builtins(value: Any) -> Any:
    """JSON-ready builtins of any state / view / event."""
    return msgspec.to_builtins(value)
