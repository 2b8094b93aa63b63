"""Issue 16: the turn's facts kept per role, set of technologies and clone's copy across states
and games (``fastlegal._FACTS``: the budget, the technologies in force, the flags per actions
taken, the colony vias per kinds and prices paid) are what a fresh count works out, at every
turn decision of whole seeded random games of every role, and the counts and draws agree."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G, with_roles

from starlanes.core import Rng
from starlanes.games.kardashev import fastlegal, legality


def _same(kept: Any, fresh: Any) -> int:
    """Whether two memo values agree on what both hold (dicts: their common keys), asserted; the
    entries compared."""
    if isinstance(kept, dict):
        n = 0
        for key in kept.keys() & fresh.keys():
            n += 1 + _same(kept[key], fresh[key])
        return n
    if isinstance(kept, tuple | list) and any(isinstance(part, dict | tuple | list) for part in kept):
        assert len(kept) == len(fresh)
        return sum(_same(a, b) for a, b in zip(kept, fresh, strict=True))
    assert kept == fresh
    return 0


_ROLES = [["scientist", "warlord"], ["salvager", "pioneer", "generalist"], ["imperialist", "scientist"]]


@pytest.mark.parametrize("roles", _ROLES)
def test_kept_facts_are_fresh_along_whole_games(roles: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    turns = compared = shared = 0
    seen: dict[int, int] = {}  # the kept facts' objects: the game that first used each
    for seed in range(6):
        state = with_roles(roles, seed=seed, round_limit=10)
        rng = Rng.from_seed(seed)
        while seats := sorted(G.to_act(state)):
            seat = seats[0]
            if legality.decision_kind(state) == "turn":
                turns += 1
                kept = fastlegal._Turn(state, seat)
                facts = kept.b.tmemo["facts"]
                shared += seen.setdefault(id(facts), seed) != seed
                clone = G.clone(state)
                with monkeypatch.context() as m:  # a fresh count: nothing kept across states
                    m.setattr(fastlegal, "_FACTS", {})
                    fresh = fastlegal._Turn(clone, seat)
                    assert kept.sizes == fresh.sizes, (seed, state.step)
                    index = rng.randint(0, kept.size - 1)
                    assert kept.nth(index) == fresh.nth(index), (seed, state.step)
                    compared += _same(facts, fresh.b.tmemo["facts"])
            G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert turns > 300 and compared > 2 * turns and shared > turns // 10, (turns, compared, shared)
