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
    state, _, fought = _at_their_home('attack planet "{hw}" with Kite, Hawk, Shrike, Falcon\n')
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


# --- contest directives (O03, REL-02, REL-03, REL-05, REL-08, ruling 273) ---------------------------


def _contests(ab: str, orders: str = "", *, system: str = "BXL", scarce: bool = False) -> bool:
    from starlanes.games.star_kingdoms.engagement import contests

    state = campaign()
    relate(state, 0, 1, ab, "wary")  # type: ignore[arg-type]
    if orders:
        run(state, {0: orders.format(them=state.factions[1].name)})
        assert all(o.accepted for o in report(state, 0).orders), report(state, 0).orders
    f0, f1 = state.factions
    return contests(state, f0, f1, system, scarce=scarce)


def test_REL_02_REL_03_ruling_273_the_contest_column_and_its_specific_orders() -> None:
    assert not _contests("allied") and not _contests("allied", "contest {them}\n")  # fixed no (REL-04)
    assert _contests("wary") and _contests("wary", "do not contest {them}\n")  # fixed yes
    assert _contests("hostile", "do not contest all hostile\n")
    assert _contests("neutral")  # checked cell, no order: contest (REL-03)
    assert not _contests("neutral", "do not contest {them}\n")
    assert not _contests("neutral", "do not contest all neutral\n")
    assert _contests("neutral", "do not contest all neutral\ncontest {them}\n")  # the named nation first
    assert not _contests("friendly") and not _contests("friendly", "contest {them}\n")
    assert _contests("friendly", scarce=True)  # a scarce resource: checked, default yes
    assert not _contests("friendly", "do not contest all friendly\n", scarce=True)


def test_REL_05_ruling_273_contest_directives_scoped_to_own_or_alien_space() -> None:
    """The Zabania example: 'ALIEN SPACE: do not contest friendlies or neutrals'."""
    alien = "do not contest all neutral in alien space\n"
    assert not _contests("neutral", alien, system="BXL")
    assert _contests("neutral", alien, system="WRQ")  # seat 0's home system is its own space


def test_O03_contest_directives_are_written_back_and_replace_only_their_own_kind() -> None:
    state = campaign()
    relate(state, 0, 1, "neutral", "wary")
    them = state.factions[1].name
    (ok, why), = verdicts(state, f"do not contest {them}\n")
    assert ok and why == f"do not contest {them}"
    (ok, why), = verdicts(state, "contest all wary\n")
    assert ok and "only Neutral relationships" in why
    run(state, {0: f"engage {them}\ndo not contest {them}\ncontest {them}\n"})
    got = sorted((s.directive, s.engage) for s in state.factions[0].standing)
    assert got == [("contest", True), ("engage", True)]


def test_REL_08_when_nations_meet_each_sides_standing_orders_decide_combat_and_contest() -> None:
    from starlanes.games.star_kingdoms.engagement import contests

    state = campaign()
    relate(state, 0, 1, "wary", "neutral")
    for name in SHIPS:
        put(state, 0, "patrol-ship", name, "BXL", flexible=("ship-weapons",))
    put(state, 1, "patrol-ship", "Lone", "BXL")
    f0, f1 = state.factions
    run(state, {0: f"do not engage {f1.name}\n", 1: f"do not contest {f0.name}\n"})
    assert not report(state, 0).combats and not contests(state, f1, f0, "BXL")
    assert contests(state, f0, f1, "BXL")  # Wary: a fixed yes
    run(state, {0: f"engage {f1.name}\n"})
    assert report(state, 0).combats  # seat 0's order now starts the fight


def test_REL_09_Amb112_agreements_are_free_text_recorded_not_enforced() -> None:
    """A 'non-aggression pact' written to the GM is recorded in the GM queue and changes nothing:
    the nations' relationships still decide, and a Hostile one still fights."""
    state = campaign()
    relate(state, 0, 1, "hostile", "hostile")
    f0, f1 = state.factions
    for name in SHIPS:
        put(state, 0, "patrol-ship", name, "BXL", flexible=("ship-weapons",))
    put(state, 1, "patrol-ship", "Lone", "BXL")
    pact = f"gm request non-aggression pact with {f1.name}: neither fleet fires"
    run(state, {0: pact + "\n", 1: f"gm request non-aggression pact with {f0.name}: neither fleet fires\n"})
    assert any("non-aggression pact" in i.subject for i in state.gm_queue if i.faction == f0.id)
    assert f0.relationships[f1.id] == "hostile" and not f0.standing
    assert report(state, 0).combats and report(state, 1).combats
