"""What the registry holds for a game: a ``GameEntry`` bundles the ruleset with what lives
outside the rules.

The rules (``starlanes.core``) know nothing of terminals, bots or command lines; an entry
puts them together:

- ``ruleset``: the factory of the game's ``Ruleset`` (``None``: a game whose rules are not
  built yet, which may already ship its own commands, e.g. a map generator);
- ``spec``: the game's ``GameSpec`` (``"module:SPEC"``, a module that imports little), read
  by ``starlanes games`` without building the ruleset; it must be the ruleset's own spec
  (``None``: the listing builds the ruleset to read it);
- ``renderer``: a factory ``(ruleset) -> Renderer`` that shows a view as text and describes an
  action for a person (``None``: the ruleset's own ``render``/``describe_action`` hooks);
- ``agents``: the game's own bots by name (``"space-risk:heuristic"``), each an
  ``AgentFactory`` (see ``starlanes.ai.base``); the generic bots are listed in
  ``starlanes.ai.registry``;
- ``commands``: the game's own command-line commands by command path. The generic CLI knows no
  game: ``starlanes odds GAME ...`` finds ``GAME``'s ``"odds"`` command here, ``starlanes map
  generate GAME ...`` its ``"map generate"`` command. A command is a Typer app, a Click command
  or a plain function in Typer style (its parameters are the options, its docstring the help);
- ``legacy_commands``: command paths this game answered before commands took a game (``starlanes
  odds --attack 5 ...``); the game-less form still reaches it, with a deprecation warning;
- ``web_assets``: the package folder of the browser board's static files
  (``"package:folder"``, e.g. ``"starlanes.games.space_risk:web"``; ``None``: no board of its
  own, the browser draws the generic one);
- ``web_page``: which page of the browser client plays the game: ``"play"`` (a board and the
  legal actions, every game so far) or ``"campaign"`` (a game master's campaign played by
  written orders and sheets, Star Kingdoms); ``/api/games`` gives it as ``page``.

Every field but ``id`` may be given as a ``"module:attribute"`` string, imported only when it
is used: listing the games' commands (``starlanes --help``) imports no game.
"""

from __future__ import annotations

import importlib
import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from starlanes.core.errors import StarlanesError, UsageError
from starlanes.core.spec import GameSpec

if TYPE_CHECKING:
    # The rules' types, for the checker only: an entry is read at every start of the command
    # line, which should not import the core's rules (issue 16's start-up).
    from starlanes.ai.base import AgentFactory
    from starlanes.core.actions import Action
    from starlanes.core.ruleset import Ruleset
    from starlanes.core.state import Viewer

__all__ = [
    "GameEntry",
    "HookRenderer",
    "Renderer",
    "RendererFactory",
    "RulesetFactory",
    "resolve",
]

RulesetFactory = Callable[[], "Ruleset[Any, Any, Any]"]


class Renderer(Protocol):
    """Presentation of a game for a person at a terminal."""

    def render(self, view: Any, viewer: Viewer) -> str:
        """Text (Rich markup allowed) showing ``view`` (a ``SeatView``'s ``game``) to ``viewer``."""
        ...

    def describe_action(self, view: Any, action: Action) -> str | None:
        """What ``action`` means for a person who sees ``view`` (``None``: nothing to add)."""
        ...


RendererFactory = Callable[["Ruleset[Any, Any, Any]"], Renderer]


