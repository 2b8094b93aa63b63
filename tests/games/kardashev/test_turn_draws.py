"""Issue 16: ``fastlegal.draw`` draws what the core's default draw does (one ``randint`` over the
listed actions, that one) at every decision of whole seeded random games of two, three and four
(ally) seats, the games led by the draws themselves: the won tile's placement from the kept
read's unexplored cells (``_draw_place``), the gains with the exchanges, the turns (each action
type counted as listed)."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng
from starlanes.core.legal import LegalActions
from starlanes.games.kardashev import fastlegal, legality

CASES = {"two": (2, None), "three": (3, None), "ally": (4, {"ally_variant": True, "round_limit": 8})}


@pytest.mark.parametrize("case", sorted(CASES))
def test_draws_are_the_default_draws_along_whole_games(case: str) -> None:
    players, params = CASES[case]
    kinds: Counter[str] = Counter()
    for seed in range(4):
        state = G.setup(params, players, seed)
        rngs = [Rng.from_seed(300 + 10 * seed + seat) for seat in range(players)]
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                kind = legality.decision_kind(state)
                rng = rngs[seat]
                twin = Rng(state=rng.state, inc=rng.inc)
                if kind == "place" and not state.tasks and fastlegal._kept_unexplored(state) is not None:
                    kinds["place-kept"] += 1
                listed = LegalActions(legality.legal(state, seat))
                if kind == "turn":  # each action type's count, the listing's
                    types = Counter(type(a) for a in listed)
                    sizes = fastlegal._Turn(state, seat).sizes
                    assert sizes == [types[cls] for cls in legality.ALLOWED["turn"]], (case, seed, state.step)
                action = fastlegal.draw(state, seat, rng, kind)
                assert action == listed[twin.randint(0, len(listed) - 1)], (case, seed, state.step, kind)
                assert rng.state == twin.state
                kinds[kind] += 1
                G.apply_unchecked(state, seat, action)
    assert kinds["place-kept"] > 50 and kinds["gain"] > 50 and kinds["turn"] > 300, kinds
