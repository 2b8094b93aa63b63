"""The guide's examples are tests: every order example parses, the creation form is valid."""

from __future__ import annotations

import tomllib
from pathlib import Path

from starlanes.core.rng import Rng
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState
from starlanes.games.star_kingdoms.creation import check_form, form_from_data
from starlanes.games.star_kingdoms.galaxy import default_galaxy
from starlanes.games.star_kingdoms.orders.language import parse_orders
from starlanes.games.star_kingdoms.orders.names import NameBook

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "games" / "star-kingdoms.md"


def _blocks(lang: str) -> list[str]:
    """The fenced code blocks of the guide in language ``lang`` ("" for plain), in order."""
    blocks: list[str] = []
    current: list[str] | None = None
    keep = False
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if current is None:
                current, keep = [], line[3:].strip() == lang
            else:
                if keep:
                    blocks.append("\n".join(current) + "\n")
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_guide_orders_cover_every_part_1_order_and_parse() -> None:
    orders_block = next(b for b in _blocks("") if b.startswith("relationship with"))
    sheet = parse_orders(orders_block, NameBook.of())
    assert sheet.errors == ()
    ids = {o.order_id for o in sheet.orders}
    expected = {"O01", "O02"} | {f"O{n:02d}" for n in range(7, 27)}
    assert ids == expected


def test_guide_creation_form_is_valid_on_the_sample_galaxy() -> None:
    form = form_from_data(tomllib.loads(_blocks("toml")[0]), "guide")
    state = CampaignState(players=0, rng=Rng.from_seed(1), params=CampaignParams(), galaxy=default_galaxy(),
                          factions=[])
    assert check_form(form, state) == []
