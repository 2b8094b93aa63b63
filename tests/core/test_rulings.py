"""Item 9/10: the rulings files as data, read from the package (so an installed wheel has them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from starlanes.core.params import param_infos
from starlanes.core.rulings import parse_rulings, rulings_text
from starlanes.registry import get_game

ROOT = Path(__file__).resolve().parents[2]

SAMPLE = """# game: rulings

Intro that mentions `alpha` but is no entry.

## Setup

**R1. First entry.** The gap, the choice.
Continued on a second line; param `alpha`.

A second paragraph of R1 naming `--param beta=3`.

**R2. Second: no param.** Text with `not_a_param`.

## Combat

3. **A list entry.** Uses `gamma` and `alpha`
   on an indented line.
4. **Another.** Short.
"""


def test_numbered_entries_of_both_forms_become_records() -> None:
    rulings = parse_rulings(SAMPLE, ["alpha", "beta", "gamma"])
    assert [(r.number, r.label) for r in rulings] == [(1, "R1"), (2, "R2"), (3, "3"), (4, "4")]
    first = rulings[0]
    assert first.title == "First entry" and first.section == "Setup"
    assert first.text == ("The gap, the choice. Continued on a second line; param `alpha`.\n\n"
                          "A second paragraph of R1 naming `--param beta=3`.")
    assert first.params == ("alpha", "beta")
    assert rulings[1].title == "Second: no param" and rulings[1].params == ()
    assert rulings[2].section == "Combat" and rulings[2].params == ("gamma", "alpha")
    assert rulings[2].text == "Uses `gamma` and `alpha` on an indented line."
    assert rulings[3].to_dict() == {"number": 4, "label": "4", "title": "Another", "section": "Combat",
                                    "text": "Short.", "params": []}


@pytest.mark.parametrize("game_id", ["space-risk", "retrograde"])
def test_the_shipped_rulings_are_the_files_in_docs(game_id: str) -> None:
    text = rulings_text(game_id)
    assert text == (ROOT / "docs" / "rulings" / f"{game_id}.md").read_text(encoding="utf-8")
    names = [i.name for i in param_infos(get_game(game_id).spec.params)]
    rulings = parse_rulings(text, names)
    numbers = [r.number for r in rulings]
    assert numbers == list(range(1, len(numbers) + 1))  # every entry found, none twice
    assert all(r.title and r.text for r in rulings)


def test_a_game_without_a_rulings_file_has_none() -> None:
    assert rulings_text("no-such-game") is None
    assert rulings_text("../../etc/passwd") is None
