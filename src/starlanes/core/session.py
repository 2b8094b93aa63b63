"""The loop that drives the seats of a match: bots are asked, people are asked, each seat is
shown what it may see. The terminal (cli/terminal.py) and the architecture page's example run it;
how things look is theirs. The server is driven by requests, not by a loop, so it does not run
``Session.run``: its bot worker (``server/bots.py``) takes the session's decisions from here,
:func:`awaited_bots` (which bot moves next) and :func:`ask_bot` (a bot's answer, checked against
the legal actions), and its readers get what a seat may see from the same ``Match``/``Ruleset``
calls the session makes.

``Session(match, io, agents)``: ``agents`` maps a seat to its bot (anything with
``act(view, legal) -> Action``, e.g. ``starlanes.ai`` agents; the core never imports ``ai``);
every other seat is a person, asked through ``io`` (the ``IO`` protocol below). ``run()`` plays
until the game is over or a person stops it, then calls ``save``.

What the session guarantees:

- whose turn: among the seats awaited, bots act first (so a person deciding a sealed choice
  after them is the last, and sees the result at once); then the lowest awaited seat;
- a person's turn (``Turn``): the events it may see and has not seen, its view, its legal
  actions, and what the other actors did since it last decided (``Move``: another seat's
  sealed choice has no text, ever); ``redraw`` says whether the table must be shown again
  (another person had the screen, others acted, or a sealed decision);
- between two people at one screen, ``io.handover(seat)`` comes first (the screen is
  cleared there); a sealed choice is never shown to the next person: the person who made
  it is told of its events only, the next one reads "(a sealed choice)";
- ``live`` seats (a person with a screen of their own; at a shared terminal: the only person,
  if there is one) are told every action as it happens (``Played``), the bots' included;
- refused input (an illegal or mistyped action, an undo that is not allowed) is told to the
  person (``io.refused``), changes nothing, and the person is asked again;
- a decision nobody is awaited for any more (every seat has sealed its choice, and the
  decision closes by the GM or a deadline): with no GM at the table, the session closes it
  as the GM (``close``, logged) once every seat has chosen;
- ``Stop`` (raised by ``io.ask``), ``KeyboardInterrupt`` and ``EOFError`` end ``run()`` with the
  reason in ``stopped``; ``save`` is called however the session ends.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .actions import Action
from .errors import IllegalAction, StarlanesError
from .gm import Actor, Close
from .match import LogEntry, Match
from .state import GM, Event, SeatView

__all__ = [
    "IO",
    "UNDO",
    "Agent",
    "Move",
    "Played",
    "Reply",
    "Session",
    "Stop",
    "StopReason",
    "Turn",
    "Undo",
    "ask_bot",
    "awaited_bots",
]

StopReason = Literal["over", "quit", "interrupted", "end of input"]


class Agent(Protocol):
    """A bot as the session uses it (``starlanes.ai.base.Agent`` is one)."""

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action: ...


def awaited_bots(to_act: Iterable[int], bots: Container[int]) -> list[int]:
    """The awaited seats that bots play, in the order they move: bots act before any person (so a
    person deciding a sealed choice after them is the last, and sees the result at once), the
    lowest seat first. The session and the server's bot worker both move bots in this order."""
    return sorted(s for s in to_act if s in bots)


def ask_bot(agent: Agent, view: SeatView[Any], legal: Sequence[Action]) -> Action:
    """``agent``'s answer to its seat's ``view`` and ``legal`` actions; ``IllegalAction`` when the
    answer is not one of them (a bot never bypasses the rules: the caller then plays it through
    the checked path, the session with ``Match.play``, the server with its conditional append)."""
    action = agent.act(view, legal)
    if action not in legal:
        raise IllegalAction(action.text(), "the bot's answer is not among its legal actions")
    return action


class Stop(Exception):
    """Raised by ``IO.ask`` when the person asks to stop (``quit``)."""


class Undo:
    """The reply "take back my last action" (``UNDO``)."""

    def __repr__(self) -> str:
        return "UNDO"


UNDO = Undo()

Reply = Action | str | Undo
"""A person's answer: an action (text is parsed by the ruleset), or ``UNDO``."""


