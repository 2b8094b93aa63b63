"""``starlanes games`` and ``starlanes rules``."""

from __future__ import annotations

import json

import typer
from rich.markdown import Markdown
from rich.table import Table

from starlanes.core.params import param_infos
from starlanes.registry import available_games

from .common import console, load_game, rulings_path


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
    for col in ("id", "name", "players", "version", "chance", "information"):
        table.add_column(col)
    for s in specs:
        players = f"{s.min_players}" if s.min_players == s.max_players else f"{s.min_players}-{s.max_players}"
        table.add_row(s.id, s.name, players, s.version, s.chance.value, s.information.value)
    console.print(table)


def rules(game_id: str = typer.Argument(..., metavar="GAME", help="game id (see `starlanes games`)")) -> None:
    """Show a game's tunable rules (params with defaults) and its rulings (house rules)."""
    game = load_game(game_id)
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
    path = rulings_path(spec.id)
    if path is None:
        console.print("(no rulings file found)")
    else:
        console.print(Markdown(path.read_text(encoding="utf-8")))


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("rules")(rules)
