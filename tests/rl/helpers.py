"""Shared helpers of the rl tests: the games to cover and random masked play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from starlanes.registry import available_games
from starlanes.rl import NoFixedActionSpace, StarlanesEnv, env

# Every registered game with a ruleset, read when the tests are collected: a game that registers
# later is covered without editing these tests.
GAMES = [spec.id for spec in available_games()]


def make_env(game: Any, **kwargs: Any) -> StarlanesEnv:
    """``starlanes.rl.env``, skipping the test only for a game that declares it has no fixed
    action space (``rl_action_index`` returning ``None``)."""
    try:
        return env(game, **kwargs)
    except NoFixedActionSpace as exc:
        pytest.skip(str(exc))


def acting(e: StarlanesEnv) -> bool:
    agent = e.agent_selection
    return bool(e.agents) and not (e.terminations[agent] or e.truncations[agent])


def random_play(e: StarlanesEnv, rng: np.random.Generator, steps: int) -> Iterator[StarlanesEnv]:
    """Yield ``e`` before each of up to ``steps`` random masked actions of the current episode."""
    for _ in range(steps):
        if not acting(e):
            return
        yield e
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
