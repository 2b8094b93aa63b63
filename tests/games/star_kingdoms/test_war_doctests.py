"""The war modules' docstring examples are tests too (UNIT-13, GRND-03, BOMB-03, CONS-06, ANOM-02)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["units", "ground", "planet", "fieldwork"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"starlanes.games.star_kingdoms.war.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
