"""Operations (operations.py, content/operations.toml): levels, target numbers, progress, all 32 effects.

Inventory 2.10 (OPS-01..05, OP-S1..S7, OP-T1..T6, OP-M1..M4, OP-I1..I10, OP-R1..R6), orders
O27-O60, rules v2.6.8 S9; rulings 313-317.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign

from starlanes.core.errors import ContentError, IllegalAction
from starlanes.games.star_kingdoms.campaign import CampaignState, GMItem, Org, Unit
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.knowledge import knowledge_for
from starlanes.games.star_kingdoms.operations import (
    AdherenceChange,
    AnomalyProgress,
    BeltDepletion,
    ColonisationProgress,
    CreditsChange,
    OpOutcome,
    OpTarget,
    Survey,
    TechGranted,
    World,
    advance_operation,
    apply_effects,
    base_level,
    cancel_operation,
    is_ready,
    load_operations,
    operations_from_data,
    resolve_operation,
    set_operation,
    start_operation,
    target_number,
)
from starlanes.games.star_kingdoms.orgs import Consent, OrgParams, OrgWorld, branches_seen_by, found_branch, suppress
from starlanes.games.star_kingdoms.projects import Project

CAT = load_catalogue()


def world(state: CampaignState, orgs: OrgWorld | None = None, **kw: object) -> World:
    return World(state=state, orgs=orgs or OrgWorld(), catalogue=CAT, **kw)  # type: ignore[arg-type]


def run_op(w: World, seat: int, org: Org, kind: str, target: OpTarget, turn: int = 1) -> OpOutcome:
    """Start the operation, advance it by the org's Power until ready, resolve it."""
    op = start_operation(w, w.state.factions[seat].id, org.id, kind, target, turn)
    for _ in range(50):
        if is_ready(op):
            break
        op = advance_operation(op, org.power)
    return resolve_operation(w, op, turn)


def texts(out: OpOutcome, faction: str) -> str:
    return "\n".join(r.text + "".join("\n" + line for line in r.lines) for r in out.reports if r.faction == faction)


# --- content -------------------------------------------------------------------------------------------


def test_the_32_operations_of_the_five_types_are_content() -> None:
    ops = load_operations()
    counts = {t: len(ops.of_type(t)) for t in ("science", "trade", "military", "intelligence", "religious")}
    assert counts == {"science": 7, "trade": 6, "military": 4, "intelligence": 9, "religious": 6}
    assert sorted(k.order for k in ops.kinds.values()) == [f"O{n}" for n in range(27, 59)]
    assert ops.names.resolve("Spread the Word") == "spread-the-word"
    assert ops.by_name("trade hub").id == "establish-trade-hub"
    assert ops.by_name("FOB").id == "establish-forward-operating-base"
    assert ops.by_name("mining expedition").id == "send-asteroid-mining-expedition"
    with pytest.raises(IllegalAction, match="did you mean 'Spread the Word'"):
        ops.by_name("Spread the Wrod")


def test_a_broken_operations_file_names_file_entry_and_field(tmp_path: Path) -> None:
    entries: list[dict[str, Any]] = [
        {"id": f"op-{t}", "name": f"Op {t}", "org": t, "modifier": 0, "target": "system", "effect": "survey",
         "order": "O27"} for t in ("science", "trade", "military", "intelligence", "religious")]
    good: dict[str, Any] = {"schema": "star-kingdoms-operations/1", "operations": entries}
    assert len(operations_from_data(good, "f.toml").kinds) == 5
    bad = {**good, "operations": [{**good["operations"][0], "modifier": -1}, *good["operations"][1:]]}
    with pytest.raises(ContentError, match=r"f.toml: operations\[0\] 'op-science'.modifier"):
        operations_from_data(bad, "f.toml")
    with pytest.raises(ContentError, match="schema"):
        operations_from_data({**good, "schema": "x"}, "f.toml")
    branchless = {**good, "operations": [{**good["operations"][0], "effect": "found-branch"}, *good["operations"][1:]]}
    with pytest.raises(ContentError, match=r"branch.*names its kind"):
        operations_from_data(branchless, "f.toml")
    unknown = {**good, "operations": [{**good["operations"][0], "colour": "red"}, *good["operations"][1:]]}
    with pytest.raises(ContentError, match="colour"):
        operations_from_data(unknown, "f.toml")
    with pytest.raises(ContentError, match="no operation for religious"):
        operations_from_data({**good, "operations": good["operations"][:4]}, "f.toml")
    path = tmp_path / "ops.toml"
    path.write_text('schema = "star-kingdoms-operations/1"\n[[operations]]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(ContentError, match=str(path)):
        load_operations(path)


# --- general rules ---------------------------------------------------------------------------------------


def test_OPS_01_base_level_is_turns_of_travel_from_nearest_planet_or_branch() -> None:
    """Amb#34 (ruling 314): fewest known-wormhole jumps from a planet or a branch of the acting organisation."""
    state = org_campaign()
    gi = World(state=state, orgs=OrgWorld(), catalogue=CAT).gi
    assert base_level(gi, ["A"], "A") == 0
    assert base_level(gi, ["A"], "D") == 3
    assert base_level(gi, ["A", "C"], "D") == 1
    assert base_level(gi, ["A"], "E", known_wormholes=["AB", "BC"]) is None  # BE not known: no route
    assert base_level(gi, ["A"], "E") == 2
    org = add_org(state, 0, "intelligence")
    a = state.factions[0]
    w = world(state)
    op = start_operation(w, a.id, org.id, "military-recon", OpTarget(system="D"), 1)
    assert op.base_level == 3
    orgs, _ = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="intelligence", kind="fob",
                           site="outpost", system="C", turn=1)
    assert start_operation(world(state, orgs), a.id, org.id, "military-recon", OpTarget(system="D"), 1).base_level == 1


