"""The heuristic bot: legal, uses the exact odds and ships, beats the random bot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from tests.games.space_risk.helpers import BOARD, GAME, T, add_ship, position

from starlanes.ai.random_agent import RandomAgent
from starlanes.ai.registry import make_agent
from starlanes.cli.play import PlaySession
from starlanes.core import Match, derive_seed
from starlanes.games.space_risk.ai import HeuristicAgent, p_win
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.odds import battle
from starlanes.games.space_risk.state import BATTLESHIP, TRANSPORT


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
    assert match.is_over() and path.exists()
    text = "\n".join(io.shown)
    assert "Dramethan" in text and "Your cards" in text and "Game over" in text
    assert "attack SOURCE TARGET" in text and "dice=0]" in text  # help lists the action forms
    assert T("Vega-1") >= 0
