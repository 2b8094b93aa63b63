"""The generic agents: spec strings, known best moves, chance, sealed choices, budgets."""

from __future__ import annotations

import time
from typing import Any

import pytest

from starlanes.ai.greedy import GreedyAgent
from starlanes.ai.mcts import ISMCTSAgent, MCTSAgent
from starlanes.ai.registry import agent_names, make_agent
from starlanes.ai.search import Budget, rewards
from starlanes.core import ParseError, Ruleset, UnknownName
from starlanes.registry import available_games, get_game
from tests.ai.games import Choose, Take, make_bet, make_nim, make_pennies, nim_losing
from tests.toy.duel import make_duel

Game = Ruleset[Any, Any, Any]


def decide(game: Game, state: Any, spec: str, seat: int, seed: int = 1) -> Any:
    agent = make_agent(spec, game, seat, seed)
    return agent.act(game.view(state, seat), game.legal_actions(state, seat))


# ----------------------------------------------------------------------- spec strings


def test_spec_names_generic_agents() -> None:
    names = agent_names(make_nim())
    assert {"random", "greedy", "mcts", "ismcts"} <= set(names)
    assert isinstance(make_agent("mcts:iterations=50,c=0.5,rollout=10", make_nim(), 0, 1), MCTSAgent)
    assert isinstance(make_agent("ismcts:iterations=50", make_duel(), 0, 1), ISMCTSAgent)
    assert isinstance(make_agent("greedy:samples=3", make_nim(), 0, 1), GreedyAgent)


def test_spec_unknown_option_lists_valid_options() -> None:
    with pytest.raises(UnknownName) as err:
        make_agent("mcts:iters=5", make_nim(), 0, 1)
    message = str(err.value)
    assert "iters" in message
    for option in ("iterations", "time", "c", "rollout"):
        assert option in message


