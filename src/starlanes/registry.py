"""The explicit registry of rulesets.

Built-in rulesets are listed in ``BUILTIN`` below (id -> "module:factory"); third-party
rulesets register through the entry-point group ``starlanes.games`` in their own
pyproject.toml::

    [project.entry-points."starlanes.games"]
    my-game = "my_package.rules:make_ruleset"

Nothing registers by import side effect. A factory is a callable returning a ``Ruleset``;
rulesets are built once and cached.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from starlanes.core.errors import StarlanesError, UnknownName
from starlanes.core.ruleset import Ruleset
from starlanes.core.spec import GameSpec

__all__ = ["BUILTIN", "available_games", "get_game", "register", "unregister"]

ENTRY_POINT_GROUP = "starlanes.games"

# Built-in rulesets: add one line per game.
BUILTIN: dict[str, str] = {
    "space-risk": "starlanes.games.space_risk:make_space_risk",
    "retrograde": "starlanes.games.retrograde.game:make_ruleset",
}


def _load(target: str) -> Ruleset[Any, Any, Any]:
    module_name, _, attr = target.partition(":")
    factory = getattr(importlib.import_module(module_name), attr)
    ruleset = factory()
    if not isinstance(ruleset, Ruleset):
        raise StarlanesError(f"{target} did not return a Ruleset")
    return ruleset


_EXTRA: dict[str, str] = {}


@cache
def _targets() -> dict[str, str]:
    targets = dict(BUILTIN)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        targets.setdefault(ep.name, ep.value)
    targets.update(_EXTRA)
    return targets


def register(game_id: str, target: str) -> None:
    """Register a ruleset explicitly at run time (``"module:factory"``), e.g. in tests or a plugin host."""
    _EXTRA[game_id] = target
    _targets.cache_clear()
    get_game.cache_clear()


def unregister(game_id: str) -> None:
    """Undo ``register``."""
    _EXTRA.pop(game_id, None)
    _targets.cache_clear()
    get_game.cache_clear()


@cache
def get_game(game_id: str) -> Ruleset[Any, Any, Any]:
    """The ruleset registered as ``game_id``; ``UnknownName`` lists the valid ids."""
    target = _targets().get(game_id)
    if target is None:
        raise UnknownName("game", game_id, _targets())
    ruleset = _load(target)
    if ruleset.spec.id != game_id:
        raise StarlanesError(f"{target} registered as '{game_id}' but its spec id is '{ruleset.spec.id}'")
    return ruleset


def available_games() -> list[GameSpec]:
    """Specs of every registered ruleset, sorted by id."""
    return [get_game(game_id).spec for game_id in sorted(_targets())]
