"""The GM's seat (gm.py): decisions the rules leave to the GM, recorded and shown; the GM queue."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import campaign, faction, home, hw, report, run
from tests.games.star_kingdoms.test_knowledge_fixtures import FORM_TOML

from starlanes.core.errors import IllegalAction, NotYourTurn
from starlanes.core.state import GM
from starlanes.games.star_kingdoms.campaign import CampaignParams, Trait
from starlanes.games.star_kingdoms.creation import add_nation, parse_form
from starlanes.games.star_kingdoms.galaxygen import generate_galaxy
from starlanes.games.star_kingdoms.game import SubmitOrders, make_ruleset, new_campaign
from starlanes.games.star_kingdoms.gm import gm_queue, gm_why_not


def test_PROJ_A3_MISC_02_analyse_level_set_by_the_gm_paid_next_turn_and_findings_in_the_sheet() -> None:
    game = make_ruleset()
    state = campaign()
    name = hw(state)
    run(state, {0: f"analyse the derelict on {name}\n"})
    (item,) = [i for i in state.gm_queue if not i.decided]
    assert item.kind == "analyse-level" and item.blocking and "the derelict" in item.subject
    assert report(state).projects[0].status == "waiting-gm"
    assert home(state).projects["academic"].progress == 0
    with pytest.raises(IllegalAction, match="decided with analyse-level ITEM LEVEL"):
        game.apply(state, GM, f"answer {item.id} \"x\"")
    game.apply(state, GM, f"analyse-level {item.id} 2")
    credits = faction(state).credits
    run(state)
    r = report(state)
    assert r.ledger.entries[0].amount == 200 and "Analyse" in r.ledger.entries[0].label
    assert any("level 2" in note.text for note in r.gm_notes)
    assert faction(state).credits == credits - 200 + r.economy.income  # type: ignore[union-attr]
    run(state)
    (result,) = [i for i in state.gm_queue if not i.decided]
    assert result.kind == "analyse-result"
    game.apply(state, GM, f'answer {result.id} "a pre-FTL probe, centuries old"')
    run(state)
    assert any("centuries old" in note.text for note in report(state).gm_notes)
    assert "centuries old" in state.log[-1]


def test_PROJ_A3_trait_halves_analyse_and_rushes_it_for_free() -> None:
    game = make_ruleset()
    state = campaign()
    faction(state).traits = [Trait(name="Scholars", category="people")]
    game.apply(state, GM, "trait zabanian-empire Scholars cost=analyse:50 auto_rush=analyse:1")
    run(state, {0: f"analyse ruins on {hw(state)}\n"})
    item = next(i for i in state.gm_queue if i.kind == "analyse-level")
    game.apply(state, GM, f"analyse-level {item.id} 2")
    run(state)
    assert report(state).ledger.entries[0].amount == 100
    assert home(state).projects["academic"].progress == 2 + 1
    assert any("free rush" in n.text for n in report(state).notices)


def test_PROJ_10_TECH_08_gm_permits_level_6() -> None:
    game = make_ruleset()
    state = campaign()
    f = faction(state)
    f.tech = f.tech.__class__(levels={**f.tech.levels, "sensors": 5}, known=f.tech.known)
    f.credits = 5000
    text = f"research sensors on {hw(state)}\n"
    game.apply(state, GM, "permit zabanian-empire Sensors 6")
    assert f.permitted("sensors", 6)
    run(state, {0: text})
    assert home(state).projects["academic"].level == 6 and home(state).projects["academic"].target == 36


def test_MISC_01_overrides_are_logged_and_shown() -> None:
    game = make_ruleset()
    state = campaign()
    name = hw(state)
    for action in ("credits zabanian-empire -50 \"a fire in the treasury\"",
                   f"district zabanian-empire \"{name}\" military 3 reason=\"a garrison\"",
                   "grant zabanian-empire sensors",
                   f"devastation zabanian-empire \"{name}\" 2",
                   "note zabanian-empire \"A comet is seen\""):
        game.apply(state, GM, action)
    assert faction(state).credits == 400 and home(state).districts.military == 3
    assert faction(state).tech.level("sensors") == 2 and home(state).devastation == 2
    assert len(state.log) == 5
    run(state)
    notes = [n.text for n in report(state).gm_notes]
    assert len(notes) == 5 and "A comet is seen" in notes and any("fire" in n for n in notes)
    assert report(state, 1).gm_notes == ()


def test_gm_actions_refused_with_reasons() -> None:
    state = campaign()
    game = make_ruleset()
    why = game.why_not
    assert "unknown nation" in (why(state, GM, game.gm_codec.parse("note nobody hi")) or "")
    assert "no open GM item" in (why(state, GM, game.gm_codec.parse("answer 9 hi")) or "")
    assert "cannot lose" in (why(state, GM, game.gm_codec.parse("credits zabanian-empire -999 why")) or "")
    assert "awaits no approval" in (why(state, GM, game.gm_codec.parse("approve zabanian-empire")) or "")
    assert gm_why_not(state, game.gm_codec.parse("trait zabanian-empire Nope")) is not None
    with pytest.raises(IllegalAction):
        game.apply(state, 0, "note zabanian-empire hi")


def test_meet_lets_nations_set_relationships() -> None:
    game = make_ruleset()
    state = campaign()
    a, b = state.factions
    game.apply(state, GM, f"meet {a.id} {b.id}")
    assert b.id in a.known_factions and a.id in b.known_factions
    assert b.id in state.knowledge[a.id].factions
    run(state, {0: f"relationship with {b.name} is friendly\n"})
    assert faction(state).relationships == {b.id: "friendly"}


def test_new_nation_waits_for_approval_and_the_queue_says_so() -> None:
    game = make_ruleset()
    state = new_campaign(CampaignParams(), 2, 3, galaxy=generate_galaxy(3, 3))
    form = parse_form(FORM_TOML)
    free = next(p for p in state.galaxy.homeworlds() if p.id not in {f.homeworld for f in state.factions})
    add_nation(state, msgspec.structs.replace(form, name="Late Comers", homeworld=free.name))
    state.players = len(state.factions)
    newcomer = state.factions[-1]
    queue = gm_queue(state)
    assert queue[0].kind == "approve-nation" and queue[0].blocking
    assert [q.nation for q in queue if q.kind == "orders"] == [f.id for f in state.factions[:2]]
    assert game.decision(state).actors == (0, 1)  # type: ignore[union-attr]
    with pytest.raises(NotYourTurn):
        game.apply(state, 2, SubmitOrders(state.turn, newcomer.id))
    game.apply(state, GM, f"approve {newcomer.id}")
    assert game.decision(state).actors == (0, 1, 2)  # type: ignore[union-attr]
    game.apply(state, 0, SubmitOrders(state.turn, state.factions[0].id))
    assert [q.nation for q in gm_queue(state, (0,)) if q.kind == "orders"] == [state.factions[1].id, newcomer.id]


def test_analyse_due_is_paid_before_the_orders_so_the_check_agrees_with_the_turn() -> None:
    game = make_ruleset()
    state = campaign()
    run(state, {0: f"analyse the ruins on {hw(state)}\n"})
    item = next(i for i in state.gm_queue if i.kind == "analyse-level")
    game.apply(state, GM, f"analyse-level {item.id} 3")  # 450 credits due
    faction(state).credits = 500
    from starlanes.games.star_kingdoms.execute import check_orders

    (line,) = check_orders(state, 0, f"build shipyard district on {hw(state)}\n")
    assert not line.accepted and "you have 50 left" in line.reason


def test_TECH_04_gm_awards_science_points_and_the_sheet_adds_up() -> None:
    game = make_ruleset()
    state = campaign()
    game.apply(state, GM, 'science zabanian-empire physics 20 "the beacon\'s findings"')
    assert faction(state).tech.sp.physics == 20
    with pytest.raises(IllegalAction, match="unknown field"):
        game.apply(state, GM, 'science zabanian-empire chemistry 5 "x"')
    run(state, {0: "breakthrough sensors\n"})
    assert faction(state).tech.level("sensors") == 2
    r = report(state)
    offices = sum(c.amount for c in r.science.changes if c.field == "physics" and "organisations" in c.label)
    assert r.science.opening.physics == 20 and r.science.closing.physics == offices  # + its Science office, ORG-11
    assert any("20 physics science points" in n.text for n in r.gm_notes)
