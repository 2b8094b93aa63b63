"""The heuristic bot: legal, sensible (expands, garrisons, attacks at good odds, upgrades with
surpluses, heroes, alliances), and beats the random bot."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tests.games.risky_stars.game_helpers import GAME, ally, at, board, empty_board, put, sample_game

from starlanes.ai.random_agent import RandomAgent
from starlanes.ai.registry import make_agent
from starlanes.core import derive_seed
from starlanes.core.errors import ParseError, UnknownName
from starlanes.core.state import SeatView
from starlanes.games.risky_stars.actions import Accept, Decline, End, Propose
from starlanes.games.risky_stars.ai import HeuristicAgent, evaluate_view, make_heuristic
from starlanes.games.risky_stars.ai_odds import attack_odds
from starlanes.games.risky_stars.combat import fight
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.state import RiskyStarsState


def play(seed: int, bot_seat: int, players: int = 2, rounds: int = 20) -> tuple[bool, Counter[str]]:
    """One game of the bot against random bots; every action goes through the checked apply."""
    state = GAME.setup({"max_rounds": rounds}, players, seed)
    agents: dict[int, Any] = {s: HeuristicAgent(s) if s == bot_seat else RandomAgent(derive_seed(seed, s))
                              for s in range(players)}
    verbs: Counter[str] = Counter()
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        action = agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        GAME.apply(state, seat, action)  # checked: the bot only says legal things
        if seat == bot_seat:
            verbs[action.verb] += 1
    out = GAME.outcome(state)
    assert out is not None
    return bot_seat in out.winners, verbs


def act(state: RiskyStarsState, seat: int = 0, **options: Any) -> str:
    agent = HeuristicAgent(seat, **options)
    view: SeatView[Any] = GAME.view(state, seat)
    return agent.act(view, GAME.legal_actions(state, seat)).text()


def test_heuristic_beats_random_in_at_least_90_percent_of_two_player_games() -> None:
    """Issue 11 item 10 (the full measurement: docs/games/risky-stars.md, `starlanes lab`)."""
    results = [play(derive_seed(11, i), i % 2) for i in range(12)]
    wins = sum(won for won, _ in results)
    assert wins >= 11
    verbs = sum((v for _, v in results), Counter())
    assert verbs["buy"] > 0 and verbs["move"] > 0 and verbs["upgrade"] > 0 and verbs["hero"] > 0


def test_heuristic_plays_a_six_player_game_with_alliances() -> None:
    _, verbs = play(derive_seed(3, 0), 0, players=6, rounds=12)
    assert verbs["move"] > 0 and (verbs["propose"] + verbs["accept"]) > 0


def test_bot_takes_an_empty_region_of_its_system() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 6)
    assert act(state).startswith("move b1-1 ")
    target = act(state).split()[2]
    assert target.startswith("b") and state.owner[at(state, target)] == -1


def test_bot_attacks_at_good_odds() -> None:
    state = empty_board(sample_game())
    for r in ("b1-1", "b1-2", "b1-3", "b1-4", "b2-1", "b3-1", "b4-1", "b4-2"):
        put(state, 0, r, 1)
    put(state, 0, "b1-1", 30)
    put(state, 1, "l1:home-1", 1)
    assert act(state) == "move b1-1 l1:home-1 29"


def test_bot_does_not_attack_at_bad_odds() -> None:
    state = empty_board(sample_game())
    for r in ("b1-1", "b1-2", "b1-3", "b1-4", "b2-1", "b3-1", "b4-1", "b4-2"):
        put(state, 0, r, 1)
    put(state, 0, "b1-1", 4)
    put(state, 1, "l1:home-1", 9)
    assert not act(state).endswith("l1:home-1 3")
    assert attack_odds(state.params, 3, 9).p_capture == 0.0


def test_bot_garrisons_a_threatened_location_first() -> None:
    """A location an enemy army could reach gets one more unit than that army can move there
    (safe from one volley); the rest goes where the bot plans to move from."""
    state = empty_board(sample_game(), stock=(1000, 300, 300))
    for r in ("b1-1", "b1-2", "b1-3", "b1-4", "b2-1", "b3-1", "b4-1", "b4-2"):
        put(state, 0, r, 1)
    put(state, 0, "l1:home-1", 1)
    put(state, 1, "l1:featured", 8)
    assert act(state) == "buy l1:home-1 7"  # the enemy may move 7 of its 8 (it keeps one)
    GAME.apply(state, 0, "buy l1:home-1 7")
    # the rest goes where the bot moves from: here a party toward the empty minor systems
    assert act(state) == "buy l1:home-1 93"
    GAME.apply(state, 0, "buy l1:home-1 93")
    assert act(state).startswith("move l1:home-1 l")


def test_bot_buys_every_unit_it_can() -> None:
    state = empty_board(sample_game(), stock=(1000, 300, 300))
    put(state, 0, "b1-1", 5)
    assert act(state) == "buy b1-1 100"


def test_bot_upgrades_with_a_surplus_only() -> None:
    """RS-U01: an upgrade that costs resources the bot cannot turn into units (here Metals and
    Fuel, with no Population to go with them) is bought; one that would cut next turn's units
    is not."""
    state = empty_board(sample_game(), stock=(0, 20_000, 20_000))
    for r in ("b1-1", "b1-2", "b1-3", "b1-4"):
        put(state, 0, r, 1)
    state.moved = True
    assert act(state) == "upgrade b1"
    scarce = empty_board(sample_game(), stock=(0, 600, 600))
    for r in ("b1-1", "b1-2", "b1-3", "b1-4"):
        put(scarce, 0, r, 1)
    scarce.moved = True
    assert act(scarce) == "end"


def test_bot_assigns_a_hero_where_it_adds_most() -> None:
    """RS-H03: a class II hero multiplies a body's yield: it goes to the biggest body."""
    state = empty_board(sample_game())
    for r in ("b1-1", "b1-2", "b1-3", "b1-4", "b2-1"):
        put(state, 0, r, 1)
    hero = state.hero_class.index(2)
    state.reserve[0] = [hero]
    state.moved = True
    assert act(state) == f"hero h{hero + 1} b1"


