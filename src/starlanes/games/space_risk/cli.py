"""space-risk's own commands: ``starlanes odds space-risk``, exact battle odds from the game's
own dice code (the registry entry names this module; the generic CLI knows no game).

Examples::

    starlanes odds space-risk --attack 5 --defend 3              # one whole battle, full end-state table
    starlanes odds space-risk --attack 5 --defend 3 --json       # p_attacker_wins, expected survivors, end_states
    starlanes odds space-risk --attack-dice 3 --defend-dice 2 --json   # one roll: every outcome
    starlanes odds space-risk --attack 1..10 --defend 1..10      # a table of win probabilities
    starlanes odds space-risk --attack 1..1000 --defend 1..1000  # one summary table (evenly spaced rows, columns)
    starlanes odds space-risk --attack 1..100 --defend 1..100 --full   # every cell, split to fit the width
    starlanes odds space-risk --attack 6 --defend 4 --exact      # fractions instead of floats
    starlanes odds space-risk --attack 6 --defend 4 --attack-mod -2 --defend-mod 1 --clamp
    starlanes odds space-risk --attack 6 --defend 4 --param die_sides=8

``starlanes odds --attack ...`` (without the game) is the older form, still accepted with a
deprecation warning.

``--attack`` counts the armies able to attack (not the one left behind). Dice rules come from
the space-risk params (``--param key=value``, e.g. ``clamp_modified_dice=yes``), so a changed
dice rule changes the odds exactly as it changes the game.

Limits (checked before any work): armies ``0..1000`` a side, ``--exact`` up to 100 a side,
``--full``/``--json`` of ranges up to 100,000 battles.  Runs of attacker rows that read the
same everywhere are shown as one row ``a..b``; end states below 1e-4 are summed
into one line unless ``--full``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from starlanes.cli.common import console
from starlanes.core.errors import ParseError
from starlanes.core.params import parse_params
from starlanes.games.space_risk import odds as odds_mod
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.spec import SpaceRiskParams

__all__ = ["odds", "parse_range"]

LIMIT = 1000
"""Most armies a side (a 1000 by 1000 table of decimals takes about a second)."""
EXACT_LIMIT = 100
"""Most armies a side with ``--exact`` (the fractions of bigger battles grow for minutes)."""
CELL_LIMIT = 100_000
"""Most cells ``--full`` or ``--json`` prints for ranges."""
SUMMARY_ROWS = 21
"""Most attacker rows of the summary table (columns: as many as fit the terminal)."""
NEGLIGIBLE = 1e-4
"""End states less likely than this are summed into one line (``--full`` lists them)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def parse_range(text: str, option: str) -> list[int]:
    """``"5"`` -> [5]; ``"1..10"`` -> [1..10]; ``"1,3,5"`` -> [1, 3, 5] (sorted, without repeats).

    Every bound is checked against ``0..LIMIT`` before a range is expanded."""
    items: set[int] = set()
    parts: list[tuple[str, int, int]] = []
    try:
        for part in text.split(","):
            part = part.strip()
            if ".." in part:
                lo_text, _, hi_text = part.partition("..")
                parts.append((part, int(lo_text), int(hi_text)))
            else:
                n = int(part)
                parts.append((part, n, n))
    except ValueError:
        raise ParseError(f"{option}: '{text}' is not a number, a range like 1..10 or a list like 1,3,5") from None
    for part, lo, hi in parts:
        if hi < lo:
            raise ParseError(f"{option}: range '{part}' runs backwards (write it low..high)")
    for _part, lo, hi in parts:
        for n in (lo, hi):
            if n < 0 or n > LIMIT:
                raise ParseError(f"{option}: {n} is outside 0..{LIMIT}")
    for _part, lo, hi in parts:
        items.update(range(lo, hi + 1))
    return sorted(items)


def _num(value: float | Fraction) -> float:
    return float(value)


def _exact(value: float | Fraction) -> str:
    return str(value) if isinstance(value, Fraction) else repr(value)


