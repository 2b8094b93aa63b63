"""Feedback sheets: one per faction per turn, in Markdown and HTML (inventory 1.6, VIS-07).

:func:`build_sheet` makes the sheet model from the campaign, the faction's turn report and its
knowledge (nothing else: see :mod:`.model`); :func:`render_markdown` and :func:`render_html`
print it; :func:`render_sheet` does both steps; :func:`write_sheets` writes every faction's
sheets of the last processed turn to a folder (what ``starlanes campaign star-kingdoms sheets``
calls), and with ``gm=True`` the GM's overview (:func:`build_gm_sheet`) too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from starlanes.core.errors import PathError
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.orgsheet import organisations_section
from starlanes.games.star_kingdoms.sheets.gm import GM_SHEET_ID, build_gm_sheet
from starlanes.games.star_kingdoms.sheets.html import render_html
from starlanes.games.star_kingdoms.sheets.markdown import escape, render_markdown
from starlanes.games.star_kingdoms.sheets.model import (
    SECTION_BUILDERS,
    Section,
    Sheet,
    SheetContext,
    Table,
    build_sheet,
    register_section,
)
from starlanes.games.star_kingdoms.sheets.war import attacks_section  # noqa: F401  (registers part 2's sections)

if "organisations" not in {key for key, _ in SECTION_BUILDERS}:
    # part 3: organisations, their branches and operations, and the principles of the nation's worlds
    register_section("organisations", organisations_section, after="science")

__all__ = [
    "GM_SHEET_ID",
    "SECTION_BUILDERS",
    "Section",
    "Sheet",
    "SheetContext",
    "Table",
    "build_gm_sheet",
    "build_sheet",
    "escape",
    "register_section",
    "render_html",
    "render_markdown",
    "render_sheet",
    "sheet_filename",
    "write_sheets",
]

Format = Literal["md", "html"]


def render_sheet(state: CampaignState, faction_id: str, fmt: Format = "md") -> str:
    """The sheet of ``faction_id`` for the last processed turn, as Markdown (``md``) or HTML."""
    sheet = build_sheet(state, faction_id)
    return render_html(sheet) if fmt == "html" else render_markdown(sheet)


def sheet_filename(faction_id: str, turn: int, fmt: Format) -> str:
    """``<faction>-turn-<NNN>.<md|html>`` (sorted by turn in a listing)."""
    return f"{faction_id}-turn-{turn:03d}.{fmt}"


def write_sheets(state: CampaignState, folder: str | Path, *, formats: tuple[Format, ...] = ("md", "html"),
                 factions: tuple[str, ...] = (), gm: bool = False) -> list[Path]:
    """Write the sheets of every faction (or those named) to ``folder``, and the GM's overview
    (``_gm-turn-NNN``) when ``gm``; the paths written."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise PathError(f"{out} is a file; name a folder for the sheets")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PathError(f"cannot create {out}: {exc.strerror or exc}") from exc
    ids = factions or tuple(f.id for f in state.factions)
    sheets = [build_sheet(state, fid) for fid in ids]
    if gm:
        sheets.append(build_gm_sheet(state))
    written: list[Path] = []
    for sheet in sheets:
        fid = sheet.faction
        for fmt in formats:
            text = render_html(sheet) if fmt == "html" else render_markdown(sheet)
            path = out / sheet_filename(fid, sheet.turn, fmt)
            try:
                path.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise PathError(f"cannot write {path}: {exc.strerror or exc}") from exc
            written.append(path)
    return written
