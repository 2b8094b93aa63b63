"""The generic action index and view encoder, and the hooks a game may give instead (tests/rl)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt
import pytest

from starlanes.core.actions import Action
from starlanes.core.decision import Decision
from starlanes.core.errors import StarlanesError
from starlanes.core.state import SeatView
from starlanes.games.space_risk.actions import Attack, End, MoveIn, Place
from starlanes.registry import get_game
from starlanes.rl import (
    ActionSpaceOverflow,
    HashedActionIndex,
    HashedViewEncoder,
    NoFixedActionSpace,
    action_hash,
    env,
    leaf_count,
)
from starlanes.rl.encode import CLIP
from starlanes.rl.index import CALIBRATION, calibrated_blocks, legal_counts
from tests.rl.helpers import GAMES, make_env, random_play
from tests.toy.duel import Duel, make_duel


def _space_risk_index(**kwargs: Any) -> HashedActionIndex:
    return HashedActionIndex("space-risk", get_game("space-risk").action_types, **kwargs)


def test_one_block_per_action_type_and_one_slot_for_types_without_fields() -> None:
    index = _space_risk_index(block=64, blocks={"place": 128}, spill=32)
    types = get_game("space-risk").action_types
    assert index.size == 32 + sum(1 if not msgspec.structs.fields(t) else 128 if t.verb == "place" else 64
                                  for t in types)
    assert index.spill == range(index.size - 32, index.size)
    assert index.label(index.size - 1) == "spill#31"
    assert index.block_of("end") == range(index.block_of("end").start, index.block_of("end").start + 1)
    assert len(index.block_of("place")) == 128 and len(index.block_of("attack")) == 64
    assert index.label(index.block_of("end").start) == "end"
    assert index.label(index.block_of("place").start + 5) == "place#5"
    assert index.home(End()) == index.block_of("end").start


def test_home_slots_are_stable_across_indexes_and_inside_their_verbs_block() -> None:
    a, b = _space_risk_index(), _space_risk_index()
    for action in (Place("Vega-3"), Place("Vega-3", count=4), Attack("Vega-3", "Vega-4", dice=2), MoveIn(3)):
        assert a.home(action) == b.home(action) and a.home(action) in a.block_of(action.verb)
    assert a.home(Place("Vega-3")) != a.home(Place("Vega-3", count=4))


def test_colliding_actions_get_the_next_free_slot_of_their_block() -> None:
    index = _space_risk_index(block=8)
    by_home: dict[int, list[MoveIn]] = {}
    for n in range(1, 200):
        by_home.setdefault(index.home(MoveIn(n)), []).append(MoveIn(n))
    home, (first, second) = next((h, moves[:2]) for h, moves in by_home.items() if len(moves) >= 2)
    block = index.block_of("move")
    after = block.start + (home - block.start + 1) % len(block)
    assert index.assign([first, second]).tolist() == [home, after]  # the first in the list keeps its home
    assert index.assign([second, first]).tolist() == [home, after]


def test_a_full_block_spills_and_a_full_spill_is_an_overflow_naming_the_fix() -> None:
    moves = [MoveIn(n) for n in range(1, 6)]
    spilled = _space_risk_index(block=4, spill=2).assign(moves)
    index = _space_risk_index(block=4, spill=2)
    assert len(set(spilled.tolist())) == 5
    assert sorted(index.label(s).split("#")[0] for s in spilled.tolist()) == ["move"] * 4 + ["spill"]
    with pytest.raises(ActionSpaceOverflow, match=r"space-risk: 5 legal actions in one state do not fit the action "
                       r"index \(5 'move' for a block of 4; spill 0\); pass action_blocks=\{'move': 16\}"):
        _space_risk_index(block=4, spill=0).assign(moves)


def test_template_hashes_equal_the_hashes_of_their_actions() -> None:
    from starlanes.core.legal import ActionTemplate
    from starlanes.games.retrograde.actions import Bombard, Burn
    from starlanes.rl.index import _template_hashes

    for template in (ActionTemplate(Place, "Vega-3", count=range(2, 9)),
                     ActionTemplate(Attack, "A", "B", dice=range(3, 0, -1)),
                     ActionTemplate(MoveIn, count=range(-3, 5)),
                     ActionTemplate(Burn, orbital=range(3), ship=range(40, 44)),  # not in field order
                     ActionTemplate(Bombard, 7, range(2), power=range(0, 5))):
        assert _template_hashes(template).tolist() == [action_hash(a) for a in template]


def test_bad_index_options_are_refused_with_the_verbs_listed() -> None:
    with pytest.raises(StarlanesError,
                       match=r"space-risk has no action 'plase' \(blocks=\.\.\.\); its actions: claim, place"):
        _space_risk_index(blocks={"plase": 8})
    with pytest.raises(StarlanesError, match="block of 'place' must be at least 1"):
        _space_risk_index(blocks={"place": 0})
    with pytest.raises(StarlanesError, match="block must be at least 1"):
        _space_risk_index(block=0)
    with pytest.raises(StarlanesError, match="slot 99999 is outside"):
        _space_risk_index().label(99999)
    from starlanes.games.retrograde.actions import Burn

    with pytest.raises(StarlanesError, match="'burn 1 2' is a Burn, not one of space-risk's action types"):
        _space_risk_index().assign([Burn(1, 2)])


def test_env_passes_its_block_options_to_the_index() -> None:
    e = env("space-risk", action_block=256, action_blocks={"place": 512}, action_spill=8)
    assert len(e.index.block_of("place")) == 512 and len(e.index.block_of("fortify")) == 256
    assert len(e.index.spill) == 8
    assert e.action_space("seat_0").n == e.index.size


def test_blocks_are_calibrated_from_seeded_play_by_default() -> None:
    game = get_game("space-risk")
    params = game.default_params()
    most = legal_counts(game, params, 3, CALIBRATION["games"], CALIBRATION["max_actions"])
    e = env("space-risk", seats=3)
    for verb, size in e.index.blocks.items():
        if verb == "end":
            assert size == 1
            continue
        assert size >= max(CALIBRATION["min_block"], CALIBRATION["margin"] * most.get(verb, 0))
        assert size & (size - 1) == 0  # a power of two
    assert calibrated_blocks(game, params, 3) == {v: n for v, n in e.index.blocks.items() if v != "end"}
    assert env("space-risk", seats=3).index.size == e.index.size  # the same every time


def test_a_too_small_block_shows_up_as_an_overflow_in_play() -> None:
    e = env("space-risk", action_blocks={"place": 2}, action_spill=0)
    with pytest.raises(ActionSpaceOverflow, match="'place' for a block of 2"):
        e.reset(seed=0)  # the first decision places starting infantry on many territories


# ------------------------------------------------------------------ hooks


class _NoSpaceDuel(Duel):
    def rl_action_index(self, params: Any, players: int) -> None:
        return None


class _ListIndex:
    """A tight index of the duel's own: slot = position in a fixed list of every action."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = list(actions)

    @property
    def size(self) -> int:
        return len(self.actions)

    def assign(self, legal: Sequence[Action]) -> list[int]:
        return [self.actions.index(a) for a in legal]

    def label(self, slot: int) -> str:
        return self.actions[slot].text()


