"""placeholder"""
from __future__ import annotations
from typing import Any
from .state import Table


def evaluate_table(t: Table, seat: int) -> float:
    return 0.5


def heuristic_factory(*args: Any) -> Any:
    raise NotImplementedError
