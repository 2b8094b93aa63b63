"""Issue 16: what applying Kardashev's actions keeps instead of working it out again, checked
against a fresh computation at every step of whole random games (many seeds): the effects in
force per role and technologies (``common._in_force``: one per set of technologies, whatever
order they were researched in)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev.effects import HOOKS, effects_at
from starlanes.games.kardashev.rules.common import CONTENT, budget, effects, hook
from starlanes.games.kardashev.state import KardashevState
from starlanes.games.kardashev.techs import player_effects, turn_budget

GAMES: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 31),
    (2, {}, 32),
    (2, {}, 109),  # a clone copies a technology for most of the game
    (2, {"exchange_rate": 2}, 33),
    (3, {}, 34),
    (3, {"round_limit": 10}, 35),
    (4, {"ally_variant": True, "round_limit": 8}, 36),
]


def _steps(players: int, params: dict[str, Any], seed: int) -> Iterator[KardashevState]:
    """The state before every step of a seeded random game (``play_random`` one step at a time,
    its kept reads carried from step to step), and at its end."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "kept"))
    while True:
        yield state
        if not G.play_random(state, rng, 1):
            return


@pytest.mark.parametrize(("players", "params", "seed"), GAMES)
def test_effects_in_force_are_a_fresh_player_effects(players: int, params: dict[str, Any], seed: int) -> None:
    """Every seat's effects, every hook's effects and the turn's budget, as the rules look them
    up, are ``player_effects`` of its role and technologies worked out afresh, at every step."""
    steps = clones = 0
    for state in _steps(players, params, seed):
        steps += 1
        for seat, p in enumerate(state.seats):
            if p.role is None:
                assert effects(state, seat) == () and hook(state, seat, "move") == ()
                continue
            clones += p.cloned is not None
            fresh = player_effects(CONTENT, p.role, list(p.techs), p.cloned)
            assert effects(state, seat) == fresh, (steps, seat)
            for name in HOOKS:
                assert hook(state, seat, name) == effects_at(fresh, name), (steps, seat, name)
            assert budget(state, seat) == turn_budget(fresh), (steps, seat)
    assert steps > 150 and G.is_over(state)
    if seed == 109:
        assert clones > 100


def test_an_unknown_hook_is_refused() -> None:
    state = G.setup(None, 2, 1)
    G.play_random(state, Rng.from_seed(1), 20)
    with pytest.raises(ValueError, match="unknown hook"):
        hook(state, 0, "no-such-hook")
