"""Planning and playing batches of games, in one process, a pool of processes, or on Ray.

Reproducibility: game ``i`` of a batch with seed ``S`` is played with the seed
``derive_seed(S, "lab-game", i)``; the agent in seat ``k`` of that game gets
``derive_seed(game_seed, "agent", k)``. A game depends only on its task (ruleset, params,
agents, seed), never on which worker plays it or when, so a batch gives the same records
with any number of workers and either backend (only the measured ``duration`` differs).

Seats rotate unless ``fixed_seats``: in game ``i`` seat ``k`` is played by
``agents[(k + i) % n]``, so with ``n`` agents every agent sits in every seat equally often
(over a multiple of ``n`` games).

A game is named by its registered id (``space-risk``) or, for rulesets that are not
registered (tests, experiments), by a ``module:factory`` target.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from starlanes.ai.registry import game_agents, make_agent
from starlanes.core.errors import IllegalAction, StarlanesError
from starlanes.core.params import Params, params_to_dict
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import Ruleset

from .labels import seat_labels
from .records import GameRecord

__all__ = [
    "BACKENDS",
    "GameTask",
    "agent_seed",
    "default_agents",
    "game_seed",
    "load_ruleset",
    "plan_games",
    "play_game",
    "run_tasks",
    "seating",
]

Game = Ruleset[Any, Any, Any]
BACKENDS = ("local", "ray")
Progress = Callable[[int], None]  # called with the number of games just finished


@cache
def load_ruleset(name: str) -> Game:
    """The ruleset registered as ``name``, or built by the ``module:factory`` target ``name``."""
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise StarlanesError(f"cannot load ruleset factory '{name}': {exc}") from None
        ruleset = factory()
        if not isinstance(ruleset, Ruleset):
            raise StarlanesError(f"'{name}' did not return a Ruleset")
        return ruleset
    from starlanes.registry import get_game

    return get_game(name)


def default_agents(ruleset: Game) -> tuple[str, ...]:
    """The agents the lab seats when none are named: the game's own bot (the first of
    its registry entry's bots) in each of its fewest seats, or ``random`` if it ships none.

    Random play is no default: two random retrograde players never destroy a homeworld and
    every game is a draw at the turn limit, which tells a designer nothing.
    """
    own = list(game_agents(ruleset))
    name = own[0] if own else "random"
    return tuple(name for _ in range(ruleset.spec.min_players))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch seeded with ``seed``."""
    return derive_seed(seed, "lab-game", index)


def agent_seed(seed_of_game: int, seat: int) -> int:
    return derive_seed(seed_of_game, "agent", seat)


def seating(agents: Sequence[str], index: int, fixed_seats: bool = False) -> tuple[str, ...]:
    """Agent spec per seat in game ``index``: ``agents`` rotated by ``index`` unless fixed."""
    n = len(agents)
    if fixed_seats:
        return tuple(agents)
    return tuple(agents[(k + index) % n] for k in range(n))


