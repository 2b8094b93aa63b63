"""Converting and checking agent options (they arrive as strings from the spec parser)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from starlanes.core.errors import ParseError

__all__ = ["float_option", "int_option"]


def int_option(
    agent: str, options: Mapping[str, str], key: str, default: int, *, minimum: int = 0
) -> int:
    """The integer option ``key`` (``default`` when absent); a bad value raises ``ParseError``."""
    raw = options.get(key)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ParseError(f"agent {agent}: option {key} must be a whole number, not '{raw}'") from None
    if value < minimum:
        raise ParseError(f"agent {agent}: option {key} must be at least {minimum}, not {value}")
    return value


def float_option(
    agent: str, options: Mapping[str, str], key: str, default: float | None, *, minimum: float = 0.0
) -> float | None:
    """The number option ``key`` (``default`` when absent); a bad value raises ``ParseError``."""
    raw = options.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ParseError(f"agent {agent}: option {key} must be a number, not '{raw}'") from None
    if not math.isfinite(value) or value < minimum:
        raise ParseError(f"agent {agent}: option {key} must be a finite number >= {minimum:g}, not {raw}")
    return value