def test_OPS_01_no_known_route_refuses_the_operation() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science")
    k = knowledge_for(state, state.factions[0].id)
    w = world(state, params=OrgParams(recon_needs_knowledge=False), knowledge={state.factions[0].id: k})
    with pytest.raises(IllegalAction, match="no known route"):
        start_operation(w, state.factions[0].id, org.id, "survey-system", OpTarget(system="D"), 1)


def test_OPS_02_target_numbers_table_and_beyond() -> None:
    p = OrgParams()
    assert [target_number(n, p) for n in range(8)] == [1, 1, 3, 6, 10, 15, 21, 28]
    with pytest.raises(ValueError):
        target_number(-1, p)


def test_OPS_02_OPS_03_worked_example_edgars_industries_trade_hub_in_two_turns() -> None:
    """S9.1: Power 2, Gorash 1 turn away, Trade Hub +1: adjusted level 2; done in 2 turns.  The
    example says target 4, the table 3 (Amb#33, ruling 313): 2 turns either way."""
    state = org_campaign()
    a, c = state.factions
    edgars = add_org(state, 0, "trade", offices=2, name="Edgars Industries")  # offices on a1 and b2 (system B)
    consent = OrgWorld(consents=(Consent(host=c.id, guest=a.id),))
    for params, number in ((OrgParams(), 3), (OrgParams(op_target_numbers=(1, 1, 4, 6, 10, 15)), 4)):
        w = world(state, consent, params=params)
        op = start_operation(w, a.id, edgars.id, "establish-trade-hub", OpTarget(planet="c1"), 1)
        assert (op.base_level, op.adjusted_level, op.target_number) == (1, 2, number)
        op = advance_operation(op, edgars.power)
        assert not is_ready(op)
        op = advance_operation(op, edgars.power)
        assert is_ready(op)
        out = resolve_operation(w, op, 2)
        assert out.success and len(out.world.branches) == 1


def test_OPS_03_operations_are_free_and_progress_by_power() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science", offices=2)
    credits = state.factions[0].credits
    op = start_operation(world(state), state.factions[0].id, org.id, "survey-system", OpTarget(system="D"), 1)
    assert state.factions[0].credits == credits and op.escrow == 0
    assert advance_operation(op, 2).progress == 2


def test_OPS_04_O60_one_operation_per_org_replacing_loses_progress() -> None:
    """Amb#35 (ruling 316): one operation an organisation; replacing it loses its progress."""
    state = org_campaign()
    org = add_org(state, 0, "trade")
    w = world(state)
    a, c = state.factions
    first = advance_operation(start_operation(w, a.id, org.id, "transfer-resources",
                                              OpTarget(faction=c.id, amount=100), 1), 1)
    ops, refunds = set_operation({}, first)
    assert refunds == ()
    second = start_operation(w, a.id, org.id, "establish-trading-station",
                             OpTarget(system="B"), 2)
    ops, refunds = set_operation(ops, second)
    assert ops == {org.id: second} and ops[org.id].progress == 0
    assert refunds == (CreditsChange(faction=a.id, amount=100, why="Transfer Resources cancelled: refunded",
                                     ledger="refund"),)


def test_OPS_05_a_trait_bonus_to_power_for_an_operation() -> None:
    """The caller may still add Power for one operation (``advance_operation``'s bonus)."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    op = start_operation(world(state), state.factions[0].id, org.id, "survey-system", OpTarget(system="D"), 1)
    assert advance_operation(op, org.power, bonus=2).progress == 3


def test_OPS_05_S18_example_share_technology_counts_power_two_higher() -> None:
    """S18 L1059 example (a people trait: Science organisations count Power 2 higher for Share
    Technology): the GM gives the trait ``op_power=share-technology:2``; step 7 adds Power 1 + 2 to
    that operation and only 1 to another; an organisation-type key counts for all of its operations,
    in the effect's Power too (Study Anomaly: Power x Sensors); bad keys are refused (ruling 336)."""
    from starlanes.core.state import GM
    from starlanes.games.star_kingdoms.campaign import Trait
    from starlanes.games.star_kingdoms.game import make_ruleset
    from starlanes.games.star_kingdoms.operations import OrgsState, operation_power
    from starlanes.games.star_kingdoms.pipeline import process_turn

    game = make_ruleset()
    state = org_campaign()
    a, c = state.factions
    a.traits = [Trait(name="Enlighteners", category="people")]
    game.apply(state, GM, f"trait {a.id} Enlighteners op_power=share-technology:2")
    with pytest.raises(IllegalAction, match="neither an operation id nor an organisation type"):
        game.apply(state, GM, f"trait {a.id} Enlighteners op_power=warp-drive:2")
    sharer, surveyor = add_org(state, 0, "science"), add_org(state, 0, "science")
    a.tech.levels["sensors"] = 3
    c.tech.levels["sensors"] = 1
    w = world(state)
    share = start_operation(w, a.id, sharer.id, "share-technology", OpTarget(planet="c1", tech="sensors"), 1)
    survey = start_operation(w, a.id, surveyor.id, "survey-system", OpTarget(system="E"), 1)
    assert (share.adjusted_level, share.target_number) == (3, 6)  # 2 jumps + X=1
    state.organisations = OrgsState(operations={sharer.id: share, surveyor.id: survey})
    process_turn(state, {})
    ops = state.organisations.operations
    assert ops[sharer.id].progress == 3 and ops[surveyor.id].progress == 1
    process_turn(state, {})
    assert sharer.id not in state.organisations.operations  # 6/6: done in 2 turns, not 6
    assert c.tech.level("sensors") == 2
    assert "Power +2 for share technology operations" in render_trait_line(state, a.id)
    from tests.games.star_kingdoms.test_org_wiring import _learn

    from starlanes.games.star_kingdoms.execute import check_orders

    _learn(state, 0, "c1")
    c.tech.levels["sensors"] = 2
    (note,) = check_orders(state, 0, f"operation Share Technology by {sharer.name} on C1 tech sensors\n")
    assert note.accepted and "+ Power 3 a turn" in note.reason, note.reason
    # a whole organisation type, and the Power of the effect itself
    game.apply(state, GM, f"trait {a.id} Enlighteners op_power=science:1")
    study = load_operations().kind("study-anomaly")
    assert operation_power(a, surveyor, study) == 2
    a.tech.levels["sensors"] = 2
    out = run_op(world(state), 0, surveyor, "study-anomaly", OpTarget(anomaly="d-anom"))
    assert out.effects == (AnomalyProgress(faction=a.id, anomaly="d-anom", amount=2 * 2),)


