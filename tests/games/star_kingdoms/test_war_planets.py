"""Ground wars, planets under attack and battle odds (inventory 2.20-2.26: GRND, BLK, DEV, PDEF, BOMB,
INV, MIL; issue 14 item 8)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from typer.testing import CliRunner

from starlanes.core.errors import ParseError
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.tech import TechState
from starlanes.games.star_kingdoms.war.battle import Force
from starlanes.games.star_kingdoms.war.ground import (
    average_mobility,
    ground_devastation,
    ground_rounds,
    ground_turn,
    militia_count,
    reinforcement_determination,
)
from starlanes.games.star_kingdoms.war.odds import Side, parse_fleet, simulate
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.planet import (
    add_devastation,
    blockade_rating,
    bombard,
    can_launch,
    planet_evasion,
    pogs_fire,
)
from starlanes.games.star_kingdoms.war.units import Unit, design_unit

CAT = load_catalogue()


def unit(cls: str, uid: str, tl: int = 1, *, variant: str = "", damage: int = 0, known: Iterable[str] = ()) -> Unit:
    t = TechState(levels={x.id: tl for x in CAT.core_techs()}, known=frozenset(known))
    u = design_unit(CAT, t, cls, variant=variant, unit_id=uid, check_access=False)
    return Unit(**{**{f: getattr(u, f) for f in Unit.__struct_fields__}, "damage": damage})


class Rolls(random.Random):
    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def test_GRND_03_average_mobility_worked_example() -> None:
    """S16.1: five L1 militia at Mobility 1 and two L3 Guerrilla Fighters at 6: 41/11 -> 4."""
    assert average_mobility([(1, 1)] * 5 + [(3, 6)] * 2) == 4
    assert average_mobility([]) == 0


def test_GRND_02_the_faster_side_chooses_else_two_rounds() -> None:
    """The example: defender 4 against the invaders' 2: the defender picks 1 round (ruling 106)."""
    assert ground_rounds(2, 4) == (1, "defender")
    assert ground_rounds(4, 2) == (3, "attacker")
    assert ground_rounds(4, 2, attacker_orders=2) == (2, "attacker")
    assert ground_rounds(3, 2) == (2, "default")


def test_GRND_01_ground_combat_lasts_turns_with_determination_carried() -> None:
    attacker = Force("a", (unit("infantry-battalion", "a1"), unit("infantry-battalion", "a2")))
    defender = Force("d", (unit("infantry-battalion", "d1"),), militia=2)
    turn = ground_turn(CAT, attacker, defender, random.Random(3))
    assert 1 <= turn.rounds <= 3 and turn.result.rounds <= turn.rounds + 1
    again = ground_turn(CAT, Force("a", attacker.units, determination=turn.determination[0]),
                        Force("d", defender.units, determination=turn.determination[1]), random.Random(4))
    assert again.rounds >= 1


def test_GRND_05_reinforcements_add_their_level_if_at_half_health() -> None:
    fresh = unit("infantry-battalion", "r")
    hurt = unit("infantry-battalion", "h", damage=60)  # 75 health, 15 left
    assert reinforcement_determination(CAT, fresh) == 2
    assert reinforcement_determination(CAT, hurt) == 0


def test_GRND_09_devastation_per_ten_levels_precision_and_artillery() -> None:
    levels5 = [unit("infantry-division", f"d{i}") for i in range(2)]  # 10 levels
    assert ground_devastation(CAT, levels5) == 1
    precise = [unit("infantry-division", "p", variant="precision", known=("precision-weaponry",))]
    assert ground_devastation(CAT, precise + levels5[:1]) == 0
    art = [unit("infantry-division", "x", variant="artillery", known=("artillery",))]
    assert ground_devastation(CAT, art) == 1  # 5 x 2


def test_MIL_01_militia_per_district_level_plus_military() -> None:
    assert militia_count(Districts(industrial=2, academic=1, shipyard=2, military=1)) == 6 + 1


def test_MIL_02_militia_stats_and_guerilla_evasion() -> None:
    p = WarParams()
    assert (p.militia_firepower, p.militia_health, p.militia_evasion, p.militia_mobility) == (8, 25, 40, 2)
    assert p.militia_guerilla_evasion == 50


def test_INV_03_capture_when_the_defenders_and_militia_are_gone() -> None:
    """Amb#75 (ruling 109): the planet changes hands when no defender nor militia is left."""
    big = Force("a", tuple(unit("infantry-division", f"a{i}", 3) for i in range(3)))
    small = Force("d", (), militia=1)
    captured = [ground_turn(CAT, big, small, random.Random(s)).captured for s in range(10)]
    assert any(captured)
    held = ground_turn(CAT, Force("a", (unit("security-team", "s"),)), Force("d", (), militia=20), random.Random(1))
    assert not held.captured


