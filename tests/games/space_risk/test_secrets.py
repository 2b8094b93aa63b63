"""Issue 8 item 5: space-risk declares its secrets once (``state.SECRET_FIELDS``: the hands, the
mission cards, the decks' order) and its view and ``perturb_hidden`` follow that declaration: a
view has no field of that name (a seat sees its own cards and the others' counts), and
``perturb_hidden`` changes nothing outside it, nor the seat's own cards."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.space_risk.helpers import GAME, deployed

from starlanes.core import Rng
from starlanes.games.space_risk.state import SECRET_FIELDS, SpaceRiskState
from starlanes.games.space_risk.view import SpaceRiskView

PRIVATE = ("hands", "objectives", "goals")
"""The secret fields that hold one list per seat (a seat sees its own)."""


def _positions(players: int, seed: int) -> list[SpaceRiskState]:
    state = deployed(players, seed=seed)
    rng = Rng.from_seed(seed)
    out = []
    for step in range(400):
        seats = GAME.to_act(state)
        if not seats:
            break
        if step % 100 == 0:
            out.append(GAME.clone(state))
        (seat,) = seats
        GAME.apply(state, seat, GAME.sample_legal(state, seat, rng))
    return out


def test_the_declared_secrets_are_fields_of_the_state() -> None:
    fields = set(SpaceRiskState.__struct_fields__)
    assert set(SECRET_FIELDS) <= fields
    assert set(PRIVATE) <= set(SECRET_FIELDS)


def test_no_view_field_is_a_declared_secret() -> None:
    assert not set(SECRET_FIELDS) & set(SpaceRiskView.__struct_fields__)


@pytest.mark.parametrize("players", [2, 4])
def test_perturb_hidden_changes_only_the_declared_secrets_and_never_the_seats_own(players: int) -> None:
    rng = Rng.from_seed(3)
    changed_somewhere = False
    for state in _positions(players, seed=players):
        for seat in range(players):
            other = GAME.perturb_hidden(state, seat, rng)
            before, after = msgspec.structs.asdict(state), msgspec.structs.asdict(other)
            outside = [f for f in before if f not in SECRET_FIELDS and before[f] != after[f]]
            assert not outside, f"perturb_hidden changed undeclared fields {outside}"
            for name in PRIVATE:
                assert before[name][seat] == after[name][seat], f"seat {seat}'s own {name} changed"
            changed_somewhere |= any(before[f] != after[f] for f in SECRET_FIELDS)
            assert GAME.view(other, seat) == GAME.view(state, seat)
    assert changed_somewhere
