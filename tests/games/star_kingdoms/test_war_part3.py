"""Star Kingdoms at war, the combat engine's last pieces (issue 14, part 3): troops in their own
transports in a space battle (COMB-02, Amb#69, ruling 212), Military organisations' lent units
(ORG-15, ruling 307), invasions without surprise (INV-01), no cap on detachments (UNIT-02), and
prisoners converted by the GM (O82, COMB-20, ruling 250)."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import msgspec
from pytest import MonkeyPatch
from tests.games.star_kingdoms.test_campaign import campaign, hw, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, HOME, put, relate
from tests.games.star_kingdoms.test_part2_planets import siege
from tests.games.star_kingdoms.test_war_battle import ship

from starlanes.games.star_kingdoms.campaign import CampaignState, Colony, Org, Prisoner, TraitHooks
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.engagement import strength
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index
from starlanes.games.star_kingdoms.lending import is_lent, lent_defenders_of, lent_units
from starlanes.games.star_kingdoms.orgs import Branch, LentUnits
from starlanes.games.star_kingdoms.report import CombatReport
from starlanes.games.star_kingdoms.war.battle import Force, battle, fight, initial_determination
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import unit_stats

P = WarParams()


# --- COMB-02 / Amb#69: armies in their own transports ----------------------------------------------


def test_COMB_02_Amb69_troops_in_transports_are_targets_with_level_evasion_and_never_fire() -> None:
    gun = ship("patrol-ship", "g")
    legion = ship("infantry-battalion", "t")  # L2 detachment: Evasion 30 in its transports
    r = fight(CAT, Force("a", (gun,)), Force("d", (legion,)), random.Random(1), record=True)
    assert r.log and all(s.shooter == "g" and s.target == "t" for s in r.log)  # FP 0: it never fires
    assert {s.evasion for s in r.log} == {P.base_evasion[1]}
    out = next(o for o in r.units if o.unit_id == "t")
    assert out.destroyed and not out.retreated  # hunted down: it cannot escape (Speed 0)
    assert r.winner == 0


def test_COMB_02_troops_left_behind_by_a_retreating_fleet_are_hunted_down() -> None:
    """The escort's determination breaks; it retreats; the troops cannot, and the enemy fires on."""
    escort = ship("patrol-ship", "e", damage=10)  # 5 Hull left: at or below 50% from the start
    legion = ship("infantry-regiment", "t")
    hunters = (ship("heavy-cruiser", "h1", 2), ship("heavy-cruiser", "h2", 2))
    seen = 0
    for seed in range(40):
        r = fight(CAT, Force("a", hunters), Force("d", (escort, legion)), random.Random(seed), record=True)
        outcome = {o.unit_id: o for o in r.units}
        if not outcome["e"].retreated:
            continue
        seen += 1
        assert r.retreated == (1,) and not outcome["t"].retreated
        assert outcome["t"].destroyed or r.ending in ("round-limit", "stalled")
        last_escort_round = max((s.round for s in r.log if s.target == "e"), default=0)
        assert any(s.target == "t" and s.round > last_escort_round for s in r.log) or outcome["t"].destroyed
    assert seen  # the escort did retreat in some of the runs


def test_COMB_02_troops_in_transports_leave_determination_alone() -> None:
    escort = ship("patrol-ship", "e")
    legion = ship("infantry-battalion", "t")
    alone = initial_determination(CAT, Force("d", (escort,)), P, "space")
    assert initial_determination(CAT, Force("d", (escort, legion)), P, "space") == alone == 1
    # an army alone in its transports never breaks (it cannot retreat): it is shot until destroyed
    r = fight(CAT, Force("a", (ship("gunboat", "g", 2),)), Force("d", (legion,)), random.Random(3))
    assert r.retreated == () and r.units[-1].destroyed


