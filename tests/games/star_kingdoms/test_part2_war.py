"""Part 2 whole turns: the bot at war (bot.war_orders) and the conservation property: units, credits
and planets change across a turn only by the rules that create or destroy them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.star_kingdoms.test_campaign import campaign, run
from tests.games.star_kingdoms.test_part2_movement import CAT, put, relate

from starlanes.games.star_kingdoms.bot import FLEET, war_bot_orders
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey, see_owner


def invaded_campaign(seed: int, players: int = 3, ships: int = 3, troops: int = 2) -> CampaignState:
    """Every nation hostile to every other; each has a fleet (a task group with troops) over its
    neighbour's homeworld, knowing that system."""
    state = campaign(players, seed)
    gi = galaxy_index(state.galaxy)
    for i in range(players):
        for j in range(players):
            if i != j:
                relate(state, i, j, "hostile")
    for i, f in enumerate(state.factions):
        target = state.factions[(i + 1) % players]
        system = gi.planet_system[target.homeworld]
        for n in range(ships):
            put(state, i, "patrol-ship", f"Lance {n + 1}", system, flexible=("ship-weapons",)).task_group = FLEET
        for n in range(troops):
            put(state, i, "security-team", f"Marines {n + 1}", system).task_group = FLEET
        k = passive_survey(state.knowledge[f.id], gi, system, state.turn)
        state.knowledge[f.id] = see_owner(k, gi, target.homeworld, target.id, state.turn)
    return state


def _lost(state: CampaignState, seat: int) -> int:
    r = state.reports[state.factions[seat].id]
    count = 0
    for c in r.combats:
        count += sum(u.fate in ("destroyed", "surrendered") for u in c.sides[c.own_side].units)
    count += sum("destroyed by planetary defences" in a.text and not a.text.startswith("planetary")
                 for a in r.attacks)
    return count


def _check_turn(state: CampaignState, orders: dict[int, str]) -> None:
    gi = galaxy_index(state.galaxy)
    planets = sorted(c.planet for f in state.factions for c in f.colonies)
    before = {f.id: {u.id for u in f.units} for f in state.factions}
    credits = {f.id: f.credits for f in state.factions}
    turn = state.turn
    run(state, orders)
    assert sorted(c.planet for f in state.factions for c in f.colonies) == planets  # captures move, never make
    for seat, f in enumerate(state.factions):
        r = state.reports[f.id]
        assert r.ledger.opening == credits[f.id] and r.ledger.closing == f.credits >= 0
        after = {u.id for u in f.units}
        new = {u.id for u in f.units if u.built == turn}
        gone = before[f.id] - after
        assert after - before[f.id] == new  # units appear only from completed projects
        assert len(gone) == _lost(state, seat)  # and vanish only in battle or to planetary defences
        for u in f.units:
            assert not u.move_to and u.system in gi.systems
            assert not u.planet or gi.planet_system[u.planet] == u.system
            assert u.damage >= 0


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**16))
def test_property_units_credits_planets_are_conserved_except_by_the_rules(seed: int) -> None:
    state = invaded_campaign(seed)
    for _ in range(3):
        orders = {i: war_bot_orders(state, i, catalogue=CAT) for i in range(len(state.factions))}
        _check_turn(state, orders)


def test_bot_at_war_bombards_and_lands_and_its_orders_are_always_accepted() -> None:
    state = invaded_campaign(5)
    texts = {i: war_bot_orders(state, i, catalogue=CAT) for i in range(3)}
    for i, text in texts.items():
        assert all(res.accepted for res in check_orders(state, i, text))
    assert all("bombard" in t for t in texts.values()) and all("land " in t for t in texts.values())
    run(state, texts)
    assert any(r.attacks for r in state.reports.values())


def test_bot_builds_a_fleet_and_declares_a_known_weak_neighbour_hostile() -> None:
    state = campaign(2, 3)
    relate(state, 0, 1, "wary", "wary")
    for n in range(4):
        put(state, 0, "patrol-ship", f"Lance {n + 1}", "WRQ")
    text = war_bot_orders(state, 0, catalogue=CAT)
    assert "build ship patrol ship" in text.casefold()
    run(state, {0: text})
    assert state.factions[0].relationships[state.factions[1].id] == "hostile"


def test_MISC_03_a_turn_of_war_is_reproducible_from_the_seed_and_the_orders() -> None:
    import msgspec

    runs = []
    for _ in range(2):
        state = invaded_campaign(11)
        for _turn in range(2):
            run(state, {i: war_bot_orders(state, i, catalogue=CAT) for i in range(3)})
        runs.append(msgspec.json.encode(state))
    assert runs[0] == runs[1]


def test_a_campaign_file_written_before_part_2_still_loads() -> None:
    """Every part 2 field has a default (campaign.py, report.py): a part 1 file decodes."""
    import json

    import msgspec

    from starlanes.games.star_kingdoms.campaign import CampaignState

    state = campaign(2)
    run(state)
    data = json.loads(msgspec.json.encode(state))
    for key in ("stabilisers", "wrecks"):
        data.pop(key)
    for f in data["factions"]:
        for key in ("standing", "prisoners", "ground_rounds", "constructions", "remote_sensors"):
            f.pop(key)
        for u in f["units"]:
            for key in ("shields_damage", "move_to", "moved", "last_wormhole", "retreat_route", "task_group",
                        "mission", "avoiding", "carried_by"):
                u.pop(key)
        for c in f["colonies"]:
            for key in ("militia", "ground_determination", "ground_fighters", "bombarded_turn"):
                c.pop(key)
    for r in data["reports"].values():
        for key in ("movements", "combats", "attacks", "sightings"):
            r.pop(key, None)
    back = msgspec.json.decode(json.dumps(data).encode(), type=CampaignState)
    assert back.wrecks == [] and back.factions[0].units[0].mission == "" and back.factions[0].standing == []
    run(back)  # and plays on
