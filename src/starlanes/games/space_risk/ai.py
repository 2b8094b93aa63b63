"""Space-risk bots (placeholder, replaced below)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlanes.core import Action, Ruleset, SeatView
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.state import SpaceRiskState


def evaluate_state(state: SpaceRiskState, board: Board, seat: int) -> float:
    return 0.5


class HeuristicAgent:
    name = "space-risk:heuristic"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        return legal[0]


def make_heuristic(game: Ruleset[Any, Any, Any], seat: int, seed: int, options: Mapping[str, str]) -> HeuristicAgent:
    return HeuristicAgent()
