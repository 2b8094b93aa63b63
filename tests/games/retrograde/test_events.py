"""Issue 8 item 4 for Retrograde: events are data (declared kinds with fields, an audience, what
they reveal), worded by ``describe_event`` per reader; the table's log of prose left the state
(ruling 60); the bots come from the registry entry."""

from __future__ import annotations

import json

import msgspec
from tests.games.retrograde.helpers import GAME, HOME0, HOME1, act, debris, empty, fresh, hand, ship, words

from starlanes.core.state import GM, Event
from starlanes.games.retrograde import describe
from starlanes.games.retrograde.events import EVENT_TYPES, CardRef, Drew, Moved
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import RetroState, Table


def test_every_declared_kind_has_its_words_and_its_schema() -> None:
    kinds = {cls.kind for cls in EVENT_TYPES}
    assert len(kinds) == len(EVENT_TYPES)
    assert {cls.kind for cls in describe._WORDS} == kinds
    schema = json.dumps(GAME.schemas()["events"])
    for kind in kinds:
        assert json.dumps({"enum": [kind]}) in schema, kind


def test_a_move_is_an_event_with_its_numbers_and_the_words_of_before() -> None:
    s = empty()
    hammer = ship(s, "terra-hammer", 0, HOME1, 4)
    (event,) = act(s, 0, f"burn {hammer.uid} 2")
    assert event.kind == "moved" and event.seats is None and not event.text
    assert Moved.of(event) == Moved(CardRef(hammer.uid, "terra-hammer"), "burn", 2, from_orbital=4, to_orbital=2)
    assert words(event) == f"Terra Hammer #{hammer.uid} burns from orbital 4 to 2 (2 delta-vee)"


def test_a_draw_is_private_reveals_and_says_you_only_to_the_drawer() -> None:
    s = fresh()
    top = s.table.decks[0][0]
    events = act(s, 0, f"research {HOME0}")
    (drew,) = [e for e in events if e.kind == "drew"]
    assert drew.seats == (0,) and drew.reveals and not drew.visible_to(1)
    assert Drew.of(drew).card == CardRef(top, s.table.cards[top])
    name = describe.card_words(Drew.of(drew).card)
    assert GAME.describe_event(drew, 0) == f"you draw {name}"
    assert GAME.describe_event(drew, GM) == f"seat 0 draws {name}"


def test_a_face_down_card_is_named_by_number_in_public_and_by_name_to_its_owner() -> None:
    s = empty()
    card = hand(s, 0, "mushroom")
    events = act(s, 0, f"place {card} {HOME0}")
    public = [e for e in events if e.seats is None]
    private = [e for e in events if e.seats == (0,)]
    assert public and "mushroom" not in msgspec.json.encode(public).decode().lower()
    assert words(public[0]) == f"seat 0 places a spacecraft face down (#{card}) beside Venus: Shock troops #{HOME0}"
    assert [words(e) for e in private] == ["(it is your Mushroom)"]
    assert not any(e.reveals for e in private)  # a reminder of its own card: undo stays possible
    assert GAME.describe_event(private[0], GM) == "(it is seat 0's Mushroom)"


def test_the_combat_reveal_carries_both_choices_the_dice_and_the_hits() -> None:
    s = empty()
    att = ship(s, "terra-hammer", 0, HOME1, 1)
    dfd = ship(s, "envoy", 1, HOME1, 0)
    act(s, 0, f"attack {att.uid} {dfd.uid}")
    s.rng.force([1, 1, 1])
    events = act(s, 0, "power 3") + act(s, 1, "defense 1")
    (fight,) = [e for e in events if e.kind == "combat-resolved"]
    f = fight.fields
    assert (f["power"], f["defense"], f["check"], f["rolls"], f["hits"]) == (3, 1, 2, [1, 1, 1], 3)
    assert "power 3 against Envoy" in words(fight) and "3 dice roll 1 1 1: 3 hit(s)" in words(fight)


def test_debris_damage_at_the_end_of_the_turn_is_an_event() -> None:
    s = empty()
    victim = ship(s, "mushroom", 0, HOME1, 1)
    debris(s, HOME1, 1)
    events = act(s, 0, "end")
    (hurt,) = [e for e in events if e.kind == "debris-damage"]
    assert hurt.fields == {"ship": {"uid": victim.uid, "key": "mushroom"}, "damage": 1}


def test_the_rules_emit_data_not_prose_and_the_state_keeps_no_log() -> None:
    assert not any(hasattr(Engine, name) for name in ("say", "tell", "note"))
    assert "log" not in Table.__struct_fields__
    s = fresh()
    act(s, 0, f"research {HOME0}")
    assert "log" not in json.loads(GAME.to_json(s))["table"]
    assert all(e.kind in {c.kind for c in EVENT_TYPES} and not e.text for e in act(s, 0, "end"))


def test_every_event_of_a_seeded_game_is_worded_for_every_reader_who_sees_it() -> None:
    state: RetroState = GAME.setup({"turn_limit": 12}, 2, 5)
    seen: list[Event] = []
    while not GAME.is_over(state) and GAME.to_act(state):
        seat = sorted(GAME.to_act(state))[0]
        legal = GAME.legal_actions(state, seat)
        seen += GAME.apply(state, seat, legal[len(seen) % len(legal)])
    assert seen
    for event in seen:
        for viewer in (0, 1, GM):
            if event.visible_to(viewer):
                text = GAME.describe_event(event, viewer)
                assert text and not text.startswith(event.kind + " "), (event, viewer)
