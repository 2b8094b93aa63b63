"""The ``greedy`` agent: one ply of look-ahead scored by the ruleset's ``evaluate`` hook.

It draws ``samples`` determinizations of its view, each with its own fresh RNG seed (so
dice are averaged over rather than foreseen), applies every legal action to a copy of each
(the same samples for every action: common random numbers), and scores the
result: the outcome when the game ended (1 win, 0 loss, ``1/n`` draw), else
``evaluate(state, seat)``. In a sealed simultaneous decision the other seats' choices are
unknown, so they are filled in with random legal actions. A ruleset without ``evaluate``
scores every unfinished position ``1/n``: greedy then takes immediate wins, avoids
immediate losses and otherwise plays at random. Ties are broken at random (seeded).

Options: ``samples`` (determinizations per action, default 1 for games without chance or
hidden information, 2 otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset
from starlanes.core.spec import Chance, Information
from starlanes.core.state import SeatView

from .options import int_option
from .search import determinize, fresh_seed, rewards

__all__ = ["GREEDY_OPTIONS", "GreedyAgent", "make_greedy"]

GREEDY_OPTIONS: dict[str, str] = {
    "samples": "sampled futures per action (default 1 without chance or hidden information, else 2)",
}


class GreedyAgent:
    """Best immediate result by the ruleset's evaluation."""

    name = "greedy"

    def __init__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng.from_seed(seed)
        certain = game.spec.chance is Chance.NONE and game.spec.information is Information.PERFECT
        self.samples = int_option(self.name, options, "samples", 1 if certain else 2, minimum=1)

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game, rng = self.game, self.rng
        best: list[Action] = []
        best_value = -1.0
        # the same sampled futures for every action (common random numbers): the actions are
        # compared on equal terms, and the view is determinized only ``samples`` times
        futures = []
        for _ in range(self.samples):
            sample = determinize(game, view, rng, self.name)
            futures.append((sample, fresh_seed(rng)))
        for action in legal:
            total = 0.0
            for sample, seed in futures:
                state = game.clone(sample)
                game.reseed(state, seed)
                game.apply_unchecked(state, self.seat, action)
                # other seats of a sealed decision: their choices are unknown, sample them
                pending = [s for s in game.to_act(state) if s != self.seat] if state.sealed else []
                for other in sorted(pending):
                    options = game.legal_actions(state, other)
                    game.apply_unchecked(state, other, options[rng.randint(0, len(options) - 1)])
                total += rewards(game, state, state.players, (self.seat,))[self.seat]
            value = total / self.samples
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[rng.randint(0, len(best) - 1)]


def make_greedy(game: Ruleset[Any, Any, Any], seat: int, seed: int,
                options: Mapping[str, str]) -> GreedyAgent:
    return GreedyAgent(game, seat, seed, options)