@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything needed to play one game, small and picklable."""

    index: int
    seed: int
    game: str  # registered id or module:factory
    params: str  # JSON of the params that differ from the defaults
    agents: tuple[str, ...]
    label: str = "run"


def plan_games(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    *,
    params: Params | None = None,
    fixed_seats: bool = False,
    label: str = "run",
    start: int = 0,
) -> list[GameTask]:
    """Tasks ``start .. start+games-1``; checks the game, params, player count and agent specs."""
    if games < 1:
        raise StarlanesError(f"--games must be at least 1, not {games}")
    ruleset = load_ruleset(game)
    spec = ruleset.spec
    if len(agents) not in spec.players:
        raise StarlanesError(
            f"{spec.id} is for {spec.min_players}-{spec.max_players} players; "
            f"got {len(agents)} agent(s): {', '.join(agents)}"
        )
    for seat, spec_text in enumerate(agents):  # fail fast on a bad agent spec, before any game runs
        make_agent(spec_text, ruleset, seat, 0)
    chosen = params if params is not None else ruleset.default_params()
    if not isinstance(chosen, spec.params):
        raise StarlanesError(f"params of type {type(chosen).__name__} are not {spec.id}'s params")
    params_json = json.dumps(params_to_dict(chosen), sort_keys=True)
    return [
        GameTask(i, game_seed(seed, i), game, params_json, seating(agents, i, fixed_seats), label)
        for i in range(start, start + games)
    ]


def play_game(task: GameTask) -> GameRecord:
    """Play one game to the end (or to the ruleset's ``max_actions`` cap: a draw by ``cap``)."""
    started = time.perf_counter()
    ruleset = load_ruleset(task.game)
    params = ruleset.params_from(json.loads(task.params))
    state = ruleset.setup(params, len(task.agents), task.seed)
    agents = [
        make_agent(spec, ruleset, seat, agent_seed(task.seed, seat))
        for seat, spec in enumerate(task.agents)
    ]
    # an agent that only draws among the legal actions (``random``) needs neither a view nor
    # the list: the ruleset draws its action, the one ``act`` would choose (issue 16)
    draws = [getattr(agent, "draw_legal", None) for agent in agents]
    cap = ruleset.spec.max_actions
    length = 0
    first = -2
    rngs = [rng for agent, draw in zip(agents, draws, strict=True)
            if draw is not None and isinstance(rng := getattr(agent, "rng", None), Rng)]
    if len(rngs) == len(agents):
        # every seat draws: the ruleset plays the whole game (``play_random``, its fast playout
        # where it has one), each seat's actions drawn with that agent's generator, the game
        # the loop below plays (``tests/lab/test_fast_path.py``)
        seats = sorted(ruleset.to_act(state))
        first = -2 if not seats else seats[0] if len(seats) == 1 else -1
        length = ruleset.play_random(state, rngs, cap)
    while length < cap:
        seats = sorted(ruleset.to_act(state))
        if not seats:
            break
        if first == -2:
            first = seats[0] if len(seats) == 1 else -1
        for seat in seats:
            draw = draws[seat]
            if draw is not None and seat not in state.sealed:
                ruleset.apply_unchecked(state, seat, draw(ruleset, state, seat))
                length += 1
                continue
            legal = ruleset.legal_actions(state, seat)
            action = agents[seat].act(ruleset.view(state, seat), legal)
            if action not in legal:
                raise IllegalAction(
                    action.text(), f"agent {task.agents[seat]} (seat {seat}) chose an action not in its legal list"
                )
            ruleset.apply_unchecked(state, seat, action)
            length += 1
    over = ruleset.is_over(state)
    outcome = ruleset.outcome(state) if over else None
    reason = outcome.reason if outcome is not None else ("over" if over else "cap")
    winners: tuple[int, ...] = tuple(outcome.winners) if outcome is not None else ()
    scores: tuple[float, ...] = tuple(outcome.scores or ()) if outcome is not None else ()
    return GameRecord(
        index=task.index,
        seed=task.seed,
        game=ruleset.spec.id,
        version=ruleset.spec.version,
        params=task.params,
        label=task.label,
        agents=task.agents,
        first=max(first, -1),
        winners=winners,
        reason=reason,
        scores=tuple(float(x) for x in scores),
        length=length,
        duration=time.perf_counter() - started,
        labels=seat_labels(ruleset, state),
    )


def _play_chunk(tasks: Sequence[GameTask]) -> list[GameRecord]:
    return [play_game(t) for t in tasks]


def _chunks(tasks: Sequence[GameTask], size: int) -> Iterator[list[GameTask]]:
    for i in range(0, len(tasks), size):
        yield list(tasks[i:i + size])


def _chunk_size(count: int, workers: int) -> int:
    # small enough to balance the load and keep the progress bar moving, big enough to
    # amortise the inter-process overhead of very short games
    return max(1, min(64, count // (workers * 8)))


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play ``tasks`` and return their records in task order."""
    if workers < 1:
        raise StarlanesError(f"--workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise StarlanesError(f"unknown backend '{backend}'; valid: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise StarlanesError("--address is only for --backend ray")
    if not tasks:
        return []
    if backend == "ray":
        from .ray_backend import run_on_ray

        records = run_on_ray(tasks, workers=workers, address=address, progress=progress)
    elif workers == 1:
        records = []
        for task in tasks:
            records.append(play_game(task))
            if progress is not None:
                progress(1)
    else:
        records = list(_run_pool(tasks, workers, progress))
    records.sort(key=lambda r: (r.label, r.index))
    return records


def _run_pool(tasks: Sequence[GameTask], workers: int, progress: Progress | None) -> Iterable[GameRecord]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # "fork" where the platform has it: workers start at once and inherit the loaded rulesets.
    # Nothing here runs threads when the pool forks (the CLI's progress bar refreshes from the
    # main thread), so forking is safe. Elsewhere "spawn".
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    size = _chunk_size(len(tasks), workers)
    out: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(_play_chunk, chunk) for chunk in _chunks(tasks, size)]
        for future in as_completed(futures):
            chunk = future.result()
            out.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    return out
