"""``deadline(seconds)``: a block that runs longer is stopped with ``TimeoutError`` (a hang
becomes a failing test instead of a suite that never ends). Uses SIGALRM: main thread, POSIX."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def deadline(seconds: float, what: str = "the block") -> Iterator[None]:
    def stop(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"{what} ran longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
