"""End to end: new campaign -> orders -> process turn -> a sheet for every nation (issue 13, 1.6).

Runs SK-A's real pipeline (``pipeline.process_turn``) and the economic bot, then checks the
sheets against the campaign: the ledger ends at the nation's credits, refused lines are shown
with their reason, a nation without orders is told so, and the leak test on real turns: what
another nation orders never changes a nation's sheet.
"""

from __future__ import annotations

from pathlib import Path

from starlanes.games.star_kingdoms.bot import economic_orders
from starlanes.games.star_kingdoms.campaign import CampaignState, load_campaign, save_campaign
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.pipeline import process_turn
from starlanes.games.star_kingdoms.sheets import build_sheet, render_sheet, write_sheets


def _campaign(turns: int, *, varn_orders: str | None = None) -> CampaignState:
    """3 nations: 0 plays the bot, 1 plays the bot (or ``varn_orders``), 2 never submits."""
    state = new_campaign(None, 3, 11)
    for _ in range(turns):
        orders = {0: economic_orders(state, 0)}
        orders[1] = varn_orders if varn_orders is not None else economic_orders(state, 1)
        process_turn(state, orders)
    return state


def test_sheet_1_6_end_to_end_every_nation_gets_a_sheet(tmp_path: Path) -> None:
    state = _campaign(2)
    written = write_sheets(state, tmp_path)
    assert len(written) == 6
    for faction in state.factions:
        sheet = build_sheet(state, faction.id)
        assert sheet.turn == 2
        md = render_sheet(state, faction.id, "md")
        assert f"| Closing |  |  | {faction.credits} |" in md
        report = state.reports[faction.id]
        assert report.economy is not None
        assert f"| Income (credits) | {report.economy.income} |" in md
        html = (tmp_path / f"{faction.id}-turn-002.html").read_text(encoding="utf-8")
        assert f"<td class=\"num\">{faction.credits}</td>" in html
    quiet = state.factions[2]
    quiet_md = render_sheet(state, quiet.id)
    assert "None received this turn." in quiet_md and "TURN-05" in quiet_md


def test_refused_lines_reach_the_sheet_with_their_reason() -> None:
    state = new_campaign(None, 2, 3)
    planet = next(p.name for _, p in state.galaxy.planets() if p.id == state.factions[0].homeworld)
    process_turn(state, {0: f"build industrial district on {planet}\nbuild gizmo on {planet}\n"
                            f"research Sensrs on {planet}"})
    md = render_sheet(state, state.factions[0].id)
    assert f"| 1 | build industrial district on {planet} | accepted |" in md
    assert "| 2 | build gizmo on " in md and "| REFUSED |" in md
    assert "did you mean 'Sensors'" in md


def test_VIS_07_leak_on_real_turns_other_nations_orders_change_nothing_in_my_sheet() -> None:
    busy = _campaign(3)
    idle = _campaign(3, varn_orders="")
    mine = busy.factions[0].id
    assert render_sheet(busy, mine, "md") == render_sheet(idle, mine, "md")
    assert render_sheet(busy, mine, "html") == render_sheet(idle, mine, "html")
    varn = busy.factions[1].id
    assert render_sheet(busy, varn) != render_sheet(idle, varn)


def test_sheets_survive_the_campaign_file(tmp_path: Path) -> None:
    state = _campaign(1)
    path = tmp_path / "camp.json"
    save_campaign(state, path)
    loaded = load_campaign(path)
    for faction in state.factions:
        assert render_sheet(loaded, faction.id, "md") == render_sheet(state, faction.id, "md")


def test_VIS_07_the_sheet_never_names_the_galaxy_or_its_seed() -> None:
    """A generated galaxy's name holds its seed, which would give the whole map away."""
    state = _campaign(1)
    assert "seed" in state.galaxy.name
    for faction in state.factions:
        for fmt in ("md", "html"):
            text = render_sheet(state, faction.id, fmt)
            assert state.galaxy.name not in text and "seed" not in text


def test_the_gm_sheet_shows_every_nation_and_the_open_queue(tmp_path: Path) -> None:
    from starlanes.games.star_kingdoms.campaign import GMItem
    from starlanes.games.star_kingdoms.sheets import GM_SHEET_ID, build_gm_sheet, render_markdown

    state = _campaign(1)
    state.gm_queue.append(GMItem(id=4, turn=2, faction=state.factions[1].id, kind="request", subject="a comet?",
                                 blocking=True))
    md = render_markdown(build_gm_sheet(state))
    for faction in state.factions:
        assert f"| {faction.name} |" in md
    assert "| Free Worlds of Ossa |  | yes | NO |" in md
    assert "| 4 | Kethri Concord | request | turn 2 | yes | a comet? |" in md
    assert "| Orders received | 2 |" in md and "| Open GM items | 1 |" in md
    written = write_sheets(state, tmp_path, gm=True)
    assert {p.name for p in written} >= {f"{GM_SHEET_ID}-turn-001.md", f"{GM_SHEET_ID}-turn-001.html"}
    assert len(written) == 2 * (len(state.factions) + 1)
