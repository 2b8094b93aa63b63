"""A whole Star Kingdoms campaign as one file, and each feedback sheet as HTML or PDF.

The export file (``star-kingdoms-export/1``, JSON) holds:

- ``campaign``: the campaign state as a campaign file holds it (``campaign.py``'s format), so
  ``import`` gives back a campaign file the CLI plays on;
- ``match``: on a server, the match's save (``starlanes-match/1``: params, seats, seed and the
  log of every action, sealed orders included), from which the server replays the campaign
  exactly; ``null`` for a campaign made with the CLI (its file has no log);
- ``sheets``: every feedback sheet published so far (turn, nation, Markdown, HTML), the GM's
  overviews under the nation ``_gm``;
- ``messages``: the messages between players that were copied to the GM. The GM exports, and
  the GM reads no other message (docs/server.md), so private diplomacy never leaves the server.

:func:`sheet_pdf` prints a sheet's HTML as PDF with WeasyPrint (pure Python over the system's
Pango; no browser, no network).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Final

import msgspec

from starlanes.core.errors import ContentError, PathError, UsageError
from starlanes.games.star_kingdoms.campaign import CAMPAIGN_SCHEMA, CampaignState
from starlanes.games.star_kingdoms.sheets import build_gm_sheet, build_sheet, render_html, render_markdown

__all__ = [
    "EXPORT_SCHEMA",
    "GM_NATION",
    "CampaignExport",
    "ExportedMessage",
    "ExportedSheet",
    "decode_export",
    "export_campaign",
    "last_turn_sheets",
    "read_export",
    "sheet_pdf",
    "write_export",
]

EXPORT_SCHEMA: Final = "star-kingdoms-export/1"
GM_NATION: Final = "_gm"
"""The ``nation`` of the GM's overview sheets in an export."""


class ExportedSheet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    turn: int
    nation: str
    """Faction id (``_gm``: the GM's overview)."""
    markdown: str
    html: str


class ExportedMessage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    turn: int
    sender: str
    """Faction id of the sender."""
    recipients: tuple[str, ...]
    text: str
    sent: str = ""
    """When it was sent (ISO 8601, UTC)."""


class _CampaignPart(msgspec.Struct, kw_only=True):
    schema: str
    state: CampaignState


class CampaignExport(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str
    exported: str
    """When the file was written (ISO 8601, UTC)."""
    campaign: _CampaignPart
    match: dict[str, Any] | None = None
    sheets: tuple[ExportedSheet, ...] = ()
    messages: tuple[ExportedMessage, ...] = ()

    @property
    def state(self) -> CampaignState:
        return self.campaign.state


def last_turn_sheets(state: CampaignState, *, gm: bool = True) -> list[ExportedSheet]:
    """Every nation's sheet of the last processed turn (turn 0 before any), and the GM's overview."""
    sheets = [(f.id, build_sheet(state, f.id)) for f in state.factions]
    if gm:
        sheets.append((GM_NATION, build_gm_sheet(state)))
    out = [ExportedSheet(turn=sheet.turn, nation=nation, markdown=render_markdown(sheet), html=render_html(sheet))
           for nation, sheet in sheets]
    return out


def export_campaign(state: CampaignState, *, match: dict[str, Any] | None = None,
                    sheets: list[ExportedSheet] | tuple[ExportedSheet, ...] | None = None,
                    messages: tuple[ExportedMessage, ...] = ()) -> bytes:
    """The export file's bytes. ``sheets`` None: the last processed turn's sheets, built now."""
    bundle = CampaignExport(
        schema=EXPORT_SCHEMA, exported=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        campaign=_CampaignPart(schema=CAMPAIGN_SCHEMA, state=state), match=match,
        sheets=tuple(last_turn_sheets(state) if sheets is None else sheets), messages=messages)
    return msgspec.json.encode(bundle)


def decode_export(data: bytes, file: str = "the export") -> CampaignExport:
    """Read an export file's bytes; a broken one is a ContentError naming the file, the field and
    the problem."""
    try:
        head = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise ContentError(file, "", f"not JSON ({exc})") from None
    if not isinstance(head, dict):
        raise ContentError(file, "", "not a Star Kingdoms export (a JSON object is expected)")
    if head.get("schema") != EXPORT_SCHEMA:
        hint = " (that is a campaign file: use it as it is)" if head.get("schema") == CAMPAIGN_SCHEMA else ""
        raise ContentError(file, "schema", f"must be '{EXPORT_SCHEMA}', not {head.get('schema')!r}{hint}")
    try:
        bundle = msgspec.json.decode(data, type=CampaignExport)
    except msgspec.ValidationError as exc:
        raise ContentError(file, _where(str(exc)), _what(str(exc))) from None
    if bundle.campaign.schema != CAMPAIGN_SCHEMA:
        raise ContentError(file, "campaign.schema", f"must be '{CAMPAIGN_SCHEMA}', not {bundle.campaign.schema!r}")
    nations = {f.id for f in bundle.state.factions} | {GM_NATION}
    for i, sheet in enumerate(bundle.sheets):
        if sheet.nation not in nations:
            raise ContentError(file, f"sheets[{i}].nation", f"'{sheet.nation}' is not a nation of the campaign")
    for i, message in enumerate(bundle.messages):
        for who in (message.sender, *message.recipients):
            if who not in nations:
                raise ContentError(file, f"messages[{i}]", f"'{who}' is not a nation of the campaign")
    return bundle


def _where(message: str) -> str:
    _, _, where = message.rpartition(" - at `$")
    return where.rstrip("`").lstrip(".") if where else ""


def _what(message: str) -> str:
    return message.split(" - at `$", 1)[0]


def read_export(path: str | Path) -> CampaignExport:
    source = Path(path)
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise PathError(f"{source}: no such export file") from None
    except OSError as exc:
        raise PathError(f"cannot read {source}: {exc.strerror or exc}") from exc
    return decode_export(data, str(source))


def write_export(data: bytes, path: str | Path) -> Path:
    target = Path(path)
    if target.is_dir():
        raise PathError(f"{target} is a folder; name a file, e.g. {target / 'campaign-export.json'}")
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise PathError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return target


def sheet_pdf(html: str) -> bytes:
    """A sheet's HTML printed as PDF (WeasyPrint; offline: the sheet carries its own styles)."""
    try:
        import weasyprint  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:  # OSError: the system's Pango is missing
        raise UsageError(f"PDF needs WeasyPrint and the system's Pango library ({exc}); "
                         "download the HTML sheet instead") from None
    pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf
