"""``starlanes lab report FILE``: one self-contained HTML page from a results file.

The page holds, for each batch in the file (``run``, or ``baseline`` and ``variant`` of a
comparison): the win rates per seat and agent with their Wilson 95% intervals (table and
plot), the win rates per seat label (kardashev: per role; table and plot) when the games
have labels, draws, first-player advantage and a histogram of game lengths. A file with both a
baseline and a variant also gets the paired differences of every metric with their 95%
intervals (plot and verdicts). Plots are drawn with matplotlib and embedded as inline SVG,
so the page needs no network and no JavaScript.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlanes.core.errors import ContentError

from .compare import metric_names, metric_value, record_labels, verdict_text
from .paths import check_output, expand, write_output
from .records import GameRecord, read_records
from .stats import SequentialPlan, paired_difference
from .summary import Summary, summarize

__all__ = ["render_report", "script_json", "write_report"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
h1, h2, h3 { font-weight: 600; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #f3f3f3; }
td.l, th.l { text-align: left; }
.verdict { background: #f6f8fa; border-left: 4px solid #4a7; padding: 0.5em 1em; }
.meta { color: #555; }
figure { margin: 0.5em 0 1.5em; }
"""


def _svg(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _figure() -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(8, 3.2))


def _rates_plot(summary: Summary, title: str) -> str:
    rows = [(f"seat {s} · {a}", r) for (s, a), r in sorted(summary.seat_agent.items())]
    if len(summary.by_agent) > 1:
        rows += [(f"agent {a}", r) for a, r in summary.by_agent.items()]
    fig, ax = _figure()
    fig.set_figheight(0.45 * len(rows) + 1.2)
    ys = list(range(len(rows)))[::-1]
    rates = [r.rate for _, r in rows]
    lows = [r.rate - r.ci95[0] for _, r in rows]
    highs = [r.ci95[1] - r.rate for _, r in rows]
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="o", capsize=4, color="#2a6f97")
    ax.set_yticks(ys, [label for label, _ in rows])
    ax.axvline(1.0 / max(summary.players, 1), color="#999", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval); dashed: 1/players")
    ax.set_title(title)
    return _svg(fig)


def _labels_plot(summary: Summary, title: str) -> str:
    rows = list(summary.by_label.items())
    fig, ax = _figure()
    fig.set_figheight(0.45 * len(rows) + 1.2)
    ys = list(range(len(rows)))[::-1]
    rates = [r.rate for _, r in rows]
    lows = [r.rate - r.ci95[0] for _, r in rows]
    highs = [r.ci95[1] - r.rate for _, r in rows]
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="o", capsize=4, color="#6a4c93")
    ax.set_yticks(ys, [label for label, _ in rows])
    ax.axvline(1.0 / max(summary.players, 1), color="#999", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval); dashed: 1/players")
    ax.set_title(title)
    return _svg(fig)


def _labels_html(summary: Summary, label: str) -> str:
    e = html.escape
    split = len(summary.by_agent) > 1
    parts = ["<h3>By seat label (what each seat was, e.g. its role)</h3>",
             "<table><tr><th class=l>label</th>" + ("<th class=l>agent</th>" if split else "")
             + "<th>seats played</th><th>wins</th><th>win rate</th><th>95% CI</th><th>mean score</th></tr>"]
    rows = [(name, "any", rate) for name, rate in summary.by_label.items()]
    if split:
        rows = []
        for name, rate in summary.by_label.items():
            rows.append((name, "any", rate))
            rows += [(name, agent, part) for (n, agent), part in sorted(summary.label_agent.items()) if n == name]
    for name, agent, r in rows:
        low, high = r.ci95
        mean = summary.label_scores.get(name) if agent == "any" else None
        parts.append(f"<tr><td class=l>{e(name)}</td>" + (f"<td class=l>{e(agent)}</td>" if split else "")
                     + f"<td>{r.games}</td><td>{r.wins}</td><td>{_pct(r.rate)}</td>"
                     f"<td>{_pct(low)} – {_pct(high)}</td><td>{'-' if mean is None else f'{mean:.1f}'}</td></tr>")
    parts.append("</table>")
    parts.append(f"<figure>{_labels_plot(summary, label + ': win rates by seat label')}</figure>")
    return "".join(parts)


