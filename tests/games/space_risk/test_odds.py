"""The odds calculator against values computed independently here, by listing every roll."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from starlanes.cli.app import app
from starlanes.games.space_risk import odds
from starlanes.games.space_risk.dice import DiceRules, attack_dice_allowed, compare, defend_dice
from starlanes.games.space_risk.spec import SpaceRiskParams

# ----------------------------------------------------------------- independent reference


def ref_roll(a: int, d: int, amod: int = 0, dmod: int = 0, clamp: bool = False,
             sides: int = 6) -> dict[tuple[int, int], Fraction]:
    """Every ordered roll of a + d dice, compared the way the rule document says."""
    counts: dict[tuple[int, int], int] = {}

    def mod(v: int, m: int) -> int:
        v += m
        return min(max(v, 1), sides) if clamp else v

    for roll in itertools.product(range(1, sides + 1), repeat=a + d):
        att = sorted((mod(v, amod) for v in roll[:a]), reverse=True)
        dfn = sorted((mod(v, dmod) for v in roll[a:]), reverse=True)
        al = dl = 0
        for i in range(min(a, d)):
            if att[i] > dfn[i]:
                dl += 1
            else:  # ties to the defender
                al += 1
        counts[(al, dl)] = counts.get((al, dl), 0) + 1
    total = sides ** (a + d)
    return {k: Fraction(v, total) for k, v in counts.items()}


def ref_dice(able: int) -> int:
    """The rule document: 3 dice need 2 armies able to be lost, 1 die otherwise."""
    return 3 if able >= 2 else 1


@cache
def ref_battle(a: int, d: int, amod: int = 0, dmod: int = 0) -> dict[tuple[int, int], Fraction]:
    """End-state distribution by recursion over every roll."""
    if a == 0 or d == 0:
        return {(a, d): Fraction(1)}
    out: dict[tuple[int, int], Fraction] = {}
    for (al, dl), p in ref_roll(ref_dice(a), min(2, d), amod, dmod).items():
        for end, q in ref_battle(a - al, d - dl, amod, dmod).items():
            out[end] = out.get(end, Fraction(0)) + p * q
    return out


# ----------------------------------------------------------------------------- one roll


@pytest.mark.parametrize("a", [1, 2, 3])
@pytest.mark.parametrize("d", [1, 2])
@pytest.mark.parametrize(("amod", "dmod"), [(0, 0), (-2, 0), (0, -1), (-2, 1), (0, 1), (1, -1)])
@pytest.mark.parametrize("clamp", [False, True])
def test_single_roll_matches_enumeration_of_all_dice(a: int, d: int, amod: int, dmod: int, clamp: bool) -> None:
    rules = DiceRules(clamp=clamp)
    got = {(al, dl): p for al, dl, p in odds.roll_outcomes(a, d, amod, dmod, rules)}
    assert got == {k: v for k, v in ref_roll(a, d, amod, dmod, clamp).items() if v}


def test_single_roll_known_values() -> None:
    # 1 die against 1: the attacker needs a strictly higher die: 15 of 36 rolls.
    assert dict(((al, dl), p) for al, dl, p in odds.roll_outcomes(1, 1)) == {
        (0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}
    # 3 against 2, the classic figures.
    assert odds.roll_outcomes(3, 2) == (
        (0, 2, Fraction(2890, 7776)), (1, 1, Fraction(2611, 7776)), (2, 0, Fraction(2275, 7776)))


def test_asteroid_field_plus_one_makes_attacker_need_two_more() -> None:
    # A battleship (0) attacking into an asteroid field (+1): the attacker needs a >= d + 2.
    p = {(al, dl): q for al, dl, q in odds.roll_outcomes(1, 1, 0, 1)}
    assert p[(0, 1)] == Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if x > y + 1), 36)


def test_clamping_matters_only_when_it_is_on() -> None:
    # Defender +1 on a 6 is 7 unclamped (beats a 6), 6 clamped (still a tie: defender wins).
    # Attacker -2: a 1 becomes -1 or 1; against a defender's 1 a tie either way.
    plain = odds.roll_outcomes(1, 1, 2, 0, DiceRules(clamp=False))
    clamped = odds.roll_outcomes(1, 1, 2, 0, DiceRules(clamp=True))
    assert plain != clamped
    assert dict(((al, dl), p) for al, dl, p in clamped)[(0, 1)] == Fraction(
        sum(1 for x in range(1, 7) for y in range(1, 7) if min(x + 2, 6) > y), 36)


def test_dice_param_changes_the_odds_like_the_game() -> None:
    rules = SpaceRiskParams(die_sides=8).dice
    p = {(al, dl): q for al, dl, q in odds.roll_outcomes(1, 1, rules=rules)}
    assert p[(0, 1)] == Fraction(28, 64)
    assert p == ref_roll(1, 1, sides=8)


def test_compare_pairs_highest_dice_ties_to_defender() -> None:
    assert compare((6, 3, 1), (5, 3), 0, 0, False, 6) == (1, 1)  # 6>5, 3=3 tie to defender
    assert compare((1, 6, 2), (6,), 0, 0, False, 6) == (1, 0)
    assert compare((4,), (3,), -2, 0, False, 6) == (1, 0)  # transport 4-2=2 < 3
    assert compare((4,), (3,), -1, 0, False, 6) == (1, 0)  # 3 = 3 tie
    assert compare((5,), (4,), 0, 1, False, 6) == (1, 0)  # asteroid 4+1 = 5 tie


def test_attack_dice_limit_rule_document_and_classic() -> None:
    doc = DiceRules()
    assert [attack_dice_allowed(n, doc) for n in range(5)] == [0, 1, 3, 3, 3]
    classic = DiceRules(loss_limited_dice=False)
    assert [attack_dice_allowed(n, classic) for n in range(5)] == [0, 1, 2, 3, 3]
    assert [defend_dice(n, doc) for n in range(4)] == [0, 1, 2, 2]


# ------------------------------------------------------------------------ whole battles


@pytest.mark.parametrize("a", range(0, 7))
@pytest.mark.parametrize("d", range(0, 6))
def test_whole_battle_matches_recursive_enumeration(a: int, d: int) -> None:
    result = odds.battle(a, d, exact=True)
    ref = ref_battle(a, d)
    assert {(x, y): p for x, y, p in result.end_states} == ref
    assert result.p_attacker_wins == sum((p for (x, y), p in ref.items() if y == 0 and x > 0), Fraction(0))
    assert result.expected_attackers_left == sum((x * p for (x, _), p in ref.items()), Fraction(0))
    assert result.expected_defenders_left == sum((y * p for (_, y), p in ref.items()), Fraction(0))


def test_whole_battle_with_modifiers_matches_enumeration() -> None:
    for a, d in [(3, 2), (5, 4), (2, 3)]:
        result = odds.battle(a, d, -2, 1, exact=True)
        assert {(x, y): p for x, y, p in result.end_states} == ref_battle(a, d, -2, 1)


def test_known_whole_battle_values() -> None:
    assert odds.battle(1, 1, exact=True).p_attacker_wins == Fraction(5, 12)
    # 2 able armies roll 3 dice against 1 defender die: the attacker loses only if the
    # defender's die is at least the attacker's highest; then 1 able army rolls 1 die.
    p_first = 1 - sum(Fraction(y**3, 6**3) * Fraction(1, 6) for y in range(1, 7))
    assert odds.battle(2, 1, exact=True).p_attacker_wins == p_first + (1 - p_first) * Fraction(5, 12)


def test_tables_equal_single_battles() -> None:
    exact = odds.battle_tables(8, 8, exact=True)
    floats = odds.battle_tables(8, 8)
    for a in range(9):
        for d in range(9):
            one = odds.battle(a, d, exact=True)
            assert exact.p_attacker_wins[a][d] == one.p_attacker_wins
            assert exact.expected_attackers_left[a][d] == one.expected_attackers_left
            assert exact.expected_defenders_left[a][d] == one.expected_defenders_left
            assert floats.p_attacker_wins[a][d] == pytest.approx(float(one.p_attacker_wins), abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.integers(-2, 1), st.integers(-1, 2))
@example(22, 1, 0, -1)  # float sums once gave 1.0000000000000002
def test_end_states_are_a_distribution(a: int, d: int, amod: int, dmod: int) -> None:
    result = odds.battle(a, d, amod, dmod)
    assert sum(p for _, _, p in result.end_states) == pytest.approx(1.0)
    for x, y, p in result.end_states:
        assert (x == 0) != (y == 0) or (a == 0 and d == 0)
        assert 0 <= x <= a and 0 <= y <= d and p > 0
    assert 0.0 <= result.p_attacker_wins <= 1.0
    table = odds.battle_tables(a, d, amod, dmod)
    assert all(0.0 <= p <= 1.0 for row in table.p_attacker_wins for p in row)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30))
def test_more_attackers_never_hurt(a: int, d: int) -> None:
    table = odds.battle_tables(31, 31)
    assert table.p_attacker_wins[a + 1][d] >= table.p_attacker_wins[a][d] - 1e-12
    assert table.p_attacker_wins[a][d + 1] <= table.p_attacker_wins[a][d] + 1e-12


def test_all_results_up_to_100_are_finite_and_quick() -> None:
    table = odds.battle_tables(100, 100)
    assert table.p_attacker_wins[100][100] == pytest.approx(float(odds.battle(100, 100).p_attacker_wins))
    assert table.p_attacker_wins[100][1] > 0.999


# ------------------------------------------------------------------------------ the CLI

runner = CliRunner()


def test_cli_whole_battle_json_interface() -> None:
    result = runner.invoke(app, ["odds", "--attack", "5", "--defend", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    ref = ref_battle(5, 3)
    assert data["p_attacker_wins"] == pytest.approx(float(sum(p for (x, y), p in ref.items() if y == 0)))
    assert data["expected_attackers_left"] == pytest.approx(float(sum(x * p for (x, _), p in ref.items())))
    assert data["expected_defenders_left"] == pytest.approx(float(sum(y * p for (_, y), p in ref.items())))
    assert len(data["end_states"]) == len(ref)


def test_cli_single_roll_json_interface() -> None:
    result = runner.invoke(app, ["odds", "--attack-dice", "3", "--defend-dice", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    got = {(o["attacker_loses"], o["defender_loses"]): o["p"] for o in data["outcomes"]}
    assert got == {k: pytest.approx(float(v)) for k, v in ref_roll(3, 2).items()}


def test_cli_exact_modifiers_and_clamp() -> None:
    result = runner.invoke(app, ["odds", "--attack-dice", "1", "--defend-dice", "1", "--attack-mod", "-2",
                                 "--defend-mod", "1", "--clamp", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    got = {(o["attacker_loses"], o["defender_loses"]): Fraction(o["p_exact"]) for o in data["outcomes"]}
    assert got == {k: v for k, v in ref_roll(1, 1, -2, 1, clamp=True).items() if v}
    result = runner.invoke(app, ["odds", "--attack", "4", "--defend", "2", "--exact", "--json"])
    assert Fraction(json.loads(result.stdout)["exact"]["p_attacker_wins"]) == odds.battle(
        4, 2, exact=True).p_attacker_wins


def test_cli_ranges_table_and_param() -> None:
    result = runner.invoke(app, ["odds", "--attack", "1..3", "--defend", "1,2", "--json"])
    rows = json.loads(result.stdout)["table"]
    assert [(r["attack"], r["defend"]) for r in rows] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    assert rows[0]["p_attacker_wins"] == pytest.approx(5 / 12)
    result = runner.invoke(app, ["odds", "--attack-dice", "1", "--defend-dice", "1", "--param", "die_sides=8",
                                 "--json"])
    got = {(o["attacker_loses"], o["defender_loses"]): o["p"] for o in json.loads(result.stdout)["outcomes"]}
    assert got[(0, 1)] == pytest.approx(28 / 64)
    table = runner.invoke(app, ["odds", "--attack", "1..4", "--defend", "1..4"])
    assert table.exit_code == 0 and "0.417" in table.stdout


@pytest.mark.parametrize("args", [
    ["--attack", "x", "--defend", "2"],
    ["--attack", "5..1", "--defend", "2"],
    ["--attack-dice", "4", "--defend-dice", "2"],
    ["--attack-dice", "3"],
    ["--attack", "3", "--attack-dice", "2", "--defend-dice", "1"],
    ["--attack", "3"],
])
def test_cli_bad_input_is_refused_clearly(args: list[str]) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code != 0
    assert isinstance(result.exception, Exception)
    assert str(result.exception)


# ------------------------------------------------- the game and the calculator share the dice


def test_game_and_calculator_use_the_same_compare(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.games.space_risk.helpers import T, force, position

    from starlanes.games.space_risk import dice as dice_module

    def ties_to_attacker(attack: Any, defend: Any, amod: int, dmod: int, clamp: bool, sides: int) -> tuple[int, int]:
        a = sorted(attack, reverse=True)
        d = sorted(defend, reverse=True)
        lost = sum(1 for x, y in zip(a, d, strict=False) if x + amod < y + dmod)
        return lost, min(len(a), len(d)) - lost

    monkeypatch.setattr(dice_module, "compare", ties_to_attacker)
    odds.clear_caches()
    try:
        p = {(al, dl): q for al, dl, q in odds.roll_outcomes(1, 1)}
        assert p[(0, 1)] == Fraction(21, 36)
        state = position({"Vega-1": 5}, {"Vega-2": 3})
        force(state, 4, 1, 1, 4, 1)  # 4 v 4 and 1 v 1: two ties, now won by the attacker
        from tests.games.space_risk.helpers import GAME
        GAME.apply(state, 0, "attack Vega-1 Vega-2")
        assert state.armies[T("Vega-2")] == 1 and state.armies[T("Vega-1")] == 5
    finally:
        odds.clear_caches()


def test_game_rolls_follow_the_exact_odds() -> None:
    """20,000 real 3-against-2 rolls through the ruleset land within 4 sigma of the exact odds."""
    from tests.games.space_risk.helpers import position

    from starlanes.core import Rng
    from starlanes.games.space_risk.rules.attack import roll

    state = position({"Vega-1": 5}, {"Vega-2": 3})
    state.rng = Rng.from_seed(2024)
    n = 20_000
    seen: dict[tuple[int, int], int] = {}
    for _ in range(n):
        al, dl, _text = roll(state, 3, 2, 0, 0)
        seen[(al, dl)] = seen.get((al, dl), 0) + 1
    for al, dl, p in odds.roll_outcomes(3, 2):
        expected = n * float(p)
        sigma = (n * float(p) * (1 - float(p))) ** 0.5
        assert abs(seen.get((al, dl), 0) - expected) < 4 * sigma


def test_cli_backwards_range_named_as_such() -> None:
    from starlanes.core.errors import ParseError
    from starlanes.games.space_risk.cli import parse_range

    with pytest.raises(ParseError, match=r"range '5\.\.1' runs backwards"):
        parse_range("5..1", "--attack")
    with pytest.raises(ParseError, match="not a number"):
        parse_range("5..x", "--attack")


def test_cli_full_table_is_split_to_fit_the_terminal() -> None:
    from starlanes.cli import common as odds_cli

    old = odds_cli.console.width
    odds_cli.console.width = 80
    try:
        result = runner.invoke(app, ["odds", "--attack", "1..2", "--defend", "1..30", "--full"])
    finally:
        odds_cli.console.width = old
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "defenders 1..9" in result.stdout and "30 ┃" in result.stdout


# ------------------------------------------------ item 25: big dice by order statistics


def test_big_dice_match_brute_force_enumeration_of_small_dice() -> None:
    """Up to 5 dice a side on 2..4-sided dice, with modifiers and clamping, against every roll."""
    for sides, a, d in [(2, 5, 5), (3, 5, 3), (3, 2, 5), (4, 3, 3), (4, 5, 2), (4, 1, 5)]:
        for amod, dmod, clamp in [(0, 0, False), (-2, 1, False), (1, 0, True), (0, 1, True)]:
            rules = DiceRules(sides=sides, attack_max_dice=5, defend_max_dice=5, clamp=clamp)
            got = {(al, dl): p for al, dl, p in odds.roll_outcomes(a, d, amod, dmod, rules)}
            assert got == {k: v for k, v in ref_roll(a, d, amod, dmod, clamp, sides).items() if v}


def test_twenty_sided_five_against_five_is_exact_and_quick() -> None:
    """die_sides=20 attack_dice=5 defend_dice=5 (1.8e9 dice pairs if listed) in milliseconds."""
    import time

    rules = SpaceRiskParams(die_sides=20, attack_dice=5, defend_dice=5).dice
    start = time.process_time()
    five = odds.roll_outcomes(5, 5, rules=rules)
    assert time.process_time() - start < 0.5
    assert sum(p for _, _, p in five) == 1 and all(al + dl == 5 for al, dl, _ in five)
    # Five attacking dice against one: the attacker wins when its highest die beats the defender's.
    one = {(al, dl): p for al, dl, p in odds.roll_outcomes(5, 1, rules=rules)}
    assert one[(0, 1)] == sum((1 - Fraction(y, 20) ** 5) * Fraction(1, 20) for y in range(1, 21))
    # One attacking die against five: the attacker needs to beat the defender's highest.
    back = {(al, dl): p for al, dl, p in odds.roll_outcomes(1, 5, rules=rules)}
    assert back[(0, 1)] == sum(Fraction(1, 20) * Fraction(x - 1, 20) ** 5 for x in range(1, 21))
    start = time.process_time()
    table = odds.battle_tables(40, 40, rules=rules)
    assert time.process_time() - start < 1.0
    assert 0.0 < table.p_attacker_wins[40][40] < 1.0


# ------------------------------------------------------- items 11, 19, 21: the odds CLI


def test_cli_large_ranges_print_one_summary_table_quickly() -> None:
    import time

    start = time.process_time()
    result = runner.invoke(app, ["odds", "--attack", "1..100", "--defend", "1..100"])
    assert time.process_time() - start < 1.0
    assert result.exit_code == 0, result.output
    assert result.stdout.count("probability the attacker wins") == 1
    assert "--full" in result.stdout
    assert len(result.stdout.splitlines()) < 40


def test_cli_equal_rows_collapse_into_a_range() -> None:
    result = runner.invoke(app, ["odds", "--attack", "30..40", "--defend", "1", "--full"])
    assert result.exit_code == 0, result.output
    assert "30..40" in result.stdout and result.stdout.count("1.000") == 1


@pytest.mark.parametrize(("args", "limit"), [
    (["--attack", "0..10000000000", "--defend", "1"], "outside 0..1000"),
    (["--attack", "1000", "--defend", "1000", "--exact"], "at most 100 armies"),
    (["--attack", "1..1000", "--defend", "1..1000", "--json"], "100,000"),
    (["--attack", "1..1000", "--defend", "1..1000", "--full"], "100,000"),
])
def test_cli_huge_requests_are_refused_at_once_naming_the_limit(args: list[str], limit: str) -> None:
    import time

    start = time.process_time()
    result = runner.invoke(app, ["odds", *args])
    assert time.process_time() - start < 0.5
    assert result.exit_code != 0
    assert limit in str(result.exception) and "\n" not in str(result.exception)


def test_cli_negligible_end_states_are_summed_into_one_line() -> None:
    short = runner.invoke(app, ["odds", "--attack", "200", "--defend", "200"])
    full = runner.invoke(app, ["odds", "--attack", "200", "--defend", "200", "--full"])
    assert "end states below" in short.stdout and "end states below" not in full.stdout
    assert len(short.stdout.splitlines()) < len(full.stdout.splitlines())


def test_cli_exact_fractions_show_their_decimal_and_counts_their_plural() -> None:
    result = runner.invoke(app, ["odds", "--attack", "1", "--defend", "1", "--exact"])
    assert result.exit_code == 0, result.output
    assert "1 attacker against 1 defender " in result.stdout
    assert "attacker wins: 5/12 (0.416667)" in result.stdout
    roll = runner.invoke(app, ["odds", "--attack-dice", "1", "--defend-dice", "2", "--exact"])
    assert "1 attacking die (+0) against 2 defending dice" in roll.stdout
    assert "(0." in roll.stdout


# ------------------------------------------------- issue 16 item 2: the fast float table


@pytest.mark.parametrize(
    ("rules", "amod", "dmod"),
    [
        (DiceRules(), 0, 0),
        (DiceRules(), -2, 1),
        (DiceRules(), 1, 0),
        (DiceRules(clamp=True), 1, 1),
        (DiceRules(loss_limited_dice=False), 0, 0),
        (DiceRules(sides=20, attack_max_dice=5, defend_max_dice=5), 0, 0),
        (DiceRules(sides=20, attack_max_dice=5, defend_max_dice=5), 0, 2),
    ],
)
def test_fast_float_table_equals_the_scalar_table(rules: DiceRules, amod: int, dmod: int) -> None:
    """The NumPy pass gives the scalar pass's table to 1e-12, corners included."""
    def outcomes(k: int, j: int) -> tuple[tuple[int, int, float], ...]:
        return odds.roll_outcomes_float(k, j, amod, dmod, rules)

    size = 60
    fast = odds._tables_fast(size, size, rules, outcomes)
    slow = odds._tables(size, size, rules, outcomes, 1.0, 0.0)
    assert odds.battle_tables(size, size, amod, dmod, rules) == fast
    for got, want in [
        (fast.p_attacker_wins, slow.p_attacker_wins),
        (fast.expected_attackers_left, slow.expected_attackers_left),
        (fast.expected_defenders_left, slow.expected_defenders_left),
    ]:
        assert len(got) == len(want) == size + 1
        for row_got, row_want in zip(got, want, strict=True):
            assert row_got == pytest.approx(row_want, abs=1e-12, rel=0)
    assert all(0.0 <= p <= 1.0 for row in fast.p_attacker_wins for p in row)
