"""Part 2 follow-ups (issue 14/15, task F1): works contested by REL-02's contest column with contest
directives (ruling 273, Amb#99), sightings written once (VIS-01), nebula-blind builders (ruling 276),
troops unarmed in space (COMB-02, ruling 212), the GM's `yield` and `convert` actions (rulings 235,
250), planetary anomalies found by a planetary survey (SURV-03) and the GM's view of organisations."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate, set_system, unit, verdicts

from starlanes.core.errors import IllegalAction
from starlanes.core.state import GM
from starlanes.games.star_kingdoms.campaign import AnomalyYield, CampaignState, Construction, Prisoner, StandingOrder
from starlanes.games.star_kingdoms.engagement import _escaping, _pursuit, contests
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.galaxy import Anomaly
from starlanes.games.star_kingdoms.game import make_ruleset
from starlanes.games.star_kingdoms.knowledge import foreign_units_seen, passive_survey, planetary_survey
from starlanes.games.star_kingdoms.operations import Operation, OpTarget, contested_pairs
from starlanes.games.star_kingdoms.orgs import Branch, OrgWorld, Outpost
from starlanes.games.star_kingdoms.pipeline import Turn
from starlanes.games.star_kingdoms.war.constructions import ground_uncontested, site_of
from starlanes.games.star_kingdoms.warfare import remote_sensor_surveys, sightings_of, uncontested

ANOMALY = "wrq-anomaly"


def _no_contest(state: CampaignState, seat: int, subject: str) -> None:
    """Seat ``seat`` writes `do not contest <subject>` (O03, ruling 273)."""
    state.factions[seat].standing.append(StandingOrder(subject=subject, engage=False, directive="contest"))


# --- 1. works ask engagement.contests (REL-02, REL-03, REL-05, REL-08, ruling 273, Amb#99) -------------


def test_REL_02_REL_03_ruling_273_a_neutral_ship_contests_works_unless_ordered_not_to() -> None:
    state = campaign()
    f0, f1 = state.factions
    relate(state, 0, 1, "neutral", "neutral")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    put(state, 0, "constructor", "Mason", "BXL")
    assert contests(state, f1, f0, "BXL") and not uncontested(state, CAT, f0, "BXL")
    _no_contest(state, 1, f0.id)  # the order naming the nation
    assert not contests(state, f1, f0, "BXL") and uncontested(state, CAT, f0, "BXL")
    state.factions[1].standing = []
    _no_contest(state, 1, "neutral")  # the order for every Neutral nation
    assert uncontested(state, CAT, f0, "BXL")


def test_REL_05_ruling_273_a_scoped_contest_directive_applies_only_in_its_space() -> None:
    state = campaign()
    f0, f1 = state.factions
    relate(state, 0, 1, "neutral", "neutral")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    f1.standing.append(StandingOrder(subject=f0.id, engage=False, directive="contest", scope="own"))
    assert not uncontested(state, CAT, f0, "BXL")  # BXL is alien space to seat 1: the scoped order is silent
    f1.standing.append(StandingOrder(subject=f0.id, engage=False, directive="contest", scope="alien"))
    assert uncontested(state, CAT, f0, "BXL")


def test_Amb99_ruling_273_friendly_ships_contest_only_scarce_resources() -> None:
    """Salvage and a belt are limited resources (Amb#99): a Friendly nation contests them by
    default (REL-03) and not a survey or a Remote Sensor; `do not contest` lets them be."""
    state = campaign()
    f0 = state.factions[0]
    relate(state, 0, 1, "neutral", "friendly")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    assert uncontested(state, CAT, f0, "BXL")
    assert not uncontested(state, CAT, f0, "BXL", scarce=True)
    _no_contest(state, 1, "friendly")
    assert uncontested(state, CAT, f0, "BXL", scarce=True)


def test_Amb99_the_scarce_works_are_the_limited_sites() -> None:
    state = campaign()
    gi = galaxy_index(state.galaxy)
    belt = next(b.id for s in gi.galaxy.systems for b in s.belts)
    planet = gi.systems["BXL"].planets[0].id
    scarce = {kind: site_of(state, Construction(kind=kind, target=target, rating=5)).scarce  # type: ignore[arg-type]
              for kind, target in (("mining-facility", belt), ("strip-mine", planet), ("colonise", planet),
                                   ("remote-sensor", "BXL"), ("repair-yard", planet), ("study", ANOMALY))}
    assert scarce == {"mining-facility": True, "strip-mine": True, "colonise": True, "remote-sensor": False,
                      "repair-yard": False, "study": False}


def test_CONT_02_ruling_273_ground_work_asks_the_contest_directives_too() -> None:
    state = campaign()
    f0, f1 = state.factions
    planet = galaxy_index(state.galaxy).systems["BXL"].planets[0].id
    relate(state, 0, 1, "neutral", "friendly")
    put(state, 0, "construction-gang", "Diggers", "BXL", planet=planet)
    put(state, 1, "security-team", "Guards", "BXL", planet=planet)
    assert ground_uncontested(state, CAT, f0, planet)
    assert not ground_uncontested(state, CAT, f0, planet, scarce=True)  # scavenging, a strip mine's site
    f1.relationships[f0.id] = "neutral"
    assert not ground_uncontested(state, CAT, f0, planet)
    _no_contest(state, 1, f0.id)
    assert ground_uncontested(state, CAT, f0, planet) and ground_uncontested(state, CAT, f0, planet, scarce=True)


def test_OP_T6_Amb99_a_friendly_ship_contests_a_mining_expedition_but_not_a_survey() -> None:
    state = campaign()
    f0 = state.factions[0]
    relate(state, 0, 1, "neutral", "friendly")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    put(state, 0, "survey-probe", "Eye", "BXL")

    def op(kind: str) -> Operation:
        return Operation(org="o", faction=f0.id, kind=kind, target=OpTarget(system="BXL"), system="BXL",
                         base_level=0, adjusted_level=0, target_number=1, started=1)

    ops = [op("send-asteroid-mining-expedition"), op("survey-system")]
    assert contested_pairs(state, CAT, ops) == frozenset()
    assert contested_pairs(state, CAT, ops, scarce=True) == frozenset({(f0.id, "BXL")})
    _no_contest(state, 1, f0.id)
    assert contested_pairs(state, CAT, ops, scarce=True) == frozenset()


def test_SALV_01_ruling_273_a_do_not_contest_order_lets_a_friendly_nation_salvage() -> None:
    from starlanes.games.star_kingdoms.campaign import Wreck

    state = campaign()
    f0 = state.factions[0]
    relate(state, 0, 1, "neutral", "friendly")
    put(state, 1, "patrol-ship", "Watcher", "BXL")
    put(state, 0, "patrol-ship", "Magpie", "BXL", flexible=("salvage-rig",))
    state.wrecks = [Wreck(system="BXL", unit="ship", level=1, turn=1)]
    run(state, {0: "salvage with Magpie\n"})
    assert state.wrecks and any("Salvage at BXL: not done" in n.text for n in report(state).notices)
    run(state, {0: "salvage with Magpie\n", 1: f"do not contest {f0.name}\n"})
    assert not state.wrecks


# --- 2. sightings written once, by knowledge (VIS-01, VIS-05, ruling 276) -------------------------------


def test_VIS_01_ruling_276_warfare_sightings_are_the_knowledge_ones_blind_in_a_nebula() -> None:
    state = campaign()
    f0 = state.factions[0]
    set_system(state, "BXL", nebula=True)
    put(state, 0, "patrol-ship", "Blind", "BXL")
    put(state, 1, "patrol-ship", "Lurker", "BXL")
    assert sightings_of(state, CAT, f0) == foreign_units_seen(state, CAT, f0) == []
    put(state, 0, "survey-probe", "Seer", "BXL", flexible=("nebula-sensors",))
    assert [(s.system, s.label) for s in sightings_of(state, CAT, f0)] == [("BXL", "Patrol Ship")]


def test_VIS_05_a_remote_sensor_surveys_passively_and_the_sheet_lists_sightings_once() -> None:
    state = campaign()
    f0 = state.factions[0]
    f0.remote_sensors = ["LOD"]
    put(state, 1, "patrol-ship", "Lurker", "LOD")
    turn = Turn(state=state, orders={}, catalogue=CAT)
    remote_sensor_surveys(turn)
    assert "passive" in state.knowledge[f0.id].systems["LOD"].surveys
    run(state)
    lines = [(s.system, s.label, s.count) for s in report(state).sightings]
    assert lines == [("LOD", "Patrol Ship", 1)]


# --- 3. builders blind in a nebula (S5.4, ruling 276) -------------------------------------------------


def test_CONS_07_MOV_10_ruling_276_remote_sensor_and_stabiliser_builders_need_nebula_sensors() -> None:
    from starlanes.games.star_kingdoms.tech import gain

    state = campaign()
    f = state.factions[0]
    f.tech = gain(CAT, gain(CAT, f.tech, "remote-sensors"), "wormhole-stabilisers")
    set_system(state, "BXL", nebula=True)
    put(state, 0, "constructor", "Mason", "BXL")
    state.knowledge[f.id] = passive_survey(state.knowledge[f.id], galaxy_index(state.galaxy), "BXL", state.turn)
    for line in ("construct remote sensor with Mason\n", f"construct stabiliser towards {HOME} with Mason\n"):
        (ok, why), = verdicts(state, line)
        assert not ok and "without Nebula Sensors" in why, why
    put(state, 0, "constructor", "Seer", "BXL", flexible=("nebula-sensors",))
    (ok, why), = verdicts(state, "construct remote sensor with Seer\n")
    assert ok, why


def test_CONS_07_MOV_10_ruling_276_other_space_works_refuse_blind_builders_too() -> None:
    from starlanes.games.star_kingdoms.tech import gain

    state = campaign()
    f = state.factions[0]
    f.tech = gain(CAT, f.tech, "asteroid-mining")
    gi = galaxy_index(state.galaxy)
    system = next(s for s in gi.galaxy.systems if s.belts)
    set_system(state, system.id, nebula=True)
    put(state, 0, "constructor", "Mason", system.id)
    (ok, why), = verdicts(state, f'construct mining facility at "{system.belts[0].name}" with Mason\n')
    assert not ok and "without Nebula Sensors" in why, why


# --- 4. troops in their transports are unarmed in space (COMB-02, ruling 212) -------------------------


def test_COMB_02_ruling_212_troops_in_transports_pursue_nothing_and_count_as_unarmed() -> None:
    state = campaign()
    troops = put(state, 1, "security-team", "Guards", "BXL")
    assert _pursuit(state, CAT, [troops]) == -1  # no armed group: Infantry Weapons fire nothing in space


def test_COMB_02_COMB_03_two_armies_in_their_transports_fight_no_space_battle() -> None:
    from starlanes.games.star_kingdoms.engagement import Engagement

    state = campaign()
    f0, f1 = state.factions
    relate(state, 0, 1, "hostile", "hostile")
    mine = put(state, 0, "security-team", "Ours", "BXL")
    theirs = put(state, 1, "security-team", "Theirs", "BXL")
    eng = Engagement(system="BXL", here={f0.id: [mine], f1.id: [theirs]})
    wants = {(f0.id, f1.id): True, (f1.id, f0.id): True}
    assert _escaping(state, CAT, f0, [f1], eng, wants) == {mine.id}  # unarmed: it tries, and nobody can chase
    run(state)
    assert not report(state, 0).combats and not report(state, 1).combats


# --- 5. the GM's yield and convert actions (rulings 235, 250) ------------------------------------------


def test_ANOM_03_ruling_235_the_gm_sets_a_yield_and_a_bad_one_is_refused() -> None:
    game = make_ruleset()
    state = campaign()
    game.apply(state, GM, f"yield {ANOMALY} physics=2 credits=30")
    assert state.anomaly_yields[ANOMALY] == AnomalyYield(science={"physics": 2}, credits=30)
    assert "yields 2 physics, 30 credits" in state.log[-1]
    for bad, why in (("yield Nowhere physics=1", "Nowhere"), (f"yield {ANOMALY} credits=-5", "0 or more")):
        assert why in (game.why_not(state, GM, game.gm_codec.parse(bad)) or "")
        with pytest.raises(IllegalAction):
            game.apply(state, GM, bad)
    assert state.anomaly_yields[ANOMALY] == AnomalyYield(science={"physics": 2}, credits=30)  # unchanged
    game.apply(state, GM, f"yield {ANOMALY}")
    assert ANOMALY not in state.anomaly_yields


def test_ANOM_03_a_yield_decision_is_told_to_no_seat() -> None:
    game = make_ruleset()
    state = campaign()
    events = game._apply_gm(state, game.gm_codec.parse(f"yield {ANOMALY} xenology=1"))
    assert [e.seats for e in events] == [()]


def test_COMB_20_ruling_250_the_gm_converts_prisoners_into_the_captors_detachments() -> None:
    game = make_ruleset()
    state = campaign()
    f0, f1 = state.factions
    put(state, 0, "security-team", "Lost Patrol", HOME, planet=f0.homeworld)  # a name clash
    other = galaxy_index(state.galaxy).systems["BXL"].planets[0]
    f0.prisoners = [Prisoner(owner=f1.id, name="Lost Patrol", class_id="security-team", level=1,
                             planet=f0.homeworld, turn=1),
                    Prisoner(owner=f1.id, name="Far Away", class_id="security-team", level=1, planet=other.id, turn=1)]
    assert "no prisoners of" in (game.why_not(state, GM, game.gm_codec.parse(
        f'convert "{f1.name}" "{f0.name}"')) or "")
    before = len(f0.units)
    game.apply(state, GM, f'convert "{f0.name}" "{f1.name}" planet="{other.name}"')
    assert [p.name for p in f0.prisoners] == ["Lost Patrol"] and len(f0.units) == before + 1
    far = unit(f0, "Far Away")
    assert (far.planet, far.damage, far.class_id) == (f0.homeworld, 0, "security-team")  # not its planet: home
    game.apply(state, GM, f'convert "{f0.name}" "{f1.name}"')
    assert not f0.prisoners and unit(f0, "Lost Patrol (2)").planet == f0.homeworld
    assert any("converted" in line or "fight for you" in line for line in state.log)
    run(state)
    assert any("were turned" in n.text for n in report(state, 1).gm_notes)


# --- 6. a planetary survey finds planetary anomalies (SURV-03) -----------------------------------------


def _ground_anomaly(state: CampaignState, planet: str, concealment: int) -> str:
    gi = galaxy_index(state.galaxy)
    system = gi.systems[gi.planet_system[planet]]
    hidden = Anomaly(id="buried-thing", name="Buried Thing", domain="ground", planet=planet,
                     concealment=concealment, rating=5)  # type: ignore[arg-type]
    set_system(state, system.id, anomalies=(*system.anomalies, hidden))
    return hidden.id


def test_SURV_03_a_planetary_survey_reveals_planetary_anomalies_up_to_its_sensor_level() -> None:
    state = campaign()
    f = state.factions[0]
    planet = galaxy_index(state.galaxy).systems["BXL"].planets[0].id
    ident = _ground_anomaly(state, planet, 2)
    gi = galaxy_index(state.galaxy)
    assert ident not in planetary_survey(state.knowledge[f.id], gi, planet, state.turn, 1).anomalies
    assert ident in planetary_survey(state.knowledge[f.id], gi, planet, state.turn, 2).anomalies
    assert ident not in passive_survey(state.knowledge[f.id], gi, "BXL", state.turn).anomalies


def test_SURV_03_survey_teams_on_the_planet_find_its_anomaly() -> None:
    state = campaign()
    f = state.factions[0]
    planet = galaxy_index(state.galaxy).systems["BXL"].planets[0]
    ident = _ground_anomaly(state, planet.id, 1)
    put(state, 0, "survey-team", "Diggers", "BXL", planet=planet.id)  # Planetary Survey Corps TL 1
    state.knowledge[f.id] = passive_survey(state.knowledge[f.id], galaxy_index(state.galaxy), "BXL", state.turn)
    assert ident not in state.knowledge[f.id].anomalies
    run(state, {0: f'survey "{planet.name}" with Diggers\n'})
    assert ident in state.knowledge[f.id].anomalies


# --- 7. the GM sees the organisations (hidden branches included) ----------------------------------------


def test_ORG_08_the_gm_view_shows_hidden_branches_and_seat_views_do_not_change() -> None:
    game = make_ruleset()
    state = campaign()
    f0, f1 = state.factions
    seat_before = msgspec.json.encode(game.view(state, 0).game)
    org = f1.orgs[0]
    hidden = Branch(id=f"{f1.id}-b1", org=org.id, faction=f1.id, org_type=org.type, kind="safe-house",
                    site="planet", system=galaxy_index(state.galaxy).planet_system[f0.homeworld],
                    planet=f0.homeworld, founded=1)
    state.organisations = msgspec.structs.replace(state.organisations, world=OrgWorld(
        branches=(hidden,), outposts=(Outpost(system="BXL", owner=f1.id, founded=1),)))
    gm_view = game.view(state, GM).game
    assert gm_view.organisations is not None and gm_view.organisations.world.branches == (hidden,)
    text = game.render(gm_view, GM)
    assert f"branch {hidden.id}: safe-house" in text and "[hidden]" in text and "outpost in BXL" in text
    assert msgspec.json.encode(game.view(state, 0).game) == seat_before  # the host sees nothing new
    assert game.view(state, 0).game.organisations is None
