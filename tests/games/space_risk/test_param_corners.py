"""Every param combination within its declared bounds plays at normal speed (issue 9, item 25).

Each numeric param at its min and at its max (the others at their defaults), and the extreme
combinations: a seeded random game runs a few hundred actions and the heuristic bot decides
along the way, all within a bounded time; a setup the params make impossible is refused at once
with a one-line message.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.games.space_risk.helpers import BOARD, GAME, position

from starlanes.core import Rng, StarlanesError
from starlanes.core.params import param_infos
from starlanes.games.space_risk.ai import HeuristicAgent
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import REINFORCE

NUMERIC = [i for i in param_infos(SpaceRiskParams) if i.type == "int"]

ACTIONS = 300
"""Random actions per corner; the bot decides every ``BOT_EVERY`` of them."""
BOT_EVERY = 15
CORNER_SECONDS = 3.0
"""A corner (setup, 300 random actions, 20 bot decisions) takes well under a second today."""
STEP_SECONDS = 0.25
"""Most one ``legal_actions`` call or one bot decision may take."""


def _corners() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for info in NUMERIC:
        assert info.min is not None and info.max is not None, f"param {info.name} has no declared bound"
        out.append((f"{info.name}=min", {info.name: int(info.min)}))
        out.append((f"{info.name}=max", {info.name: int(info.max)}))
    out += [
        ("d20 5 against 5", {"die_sides": 20, "attack_dice": 5, "defend_dice": 5}),
        ("d20 5 against 5 classic", {"die_sides": 20, "attack_dice": 5, "defend_dice": 5,
                                     "dice_limit_by_loss": False, "clamp_modified_dice": True}),
        ("d2 1 against 5", {"die_sides": 2, "attack_dice": 1, "defend_dice": 5}),
        ("cards every turn, no forced trade", {"cards_per_conquering_turn": 50, "forced_trade_hand": 0}),
        ("huge stacks and armies", {"max_infantry": 1000, "transport_capacity": 1000,
                                    "starting_infantry": 1000, "min_reinforcements": 1000}),
        ("ships at once, anywhere", {"ship_wait_turns": 0, "spaceport_interval": 1, "ship_move_any_time": True,
                                     "battleship_bridge": True}),
        ("modifiers at the ends", {"transport_attack_mod": -20, "transport_defend_mod": 20,
                                   "asteroid_defend_mod": 20, "battleship_attack_mod": 20}),
        ("modified start, house rules", {"modified_start": True, "redraw_completed_cards": True,
                                         "forced_trade_hand": 3, "ship_wait_blocks_attacks": True}),
    ]
    return out


CORNERS = _corners()


def _timed(call: Any, *args: Any) -> Any:
    start = time.process_time()
    result = call(*args)
    took = time.process_time() - start
    assert took < STEP_SECONDS, f"{getattr(call, '__name__', call)} took {took:.2f} s"
    return result


@pytest.mark.parametrize(("name", "values"), CORNERS, ids=[c[0] for c in CORNERS])
def test_param_corner_plays_at_normal_speed(name: str, values: dict[str, Any]) -> None:
    start = time.process_time()
    players = 2
    try:
        state = GAME.setup(values, players, 7)
    except StarlanesError as exc:
        # A corner whose setup is impossible on the built-in board (1 starting infantry for 18
        # territories): refused at once, in one line.
        assert "\n" not in str(exc) and time.process_time() - start < 1.0
        return
    rng = Rng.from_seed(11)
    bots = {s: HeuristicAgent(s) for s in range(players)}
    for step in range(ACTIONS):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        seat = seats[0]
        legal = _timed(GAME.legal_actions, state, seat)
        assert legal
        if step % BOT_EVERY == 0:
            action = _timed(bots[seat].act, GAME.view(state, seat), legal)
            assert action in legal
        else:
            action = legal[rng.randint(0, len(legal) - 1)]
        GAME.apply(state, seat, action)
    took = time.process_time() - start
    assert took < CORNER_SECONDS, f"{name}: {took:.1f} s"


def test_every_numeric_param_declares_both_bounds() -> None:
    unbounded = [i.name for i in NUMERIC if i.min is None or i.max is None]
    assert unbounded == []


def test_a_full_hand_lists_its_trades_quickly() -> None:
    # cards_per_conquering_turn at its max and no forced trade: a hand may hold the whole deck.
    state = position({"Vega-1": 2}, phase=REINFORCE, cards_per_conquering_turn=50)
    state.pool = 2
    state.hands[0] = list(range(len(BOARD.card_names)))
    legal = _timed(GAME.legal_actions, state, 0)
    trades = [a for a in legal if a.verb == "trade"]
    assert len(trades) == len({a.text() for a in trades}) > 3000
    start = time.process_time()
    for _ in range(5):
        GAME.legal_actions(state, 0)
    assert (time.process_time() - start) / 5 < 0.1
    action = _timed(HeuristicAgent(0).act, GAME.view(state, 0), legal)
    assert action.verb == "trade"
