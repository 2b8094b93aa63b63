"""The explicit registry of games.

A game is registered as a ``GameEntry`` (``starlanes.entry``): its ruleset, its renderer, its
bots and its own commands. Built-in games are listed in ``BUILTIN`` below, one entry each, every
part named by a ``"module:attribute"`` string so that nothing is imported before it is used.
Third-party games register through the entry-point group ``starlanes.games`` in their own
pyproject.toml::

    [project.entry-points."starlanes.games"]
    my-game = "my_package.entry:make_entry"

The target is a ``GameEntry``, a factory returning one, or (the older form) a factory returning
a ``Ruleset``, which becomes an entry with only that ruleset (and the bots of its ``agents()``
method, if it has one). Nothing registers by import side effect. Rulesets are built once and
cached.

``get_game(id)`` is the ruleset, ``get_entry(id)`` the whole entry; ``renderer_for(ruleset)``
the presentation of a ruleset; ``command_index()`` which games provide which command paths;
``available_games()`` the specs of the games (from each entry's ``spec`` when it names one:
listing the games imports no ruleset).

Start-up (issue 16): every command lists the games' commands, so the entry points are read at
each start. ``entry_points`` reads the installed distributions' ``entry_points.txt`` files
itself (what ``importlib.metadata.entry_points(group=...)`` gives, without importing
``importlib.metadata``: about 40 ms of email, zipfile and socket modules); a path it cannot read
that way (a zip file) is left to ``importlib.metadata``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from starlanes.core.errors import StarlanesError, UnknownName, UsageError
from starlanes.core.spec import GameSpec
from starlanes.entry import GameEntry, HookRenderer, Renderer, resolve

if TYPE_CHECKING:  # the rules are imported when a game is built, not when the games are listed
    from starlanes.core.ruleset import Ruleset

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "EntryPoint",
    "available_games",
    "close_game_ids",
    "command_index",
    "entry_ids",
    "entry_points",
    "game_spec",
    "get_entry",
    "get_game",
    "legacy_game",
    "register",
    "renderer_for",
    "unregister",
]

ENTRY_POINT_GROUP = "starlanes.games"

# Built-in games: one entry each.
BUILTIN: tuple[GameEntry, ...] = (
    GameEntry(
        id="space-risk",
        ruleset="starlanes.games.space_risk:make_space_risk",
        spec="starlanes.games.space_risk.spec:SPEC",
        agents={"space-risk:heuristic": "starlanes.games.space_risk.ai:make_heuristic"},
        commands={"odds": "starlanes.games.space_risk.cli:odds"},
        legacy_commands=("odds",),
        web_assets="starlanes.games.space_risk:web",
    ),
    GameEntry(
        id="retrograde",
        ruleset="starlanes.games.retrograde.game:make_ruleset",
        spec="starlanes.games.retrograde.spec:SPEC",
        agents={"retrograde:heuristic": "starlanes.games.retrograde.ai:heuristic_factory"},
        commands={
            "deck check": "starlanes.games.retrograde.cli:check",
            "deck show": "starlanes.games.retrograde.cli:show",
            "deck cards": "starlanes.games.retrograde.cli:cards",
        },
        legacy_commands=("deck check", "deck show", "deck cards"),
        web_assets="starlanes.games.retrograde:web",
    ),
    GameEntry(
        id="risky-stars",
        ruleset="starlanes.games.risky_stars.game:make_ruleset",
        spec="starlanes.games.risky_stars.spec:SPEC",
        renderer="starlanes.games.risky_stars.render:RiskyStarsRenderer",
        agents={"risky-stars:heuristic": "starlanes.games.risky_stars.ai:make_heuristic"},
        commands={
            "odds": "starlanes.games.risky_stars.cli:odds",
            "map generate": "starlanes.games.risky_stars.cli:generate_map",
        },
        web_assets="starlanes.games.risky_stars:web",
    ),
    GameEntry(
        id="kardashev",
        ruleset="starlanes.games.kardashev.game:make_ruleset",
        spec="starlanes.games.kardashev.spec:SPEC",
        renderer="starlanes.games.kardashev.render:KardashevRenderer",
        agents={"kardashev:heuristic": "starlanes.games.kardashev.ai:make_heuristic"},
        web_assets="starlanes.games.kardashev:web",
    ),
    GameEntry(
        id="star-kingdoms",
        ruleset="starlanes.games.star_kingdoms.game:make_ruleset",
        spec="starlanes.games.star_kingdoms.spec:SPEC",
        agents={"star-kingdoms:economic": "starlanes.games.star_kingdoms.bot:make_economic",
                "star-kingdoms:war": "starlanes.games.star_kingdoms.bot:make_war"},
        commands={"campaign": "starlanes.games.star_kingdoms.cli:app",
                  "odds": "starlanes.games.star_kingdoms.war.cli:odds"},
        web_page="campaign",
    ),
)

_EXTRA: dict[str, str | GameEntry] = {}


class EntryPoint(NamedTuple):
    """One line of a distribution's ``entry_points.txt``: ``name = value`` in section ``group``."""

    name: str
    value: str
    group: str