def test_COMB_02_ruling_212_param_off_keeps_troops_out_of_space_battles() -> None:
    off = dataclasses.replace(P, transports_in_space_battles=False)
    r = battle(CAT, Force("a", (ship("patrol-ship", "g"),)), Force("d", (ship("patrol-ship", "p"),
                                                                          ship("infantry-regiment", "t"))),
               random.Random(2), params=off)
    assert "t" not in {o.unit_id for o in r.units}


def test_COMB_02_Amb69_a_campaign_army_in_space_is_fought_and_its_losses_reported() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "hostile")
    put(state, 1, "heavy-cruiser", "Hunter", "BXL")
    legion = put(state, 0, "infantry-battalion", "Legion", "BXL")
    run(state)
    (c,) = report(state, 0).combats
    own = c.sides[c.own_side]
    (row,) = [u for u in own.units if u.label.startswith("Legion")]
    assert row.fate in ("destroyed", "damaged")  # a target, not a bystander
    if row.fate == "destroyed":
        assert state.factions[0].unit_by_id(legion.id) is None
    else:
        assert legion.damage > 0 and legion.system == "BXL"  # it never retreats


def test_COMB_02_REL_07_troops_in_transports_add_no_firepower_to_a_fleets_strength() -> None:
    """Amb#54's strength: an army alone in its transports has none, so it never seeks battle."""
    state = campaign()
    a = put(state, 0, "infantry-battalion", "Legion", "BXL")
    ship_ = put(state, 0, "patrol-ship", "Escort", "BXL")
    assert unit_stats(CAT, a).firepower > 0  # it has Infantry Weapons, for the ground
    assert strength(CAT, [a]) == 0
    hull = unit_stats(CAT, ship_).hull + unit_stats(CAT, a).hull
    assert strength(CAT, [a, ship_]) == unit_stats(CAT, ship_).firepower * hull


# --- ORG-15 / ruling 307: Military organisations' lent units --------------------------------------


def _military(state: CampaignState, seat: int, offices: list[str], name: str = "Iron Guard") -> Org:
    f = state.factions[seat]
    org = Org(id=f"{f.id}-o{len(f.orgs) + 1}", name=name, type="military", offices=list(offices))
    f.orgs.append(org)
    return org


def _branch(state: CampaignState, org: Org, seat: int, *, system: str, planet: str = "",
            suppressed_until: int = 0) -> None:
    world = state.organisations.world
    b = Branch(id=f"{org.id}-b{world.next_branch}", org=org.id, faction=state.factions[seat].id, org_type="military",
               site="planet" if planet else "outpost", system=system, planet=planet, founded=state.turn,
               suppressed_until=suppressed_until)
    new = msgspec.structs.replace(world, branches=(*world.branches, b), next_branch=world.next_branch + 1)
    state.organisations = msgspec.structs.replace(state.organisations, world=new)


def _invaded_colony(state: CampaignState) -> Colony:
    """Seat 0's second colony in its home system, with seat 1's lone Security Team standing on it."""
    gi = galaxy_index(state.galaxy)
    planet = next(p.id for p in gi.systems[HOME].planets if p.id != state.factions[0].homeworld)
    colony = Colony(planet=planet, districts=Districts(industrial=1), invaded=True)
    state.factions[0].colonies.append(colony)
    put(state, 1, "security-team", "Occupier", HOME, planet=planet)
    return colony


def _ground(state: CampaignState, seat: int) -> list[CombatReport]:
    return [c for c in report(state, seat).combats if c.kind == "ground"]


def test_ORG_15_INV_03_a_military_office_lends_heavy_security_teams_fresh_each_turn() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "neutral")
    state.factions[0].units = [u for u in state.factions[0].units if u.unit == "ship" and u.system != HOME]
    colony = _invaded_colony(state)
    _military(state, 0, [colony.planet, state.factions[0].homeworld])  # Power 2: two teams
    before = [u.id for u in state.factions[0].units]
    run(state)
    (c,) = _ground(state, 0)
    lent = [u for u in c.sides[1].units if "lent by Iron Guard" in u.label]
    assert len(lent) == 2 and all("Heavy Security Team" in u.label for u in lent)
    assert [u.id for u in state.factions[0].units] == before  # nobody's units: nothing written back
    theirs = [u for u in _ground(state, 1)[0].sides[1].units]
    assert [u.label for u in theirs].count("Heavy Security Team") == 2  # the invader sees their class
    if state.factions[0].colony(colony.planet) is colony and any(u.planet == colony.planet
                                                                  for u in state.factions[1].units):
        run(state)  # the war goes on: the teams are back, fresh (ruling 307)
        (c2,) = _ground(state, 0)
        assert len([u for u in c2.sides[1].units if "lent by" in u.label]) == 2


