"""``starlanes games``, ``starlanes rules``, and the games' own commands.

Each game's own commands (``starlanes odds GAME``, ``starlanes map generate GAME``,
``starlanes deck check GAME``) are found through its registry entry (``starlanes.entry``):
``StarlanesGroup`` (the root command) adds the first word of every command path the entries
list, and ``GameCommandGroup`` dispatches on the game.

``starlanes rules GAME --json`` prints one JSON object whose keys are stable (tools and the
browser lobby read them)::

    {
      "id": "space-risk", "name": "...", "version": "...", "description": "...",
      "min_players": 2, "max_players": 6,
      "params": [
        {"name": "attack_dice", "type": "int", "default": 3, "min": 1, "max": 10,
         "choices": null, "description": "..."}, ...],
      "rulings": [
        {"number": 7, "label": "R7", "title": "...", "section": "...", "text": "...",
         "params": ["die_sides"]}, ...]
    }

``type`` is one of ``int``, ``float``, ``bool``, ``str``, ``tuple[int, ...]``; ``min``/``max``
are numbers or ``null``; ``choices`` a list of strings or ``null``; ``rulings`` is empty when the
game ships no rulings file. Rulings are parsed from ``docs/rulings/<game>.md`` (see
``starlanes.core.rulings``).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

import typer
import typer.main
from rich.table import Table
from typer.core import TyperCommand, TyperGroup

from starlanes.core.errors import StarlanesError, UsageError
from starlanes.core.params import ParamInfo, param_infos
from starlanes.core.rulings import parse_rulings, rulings_text
from starlanes.registry import (
    available_games,
    close_game_ids,
    command_index,
    entry_ids,
    get_entry,
    legacy_game,
)

from .common import Game, console, err_console, load_game, prog_name


def games(as_json: bool = typer.Option(False, "--json", help="print a JSON list")) -> None:
    """List the registered rulesets."""
    specs = available_games()
    if as_json:
        rows = [
            {
                "id": s.id,
                "name": s.name,
                "version": s.version,
                "min_players": s.min_players,
                "max_players": s.max_players,
                "chance": s.chance.value,
                "information": s.information.value,
                "simultaneous": s.simultaneous,
                "description": s.description,
            }
            for s in specs
        ]
        print(json.dumps(rows, indent=1))
        return
    table = Table(title="starlanes games")
    # values whole, whatever the width (an id is what commands take); names and headers wrap
    for col in ("id", "name", "players", "version", "chance", "info"):
        table.add_column(col, no_wrap=col in ("id", "chance", "info"), overflow="fold")
    for s in specs:
        players = f"{s.min_players}" if s.min_players == s.max_players else f"{s.min_players}-{s.max_players}"
        table.add_row(s.id, s.name, players, s.version, s.chance.value, s.information.value)
    console.print(table)
    for game_id in entry_ids():
        entry = get_entry(game_id)
        if not entry.playable:
            commands = ", ".join(f"{path} {game_id}" for path in sorted(entry.commands))
            console.print(f"{game_id}: no ruleset yet; its commands: {commands}", soft_wrap=True)


def _json_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _number(value: float | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def param_record(info: ParamInfo) -> dict[str, Any]:
    """One param as ``rules --json`` prints it."""
    return {
        "name": info.name,
        "type": info.type,
        "default": _json_value(info.default),
        "min": _number(info.min),
        "max": _number(info.max),
        "choices": list(info.choices) if info.choices else None,
        "description": info.doc,
    }


def rules_record(game: Game) -> dict[str, Any]:
    """Everything ``rules --json`` prints for ``game`` (see the module's docstring for the keys)."""
    spec = game.spec
    infos = param_infos(spec.params)
    text = rulings_text(spec.id)
    rulings = parse_rulings(text, [i.name for i in infos]) if text is not None else []
    return {
        "id": spec.id,
        "name": spec.name,
        "version": spec.version,
        "description": spec.description,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "params": [param_record(i) for i in infos],
        "rulings": [r.to_dict() for r in rulings],
    }


def rules(
    game_id: str = typer.Argument(..., metavar="GAME", help=f"game id (see `{prog_name()} games`)"),
    as_json: bool = typer.Option(False, "--json", help="print params and rulings as one JSON object"),
) -> None:
    """Show a game's tunable rules (params with defaults) and its rulings (house rules)."""
    game = load_game(game_id)
    if as_json:
        print(json.dumps(rules_record(game), indent=1, ensure_ascii=False))
        return
    spec = game.spec
    console.print(f"[bold]{spec.name}[/] ({spec.id} {spec.version}) — {spec.description}")
    table = Table(title="params (set with --param key=value)")
    for col in ("key", "type", "default", "description"):
        table.add_column(col)
    for info in param_infos(spec.params):
        bounds = []
        if info.min is not None:
            bounds.append(f"min {info.min:g}")
        if info.max is not None:
            bounds.append(f"max {info.max:g}")
        if info.choices:
            bounds.append("one of " + ", ".join(info.choices))
        doc = info.doc + (f" ({'; '.join(bounds)})" if bounds else "")
        table.add_row(info.name, info.type, repr(info.default), doc)
    console.print(table)
    text = rulings_text(spec.id)
    if text is None:
        console.print("(no rulings file found)")
    else:
        from rich.markdown import Markdown  # only for the rules text (slow to import)

        console.print(Markdown(text))


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("rules")(rules)


# ------------------------------------------------------------------ the games' own commands
# ``starlanes <path> GAME ...`` runs the command that GAME's registry entry lists for ``path``
# (``odds``, ``map generate``, ``deck check``); the command lines below name no game. Listing
# (``--help``) reads only the entries, so it imports no game; a game's module is imported when
# its command runs.

# The Click that Typer uses (recent Typer releases ship their own copy), found through Typer.
_cx: Any = importlib.import_module(TyperGroup.__mro__[1].__module__)


def _game_command(game_id: str, path: str) -> Any:
    """``game_id``'s command for ``path`` as a Click command named ``game_id``."""
    obj = get_entry(game_id).command(path)
    if isinstance(obj, typer.Typer):
        command = typer.main.get_command(obj)
    elif isinstance(obj, _cx.Command):
        command = obj
    elif callable(obj):
        wrapper = typer.Typer(add_completion=False)
        wrapper.command(game_id)(obj)
        command = typer.main.get_command(wrapper)
    else:
        raise StarlanesError(f"command '{path}' of '{game_id}' is a {type(obj).__name__}, not a Typer app "
                             "or a function")
    command.name = game_id
    return command


def _takes_arguments(command: Any) -> bool:
    """Whether ``command`` takes a positional word first (an argument, or a group's sub-command)."""
    return isinstance(command, TyperGroup) or any(p.param_type_name == "argument" for p in command.params)


class GameCommandGroup(TyperGroup):
    """``starlanes <path> ...``: the next words of the games' command paths, or (where a path
    ends) the games that provide it."""

    def __init__(self, path: str) -> None:
        index = command_index()
        self.path = path
        self.games: tuple[str, ...] = index.get(path, ())
        self.words = sorted({p[len(path) + 1:].split(" ")[0] for p in index if p.startswith(path + " ")})
        self.legacy = legacy_game(path)
        super().__init__(name=path.split(" ")[-1], no_args_is_help=True, help=self._help(),
                         short_help=self._short_help(index),
                         context_settings={"ignore_unknown_options": True})

    def _short_help(self, index: Mapping[str, tuple[str, ...]]) -> str:
        under = {p: ids for p, ids in index.items() if p == self.path or p.startswith(self.path + " ")}
        games = sorted({g for ids in under.values() for g in ids})
        rests = sorted(p[len(self.path) + 1:] for p in under if p != self.path)
        shown = " ".join(filter(None, [self.path, "|".join(rests)]))
        return f"A game's own command: {shown} GAME ({', '.join(games)})"

    def _help(self) -> str:
        prog = prog_name()
        if self.games:
            text = (f"The '{self.path}' command of a game: {', '.join(self.games)}. "
                    f"`{prog} {self.path} GAME --help` shows its options.")
        else:
            text = f"Games' commands under '{self.path}': {', '.join(self.words)}."
        if self.legacy is not None:
            text += f" `{prog} {self.path}` without a game is deprecated (it means {self.legacy})."
        return text

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.words, *self.games]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.words:
            return GameCommandGroup(f"{self.path} {cmd_name}")
        if cmd_name in self.games:  # a stand-in for listings: the game is imported when its command runs
            return TyperCommand(name=cmd_name, help=f"{cmd_name}'s {self.path} (`{prog_name()} {self.path} "
                                                     f"{cmd_name} --help`)")
        return None

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, rest = args[0], args[1:]
        if name in self.words:
            return name, GameCommandGroup(f"{self.path} {name}"), rest
        if name in self.games:
            return name, _game_command(name, self.path), rest
        offered = ", ".join(self.games or self.words)
        if name in entry_ids():
            raise UsageError(f"'{name}' has no '{self.path}' command; games with it: {offered}")
        if self.legacy is not None and not close_game_ids(name):
            command = _game_command(self.legacy, self.path)
            if name.startswith("-") or _takes_arguments(command):
                prog = prog_name()
                err_console.print(f"[yellow]warning:[/] `{prog} {self.path}` without a game is deprecated; "
                                  f"read as `{prog} {self.path} {self.legacy} ...`", soft_wrap=True)
                return self.legacy, command, args
        if self.games:
            raise UsageError(f"unknown game '{name}' for '{self.path}'; games with it: {offered}")
        raise UsageError(f"unknown command '{self.path} {name}'; valid: {offered}")


class StarlanesGroup(TyperGroup):
    """The root command: its own sub-commands, then the first words of the games' commands."""

    def _game_roots(self) -> list[str]:
        return sorted({path.split(" ")[0] for path in command_index()} - set(self.commands))

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *self._game_roots()]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self._game_roots():
            return GameCommandGroup(cmd_name)
        return command
