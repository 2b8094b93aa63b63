"""Actions: text forms that parse back exactly, and clear parse errors."""

from __future__ import annotations

import re
from typing import ClassVar

import msgspec
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


@pytest.mark.parametrize("text", ["attack a b dice=٣", "attack a b dice=３", "attack a b dice=1_0",
                                  "attack a b dice=+2", "attack a b dice=²", "place x counts=1,٣"])
def test_numbers_in_action_text_are_ascii_digits_only(text: str) -> None:
    with pytest.raises(ParseError, match="must be"):
        CODEC.parse(text)


def test_a_negative_ascii_number_still_parses() -> None:
    assert CODEC.parse("attack a b dice=-2") == Attack("a", "b", -2)


# ------------------------------------------------------------ structured fields (issue 8 item 4)
class Move(msgspec.Struct, frozen=True, tag="move"):
    source: str
    target: str
    count: int = 1


class Build(msgspec.Struct, frozen=True, tag="build"):
    where: str
    kind: str = "fighter"
    note: str | None = None


class Route(msgspec.Struct, frozen=True):
    stops: tuple[str, ...]
    speed: int | None = None
    fast: bool = False


class Orders(Action, frozen=True):
    verb: ClassVar[str] = "orders"
    orders: tuple[Move | Build, ...]
    comment: str = ""


class Plan(Action, frozen=True):
    verb: ClassVar[str] = "plan"
    name: str
    routes: tuple[Route, ...] = ()
    limit: int | None = None
    urgent: bool | None = None
    tags: tuple[str, ...] = ()
    sizes: tuple[int, ...] = ()


class Say(Action, frozen=True):
    verb: ClassVar[str] = "say"
    words: str


STRUCTURED = ActionCodec([Attack, Place, Orders, Plan, Say])


def test_text_with_spaces_is_quoted_and_round_trips() -> None:
    action = Say('the "treaty" holds\nfor now')
    assert action.text() == 'say "the \\"treaty\\" holds\\nfor now"'
    assert STRUCTURED.parse(action.text()) == action
    assert Say("plain").text() == "say plain"
    assert Say("").text() == 'say ""'
    assert Say("-").text() == 'say "-"'


def test_a_batch_of_orders_is_one_action_with_a_readable_text_form() -> None:
    action = Orders((Move("Vega", "Sirius", 3), Build("Vega"), Build("Sol", "cruiser", "rush it")))
    assert action.text() == 'orders [(move Vega Sirius count=3) (build Vega) (build Sol kind=cruiser note="rush it")]'
    assert STRUCTURED.parse(action.text()) == action
    assert STRUCTURED.parse("orders []") == Orders(())
    assert STRUCTURED.parse("ORDERS  [ (move a b)(build c) ]  comment=\"x y\"") == Orders(
        (Move("a", "b"), Build("c")), "x y")


def test_optional_fields_write_none_as_a_dash() -> None:
    action = Plan("p", (Route(("a", "b c"), speed=2),), limit=4, urgent=False, tags=("x", "-"))
    assert action.text() == 'plan p routes=[(a,"b c" speed=2)] limit=4 urgent=no tags=x,"-"'
    assert STRUCTURED.parse(action.text()) == action
    assert STRUCTURED.parse("plan p limit=-") == Plan("p")


def test_usage_shows_the_record_fields() -> None:
    assert STRUCTURED.usage("orders") == (
        "orders [(move SOURCE TARGET [count=1] | build WHERE [kind=fighter] [note=-]) ...] [comment=\"\"]")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('say "unclosed', 'say: a quoted text has no closing "'),
        ("say a b", "'say' takes 1 argument(s), got 2; usage: say WORDS"),
        ("orders (move a b)", "orders: orders must be a list of records in brackets"),
        ("orders [move a b]", "orders: orders: record 1 must be in parentheses"),
        ("orders [(fly a b)]", "record 1 must start with one of move, build"),
        ("orders [(move a b) (move a b count=x)]", "record 2: move: count must be a whole number, not 'x'"),
        ("orders [(move a b)", "orders: a bracket is not closed; usage: orders [(move"),
        ("plan p limit=٣", "limit must be a whole number or - (none), not '٣'"),
        ("plan p limit=1 limit=2", "option 'limit' is given twice"),
        ('say ab"c"', "words must be a word or a quoted text"),
    ],
)
def test_structured_parse_errors_name_the_field_and_show_usage(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as info:
        STRUCTURED.parse(text)
    assert "usage: " in str(info.value)


class Nested(msgspec.Struct, frozen=True):
    inner: tuple[Route, ...]


class Deep(Action, frozen=True):
    verb: ClassVar[str] = "deep"
    items: tuple[Nested, ...]


class Untagged(Action, frozen=True):
    verb: ClassVar[str] = "untagged"
    items: tuple[Route | Nested, ...]


def test_unsupported_field_types_are_refused_when_the_codec_is_built() -> None:
    with pytest.raises(TypeError, match=re.escape("Deep.items")):
        ActionCodec([Deep])
    with pytest.raises(TypeError, match="needs a text tag"):
        ActionCodec([Untagged])


def test_json_form_names_the_verb_and_round_trips() -> None:
    action = Orders((Move("Vega", "Sirius", 3), Build("Vega")), "go")
    data = action.to_builtins()
    assert msgspec.json.decode(msgspec.json.encode(data)) == {"verb": "orders", "orders": [
        {"type": "move", "source": "Vega", "target": "Sirius", "count": 3},
        {"type": "build", "where": "Vega", "kind": "fighter", "note": None}], "comment": "go"}
    assert STRUCTURED.from_builtins(data) == action
    assert STRUCTURED.from_json(msgspec.json.encode(data)) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an action is an object with a 'verb'"),
        ({"verb": "atack"}, "unknown action 'atack'"),
        ({"verb": "attack", "source": "a", "target": "b", "colour": "red"}, "'attack' has no field 'colour'"),
        ({"verb": "attack", "source": "a", "target": "b", "dice": "2"}, "attack: Expected `int`, got `str`"),
        ({"verb": "attack", "source": "a"}, "attack: Object missing required field `target`"),
    ],
)
def test_json_form_errors_name_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        STRUCTURED.from_builtins(data)


def test_bad_json_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="an action in JSON"):
        STRUCTURED.from_json(b"{not json")


# Any text at all (no surrogates: they cannot be encoded), any whole number, every field kind.
texts = st.text(max_size=12)
words = st.one_of(names, texts)
moves = st.builds(Move, words, words, st.integers(-5, 10**12))
builds = st.builds(Build, words, words, st.none() | texts)
routes = st.builds(Route, st.lists(words, max_size=3).map(tuple), st.none() | st.integers(), st.booleans())
structured_actions = st.one_of(
    st.builds(Orders, st.lists(moves | builds, max_size=4).map(tuple), texts),
    st.builds(Plan, words, st.lists(routes, max_size=3).map(tuple), st.none() | st.integers(),
              st.none() | st.booleans(), st.lists(words, max_size=3).map(tuple),
              st.lists(st.integers(), max_size=3).map(tuple)),
    st.builds(Say, texts),
    st.builds(Attack, words, words, st.integers()),
    st.builds(Place, st.lists(words, max_size=3).map(tuple), st.lists(st.integers(), max_size=3).map(tuple),
              st.booleans()),
)


@given(structured_actions)
def test_every_field_kind_round_trips_through_text_and_json(action: Action) -> None:
    assert STRUCTURED.parse(action.text()) == action
    assert STRUCTURED.from_builtins(action.to_builtins()) == action
    assert STRUCTURED.from_json(msgspec.json.encode(action.to_builtins())) == action
