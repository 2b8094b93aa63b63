"""Issue 16: Kardashev's ``play_random`` applies its own steps without building their events
(``events.QUIET``): the state after every action is the public loop's, and the public calls
(``apply``, ``apply_unchecked``) still return the events they always did, during and after a
playout. And what the faster steps read instead of working it out again: the cells around a mask
by byte look-ups, a move's cells and energy from its fleet's kept search."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.core.state import Event
from starlanes.games.kardashev import events, fastlegal
from starlanes.games.kardashev.state import KardashevState
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
        assert events.QUIET.on is False
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
    assert events.QUIET.on is False
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


def test_a_playout_in_one_thread_leaves_the_events_of_another_thread() -> None:
    """``QUIET`` is per thread: while a playout runs in one thread (the server's bots search in
    worker threads), an action applied in another builds its events. The playout's thread is
    held with ``QUIET.on`` set while the other thread applies."""
    state, again = G.setup(None, 2, 11), G.setup(None, 2, 11)
    seat = sorted(G.to_act(state))[0]
    action = G.sample_legal(state, seat, Rng.from_seed(12))
    expected = G.apply_unchecked(again, seat, action)
    got: list[list[Event]] = []
    events.QUIET.on = True  # this thread is inside a playout
    try:
        worker = threading.Thread(target=lambda: got.append(G.apply_unchecked(state, seat, action)))
        worker.start()
        worker.join()
        assert G.apply_unchecked(G.setup(None, 2, 11), seat, action) == [events._SILENT] * len(expected)
    finally:
        events.QUIET.on = False
    assert got == [expected] and "silent" not in _kinds(expected)


def test_a_failed_playout_sets_the_events_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error inside the playout leaves ``QUIET`` unset: the next public call builds its events."""
    state = G.setup(None, 2, 9)
    G.play_random(state, Rng.from_seed(9), 30)

    def broken(*args: Any) -> Any:
        raise RuntimeError("draw")

    monkeypatch.setattr(fastlegal, "draw", broken)
    with pytest.raises(RuntimeError):
        G.play_random(state, Rng.from_seed(9), 30)
    assert events.QUIET.on is False
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


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 41),
    (3, {"exchange_rate": 2, "round_limit": 10}, 42),
    (4, {"ally_variant": True, "round_limit": 8}, 43),
])
def test_a_move_from_the_kept_search_is_the_plans_move(players: int, params: dict[str, Any], seed: int) -> None:
    """At every turn decision of seeded games, every legal move without a path that
    ``fastlegal.kept_move`` answers (from the fleet's kept search) enters the cells, costs the
    energy and explores as ``legality.move_plan``'s plan, which does not attack (it leaves the
    attacks to the plan)."""
    from starlanes.core.legal import LegalActions
    from starlanes.games.kardashev import legality
    from starlanes.games.kardashev.actions import Move
    from starlanes.games.kardashev.rules.common import cell_of
    from starlanes.games.kardashev.rules.turn import via_surcharge

    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(seed)
    answered = attacks = 0
    while seats := sorted(G.to_act(state)):
        for seat in seats:
            if legality.decision_kind(state) == "turn":
                fastlegal.count(state, seat)  # the searches kept for this step
                for action in LegalActions(legality.legal(state, seat)):
                    if not isinstance(action, Move):
                        continue
                    start, dest = cell_of(action.start), cell_of(action.to)
                    assert start is not None and dest is not None
                    sur = via_surcharge(state, seat, action.via, "move-fleet") or 0
                    quick = fastlegal.kept_move(state, seat, start, dest, sur)
                    plan = legality.move_plan(state, seat, action)
                    assert not isinstance(plan, str)
                    attacks += plan.ending == "attack"
                    if quick is not None:
                        answered += 1
                        assert plan.ending != "attack"
                        assert quick == (plan.tiles, plan.energy, plan.ending == "explore"), action.text()
            G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert answered > 150, (answered, attacks)


def _with_random_roles(rng: Rng, fixed_seat: int | None = None, hands: bool = False
                       ) -> Iterator[tuple[KardashevState, int]]:
    """Turn positions of random games (``test_speed_sampling._positions``), once per role: the
    seat looked at (the active one, or ``fixed_seat``) takes that role, the others random ones,
    every seat random technologies of its role and, with ``hands``, random resources."""
    from tests.games.kardashev.test_speed_sampling import _positions, _random_techs

    from starlanes.games.kardashev.rules.common import CONTENT

    roles = sorted(CONTENT.roles)
    for role in roles:
        for state in map(G.clone, _positions()):
            seat = state.active if fixed_seat is None else fixed_seat
            for s, p in enumerate(state.seats):
                p.role = role if s == seat else roles[rng.randint(0, len(roles) - 1)]
                p.techs, p.cloned = _random_techs(rng, p.role)
                if hands:
                    p.food, p.matter, p.energy = (rng.randint(0, 9) for _ in range(3))
            yield state, seat


