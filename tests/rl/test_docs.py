"""docs/rl.md's examples run: every Python fence whose first line starts with ``# example`` is
executed, so the page cannot drift from the code (tests/rl)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
FENCE = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        code = match.group(1)
        if code.startswith("# example"):
            line = text.count("\n", 0, match.start(1))
            found.append((line, code))
    return found


def test_the_page_has_its_examples() -> None:
    assert len(_examples()) == 3


@pytest.mark.parametrize(("line", "code"), _examples(), ids=lambda x: str(x)[:40] if isinstance(x, str) else str(x))
def test_example_runs(line: int, code: str) -> None:
    # pad with blank lines so a traceback's line number points into docs/rl.md
    compiled = compile("\n" * line + code, str(DOC), "exec")
    exec(compiled, {"__name__": "rl_doc_example"})