class _ConstantEncoder:
    size = 3

    def encode(self, view: SeatView[Any]) -> npt.NDArray[np.float32]:
        return np.array([view.step, len(view.to_act), 1.0], dtype=np.float32)


class _HookedDuel(Duel):
    def rl_action_index(self, params: Any, players: int) -> _ListIndex:
        from tests.toy.duel import Bank, Play, Press

        return _ListIndex([*(Play(n) for n in range(1, params.top + 1)), Press(), Bank()])

    def rl_view_encoder(self, params: Any, players: int) -> _ConstantEncoder:
        return _ConstantEncoder()


class _BadHookDuel(Duel):
    def rl_action_index(self, params: Any, players: int) -> object:
        return object()


def test_a_game_that_declares_no_fixed_action_space_is_refused_and_skipped() -> None:
    with pytest.raises(NoFixedActionSpace, match="duel declares that it has no fixed action space"):
        env(_NoSpaceDuel())
    with pytest.raises(pytest.skip.Exception, match="no fixed action space"):
        make_env(_NoSpaceDuel())


def test_a_games_own_index_and_encoder_are_used() -> None:
    e = env(_HookedDuel(), seats=2)
    e.reset(seed=0)
    assert e.index.size == e.game.default_params().top + 2
    obs = e.observe("seat_0")
    assert obs["observation"].tolist() == [0.0, 2.0, 1.0]
    legal = e.legal()
    assert all(e.index.actions[slot] == action for slot, action in legal.items())
    with pytest.raises(StarlanesError, match="rl_action_index returned a object, not an ActionIndex"):
        env(_BadHookDuel())


# --------------------------------------------------------------- encoding


def _view(game: Any, **fields: Any) -> SeatView[Any]:
    return SeatView(viewer=0, step=3, to_act=(0,), submitted=(), my_sealed=None, outcome=None,
                    game=fields, decision=Decision((0,), False, "all", "turn"))


