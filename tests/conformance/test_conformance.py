"""The conformance suite over every registered ruleset, and over the test-only ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from starlanes.core import Ruleset
from starlanes.registry import available_games, get_game
from starlanes.testing import conformance_checks
from tests.toy.duel import make_duel

GAME_IDS = [spec.id for spec in available_games()]
CHECKS = conformance_checks()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_registered_ruleset_conforms(game_id: str, check: Callable[[Ruleset[Any, Any, Any]], None]) -> None:
    check(get_game(game_id))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_test_ruleset_conforms(check: Callable[[Ruleset[Any, Any, Any]], None]) -> None:
    check(make_duel())