def test_ORG_15_Amb75_a_planet_with_lent_teams_is_not_captured_undefended() -> None:
    """Without the teams the lone occupier takes the undefended colony (ruling 207); with them it must
    fight, and the planet changes hands only if every team falls that turn."""
    for lend in (False, True):
        state = campaign()
        relate(state, 1, 0, "hostile", "neutral")
        colony = _invaded_colony(state)
        if lend:
            _military(state, 0, [colony.planet])
        run(state)
        fought = _ground(state, 0)
        if not lend:
            assert state.factions[1].colony(colony.planet) is colony and not fought
        else:
            (c,) = fought
            (team,) = [u for u in c.sides[1].units if "lent by" in u.label]
            captured = state.factions[1].colony(colony.planet) is colony
            assert captured == (team.fate == "destroyed" and c.sides[0].units[0].fate != "destroyed")


def test_ORG_15_never_against_the_lender_or_its_allies_and_suppressed_branches_lend_nothing() -> None:
    state = campaign(3)
    f0, f1, f2 = state.factions
    colony = _invaded_colony(state)
    own = _military(state, 1, [f1.homeworld], "Raiders' Own")  # the attacker's own branch on the planet
    _branch(state, own, 1, system=HOME, planet=colony.planet)
    friend = _military(state, 2, [f2.homeworld], "Friends of the Raiders")
    _branch(state, friend, 2, system=HOME, planet=colony.planet)
    quiet = _military(state, 2, [f2.homeworld], "Quiet Ones")
    _branch(state, quiet, 2, system=HOME, planet=colony.planet, suppressed_until=state.turn + 5)
    f2.relationships[f1.id] = "allied"
    lent = lent_defenders_of(state, CAT, colony.planet, HOME, f0, f1)
    assert lent == []
    f2.relationships[f1.id] = "neutral"  # a third nation not allied to the attacker lends its teams
    lent = lent_defenders_of(state, CAT, colony.planet, HOME, f0, f1)
    assert [u.name for u in lent] == ["Heavy Security Team 1 lent by Friends of the Raiders"]
    unsuppressed = msgspec.structs.replace(state.organisations.world, branches=tuple(
        msgspec.structs.replace(b, suppressed_until=0) for b in state.organisations.world.branches))
    state.organisations = msgspec.structs.replace(state.organisations, world=unsuppressed)
    assert len(lent_defenders_of(state, CAT, colony.planet, HOME, f0, f1)) == 2


def test_ORG_15_lent_units_are_built_at_the_lenders_current_tech() -> None:
    state = campaign()
    f0 = state.factions[0]
    org = _military(state, 0, [f0.homeworld])
    (low,) = lent_units(state, CAT, [LentUnits(faction=f0.id, org=org.id, class_id="heavy-security-team", count=1)],
                        system=HOME)
    before = f0.tech.level("infantry-weapons")
    f0.tech = msgspec.structs.replace(f0.tech, levels={**f0.tech.levels, "infantry-weapons": before + 1})
    (high,) = lent_units(state, CAT, [LentUnits(faction=f0.id, org=org.id, class_id="heavy-security-team", count=1)],
                         system=HOME)
    assert unit_stats(CAT, high).firepower == unit_stats(CAT, low).firepower + 3  # 3 Infantry Weapons, +1 TL each
    assert high.damage == 0 and is_lent(high.id)


