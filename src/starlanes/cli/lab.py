"""``starlanes lab``: run batches of bot games, compare rule variants, write reports.

::

    starlanes lab run space-risk --agents mcts:iterations=100,random --games 200 --seed 1
    starlanes lab compare space-risk --variant "asteroid_defense_bonus=2" \\
        --agents space-risk:heuristic,space-risk:heuristic --games 2000 --report out/cmp.html
    starlanes lab report results.parquet

Heavy libraries (pyarrow, matplotlib, ray) are imported only by the commands that use them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from starlanes.core.errors import ParseError
from starlanes.core.params import parse_params

if TYPE_CHECKING:
    from starlanes.core.ruleset import Ruleset
    from starlanes.lab.summary import Summary

__all__ = ["lab_app", "register", "split_agents"]

lab_app = typer.Typer(
    name="lab",
    help="Simulate many games between bots: win rates with confidence intervals, rule variants, reports.",
    no_args_is_help=True,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def register(app: typer.Typer) -> None:
    """Attach ``lab`` to the main application."""
    app.add_typer(lab_app, name="lab")


def split_agents(text: str) -> list[str]:
    """``"mcts:iterations=400,c=2,random"`` -> ``["mcts:iterations=400,c=2", "random"]``.

    Agents are separated by commas; a comma-separated ``key=value`` without a ``:`` continues
    the previous agent's options.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ParseError(f"--agents '{text}': empty agent between commas")
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


@contextmanager
def _progress(total: int, label: str, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on stderr, refreshed from the calling thread (no background thread,
    so worker processes can be forked safely while it is shown)."""
    if not enabled or not err.is_terminal:  # no bar in logs and pipes
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=err, auto_refresh=False, transient=True)
    task = bar.add_task(label, total=total)
    last = [0.0]

    def advance(n: int) -> None:
        bar.advance(task, n)
        now = time.monotonic()
        if now - last[0] > 0.1 or bar.tasks[0].completed >= total:
            last[0] = now
            bar.refresh()

    with bar:
        yield advance
        bar.refresh()


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _ci(low: float, high: float) -> str:
    return f"{_pct(low)} – {_pct(high)}"


def _print_summary(summary: Summary, seconds: float) -> None:
    from starlanes.lab.summary import plural  # the lab's modules load with the lab's commands

    table = Table(title=f"{summary.game} {summary.version}: {summary.games} games in {seconds:.1f}s")
    for col in ("seat", "agent", "games", "wins", "win rate", "95% CI"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for (seat, agent), rate in sorted(summary.seat_agent.items()):
        table.add_row(str(seat), agent, str(rate.games), str(rate.wins), _pct(rate.rate), _ci(*rate.ci95))
    out.print(table)
    from starlanes.lab.labels import label_table

    by_label = label_table(summary)  # what each seat was (kardashev: its role), if the game says
    if by_label is not None:
        out.print(by_label)
    if len(summary.by_agent) > 1:
        for agent, rate in summary.by_agent.items():
            out.print(f"agent {agent}: {rate.wins}/{rate.games} = {_pct(rate.rate)} (95% CI {_ci(*rate.ci95)})")
    draws = summary.draw_rate
    why = ""
    if summary.draw_reasons:
        why = "; " + ", ".join(f"{k}: {plural(v, 'game')}" for k, v in sorted(summary.draw_reasons.items()))
    out.print(f"draws: {draws.wins} ({_pct(draws.rate)}, 95% CI {_ci(*draws.ci95)}){why}", soft_wrap=True)
    fp = summary.first_player
    if fp.games:
        out.print(f"first player won {fp.wins}/{fp.games} = {_pct(fp.rate)} (95% CI {_ci(*fp.ci95)}; "
                  f"even: {_pct(1 / summary.players)})")
    length = summary.length_stats()
    out.print(f"length (actions): mean {length['mean']:.1f}, median {length['median']:.0f}, "
              f"10–90% {length['p10']:.0f}–{length['p90']:.0f}, max {length['max']:.0f}")
    out.print("endings: " + ", ".join(f"{k}: {plural(v, 'game')}" for k, v in sorted(summary.reasons.items())),
              soft_wrap=True)


def _agents(ruleset: Ruleset[Any, Any, Any], text: str | None, quiet: bool) -> list[str]:
    """``--agents`` split per seat, or the game's default (said on stderr unless quiet)."""
    if text is not None:
        return split_agents(text)
    from starlanes.lab.runner import default_agents

    seats = list(default_agents(ruleset))
    if not quiet:
        err.print(f"agents: {', '.join(seats)} (the default for {ruleset.spec.id}; --agents to choose)")
    return seats


Game = Annotated[str, typer.Argument(metavar="GAME", help="game id (see `starlanes games`)")]
Agents = Annotated[str | None, typer.Option(
    "--agents", "-a", help="agent specs, one per seat: random,mcts:iterations=200 "
    "(default: the game's own bot in every seat, e.g. retrograde:heuristic; random if it has none)")]
Seed = Annotated[int, typer.Option("--seed", "-s", min=0, max=2**63 - 1,
                                   help="batch seed; game i gets a seed derived from it and i")]
Workers = Annotated[int, typer.Option("--workers", "-w", help="parallel worker processes")]
Backend = Annotated[str, typer.Option("--backend", help="local (processes on this machine) or ray")]
Address = Annotated[str | None, typer.Option("--address", help="Ray cluster address (default: a local Ray)")]
Fixed = Annotated[bool, typer.Option("--fixed-seats", help="keep agent k in seat k (default: seats rotate)")]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]