def render_trait_line(state: CampaignState, faction: str) -> str:
    from starlanes.games.star_kingdoms.sheets import render_sheet

    return render_sheet(state, faction, "md")


def test_operation_refusals_name_the_problem() -> None:
    state = org_campaign()
    a = state.factions[0]
    trade = add_org(state, 0, "trade")
    w = world(state)
    with pytest.raises(IllegalAction, match="is a science operation"):
        start_operation(w, a.id, trade.id, "survey-system", OpTarget(system="B"), 1)
    with pytest.raises(IllegalAction, match="no operation 'fly'"):
        start_operation(w, a.id, trade.id, "fly", OpTarget(), 1)
    with pytest.raises(IllegalAction, match="no organisation"):
        start_operation(w, a.id, "nope", "survey-system", OpTarget(), 1)
    with pytest.raises(IllegalAction, match="only on an inhabited world"):
        start_operation(w, a.id, trade.id, "establish-trade-hub", OpTarget(planet="b2"), 1)
    with pytest.raises(IllegalAction, match="planet you control"):
        start_operation(w, a.id, trade.id, "establish-trade-hub", OpTarget(planet="a1"), 1)
    with pytest.raises(IllegalAction, match="not 99999"):
        start_operation(w, a.id, trade.id, "transfer-resources", OpTarget(faction=state.factions[1].id,
                                                                          amount=99999), 1)


def test_recon_targets_must_be_known_Amb_123() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    a = state.factions[0]
    w = world(state, knowledge={a.id: knowledge_for(state, a.id)})
    with pytest.raises(IllegalAction, match="not one your nation knows"):
        start_operation(w, a.id, spy.id, "planetary-recon", OpTarget(planet="c1"), 1)


# --- Science -----------------------------------------------------------------------------------------------


def test_OP_S1_survey_system_active_with_sensors_passive_if_contested() -> None:
    """Amb#36 (ruling 317): contested, the survey gives passive data only."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    a = state.factions[0]
    out = run_op(world(state), 0, org, "survey-system", OpTarget(system="D"))
    assert out.effects == (Survey(faction=a.id, kind="active", system="D", level=1),)
    out = run_op(world(state, contested=frozenset({(a.id, "D")})), 0, org, "survey-system", OpTarget(system="D"))
    assert out.effects == (Survey(faction=a.id, kind="passive", system="D", level=0),)
    state.turn = 3
    apply_effects(state, out)
    assert "D" in state.knowledge[a.id].systems and state.knowledge[a.id].systems["D"].surveys == {"passive": 3}


def test_OP_S2_explore_wormhole_surveys_the_far_side() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science")
    out = run_op(world(state), 0, org, "explore-wormhole", OpTarget(system="B", wormhole="BE"))
    assert out.effects == (Survey(faction=state.factions[0].id, kind="active", system="E", level=1),)
    with pytest.raises(IllegalAction, match="does not leave the target system"):
        start_operation(world(state), state.factions[0].id, org.id, "explore-wormhole",
                        OpTarget(system="A", wormhole="BE"), 1)


def test_OP_S3_ORG_18_study_anomaly_power_times_current_sensors() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science", offices=2)
    state.factions[0].tech.levels["sensors"] = 3
    out = run_op(world(state), 0, org, "study-anomaly", OpTarget(anomaly="d-anom"))
    assert out.effects == (AnomalyProgress(faction=state.factions[0].id, anomaly="d-anom", amount=6),)
    assert apply_effects(state, out) == out.effects  # left to part 2's anomaly records


def test_OP_S4_study_planet_needs_uncontested_and_waits_otherwise() -> None:
    """Amb#36, Amb#100 (ruling 317): contested, it waits ready, losing nothing."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    a = state.factions[0]
    out = run_op(world(state, contested=frozenset({(a.id, "B")})), 0, org, "study-planet", OpTarget(planet="b1"))
    assert out.waiting and not out.success and out.effects == ()
    out = run_op(world(state), 0, org, "study-planet", OpTarget(planet="b1"))
    assert out.effects == (Survey(faction=a.id, kind="planetary", system="B", planet="b1",
                                  level=a.tech.level("sensors")),)
    apply_effects(state, out)
    assert state.knowledge[a.id].planets["b1"].inhabitants == "natives"


