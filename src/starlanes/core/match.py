"""A match: ruleset, params, seats, seed and the action log. Everything else is derived.

The log is append-only: ``append(actor, action, expected_step)`` takes an action of a seat or
of the GM (``GM``) made for the step the match is at (its number of logged actions, which is
also ``state.step``); an action made for another step raises ``StaleState`` (HTTP 409) and
changes nothing, so two people (or two server requests) acting on the same position cannot
both be taken. ``play(actor, action)`` appends at the current step (local play).

The current state is the replay of the log from the seed (with snapshots every
``SNAPSHOT_EVERY`` actions, so going back is cheap). A match saves to and loads from JSON
(format ``starlanes-match/1``: ``[seat, action]`` pairs, ``"gm"`` for the GM); a file written by
another version of the ruleset is refused, because replaying it could silently give another
game, and so is a file whose content files (board, decks: ``content_hashes``) changed since.

Undo is a feature of local play, the one exception to append-only: a seat may take back its
own last action when no chance was consumed by it (no die rolled, nothing shuffled), no
sealed decision was resolved by it and no event revealed hidden information. A sealed choice
may be taken back until the decision closes. A ``MatchStore`` (core/store.py) may refuse
undo: a stored match only grows.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import msgspec

from .actions import Action
from .decision import Withdraw
from .errors import IllegalAction, MatchError, ParseError, PathError, StaleState, StarlanesError
from .gm import Actor
from .params import Params, params_to_dict
from .rng import new_seed
from .ruleset import Ruleset
from .state import GM, Event, GameState, Observer, Outcome, SeatView, Viewer

__all__ = ["FORMAT", "MAX_MATCH_BYTES", "LogEntry", "Match", "parse_json_bytes", "read_json_file"]

FORMAT = "starlanes-match/1"
SNAPSHOT_EVERY = 64


class LogEntry(msgspec.Struct, frozen=True, array_like=True):
    """One logged action: who took it (a seat, or ``GM``) and its text. JSON: ``[0, "bank"]``,
    ``["gm", "close"]``."""

    seat: int | Observer
    action: str

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass
class Match:
    """A game in progress or finished, reproducible from seed + log."""

    game: Ruleset[Any, Any, Any]
    params: Params
    seats: list[str]
    seed: int
    log: list[LogEntry] = field(default_factory=list)
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"))
    content_hashes: dict[str, str] | None = None
    """sha256 of each content file a param names (``Ruleset.content_hashes``), taken when the
    match is made; saved with it and checked when it loads."""

    def __post_init__(self) -> None:
        if self.content_hashes is None:
            self.content_hashes = self.game.content_hashes(self.params)
        self.state: GameState = self.game.setup(self.params, len(self.seats), self.seed)
        self._snapshots: dict[int, GameState] = {0: self.game.clone(self.state)}
        self._undoable: list[bool] = []
        self._sealed: list[bool] = []
        self.events: list[list[Event]] = []
        replay, self.log = self.log, []
        for i, entry in enumerate(replay):
            try:
                self.play(entry.seat, entry.action)
            except StarlanesError as exc:
                who = "the GM" if entry.seat is GM else f"seat {entry.seat}"
                raise MatchError(f"log entry {i + 1} ({who}: '{_clip(entry.action, 60)}'): "
                                 f"{_clip(str(exc), 200)}") from exc

    @classmethod
    def new(cls, game: Ruleset[Any, Any, Any], seats: Sequence[str], seed: int | None = None,
            params: Params | None = None) -> Match:
        """A new match; ``seed`` ``None`` draws a fresh one from the OS (``new_seed``); give a
        seed only to reproduce a game."""
        return cls(game, params or game.default_params(), list(seats), new_seed() if seed is None else seed)

    # ------------------------------------------------------------ playing
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def step(self) -> int:
        """The step the match is at: the number of actions logged (= ``state.step``). An
        append must name it."""
        return len(self.log)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def legal_actions(self, actor: Actor) -> Sequence[Action]:
        return self.game.legal_actions(self.state, actor)

    def view(self, viewer: Viewer) -> SeatView[Any]:
        return self.game.view(self.state, viewer)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def append(self, actor: Actor, action: Action | str, expected_step: int) -> list[Event]:
        """Apply ``actor``'s action (a seat's or the GM's, validated) made for ``expected_step``
        and log it; return its events. ``StaleState`` when the match is not at
        ``expected_step``; an illegal action raises its error. Either way nothing changes."""
        if type(expected_step) is not int:
            raise ParseError(f"a step is a whole number, not {type(expected_step).__name__}")
        if expected_step != self.step:
            raise StaleState(expected_step, self.step)
        parsed = self.game.check(self.state, actor, action)
        decision = self.game.decision(self.state) if actor is not GM else None
        rng_before = (self.state.rng.state, len(self.state.rng.forced))
        sealed_before = len(self.state.sealed)
        events = self.game.apply_unchecked(self.state, actor, parsed)
        resolved_sealed = sealed_before > 0 and not self.state.sealed and not isinstance(parsed, Withdraw)
        chance = (self.state.rng.state, len(self.state.rng.forced)) != rng_before
        self._undoable.append(not (chance or resolved_sealed or any(e.reveals for e in events)))
        self._sealed.append(decision is not None and decision.sealed)
        self.log.append(LogEntry(actor, parsed.text()))
        self.events.append(events)
        if len(self.log) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.log)] = self.game.clone(self.state)
        return events

    def play(self, actor: Actor, action: Action | str) -> list[Event]:
        """Apply ``actor``'s action (validated) at the current step and log it (local play)."""
        return self.append(actor, action, self.step)

    def is_sealed(self, index: int) -> bool:
        """Whether log entry ``index`` (from 0) was a sealed submission: its text is hidden from
        every seat but its own (``entry_text``), even after the decision closed."""
        return self._sealed[index]

    def entry_text(self, index: int, viewer: Viewer) -> str | None:
        """Log entry ``index``'s text as ``viewer`` may read it: ``None`` for another seat's sealed
        choice (the GM reads everything)."""
        entry = self.log[index]
        if self._sealed[index] and viewer is not GM and entry.seat != viewer:
            return None
        return entry.action

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
        self._sealed.pop()
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
            "content_hashes": dict(self.content_hashes or {}),
            "seats": list(self.seats),
            "seed": self.seed,
            "created": self.created,
            "log": [[_actor_json(e.seat), e.action] for e in self.log],
            "outcome": msgspec.to_builtins(out) if out is not None else None,
        }

    def to_json(self) -> str:
        """The save format: indented JSON, UTF-8. Encoded by msgspec (the same layout as
        ``json.dumps(indent=1)``, twenty times faster on a long log: every store append writes it)."""
        return msgspec.json.format(msgspec.json.encode(self.to_dict()), indent=1).decode()

    def save(self, path: str | Path) -> Path:
        """Write the match to ``path`` (its folder must exist); ``PathError`` names a bad path."""
        target = Path(path)
        try:
            target.write_text(self.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            raise PathError(f"cannot save to {target}: {exc.strerror or exc}") from exc
        return target

    @classmethod
    def from_dict(cls, data: Any, game: Ruleset[Any, Any, Any], source: str = "match") -> Match:
        """A match from its saved form; ``MatchError`` names ``source`` and the bad field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchError(f"{source}: not a starlanes match file (expected format {FORMAT})")
        if data.get("game") != game.spec.id:
            raise MatchError(f"{source}: a match of {_shown(data.get('game'))}, not '{game.spec.id}'")
        if data.get("version") != game.spec.version:
            version = _shown(data.get("version")).strip("'")
            raise MatchError(
                f"{source}: saved with {game.spec.id} version {version}, but this is "
                f"version {game.spec.version}; the rules changed, so it cannot be replayed faithfully"
            )
        raw_params = data.get("params")
        if raw_params is None:
            raw_params = {}
        if not isinstance(raw_params, dict):
            raise MatchError(f"{source}: params: must be an object of name: value, not {_kind(raw_params)}")
        try:
            params = game.params_from(raw_params)
        except StarlanesError as exc:
            raise MatchError(f"{source}: params: {exc}") from exc
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise MatchError(f"{source}: seats: must be a list of agent names (text)")
        if len(seats) not in game.spec.players:
            raise MatchError(f"{source}: seats: {game.spec.id} is for {game.spec.min_players}-"
                             f"{game.spec.max_players} players, not {len(seats)}")
        seed = data.get("seed")
        if not _is_int(seed) or seed < 0 or seed.bit_length() > MAX_SEED_BITS:
            raise MatchError(f"{source}: seed: must be a whole number from 0 to 2**{MAX_SEED_BITS}, "
                             f"not {_shown(seed)}")
        raw_log = data.get("log")
        if not isinstance(raw_log, list):
            raise MatchError(f"{source}: log: must be a list of [seat, action] pairs, not {_kind(raw_log)}")
        if len(raw_log) > game.spec.max_actions:
            raise MatchError(f"{source}: log: {len(raw_log)} actions, more than {game.spec.id}'s cap of "
                             f"{game.spec.max_actions}")
        log: list[LogEntry] = []
        for i, item in enumerate(raw_log):
            if not (isinstance(item, list) and len(item) == 2 and (_is_int(item[0]) or item[0] == "gm")
                    and isinstance(item[1], str)):
                raise MatchError(f"{source}: log entry {i + 1}: must be [seat number or \"gm\", action text], "
                                 f"not {_shown(item)}")
            if item[0] == "gm":
                log.append(LogEntry(GM, item[1]))
                continue
            if not 0 <= item[0] < len(seats):
                raise MatchError(f"{source}: log entry {i + 1}: no seat {item[0]}; seats are 0-{len(seats) - 1}")
            log.append(LogEntry(item[0], item[1]))
        created = data.get("created", "")
        if not isinstance(created, str):
            raise MatchError(f"{source}: created: must be text, not {_kind(created)}")
        hashes = _check_content(data, game, params, source)
        try:
            return cls(game, params, list(seats), seed, log, created, hashes)
        except MatchError as exc:
            raise MatchError(f"{source}: {exc}") from exc
        except StarlanesError as exc:
            raise MatchError(f"{source}: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path, game: Ruleset[Any, Any, Any] | None = None) -> Match:
        """Load a saved match; the ruleset is looked up in the registry unless given.
        Anything wrong with the file is one ``MatchError`` naming the file and the field."""
        p = Path(path)
        data = read_json_file(p, MAX_MATCH_BYTES, MatchError)
        if game is None:
            from starlanes.registry import get_game

            if not isinstance(data, dict) or not isinstance(data.get("game"), str):
                raise MatchError(f"{p}: not a starlanes match file")
            try:
                game = get_game(data["game"])
            except StarlanesError as exc:
                raise MatchError(f"{p}: game: {exc}") from exc
        return cls.from_dict(data, game, str(p))


MAX_MATCH_BYTES = 16 * 1024 * 1024
"""A saved match larger than this is refused unread (a game at a ruleset's 60,000-action cap
saves in about 2 MiB)."""

MAX_SEED_BITS = 1024
"""Largest seed a saved match may hold (``new_seed()`` gives 129 bits)."""


def read_json_file(path: Path, limit: int, error: Callable[[str], StarlanesError]) -> Any:
    """The JSON value in ``path``: refused (``error(message)``, one line naming the file) when it
    cannot be read, is larger than ``limit`` bytes, is not UTF-8 (a byte-order mark is skipped),
    is not JSON, holds a number too large for a float (``1e400``), ``NaN``/``Infinity``, or is
    nested too deeply."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})") from exc
    return parse_json_bytes(raw, str(path), limit, error)


