"""Every rule of the Star Kingdoms inventory is cited by a test or named in the rulings (issue 14).

The inventory (``../shared/rules/star-kingdoms-inventory.md``) gives each checklist item a stable ID
(``- [ ] ECO-03 [...]``) and each order type one (``| O68 | ...``).  An ID counts as covered when a
test under ``tests/games/star_kingdoms`` cites it (``ECO-03`` or ``ECO_03``, ``O68``) or
``docs/rulings/star-kingdoms.md`` names it; ranges written ``COL-01..05``, ``O27-O58`` or
``O27..O58`` name every ID between their ends.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
INVENTORY = ROOT.parent / "shared" / "rules" / "star-kingdoms-inventory.md"
RULINGS = ROOT / "docs" / "rulings" / "star-kingdoms.md"
TESTS = ROOT / "tests" / "games" / "star_kingdoms"
IDS = TESTS / "inventory_ids.txt"
"""The inventory's IDs, kept beside the tests so that a clone without ``../shared`` checks coverage too."""

_ITEM = re.compile(r"^- \[[ x]\] ([A-Z]+-[A-Z]?\d+b?)\b", re.MULTILINE)
_ORDER = re.compile(r"^\| (O\d{2}) \|", re.MULTILINE)
_RULE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2,5})[-_]([A-Z]?)(\d{1,2})(b?)(?:\.\.\2?(\d{1,2}))?(?![0-9a-z])")
_ORDER_CITE = re.compile(r"(?<![A-Za-z0-9])O(\d{2})(?:(?:-|\.\.)O?(\d{2}))?(?!\d)")


def inventory_ids(text: str) -> list[str]:
    """The checklist IDs and the order IDs of the inventory, in document order."""
    ids = _ITEM.findall(text) + _ORDER.findall(text)
    return list(dict.fromkeys(ids))


def cited(text: str) -> set[str]:
    """Every ID ``text`` names, ranges expanded (``COL-01..05``: COL-01 to COL-05)."""
    out: set[str] = set()
    for head, letter, first, suffix, last in _RULE.findall(text):
        out.add(f"{head}-{letter}{first}{suffix}")
        if last:
            out.update(f"{head}-{letter}{n:0{len(first)}d}" for n in range(int(first), int(last) + 1))
    for first, last in _ORDER_CITE.findall(text):
        out.add(f"O{first}")
        if last:
            out.update(f"O{n:02d}" for n in range(int(first), int(last) + 1))
    return out


def test_cited_reads_ids_and_ranges() -> None:
    assert cited("test_COL_06_x and ECO-03, REL-02..04; O27-O58 and O61..O63, PROJ-S1b, OP-I8..I10") >= {
        "COL-06", "ECO-03", "REL-02", "REL-03", "REL-04", "O27", "O40", "O58", "O61", "O62", "O63", "PROJ-S1b",
        "OP-I8", "OP-I9", "OP-I10"}
    assert inventory_ids("- [ ] PROJ-S1b [S7] x\n- [ ] OP-I10 y\n| O68 | Pause |\n") == ["PROJ-S1b", "OP-I10", "O68"]
    assert cited("ECO-031, XO68, O6, PROJ-S1c") == set()


def kept_ids() -> list[str]:
    lines = IDS.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_kept_id_list_is_the_inventorys() -> None:
    if not INVENTORY.is_file():
        pytest.skip(f"LOUD: the inventory {INVENTORY} is absent: the kept list {IDS.name} is checked against "
                    "itself only (coverage below still runs)")
    assert kept_ids() == inventory_ids(INVENTORY.read_text(encoding="utf-8")), (
        f"the inventory changed: write its IDs to {IDS} again (inventory_ids())")


def test_inventory_ids_are_all_cited_by_a_test_or_named_in_a_ruling() -> None:
    ids = kept_ids()
    assert len(ids) > 300 and "O82" in ids and "ECO-03" in ids
    covered = cited(RULINGS.read_text(encoding="utf-8"))
    for path in sorted(TESTS.rglob("*.py")):
        if path.name != Path(__file__).name:
            covered |= cited(path.read_text(encoding="utf-8"))
    missing = [i for i in ids if i not in covered]
    assert not missing, f"{len(missing)} inventory IDs neither tested nor ruled on: {', '.join(missing)}"
