"""What a nation sees of foreign units beyond ruling 211: nebulae hide from blind eyes (S5.4,
ruling 276) and disguises hold until seen through (VIS-06, ruling 277); knowledge.py.  The leak
tests here extend tests/games/star_kingdoms/test_sheet_leak.py to these parts of the knowledge
model: what a nation cannot see changes nothing in its sheet, knowledge or report."""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, set_system, set_wormhole, verdicts

from starlanes.games.star_kingdoms.campaign import CampaignState, FittedModule
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.knowledge import blind_in_nebula, eyes, foreign_units_seen
from starlanes.games.star_kingdoms.sheets import render_sheet


def _seat0(state: CampaignState) -> tuple[object, ...]:
    f0 = state.factions[0]
    return (render_sheet(state, f0.id), render_sheet(state, f0.id, "html"), msgspec.json.encode(state.knowledge[f0.id]),
            msgspec.json.encode(report(state, 0)), tuple(f0.known_factions))


def _blind_watch(nebula: bool, fleet: bool, **params: object) -> CampaignState:
    """Seat 0's patrol ship sits in BXL (a nebula or not); seat 1 (Neutral both ways) may have a fleet
    there."""
    state = campaign(**params)
    if nebula:
        set_system(state, "BXL", nebula=True)
    relate(state, 0, 1, "neutral", "neutral")
    state.factions[0].known_factions.clear()
    state.factions[1].known_factions.clear()
    put(state, 0, "patrol-ship", "Watcher", "BXL")
    if fleet:
        for name in ("Kite", "Hawk"):
            put(state, 1, "patrol-ship", name, "BXL")
        put(state, 1, "q-ship", "Wolf", "BXL")
    run(state)
    return state


def test_VIS_07_ruling_276_a_fleet_in_a_nebula_changes_nothing_for_blind_eyes() -> None:
    assert _seat0(_blind_watch(True, False)) == _seat0(_blind_watch(True, True))
    # the control: out of a nebula the same ship sees the fleet (and its nation meets seat 1's)
    seen = _blind_watch(False, True)
    assert _seat0(_blind_watch(False, False)) != _seat0(seen)
    assert {(s.system, s.label, s.count) for s in report(seen, 0).sightings} == {
        ("BXL", "Patrol Ship", 2), ("BXL", "Heavy Freighter", 1)}


def test_ruling_276_param_nebula_blinds_off_a_nebula_hides_nothing() -> None:
    seen = _blind_watch(True, True, nebula_blinds=False)
    assert {s.label for s in report(seen, 0).sightings} == {"Patrol Ship", "Heavy Freighter"}


def test_S5_4_ruling_276_nebula_sensors_and_colonies_see_in_a_nebula() -> None:
    state = campaign()
    set_system(state, "BXL", nebula=True)
    gi = galaxy_index(state.galaxy)
    blind = put(state, 0, "patrol-ship", "Watcher", "BXL")
    seer = put(state, 0, "survey-probe", "Seer", "BXL", flexible=("nebula-sensors",))
    assert blind_in_nebula(CAT, gi, blind) and not blind_in_nebula(CAT, gi, seer)
    put(state, 1, "patrol-ship", "Kite", "BXL")
    assert "BXL" in eyes(state, CAT, state.factions[0], gi)[0]
    (line,) = foreign_units_seen(state, CAT, state.factions[0], gi)
    assert (line.system, line.label) == ("BXL", "Patrol Ship")
    state.factions[0].units.remove(seer)
    assert foreign_units_seen(state, CAT, state.factions[0], gi) == []


def test_S5_4_ruling_276_a_blind_ship_cannot_survey_in_a_nebula() -> None:
    state = campaign()
    set_system(state, "BXL", nebula=True)
    put(state, 0, "survey-probe", "Probe", "BXL")
    (ok, why), = verdicts(state, "survey space with Probe\n")
    assert not ok and "without Nebula Sensors" in why and "S5.4" in why
    put(state, 0, "survey-probe", "Seer", "BXL", flexible=("nebula-sensors",))
    assert verdicts(state, "survey space with Seer\n")[0][0]


