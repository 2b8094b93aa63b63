"""Conformance checks of the data a ruleset publishes (issue 8: actions, events, views, schemas).

The contract they enforce:

- every legal action (a seat's or the GM's) round-trips through its JSON form
  (``codec.from_builtins(a.to_builtins()) == a``, also through JSON text);
- every view (each seat's and the GM's), every legal action and every event seen along random
  playouts validates against ``Ruleset.schemas()`` (with ``jsonschema`` when it is installed,
  else by decoding the JSON with the types), and each schema refuses an obviously wrong value;
- every event has a kind the ruleset declares (``event_types``, or the core's ``note``), its
  fields decode as that kind's ``EventData``, its seats are seats, and ``describe_event`` gives
  each viewer who may see it some words;
- a view's ``hash`` is ``view_hash`` of it: views that differ only in the step share it, views
  that differ in anything else do not;
- no string in a view names an existing file (views carry data, never paths);
- ``static_content`` is bytes by name, ``content_id`` names it (and stays the same), and no
  view repeats an item of it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from starlanes.core.actions import Action
from starlanes.core.gm import Close, Ruling
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import Ruleset
from starlanes.core.schema import event_types_of, static_content_id
from starlanes.core.state import GM, Actor, Event, GameState, SeatView, view_hash

from .conformance import ConformanceFailure

__all__ = [
    "DATA_CHECKS",
    "check_action_json_round_trips",
    "check_events_are_declared",
    "check_schemas_validate",
    "check_static_content",
    "check_view_hash",
    "check_views_name_no_files",
]

Game = Ruleset[Any, Any, Any]
SEEDS = (1, 2)
LIMIT = 100  # actions per playout
PER_POSITION = 40  # legal actions checked per seat and position
VIEW_STRIDE = 10  # views validated against the schema at every tenth position
PER_VERB = 30  # actions of one verb validated against the schema


def _fail(game: Game, seed: int, step: int, what: str) -> ConformanceFailure:
    return ConformanceFailure(f"{game.spec.id} (seed {seed}, step {step}): {what}")


def _walk(game: Game, seed: int, limit: int = LIMIT) -> Iterator[tuple[int, GameState, list[Event]]]:
    """The live state at each position of a random playout, with the events that led to it.
    The GM gives a ruling early on (so the core's events are seen too) and closes decisions
    that await nobody."""
    state = game.setup(None, None, seed)
    rng = Rng.from_seed(derive_seed(seed, "data-playout"))
    events: list[Event] = []
    for step in range(min(limit, game.spec.max_actions)):
        yield step, state, events
        seats = sorted(game.to_act(state))
        if step == 1 and not game.is_over(state):
            events = game.apply(state, GM, Ruling("the data check's ruling"))
        elif seats:
            seat = seats[rng.randint(0, len(seats) - 1)]
            events = game.apply(state, seat, game.sample_legal(state, seat, rng))
        elif not game.is_over(state) and game.decision(state) is not None:
            events = game.apply(state, GM, Close())
        else:
            return
    yield -1, state, events


def _viewers(state: GameState) -> list[Actor]:
    return [*range(state.players), GM]


def _legal(game: Game, state: GameState) -> Iterator[tuple[Actor, Action]]:
    actors: list[Actor] = [*sorted(game.to_act(state)), GM]
    for actor in actors:
        yield from ((actor, a) for a in game.legal_actions(state, actor)[:PER_POSITION])


def check_action_json_round_trips(game: Game) -> None:
    """``from_builtins(a.to_builtins()) == a`` (and through JSON text) for every legal action."""
    for seed in SEEDS:
        for step, state, _ in _walk(game, seed):
            for actor, action in _legal(game, state):
                codec = game.gm_codec if actor is GM else game.codec
                data = action.to_builtins()
                try:
                    back = codec.from_builtins(data)
                    again = codec.from_json(msgspec.json.encode(data))
                except Exception as exc:
                    raise _fail(game, seed, step, f"the JSON form of '{action}' does not read back: {exc}") from exc
                if back != action or again != action:
                    raise _fail(game, seed, step, f"the JSON form of '{action}' reads back as {back!r}")


Validate = Callable[[Any], str | None]


def _validator(schema: dict[str, Any]) -> Validate | None:
    """A function giving why a JSON value breaks ``schema`` (``None``: it conforms), or
    ``None`` when ``jsonschema`` is not installed."""
    try:
        jsonschema: Any = importlib.import_module("jsonschema")
    except ImportError:
        return None
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)

    def why(value: Any) -> str | None:
        if validator.is_valid(value):
            return None
        error = jsonschema.exceptions.best_match(validator.iter_errors(value))
        return None if error is None else f"{error.message} at {error.json_path}"

    return why


def _decoders(game: Game) -> dict[str, Validate]:
    """Without ``jsonschema``: decode with the types the schemas are generated from."""

    def wrap(decode: Callable[[bytes], object]) -> Validate:
        def why(value: Any) -> str | None:
            try:
                decode(msgspec.json.encode(value))
            except Exception as exc:
                return str(exc)
            return None
        return why

    kinds = {cls.kind: cls for cls in event_types_of(game.event_types)}

    def event(data: bytes) -> object:
        decoded = msgspec.json.decode(data, type=Event)
        return kinds[decoded.kind].of(decoded)

    return {"actions": wrap(game.codec.from_json), "gm_actions": wrap(game.gm_codec.from_json),
            "events": wrap(event), "view": wrap(game.view_from_json)}


_WRONG = {"actions": {"verb": "\x00 no such verb"}, "gm_actions": {"verb": "\x00 no such verb"},
          "events": {"kind": "\x00 no such kind", "fields": {}}, "view": {"viewer": "\x00"}}


def check_schemas_validate(game: Game) -> None:
    """Real views, legal actions and events validate against ``schemas()``; wrong values do not."""
    schemas = game.schemas()
    missing = [p for p in _WRONG if p not in schemas]
    if missing:
        raise ConformanceFailure(f"{game.spec.id}: schemas() has no '{missing[0]}'")
    checks: dict[str, Validate] = {}
    for part, schema in schemas.items():
        validate = _validator(schema)
        if validate is None:
            checks = _decoders(game)
            break
        if part in _WRONG and validate(_WRONG[part]) is None:
            raise ConformanceFailure(f"{game.spec.id}: the '{part}' schema accepts {_WRONG[part]!r}")
        checks[part] = validate

    def expect(seed: int, step: int, part: str, what: str, value: Any) -> None:
        why = checks[part](value)
        if why is not None:
            raise _fail(game, seed, step, f"{what} does not match the '{part}' schema: {why}")

    seen: set[bytes] = set()
    per_verb: dict[str, int] = {}

    def once(part: str, what: str, value: Any, seed: int, step: int) -> None:
        data = msgspec.json.encode(value)
        if data not in seen:
            seen.add(data)
            expect(seed, step, part, what, msgspec.json.decode(data))

    for seed in SEEDS:
        for step, state, events in _walk(game, seed):
            if step % VIEW_STRIDE == 0 or step < 0:
                for viewer in _viewers(state):
                    once("view", f"the view of {viewer}", game.view(state, viewer), seed, step)
            for actor, action in _legal(game, state):
                if per_verb.setdefault(action.verb, 0) < PER_VERB:
                    per_verb[action.verb] += 1
                    part = "gm_actions" if actor is GM else "actions"
                    once(part, f"'{action}'", action.to_builtins(), seed, step)
            for event in events:
                once("events", f"the event {event!r}", event, seed, step)


def check_events_are_declared(game: Game) -> None:
    """Every event's kind is declared, its fields are that kind's, its seats are seats, and it
    is described to each viewer who may see it."""
    kinds = {cls.kind: cls for cls in event_types_of(game.event_types)}
    for seed in SEEDS:
        for step, state, events in _walk(game, seed):
            for event in events:
                cls = kinds.get(event.kind)
                if cls is None:
                    raise _fail(game, seed, step, f"event kind '{event.kind}' is not declared in event_types "
                                f"(declared: {', '.join(kinds)})")
                try:
                    cls.of(event)
                except ValueError as exc:
                    raise _fail(game, seed, step, f"event fields do not match {cls.__name__}: {exc}") from exc
                if event.seats is not None and any(s not in range(state.players) for s in event.seats):
                    raise _fail(game, seed, step, f"event seats {event.seats} are not seats")
                for viewer in _viewers(state):
                    if event.visible_to(viewer):
                        words = game.describe_event(event, viewer)
                        if not isinstance(words, str) or not words.strip():
                            raise _fail(game, seed, step, f"describe_event of a '{event.kind}' event for "
                                        f"{viewer} gives {words!r}")


def _content(view: SeatView[Any]) -> bytes:
    return msgspec.json.encode(msgspec.structs.replace(view, step=0, hash=""), order="sorted")


def check_view_hash(game: Game) -> None:
    """``view.hash`` is ``view_hash(view)``; equal content (the step aside), equal hash; other
    content, another hash."""
    for seed in SEEDS:
        last: dict[Actor, SeatView[Any]] = {}
        for step, state, _ in _walk(game, seed):
            for viewer in _viewers(state):
                view = game.view(state, viewer)
                if view.hash != view_hash(view):
                    raise _fail(game, seed, step, f"the view of {viewer} has hash {view.hash!r}, "
                                f"not view_hash(view) {view_hash(view)!r}")
                if game.view_from_json(game.view_to_json(view)) != view:
                    raise _fail(game, seed, step, f"the view of {viewer} does not read back from its JSON")
                before = last.get(viewer)
                if before is not None and (before.hash == view.hash) != (_content(before) == _content(view)):
                    raise _fail(game, seed, step, f"the view of {viewer} changed but its hash did not, or "
                                "the other way round")
                last[viewer] = view


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _names_a_file(text: str, roots: list[Path]) -> Path | None:
    if not text or len(text) > 1024 or any(c in text for c in "\n\x00"):
        return None
    path = Path(text).expanduser()
    if not (path.is_absolute() or "/" in text or "\\" in text or path.suffix):
        return None
    for where in (path, *(root / path for root in roots)):
        try:
            if where.exists():
                return where
        except (OSError, ValueError):
            continue
    return None


def check_views_name_no_files(game: Game) -> None:
    """No string in any view names an existing file or folder (absolute, relative to the
    current folder, or relative to the ruleset's package)."""
    module = sys.modules.get(type(game).__module__)
    roots = [Path(module.__file__ or "").parent] if module is not None and getattr(module, "__file__", None) else []
    for seed in SEEDS[:1]:
        for step, state, _ in _walk(game, seed):
            for viewer in _viewers(state):
                for text in _strings(msgspec.to_builtins(game.view(state, viewer))):
                    found = _names_a_file(text, roots)
                    if found is not None:
                        raise _fail(game, seed, step, f"the view of {viewer} names the file {text!r}; "
                                    "views carry data, static content is served by content_id")


def _subtrees(value: Any) -> Iterator[Any]:
    if isinstance(value, dict | list):
        yield value
        for item in value.values() if isinstance(value, dict) else value:
            yield from _subtrees(item)


def check_static_content(game: Game) -> None:
    """``static_content`` maps names to bytes, ``content_id`` is their id (the same every time),
    and no view repeats an item of it."""
    params = game.default_params()
    content = game.static_content(params)
    if not isinstance(content, dict) or not all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in content.items()):
        raise ConformanceFailure(f"{game.spec.id}: static_content is not a dict of names to bytes")
    cid = game.content_id(params)
    if cid != static_content_id(content) or cid != game.content_id(params):
        raise ConformanceFailure(f"{game.spec.id}: content_id {cid!r} does not name the static content")
    items = []
    for name, data in content.items():
        try:
            decoded = msgspec.json.decode(data)
        except msgspec.DecodeError:
            continue
        if isinstance(decoded, dict | list) and decoded:
            items.append((name, msgspec.json.encode(decoded, order="sorted")))
    if not items:
        return
    for step, state, _ in _walk(game, SEEDS[0], limit=20):
        for viewer in _viewers(state):
            for tree in _subtrees(msgspec.to_builtins(game.view(state, viewer))):
                encoded = msgspec.json.encode(tree, order="sorted")
                for name, item in items:
                    if encoded == item:
                        raise _fail(game, SEEDS[0], step, f"the view of {viewer} repeats the static content "
                                    f"'{name}'; serve it once by content_id")


DATA_CHECKS: tuple[Callable[[Game], None], ...] = (
    check_action_json_round_trips,
    check_schemas_validate,
    check_events_are_declared,
    check_view_hash,
    check_views_name_no_files,
    check_static_content,
)
"""Every check of this module, in a stable order (conformance.py lists them)."""
