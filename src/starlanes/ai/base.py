"""What an agent is.

An agent plays one seat. It sees the game only through that seat's ``SeatView`` and the list
of legal actions (both derived by the framework from the state), never the raw state.
It is built by a factory from the ruleset, its seat, a seed and its options (parsed from the
agent spec string, e.g. ``mcts:iterations=400``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from starlanes.core.actions import Action
from starlanes.core.state import SeatView

if TYPE_CHECKING:
    from starlanes.core.rng import Rng
    from starlanes.core.ruleset import Ruleset

__all__ = ["Agent", "AgentFactory", "Drawer"]


class Agent(Protocol):
    """A player of one seat."""

    name: str

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) from what ``view`` shows."""
        ...


class Drawer(Protocol):
    """An agent whose choice depends on nothing but which actions are legal and its own seeded
    generator (the ``random`` agent). A loop that finds ``draw_legal`` may call it instead of ``act``,
    and then builds neither the view nor the list of legal actions (the lab, issue 16).

    ``draw_legal`` must choose exactly what ``act`` would have chosen from the same generator state
    (the same game for the same seed); it hands ``state`` only to the ruleset's
    ``sample_legal``, which reveals what ``legal_actions`` would: the agent reads nothing else.

    ``rng`` is the generator ``draw_legal`` hands to ``sample_legal``. When every seat's agent is
    a drawer, the lab hands the seats' generators to the ruleset's ``play_random`` for the whole
    game, which draws each seat's actions with its generator exactly as ``draw_legal`` would.
    """

    name: str
    rng: Rng

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action: ...

    def draw_legal(self, game: Ruleset[Any, Any, Any], state: Any, seat: int) -> Action:
        """The action ``act`` would choose, drawn by ``game.sample_legal`` without the list."""
        ...


class AgentFactory(Protocol):
    def __call__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> Agent: ...
