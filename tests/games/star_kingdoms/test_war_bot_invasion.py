"""The war bot takes a weak hostile neighbour's world (issue 14 item 9: "attacks a weak neighbour it is
hostile to"), learns nebulae it was turned back from (ruling 290) and drafts no line the checker
refuses over a short campaign (PROJ-02).

Why 12-nation war-bot campaigns never saw a capture: every nation holds only its homeworld (the
bots found no colony), and a homeworld changes hands only by the GM's word (ruling 207,
``capture_homeworlds`` off), so the bot now aims first at a world a won ground war takes."""

from __future__ import annotations

import pytest
from tests.games.star_kingdoms.test_campaign import campaign, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, set_system

from starlanes.games.star_kingdoms import bot
from starlanes.games.star_kingdoms.bot import FLEET, war_bot_orders
from starlanes.games.star_kingdoms.campaign import CampaignState, Colony
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.knowledge import learn_nebula, learn_wormhole, passive_survey, see_owner
from starlanes.games.star_kingdoms.report import OrderResult

COLONY = "bxl-1"
"""Seat 1's small second world, one jump from seat 0's home (WRQ -> BXL)."""


def _refusals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line any check in bot.py refuses from now on (the war bot's drafts included)."""
    refused: list[str] = []
    real = check_orders

    def recording(state: CampaignState, seat: int, text: str, catalogue: object = None) -> list[OrderResult]:
        results = real(state, seat, text, catalogue)  # type: ignore[arg-type]
        refused.extend(f"seat {seat} turn {state.turn}: {res.text}: {res.reason}" for res in results
                       if not res.accepted)
        return results

    monkeypatch.setattr(bot, "check_orders", recording)
    return refused


def prepared(**params: object) -> CampaignState:
    """Seat 0 is hostile to seat 1 and has four armed ships and four trained Security Teams at home;
    seat 1 holds a one-district colony next door (BXL I, one militia, no guard, no ship) and its
    homeworld far away; seat 0 has seen both worlds' owner."""
    state = campaign(2, 3, **params)
    gi = galaxy_index(state.galaxy)
    f0, f1 = state.factions
    relate(state, 0, 1, "hostile", "hostile")
    f1.colonies.append(Colony(planet=COLONY, districts=Districts(industrial=1)))
    for n in range(4):
        put(state, 0, "patrol-ship", f"Lance {n + 1}", HOME, flexible=("ship-weapons",))
        put(state, 0, "security-team", f"Marines {n + 1}", HOME).built = 1
    k = passive_survey(state.knowledge[f0.id], gi, "BXL", 0)
    k = see_owner(see_owner(k, gi, COLONY, f1.id, 0), gi, f1.homeworld, f1.id, 0)
    state.knowledge[f0.id] = k
    return state


def test_GRND_11_INV_02_the_war_bot_invades_and_takes_a_weak_hostile_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its fleet and troops sail together, bombard, land once Uncontested in orbit and win the ground
    war: the colony is captured (ruling 207) within four turns, every line drafted accepted."""
    refused = _refusals(monkeypatch)
    state = prepared()
    f0, f1 = state.factions
    docs: list[str] = []
    for _ in range(4):
        docs.append(war_bot_orders(state, 0, catalogue=CAT))
        run(state, {0: docs[-1]})
        if f0.colony(COLONY) is not None:
            break
    text = "".join(docs)
    assert f"as {FLEET}\nmove group {FLEET} to BXL\n" in text  # troops and warships sail as one
    assert "land Marines 1, Marines 2, Marines 3, Marines 4 on BXL I" in text
    assert "bombard BXL I with" in text
    assert f0.colony(COLONY) is not None and f1.colony(COLONY) is None
    attacks = "\n".join(a.text for a in state.reports[f0.id].attacks)
    assert "BXL I is captured from" in attacks
    assert refused == []


def test_Amb75_the_war_bot_aims_at_a_world_it_can_take_before_a_nearer_homeworld() -> None:
    """Ruling 207: a won ground war on a homeworld only asks the GM, so a farther world that can be
    taken comes first; with ``capture_homeworlds`` on, the nearer homeworld does."""
    for flag in (False, True):
        state = prepared(capture_homeworlds=flag)
        f0, f1 = state.factions
        gi = galaxy_index(state.galaxy)
        k = state.knowledge[f0.id]
        for hole in sorted(gi.wormholes):
            k = learn_wormhole(k, gi, hole, 0)
        state.knowledge[f0.id] = k
        back = bot._routes(state, 0, HOME, blind=True)
        far = max((s for s in back if gi.systems[s].planets), key=lambda s: (bot._hops(back, s), s))
        assert bot._hops(back, far) > bot._hops(back, "BXL") == 1
        planet = gi.systems[far].planets[0].id
        f1.colonies.append(Colony(planet=planet, districts=Districts(industrial=1)))
        f1.homeworld = COLONY  # seat 1's homeworld, as far as the ranking goes, is the near world
        state.knowledge[f0.id] = see_owner(state.knowledge[f0.id], gi, planet, f1.id, 0)
        targets = [p for _, p in bot._targets(state, 0, [f1.id])]
        assert targets[0] == (COLONY if flag else planet)
        assert (targets.index(COLONY) < targets.index(planet)) is flag


def test_SYS_09_a_ship_turned_back_from_a_nebula_charts_it_as_a_nebula_and_nothing_more() -> None:
    """Ruling 290: the nation learns the system is a nebula (no survey, no planet), once turned back."""
    state = campaign(2, 3)
    set_system(state, "BRT", nebula=True)
    f0 = state.factions[0]
    probe = next(u for u in f0.units if u.class_id == "survey-probe")
    before = state.knowledge[f0.id].systems.get("BRT")
    assert before is None or before.nebula is None
    run(state, {0: f"move {probe.name} to BRT\n"})
    line = next(m for m in state.reports[f0.id].movements if m.unit == probe.name)
    assert not line.moved and line.reason.startswith("turned back")
    facts = state.knowledge[f0.id].systems["BRT"]
    assert facts.nebula is True and facts.surveyed is None and "passive" not in facts.surveys
    assert not any(p.system == "BRT" for p in state.knowledge[f0.id].planets.values())
    assert probe.system == HOME


def test_SYS_09_learn_nebula_refuses_a_system_that_is_no_nebula() -> None:
    state = campaign(2, 3)
    gi = galaxy_index(state.galaxy)
    k = state.knowledge[state.factions[0].id]
    with pytest.raises(ValueError, match="BXL is not a nebula"):
        learn_nebula(k, gi, "BXL", 1)


def test_PROJ_02_a_short_war_bot_campaign_drafts_no_refused_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three war bots for twelve turns (every economic survey-probe turn included): no check in
    bot.py refuses a line of theirs."""
    refused = _refusals(monkeypatch)
    state = campaign(3, 8)
    for _ in range(12):
        run(state, {seat: war_bot_orders(state, seat, catalogue=CAT) for seat in range(3)})
    assert refused == []
    assert all(any(u.class_id == "patrol-ship" and u.built for u in f.units) for f in state.factions)


def test_GRND_11_COL_01_a_seeded_war_bot_campaign_founds_colonies_and_captures_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three war bots (seed 3): they settle worlds next door (COL-01), turn on a neighbour whose world
    their fleet can reach, and one of them takes a colony by invasion (ruling 207) by turn 30; no
    line they draft is refused on the way."""
    refused = _refusals(monkeypatch)
    state = campaign(3, 3, turns=40)
    homeworlds = {f.homeworld for f in state.factions}
    captured: list[str] = []
    while not captured and state.turn <= 30:
        before = {c.planet: f.id for f in state.factions for c in f.colonies}
        run(state, {seat: war_bot_orders(state, seat, catalogue=CAT) for seat in range(3)})
        after = {c.planet: f.id for f in state.factions for c in f.colonies}
        captured = [p for p, owner in before.items() if after.get(p, owner) != owner]
    assert captured and not set(captured) & homeworlds
    winner = next(f for f in state.factions if f.colony(captured[0]) is not None)
    assert any("is captured from" in a.text for a in state.reports[winner.id].attacks)
    assert sum(len(f.colonies) for f in state.factions) > len(state.factions)  # colonies were founded
    assert refused == []
