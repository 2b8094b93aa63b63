"""Issue 16: Kardashev's ``play_random`` applies its own steps without building their events
(``events.QUIET``): the state after every action is the public loop's, and the public calls
(``apply``, ``apply_unchecked``) still return the events they always did, during and after a
playout."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.core.state import Event
from starlanes.games.kardashev import events, fastlegal
from starlanes.testing.protocol import drawn_loop


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 21),
    (2, {"exchange_rate": 2}, 22),
    (3, {"round_limit": 8}, 23),
    (4, {"ally_variant": True, "round_limit": 6}, 24),
])
def test_each_playout_step_leaves_the_public_loops_state(players: int, params: dict[str, Any], seed: int) -> None:
    """A whole seeded game played one ``play_random`` step at a time (its kept reads carried from
    step to step) and by the public loop: after every step the same count and the same state."""
    fast, plain = G.setup(params or None, players, seed), G.setup(params or None, players, seed)
    mine, theirs = Rng.from_seed(derive_seed(seed, "quiet")), Rng.from_seed(derive_seed(seed, "quiet"))
    steps = 0
    while True:
        played = G.play_random(fast, mine, 1)
        assert played == drawn_loop(G, plain, theirs, 1), steps
        assert G.to_json(fast) == G.to_json(plain), steps
        assert events.QUIET == [False]
        if not played:
            break
        steps += 1
    assert steps > 150 and G.is_over(fast)


def _kinds(found: list[Event]) -> set[str]:
    return {e.kind for e in found}


def test_public_calls_return_their_events_after_a_playout() -> None:
    """After a playout (and after one that failed) the public calls build every event: none is
    the playout's placeholder, and they are the events a state that never saw a playout gets."""
    state = G.setup(None, 2, 7)
    G.play_random(state, Rng.from_seed(7), 40)
    assert events.QUIET == [False]
    again = G.clone(state)
    rng = Rng.from_seed(8)
    seen: set[str] = set()
    for _ in range(60):
        seats = sorted(G.to_act(state))
        if not seats:
            break
        for seat in seats:
            action = G.sample_legal(state, seat, rng)
            got, expected = G.apply_unchecked(state, seat, action), G.apply_unchecked(again, seat, action)
            assert got == expected
            seen |= _kinds(got)
    assert "silent" not in seen and len(seen) >= 5


def test_a_failed_playout_sets_the_events_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error inside the playout leaves ``QUIET`` unset: the next public call builds its events."""
    state = G.setup(None, 2, 9)
    G.play_random(state, Rng.from_seed(9), 30)

    def broken(*args: Any) -> Any:
        raise RuntimeError("draw")

    monkeypatch.setattr(fastlegal, "draw", broken)
    with pytest.raises(RuntimeError):
        G.play_random(state, Rng.from_seed(9), 30)
    assert events.QUIET == [False]
    monkeypatch.undo()
    seat = sorted(G.to_act(state))[0]
    found = G.apply_unchecked(state, seat, G.sample_legal(state, seat, Rng.from_seed(10)))
    assert found and "silent" not in _kinds(found)


def test_cells_around_a_mask_by_bytes_are_the_neighbours() -> None:
    """``fastlegal._around`` (five byte look-ups) is the union of the cells' ``NEIGH_MASK``."""
    rng = Rng.from_seed(31)
    masks = [0, fastlegal._ALL] + [1 << i for i in range(len(fastlegal.NEIGH_MASK))]
    masks += [rng.randint(0, fastlegal._ALL) for _ in range(2000)]
    for mask in masks:
        assert fastlegal._around(mask) == fastlegal._spread(mask, fastlegal.NEIGH_MASK), bin(mask)
