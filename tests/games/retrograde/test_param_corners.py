"""Issue 9 item 25: every numeric param, at its declared minimum and maximum, plays at normal
speed: a seeded game (bots on both seats, a bounded number of actions) and a bot decision."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from starlanes.ai.random_agent import RandomAgent
from starlanes.core.params import param_infos
from starlanes.games.retrograde.ai import HeuristicAgent
from starlanes.games.retrograde.spec import RetroParams

from .helpers import GAME

NUMERIC = [i for i in param_infos(RetroParams) if i.type == "int"]
CORNERS = [(i.name, i.min) for i in NUMERIC] + [(i.name, i.max) for i in NUMERIC]


def test_every_numeric_param_declares_both_bounds() -> None:
    assert NUMERIC
    for info in NUMERIC:
        assert info.min is not None and info.max is not None, info.name


def test_die_sides_is_bounded_well_below_the_rng_range() -> None:
    """A die of 2**32 + 1 sides looped forever at the first roll: the param refuses it."""
    info = next(i for i in NUMERIC if i.name == "die_sides")
    assert info.max is not None and info.max <= 1000
    from starlanes.core.errors import ParseError

    with pytest.raises(ParseError):
        GAME.params_from({"die_sides": 2**32 + 1})


def _decks(tmp: Path, size: int) -> dict[str, str]:
    """Legal decks of ``size`` cards for both seats (the shipped ones have 40)."""
    venus = tmp / "venus.deck"
    venus.write_text(f"Venus: Shock troops\n{size} x Sky Spore\n", encoding="utf-8")
    saturn = tmp / "saturn.deck"
    saturn.write_text(f"Saturn: Modular Spacecraft\n{size} x Col. Crossman\n", encoding="utf-8")
    return {"deck0": str(venus), "deck1": str(saturn)}


@pytest.mark.parametrize(("name", "value"), CORNERS, ids=[f"{n}={v:g}" for n, v in CORNERS])
def test_param_corner_plays_a_seeded_game_in_bounded_time(name: str, value: float, tmp_path: Path) -> None:
    values: dict[str, Any] = {name: int(value)}
    if name == "deck_size":
        values.update(_decks(tmp_path, int(value)))
    if name == "max_off_faction":  # the shipped decks hold off-faction cards
        values.update(_decks(tmp_path, 40))
    start = time.process_time()
    state = GAME.setup(values, 2, seed=5)
    agents = {0: HeuristicAgent(0, 5), 1: RandomAgent(6)}
    for _ in range(400):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        for seat in seats:
            legal = GAME.legal_actions(state, seat)
            action = agents[seat].act(GAME.view(state, seat), legal)
            GAME.apply_unchecked(state, seat, action)
    assert time.process_time() - start < 10.0
    if not GAME.is_over(state):  # one more bot decision from where the game stands
        seat = min(GAME.to_act(state))
        start = time.process_time()
        HeuristicAgent(seat, 1).act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        assert time.process_time() - start < 2.0