def test_OP_S5_ORG_12_research_base_with_consent_field_xenology_if_not_space_age() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science")
    a, c = state.factions
    w = world(state, npc_consent={(a.id, "b1"): True})
    out = run_op(w, 0, org, "establish-research-base", OpTarget(planet="b1", field="physics"))
    assert out.success and out.world.branches[0].field == "xenology"
    refused = run_op(world(state), 0, org, "establish-research-base", OpTarget(planet="c1", field="physics"))
    assert not refused.success and "consent" in texts(refused, a.id) and refused.world.branches == ()
    consented = OrgWorld(consents=(Consent(host=c.id, guest=a.id),))
    out = run_op(world(state, consented), 0, org, "establish-research-base", OpTarget(planet="c1", field="physics"))
    assert out.world.branches[0].field == "physics"
    assert "founded a branch" in texts(out, c.id)  # the host learns of it (ORG-07)


def test_OP_S5_npc_consent_is_queued_for_the_gm() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science")
    out = run_op(world(state), 0, org, "establish-research-base", OpTarget(planet="d1", field="physics"))
    assert not out.success and len(out.gm) == 1 and "consent" in out.gm[0].subject
    item = out.gm[0].gm_item(7)
    assert isinstance(item, GMItem) and item.id == 7 and item.kind == "consent" and item.planet == "d1"
    # the GM answers yes: a consent of the people ('npc') to that nation, on that world
    answered = OrgWorld(consents=(Consent(host="npc", guest=state.factions[0].id, location="d1"),))
    again = run_op(world(state, answered), 0, org, "establish-research-base", OpTarget(planet="d1", field="physics"))
    assert again.success and again.gm == () and again.world.branches[0].field == "physics"  # d1 is Space Age


def test_OP_S6_share_technology_level_x_plus_one_prerequisites_at_start_and_end() -> None:
    """Amb#47 (ruling 315)."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    a, c = state.factions
    a.tech.levels["sensors"] = 3
    c.tech.levels["sensors"] = 1
    w = world(state)
    op = start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech="sensors"), 1)
    assert op.adjusted_level == op.base_level + 1  # Sensors 2 shared: +X = +1
    out = run_op(w, 0, org, "share-technology", OpTarget(planet="c1", tech="sensors"))
    assert out.effects == (TechGranted(faction=c.id, tech="sensors"),)
    apply_effects(state, out)
    assert c.tech.level("sensors") == 2
    c.tech.levels["sensors"] = 3
    with pytest.raises(IllegalAction, match="not 4"):
        start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech="sensors"), 1)
    supplemental = next(t for t in CAT.techs.values() if t.kind == "supplemental" and t.requires
                        and all(CAT.tech(p.tech).kind == "core" and p.level >= 3 for p in t.requires))
    a.tech = a.tech.__class__(levels=a.tech.levels, known=a.tech.known | {supplemental.id})
    with pytest.raises(IllegalAction, match="prerequisites"):
        start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech=supplemental.id), 1)
    design = next(t for t in CAT.techs.values() if t.kind == "design")
    with pytest.raises(IllegalAction, match="names the class"):
        start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech=design.id), 1)
    with pytest.raises(IllegalAction, match="name the technology"):
        start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech="warp-drive"), 1)


def test_OP_S7_deep_space_science_facility_founds_an_outpost_branch() -> None:
    state = org_campaign()
    org = add_org(state, 0, "science")
    out = run_op(world(state), 0, org, "establish-deep-space-science-facility", OpTarget(system="D"))
    assert out.success and out.world.outpost("D") is not None and out.world.branches[0].site == "outpost"
    assert "new outpost" in texts(out, state.factions[0].id)


# --- Trade --------------------------------------------------------------------------------------------------


def test_OP_T1_trading_station_on_an_outpost_full_outpost_fails() -> None:
    state = org_campaign()
    one = add_org(state, 0, "trade")
    two = add_org(state, 0, "trade")
    out = run_op(world(state), 0, one, "establish-trading-station", OpTarget(system="B"))
    assert out.success
    full = run_op(world(state, out.world), 0, two, "establish-trading-station", OpTarget(system="B"))
    assert not full.success and "no room" in texts(full, state.factions[0].id)


def test_OP_T2_trade_hub_needs_consent() -> None:
    state = org_campaign()
    org = add_org(state, 0, "trade")
    a, c = state.factions
    assert not run_op(world(state), 0, org, "establish-trade-hub", OpTarget(planet="c1")).success
    w = world(state, OrgWorld(consents=(Consent(host=c.id, guest=a.id, kind="branch"),)))
    assert run_op(w, 0, org, "establish-trade-hub", OpTarget(planet="c1")).success


def test_OP_T3_black_market_on_any_alien_world_no_consent_visible_to_host() -> None:
    """Amb#37 (ruling 304): no consent, visible to the host, principles left to the GM."""
    state = org_campaign()
    org = add_org(state, 0, "trade")
    a, c = state.factions
    w = world(state)
    op = start_operation(w, a.id, org.id, "establish-black-market", OpTarget(planet="c1"), 1)
    assert op.adjusted_level == 2 + 2
    out = run_op(w, 0, org, "establish-black-market", OpTarget(planet="c1"))
    assert out.success and out.world.branches[0].kind == "black-market"
    assert len(out.gm) == 1 and "social principles" in out.gm[0].subject  # their effect is the GM's
    assert out.world.branches[0] in branches_seen_by(out.world, c.id, ["c1"])
    strict = world(state, params=OrgParams(black_market_needs_consent=True))
    assert not run_op(strict, 0, org, "establish-black-market", OpTarget(planet="c1")).success


