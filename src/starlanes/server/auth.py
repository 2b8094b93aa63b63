"""Secrets of a match: seat tokens, the GM token, invite and spectator codes.

Each is 24 random bytes from the operating system (``secrets``), URL-safe, given out once and
stored only as its SHA-256 (a leaked database reveals no working token; the secrets are too
long to guess, so a fast hash is enough). Who holds a secret is a ``Principal``: a seat, the
GM, or a spectator.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Literal

from starlanes.core.gm import Actor
from starlanes.core.state import GM

__all__ = ["Principal", "hash_secret", "new_match_id", "new_secret"]


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_urlsafe(9)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Principal:
    """Who a request speaks for in match ``match_id``."""

    match_id: str
    role: Literal["seat", "gm", "spectator"]
    seat: int | None = None

    @property
    def actor(self) -> Actor | None:
        """The core actor (a seat or ``GM``); ``None`` for a spectator, who never acts."""
        if self.role == "gm":
            return GM
        return self.seat

    def me(self) -> dict[str, object]:
        if self.role == "seat":
            return {"seat": self.seat}
        if self.role == "gm":
            return {"gm": True}
        return {"spectator": True}
