"""The heuristic bot: legal, uses the exact odds and ships, beats the random bot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from tests.games.space_risk.helpers import BOARD, GAME, T, add_ship, force, position

from starlanes.ai.random_agent import RandomAgent
from starlanes.ai.registry import make_agent
from starlanes.cli.terminal import PlaySession
from starlanes.core import Match, derive_seed
from starlanes.games.space_risk.ai import HeuristicAgent, mission_progress, p_win
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.odds import battle
from starlanes.games.space_risk.state import BATTLESHIP, OVER, TRANSPORT, SpaceRiskState


def play(seed: int, bot_seat: int) -> tuple[bool, Counter[str]]:
    state = GAME.setup(None, 2, seed)
    agents: dict[int, Any] = {bot_seat: HeuristicAgent(bot_seat), 1 - bot_seat: RandomAgent(seed)}
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


def test_heuristic_beats_random_bot() -> None:
    results = [play(derive_seed(7, i), i % 2) for i in range(10)]
    wins = sum(won for won, _ in results)
    assert wins >= 9
    verbs = sum((v for _, v in results), Counter())
    assert verbs["build"] > 0 and verbs["trade"] > 0 and verbs["attack"] > 0


def test_p_win_is_the_exact_whole_battle_odds() -> None:
    rules = DiceRules()
    for a, d in [(1, 1), (3, 2), (7, 5), (12, 12)]:
        assert p_win(rules, a, d) == pytest.approx(float(battle(a, d).p_attacker_wins))
    assert p_win(rules, 0, 3) == 0.0 and p_win(rules, 3, 0) == 1.0


def _act(state: Any, seat: int = 0) -> str:
    agent = HeuristicAgent(seat)
    return agent.act(GAME.view(state, seat), GAME.legal_actions(state, seat)).text()


def test_bot_attacks_at_good_odds_and_not_at_bad_odds() -> None:
    good = position({"Vega-1": 12}, {"Vega-2": 2}, rest=6)
    assert _act(good) == "attack Vega-1 Vega-2"
    bad = position({"Vega-1": 2}, {"Vega-2": 9, "Vega-6": 9}, rest=9)
    assert not _act(bad).startswith("attack")


def test_bot_invades_a_planet_from_a_loaded_transport() -> None:
    # The bot holds no land on Vega: its loaded transport in Vega's orbit attacks.
    mine = {BOARD.names[t]: 3 for t in range(BOARD.land_count) if not BOARD.names[t].startswith("Vega")}
    state = position(mine, rest=1)
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=10)
    assert _act(state).startswith(f"attack {tr} Vega-")


def test_bot_flies_loaded_transport_toward_an_enemy_planet() -> None:
    mine = {BOARD.names[t]: 3 for t in range(BOARD.land_count) if not BOARD.names[t].startswith("Vega")}
    state = position(mine, rest=1)
    for t in range(BOARD.land_count):  # nothing to attack by land
        if state.owner[t] == 0:
            state.armies[t] = 1
    state.port_used = [state.round] * len(BOARD.planets)  # no spaceport may build this turn
    tr = add_ship(state, 0, TRANSPORT, "Sirius-Orbit", cargo=10)
    assert _act(state) == f"fly {tr} Outer-1"


def test_bot_battleship_attacks_a_transport() -> None:
    state = position({"Vega-1": 1})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1", cargo=3)
    assert _act(state) == f"attack {bs} Outer-1"


def test_bot_available_through_the_agent_registry() -> None:
    agent = make_agent("space-risk:heuristic:threshold=0.7", GAME, 1, 3)
    assert isinstance(agent, HeuristicAgent) and agent.threshold == 0.7
    with pytest.raises(Exception, match="threshold"):
        make_agent("space-risk:heuristic:threshold=x", GAME, 1, 3)


def test_evaluate_prefers_more_territory() -> None:
    strong = position({BOARD.names[t]: 5 for t in range(20)})
    weak = position({BOARD.names[t]: 1 for t in range(3)})
    v1 = GAME.evaluate(strong, 0)
    v2 = GAME.evaluate(weak, 0)
    assert v1 is not None and v2 is not None and 0.0 <= v2 < v1 <= 1.0


def _goal(card_id: str) -> int:
    return next(i for i, c in enumerate(BOARD.goals) if c.id == card_id)


def _value(state: SpaceRiskState, seat: int = 0) -> float:
    v = GAME.evaluate(state, seat)
    assert v is not None and 0.0 <= v <= 1.0
    return v


def test_evaluate_is_one_for_the_winner_and_zero_for_the_loser_at_a_decided_end() -> None:
    names = [BOARD.names[t] for t in range(BOARD.land_count) if BOARD.names[t] != "Vega-2"]
    state = position(dict.fromkeys(names, 3), {"Vega-2": 1})
    before = _value(state)
    assert 0.5 < before < 1.0  # far ahead, not yet won
    force(state, 6, 6, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")  # the last enemy territory falls
    assert state.phase == OVER
    assert _value(state, 0) == 1.0 and _value(state, 1) == 0.0


def test_evaluate_is_even_for_a_full_tie_at_the_round_limit() -> None:
    state = position({}, rest=1)
    state.winners, state.end_reason, state.phase = [], "round limit", OVER
    assert _value(state, 0) == _value(state, 1) == 0.5


def test_evaluate_ranks_more_territory_and_more_infantry_higher() -> None:
    few = position({f"Vega-{i}": 2 for i in range(1, 5)})
    more = position({f"Vega-{i}": 2 for i in range(1, 7)})
    assert _value(more) > _value(few)
    thicker = position({f"Vega-{i}": 5 for i in range(1, 5)})
    assert _value(thicker) > _value(few)
    # a position is good for one seat exactly as it is bad for the other
    assert _value(more, 1) < _value(few, 1)


def test_evaluate_values_a_star_above_a_handful_of_territories() -> None:
    small = position({f"Vega-{i}": 3 for i in range(1, 7)})
    big = position({f"Vega-{i}": 3 for i in range(1, 7)} | {f"Sirius-{i}": 3 for i in range(1, 5)})
    for s in (small, big):
        s.goals = [[], []]  # no goal progress either way: only the star differs
    small.stars = [1, 0]
    assert _value(small) > _value(big)


def test_evaluate_values_progress_toward_the_seats_goal_card() -> None:
    # the same number of territories and infantry; one position holds most of Dramethan
    spread = position({f"Vega-{i}": 3 for i in range(1, 7)})
    focused = position({f"Dramethan-{i}": 3 for i in range(1, 7)})
    for s in (spread, focused):
        s.goals = [[_goal("G1")], []]  # rule all of Dramethan
    assert _value(focused) > _value(spread)


def test_mission_progress_counts_toward_the_condition() -> None:
    state = position({f"Vega-{i}": 1 for i in range(1, 7)} | {f"Sirius-{i}": 1 for i in range(1, 7)})
    assert mission_progress(state, BOARD, 0, BOARD.goals[_goal("G3")]) == 12 / 24  # 24 territories
    assert mission_progress(state, BOARD, 0, BOARD.goals[_goal("G6")]) == 1.0  # all Vega and Sirius
    assert mission_progress(state, BOARD, 0, BOARD.goals[_goal("G9")]) == 0.0  # asteroid fields
    assert mission_progress(state, BOARD, 1, BOARD.goals[_goal("G6")]) == 0.0


def test_evaluate_plays_for_the_tie_break_in_the_last_round() -> None:
    # seat 0 holds a star but far less land: early on land matters, at the limit the star decides
    state = position({f"Vega-{i}": 3 for i in range(1, 5)}, rest=3)
    state.goals = [[], []]
    state.stars = [1, 0]
    state.round = 1
    early = _value(state)
    state.round = state.params.max_rounds
    late = _value(state)
    assert late > early and late > 0.5 and _value(state, 1) < 0.5


class ScriptedIO:
    """Answers every prompt with the first legal action; records what was shown."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.asked = 0

    def show(self, text: Any) -> None:
        self.shown.append(str(text))

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        self.asked += 1
        if self.asked == 1:
            return "help"
        return "1"

    def handover(self, message: str) -> None:
        pass


def test_a_person_plays_a_whole_game_in_the_terminal_against_the_bot(tmp_path: Any) -> None:
    match = Match.new(GAME, ["human", "space-risk:heuristic"], 11, GAME.params_from({"max_rounds": 3}))
    io = ScriptedIO()
    path = PlaySession(match, io, tmp_path / "game.json").run()
    assert match.is_over() and path is not None and path.exists()
    text = "\n".join(io.shown)
    assert "Dramethan" in text and "Your cards" in text and "Game over" in text
    assert "attack SOURCE TARGET" in text and "dice=0]" in text  # help lists the action forms
    assert T("Vega-1") >= 0


def test_the_bot_is_listed_by_the_registry_entry_not_the_ruleset() -> None:
    """Issue 8 item 7: bots live in the entry; the ruleset carries rules only."""
    from starlanes.ai.registry import game_agents
    from starlanes.core.ruleset import Ruleset
    from starlanes.registry import get_entry, get_game

    game = get_game("space-risk")
    assert type(game).agents is Ruleset.agents
    assert "space-risk:heuristic" in get_entry("space-risk").agent_factories()
    assert "space-risk:heuristic" in game_agents(game)
