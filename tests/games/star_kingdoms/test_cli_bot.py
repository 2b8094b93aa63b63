"""``starlanes campaign star-kingdoms bot --bot war`` (cli.py): the war bot's orders from the command line."""

from __future__ import annotations

from pathlib import Path

from tests.games.star_kingdoms.test_cli import SK, sk
from typer.testing import CliRunner

from starlanes.cli.app import app
from starlanes.core.errors import UsageError
from starlanes.games.star_kingdoms.bot import economic_orders, war_bot_orders
from starlanes.games.star_kingdoms.campaign import load_campaign


def test_the_bot_command_writes_and_submits_the_war_bots_orders(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    assert sk("new", str(camp), "--factions", "2", "--seed", "3", "--param", "turn_closes=gm")[0] == 0
    state = load_campaign(camp)
    me = state.factions[0]
    war, economic = war_bot_orders(state, 0), economic_orders(state, 0)
    assert war != economic and "Patrol Ship" in war  # the two bots differ: the war bot builds warships
    code, out = sk("bot", str(camp), "--nation", me.id, "--bot", "war")
    assert code == 0 and out == war
    code, out = sk("bot", str(camp), "--nation", me.id)  # the economic bot stays the default
    assert code == 0 and out == economic
    code, out = sk("bot", str(camp), "--nation", me.id, "--bot", "war", "--submit")
    assert code == 0 and out == war
    after = load_campaign(camp)
    assert 0 in after.sealed and after.turn == state.turn


def test_the_bot_command_refuses_an_unknown_bot_and_changes_nothing(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    assert sk("new", str(camp), "--factions", "2", "--seed", "3")[0] == 0
    before = camp.read_bytes()
    result = CliRunner().invoke(app, [*SK, "bot", str(camp), "--nation", load_campaign(camp).factions[0].id,
                                      "--bot", "pirate", "--submit"])
    assert result.exit_code != 0 and isinstance(result.exception, UsageError)
    assert str(result.exception) == "--bot 'pirate': the bots are economic, war"
    assert camp.read_bytes() == before
