"""The batch of environments: stacked arrays, auto-reset, rewards (tests/rl)."""

from __future__ import annotations

import numpy as np
import pytest

from starlanes.core.errors import StarlanesError
from starlanes.rl import BatchEnv, random_actions
from tests.toy.duel import make_duel


def test_batch_arrays_have_the_documented_shapes_and_masks_match_each_env() -> None:
    batch = BatchEnv("space-risk", 3, seed=0, seats=3)
    obs, mask, seat = batch.reset()
    assert obs.shape == (3, batch.obs_size) and obs.dtype == np.float32
    assert mask.shape == (3, batch.action_size) and mask.dtype == np.int8
    assert seat.shape == (3,) and seat.dtype == np.int64
    for i, env in enumerate(batch.envs):
        assert set(np.flatnonzero(mask[i]).tolist()) == set(env.legal())
        assert seat[i] == env.seat_of(env.agent_selection)
    assert [env.seed_used for env in batch.envs] == [0, 1, 2]


def test_random_actions_draws_only_legal_slots_uniformly() -> None:
    mask = np.zeros((2, 6), dtype=np.int8)
    mask[0, [1, 4]] = 1
    mask[1, 5] = 1
    rng = np.random.default_rng(0)
    draws = np.stack([random_actions(mask, rng) for _ in range(400)])
    assert set(draws[:, 0].tolist()) == {1, 4} and set(draws[:, 1].tolist()) == {5}
    assert 150 < int((draws[:, 0] == 1).sum()) < 250
    with pytest.raises(StarlanesError, match="no legal slot"):
        random_actions(np.zeros((1, 3), dtype=np.int8), rng)


def test_finished_matches_restart_with_their_final_rewards_reported() -> None:
    batch = BatchEnv(make_duel(), 4, seed=10, seats=2)
    _, mask, _ = batch.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(200):
        step = batch.step(random_actions(mask, rng))
        mask = step.mask
        for i in np.flatnonzero(step.terminated):
            ended += 1
            assert sorted(step.rewards[i].tolist()) in ([-1.0, 1.0], [0.0, 0.0])
        assert not step.rewards[~step.terminated].any()
        assert mask.any(axis=1).all(), "every row has a seat to act after auto-reset"
    assert ended >= 4 and batch.episodes == ended
    assert len({env.seed_used for env in batch.envs}) == 4


def test_truncated_rows_are_reported_as_truncated_not_terminated() -> None:
    batch = BatchEnv("retrograde", 2, seed=0, max_steps=3)
    _, mask, _ = batch.reset()
    rng = np.random.default_rng(0)
    flags = []
    for _ in range(3):
        step = batch.step(random_actions(mask, rng))
        mask = step.mask
        flags.append((step.terminated.tolist(), step.truncated.tolist()))
    assert flags[-1] == ([False, False], [True, True])
    assert all(env.steps == 0 for env in batch.envs), "truncated matches restarted"


def test_same_seed_same_batch() -> None:
    runs = []
    for _ in range(2):
        batch = BatchEnv("space-risk", 2, seed=4)
        _, mask, _ = batch.reset()
        rng = np.random.default_rng(7)
        for _ in range(30):
            step = batch.step(random_actions(mask, rng))
            mask = step.mask
        runs.append(step.obs)
    assert np.array_equal(runs[0], runs[1])


def test_batch_arguments_are_checked() -> None:
    with pytest.raises(StarlanesError, match="at least 1 environment"):
        BatchEnv("space-risk", 0)
    batch = BatchEnv("space-risk", 2)
    with pytest.raises(StarlanesError, match="call reset"):
        batch.step([0, 0])
    batch.reset()
    with pytest.raises(StarlanesError, match="takes 2 actions, not 1"):
        batch.step([0])
