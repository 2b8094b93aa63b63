"""Shared fixtures: the test-only ruleset registered for the duration of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from starlanes import registry


@pytest.fixture
def duel_registered() -> Iterator[str]:
    registry.register("duel", "tests.toy.duel:make_duel")
    yield "duel"
    registry.unregister("duel")
