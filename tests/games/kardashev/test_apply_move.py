"""Issue 16: a move's plan for a fleet that cannot leap searched layer by layer as bit masks
(``moving._stepped``, what ``moving.shortest_plan`` answers when the seat has no leap), checked
against the plan ``board.reachable`` gives from the seat's ``MoveMap`` at every step of whole
random games (many seeds): every fleet of every seat, every destination, little and much energy,
path, ending, retreat and energy alike."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev import moving
from starlanes.games.kardashev.board import reachable
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules.common import BOARD, CELLS
from starlanes.games.kardashev.state import KardashevState

GAMES: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 41),
    (2, {}, 42),
    (2, {"exchange_rate": 2}, 43),
    (3, {"round_limit": 10}, 45),
    (4, {"ally_variant": True, "round_limit": 8}, 46),
]


def _steps(players: int, params: dict[str, Any], seed: int) -> Iterator[KardashevState]:
    """The state before every step of a seeded random game (``play_random`` one step at a time)."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "moves"))
    while True:
        yield state
        if not G.play_random(state, rng, 1):
            return


@pytest.mark.parametrize(("players", "params", "seed"), GAMES)
def test_a_plan_without_leaps_is_the_searched_plan(players: int, params: dict[str, Any], seed: int) -> None:
    checked = attacks = explores = retreats = leaps = 0
    for state in _steps(players, params, seed):
        for seat in range(state.players):
            rules = moving.move_rules(state, seat)
            if not rules.jumps and state.step % 2:
                rules = replace(rules, jumps=1)  # leaps, every other step
            grid = fleet.move_map(state, seat)
            for i, c in enumerate(state.cells):
                if c.fleet != seat:
                    continue
                for energy in (2, 12):
                    full = reachable(BOARD, grid, CELLS[i], c.fleet_level, rules, energy)
                    for d, dest in enumerate(CELLS):
                        got = moving.shortest_plan(state, seat, i, d, energy, rules)
                        assert got == full.get(dest), (seed, state.step, CELLS[i], dest, energy)
                        if got is not None:
                            checked += 1
                            attacks += got.ending == "attack"
                            explores += got.ending == "explore"
                            retreats += got.retreat is not None
                            leaps += bool(got.leapt)
    assert checked > 1000 and attacks > 20 and explores > 100 and retreats > 10 and leaps > 50, (
        checked, attacks, explores, retreats, leaps)