def test_OP_T4_transfer_resources_taken_at_start_delivered_at_completion() -> None:
    state = org_campaign()
    org = add_org(state, 0, "trade")
    a, c = state.factions
    w = world(state)
    op = start_operation(w, a.id, org.id, "transfer-resources", OpTarget(faction=c.id, amount=120), 1)
    assert op.escrow == 120 and op.adjusted_level == op.base_level
    out = resolve_operation(w, advance_operation(op, 9), 2)
    assert out.effects == (CreditsChange(faction=c.id, amount=120, why=f"Transfer Resources from {a.name}",
                                         ledger="transfer-in"),)
    before = c.credits
    apply_effects(state, out)
    assert c.credits == before + 120
    assert "sent you 120 credits" in texts(out, c.id)
    assert cancel_operation(op)[0].amount == 120


def test_OP_T5_outcompete_suppresses_for_power_turns_then_removes() -> None:
    state = org_campaign()
    a, c = state.factions
    mine = add_org(state, 0, "trade", offices=2)
    theirs = add_org(state, 1, "trade")
    orgs, branch = found_branch(OrgWorld(), org=theirs.id, faction=c.id, org_type="trade", kind="branch",
                                site="outpost", system="B", turn=1)
    out = run_op(world(state, orgs), 0, mine, "outcompete", OpTarget(branch=branch.id), turn=3)
    b = out.world.branch(branch.id)
    assert b is not None and b.suppressed_until == 5 and b.suppressed(4) and not b.suppressed(6)
    assert "suppressed" in texts(out, c.id)
    again = run_op(world(state, out.world), 0, mine, "outcompete", OpTarget(branch=branch.id), turn=4)
    assert again.world.branch(branch.id) is None
    own = found_branch(OrgWorld(), org=mine.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                       system="B", turn=1)[0]
    with pytest.raises(IllegalAction, match="rival"):
        start_operation(world(state, own), a.id, mine.id, "outcompete", OpTarget(branch=own.branches[0].id), 1)


def test_OP_T6_mining_expedition_50_per_mr_belt_loses_one_uncontested_only() -> None:
    state = org_campaign()
    org = add_org(state, 0, "trade")
    a = state.factions[0]
    assert run_op(world(state, contested_scarce=frozenset({(a.id, "B")})), 0, org, "send-asteroid-mining-expedition",
                  OpTarget(belt="b-belt")).waiting
    out = run_op(world(state), 0, org, "send-asteroid-mining-expedition", OpTarget(belt="b-belt"))
    assert CreditsChange(faction=a.id, amount=100, why="Asteroid Mining Expedition (MR 2)") in out.effects
    assert BeltDepletion(belt="b-belt") in out.effects
    credits = a.credits
    apply_effects(state, out)
    assert a.credits == credits + 100
    assert state.galaxy.systems[1].belts[0].mineral_rating == 1


# --- Military ------------------------------------------------------------------------------------------------


def test_OP_M1_counter_insurgency_suppresses_an_unwanted_branch_or_asks_the_gm() -> None:
    state = org_campaign()
    a, c = state.factions
    mil = add_org(state, 1, "military", offices=1)
    trade = add_org(state, 0, "trade")
    orgs, b = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="black-market",
                           site="planet", system="C", planet="c1", turn=1)
    out = run_op(world(state, orgs), 1, mil, "counter-insurgency", OpTarget(branch=b.id), turn=2)
    assert out.world.branch(b.id).suppressed(3)  # type: ignore[union-attr]
    gm = run_op(world(state), 1, mil, "counter-insurgency", OpTarget(planet="c1", narrative="riots in the capital"))
    assert len(gm.gm) == 1 and "riots in the capital" in gm.gm[0].subject and "GM" in texts(gm, c.id)


def test_OP_M2_insurgency_blocks_one_suppression_in_the_next_power_turns() -> None:
    state = org_campaign()
    a, c = state.factions
    mil = add_org(state, 0, "military", offices=2)
    trade = add_org(state, 0, "trade")
    crack = add_org(state, 1, "military")
    orgs, b = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="black-market",
                           site="planet", system="C", planet="c1", turn=1)
    shielded = run_op(world(state, orgs), 0, mil, "insurgency", OpTarget(branch=b.id), turn=2)
    assert shielded.world.branch(b.id).blocks == (4,)  # type: ignore[union-attr]
    hit = run_op(world(state, shielded.world), 1, crack, "counter-insurgency", OpTarget(branch=b.id), turn=3)
    assert not hit.world.branch(b.id).suppressed(4) and "insurgents" in texts(hit, c.id)  # type: ignore[union-attr]
    gm = run_op(world(state), 0, mil, "insurgency", OpTarget(planet="c1", narrative="arm the Feudalists"))
    assert gm.gm and "arm the Feudalists" in gm.gm[0].subject


def test_OP_M3_OP_M4_outpost_defences_and_forward_operating_area() -> None:
    state = org_campaign()
    mil = add_org(state, 0, "military")
    a, c = state.factions
    assert run_op(world(state), 0, mil, "establish-outpost-defences", OpTarget(system="B")).success
    w = world(state, OrgWorld(consents=(Consent(host=c.id, guest=a.id),)))
    out = run_op(w, 0, mil, "establish-forward-operating-area", OpTarget(planet="c1"))
    assert out.success and out.world.branches[0].planet == "c1"


# --- Intelligence ----------------------------------------------------------------------------------------------


def test_OP_I1_safe_house_hidden_no_consent_and_unseen_by_the_host() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    a, c = state.factions
    out = run_op(world(state), 0, spy, "establish-safe-house", OpTarget(planet="c1"))
    assert out.success and out.world.branches[0].hidden
    assert texts(out, c.id) == "" and branches_seen_by(out.world, c.id, ["c1"]) == ()
    with pytest.raises(IllegalAction, match="alien outpost"):
        start_operation(world(state), a.id, spy.id, "establish-safe-house", OpTarget(system="B", site="outpost"), 1)


