"""Tiny rulesets whose best play is known, for testing the agents (not registered).

- ``Nim``: perfect information, no chance. Take 1..3 stones from one pile; who takes the
  last stone wins. A position is lost for the mover exactly when the xor of
  ``pile % 4`` over the piles is 0 (the Sprague-Grundy value of each pile is ``pile % 4``).
- ``Bet``: one decision with chance. ``pass`` scores 0; ``bet`` rolls a die after the
  decision and wins on ``win_from`` or more, loses otherwise. With the default ``win_from=5``
  betting wins 1/3 of the time, so ``pass`` is right unless the die could be foreseen.
- ``Pennies``: sealed matching pennies, one round. Both seats choose 0 or 1 at once;
  seat 1 wins if the choices match, seat 0 if they differ. Every choice is worth 1/2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from starlanes.core import (
    Action,
    Chance,
    Event,
    GameSpec,
    GameState,
    Information,
    Outcome,
    Params,
    Rng,
    Ruleset,
    param,
)

# ----------------------------------------------------------------------------- Nim


@dataclass(frozen=True)
class NimParams(Params):
    piles: tuple[int, ...] = param((3, 4, 5), "stones per pile")


class Take(Action, frozen=True):
    verb: ClassVar[str] = "take"
    pile: int
    count: int


class NimState(GameState, kw_only=True):
    piles: list[int]
    turn: int = 0


class NimView(msgspec.Struct, frozen=True):
    piles: tuple[int, ...]
    turn: int


class Nim(Ruleset[NimState, NimView, NimParams]):
    spec = GameSpec(id="nim", name="Nim (test)", version="1", players=range(2, 3), chance=Chance.NONE,
                    information=Information.PERFECT, params=NimParams, max_actions=200)
    state_type = NimState
    view_type = NimView
    action_types = (Take,)

    def _setup(self, params: NimParams, players: int, rng: Rng) -> NimState:
        return NimState(players=players, rng=rng, piles=list(params.piles))

    def _to_act(self, state: NimState) -> tuple[int, ...]:
        return (state.turn,) if any(state.piles) else ()

    def _legal_actions(self, state: NimState, seat: int) -> list[Action]:
        return [Take(i, k) for i, n in enumerate(state.piles) for k in range(1, min(3, n) + 1)]

    def _apply(self, state: NimState, moves: Mapping[int, Action]) -> list[Event]:
        (seat, action), = moves.items()
        assert isinstance(action, Take)
        state.piles[action.pile] -= action.count
        if any(state.piles):
            state.turn = 1 - seat
        return [Event(action.text())]

    def _view(self, state: NimState, seat: int | None) -> NimView:
        return NimView(tuple(state.piles), state.turn)

    def _outcome(self, state: NimState) -> Outcome | None:
        return None if any(state.piles) else Outcome("took the last stone", (state.turn,))

    def determinize(self, view: NimView, seat: int, rng: Rng) -> NimState:
        return NimState(players=2, rng=rng.fork("nim"), piles=list(view.piles), turn=view.turn)


def nim_losing(piles: list[int] | tuple[int, ...]) -> bool:
    """True when the player to move loses against perfect play."""
    x = 0
    for p in piles:
        x ^= p % 4
    return x == 0


# ----------------------------------------------------------------------------- Bet


@dataclass(frozen=True)
class BetParams(Params):
    win_from: int = param(5, "lowest die roll that wins a bet", min=1, max=6)


class BetAction(Action, frozen=True):
    verb: ClassVar[str] = "bet"


class PassAction(Action, frozen=True):
    verb: ClassVar[str] = "pass"


class BetState(GameState, kw_only=True):
    win_from: int
    result: int = -1  # -1 undecided; else the winning seat (0 bettor, 1 house); 2 nobody


class BetView(msgspec.Struct, frozen=True):
    win_from: int
    result: int


class Bet(Ruleset[BetState, BetView, BetParams]):
    """Seat 0 decides; seat 1 never acts (it is the house)."""

    spec = GameSpec(id="bet", name="Bet (test)", version="1", players=range(2, 3), chance=Chance.DICE,
                    information=Information.PERFECT, params=BetParams, max_actions=5)
    state_type = BetState
    view_type = BetView
    action_types = (BetAction, PassAction)

    def _setup(self, params: BetParams, players: int, rng: Rng) -> BetState:
        return BetState(players=players, rng=rng, win_from=params.win_from)

    def _to_act(self, state: BetState) -> tuple[int, ...]:
        return (0,) if state.result < 0 else ()

    def _legal_actions(self, state: BetState, seat: int) -> list[Action]:
        return [BetAction(), PassAction()]

    def _apply(self, state: BetState, moves: Mapping[int, Action]) -> list[Event]:
        if isinstance(moves[0], PassAction):
            state.result = 2
            return [Event("pass")]
        roll = state.rng.die()
        state.result = 0 if roll >= state.win_from else 1
        return [Event(f"bet, rolled {roll}")]

    def _view(self, state: BetState, seat: int | None) -> BetView:
        return BetView(state.win_from, state.result)

    def _outcome(self, state: BetState) -> Outcome | None:
        if state.result < 0:
            return None
        if state.result == 2:
            return Outcome("passed", ())
        return Outcome("bet settled", (state.result,))

    def determinize(self, view: BetView, seat: int, rng: Rng) -> BetState:
        return BetState(players=2, rng=rng.fork("bet"), win_from=view.win_from, result=view.result)


# ----------------------------------------------------------------------------- Pennies


@dataclass(frozen=True)
class PenniesParams(Params):
    pass


class Choose(Action, frozen=True):
    verb: ClassVar[str] = "choose"
    side: int


class PenniesState(GameState, kw_only=True):
    choices: list[int] = msgspec.field(default_factory=lambda: [-1, -1])


class PenniesView(msgspec.Struct, frozen=True):
    choices: tuple[int, ...]  # -1 until revealed


class Pennies(Ruleset[PenniesState, PenniesView, PenniesParams]):
    spec = GameSpec(id="pennies", name="Pennies (test)", version="1", players=range(2, 3), chance=Chance.NONE,
                    information=Information.IMPERFECT, params=PenniesParams, max_actions=5, simultaneous=True)
    state_type = PenniesState
    view_type = PenniesView
    action_types = (Choose,)

    def _setup(self, params: PenniesParams, players: int, rng: Rng) -> PenniesState:
        return PenniesState(players=players, rng=rng)

    def _to_act(self, state: PenniesState) -> tuple[int, ...]:
        return (0, 1) if state.choices[0] < 0 else ()

    def _legal_actions(self, state: PenniesState, seat: int) -> list[Action]:
        return [Choose(0), Choose(1)]

    def _apply(self, state: PenniesState, moves: Mapping[int, Action]) -> list[Event]:
        for seat, action in moves.items():
            assert isinstance(action, Choose)
            state.choices[seat] = action.side
        return [Event(f"revealed {state.choices}")]

    def _view(self, state: PenniesState, seat: int | None) -> PenniesView:
        return PenniesView(tuple(state.choices))

    def _outcome(self, state: PenniesState) -> Outcome | None:
        if state.choices[0] < 0:
            return None
        return Outcome("revealed", (1,) if state.choices[0] == state.choices[1] else (0,))

    def determinize(self, view: PenniesView, seat: int, rng: Rng) -> PenniesState:
        return PenniesState(players=2, rng=rng.fork("pennies"), choices=list(view.choices))


def make_nim() -> Nim:
    return Nim()


def make_bet() -> Bet:
    return Bet()


def make_pennies() -> Pennies:
    return Pennies()