def test_encoding_is_fixed_size_float32_and_a_function_of_the_view() -> None:
    enc = HashedViewEncoder(64)
    a = enc.encode(_view(None, armies=[3, 4], owner="ann"))
    assert a.shape == (64,) and a.dtype == np.float32
    assert np.array_equal(a, enc.encode(_view(None, armies=[3, 4], owner="ann")))
    assert not np.array_equal(a, enc.encode(_view(None, armies=[4, 3], owner="ann")))  # positions matter
    assert not np.array_equal(a, enc.encode(_view(None, armies=[3, 4], owner="bob")))  # texts are one-hot


def test_hidden_none_differs_from_zero_and_the_view_hash_is_left_out() -> None:
    enc = HashedViewEncoder(256)
    assert not np.array_equal(enc.encode(_view(None, coins=[None])), enc.encode(_view(None, coins=[0])))
    view = _view(None, coins=[1])
    assert np.array_equal(enc.encode(view), enc.encode(view.hashed()))


def test_numbers_add_their_value_and_are_clipped() -> None:
    enc = HashedViewEncoder(4096)
    base = enc.encode(_view(None, n=0))
    more = enc.encode(_view(None, n=7.5))
    assert sorted((more - base)[more != base].tolist()) == [7.5]
    big = enc.encode(_view(None, n=10**9))
    assert big.max() == np.float32(CLIP)


def test_leaf_count_counts_numbers_texts_and_nulls() -> None:
    base = leaf_count(_view(None))
    assert leaf_count(_view(None, a=[1, 2, None], b="x", c={"d": True})) == base + 5


def test_encoder_size_is_checked() -> None:
    with pytest.raises(StarlanesError, match="size must be at least 2"):
        HashedViewEncoder(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_default_observation_size_holds_the_views_leaves_with_room(game_id: str) -> None:
    """The default size is at least four times the leaves of the opening views (and 2048), a
    power of two, so collisions stay rare; ``obs_size`` sets it."""
    spec = get_game(game_id).spec
    for seats in sorted({spec.min_players, spec.max_players}):
        e = make_env(game_id, seats=seats, action_block=64)
        e.reset(seed=0)
        leaves = max(leaf_count(e.game.view(e.game_state, s)) for s in range(seats))
        size = e.encoder.size
        assert size >= max(2048, 4 * leaves) and size & (size - 1) == 0
        assert make_env(game_id, seats=seats, obs_size=100, action_block=64).encoder.size == 100


def test_duel_views_encode_every_seat_the_same_shape() -> None:
    e = env(make_duel(), seats=4)
    e.reset(seed=0)
    shapes = {e.observe(a)["observation"].shape for a in e.agents}
    assert shapes == {(e.encoder.size,)}


@pytest.mark.parametrize("game_id", GAMES)
def test_short_lists_placed_in_python_get_the_slots_numpy_gives(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lists up to 512 actions are placed in plain Python, longer ones with NumPy: the same
    rule, so the same slots (checked over random play with small blocks, so collisions happen)."""
    import starlanes.rl.index as index_module

    e = make_env(game_id, action_block=16, action_spill=4096)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    compared = 0
    for current in random_play(e, rng, 40):
        legal = current.game.legal_actions(current.game_state, current.seat_of(current.agent_selection))
        monkeypatch.setattr(index_module, "_SMALL", 10**9)
        small = current.index.assign(legal)
        monkeypatch.setattr(index_module, "_SMALL", -1)
        big = current.index.assign(legal)
        monkeypatch.undo()
        assert np.array_equal(np.asarray(small), np.asarray(big))
        compared += len(legal)
    assert compared


def test_cached_path_hashes_change_no_value() -> None:
    """The encoder caches path hashes per parent path; with the caches emptied between two
    encodings of the same view, the two observations are equal, and lists of numbers (taken in
    bulk) encode like the same numbers in a mixed list."""
    import starlanes.rl.encode as encode_module

    enc = HashedViewEncoder(512)
    view = _view(None, armies=[3, 4, 5], owners={"Vega": 1, "Sol": None}, names=["a", "b"])
    first = enc.encode(view)
    encode_module._POSITIONS.clear()
    encode_module._MEMBERS.clear()
    assert np.array_equal(first, enc.encode(view))
    bulk = enc.encode(_view(None, xs=[3, 4]))  # all ints: taken in bulk
    one_by_one = enc.encode(_view(None, xs=[3, 4.0]))  # an int and a float: the loop
    assert np.array_equal(bulk, one_by_one)
    assert leaf_count(_view(None, xs=[1, 2, 3])) == leaf_count(_view(None, xs=[1, None, 3]))