def _disguise(true_class: str) -> CampaignState:
    state = campaign()
    put(state, 1, true_class, "Wolf", HOME)
    run(state)
    return state


def test_VIS_06_VIS_07_a_Q_Ship_looks_like_a_Heavy_Freighter_in_every_part_of_the_sheet() -> None:
    """Whether seat 1's ship in seat 0's home system is a Heavy Freighter or a Q-Ship changes
    nothing seat 0 has (no battle: the stances are the default Wary, no engage order)."""
    plain, disguised = _disguise("heavy-freighter"), _disguise("q-ship")
    assert [s.label for s in report(disguised, 0).sightings] == ["Heavy Freighter"]
    assert _seat0(plain) == _seat0(disguised)


def test_ruling_277_param_disguise_lost_in_battle_off_the_disguise_holds() -> None:
    state = campaign(disguise_lost_in_battle=False)
    relate(state, 0, 1, "hostile", "hostile")
    put(state, 1, "q-ship", "Wolf", HOME)
    run(state)
    (c,) = report(state, 0).combats
    assert [u.label for u in c.sides[1 - c.own_side].units] == ["Heavy Freighter"]


def test_VIS_06_ruling_277_a_disguised_ship_that_fights_is_seen_through() -> None:
    state = campaign()
    relate(state, 0, 1, "hostile", "hostile")
    put(state, 1, "q-ship", "Wolf", HOME)
    run(state)
    (c,) = report(state, 0).combats
    foreign = c.sides[1 - c.own_side].units
    assert [u.label for u in foreign] == ["Q-Ship"]  # the combat report shows what it turned out to be
    facts = [f for f in state.knowledge[state.factions[0].id].facts if f.topic == "disguise"]
    assert len(facts) == 1 and "Heavy Freighter" in facts[0].text and "Q-Ship" in facts[0].text
    wolf = next((u for u in state.factions[1].units if u.name == "Wolf"), None)
    if wolf is not None and wolf.system == HOME:  # still there: seat 0 sees it as it is from now on
        assert [s.label for s in report(state, 0).sightings] == ["Q-Ship"]
        assert state.factions[0].id in wolf.seen_through


def _concealed(concealment: int, dss_tl: int) -> tuple[CampaignState, str]:
    """Seat 0's survey ship, with Deep Space Sensors at ``dss_tl``, surveys BXL, one of whose
    wormholes (not the one it came by) has ``concealment``."""
    state = campaign()
    gi = galaxy_index(state.galaxy)
    hole = next(h for h, other in sorted(gi.links["BXL"]) if other != HOME)
    set_wormhole(state, hole, concealment=concealment)
    probe = put(state, 0, "survey-probe", "Eye", "BXL")
    probe.modules = tuple(m if m.module != "deep-space-sensors" else FittedModule(module=m.module, tl=dss_tl)
                          for m in probe.modules)
    run(state, {0: "survey space with Eye\n"})
    return state, hole


def test_VIS_02_VIS_07_a_concealed_wormhole_shows_in_the_sheet_only_once_sensors_reach_it() -> None:
    found, hole = _concealed(2, 2)
    f0 = found.factions[0].id
    assert hole in found.knowledge[f0].wormholes
    hidden, _ = _concealed(2, 1)
    assert hole not in hidden.knowledge[f0].wormholes
    assert "active" in hidden.knowledge[f0].systems["BXL"].surveys  # it surveyed, at too low a level
    # hidden at concealment 2 or 3: seat 0 has the same sheet, knowledge and report (VIS-07)
    assert _seat0(hidden) == _seat0(_concealed(3, 1)[0])
    assert _seat0(hidden) != _seat0(found)  # the control: found, it is in the sheet