def test_OP_I2_forward_operating_base_only_on_outposts() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    out = run_op(world(state), 0, spy, "establish-forward-operating-base", OpTarget(system="B"))
    assert out.success and out.world.branches[0].kind == "fob" and out.world.branches[0].site == "outpost"
    assert load_operations().kind("establish-forward-operating-base").site == "outpost"


def test_OP_I3_planetary_recon_districts_projects_offices() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    c = state.factions[1]
    colony = c.colony("c1")
    assert colony is not None
    colony.projects["industrial"] = Project(kind="construct-district", district="industrial", level=3, target=9,
                                            paid=450, progress=4)
    out = run_op(world(state), 0, spy, "planetary-recon", OpTarget(planet="c1"), turn=6)
    report = texts(out, state.factions[0].id)
    assert "Industrial 2" in report and "Construct District L3, progress 4/9" in report
    assert f"office: {c.orgs[0].name} ({c.orgs[0].type})" in report
    assert out.reports[0].turn == 6 and out.reports[0].fact().turn == 6
    apply_effects(state, out)
    assert state.knowledge[state.factions[0].id].facts[-1].source == "recon"


def test_OP_I4_military_recon_names_levels_classes_in_the_system() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    c = state.factions[1]
    report = texts(run_op(world(state), 0, spy, "military-recon", OpTarget(system="C")), state.factions[0].id)
    for u in c.units:
        assert f"{u.name}, L{u.level} {CAT.classes[u.class_id].name}" in report
    c.units.append(Unit(id="x", name="Far Away", unit="ship", class_id="patrol-ship", level=1, system="D"))
    assert "Far Away" not in texts(run_op(world(state), 0, spy, "military-recon", OpTarget(system="C")),
                                   state.factions[0].id)


def test_OP_I5_OP_I6_scientific_recon() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    c = state.factions[1]
    c.tech.levels["sensors"] = 4
    report = texts(run_op(world(state), 0, spy, "fundamental-scientific-recon", OpTarget(planet="c1")),
                   state.factions[0].id)
    assert "Sensors 4" in report and len(report.splitlines()) == 1 + len(CAT.core_techs())
    supplemental = next(t for t in CAT.techs.values() if t.kind == "supplemental" and CAT.core_parents(t) ==
                        ("sensors",))
    c.tech = c.tech.__class__(levels=c.tech.levels, known=c.tech.known | {supplemental.id})
    adv = texts(run_op(world(state), 0, spy, "advanced-scientific-recon", OpTarget(planet="c1", tech="sensors")),
                state.factions[0].id)
    assert "Sensors 4" in adv and supplemental.name in adv


def test_OP_I7_organisational_recon_reveals_valid_branches_and_invalid_ones_where_we_have_offices() -> None:
    state = org_campaign()
    a, c = state.factions
    spy = add_org(state, 0, "intelligence")
    target = add_org(state, 1, "intelligence")
    orgs, first = found_branch(OrgWorld(), org=target.id, faction=c.id, org_type="intelligence", kind="fob",
                               site="outpost", system="B", turn=1)
    orgs, hidden_here = found_branch(orgs, org=target.id, faction=c.id, org_type="intelligence", kind="safe-house",
                                     site="planet", system="D", planet="d1", turn=1)
    report_out = run_op(world(state, orgs), 0, spy, "organisational-recon", OpTarget(branch=first.id))
    report = texts(report_out, a.id)
    assert "office on" in report and hidden_here.id not in report  # no office of ours on d1
    spy.offices.append("d1")  # as if our organisation had an office there
    revealed = run_op(world(state, orgs), 0, spy, "organisational-recon", OpTarget(branch=first.id))
    assert hidden_here.id in texts(revealed, a.id)
    assert a.id in revealed.world.branch(hidden_here.id).found_by  # type: ignore[union-attr]


def test_OP_I8_police_crackdown_suppresses_hidden_branches_and_reports_nothing() -> None:
    state = org_campaign()
    a, c = state.factions
    spy = add_org(state, 0, "intelligence")
    police = add_org(state, 1, "intelligence", offices=1)
    church = add_org(state, 0, "religious", principle="Order")
    orgs, house = found_branch(OrgWorld(), org=spy.id, faction=a.id, org_type="intelligence", kind="safe-house",
                               site="planet", system="C", planet="c1", turn=1)
    orgs, lodge = found_branch(orgs, org=church.id, faction=a.id, org_type="religious", kind="hidden-lodge",
                               site="planet", system="C", planet="c1", turn=1)
    op_kind = load_operations().kind("police-crackdown")
    assert op_kind.modifier == 2
    out = run_op(world(state, orgs), 1, police, "police-crackdown", OpTarget(planet="c1"), turn=3)
    assert all(b.suppressed(4) for b in out.world.branches)
    report = texts(out, c.id)
    assert house.id not in report and lodge.id not in report and "carried out" in report
    assert "suppressed" in texts(out, a.id)
    with pytest.raises(IllegalAction, match="your own worlds"):
        start_operation(world(state), c.id, police.id, "police-crackdown", OpTarget(planet="a1"), 1)


def test_OP_I9_OP_R6_cultural_recon_and_investigate_competition_reveal_every_principle() -> None:
    state = org_campaign()
    spy = add_org(state, 0, "intelligence")
    church = add_org(state, 0, "religious", principle="Order")
    for org, kind in ((spy, "cultural-recon"), (church, "investigate-competition")):
        report = texts(run_op(world(state), 0, org, kind, OpTarget(planet="c1")), state.factions[0].id)
        assert all(f"{p}: adherence {v}" in report for p, v in state.factions[1].colonies[0].principles.items())
    gm = run_op(world(state), 0, spy, "cultural-recon", OpTarget(planet="d1"))
    assert gm.gm  # a world no nation holds: the GM sends the findings


