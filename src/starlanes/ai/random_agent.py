"""The uniformly random agent (seeded)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import SeatView

__all__ = ["RandomAgent", "make_random"]


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randint(0, len(legal) - 1)]


def make_random(game: Ruleset[Any, Any, Any], seat: int, seed: int,
                options: Mapping[str, str]) -> RandomAgent:
    return RandomAgent(seed)
