"""Organisations, operations and culture wired into the campaign (issue 15 items 1-3): the campaign
keeps an ``organisations`` state, the turn pipeline runs the passive bonuses (step 2), operations'
progress (step 7) and completion (step 8), and their results land on the right sheets."""

from __future__ import annotations

from pathlib import Path

import msgspec
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign

from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, load_campaign, save_campaign
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.knowledge import knowledge_for
from starlanes.games.star_kingdoms.operations import OpTarget, OrgsState, World, start_operation
from starlanes.games.star_kingdoms.orgs import Consent, OrgParams, OrgWorld, found_branch
from starlanes.games.star_kingdoms.pipeline import process_turn
from starlanes.games.star_kingdoms.projects import Project
from starlanes.games.star_kingdoms.sheets import render_sheet


def test_old_campaign_files_without_organisations_still_load(tmp_path: Path) -> None:
    state = org_campaign()
    path = tmp_path / "c.json"
    save_campaign(state, path)
    data = msgspec.json.decode(path.read_bytes())
    del data["state"]["organisations"]
    path.write_bytes(msgspec.json.encode(data))
    loaded = load_campaign(path)
    assert loaded.organisations == OrgsState()


def test_campaign_params_carry_the_organisation_params() -> None:
    p = CampaignParams(adherence_max=7)
    assert isinstance(p, OrgParams) and p.adherence_max == 7 and p.turns == 40


def _trade_hub_under_way(power: int = 2) -> tuple[CampaignState, str, str]:
    state = org_campaign()
    a, c = state.factions
    org = add_org(state, 0, "trade", offices=power, name="Edgars Industries")
    orgs = OrgWorld(consents=(Consent(host=c.id, guest=a.id),))
    w = World(state=state, orgs=orgs, catalogue=load_catalogue())
    op = start_operation(w, a.id, org.id, "establish-trade-hub", OpTarget(planet="c1"), state.turn)
    state.organisations = OrgsState(world=orgs, operations={org.id: op})
    return state, a.id, c.id


def test_OPS_03_pipeline_progresses_and_completes_an_operation_onto_the_sheets() -> None:
    """The S9.1 example through whole turns: Power 2, target 3, done at the second turn's step 8; the
    branch stands, the nation's sheet says so, the host meets the guest; the next turn the branch
    brings ER to its nation and PE to the host's world (ECO-06, ORG-14)."""
    state, a, c = _trade_hub_under_way()
    process_turn(state, {})
    assert [op.progress for op in state.organisations.operations.values()] == [2]
    assert not state.organisations.world.branches
    process_turn(state, {})
    world = state.organisations.world
    assert [b.planet for b in world.branches] == ["c1"] and not state.organisations.operations
    sheet = state.reports[a]
    assert any("c1" in n.text or "Trade Hub" in n.text or "branch" in n.text for n in sheet.notices)
    assert a in knowledge_for(state, c).factions
    process_turn(state, {})
    mine, host = state.reports[a].economy, state.reports[c].economy
    assert mine is not None and host is not None
    assert mine.er.trade_branches > 0
    assert sum(line.pe.trade_branches for line in host.planets) > 0


def test_ORG_11_science_office_gives_science_points_each_turn_on_the_sheet() -> None:
    state = org_campaign()
    before = state.factions[0].tech.sp
    process_turn(state, {})
    f = state.factions[0]
    changes = [c for c in state.reports[f.id].science.changes if "organisations" in c.label]
    if any(o.type == "science" for o in f.orgs):
        assert changes and sum(c.amount for c in changes) > 0
    gained = sum(f.tech.sp.get(x) - before.get(x) for x in ("physics", "engineering", "xenology"))
    assert gained == sum(c.amount for c in changes)


def test_ORG_17_religious_office_completing_raises_its_principle_once() -> None:
    state = org_campaign()
    f = state.factions[0]
    org = add_org(state, 0, "religious", offices=0, principle="Harmony")
    home = f.colony(f.homeworld)
    assert home is not None
    home.principles = {"Harmony": 2}
    home.projects["industrial"] = Project(kind="construct-office", district="industrial", level=1,
                                              target=1, paid=0, progress=0, detail={"org": org.id})
    process_turn(state, {})
    assert org.offices == [f.homeworld] and home.principles["Harmony"] == 3


def test_ORG_08_sheet_organisations_section_hides_a_hidden_branch_from_its_host() -> None:
    """The "Organisations and culture" section is on every sheet (after science); the guest sees its own
    safe house and trade hub, the host sees the trade hub but not the safe house (ORG-08, VIS-07)."""
    state = org_campaign()
    a, c = state.factions
    intel = add_org(state, 0, "intelligence", name="Quiet Hand")
    trade = add_org(state, 0, "trade", name="Edgars Industries")
    world, _ = found_branch(OrgWorld(), org=intel.id, faction=a.id, org_type="intelligence", kind="safe-house",
                            site="planet", system="C", planet="c1", turn=1)
    world, _ = found_branch(world, org=trade.id, faction=a.id, org_type="trade", kind="branch",
                            site="planet", system="C", planet="c1", turn=1)
    state.organisations = OrgsState(world=world)
    process_turn(state, {})
    guest = render_sheet(state, a.id)
    host = render_sheet(state, c.id)
    assert "Organisations and culture" in guest and "Quiet Hand" in guest and "safe house" in guest
    assert "Organisations and culture" in host and "Trade" in host
    assert "safe house" not in host and "Quiet Hand" not in host and "Intelligence" not in host.split(
        "Organisations and culture", 1)[1]
