"""Live updates: who is told that a match changed.

``Hub`` is the in-process broadcaster: WebSocket handlers and the bot worker subscribe to a
match and get its new state id on an asyncio queue; ``publish`` may be called from any thread
(request handlers run in a thread pool). With SQLite (one process) the service publishes after
each commit. With PostgreSQL every commit also sends ``NOTIFY`` (``store.CHANNEL``) in its own
transaction, and ``PgListener`` (one thread per process, its own connection, ``LISTEN``) turns
each notification into a local ``publish``: an action accepted by any process reaches the
sockets held by every process, with no polling. A message only says "match M changed": each
socket then reads its own actor's view, so nothing private travels through the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from collections.abc import Callable

import psycopg

from .store import CHANNEL

__all__ = ["Hub", "PgListener"]

log = logging.getLogger("starlanes.server")


class Hub:
    """Subscribers of each match, and of every match (the bot worker)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._subs: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)
        self._all: list[Callable[[str, int], None]] = []
        self._lock = threading.Lock()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, match_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        with self._lock:
            self._subs[match_id].add(queue)
        return queue

    def unsubscribe(self, match_id: str, queue: asyncio.Queue[int]) -> None:
        with self._lock:
            subs = self._subs.get(match_id)
            if subs is not None:
                subs.discard(queue)
                if not subs:
                    del self._subs[match_id]

    def watch_all(self, callback: Callable[[str, int], None]) -> None:
        """``callback(match_id, step)`` on the event loop for every change of any match."""
        self._all.append(callback)

    def publish(self, match_id: str, step: int) -> None:
        """Tell the subscribers of ``match_id`` (thread-safe)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (shutting down)
            loop.call_soon_threadsafe(self._deliver, match_id, step)

    def _deliver(self, match_id: str, step: int) -> None:
        with self._lock:
            queues = list(self._subs.get(match_id, ()))
        for queue in queues:
            queue.put_nowait(step)
        for callback in self._all:
            callback(match_id, step)


class PgListener:
    """A thread that LISTENs on PostgreSQL and publishes every notification to ``hub``."""

    def __init__(self, dsn: str, hub: Hub) -> None:
        self.dsn = dsn
        self.hub = hub
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="starlanes-listen", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        self._thread.start()
        self._ready.wait(timeout)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            match_id, _, step = note.payload.rpartition(":")
                            self.hub.publish(match_id, int(step) if step.lstrip("-").isdigit() else -1)
            except psycopg.Error as exc:
                if self._stop.is_set():
                    return
                log.warning("LISTEN connection lost (%s); reconnecting", " ".join(str(exc).split()))
                self._stop.wait(1.0)
