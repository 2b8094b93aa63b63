"""Issue 16: what applying Kardashev's actions keeps instead of working it out again, checked
against a fresh computation at every step of whole random games (many seeds): the effects in
force per role and technologies (``common._in_force``: one per set of technologies, whatever
order they were researched in); the end check that an action keeping the board and the supplies
skips after a full one (``common.check_end``'s ``_kpresent``); a gain's and a payment's actions
kept per task kind and hand (``legality._gains``, ``legality._pays``); and where a fleet may be
built, asked with its checks in a cheaper order (``turn.fleet_site``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.core.actions import Action
from starlanes.games.kardashev import legality, moving
from starlanes.games.kardashev.actions import Decline, Gain, Pay
from starlanes.games.kardashev.costs import Cost, Resources, can_afford
from starlanes.games.kardashev.effects import HOOKS, Effect, FleetSite, effects_at
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules.common import (
    CONTENT,
    NEIGH,
    _affordable,
    budget,
    check_end,
    effects,
    friends,
    hook,
)
from starlanes.games.kardashev.rules.turn import fleet_site
from starlanes.games.kardashev.state import KardashevState
from starlanes.games.kardashev.techs import is_clone, player_effects, turn_budget

GAMES: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 31),
    (2, {}, 32),
    (2, {}, 109),  # a clone copies a technology for most of the game
    (2, {"exchange_rate": 2}, 33),
    (3, {}, 34),
    (3, {"round_limit": 10}, 35),
    (4, {"ally_variant": True, "round_limit": 8}, 36),
]


def _steps(players: int, params: dict[str, Any], seed: int) -> Iterator[KardashevState]:
    """The state before every step of a seeded random game (``play_random`` one step at a time,
    its kept reads carried from step to step), and at its end."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "kept"))
    while True:
        yield state
        if not G.play_random(state, rng, 1):
            return


def _plain_effects(role: str, held: list[str], cloned: str | None) -> tuple[Effect, ...]:
    """``player_effects`` spelled out (K-TE32): the role's abilities, then each held technology's
    effects in card order, a clone giving its copy's effects unless that one is held anyway."""
    out: list[Effect] = list(CONTENT.roles[role].abilities)
    for tech in CONTENT.roles[role].techs:
        if tech not in held:
            continue
        if is_clone(CONTENT, tech):
            if cloned is not None and cloned not in held:
                out.extend(CONTENT.techs[cloned].effects)
        else:
            out.extend(CONTENT.techs[tech].effects)
    return tuple(out)


_LOOK_UPS = ("effects", "hook", "budget")


def _as_fresh(look_up: str, state: KardashevState, seat: int, fresh: tuple[Effect, ...]) -> bool:
    """Whether the rules' ``look_up`` of the seat answers as its ``fresh`` effects tell."""
    if look_up == "effects":
        return effects(state, seat) == fresh
    if look_up == "hook":
        return all(hook(state, seat, name) == effects_at(fresh, name) for name in HOOKS)
    return budget(state, seat) == turn_budget(fresh)


@pytest.mark.parametrize(("players", "params", "seed"), GAMES)
def test_effects_in_force_are_a_fresh_player_effects(players: int, params: dict[str, Any], seed: int) -> None:
    """Every seat's effects, every hook's effects, the turn's budget and the movement rules, as
    the rules look them up, are those of its role and technologies worked out afresh, at every
    step. Each look-up refreshes the seat's effects kept on the state (``common._kforce``) when
    its technologies changed: which one asks first goes round step by step, so that each of
    them finds the kept ones stale after some research."""
    steps = clones = 0
    for state in _steps(players, params, seed):
        steps += 1
        for seat, p in enumerate(state.seats):
            if p.role is None:
                assert effects(state, seat) == () and hook(state, seat, "move") == ()
                continue
            clones += p.cloned is not None
            fresh = _plain_effects(p.role, list(p.techs), p.cloned)
            assert player_effects(CONTENT, p.role, list(p.techs), p.cloned) == fresh, (steps, seat)
            first = steps % len(_LOOK_UPS)
            for look_up in _LOOK_UPS[first:] + _LOOK_UPS[:first]:
                assert _as_fresh(look_up, state, seat, fresh), (steps, seat, look_up)
            # the movement rules kept per params, role and set of technologies
            assert moving.move_rules(state, seat) == fleet.move_rules(state, seat), (steps, seat)
    assert steps > 150 and G.is_over(state)
    if seed == 109:
        assert clones > 100


def test_an_unknown_hook_is_refused() -> None:
    state = G.setup(None, 2, 1)
    G.play_random(state, Rng.from_seed(1), 20)
    with pytest.raises(ValueError, match="unknown hook"):
        hook(state, 0, "no-such-hook")


# besides ``GAMES``, short games whose end a low colony supply triggers, and games where a seat
# is eliminated: by an attack a move makes (seed 52), by an attack resolved after the supports (73)
END_GAMES = [
    *GAMES,
    (2, {"supply_colonies": 5}, 40),
    (3, {"supply_colonies": 6}, 40),
    (4, {"ally_variant": True, "supply_colonies": 5, "round_limit": 12}, 40),
    (4, {}, 52),
    (4, {}, 73),
]
ELIMINATING = {52, 73}


