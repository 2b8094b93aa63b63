"""Views for a server (issue 8 item 5): a typed viewer, a hash of what the view shows, the
decision, static content served by id, no file paths."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from starlanes.core import GM, Decision, Ruling
from starlanes.core.schema import static_content_id
from starlanes.core.state import SeatView, view_hash
from starlanes.testing import ConformanceFailure
from starlanes.testing.conformance_data import check_static_content, check_view_hash, check_views_name_no_files
from tests.toy.duel import Duel, DuelParams, DuelState, DuelView, Play


def test_the_viewer_is_a_seat_or_the_gm_in_json_an_int_or_gm() -> None:
    game = Duel()
    state = game.setup(None, 2, 1)
    seat, gm = game.view(state, 1), game.view(state, GM)
    assert seat.viewer == 1 and seat.seat == 1 and gm.viewer is GM and gm.seat is None
    assert msgspec.json.decode(game.view_to_json(seat))["viewer"] == 1
    assert msgspec.json.decode(game.view_to_json(gm))["viewer"] == "gm"
    assert game.view_from_json(game.view_to_json(gm)).viewer is GM


def test_a_view_carries_the_decision_it_awaits() -> None:
    game = Duel()
    state = game.setup(None, 2, 1)
    assert game.view(state, 0).decision == Decision((0, 1), True, "all", "cards")


def test_the_hash_covers_what_the_view_shows_not_the_step() -> None:
    game = Duel()
    state = game.setup(None, 2, 1)
    before = game.view(state, 0)
    assert before.hash == view_hash(before) and len(before.hash) == 64
    game.apply(state, GM, Ruling("nothing changes"))
    after = game.view(state, 0)
    assert after.step == before.step + 1 and after.hash == before.hash
    game.apply(state, 1, Play(state.hands[1][0]))  # seat 1 seals a card: seat 0 sees it submitted
    assert game.view(state, 0).hash != before.hash


class _Named(msgspec.Struct, frozen=True):
    game: DuelView
    board_file: str


class NamedDuel(Duel):
    """Broken: the view names the file the ruleset was loaded from."""

    view_type = _Named  # type: ignore[assignment]

    def _view(self, state: DuelState, seat: int | None) -> Any:
        return _Named(super()._view(state, seat), __file__)


class StaleHash(Duel):
    """Broken: the hash is the step's, not the view's."""

    def view(self, state: DuelState, viewer: Any) -> SeatView[DuelView]:
        return msgspec.structs.replace(super().view(state, viewer), hash=str(state.step))


DECK = b'{"cards": [1, 2, 3, 4, 5, 6], "copies": 2}'


class WithContent(Duel):
    """Static content: the deck's make-up, served once."""

    def static_content(self, params: DuelParams) -> dict[str, bytes]:
        return {"deck": DECK}


class WrongId(WithContent):
    """Broken: the content id does not name the content."""

    def content_id(self, params: DuelParams) -> str:
        return "0" * 64


class _Deck(msgspec.Struct, frozen=True):
    game: DuelView
    deck: dict[str, Any]


class RepeatsContent(WithContent):
    """Broken: every view repeats the static deck."""

    view_type = _Deck  # type: ignore[assignment]

    def _view(self, state: DuelState, seat: int | None) -> Any:
        return _Deck(super()._view(state, seat), msgspec.json.decode(DECK))


def test_static_content_is_named_by_its_hash() -> None:
    game = WithContent()
    params = game.default_params()
    assert game.content_id(params) == static_content_id({"deck": DECK}) != Duel().content_id(params)
    assert static_content_id({"deck": DECK + b" "}) != game.content_id(params)
    assert Duel().static_content(params) == {}
    check_static_content(game)


@pytest.mark.parametrize(("game", "check", "message"), [
    (NamedDuel(), check_views_name_no_files, "names the file"),
    (StaleHash(), check_view_hash, "has hash '0', not view_hash(view)"),
    (WrongId(), check_static_content, "content_id '000"),
    (RepeatsContent(), check_static_content, "repeats the static content 'deck'"),
])
def test_view_checks_can_fail(game: Duel, check: Any, message: str) -> None:
    with pytest.raises(ConformanceFailure, match=re.escape(message)):
        check(game)


def test_view_checks_pass_on_a_sound_ruleset() -> None:
    for check in (check_views_name_no_files, check_view_hash, check_static_content):
        check(Duel())
