"""Numbers as the players write them: the one integer parser of actions and params.

A module of its own so that ``params`` (read by ``starlanes games``) needs neither ``actions`` nor
``msgspec`` (issue 16's start-up).
"""

from __future__ import annotations

import re

__all__ = ["ascii_int"]

_ASCII_INT = re.compile(r"-?[0-9]+")


def ascii_int(raw: str) -> int:
    """``raw`` as an integer written in ASCII digits with an optional ``-``; ``ValueError``
    for anything else (``int()`` would also take other scripts' digits, ``_`` and ``+``)."""
    if not _ASCII_INT.fullmatch(raw):
        raise ValueError(raw)
    return int(raw)
