"""``starlanes odds``: exact space-risk battle odds from the game's own dice code.

Examples::

    starlanes odds --attack 5 --defend 3              # one whole battle, full end-state table
    starlanes odds --attack 5 --defend 3 --json       # p_attacker_wins, expected survivors, end_states
    starlanes odds --attack-dice 3 --defend-dice 2 --json   # one roll: every outcome
    starlanes odds --attack 1..10 --defend 1..10      # a table of win probabilities
    starlanes odds --attack 6 --defend 4 --exact      # fractions instead of floats
    starlanes odds --attack 6 --defend 4 --attack-mod -2 --defend-mod 1 --clamp
    starlanes odds --attack 6 --defend 4 --param die_sides=8

``--attack`` counts the armies able to attack (not the one left behind). Dice rules come from
the space-risk params (``--param key=value``, e.g. ``clamp_modified_dice=yes``), so a changed
dice rule changes the odds exactly as it changes the game.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from starlanes.core.errors import ParseError
from starlanes.core.params import parse_params
from starlanes.games.space_risk import odds as odds_mod
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.spec import SpaceRiskParams

from .common import console

__all__ = ["odds", "parse_range", "register"]

LIMIT = 1000


def parse_range(text: str, option: str) -> list[int]:
    """``"5"`` -> [5]; ``"1..10"`` -> [1..10]; ``"1,3,5"`` -> [1, 3, 5]."""
    items: list[int] = []
    backwards: list[str] = []
    try:
        for part in text.split(","):
            part = part.strip()
            if ".." in part:
                lo_text, _, hi_text = part.partition("..")
                lo, hi = int(lo_text), int(hi_text)
                if hi < lo:
                    backwards.append(part)
                items.extend(range(lo, hi + 1))
            else:
                items.append(int(part))
    except ValueError:
        raise ParseError(f"{option}: '{text}' is not a number, a range like 1..10 or a list like 1,3,5") from None
    if backwards:
        raise ParseError(f"{option}: range '{backwards[0]}' runs backwards (write it low..high)")
    for n in items:
        if n < 0 or n > LIMIT:
            raise ParseError(f"{option}: {n} is outside 0..{LIMIT}")
    return items


def _num(value: float | Fraction) -> float:
    return float(value)


def _exact(value: float | Fraction) -> str:
    return str(value) if isinstance(value, Fraction) else repr(value)


def _rules(params: list[str] | None, clamp: bool | None) -> DiceRules:
    p = parse_params(SpaceRiskParams, params or [])
    rules = p.dice
    if clamp is not None:
        rules = DiceRules(rules.sides, rules.attack_max_dice, rules.defend_max_dice, clamp, rules.loss_limited_dice)
    return rules


def _roll(a: int, d: int, amod: int, dmod: int, rules: DiceRules, exact: bool, as_json: bool) -> None:
    if not 1 <= a <= rules.attack_max_dice:
        raise ParseError(f"--attack-dice must be 1..{rules.attack_max_dice}, not {a}")
    if not 1 <= d <= rules.defend_max_dice:
        raise ParseError(f"--defend-dice must be 1..{rules.defend_max_dice}, not {d}")
    outcomes = odds_mod.roll_outcomes(a, d, amod, dmod, rules)
    if as_json:
        rows: list[dict[str, Any]] = []
        for al, dl, p in outcomes:
            row: dict[str, Any] = {"attacker_loses": al, "defender_loses": dl, "p": float(p)}
            if exact:
                row["p_exact"] = str(p)
            rows.append(row)
        print(json.dumps({"attack_dice": a, "defend_dice": d, "attack_mod": amod, "defend_mod": dmod,
                          "clamp": rules.clamp, "sides": rules.sides, "outcomes": rows}, indent=1))
        return
    table = Table(title=f"one roll: {a} attacking dice ({amod:+d}) against {d} defending dice ({dmod:+d})")
    for col in ("attacker loses", "defender loses", "probability"):
        table.add_column(col, justify="right")
    for al, dl, p in outcomes:
        table.add_row(str(al), str(dl), str(p) if exact else f"{float(p):.6f}")
    console.print(table)


def _battle(attacks: list[int], defends: list[int], amod: int, dmod: int, rules: DiceRules, exact: bool,
            as_json: bool) -> None:
    if len(attacks) == 1 and len(defends) == 1:
        result = odds_mod.battle(attacks[0], defends[0], amod, dmod, rules, exact)
        if as_json:
            out: dict[str, Any] = {
                "attack": result.attack, "defend": result.defend, "attack_mod": amod, "defend_mod": dmod,
                "clamp": rules.clamp, "sides": rules.sides,
                "p_attacker_wins": _num(result.p_attacker_wins),
                "expected_attackers_left": _num(result.expected_attackers_left),
                "expected_defenders_left": _num(result.expected_defenders_left),
                "end_states": [{"attackers_left": a, "defenders_left": d, "p": _num(p)}
                               for a, d, p in result.end_states],
            }
            if exact:
                out["exact"] = {
                    "p_attacker_wins": _exact(result.p_attacker_wins),
                    "expected_attackers_left": _exact(result.expected_attackers_left),
                    "expected_defenders_left": _exact(result.expected_defenders_left),
                    "end_states": [_exact(p) for _, _, p in result.end_states],
                }
            print(json.dumps(out, indent=1))
            return
        fmt = _exact if exact else (lambda v: f"{float(v):.6f}")
        console.print(f"{result.attack} attackers against {result.defend} defenders "
                      f"(modifiers {amod:+d} / {dmod:+d}, clamp {'on' if rules.clamp else 'off'})")
        console.print(f"attacker wins: {fmt(result.p_attacker_wins)}")
        console.print(f"expected attackers left: {fmt(result.expected_attackers_left)}")
        console.print(f"expected defenders left: {fmt(result.expected_defenders_left)}")
        table = Table(title="end states")
        for col in ("attackers left", "defenders left", "probability"):
            table.add_column(col, justify="right")
        for a, d, p in result.end_states:
            table.add_row(str(a), str(d), fmt(p))
        console.print(table)
        return
    tables = odds_mod.battle_tables(max(attacks), max(defends), amod, dmod, rules, exact)
    if as_json:
        rows = []
        for a in attacks:
            for d in defends:
                row: dict[str, Any] = {
                    "attack": a, "defend": d,
                    "p_attacker_wins": _num(tables.p_attacker_wins[a][d]),
                    "expected_attackers_left": _num(tables.expected_attackers_left[a][d]),
                    "expected_defenders_left": _num(tables.expected_defenders_left[a][d]),
                }
                if exact:
                    row["p_attacker_wins_exact"] = _exact(tables.p_attacker_wins[a][d])
                rows.append(row)
        print(json.dumps({"attack_mod": amod, "defend_mod": dmod, "clamp": rules.clamp, "sides": rules.sides,
                          "table": rows}, indent=1))
        return
    cells = {(a, d): _exact(tables.p_attacker_wins[a][d]) if exact else f"{float(tables.p_attacker_wins[a][d]):.3f}"
             for a in attacks for d in defends}
    # Split the columns so that each table fits the terminal (a 1..200 table is 20 narrow tables).
    cell = max(len(c) for c in cells.values()) + 3
    per_table = max(1, (console.width - len(str(max(attacks))) - 4) // cell)
    for start in range(0, len(defends), per_table):
        part = defends[start:start + per_table]
        more = f", defenders {part[0]}..{part[-1]}" if len(part) < len(defends) else ""
        grid = Table(title=f"probability the attacker wins (rows: attackers, columns: defenders; "
                           f"modifiers {amod:+d} / {dmod:+d}{more})")
        grid.add_column("A\\D", justify="right")
        for d in part:
            grid.add_column(str(d), justify="right")
        for a in attacks:
            grid.add_row(str(a), *(cells[(a, d)] for d in part))
        console.print(grid)


def odds(
    attack: Annotated[str | None, typer.Option("--attack", help="able attacking armies: N, A..B or A,B,C")] = None,
    defend: Annotated[str | None, typer.Option("--defend", help="defending armies: N, A..B or A,B,C")] = None,
    attack_dice: Annotated[int | None, typer.Option("--attack-dice", help="one roll: attacking dice")] = None,
    defend_dice: Annotated[int | None, typer.Option("--defend-dice", help="one roll: defending dice")] = None,
    attack_mod: Annotated[int, typer.Option("--attack-mod", help="added to every attacking die")] = 0,
    defend_mod: Annotated[int, typer.Option("--defend-mod", help="added to every defending die")] = 0,
    clamp: Annotated[bool | None, typer.Option("--clamp/--no-clamp",
                                               help="clamp modified dice to 1..sides (default: the param)")] = None,
    exact: Annotated[bool, typer.Option("--exact", help="exact fractions")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    param: Annotated[list[str] | None, typer.Option("--param", help="space-risk param key=value")] = None,
) -> None:
    """Exact space-risk battle odds: one roll (--attack-dice/--defend-dice) or whole battles (--attack/--defend)."""
    rules = _rules(param, clamp)
    single = attack_dice is not None or defend_dice is not None
    whole = attack is not None or defend is not None
    if single and whole:
        raise ParseError("give either --attack/--defend (whole battle) or --attack-dice/--defend-dice (one roll)")
    if single:
        if attack_dice is None or defend_dice is None:
            raise ParseError("one roll needs both --attack-dice and --defend-dice")
        _roll(attack_dice, defend_dice, attack_mod, defend_mod, rules, exact, as_json)
        return
    if attack is None or defend is None:
        raise ParseError("give --attack and --defend (whole battle) or --attack-dice and --defend-dice (one roll)")
    _battle(parse_range(attack, "--attack"), parse_range(defend, "--defend"), attack_mod, defend_mod, rules,
            exact, as_json)


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
