"""Item 22: the seed cannot be recovered. Seeds of 128 bits come from the OS, every bit of a
seed goes into the generator, narrow seeds (``--seed N``) keep their game, and nothing a seat
is shown contains the seed, for every registered game."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pytest

from starlanes.core import Event, Match, Rng, derive_seed
from starlanes.core.actions import Action
from starlanes.core.rng import SEED_BITS, new_seed
from starlanes.registry import available_games, get_game
from starlanes.testing import ConformanceFailure, check_seed_never_shown
from tests.toy.duel import Duel, DuelState, make_duel

GAME_IDS = [spec.id for spec in available_games()]


def test_new_seeds_have_128_random_bits_from_the_os() -> None:
    seeds = [new_seed() for _ in range(64)]
    assert SEED_BITS >= 128
    assert all(s.bit_length() == SEED_BITS + 1 for s in seeds)  # the marker bit above 128 random bits
    assert len(set(seeds)) == len(seeds)
    low = {s & ((1 << 64) - 1) for s in seeds}
    high = {s >> 64 for s in seeds}
    assert len(low) == len(high) == len(seeds)  # both halves vary


def test_every_bit_of_a_wide_seed_changes_the_generator() -> None:
    seed = new_seed()
    base = Rng.from_seed(seed)
    for bit in (0, 31, 63, 64, 100, 127):
        other = Rng.from_seed(seed ^ (1 << bit))
        assert (other.state, other.inc) != (base.state, base.inc), bit
        assert [other.randint(1, 6) for _ in range(40)] != [Rng.from_seed(seed).randint(1, 6) for _ in range(40)]


def test_a_wide_seed_sets_the_stream_too() -> None:
    rng = Rng.from_seed(new_seed())
    assert rng.inc % 2 == 1 and rng.inc != Rng.from_seed(5).inc


def test_derived_seeds_keep_the_width_of_a_wide_seed() -> None:
    seed = new_seed()
    derived = derive_seed(seed, "setup")
    assert derived.bit_length() == 128
    assert derived != derive_seed(seed ^ (1 << 120), "setup")
    assert derive_seed(seed, "lab-game", 1) != derive_seed(seed, "lab-game", 2)


def test_a_narrow_seed_keeps_the_game_it_always_gave() -> None:
    # values of the generator before wide seeds existed: --seed N games, saves and tests replay
    rng = Rng.from_seed(derive_seed(2024, "setup"))
    assert [rng.randint(1, 6) for _ in range(12)] == [6, 5, 3, 6, 6, 2, 5, 1, 5, 5, 4, 5]
    assert rng.randint(0, 2**32 - 1) == 1425491622
    assert derive_seed(2024, "lab-game", 3) == 1145237569261344630


def test_a_new_match_draws_a_wide_seed_and_a_given_seed_reproduces() -> None:
    a, b = Match.new(make_duel(), ["a", "b"]), Match.new(make_duel(), ["a", "b"])
    assert a.seed != b.seed and a.seed.bit_length() > 64
    again = Match.new(make_duel(), ["a", "b"], 77)
    assert again.seed == 77 and again.to_dict()["seed"] == 77


def test_a_wide_seed_survives_save_and_load(tmp_path: Any) -> None:
    match = Match.new(make_duel(), ["a", "b"])
    seat = min(match.to_act())
    match.play(seat, match.legal_actions(seat)[0])
    loaded = Match.load(match.save(tmp_path / "m.json"), make_duel())
    assert loaded.seed == match.seed
    assert loaded.game.to_json(loaded.state) == match.game.to_json(match.state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_view_board_description_or_event_of_a_seat_contains_the_seed(game_id: str) -> None:
    start = time.perf_counter()
    check_seed_never_shown(get_game(game_id))
    assert time.perf_counter() - start < 20


def test_the_test_ruleset_shows_no_seed_either() -> None:
    check_seed_never_shown(make_duel())


class LeakyDuel(Duel):
    """A ruleset that announces its generator's state in an event (what the check must catch)."""

    def _apply(self, state: DuelState, moves: Mapping[int, Action]) -> list[Event]:
        events = super()._apply(state, moves)
        return [*events, Event(f"the dealer's state is {state.rng.state}")]


def test_the_seed_check_catches_a_ruleset_that_shows_its_generator() -> None:
    with pytest.raises(ConformanceFailure, match="an event for seat 0 contains the seed"):
        check_seed_never_shown(LeakyDuel())
