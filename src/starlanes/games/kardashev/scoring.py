"""Scoring, the two game-end triggers and the winner, as pure functions over small typed inputs.

Score (END 148, K-E04): every colony on the board 3 / 5 / 6 points at level 1 / 2 / 3, every
fleet 1 / 2 / 3, every held technology 1 / 2 / 3 by level. Resources score nothing.

End (END 143-144): a player with fewer than 3 colony pieces in supply ends the game after the
current round and one more (K-E01); an eliminated player (no colony and no fleet on the board)
ends it after the current round (K-E02); the earlier end point wins (K-E03).

Ties (END 150 suggests a duel with lasers): ruling K20, param ``tiebreak``.

>>> score(Holdings(colonies=(1, 3), fleets=(2,), techs=(1, 2))).total
14
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import msgspec

from starlanes.games.kardashev.costs import NonNegative

__all__ = [
    "Holdings",
    "Result",
    "Score",
    "ScoreTable",
    "Standing",
    "decide",
    "eliminated",
    "last_round",
    "score",
    "supply_low",
    "tiebreak_value",
]


class ScoreTable(msgspec.Struct, frozen=True):
    """Points per level 1, 2, 3 (the rules' scoring table; params ``*_points``)."""

    colony: tuple[int, int, int] = (3, 5, 6)
    fleet: tuple[int, int, int] = (1, 2, 3)
    tech: tuple[int, int, int] = (1, 2, 3)


class Holdings(msgspec.Struct, frozen=True, kw_only=True):
    """What a player has at the end: levels of its colonies and fleets on the board, levels of
    its held technologies (Cloning counts its own level), cards in hand (tie-break only)."""

    colonies: tuple[int, ...] = ()
    fleets: tuple[int, ...] = ()
    techs: tuple[int, ...] = ()
    resources: NonNegative = 0


class Score(msgspec.Struct, frozen=True):
    colonies: int
    fleets: int
    techs: int

    @property
    def total(self) -> int:
        return self.colonies + self.fleets + self.techs


def _points(levels: Iterable[int], table: tuple[int, int, int], what: str) -> int:
    total = 0
    for level in levels:
        if not 1 <= level <= 3:
            raise ValueError(f"{what} level must be 1..3, not {level}")
        total += table[level - 1]
    return total


def score(holdings: Holdings, table: ScoreTable = ScoreTable()) -> Score:  # noqa: B008 - frozen value
    """A player's score in its three parts (K-E04, K-Q07)."""
    return Score(
        _points(holdings.colonies, table.colony, "colony"),
        _points(holdings.fleets, table.fleet, "fleet"),
        _points(holdings.techs, table.tech, "technology"),
    )


# --- game end --------------------------------------------------------------------------------


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """A player's pieces, as the end triggers see them."""

    colonies_on_board: NonNegative
    fleets_on_board: NonNegative
    colonies_in_supply: NonNegative


def supply_low(standing: Standing, threshold: int = 3) -> bool:
    """Trigger A: fewer than ``threshold`` colony pieces left in supply (K-E01)."""
    return standing.colonies_in_supply < threshold


def eliminated(standing: Standing) -> bool:
    """Trigger B: no colony and no fleet on the board (K-E02)."""
    return standing.colonies_on_board == 0 and standing.fleets_on_board == 0


def last_round(
    current: int,
    standings: Iterable[Standing],
    known: int | None = None,
    *,
    threshold: int = 3,
    final_rounds: int = 1,
) -> int | None:
    """The number of the game's last round, checked during round ``current`` (any time: A#42).

    ``known`` is the last round an earlier trigger set, if any. Trigger A sets ``current +
    final_rounds``, trigger B sets ``current``; the earliest end point wins and nothing extends it
    (K-E03). None: no trigger yet.
    """
    ends = [] if known is None else [known]
    for standing in standings:
        if eliminated(standing):
            ends.append(current)
        elif supply_low(standing, threshold):
            ends.append(current + final_rounds)
    return min(ends) if ends else None


# --- the winner ------------------------------------------------------------------------------


class Result(msgspec.Struct, frozen=True):
    """Scores per seat, totals per side (a seat, or a team in the ally variant), the winners."""

    scores: dict[int, Score]
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: frozenset[int]


def tiebreak_value(holdings: Holdings, tiebreak: str) -> int:
    """What ranks tied players (ruling K20): fleet levels, colony levels or cards; ``none``: 0."""
    if tiebreak == "fleets":
        return sum(holdings.fleets)
    if tiebreak == "colonies":
        return sum(holdings.colonies)
    if tiebreak == "resources":
        return holdings.resources
    if tiebreak == "none":
        return 0
    raise ValueError(f"unknown tiebreak '{tiebreak}'")


def decide(
    holdings: Mapping[int, Holdings],
    *,
    table: ScoreTable = ScoreTable(),  # noqa: B008 - frozen value
    tiebreak: str = "fleets",
    teams: Sequence[Sequence[int]] | None = None,
) -> Result:
    """Score every seat and name the winners (K-E05; ally variant K-V09: a team's score is the sum
    of its members', and every member of a winning team wins). Sides tied on score are ranked by
    ``tiebreak`` summed over the side; sides still tied share the win."""
    scores = {seat: score(h, table) for seat, h in holdings.items()}
    sides = tuple(tuple(team) for team in teams) if teams is not None else tuple((seat,) for seat in holdings)
    listed = sorted(seat for side in sides for seat in side)
    if listed != sorted(holdings):
        raise ValueError("every seat must be on exactly one side")
    totals = tuple(sum(scores[seat].total for seat in side) for side in sides)
    keys = [
        (total, sum(tiebreak_value(holdings[seat], tiebreak) for seat in side))
        for side, total in zip(sides, totals, strict=True)
    ]
    best = max(keys)
    winners = frozenset(seat for side, key in zip(sides, keys, strict=True) if key == best for seat in side)
    return Result(scores, sides, totals, winners)
