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
from tests.games.kardashev.helpers import G, put, same_memo, turn, with_roles

from starlanes.core import Rng
from starlanes.core.legal import LegalActions
from starlanes.games.kardashev import fastlegal, legality, moving
from starlanes.games.kardashev.actions import Move
from starlanes.games.kardashev.board import reachable
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules import round as round_rules
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


def _valid(state: KardashevState) -> fastlegal._Read | None:
    """The board read kept on ``state`` for its step, if any."""
    read = state.__dict__.get("_kboard")
    return read if read is not None and read.step == state.step else None



def _check_kept(state: KardashevState) -> None:
    """The kept read's columns and masks and every seat's board (colonies, fleets) are a fresh read's."""
    read = _valid(state)
    if read is None:
        return
    fresh = fastlegal._Read(G.clone(state))
    for name in ("tiles", "cols", "fls", "clevels", "flevels", "unexplored", "destroyed", "colonies", "fleets",
                 "techs", "team"):
        assert getattr(read, name) == getattr(fresh, name), name
    for seat, board in read.boards.items():
        if board.due:  # the changes gathered since the seat last read it, applied as its decision would
            board.catch_up()
        again = fastlegal._Board(fresh, seat)
        for name in ("tiles", "cols", "fls", "own_cols", "fleets", "own"):
            assert getattr(board, name) == getattr(again, name), (seat, name)
        assert board.masks() == moving.move_masks(state, seat), seat  # kept, and a move's plan reads them


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 5),
    (2, {"boosters_raise_cap": True}, 11),
    (4, {"ally_variant": True, "round_limit": 8}, 3),
    (3, {"exchange_rate": 2, "fleet_upgrade_capped_by_colony": True, "round_limit": 10}, 4),
    (6, {"round_limit": 4}, 6),
])
def test_the_kept_board_read_is_a_fresh_read_after_every_action(players: int, params: dict[str, Any],
                                                                seed: int) -> None:
    """The board read is kept from step to step and brought up to date by the actions that change
    the board or the technologies (``fastlegal.after``): after every action of seeded games its
    columns and each seat's colonies and fleets are a fresh read's; at every turn decision the
    count and the draw from it are the fresh read's, and so is every entry of its memos that a
    fresh read works out too; after an action of ``game.BOARD_KEPT`` it is kept as it was."""
    from starlanes.games.kardashev.game import BOARD_KEPT

    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(seed)
    turns = reused = compared = 0
    while seats := sorted(G.to_act(state)):
        for seat in seats:
            _check_kept(state)
            if legality.decision_kind(state) == "turn":
                turns += 1
                read = _valid(state)
                reused += read is not None and seat in read.boards
                clone = G.clone(state)  # a clone reads the board afresh
                assert fastlegal.count(state, seat) == fastlegal.count(clone, seat)
                kept, fresh = state.__dict__["_kboard"].boards[seat], clone.__dict__["_kboard"].boards[seat]
                compared += same_memo(kept.memo, fresh.memo) + same_memo(kept.tmemo, fresh.tmemo)
                index = rng.randint(0, fastlegal.count(state, seat) - 1)
                assert fastlegal.nth(state, seat, index) == fastlegal.nth(clone, seat, index)
            before = _valid(state)
            memo = dict(before.boards[seat].memo) if before is not None and seat in before.boards else None
            action = G.sample_legal(state, seat, rng)
            G.apply_unchecked(state, seat, action)
            if type(action) in BOARD_KEPT and memo is not None:
                after = _valid(state)
                assert after is before and after.boards[seat].memo.keys() >= memo.keys()
    assert turns > 50 and reused > 0.7 * turns and compared > 5 * turns, (turns, reused, compared)


def test_forget_drops_the_kept_read() -> None:
    """``forget`` drops the kept read (and the end check's), so a change by hand is seen."""
    state = turn(with_roles(["pioneer", "warlord"]), 0, hand=(5, 5, 5))
    put(state, "0,0", ("food",), colony=0, clevel=1)
    before = G.count_legal(state, 0)
    put(state, "1,0", ("matter",))  # a planet next to the colony: one more place for a colony
    G.forget(state)
    assert "_kboard" not in state.__dict__ and "_kpresent" not in state.__dict__
    assert G.count_legal(state, 0) == before + 1 == len(LegalActions(legality.legal(state, 0)))


