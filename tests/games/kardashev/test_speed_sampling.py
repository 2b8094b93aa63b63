"""Issue 16: Kardashev counts and draws its legal actions without listing them (``fastlegal``),
index-faithfully: ``count`` is the length of the full list and ``nth(i)`` its ``i``-th action, at
every decision of seeded random games and in turn positions where the active seat holds random
sets of its role's technologies (every technology effect that changes a listing: moves with
leaps and boosters, fleet sites, colony prices, harvest yields, Timeshares, Arcology, Blockade,
Use Technology, base actions as research)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from tests.games.kardashev.helpers import G, put, turn, with_roles

from starlanes.core import Rng
from starlanes.core.legal import LegalActions
from starlanes.games.kardashev import fastlegal, legality, moving
from starlanes.games.kardashev.actions import Move
from starlanes.games.kardashev.board import reachable
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules.common import BOARD, CELLS, CONTENT
from starlanes.games.kardashev.state import KardashevState
from starlanes.games.kardashev.techs import is_clone


def _agree(state: KardashevState, seat: int, picks: int = 0) -> int:
    """Assert ``count`` and ``nth`` against the listing: every index, or (``picks``) the first,
    the last and ``picks`` drawn ones; the list's length."""
    listed = LegalActions(legality.legal(state, seat))
    assert fastlegal.count(state, seat) == len(listed) == G.count_legal(state, seat)
    indices = range(len(listed))
    if picks and len(listed) > picks + 2:
        rng = Rng.from_seed(len(listed))
        indices = sorted({0, len(listed) - 1, *(rng.randint(0, len(listed) - 1) for _ in range(picks))})
    for i in indices:
        assert fastlegal.nth(state, seat, i) == listed[i], (i, listed[i])
    for outside in (-1, len(listed)):
        with pytest.raises(IndexError):
            fastlegal.nth(state, seat, outside)
    return len(listed)