def test_ORG_15_Amb53_outpost_fighters_join_their_nations_space_battle() -> None:
    state = campaign()
    relate(state, 1, 0, "hostile", "hostile")
    put(state, 1, "heavy-cruiser", "Hunter", "BXL")
    put(state, 0, "patrol-ship", "Picket", "BXL")
    org = _military(state, 0, [state.factions[0].homeworld, state.factions[0].homeworld])  # Power 2
    _branch(state, org, 0, system="BXL")
    before = len(state.factions[0].units)
    run(state)
    (c,) = report(state, 1).combats
    enemy = c.sides[1 - c.own_side]
    assert [u.label for u in enemy.units].count("Fighter Squadron") == 2
    assert len(state.factions[0].units) <= before  # the fighters are nobody's: none added
    assert not any(u.class_id == "fighter-squadron" for u in state.factions[0].units)


# --- INV-01 and UNIT-02 ---------------------------------------------------------------------------


def test_INV_01_an_invasion_is_never_a_surprise_both_sides_fight_from_round_one(monkeypatch: MonkeyPatch) -> None:
    """No surprise modifier on either side: no determination modifier, the usual initial
    determination (COMB-13, COMB-14), and both sides fire in the first round."""
    from starlanes.games.star_kingdoms.war.ground import ground_turn as real

    state = siege("hostile", ships=1)
    legions = [f"Legion {i + 1}" for i in range(6)]
    for name in legions:
        put(state, 1, "security-team", name, HOME)  # level 1: they fire in the first phase, with the militia
    seen: list[tuple[Force, Force]] = []

    def spy(cat: Catalogue, attacker: Force, defender: Force, rng: random.Random, **kw: Any) -> Any:
        seen.append((attacker, defender))
        return real(cat, attacker, defender, rng, **kw)

    monkeypatch.setattr("starlanes.games.star_kingdoms.warfare.ground_turn", spy)
    run(state, {1: f"land {', '.join(legions)} on {hw(state)}\n"})
    ((a, d),) = seen
    assert a.determination_modifier == d.determination_modifier == 0
    assert a.determination is None and d.determination is None  # the war's first turn: nothing carried
    fit = [u for u in a.units if unit_stats(CAT, u).hull - u.damage > unit_stats(CAT, u).hull / 2]  # POGS hit some
    assert initial_determination(CAT, a, P, "ground") == sum(u.level for u in fit)
    assert initial_determination(CAT, d, P, "ground") == math.inf  # its homeworld (COMB-14), nothing more
    first = fight(CAT, a, d, random.Random(1), kind="ground", rounds=1, record=True)
    shooters = {s.shooter for s in first.log if s.round == 1}
    assert shooters & {u.id for u in a.units} and shooters & ({u.id for u in d.units} | {
        s.shooter for s in first.log if "militia" in s.shooter})
    assert all(s.evasion == P.base_evasion[0] for s in first.log if s.round == 1 and "militia" not in s.target)


def test_UNIT_02_no_limit_on_detachments_landing_at_once_or_on_a_planet() -> None:
    state = siege("hostile", ships=1)
    names = [f"Cohort {i + 1}" for i in range(40)]
    for name in names:
        put(state, 1, "security-team", name, HOME)
    (verdict,) = check_orders(state, 1, f"land {', '.join(names)} on {hw(state)}\n")
    assert verdict.accepted, verdict.reason
    run(state, {1: f"land {', '.join(names)} on {hw(state)}\n"})
    assert f"landed {len(names)} detachment(s)" in "\n".join(a.text for a in report(state, 0).attacks)
    # and a nation may keep any number on its own world
    state = campaign()
    home = state.factions[0].homeworld
    for i in range(60):
        put(state, 0, "security-team", f"Guard {i + 1}", HOME, planet=home)
    run(state)
    assert sum(u.planet == home and u.name.startswith("Guard") for u in state.factions[0].units) == 60


# --- O82 / COMB-20: turning prisoners (ruling 250) ---------------------------------------------------


