"""The PettingZoo AEC environment over every registered game (tests/rl)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from rich.text import Text

from starlanes.core.decision import Decision
from starlanes.core.errors import StarlanesError
from starlanes.core.rng import Rng
from starlanes.core.spec import Information
from starlanes.core.state import GM, Outcome
from starlanes.registry import get_game, renderer_for
from starlanes.rl import InvalidAction, StarlanesEnv
from tests.rl.helpers import GAMES, acting, make_env, random_play
from tests.toy.duel import Duel, DuelState, make_duel


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    """PettingZoo's own api_test, on every registered game (games are long: capped by max_steps)."""
    e = make_env(game_id, max_steps=150)
    with warnings.catch_warnings():
        # api_test warns that dict observations are not arrays and Dict spaces not Box: the
        # {"observation", "action_mask"} form of its own classic games draws the same two warnings
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=60)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes_at_every_seat_count(game_id: str) -> None:
    """The largest table too (the api_test above plays the smallest)."""
    spec = get_game(game_id).spec
    e = make_env(game_id, seats=spec.max_players, max_steps=40)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=5)


@pytest.mark.parametrize("factored", [False, True], ids=["flat", "factored"])
@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test_passes(game_id: str, factored: bool) -> None:
    """PettingZoo's own determinism check: two envs reset with the same seed and driven by the
    same seeded samples give the same observations, masks, rewards and infos."""
    make_env(game_id, factored=factored)  # skips a game without a fixed action space
    seed_test(lambda: make_env(game_id, factored=factored, max_steps=100), num_cycles=40)


def _check_bijection(e: StarlanesEnv, rng: np.random.Generator) -> None:
    """Every legal action has its own slot, the mask is exactly those slots, decoding gives the
    action back, and the seats not acting see an empty mask."""
    state = e.game_state
    assert state is not None
    agent = e.agent_selection
    seat = e.seat_of(agent)
    legal = e.game.legal_actions(state, seat)
    table = e.legal()
    assert len(table) == len(legal), "two legal actions share a slot, or one has none"
    assert sorted(a.text() for a in table.values()) == sorted(a.text() for a in legal)
    mask = e.observe(agent)["action_mask"]
    assert set(np.flatnonzero(mask).tolist()) == set(table) == set(e.legal_slots().tolist())
    assert mask.dtype == np.int8 and mask.shape == (e.index.size,)
    for slot, action in table.items():
        assert 0 <= slot < e.index.size
        assert e.decode(slot) == action
    for slot in rng.choice(list(table), size=min(5, len(table)), replace=False).tolist():
        assert e.slot_of(table[slot]) == slot
    for other in e.agents:
        if other != agent:
            assert not e.observe(other)["action_mask"].any()
    free = np.flatnonzero(mask == 0)
    if free.size:
        with pytest.raises(InvalidAction, match=f"slot {free[0]} "):
            e.decode(int(free[0]))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), largest=st.booleans())
