"""Issue 16: the kept board read's planets (``fastlegal._Read.planets``, a mask kept up to date
with the tiles, read by the colony count's eligible cells) are the board's planets after every
action of whole seeded random games, tiles placed, destroyed and made again among them; and the
eligible cells a turn counts are the ones ``legality.list_colony`` lists."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng
from starlanes.games.kardashev import fastlegal, legality
from starlanes.games.kardashev.rules.common import CELLS


def _planets(state: object) -> int:
    return sum(1 << i for i, c in enumerate(state.cells) if c.tile == "planet")  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "params"), [(2, None), (3, None), (4, {"ally_variant": True, "round_limit": 8})])
def test_kept_planets_and_eligible_cells_along_whole_games(players: int, params: dict[str, object] | None) -> None:
    changed = checked = eligible = 0
    for seed in range(4):
        state = G.setup(params, players, seed)
        rng = Rng.from_seed(500 + seed)
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                read = state.__dict__.get("_kboard")
                if read is not None and read.step == state.step:
                    assert read.planets == _planets(state), (seed, state.step)
                    checked += 1
                if legality.decision_kind(state) == "turn":
                    turn = fastlegal._Turn(state, seat)
                    listed = {a.cell for a in legality.list_colony(state, seat)}  # type: ignore[attr-defined]
                    if turn.sizes[0]:
                        assert {CELLS[i] for i in turn.eligible()} == listed, (seed, state.step)
                        eligible += 1
                before = _planets(state)
                G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
                changed += _planets(state) != before
    assert checked > 500 and changed > 50 and eligible > 100, (checked, changed, eligible)
