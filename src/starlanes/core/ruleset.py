"""The core protocol: what a ruleset implements and what the framework guarantees.

A ruleset subclasses ``Ruleset`` and implements the protected hooks (``_setup``,
``_to_act``, ``_legal_actions``, ``_apply``, ``_view``, ``_outcome``); callers use the
public methods, which wrap the hooks with the checks every game needs (after pgx:
``apply`` calls ``_apply``).

An actor is a seat (``int``) or ``GM`` (core/gm.py): the GM has actions of its own (``close``,
``end-game``, ``ruling`` and the ruleset's ``gm_action_types``, applied by ``_apply_gm``). The game
is over when ``outcome(state)`` is not ``None``: the ruleset's ``_outcome`` or the GM's
``end-game`` (``state.gm_outcome``).

``apply(state, actor, action)`` checks, in this order and before anything changes:
the game is not over (``GameOver``), ``actor`` is awaited by the decision (``NotYourTurn``), the
text parses (``ParseError``), the action is legal (``IllegalAction`` with the reason given by
``why_not``). An action that fails any check leaves the state exactly as it was.

Decisions (core/decision.py): ``_decision(state)`` says what the state awaits; its default
reads ``state.pending``, then ``_to_act`` (more than one seat: a sealed decision closed by the
last submission). In a sealed decision each seat's choice is kept in ``state.sealed`` (hidden
from every other view); a seat may revise it (submit again) or ``withdraw`` it until the
decision closes; when it closes (last submission, or the GM's ``close``) seats that have not
submitted get ``_default_action`` and ``_apply`` is called once, with all choices; the ruleset
decides the order in which they resolve, never the order of arrival.

The public calls ask ``_decision`` once per step (``_current``: kept on the state for its step,
never while ``_apply`` runs; ``forget`` after changing a state by hand; ``memo_decision = False``
for a ruleset whose ``_decision`` is a lookup). ``play_random`` plays a search playout.

One legality predicate: ``_why_not(state, actor, action)`` (default: ``_illegal_reason``) is
what ``check`` asks; ``_legal_actions`` lists the same set (it may hold ``ActionTemplate``s with
integer ranges, expanded lazily by ``LegalActions``); ``count_legal`` and ``sample_legal`` count
and draw without building the list (override ``_count_legal``/``_sample_legal`` to make them
fast). The conformance suite checks that the three agree.

Hidden information is declared in one place per ruleset: ``_view`` (what a seat sees),
``perturb_hidden`` (a change of only what a seat cannot see; the conformance suite checks the
view does not change) and ``determinize`` (a full state consistent with a view; used by
ISMCTS, which never reads the raw state).

Hooks with defaults a ruleset may override: ``_illegal_reason`` (a better message than "not
legal now"), ``clone`` (a faster copy), ``render`` (text for the terminal), ``describe_action``
(what an action means, shown in the terminal's action list), ``agents``
(game-specific bots), ``evaluate`` (a heuristic value for greedy/MCTS agents),
``determinize``/``perturb_hidden`` (required for imperfect-information games),
``content_hashes`` (digests of content files named by params, checked when a save loads).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

import msgspec

from .actions import Action, ActionCodec
from .decision import Decision, Pending, Withdraw
from .errors import GameOver, IllegalAction, NotYourTurn, ParseError, StarlanesError
from .gm import (
    GM_ACTIONS,
    Actor,
    ChoiceSealed,
    ChoiceWithdrawn,
    Close,
    DecisionClosed,
    EndGame,
    GameEnded,
    GmCodec,
    Ruling,
    RulingGiven,
    end_game_outcome,
    end_game_why_not,
    ruling_why_not,
)
from .legal import ActionTemplate, LegalActions
from .params import Params, params_from_dict
from .rng import Rng, derive_seed
from .schema import ruleset_schemas, static_content_id
from .spec import GameSpec, Information
from .state import GM, Event, EventData, GameState, Outcome, SeatView, Viewer

__all__ = ["Ruleset", "seat_rngs"]

S = TypeVar("S", bound=GameState)
V = TypeVar("V")
P = TypeVar("P", bound=Params)


class Ruleset(ABC, Generic[S, V, P]):
    """Base class of a ruleset. ``S`` state, ``V`` the ruleset's view, ``P`` its params."""

    spec: ClassVar[GameSpec]
    state_type: ClassVar[type[GameState]]
    view_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    gm_action_types: ClassVar[tuple[type[Action], ...]] = ()
    """The ruleset's own GM actions (beside core/gm.py's ``close``, ``end-game``, ``ruling``)."""
    event_types: ClassVar[tuple[type[EventData], ...]] = ()
    """The ruleset's kinds of event (``EventData`` subclasses), beside the core's ``note``."""
    memo_decision: ClassVar[bool] = True
    """Whether the decision is remembered for the step (``_current``); ``False`` for a ruleset
    whose ``_decision`` is a lookup, as cheap as the memo."""

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types + ((Withdraw,) if self.spec.simultaneous else ()))
        self.gm_codec = GmCodec(GM_ACTIONS + self.gm_action_types)
        self._gm_types = frozenset(self.gm_codec.types.values())
        # Transitional: a ruleset still on the old shape (no ``_decision``) keeps the old rule
        # for its sealed decisions from ``_to_act``: a sealed choice is final. Goes with ``_to_act``.
        self._final_sealed = type(self)._decision is Ruleset._decision
        self._json_decoder = msgspec.json.Decoder(self.state_type)
        self._pack_decoder = msgspec.msgpack.Decoder(self.state_type)
        self._encoder = msgspec.msgpack.Encoder()
        self._view_decoder = msgspec.json.Decoder(SeatView[self.view_type])  # type: ignore[name-defined]
        self._applying = 0  # > 0 while ``_apply`` changes a state: ``_current`` remembers nothing
        if not self.memo_decision:
            self._current = self._decision  # type: ignore[method-assign]

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def _setup(self, params: P, players: int, rng: Rng) -> S:
        """The initial state (the ruleset stores ``rng`` in it and uses it for setup chance)."""

    def _to_act(self, state: S) -> Sequence[int]:
        """Old shape (a ruleset that does not implement ``_decision``): seats whose decision is
        awaited; more than one is a sealed decision; empty at the end. On the new shape: the
        actors of ``_decision`` (kept while callers of this hook remain)."""
        if type(self)._decision is Ruleset._decision:
            raise NotImplementedError(f"{self.spec.id} implements neither _decision nor _to_act")
        decision = self._decision(state)
        return () if decision is None else decision.actors

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> Sequence[Action | ActionTemplate]:
        """Every legal action of ``seat`` (which the decision awaits); templates with integer
        ranges stand for all their actions."""

    @abstractmethod
    def _apply(self, state: S, moves: Mapping[int, Action]) -> list[Event]:
        """Apply one decision (one seat's action, or every seat's sealed choice); mutate ``state``."""

    @abstractmethod
    def _view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: the GM, who sees everything). Plain data."""

    @abstractmethod
    def _outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def _decision(self, state: S) -> Decision | None:
        """What ``state`` awaits (``None``: nothing, the game is over). Default: ``state.pending``
        if set, else the seats of ``_to_act`` (sealed when more than one), closed by the last."""
        pending = state.pending
        if isinstance(pending, Pending):  # space-risk's state still has a field of its own named pending
            return pending.decision()
        seats = self._to_act(state)
        if not seats:
            return None
        return Decision(tuple(seats), len(seats) > 1, "all")

    def _why_not(self, state: S, actor: Actor, action: Action) -> str | None:
        """Why ``actor`` may not take ``action`` now (``None``: it may). Called only for an actor
        the decision awaits (or the GM) and an action of its own types. The one legality
        predicate: ``_legal_actions`` must list exactly the actions it accepts. Default: the
        ruleset's GM actions are always allowed; a seat's, ``_illegal_reason``."""
        if isinstance(actor, int):
            return self._illegal_reason(state, actor, action)
        return None

    def _default_action(self, state: S, seat: int) -> Action | None:
        """The action ``seat`` takes when the decision closes before it submitted (``None``:
        the seat is left out of the resolution). Must be legal for ``seat``."""
        return None

    def _apply_gm(self, state: S, action: Action) -> list[Event]:
        """Apply one of the ruleset's own GM actions (``gm_action_types``); mutate ``state``."""
        raise NotImplementedError(f"{self.spec.id} declares GM actions but no _apply_gm")

    def _legal_gm_actions(self, state: S) -> Sequence[Action | ActionTemplate]:
        """The ruleset's own GM actions that can be listed now (free-text ones cannot)."""
        return ()

    def _count_legal(self, state: S, seat: int) -> int:
        """``len`` of ``_legal_actions``; override to count without listing."""
        return len(LegalActions(self._legal_actions(state, seat)))

    def _sample_legal(self, state: S, seat: int, rng: Rng) -> Action:
        """One of ``_legal_actions``, uniformly, drawn with ``rng``; override to draw without
        listing (the conformance suite checks the draw is listed).

        An override should draw as the default does: one ``rng.randint(0, count - 1)`` and the
        action at that index of the list. Then a ``random`` agent that draws (the lab, search
        playouts: ``ai/random_agent.py``) plays the same game as one picking from the list."""
        return rng.choice(LegalActions(self._legal_actions(state, seat)))

    def _illegal_reason(self, state: S, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal. Override for better reasons."""
        if action in LegalActions(self._legal_actions(state, seat)):
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

    def agents(self) -> Mapping[str, Callable[..., Any]]:
        """Deprecated: a game's bots are listed in its registry entry (``GameEntry.agents``);
        ``starlanes.ai.registry.game_agents`` reads them. Kept while callers of this hook remain."""
        return {}

    def evaluate(self, state: S, seat: int) -> float | None:
        """A heuristic value of ``state`` for ``seat`` in [0, 1] (``None``: no heuristic)."""
        return None

    def seat_labels(self, state: S) -> Sequence[str] | None:
        """One label per seat (a role, a faction) for the lab's win rate by label
        (``starlanes.lab.labels``); ``None``: the game gives none."""
        return None

    def content_hashes(self, params: P) -> dict[str, str]:
        """Param name -> sha256 hex digest of the content file that param names (e.g.
        ``board=FILE``, ``deck0=FILE``); ``{}`` when no param points at a file.

        ``Match.save`` stores these and ``Match.load`` recomputes them, refusing a match whose
        files changed since it was saved (its replay would silently be another game). Raise
        ``ContentError`` when a named file cannot be read.
        """
        return {}

    def describe_event(self, event: Event, viewer: Actor) -> str:
        """What ``event`` means, in words, for ``viewer`` (who may see it). Default: its text,
        else its kind and fields."""
        return event.describe()

    def static_content(self, params: P) -> dict[str, bytes]:
        """Content that does not change during a match (the map, the card book): name ->
        canonical bytes (e.g. JSON), served once under ``content_id``; views carry only what
        changes and never name a file. Default: none."""
        return {}

    def content_id(self, params: P) -> str:
        """sha256 hex naming ``static_content(params)``: equal ids, equal content."""
        return static_content_id(self.static_content(params))

    def schemas(self) -> dict[str, Any]:
        """JSON Schemas of this ruleset's data (core/schema.py): ``actions``, ``gm_actions``,
        ``events`` (the declared kinds) and ``view`` (a ``SeatView`` of ``view_type``)."""
        return ruleset_schemas(self.spec.id, self.codec.types.values(), self.gm_codec.types.values(),
                               self.event_types, self.view_type)

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

    def _current(self, state: S) -> Decision | None:
        """``_decision(state)``, worked out once per step: the several calls one action makes
        (``to_act``, ``sample_legal``, ``apply``) share it through ``state._decided``. Not while
        ``_apply`` changes a state (the step moves on after it). A ruleset whose ``_decision`` is
        as cheap as the memo sets ``memo_decision = False``."""
        if self._applying:
            return self._decision(state)
        memo = state._decided
        if memo is not None and memo[0] == state.step:
            return memo[1]
        decision = self._decision(state)
        state.__dict__["_decided"] = (state.step, decision)
        return decision

    def forget(self, state: S) -> None:
        """Drop what the framework remembers of ``state`` (its decision at this step): for a caller
        that changed ``state`` by hand, not through ``apply``."""
        state.__dict__.pop("_decided", None)

    def decision(self, state: S) -> Decision | None:
        """What ``state`` awaits now (``None`` once the game is over)."""
        if state.gm_outcome is not None:
            return None
        return self._current(state)

    def to_act(self, state: S) -> frozenset[int]:
        """Seats whose choice is awaited (a seat that has sealed its choice is no longer among
        them, though it may still revise or withdraw it)."""
        if state.gm_outcome is not None:
            return frozenset()
        decision = self._current(state)
        if decision is None:
            return frozenset()
        if state.sealed:
            return frozenset(s for s in decision.actors if s not in state.sealed)
        return frozenset(decision.actors)

    def is_over(self, state: S) -> bool:
        return state.gm_outcome is not None or self._outcome(state) is not None

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over (the GM's ``end-game`` or the rules'), else ``None``."""
        if state.gm_outcome is not None:
            return state.gm_outcome
        return self._outcome(state)

    def legal_actions(self, state: S, actor: Actor) -> LegalActions:
        """Legal actions of ``actor`` now; empty if it is not awaited. A seat that sealed its
        choice may revise it (any of its actions) or ``withdraw`` it. The GM's list holds
        ``close`` when it may close and the ruleset's listable GM actions (``end-game`` and
        ``ruling`` take free text and are not listed)."""
        if type(actor) is not int:
            if actor is GM:
                return self._legal_gm(state)
            raise _not_a_seat(actor, state)
        if state.gm_outcome is not None:
            return _NOTHING
        decision = self._current(state)
        if decision is None or not self._awaits(state, decision, actor):
            return _NOTHING
        items = self._legal_actions(state, actor)
        if actor in state.sealed:
            return LegalActions([*items, Withdraw()])
        return LegalActions(items)

    def count_legal(self, state: S, actor: Actor) -> int:
        """``len(legal_actions(state, actor))``, without building the list when the ruleset
        counts (``_count_legal``)."""
        seat = self._awaited(state, actor)
        if seat is None:
            return len(self.legal_actions(state, actor))
        return self._count_legal(state, seat) + (1 if seat in state.sealed else 0)

    def sample_legal(self, state: S, actor: Actor, rng: Rng) -> Action:
        """A legal action of ``actor`` drawn with ``rng`` (uniform among the ruleset's own actions;
        never ``withdraw``), without building the list when the ruleset samples (``_sample_legal``).
        ``IllegalAction`` when ``actor`` has no legal action."""
        seat = self._awaited(state, actor)
        if seat is None:
            legal = self.legal_actions(state, actor)
            if not legal:
                raise IllegalAction("sample", f"{_actor_name(actor)} has no legal action now")
            return rng.choice(legal)
        return self._sample_legal(state, seat, rng)

    def play_random(self, state: S, rng: Rng | Sequence[Rng], limit: int) -> int:
        """Play actions drawn at random until ``limit`` are played (the seats of a sealed
        decision all choose) or the game ends; return how many.

        ``rng`` is one generator for every seat (search playouts) or one per seat, indexed by
        seat (the lab, whose random agents each draw with their own): a seat's action is drawn
        with its generator (``seat_rngs``). The actions and the state are those of the loop
        ``while played < limit: for seat in sorted(to_act(state)): apply_unchecked(state, seat,
        sample_legal(state, seat, rngs[seat]))`` (``starlanes.testing.drawn_loop``); a decision of
        one seat, the usual one, goes straight to the ruleset's draw and ``_apply`` (issue 16: the
        per-action checks of the public calls are the same for every action of a playout; no
        memo, each step is asked once)."""
        rngs = seat_rngs(rng, state.players)
        played = 0
        while played < limit:
            if state.gm_outcome is not None:
                return played
            decision = self._decision(state)
            if decision is None:
                return played
            actors = decision.actors
            if len(actors) == 1 and not decision.sealed and not state.sealed:
                seat = actors[0]
                action = self._sample_legal(state, seat, rngs[seat])
                self._applying += 1
                try:
                    self._apply(state, {seat: action})
                finally:
                    self._applying -= 1
                state.step += 1
                played += 1
                continue
            seats = self.to_act(state)
            if not seats:
                return played
            for seat in sorted(seats):  # every seat of the decision, as the loop does
                self.apply_unchecked(state, seat, self.sample_legal(state, seat, rngs[seat]))
                played += 1
        return played

    def _awaited(self, state: S, actor: Actor) -> int | None:
        """``actor`` if it is a seat the current decision awaits, else ``None``."""
        if type(actor) is not int or state.gm_outcome is not None:
            return None
        decision = self._current(state)
        if decision is None or not self._awaits(state, decision, actor):
            return None
        return actor

    def _awaits(self, state: S, decision: Decision, seat: int) -> bool:
        """Whether ``decision`` takes an action of ``seat`` now (a first choice or a revision)."""
        if seat not in decision.actors:
            return False
        final = self._final_sealed and not isinstance(state.pending, Pending)
        return not (final and seat in state.sealed)

    def _legal_gm(self, state: S) -> LegalActions:
        if self.outcome(state) is not None:
            return _NOTHING
        items: list[Action | ActionTemplate] = []
        if self._close_why_not(state) is None:
            items.append(Close())
        items.extend(self._legal_gm_actions(state))
        return LegalActions(items)

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)

    def why_not(self, state: S, actor: Actor, action: Action) -> str | None:
        """Why ``actor`` may not take ``action`` now, in words (``None``: it may): the one
        predicate behind ``check`` and ``apply``."""
        if self.outcome(state) is not None:
            return f"the game is over: {self._describe_outcome(state)}"
        if actor is GM:
            return self._gm_why_not(state, action)
        if type(actor) is not int:
            return str(_not_a_seat(actor, state))
        decision = self._current(state)
        if decision is None or not self._awaits(state, decision, actor):
            return str(NotYourTurn(actor, self.to_act(state)))
        return self._seat_why_not(state, actor, action)

    def _seat_why_not(self, state: S, seat: int, action: Action) -> str | None:
        if type(action) in self._gm_types and type(action) not in self.action_types:
            return f"'{action.verb}' is a GM action; a seat cannot use it"
        if isinstance(action, Withdraw):
            return None if seat in state.sealed else "you have no sealed choice to withdraw"
        if type(action) not in self.action_types:
            return "not an action of this game"
        return self._why_not(state, seat, action)

    def _gm_why_not(self, state: S, action: Action) -> str | None:
        if type(action) not in self._gm_types:
            return (f"the GM does not play a seat's action; GM actions: {', '.join(self.gm_codec.verbs)}")
        if isinstance(action, Close):
            return self._close_why_not(state)
        if isinstance(action, EndGame):
            return end_game_why_not(action, state.players)
        if isinstance(action, Ruling):
            return ruling_why_not(action)
        return self._why_not(state, GM, action)

    def _close_why_not(self, state: S) -> str | None:
        decision = self._current(state)
        if decision is None:
            return "no decision is open"
        if any(s in state.sealed for s in decision.actors):
            return None
        if any(self._default_action(state, s) is not None for s in decision.actors):
            return None
        return "no seat has submitted and no seat has a default action; nothing to close"

    def check(self, state: S, actor: Actor, action: Action | str) -> Action:
        """Raise the error ``apply`` would raise, without changing anything; return the action."""
        if actor is GM:
            return self._check_gm(state, action)
        if type(actor) is not int:
            raise _not_a_seat(actor, state)
        seat: int = actor
        if not isinstance(action, str | Action):
            raise ParseError(f"an action is text or an Action, not {type(action).__name__}")
        if state.gm_outcome is not None:
            raise GameOver(f"the game is over: {self._describe_outcome(state)}")
        decision = self._current(state)
        if decision is None:
            if self._outcome(state) is not None:
                raise GameOver(f"the game is over: {self._describe_outcome(state)}")
            raise NotYourTurn(seat, ())
        if not self._awaits(state, decision, seat):
            raise NotYourTurn(seat, self.to_act(state))
        if isinstance(action, str):
            verb = _verb(action)
            if verb in self.gm_codec.types and verb not in self.codec.types:
                raise IllegalAction(action.strip(), f"'{verb}' is a GM action; a seat cannot use it")
            parsed = self.codec.parse(action)
        else:
            parsed = action
        reason = self._seat_why_not(state, seat, parsed)
        if reason is not None:
            raise IllegalAction(parsed.text(), reason)
        return parsed

    def _check_gm(self, state: S, action: Action | str) -> Action:
        if not isinstance(action, str | Action):
            raise ParseError(f"an action is text or an Action, not {type(action).__name__}")
        if self.outcome(state) is not None:
            raise GameOver(f"the game is over: {self._describe_outcome(state)}")
        if isinstance(action, str):
            verb = _verb(action)
            if verb not in self.gm_codec.types and verb in self.codec.types:
                raise IllegalAction(action.strip(), "the GM does not play a seat's action; GM actions: "
                                    + ", ".join(self.gm_codec.verbs))
            parsed = self.gm_codec.parse(action)
        else:
            parsed = action
        reason = self._gm_why_not(state, parsed)
        if reason is not None:
            raise IllegalAction(parsed.text(), reason)
        return parsed

    def apply(self, state: S, actor: Actor, action: Action | str) -> list[Event]:
        """Validate and apply ``actor``'s action; return the events. Illegal input changes nothing."""
        parsed = self.check(state, actor, action)
        return self.apply_unchecked(state, actor, parsed)

    def apply_unchecked(self, state: S, actor: Actor, action: Action) -> list[Event]:
        """``apply`` without the legality check: only for actions taken from ``legal_actions``
        (AI search). It still runs sealed decisions."""
        if actor is GM:
            decision = self._current(state) if isinstance(action, Close) else None
            self._applying += 1
            try:
                events = self._apply_gm_action(state, action, decision)
            finally:
                self._applying -= 1
            state.step += 1
            return events
        seat: int = actor
        if isinstance(action, Withdraw):
            del state.sealed[seat]
            state.step += 1
            return [ChoiceWithdrawn(seat).event(text=f"seat {seat} has withdrawn its choice")]
        decision = self._current(state)
        self._applying += 1
        try:
            if decision is not None and decision.sealed:
                revised = seat in state.sealed
                state.sealed[seat] = action.text()
                if decision.closes == "all" and all(s in state.sealed for s in decision.actors):
                    events = self._resolve(state, decision)
                else:
                    said = "changed" if revised else "made"
                    events = [ChoiceSealed(seat, revised).event(text=f"seat {seat} has {said} its choice")]
            else:
                events = self._apply(state, {seat: action})
        finally:
            self._applying -= 1
        state.step += 1
        return events

    def _resolve(self, state: S, decision: Decision) -> list[Event]:
        """Close ``decision``: every submitted choice, and the default of every seat that did not
        submit, resolved by ``_apply`` (a decision that is not sealed: one seat at a time)."""
        if not decision.sealed:
            events: list[Event] = []
            for seat in sorted(decision.actors):
                current = self._decision(state)  # changes between seats: not the memo
                if current is None or seat not in current.actors:
                    continue
                default = self._default_action(state, seat)
                if default is not None:
                    events += self._apply(state, {seat: default})
            return events
        moves: dict[int, Action] = {}
        for seat in sorted(decision.actors):
            if seat in state.sealed:
                moves[seat] = self.codec.parse(state.sealed[seat])
            else:
                default = self._default_action(state, seat)
                if default is not None:
                    moves[seat] = default
        state.sealed = {}
        return self._apply(state, moves)

    def _apply_gm_action(self, state: S, action: Action, decision: Decision | None) -> list[Event]:
        if isinstance(action, Close):
            assert decision is not None, "close checked: a decision is open"
            closed = DecisionClosed(decision.kind).event(text="the GM closes the decision")
            return [closed, *self._resolve(state, decision)]
        if isinstance(action, EndGame):
            state.gm_outcome = end_game_outcome(action)
            state.sealed = {}
            ended = GameEnded(state.gm_outcome.reason, state.gm_outcome.winners)
            return [ended.event(text=f"the GM ends the game: {self._describe_outcome(state)}")]
        if isinstance(action, Ruling):
            return [RulingGiven(action.note).event(text=f"GM ruling: {action.note}")]
        return self._apply_gm(state, action)

    def view(self, state: S, viewer: Viewer) -> SeatView[V]:
        """All that ``viewer`` (a seat, or ``GM``) may know of ``state``."""
        seat = None if viewer is GM else viewer
        if seat is not None and type(seat) is not int:
            raise _not_a_seat(seat, state)
        if seat is not None and seat not in range(state.players):
            raise StarlanesError(f"no seat {seat}; seats are 0-{state.players - 1}")
        outcome = self.outcome(state)
        decision = None if outcome is not None else self._current(state)
        mine = None if seat is None else state.sealed.get(seat)
        return SeatView(
            viewer=viewer,
            step=state.step,
            to_act=() if decision is None else tuple(s for s in decision.actors if s not in state.sealed),
            submitted=tuple(sorted(state.sealed)),
            my_sealed=mine,
            outcome=outcome,
            game=self._view(state, seat),
            decision=decision,
        ).hashed()

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
                sealed[other] = self._sample_legal(state, other, rng).text()
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
        out = self.outcome(state)
        if out is None:
            return "no seat is to act"
        who = ", ".join(f"seat {w}" for w in out.winners) or "nobody (draw)"
        return f"{out.reason}; winner: {who}"

    @property
    def information(self) -> Information:
        return self.spec.information

    def __repr__(self) -> str:
        return f"<Ruleset {self.spec.id} {self.spec.version}>"


def seat_rngs(rng: Rng | Sequence[Rng], players: int) -> Sequence[Rng]:
    """The generator of each seat, indexed by seat, for ``Ruleset.play_random``: ``rng`` itself
    when it is one per seat, else the one generator for every seat. A sequence of another length
    than ``players`` is refused (a seat would draw with another seat's generator, or none)."""
    if isinstance(rng, Rng):
        return (rng,) * players
    if len(rng) != players:
        raise StarlanesError(f"play_random needs one generator per seat: {players} seats, {len(rng)} generators")
    return rng


def _not_a_seat(seat: object, state: GameState) -> ParseError:
    shown = str(seat) if isinstance(seat, int | float | bool) or seat is None else type(seat).__name__
    return ParseError(f"a seat is a whole number 0-{state.players - 1}, not {shown}")


_NOTHING = LegalActions()


def _verb(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].lower() if words else ""


def _actor_name(actor: object) -> str:
    return "the GM" if actor is GM else f"seat {actor}"