def test_O82_COMB_20_ruling_250_no_tech_or_trait_turns_prisoners_so_the_GM_decides() -> None:
    """S16.5: 'with the right technology or trait' prisoners may be turned. Appendix A has no such
    tech and a trait's mechanics are the GM's (Amb#111): turning them is a GM request (O26); return
    and disperse are orders (ruling 222). If content ever adds such a tech, this test fails."""
    assert not [t.id for t in CAT.techs.values() if "prisoner" in f"{t.name} {t.text}".lower()]
    assert not [f for f in TraitHooks.__struct_fields__ if "prisoner" in f]
    state = campaign()
    f0, f1 = state.factions
    f0.prisoners.append(Prisoner(owner=f1.id, name="Lost Patrol", class_id="security-team", level=1,
                                 planet=f0.homeworld, turn=state.turn))
    convert, ask = check_orders(state, 0, f"convert prisoners of {f1.name}\n"
                                          f"gm request turn the prisoners of {f1.name} to our side\n")
    assert not convert.accepted and "unknown order" in convert.reason
    assert ask.accepted and ask.order_id == "O26"
    run(state, {0: f"gm request turn the prisoners of {f1.name} to our side\n"})
    assert any(i.faction == f0.id and i.kind == "request" and "prisoners" in i.subject for i in state.gm_queue)
    assert [p.name for p in f0.prisoners] == ["Lost Patrol"]  # held until the GM or an O82 order acts


# --- the vectorised odds engine agrees with the scalar reference --------------------------------------


def _scalar_figures(a: Force, d: Force, runs: int, nebula: bool = False,
                    params: WarParams = P) -> dict[str, tuple[float, float, int]]:
    """Mean and standard error of each figure over ``runs`` scalar battles."""
    import numpy as np

    rng = random.Random(11)
    rows = []
    for _ in range(runs):
        r = battle(CAT, a, d, random.Random(rng.getrandbits(64)), nebula=nebula, params=params)
        w = -1 if r.winner is None else r.winner
        rows.append((w == 0, w == 1, w == -1, len(r.lost(0)), len(r.lost(1)), r.rounds))
    arr = np.asarray(rows, dtype=float)
    return _figures(arr)


def _figures(arr: object) -> dict[str, tuple[float, float, int]]:
    """Each figure's mean, standard deviation and count."""
    import numpy as np

    a = np.asarray(arr, dtype=float)
    names = ("attacker holds", "defender holds", "neither", "attacker lost", "defender lost", "rounds")
    return {n: (float(a[:, i].mean()), float(a[:, i].std(ddof=1)), len(a)) for i, n in enumerate(names)}


def _vector_figures(a: Force, d: Force, runs: int, nebula: bool = False,
                    params: WarParams = P) -> dict[str, tuple[float, float, int]]:
    import numpy as np

    from starlanes.games.star_kingdoms.war.vbattle import run_batch

    b = run_batch(CAT, a, d, runs, 7, nebula=nebula, params=params)
    arr = np.stack([b.winner == 0, b.winner == 1, b.winner == -1, b.lost_units(0), b.lost_units(1), b.rounds], axis=1)
    return _figures(arr)


def _disagreements(s: dict[str, tuple[float, float, int]], v: dict[str, tuple[float, float, int]]) -> list[str]:
    """Figures whose difference is beyond 4 standard errors of the difference: for a share, the
    two-proportion error of the pooled share; for a mean, the two samples' own errors."""
    out = []
    for i, (name, (m1, sd1, n1)) in enumerate(s.items()):
        m2, sd2, n2 = v[name]
        if i < 3:
            pooled = (m1 * n1 + m2 * n2) / (n1 + n2)
            se = (pooled * (1 - pooled) * (1 / n1 + 1 / n2)) ** 0.5
        else:
            se = (sd1 * sd1 / n1 + sd2 * sd2 / n2) ** 0.5
        if abs(m1 - m2) > max(4 * se, 1e-9):
            out.append(f"{name}: scalar {m1:.3f}, vector {m2:.3f} (4 s.e. {4 * se:.3f})")
    return out


