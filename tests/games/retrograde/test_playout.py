"""Issue 16: Retrograde's search playouts (``RetrogradeRuleset.play_random``) keep the cards that
answer ability hooks between the actions that leave every face-up card where it is
(``game.KEEPS_HOLDERS``), instead of finding them again at every draw.

The playout must play the public loop's game (``to_act``, ``sample_legal``, ``apply_unchecked``)
action for action, and the actions it trusts must really leave the answering cards in place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tests.games.retrograde import helpers
from tests.games.retrograde.test_same_games import VARIANTS
from tests.games.retrograde.test_speed import _random_position

from starlanes.core import Rng, derive_seed
from starlanes.core.legal import ActionTemplate
from starlanes.core.ruleset import Ruleset
from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import listing
from starlanes.games.retrograde.actions import Allocate, Burn, End, Flip, Found, Place, Research, Swap, Transfer
from starlanes.games.retrograde.board import Board
from starlanes.games.retrograde.game import APPLY, KEEPS_HOLDERS, keeps_holders, make_ruleset
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import RetroState
from starlanes.testing import drawn_loop

GAME = make_ruleset()


def _loop(state: RetroState, rng: Rng, limit: int) -> int:
    """The public loop that ``Ruleset.play_random`` stands for (``starlanes.testing.drawn_loop``)."""
    return drawn_loop(GAME, state, rng, limit)


def _positions(params: dict[str, Any], seed: int, every: int = 9) -> list[RetroState]:
    """The start of a seeded random game and every ``every``-th state of it."""
    state = GAME.setup(params, 2, seed)
    rng = Rng.from_seed(derive_seed(seed, "playout"))
    out = [GAME.clone(state)]
    step = 0
    while GAME.to_act(state):
        _loop(state, rng, 1)
        step += 1
        if step % every == 0:
            out.append(GAME.clone(state))
    return out


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_play_random_plays_the_public_loop_s_game(variant: int) -> None:
    """Issue 16: from positions of a seeded game per param variant, ``play_random`` plays the
    actions of the public loop and of the generic ``Ruleset.play_random`` for the same rng: the
    same count, the same state, the rng left in the same place (limits of 1, 37 and to the end)."""
    params = {**VARIANTS[variant], "turn_limit": 30}
    ended = 0
    for n, start in enumerate(_positions(params, variant + 1)):
        for limit in (1, 37, 10_000):
            seed = derive_seed(n, str(limit))
            mine, loop, generic = GAME.clone(start), GAME.clone(start), GAME.clone(start)
            r1, r2, r3 = Rng.from_seed(seed), Rng.from_seed(seed), Rng.from_seed(seed)
            played = GAME.play_random(mine, r1, limit)
            assert played == _loop(loop, r2, limit) == Ruleset.play_random(GAME, generic, r3, limit)
            assert mine == loop == generic
            assert r1.randint(0, 10**9) == r2.randint(0, 10**9) == r3.randint(0, 10**9)
            ended += GAME.is_over(mine)
    assert ended  # the long playouts reach the end of the game


def _seat_loop(state: RetroState, rngs: tuple[Rng, Rng], limit: int) -> int:
    """The public loop with one generator per seat: each seat to act draws with its own."""
    played = 0
    while played < limit and GAME.to_act(state):
        for seat in sorted(GAME.to_act(state)):
            GAME.apply_unchecked(state, seat, GAME.sample_legal(state, seat, rngs[seat]))
            played += 1
    return played


def test_play_random_draws_each_seat_s_action_with_its_own_rng() -> None:
    """``play_random`` given one generator per seat (the lab's random agents) draws each seat's
    action with that seat's generator, also in a combat's sealed choices: the public loop's
    game, and each generator left where the loop leaves it."""
    params = {**VARIANTS[0], "turn_limit": 30}
    for n, start in enumerate(_positions(params, 5)):
        for limit in (1, 37, 10_000):
            mine, loop = GAME.clone(start), GAME.clone(start)
            a = tuple(Rng.from_seed(derive_seed(n, str(limit), seat)) for seat in (0, 1))
            b = tuple(Rng.from_seed(derive_seed(n, str(limit), seat)) for seat in (0, 1))
            assert GAME.play_random(mine, a, limit) == _seat_loop(loop, (b[0], b[1]), limit)
            assert mine == loop
            assert [r.randint(0, 10**9) for r in a] == [r.randint(0, 10**9) for r in b]


def test_play_random_refuses_a_generator_count_other_than_the_seats() -> None:
    """``play_random`` given a sequence of generators of another length than the seats refuses it
    (``seat_rngs``) before it plays anything."""
    state = GAME.setup({**VARIANTS[0], "turn_limit": 30}, 2, 1)
    with pytest.raises(Exception, match="one generator per seat: 2 seats, 3 generators"):
        GAME.play_random(state, [Rng.from_seed(i) for i in range(3)], 5)
    assert state.step == 0


def _holders(state: RetroState) -> list[tuple[Any, ...]]:
    """The face-up cards that answer ability hooks, in table order, by key, uid, controller and
    the very objects (asset, spacecraft, upgrade) the kept ``Source``s point at."""
    held, answered = ab._holders(Board(state.table))
    return [(key, uid, who, id(asset), id(ship), id(upgrade)) for key, uid, who, asset, ship, upgrade in held] + [
        (answered,)]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_actions_kept_by_playouts_leave_the_answering_cards_in_place(variant: int) -> None:
    """Issue 16: after every action that keeps them (``game.keeps_holders``: those of
    ``KEEPS_HOLDERS``, the flips of cards that answer no hook) in eight seeded random games per
    param variant (the end of a turn: when ``end_turn`` kept ``Board.held``), the cards that
    answer ability hooks are the same cards, with the same controllers, at the same places, in
    the same order; other actions (a flip of a card that answers one, an end of a turn whose
    debris destroy) do change them, so the check can fail."""
    kept: Counter[str] = Counter()
    moved: Counter[str] = Counter()
    for seed in range(variant * 10 + 3, variant * 10 + 11):
        state = GAME.setup({**VARIANTS[variant], "turn_limit": 40}, 2, seed)
        rng = Rng.from_seed(derive_seed(seed, "kept"))
        while seats := sorted(GAME.to_act(state)):
            for seat in seats:
                action = GAME.sample_legal(state, seat, rng)
                keeps = keeps_holders(action, state.table)
                before = _holders(state)
                e = Engine(state)
                e.b.held = {}  # as a playout applies the actions it keeps (the rule may drop it)
                if state.pending is not None:
                    GAME.apply_unchecked(state, seat, action)
                else:
                    APPLY[type(action)](e, seat, action)
                    state.step += 1
                name = type(action).__name__
                if keeps and e.b.held is not None:
                    assert _holders(state) == before, f"{action.text()} moved a card that answers a hook"
                    kept[name] += 1
                elif _holders(state) != before:
                    moved[name] += 1
    assert kept["Allocate"] and kept["Burn"] and kept["Research"] and kept["Place"] and kept["End"]
    assert kept["Flip"] and moved["Flip"]


def test_transfers_and_swaps_kept_by_playouts_leave_the_answering_cards_in_place() -> None:
    """Issue 16: from made-up positions with every card of the book, after every transfer of a
    spacecraft that answers no hook and every swap between cards that answer none
    (``game.keeps_holders``), the cards that answer ability hooks are the same cards, with the
    same controllers, at the same places, in the same order."""
    kept: Counter[str] = Counter()
    for seed in range(120):
        state = _random_position(seed)
        rng = Rng.from_seed(derive_seed(seed, "kept moves"))
        for _ in range(150):
            seats = sorted(GAME.to_act(state))
            if not seats:
                break
            seat = seats[0]
            action = GAME.sample_legal(state, seat, rng)
            keeps = keeps_holders(action, state.table)
            before = _holders(state)
            GAME.apply_unchecked(state, seat, action)
            if keeps and isinstance(action, (Transfer, Swap)):
                assert _holders(state) == before, f"{action.text()} moved a card that answers a hook"
                kept[type(action).__name__] += 1
    assert kept["Transfer"] and kept["Swap"]


def test_end_of_turn_whose_debris_destroy_drops_the_kept_cards() -> None:
    """Issue 16: an end of a turn whose debris destroy a spacecraft that answers a hook (The
    Waveguide's aura) drops the cards a playout kept (``Board.held``); one that destroys nothing
    (no debris, or debris whose damage stays under the armor) keeps them, and a playout from
    each position plays the public loop's game."""
    for damage, debris, dropped in ((1, True, True), (0, True, False), (0, False, False)):
        state = helpers.empty()
        helpers.ship(state, "waveguide", 0, helpers.HOME0, 0, damage=damage)  # armor 2
        if debris:
            helpers.debris(state, helpers.HOME0, 0)
        start = GAME.clone(state)
        e = Engine(state)
        e.b.held = {}
        APPLY[End](e, 0, End())
        assert (e.b.held is None) is dropped
        assert len(state.table.ships) == (0 if dropped else 1)
        mine, loop = GAME.clone(start), GAME.clone(start)
        assert GAME.play_random(mine, Rng.from_seed(5), 60) == _loop(loop, Rng.from_seed(5), 60)
        assert mine == loop


def _expand(segments: list[listing.Segment]) -> list[str]:
    """The actions of the segments, in list order, as text (``listing.legal``'s expansion)."""
    out: list[str] = []
    for _size, cls, payload in segments:
        if cls is not None:
            out.extend(cls(*args).text() for args in payload)
        elif isinstance(payload, ActionTemplate):
            out.extend(a.text() for a in payload)
        else:
            out.append(payload.text())
    return out


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_walk_kept_by_playouts_equals_a_full_walk(variant: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: at every draw of ``play_random`` from positions of seeded games per param variant,
    the walk made from the sections the playout kept since the last draw (``listing.Kept``:
    the allocations and flips of each seat also across the ends of turns) lists what a full
    walk of the same state lists, in the same order; and the playout still plays the public
    loop's game. The draws after burns, researches, allocations, placements, foundations and
    ends of turns (the actions whose sections are kept) are counted, so the check has teeth."""
    # the sections are kept only across actions that leave the cards answering hooks in place
    assert {Burn, Research, Allocate, Place, Found} <= KEEPS_HOLDERS
    draw = listing.draw
    after: Counter[str] = Counter()
    last: list[str] = [""]

    def checked_draw(e: Engine, seat: int, rng: Rng, held: dict[str, Any] | None = None,
                     kept: listing.Kept | None = None) -> Any:
        if kept is None:  # the public loop's draw
            return draw(e, seat, rng, held)
        full = _expand(listing.walk(Engine(e.s), seat))
        assert _expand(listing.walk(e, seat, held, kept)) == full, f"the kept walk after {last[0]} differs"
        after[last[0]] += 1
        action = draw(e, seat, rng, held, kept)
        last[0] = type(action).__name__
        if isinstance(action, Flip) and e.t.cards[action.card] in listing.WALK_KEYS:
            last[0] = "Flip of a card answering a hook the walk asks"
        return action

    monkeypatch.setattr(listing, "draw", checked_draw)
    for n, start in enumerate(_playout_starts(variant)):
        mine, loop = GAME.clone(start), GAME.clone(start)
        last[0] = ""
        rng_seed = derive_seed(variant, n, "kept")
        assert GAME.play_random(mine, Rng.from_seed(rng_seed), 150) == _loop(loop, Rng.from_seed(rng_seed), 150)
        assert mine == loop
    assert after["Burn"] and after["Research"] and after["Allocate"] and after["Place"] and after["Found"]
    assert after["End"] and after["Flip"] and after["Flip of a card answering a hook the walk asks"]
    assert after["Transfer"] and after["Swap"]


def _playout_starts(variant: int) -> list[RetroState]:
    """Where the kept-data checks start their playouts: positions of two seeded games of the
    param variant, and made-up positions with every card of the book (boosts, cleaners, swaps,
    cannibalized yards)."""
    params = {**VARIANTS[variant], "turn_limit": 30}
    starts = [start for seed in (variant + 1, variant + 21) for start in _positions(params, seed, every=5)]
    return starts + [_random_position(seed) for seed in range(variant, 240, len(VARIANTS))]


def _sources(found: list[ab.Source] | tuple[()]) -> list[tuple[Any, ...]]:
    """The sources by uid, ability and controller and the very objects they point at."""
    return [(s.uid, s.ability, s.controller, id(s.asset), id(s.ship), id(s.upgrade)) for s in found]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_refreshed_hook_answers_equal_fresh_ones(variant: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: after every action of ``play_random`` that may move the cards answering hooks,
    what ``abilities.refresh`` keeps of them (each hook's cards, ``found_each``'s lists, the
    fixed answers of ``ship_slots``, ``refit_scopes`` and ``gate_turns``) is what a fresh search finds, object
    for object; and the playout still plays the public loop's game. Refreshes that keep
    something after cards moved are counted, so the check has teeth."""
    from starlanes.games.retrograde import game as game_module

    real = ab.refresh
    kept: Counter[str] = Counter()

    def checked_refresh(b: Board, held: dict[str, Any]) -> None:
        before = list(held["#holders"][0]) if held else None
        real(b, held)
        if not held:
            return
        fresh = ab._holders(b)
        assert [h[:3] + tuple(map(id, h[3:])) for h in held["#holders"][0]] == [
            h[:3] + tuple(map(id, h[3:])) for h in fresh[0]]
        for hook, got in held[""].items():
            if isinstance(hook, tuple):
                assert [_sources(x) for x in got] == [_sources(ab._of_hook(fresh, h)) for h in hook]
            else:
                assert _sources(got) == _sources(ab._of_hook(fresh, hook))
        assets = {a.uid: a for a in b.t.assets}
        for (hook, uid, seat), value in (held.get("#fixed") or {}).items():
            found = ab._of_hook(fresh, hook)
            if hook == "ship_slots":
                assert value == int(ab.run(b, hook, found, 1, asset=assets[uid]))
            elif hook == "gate_turns":  # (turn_start.begin_turn's, kept by seat)
                assert uid == -1 and value == int(ab.run(b, hook, found, 0, seat=seat))
                kept["gate"] += 1
            else:
                assert value == ab.run(b, hook, found, [], asset=assets[uid], seat=seat)
        if before != fresh[0]:
            kept["moved"] += 1
            kept["fixed"] += bool(held.get("#fixed"))

    monkeypatch.setattr(game_module, "refresh", checked_refresh)
    for n, start in enumerate(_playout_starts(variant)):
        mine, loop = GAME.clone(start), GAME.clone(start)
        rng_seed = derive_seed(variant, n, "refresh")
        assert GAME.play_random(mine, Rng.from_seed(rng_seed), 150) == _loop(loop, Rng.from_seed(rng_seed), 150)
        assert mine == loop
    assert kept["moved"] and kept["fixed"] and kept["gate"]


def test_an_upgrade_flipped_under_the_other_seat_s_asset_redoes_its_allocations_there() -> None:
    """Issue 16: an upgrade of seat 0 completed beside an asset seat 1 controls (Cannibalized
    Yards: the asset may then cannibalize) drops what a playout kept of seat 1's allocations
    there (``Kept.flipped``): the kept walk lists the cannibalizations a full walk lists."""
    from starlanes.games.retrograde.state import CLEANUP, MANEUVERS

    state = helpers.empty()
    t = state.table
    yard = helpers.slip(state, helpers.HOME1, "cannibalized-yards", 0, counters=4, side="upgrade")
    helpers.ship(state, "waveguide", 1, helpers.HOME1, 0)
    kept = listing.Kept()
    e = Engine(state)
    held: dict[str, Any] = {}
    t.phase = MANEUVERS
    before = _expand(listing.walk(e, 1, held, kept))
    assert not any(text.startswith("cannibalize") for text in before)
    t.phase = CLEANUP
    APPLY[Flip](e, 0, Flip(yard.uid))
    ab.refresh(e.b, held)
    kept.flipped(t, yard.uid, 0)
    t.phase = MANEUVERS
    after = _expand(listing.walk(e, 1, held, kept))
    assert after == _expand(listing.walk(Engine(state), 1))
    assert any(text.startswith("cannibalize") for text in after)


def test_an_upgrade_flipped_under_the_other_seat_s_asset_redoes_its_flips() -> None:
    """Issue 16: PopFixx Boosters (any entry orbital) completed by seat 0 under an asset seat 1
    controls drops what a playout kept of seat 1's flips (``Kept.flipped``): seat 1's completed
    spacecraft there may now enter any orbital, as a full walk lists."""
    from starlanes.games.retrograde.state import CLEANUP

    state = helpers.empty()
    t = state.table
    t.phase = CLEANUP
    boosters = helpers.slip(state, helpers.HOME1, "popfixx-boosters", 0, counters=7, side="upgrade")
    helpers.slip(state, helpers.HOME1, "spaceforce-katana", 1, counters=3)
    kept = listing.Kept()
    e = Engine(state)
    held: dict[str, Any] = {}
    before = _expand(listing.walk(e, 1, held, kept))
    APPLY[Flip](e, 0, Flip(boosters.uid))
    ab.refresh(e.b, held)
    kept.flipped(t, boosters.uid, 0)
    after = _expand(listing.walk(e, 1, held, kept))
    assert after == _expand(listing.walk(Engine(state), 1))
    assert len(after) > len(before)  # the orbitals it may enter


def test_a_turn_start_is_given_the_cards_in_play_that_answer_its_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: the cards answering the hooks of a turn's start (``turn_start.STARTING_HOOKS``)
    that the end of the turn before finds with its own and passes on (``begin_turn``'s
    ``found``) are those a fresh search of the table finds then, object for object, at every
    end of a turn of seeded playouts; and the playout still plays the public loop's game."""
    from starlanes.games.retrograde.rules import end_turn as end_module
    from starlanes.games.retrograde.rules.turn_start import STARTING_HOOKS, begin_turn

    real = begin_turn  # (end_turn's)
    passed: Counter[str] = Counter()

    def checked_begin(e: Engine, seat: int, found: list[list[ab.Source] | tuple[()]] | None = None) -> None:
        if found is not None:
            fresh = ab._holders(e.b)
            assert [_sources(x) for x in found] == [_sources(ab._of_hook(fresh, h)) for h in STARTING_HOOKS]
            passed["found"] += 1
            passed["answered"] += any(found)
        real(e, seat, found)

    monkeypatch.setattr(end_module, "begin_turn", checked_begin)
    params = {**VARIANTS[0], "turn_limit": 30}
    starts = _positions(params, 1, every=5) + [_random_position(seed) for seed in range(0, 60, 3)]
    for n, start in enumerate(starts):
        mine, loop = GAME.clone(start), GAME.clone(start)
        rng_seed = derive_seed(0, n, "turn start")
        assert GAME.play_random(mine, Rng.from_seed(rng_seed), 150) == _loop(loop, Rng.from_seed(rng_seed), 150)
        assert mine == loop
    assert passed["found"] and passed["answered"]
