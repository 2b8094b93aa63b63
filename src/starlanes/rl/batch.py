"""A batch of environments stepped together, with stacked NumPy arrays, for throughput.

``BatchEnv(game, n)`` holds ``n`` ``StarlanesEnv`` of one game and steps them in one call: each
env's acting seat takes the action given for that env; an env whose match ended restarts at
once with the next seed (auto-reset), so every row always has a seat to act. Arrays:

* ``obs``  ``float32[n, obs_size]``: each env's acting seat's observation (from its own view);
* ``mask`` ``int8[n, index.size]``: that seat's legal slots;
* ``seat`` ``int64[n]``: which seat acts in each env;
* after a step, ``rewards`` ``float32[n, seats]`` (every seat's reward from that step: zero
  except when the match ended), ``terminated``/``truncated`` ``bool[n]`` (the match ended by
  its rules / by ``max_steps``; the row's ``obs`` is then the new match's first).

``random_actions(mask, rng)`` draws one legal slot per row, uniformly, without a Python loop.
The envs run in this process, one after another: the batch saves the per-call overhead of a
training loop and gives arrays a learner can use directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from starlanes.core.errors import StarlanesError
from starlanes.core.ruleset import Ruleset

from .env import StarlanesEnv
from .factored import FactoredEnv

__all__ = ["BatchEnv", "BatchObs", "BatchStep", "random_actions"]


class BatchObs(NamedTuple):
    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    seat: npt.NDArray[np.int64]


class BatchStep(NamedTuple):
    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    seat: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]


class BatchEnv:
    """``n`` environments of one game, stepped together (see the module). ``kwargs`` go to each
    ``StarlanesEnv`` (``params``, ``seats``, ``max_steps``, ``obs_size``, ``reward`` ...);
    ``factored=True``: ``FactoredEnv``s (counts chosen digit by digit)."""

    def __init__(self, game: str | Ruleset[Any, Any, Any], n: int, seed: int = 0, factored: bool = False,
                 **kwargs: Any) -> None:
        if n < 1:
            raise StarlanesError(f"a batch holds at least 1 environment, not {n}")
        kind = FactoredEnv if factored else StarlanesEnv
        first = kind(game, seed=seed, **kwargs)
        # the index and the encoder are built once (calibration, sizes) and shared
        self.envs = [first, *(kind(first.game, seed=seed, index=first.index, encoder=first.encoder,
                                   **kwargs) for _ in range(n - 1))]
        self.n = n
        self.players = first.players
        self.obs_size = first.obs_size
        self.action_size = first.action_size
        self._next_seed = seed
        self.episodes = 0

    def _restart(self, env: StarlanesEnv) -> None:
        env.reset(seed=self._next_seed)
        self._next_seed += 1

    def reset(self, seed: int | None = None) -> BatchObs:
        """Start a match in every env (seeds ``seed``, ``seed+1``, ...; default: continue)."""
        if seed is not None:
            self._next_seed = seed
        for env in self.envs:
            self._restart(env)
        return BatchObs(*self._gather())

    def _gather(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        obs = np.empty((self.n, self.obs_size), dtype=np.float32)
        mask = np.empty((self.n, self.action_size), dtype=np.int8)
        seat = np.empty(self.n, dtype=np.int64)
        for i, env in enumerate(self.envs):
            o = env.observe(env.agent_selection)
            obs[i] = o["observation"]
            mask[i] = o["action_mask"]
            seat[i] = env.seat_of(env.agent_selection)
        return obs, mask, seat

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> BatchStep:
        """Each env's acting seat takes its row's slot; ended matches restart (see the module)."""
        if len(actions) != self.n:
            raise StarlanesError(f"a batch of {self.n} environments takes {self.n} actions, not {len(actions)}")
        rewards = np.zeros((self.n, self.players), dtype=np.float32)
        terminated = np.zeros(self.n, dtype=np.bool_)
        truncated = np.zeros(self.n, dtype=np.bool_)
        for i, env in enumerate(self.envs):
            if env.game_state is None:
                raise StarlanesError("call reset() on the batch before step()")
            env.step(actions[i])
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                terminated[i] = env.terminations[agent]
                truncated[i] = env.truncations[agent] and not env.terminations[agent]
                for a, r in env.rewards.items():
                    rewards[i, env.seat_of(a)] = r
                self.episodes += 1
                self._restart(env)
        return BatchStep(*self._gather(), rewards, terminated, truncated)

    def close(self) -> None:
        for env in self.envs:
            env.close()


def random_actions(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One legal slot per row of ``mask``, uniformly among the row's legal slots."""
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=mask.shape[0])
    if not counts.all():
        raise StarlanesError("a row of the mask has no legal slot")
    starts = np.cumsum(counts) - counts
    picks = starts + (rng.random(mask.shape[0]) * counts).astype(np.int64)
    chosen: npt.NDArray[np.int64] = cols[picks].astype(np.int64)
    return chosen