class HookRenderer:
    """The renderer of a game whose entry names none: the ruleset's own ``render`` and
    ``describe_action`` hooks (the state before presentation left the rules)."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any]) -> None:
        self.ruleset = ruleset

    def render(self, view: Any, viewer: Viewer) -> str:
        return self.ruleset.render(view, viewer)

    def describe_action(self, view: Any, action: Action) -> str | None:
        return self.ruleset.describe_action(view, action)


_REF = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")
_WORD = re.compile(r"^[a-z][a-z0-9-]*$")


def resolve(ref: object, what: str) -> Any:
    """``ref`` itself, or the object a ``"module:attribute"`` string names (``attribute`` may be
    dotted). A reference that does not resolve is a ``StarlanesError`` naming ``what``."""
    if not isinstance(ref, str):
        return ref
    if not _REF.match(ref):
        raise StarlanesError(f"{what}: '{ref}' is not a 'module:attribute' reference")
    module_name, _, attr = ref.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise StarlanesError(f"{what}: cannot load '{ref}': {exc}") from None
    return obj


def _check_path(game: str, path: str) -> str:
    words = path.split(" ")
    if not path or not all(_WORD.match(w) for w in words):
        raise StarlanesError(f"game '{game}': command path '{path}' must be lower-case words separated by "
                             "single spaces (e.g. 'odds', 'map generate')")
    return path


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """A game as the registry holds it (see the module's docstring for each field)."""

    id: str
    ruleset: str | RulesetFactory | None = None
    spec: str | GameSpec | None = None
    renderer: str | RendererFactory | None = None
    agents: Mapping[str, str | AgentFactory] = field(default_factory=dict)
    commands: Mapping[str, object] = field(default_factory=dict)
    legacy_commands: tuple[str, ...] = ()
    web_assets: str | None = None
    web_page: Literal["play", "campaign"] = "play"

    def __post_init__(self) -> None:
        if not _WORD.match(self.id):
            raise StarlanesError(f"game id '{self.id}' must be lower-case letters, digits and dashes")
        if self.web_page not in ("play", "campaign"):
            raise StarlanesError(f"game '{self.id}': web_page '{self.web_page}' is not 'play' or 'campaign'")
        if self.web_assets is not None and not _REF.match(self.web_assets.replace("/", ".")):
            raise StarlanesError(f"game '{self.id}': web_assets '{self.web_assets}' is not 'package:folder'")
        for path in self.commands:
            _check_path(self.id, path)
        for path in self.legacy_commands:
            if path not in self.commands:
                raise StarlanesError(f"game '{self.id}': legacy command '{path}' is not one of its commands "
                                     f"({', '.join(self.commands) or 'none'})")
        paths = sorted(self.commands)
        for a, b in itertools.pairwise(paths):
            if b.startswith(a + " "):
                raise StarlanesError(f"game '{self.id}': command '{a}' cannot also be the start of '{b}'")

    @property
    def playable(self) -> bool:
        """Whether the game has a ruleset (a game may ship commands before its rules)."""
        return self.ruleset is not None

    def make_ruleset(self) -> Ruleset[Any, Any, Any]:
        """A new ruleset of this game; a ``UsageError`` when it has none yet."""
        if self.ruleset is None:
            commands = ", ".join(sorted(self.commands)) or "none"
            raise UsageError(f"'{self.id}' has no ruleset yet, only commands ({commands})")
        from starlanes.core.ruleset import Ruleset

        factory = resolve(self.ruleset, f"game '{self.id}'")
        ruleset = factory()
        if not isinstance(ruleset, Ruleset):
            raise StarlanesError(f"game '{self.id}': the ruleset factory returned {type(ruleset).__name__}, "
                                 "not a Ruleset")
        if ruleset.spec.id != self.id:
            raise StarlanesError(f"game '{self.id}': the ruleset's spec id is '{ruleset.spec.id}'")
        return ruleset

    def load_spec(self) -> GameSpec:
        """The spec the entry names (``spec``); a ``StarlanesError`` when it names none or not a
        ``GameSpec`` of this game."""
        if self.spec is None:
            raise StarlanesError(f"game '{self.id}': its entry names no spec")
        spec = resolve(self.spec, f"spec of '{self.id}'")
        if not isinstance(spec, GameSpec):
            raise StarlanesError(f"game '{self.id}': {self.spec} is {type(spec).__name__}, not a GameSpec")
        if spec.id != self.id:
            raise StarlanesError(f"game '{self.id}': the spec {self.spec} is of '{spec.id}'")
        return spec

    def make_renderer(self, ruleset: Ruleset[Any, Any, Any]) -> Renderer:
        """The presentation of ``ruleset`` (a ruleset of this game)."""
        if self.renderer is None:
            return HookRenderer(ruleset)
        factory: RendererFactory = resolve(self.renderer, f"renderer of '{self.id}'")
        return factory(ruleset)

    def agent_factories(self) -> dict[str, AgentFactory]:
        """The game's own bots by name, loaded."""
        return {name: resolve(ref, f"agent '{name}' of '{self.id}'") for name, ref in self.agents.items()}

    def web_folder(self) -> Path | None:
        """The folder of the browser board's static files (``None``: the game has none)."""
        if self.web_assets is None:
            return None
        from importlib import resources

        package, _, folder = self.web_assets.partition(":")
        try:
            path = Path(str(resources.files(package).joinpath(folder)))
        except ModuleNotFoundError as exc:
            raise StarlanesError(f"web assets of '{self.id}': {exc}") from None
        if not path.is_dir():
            raise StarlanesError(f"web assets of '{self.id}': {path} is not a folder")
        return path

    def command(self, path: str) -> object:
        """The game's command for ``path`` (``"odds"``, ``"map generate"``), loaded; a Typer app,
        a Click command or a function in Typer style."""
        ref = self.commands.get(path)
        if ref is None:
            raise UsageError(f"'{self.id}' has no '{path}' command; its commands: "
                             f"{', '.join(sorted(self.commands)) or 'none'}")
        return resolve(ref, f"command '{path}' of '{self.id}'")
