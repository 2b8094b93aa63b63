"""Feedback sheets (inventory 1.6, part 1 parts): every part present, laid out, escaped."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from tests.games.star_kingdoms.test_knowledge_fixtures import two_nations

from starlanes.core.errors import PathError
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.economy import (
    Districts,
    ERSources,
    LogisticsBreakdown,
    PlanetEconomy,
    economy_rating,
    planet_pe,
)
from starlanes.games.star_kingdoms.report import (
    EconomyReport,
    FactionReport,
    PlanetEconomyLine,
    ProjectLine,
    ReportBuilder,
    TechGain,
)
from starlanes.games.star_kingdoms.sheets import (
    SECTION_BUILDERS,
    Section,
    build_sheet,
    escape,
    register_section,
    render_html,
    render_markdown,
    render_sheet,
    write_sheets,
)
from starlanes.games.star_kingdoms.spec import StarKingdomsParams
from starlanes.games.star_kingdoms.tech import SciencePoints


def _report(state: CampaignState, fid: str, *, submitted: bool = True) -> FactionReport:
    """A turn report like the pipeline's: the Mars PE example on the homeworld."""
    faction = state.faction(fid)
    params = StarKingdomsParams()
    pe = planet_pe(PlanetEconomy(districts=Districts(industrial=2, academic=1, shipyard=2, military=1),
                                 mineral_rating=5), params)
    er = economy_rating(ERSources(planet_pe=(pe.total,), logistics_deficit=1), params)
    b = ReportBuilder(fid, turn=1, opening=450, sp=SciencePoints())
    b.submitted = submitted
    if submitted:
        b.order(1, "construct district industrial on Terra", accepted=True, order_id="O07",
                reason="costs 450 credits")
        b.order(2, "research Beam Weapns", accepted=False, reason="unknown tech 'Beam Weapns'; did you mean "
                "'Beam Weapons'?")
        b.spend(450, "Construct District (Industrial 3) on Terra", line=1)
        b.project(ProjectLine(planet=faction.homeworld, district="industrial", kind="construct-district",
                              label="Industrial district level 3", level=3, target=9, progress_before=0,
                              progress=2, status="started"))
        b.refund(100, "Cancelled Research (half of 200)", line=3)
    else:
        b.notice("No orders were received: ongoing projects continue", rule="TURN-05")
    b.economy(EconomyReport(planets=(PlanetEconomyLine(planet=faction.homeworld, pe=pe),), er=er,
                            logistics=LogisticsBreakdown(flp_capacity=10, flp_used=11, alp_capacity=5, alp_used=2),
                            income=10 * er.total))
    b.income(10 * er.total)
    b.project(ProjectLine(planet=faction.homeworld, district="academic", kind="research-core-technology",
                          label="Sensors 3", level=3, target=9, progress_before=8, progress=10, status="completed",
                          result="Sensors 3 gained"))
    b.tech(TechGain(tech="sensors", level=3, how="project"))
    b.science("physics", 4, "Academic research (random)")
    b.gm_note("A comet passes over Terra.", topic="Omens")
    closing = b.balance
    faction.credits = closing
    faction.tech = msgspec.structs.replace(faction.tech, sp=SciencePoints(physics=4))
    report = b.build(closing=closing, sp=SciencePoints(physics=4))
    state.reports[fid] = msgspec.to_builtins(report)
    return report


def _md(state: CampaignState, fid: str) -> str:
    return render_sheet(state, fid, "md")


def test_sheet_1_6_credits_opening_spending_refunds_income_closing() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    assert "| Opening |  |  | 450 |" in md
    assert "| Spent | Construct District \\(Industrial 3\\) on Terra | 1 | -450 |" not in md  # parens stay plain
    assert "| Spent | Construct District (Industrial 3) on Terra | 1 | -450 |" in md
    assert "| Refund | Cancelled Research (half of 200) | 3 | +100 |" in md
    assert "| Income | Income (10 x Economy Rating) |  | +330 |" in md
    assert "| Closing |  |  | 430 |" in md
    assert "Spent 450, refunds 100, income 330, transfers +0." in md


