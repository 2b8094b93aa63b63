"""Organisations, operations and culture wired into the campaign (issue 15 items 1-3): the campaign
keeps an ``organisations`` state, the turn pipeline runs the passive bonuses (step 2), operations'
progress (step 7) and completion (step 8), and their results land on the right sheets."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import campaign, hw
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign
from tests.games.star_kingdoms.test_part2_movement import put

from starlanes.core.errors import IllegalAction, ParseError
from starlanes.core.state import GM
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, Org, load_campaign, save_campaign
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.culture import colony_principles
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index, name_book
from starlanes.games.star_kingdoms.game import make_ruleset
from starlanes.games.star_kingdoms.knowledge import knowledge_for, meet_faction, passive_survey, planetary_survey
from starlanes.games.star_kingdoms.operations import OpTarget, OrgsState, World, start_operation
from starlanes.games.star_kingdoms.orders.language import format_order, parse_order
from starlanes.games.star_kingdoms.orgs import Consent, OrgParams, OrgWorld, found_branch
from starlanes.games.star_kingdoms.pipeline import faction_economy, process_turn
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
    # outside a turn (the campaign's final ER) the branches count the same
    assert faction_economy(state, state.faction(a)).er.trade_branches == mine.er.trade_branches


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
    section = host.split("Organisations and culture", 1)[1].split("\n## ", 1)[0]
    assert a.id not in section and "meet its nation first" in section  # a branch id names its nation
    assert "-b2" in guest  # the guest sees its branches' ids, to name them in orders


# --- orders (O04, O27-O60) through whole turns ----------------------------------------------------------


def _verdicts(state: CampaignState, seat: int, text: str) -> list[tuple[bool, str]]:
    return [(x.accepted, x.reason) for x in check_orders(state, seat, text)]


def _learn(state: CampaignState, seat: int, planet: str) -> None:
    f = state.factions[seat]
    gi = galaxy_index(state.galaxy)
    k = knowledge_for(state, f.id)
    for system in state.galaxy.systems:  # it has explored the (small) galaxy: every wormhole is known
        k = passive_survey(k, gi, system.id, state.turn)
    state.knowledge[f.id] = planetary_survey(k, gi, planet, state.turn)


def test_O27_O08_end_to_end_found_an_org_start_an_operation_hidden_branch_stays_hidden() -> None:
    """A nation founds an Intelligence organisation by order, then starts Establish Safe House on a
    rival's world by order; the turns run it; the safe house shows on its own sheet, never on the
    host's (ORG-08); the bot's orders are still accepted meanwhile."""
    state = org_campaign()
    a, c = state.factions
    process_turn(state, {0: f"build office on {hw(state)} for new intelligence org Quiet Hand\n"})
    def quiet_hand() -> Org | None:
        return next((o for o in a.orgs if o.name == "Quiet Hand"), None)

    for _ in range(8):
        if quiet_hand() is not None:
            break
        process_turn(state, {})
    org = quiet_hand()
    assert org is not None and org.type == "intelligence" and org.power == 1
    _learn(state, 0, "c1")
    order = "operation Establish Safe House by Quiet Hand on C1\n"
    assert _verdicts(state, 0, order)[0][0]
    process_turn(state, {0: order})
    assert a.id in {op.faction for op in state.organisations.operations.values()}
    assert any("Establish Safe House" in o.text and o.accepted for o in state.reports[a.id].orders)
    for _ in range(8):
        if not state.organisations.operations:
            break
        process_turn(state, {})
    assert [(b.kind, b.planet) for b in state.organisations.world.branches] == [("safe-house", "c1")]
    guest, host = render_sheet(state, a.id), render_sheet(state, c.id)
    assert "safe house" in guest and "Quiet Hand" in guest
    assert "safe house" not in host and "Quiet Hand" not in host


def test_O27_orders_check_names_the_problem_of_each_operation_line() -> None:
    state = org_campaign()
    f = state.factions[0]
    science = next(o for o in f.orgs if o.type == "science")
    got = _verdicts(state, 0, f"operation Survey Sistem by {science.name} in Alpha\n"
                              f"operation Establish Trade Hub by {science.name} on A1\n"
                              f"operation Survey System by {science.name} in Nowhere\n"
                              f"operation Study Planet by {science.name} on A1\n")
    assert not got[0][0] and "did you mean 'Survey System'" in got[0][1]
    assert not got[1][0] and "trade operation" in got[1][1]
    assert not got[2][0] and "Nowhere" in got[2][1]
    assert got[3][0] and "target number" in got[3][1]


def test_O60_a_new_operation_replaces_the_old_and_cancel_refunds_transfer_resources() -> None:
    """Transfer Resources takes its credits at the start (Amb#48); cancelling gives them back (O60)."""
    state = org_campaign()
    a, c = state.factions
    trade = add_org(state, 0, "trade", name="Edgars Industries")
    state.knowledge[a.id] = meet_faction(knowledge_for(state, a.id), c.id, c.name, state.turn)
    credits = a.credits
    process_turn(state, {0: f"operation Transfer Resources by Edgars Industries against {c.name} credits 100\n"})
    r = state.reports[a.id]
    assert r.orders[0].accepted, r.orders[0].reason
    assert trade.id in state.organisations.operations
    assert any(e.amount == 100 and e.kind == "spend" and "Transfer Resources" in e.label for e in r.ledger.entries)
    assert r.ledger.opening == credits
    process_turn(state, {0: "cancel operation of Edgars Industries\n"})
    r = state.reports[a.id]
    assert r.orders[0].accepted and "cancelled" in r.orders[0].reason
    assert trade.id not in state.organisations.operations
    assert any(e.amount == 100 and e.kind == "refund" for e in r.ledger.entries)
    got = _verdicts(state, 0, "cancel operation of Edgars Industries\n")
    assert not got[0][0] and "runs no operation" in got[0][1]


def test_O04_consent_granted_and_revoked_by_order() -> None:
    state = org_campaign()
    a, c = state.factions
    state.knowledge[c.id] = meet_faction(knowledge_for(state, c.id), a.id, a.name, state.turn)
    process_turn(state, {1: f"consent to {a.name}\n"})
    assert state.reports[c.id].orders[0].accepted
    assert [(x.host, x.guest) for x in state.organisations.world.consents] == [(c.id, a.id)]
    got = _verdicts(state, 1, f"revoke consent to {a.name} for Nobody\n")
    assert not got[0][0] and "no organisation" in got[0][1]
    process_turn(state, {1: f"revoke consent to {a.name}\n"})
    assert state.reports[c.id].orders[0].accepted and not state.organisations.world.consents
    got = _verdicts(state, 1, f"revoke consent to {a.name}\n")
    assert not got[0][0] and "no such consent" in got[0][1]


def test_O59_remove_safe_house_needs_a_forward_operating_base_that_found_it() -> None:
    state = org_campaign()
    got = _verdicts(state, 0, "remove safe house nowhere-b1\n")
    assert not got[0][0] and "not a safe house you know of" in got[0][1]


def test_O04_O27_O59_O60_forms_read_back_as_written() -> None:
    state = org_campaign()
    add_org(state, 0, "trade", name="Edgars Industries")
    book = name_book(state, state.factions[0])
    other = state.factions[1].name
    for text in (f"operation Transfer Resources by Edgars Industries against {other} credits 5000",
                 f"consent to {other} for Big Org on A1", f"revoke consent to {other}",
                 "operation Counter Insurgency by Edgars Industries about the rebels of the north",
                 "cancel operation of Edgars Industries", "remove safe house x-o1-b2"):
        order = parse_order(text, book)
        assert format_order(order, book) == text and parse_order(format_order(order, book), book) == order
    with pytest.raises(ParseError, match="did you mean 'Establish Trade Hub'"):
        parse_order("operation Establsh Trade Hub by Edgars Industries on A1", book)


def test_ORG_07_Amb44_gm_yes_to_a_peoples_consent_item_grants_it() -> None:
    """A branch on a world no nation plays asks the GM (npc_consent='gm'); the GM's "yes" is a consent of
    that people to the nation on that world, and the nation's next try succeeds."""
    game = make_ruleset()
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "science", offices=3, name="Far Lens")  # Power 3
    _learn(state, 0, "d1")
    order = "operation Establish Research Base by Far Lens on D1 field physics\n"
    process_turn(state, {0: order})
    assert state.reports[a.id].orders[0].accepted, state.reports[a.id].orders[0].reason
    for _ in range(8):
        if org.id not in state.organisations.operations:
            break
        process_turn(state, {})
    (item,) = [i for i in state.gm_queue if i.kind == "consent" and not i.decided]
    assert item.planet == "d1" and "consent" in item.subject
    with pytest.raises(IllegalAction, match="yes"):
        game.apply(state, GM, f'answer {item.id} "maybe"')
    game.apply(state, GM, f'answer {item.id} "yes, the elders welcome them"')
    assert [(c.host, c.guest, c.location) for c in state.organisations.world.consents] == [("npc", a.id, "d1")]
    process_turn(state, {0: order})
    for _ in range(8):
        if org.id not in state.organisations.operations:
            break
        process_turn(state, {})
    assert [(b.org, b.planet) for b in state.organisations.world.branches] == [(org.id, "d1")]


