"""risky-stars's own commands (its registry entry names them; the generic CLI knows no game).

Examples::

    starlanes map generate risky-stars --players 4 --seed 7               # the map as JSON on stdout
    starlanes map generate risky-stars --players 3 --seed 7 --out my.json # written to a file
    starlanes map generate risky-stars --players 2 --seed 1 --param home_regions=12
    starlanes odds risky-stars --attack 5 --defend 3                      # exact odds
    starlanes odds risky-stars --attack 5 --defend 3 --exact              # as fractions
    starlanes odds risky-stars --attack 400 --defend 300 --fights 50000   # Monte Carlo estimate

A generated map is a ``risky-stars-map/1`` file (``maps.map_to_json``): the same players, seed
and params give the same map, and the file loads back as ``--param map=FILE``.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from starlanes.core.errors import PathError
from starlanes.core.params import parse_params
from starlanes.games.risky_stars.mapgen import generate
from starlanes.games.risky_stars.maps import map_to_json
from starlanes.games.risky_stars.odds import describe
from starlanes.games.risky_stars.odds import odds as odds_report
from starlanes.games.risky_stars.spec import RiskyStarsParams

__all__ = ["generate_map", "odds"]

MAX_SEED = 2**64 - 1

ParamOpt = Annotated[list[str] | None, typer.Option(
    "--param", help="risky-stars param key=value, e.g. home_regions=12 or combat_mode=until_decided")]


def _params(assignments: list[str] | None) -> RiskyStarsParams:
    return parse_params(RiskyStarsParams, assignments or [])


def _write_new(path: Path, data: bytes, force: bool) -> None:
    """Write ``data`` to ``path`` whole (a temporary file renamed over it); an existing file is
    kept unless ``force``."""
    if path.is_dir():
        raise PathError(f"{path} is a folder; name a file in it, e.g. {path / 'map.json'}")
    if not path.parent.is_dir():
        raise PathError(f"cannot write {path}: the folder {path.parent} does not exist")
    if path.exists() and not force:
        raise PathError(f"{path} exists; not overwriting it (--force to replace it)")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".starlanes-", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise PathError(f"cannot write {path}: {exc.strerror or exc}") from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def generate_map(
    players: Annotated[int, typer.Option("--players", help="home systems, one per player (2-6)")],
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="the generator's seed")],
    out: Annotated[Path | None, typer.Option("--out", help="write the map to this file (default: stdout)")] = None,
    force: Annotated[bool, typer.Option("--force", help="replace the --out file if it exists")] = False,
    param: ParamOpt = None,
) -> None:
    """Generate a legal Risky Stars map (JSON, schema risky-stars-map/1) from a player count and a seed."""
    data = map_to_json(generate(players, seed, _params(param)))
    if out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    _write_new(out, data, force)
    print(f"wrote {out} ({players} players, seed {seed})", file=sys.stderr)


def odds(
    attack: Annotated[int, typer.Option("--attack", help="attacking units")],
    defend: Annotated[int, typer.Option("--defend", help="defending units")],
    exact: Annotated[bool, typer.Option("--exact", help="exact fractions where the odds are exact")] = False,
    fights: Annotated[int, typer.Option("--fights", help="fights the Monte Carlo estimate simulates")] = 200_000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="seed of the estimate")] = 0,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo",
                                              help="add the estimate even where exact odds exist")] = False,
    param: ParamOpt = None,
) -> None:
    """Risky Stars combat odds: the opening exchange and the whole fight, exact where it can be, else estimated."""
    report = odds_report(attack, defend, _params(param), exact=exact, fights=fights, seed=seed,
                         monte_carlo=monte_carlo)
    for line in describe(report):
        print(line)
