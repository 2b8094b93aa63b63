"""The conformance check of stale appends can fail: a match that ignores the expected step is caught."""

from __future__ import annotations

from typing import Any

import pytest

from starlanes.core.match import Match
from starlanes.registry import get_game
from starlanes.testing import ConformanceFailure
from starlanes.testing.protocol import check_stale_appends_are_refused


def test_stale_append_check_passes_on_the_real_match() -> None:
    check_stale_appends_are_refused(get_game("space-risk"))


def test_stale_append_check_fails_when_a_match_ignores_the_expected_step(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Match.append

    def careless(self: Match, actor: Any, action: Any, expected_step: int) -> Any:
        return real(self, actor, action, self.step)

    monkeypatch.setattr(Match, "append", careless)
    with pytest.raises(ConformanceFailure, match="was accepted"):
        check_stale_appends_are_refused(get_game("space-risk"))