def test_sheet_1_6_er_and_pe_breakdown_mars_example() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    # Mars: districts 6 levels x 4 = 24, minerals 5 x 2 = 10, PE 34
    assert "| Terra | 24 | 10 | 0 | 0 | 0 | 34 |" in md
    assert "| Planetary Economy | 34 |" in md
    assert "| Logistics deficit | -1 |" in md
    assert "| Economy Rating | 33 |" in md and "| Income (credits) | 330 |" in md
    assert "**Logistics (deficit 1)**" in md and "| Fleet (FLP) | 11 | 10 |" in md
    assert "Planetary Economy | 34 = districts 24 + minerals 10 + trade 0 - devastation 0 - blockade 0" in md


def test_sheet_1_6_table_per_planet_with_districts_slots_principles() -> None:
    state, a, _ = two_nations()
    faction = state.faction(a)
    _report(state, a)
    md = _md(state, a)
    assert "**Terra (homeworld) - Sol system, arctic, Mineral Rating 3**" in md
    assert "| Industrial | 2 | - |  |" in md
    assert faction.colonies[0].principles
    assert "| Principles | Guild System 3, Xenophobia 2, Geneticists 1 |" in md
    assert "| Offices | Exploration Society |" in md
    # PROJ-I1: Planetary Construction 1 + 1 on the homeworld
    assert "| Effective Planetary Construction | 2 (districts up to level 2, up to 2 offices) |" in md


def test_sheet_1_6_project_progress_and_completion() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    assert "| Terra | Industrial | Industrial district level 3 | 3 | 0 -> 2/9 | started |  |" in md
    assert "| Terra | Academic | Sensors 3 | 3 | 8 -> 10/9 | completed | Sensors 3 gained |" in md
    assert "2 project(s), 1 completed this turn." in md


def test_sheet_1_6_techs_gained_and_science_points() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    assert "| Sensors 3 | project |" in md
    assert "| Physics | 0 | +4 | 4 |" in md and "| Physics | +4 | Academic research (random) |" in md
    assert "| Sensors | 2 |" in md  # the nation's current levels (the report's gain is applied by the pipeline)


def test_sheet_1_6_gm_text_and_order_results() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    assert "## From the GM\n\nOmens: A comet passes over Terra." in md
    assert "| 2 | research Beam Weapns | REFUSED | unknown tech 'Beam Weapns'; did you mean 'Beam Weapons'? |" in md
    assert "1 accepted, 1 refused." in md
    assert md.index("## From the GM") < md.index("## Orders") < md.index("## Planets") < md.index("## Credits")


def test_TURN_05_missed_turn_still_gets_a_sheet() -> None:
    state, a, _ = two_nations()
    _report(state, a, submitted=False)
    md = _md(state, a)
    assert "## Orders\n\nNone received this turn." in md
    assert "| No orders were received: ongoing projects continue | TURN-05 |" in md


def test_gm_queue_items_of_the_nation_are_listed() -> None:
    state, a, _ = two_nations()
    from starlanes.games.star_kingdoms.campaign import GMItem
    state.gm_queue.append(GMItem(id=9, turn=1, faction=a, kind="analyse-level", subject="Analyse the ruins: level"))
    md = _md(state, a)
    assert "| 9 | turn 1 | Analyse the ruins: level |" in md
    assert "| Awaiting the GM | 1 |" in md


def test_ruling_67_summary_first_then_sections_in_order() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    md = _md(state, a)
    assert md.startswith("# Zabanian Empire: turn 1\n\nFeedback sheet of turn 1, for ann.\n\n| Summary |")
    assert "| Credits | 450 -> 430 |" in md and "| Economy Rating / income | 33 / 330 credits |" in md
    assert "| Technology gained | Sensors 3 |" in md and "| Orders | 2 lines, 1 refused |" in md