def _length_plot(summary: Summary, title: str) -> str:
    fig, ax = _figure()
    ax.hist(summary.lengths, bins=min(40, max(5, len(set(summary.lengths)))), color="#61a5c2")
    ax.set_xlabel("game length (actions)")
    ax.set_ylabel("games")
    ax.set_title(title)
    return _svg(fig)


def _diff_plot(diffs: dict[str, Any]) -> str:
    names = [m for m in diffs if m != "length"]
    fig, ax = _figure()
    fig.set_figheight(0.45 * len(names) + 1.2)
    ys = list(range(len(names)))[::-1]
    d = [diffs[m].diff for m in names]
    ax.errorbar(
        d, ys,
        xerr=[[diffs[m].diff - diffs[m].low for m in names], [diffs[m].high - diffs[m].diff for m in names]],
        fmt="o", capsize=4, color="#a4161a",
    )
    ax.axvline(0.0, color="#555", linewidth=1)
    ax.set_yticks(ys, names)
    ax.set_xlabel("variant - baseline (paired, 95% interval)")
    ax.set_title("What the variant changes")
    return _svg(fig)


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _summary_html(summary: Summary, label: str) -> str:
    e = html.escape
    parts = [f"<h2>{e(label)}: {summary.games} games</h2>"]
    parts.append("<table><tr><th>seat</th><th class=l>agent</th><th>games</th><th>wins</th>"
                 "<th>win rate</th><th>95% CI</th></tr>")
    for (seat, agent), r in sorted(summary.seat_agent.items()):
        low, high = r.ci95
        parts.append(f"<tr><td>{seat}</td><td class=l>{e(agent)}</td><td>{r.games}</td><td>{r.wins}</td>"
                     f"<td>{_pct(r.rate)}</td><td>{_pct(low)} – {_pct(high)}</td></tr>")
    parts.append("</table>")
    if len(summary.by_agent) > 1:
        parts.append("<table><tr><th class=l>agent (any seat)</th><th>games</th><th>wins</th>"
                     "<th>win rate</th><th>95% CI</th></tr>")
        for agent, r in summary.by_agent.items():
            low, high = r.ci95
            parts.append(f"<tr><td class=l>{e(agent)}</td><td>{r.games}</td><td>{r.wins}</td>"
                         f"<td>{_pct(r.rate)}</td><td>{_pct(low)} – {_pct(high)}</td></tr>")
        parts.append("</table>")
    if summary.by_label:
        parts.append(_labels_html(summary, label))
    dr = summary.draw_rate
    fp = summary.first_player
    lengths = summary.length_stats()
    parts.append("<p>")
    parts.append(f"Draws: {dr.wins} ({_pct(dr.rate)}, 95% CI {_pct(dr.ci95[0])} – {_pct(dr.ci95[1])}). ")
    if fp.games:
        parts.append(
            f"First player won {fp.wins} of {fp.games} ({_pct(fp.rate)}, 95% CI {_pct(fp.ci95[0])} – "
            f"{_pct(fp.ci95[1])}; even would be {_pct(1 / summary.players)}). "
        )
    if lengths:
        parts.append(
            f"Length: mean {lengths['mean']:.1f}, median {lengths['median']:.0f}, "
            f"10–90% {lengths['p10']:.0f}–{lengths['p90']:.0f}, max {lengths['max']:.0f} actions. "
        )
    reasons = ", ".join(f"{e(k)}: {v}" for k, v in sorted(summary.reasons.items()))
    parts.append(f"Endings: {reasons}.</p>")
    parts.append(f"<figure>{_rates_plot(summary, label + ': win rates')}</figure>")
    parts.append(f"<figure>{_length_plot(summary, label + ': game lengths')}</figure>")
    return "".join(parts)


