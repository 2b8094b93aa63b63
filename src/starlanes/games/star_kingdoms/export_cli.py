"""``starlanes campaign star-kingdoms export / import / sheet-pdf``: a whole campaign as one file
(``export.py``), and a sheet printed as PDF.

These commands are registered on the campaign CLI (``cli.py``'s ``app``) by
:func:`register`::

    starlanes campaign star-kingdoms export camp.json --out camp-export.json   # the campaign, its sheets
    starlanes campaign star-kingdoms import camp-export.json camp2.json        # a campaign file again
    starlanes campaign star-kingdoms sheet-pdf sheets/zabanian-empire-turn-003.html   # -> .pdf beside it

A server campaign's export (``GET /api/campaigns/<id>/export``) imports the same way; the server
imports both kinds (``POST /api/campaigns/import``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from starlanes.cli.common import console
from starlanes.core.errors import PathError
from starlanes.games.star_kingdoms.campaign import load_campaign, save_campaign
from starlanes.games.star_kingdoms.export import export_campaign, read_export, sheet_pdf, write_export

__all__ = ["export_command", "import_command", "register", "sheet_pdf_command"]


def export_command(
        campaign: Annotated[Path, typer.Argument(help="the campaign file (JSON)")],
        out: Annotated[Path, typer.Option("--out", help="the export file to write")] = Path("campaign-export.json"),
) -> None:
    """Write the whole campaign and its last turn's sheets (every nation's and the GM's) to one file."""
    state = load_campaign(campaign)
    path = write_export(export_campaign(state), out)
    console.print(f"exported turn {state.turn} of {len(state.factions)} nations to {escape(str(path))}")


def import_command(
        export: Annotated[Path, typer.Argument(help="an export file (star-kingdoms-export/1)")],
        campaign: Annotated[Path, typer.Argument(help="the campaign file to write")],
        force: Annotated[bool, typer.Option("--force", help="replace an existing campaign file")] = False,
        sheets: Annotated[Path | None, typer.Option("--sheets", help="also write the export's sheets here")] = None,
) -> None:
    """Make a campaign file from an export (the server's or the CLI's)."""
    bundle = read_export(export)
    if campaign.exists() and not force:
        raise PathError(f"{campaign} exists; give --force to replace it, or name another file")
    save_campaign(bundle.state, campaign)
    console.print(f"{escape(str(campaign))}: turn {bundle.state.turn}, {len(bundle.state.factions)} nations, "
                  f"{len(bundle.sheets)} sheet(s), {len(bundle.messages)} message(s) copied to the GM")
    if sheets is not None:
        try:
            sheets.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PathError(f"cannot create {sheets}: {exc.strerror or exc}") from exc
        for sheet in bundle.sheets:
            for ext, text in (("md", sheet.markdown), ("html", sheet.html)):
                path = sheets / f"{sheet.nation}-turn-{sheet.turn:03d}.{ext}"
                try:
                    path.write_text(text, encoding="utf-8")
                except OSError as exc:
                    raise PathError(f"cannot write {path}: {exc.strerror or exc}") from exc


def sheet_pdf_command(
        sheet: Annotated[Path, typer.Argument(help="an HTML sheet (from sheets or process-turn --sheets)")],
        out: Annotated[Path | None, typer.Option("--out", help="the PDF to write (default: beside the sheet)")] = None,
) -> None:
    """Print an HTML sheet as PDF (WeasyPrint, offline)."""
    try:
        html = sheet.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PathError(f"{sheet}: no such sheet") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PathError(f"cannot read {sheet}: {exc}") from exc
    target = out or sheet.with_suffix(".pdf")
    try:
        target.write_bytes(sheet_pdf(html))
    except OSError as exc:
        raise PathError(f"cannot write {target}: {exc.strerror or exc}") from exc
    console.print(escape(str(target)))


def register(app: typer.Typer) -> None:
    """Add ``export``, ``import`` and ``sheet-pdf`` to the campaign CLI."""
    app.command("export")(export_command)
    app.command("import")(import_command)
    app.command("sheet-pdf")(sheet_pdf_command)


def main() -> None:
    """``python -m starlanes.games.star_kingdoms.export_cli export|import|sheet-pdf ...``."""
    from starlanes.core.errors import StarlanesError

    app = typer.Typer(add_completion=False, no_args_is_help=True,
                      help="Star Kingdoms campaign export and import, sheets as PDF.")
    register(app)
    try:
        app(standalone_mode=False)
    except StarlanesError as exc:
        console.print(f"[red]error:[/] {escape(str(exc))}")
        raise SystemExit(exc.exit_code) from None


if __name__ == "__main__":
    main()
