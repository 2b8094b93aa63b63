"""Star Kingdoms at war, the combat engine's last pieces (issue 14, part 3): troops in their own
transports in a space battle (COMB-02, Amb#69, ruling 212), Military organisations' lent units
(ORG-15, ruling 307), invasions without surprise (INV-01), no cap on detachments (UNIT-02), and
prisoners converted by the GM (O82, COMB-20, ruling 250)."""

from __future__ import annotations

import dataclasses
import random

from tests.games.star_kingdoms.test_campaign import campaign, report, run
from tests.games.star_kingdoms.test_part2_movement import CAT, put, relate
from tests.games.star_kingdoms.test_war_battle import ship

from starlanes.games.star_kingdoms.war.battle import Force, battle, fight, initial_determination
from starlanes.games.star_kingdoms.war.params import WarParams

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