def test_harvest_splits_by_gale_are_the_sums_of_the_sources_splits() -> None:
    """``harvest._splits`` (Gale's condition on the cards per set of types) gives the splits the
    sum of each source's splits gives, for random sources (no type, one, two or three types,
    zero to four cards each, up to seven sources)."""
    from starlanes.games.kardashev.rules import harvest

    kinds = [(), ("food",), ("matter",), ("energy",), ("food", "matter"), ("food", "energy"),
             ("matter", "energy"), ("food", "matter", "energy")]
    rng = Rng.from_seed(16)
    for _ in range(1500):
        sources = tuple(sorted((rng.randint(0, 4), kinds[rng.randint(1 if rng.randint(0, 20) else 0, 7)])
                               for _ in range(rng.randint(0, 7))))
        assert harvest._splits(sources) == harvest._splits_by_sum(sources), sources


def test_researchable_is_what_the_refusals_allow() -> None:
    """``legality._researchable`` (the card's requirements read once per role) lists what
    ``research_refusal`` and ``clone_refusal`` allow, for every role and random held sets."""
    from starlanes.games.kardashev.actions import Research
    from starlanes.games.kardashev.techs import clone_refusal, is_clone, research_refusal

    rng = Rng.from_seed(31)
    for role in sorted(CONTENT.roles):
        techs = CONTENT.roles[role].techs
        for _ in range(60):
            held = frozenset(t for t in techs if rng.randint(0, 2) == 0)
            expected: list[Research] = []
            for tech in techs:
                if research_refusal(CONTENT, role, held, tech) is None:
                    expected += [Research(tech, c) for c in techs if clone_refusal(CONTENT, role, c) is None] \
                        if is_clone(CONTENT, tech) else [Research(tech)]
            assert list(legality._researchable(role, held)) == expected, (role, sorted(held))


def test_a_terraform_drops_what_reads_the_symbols() -> None:
    """Use Technology may add a symbol (Terraform) that the read's columns do not show: after it
    the kept read counts what a fresh read counts (a military symbol makes a fleet site, a new
    type a new harvest split) and its memos hold what a fresh read works out."""
    from starlanes.games.kardashev.actions import BuildFleet, UseTech
    from starlanes.games.kardashev.effects import Terraform

    tech = next(t for t, card in CONTENT.techs.items() if any(isinstance(e, Terraform) for e in card.effects))
    role = next(k for k, r in CONTENT.roles.items() if tech in r.techs)
    state = turn(with_roles([role, "warlord"]), 0, hand=(9, 9, 9), techs=[tech])
    put(state, "0,0", ("food",), colony=0, clevel=1)
    put(state, "1,0", ("matter",), fleet=0, flevel=1)
    G.forget(state)
    G.count_legal(state, 0)  # the read kept from here
    sited = [a for a in legality.legal(state, 0) if isinstance(a, BuildFleet) and a.cell == (0, 0)]
    terraform = next(a for a in legality.legal(state, 0) if isinstance(a, UseTech) and a.symbol == "military")
    G.apply(state, 0, terraform)
    while legality.decision_kind(state) != "turn":  # the payment of the military symbol
        G.apply(state, 0, LegalActions(legality.legal(state, 0))[0])
    assert _valid(state) is not None  # kept, brought up to date
    clone = G.clone(state)
    assert G.count_legal(state, 0) == fastlegal.count(clone, 0) == len(LegalActions(legality.legal(state, 0)))
    kept, fresh = state.__dict__["_kboard"].boards[0], clone.__dict__["_kboard"].boards[0]
    same_memo(kept.memo, fresh.memo)
    same_memo(kept.tmemo, fresh.tmemo)
    assert not sited and any(isinstance(a, BuildFleet) and a.cell == (0, 0) for a in legality.legal(state, 0))


