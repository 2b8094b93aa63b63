"""The core protocol: what a ruleset implements and what the framework guarantees.

A ruleset subclasses ``Ruleset`` and implements the protected hooks (``_setup``,
``_to_act``, ``_legal_actions``, ``_apply``, ``_view``, ``_outcome``); callers use the
public methods, which wrap the hooks with the checks every game needs (after pgx:
``apply`` calls ``_apply``).

``apply(state, seat, action)`` checks, in this order and before anything changes:
the game is not over (``GameOver``), ``seat`` must decide now (``NotYourTurn``), the text
parses (``ParseError``), the action is legal (``IllegalAction`` with the ruleset's reason).
An action that fails any check leaves the state exactly as it was.

Sealed simultaneous decisions: when ``_to_act`` returns more than one seat, each of them
submits; the framework keeps each choice sealed in ``state.sealed`` (hidden from every other
view) and calls ``_apply`` once, with all choices, when the last seat has submitted. The
ruleset decides the order in which they resolve, never the order of arrival.

Hidden information is declared in one place per ruleset: ``_view`` (what a seat sees),
``perturb_hidden`` (a change of only what a seat cannot see; the conformance suite checks the
view does not change) and ``determinize`` (a full state consistent with a view; used by
ISMCTS, which never reads the raw state).

Hooks with defaults a ruleset may override: ``_illegal_reason`` (a better message than "not
legal now"), ``clone`` (a faster copy), ``render`` (text for the terminal), ``describe_action``
(what an action means, shown in the terminal's action list), ``agents``
(game-specific bots), ``evaluate`` (a heuristic value for greedy/MCTS agents),
``determinize``/``perturb_hidden`` (required for imperfect-information games).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import msgspec

from .actions import Action, ActionCodec
from .errors import GameOver, IllegalAction, NotYourTurn, StarlanesError
from .params import Params, params_from_dict
from .rng import Rng, derive_seed
from .spec import GameSpec, Information
from .state import GM, Event, GameState, Outcome, SeatView, Viewer, viewer_name

if TYPE_CHECKING:
    from starlanes.ai.base import AgentFactory

__all__ = ["Ruleset"]

S = TypeVar("S", bound=GameState)
V = TypeVar("V")
P = TypeVar("P", bound=Params)


class Ruleset(ABC, Generic[S, V, P]):
    """Base class of a ruleset. ``S`` state, ``V`` the ruleset's view, ``P`` its params."""

    spec: ClassVar[GameSpec]
    state_type: ClassVar[type[GameState]]
    view_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)
        self._json_decoder = msgspec.json.Decoder(self.state_type)
        self._pack_decoder = msgspec.msgpack.Decoder(self.state_type)
        self._encoder = msgspec.msgpack.Encoder()
        self._view_decoder = msgspec.json.Decoder(SeatView[self.view_type])  # type: ignore[name-defined]

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def _setup(self, params: P, players: int, rng: Rng) -> S:
        """The initial state (the ruleset stores ``rng`` in it and uses it for setup chance)."""

    @abstractmethod
    def _to_act(self, state: S) -> Sequence[int]:
        """Seats whose decision is awaited; more than one is a sealed decision; empty at the end."""

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (which is in ``_to_act``)."""

    @abstractmethod
    def _apply(self, state: S, moves: Mapping[int, Action]) -> list[Event]:
        """Apply one decision (one seat's action, or every seat's sealed choice); mutate ``state``."""

    @abstractmethod
    def _view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: the GM, who sees everything). Plain data."""

    @abstractmethod
    def _outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def _illegal_reason(self, state: S, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal. Override for better reasons."""
        if action in self._legal_actions(state, seat):
            return None
        if type(action) not in self.action_types:
            return "not an action of this game"
        return f"'{action.verb}' with these arguments is not allowed now"

    def determinize(self, view: V, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view`` for ``seat``, hidden parts sampled with ``rng``.

        Perfect-information rulesets whose view is the whole state may rebuild it directly.
        """
        raise NotImplementedError(f"{self.spec.id} does not implement determinize")

    def perturb_hidden(self, state: S, seat: int, rng: Rng) -> S | None:
        """A copy of ``state`` that differs only in what ``seat`` cannot see (``None``: nothing
        hidden apart from the RNG). Used by the conformance suite's leak test."""
        return None

    def render(self, view: V, viewer: Viewer) -> str:
        """Text (Rich markup allowed) showing ``view`` in a terminal. Override for a real board."""
        return json.dumps(msgspec.to_builtins(view), indent=1)

    def describe_action(self, view: V, action: Action) -> str | None:
        """A short description of ``action`` for a person who sees ``view`` (names instead of
        numbers, costs, odds), shown beside the action text; ``None``: nothing to add."""
        return None

    def agents(self) -> Mapping[str, AgentFactory]:
        """Game-specific agents by name, e.g. ``{"space-risk:heuristic": factory}``."""
        return {}

    def evaluate(self, state: S, seat: int) -> float | None:
        """A heuristic value of ``state`` for ``seat`` in [0, 1] (``None``: no heuristic)."""
        return None

    # ------------------------------------------------------------ public API
    @property
    def id(self) -> str:
        return self.spec.id

    def default_params(self) -> P:
        return self.spec.params()  # type: ignore[return-value]

    def params_from(self, values: Mapping[str, Any] | P | None) -> P:
        if values is None:
            return self.default_params()
        if isinstance(values, Params):
            return values
        return params_from_dict(self.spec.params, values)  # type: ignore[return-value]

    def setup(self, params: Mapping[str, Any] | P | None = None, players: int | None = None,
              seed: int = 0) -> S:
        """A new game. ``players`` defaults to the smallest count the game allows."""
        count = self.spec.min_players if players is None else players
        if count not in self.spec.players:
            raise StarlanesError(
                f"{self.spec.id} is for {self.spec.min_players}-{self.spec.max_players} players, not {count}"
            )
        return self._setup(self.params_from(params), count, Rng.from_seed(derive_seed(seed, "setup")))

    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must decide now (a seat that has sealed its choice is no longer among them)."""
        seats = self._to_act(state)
        if state.sealed:
            return frozenset(s for s in seats if s not in state.sealed)
        return frozenset(seats)

    def is_over(self, state: S) -> bool:
        return not self._to_act(state)

    def outcome(self, state: S) -> Outcome | None:
        return self._outcome(state)

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now; empty if it is not to act."""
        if seat in state.sealed or seat not in self._to_act(state):
            return []
        return self._legal_actions(state, seat)

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)

    def check(self, state: S, seat: int, action: Action | str) -> Action:
        """Raise the error ``apply`` would raise, without changing anything; return the action."""
        decision = self._to_act(state)
        if not decision:
            raise GameOver(f"the game is over: {self._describe_outcome(state)}")
        if seat not in decision or seat in state.sealed:
            raise NotYourTurn(seat, self.to_act(state))
        parsed = self.codec.parse(action) if isinstance(action, str) else action
        reason = self._illegal_reason(state, seat, parsed)
        if reason is not None:
            raise IllegalAction(parsed.text(), reason)
        return parsed

    def apply(self, state: S, seat: int, action: Action | str) -> list[Event]:
        """Validate and apply ``seat``'s action; return the events. Illegal input changes nothing."""
        parsed = self.check(state, seat, action)
        return self.apply_unchecked(state, seat, parsed)

    def apply_unchecked(self, state: S, seat: int, action: Action) -> list[Event]:
        """``apply`` without the legality check: only for actions taken from ``legal_actions``
        (AI search). It still handles sealed decisions."""
        decision = self._to_act(state)
        if len(decision) > 1:
            state.sealed[seat] = action.text()
            if len(state.sealed) < len(decision):
                state.step += 1
                return [Event(f"seat {seat} has made its choice")]
            moves = {s: self.codec.parse(state.sealed[s]) for s in sorted(decision)}
            state.sealed = {}
            events = self._apply(state, moves)
        else:
            events = self._apply(state, {seat: action})
        state.step += 1
        return events

    def view(self, state: S, viewer: Viewer) -> SeatView[V]:
        """All that ``viewer`` (a seat, or ``GM``) may know of ``state``."""
        seat = None if viewer is GM else viewer
        if seat is not None and seat not in range(state.players):
            raise StarlanesError(f"no seat {seat}; seats are 0-{state.players - 1}")
        decision = self._to_act(state)
        mine = None if seat is None else state.sealed.get(seat)
        return SeatView(
            viewer=viewer_name(viewer),
            step=state.step,
            to_act=tuple(s for s in decision if s not in state.sealed),
            submitted=tuple(sorted(state.sealed)),
            my_sealed=mine,
            outcome=None if decision else self._outcome(state),
            game=self._view(state, seat),
        )

    def determinize_view(self, view: SeatView[V], rng: Rng) -> S:
        """A full state consistent with a seat's ``SeatView`` (for ISMCTS). Sealed choices that
        other seats have submitted are unknown to the viewer: they are sampled among those
        seats' legal actions."""
        seat = view.seat
        if seat is None:
            raise StarlanesError("determinize needs a seat's view, not the GM's")
        state = self.determinize(view.game, seat, rng)
        state.step = view.step
        sealed: dict[int, str] = {}
        for other in view.submitted:
            if other == seat:
                if view.my_sealed is not None:
                    sealed[seat] = view.my_sealed
            else:
                sealed[other] = rng.choice(self._legal_actions(state, other)).text()
        state.sealed = sealed
        return state

    # -------------------------------------------------------- data handling
    def clone(self, state: S) -> S:
        """An independent copy."""
        return cast(S, self._pack_decoder.decode(self._encoder.encode(state)))

    def to_json(self, state: S) -> bytes:
        return msgspec.json.encode(state)

    def from_json(self, data: bytes | str) -> S:
        return cast(S, self._json_decoder.decode(data))

    def view_to_json(self, view: SeatView[V]) -> bytes:
        return msgspec.json.encode(view)

    def view_from_json(self, data: bytes | str) -> SeatView[V]:
        return cast(SeatView[V], self._view_decoder.decode(data))

    def reseed(self, state: S, seed: int) -> None:
        """Replace the RNG's future (used by search so it cannot know future dice)."""
        state.rng = Rng.from_seed(seed)

    def _describe_outcome(self, state: S) -> str:
        out = self._outcome(state)
        if out is None:
            return "no seat is to act"
        who = ", ".join(f"seat {w}" for w in out.winners) or "nobody (draw)"
        return f"{out.reason}; winner: {who}"

    @property
    def information(self) -> Information:
        return self.spec.information

    def __repr__(self) -> str:
        return f"<Ruleset {self.spec.id} {self.spec.version}>"


RulesetFactory = Callable[[], Ruleset[Any, Any, Any]]