def test_player_text_is_escaped_in_markdown_and_html() -> None:
    state, a, _ = two_nations()
    faction = state.faction(a)
    faction.name = "Evil | *Empire* <script>alert(1)</script>"
    faction.units[0].name = "[click](http://x) # not a heading\nsecond line"
    _report(state, a)
    md = render_sheet(state, a, "md")
    assert "# Evil \\| \\*Empire\\* \\<script>alert(1)\\</script>: turn 1" in md
    assert "| \\[click\\](http://x) \\# not a heading second line | ship |" in md
    for line in md.splitlines():
        if line.startswith("| \\[click"):
            assert line.count(" | ") == 5  # six cells, no extra column
    html = render_sheet(state, a, "html")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert escape("- item") == "\\- item" and escape("- item", cell=True) == "- item"
    assert escape("> quote") == "\\> quote" and escape("a -> b") == "a -> b"
    assert escape("a & b") == "a \\& b"


def test_html_has_a_table_per_planet_and_anchors() -> None:
    state, a, _ = two_nations()
    _report(state, a)
    html = render_html(build_sheet(state, a))
    assert html.startswith("<!DOCTYPE html>")
    assert '<section id="planets">' in html and '<a href="#credits">Credits</a>' in html
    assert "<caption>Terra (homeworld) - Sol system, arctic, Mineral Rating 3</caption>" in html
    assert '<td class="num">-450</td>' in html


def test_ruling_69_sheet_before_the_first_turn_shows_the_start() -> None:
    state, a, _ = two_nations()
    sheet = build_sheet(state, a)
    assert sheet.turn == 0
    assert [s.key for s in sheet.sections] == ["planets", "credits", "technology", "science", "organisations",
                                               "nation", "known-space"]


def test_sections_registry_for_parts_2_and_3() -> None:
    state, a, _ = two_nations()
    saved = list(SECTION_BUILDERS)
    try:
        register_section("combat", lambda ctx: Section("combat", "Combat reports", ("No battles.",)),
                         after="projects")
        keys = [k for k, _ in SECTION_BUILDERS]
        assert keys.index("combat") == keys.index("projects") + 1
        assert "## Combat reports\n\nNo battles." in render_markdown(build_sheet(state, a))
        with pytest.raises(ValueError, match="already registered"):
            register_section("combat", lambda ctx: None, after="projects")
        with pytest.raises(ValueError, match="no sheet section 'nowhere'"):
            register_section("x", lambda ctx: None, after="nowhere")
    finally:
        SECTION_BUILDERS[:] = saved


def test_write_sheets_for_every_faction(tmp_path: Path) -> None:
    state, a, b = two_nations()
    _report(state, a)
    paths = write_sheets(state, tmp_path / "sheets")
    assert sorted(p.name for p in paths) == sorted([f"{a}-turn-001.md", f"{a}-turn-001.html",
                                                     f"{b}-turn-000.md", f"{b}-turn-000.html"])
    assert all(p.read_text(encoding="utf-8") for p in paths)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(PathError, match="is a file; name a folder"):
        write_sheets(state, blocker)
    assert re.search(r"turn-001\.md$", str(write_sheets(state, tmp_path, formats=("md",), factions=(a,))[0]))


def test_CULT_02_ruling_68_principles_on_own_worlds_are_shown_not_set() -> None:
    state, a, _ = two_nations()
    state.faction(a).colonies[0].principles["Stoicism"] = 4
    md = _md(state, a)
    assert "| Principles | Stoicism 4, Guild System 3, Xenophobia 2, Geneticists 1 |" in md