def test_placeable_cells_in_cell_numbers_are_the_exploration_cells() -> None:
    """``round._placeable`` (the blue cells' numbers) gives ``exploration_cells``'s cells, in cell
    order, for random sets of explored cells and every blue threshold around the blue count."""
    rng = Rng.from_seed(16)
    blues = sum(1 for h in CELLS if h in BOARD.blue)
    for _ in range(300):
        explored = rng.randint(0, len(CELLS))
        tiles = tuple("planet" if rng.randint(0, len(CELLS) - 1) < explored else None for _ in CELLS)
        for threshold in range(0, blues + 2):
            assert round_rules._placeable(tiles, threshold) == round_rules.placeable_plain(tiles, threshold)
    assert round_rules._placeable((None,) * len(CELLS), 3) == round_rules.placeable_plain((None,) * len(CELLS), 3)


def test_a_kept_hand_pays_what_affordable_says() -> None:
    """``fastlegal._Hand`` (what a hand pays, kept as bit masks across decisions and games) gives
    ``affordable``'s answer for every price the counts of a seeded game asked about, asked in
    any order, in parts and again; a hand asked again is the kept one."""
    from starlanes.games.kardashev.rules.common import _affordable

    _play(3, {"exchange_rate": 2, "round_limit": 6}, seed=9, check=False)  # prices asked and numbered
    prices = list(fastlegal._PRICES)
    assert len(prices) > 5 and all(fastlegal._bit(cost) == 1 << k for k, cost in enumerate(prices))
    rng = Rng.from_seed(9)
    for _ in range(200):
        cards = (rng.randint(0, 9), rng.randint(0, 9), rng.randint(0, 9))
        rate = rng.randint(2, 4)
        hand = fastlegal._hand(cards, rate)
        for _ in range(3):
            mask = sum(1 << k for k in range(len(prices)) if rng.randint(0, 2) == 0)
            paid = hand.pays(mask)
            assert paid & ~mask == 0
            for k, cost in enumerate(prices):
                if mask >> k & 1:
                    assert bool(paid >> k & 1) == _affordable(*cards, cost, rate), (cards, rate, cost)
        assert fastlegal._hand(cards, rate) is hand


def test_layers_with_leaps_are_the_reachable_destinations() -> None:
    """``fastlegal._layers_plain`` and ``_layers_leaping`` (a fleet's destinations by cells
    entered, in bit masks) give ``board.reachable``'s destinations and plan lengths on random
    boards (unexplored cells, destroyed planets, friendly and hostile pieces), with 0 to 2 leaps,
    every limit; the cells they looked at hold every destination."""
    from starlanes.games.kardashev.board import MoveMap, MoveRules

    rng = Rng.from_seed(44)
    for _ in range(400):
        kinds = [rng.randint(0, 6) for _ in CELLS]  # 0-2 open, 3 friendly, 4 hostile, 5 unexplored, 6 destroyed
        start = rng.randint(0, len(CELLS) - 1)
        kinds[start] = 3
        jumps = rng.randint(0, 2)
        grid = MoveMap(explored=frozenset(h for h, k in zip(CELLS, kinds, strict=True) if k != 5),
                       destroyed=frozenset(h for h, k in zip(CELLS, kinds, strict=True) if k == 6),
                       friendly_fleets=frozenset(h for h, k in zip(CELLS, kinds, strict=True) if k == 3),
                       hostile=frozenset(h for h, k in zip(CELLS, kinds, strict=True) if k == 4))
        blocked, ends, passing, unexplored = (sum(1 << i for i, k in enumerate(kinds) if k in wanted)
                                              for wanted in ((6,), (4, 5), (0, 1, 2), (5,)))
        masks = (blocked, ends, passing, unexplored)
        rules = MoveRules(energy=(1, 1, 1), tiles=(1, 1, 1), jumps=jumps)
        for limit in range(1, 9):
            plans = reachable(BOARD, grid, CELLS[start], 1, rules, limit)
            expected = [sum(1 << CELLS.index(h) for h, plan in plans.items() if plan.tiles == depth)
                        for depth in range(1, limit + 1)]
            layers, looked = fastlegal._layers_leaping(masks, start, limit, jumps) if jumps \
                else fastlegal._layers_plain(masks, start, limit)
            assert layers + [0] * (limit - len(layers)) == expected, (kinds, start, jumps, limit)
            assert all(layer & ~looked == 0 for layer in layers)
