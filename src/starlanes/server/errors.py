"""The server's own errors (beside the core's), and how every error becomes a JSON response.

Every error response is ``{"error": <class name>, "message": <one line>}`` plus ``state_id``
when the match's current state id matters (``StaleState``, and any error about an action). No
traceback, repr or framework wording reaches a client; an unexpected exception is logged and
answered as ``InternalError`` (500) without its text.
"""

from __future__ import annotations

import logging
from typing import Any

from starlanes.core.errors import NoSuchMatch, StaleState, StarlanesError

__all__ = [
    "DatabaseError",
    "Forbidden",
    "NotFound",
    "RateLimited",
    "RequestTooLarge",
    "SeatTaken",
    "Unauthorized",
    "UnknownMatch",
    "error_body",
]

log = logging.getLogger("starlanes.server")


class Unauthorized(StarlanesError):
    """No token, or a token that belongs to no seat, GM or spectator of this match."""

    http_status = 401


class Forbidden(StarlanesError):
    """A valid token asking for something its holder may not do (a seat exporting the match)."""

    http_status = 403


def UnknownMatch(match_id: str) -> NoSuchMatch:
    """The core's ``NoSuchMatch`` (404) for ``match_id``, shown clipped."""
    return NoSuchMatch(match_id if len(match_id) <= 40 else match_id[:37] + "...")


class SeatTaken(StarlanesError):
    """An invite whose seat was already taken (an invite is used once)."""

    http_status = 409


class NotFound(StarlanesError):
    """A path that is not part of the API."""

    http_status = 404


class RequestTooLarge(StarlanesError):
    """A request body over the server's limit (``--max-body``)."""

    http_status = 413


class RateLimited(StarlanesError):
    """Too many requests from one client address (a token bucket per address)."""

    http_status = 429


class DatabaseError(StarlanesError):
    """The database refused or could not be reached (the message says which); nothing changed."""

    http_status = 503


def one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def error_body(exc: StarlanesError, state_id: int | None = None) -> dict[str, Any]:
    """The JSON body of ``exc``."""
    body: dict[str, Any] = {"error": type(exc).__name__, "message": one_line(str(exc))}
    if isinstance(exc, StaleState):
        body["state_id"] = exc.current
    elif state_id is not None:
        body["state_id"] = state_id
    return body
