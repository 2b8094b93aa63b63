"""The heuristic bot in whole games: it beats random, and it uses its role's technologies.

The full figure (hundreds of games) is measured by ``starlanes lab run`` and
``benchmarks/kardashev.py`` and quoted in docs/games/kardashev.md; here a small seeded batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from starlanes.ai.registry import make_agent
from starlanes.core.actions import Action
from starlanes.games.kardashev.actions import Research, UseTech
from starlanes.games.kardashev.content import load_content
from starlanes.games.kardashev.state import KardashevState
from starlanes.lab.runner import agent_seed, load_ruleset, plan_games, play_game

BOT = "kardashev:heuristic"


def test_the_bot_beats_random_in_at_least_90_percent_of_two_player_games() -> None:
    tasks = plan_games("kardashev", [BOT, "random"], 24, 7)  # seats alternate (the lab's rotation)
    wins = 0
    for task in tasks:
        record = play_game(task)  # refuses any action not in the legal list
        wins += task.agents.index(BOT) in record.winners
    assert wins >= 0.9 * len(tasks), f"{wins}/{len(tasks)}"


Log = list[tuple[int, Action]]


def play_logged(agents: list[str], seed: int, params: Mapping[str, object] | None = None) -> tuple[Log, KardashevState]:
    """A game between ``agents``; every (seat, action) played, and the final state."""
    game = load_ruleset("kardashev")
    state = game.setup(game.params_from(dict(params or {})), len(agents), seed)
    bots = [make_agent(a, game, s, agent_seed(seed, s)) for s, a in enumerate(agents)]
    log: Log = []
    for _ in range(game.spec.max_actions):
        seats = sorted(game.to_act(state))
        if not seats:
            break
        for seat in seats:
            action = bots[seat].act(game.view(state, seat), game.legal_actions(state, seat))
            log.append((seat, action))
            game.apply(state, seat, action)  # checked: the bot only plays legal actions
    assert game.is_over(state)
    return log, state


def test_the_bot_researches_its_role_line_and_uses_its_technologies() -> None:
    content = load_content()
    researched: Counter[str] = Counter()
    used = 0
    for seed in range(4):
        log, state = play_logged([BOT, BOT], seed)
        for seat, action in log:
            role = state.seats[seat].role
            if role is not None and isinstance(action, Research) and content.techs[action.tech].line == role:
                researched[role] += 1
            tech_used = isinstance(action, UseTech) or getattr(action, "via", None) is not None
            used += tech_used
    assert sum(researched.values()) >= 4, researched  # its own line, in most games
    assert used >= 4  # technologies that act: Use Technology or a base action taken through one


def test_each_role_asked_for_is_played_and_its_line_researched() -> None:
    content = load_content()
    for role in ("warlord", "pioneer", "imperialist", "salvager", "scientist"):
        log, state = play_logged([f"{BOT}:role={role}", BOT], 3)
        assert state.seats[0].role == role
        own = [a for s, a in log if s == 0 and isinstance(a, Research) and content.techs[a.tech].line == role]
        assert own, f"the {role} never researched its own line"


def test_the_bot_plays_every_player_count_and_the_ally_variant() -> None:
    for players, params in ((3, {}), (4, {"ally_variant": True}), (5, {}), (6, {"ally_variant": True})):
        log, state = play_logged([BOT] * players, 11, params)
        assert log and state.phase == "over"