def _play(players: int, params: dict[str, Any], seed: int, check: bool = True) -> list[KardashevState]:
    """A seeded random game; every decision checked (``check``); the turn positions met."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(seed)
    turns: list[KardashevState] = []
    while seats := sorted(G.to_act(state)):
        for seat in seats:
            if check:
                _agree(state, seat)
            if legality.decision_kind(state) == "turn":
                turns.append(G.clone(state))
            G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    return turns


@pytest.mark.parametrize(("players", "params"), [
    (2, {}),
    (4, {"ally_variant": True, "round_limit": 6}),
    (3, {"exchange_rate": 2, "fleet_upgrade_capped_by_colony": True, "round_limit": 10}),
    (6, {"round_limit": 3}),
])
def test_count_and_nth_agree_with_the_list_at_every_decision(players: int, params: dict[str, Any]) -> None:
    _play(players, params, seed=players)


def _random_techs(rng: Rng, role: str) -> tuple[list[str], str | None]:
    techs = [t for t in CONTENT.roles[role].techs if rng.randint(0, 2) == 0]
    clone = next((t for t in techs if is_clone(CONTENT, t)), None)
    copies = [t for t in CONTENT.roles[role].techs if t != clone]
    return techs, (copies[rng.randint(0, len(copies) - 1)] if clone else None)


@pytest.mark.parametrize("role", sorted(CONTENT.roles))
def test_count_and_nth_agree_with_random_technologies(role: str) -> None:
    """Turn positions of random games, the active seat given the role, random technologies of
    it (opponents too: Blockade) and random hands; ``boosters_raise_cap`` on half of them."""
    rng = Rng.from_seed(sorted(CONTENT.roles).index(role))
    positions = _positions()
    assert len(positions) > 20
    others = sorted(CONTENT.roles)
    for state in map(G.clone, positions):
        seat = state.active
        for s, p in enumerate(state.seats):
            p.role = role if s == seat else others[rng.randint(0, len(others) - 1)]
            p.techs, p.cloned = _random_techs(rng, p.role)
            p.food, p.matter, p.energy = (rng.randint(0, 9) for _ in range(3))
        state.base_used, state.research_used = rng.randint(0, 1), rng.randint(0, 1)
        _agree(state, seat, picks=12)


@cache
def _positions() -> tuple[KardashevState, ...]:
    return tuple(_play(2, {}, seed=7, check=False)[::9] + _play(2, {"boosters_raise_cap": True}, seed=8,
                                                               check=False)[::9])


def test_moves_with_leaps_and_blocked_cells() -> None:
    """A fleet with Jump Drive (leaps) among destroyed planets, an opponent and an own fleet:
    the moves counted and drawn are the listed ones (``board.reachable``)."""
    jump = next(t for r in CONTENT.roles.values() for t in r.techs
                if any(e.kind == "move-jump" for e in CONTENT.techs[t].effects))
    role = next(k for k, r in CONTENT.roles.items() if jump in r.techs)
    state = turn(with_roles([role, "generalist"]), 0, hand=(9, 9, 9), techs=[jump])
    for name in ("0,0", "1,0", "1,-1", "-1,1", "0,1", "2,-1", "-2,2", "0,-2"):
        put(state, name, ("food",))
    put(state, "0,0", ("energy",), fleet=0, flevel=1)
    put(state, "1,0", tile="destroyed")
    put(state, "0,-1", tile="destroyed")
    put(state, "-1,0", ("matter",), colony=1)
    put(state, "0,1", ("food",), fleet=0, flevel=2)
    count = _agree(state, 0)
    moves = [a for a in legality.legal(state, 0) if isinstance(a, Move)]
    assert moves and count > len(moves)
    assert any(m.to == (2, 0) for m in moves)  # the leap over the destroyed 1,0
    state.bag.clear()  # no tile left: no move explores (A#9)
    _agree(state, 0)
    assert 0 < len([a for a in legality.legal(state, 0) if isinstance(a, Move)]) < len(moves)


@pytest.mark.parametrize("capped", [False, True])
def test_fleet_sites_and_upgrades(capped: bool) -> None:
    """Fleets built and upgraded on military colonies, printed or terraformed, of the seat and of
    its ally; upgrades capped by the colony's level or not (``fleet_upgrade_capped_by_colony``)."""
    state = turn(with_roles(["imperialist", "warlord", "pioneer", "scientist"], ally_variant=True,
                            fleet_upgrade_capped_by_colony=capped), 0, hand=(6, 6, 6))
    ally = next(s for s in range(4) if s and state.seats[s].team == state.seats[0].team)
    foe = next(s for s in range(4) if state.seats[s].team != state.seats[0].team)
    put(state, "0,0", ("food", "military"), colony=0, clevel=1, fleet=0, flevel=1)
    put(state, "1,0", ("food",), colony=0, clevel=2, fleet=0, flevel=1).terraformed = ["military"]
    put(state, "0,1", ("matter", "military"), colony=ally, clevel=2)
    put(state, "-1,1", ("energy", "military"), colony=foe, clevel=3)
    put(state, "1,-1", ("energy",), colony=0, clevel=3)
    listed = [a.text() for a in legality.legal(state, 0)]
    assert "fleet 1,0 level=2" in listed and "fleet 0,1 level=2" in listed
    assert not any(t.startswith("fleet -1,1") or t.startswith("fleet 1,-1") for t in listed)
    assert ("refit 0,0" in listed) is not capped
    assert _agree(state, 0) == len(listed)


def test_reachable_with_a_target_gives_the_full_search_plan() -> None:
    """``board.reachable(..., target=)`` (a move's plan when it is applied) stops early and gives
    exactly the plan the full search gives (path, leaps, retreat), or nothing."""
    checked = 0
    for k, state in enumerate(_positions()[::3]):
        seat = state.active
        rules = fleet.move_rules(state, seat)
        if k % 2:
            rules = replace(rules, jumps=1)  # leaps too
        grid = fleet.move_map(state, seat)
        for i, c in enumerate(state.cells):
            if c.fleet != seat:
                continue
            full = reachable(BOARD, grid, CELLS[i], c.fleet_level, rules, 6)
            for dest in CELLS:
                got = reachable(BOARD, grid, CELLS[i], c.fleet_level, rules, 6, target=dest)
                assert got == ({dest: full[dest]} if dest in full else {}), (CELLS[i], dest)
                checked += dest in full
    assert checked > 100