@pytest.mark.parametrize(("players", "params", "seed"), END_GAMES)
def test_the_end_check_of_every_step_is_a_full_one(players: int, params: dict[str, Any], seed: int) -> None:
    """After every step, the end triggers found (the last round, the seats eliminated) are those
    a full check of a copy finds (a copy keeps no ``_kpresent``: it reads the board and every
    supply), whichever actions skip the full check (``game.END_KEPT``, a move attacking nobody);
    a game the supply ended had its last round set for some steps; the eliminating games saw a
    seat eliminated."""
    steps = triggered = 0
    for state in _steps(players, params, seed):
        steps += 1
        fresh = G.clone(state)
        assert "_kpresent" not in fresh.__dict__
        check_end(fresh, True)
        assert fresh.last_round == state.last_round, steps
        assert [p.eliminated for p in fresh.seats] == [p.eliminated for p in state.seats], steps
        triggered += bool(state.last_round)
    assert steps > 100 and G.is_over(state)
    assert triggered > 5 or state.ended != "the end was triggered"
    if "supply_colonies" in params:
        assert state.ended == "the end was triggered"
    if seed in ELIMINATING:
        assert any(p.eliminated for p in state.seats)


def _plain_listing(state: KardashevState) -> list[Action]:
    """A gain's or a payment's actions spelled out (``list_gain``, ``list_pay``; not a matching
    part)."""
    task = state.tasks[0]
    if task.kind == "gain":
        return [*(Gain(k) for k in task.types), *([Decline()] if task.optional else [])]
    p = state.seats[task.seat]
    total = min(task.amount, p.food + p.matter + p.energy)
    return [Pay(f, m, total - f - m) for f in range(min(total, p.food) + 1)
            for m in range(min(total - f, p.matter) + 1) if total - f - m <= p.energy]


@pytest.mark.parametrize(("players", "params", "seed"), GAMES)
def test_gains_and_payments_listed_are_a_fresh_listing(players: int, params: dict[str, Any], seed: int) -> None:
    """At every gain and payment decision, its actions are the ones spelled out afresh."""
    asked = 0
    for state in _steps(players, params, seed):
        task = state.tasks[0] if state.tasks else None
        if task is None or task.kind not in ("gain", "pay") or task.same_type:
            continue
        lister = legality.list_gain if task.kind == "gain" else legality.list_pay
        assert lister(state, task.seat) == _plain_listing(state), state.step
        asked += 1
    assert asked > 20


def _plain_fleet_site(state: KardashevState, seat: int, index: int) -> tuple[Cost | None, int] | None:
    """``fleet_site`` spelled out, each effect asked in turn (K-F01, K-F03, K-V05, K-TE23, K-TE24)."""
    c = state.cells[index]
    if c.tile not in ("planet", "empty"):
        return None
    if c.colony is not None and c.tile == "planet":
        if friends(state, c.colony, seat) and "military" in c.all_symbols:
            return None, c.colony_level
        for e in hook(state, seat, "build-fleet"):
            if isinstance(e, FleetSite) and e.site == "own-colony" and c.colony == seat and (
                    not e.needs_military or "military" in c.all_symbols):
                return e.price, c.colony_level
        return None
    for e in hook(state, seat, "build-fleet"):
        if isinstance(e, FleetSite) and e.site == "near-own-fleet":
            if c.fleet is not None and c.fleet != seat:
                continue
            if any(state.cells[n].fleet == seat for n in NEIGH[index]):
                return e.price, e.build_level or 1
    return None


@pytest.mark.parametrize(("players", "params", "seed"), GAMES[::2])
def test_fleet_sites_are_the_rules_spelled_out(players: int, params: dict[str, Any], seed: int) -> None:
    """Every 3rd step, for every seat and cell, ``fleet_site`` answers as the rule spelled out."""
    sites = 0
    for k, state in enumerate(_steps(players, params, seed)):
        if k % 3 or any(p.role is None for p in state.seats):
            continue
        for seat in range(state.players):
            for index in range(len(state.cells)):
                found = fleet_site(state, seat, index)
                assert found == _plain_fleet_site(state, seat, index), (k, seat, index)
                sites += found is not None
    assert sites > 100


def test_affordable_in_plain_numbers_is_can_afford() -> None:
    """``common._affordable`` (the hand's numbers, type by type) answers as ``costs.can_afford``
    for every hand of up to 7 cards a type, exchange rates 1 to 4 and prices of every part."""
    costs = [Cost(food=f, matter=m, energy=e, any=a) for f in range(3) for m in range(3) for e in range(3)
             for a in range(3)] + [Cost(matching=2), Cost(food=1, matching=1), Cost(energy=2, any=1, matching=2)]
    for rate in range(1, 5):
        for food in range(8):
            for matter in range(8):
                for energy in range(8):
                    hand = Resources(food, matter, energy)
                    for cost in costs:
                        assert _affordable(food, matter, energy, cost, rate) == can_afford(hand, cost, rate), (
                            hand, cost, rate)
