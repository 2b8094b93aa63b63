"""The whole game: the end (rulings 24, 25), hidden information (ruling 26), property tests over
random games (no negative stockpile, possession consistent, armies conserved except by combat,
the game ends), 2- to 6-player games through the terminal, bad params and maps."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.risky_stars.game_helpers import GAME, SAMPLE, ally, board, empty_board, kinds, put, sample_game
from typer.testing import CliRunner

from starlanes.cli import app
from starlanes.core import Action, Event, Rng
from starlanes.core.errors import ContentError
from starlanes.core.gm import GM
from starlanes.games.risky_stars.actions import Move
from starlanes.games.risky_stars.rules.common import allied
from starlanes.games.risky_stars.state import NOBODY, RiskyStarsState

runner = CliRunner()


# ------------------------------------------------------------------ the end

def test_A25_the_round_limit_ends_the_game_most_regions_wins() -> None:
    state = empty_board(sample_game(max_rounds=3))
    put(state, 0, "b1-1", 1)
    put(state, 0, "b1-2", 1)
    put(state, 1, "b5-1", 1)
    state.round = 3
    state.current = 1
    events = GAME.apply(state, 1, "end")
    assert "game-over" in kinds(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2.0, 1.0)
    assert "round 3 was the last" in outcome.reason


def test_A25_ties_at_the_round_limit_go_to_production_then_stockpile_then_shared() -> None:
    state = empty_board(sample_game(max_rounds=1))
    put(state, 0, "b1-1", 1)
    put(state, 1, "b2-1", 1)  # equal regions and production: 100 each
    state.stock = [[0, 0, 5], [0, 0, 0]]
    state.current = 1
    GAME.apply(state, 1, "end")
    assert state.winners == [0]
    state = empty_board(sample_game(max_rounds=1))
    put(state, 0, "b1-1", 1)
    put(state, 1, "b2-1", 1)
    state.current = 1
    GAME.apply(state, 1, "end")
    assert state.winners == [0, 1]


def test_A26_a_player_with_nothing_left_is_out_and_the_last_one_wins() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    state.reserve[1] = [3]
    state.current = 1
    events = GAME.apply(state, 1, "end")
    assert kinds(events)[-3:] == ["eliminated", "round-ended", "game-over"]
    assert state.alive == [True, False] and state.removed == [3]
    assert GAME.is_over(state) and GAME.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_A25_allied_victory_ends_the_game_when_one_alliance_is_left() -> None:
    state = empty_board(sample_game(players=3, seed=4, map="", allied_victory=True))
    b = board(state)
    put(state, 1, b.locations[b.system_regions[1][0]], 1)
    put(state, 2, b.locations[b.system_regions[2][0]], 1)
    ally(state, 1, 2)
    state.current, state.first = 2, 0
    GAME.apply(state, 2, "end")
    assert state.over and state.winners == [1, 2]


def test_A25_holding_the_featured_system_wins_when_the_param_is_set() -> None:
    state = empty_board(sample_game(featured_hold_rounds=2))
    b = board(state)
    featured = b.system_kind.index("featured")
    for r in b.system_regions[featured]:
        put(state, 0, b.locations[r], 1)
    put(state, 1, "b5-1", 1)
    state.current = 1
    events = GAME.apply(state, 1, "end")
    assert "featured-held" in kinds(events) and not state.over
    GAME.apply(state, 0, "end")
    GAME.apply(state, 1, "end")
    assert state.over and state.winners == [0] and "featured" in state.end_reason


def test_an_eliminated_players_turn_is_skipped() -> None:
    state = empty_board(sample_game(players=3, seed=4, map=""))
    b = board(state)
    put(state, 0, b.locations[b.system_regions[0][0]], 1)
    put(state, 2, b.locations[b.system_regions[2][0]], 1)
    state.alive[1] = False
    GAME.apply(state, 0, "end")
    assert state.current == 2


# ------------------------------------------------------------------ hidden information

def test_ruling_26_reserves_are_hidden_counts_are_public() -> None:
    state = sample_game()
    mine, theirs = GAME.view(state, 0).game, GAME.view(state, GM).game
    assert mine.reserve == tuple(state.reserve[0]) and mine.all_reserves is None
    assert mine.reserve_sizes == (1, 1)
    assert theirs.all_reserves == tuple(tuple(r) for r in state.reserve)
    public = GAME.setup({"map": SAMPLE, "hero_reserve_public": True}, 2, 1)
    assert GAME.view(public, 1).game.all_reserves == tuple(tuple(sorted(r)) for r in public.reserve)


def test_ruling_26_perturbing_hidden_heroes_keeps_the_view_and_can_change_the_state() -> None:
    state = sample_game()
    view = GAME.view_to_json(GAME.view(state, 0))
    changed = False
    for seed in range(5):
        other = GAME.perturb_hidden(state, 0, Rng.from_seed(seed))
        assert GAME.view_to_json(GAME.view(other, 0)) == view
        assert other.reserve[0] == state.reserve[0]
        changed |= other.reserve[1] != state.reserve[1] or other.deck != state.deck
    assert changed


def test_ruling_26_a_view_that_showed_another_reserve_would_be_caught() -> None:
    state = sample_game()
    leaky = GAME.perturb_hidden(state, 0, Rng.from_seed(3))
    assert leaky.reserve[1] != state.reserve[1] or leaky.deck != state.deck
    assert GAME.view(leaky, GM).game.all_reserves != GAME.view(state, GM).game.all_reserves \
        or leaky.deck != state.deck


def test_determinize_gives_a_state_with_the_same_view() -> None:
    state = sample_game()
    GAME.apply(state, 0, "propose 1")
    for seat in (0, 1):
        view = GAME.view(state, seat)
        sampled = GAME.determinize_view(view, Rng.from_seed(2))
        assert GAME.view_to_json(GAME.view(sampled, seat)) == GAME.view_to_json(view)
        assert sorted(sampled.deck + [h for r in sampled.reserve for h in r]) == sorted(
            state.deck + [h for r in state.reserve for h in r])


def test_a_view_names_no_map_file() -> None:
    state = sample_game()
    assert SAMPLE not in GAME.view_to_json(GAME.view(state, 0)).decode()


# ------------------------------------------------------------------ properties over random games

def _delta(events: list[Event]) -> int:
    change = 0
    for e in events:
        f = e.fields
        if e.kind in ("bought", "placed"):
            change += f["count"]
        elif e.kind == "volley":
            change -= f["attacker_losses"] + sum(f["defender_losses"])
        elif e.kind == "returned" and f["result"] == "destroyed":
            change -= f["count"]
    return change


def _check(state: RiskyStarsState) -> None:
    assert all(r >= 0 for s in state.stock for r in s), "a negative stockpile"
    assert all(u >= 0 for us in state.units for u in us), "a negative army"
    fighting = {c.at for c in state.combats}
    for loc, holder in enumerate(state.owner):
        present = [s for s in range(state.players) if state.units[s][loc]]
        if loc in fighting:
            continue
        if holder != NOBODY:
            assert state.units[holder][loc] > 0, f"possessor {holder} of location {loc} has no army there"
        else:
            assert not present, f"armies on unowned location {loc}"
        assert all(allied(state, s, holder) for s in present), f"non-allied armies at {loc} without combat"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_properties_hold_over_random_games_and_the_game_ends(players: int, seed: int) -> None:
    """No negative stockpile; a possessed location always holds its possessor's army; armies
    change only by purchase, placement and combat; the game ends within the round limit."""
    state = GAME.setup({"max_rounds": 12}, players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(20_000):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        before = sum(sum(u) for u in state.units)
        events = GAME.apply(state, seat, GAME.sample_legal(state, seat, rng))
        assert sum(sum(u) for u in state.units) == before + _delta(events)
        _check(state)
    assert GAME.is_over(state) and state.round <= 12


def test_alliances_form_in_random_play_and_the_properties_still_hold() -> None:
    state = GAME.setup({"max_rounds": 15}, 4, 11)
    rng = Rng.from_seed(5)
    formed = False
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        kinds_here = {a.verb for a in legal}
        verb = "accept" if "accept" in kinds_here else "propose" if "propose" in kinds_here and rng.coin() else ""
        action = next((a for a in legal if a.verb == verb), None) or GAME.sample_legal(state, seat, rng)
        before = sum(sum(u) for u in state.units)
        events = GAME.apply(state, seat, action)
        formed |= "alliance-formed" in kinds(events)
        assert sum(sum(u) for u in state.units) == before + _delta(events)
        _check(state)
    assert formed


# ------------------------------------------------------------------ the terminal

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_play_runs_to_the_end_for_2_to_6_random_seats(players: int, tmp_path: Path) -> None:
    seats = [arg for _ in range(players) for arg in ("--seat", "random")]
    result = runner.invoke(app, ["play", "risky-stars", *seats, "--seed", "3", "--param", "max_rounds=6",
                                 "--save", str(tmp_path / "game.json")])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_a_human_seat_can_type_actions_and_gets_reasons(tmp_path: Path) -> None:
    typed = "help\nbuy nowhere 1\nend\nquit\n"
    result = runner.invoke(app, ["play", "risky-stars", "--seat", "human", "--seat", "random", "--seed", "2",
                                 "--param", f"map={SAMPLE}", "--save", str(tmp_path / "g.json")], input=typed)
    assert result.exit_code == 0, result.output
    for syntax in ("buy LOCATION COUNT", "move SOURCE TARGET COUNT", "upgrade BODY", "hero HERO BODY",
                   "propose SEAT", "share PERCENT", "place LOCATION COUNT"):
        assert syntax in result.output
    assert "there is no location 'nowhere'" in result.output


def test_a_map_file_for_another_player_count_is_refused() -> None:
    with pytest.raises(ContentError, match="the map has 2 home systems; a game of 3 players needs one each"):
        GAME.setup({"map": SAMPLE}, 3, 1)


def test_the_default_setup_generates_a_map_from_the_seed() -> None:
    a, b = GAME.setup(None, 5, 8), GAME.setup(None, 5, 8)
    assert a.star_map == b.star_map and len(a.homes) == 5
    assert GAME.setup(None, 5, 9).star_map != a.star_map


def _aggressive(state: RiskyStarsState, seat: int, rng: Rng) -> Action:
    """Mostly an attack (a legal move onto another player's army) when there is one, else random."""
    b = board(state)
    if not state.moved and state.pending is None and rng.random() < 0.8:
        attacks = [Move(b.locations[src], b.locations[dst], state.units[seat][src] - 1 or 1)
                   for src in range(len(b.locations)) if state.units[seat][src]
                   for dst in b.destinations[src]
                   if any(state.units[o][dst] for o in range(state.players) if o != seat)]
        attacks = [a for a in attacks if GAME.why_not(state, seat, a) is None]
        if attacks:
            return attacks[rng.randint(0, len(attacks) - 1)]
    return GAME.sample_legal(state, seat, rng)


@pytest.mark.parametrize(("mode", "window"), [("per_arrival", "round_end"), ("until_decided", "round_end"),
                                             ("per_arrival", "full_lap")])
def test_properties_hold_in_a_crowded_fight_over_the_featured_system(mode: str, window: str) -> None:
    """Every player's armies start mixed over the featured system: combats, reinforcements,
    bounces, captures and returns happen often, and the properties still hold."""
    seen: set[str] = set()
    for seed in range(3):
        state = empty_board(GAME.setup({"max_rounds": 8, "combat_mode": mode, "combat_window": window}, 3, seed))
        b = board(state)
        featured = b.system_kind.index("featured")
        spots = list(b.system_regions[featured]) + [i for i in range(b.n_regions, len(b.locations))
                                                    if b.system_of[i] == featured]
        rng = Rng.from_seed(seed)
        for k, loc in enumerate(spots):
            put(state, k % 3, b.locations[loc], rng.randint(1, 12))
        state.stock = [[400, 120, 120] for _ in range(3)]
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            before = sum(sum(u) for u in state.units)
            if rng.random() < 0.1:  # the list, its count and the one predicate agree
                legal = GAME.legal_actions(state, seat)
                assert GAME.count_legal(state, seat) == len(legal)
                assert all(GAME.why_not(state, seat, a) is None for a in legal[:40])
            events = GAME.apply(state, seat, _aggressive(state, seat, rng))
            seen.update(kinds(events))
            assert sum(sum(u) for u in state.units) == before + _delta(events)
            _check(state)
    assert {"combat-opened", "volley", "captured", "held-off", "reinforced"} <= seen
    assert ("returned" in seen) == (mode == "per_arrival")  # until_decided: one side is always wiped out


def test_ruling_26_the_conformance_leak_check_fails_on_a_view_showing_other_reserves() -> None:
    """The leak check can fail: a view that shows every reserve changes when the hidden
    heroes are redealt, and the conformance suite says so."""
    from starlanes.games.risky_stars.game import RiskyStars
    from starlanes.games.risky_stars.view import RiskyStarsView, build_view
    from starlanes.testing.conformance import ConformanceFailure, check_views_do_not_leak

    class Leaky(RiskyStars):
        def _view(self, state: RiskyStarsState, seat: int | None) -> RiskyStarsView:
            return build_view(state, None)  # everything, as the GM sees it

    with pytest.raises(ConformanceFailure, match="changed when only hidden things did"):
        check_views_do_not_leak(Leaky())


def test_every_event_kind_has_words_for_people() -> None:
    from starlanes.games.risky_stars.describe import _WORDS
    from starlanes.games.risky_stars.events import EVENT_TYPES, Volley

    assert {t.kind for t in EVENT_TYPES} == set(_WORDS) | {Volley.kind}
    event = Volley("b3-1", 1, [9, 7, 2], [8, 5], 0, [2], [0]).event()
    assert GAME.describe_event(event, 0) == ("volley at b3-1: seat 1 rolls 9 7 2 against 8 5; attacker loses 0, "
                                             "defenders lose 2 (seat 0 -2)")


def test_the_rulesets_own_board_fits_100_columns_for_six_players() -> None:
    state = GAME.setup(None, 6, 3)
    text = GAME.render(GAME.view(state, 0).game, 0)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "your heroes: h" in text


def test_a_clone_is_independent_of_its_original() -> None:
    state = sample_game()
    copy = GAME.clone(state)
    assert copy == state
    copy.rng.force([3])
    copy.units[0][0] += 1
    copy.stock[1][0] = 0
    GAME.apply(copy, 0, "end")
    assert state.rng.forced == [] and state.units[0][0] != copy.units[0][0] and state.stock[1][0] != 0
    assert GAME.to_json(GAME.clone(state)) == GAME.to_json(state)


def test_A26_everybody_out_at_once_is_a_draw() -> None:
    state = empty_board(sample_game())
    state.current = 1
    events = GAME.apply(state, 1, "end")
    assert kinds(events)[-2:] == ["round-ended", "game-over"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "draw" in outcome.reason
