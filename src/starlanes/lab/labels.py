"""Seat labels: what each seat *was* in a game, so the lab can group wins by it.

A game whose seats differ by more than their position (kardashev's roles, a faction, a
deck) tells the lab what each seat was through an optional ruleset method::

    def seat_labels(self, state) -> Sequence[str] | None:
        '''One short label per seat (kardashev: the seat's role, "Warlord"), or None.'''

The lab calls it on the final state of every game and keeps the labels in the game's record
(``GameRecord.labels``); the summary then gives the win rate of every label with its Wilson
interval (``Summary.by_label``), in the text report, the JSON and the HTML report. A ruleset
without the method, or one that returns ``None``, has no labels, and nothing about its
reports changes.

The method is read with ``getattr`` so that no core change is needed for a game to provide
it; a wrong answer (not one string per seat) is a ``StarlanesError`` naming the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from starlanes.core.errors import StarlanesError

if TYPE_CHECKING:
    from rich.table import Table

    from .summary import Rate, Summary

__all__ = ["HOOK", "label_rows", "label_table", "seat_labels"]

HOOK = "seat_labels"
"""The name of the optional ruleset method the lab asks."""


def seat_labels(ruleset: Any, state: Any) -> tuple[str, ...]:
    """The label of every seat of ``state`` by ``ruleset``'s ``seat_labels``; ``()`` without one."""
    hook = getattr(ruleset, HOOK, None)
    if not callable(hook):
        return ()
    labels = hook(state)
    if labels is None:
        return ()
    game = getattr(getattr(ruleset, "spec", None), "id", type(ruleset).__name__)
    if isinstance(labels, str) or not isinstance(labels, Sequence):
        raise StarlanesError(f"{game}: {HOOK}() must give one label per seat, not {labels!r}")
    out = tuple(labels)
    players = getattr(state, "players", len(out))
    if len(out) != players or not all(isinstance(x, str) and x for x in out):
        raise StarlanesError(f"{game}: {HOOK}() must give one non-empty text per seat "
                             f"({players} seats), got {out!r}")
    return out


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def label_rows(summary: Summary) -> list[tuple[str, ...]]:
    """Rows of the label table: label, agent (``any``, then each agent when several played),
    seats played with the label, wins, win rate, 95% CI, mean score (``-``: no scores)."""
    rows = []
    split = len(summary.by_agent) > 1
    for label, rate in summary.by_label.items():
        mean = summary.label_scores.get(label)
        rows.append(_row(label, "any", rate, "-" if mean is None else f"{mean:.1f}"))
        if split:
            for (name, agent), part in sorted(summary.label_agent.items()):
                if name == label:
                    rows.append(_row("", agent, part, ""))
    return rows


def _row(label: str, agent: str, rate: Rate, mean: str) -> tuple[str, ...]:
    low, high = rate.ci95
    return (label, agent, str(rate.games), str(rate.wins), _pct(rate.rate), f"{_pct(low)} – {_pct(high)}", mean)


def label_table(summary: Summary) -> Table | None:
    """The Rich table of win rates by seat label, or ``None`` when the games had no labels."""
    if not summary.by_label:
        return None
    from rich import box
    from rich.table import Table

    table = Table(title="win rate by seat label (e.g. role); score: mean final score",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("label", "agent", "played", "wins", "win rate", "95% CI", "score"):
        # only the agent's name may be shortened on a narrow terminal; numbers never wrap
        table.add_column(col, justify="left" if col in ("label", "agent") else "right",
                         no_wrap=col != "agent", overflow="ellipsis")
    for row in label_rows(summary):
        table.add_row(*row)
    return table
