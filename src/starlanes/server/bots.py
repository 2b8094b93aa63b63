"""Bots on the server: agent seats move by themselves, off the request path.

``BotWorker`` runs on the server's event loop. It is told of every change of every match
(``Hub.watch_all``) and, at start, of every unfinished match with a bot seat (so after a
restart every match goes on). For a match whose decision awaits a bot seat it builds that
seat's agent (seeded from the match seed, the seat and the step, so a replayed decision is the
same decision), gives it the seat's view and legal actions in a worker thread, and submits its
choice through the same conditional append as a person's (``MatchService.act``), so a bot never
bypasses the rules or the log. Which bot moves next and how its answer is checked are the core
session's (``core.session.awaited_bots``, ``ask_bot``): the terminal and the server decide alike.
Several server processes may race to move the same bot: one
append commits, the others get ``StaleState`` and drop their move.

Per-move time budget (``--bot-budget``): an agent that has not answered in time is replaced for
that move by a uniformly random legal action (``sample_legal``), and a note is recorded in the
match. A bot that raises, or answers with an illegal action, is recorded in the match
(``bot_errors``, shown in the summary) and is not asked again; nothing else changes, so the
match stays consistent and its GM can close the decision or end the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from typing import Any

from starlanes.ai.registry import make_agent
from starlanes.core.errors import StaleState, StarlanesError
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.session import ask_bot, awaited_bots

from .errors import one_line
from .matches import MatchService
from .store import now

__all__ = ["BotWorker"]

log = logging.getLogger("starlanes.server")


class BotWorker:
    """Moves the bot seats of every match, a few matches at a time."""

    def __init__(self, service: MatchService, budget: float = 5.0, concurrency: int = 4) -> None:
        self.service = service
        self.budget = budget
        self.concurrency = concurrency
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._queued: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=concurrency * 2, thread_name_prefix="bot")
        self._crashed: set[tuple[str, int]] = set()
        self._stopping = False

    def notify(self, match_id: str, _step: int = 0) -> None:
        """Look at ``match_id`` again (called on the event loop)."""
        if match_id not in self._queued:
            self._queued.add(match_id)
            self._queue.put_nowait(match_id)

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        for match_id in await loop.run_in_executor(self._pool, self.service.store.open_matches_with_bots):
            self.notify(match_id)
        self._tasks = [asyncio.create_task(self._run(), name=f"bots-{i}") for i in range(self.concurrency)]

    async def stop(self) -> None:
        # a flag and a wake-up for each task beside the cancellation: Python 3.11's wait_for may
        # swallow a cancellation that arrives as the bot answers, and the task would wait on
        self._stopping = True
        for task in self._tasks:
            self._queue.put_nowait("")
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=5)
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _run(self) -> None:
        while not self._stopping:
            match_id = await self._queue.get()
            if self._stopping:
                return
            self._queued.discard(match_id)
            try:
                await self._move(match_id)
            except asyncio.CancelledError:
                raise
            except StaleState:
                self.notify(match_id)  # another process moved first: look again
            except StarlanesError as exc:
                log.warning("bots of match %s: %s", match_id, one_line(str(exc)))
            except Exception:
                log.exception("bots of match %s", match_id)

    async def _move(self, match_id: str) -> None:
        loop = asyncio.get_running_loop()
        live = await loop.run_in_executor(self._pool, self.service.live, match_id)
        row, state, step, ruleset = live.row, live.state, live.step, live.ruleset
        bots = {s.seat: s.agent for s in row.seats if s.kind == "bot" and s.agent}
        if not bots or ruleset.outcome(state) is not None:
            return
        stopped = {e.get("seat") for e in row.bot_errors if e.get("stopped")}  # crashed before a restart
        for seat in awaited_bots(ruleset.to_act(state), bots):  # the session's order (core.session)
            spec = bots[seat]
            if (match_id, seat) in self._crashed or seat in stopped:
                continue
            seed = derive_seed(row.seed, "server-bot", seat, step)
            view = ruleset.view(state, seat)
            legal = list(ruleset.legal_actions(state, seat))
            if not legal:
                continue
            note: str | None = None
            try:
                agent = make_agent(spec, ruleset, seat, seed)
                future = loop.run_in_executor(self._pool, ask_bot, agent, view, legal)
                text = (await asyncio.wait_for(future, self.budget)).text()
            except TimeoutError:
                text = ruleset.sample_legal(state, seat, Rng.from_seed(seed)).text()
                note = f"took longer than the {self.budget:g} s budget; played the random legal action '{text}'"
            except Exception as exc:
                self._crashed.add((match_id, seat))
                await loop.run_in_executor(self._pool, self._record, match_id, seat, step,
                                           f"{type(exc).__name__}: {one_line(str(exc), 200)}", True)
                continue
            await loop.run_in_executor(self._pool, self.service.act, match_id, seat, text, step)
            if note is not None:
                await loop.run_in_executor(self._pool, self._record, match_id, seat, step, note, False)
            return  # the commit notifies us again for the next decision

    def _record(self, match_id: str, seat: int, step: int, error: str, stopped: bool) -> None:
        entry: dict[str, Any] = {"seat": seat, "state_id": step, "error": error, "stopped": stopped, "at": now()}
        self.service.store.add_bot_error(match_id, entry)
        if self.service.on_commit is not None:
            self.service.on_commit(match_id, step)