@dataclass(frozen=True)
class Move:
    """An action as a seat may know it: its position in the log, who took it, and its text
    (``None``: a sealed choice of another seat, which the seat may not read)."""

    index: int
    actor: Actor
    text: str | None


@dataclass(frozen=True)
class Turn:
    """A person's turn: what it is shown and asked."""

    seat: int
    view: SeatView[Any]
    legal: Sequence[Action]
    sealed: bool
    """The decision is sealed: other seats choose at the same time, unseen."""
    redraw: bool
    """The table must be shown again (another person had the screen, others acted since it
    was last shown, a sealed decision, or it was never shown)."""
    events: tuple[Event, ...] = ()
    """Events the seat may see and has not seen (when ``redraw``)."""
    since: tuple[Move, ...] = ()
    """What the other actors did since the seat last decided (when ``redraw``), in order."""


@dataclass(frozen=True)
class Played:
    """Told to a seat: an action was taken. ``action`` is ``None`` when it is another seat's
    sealed choice; ``before`` is the seat's view just before it (to describe the action as the
    seat saw the table; ``None`` for its own action or a hidden one); ``events`` are those the
    seat may see and had not seen."""

    actor: Actor
    action: Action | None
    before: SeatView[Any] | None
    events: tuple[Event, ...]
    own: bool


class IO(Protocol):
    """How a session talks to the people at the table."""

    def handover(self, seat: int) -> None:
        """Another person takes the screen for ``seat``: hide what the last one saw."""

    def begin(self, turn: Turn) -> None:
        """A person's turn starts: show what ``turn`` holds."""

    def ask(self, turn: Turn) -> Reply:
        """The person's answer (asked again after a refusal). Raise ``Stop`` to stop;
        ``KeyboardInterrupt``/``EOFError`` stop too."""
        ...

    def refused(self, seat: int, error: StarlanesError) -> None:
        """The answer was refused (nothing changed)."""

    def played(self, seat: int, played: Played) -> None:
        """Tell ``seat`` that an action was taken."""

    def undone(self, seat: int, entry: LogEntry) -> None:
        """``seat``'s last action (``entry``) was taken back."""


@dataclass
class _Seen:
    """Per seat: how far it has seen the events, where the table was last shown to it, where
    its last decision left the log."""

    events: int
    shown: int = -1
    decided: int = 0


