"""The feedback sheet as Markdown (CommonMark with GitHub tables).

Every cell and paragraph goes through :func:`escape`: Markdown's active characters are
backslash-escaped and line breaks become spaces, so a player-written name ("*Empire* | of
[x](y)") prints as written and cannot add a row, a link or a heading.
"""

from __future__ import annotations

import re

from starlanes.games.star_kingdoms.sheets.model import Section, Sheet, Table

__all__ = ["escape", "render_markdown"]

_ACTIVE = re.compile(r"([\\`*_\[\]<|#~&])")
_LINE_START = re.compile(r"^(\s*)([-+=>]|\d+[.)])")
_SPACES = re.compile(r"\s+")


def escape(text: str, *, cell: bool = False) -> str:
    """``text`` as literal Markdown inline text, on one line.

    Inline markup (emphasis, code, links, HTML, entities, table pipes, headings) is escaped
    everywhere; what is active only at the start of a line (lists, block quotes) is escaped
    in paragraphs, not in table cells, where it is plain text."""
    one_line = _SPACES.sub(" ", text).strip()
    escaped = _ACTIVE.sub(r"\\\1", one_line)
    if cell:
        return escaped
    return _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2), escaped)


def _table(table: Table) -> list[str]:
    out: list[str] = []
    if table.caption:
        out += [f"**{escape(table.caption)}**", ""]
    columns = [escape(c, cell=True) or " " for c in table.columns]
    out.append("| " + " | ".join(columns) + " |")
    out.append("|" + "|".join("---:" if i in table.numeric else "---" for i in range(len(columns))) + "|")
    for row in table.rows:
        out.append("| " + " | ".join(escape(cell, cell=True) for cell in row) + " |")
    out.append("")
    return out


def _section(section: Section) -> list[str]:
    out = [f"## {escape(section.title)}", ""]
    for para in section.paragraphs:
        out += [escape(para), ""]
    for table in section.tables:
        out += _table(table)
    return out


def render_markdown(sheet: Sheet) -> str:
    """The whole sheet as one Markdown document (ends with a newline)."""
    title = f"# {escape(sheet.nation)}: turn {sheet.turn}"
    lines = [title, ""]
    byline = f"Feedback sheet of turn {sheet.turn}"
    if sheet.player:
        byline += f", for {sheet.player}"
    lines += [escape(byline + "."), ""]
    lines += _table(Table(("Summary", ""), sheet.summary))
    for section in sheet.sections:
        lines += _section(section)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
