"""The state's RNG and the params machinery."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from starlanes.core import Params, ParseError, Rng, UnknownName, param, params_to_dict, parse_params
from starlanes.core.params import param_infos
from tests.core.deadline import deadline


def test_same_seed_gives_same_sequence_and_different_seeds_differ() -> None:
    a, b, c = Rng.from_seed(7), Rng.from_seed(7), Rng.from_seed(8)
    seq_a = [a.die() for _ in range(50)]
    assert seq_a == [b.die() for _ in range(50)]
    assert seq_a != [c.die() for _ in range(50)]


def test_rng_state_round_trips_through_json_mid_sequence() -> None:
    rng = Rng.from_seed(3)
    rng.dice(10)
    copy = msgspec.json.decode(msgspec.json.encode(rng), type=Rng)
    assert copy.dice(20) == rng.dice(20)


def test_forced_rolls_come_first_then_the_generator_resumes() -> None:
    rng = Rng.from_seed(1)
    reference = Rng.from_seed(1)
    rng.force([6, 6, 1])
    assert rng.dice(3) == [6, 6, 1]
    assert rng.dice(5) == reference.dice(5)


def test_a_forced_value_outside_the_range_is_an_error() -> None:
    rng = Rng.from_seed(1)
    rng.force([7])
    with pytest.raises(ValueError, match="forced value 7 outside"):
        rng.die(6)


def test_die_is_uniform() -> None:
    rng = Rng.from_seed(11)
    counts = Counter(rng.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # each face 10000 expected; 5 sigma is about 456
    assert all(abs(n - 10_000) < 460 for n in counts.values())


@given(st.integers(0, 2**63), st.integers(-50, 50), st.integers(0, 100))
def test_randint_stays_in_range(seed: int, low: int, width: int) -> None:
    rng = Rng.from_seed(seed)
    assert all(low <= rng.randint(low, low + width) <= low + width for _ in range(20))


@given(st.integers(0, 2**63), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng.from_seed(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@dataclass(frozen=True)
class ExampleParams(Params):
    infantry: int = param(25, "starting infantry", min=1, max=40)
    clamp: bool = param(True, "clamp dice")
    bonus: float = param(1.0, "bonus")
    mode: str = param("classic", "mode", choices=("classic", "modified"))
    table: tuple[int, ...] = param((4, 6, 8), "trade-in table")


def test_params_from_key_value_text() -> None:
    p = parse_params(ExampleParams, ["infantry=30", "clamp=no", "table=1,2,3", "mode=modified bonus=2.5"])
    assert p == ExampleParams(30, False, 2.5, "modified", (1, 2, 3))


def test_params_defaults_are_the_document_values_and_only_changes_are_saved() -> None:
    assert params_to_dict(ExampleParams()) == {}
    assert params_to_dict(ExampleParams(infantry=30)) == {"infantry": 30}


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("colour=red", UnknownName, "unknown param 'colour'; valid: bonus, clamp, infantry, mode, table"),
        ("infantry=lots", ParseError, "param infantry: 'lots' is not a valid int"),
        ("infantry=0", ParseError, "below the minimum 1"),
        ("infantry=41", ParseError, "above the maximum 40"),
        ("clamp=perhaps", ParseError, "not a valid bool"),
        ("mode=wild", ParseError, "not one of classic, modified"),
        ("infantry", ParseError, "must look like key=value; valid keys: infantry, clamp"),
    ],
)
def test_bad_params_are_clear_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_params(ExampleParams, [text])


def test_param_infos_carry_descriptions() -> None:
    infos = {i.name: i for i in param_infos(ExampleParams)}
    assert infos["infantry"].doc == "starting infantry"
    assert infos["table"].type == "tuple[int, ...]"


def test_param_infos_are_worked_out_once_and_handed_out_as_new_lists() -> None:
    first = param_infos(ExampleParams)
    first.clear()  # a caller's list is its own: the kept infos stay whole
    again = param_infos(ExampleParams)
    assert [i.name for i in again] == [f.name for f in dataclasses.fields(ExampleParams)]
    assert again is not param_infos(ExampleParams)
    assert all(a is b for a, b in zip(again, param_infos(ExampleParams), strict=True))  # kept, not rebuilt


@pytest.mark.parametrize("high", [2**32, 2**32 + 1, 2**33 + 7, 2**40, 2**64 + 3, 10**30])
def test_randint_over_any_range_size_ends_and_stays_in_range(high: int) -> None:
    rng = Rng.from_seed(4)
    with deadline(2, "2000 wide rolls"):  # a zero rejection limit looped forever here
        values = [rng.randint(1, high) for _ in range(2000)]
    assert all(1 <= v <= high for v in values)
    assert len(set(values)) > 1990  # no collapse onto a few values
    assert max(values) > high // 2  # reaches the upper half


def test_randint_over_a_wide_range_is_uniform_over_its_top_bits() -> None:
    rng = Rng.from_seed(9)
    span = 3 * 2**40  # not a power of two: rejection matters
    with deadline(5, "30000 wide rolls"):
        counts = Counter(rng.randint(0, span - 1) * 3 // span for _ in range(30_000))
    assert set(counts) == {0, 1, 2}
    assert all(abs(c - 10_000) < 500 for c in counts.values())  # 5 sigma is about 408


def test_a_die_with_more_sides_than_two_to_the_32_rolls() -> None:
    with deadline(1, "one roll"):
        assert 1 <= Rng.from_seed(1).die(2**33) <= 2**33


@pytest.mark.parametrize("raw", ["٣", "３", "1_0", "+3", "3x", "²"])
def test_param_numbers_are_ascii_digits_only(raw: str) -> None:
    with pytest.raises(ParseError, match="is not a valid int"):
        parse_params(ExampleParams, [f"infantry={raw}"])


@pytest.mark.parametrize("raw", ["inf", "nan", "1e400", "٣.5"])
def test_float_params_are_finite_ascii_numbers(raw: str) -> None:
    with pytest.raises(ParseError, match="is not a valid float"):
        parse_params(ExampleParams, [f"bonus={raw}"])