@dataclass
class Session:
    """Drives ``match``: ``agents`` play their seats, the other seats are people asked through
    ``io``; ``live`` seats are told every action as it happens; ``save`` is called when
    ``run()`` ends."""

    match: Match
    io: IO
    agents: Mapping[int, Agent] = field(default_factory=dict)
    live: Sequence[int] = ()
    save: Callable[[], object] | None = None
    stopped: StopReason | None = None
    last_human: int | None = None

    def __post_init__(self) -> None:
        self.humans: list[int] = [s for s in range(self.match.players) if s not in self.agents]
        start = len(self.match.events)
        self._seen = {s: _Seen(events=start, decided=self.match.step) for s in range(self.match.players)}

    @classmethod
    def with_agents(cls, match: Match, io: IO, make: Callable[[int, str], Agent | None], **options: Any) -> Session:
        """A session whose bots are made by ``make(seat, seat spec)`` (``None``: a person)."""
        agents = {s: a for s, spec in enumerate(match.seats) if (a := make(s, spec)) is not None}
        return cls(match, io, agents, **options)

    # ------------------------------------------------------------------ the loop
    def run(self) -> StopReason:
        """Play until the game is over or a person stops; call ``save``; say why it ended."""
        try:
            while not self.match.is_over():
                self.step()
            self.stopped = "over"
        except Stop:
            self.stopped = "quit"
        except KeyboardInterrupt:
            self.stopped = "interrupted"
        except EOFError:
            self.stopped = "end of input"
        if self.save is not None:
            self.save()
        return self.stopped

    def step(self) -> None:
        """One move: a bot's action, a person's turn, or the table closing a decision."""
        if self.match.is_over():
            return
        to_act = sorted(self.match.to_act())
        if not to_act:
            self._close()
            return
        bots = awaited_bots(to_act, self.agents)
        if bots:
            self.bot_move(bots[0])
        else:
            self.human_turn(to_act[0])

    def bot_move(self, seat: int) -> None:
        """Ask ``seat``'s bot and play its action; tell the live seats."""
        action = ask_bot(self.agents[seat], self.match.view(seat), self.match.legal_actions(seat))
        hidden = len(self.match.to_act()) > 1  # others still choose: the choice stays sealed
        self._play(seat, action, hidden)

    def human_turn(self, seat: int) -> None:
        """Ask the person at ``seat`` until an answer is taken (an action, or an undo)."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.io.handover(seat)
        turn = self.turn(seat)
        self.last_human = seat
        self.io.begin(turn)
        while True:
            reply = self.io.ask(turn)
            if isinstance(reply, Undo):
                if self._undo(seat):
                    return
                continue
            if self.submit(seat, reply, hidden=turn.sealed and len(self.match.to_act()) > 1):
                return

    def turn(self, seat: int) -> Turn:
        """The person at ``seat``'s turn now (marks the events it carries as seen)."""
        match = self.match
        seen = self._seen[seat]
        sealed = self._sealed_now()
        others_acted = any(e.seat != seat for e in match.log[max(seen.shown, 0):])
        redraw = self.last_human != seat or sealed or others_acted or seen.shown < 0
        events: tuple[Event, ...] = ()
        since: tuple[Move, ...] = ()
        if redraw:
            events = tuple(self._unseen(seat))
            seen.shown = match.step
            since = tuple(Move(i, match.log[i].seat, match.entry_text(i, seat))
                          for i in range(seen.decided, match.step) if match.log[i].seat != seat)
        return Turn(seat, match.view(seat), match.legal_actions(seat), sealed, redraw, events, since)

    def submit(self, seat: int, reply: Action | str, *, hidden: bool = False) -> bool:
        """Play the person's answer: ``True`` when taken; a refusal is told (``io.refused``) and
        changes nothing. ``hidden``: a sealed choice the live seats may not read."""
        try:
            self._play(seat, reply, hidden)
        except StarlanesError as exc:
            self.io.refused(seat, exc)
            return False
        self._seen[seat].decided = self.match.step
        return True

    # ------------------------------------------------------------------ internals
    def _play(self, actor: Actor, action: Action | str, hidden: bool) -> None:
        watchers = [w for w in self.live if w != actor]
        before = {} if hidden else {w: self.match.view(w) for w in watchers}
        self.match.play(actor, action)
        game = self.match.game
        parsed = action if isinstance(action, Action) else (
            game.gm_codec if actor is GM else game.codec).parse(self.match.log[-1].action)
        if type(actor) is int and actor not in self.agents:
            self.io.played(actor, Played(actor, parsed, None, tuple(self._unseen(actor)), own=True))
        for w in watchers:
            shown = None if hidden else parsed
            self.io.played(w, Played(actor, shown, before.get(w), tuple(self._unseen(w)), own=False))

    def _undo(self, seat: int) -> bool:
        try:
            entry = self.match.undo(seat)
        except StarlanesError as exc:
            self.io.refused(seat, exc)
            return False
        seen = self._seen[seat]
        seen.events = min(seen.events, len(self.match.events))
        seen.shown = seen.decided = self.match.step
        self.io.undone(seat, entry)
        return True

    def _close(self) -> None:
        """Nobody is awaited but the game goes on: the decision waits for the GM; at a table
        without one, every seat has chosen, so the table closes it."""
        if Close() not in self.match.legal_actions(GM):
            raise StarlanesError("the match waits for a decision that no seat and no GM action can make")
        self._play(GM, Close(), hidden=False)

    def _sealed_now(self) -> bool:
        decision = self.match.game.decision(self.match.state)
        return decision is not None and decision.sealed

    def _unseen(self, seat: int) -> list[Event]:
        """Events ``seat`` may see and has not seen; marks them seen."""
        seen = self._seen[seat]
        events = [e for batch in self.match.events[seen.events:] for e in batch if e.visible_to(seat)]
        seen.events = len(self.match.events)
        return events