def parse_json_bytes(raw: bytes, source: str, limit: int, error: Callable[[str], StarlanesError]) -> Any:
    """The JSON value in ``raw`` (read from ``source``), refused as ``read_json_file`` says."""
    if len(raw) > limit:
        raise error(f"{source}: larger than {limit // (1024 * 1024)} MiB; not a file starlanes wrote")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{source}: not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x})") from exc

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number JSON allows")

    def finite(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise ValueError(f"the number {text[:20]} is too large")
        return value

    try:
        return json.loads(text, parse_constant=no_constant, parse_float=finite)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    except RecursionError as exc:
        raise error(f"{source}: not valid JSON (nested too deeply)") from exc
    except ValueError as exc:  # parse_constant / parse_float, or an integer of over 4300 digits
        raise error(f"{source}: not valid JSON ({one_line(str(exc))[:80]})") from exc


def _actor_json(actor: Actor) -> int | str:
    return "gm" if actor is GM else int(actor)


def one_line(text: str) -> str:
    return " ".join(text.split())


def _clip(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters (text from a file can be any size)."""
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _shown(value: Any) -> str:
    """A short, safe rendering of a value taken from a file (never a Python repr)."""
    if isinstance(value, str):
        return f"'{value[:40]}'" + ("..." if len(value) > 40 else "")
    if (_is_int(value) and value.bit_length() <= 64) or isinstance(value, float):
        return str(value)
    if _is_int(value):
        return f"a number of {value.bit_length()} bits"
    return _kind(value)


def _check_content(data: dict[str, Any], game: Ruleset[Any, Any, Any], params: Params, source: str) -> dict[str, str]:
    """The content hashes of ``params``' files, refused when they differ from the saved ones."""
    try:
        current = game.content_hashes(params)
    except StarlanesError as exc:
        raise MatchError(f"{source}: params: {exc}") from exc
    if "content_hashes" not in data:  # saved before content hashes were kept
        return current
    saved = data["content_hashes"]
    if not isinstance(saved, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in saved.items()):
        raise MatchError(f"{source}: content_hashes: must be an object of param: sha256")
    for name in sorted(set(saved) | set(current)):
        if saved.get(name) != current.get(name):
            file = getattr(params, name, None)
            shown = f" {file}" if isinstance(file, str) and file else ""
            raise MatchError(f"{source}: {name} file{shown} changed since the match was saved "
                             f"(its sha256 differs); restore it to replay this match")
    return current
