"""The campaign commands (cli.py): a whole campaign from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from starlanes.cli.app import app
from starlanes.games.star_kingdoms.campaign import load_campaign
from starlanes.games.star_kingdoms.execute import planet_name

SK = ["campaign", "star-kingdoms"]


def sk(*args: str) -> tuple[int, str]:
    # the shared console was made before this test (its width comes from the terminal then): widen
    # it so that long temporary paths do not wrap lines the assertions read
    from starlanes.cli.common import console
    width = console.width
    console.width = 300
    try:
        result = CliRunner().invoke(app, [*SK, *args], env={"COLUMNS": "300"})
    finally:
        console.width = width
    return result.exit_code, result.output


def test_a_campaign_from_new_to_sheets(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    code, out = sk("new", str(camp), "--factions", "2", "--seed", "3", "--param", "turn_closes=gm")
    assert code == 0 and "2 nation(s)" in out
    assert sk("new", str(camp), "--factions", "2")[0] != 0  # not overwritten
    state = load_campaign(camp)
    me = state.factions[0]
    home = planet_name(state, me.homeworld)
    orders = tmp_path / "orders.txt"
    orders.write_text(f"build shipyard district on {home}\nbuild academic district on {home}  # slot busy\n"
                      "research nonsense on Nowhere\n")
    code, out = sk("orders", "check", str(camp), str(orders), "--nation", me.name)
    assert code != 0 and "line 1" in out and "busy" in out and "unknown tech" in out
    assert sk("submit", str(camp), str(orders), "--nation", me.id)[0] != 0
    assert load_campaign(camp).sealed == {}
    orders.write_text(f"build shipyard district on {home}\n")
    assert sk("orders", "check", str(camp), str(orders), "--nation", me.id)[0] == 0
    code, out = sk("submit", str(camp), str(orders), "--nation", me.id)
    assert code == 0 and "submitted" in out
    code, out = sk("status", str(camp))
    assert "submitted" in out and "waiting" in out
    code, out = sk("gm", "queue", str(camp))
    assert "has not submitted" in out and me.name not in out.split("has not submitted")[0].splitlines()[-1]
    code, out = sk("bot", str(camp), "--nation", state.factions[1].id)
    assert code == 0
    code, out = sk("process-turn", str(camp), "--sheets", str(tmp_path / "sheets"))
    assert code == 0 and "turn 1 processed" in out
    assert (tmp_path / "sheets" / f"{me.id}-turn-001.md").exists()
    assert (tmp_path / "sheets" / f"{me.id}-turn-001.html").exists()
    assert load_campaign(camp).turn == 2
    code, out = sk("gm", "do", str(camp), f'note {me.id} "a comet"')
    assert code == 0 and "note" in out
    code, _ = sk("gm", "do", str(camp), "note nobody hi")
    assert code != 0
    code, _ = sk("sheets", str(camp), "--out", str(tmp_path / "again"))
    assert code == 0 and (tmp_path / "again" / f"{me.id}-turn-001.md").exists()
    assert sk("submit", str(camp), str(orders), "--nation", "Nobody")[0] != 0


def test_galaxy_generate(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    code, _ = sk("galaxy", "generate", "--factions", "3", "--seed", "2", "--out", str(out))
    assert code == 0
    data = json.loads(out.read_text())
    assert data["schema"] == "star-kingdoms-galaxy/1"
    assert sum(1 for s in data["systems"] for p in s.get("planets", ()) if p.get("homeworld")) >= 3


def test_new_from_creation_forms_waits_for_the_gm(tmp_path: Path) -> None:
    from tests.games.star_kingdoms.test_knowledge_fixtures import FORM_TOML

    form = tmp_path / "zab.toml"
    form.write_text(FORM_TOML.replace('homeworld = "Terra"', 'homeworld = ""').replace("Zabanian Empire", "Varn"))
    camp = tmp_path / "camp.json"
    code, out = sk("new", str(camp), "--form", str(form), "--factions", "1", "--seed", "2")
    assert code == 0 and "1 await the GM's approval" in out, out
    code, out = sk("gm", "queue", str(camp))
    assert "approve-nation" in out and "(blocking)" in out
    state = load_campaign(camp)
    newcomer = state.factions[-1]
    assert not newcomer.approved and newcomer.name == "Varn"
    code, out = sk("gm", "do", str(camp), f"approve {newcomer.id}")
    assert code == 0
    code, out = sk("status", str(camp))
    assert "awaiting" not in out and "Varn" in out


def test_add_nation_to_a_running_campaign(tmp_path: Path) -> None:
    from tests.games.star_kingdoms.test_knowledge_fixtures import FORM_TOML

    camp = tmp_path / "camp.json"
    galaxy = tmp_path / "g.json"
    assert sk("galaxy", "generate", "--factions", "3", "--seed", "5", "--out", str(galaxy))[0] == 0
    assert sk("new", str(camp), "--factions", "2", "--seed", "5", "--galaxy", str(galaxy))[0] == 0
    form = tmp_path / "varn.toml"
    form.write_text(FORM_TOML.replace('homeworld = "Terra"', 'homeworld = ""').replace("Zabanian Empire", "Varn"))
    code, out = sk("add-nation", str(camp), str(form))
    assert code == 0 and "awaits the GM's approval" in out
    orders = tmp_path / "o.txt"
    orders.write_text("")
    code, out = sk("submit", str(camp), str(orders), "--nation", "Varn")
    assert code != 0
    state = load_campaign(camp)
    assert state.players == 3 and not state.factions[2].approved and state.factions[2].id in state.knowledge


def test_orders_check_json(tmp_path: Path) -> None:
    camp = tmp_path / "camp.json"
    assert sk("new", str(camp), "--factions", "2", "--seed", "3")[0] == 0
    state = load_campaign(camp)
    orders = tmp_path / "o.txt"
    orders.write_text(f"build shipyard district on {planet_name(state, state.factions[0].homeworld)}\nnonsense\n")
    code, out = sk("orders", "check", str(camp), str(orders), "--nation", state.factions[0].id, "--json")
    data = json.loads(out)
    assert code == 4 and data["turn"] == 1
    assert [(line["line"], line["accepted"]) for line in data["lines"]] == [(1, True), (2, False)]
