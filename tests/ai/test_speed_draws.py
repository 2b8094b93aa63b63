"""Issue 16: a random agent that draws (``RandomAgent.draw_legal``: ``sample_legal``, no view, no list)
chooses exactly what it would have chosen from the list, so the lab and the search playouts,
which now draw, play the same games and make the same choices as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from starlanes.ai import search
from starlanes.ai.mcts import MCTSAgent
from starlanes.ai.random_agent import RandomAgent
from starlanes.ai.registry import make_agent
from starlanes.core import Rng, Ruleset, derive_seed
from starlanes.games.retrograde.game import make_ruleset as make_retrograde
from starlanes.games.space_risk import make_space_risk
from starlanes.lab import runner
from tests.toy.duel import make_duel
from tests.toy.tally import make_tally

Game = Ruleset[Any, Any, Any]
GAMES: dict[str, Game] = {
    "space-risk": make_space_risk(),
    "retrograde": make_retrograde(),
    "duel": make_duel(),
    "tally": make_tally(),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_draw_is_the_choice_act_makes_from_the_list(name: str) -> None:
    game = GAMES[name]
    for seed in (1, 2):
        state = game.setup(None, game.spec.min_players, seed)
        drawer = RandomAgent(derive_seed(seed, "agent"))
        chooser = RandomAgent(derive_seed(seed, "agent"))
        for _ in range(300):
            seats = sorted(game.to_act(state))
            if not seats:
                break
            seat = seats[0]
            drawn = drawer.draw_legal(game, state, seat)
            chosen = chooser.act(game.view(state, seat), game.legal_actions(state, seat))
            assert drawn == chosen, (name, seed, state.step)
            assert drawer.rng.state == chooser.rng.state  # one randint each
            game.apply(state, seat, drawn)


class _ListOnly:
    """A random agent without ``draw_legal``: the loop gives it a view and the list (the old path)."""

    name = "random"

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def act(self, view: Any, legal: Any) -> Any:
        return self.inner.act(view, legal)


@pytest.mark.parametrize("name", ["space-risk", "retrograde"])
def test_the_lab_plays_the_same_games_drawing_as_choosing_from_lists(name: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    players = GAMES[name].spec.min_players
    tasks = runner.plan_games(name, ["random"] * players, 3, 5)
    drawn = runner.run_tasks(tasks)

    def list_only(spec: str, game: Game, seat: int, seed: int) -> Any:
        return _ListOnly(make_agent(spec, game, seat, seed))

    monkeypatch.setattr("starlanes.lab.runner.make_agent", list_only)
    listed = runner.run_tasks(tasks)
    assert all(a.same_result(b) for a, b in zip(drawn, listed, strict=True))


def test_search_playouts_make_the_same_choices_as_picking_from_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["space-risk"]
    state = game.setup(None, 2, 3)
    rng = Rng.from_seed(3)
    while len(game.legal_actions(state, state.current)) < 20 or state.phase != 3:
        game.apply_unchecked(state, state.current, game.sample_legal(state, state.current, rng))
    options: Mapping[str, str] = {"iterations": "30", "rollout": "40"}

    def choose() -> tuple[str, dict[Any, int]]:
        agent = MCTSAgent(game, state.current, 11, options)
        action = agent.act(game.view(state, state.current), game.legal_actions(state, state.current))
        assert agent.last is not None
        return action.text(), agent.last.visits

    drawn = choose()

    def listed_playout(game: Game, state: Any, rng: Rng, limit: int) -> None:
        steps = 0
        while steps < limit:
            seats = game.to_act(state)
            if not seats:
                return
            for seat in sorted(seats):
                legal = game.legal_actions(state, seat)
                game.apply_unchecked(state, seat, legal[rng.randint(0, len(legal) - 1)])
                steps += 1

    monkeypatch.setattr(search, "_playout", listed_playout)
    assert choose() == drawn