def test_spec_unknown_agent_lists_valid_names() -> None:
    with pytest.raises(UnknownName) as err:
        make_agent("mtcs", make_nim(), 0, 1)
    assert "greedy" in str(err.value) and "ismcts" in str(err.value)


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("mcts:iterations=many", "whole number"),
        ("mcts:iterations=-3", "at least 0"),
        ("mcts:iterations=0", "needs a time budget"),
        ("mcts:time=abc", "must be a number"),
        ("mcts:time=0", "must be positive"),
        ("ismcts:c=nan", "finite"),
        ("greedy:samples=0", "at least 1"),
    ],
)
def test_spec_bad_option_value_is_a_parse_error(spec: str, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        make_agent(spec, make_nim(), 0, 1)


# ----------------------------------------------------------------------- known answers


@pytest.mark.parametrize("piles", [(1, 2, 0), (2, 3, 0), (1, 1, 3), (2, 2, 3), (5, 1, 2)])
def test_mcts_finds_the_winning_nim_move(piles: tuple[int, ...]) -> None:
    game = make_nim()
    assert not nim_losing(piles)
    state = game.setup({"piles": ",".join(map(str, piles))}, 2, 0)
    action = decide(game, state, "mcts:iterations=3000,rollout=200", 0)
    assert isinstance(action, Take)
    after = list(piles)
    after[action.pile] -= action.count
    assert nim_losing(after), f"{action.text()} from {piles} leaves a winning position"


def test_greedy_takes_an_immediate_win() -> None:
    game = make_nim()
    state = game.setup({"piles": "0,3,0"}, 2, 0)
    for seed in range(5):
        assert decide(game, state, "greedy", 0, seed) == Take(1, 3)


def test_mcts_cannot_foresee_dice() -> None:
    # betting wins 1/3 of the time; a search that knew the next roll would bet when it is 5-6
    game = make_bet()
    for seed in range(12):
        state = game.setup(None, 2, seed)
        assert decide(game, state, "mcts:iterations=300", 0, seed).text() == "pass"


def test_mcts_bets_when_the_odds_favour_it() -> None:
    game = make_bet()
    state = game.setup({"win_from": "2"}, 2, 0)  # wins 5/6
    assert decide(game, state, "mcts:iterations=300", 0).text() == "bet"


def test_sealed_choice_of_another_seat_does_not_change_the_decision() -> None:
    game = make_duel()
    decisions = set()
    for card_index in range(3):
        state = game.setup(None, 2, 11)
        hand = sorted(set(state.hands[0]))
        game.apply(state, 0, f"play {hand[min(card_index, len(hand) - 1)]}")  # seat 0 seals a card
        decisions.add(decide(game, state, "mcts:iterations=200", 1, seed=5).text())
    assert len(decisions) == 1


def test_sealed_decision_is_searched_without_seeing_the_other_choice() -> None:
    # matching pennies: when each seat chooses from its own statistics (decoupled), each of
    # seat 0's coins is worth about 1/2; a search that let seat 1 see seat 0's sealed coin
    # would answer it perfectly and value both of seat 0's coins near 0
    game = make_pennies()
    state = game.setup(None, 2, 0)
    for seat in (0, 1):
        agent = MCTSAgent(game, seat, 9, {"iterations": "3000"})
        agent.act(game.view(state, seat), game.legal_actions(state, seat))
        assert agent.last is not None
        for action, value in agent.last.values.items():
            assert 0.3 < value < 0.7, (seat, action, value)
        assert set(agent.last.values) == {Choose(0), Choose(1)}


# ----------------------------------------------------------------------- budgets, seeds


def test_time_budget_stops_in_time() -> None:
    game = make_nim()
    state = game.setup({"piles": "9,9,9,9"}, 2, 0)
    agent = MCTSAgent(game, 0, 1, {"time": "0.05"})
    started = time.perf_counter()
    agent.act(game.view(state, 0), game.legal_actions(state, 0))
    elapsed = time.perf_counter() - started
    assert agent.last is not None and agent.last.iterations > 0
    assert elapsed < 0.5
    assert agent.budget == Budget(None, 0.05)


def test_same_seed_same_decisions() -> None:
    game = make_duel()
    for spec in ("mcts:iterations=60", "ismcts:iterations=60", "greedy"):
        state = game.setup(None, 3, 2)
        first = decide(game, state, spec, 1, seed=7)
        again = decide(game, state, spec, 1, seed=7)
        assert first == again


def test_rewards_of_a_draw_and_a_win() -> None:
    game = make_bet()
    state = game.setup(None, 2, 0)
    game.apply(state, 0, "pass")
    assert rewards(game, state, 2) == [0.5, 0.5]
    state = game.setup({"win_from": "1"}, 2, 0)
    game.apply(state, 0, "bet")
    assert rewards(game, state, 2) == [1.0, 0.0]
    # unfinished and no evaluate(): 1/n each
    assert rewards(game, game.setup(None, 2, 0), 2) == [0.5, 0.5]


def test_single_legal_action_is_returned_without_search() -> None:
    game = make_nim()
    state = game.setup({"piles": "1"}, 2, 0)
    agent = MCTSAgent(game, 0, 1, {"iterations": "50"})
    assert agent.act(game.view(state, 0), game.legal_actions(state, 0)) == Take(0, 1)
    assert agent.last is None


@pytest.mark.parametrize("game_id", [spec.id for spec in available_games()])
def test_search_agents_play_every_registered_ruleset(game_id: str) -> None:
    game = get_game(game_id)
    players = game.spec.min_players
    state = game.setup(None, players, 5)
    agents = [make_agent(spec, game, s, s) for s, spec in
              enumerate(["mcts:iterations=6", "ismcts:iterations=6", "greedy:samples=1"][:players])]
    seen = 0
    for _ in range(40):
        if game.is_over(state):
            break
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            action = agents[seat].act(game.view(state, seat), legal)
            assert action in legal
            game.apply(state, seat, action)
            seen += 1
    assert seen >= 40
