"""Operations and organisations rules closed by the part 3 audit (inventory 2.9, 2.10; rulings 315,
317, 324, 326, 308): contested operations in the real turn, Share Technology's level fixed at the
start, Study Anomaly without Uncontested, exhausted belts, outposts whose owner's level falls."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_operations import run_op, world
from tests.games.star_kingdoms.test_orgs import _facts, add_org, org_campaign
from tests.games.star_kingdoms.test_part2_movement import put

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.operations import (
    AnomalyProgress,
    OpTarget,
    OrgsState,
    advance_operation,
    apply_effects,
    resolve_operation,
    start_operation,
)
from starlanes.games.star_kingdoms.orgs import OrgParams, OrgWorld, branch_problem, found_branch
from starlanes.games.star_kingdoms.pipeline import process_turn


def test_Amb36_OP_S4_OP_S1_the_turn_finds_operations_contested_by_foreign_warships() -> None:
    """Amb#36 (ruling 317): in the real turn, a Wary nation's warship in the target system contests
    the operation: Study Planet waits (OP-S4), Survey System gives passive data only (OP-S1); once
    the warship leaves, Study Planet completes."""
    state = org_campaign()
    a = state.factions[0]
    student, surveyor = add_org(state, 0, "science"), add_org(state, 0, "science")
    w = world(state)
    study = start_operation(w, a.id, student.id, "study-planet", OpTarget(planet="b1"), 1)
    survey = start_operation(w, a.id, surveyor.id, "survey-system", OpTarget(system="B"), 1)
    state.organisations = OrgsState(operations={student.id: study, surveyor.id: survey})
    warship = put(state, 1, "patrol-ship", "Picket", "B")
    for _ in range(4):  # Study Planet: level 1 + 0, target 1; Survey System: level 1 + 0, target 1
        if surveyor.id not in state.organisations.operations:
            break
        process_turn(state, {})
    k = state.knowledge[a.id]
    assert surveyor.id not in state.organisations.operations
    assert k.systems["B"].surveys.get("active") is None and "passive" in k.systems["B"].surveys
    assert student.id in state.organisations.operations  # waiting, ready, nothing lost
    waiting = state.organisations.operations[student.id]
    assert waiting.progress >= waiting.target_number
    assert k.planets.get("b1") is None or k.planets["b1"].inhabitants != "natives"
    from starlanes.games.star_kingdoms.sheets import render_sheet

    assert "ready: waits until you are Uncontested in Beta" in render_sheet(state, a.id)
    state.factions[1].units.remove(warship)
    process_turn(state, {})
    assert student.id not in state.organisations.operations
    assert state.knowledge[a.id].planets["b1"].inhabitants == "natives"


def test_OP_S6_Amb47_the_level_shared_is_fixed_at_the_start() -> None:
    """Ruling 315: X is fixed when the operation starts; a recipient who reached that level meanwhile
    gets nothing (the operation fails) rather than a higher level than the one paid for."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    a, c = state.factions
    a.tech.levels["sensors"] = 4
    c.tech.levels["sensors"] = 1
    w = world(state)
    op = start_operation(w, a.id, org.id, "share-technology", OpTarget(planet="c1", tech="sensors"), 1)
    assert op.adjusted_level - op.base_level == 1  # Sensors 2
    for _ in range(op.target_number):
        op = advance_operation(op, org.power)
    c.tech.levels["sensors"] = 2  # researched it meanwhile
    out = resolve_operation(w, op, 3)
    assert not out.success and out.effects == ()
    assert "Sensors 2 is nothing new" in "\n".join(r.text for r in out.reports)
    c.tech.levels["sensors"] = 1
    assert resolve_operation(w, op, 3).success


def test_OP_S3_Amb125_study_anomaly_needs_no_uncontested() -> None:
    """Amb#125 (ruling 324): Power x current Sensors, once at completion, even contested."""
    state = org_campaign()
    org = add_org(state, 0, "science", offices=2)
    a = state.factions[0]
    a.tech.levels["sensors"] = 2
    out = run_op(world(state, contested=frozenset({(a.id, "D")})), 0, org, "study-anomaly",
                 OpTarget(anomaly="d-anom"))
    assert not out.waiting and out.effects == (AnomalyProgress(faction=a.id, anomaly="d-anom", amount=4),)


def test_OP_T6_Amb49_an_exhausted_belt_cannot_be_targeted() -> None:
    """Amb#49 (ruling 326): the belt falls to 0 and no further expedition can start there."""
    state = org_campaign()
    org = add_org(state, 0, "trade")
    belt = state.galaxy.systems[1].belts[0]
    system = msgspec.structs.replace(state.galaxy.systems[1], belts=(msgspec.structs.replace(belt, mineral_rating=1),))
    state.galaxy = msgspec.structs.replace(state.galaxy, systems=(state.galaxy.systems[0], system,
                                                                  *state.galaxy.systems[2:]))
    out = run_op(world(state), 0, org, "send-asteroid-mining-expedition", OpTarget(belt="b-belt"))
    apply_effects(state, out)
    assert state.galaxy.systems[1].belts[0].mineral_rating == 0
    with pytest.raises(IllegalAction, match="exhausted"):
        start_operation(world(state), state.factions[0].id, org.id, "send-asteroid-mining-expedition",
                        OpTarget(belt="b-belt"), 2)


def test_ORG_10_Amb42_branches_stay_when_the_outpost_owners_level_falls() -> None:
    """Amb#42 (ruling 308): the founder owns the outpost; room follows the owner's current Offworld
    Construction, and branches already there stay when it falls (only new ones are refused)."""
    state = org_campaign()
    a = state.factions[0]
    a.tech.levels["offworld-construction"] = 2
    one, two, three = (add_org(state, 0, t) for t in ("trade", "science", "military"))
    w = OrgWorld()
    for org in (one, two):
        w, _ = found_branch(w, org=org.id, faction=a.id, org_type=org.type, kind="branch", site="outpost",
                            system="B", turn=1)
    a.tech.levels["offworld-construction"] = 1
    assert len(w.branches) == 2 and w.outpost("B").owner == a.id  # type: ignore[union-attr]
    assert "no room" in (branch_problem(w, org=three.id, faction=a.id, org_type="military", kind="branch",
                                        site="outpost", facts=_facts(state, w, system="B"), params=OrgParams())
                         or "")


def test_OP_S5_ORG_12_a_research_base_names_its_field() -> None:
    """OP-S5: the field of its science points is chosen when the operation starts (refused without
    one); on a world with no Space Age people the points go to Xenology whatever was named (ruling
    340)."""
    state = org_campaign()
    org = add_org(state, 0, "science")
    a = state.factions[0]
    with pytest.raises(IllegalAction, match="choose the field"):
        start_operation(world(state), a.id, org.id, "establish-research-base", OpTarget(planet="c1"), 1)
    out = run_op(world(state, npc_consent={(a.id, "b1"): True}), 0, org, "establish-research-base",
                 OpTarget(planet="b1", field="engineering"))
    assert out.world.branches[0].field == "xenology"
    assert "its science points: xenology" in "\n".join(r.text for r in out.reports)
