"""Reinforcement learning over any registered game: a PettingZoo AEC environment.

``starlanes.rl.env("space-risk", seats=3, seed=0)`` is a PettingZoo ``AECEnv`` for a registered
game (or a ``Ruleset`` given directly): agents ``seat_0`` .., a fixed ``Discrete`` action space
with a legal-action mask (``index``), observations encoded from the seat's own view (``encode``),
rewards from the outcome, truncation at ``max_steps``. ``FactoredEnv`` (``factored=True``)
chooses counts digit by digit instead, for a small action space. ``BatchEnv`` steps many at
once with stacked NumPy arrays (``batch``). See docs/rl.md.

Needs the ``rl`` extra (``pip install starlanes[rl]``: pettingzoo, gymnasium).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlanes.core.params import Params
from starlanes.core.ruleset import Ruleset

from .batch import BatchEnv, BatchObs, BatchStep, random_actions
from .encode import HashedViewEncoder, ViewEncoder, leaf_count
from .env import InvalidAction, StarlanesEnv, action_index_for, agent_name, observation_size, view_encoder_for
from .factored import FactoredEnv
from .index import (
    ActionIndex,
    ActionSpaceOverflow,
    HashedActionIndex,
    NoFixedActionSpace,
    action_hash,
    calibrated_blocks,
)

__all__ = [
    "ActionIndex",
    "ActionSpaceOverflow",
    "BatchEnv",
    "BatchObs",
    "BatchStep",
    "FactoredEnv",
    "HashedActionIndex",
    "HashedViewEncoder",
    "InvalidAction",
    "NoFixedActionSpace",
    "StarlanesEnv",
    "ViewEncoder",
    "action_hash",
    "action_index_for",
    "agent_name",
    "calibrated_blocks",
    "env",
    "leaf_count",
    "observation_size",
    "random_actions",
    "raw_env",
    "view_encoder_for",
]


def env(game_id: str | Ruleset[Any, Any, Any], params: Mapping[str, Any] | Params | None = None,
        seats: int | None = None, seed: int = 0, factored: bool = False, **kwargs: Any) -> StarlanesEnv:
    """A PettingZoo AEC environment of ``game_id`` with ``seats`` seats (default: the fewest the
    game allows); ``kwargs``: ``max_steps``, ``obs_size`` (``None``: from the opening views),
    ``action_block`` (``None``: calibrated), ``action_blocks``, ``action_spill``, ``reward``
    ("win" or "score"), ``render_mode`` ("ansi"). ``factored=True``: a ``FactoredEnv``, whose
    ranged choices (counts) are made digit by digit (``digit_base``, 64), for a small action
    space whatever the counts."""
    if factored:
        return FactoredEnv(game_id, params=params, seats=seats, seed=seed, **kwargs)
    return StarlanesEnv(game_id, params=params, seats=seats, seed=seed, **kwargs)


raw_env = env