def _both(value: float | Fraction) -> str:
    """An exact fraction with its decimal beside it: ``5/12 (0.416667)``; a float as a decimal."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} ({float(value):.6f})"
    return f"{float(value):.6f}" if not isinstance(value, Fraction) else str(value)


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
    table = Table(title=f"one roll: {_plural(a, 'attacking die')} ({amod:+d}) against "
                        f"{_plural(d, 'defending die')} ({dmod:+d})".replace("dies", "dice"))
    for col in ("attacker loses", "defender loses", "probability"):
        table.add_column(col, justify="right")
    for al, dl, p in outcomes:
        table.add_row(str(al), str(dl), _both(p) if exact else f"{float(p):.6f}")
    console.print(table)


def _single(attack: int, defend: int, amod: int, dmod: int, rules: DiceRules, exact: bool, as_json: bool,
            full: bool) -> None:
    result = odds_mod.battle(attack, defend, amod, dmod, rules, exact)
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

    def fmt(v: float | Fraction) -> str:
        return _both(v) if exact else f"{float(v):.6f}"

    console.print(f"{_plural(result.attack, 'attacker')} against {_plural(result.defend, 'defender')} "
                  f"(modifiers {amod:+d} / {dmod:+d}, clamp {'on' if rules.clamp else 'off'})")
    console.print(f"attacker wins: {fmt(result.p_attacker_wins)}")
    console.print(f"expected attackers left: {fmt(result.expected_attackers_left)}")
    console.print(f"expected defenders left: {fmt(result.expected_defenders_left)}")
    table = Table(title="end states")
    for col in ("attackers left", "defenders left", "probability"):
        table.add_column(col, justify="right")
    rare = [(a, d, p) for a, d, p in result.end_states if p < NEGLIGIBLE] if not full else []
    for a, d, p in result.end_states:
        if full or p >= NEGLIGIBLE:
            table.add_row(str(a), str(d), fmt(p))
    if rare:
        table.add_row("…", "…", f"{_plural(len(rare), 'end state')} below {NEGLIGIBLE:g}, together "
                      f"{float(sum(p for _, _, p in rare)):.2e} (--full lists them)")
    console.print(table)


def _spread(values: list[int], most: int) -> list[int]:
    """At most ``most`` of ``values``, evenly spaced, always the first and the last."""
    if len(values) <= most:
        return values
    if most <= 1:
        return values[:1]
    picks = {round(i * (len(values) - 1) / (most - 1)) for i in range(most)}
    return [values[i] for i in sorted(picks)]


def _collapse(rows: list[tuple[int, list[str]]]) -> list[tuple[str, list[str]]]:
    """Runs of attacker rows whose cells all read the same (1.000 everywhere, say) as one row
    ``a..b``."""
    out: list[tuple[str, list[str]]] = []
    run_start = 0
    for i, (a, cells) in enumerate(rows):
        if i + 1 < len(rows) and rows[i + 1][1] == cells:
            continue
        first = rows[run_start][0]
        out.append((f"{first}..{a}" if first != a else str(a), cells))
        run_start = i + 1
    return out


def _grid(attacks: list[int], defends: list[int], cells: dict[tuple[int, int], str], title: str,
          caption: str | None, split: bool) -> None:
    """The win-probability grid: one table, or (``split``) as many as it takes to fit the width."""
    cell = max(len(c) for c in cells.values()) + 3
    label = max(len(f"{attacks[0]}..{attacks[-1]}"), 3) + 4
    per_table = max(1, (console.width - label) // cell)
    parts = [defends[i:i + per_table] for i in range(0, len(defends), per_table)] if split else [defends]
    for n, part in enumerate(parts):
        more = f", defenders {part[0]}..{part[-1]}" if len(parts) > 1 else ""
        grid = Table(title=f"{title}{more})", caption=caption if n == len(parts) - 1 else None)
        grid.add_column("A\\D", justify="right")
        for d in part:
            grid.add_column(str(d), justify="right")
        rows = [(a, [cells[(a, d)] for d in part]) for a in attacks]
        for name, row in _collapse(rows):
            grid.add_row(name, *row)
        console.print(grid)


def _battles(attacks: list[int], defends: list[int], amod: int, dmod: int, rules: DiceRules, exact: bool,
             as_json: bool, full: bool) -> None:
    n_cells = len(attacks) * len(defends)
    if (as_json or full) and n_cells > CELL_LIMIT:
        raise ParseError(f"{'--json' if as_json else '--full'}: {n_cells:,} battles is more than the "
                         f"{CELL_LIMIT:,} it prints; narrow --attack/--defend (lists like 10,20,50 work)")
    tables = odds_mod.battle_tables(max(attacks), max(defends), amod, dmod, rules, exact)
    if as_json:
        rows: list[dict[str, Any]] = []
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
    title = ("probability the attacker wins (rows: attackers, columns: defenders; "
             f"modifiers {amod:+d} / {dmod:+d}")
    if full and exact:
        # Fractions do not fit a grid: one line per battle, the fraction and its decimal.
        console.print(title + ")")
        for a in attacks:
            for d in defends:
                console.print(f"{a} against {d}: {_both(tables.p_attacker_wins[a][d])}", soft_wrap=True)
        return
    if full:
        cells = {(a, d): f"{float(tables.p_attacker_wins[a][d]):.3f}" for a in attacks for d in defends}
        _grid(attacks, defends, cells, title, None, split=True)
        return
    # The summary: one table that fits the terminal, sampling rows and columns evenly.
    label = max(len(f"{attacks[0]}..{attacks[-1]}"), 3) + 4
    cols = _spread(defends, max(1, (console.width - label) // 8))
    rows_shown = _spread(attacks, SUMMARY_ROWS)
    cells = {(a, d): f"{float(tables.p_attacker_wins[a][d]):.3f}" for a in rows_shown for d in cols}
    notes = []
    if len(cols) < len(defends) or len(rows_shown) < len(attacks):
        notes.append(f"{len(rows_shown)} of {_plural(len(attacks), 'attacker count')} and "
                     f"{len(cols)} of {_plural(len(defends), 'defender count')} shown, evenly spaced")
    if exact:
        notes.append("exact fractions")
    if notes:
        notes[-1] += ": --full, or --json for data"
    _grid(rows_shown, cols, cells, title, "; ".join(notes) or None, split=False)


def _battle(attacks: list[int], defends: list[int], amod: int, dmod: int, rules: DiceRules, exact: bool,
            as_json: bool, full: bool = False) -> None:
    if exact and (max(attacks) > EXACT_LIMIT or max(defends) > EXACT_LIMIT):
        raise ParseError(f"--exact: at most {EXACT_LIMIT} armies a side (exact fractions of bigger battles "
                         "grow for minutes); drop --exact for decimals")
    if len(attacks) == 1 and len(defends) == 1:
        _single(attacks[0], defends[0], amod, dmod, rules, exact, as_json, full)
        return
    _battles(attacks, defends, amod, dmod, rules, exact, as_json, full)


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
    full: Annotated[bool, typer.Option("--full", help="ranges: every cell (split to fit the width) instead of "
                                                      "one summary table; one battle: every end state")] = False,
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
            exact, as_json, full)

