"""Issue 8: space-risk's events are data (a kind and fields), declared, and worded by
``describe_event`` (not by the rules)."""

from __future__ import annotations

import re
from pathlib import Path

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import GM
from starlanes.core.state import Event
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Attack, End
from starlanes.games.space_risk.describe import describe_event

from .helpers import GAME, T, position

RULES = Path(__file__).parents[3] / "src/starlanes/games/space_risk/rules"


def _events(players: int = 3, seed: int = 4, **params: object) -> list[Event]:
    state = GAME.setup({"max_rounds": 6, **params}, players, seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    out: list[Event] = []
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        out += GAME.apply(state, seat, agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat)))
    return out


def test_every_kind_is_in_the_schemas() -> None:
    kinds = {d["properties"]["kind"]["enum"][0] for d in GAME.schemas()["events"]["$defs"].values()
             if "kind" in d.get("properties", {})}
    assert {cls.kind for cls in ev.EVENT_TYPES} <= kinds


def test_events_of_a_game_are_declared_kinds_with_their_words() -> None:
    events = _events() + _events(2, 7, modified_start=True, starting_infantry=20)
    declared = {cls.kind: cls for cls in ev.EVENT_TYPES}
    seen = set()
    for event in events:
        cls = declared[event.kind]  # no "note": every event has a kind of its own
        cls.of(event)
        seen.add(event.kind)
        audience = event.seats[0] if event.seats else GM
        assert event.text == ""  # no prose in the rules: the words come from describe_event
        words = describe_event(event, audience)
        assert words and not words.startswith(event.kind)
    assert {"placed", "turn-begins", "battle-roll", "conquest", "card-drawn", "card-received",
            "consolidated", "game-over", "claimed", "claims-done"} <= seen


def test_rules_build_no_prose() -> None:
    """The rules emit event data; the words are made in describe.py."""
    for path in RULES.glob("*.py"):
        assert not re.search(r"Event\(f?\"", path.read_text()), path.name


def test_a_roll_is_the_faces_and_the_losses() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 5})
    (roll,) = GAME.apply(state, 0, Attack("Vega-1", "Vega-2"))
    data = ev.BattleRoll.of(roll)
    assert (data.source, data.target, data.defender) == ("Vega-1", "Vega-2", 1)
    assert len(data.roll.attack) == 3 and len(data.roll.defend) == 2
    assert data.attacker_loss + data.defender_loss == 2
    assert state.armies[T("Vega-2")] == 5 - data.defender_loss
    faces = f"{' '.join(map(str, sorted(data.roll.attack, reverse=True)))} against"
    assert describe_event(roll, 1).startswith(f"seat 0: Vega-1 attacks Vega-2 (seat 1), {faces}")


def test_a_card_drawn_is_private_revealing_and_says_you_to_its_seat() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 1})
    GAME.apply(state, 0, Attack("Vega-1", "Vega-2", all=True))
    if GAME.decision(state) is not None and state.pending is not None:
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    events = GAME.apply(state, 0, End())
    public = next(e for e in events if e.kind == "card-drawn")
    private = next(e for e in events if e.kind == "card-received")
    card = ev.CardReceived.of(private).card
    assert public.seats is None and describe_event(public, 1) == "seat 0 draws a territory card"
    assert private.seats == (0,) and private.reveals
    assert describe_event(private, 0) == f"you draw {card}"
    assert describe_event(private, GM) == f"seat 0 draws {card}"


def test_every_turn_begins_with_its_reinforcements_in_words() -> None:
    begins = [ev.TurnBegins.of(e) for e in _events() if e.kind == "turn-begins"]
    assert len(begins) > 3 and begins[0].turn == 1 and begins[0].start_roll > 0
    later = next(e for e in begins if e.turn > 1)
    words = describe_event(later.event(), GM)
    assert words.startswith(f"round {later.round}: seat {later.seat}'s turn, {later.reinforcements} reinforcements (")
    assert f"{later.income.held} territories" in words
