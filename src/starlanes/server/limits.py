"""Request limits, as plain ASGI middleware in front of the API: the size of a request body
and the rate of requests per client address (a token bucket each). A refused request gets the
same JSON error shape as any other and never reaches an endpoint."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlanes.core.errors import StarlanesError

from .errors import RateLimited, RequestTooLarge, error_body

__all__ = ["TOO_LARGE", "BodyLimit", "RateLimit", "TokenBuckets"]

TOO_LARGE = "starlanes.too_large"
"""Scope key set when a streamed body went over the limit."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def send_error(send: Send, exc: StarlanesError, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps(error_body(exc)).encode()
    await send({"type": "http.response.start", "status": exc.http_status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse a request whose body is over ``limit`` bytes (by its Content-Length, or while it
    streams in without one) with 413 ``RequestTooLarge``."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        error = RequestTooLarge(f"the request body is larger than this server's limit of {self.limit} bytes")
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.limit:
                    await send_error(send, error)
                    return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    scope[TOO_LARGE] = error  # the app's error handler answers 413 when it catches this
                    raise _TooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await send_error(send, error)


class TokenBuckets:
    """A token bucket per key: ``burst`` requests at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: float, max_keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float:
        """0 if a request of ``key`` may go now (a token is taken), else the seconds to wait."""
        t = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(key, (self.burst, t))
            tokens = min(self.burst, tokens + (t - last) * self.rate)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, t)
                wait = 0.0
            else:
                self._buckets[key] = (tokens, t)
                wait = (1 - tokens) / self.rate
            if len(self._buckets) > self.max_keys:  # forget the fullest buckets' owners first
                for stale in [k for k, (n, _) in self._buckets.items() if n >= self.burst - 1][: self.max_keys // 2]:
                    del self._buckets[stale]
        return wait


class RateLimit:
    """Refuse requests over the rate of their client address with 429 ``RateLimited``."""

    def __init__(self, app: ASGIApp, buckets: TokenBuckets) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/api/"):
            client = scope.get("client")
            key = client[0] if client else "unknown"
            wait = self.buckets.take(key)
            if wait > 0:
                error = RateLimited(f"too many requests from {key}; try again in {wait:.1f} s")
                await send_error(send, error, [(b"retry-after", str(max(1, round(wait))).encode())])
                return
        await self.app(scope, receive, send)
