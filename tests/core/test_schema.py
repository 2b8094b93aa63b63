"""JSON Schemas of actions, events and views (issue 8 item 4), the schema command, and the
conformance checks that real data validates against them."""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

import jsonschema
import msgspec
import pytest
import typer
from typer.testing import CliRunner

from starlanes.cli import schema as schema_cmd
from starlanes.core import GM, Action
from starlanes.core.schema import PARTS
from starlanes.registry import available_games, get_game
from starlanes.testing import ConformanceFailure
from starlanes.testing.conformance_data import DATA_CHECKS, check_action_json_round_trips, check_schemas_validate
from tests.toy.duel import Award, Duel, Play
from tests.toy.tally import make_tally


def _valid(schema: dict[str, Any], value: Any) -> bool:
    return bool(jsonschema.validators.validator_for(schema)(schema).is_valid(value))


def test_schemas_have_every_part_generated_from_the_types() -> None:
    schemas = Duel().schemas()
    assert tuple(schemas) == PARTS
    for schema in schemas.values():
        jsonschema.validators.validator_for(schema).check_schema(schema)
    assert _valid(schemas["actions"], Play(3).to_builtins())
    assert not _valid(schemas["actions"], {"verb": "play", "card": "three"})
    assert not _valid(schemas["actions"], {"verb": "award", "seat": 0, "points": 1})  # a GM action
    assert _valid(schemas["gm_actions"], Award(0, 1).to_builtins())
    assert _valid(schemas["gm_actions"], {"verb": "ruling", "note": "the gate holds"})
    kinds = {d["properties"]["kind"]["enum"][0] for d in schemas["events"]["$defs"].values() if "kind" in
             d.get("properties", {})}
    assert {"note", "ruling", "choice-sealed"} <= kinds


def test_the_view_schema_takes_a_seat_or_the_gm() -> None:
    game = Duel()
    state = game.setup(None, 2, 1)
    schema = game.schemas()["view"]
    for viewer in (0, GM):
        assert _valid(schema, json.loads(game.view_to_json(game.view(state, viewer))))
    assert not _valid(schema, {**json.loads(game.view_to_json(game.view(state, 0))), "viewer": "0"})


def test_schema_command_prints_every_part_or_one() -> None:
    app = typer.Typer()
    schema_cmd.register(app)
    app.command("games")(lambda: None)  # a second command, so "schema" is a sub-command
    runner = CliRunner()
    game = available_games()[0].id
    every = runner.invoke(app, ["schema", game])
    assert every.exit_code == 0 and tuple(json.loads(every.output)) == PARTS
    one = runner.invoke(app, ["schema", game, "--part", "events"])
    assert one.exit_code == 0 and json.loads(one.output) == get_game(game).schemas()["events"]
    wrong = runner.invoke(app, ["schema", game, "--part", "moves"])
    assert wrong.exit_code == 2 and "moves" in wrong.output
    assert tuple(p.value for p in schema_cmd.Part) == PARTS


@pytest.mark.parametrize("check", DATA_CHECKS, ids=lambda c: c.__name__)
def test_the_data_checks_pass_on_the_toys(check: Any) -> None:
    check(Duel())
    check(make_tally())


class Forgetful(Action, frozen=True):
    """Broken: its JSON form leaves out a field."""

    verb: ClassVar[str] = "play"
    card: int

    def to_builtins(self) -> dict[str, Any]:
        return {"verb": self.verb}


class LossyJson(Duel):
    """Broken: an action whose JSON form does not read back."""

    action_types: ClassVar[tuple[type[Action], ...]] = (Forgetful, *Duel.action_types[1:])

    def _legal_actions(self, state: Any, seat: int) -> list[Action]:
        return [Forgetful(a.card) if isinstance(a, Play) else a for a in super()._legal_actions(state, seat)]

    def _why_not(self, state: Any, actor: Any, action: Action) -> str | None:
        if isinstance(action, Forgetful):
            return super()._why_not(state, actor, Play(action.card))
        return super()._why_not(state, actor, action)

    def _apply(self, state: Any, moves: Any) -> Any:
        return super()._apply(state, {s: Play(a.card) if isinstance(a, Forgetful) else a for s, a in moves.items()})


class SmallView(msgspec.Struct, frozen=True):
    round: str


class WrongViewType(Duel):
    """Broken: declares a view type that is not what ``_view`` returns."""

    view_type = SmallView  # type: ignore[assignment]

    def _view(self, state: Any, seat: int | None) -> Any:
        return super()._view(state, seat)


class AnythingGoes(Duel):
    """Broken: schemas that accept anything."""

    def schemas(self) -> dict[str, Any]:
        return {part: {} for part in PARTS}


def test_check_action_json_round_trips_can_fail() -> None:
    with pytest.raises(ConformanceFailure, match="the JSON form of 'play"):
        check_action_json_round_trips(LossyJson())


@pytest.mark.parametrize(("game", "message"), [
    (WrongViewType(), "the view of 0 does not match the 'view' schema"),
    (AnythingGoes(), "the 'actions' schema accepts"),
    (LossyJson(), "does not match the 'actions' schema"),
])
def test_check_schemas_validate_can_fail(game: Duel, message: str) -> None:
    with pytest.raises(ConformanceFailure, match=re.escape(message)):
        check_schemas_validate(game)

