"""A whole campaign as one file (export.py, issue 15 item 6) and sheets as PDF; the export
commands (export_cli.py) on a Typer app of their own (cli.py registers them on the campaign CLI)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
import typer
from typer.testing import CliRunner

from starlanes.core.errors import ContentError, PathError
from starlanes.games.star_kingdoms.campaign import load_campaign, save_campaign
from starlanes.games.star_kingdoms.export import (
    EXPORT_SCHEMA,
    GM_NATION,
    ExportedMessage,
    decode_export,
    export_campaign,
    read_export,
    sheet_pdf,
)
from starlanes.games.star_kingdoms.export_cli import register
from starlanes.games.star_kingdoms.game import make_ruleset, new_campaign
from starlanes.games.star_kingdoms.pipeline import process_turn


def test_an_export_holds_the_campaign_and_every_nations_sheet_and_reads_back_equal() -> None:
    state = new_campaign(None, 3, 11)
    process_turn(state, {})
    data = export_campaign(state)
    bundle = decode_export(data)
    assert bundle.schema == EXPORT_SCHEMA
    ruleset = make_ruleset()
    assert ruleset.to_json(bundle.state) == ruleset.to_json(state)
    assert sorted(s.nation for s in bundle.sheets) == sorted([*(f.id for f in state.factions), GM_NATION])
    assert {s.turn for s in bundle.sheets} == {1}
    zab = next(s for s in bundle.sheets if s.nation == state.factions[0].id)
    assert state.factions[0].name in zab.html and zab.markdown.startswith("#")


def test_a_broken_export_is_refused_naming_the_field() -> None:
    state = new_campaign(None, 2, 3)
    good = msgspec.json.decode(export_campaign(state))
    with pytest.raises(ContentError, match="schema"):
        decode_export(b'{"schema": "star-kingdoms-campaign/1"}', "x.json")
    with pytest.raises(ContentError, match="not JSON"):
        decode_export(b"{", "x.json")
    bad = dict(good, sheets=[{"turn": 0, "nation": "nobody", "markdown": "", "html": ""}])
    with pytest.raises(ContentError, match=r"sheets\[0\]\.nation.*'nobody'"):
        decode_export(msgspec.json.encode(bad), "x.json")
    bad = dict(good, messages=[{"turn": 1, "sender": state.factions[0].id, "recipients": ["ghost"], "text": "hi"}])
    with pytest.raises(ContentError, match=r"messages\[0\].*'ghost'"):
        decode_export(msgspec.json.encode(bad), "x.json")
    bad = dict(good, sheets=[{"turn": "one", "nation": GM_NATION, "markdown": "", "html": ""}])
    with pytest.raises(ContentError, match="sheets"):
        decode_export(msgspec.json.encode(bad), "x.json")


def test_messages_in_an_export_are_kept() -> None:
    state = new_campaign(None, 2, 3)
    a, b = state.factions[0].id, state.factions[1].id
    data = export_campaign(state, messages=(ExportedMessage(turn=1, sender=a, recipients=(b,), text="treaty"),))
    assert decode_export(data).messages[0].text == "treaty"


def test_a_sheet_prints_as_pdf() -> None:
    state = new_campaign(None, 2, 3)
    html = decode_export(export_campaign(state)).sheets[0].html
    pdf = sheet_pdf(html)
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000


def _cli() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_the_export_and_import_commands_round_trip_a_campaign_file(tmp_path: Path) -> None:
    state = new_campaign(None, 2, 5)
    process_turn(state, {})
    camp = tmp_path / "camp.json"
    save_campaign(state, camp)
    out = tmp_path / "export.json"
    result = CliRunner().invoke(_cli(), ["export", str(camp), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert read_export(out).state.turn == 2
    again = tmp_path / "again.json"
    sheets = tmp_path / "sheets"
    result = CliRunner().invoke(_cli(), ["import", str(out), str(again), "--sheets", str(sheets)])
    assert result.exit_code == 0, result.output
    ruleset = make_ruleset()
    assert ruleset.to_json(load_campaign(again)) == ruleset.to_json(load_campaign(camp))
    assert (sheets / f"{state.factions[0].id}-turn-001.html").is_file()
    refused = CliRunner().invoke(_cli(), ["import", str(out), str(again)])
    assert isinstance(refused.exception, PathError) and "--force" in str(refused.exception)
    missing = CliRunner().invoke(_cli(), ["import", str(tmp_path / "nope.json"), str(tmp_path / "x.json")])
    assert isinstance(missing.exception, PathError) and "no such export file" in str(missing.exception)


def test_the_sheet_pdf_command_writes_beside_the_sheet(tmp_path: Path) -> None:
    state = new_campaign(None, 2, 5)
    sheet = tmp_path / "a-turn-000.html"
    sheet.write_text(decode_export(export_campaign(state)).sheets[0].html, encoding="utf-8")
    result = CliRunner().invoke(_cli(), ["sheet-pdf", str(sheet)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "a-turn-000.pdf").read_bytes().startswith(b"%PDF")
