"""The factored environment: heads, then counts digit by digit (tests/rl)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from starlanes.core.errors import StarlanesError
from starlanes.registry import get_game
from starlanes.rl import BatchEnv, FactoredEnv, InvalidAction, random_actions
from starlanes.rl.factored import CHOICE
from tests.rl.helpers import GAMES, acting, make_env


def _factored(game_id: str, **kwargs: object) -> FactoredEnv:
    e = make_env(game_id, factored=True, **kwargs)
    assert isinstance(e, FactoredEnv)
    return e


def _random_steps(e: FactoredEnv, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        if not acting(e):
            return
        e.step(int(rng.choice(e.legal_slots())))


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes_factored(game_id: str) -> None:
    e = _factored(game_id, max_steps=150)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=60)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_is_one_sequence_of_choices_and_plays_that_action(game_id: str) -> None:
    """Over random play: the sequences of choices from a head are a bijection onto the legal
    actions, the mask holds exactly the heads, and playing a sequence plays its action."""
    e = _factored(game_id, seats=get_game(game_id).spec.max_players)
    game = e.game
    rng = np.random.default_rng(5)
    for seed in (5, 6):
        e.reset(seed=seed)
        for _ in range(25):
            if not acting(e):
                break
            state = e.game_state
            seat = e.seat_of(e.agent_selection)
            legal = game.legal_actions(state, seat)
            table = e.sequences()
            assert len(table) == len(legal)
            assert sorted(a.text() for a in table.values()) == sorted(a.text() for a in legal)
            assert set(e.legal_slots().tolist()) == {s[0] for s in table}
            sequence = list(table)[int(rng.integers(len(table)))]
            expected = game.clone(state)
            game.apply_unchecked(expected, seat, table[sequence])
            for k, slot in enumerate(sequence):
                mask = e.observe(e.agent_selection)["action_mask"]
                assert mask[slot] == 1
                if k:  # a digit: only digit slots are open, and the choice so far is shown
                    assert not mask[:e.heads.size].any()
                    obs = e.observe(e.agent_selection)["observation"]
                    assert obs[e.encoder.size] == 1.0 and obs[e.encoder.size + 1] == len(sequence) - k
                e.step(slot)
            if game.to_act(expected) or game.is_over(expected):  # else the env closed a GM decision too
                assert game.to_json(e.game_state) == game.to_json(expected)


def test_digits_choose_positions_in_the_template_and_stay_inside_it() -> None:
    """space-risk's placement counts: ``place T count=2..N`` is one head; with base 2 a count
    takes several digits, and each digit's mask keeps the position inside the template."""
    e = _factored("space-risk", digit_base=2)
    e.reset(seed=0)
    table = e.sequences()
    long = [s for s in table if len(s) > 2]
    assert long, "some template needs more than one binary digit"
    for sequence in long[:3]:
        e.reset(seed=0)
        for slot in sequence:
            open_digits = e.legal_slots()
            assert slot in open_digits.tolist()
            e.step(slot)
    with pytest.raises(StarlanesError, match="digit_base must be at least 2"):
        _factored("space-risk", digit_base=1)


def test_a_closed_slot_is_refused_and_changes_nothing() -> None:
    e = _factored("retrograde")
    e.reset(seed=0)
    before = e.game.to_json(e.game_state)
    closed = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(InvalidAction, match=f"slot {closed} is not legal now; a head is chosen"):
        e.step(closed)
    with pytest.raises(StarlanesError, match="use sequences"):
        e.legal()
    assert e.game.to_json(e.game_state) == before and e.steps == 0


def test_sealed_combat_in_the_factored_env() -> None:
    """Retrograde's combat: power and defense are ranges, chosen digit by digit; the first seat's
    choice is sealed when its last digit is in, the other seat then acts, seeing nothing of it."""
    e = _factored("retrograde")
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        decision = e.game.decision(e.game_state)
        if decision is not None and decision.sealed and decision.kind == "combat":
            break
        assert acting(e), "the game ended before any combat"
        e.step(int(rng.choice(e.legal_slots())))
    first = e.seat_of(e.agent_selection)
    while e.seat_of(e.agent_selection) == first:
        assert not e.game_state.sealed
        e.step(int(e.legal_slots()[-1]))
    assert first in e.game_state.sealed
    view = e.game.view(e.game_state, e.seat_of(e.agent_selection))
    assert view.submitted == (first,) and view.my_sealed is None
    while e.game_state.sealed:
        e.step(int(e.legal_slots()[0]))
    assert e.game.decision(e.game_state) is None or e.game.decision(e.game_state).kind != "combat" \
        or not e.game.decision(e.game_state).sealed


def test_a_whole_risky_stars_game_fits_a_small_factored_space() -> None:
    """The flat index of risky-stars grows with its counts (a late state lists 50,000 moves);
    the factored one plays a whole four-seat game in a space of a few thousand slots."""
    e = _factored("risky-stars", seats=4, max_steps=20_000)
    assert e.action_size < 5000
    e.reset(seed=1)
    _random_steps(e, np.random.default_rng(1), 20_000)
    assert e.game.is_over(e.game_state)


def test_a_factored_batch() -> None:
    batch = BatchEnv("space-risk", 2, seed=0, factored=True)
    obs, mask, _ = batch.reset()
    first = batch.envs[0]
    assert obs.shape == (2, first.encoder.size + CHOICE) and mask.shape == (2, first.action_size)
    rng = np.random.default_rng(0)
    for _ in range(30):
        step = batch.step(random_actions(mask, rng))
        mask = step.mask
    assert step.obs.shape == obs.shape
