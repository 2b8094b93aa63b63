"""Every operation written in the order language (O27-O58) and Organisational Recon of an office
(OP-I7): inventory section 3 C, rules v2.6.8 S9; rulings 332, 337.

Each operation order is checked on one small campaign where every target exists and is known: the
line is accepted, reported under its own order ID (ruling 332), and fixes a level and target number.
"""

from __future__ import annotations

import pytest
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign

from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.knowledge import active_survey, knowledge_for, meet_faction, planetary_survey
from starlanes.games.star_kingdoms.operations import OrgsState, load_operations
from starlanes.games.star_kingdoms.orgs import OrgWorld, found_branch
from starlanes.games.star_kingdoms.pipeline import process_turn


def every_target_known() -> tuple[CampaignState, dict[str, str]]:
    """Seat 0 runs one organisation of each type (a Religious one guided by 'Commerce', as on C1) and
    has actively surveyed every system (Sensors 9) and the planets C1 and D1; seat 1 has a Trade
    branch on the outpost of Delta; seat 0 a safe house on C1."""
    state = org_campaign()
    a, c = state.factions
    names = {t: add_org(state, 0, t, principle="Commerce" if t == "religious" else "").name
             for t in ("science", "trade", "military", "intelligence", "religious")}
    a.tech.levels["sensors"] = 3
    c.tech.levels["sensors"] = 1
    gi = galaxy_index(state.galaxy)
    k = meet_faction(knowledge_for(state, a.id), c.id, c.name, state.turn)
    for system in state.galaxy.systems:
        k = active_survey(k, gi, system.id, state.turn, 9)
    for planet in ("c1", "d1"):
        k = planetary_survey(k, gi, planet, state.turn)
    state.knowledge[a.id] = k
    c_trade = add_org(state, 1, "trade")
    world, rival = found_branch(OrgWorld(), org=c_trade.id, faction=c.id, org_type="trade", kind="branch",
                                site="outpost", system="D", turn=0)
    spy = next(o for o in a.orgs if o.type == "intelligence")
    world, safe = found_branch(world, org=spy.id, faction=a.id, org_type="intelligence", kind="safe-house",
                               site="planet", system="C", planet="c1", turn=0)
    state.organisations = OrgsState(world=world)
    names.update(rival=rival.id, safe=safe.id, nation=c.name, c_org=c.orgs[0].name)
    return state, names


ORDERS: dict[str, str] = {
    "O27": "operation Survey System by {science} in Delta",
    "O28": "operation Explore Wormhole by {science} in Gamma at CD",
    "O29": "operation Study Anomaly by {science} at Echo",
    "O30": "operation Study Planet by {science} on D1",
    "O31": "operation Establish Research Base by {science} on C1 field physics",
    "O32": "operation Share Technology by {science} on C1 tech sensors",
    "O33": "operation Establish Deep Space Science Facility by {science} in Beta",
    "O34": "operation Establish Trading Station by {trade} in Beta",
    "O35": "operation Establish Trade Hub by {trade} on C1",
    "O36": "operation Establish Black Market by {trade} on C1",
    "O37": "operation Transfer Resources by {trade} against {nation} credits 100",
    "O38": "operation Outcompete by {trade} at {rival}",
    "O39": "operation Send Asteroid Mining Expedition by {trade} at Beta Belt",
    "O40": "operation Counter Insurgency by {military} at {rival}",
    "O41": "operation Insurgency by {military} at {safe}",
    "O42": "operation Establish Outpost Defences by {military} in Beta",
    "O43": "operation Establish Forward Operating Area by {military} on C1",
    "O44": "operation Establish Safe House by {intelligence} in Delta",
    "O45": "operation Establish Forward Operating Base by {intelligence} in Beta",
    "O46": "operation Planetary Recon by {intelligence} on C1",
    "O47": "operation Military Recon by {intelligence} in Gamma",
    "O48": "operation Fundamental Scientific Recon by {intelligence} on C1",
    "O49": "operation Advanced Scientific Recon by {intelligence} on C1 tech sensors",
    "O50": "operation Organisational Recon by {intelligence} at {rival}",
    "O51": "operation Police Crackdown by {intelligence} on A1",
    "O52": "operation Cultural Recon by {intelligence} on C1",
    "O53": "operation Establish Lodge by {religious} on C1",
    "O54": "operation Establish Hidden Lodge by {religious} on C1",
    "O55": "operation Spread the Word by {religious} on C1",
    "O56": "operation Burn the Heretics by {religious} on C1 principle Tradition",
    # O57 Sponsor Colonists needs a colonisation under way: test_org_wiring's
    # test_OP_R5_sponsor_colonists_by_order_adds_progress_and_the_colony_holds_the_principle
    "O58": "operation Investigate Competition by {religious} on C1",
}


@pytest.fixture(scope="module")
def campaign() -> tuple[CampaignState, dict[str, str]]:
    return every_target_known()


