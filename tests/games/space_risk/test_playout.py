"""Issue 16: space-risk's search playouts (``SpaceRisk.play_random``, ``playout.py``) apply the
hot actions themselves, without events, keeping the land each seat holds between them.

The playout must play the public loop's game (``to_act``, ``sample_legal``, ``apply_unchecked``)
and the generic ``Ruleset.play_random``'s, action for action: the same count, the same state
(owners, infantry, cards, missions, planets, the dice's rng), the playout's rng left in the same
place.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.space_risk.test_speed_sampling import VARIANTS

from starlanes.core import Rng, derive_seed
from starlanes.core.ruleset import Ruleset
from starlanes.games.space_risk import make_space_risk
from starlanes.games.space_risk.rules.common import board_of
from starlanes.games.space_risk.state import CLAIM, DEPLOY, MAIN, REINFORCE, SpaceRiskState
from starlanes.testing import drawn_loop

GAME = make_space_risk()

EXTRA: tuple[dict[str, Any], ...] = (
    {"cards_per_conquering_turn": 2, "reinforcement_divisor": 3, "min_reinforcements": 4, "stars_to_win": 1,
     "trade_bonus_once": True},
    {"redraw_completed_cards": True, "dice_limit_by_loss": False, "attack_dice": 4, "defend_dice": 3,
     "clamp_modified_dice": True, "spaceport_interval": 1, "ship_wait_turns": 0},
)
"""Param variants beside ``test_speed_sampling``'s: more cards, income and dice rules, missions
redrawn, ships at once (the rules the playout writes out read these params)."""


def _loop(state: SpaceRiskState, rng: Rng, limit: int) -> int:
    """The public loop that ``Ruleset.play_random`` stands for (``starlanes.testing.drawn_loop``)."""
    return drawn_loop(GAME, state, rng, limit)


def _positions(params: dict[str, Any], players: int, seed: int, every: int = 11) -> list[SpaceRiskState]:
    """The start of a seeded random game and every ``every``-th state of it."""
    state = GAME.setup(params, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "playout"))
    out = [GAME.clone(state)]
    step = 0
    while GAME.to_act(state):
        _loop(state, rng, 1)
        step += 1
        if step % every == 0:
            out.append(GAME.clone(state))
    return out


@pytest.mark.parametrize("variant", range(len(VARIANTS) + len(EXTRA)))
def test_play_random_plays_the_public_loop_s_game(variant: int) -> None:
    """From positions of seeded games (2 and 3 players) per param variant, ``play_random`` plays
    the actions of the public loop and of the generic ``Ruleset.play_random`` for the same rng:
    the same count, the same state, the rng left in the same place (limits 1, 37 and to the end).
    The positions cover every phase, a pending move-in, and playouts that end the game."""
    params = {**(VARIANTS + EXTRA)[variant], "max_rounds": 25}
    phases: set[int] = set()
    ended = moving_in = 0
    for players in (2, 3):
        for n, start in enumerate(_positions(params, players, variant * 7 + players)):
            phases.add(start.phase)
            moving_in += start.pending is not None
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
    assert moving_in
    assert {REINFORCE, MAIN} <= phases and phases & {CLAIM, DEPLOY}


def test_play_random_in_short_playouts_through_whole_games_with_ships() -> None:
    """Whole random games under the house rules that let ships act most, played in short
    playouts by ``play_random`` and by the generic loop side by side: the states are equal after
    every playout (the playout leaves builds, flights, loads, unloads and ship battles to the
    rules and reads the land held again after them), and ships were built along the way."""
    params = {"ship_move_any_time": True, "spaceport_interval": 1, "ship_wait_turns": 0, "max_rounds": 60}
    for seed in (1, 2, 3):
        mine = GAME.setup(params, 2, seed)
        twin = GAME.clone(mine)
        r1, r2 = Rng.from_seed(seed), Rng.from_seed(seed)
        ships_seen = 0
        while not GAME.is_over(mine):
            a = GAME.play_random(mine, r1, 23)
            b = Ruleset.play_random(GAME, twin, r2, 23)
            assert a == b
            assert mine == twin
            ships_seen = max(ships_seen, len(mine.ships))
        assert ships_seen


@pytest.mark.parametrize("players", [2, 3])
def test_play_random_eliminates_as_the_generic_loop(players: int) -> None:
    """A seat eliminated by a conquest (its cards to the conqueror, its missions discarded; with
    two seats the game ends at once, with no move-in awaited) in ``play_random`` as in the generic
    loop: seeded games at seat 0's main step, the land redealt so that the last seat holds one
    territory with one infantry and the others hold the rest with nine each."""
    eliminated = 0
    for seed in range(12):
        start = GAME.setup({"max_rounds": 200}, players, seed)
        rng = Rng.from_seed(seed)
        while not (start.phase == MAIN and start.current == 0 and start.pending is None):
            _loop(start, rng, 1)
        board = board_of(start)
        last = players - 1
        corner = next(t for t in range(board.land_count) if any(board.land_adj[t]))
        for t in range(board.land_count):
            start.owner[t] = last if t == corner else t % max(1, players - 1)
            start.armies[t] = 1 if t == corner else 9
        mine, generic = GAME.clone(start), GAME.clone(start)
        r1, r2 = Rng.from_seed(seed), Rng.from_seed(seed)
        assert GAME.play_random(mine, r1, 10_000) == Ruleset.play_random(GAME, generic, r2, 10_000)
        assert mine == generic
        eliminated += not mine.alive[last]
    assert eliminated


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mission_checks_from_the_land_held_agree_with_mission_done(players: int) -> None:
    """The playout checks objective and goal cards from the land each seat holds
    (``_Playout.done``): for every card of the board and every seat, at every 5th state of
    seeded random games, it says what ``cards.mission_done`` says (and both say yes and no)."""
    from starlanes.games.space_risk.playout import _Playout
    from starlanes.games.space_risk.rules.cards import mission_done

    answers: set[bool] = set()
    for seed in (1, 2):
        state = GAME.setup({"max_rounds": 30}, players, seed)
        rng = Rng.from_seed(seed)
        step = 0
        while GAME.to_act(state):
            _loop(state, rng, 1)
            step += 1
            if step % 5:
                continue
            run = _Playout(GAME, state)
            board = board_of(state)
            for seat in range(players):
                for card in board.objectives + board.goals:
                    expected = mission_done(state, board, seat, card)
                    assert run.done(seat, card) == expected, (card.id, seat, step)
                    answers.add(expected)
    assert answers == {True, False}