def test_CULT_03_a_new_colony_takes_its_closest_worlds_principles_at_minus_one() -> None:
    state = campaign()
    f = state.factions[0]
    gi = galaxy_index(state.galaxy)
    planet = next(p for p in gi.systems["BXL"].planets if p.biosphere != "uninhabitable" and p.inhabitants == "none")
    put(state, 0, "construction-gang", "Builders", "BXL", planet=planet.id)
    state.knowledge[f.id] = planetary_survey(passive_survey(state.knowledge[f.id], gi, "BXL", state.turn), gi,
                                             planet.id, state.turn)
    home = f.colony(f.homeworld)
    assert home is not None and home.principles
    expected = colony_principles(home.principles, params=state.params)
    process_turn(state, {0: f'colonise "{planet.name}" with Builders\n'})
    for _ in range(12):
        if f.colony(planet.id) is not None:
            break
        process_turn(state, {})
    colony = f.colony(planet.id)
    assert colony is not None and colony.principles == expected
    assert all(colony.principles.get(k, 0) == max(0, v - 1) for k, v in home.principles.items() if v > 1)


def test_OP_R5_sponsor_colonists_by_order_adds_progress_and_the_colony_holds_the_principle() -> None:
    """O57 (Sponsor Colonists by order), Amb#124."""
    state = campaign()
    f = state.factions[0]
    gi = galaxy_index(state.galaxy)
    planet = next(p for p in gi.systems["BXL"].planets if p.biosphere != "uninhabitable" and p.inhabitants == "none")
    put(state, 0, "construction-gang", "Builders", "BXL", planet=planet.id)
    state.knowledge[f.id] = planetary_survey(passive_survey(state.knowledge[f.id], gi, "BXL", state.turn), gi,
                                             planet.id, state.turn)
    temple = add_org(state, 0, "religious", principle="Harmony", name="Temple")
    assert all("Harmony" not in c.principles for c in f.colonies)
    process_turn(state, {0: f'colonise "{planet.name}" with Builders\n'
                            f'operation Sponsor Colonists by Temple on "{planet.name}"\n'})
    r = state.reports[f.id]
    assert [o.accepted for o in r.orders] == [True, True], r.orders  # the line above started the colonisation
    for _ in range(12):
        if temple.id not in state.organisations.operations or f.colony(planet.id) is not None:
            break
        process_turn(state, {})
    if f.colony(planet.id) is None:
        assert [c.sponsors for c in f.constructions if c.kind == "colonise"] == [["Harmony"]]
    for _ in range(12):
        if f.colony(planet.id) is not None:
            break
        process_turn(state, {})
    colony = f.colony(planet.id)
    assert colony is not None and colony.principles.get("Harmony", 0) >= 1