# --- Religious -----------------------------------------------------------------------------------------------


def test_OP_R1_OP_R2_lodges_on_worlds_and_outposts_hidden_lodge_needs_no_consent() -> None:
    state = org_campaign()
    c = state.factions[1]
    church = add_org(state, 0, "religious", principle="Order")
    assert run_op(world(state), 0, church, "establish-lodge", OpTarget(system="B", site="outpost")).success
    assert not run_op(world(state), 0, church, "establish-lodge", OpTarget(planet="c1")).success
    hidden = run_op(world(state), 0, church, "establish-hidden-lodge", OpTarget(planet="c1"))
    assert hidden.success and hidden.world.branches[0].kind == "hidden-lodge"
    assert AdherenceChange(planet="c1", principle="Order", delta=1, cap=1) in hidden.effects
    apply_effects(state, hidden)
    assert c.colony("c1").principles["Order"] == 1  # type: ignore[union-attr]


def test_OP_R3_spread_the_word_level_plus_twice_adherence() -> None:
    state = org_campaign()
    a, c = state.factions
    church = add_org(state, 0, "religious", principle="Commerce")
    w = world(state)
    op = start_operation(w, a.id, church.id, "spread-the-word", OpTarget(planet="c1"), 1)
    assert op.adjusted_level == op.base_level + 2 * 2  # Commerce is at 2 on c1
    out = run_op(w, 0, church, "spread-the-word", OpTarget(planet="c1"))
    apply_effects(state, out)
    assert c.colony("c1").principles["Commerce"] == 3  # type: ignore[union-attr]


def test_OP_R4_burn_the_heretics_level_plus_twice_adherence() -> None:
    state = org_campaign()
    a, c = state.factions
    church = add_org(state, 0, "religious", principle="Commerce")
    w = world(state)
    op = start_operation(w, a.id, church.id, "burn-the-heretics", OpTarget(planet="c1", principle="Tradition"), 1)
    assert op.adjusted_level == op.base_level + 2 * 3
    with pytest.raises(IllegalAction, match="no principle"):
        start_operation(w, a.id, church.id, "burn-the-heretics", OpTarget(planet="c1", principle="Nope"), 1)
    out = run_op(w, 0, church, "burn-the-heretics", OpTarget(planet="c1", principle="Curiosity"))
    apply_effects(state, out)
    assert "Curiosity" not in c.colony("c1").principles  # type: ignore[union-attr]


def test_OP_R5_sponsor_colonists_power_times_oc_progress() -> None:
    """Amb#124 (ruling 322): only a colonisation of its own nation under way; Power x OC once."""
    state = org_campaign()
    a = state.factions[0]
    church = add_org(state, 0, "religious", principle="Order", offices=2)
    a.tech.levels["offworld-construction"] = 3
    with pytest.raises(IllegalAction, match="colonisation"):
        start_operation(world(state), a.id, church.id, "sponsor-colonists", OpTarget(planet="e1"), 1)
    out = run_op(world(state, colonisations={(a.id, "e1"): 4}), 0, church, "sponsor-colonists",
                 OpTarget(planet="e1"))
    assert out.effects == (ColonisationProgress(faction=a.id, planet="e1", amount=6, principle="Order"),)


def test_suppressed_branch_still_counts_for_operation_distance_Amb_45() -> None:
    state = org_campaign()
    a = state.factions[0]
    spy = add_org(state, 0, "intelligence")
    orgs, b = found_branch(OrgWorld(), org=spy.id, faction=a.id, org_type="intelligence", kind="fob",
                           site="outpost", system="C", turn=1)
    orgs, _ = suppress(orgs, b.id, 3, 1)
    assert start_operation(world(state, orgs), a.id, spy.id, "military-recon", OpTarget(system="D"), 2).base_level == 1


def test_insurgency_supports_only_illegal_branches_counter_insurgency_only_foreign_ones() -> None:
    """Ruling 325 (Amb#46)."""
    state = org_campaign()
    a = state.factions[0]
    mil = add_org(state, 0, "military")
    trade = add_org(state, 0, "trade")
    orgs, legal = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="branch",
                               site="outpost", system="B", turn=1)
    with pytest.raises(IllegalAction, match="illegal one"):
        start_operation(world(state, orgs), a.id, mil.id, "insurgency", OpTarget(branch=legal.id), 2)
    with pytest.raises(IllegalAction, match="another nation's branch"):
        start_operation(world(state, orgs), a.id, mil.id, "counter-insurgency", OpTarget(branch=legal.id), 2)