def test_BLK_02_BLK_03_rating_and_launching() -> None:
    assert blockade_rating(3) == 3 and blockade_rating(3, invasion=True) == 4  # GRND-10
    assert not can_launch(2, 3) and can_launch(3, 3)


def test_BOMB_03_PDEF_05_planet_evasion() -> None:
    assert planet_evasion(2) == 10 and planet_evasion(2, shield=True) == 20
    assert planet_evasion(30, shield=True) == 80


def test_BOMB_02_BOMB_04_one_round_each_and_a_devastation_per_hundred_carried() -> None:
    cruiser = unit("heavy-cruiser", "c", 1)  # 65 FP: 3 shots of 22
    out = bombard(CAT, [cruiser], planet_ev=10, counter=90, rng=Rolls([50, 5, 50]))
    assert (out.shots, out.hits, out.damage) == (3, 2, 44)
    assert (out.devastation, out.counter) == (1, 34)  # 90 + 44 = 134


def test_PDEF_04_pogs_fire_one_round_and_drop_pods_help() -> None:
    pdf = unit("planetary-defence-force", "pdf", 1, known=("planetary-defence-forces",))  # 8 POGS: 40 FP, 2 shots
    target = unit("gunboat", "g")
    fire = pogs_fire(CAT, [pdf], [target], Rolls([100, 100]))
    assert fire.damage == {"g": 40}
    troopers = unit("assault-troopers", "t", 1, known=("reinforced-drop-pods",))
    # Ev 20 + 2 x 25 drop pods = 70: a roll of 70 misses
    miss = pogs_fire(CAT, [pdf], [troopers], Rolls([70, 70]))
    assert miss.damage == {}


def test_DEV_03_five_devastation_costs_a_district_and_resets() -> None:
    d = Districts(industrial=2, academic=1, shipyard=1, military=1)
    change = add_devastation(3, 2, d, lambda ds, dev: 4 * ds.total() - 2 * dev, random.Random(0))
    assert change.devastation == 0 and len(change.lost) == 1 and change.districts.total() == 4
    hardened = add_devastation(3, 2, d, lambda ds, dev: 4 * ds.total() - 2 * dev, random.Random(0), hardened=True)
    assert hardened.devastation == 5 and not hardened.lost


def test_DEV_04_at_zero_pe_each_level_damages_a_district_directly() -> None:
    d = Districts(industrial=1)
    change = add_devastation(0, 2, d, lambda ds, dev: 0, random.Random(0))
    assert change.devastation == 0 and change.lost == ("industrial",) and change.districts.total() == 0


def test_DEV_02_devastation_pe_penalty_is_the_economy_param() -> None:
    from starlanes.games.star_kingdoms.spec import StarKingdomsParams
    assert StarKingdomsParams().devastation_pe_penalty == 2


def test_odds_parse_fleet_and_mistakes_are_named() -> None:
    fleet = parse_fleet(CAT, "3 x patrol ship with 1 ship weapons; light cruiser as missile at TL 3", owner="attacker")
    assert [u.class_id for u in fleet] == ["patrol-ship"] * 3 + ["light-cruiser"]
    assert fleet[-1].variant == "missile" and fleet[-1].modules[0].tl == 3
    with pytest.raises(ParseError, match="did you mean 'Patrol Ship'"):
        parse_fleet(CAT, "patrl ship", owner="attacker")
    with pytest.raises(ParseError, match="detachment"):
        parse_fleet(CAT, "security team", owner="defender")
    with pytest.raises(ParseError, match="empty"):
        parse_fleet(CAT, " ; ", owner="defender")


def test_odds_are_reproducible_and_sensible() -> None:
    strong = Side("attacker", parse_fleet(CAT, "4 heavy cruiser at TL 2", owner="attacker"))
    weak = Side("defender", parse_fleet(CAT, "patrol ship", owner="defender"))
    r1 = simulate(CAT, strong, weak, runs=200, seed=5)
    r2 = simulate(CAT, strong, weak, runs=200, seed=5)
    assert r1.attacker_holds == r2.attacker_holds
    assert r1.attacker_holds.value > 0.95 and r1.attacker_holds.low <= r1.attacker_holds.value <= \
        r1.attacker_holds.high
    total = r1.attacker_holds.value + r1.defender_holds.value + r1.neither.value
    assert abs(total - 1) < 1e-9


def test_odds_command_prints_the_figures() -> None:
    import typer

    from starlanes.games.star_kingdoms.war.cli import odds
    app = typer.Typer()
    app.command()(odds)
    out = CliRunner().invoke(app, ["-a", "2 gunboat", "-d", "patrol ship", "--runs", "300"])
    assert out.exit_code == 0, out.output
    assert "attacker holds the field" in out.output and "95% CI" in out.output
    bad = CliRunner().invoke(app, ["-a", "2 gunbot", "-d", "patrol ship"])
    assert bad.exit_code != 0 and "did you mean 'Gunboat'" in str(bad.exception)
