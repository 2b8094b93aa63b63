"""Issue 16: when every seat's agent draws (``random``), the lab hands the whole game to the
ruleset's ``play_random`` with each agent's generator. The records must be those of the loop
that asks each agent in turn (the same games for the same seed), for every registered game,
with every seat random and with one seat that does not draw (which keeps the loop)."""

from __future__ import annotations

from typing import Any

import pytest

from starlanes.ai.registry import make_agent
from starlanes.core import Rng, Ruleset
from starlanes.core.errors import StarlanesError
from starlanes.lab import runner
from starlanes.registry import available_games

Game = Ruleset[Any, Any, Any]
GAMES = [spec.id for spec in available_games()]


class _Asked:
    """The same random agent, minus its generator as an attribute the lab can find: the lab
    asks it action by action (``draw_legal``), the loop the fast path stands for."""

    name = "random"

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def act(self, view: Any, legal: Any) -> Any:
        return self.inner.act(view, legal)

    def draw_legal(self, game: Game, state: Any, seat: int) -> Any:
        return self.inner.draw_legal(game, state, seat)


def _records(game_id: str, games: int, monkeypatch: pytest.MonkeyPatch | None = None) -> list[Any]:
    spec = runner.load_ruleset(game_id).spec
    tasks = runner.plan_games(game_id, ["random"] * spec.min_players, games, 7)
    if monkeypatch is not None:
        def asked(agent_spec: str, game: Game, seat: int, seed: int) -> Any:
            return _Asked(make_agent(agent_spec, game, seat, seed))

        monkeypatch.setattr("starlanes.lab.runner.make_agent", asked)
    return runner.run_tasks(tasks)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_path_plays_the_games_the_loop_plays(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    games = 1 if game_id == "star-kingdoms" else 3
    fast = _records(game_id, games)
    asked = _records(game_id, games, monkeypatch)
    assert [r.length for r in fast] == [r.length for r in asked]
    assert all(a.same_result(b) for a, b in zip(fast, asked, strict=True))


def test_the_fast_path_is_taken_only_when_every_seat_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    ruleset = runner.load_ruleset("space-risk")
    original = type(ruleset).play_random

    def counting(self: Game, state: Any, rng: Any, limit: int) -> int:
        calls.append(limit)
        return original(self, state, rng, limit)

    monkeypatch.setattr(type(ruleset), "play_random", counting)
    runner.run_tasks(runner.plan_games("space-risk", ["random", "random"], 2, 1))
    assert calls == [ruleset.spec.max_actions] * 2  # one call per game, the cap as its limit
    calls.clear()
    runner.run_tasks(runner.plan_games("space-risk", ["random", "greedy"], 2, 1))
    assert calls == []


def test_play_random_refuses_a_generator_count_other_than_the_seats() -> None:
    ruleset = runner.load_ruleset("space-risk")
    state = ruleset.setup(None, 2, 1)
    with pytest.raises(StarlanesError, match="one generator per seat: 2 seats, 3 generators"):
        ruleset.play_random(state, [Rng.from_seed(i) for i in range(3)], 5)
    assert state.step == 0
