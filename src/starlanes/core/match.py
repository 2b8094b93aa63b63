"""A match: ruleset, params, seats, seed and the action log. Everything else is derived.

The current state is the replay of the log from the seed (with snapshots, so going back is
cheap). A match saves to and loads from JSON; a file written by another version of the
ruleset is refused, because replaying it could silently give another game.

Undo: a seat may take back its own last action when the ruleset allows undo, no chance was
consumed by it (no die rolled, nothing shuffled) and no event revealed hidden information.
A sealed choice may be taken back until the last seat has submitted.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from .actions import Action
from .errors import IllegalAction, MatchError, StarlanesError
from .params import Params, params_to_dict
from .ruleset import Ruleset
from .state import Event, GameState, Outcome, SeatView, Viewer

__all__ = ["FORMAT", "LogEntry", "Match"]

FORMAT = "starlanes-match/1"
SNAPSHOT_EVERY = 64


class LogEntry(msgspec.Struct, frozen=True, array_like=True):
    seat: int
    action: str


@dataclass
class Match:
    """A game in progress or finished, reproducible from seed + log."""

    game: Ruleset[Any, Any, Any]
    params: Params
    seats: list[str]
    seed: int
    log: list[LogEntry] = field(default_factory=list)
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"))

    def __post_init__(self) -> None:
        self.state: GameState = self.game.setup(self.params, len(self.seats), self.seed)
        self._snapshots: dict[int, GameState] = {0: self.game.clone(self.state)}
        self._undoable: list[bool] = []
        self.events: list[list[Event]] = []
        replay, self.log = self.log, []
        for i, entry in enumerate(replay):
            try:
                self.play(entry.seat, entry.action)
            except StarlanesError as exc:
                raise MatchError(f"log entry {i + 1} (seat {entry.seat}: '{entry.action}'): {exc}") from exc

    @classmethod
    def new(cls, game: Ruleset[Any, Any, Any], seats: Sequence[str], seed: int = 0,
            params: Params | None = None) -> Match:
        return cls(game, params or game.default_params(), list(seats), seed)

    # ------------------------------------------------------------ playing
    @property
    def players(self) -> int:
        return len(self.seats)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, viewer: Viewer) -> SeatView[Any]:
        return self.game.view(self.state, viewer)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def play(self, seat: int, action: Action | str) -> list[Event]:
        """Apply ``seat``'s action (validated) and append it to the log."""
        parsed = self.game.check(self.state, seat, action)
        rng_before = (self.state.rng.state, len(self.state.rng.forced))
        sealed_before = len(self.state.sealed)
        events = self.game.apply_unchecked(self.state, seat, parsed)
        resolved_sealed = sealed_before > 0 and not self.state.sealed
        chance = (self.state.rng.state, len(self.state.rng.forced)) != rng_before
        self._undoable.append(not (chance or resolved_sealed or any(e.reveals for e in events)))
        self.log.append(LogEntry(seat, parsed.text()))
        self.events.append(events)
        if len(self.log) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.log)] = self.game.clone(self.state)
        return events

    def can_undo(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now, or ``None`` if it can."""
        if not self.log:
            return "nothing to undo"
        if self.log[-1].seat != seat:
            return "the last action was not yours"
        if not self._undoable[-1]:
            return "the last action rolled dice or revealed hidden information"
        return None

    def undo(self, seat: int) -> LogEntry:
        """Take back ``seat``'s last action; raises ``IllegalAction`` when not allowed."""
        reason = self.can_undo(seat)
        if reason is not None:
            raise IllegalAction("undo", reason)
        entry = self.log.pop()
        self._undoable.pop()
        self.events.pop()
        for k in [k for k in self._snapshots if k > len(self.log)]:
            del self._snapshots[k]
        self.state = self.state_at(len(self.log))
        return entry

    def state_at(self, index: int) -> GameState:
        """The state after the first ``index`` actions of the log (a fresh copy)."""
        if not 0 <= index <= len(self.log):
            raise MatchError(f"no position {index}; the log has {len(self.log)} actions")
        base = max(k for k in self._snapshots if k <= index)
        state: GameState = self.game.clone(self._snapshots[base])
        for entry in self.log[base:index]:
            self.game.apply(state, entry.seat, entry.action)
        return state

    def history(self, viewer: Viewer) -> Iterator[tuple[LogEntry | None, SeatView[Any]]]:
        """(action, view after it) for every position, as ``viewer`` saw the game."""
        state = self.game.clone(self._snapshots[0])
        yield None, self.game.view(state, viewer)
        for entry in self.log:
            self.game.apply(state, entry.seat, entry.action)
            yield entry, self.game.view(state, viewer)

    # ------------------------------------------------------------ files
    def to_dict(self) -> dict[str, Any]:
        out = self.outcome()
        return {
            "format": FORMAT,
            "game": self.game.spec.id,
            "version": self.game.spec.version,
            "params": params_to_dict(self.params),
            "seats": list(self.seats),
            "seed": self.seed,
            "created": self.created,
            "log": [[e.seat, e.action] for e in self.log],
            "outcome": msgspec.to_builtins(out) if out is not None else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.to_json() + "\n", encoding="utf-8")
        return target

    @classmethod
    def from_dict(cls, data: Any, game: Ruleset[Any, Any, Any], source: str = "match") -> Match:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchError(f"{source}: not a starlanes match file (expected format {FORMAT})")
        if data.get("game") != game.spec.id:
            raise MatchError(f"{source}: a match of '{data.get('game')}', not '{game.spec.id}'")
        if data.get("version") != game.spec.version:
            raise MatchError(
                f"{source}: saved with {game.spec.id} version {data.get('version')}, but this is "
                f"version {game.spec.version}; the rules changed, so it cannot be replayed faithfully"
            )
        try:
            params = game.params_from(data.get("params") or {})
            seats = [str(s) for s in data["seats"]]
            seed = int(data["seed"])
            log = [LogEntry(int(s), str(a)) for s, a in data["log"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise MatchError(f"{source}: malformed match file ({exc!r})") from exc
        match = cls(game, params, seats, seed, log, str(data.get("created", "")))
        return match

    @classmethod
    def load(cls, path: str | Path, game: Ruleset[Any, Any, Any] | None = None) -> Match:
        """Load a saved match; the ruleset is looked up in the registry unless given."""
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise MatchError(f"{p}: cannot read ({exc.strerror})") from exc
        except json.JSONDecodeError as exc:
            raise MatchError(f"{p}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        if game is None:
            from starlanes.registry import get_game

            if not isinstance(data, dict) or "game" not in data:
                raise MatchError(f"{p}: not a starlanes match file")
            game = get_game(str(data["game"]))
        return cls.from_dict(data, game, str(p))