def test_O04_ORG_07_consent_for_one_kind_of_branch_on_an_outpost() -> None:
    """O04 (ruling 343): consent may name one kind of branch and a system (the nation's outpost there
    and its worlds in it); hidden kinds need none (ORG-08); what the nation does not hold is refused."""
    from starlanes.games.star_kingdoms.orgs import SiteFacts, branch_problem, site_facts

    state = org_campaign()
    a, c = state.factions
    state.knowledge[a.id] = meet_faction(knowledge_for(state, a.id), c.id, c.name, state.turn)
    mine = add_org(state, 0, "trade")
    world, _ = found_branch(OrgWorld(), org=mine.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                            system="B", turn=0)
    state.organisations = OrgsState(world=world)
    a.tech.levels["offworld-construction"] = 3
    trader, spy = add_org(state, 1, "trade"), add_org(state, 1, "intelligence")
    book = name_book(state, a)
    text = f"consent to {c.name} kind black market in Beta"
    assert format_order(parse_order(text, book), book) == text
    bad = _verdicts(state, 0, f"consent to {c.name} kind safe house\n"
                              f"consent to {c.name} kind teapot\n"
                              f"consent to {c.name} in Delta\n"
                              f"consent to {c.name} on A1 in Alpha\n")
    assert [ok for ok, _ in bad] == [False] * 4
    assert "needs no consent" in bad[0][1] and "not a kind of branch" in bad[1][1]
    assert "no outpost and no world in Delta" in bad[2][1] and "not both" in bad[3][1]
    process_turn(state, {0: f"consent to {c.name} kind branch in Beta\n"})
    assert state.reports[a.id].orders[0].accepted, state.reports[a.id].orders[0].reason
    (given,) = state.organisations.world.consents
    assert (given.kind, given.location) == ("branch", "B")
    sheet = render_sheet(state, a.id)
    assert "Consents you give" in sheet and f"| {c.name} | any | branch | Beta |" in sheet
    assert "Your outposts" in sheet and "| Beta | 1 | 3 |" in sheet  # ORG-10: room = its Offworld Construction
    assert "Consents you give" not in render_sheet(state, c.id)

    def problem(org: Org, kind: str) -> str | None:
        facts: SiteFacts = site_facts(state, state.organisations.world, galaxy_index(state.galaxy), system="B",
                                      founder=c.id)
        return branch_problem(state.organisations.world, org=org.id, faction=c.id, org_type=org.type,
                              kind=kind, site="outpost", facts=facts, params=OrgParams())  # type: ignore[arg-type]

    assert problem(trader, "branch") is None
    assert "consent" in (problem(spy, "fob") or "")
    process_turn(state, {0: f"revoke consent to {c.name} kind branch in Beta\n"})
    assert state.reports[a.id].orders[0].accepted and not state.organisations.world.consents
