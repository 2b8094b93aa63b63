"""A game's rulings as data: the numbered entries of ``docs/rulings/<game>.md``.

The rulings files are the one source; they ship inside the package as ``starlanes/rulings/``
(a link to ``docs/rulings`` in the source tree, copied into the wheel), so an installed
starlanes reads the same text as a checkout.

Two entry forms are recognised, each starting a line:

- ``**R7. Modifiers and clamping.** text...`` (label ``R7``, number 7)
- ``7. **Modifiers and clamping.** text...`` (label ``7``, number 7; a Markdown list item)

An entry runs until the next entry or the next heading; its section is the heading above it.
``params`` are the game's param names the entry mentions inside backticks (```board```,
```--param max_off_faction=14```).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

__all__ = ["Ruling", "parse_rulings", "rulings_text"]

_BOLD_LABEL = re.compile(r"^\*\*(?P<label>[A-Za-z]*(?P<number>[0-9]+))\.\s+(?P<title>.+?)\*\*\s*(?P<rest>.*)$")
_LIST_LABEL = re.compile(r"^(?P<number>[0-9]+)\.\s+\*\*(?P<title>.+?)\*\*\s*(?P<rest>.*)$")
_HEADING = re.compile(r"^#+\s+(?P<title>.*?)\s*$")
_CODE = re.compile(r"`([^`]+)`")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Ruling:
    """One numbered entry of a rulings file.

    ``number``: the entry's number (7 for ``R7``); ``label``: as written (``R7`` or ``7``);
    ``title``: the bold title without its final period; ``section``: the heading above it
    (``""`` if none); ``text``: the entry's text after the title, Markdown, paragraphs separated
    by a blank line; ``params``: param names mentioned in code spans, in order of first mention.
    """

    number: int
    label: str
    title: str
    section: str
    text: str
    params: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "label": self.label,
            "title": self.title,
            "section": self.section,
            "text": self.text,
            "params": list(self.params),
        }


def rulings_text(game_id: str) -> str | None:
    """The rulings file of ``game_id`` shipped with starlanes, or ``None`` if it has none."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", game_id):
        return None
    entry = resources.files("starlanes").joinpath("rulings", f"{game_id}.md")
    try:
        return entry.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def _start(line: str) -> re.Match[str] | None:
    return _BOLD_LABEL.match(line) or _LIST_LABEL.match(line)


def _params_in(text: str, names: frozenset[str]) -> tuple[str, ...]:
    found: list[str] = []
    for span in _CODE.findall(text):
        for word in _WORD.findall(span):
            if word in names and word not in found:
                found.append(word)
    return tuple(found)


def _paragraphs(lines: list[str]) -> str:
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(" ".join(p) for p in paragraphs if p)


def parse_rulings(text: str, param_names: Iterable[str] = ()) -> list[Ruling]:
    """The numbered entries of a rulings file, in file order."""
    names = frozenset(param_names)
    out: list[Ruling] = []
    section = ""
    current: tuple[re.Match[str], str, list[str]] | None = None

    def close() -> None:
        if current is None:
            return
        match, where, lines = current
        body = _paragraphs(lines)
        title = match["title"].strip().rstrip(".:")
        label = match.groupdict().get("label") or match["number"]
        out.append(Ruling(int(match["number"]), label, title, where, body,
                          _params_in(match["title"] + " " + body, names)))

    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            close()
            current = None
            section = heading["title"]
            continue
        start = _start(line)
        if start:
            close()
            current = (start, section, [start["rest"]])
        elif current is not None:
            current[2].append(line)
    close()
    return out
