"""Issue 8 items 2-4 for Retrograde: the one predicate, ranges as templates, the combat choice
as a core pending sealed decision."""

from __future__ import annotations

import json

from tests.games.retrograde.helpers import GAME, HOME1, empty, ship

from starlanes.core.legal import ActionTemplate
from starlanes.core.rng import Rng
from starlanes.games.retrograde.actions import Bombard, Power
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.state import RetroState


def _attack_position() -> tuple[RetroState, int, int]:
    s = empty()
    att = ship(s, "terra-hammer", 0, HOME1, 1)
    dfd = ship(s, "terra-hammer", 1, HOME1, 0)
    return s, att.uid, dfd.uid


def test_numeric_ranges_are_templates_and_count_without_listing() -> None:
    s = empty()
    bomber = ship(s, "terra-hammer", 0, HOME1, 0)
    raw = GAME._legal_actions(s, 0)
    templates = [x for x in raw if isinstance(x, ActionTemplate)]
    assert templates and all(t.cls is Bombard for t in templates)
    legal = GAME.legal_actions(s, 0)
    assert GAME.count_legal(s, 0) == len(legal) == len(list(legal))
    assert Bombard(bomber.uid, HOME1, 0) in legal
    assert GAME.why_not(s, 0, Bombard(bomber.uid, HOME1, 99)) is not None
    rng = Rng.from_seed(3)
    for _ in range(20):
        assert GAME.sample_legal(s, 0, rng) in legal


def test_the_attackers_power_is_one_template() -> None:
    s, att, dfd = _attack_position()
    GAME.apply(s, 0, f"attack {att} {dfd}")
    raw = GAME._legal_actions(s, 0)
    assert len(raw) == 1 and isinstance(raw[0], ActionTemplate) and raw[0].cls is Power
    assert GAME.legal_actions(s, 0)[0] == Power(0)


def test_the_card_book_is_static_content_served_once() -> None:
    """Issue 8 item 5: the card book by content id; views carry card keys, no card text or path."""
    params = GAME.default_params()
    content = GAME.static_content(params)
    book = json.loads(content["cards.json"])
    assert sum(len(cards) for cards in book.values()) == len(BOOK.cards)
    assert {c["key"] for c in book["spacecraft"]} == {c.key for c in BOOK.of_kind("spacecraft")}
    assert GAME.content_id(params) == GAME.content_id(params)
    view = GAME.view_to_json(GAME.view(empty(), 0)).decode()
    mushroom = BOOK.lookup("Mushroom")
    assert mushroom is not None and mushroom.text not in view and "content/" not in view
