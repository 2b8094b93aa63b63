"""``starlanes odds star-kingdoms``: the odds of a space battle between two fleets.

Examples::

    starlanes odds star-kingdoms --attacker "4 patrol ship with 1 ship weapons" --defender "gunboat"
    starlanes odds star-kingdoms -a "light cruiser as missile at TL 3" -d "2 gunboat; patrol ship" \\
        --defender-colony --defender-bt 1 --runs 20000
    starlanes odds star-kingdoms -a "heavy cruiser" -d "heavy cruiser" --nebula --json
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from starlanes.core.params import parse_params
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.war.odds import ENGINES, Engine, Side, describe, parse_fleet, simulate
from starlanes.games.star_kingdoms.war.params import WarParams

__all__ = ["odds"]

MAX_SEED = 2**64 - 1
MAX_RUNS = 10_000_000


def odds(
    attacker: Annotated[str, typer.Option("--attacker", "-a", help="the attacking fleet, e.g. "
                                          "'3 patrol ship with 1 ship weapons; light cruiser as missile'")],
    defender: Annotated[str, typer.Option("--defender", "-d", help="the defending fleet, same form")],
    attacker_tl: Annotated[int, typer.Option("--attacker-tl", min=1, max=20,
                                             help="the attacker's tech level where an entry gives none")] = 1,
    defender_tl: Annotated[int, typer.Option("--defender-tl", min=1, max=20,
                                             help="the defender's tech level where an entry gives none")] = 1,
    attacker_bt: Annotated[int, typer.Option("--attacker-bt", min=0, max=20,
                                             help="the attacker's Battle Tactics level")] = 0,
    defender_bt: Annotated[int, typer.Option("--defender-bt", min=0, max=20,
                                             help="the defender's Battle Tactics level")] = 0,
    attacker_training: Annotated[bool, typer.Option("--attacker-training",
                                                    help="the attacker has Naval Training Techniques")] = False,
    defender_training: Annotated[bool, typer.Option("--defender-training",
                                                    help="the defender has Naval Training Techniques")] = False,
    defender_colony: Annotated[bool, typer.Option("--defender-colony",
                                                  help="the system holds a defender colony (x1.25 determination)")]
    = False,
    defender_homeworld: Annotated[bool, typer.Option("--defender-homeworld",
                                                     help="the system holds the defender's homeworld "
                                                          "(it never retreats)")] = False,
    nebula: Annotated[bool, typer.Option("--nebula", help="the battle is in a nebula")] = False,
    runs: Annotated[int, typer.Option("--runs", min=1, max=MAX_RUNS, help="battles to simulate")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="seed of the simulation")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="the figures as JSON")] = False,
    param: Annotated[list[str] | None, typer.Option("--param", help="a combat param key=value, "
                                                    "e.g. max_rounds=20")] = None,
    engine: Annotated[str, typer.Option("--engine", help="auto (NumPy from 50 runs on), vector (NumPy) or scalar "
                                                         "(the reference engine, one battle at a time)")] = "auto",
) -> None:
    """Star Kingdoms space battle odds: who holds the field and the expected losses, by simulation."""
    if engine not in ENGINES:
        raise typer.BadParameter(f"'{engine}' is not an engine: use one of {', '.join(ENGINES)}",
                                 param_hint="--engine")
    chosen: Engine = "vector" if engine == "vector" else ("scalar" if engine == "scalar" else "auto")
    cat = load_catalogue()
    params = parse_params(WarParams, param or [])
    a = Side("attacker", parse_fleet(cat, attacker, owner="attacker", tl=attacker_tl), battle_tactics=attacker_bt,
             training=attacker_training)
    d = Side("defender", parse_fleet(cat, defender, owner="defender", tl=defender_tl), battle_tactics=defender_bt,
             training=defender_training, colony_here=defender_colony, homeworld_here=defender_homeworld)
    if as_json:
        report = simulate(cat, a, d, runs=runs, seed=seed, nebula=nebula, params=params, engine=chosen)
        typer.echo(json.dumps(asdict(report), indent=2))
        return
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=Console(stderr=True), disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("battles", total=runs)
        report = simulate(cat, a, d, runs=runs, seed=seed, nebula=nebula, params=params, engine=chosen,
                          progress=lambda n: bar.advance(task, n))
    for line in describe(report):
        typer.echo(line)
