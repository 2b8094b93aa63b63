"""Decisions: what a state awaits, and the lifecycle of a sealed decision.

A ``Decision`` names the seats whose choice is awaited, whether their choices are sealed
(hidden from the other seats until it closes) and what closes it: the last of its seats
submitting (``"all"``), the GM (``"gm"``: the GM's ``close``), or a deadline (``"deadline"``:
whoever keeps the clock, a server, submits ``close`` as the GM when it passes).

Lifecycle of a sealed decision (the framework runs it; the ruleset only resolves):

1. each seat submits an action; it is kept, as text, in ``state.sealed`` and shown to its
   owner alone;
2. until the decision closes a seat that submitted may submit again (the new choice replaces
   the old one: a revision) or ``withdraw`` (its seat is awaited again);
3. the decision closes when its last seat submits (``closes="all"``) or when the GM closes it;
   every seat that has not submitted gets the ruleset's ``_default_action(state, seat)``
   (``None``: the seat is left out) and the ruleset's ``_apply`` resolves every choice at once,
   in an order of its own, never the order of arrival.

A decision that is not sealed applies each action as it arrives.

A pending sub-decision (a choice that interrupts the flow: how many armies move in after a
conquest, a combat power chosen by both sides) is a ``Pending`` stored in
``GameState.pending``: the framework's default decision reads it before the ruleset's
``_to_act``, and the ruleset's ``_apply`` resolves it and sets ``state.pending = None``.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from .actions import Action

__all__ = ["Closes", "Decision", "Pending", "Withdraw"]

Closes = Literal["all", "gm", "deadline"]


class Decision(msgspec.Struct, frozen=True):
    """The choice a state awaits: from ``actors`` (seats), ``sealed`` or not, closed when
    ``closes`` says. ``kind`` names it for people and bots (``"move-in"``, ``"orders"``; empty for
    the game's ordinary turn); ``deadline`` is a POSIX time when ``closes`` is ``"deadline"``."""

    actors: tuple[int, ...]
    sealed: bool
    closes: Closes
    kind: str = ""
    deadline: float | None = None


class Pending(msgspec.Struct, kw_only=False):
    """A sub-decision kept in the state until the ruleset resolves it.

    ``kind`` says what is decided, ``actors`` who decides, ``sealed`` whether their choices are
    hidden until all are in, ``data`` what the ruleset needs to list and resolve it (plain data:
    numbers, names, lists of numbers). It closes when its last seat submits."""

    kind: str
    actors: tuple[int, ...]
    sealed: bool
    data: dict[str, int | str | list[int]] = msgspec.field(default_factory=dict)

    def decision(self) -> Decision:
        return Decision(self.actors, self.sealed, "all", self.kind)


class Withdraw(Action, frozen=True):
    """Take back your sealed choice; you are awaited again (before the decision closes)."""

    verb: ClassVar[str] = "withdraw"
