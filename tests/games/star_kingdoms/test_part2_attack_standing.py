"""Attack orders against a unit or a planet (O81, ruling 272) and standing orders' contest
directives (O03, REL-05, REL-08, ruling 273); REL-09 (no treaty mechanics, ruling 274)."""

from __future__ import annotations

from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import put, relate, verdicts

from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.knowledge import passive_survey

SHIPS = ("Kite", "Hawk", "Shrike", "Falcon")


def _at_their_home(order: str = "") -> tuple[CampaignState, str, bool]:
    """Seat 0's four warships in seat 1's home system, both nations Wary of each other (no engage
    order): nothing happens unless an order says so."""
    state = campaign()
    relate(state, 0, 1, "wary", "wary")
    f1 = state.factions[1]
    gi = galaxy_index(state.galaxy)
    system = gi.planet_system[f1.homeworld]
    for name in SHIPS:
        put(state, 0, "patrol-ship", name, system, flexible=("ship-weapons",))
    f0 = state.factions[0]
    state.knowledge[f0.id] = passive_survey(state.knowledge[f0.id], gi, system, state.turn)
    hw = gi.planets[f1.homeworld].name
    run(state, {0: order.format(hw=hw, them=f1.name)} if order else {})
    return state, hw, bool(report(state, 0).combats)


def test_O81_ruling_272_attack_a_planet_fights_the_forces_guarding_it() -> None:
    assert not _at_their_home()[2]
    state, hw, fought = _at_their_home('attack planet "{hw}" with Kite, Hawk, Shrike, Falcon\n')
    (c,) = report(state, 0).combats
    assert fought and c.sides[1 - c.own_side].factions == (state.factions[1].name,)
    assert all(u.mission == "" for u in state.factions[0].units)  # this turn's only


def test_O81_ruling_272_attack_planet_refusals() -> None:
    state, hw, _ = _at_their_home()
    (ok, why), = verdicts(state, "attack planet WRQ I with Kite\n")
    assert not ok and "not in" in why
    own = galaxy_index(state.galaxy).planets[state.factions[0].homeworld].name
    put(state, 0, "patrol-ship", "Home Guard", "WRQ")
    (ok, why), = verdicts(state, f'attack planet "{own}" with Home Guard\n')
    assert not ok and "your own" in why
    state.factions[0].relationships[state.factions[1].id] = "neutral"
    (ok, why), = verdicts(state, f'attack planet "{hw}" with Kite\n')
    assert not ok and "REL-04" in why


def _freighter(true_class: str, order: str) -> bool:
    state = campaign()
    relate(state, 0, 1, "wary", "wary")
    for name in SHIPS:
        put(state, 0, "patrol-ship", name, "BXL", flexible=("ship-weapons",))
    put(state, 1, true_class, "Wolf", "BXL")
    run(state, {0: order.format(them=state.factions[1].name)})
    return bool(report(state, 0).combats)


def test_O81_ruling_272_attack_a_unit_class_fights_only_when_one_is_seen() -> None:
    attack = "attack unit {cls} of {{them}} with Kite, Hawk, Shrike, Falcon\n"
    assert _freighter("heavy-freighter", attack.format(cls="Heavy Freighter"))
    assert not _freighter("heavy-freighter", attack.format(cls="Patrol Ship"))
    # a Q-Ship is seen as a Heavy Freighter (VIS-06): attacking Q-Ships finds none, Heavy Freighters finds it
    assert not _freighter("q-ship", attack.format(cls="Q-Ship"))
    assert _freighter("q-ship", attack.format(cls="Heavy Freighter"))
