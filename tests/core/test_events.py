"""Events as data (issue 8 item 4): kinds, fields, audience, descriptions, the kinds registry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

import msgspec
import pytest

from starlanes.core import GM, Action
from starlanes.core.schema import event_types_of
from starlanes.core.state import Event, EventData
from starlanes.testing import ConformanceFailure
from starlanes.testing.conformance_data import check_events_are_declared
from tests.toy.duel import Duel, DuelState


class Conquest(EventData, frozen=True):
    """A seat took a territory."""

    kind: ClassVar[str] = "conquest"
    seat: int
    territory: str
    losses: tuple[int, ...] = ()


def test_an_event_is_data_with_a_kind_fields_and_an_audience() -> None:
    event = Conquest(1, "Vega", (2, 0)).event(seats=(1,), reveals=True)
    assert event == Event("conquest", {"seat": 1, "territory": "Vega", "losses": (2, 0)}, (1,), True)
    assert Conquest.of(event) == Conquest(1, "Vega", (2, 0))
    assert event.visible_to(1) and event.visible_to(GM) and not event.visible_to(0)


def test_an_event_round_trips_through_json() -> None:
    event = Conquest(0, "Sol").event(text="seat 0 takes Sol")
    back = msgspec.json.decode(msgspec.json.encode(event), type=Event)
    assert Conquest.of(back) == Conquest(0, "Sol") and back.text == "seat 0 takes Sol"


def test_prose_events_of_the_old_shape_are_notes() -> None:
    assert Event(text="seat 0 banks") == Event("note", text="seat 0 banks")
    assert Event("seat 0 banks", seats=(0,)) == Event("note", seats=(0,), text="seat 0 banks")
    assert Event("conquest").kind == "conquest"  # a declared kind stays a kind


def test_of_refuses_another_kind_or_wrong_fields() -> None:
    with pytest.raises(ValueError, match="a 'note' event is not a 'conquest' event"):
        Conquest.of(Event(text="x"))
    with pytest.raises(ValueError, match="Expected `int`, got `str`"):
        Conquest.of(Event("conquest", {"seat": "one", "territory": "Vega"}))


def test_the_default_description_is_the_text_else_the_kind_and_fields() -> None:
    assert Event(text="seat 0 banks").describe() == "seat 0 banks"
    described = Conquest(1, "Alpha Centauri", (1,)).event().describe()
    assert described == 'conquest seat=1 territory="Alpha Centauri" losses=[1]'


def test_the_kinds_registry_lists_the_core_kinds_and_refuses_two_types_of_one_kind() -> None:
    kinds = [cls.kind for cls in event_types_of((Conquest,))]
    assert kinds[0] == "note" and "ruling" in kinds and kinds[-1] == "conquest"

    class Other(EventData, frozen=True):
        kind: ClassVar[str] = "conquest"

    with pytest.raises(TypeError, match="two event types use the kind 'conquest'"):
        event_types_of((Conquest, Other))


class Conquering(Duel):
    """Emits a declared kind of event and describes it."""

    event_types: ClassVar[tuple[type[EventData], ...]] = (Conquest,)

    def _apply(self, state: DuelState, moves: Mapping[int, Action]) -> list[Event]:
        events = super()._apply(state, moves)
        return [*events, Conquest(min(moves), "Vega").event(seats=(min(moves),))]

    def describe_event(self, event: Event, viewer: Any) -> str:
        if event.kind == "conquest":
            data = Conquest.of(event)
            return "you take " + data.territory if viewer == data.seat else f"seat {data.seat} takes {data.territory}"
        return super().describe_event(event, viewer)


def test_describe_event_is_the_rulesets_words_for_a_viewer() -> None:
    game = Conquering()
    event = Conquest(1, "Vega").event()
    assert game.describe_event(event, 1) == "you take Vega"
    assert game.describe_event(event, GM) == "seat 1 takes Vega"
    assert Duel().describe_event(Event(text="x"), 0) == "x"


def test_declared_events_conform() -> None:
    check_events_are_declared(Conquering())


class Undeclared(Conquering):
    """Broken: emits conquest events but does not declare the kind."""

    event_types: ClassVar[tuple[type[EventData], ...]] = ()


class WrongFields(Conquering):
    """Broken: a conquest event whose seat is a name."""

    def _apply(self, state: DuelState, moves: Mapping[int, Action]) -> list[Event]:
        return [*Duel._apply(self, state, moves), Event("conquest", {"seat": "first", "territory": "Vega"})]


class Mute(Conquering):
    """Broken: describes events with nothing."""

    def describe_event(self, event: Event, viewer: Any) -> str:
        return ""


class BadAudience(Conquering):
    """Broken: an event shown to a seat that does not exist."""

    def _apply(self, state: DuelState, moves: Mapping[int, Action]) -> list[Event]:
        return [*Duel._apply(self, state, moves), Conquest(0, "Vega").event(seats=(9,))]


@pytest.mark.parametrize(("game", "message"), [
    (Undeclared(), "event kind 'conquest' is not declared"),
    (WrongFields(), "event fields do not match Conquest"),
    (Mute(), "describe_event of a"),
    (BadAudience(), "event seats (9,) are not seats"),
])
def test_check_events_are_declared_can_fail(game: Duel, message: str) -> None:
    with pytest.raises(ConformanceFailure, match=re.escape(message)):
        check_events_are_declared(game)
