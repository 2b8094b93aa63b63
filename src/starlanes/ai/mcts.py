"""The ``mcts`` and ``ismcts`` agents (see :mod:`starlanes.ai.search` for the algorithm).

Both see only their seat's view and legal actions, as every agent does, and rebuild full
states through the ruleset's ``determinize_view`` hook:

- ``mcts`` determinizes once per decision and searches that state, reseeding its ``Rng`` at
  every iteration so the future dice stay unknown. For a perfect-information game the
  determinization is the real position (apart from the RNG and other seats' sealed
  choices, which no seat may see), so this is plain UCT with chance handled by sampling.
- ``ismcts`` draws a new determinization at every iteration (single-observer ISMCTS), so
  its statistics average over every hidden state its view allows.

Spec options (all optional): ``iterations`` (default 200; 0 with ``time`` means no limit),
``time`` (seconds per decision), ``c`` (UCB exploration, default 1.0), ``rollout`` (playout
length cap in actions before the ruleset's ``evaluate`` scores the position; default 0 —
score the new leaf at once — for rulesets that implement ``evaluate``, 100 for the others).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.errors import ParseError
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import GameState, SeatView

from .options import float_option, int_option
from .search import Budget, SearchResult, determinize, fresh_seed, search

__all__ = ["SEARCH_OPTIONS", "ISMCTSAgent", "MCTSAgent", "make_ismcts", "make_mcts"]

SEARCH_OPTIONS: dict[str, str] = {
    "iterations": "search iterations per decision (default 200; 0 = no limit, needs time)",
    "time": "seconds per decision (default: no time limit)",
    "c": "UCB1 exploration constant (default 1.0)",
    "rollout": "playout length cap in actions before evaluate() scores it (default 0 with evaluate(), else 100)",
}


def _budget(agent: str, options: Mapping[str, str]) -> Budget:
    seconds = float_option(agent, options, "time", None)
    default_iterations = 0 if seconds is not None else 200
    iterations = int_option(agent, options, "iterations", default_iterations)
    if iterations == 0 and seconds is None:
        raise ParseError(f"agent {agent}: iterations=0 needs a time budget (time=SECONDS)")
    if seconds is not None and seconds <= 0:
        raise ParseError(f"agent {agent}: time must be positive, not {seconds:g}")
    return Budget(iterations or None, seconds)


class _SearchAgent:
    """Shared parts of the two search agents."""

    name = "search"

    def __init__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng.from_seed(seed)
        self.budget = _budget(self.name, options)
        c = float_option(self.name, options, "c", 1.0)
        self.c = 1.0 if c is None else c
        # a ruleset with a heuristic scores leaves directly; without one, playouts are needed
        has_heuristic = type(game).evaluate is not Ruleset.evaluate
        self.rollout = int_option(self.name, options, "rollout", 0 if has_heuristic else 100)
        self.last: SearchResult | None = None

    def _sampler(self, view: SeatView[Any]) -> Callable[[Rng], GameState]:
        raise NotImplementedError

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.last = search(
            self.game, self._sampler(view), self.seat, legal, self.rng, self.budget,
            c=self.c, rollout=self.rollout,
        )
        return self.last.action


class MCTSAgent(_SearchAgent):
    """UCT on one determinization per decision, with the RNG reseeded at every iteration."""

    name = "mcts"

    def _sampler(self, view: SeatView[Any]) -> Callable[[Rng], GameState]:
        game = self.game
        base = determinize(game, view, self.rng, self.name)

        def sample_root(rng: Rng) -> GameState:
            state: GameState = game.clone(base)
            game.reseed(state, fresh_seed(rng))
            return state

        return sample_root


class ISMCTSAgent(_SearchAgent):
    """Single-observer ISMCTS: a new determinization of the view at every iteration."""

    name = "ismcts"

    def _sampler(self, view: SeatView[Any]) -> Callable[[Rng], GameState]:
        game = self.game

        def sample_root(rng: Rng) -> GameState:
            state = determinize(game, view, rng, self.name)
            game.reseed(state, fresh_seed(rng))
            return state

        return sample_root


def make_mcts(game: Ruleset[Any, Any, Any], seat: int, seed: int,
              options: Mapping[str, str]) -> MCTSAgent:
    return MCTSAgent(game, seat, seed, options)


def make_ismcts(game: Ruleset[Any, Any, Any], seat: int, seed: int,
                options: Mapping[str, str]) -> ISMCTSAgent:
    return ISMCTSAgent(game, seat, seed, options)
