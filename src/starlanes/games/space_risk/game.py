"""The space-risk ruleset: the wiring of the game's parts into the core's ``Ruleset``.

``legality`` says what is legal (the one predicate), ``listing`` lists, counts and draws it,
``rules`` applies actions phase by phase (an explicit table by action type), ``view`` derives
what a seat sees, ``render`` and ``describe`` present it to a person, ``ai`` evaluates states for
the generic bots.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from starlanes.core import Action, ActionTemplate, Event, Outcome, Rng, Ruleset
from starlanes.core.decision import Decision, Pending
from starlanes.core.state import EventData
from starlanes.games.space_risk import legality, listing, playout
from starlanes.games.space_risk.actions import (
    ACTION_TYPES,
    Attack,
    Build,
    Claim,
    End,
    Fly,
    Fortify,
    Load,
    MoveIn,
    Place,
    Trade,
    Unload,
)
from starlanes.games.space_risk.board import (
    BOARD_CONTENT,
    Board,
    board_json,
    board_ref,
    read_board_bytes,
    resolve_board,
)
from starlanes.games.space_risk.describe import describe_action, describe_event
from starlanes.games.space_risk.events import EVENT_TYPES
from starlanes.games.space_risk.rules import attack, fortify, reinforce, setup, ships
from starlanes.games.space_risk.rules.common import board_of, move_in_choice
from starlanes.games.space_risk.spec import SPEC, SpaceRiskParams
from starlanes.games.space_risk.state import DEPLOY, MAIN, OVER, SpaceRiskState
from starlanes.games.space_risk.view import SpaceRiskView, build_view, determinize_view

if TYPE_CHECKING:
    from starlanes.core.gm import Actor
    from starlanes.core.state import Viewer

__all__ = ["SpaceRisk", "make_space_risk"]

Apply = Callable[[SpaceRiskState, Board, int, Any], list[Event]]


def _place(state: SpaceRiskState, board: Board, seat: int, action: Place) -> list[Event]:
    """Starting infantry during the setup, reinforcements during a turn."""
    if state.phase == DEPLOY:
        return setup.deploy(state, board, seat, action)
    return reinforce.place(state, board, seat, action)


_TURNS = tuple(Decision((seat,), False, "all") for seat in range(SPEC.max_players))
"""The decision of an ordinary turn, per seat (a ``Decision`` is immutable)."""

APPLY: dict[type[Action], Apply] = {
    Claim: setup.claim,
    Place: _place,
    Trade: reinforce.trade,
    Attack: attack.attack,
    MoveIn: attack.move_in,
    Build: ships.build,
    Fly: ships.fly,
    Load: ships.load,
    Unload: ships.unload,
    Fortify: fortify.fortify,
    End: fortify.end,
}
"""Which rule applies each action (checked by ``legality.why_not`` first)."""


class SpaceRisk(Ruleset[SpaceRiskState, SpaceRiskView, SpaceRiskParams]):
    """The space-risk ruleset (see the package docstring and the rulings file)."""

    spec = SPEC
    state_type = SpaceRiskState
    view_type = SpaceRiskView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    event_types: ClassVar[tuple[type[EventData], ...]] = EVENT_TYPES
    memo_decision: ClassVar[bool] = False  # ``_decision`` is a lookup: nothing to remember (issue 16)

    def _setup(self, params: SpaceRiskParams, players: int, rng: Rng) -> SpaceRiskState:
        return setup.setup(params, players, rng)

    def _to_act(self, state: SpaceRiskState) -> Sequence[int]:
        return () if state.phase == OVER else (state.current,)

    def _decision(self, state: SpaceRiskState) -> Decision | None:
        """The core's default (the pending move-in, else the seat to act), with the turn's
        decision made once per seat: it is asked several times per action (issue 16)."""
        pending = state.pending
        if isinstance(pending, Pending):
            return pending.decision()
        if state.phase == OVER:
            return None
        return _TURNS[state.current]

    def _outcome(self, state: SpaceRiskState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.end_reason, tuple(state.winners), tuple(float(s) for s in state.stars))

    def _legal_actions(self, state: SpaceRiskState, seat: int) -> Sequence[Action | ActionTemplate]:
        return listing.legal_actions(state, seat)

    def _count_legal(self, state: SpaceRiskState, seat: int) -> int:
        return listing.count_legal(state, seat)

    def _sample_legal(self, state: SpaceRiskState, seat: int, rng: Rng) -> Action:
        return listing.sample_legal(state, seat, rng)

    def play_random(self, state: SpaceRiskState, rng: Rng | Sequence[Rng], limit: int) -> int:
        """``Ruleset.play_random`` (the same actions, state and draws) without events, keeping the
        land each seat holds between the actions it applies itself (``playout``, issue 16)."""
        return playout.play_random(self, state, rng, limit)

    def _why_not(self, state: SpaceRiskState, actor: Actor, action: Action) -> str | None:
        if not isinstance(actor, int):
            return "space-risk has no game master actions of its own"
        return legality.why_not(state, actor, action)

    def _default_action(self, state: SpaceRiskState, seat: int) -> Action | None:
        """What a seat does when the GM closes its decision (R36): a move-in moves the fewest
        infantry the document allows (one); the main step ends the turn; a seat still placing
        infantry or trading is not moved for (``None``)."""
        if move_in_choice(state) is not None:
            return MoveIn(1)
        if state.phase == MAIN:
            return End()
        return None

    def _apply(self, state: SpaceRiskState, moves: Mapping[int, Action]) -> list[Event]:
        ((seat, action),) = moves.items()
        if state.phase == MAIN and not isinstance(action, Fly):
            state.ship_moves_over = True  # the beginning of the turn, when ships move, is over (R22)
        return APPLY[type(action)](state, board_of(state), seat, action)

    # ------------------------------------------------------------------ views
    def _view(self, state: SpaceRiskState, seat: int | None) -> SpaceRiskView:
        return build_view(state, board_of(state), seat, board_ref(state.params.board))

    def render(self, view: SpaceRiskView, viewer: Viewer) -> str:
        from starlanes.games.space_risk.render import render_view  # the terminal's part: loaded when used

        return render_view(view, resolve_board(view.params.board))

    def perturb_hidden(self, state: SpaceRiskState, seat: int, rng: Rng) -> SpaceRiskState:
        """Reshuffle what ``seat`` cannot see: other hands and mission cards, and deck orders."""
        new = self.clone(state)
        others = [s for s in range(state.players) if s != seat]
        for hands, deck_name in ((new.hands, "deck"), (new.objectives, "objective_deck"),
                                 (new.goals, "goal_deck")):
            deck: list[int] = getattr(new, deck_name)
            pool = [c for s in others for c in hands[s]] + deck
            rng.shuffle(pool)
            for s in others:
                n = len(hands[s])
                hands[s] = pool[:n]
                pool = pool[n:]
            setattr(new, deck_name, pool)
        return new

    def determinize(self, view: SpaceRiskView, seat: int, rng: Rng) -> SpaceRiskState:
        return determinize_view(view, resolve_board(view.params.board), seat, rng)

    def describe_event(self, event: Event, viewer: Actor) -> str:
        return describe_event(event, viewer)

    def describe_action(self, view: SpaceRiskView, action: Action) -> str | None:
        return describe_action(view, resolve_board(view.params.board), action)

    def static_content(self, params: SpaceRiskParams) -> dict[str, bytes]:
        """The board (schema space-risk-board/1, canonical JSON), built from the loaded board, so
        a custom ``board=FILE`` is served as it was loaded."""
        return {BOARD_CONTENT: board_json(resolve_board(params.board))}

    def content_id(self, params: SpaceRiskParams) -> str:
        """The id views name their board by (``view.params.board``); cached per board."""
        return board_ref(params.board)

    def content_hashes(self, params: SpaceRiskParams) -> dict[str, str]:
        """``{"board": sha256 of the board file's bytes}`` when ``board=FILE`` is set; the built-in
        board is part of the package and its version (``{}``)."""
        if not params.board:
            return {}
        return {"board": hashlib.sha256(read_board_bytes(params.board)).hexdigest()}

    def evaluate(self, state: SpaceRiskState, seat: int) -> float | None:
        from starlanes.games.space_risk.ai import evaluate_state

        return evaluate_state(state, board_of(state), seat)


def make_space_risk() -> SpaceRisk:
    """The registry's factory."""
    return SpaceRisk()