def test_shortest_plan_in_cell_numbers_is_the_searched_plan() -> None:
    """``moving.shortest_plan`` (a move given without a path, when it is applied) is the plan
    ``board.reachable(..., target=)`` gives from the seat's ``MoveMap`` (path, leaps, retreat,
    energy), or nothing: with and without leaps, two seats and allies, little and much energy."""
    positions = [*_positions()[::2], *_play(4, {"ally_variant": True, "round_limit": 4}, seed=3, check=False)[::5]]
    checked = attacks = leaps = 0
    for k, state in enumerate(positions):
        seat = state.active
        rules = fleet.move_rules(state, seat)
        if k % 2:
            rules = replace(rules, jumps=1)
        grid = fleet.move_map(state, seat)
        for i, c in enumerate(state.cells):
            if c.fleet != seat:
                continue
            for energy in (1, 6):
                full = reachable(BOARD, grid, CELLS[i], c.fleet_level, rules, energy)
                for d, dest in enumerate(CELLS):
                    got = moving.shortest_plan(state, seat, i, d, energy, rules)
                    assert got == full.get(dest), (CELLS[i], dest, energy)
                    checked += got is not None
                    attacks += got is not None and got.ending == "attack"
                    leaps += got is not None and bool(got.leapt)
    assert checked > 200 and attacks > 5 and leaps > 20, (checked, attacks, leaps)


def test_kept_move_rules_are_the_rules_own() -> None:
    """``moving.move_rules`` (a move's plan, the counting) gives what ``fleet.move_rules`` gives,
    at every seat, ally variant and boosters included."""
    positions = [*_positions()[::4], *_play(4, {"ally_variant": True, "round_limit": 4}, seed=3, check=False)[::4]]
    for state in positions:
        for seat in range(state.players):
            assert moving.move_rules(state, seat) == fleet.move_rules(state, seat)


def test_the_board_read_is_kept_only_across_actions_that_leave_the_board() -> None:
    """A turn decision's board read (``fastlegal._Board``) is kept for the next step only after
    an action of ``game.BOARD_KEPT``; at every turn decision of a seeded game the kept read counts
    what a fresh read counts; ``forget`` drops it (and the end check's), so a change by hand is seen."""
    from starlanes.games.kardashev.game import BOARD_KEPT

    def valid(state: KardashevState) -> bool:  # a board read kept for the state's step
        board = state.__dict__.get("_kboard")
        return board is not None and board.step == state.step

    state = G.setup(None, 2, 5)
    rng = Rng.from_seed(5)
    kept = reused = 0
    while seats := sorted(G.to_act(state)):
        seat = seats[0]
        if legality.decision_kind(state) == "turn":
            reused += valid(state)
            counted = G.count_legal(state, seat)
            assert counted == fastlegal.count(G.clone(state), seat)  # a clone reads the board afresh
        action = G.sample_legal(state, seat, rng)
        read = valid(state)
        G.apply_unchecked(state, seat, action)
        assert valid(state) == (read and type(action) in BOARD_KEPT), action
        kept += read and type(action) in BOARD_KEPT
    assert kept > 20 and reused > 20
    state = turn(with_roles(["pioneer", "warlord"]), 0, hand=(5, 5, 5))
    put(state, "0,0", ("food",), colony=0, clevel=1)
    before = G.count_legal(state, 0)
    put(state, "1,0", ("matter",))  # a planet next to the colony: one more place for a colony
    G.forget(state)
    assert "_kboard" not in state.__dict__ and "_kpresent" not in state.__dict__
    assert G.count_legal(state, 0) == before + 1 == len(LegalActions(legality.legal(state, 0)))
