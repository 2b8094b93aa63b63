"""Issue 16: the kept board read's planets (``fastlegal._Read.planets``, a mask kept up to date
with the tiles, read by the colony count's eligible cells) are the board's planets after every
action of whole seeded random games, tiles placed, destroyed and made again among them; the
eligible cells a turn counts are the ones ``legality.list_colony`` lists; and the types each
planet yields as the read keeps them (``_Read.kinds``, read by the harvest count) are the cell's,
terraformed planets among them."""

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
    changed = checked = eligible = terraformed = 0
    for seed in range(4):
        state = G.setup(params, players, seed)
        rng = Rng.from_seed(500 + seed)
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                read = state.__dict__.get("_kboard")
                if read is not None and read.step == state.step:
                    assert read.planets == _planets(state), (seed, state.step)
                    checked += 1
                    for i, kinds in enumerate(read.kinds):
                        if kinds >= 0:
                            c = state.cells[i]
                            assert kinds == fastlegal._kinds(tuple(c.symbols), tuple(c.terraformed)), (seed, i)
                            terraformed += bool(c.terraformed)
                if legality.decision_kind(state) == "turn":
                    turn = fastlegal._Turn(state, seat)
                    listed = {a.cell for a in legality.list_colony(state, seat)}  # type: ignore[attr-defined]
                    if turn.sizes[0]:
                        assert {CELLS[i] for i in turn.eligible()} == listed, (seed, state.step)
                        eligible += 1
                before = _planets(state)
                G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
                changed += _planets(state) != before
    assert checked > 500 and changed > 50 and eligible > 100 and terraformed > 100, (
        checked, changed, eligible, terraformed)


def test_a_changed_tile_drops_its_kept_types() -> None:
    """A planet destroyed (and made again) on a cell: the read written after it (``refresh`` with
    the cell) reads the cell's types again; a symbol that may have changed drops every cell's."""
    state = G.setup(None, 2, 1)
    i = next(i for i, c in enumerate(state.cells) if c.tile is None)
    state.cells[i].tile, state.cells[i].symbols = "planet", ["matter"]
    read = fastlegal._Read(state)
    kinds = fastlegal._kinds_of(state, read.kinds, i)
    assert kinds > 0 and read.kinds[i] == kinds
    c = state.cells[i]
    c.tile, c.symbols, c.terraformed = "destroyed", [], []
    read.refresh(state, True, False, (i,))
    assert read.kinds[i] == -1 and not read.planets >> i & 1
    c.tile, c.terraformed = "planet", ["food"]
    read.refresh(state, True, False, (i,))
    assert read.kinds[i] == -1 and fastlegal._kinds_of(state, read.kinds, i) == 1
    c.terraformed.append("energy")
    read.refresh(state, False, True)
    assert read.kinds == [-1] * len(state.cells)
