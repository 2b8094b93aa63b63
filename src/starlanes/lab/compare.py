"""Comparing a variant of a ruleset's params with a baseline, with common random numbers.

Game ``i`` of the baseline and game ``i`` of the variant use the same seed, the same seating
and the same agent seeds: the two sides differ only by the params. Setup chance, dice and
the agents' own randomness start from identical streams, so the paired outcomes are
positively correlated and the difference is measured with less noise than two independent
batches would give (it is still valid when a param change makes the streams diverge).

A metric maps one game record to a number:

- ``seat:K``    1 if seat K won (first-player advantage when K is the seat that starts);
- ``agent:K``   1 if the K-th agent of ``--agents`` won (wherever it sat; only when the
  agents differ);
- ``draws``     1 if the game was a draw;
- ``length``    the number of actions;
- ``label:NAME`` 1 if a seat labelled NAME won (labels: what each seat was, e.g. kardashev's
  role, see ``labels.py``; 0 in a game without that label, so it reads best when the label plays
  every game, e.g. all six kardashev roles at six players). Reported for every label the games
  had.

Every metric is reported; the *primary* one (``--metric``) gets the verdict and drives the
optional sequential stopping (see :class:`~starlanes.lab.stats.SequentialPlan`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlanes.core.errors import ParseError, StarlanesError
from starlanes.core.params import Params, params_to_dict

from .records import GameRecord
from .runner import load_ruleset, plan_games, run_tasks
from .stats import Difference, SequentialPlan, Verdict, paired_difference

__all__ = [
    "Comparison", "compare", "metric_names", "metric_value", "parse_metric", "record_labels", "verdict_text",
]


def metric_names(agents: Sequence[str], players: int, labels: Sequence[str] = ()) -> list[str]:
    """Every metric of a comparison; ``agent:K`` only when the agents differ (with identical
    agents it would mean nothing); ``label:NAME`` for each of ``labels`` (the seat labels the
    games had)."""
    names = [f"seat:{k}" for k in range(players)]
    if len(set(agents)) > 1:
        names += [f"agent:{k}" for k in range(len(agents))]
    return [*names, "draws", "length", *(f"label:{name}" for name in sorted(set(labels)))]


def parse_metric(text: str, agents: Sequence[str], players: int) -> str:
    """``text`` if it names a metric; ``label:NAME`` is accepted for any NAME (the labels are
    known only once games are played)."""
    valid = metric_names(agents, players)
    if text not in valid and not (text.startswith("label:") and text[len("label:"):].strip()):
        raise ParseError(f"unknown metric '{text}'; valid: {', '.join(valid)}, label:NAME")
    return text


def record_labels(records: Sequence[GameRecord]) -> list[str]:
    """The seat labels of ``records``, sorted, each once."""
    return sorted({label for r in records for label in r.labels})


def metric_value(metric: str, record: GameRecord, players: int, fixed_seats: bool = False) -> float:
    """The value of ``metric`` for one game of ``players`` seats (seats rotated unless fixed)."""
    if metric == "draws":
        return 1.0 if record.draw else 0.0
    if metric == "length":
        return float(record.length)
    kind, _, arg = metric.partition(":")
    if kind == "label":
        return 1.0 if any(label == arg and seat in record.winners for seat, label in enumerate(record.labels)) else 0.0
    k = int(arg)
    if kind == "seat":
        return 1.0 if k in record.winners else 0.0
    if kind == "agent":
        # agent K sits in seat K, or with rotation in the seat s with (s + index) % n == K
        seat = k if fixed_seats else (k - record.index) % players
        return 1.0 if seat in record.winners else 0.0
    raise ParseError(f"unknown metric '{metric}'")


def default_metric(agents: Sequence[str]) -> str:
    """Seat 0's win rate when all agents are the same, else the first agent's win rate."""
    return "seat:0" if len(set(agents)) == 1 else "agent:0"


@dataclass
class Comparison:
    game: str
    version: str
    agents: tuple[str, ...]
    baseline_params: dict[str, Any]
    variant_params: dict[str, Any]
    metric: str
    plan: SequentialPlan
    planned: int
    fixed_seats: bool = False
    baseline: list[GameRecord] = field(default_factory=list)
    variant: list[GameRecord] = field(default_factory=list)
    looks: list[tuple[int, Difference]] = field(default_factory=list)  # (games, primary) per look

    @property
    def games(self) -> int:
        return len(self.baseline)

    @property
    def stopped_early(self) -> bool:
        return self.games < self.planned

    def difference(self, metric: str, confidence: float | None = None) -> Difference:
        level = self.plan.confidence if confidence is None else confidence
        n = len(self.agents)
        b = [metric_value(metric, r, n, self.fixed_seats) for r in self.baseline]
        v = [metric_value(metric, r, n, self.fixed_seats) for r in self.variant]
        return paired_difference(b, v, level)

    @property
    def changed(self) -> int:
        """Paired games whose result (winners, length or scores) the variant changed."""
        return sum(
            1 for b, v in zip(self.baseline, self.variant, strict=True)
            if (b.winners, b.length, b.scores) != (v.winners, v.length, v.scores)
        )

    @property
    def primary(self) -> Difference:
        return self.difference(self.metric)

    @property
    def verdict(self) -> str:
        return self.plan.verdict(self.primary)

    def all_metrics(self) -> dict[str, Difference]:
        players = len(self.agents)
        labels = record_labels([*self.baseline, *self.variant])
        return {m: self.difference(m) for m in metric_names(self.agents, players, labels)}

    def to_json(self) -> dict[str, Any]:
        d = self.primary
        return {
            "game": self.game,
            "version": self.version,
            "agents": list(self.agents),
            "baseline": self.baseline_params,
            "variant": self.variant_params,
            "games": self.games,
            "planned": self.planned,
            "stopped_early": self.stopped_early,
            "changed": self.changed,
            "confidence": round(self.plan.confidence, 6),
            "metric": self.metric,
            "verdict": self.verdict,
            "text": verdict_text(self.metric, d, self.plan, self.agents),
            "difference": _diff_json(d),
            "metrics": {m: _diff_json(x) for m, x in self.all_metrics().items()},
        }


def _diff_json(d: Difference) -> dict[str, Any]:
    return {
        "baseline": round(d.baseline, 6),
        "variant": round(d.variant, 6),
        "diff": round(d.diff, 6),
        "ci": [round(d.low, 6), round(d.high, 6)],
    }


def _describe(metric: str, agents: Sequence[str]) -> str:
    if metric == "draws":
        return "the draw rate"
    if metric == "length":
        return "the game length (actions)"
    kind, _, arg = metric.partition(":")
    if kind == "label":
        return f"the win rate of {arg} (seat label)"
    if kind == "seat":
        return f"seat {arg}'s win rate"
    return f"the win rate of agent {arg} ({agents[int(arg)]})"


def verdict_text(metric: str, d: Difference, plan: SequentialPlan, agents: Sequence[str]) -> str:
    """One plain sentence: what the variant does to the metric, and how sure we are."""
    what = _describe(metric, agents)
    pct = metric != "length"

    def fmt(x: float) -> str:
        return f"{x * 100:+.1f} points" if pct else f"{x:+.1f}"

    def val(x: float) -> str:
        return f"{x * 100:.1f}%" if pct else f"{x:.1f}"

    level = f"{plan.confidence * 100:.4g}%"
    interval = f"{level} CI {fmt(d.low)} to {fmt(d.high)}"
    change = f"{val(d.baseline)} -> {val(d.variant)}"
    verdict = plan.verdict(d)
    if verdict == Verdict.HIGHER:
        return f"The variant raises {what}: {change}, {fmt(d.diff)} ({interval}); the difference is clear."
    if verdict == Verdict.LOWER:
        return f"The variant lowers {what}: {change}, {fmt(d.diff)} ({interval}); the difference is clear."
    if verdict == Verdict.SAME and d.low == d.high == 0.0:
        return (
            f"No difference in {what}: it was the same in every one of the {d.n} paired games "
            f"({val(d.baseline)}); with these agents the change never altered it."
        )
    if verdict == Verdict.SAME:
        margin = fmt(plan.margin).lstrip("+")
        return (
            f"No difference that matters in {what}: {change}, {fmt(d.diff)} ({interval}), "
            f"inside the margin of ±{margin}."
        )
    return (
        f"No clear difference in {what}: {change}, {fmt(d.diff)} ({interval}); the interval "
        f"includes zero, so more games are needed to tell."
    )


def compare(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    *,
    baseline: Params | None = None,
    variant: Params,
    metric: str | None = None,
    plan: SequentialPlan | None = None,
    fixed_seats: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Play ``games`` paired games per side (fewer if the plan stops early) and compare."""
    ruleset = load_ruleset(game)
    base = baseline if baseline is not None else ruleset.default_params()
    if base == variant:
        raise StarlanesError("the variant's params equal the baseline's: nothing to compare")
    chosen = parse_metric(metric or default_metric(agents), agents, len(agents))
    the_plan = plan or SequentialPlan()
    result = Comparison(
        game=ruleset.spec.id,
        version=ruleset.spec.version,
        agents=tuple(agents),
        baseline_params=params_to_dict(base),
        variant_params=params_to_dict(variant),
        metric=chosen,
        plan=the_plan,
        planned=games,
        fixed_seats=fixed_seats,
    )
    done = 0
    for checkpoint in the_plan.checkpoints(games):
        count = checkpoint - done
        tasks = plan_games(game, agents, count, seed, params=base, fixed_seats=fixed_seats,
                           label="baseline", start=done)
        tasks += plan_games(game, agents, count, seed, params=variant, fixed_seats=fixed_seats,
                            label="variant", start=done)
        records = run_tasks(tasks, workers=workers, backend=backend, address=address, progress=progress)
        result.baseline += [r for r in records if r.label == "baseline"]
        result.variant += [r for r in records if r.label == "variant"]
        done = checkpoint
        if chosen.startswith("label:"):
            seen = record_labels(records)
            if chosen[len("label:"):] not in seen:
                raise StarlanesError(f"--metric {chosen}: no seat had that label; the games' labels: "
                                     f"{', '.join(seen) or 'none (the game gives no seat labels)'}")
        primary = result.primary
        result.looks.append((done, primary))
        if the_plan.should_stop(primary) and done < games:
            break
    return result
