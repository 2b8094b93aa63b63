"""The GM as an actor, and the GM actions every game has.

An actor is a seat (an ``int``) or ``GM``. The GM does not play for a seat; it has actions of
its own, logged like any other action:

- ``close``: close the pending decision now; seats that have not submitted get the ruleset's
  default (``_default_action``) or are left out;
- ``end-game winners=0,2 reason="..."``: end the game; the outcome is the GM's
  (``GameState.gm_outcome``), no winner is a draw;
- ``ruling "free text"``: a ruling, recorded in the log and shown to everyone as an event.

A ruleset adds its own GM actions in ``Ruleset.gm_action_types`` and applies them in
``_apply_gm``. Text that has spaces is written in double quotes (core/actions.py).
"""

from __future__ import annotations

from typing import ClassVar

from .actions import Action, ActionCodec
from .errors import ParseError
from .state import GM, EventData, Observer, Outcome

__all__ = [
    "FRAMEWORK_EVENT_TYPES",
    "GM",
    "GM_ACTIONS",
    "MAX_RULING",
    "Actor",
    "ChoiceSealed",
    "ChoiceWithdrawn",
    "Close",
    "DecisionClosed",
    "EndGame",
    "GameEnded",
    "GmCodec",
    "Ruling",
    "RulingGiven",
    "actor_name",
    "end_game_outcome",
    "end_game_why_not",
    "ruling_why_not",
]

Actor = int | Observer
"""A seat index or ``GM``."""

MAX_RULING = 2000
"""Longest ruling text, in characters."""


class Close(Action, frozen=True):
    """Close the pending decision now; seats that have not submitted get the game's default."""

    verb: ClassVar[str] = "close"


class EndGame(Action, frozen=True):
    """End the game with these winners (none: a draw) for this reason."""

    verb: ClassVar[str] = "end-game"
    winners: tuple[int, ...] = ()
    reason: str = "ended by the GM"


class Ruling(Action, frozen=True):
    """A ruling of the GM, recorded in the log and shown to every seat."""

    verb: ClassVar[str] = "ruling"
    note: str


GM_ACTIONS: tuple[type[Action], ...] = (Close, EndGame, Ruling)


# ---------------------------------------------------------------- the framework's events
class RulingGiven(EventData, frozen=True):
    """The GM gave a ruling (everyone sees it)."""

    kind: ClassVar[str] = "ruling"
    note: str


class DecisionClosed(EventData, frozen=True):
    """The GM closed the pending decision; its resolution follows."""

    kind: ClassVar[str] = "decision-closed"
    decision: str  # the decision's kind ("" for the game's ordinary turn)


class GameEnded(EventData, frozen=True):
    """The GM ended the game."""

    kind: ClassVar[str] = "game-ended"
    reason: str
    winners: tuple[int, ...]


class ChoiceSealed(EventData, frozen=True):
    """A seat sealed its choice in a sealed decision (``revised``: it replaced an earlier one)."""

    kind: ClassVar[str] = "choice-sealed"
    seat: int
    revised: bool = False


class ChoiceWithdrawn(EventData, frozen=True):
    """A seat withdrew its sealed choice; it is awaited again."""

    kind: ClassVar[str] = "choice-withdrawn"
    seat: int


FRAMEWORK_EVENT_TYPES: tuple[type[EventData], ...] = (
    RulingGiven, DecisionClosed, GameEnded, ChoiceSealed, ChoiceWithdrawn)
"""Kinds of event the framework emits for any ruleset (GM actions, sealed decisions)."""


class GmCodec(ActionCodec):
    """Parses GM action text (text with spaces in double quotes: ``ruling "a b"``)."""

    def _verb_type(self, word: str) -> type[Action]:
        cls = self.types.get(word.lower())
        if cls is None:
            raise ParseError(f"unknown GM action '{word}'; GM actions: {', '.join(self.verbs)}")
        return cls


def actor_name(actor: Actor) -> str:
    return "the GM" if actor is GM else f"seat {actor}"


def end_game_why_not(action: EndGame, players: int) -> str | None:
    bad = [w for w in action.winners if not 0 <= w < players]
    if bad:
        return f"no seat {bad[0]}; seats are 0-{players - 1}"
    if len(set(action.winners)) != len(action.winners):
        return "a winner is named twice"
    if not action.reason.strip():
        return "an ended game needs a reason"
    return None


def end_game_outcome(action: EndGame) -> Outcome:
    return Outcome(action.reason, tuple(sorted(action.winners)))


def ruling_why_not(action: Ruling) -> str | None:
    if not action.note.strip():
        return "a ruling needs some text"
    if len(action.note) > MAX_RULING:
        return f"a ruling is at most {MAX_RULING} characters, not {len(action.note)}"
    return None
