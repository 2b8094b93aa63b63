"""The Ray backend: the same games as the local backend, played by Ray tasks.

Without an address a private local Ray instance is started with ``workers`` CPUs and shut
down afterwards; with ``--address`` (``ray://host:10001`` or ``host:6379``, or ``auto``) the
games run on that existing cluster, whose nodes must have starlanes installed (see
docs/lab.md). Tasks carry only the game spec, so each Ray worker builds the ruleset and
the agents itself, exactly as a local worker does; results are therefore identical.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from starlanes.core.errors import StarlanesError

from .records import GameRecord
from .runner import GameTask, _chunk_size, _chunks, _play_chunk

__all__ = ["run_on_ray"]


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise StarlanesError("the ray backend needs the 'ray' package: pip install ray") from None
    return ray


def run_on_ray(
    tasks: Sequence[GameTask],
    *,
    workers: int,
    address: str | None,
    progress: Callable[[int], None] | None,
) -> list[GameRecord]:
    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        kwargs: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address is None:
            kwargs["num_cpus"] = workers
        else:
            kwargs["address"] = address
        try:
            ray.init(**kwargs)
        except Exception as exc:  # connection errors come in many types
            where = address or "a local instance"
            raise StarlanesError(f"cannot start Ray on {where}: {exc}") from None
        started_here = True
    try:
        # chunk for the CPUs Ray actually has (a cluster may have many more than --workers)
        cpus = max(workers, int(ray.cluster_resources().get("CPU", workers)))
        remote = ray.remote(num_cpus=1)(_play_chunk)
        pending = [remote.remote(chunk) for chunk in _chunks(tasks, _chunk_size(len(tasks), cpus))]
        out: list[GameRecord] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                chunk = ray.get(ref)
                out.extend(chunk)
                if progress is not None:
                    progress(len(chunk))
        return out
    finally:
        if started_here:
            ray.shutdown()