@lab_app.command("run")
def run(
    game: Game,
    agents: Agents = None,
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    seed: Seed = 0,
    workers: Workers = 1,
    backend: Backend = "local",
    address: Address = None,
    param: Annotated[
        list[str] | None, typer.Option("--param", "-p", help="rule param key=value (repeatable)")
    ] = None,
    out_file: Annotated[
        Path | None, typer.Option("--out", "-o", help="write one record per game (Parquet)")
    ] = None,
    fixed_seats: Fixed = False,
    as_json: AsJson = False,
    quiet: Quiet = False,
) -> None:
    """Play GAMES games between AGENTS and summarize win rates with 95% intervals."""
    from starlanes.lab.paths import check_output
    from starlanes.lab.runner import load_ruleset, plan_games, run_tasks
    from starlanes.lab.summary import summarize

    ruleset = load_ruleset(game)
    params = parse_params(ruleset.spec.params, param or [])
    seats = _agents(ruleset, agents, quiet or as_json)
    if out_file is not None:
        out_file = check_output(out_file, "--out", "results.parquet")
    tasks = plan_games(game, seats, games, seed, params=params, fixed_seats=fixed_seats)
    started = time.perf_counter()
    with _progress(len(tasks), f"{game}", not quiet) as advance:
        records = run_tasks(tasks, workers=workers, backend=backend, address=address, progress=advance)
    seconds = time.perf_counter() - started
    if out_file is not None:
        from starlanes.lab.records import write_records

        write_records(records, out_file)
    summary = summarize(records)
    if as_json:
        data = summary.to_json()
        data["seconds"] = round(seconds, 3)
        if out_file is not None:
            data["out"] = str(out_file)
        print(json.dumps(data))
        return
    _print_summary(summary, seconds)
    if out_file is not None:
        out.print(f"records written to {out_file} (starlanes lab report {out_file} makes an HTML report)")