def _normalized(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _metadata_folders(folder: str) -> Iterator[tuple[str, str]]:
    """(normalized distribution name, metadata folder) of the distributions installed in
    ``folder``, as ``importlib.metadata`` finds them (``*.dist-info``, ``*.egg-info``)."""
    try:
        names = sorted(os.listdir(folder or "."))
    except OSError:
        return
    for name in names:
        stem, dot, suffix = name.rpartition(".")
        if dot and suffix in ("dist-info", "egg-info"):
            yield _normalized(stem.partition("-")[0]), os.path.join(folder, name)


def _read_group(path: str, group: str) -> list[EntryPoint]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    found: list[EntryPoint] = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            key, _, value = line.partition("=")
            found.append(EntryPoint(key.strip(), value.strip(), group))
    return found


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` of every installed distribution (the first one of a name on
    ``sys.path``), as ``importlib.metadata.entry_points(group=group)`` gives them."""
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for folder in sys.path:
        if folder and not os.path.isdir(folder):
            if os.path.exists(folder):  # a zip file on the path: the library reads it
                from importlib.metadata import entry_points as library_entry_points

                return [EntryPoint(ep.name, ep.value, ep.group) for ep in library_entry_points(group=group)]
            continue
        for dist, meta in _metadata_folders(folder):
            if dist in seen:
                continue
            seen.add(dist)
            found += _read_group(os.path.join(meta, "entry_points.txt"), group)
    return found


@cache
def _sources() -> dict[str, str | GameEntry]:
    sources: dict[str, str | GameEntry] = {entry.id: entry for entry in BUILTIN}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        sources.setdefault(ep.name, ep.value)
    sources.update(_EXTRA)
    return sources


def _clear() -> None:
    _sources.cache_clear()
    get_entry.cache_clear()
    get_game.cache_clear()
    command_index.cache_clear()


def register(game_id: str, target: str | GameEntry) -> None:
    """Register a game at run time, e.g. in tests or a plugin host: a ``GameEntry``, or a
    ``"module:attribute"`` naming one, a factory of one, or a ruleset factory."""
    _EXTRA[game_id] = target
    _clear()


def unregister(game_id: str) -> None:
    """Undo ``register``."""
    _EXTRA.pop(game_id, None)
    _clear()


def _legacy_agents(ruleset: Ruleset[Any, Any, Any]) -> dict[str, Any]:
    """The bots an old-style ruleset declares through its own ``agents()`` method."""
    hook = getattr(ruleset, "agents", None)
    return dict(hook()) if callable(hook) else {}


def _load_entry(game_id: str, target: str) -> GameEntry:
    from starlanes.core.ruleset import Ruleset

    obj = resolve(target, f"game '{game_id}'")
    if callable(obj) and not isinstance(obj, GameEntry):
        try:
            obj = obj()
        except TypeError as exc:  # not a factory taking no arguments
            raise StarlanesError(f"game '{game_id}': cannot call {target}: {exc}") from None
    if isinstance(obj, Ruleset):
        made = obj
        return GameEntry(id=game_id, ruleset=lambda: made, agents=_legacy_agents(made))
    if not isinstance(obj, GameEntry):
        raise StarlanesError(f"game '{game_id}': {target} is neither a GameEntry nor a factory of a "
                             f"GameEntry or a Ruleset (got {type(obj).__name__})")
    if obj.id != game_id:
        raise StarlanesError(f"{target} registered as '{game_id}' but its entry's id is '{obj.id}'")
    return obj


def entry_ids() -> list[str]:
    """Ids of every registered game, with a ruleset or not, sorted."""
    return sorted(_sources())


@cache
def get_entry(game_id: str) -> GameEntry:
    """The entry registered as ``game_id``; ``UnknownName`` lists the valid ids."""
    source = _sources().get(game_id)
    if source is None:
        raise UnknownName("game", game_id, _sources())
    if isinstance(source, GameEntry):
        return source
    return _load_entry(game_id, source)


def _playable_ids() -> list[str]:
    return [game_id for game_id in entry_ids() if get_entry(game_id).playable]


@cache
def get_game(game_id: str) -> Ruleset[Any, Any, Any]:
    """The ruleset registered as ``game_id``; ``UnknownName`` lists the games that have one."""
    if game_id not in _sources():
        raise UnknownName("game", game_id, _playable_ids())
    entry = get_entry(game_id)
    if not entry.playable:
        raise UsageError(f"'{game_id}' has no ruleset yet, only commands "
                         f"({', '.join(sorted(entry.commands)) or 'none'}); games: {', '.join(_playable_ids())}")
    return entry.make_ruleset()


def game_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``: the one its entry names (without building the ruleset), else
    its ruleset's."""
    entry = get_entry(game_id)
    if entry.spec is None:
        return get_game(game_id).spec
    return entry.load_spec()


def available_games() -> list[GameSpec]:
    """Specs of every registered game that has a ruleset, sorted by id."""
    return [game_spec(game_id) for game_id in _playable_ids()]


def renderer_for(ruleset: Ruleset[Any, Any, Any]) -> Renderer:
    """How ``ruleset`` is shown to a person: its entry's renderer, or (a ruleset that is not
    registered under its spec id) its own ``render``/``describe_action`` hooks."""
    if ruleset.spec.id not in _sources():
        return HookRenderer(ruleset)
    return get_entry(ruleset.spec.id).make_renderer(ruleset)


@cache
def command_index() -> Mapping[str, tuple[str, ...]]:
    """Command path (``"odds"``, ``"map generate"``) -> ids of the games that provide it."""
    index: dict[str, list[str]] = {}
    for game_id in entry_ids():
        for path in get_entry(game_id).commands:
            index.setdefault(path, []).append(game_id)
    return {path: tuple(ids) for path, ids in sorted(index.items())}


def legacy_game(path: str) -> str | None:
    """The game that answers the game-less (deprecated) form of command ``path``, if one does."""
    claims = [game_id for game_id in command_index().get(path, ()) if path in get_entry(game_id).legacy_commands]
    if len(claims) > 1:
        raise StarlanesError(f"games {', '.join(claims)} all claim the game-less form of '{path}'")
    return claims[0] if claims else None


def close_game_ids(name: str) -> list[str]:
    """Registered ids that look like a mistyped ``name``."""
    import difflib

    return difflib.get_close_matches(name, entry_ids(), n=3, cutoff=0.75)
