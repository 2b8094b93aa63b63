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


def _guide_book() -> NameBook:
    """Names as the guide's examples use them: the sample galaxy's (BBC III), the test campaign's
    (WRQ II, LOD Belt, BXL) and the illustrative Varn Prime, Gorash and Kappa."""
    from starlanes.games.star_kingdoms.galaxy import Galaxy, Planet, System
    from starlanes.games.star_kingdoms.game import new_campaign

    sample, test = default_galaxy(), new_campaign(CampaignParams(), 2, 3).galaxy
    extra = System(id="kappa", name="Kappa", planets=(
        Planet(id="varn-prime", name="Varn Prime", biosphere="temperate", mineral_rating=2),
        Planet(id="gorash", name="Gorash", biosphere="desert", mineral_rating=1)))
    merged = Galaxy(schema=sample.schema, name="guide", systems=(*sample.systems, *test.systems, extra))
    return NameBook.of(galaxy=merged)


def test_O03_O04_O61_O82_guide_unit_and_organisation_orders_parse() -> None:
    """Every example of the part 2 and part 3 order blocks parses (line by line, with its order ID)."""
    book = _guide_book()
    part2 = next(b for b in _blocks("") if b.startswith("move Vigilant"))
    part3 = next(b for b in _blocks("") if b.startswith("consent to Varn"))
    ids = set()
    for block in (part2, part3):
        sheet = parse_orders(block, book)
        assert sheet.errors == ()
        assert len(sheet.orders) == sum(1 for line in block.splitlines() if line.split("#", 1)[0].strip())
        ids |= {o.order_id for o in sheet.orders}
    unit_orders = {"O03", "O05", "O06"} | {f"O{n}" for n in range(61, 83)} - {"O79"}  # O79: no order (ruling 223)
    assert unit_orders <= ids
    assert {"O04", "O59", "O60"} <= ids and any("O27" <= i <= "O58" for i in ids)


def test_OPS_05_ANOM_03_COMB_20_guide_gm_examples_parse_and_apply() -> None:
    """The GM examples (trait op_power, yield, convert) parse; on the test campaign they are taken."""
    from starlanes.core.state import GM
    from starlanes.games.star_kingdoms.campaign import Prisoner, Trait
    from starlanes.games.star_kingdoms.game import make_ruleset, new_campaign

    game = make_ruleset()
    state = new_campaign(CampaignParams(), 2, 3)
    zab, keth = state.factions
    zab.traits = [Trait(name="Silver Tongues", category="people")]
    wrq_ii = next(p.id for _, p in state.galaxy.planets() if p.name == "WRQ II")
    zab.prisoners = [Prisoner(owner=keth.id, name="Lost Patrol", class_id="security-team", level=1,
                              planet=wrq_ii, turn=1)]
    (block,) = _blocks("gm")
    lines = [line for line in block.splitlines() if line.strip()]
    assert [line.split()[0] for line in lines] == ["trait", "trait", "yield", "yield", "convert"]
    for line in lines:
        action = game.gm_codec.parse(line)
        assert game.why_not(state, GM, action) is None, line
        game.apply(state, GM, line)
    assert zab.traits[0].hooks.op_power == {"trade": 1}
    assert not state.anomaly_yields and not zab.prisoners
