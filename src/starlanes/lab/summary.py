"""Summaries of a batch of games: win rates with Wilson intervals, draws, lengths, first mover.

``summarize(records)`` gives a :class:`Summary`; ``Summary.to_json()`` is the object that
``starlanes lab run --json`` prints::

    {"games": 200, "draws": 3, "mean_length": 812.4,
     "seats": [{"seat": 0, "agent": "mcts:iterations=100", "games": 100, "wins": 91,
                "win_rate": 0.91, "ci95": [0.838, 0.952]}, ...],
     "agents": [...], "by_seat": [...], "length": {...}, "first_player": {...},
     "labels": [{"label": "Warlord", "games": 50, "wins": 12, "win_rate": 0.24,
                 "ci95": [0.143, 0.374], "mean_score": 31.5}, ...],
     "label_agents": [{"label": "Warlord", "agent": "random", ...}, ...]}

A seat wins a game when it is among the outcome's winners (a shared win counts for each
winner); a game with no winner is a draw.

Seat labels (``labels.py``: what each seat was, e.g. kardashev's role) give ``by_label``: the
win rate of every label over the seats that had it (``games`` counts those seats), with the
mean final score when the games report scores; ``label_agent`` splits it by agent. Games
without labels leave both empty, and ``labels`` / ``label_agents`` are then empty lists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .records import GameRecord
from .stats import quantiles, wilson

__all__ = ["Rate", "Summary", "ending_labels", "plural", "reason_kind", "summarize"]


def plural(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class Rate:
    """``wins`` out of ``games`` with the Wilson 95% interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.rate, 6),
            "ci95": [round(low, 6), round(high, 6)],
        }


@dataclass(frozen=True, slots=True)
class Summary:
    game: str
    version: str
    games: int
    draws: int
    seat_agent: dict[tuple[int, str], Rate]  # per (seat, agent)
    by_agent: dict[str, Rate]  # per agent spec, any seat
    by_seat: dict[int, Rate]  # per seat, any agent
    first_player: Rate  # games where a single seat acted first: did it win?
    players: int
    lengths: tuple[int, ...]
    reasons: dict[str, int]  # ending (see ending_labels) -> games
    draw_reasons: dict[str, int]  # the same, for the drawn games only (cap, turn limit...)
    by_label: dict[str, Rate] = field(default_factory=dict)  # per seat label (e.g. role), sorted by label
    label_agent: dict[tuple[str, str], Rate] = field(default_factory=dict)  # per (label, agent)
    label_scores: dict[str, float] = field(default_factory=dict)  # mean final score per label

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    @property
    def draw_rate(self) -> Rate:
        return Rate(self.draws, self.games)

    def length_stats(self) -> dict[str, float]:
        if not self.lengths:
            return {}
        q = quantiles([float(x) for x in self.lengths], [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0])
        keys = ["min", "p10", "p25", "median", "p75", "p90", "max"]
        out = dict(zip(keys, q, strict=True))
        out["mean"] = round(self.mean_length, 3)
        return out

    def to_json(self) -> dict[str, Any]:
        first = self.first_player.to_json()
        first["expected"] = round(1.0 / self.players, 6) if self.players else None
        return {
            "game": self.game,
            "version": self.version,
            "games": self.games,
            "draws": self.draws,
            "draw_ci95": [round(x, 6) for x in self.draw_rate.ci95],
            "mean_length": round(self.mean_length, 3),
            "seats": [
                {"seat": seat, "agent": agent, **rate.to_json()}
                for (seat, agent), rate in sorted(self.seat_agent.items())
            ],
            "agents": [{"agent": agent, **rate.to_json()} for agent, rate in self.by_agent.items()],
            "by_seat": [{"seat": seat, **rate.to_json()} for seat, rate in sorted(self.by_seat.items())],
            "length": self.length_stats(),
            "first_player": first,
            "reasons": dict(sorted(self.reasons.items())),
            "draw_reasons": dict(sorted(self.draw_reasons.items())),
            "labels": [
                {"label": label, **rate.to_json(), "mean_score": self._mean_score(label)}
                for label, rate in self.by_label.items()
            ],
            "label_agents": [
                {"label": label, "agent": agent, **rate.to_json()}
                for (label, agent), rate in sorted(self.label_agent.items())
            ],
        }

    def _mean_score(self, label: str) -> float | None:
        mean = self.label_scores.get(label)
        return None if mean is None else round(mean, 6)


K = TypeVar("K")


_NUMBER = re.compile(r"\d+")