def test_hidden_branches_stay_hidden_from_the_host_unless_found() -> None:
    """Issue 15: a safe house on a rival's outpost is in nothing addressed to the host, until its FOB
    finds it; then the host sees it and may remove it (ORG-08, ORG-16, OP-I10)."""
    import msgspec

    from starlanes.games.star_kingdoms.operations import safe_houses_being_established
    from starlanes.games.star_kingdoms.orgs import fob_remove_safe_house, fob_sightings, timer_notices

    state = org_campaign()
    a, c = state.factions
    spy = add_org(state, 0, "intelligence")
    host_spy = add_org(state, 1, "intelligence")
    station = run_op(world(state), 1, add_org(state, 1, "trade"), "establish-trading-station", OpTarget(system="D"))
    pending = start_operation(world(state, station.world), a.id, spy.id, "establish-safe-house",
                              OpTarget(system="D", site="outpost"), 2)
    assert safe_houses_being_established([pending], load_operations()) == (("D", a.id),)
    out = run_op(world(state, station.world), 0, spy, "establish-safe-house", OpTarget(system="D", site="outpost"))
    house = out.world.branches[-1]
    assert house.hidden
    to_host = msgspec.json.encode([r for r in out.reports if r.faction == c.id]).decode()
    assert house.id not in to_host and "safe house" not in to_host
    assert house not in branches_seen_by(out.world, c.id, ["c1"])
    assert all(house.id not in line for who, line in timer_notices(out.world, 3) if who == c.id)
    c.tech.levels["offworld-construction"] = 2  # room for the FOB beside the trading station
    fob = run_op(world(state, out.world), 1, host_spy, "establish-forward-operating-base", OpTarget(system="D"))
    assert fob.success
    orgs = fob.world
    orgs, lines = fob_sightings(orgs, c.id, 3)
    assert any(house.id in line for line in lines)
    assert house.id in {b.id for b in branches_seen_by(orgs, c.id, ["c1"])}
    assert fob_remove_safe_house(orgs, c.id, house.id).branch(house.id) is None


def test_timers_tell_owners_when_suppression_ends_and_support_lapses() -> None:
    from starlanes.games.star_kingdoms.orgs import block_suppression, timer_notices

    state = org_campaign()
    a = state.factions[0]
    trade = add_org(state, 0, "trade")
    orgs, b = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="black-market",
                           site="planet", system="C", planet="c1", turn=1)
    orgs, _ = suppress(orgs, b.id, 2, 3)
    orgs = block_suppression(orgs, b.id, 1, 3)
    assert timer_notices(orgs, 5) == ((a.id, f"the insurgents' support of branch {b.id} has lapsed"),)
    assert timer_notices(orgs, 6) == ((a.id, f"branch {b.id} is no longer suppressed"),)


def test_a_turn_of_operations_end_to_end_defensive_first_effects_and_gm_queue() -> None:
    """Steps 1, 7 and 8 over every organisation (ruling 329): a crackdown completes before a safe house
    founded the same turn, credits move, the GM queue gets the narrative item, reports are dated (Amb#4)."""
    import msgspec

    from starlanes.games.star_kingdoms.operations import complete_operations, progress_operations

    state = org_campaign()
    a, c = state.factions
    spy = add_org(state, 0, "intelligence", offices=2)
    trade = add_org(state, 0, "trade")
    police = add_org(state, 1, "intelligence")
    mil = add_org(state, 1, "military")
    w = world(state)
    started = {
        spy.id: start_operation(w, a.id, spy.id, "establish-safe-house", OpTarget(planet="c1"), 1),
        trade.id: start_operation(w, a.id, trade.id, "transfer-resources", OpTarget(faction=c.id, amount=50), 1),
        police.id: start_operation(w, c.id, police.id, "police-crackdown", OpTarget(planet="c1"), 1),
        mil.id: start_operation(w, c.id, mil.id, "counter-insurgency", OpTarget(narrative="smugglers", planet="c1"),
                                1),
    }
    a.credits -= 50  # the pipeline takes Transfer Resources' credits at step 1 (Amb#48)
    ops = dict(started)
    for org_id in (spy.id, police.id):  # both complete on turn 1
        ops[org_id] = msgspec.structs.replace(started[org_id], progress=started[org_id].target_number)
    orgs = OrgWorld()
    for turn in range(1, 8):
        ops = progress_operations(state, ops)
        ops, orgs, outcomes = complete_operations(world(state, orgs), ops, turn)
        for out in outcomes:
            apply_effects(state, out)
            for item in out.gm:
                state.gm_queue.append(item.gm_item(state.next_gm_item))
                state.next_gm_item += 1
        if not ops:
            break
    assert ops == {}
    house = next(b for b in orgs.branches if b.kind == "safe-house")
    assert not house.suppressed(house.founded)  # the crackdown (defensive) ran first, before it existed
    assert any("smugglers" in item.subject for item in state.gm_queue)
    assert any(f.source == "operation" and "50 credits" in f.text for f in state.knowledge[a.id].facts)
    assert c.credits == 450 + 50


def test_every_operation_refuses_bad_targets_with_a_message_never_a_crash() -> None:
    """Bad input changes nothing and says what is wrong: every operation, every odd target."""
    state = org_campaign()
    a, c = state.factions
    orgs = {t: add_org(state, 0, t, principle="Order" if t == "religious" else "")
            for t in ("science", "trade", "military", "intelligence", "religious")}
    targets = [OpTarget(), OpTarget(planet="nowhere"), OpTarget(system="nowhere"), OpTarget(branch="nope"),
               OpTarget(planet="c1"), OpTarget(system="C"), OpTarget(planet="a1"), OpTarget(faction="nobody"),
               OpTarget(faction=c.id), OpTarget(belt="nope"), OpTarget(anomaly="nope"), OpTarget(wormhole="nope"),
               OpTarget(planet="c1", tech="nope"), OpTarget(planet="c1", principle="nope"),
               OpTarget(planet="b2", site="planet"), OpTarget(system="C", site="outpost"),
               OpTarget(org="x", planet="c1")]
    before = msgspec.json.encode(state)
    for kind in load_operations().kinds.values():
        for t in targets:
            try:
                start_operation(world(state), a.id, orgs[kind.org].id, kind.id, t, 1)
            except IllegalAction as exc:
                assert exc.reason and kind.name in str(exc)
    assert msgspec.json.encode(state) == before
