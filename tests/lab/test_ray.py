"""The Ray backend gives the same records as the local one (on a small local Ray instance)."""

from __future__ import annotations

import pytest

from starlanes.core import StarlanesError
from starlanes.lab.runner import plan_games, run_tasks

ray = pytest.importorskip("ray")


def test_ray_backend_matches_local_backend() -> None:
    tasks = plan_games("tests.toy.duel:make_duel", ["mcts:iterations=5", "random"], 16, 7)
    local = run_tasks(tasks, workers=1)
    seen: list[int] = []
    remote = run_tasks(tasks, workers=2, backend="ray", progress=seen.append)
    assert sum(seen) == 16
    assert all(a.same_result(b) for a, b in zip(local, remote, strict=True))
    assert not ray.is_initialized()  # the local instance it started is shut down again


def test_unknown_backend_and_stray_address_are_refused() -> None:
    tasks = plan_games("tests.toy.duel:make_duel", ["random", "random"], 1, 0)
    with pytest.raises(StarlanesError, match="valid: local, ray"):
        run_tasks(tasks, backend="dask")
    with pytest.raises(StarlanesError, match="only for --backend ray"):
        run_tasks(tasks, address="auto")
