"""Issue 8 item 3: one legality predicate; lists with lazy templates; count and sample."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from starlanes.core import Action, ActionTemplate, LegalActions, Rng, Ruleset
from tests.toy.duel import Bank, Play, Press, make_duel
from tests.toy.tally import Add, Bid, make_tally


class Load(Action, frozen=True):
    verb: ClassVar[str] = "load"
    ship: str
    to: str
    n: int


def test_a_template_expands_in_field_order_with_the_last_range_fastest() -> None:
    t = ActionTemplate(Load, "Ark", to="Vega", n=range(1, 4))
    assert list(t) == [Load("Ark", "Vega", 1), Load("Ark", "Vega", 2), Load("Ark", "Vega", 3)]
    two = ActionTemplate(Play, card=range(2, 4))
    assert list(two) == [Play(2), Play(3)] and len(two) == 2


def test_legal_actions_mixing_actions_and_templates_agree_with_the_expanded_list() -> None:
    items: list[Action | ActionTemplate] = [Bank(), ActionTemplate(Load, "Ark", "Vega", range(1, 4)), Press(),
             ActionTemplate(Load, "Ark", "Sol", range(5, 5)), ActionTemplate(Play, range(1, 3))]
    legal = LegalActions(items)
    flat = [Bank(), Load("Ark", "Vega", 1), Load("Ark", "Vega", 2), Load("Ark", "Vega", 3), Press(),
            Play(1), Play(2)]
    assert len(legal) == len(flat) and list(legal) == flat and legal == flat
    assert [legal[i] for i in range(len(flat))] == flat and legal[-1] == Play(2)
    assert legal[1:4] == flat[1:4]
    assert all(a in legal for a in flat)
    assert Load("Ark", "Vega", 4) not in legal and Load("Ark", "Sol", 5) not in legal and Play(3) not in legal
    assert legal.index(Press()) == 4 and legal.has_templates
    with pytest.raises(IndexError):
        legal[7]


def test_a_template_with_a_huge_range_is_never_built() -> None:
    legal = LegalActions([ActionTemplate(Load, "Ark", "Vega", range(1, 10**12))])
    assert len(legal) == 10**12 - 1
    assert legal[10**11] == Load("Ark", "Vega", 10**11 + 1)
    assert Load("Ark", "Vega", 999_999_999_999) in legal and Load("Ark", "Vega", 0) not in legal


def test_a_bool_is_not_a_number_in_a_range() -> None:
    assert Play(True) not in ActionTemplate(Play, range(0, 3))


def test_a_template_refuses_fields_its_action_does_not_have() -> None:
    with pytest.raises(TypeError, match="has no field 'x'"):
        ActionTemplate(Play, x=range(3))


def test_count_and_sample_agree_with_the_list_for_templates_and_plain_lists() -> None:
    rng = Rng.from_seed(3)
    games: list[Ruleset[Any, Any, Any]] = [make_tally(), make_duel()]
    for game in games:
        state = game.setup(None, 2, 5)
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            assert game.count_legal(state, seat) == len(legal) > 0
            draws = {game.sample_legal(state, seat, rng) for _ in range(40)}
            assert draws <= set(legal) and len(draws) > 1


def test_tally_counts_and_samples_without_listing() -> None:
    game = make_tally()
    state = game.setup(None, 2, 1)
    state.counter = 18  # 2 to go: add 1 or 2
    assert game.count_legal(state, 0) == 2
    assert game.legal_actions(state, 0) == [Add(1), Add(2)]
    assert game.why_not(state, 0, Add(3)) == "add 1-2, not 3"
    assert game.why_not(state, 0, Bid(0)) == "add to the counter"


def test_why_not_is_the_reason_check_gives_and_none_for_listed_actions() -> None:
    game = make_duel()
    state = game.setup(None, 2, 4)
    for action in game.legal_actions(state, 0):
        assert game.why_not(state, 0, action) is None
    missing = next(c for c in range(1, 7) if c not in state.hands[0])
    assert game.why_not(state, 0, Play(missing)) == f"you have no {missing} in your hand"
    assert game.why_not(state, 0, Press()) == "every seat must play a card now"
