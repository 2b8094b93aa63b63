"""Issue 16: what ``fastlegal`` keeps from step to step (the board read, each seat's ``_Board``
memos, the turn's technologies memo) answers as a fresh read does, along whole seeded random
games where the seats hold the roles whose technologies change the others' counts (Blockade,
Timeshares, Arcology, moves with leaps): at every turn decision the count, the drawn action and
every entry both the kept and the fresh memos hold are the same."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import G, put, same_memo, turn, with_roles

from starlanes.core import Rng
from starlanes.core.legal import LegalActions
from starlanes.games.kardashev import fastlegal, legality
from starlanes.games.kardashev.actions import End, Harvest, Research
from starlanes.games.kardashev.state import KardashevState


def _check_turn(state: KardashevState, seat: int, rng: Rng) -> int:
    """The kept count, a drawn action and the memos against a clone's (a fresh read)."""
    clone = G.clone(state)
    size = fastlegal.count(state, seat)
    assert size == fastlegal.count(clone, seat)
    index = rng.randint(0, size - 1)
    assert fastlegal.nth(state, seat, index) == fastlegal.nth(clone, seat, index)
    kept, fresh = state.__dict__["_kboard"].boards[seat], clone.__dict__["_kboard"].boards[seat]
    return same_memo(kept.memo, fresh.memo) + same_memo(kept.tmemo, fresh.tmemo)


# per game: the roles, the technologies each seat starts with (Blockade one research away for
# the warlord, the pioneer and the generalist, Timeshares and Arcology two for the salvager)
_GAMES: list[tuple[list[str], list[list[str]]]] = [
    (["scientist", "warlord"], [[], ["proximity-fuse"]]),
    (["salvager", "pioneer"], [["salvage-drone", "magnetic-rake"], ["taxation"]]),
    (["warlord", "salvager", "generalist"], [["salvage-drone"], ["taxation", "tractor-beam"], ["proximity-fuse"]]),
]


@pytest.mark.parametrize(("roles", "techs"), _GAMES)
def test_kept_memos_are_fresh_along_games_with_technologies_against_the_others(roles: list[str],
                                                                               techs: list[list[str]]) -> None:
    turns = compared = 0
    for seed in range(8):
        state = with_roles(roles, seed=seed, round_limit=12)
        for p, held in zip(state.seats, techs, strict=True):  # before any read is kept
            p.techs = list(held)
            p.food, p.matter, p.energy = p.food + 4, p.matter + 2, p.energy + 4
        G.forget(state)
        rng = Rng.from_seed(seed)
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                if legality.decision_kind(state) == "turn":
                    turns += 1
                    compared += _check_turn(state, seat, rng)
                G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert turns > 200 and compared > 5 * turns, (turns, compared)


def test_an_opponents_blockade_drops_the_kept_harvest_of_colonies() -> None:
    """A seat's harvest of colonies alone is kept across the others' technologies (it reads none
    of them) but not used once an opponent holds Blockade (the rules' own sources count it): a
    colony next to the blockading fleet yields nothing at the seat's next turn, as a fresh read
    counts."""
    state = turn(with_roles(["scientist", "warlord"]), 0, hand=(5, 5, 5))
    put(state, "0,0", ("food",), colony=0, clevel=1)
    put(state, "1,0", ("matter",), fleet=1, flevel=1)  # seat 1's fleet next to the colony
    state.seats[1].techs = ["proximity-fuse"]  # Blockade one research away
    state.seats[1].food = state.seats[1].energy = 5
    G.forget(state)
    G.count_legal(state, 0)  # the read kept from here, the harvest of the colony in it
    assert "harvest-colonies" in state.__dict__["_kboard"].boards[0].memo
    G.apply(state, 0, End())
    G.apply(state, 1, Research("blockade"))
    rng = Rng.from_seed(1)
    while not (legality.decision_kind(state) == "turn" and state.active == 0):
        for seat in sorted(G.to_act(state)):  # the bids, the picks, the tiles; seat 1's turns ended
            G.apply(state, seat, End() if legality.decision_kind(state) == "turn" else G.sample_legal(state, seat, rng))
    assert state.__dict__["_kboard"].step == state.step  # kept all along
    assert "harvest-colonies" in state.__dict__["_kboard"].boards[0].memo  # kept, not used
    listed = LegalActions(legality.legal(state, 0))
    assert G.count_legal(state, 0) == fastlegal.count(G.clone(state), 0) == len(listed)
    assert [fastlegal.nth(state, 0, i) for i in range(len(listed))] == list(listed)
    assert Harvest(0, 0, 0) in listed and Harvest(1, 0, 0) not in listed  # the colony blockaded
    _check_turn(state, 0, rng)