def _comparison_html(baseline: Sequence[GameRecord], variant: Sequence[GameRecord]) -> str:
    e = html.escape
    by_index = {r.index: r for r in baseline}
    pairs = [(by_index[v.index], v) for v in variant if v.index in by_index]
    if not pairs:
        return "<p>No paired games between baseline and variant.</p>"
    first = pairs[0][0]
    players = first.players
    fixed = all(r.agents == first.agents for r, _ in pairs)
    # the --agents list as given: game i seats agents[(k + i) % n] in seat k unless fixed
    agents = first.agents if fixed else tuple(first.agents[(j - first.index) % players] for j in range(players))
    plan = SequentialPlan()
    diffs = {}
    for m in metric_names(agents, players, record_labels([r for pair in pairs for r in pair])):
        b = [metric_value(m, r, players, fixed) for r, _ in pairs]
        v = [metric_value(m, r, players, fixed) for _, r in pairs]
        diffs[m] = paired_difference(b, v, plan.confidence)
    parts = [
        "<h2>Variant against baseline</h2>",
        f"<p class=meta>{len(pairs)} paired games (same seeds, seating and agent seeds on both sides). "
        f"Baseline params: <code>{e(pairs[0][0].params)}</code>; variant params: "
        f"<code>{e(pairs[0][1].params)}</code>.</p>",
        "<table><tr><th class=l>metric</th><th>baseline</th><th>variant</th><th>difference</th>"
        "<th>95% CI</th></tr>",
    ]
    for m, d in diffs.items():
        if m == "length":
            cells = f"<td>{d.baseline:.1f}</td><td>{d.variant:.1f}</td><td>{d.diff:+.1f}</td>" \
                    f"<td>{d.low:+.1f} – {d.high:+.1f}</td>"
        else:
            cells = f"<td>{_pct(d.baseline)}</td><td>{_pct(d.variant)}</td><td>{d.diff * 100:+.1f} pts</td>" \
                    f"<td>{d.low * 100:+.1f} – {d.high * 100:+.1f}</td>"
        parts.append(f"<tr><td class=l>{e(m)}</td>{cells}</tr>")
    parts.append("</table>")
    for m, d in diffs.items():
        parts.append(f"<p class=verdict>{e(verdict_text(m, d, plan, agents))}</p>")
    parts.append(f"<figure>{_diff_plot(diffs)}</figure>")
    return "".join(parts)


def script_json(value: Any) -> str:
    """``value`` as JSON that is safe inside ``<script type="application/json">``: ``<``, ``>``
    and ``&`` are written as ``\\u003c``... escapes, so no ``</script>`` (or ``<!--``) can end the
    element, and the element's text parses as JSON unchanged (no HTML unescaping needed)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_report(records: Sequence[GameRecord], source: str = "") -> str:
    """The HTML page for ``records``."""
    if not records:
        raise ContentError(source or "records", "", "no games in the file")
    first = records[0]
    labels = list(dict.fromkeys(r.label for r in records))
    e = html.escape
    body = [
        f"<h1>starlanes lab: {e(first.game)} <small>version {e(first.version)}</small></h1>",
        f"<p class=meta>{len(records)} games from {e(source or 'memory')}; agents: "
        f"{e(', '.join(dict.fromkeys(a for r in records for a in r.agents)))}; params: "
        f"{e(', '.join(dict.fromkeys(r.params for r in records)))}.</p>",
    ]
    groups = {label: [r for r in records if r.label == label] for label in labels}
    if "baseline" in groups and "variant" in groups:
        body.append(_comparison_html(groups["baseline"], groups["variant"]))
    for label, group in groups.items():
        body.append(_summary_html(summarize(group), label))
    data = script_json({label: summarize(g).to_json() for label, g in groups.items()})
    return (
        "<!doctype html><html><head><meta charset=utf-8>"
        f"<title>starlanes lab: {e(first.game)}</title><style>{_STYLE}</style></head><body>"
        + "".join(body)
        + f'<script type="application/json" id="summary">{data}</script></body></html>\n'
    )


def write_report(results: str | Path, out: str | Path | None = None) -> Path:
    """Read a results file and write its HTML report (default: same name, ``.html``).

    The output path is checked (``paths.check_output``) before the results are read."""
    source = expand(results)
    target = check_output(out if out is not None else source.with_suffix(".html"), "--out", "report.html")
    records = read_records(source)
    page = render_report(records, str(source))
    return write_output(target, lambda tmp: tmp.write_text(page, encoding="utf-8"))