def _pairs() -> list[tuple[str, Force, Force, bool]]:
    from starlanes.games.star_kingdoms.war.odds import parse_fleet

    def f(text: str, owner: str, **kw: object) -> Force:
        return Force(owner, parse_fleet(CAT, text, owner=owner), **kw)  # type: ignore[arg-type]

    known = ("missile-launchers", "flak-weapons", "assault-weapons", "deflector-shields", "nebula-sensors")
    escorted = (*parse_fleet(CAT, "2 patrol ship", owner="defender"),
                ship("infantry-battalion", "t1"), ship("infantry-regiment", "t2"))
    return [
        ("small, unarmed probe", f("4 patrol ship with 1 ship weapons; survey probe", "attacker"),
         f("gunboat at TL 2", "defender"), False),
        ("mixed TL 3, colony, Battle Tactics 1 v 0", f("3 gunboat at TL 3; 2 heavy cruiser at TL 3", "attacker",
                                                      battle_tactics=1),
         f("4 heavy cruiser at TL 3; light cruiser as missile at TL 3", "defender", colony_here=True), False),
        ("variants, shields, training, damaged", f("heavy cruiser as assault at TL 4; battlecruiser as flak at TL 4; "
                                                   "2 patrol ship", "attacker", training=True),
         Force("defender", (ship("strike-cruiser", "s1", 3, known=known),
                            ship("heavy-cruiser", "s2", 3, variant="missile", known=known, damage=20),
                            ship("gunboat", "s3", 2))), False),
        ("nebula, homeworld, Battle Tactics 0 v 1", f("3 patrol ship; gunboat", "attacker"),
         f("2 gunboat", "defender", homeworld_here=True, battle_tactics=1), True),
        ("troops in transports (COMB-02)", f("2 gunboat at TL 2", "attacker"), Force("defender", escorted), False),
    ]


def test_odds_vectorised_engine_agrees_with_the_scalar_one_within_confidence_intervals() -> None:
    for label, a, d, nebula in _pairs():
        s = _scalar_figures(a, d, 160, nebula)
        v = _vector_figures(a, d, 2000, nebula)
        assert not _disagreements(s, v), (label, _disagreements(s, v))


def test_odds_the_agreement_check_catches_a_different_rule() -> None:
    """The comparison above is not vacuous: the same fleets under another retreat rule disagree."""
    label, a, d, nebula = _pairs()[0]
    s = _scalar_figures(a, d, 160, nebula)
    assert not _disagreements(s, _vector_figures(a, d, 2000, nebula))
    other = dataclasses.replace(P, evasion_cap=20)
    assert _disagreements(s, _vector_figures(a, d, 2000, nebula, params=other)), label


def test_odds_command_chooses_its_engine() -> None:
    import typer
    from typer.testing import CliRunner

    from starlanes.games.star_kingdoms.war.cli import odds
    from starlanes.games.star_kingdoms.war.odds import Side, parse_fleet, simulate

    app = typer.Typer()
    app.command()(odds)
    runner = CliRunner()
    for engine in ("scalar", "vector"):
        out = runner.invoke(app, ["-a", "2 gunboat", "-d", "patrol ship", "--runs", "60", "--engine", engine])
        assert out.exit_code == 0, out.output
        assert f"({engine} engine)" in out.output
    bad = runner.invoke(app, ["-a", "2 gunboat", "-d", "patrol ship", "--engine", "gpu"])
    assert bad.exit_code != 0 and "--engine" in bad.output
    a = Side("attacker", parse_fleet(CAT, "2 gunboat", owner="attacker"))
    d = Side("defender", parse_fleet(CAT, "patrol ship", owner="defender"))
    assert simulate(CAT, a, d, runs=300, seed=1).engine == "vector"  # auto: NumPy from 50 runs on
    assert simulate(CAT, a, d, runs=20, seed=1).engine == "scalar"
    again = simulate(CAT, a, d, runs=300, seed=1)
    assert again == dataclasses.replace(simulate(CAT, a, d, runs=300, seed=1), seconds=again.seconds)  # seeded
