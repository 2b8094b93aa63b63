"""Item 25: every param combination within its declared bounds plays at normal speed.

For every registered game and every numeric param, the param at its declared minimum and at its
maximum (one at a time, the others at their defaults): a seeded random playout, bounded by the
ruleset's action cap, plays its first ``ACTIONS`` actions (or to the end).

What is timed (as the process's CPU time) is the stretch that the default params' playout also
plays: its first ``n`` actions, where ``n`` is what the default playout plays of ``ACTIONS``
(all of them, or fewer where the default game ends sooner). That stretch must take at most
``SECONDS``, or ``SLOWER`` times what the default playout took for it where that is longer (a
slow machine, or a game whose every action is a whole turn of orders, as star-kingdoms'). Past
it there is nothing to compare with: a longer game (star-kingdoms with ``turns=1000``) costs more
per action as the empires grow, which is the game and not a fault. There, no single action may
take ``SECONDS``. A hang (a loop that never ends inside one call, as ``Rng.randint`` over 2**32
was) is stopped by the wall-clock deadline and fails; so does a step that takes seconds
(``legal_actions`` exploding at a corner). A value the game refuses with a one-line
``StarlanesError`` (a deck size the shipped decks cannot meet) is not a hang and passes; the
refusal must name the problem.
"""

from __future__ import annotations

import time
from itertools import pairwise

import pytest

from starlanes.core.errors import StarlanesError
from starlanes.core.params import param_infos
from starlanes.registry import available_games, get_game
from starlanes.testing import random_playout
from tests.core.deadline import deadline

ACTIONS = 200
SECONDS = 4.0
"""CPU seconds a corner may take (measured as the process's CPU time, so that a machine shared
with other work does not fail it)."""
SLOWER = 3.0
"""How many times the default params' playout a corner may take."""
HANG = 5 * SECONDS
"""Wall-clock seconds (times the default playout's share above ``SECONDS``) after which a corner
is stopped as a hang."""
SEED = 3

_DEFAULT_TIME: dict[str, tuple[int, float]] = {}


def default_time(game_id: str) -> tuple[int, float]:
    """How many of ``ACTIONS`` actions the game's default params play (fewer where the game ends
    sooner), and the CPU seconds they take (measured once per game on the same seeded playout)."""
    if game_id not in _DEFAULT_TIME:
        game = get_game(game_id)
        start = time.process_time()
        _, log = random_playout(game, SEED, max_actions=ACTIONS)
        _DEFAULT_TIME[game_id] = (max(1, len(log)), time.process_time() - start)
    return _DEFAULT_TIME[game_id]


def corners() -> list[tuple[str, str, int | float]]:
    out: list[tuple[str, str, int | float]] = []
    for spec in available_games():
        for info in param_infos(spec.params):
            if info.type not in ("int", "float"):
                continue
            for bound in (info.min, info.max):
                if bound is None:
                    continue
                value = int(bound) if info.type == "int" else float(bound)
                if (spec.id, info.name, value) not in out:
                    out.append((spec.id, info.name, value))
    return out


CORNERS = corners()


def test_there_are_corners_to_check() -> None:
    assert len({game for game, _, _ in CORNERS}) == len(available_games())


@pytest.mark.parametrize(("game_id", "name", "value"), CORNERS, ids=[f"{g}:{n}={v}" for g, n, v in CORNERS])
def test_a_param_at_its_declared_bound_plays_at_normal_speed(game_id: str, name: str, value: int | float) -> None:
    game = get_game(game_id)
    compared, default_seconds = default_time(game_id)
    allowed = max(SECONDS, SLOWER * default_seconds)
    marks: list[float] = []

    def visit(state: object, step: int) -> None:
        marks.append(time.process_time())

    start = time.process_time()
    with deadline(HANG * allowed / SECONDS * ACTIONS / compared, f"{game_id} with {name}={value}"):
        try:
            params = game.params_from({name: value})
            state, log = random_playout(game, SEED, params=params, max_actions=ACTIONS, visit=visit)
        except StarlanesError as exc:
            message = str(exc)
            assert message and "\n" not in message and "Traceback" not in message
            return
    end = time.process_time()
    assert log or not game.to_act(state)
    marks.append(end)
    first = marks[compared] if len(marks) > compared else end
    assert first - start < allowed, f"the first {compared} actions took {first - start:.2f} s"
    steps = [later - earlier for earlier, later in pairwise([start, *marks])]
    assert max(steps) < SECONDS, f"one action took {max(steps):.2f} s"