def test_the_orders_cover_every_operation_but_sponsor_colonists() -> None:
    assert {k.order for k in load_operations().kinds.values()} == {*ORDERS, "O57"}


@pytest.mark.parametrize("order_id", sorted(ORDERS))
def test_O27_to_O58_each_operation_order_is_accepted_under_its_own_id(
        campaign: tuple[CampaignState, dict[str, str]], order_id: str) -> None:
    state, names = campaign
    (got,) = check_orders(state, 0, ORDERS[order_id].format(**names) + "\n")
    assert got.accepted, got.reason
    assert got.order_id == order_id
    assert "target number" in got.reason


def test_O50_OP_I7_organisational_recon_of_an_office_by_order() -> None:
    """OP-I7: the target may be an office (ruling 337: `at <organisation> on <planet>`, the
    organisation by name or id); it reveals that organisation's other offices and valid branches."""
    state, names = every_target_known()
    a, c = state.factions
    c_org = c.orgs[0]
    c.colonies[0].offices.remove(c_org.id)  # its office moves to a second world of its nation
    c_org.offices.remove("c1")
    from starlanes.games.star_kingdoms.campaign import Colony
    from starlanes.games.star_kingdoms.economy import Districts

    c.colonies.append(Colony(planet="e1", districts=Districts(industrial=1), offices=[c_org.id]))
    c_org.offices.append("e1")
    science_branch_world, branch = found_branch(
        state.organisations.world, org=c_org.id, faction=c.id, org_type="science", kind="branch",
        site="planet", system="D", planet="d1", turn=0)
    state.organisations = OrgsState(world=science_branch_world)
    state.knowledge[a.id] = planetary_survey(state.knowledge[a.id], galaxy_index(state.galaxy), "e1", state.turn)
    spy = names["intelligence"]
    wrong = check_orders(state, 0, f"operation Organisational Recon by {spy} on C1 at {c_org.name}\n")
    assert not wrong[0].accepted and "no branch or office" in wrong[0].reason
    process_turn(state, {0: f"operation Organisational Recon by {spy} on E1 at {c_org.name}\n"})
    result = state.reports[a.id].orders[0]
    assert result.accepted, result.reason
    for _ in range(6):
        if not state.organisations.operations:
            break
        process_turn(state, {})
    assert not state.organisations.operations
    facts = [f.text for f in state.knowledge[a.id].facts if "Organisational Recon" in f.text]
    assert facts and branch.id in facts[-1] and "office on E1" in facts[-1]


@pytest.mark.parametrize("order_id", sorted(ORDERS))
def test_O27_to_O58_each_operation_runs_through_the_turns_onto_the_sheet(
        campaign: tuple[CampaignState, dict[str, str]], order_id: str) -> None:
    """OPS-03 end to end: started by order, + Power at step 7 each turn, resolved at step 8 with its
    report on the nation's sheet and every credit in the ledgers (the report's own check); the long
    ones (level 5 and more at Power 1) are still running, one point a turn."""
    from starlanes.games.star_kingdoms.game import make_ruleset

    base, names = campaign
    state = make_ruleset().clone(base)
    a = state.factions[0]
    process_turn(state, {0: ORDERS[order_id].format(**names) + "\n", 1: f"consent to {a.name}\n"})
    first = state.reports[a.id].orders[0]
    assert first.accepted and first.order_id == order_id
    (kind,) = [k for k in load_operations().kinds.values() if k.order == order_id]
    notices = [n.text for n in state.reports[a.id].notices]
    turns = 1
    while state.organisations.operations and turns < 9:
        process_turn(state, {})
        notices += [n.text for n in state.reports[a.id].notices]
        turns += 1
    left = list(state.organisations.operations.values())
    if left:
        assert left[0].target_number > 8 and left[0].progress == turns
    else:
        assert any(n.startswith(f"{kind.name}:") for n in notices)


def test_OP_T4_OP_T6_credits_of_operations_reach_the_ledgers(campaign: tuple[CampaignState, dict[str, str]]) -> None:
    """Transfer Resources (Amb#48) and a mining expedition (Amb#49) completing in a turn show in the
    ledgers of the nations they reach: an incoming transfer, an income line."""
    from starlanes.games.star_kingdoms.game import make_ruleset

    base, names = campaign
    for order_id, seat, kind, amount in (("O37", 1, "transfer-in", 100), ("O39", 0, "income", 100)):
        state = make_ruleset().clone(base)
        process_turn(state, {0: ORDERS[order_id].format(**names) + "\n"})
        for _ in range(6):
            if not state.organisations.operations:
                break
            process_turn(state, {})
        ledger = state.reports[state.factions[seat].id].ledger
        assert [(e.kind, e.amount) for e in ledger.entries
                if "Transfer Resources" in e.label or "Mining Expedition" in e.label] == [(kind, amount)]
