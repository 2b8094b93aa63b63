"""The turn report records (inventory 1.6): the ledger adds up, SP add up, records round-trip."""

from __future__ import annotations

import msgspec
import pytest

from starlanes.games.star_kingdoms.economy import Districts, ERSources, PlanetEconomy, economy_rating, planet_pe
from starlanes.games.star_kingdoms.report import (
    EconomyReport,
    FactionReport,
    PlanetEconomyLine,
    ProjectLine,
    ReportBuilder,
    ReportError,
    TechGain,
)
from starlanes.games.star_kingdoms.spec import StarKingdomsParams
from starlanes.games.star_kingdoms.tech import SciencePoints


def _builder() -> ReportBuilder:
    return ReportBuilder("zab", turn=3, opening=450, sp=SciencePoints(physics=5))


def test_sheet_1_6_credits_ledger_opening_spending_refunds_income_closing() -> None:
    b = _builder()
    b.spend(200, "Construct District (Industrial 3) on Mars", line=2)
    b.spend(75, "Rush Construct District on Mars", line=3)
    b.refund(25, "Cancel Research on Mars (50% of 50)", line=4)
    b.income(240)
    b.transfer(10, "from Varn", incoming=True)
    b.gm_credits(-5, "Storm damage")
    report = b.build(closing=450 - 200 - 75 + 25 + 240 + 10 - 5, sp=SciencePoints(physics=5))
    ledger = report.ledger
    assert (ledger.opening, ledger.closing) == (450, 445)
    assert ledger.total("spend") == 280
    assert ledger.total("refund") == 25
    assert ledger.total("income") == 240
    assert [e.line for e in ledger.of("spend")] == [2, 3, 0]


def test_ruling_60_ledger_that_does_not_add_up_is_refused() -> None:
    b = _builder()
    b.spend(200, "x")
    with pytest.raises(ReportError, match="ledger gives 250 credits but the faction has 260"):
        b.build(closing=260, sp=SciencePoints(physics=5))


def test_negative_amount_is_refused() -> None:
    with pytest.raises(ReportError, match="amounts are 0 or more"):
        _builder().spend(-1, "x")


def test_sheet_1_6_ruling_60_science_points_must_add_up_per_field() -> None:
    b = _builder()
    b.science("physics", 4, "Academic research")
    b.science("physics", -5, "Breakthrough Beam Weapons")
    report = b.build(closing=450, sp=SciencePoints(physics=4))
    assert report.science.closing.physics == 4
    b2 = _builder()
    b2.science("xenology", 3, "x")
    with pytest.raises(ReportError, match="xenology science points recorded 3, the faction has 0"):
        b2.build(closing=450, sp=SciencePoints(physics=5))


def test_report_round_trips_through_msgspec() -> None:
    params = StarKingdomsParams()
    mars = PlanetEconomy(districts=Districts(industrial=2, academic=1, shipyard=2, military=1), mineral_rating=5)
    pe = planet_pe(mars, params)
    er = economy_rating(ERSources(planet_pe=(pe.total,)), params)
    b = _builder()
    b.submitted = True
    b.order(1, "construct district industrial on Mars", accepted=True, order_id="O07")
    b.order(2, "build a moon", accepted=False, reason="unknown order 'build'")
    b.economy(EconomyReport(planets=(PlanetEconomyLine(planet="mars", pe=pe),), er=er, income=10 * er.total))
    b.income(10 * er.total)
    b.project(ProjectLine(planet="mars", district="industrial", kind="construct-district", label="Industrial 3",
                          level=3, target=9, progress_before=0, progress=2, status="started"))
    b.tech(TechGain(tech="sensors", level=2, how="project"))
    b.gm_note("A comet lights the sky.")
    b.notice("x", rule="TURN-05")
    report = b.build(closing=450 + 340, sp=SciencePoints(physics=5))
    data = msgspec.json.encode(report)
    again = msgspec.json.decode(data, type=FactionReport)
    assert again == report
    assert again.economy is not None and again.economy.planets[0].pe.total == 34
    assert again.projects[0].gained == 2
