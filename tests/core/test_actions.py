"""Actions: text forms that parse back exactly, and clear parse errors."""

from __future__ import annotations

import re
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starlanes.core import Action, ActionCodec, ParseError


class Attack(Action, frozen=True):
    verb: ClassVar[str] = "attack"
    source: str
    target: str
    dice: int = 3


class Place(Action, frozen=True):
    verb: ClassVar[str] = "place"
    where: tuple[str, ...]
    counts: tuple[int, ...] = ()
    all_in: bool = False


CODEC = ActionCodec([Attack, Place])


def test_text_form_writes_positional_then_non_default_keywords() -> None:
    assert Attack("Vega-3", "Sirius-1").text() == "attack Vega-3 Sirius-1"
    assert Attack("Vega-3", "Sirius-1", dice=2).text() == "attack Vega-3 Sirius-1 dice=2"
    assert Place(("a", "b"), (1, 2), all_in=True).text() == "place a,b counts=1,2 all_in=yes"
    assert Place(()).text() == "place -"


def test_parse_is_the_inverse_of_text() -> None:
    for action in (Attack("a", "b"), Attack("a", "b", dice=1), Place(("x",), (3,)), Place((), all_in=True)):
        assert CODEC.parse(action.text()) == action


def test_parse_accepts_any_case_verb_and_spacing() -> None:
    assert CODEC.parse("  ATTACK  a   b  dice=2 ") == Attack("a", "b", 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("atack a b", "unknown action 'atack' (did you mean attack?)"),
        ("attack a", "takes 2 argument(s), got 1; usage: attack SOURCE TARGET [dice=3]"),
        ("attack a b dice=x", "dice must be a whole number, not 'x'"),
        ("attack a b colour=red", "has no option 'colour'"),
        ("place a all_in=maybe", "all_in must be yes or no"),
    ],
)
def test_parse_errors_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        CODEC.parse(text)


def test_two_types_with_one_verb_are_refused() -> None:
    class Other(Action, frozen=True):
        verb: ClassVar[str] = "attack"

    with pytest.raises(TypeError, match="two action types use the verb 'attack'"):
        ActionCodec([Attack, Other])


def test_actions_are_hashable_values() -> None:
    assert len({Attack("a", "b"), Attack("a", "b"), Attack("a", "c")}) == 2


names = st.text(alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters="-_."), min_size=1)


@given(names, names, st.integers(-1000, 1000))
def test_attack_text_round_trips_for_any_values(source: str, target: str, dice: int) -> None:
    action = Attack(source, target, dice)
    assert CODEC.parse(action.text()) == action


@given(st.lists(names, max_size=5), st.lists(st.integers(0, 99), max_size=5), st.booleans())
def test_tuple_fields_round_trip(where: list[str], counts: list[int], all_in: bool) -> None:
    action = Place(tuple(where), tuple(counts), all_in)
    assert CODEC.parse(action.text()) == action
