"""The feedback sheet as one self-contained HTML page (Jinja2, every value autoescaped)."""

from __future__ import annotations

from functools import cache

import jinja2

from starlanes.games.star_kingdoms.sheets.model import Sheet

__all__ = ["render_html"]


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("starlanes.games.star_kingdoms.sheets", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)


def render_html(sheet: Sheet) -> str:
    """The whole sheet as an HTML document; player text can never become markup."""
    return _environment().get_template("sheet.html").render(sheet=sheet)