def test_bot_declines_an_alliance_with_its_only_opponent() -> None:
    state = sample_game()
    GAME.apply(state, 0, Propose(1))
    assert GAME.to_act(state) == {1}
    assert act(state, 1) == "decline"


def _three_players() -> RiskyStarsState:
    state = GAME.setup({"max_rounds": 10}, 3, 5)
    state.current = state.first = 0
    state.round = 2
    state.reserve = [[] for _ in range(3)]
    return state


def test_bot_accepts_an_alliance_in_a_three_player_game_unless_the_leader_asks() -> None:
    state = _three_players()
    GAME.apply(state, 0, Propose(1))
    assert act(state, 1) == "accept"
    leader = _three_players()
    free = [loc for loc in range(board(leader).n_regions) if leader.owner[loc] == -1]
    for loc in free[:10]:  # seat 0, the proposer, now leads in regions
        leader.owner[loc] = 0
    GAME.apply(leader, 0, Propose(1))
    assert act(leader, 1) == "decline"


def test_bot_proposes_to_a_player_that_is_not_the_leader() -> None:
    state = _three_players()
    state.moved = True
    state.stock[0] = [0, 0, 0]
    assert act(state) in ("propose 1", "propose 2")


def test_bot_leaves_an_alliance_that_holds_everyone_left() -> None:
    state = GAME.setup({"max_rounds": 10}, 2, 5)
    state.current = state.first = 0
    ally(state, 0, 1)
    state.reserve = [[], []]
    state.moved = True
    state.to_place = [0, 0]
    assert act(state) == "leave"


def test_bot_without_alliances_option_declines() -> None:
    state = _three_players()
    GAME.apply(state, 0, Propose(1))
    assert act(state, 1, alliances=False) == "decline"


def test_bot_ends_its_turn_when_nothing_is_worth_doing() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    assert act(state) == "end"


def test_attack_odds_are_exact_for_small_armies_and_estimated_for_big() -> None:
    p = RiskyStarsParams()
    for a, d in [(1, 1), (3, 2), (8, 5), (20, 4)]:
        odds = attack_odds(p, a, d)
        assert odds.exact and odds.p_capture == pytest.approx(fight(a, d).p_capture)
    big = attack_odds(p, 100, 12)
    assert not big.exact and big.p_capture == pytest.approx(fight(100, 12).p_capture, abs=0.05)
    assert attack_odds(p, 5, 0).p_capture == 1.0 and attack_odds(p, 0, 3).p_capture == 0.0


def test_evaluate_view_prefers_more_regions_and_knows_the_end() -> None:
    state = sample_game()
    before = evaluate_view(GAME.view(state, 0).game, 0)
    put(state, 0, "b2-1", 1)
    assert evaluate_view(GAME.view(state, 0).game, 0) > before
    state.over, state.winners = True, [1]
    assert evaluate_view(GAME.view(state, 0).game, 0) == 0.0
    assert evaluate_view(GAME.view(state, 1).game, 1) == 1.0


def test_factory_options_are_checked() -> None:
    assert make_heuristic(GAME, 0, 0, {"threshold": "0.7"}).threshold == 0.7
    assert make_heuristic(GAME, 0, 0, {"alliances": "no"}).alliances is False
    with pytest.raises(ParseError, match="threshold must be a number"):
        make_heuristic(GAME, 0, 0, {"threshold": "high"})
    with pytest.raises(ParseError, match=r"within 0\.\.1"):
        make_heuristic(GAME, 0, 0, {"threshold": "2"})
    with pytest.raises(ParseError, match="alliances must be yes or no"):
        make_heuristic(GAME, 0, 0, {"alliances": "maybe"})
    with pytest.raises(UnknownName):
        make_heuristic(GAME, 0, 0, {"thresold": "0.5"})


def test_bot_is_listed_by_the_registry_entry() -> None:
    from starlanes.registry import get_entry

    assert "risky-stars:heuristic" in get_entry("risky-stars").agent_factories()
    agent = make_agent("risky-stars:heuristic:threshold=0.6", GAME, 1, 0)
    assert isinstance(agent, HeuristicAgent) and agent.threshold == 0.6 and agent.seat == 1


def test_bot_answers_only_from_its_view() -> None:
    """The bot never sees the state: two states with the same view get the same action."""
    state = sample_game()
    other = GAME.perturb_hidden(state, 0, state.rng.fork("test"))
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert act(state) == act(other)
    assert Accept() not in GAME.legal_actions(state, 0) and Decline() not in GAME.legal_actions(state, 0)
    assert End() in GAME.legal_actions(state, 0)