@lab_app.command("compare")
def compare_cmd(
    game: Game,
    variant: Annotated[str, typer.Option("--variant", help='params of the variant: "k=v k2=v2"')],
    agents: Agents = None,
    baseline: Annotated[
        str, typer.Option("--baseline", help="params of the baseline (default: the rules as written)")
    ] = "",
    games: Annotated[
        int, typer.Option("--games", "-n", help="paired games (each played under both params)")
    ] = 1000,
    seed: Seed = 0,
    workers: Workers = 1,
    backend: Backend = "local",
    address: Address = None,
    metric: Annotated[str | None, typer.Option(
        "--metric", help="seat:K, agent:K, draws, length or label:NAME, e.g. label:Warlord (default: seat:0 "
        "for identical agents, else agent:0)"
    )] = None,
    sequential: Annotated[int, typer.Option(
        "--sequential", help="look up to this many times; stop once the answer is clear (1: fixed size)"
    )] = 1,
    margin: Annotated[float, typer.Option(
        "--margin", help="with --sequential: also stop once the difference is surely within ±margin"
    )] = 0.0,
    fixed_seats: Fixed = False,
    out_file: Annotated[Path | None, typer.Option("--out", "-o", help="write both sides' records (Parquet)")] = None,
    report: Annotated[Path | None, typer.Option("--report", help="write an HTML report with plots")] = None,
    as_json: AsJson = False,
    quiet: Quiet = False,
) -> None:
    """Compare a params variant with the baseline on paired games (same seeds on both sides)."""
    from starlanes.lab.compare import compare
    from starlanes.lab.paths import check_output
    from starlanes.lab.runner import load_ruleset
    from starlanes.lab.stats import SequentialPlan

    ruleset = load_ruleset(game)
    base = parse_params(ruleset.spec.params, [baseline] if baseline.strip() else [])
    var = parse_params(ruleset.spec.params, [f"{baseline} {variant}".strip()])
    try:
        plan = SequentialPlan(looks=sequential, margin=margin)
    except ValueError as exc:
        raise ParseError(str(exc)) from None
    seats = _agents(ruleset, agents, quiet or as_json)
    if out_file is not None:
        out_file = check_output(out_file, "--out", "results.parquet")
    if report is not None:
        report = check_output(report, "--report", "report.html")
    started = time.perf_counter()
    with _progress(2 * games, f"{game} compare", not quiet) as advance:
        result = compare(game, seats, games, seed, baseline=base, variant=var,
                         metric=metric, plan=plan, fixed_seats=fixed_seats, workers=workers,
                         backend=backend, address=address, progress=advance)
    seconds = time.perf_counter() - started
    records = result.baseline + result.variant
    if out_file is not None:
        from starlanes.lab.records import write_records

        write_records(records, out_file)
    if report is not None:
        from starlanes.lab.paths import write_output
        from starlanes.lab.report import render_report

        page = render_report(records, str(out_file or "compare"))
        write_output(report, lambda tmp: tmp.write_text(page, encoding="utf-8"))
    data = result.to_json()
    if as_json:
        data["seconds"] = round(seconds, 3)
        print(json.dumps(data))
        return
    early = f" (stopped early, planned {result.planned})" if result.stopped_early else ""
    out.print(f"[bold]{data['game']} {data['version']}[/]: {result.games} paired games{early} "
              f"in {seconds:.1f}s; baseline {data['baseline'] or 'rules as written'}, variant {data['variant']}")
    out.print(f"[bold]{data['text']}[/]")
    out.print(f"paired games whose result the variant changed: {result.changed} of {result.games}")
    table = Table(title="every metric (variant - baseline)")
    for col in ("metric", "baseline", "variant", "difference", f"{plan.confidence * 100:.4g}% CI"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for name, d in result.all_metrics().items():
        if name == "length":
            cells = [f"{d.baseline:.1f}", f"{d.variant:.1f}", f"{d.diff:+.1f}", f"{d.low:+.1f} – {d.high:+.1f}"]
        else:
            cells = [_pct(d.baseline), _pct(d.variant), f"{d.diff * 100:+.1f} pts",
                     f"{d.low * 100:+.1f} – {d.high * 100:+.1f}"]
        table.add_row(name, *cells)
    out.print(table)
    if report is not None:
        out.print(f"report written to {report}")


@lab_app.command("report")
def report_cmd(
    results: Annotated[Path, typer.Argument(metavar="FILE", help="a results file from lab run/compare --out")],
    html_out: Annotated[Path | None, typer.Option("--out", "-o", help="HTML file (default: FILE .html)")] = None,
) -> None:
    """Write an HTML report with plots (win rates with intervals, lengths, variant differences)."""
    from starlanes.lab.report import write_report

    target = write_report(results, html_out)
    out.print(f"report written to {target}")