def test_CIV_02_VIS_08_ruling_66_own_traits_shown_others_never_in_part_1() -> None:
    state, a, b = two_nations()
    state.faction(a).known_factions.append(b)
    state.faction(b).traits[0] = msgspec.structs.replace(state.faction(b).traits[0], name="Ancient Ruins")
    md = _md(state, a)
    assert "| Crystal Spires | homeworld | yes | no rushing districts at home | not set by the GM yet |" in md
    assert "Ancient Ruins" not in md
    assert "| Varn | turn 0 |  |  |" in md  # met, but no trait learned


def test_sheet_html_is_well_formed() -> None:
    from html.parser import HTMLParser

    state, a, _ = two_nations()
    _report(state, a)
    html = render_sheet(state, a, "html")
    void = {"meta", "br", "hr", "img", "link", "input"}
    stack: list[str] = []

    class Checker(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag not in void:
                stack.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert stack and stack[-1] == tag, f"</{tag}> closes <{stack[-1] if stack else None}>"
            stack.pop()

    Checker().feed(html)
    assert stack == []


def test_ruling_65_trait_mechanics_set_by_the_gm_are_shown() -> None:
    from starlanes.games.star_kingdoms.campaign import TraitHooks

    state, a, _ = two_nations()
    f = state.faction(a)
    f.traits[0] = msgspec.structs.replace(f.traits[0], hooks=TraitHooks(no_rush=("construct-district",)))
    f.traits[1] = msgspec.structs.replace(f.traits[1], hooks=TraitHooks(cost_percent={"analyse": 50},
                                                                        auto_rush={"analyse": 1}, er_bonus=2))
    md = _md(state, a)
    assert "| no rushing Construct District on the homeworld |" in md
    assert "| Analyse costs 50%; Analyse rushed 1 time(s) a turn free; Economy Rating +2 |" in md


def test_markdown_escaping_holds_under_a_commonmark_parser() -> None:
    """Parsed as CommonMark with tables, hostile names stay text: no link, emphasis, HTML, heading
    or extra cell appears, and every player string reads back exactly as written."""
    from markdown_it import MarkdownIt

    state, a, _ = two_nations()
    faction = state.faction(a)
    hostile = ["*bold* _it_ `code`", "[link](http://x) ![img](y)", "<b>html</b> &amp; |pipe|", "# head\n- list",
               "back\\slash ~~strike~~"]
    faction.name = hostile[0]
    for unit, text in zip(faction.units, hostile[1:], strict=True):
        unit.name = text
    _report(state, a)
    md = render_sheet(state, a, "md")
    tokens = MarkdownIt("commonmark").enable("table").enable("strikethrough").parse(md)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    assert not kinds & {"link_open", "image", "em_open", "code_inline", "html_inline", "html_block", "s_open",
                        "bullet_list_open"}
    captions = {t.caption for s in build_sheet(state, a).sections for t in s.tables if t.caption}
    for t in tokens:
        children = t.children or []
        for i, c in enumerate(children):
            if c.type == "strong_open":  # only the sheet's own table captions are bold
                assert children[i + 1].content in captions
    headings = [t for t in tokens if t.type == "heading_open"]
    assert len(headings) == 1 + len(build_sheet(state, a).sections)
    texts = ["".join(c.content for c in t.children or [] if c.type == "text") for t in tokens if t.type == "inline"]
    assert "*bold* _it_ `code`: turn 1" in texts
    for text in hostile[1:]:
        assert " ".join(text.split()) in texts
    # every row of the units table has its six cells
    rows: list[int] = []
    cells = 0
    for t in tokens:
        if t.type == "tr_open":
            cells = 0
        elif t.type in ("td_open", "th_open"):
            cells += 1
        elif t.type == "tr_close":
            rows.append(cells)
    assert rows.count(6) >= 1 + len(faction.units)


def test_unknown_nation_is_a_clear_error() -> None:
    from starlanes.core.errors import UnknownName

    state, a, b = two_nations()
    with pytest.raises(UnknownName, match=f"unknown nation 'nobody'; valid: {b}, {a}"):
        build_sheet(state, "nobody")
