"""The sheet leak test (VIS-07, Amb#95): a faction's sheet shows only what that faction knows.

Change any secret of nation B (its treasury, districts, projects, techs, science points, units,
traits, principles, organisations, GM notes and queue items, its turn report, its player) and
nation A's sheet stays byte-identical, in Markdown and HTML.  The controls show the test can
fail: once A has met B, B's name is part of A's knowledge and renaming B changes A's sheet; and
a deliberately leaky section is caught.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.star_kingdoms.test_knowledge_fixtures import two_nations

from starlanes.games.star_kingdoms.campaign import CampaignState, GMItem
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.knowledge import Knowledge, knowledge_for, meet_faction
from starlanes.games.star_kingdoms.projects import Project
from starlanes.games.star_kingdoms.report import ReportBuilder
from starlanes.games.star_kingdoms.sheets import SECTION_BUILDERS, Section, build_sheet, register_section
from starlanes.games.star_kingdoms.sheets.html import render_html
from starlanes.games.star_kingdoms.sheets.markdown import render_markdown
from starlanes.games.star_kingdoms.tech import SciencePoints


def _sheets(state: CampaignState, fid: str) -> tuple[str, str]:
    sheet = build_sheet(state, fid)
    return render_markdown(sheet), render_html(sheet)


def _b_report(state: CampaignState, b: str, secret: str) -> None:
    builder = ReportBuilder(b, turn=1, opening=450, sp=SciencePoints())
    builder.submitted = True
    builder.order(1, f"construct district military on {secret}", accepted=True, order_id="O07")
    builder.spend(200, f"secret plan {secret}", line=1)
    builder.gm_note(f"Only for B: {secret}")
    state.reports[b] = msgspec.to_builtins(builder.build(closing=250, sp=SciencePoints()))


def _secret_credits(state: CampaignState, b: str) -> None:
    state.faction(b).credits = 99_999


def _secret_districts(state: CampaignState, b: str) -> None:
    state.faction(b).colonies[0].districts = Districts(industrial=5, academic=5, shipyard=5, military=5)


def _secret_project(state: CampaignState, b: str) -> None:
    state.faction(b).colonies[0].projects["shipyard"] = Project(
        kind="construct-ship", district="shipyard", level=3, target=9, paid=450, progress=4,
        detail={"class": "patrol-ship", "name": "Secret Fleet"})


def _secret_tech(state: CampaignState, b: str) -> None:
    f = state.faction(b)
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "starship-weapons": 5},
                                     known=frozenset({"beam-weapons"}), sp=SciencePoints(physics=77))


def _secret_units(state: CampaignState, b: str) -> None:
    f = state.faction(b)
    f.units[0].name = "Doomsday"
    f.units[0].system = "HOME"  # even a unit parked in A's home system: A sees no units in part 1
    f.units.pop()


def _secret_traits(state: CampaignState, b: str) -> None:
    f = state.faction(b)
    f.traits[2] = msgspec.structs.replace(f.traits[2], name="Conquer Sol", text="take Terra by turn 10")


def _secret_principles_and_orgs(state: CampaignState, b: str) -> None:
    f = state.faction(b)
    f.colonies[0].principles["Hate Zabanians"] = 5
    f.orgs[0].name = "Sleeper Cell"
    f.orgs[0].type = "intelligence"


def _secret_gm(state: CampaignState, b: str) -> None:
    state.gm_notes[b] = ["The GM tells B a secret"]
    state.gm_queue.append(GMItem(id=77, turn=1, faction=b, kind="request", subject="B asks for a doomsday device"))


def _secret_report(state: CampaignState, b: str) -> None:
    _b_report(state, b, "Terra")


def _secret_player_and_relationships(state: CampaignState, a: str) -> Callable[[CampaignState, str], None]:
    def change(state: CampaignState, b: str) -> None:
        f = state.faction(b)
        f.player = "someone else"
        f.relationships[a] = "hostile"
        f.default_relationship = "hostile"
        f.missed = 3
        f.orders = "rush everything"

    return change


SECRETS: list[Callable[[CampaignState, str], None]] = [
    _secret_credits, _secret_districts, _secret_project, _secret_tech, _secret_units, _secret_traits,
    _secret_principles_and_orgs, _secret_gm, _secret_report,
]


@pytest.mark.parametrize("change", SECRETS, ids=lambda f: f.__name__)
def test_VIS_07_a_secret_of_b_leaves_a_sheet_byte_identical(change: Callable[[CampaignState, str], None]) -> None:
    state, a, b = two_nations()
    before = _sheets(state, a)
    change(state, b)
    assert _sheets(state, a) == before
    # B's own sheet does change: the change was real
    other, _, b2 = two_nations()
    assert _sheets(state, b) != _sheets(other, b2)


def test_VIS_07_every_secret_at_once_and_a_met_nation() -> None:
    state, a, b = two_nations()
    state.faction(a).known_factions.append(b)
    before = _sheets(state, a)
    for change in (*SECRETS, _secret_player_and_relationships(state, a)):
        change(state, b)
    assert _sheets(state, a) == before


def test_control_a_fact_a_knows_does_change_its_sheet() -> None:
    """The test can fail: B's name is in A's knowledge once met, so renaming B shows."""
    state, a, b = two_nations()
    state.faction(a).known_factions.append(b)
    state.faction(a).relationships[b] = "wary"
    before = _sheets(state, a)
    assert "Varn: wary" in before[0]
    state.faction(b).name = "Varn Reborn"
    after = _sheets(state, a)
    assert after != before and "Varn Reborn: wary" in after[0]


def test_control_a_leaky_section_is_caught() -> None:
    """A section that reads another faction's record would be caught by the comparison."""
    state, a, b = two_nations()
    saved = list(SECTION_BUILDERS)
    try:
        register_section("leak", lambda ctx: Section("leak", "Leak", (
            f"{sum(f.credits for f in ctx.state.factions)}",)), after="credits")
        before = _sheets(state, a)
        _secret_credits(state, b)
        assert _sheets(state, a) != before
    finally:
        SECTION_BUILDERS[:] = saved