def test_use_technology_picked_without_its_list() -> None:
    """``fastlegal._pick_use`` gives every Use Technology action of ``legality.list_use``, in its
    order, in turn positions of random games with random technologies of every role (Terraform,
    Annihilate, Accrete, Probe, Erase) and random hands."""
    from starlanes.games.kardashev import legality
    from starlanes.games.kardashev.actions import UseTech
    from starlanes.games.kardashev.rules.common import CONTENT

    compared = 0
    kinds: set[str] = set()
    for state, seat in _with_random_roles(Rng.from_seed(51), hands=True):
        state.base_used, state.research_used = 0, 0
        listed = legality.list_use(state, seat)
        turn = fastlegal._Turn(state, seat)
        assert fastlegal._count_use(turn) == len(listed)
        for k, action in enumerate(listed):
            assert fastlegal._pick_use(turn, k) == action, (k, action)
            assert isinstance(action, UseTech)
            kinds.add(type(CONTENT.techs[action.tech].effects[0]).__name__)
        compared += len(listed)
    assert compared > 500 and len(kinds) >= 3, (compared, kinds)


def test_harvest_split_rows_count_and_order_the_splits() -> None:
    """``harvest.split_rows`` (the harvest count's, without the set) holds the splits the sum of
    each source's splits gives, in sorted order (``row_split``), and ``row_size`` counts them,
    for random sources (no type, one, two or three types, zero to four cards, up to seven)."""
    from starlanes.games.kardashev.rules import harvest

    kinds = [(), ("food",), ("matter",), ("energy",), ("food", "matter"), ("food", "energy"),
             ("matter", "energy"), ("food", "matter", "energy")]
    rng = Rng.from_seed(61)
    sizes = set()
    for _ in range(1500):
        sources = tuple(sorted((rng.randint(0, 4), kinds[rng.randint(1 if rng.randint(0, 20) else 0, 7)])
                               for _ in range(rng.randint(0, 7))))
        rows = harvest.split_rows(sources)
        expected = sorted(harvest._splits_by_sum(sources))
        assert harvest.row_size(rows) == len(expected), sources
        assert [harvest.row_split(rows, k) for k in range(len(expected))] == expected, sources
        with pytest.raises(IndexError):
            harvest.row_split(rows, len(expected))
        sizes.add(len(expected))
    assert 0 in sizes and max(sizes) > 50


def test_harvest_rows_by_shares_are_the_rules_splits() -> None:
    """``harvest.rows_by_shares`` (the harvest count's, Gale's rows unless a type is named) holds
    ``splits_by_shares``' splits in sorted order, in turn positions of random games with random
    technologies of every role (Timeshares, Arcology, Blockade) and random hands."""
    from starlanes.games.kardashev.rules import harvest

    compared = named = 0
    for state, seat in _with_random_roles(Rng.from_seed(71)):
        shares = harvest.share_sets(state, seat)
        for rows, splits in zip(harvest.rows_by_shares(state, seat, shares),
                                harvest.splits_by_shares(state, seat, shares), strict=True):
            if isinstance(rows, frozenset):
                named += 1
                assert rows == splits
            else:
                size = harvest.row_size(rows)
                assert [harvest.row_split(rows, k) for k in range(size)] == sorted(splits)
            compared += 1
    assert compared > 300 and named > 0, (compared, named)


def test_colony_sources_blockaded_by_masks_are_the_near_fleets() -> None:
    """``harvest.colony_sources`` drops the colonies an opponent's blockading fleet is near, by
    bit masks (``_ball``): the colonies ``blockaded`` (a search of the cells around) drops, in
    random games' positions with random technologies and fleets moved at random."""
    from starlanes.games.kardashev.rules import harvest

    rng = Rng.from_seed(81)
    dropped = 0
    for state, _ in _with_random_roles(rng, fixed_seat=0):
        for c in state.cells:  # more fleets near colonies
            if c.fleet is None and c.tile is not None and rng.randint(0, 3) == 0:
                c.fleet, c.fleet_level = rng.randint(0, len(state.seats) - 1), 1
        for seat in range(len(state.seats)):
            expected = [(i, source) for i, source in harvest.colony_sources(state, seat, None)]
            found = harvest.blockers(state, seat)
            plain = [i for i, c in enumerate(state.cells) if c.colony == seat and c.tile == "planet"
                     and harvest.resource_types(c) and not (found and harvest.blockaded(state, seat, i, found))]
            assert [i for i, _ in expected] == plain
            dropped += len([i for i, c in enumerate(state.cells) if c.colony == seat and c.tile == "planet"
                            and harvest.resource_types(c)]) - len(plain)
    assert dropped > 20, dropped
