"""The uniformly random agent (seeded).

It is also a ``Drawer`` (``ai/base.py``): the lab's loop and the search playouts let the ruleset
draw its action (``sample_legal``) instead of building a view and the list, and get the same
action for the same generator state."""

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

    def draw_legal(self, game: Ruleset[Any, Any, Any], state: Any, seat: int) -> Action:
        """What ``act`` would choose, without the view or the list: ``sample_legal`` draws the
        same index of the same list with one ``randint`` (a seat the loop asks has no sealed
        choice, so the list holds no ``withdraw``)."""
        return game.sample_legal(state, seat, self.rng)


def make_random(game: Ruleset[Any, Any, Any], seat: int, seed: int,
                options: Mapping[str, str]) -> RandomAgent:
    return RandomAgent(seed)