def reason_kind(reason: str) -> str:
    """The category of an ending: the reason up to its first ``;`` or ``:`` with numbers written N,
    so "seat 1 is the last player standing" and "seat 0 is ..." count together, and a reason that
    carries the final scores after a ``;`` is not a category of its own per game."""
    head = re.split(r"[;:]", reason, maxsplit=1)[0].strip()
    return _NUMBER.sub("N", head) or reason


def _values(numbers: list[str]) -> str:
    """The numbers one slot of an ending took: ``60``; ``0 or 1``; ``0, 1 or 2``; ``40–71``."""
    distinct = sorted(set(numbers), key=int)
    if len(distinct) == 1:
        return distinct[0]
    if len(distinct) <= 3:
        return ", ".join(distinct[:-1]) + " or " + distinct[-1]
    return f"{distinct[0]}–{distinct[-1]}"


def ending_labels(reasons: Sequence[str]) -> list[str]:
    """A label per reason: reasons of one kind (:func:`reason_kind`) share a label that shows
    the numbers they had, e.g. "turn limit (100 turns) reached" or "seat 0 or 1 is the last
    player standing" (never a bare ``N``)."""
    kinds = [reason_kind(r) for r in reasons]
    texts: dict[str, list[str]] = {}  # kind -> the words between its numbers
    slots: dict[str, list[list[str]]] = {}  # kind -> the numbers each slot took
    for reason, kind in zip(reasons, kinds, strict=True):
        head = re.split(r"[;:]", reason, maxsplit=1)[0].strip()
        found = _NUMBER.findall(head)
        texts.setdefault(kind, _NUMBER.split(head))
        cols = slots.setdefault(kind, [[] for _ in found])
        for col, number in zip(cols, found, strict=False):
            col.append(number)
    labels: dict[str, str] = {}
    for kind, cols in slots.items():
        words = texts[kind]
        labels[kind] = words[0] + "".join(_values(col) + rest for col, rest in zip(cols, words[1:], strict=True))
    return [labels[k] for k in kinds]


def _tally(table: dict[K, list[int]], key: K, won: int) -> None:
    cell = table.setdefault(key, [0, 0])
    cell[0] += won
    cell[1] += 1


def summarize(records: Sequence[GameRecord]) -> Summary:
    """Aggregate ``records`` (all from one ruleset and one label)."""
    if not records:
        raise ValueError("no games to summarize")
    games = {r.game for r in records}
    if len(games) > 1:
        raise ValueError(f"records mix rulesets: {', '.join(sorted(games))}")
    wins_sa: dict[tuple[int, str], list[int]] = {}
    wins_a: dict[str, list[int]] = {}
    wins_s: dict[int, list[int]] = {}
    wins_l: dict[str, list[int]] = {}
    wins_la: dict[tuple[str, str], list[int]] = {}
    scores_l: dict[str, list[float]] = {}
    first_w = first_n = 0
    reasons: dict[str, int] = {}
    draw_reasons: dict[str, int] = {}
    for r, label in zip(records, ending_labels([r.reason for r in records]), strict=True):
        winners = set(r.winners)
        for seat, agent in enumerate(r.agents):
            won = 1 if seat in winners else 0
            _tally(wins_sa, (seat, agent), won)
            _tally(wins_a, agent, won)
            _tally(wins_s, seat, won)
            if len(r.labels) == len(r.agents):
                _tally(wins_l, r.labels[seat], won)
                _tally(wins_la, (r.labels[seat], agent), won)
                if len(r.scores) == len(r.agents):
                    scores_l.setdefault(r.labels[seat], []).append(r.scores[seat])
        if r.first >= 0:
            first_n += 1
            first_w += 1 if r.first in winners else 0
        reasons[label] = reasons.get(label, 0) + 1
        if r.draw:
            draw_reasons[label] = draw_reasons.get(label, 0) + 1
    return Summary(
        game=records[0].game,
        version=records[0].version,
        games=len(records),
        draws=sum(1 for r in records if r.draw),
        seat_agent={k: Rate(w, n) for k, (w, n) in wins_sa.items()},
        by_agent={k: Rate(w, n) for k, (w, n) in wins_a.items()},
        by_seat={k: Rate(w, n) for k, (w, n) in wins_s.items()},
        first_player=Rate(first_w, first_n),
        players=max(r.players for r in records),
        lengths=tuple(r.length for r in records),
        reasons=reasons,
        draw_reasons=draw_reasons,
        by_label={k: Rate(*wins_l[k]) for k in sorted(wins_l)},
        label_agent={k: Rate(w, n) for k, (w, n) in wins_la.items()},
        label_scores={k: sum(v) / len(v) for k, v in scores_l.items() if len(v) == wins_l[k][1]},
    )