class _StoredKnowledge(CampaignState, kw_only=True):
    knowledge: dict[str, Knowledge] = msgspec.field(default_factory=dict)


def test_ruling_63_stored_knowledge_is_what_the_sheet_uses() -> None:
    """When the campaign keeps knowledge records (the pipeline's), the sheet reads them: a nation
    met under one name keeps that name in the sheet until it is seen again."""
    state, a, b = two_nations()
    stored = _StoredKnowledge(**{f: getattr(state, f) for f in state.__struct_fields__})
    k = meet_faction(knowledge_for(stored, a), b, "Varn (as first met)", 1)
    stored.knowledge[a] = k
    stored.faction(a).relationships[b] = "neutral"
    md = _sheets(stored, a)[0]
    assert "Varn (as first met): neutral" in md and "| Varn (as first met) | turn 1 |" in md
    stored.faction(b).name = "Varn Reborn"
    assert _sheets(stored, a)[0] == md


@settings(max_examples=30, deadline=None)
@given(credits=st.integers(0, 10**6), levels=st.lists(st.integers(0, 9), min_size=4, max_size=4),
       tech=st.integers(1, 9), sp=st.integers(0, 500), principle=st.text(min_size=1, max_size=20),
       adherence=st.integers(1, 5), unit_name=st.text(min_size=1, max_size=30), damage=st.integers(0, 50),
       note=st.text(max_size=40))
def test_VIS_07_property_random_secrets_of_b_never_reach_a(credits: int, levels: list[int], tech: int, sp: int,
                                                           principle: str, adherence: int, unit_name: str,
                                                           damage: int, note: str) -> None:
    state, a, b = two_nations()
    state.faction(a).known_factions.append(b)
    before = _sheets(state, a)
    f = state.faction(b)
    f.credits = credits
    f.colonies[0].districts = Districts(industrial=levels[0], academic=levels[1], shipyard=levels[2],
                                        military=levels[3])
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "sensors": tech}, sp=SciencePoints(xenology=sp))
    f.colonies[0].principles[principle] = adherence
    f.units[0].name = unit_name
    f.units[0].damage = damage
    state.gm_notes[b] = [note]
    assert _sheets(state, a) == before