def test_action_index_is_a_bijection_on_legal_actions(game_id: str, seed: int, largest: bool) -> None:
    """Property over random games (smallest and largest tables): the index is a bijection
    between the legal actions of the acting seat and the set slots of its mask."""
    spec = get_game(game_id).spec
    e = make_env(game_id, seats=spec.max_players if largest else spec.min_players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for current in random_play(e, rng, 80):
        _check_bijection(current, rng)


@pytest.mark.parametrize("factored", [False, True], ids=["flat", "factored"])
@pytest.mark.parametrize("game_id", GAMES)
def test_observation_is_the_same_when_hidden_parts_change(game_id: str, factored: bool) -> None:
    """The observation comes from the seat's view only: changing what the seat cannot see
    (``perturb_hidden``, the RNG's future) leaves it identical. The check can fail: whenever a
    perturbation shows in the GM's view (which sees everything), the encoding of that view
    changes too, so an encoder given more than the seat's view would be caught."""
    e = make_env(game_id, seats=get_game(game_id).spec.min_players, factored=factored)
    game = e.game
    e.reset(seed=3)
    rng = Rng.from_seed(11)
    changed = 0
    for k, current in enumerate(random_play(e, np.random.default_rng(3), 200)):
        if k % 10:
            continue
        state = current.game_state
        assert state is not None
        for agent in current.agents:
            seat = current.seat_of(agent)
            before = current.observe(agent)
            for perturbed in (game.perturb_hidden(state, seat, rng), _reseeded(game, state)):
                if perturbed is None:
                    continue
                current.game_state = perturbed
                try:
                    after = current.observe(agent)
                finally:
                    current.game_state = state
                assert np.array_equal(before["observation"], after["observation"]), \
                    f"{agent}'s observation changed when only hidden things did (step {state.step})"
                assert np.array_equal(before["action_mask"], after["action_mask"])
                if game.to_json(perturbed) != game.to_json(state):
                    changed += 1
                    if game.view_to_json(game.view(perturbed, GM)) != game.view_to_json(game.view(state, GM)):
                        gm_before = current.encoder.encode(game.view(state, GM))
                        gm_after = current.encoder.encode(game.view(perturbed, GM))
                        assert not np.array_equal(gm_before, gm_after), "the encoder missed a change of a view"
    if game.spec.information is Information.IMPERFECT:
        assert changed, "perturb_hidden never changed anything: the check could not fail"


def _reseeded(game: Any, state: Any) -> Any:
    copy = game.clone(state)
    game.reseed(copy, 987654321)
    return copy


def _replayed(seed: int, slots: list[int]) -> StarlanesEnv:
    e = make_env("retrograde", seed=seed)
    e.reset(seed=seed)
    for slot in slots:
        e.step(slot)
    return e


def test_sealed_combat_choice_each_seat_in_turn_seeing_nothing_of_the_other() -> None:
    """Retrograde's sealed combat (power / defense): the seats act one after the other in AEC
    order; the second sees that the first chose, never what (its observation and mask are the
    same whatever the first chose); the decision closes with the last choice."""
    seed = 0  # random play of this seed reaches a combat
    probe = make_env("retrograde")
    probe.reset(seed=seed)
    slots: list[int] = []
    rng = np.random.default_rng(seed)
    while True:  # play until a combat opens
        state = probe.game_state
        decision = probe.game.decision(state)
        if decision is not None and decision.sealed and decision.kind == "combat":
            break
        assert acting(probe), "the game ended before any combat"
        mask = probe.observe(probe.agent_selection)["action_mask"]
        slots.append(int(rng.choice(np.flatnonzero(mask))))
        probe.step(slots[-1])
    first = probe.agent_selection
    first_seat = probe.seat_of(first)
    second_seat = next(s for s in decision.actors if s != first_seat)
    second = f"seat_{second_seat}"
    choices = sorted(probe.legal())
    assert len(choices) >= 2, "the first seat has a choice to hide"
    seen = []
    for choice in (choices[0], choices[-1]):
        e = _replayed(seed, slots)
        assert e.agent_selection == first
        e.step(choice)
        assert e.agent_selection == second, "the other seat acts next, in turn"
        assert e.game_state.sealed and first_seat in e.game_state.sealed, "the first choice is sealed, not resolved"
        view = e.game.view(e.game_state, second_seat)
        assert view.submitted == (first_seat,) and view.my_sealed is None
        assert e.game.view(e.game_state, first_seat).my_sealed == e.game.codec.parse(
            e.game_state.sealed[first_seat]).text()
        seen.append(e.observe(second))
        answer = min(e.legal())
        e.step(answer)
        assert not e.game_state.sealed, "the decision closed with the last choice"
        now = e.game.decision(e.game_state)
        assert now is None or now.kind != "combat" or now.actors != decision.actors or not now.sealed
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


class _GmClosedDuel(Duel):
    """The duel with its sealed card decision closed by the GM instead of the last card."""

    closes: Any = "gm"

    def _decision(self, state: DuelState) -> Decision | None:
        decision = super()._decision(state)
        if decision is not None and decision.sealed:
            return Decision(decision.actors, True, self.closes, decision.kind)
        return decision


class _DeadlineDuel(_GmClosedDuel):
    closes = "deadline"


@pytest.mark.parametrize("game", [_GmClosedDuel, _DeadlineDuel], ids=["gm", "deadline"])
def test_a_gm_closed_decision_is_closed_by_the_env_once_every_seat_chose(game: type[_GmClosedDuel]) -> None:
    e = make_env(game(), seats=3)
    e.reset(seed=1)
    assert e.game.decision(e.game_state).closes == game.closes
    round_before = e.game_state.round
    for seat in range(3):
        assert e.agent_selection == f"seat_{seat}"
        e.step(min(e.legal()))
    assert e.game_state.round == round_before + 1 or e.game_state.presser >= 0
    assert not e.game_state.sealed


def _play_out(e: StarlanesEnv, seed: int) -> dict[str, float]:
    """Play one episode to its end with random masked actions; each agent's total reward."""
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
    return totals


@pytest.mark.parametrize("reward", ["win", "score"])
def test_rewards_come_from_the_outcome_at_the_end(reward: str) -> None:
    e = make_env(make_duel(), seats=3, reward=reward)
    for seed in range(6):
        e.reset(seed=seed)
        state = e.game_state
        totals = _play_out(e, seed)
        outcome = e.game.outcome(state)
        assert outcome is not None and e.agents == []
        expected = e.outcome_rewards(outcome)
        assert totals == {f"seat_{s}": expected[s] for s in range(3)}
        if reward == "score":
            assert expected == list(outcome.scores)
        elif outcome.winners:
            assert expected == [1.0 if s in outcome.winners else -1.0 for s in range(3)]
        else:
            assert expected == [0.0, 0.0, 0.0]


def test_a_whole_retrograde_game_ends_with_the_winner_rewarded() -> None:
    e = make_env("retrograde")
    e.reset(seed=2)
    state = e.game_state
    totals = _play_out(e, 2)
    outcome = e.game.outcome(state)
    assert outcome is not None
    assert sorted(totals.values()) == ([-1.0, 1.0] if outcome.winners else [0.0, 0.0])
    for w in outcome.winners:
        assert totals[f"seat_{w}"] == 1.0


def test_outcome_rewards_win_loss_draw() -> None:
    e = make_env(make_duel(), seats=3)
    assert e.outcome_rewards(Outcome("x", (1,), None)) == [-1.0, 1.0, -1.0]
    assert e.outcome_rewards(Outcome("x", (), None)) == [0.0, 0.0, 0.0]
    score = make_env(make_duel(), seats=3, reward="score")
    assert score.outcome_rewards(Outcome("x", (2,), (1.0, 0.0, 4.0))) == [1.0, 0.0, 4.0]
    assert score.outcome_rewards(Outcome("x", (2,), None)) == [-1.0, -1.0, 1.0]  # no scores: win rewards


def test_truncation_at_max_steps() -> None:
    e = make_env("space-risk", max_steps=5)
    e.reset(seed=0)
    steps = 0
    for _agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        if truncated:
            assert not terminated and reward == 0.0 and info == {"truncated_at": 5}
            e.step(None)
            continue
        e.step(min(e.legal()))
        steps += 1
    assert steps == 5 and e.agents == []
    assert not e.game.is_over(e.game_state)


def test_an_illegal_slot_is_refused_and_changes_nothing() -> None:
    e = make_env("space-risk")
    e.reset(seed=4)
    before = e.game.to_json(e.game_state)
    taken = set(e.legal())
    free = next(s for s in range(e.index.size) if s not in taken)
    with pytest.raises(InvalidAction, match=rf"seat_0: slot {free} \(\w+(#\d+)?\) is not a legal action now"):
        e.step(free)
    with pytest.raises(InvalidAction, match="outside the index"):
        e.step(e.index.size + 3)
    with pytest.raises(InvalidAction, match="an action is a slot number"):
        e.step("end")  # type: ignore[arg-type]
    with pytest.raises(InvalidAction, match="an action is a slot number"):
        e.step(None)
    assert e.game.to_json(e.game_state) == before and e.steps == 0


def test_reset_seeds_are_reproducible() -> None:
    a = make_env("space-risk", seed=9)
    b = make_env("space-risk", seed=9)
    a.reset()
    b.reset(seed=9)
    assert a.game.to_json(a.game_state) == b.game.to_json(b.game_state)
    a.reset()  # the next seed
    assert a.seed_used == 10
    for e in (a, b):
        e.reset(seed=21)
        rng = np.random.default_rng(0)
        for _ in random_play(e, rng, 40):
            pass
    assert a.game.to_json(a.game_state) == b.game.to_json(b.game_state)


def test_bad_arguments_are_refused_with_a_message() -> None:
    with pytest.raises(StarlanesError, match="2-6 seats, not 9"):
        make_env("space-risk", seats=9)
    with pytest.raises(StarlanesError, match="reward is 'win' or 'score'"):
        make_env("space-risk", reward="points")
    with pytest.raises(StarlanesError, match="max_steps must be at least 1"):
        make_env("space-risk", max_steps=0)
    with pytest.raises(StarlanesError, match="render_mode is 'ansi' or None"):
        make_env("space-risk", render_mode="human")
    with pytest.raises(StarlanesError, match=r"unknown game 'space-rsk'; valid: .*space-risk"):
        make_env("space-rsk")
    with pytest.raises(StarlanesError, match="call reset"):
        make_env("space-risk").observe("seat_0")


def test_render_shows_the_acting_seats_board_as_text() -> None:
    e = make_env("space-risk", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    board = renderer_for(e.game).render(e.game.view(e.game_state, 0).game, 0)
    assert isinstance(text, str) and text.strip() and text == Text.from_markup(board).plain
    quiet = make_env("space-risk")
    quiet.reset(seed=0)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None
