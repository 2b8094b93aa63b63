"""The Risky Stars ruleset: the wiring of the game's parts into the core's ``Ruleset``.

``legality`` says what is legal (one predicate and the list), ``rules`` applies actions (an
explicit table by action type), ``view`` derives what a seat sees (and the states a view allows),
``describe`` words events and actions. Turns are sequential (rules: one move per turn, in seat
order); the one interruption is an alliance proposal, answered by the proposed-to side
(a core ``Pending``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from starlanes.core import Action, ActionTemplate, Event, Outcome, Rng, Ruleset
from starlanes.core.decision import Decision
from starlanes.core.errors import PathError
from starlanes.core.gm import Actor
from starlanes.core.ruleset import seat_rngs
from starlanes.core.state import EventData, Viewer
from starlanes.games.risky_stars import fastlegal, legality
from starlanes.games.risky_stars.actions import (
    ACTION_TYPES,
    Accept,
    Buy,
    Decline,
    End,
    Hero,
    Leave,
    Move,
    Place,
    Propose,
    Share,
    Upgrade,
    hero_number,
)
from starlanes.games.risky_stars.describe import describe_action, describe_event, plain_text
from starlanes.games.risky_stars.events import EVENT_TYPES
from starlanes.games.risky_stars.rules import alliances, economy, movement, setup, turn
from starlanes.games.risky_stars.rules.common import board
from starlanes.games.risky_stars.spec import SPEC, RiskyStarsParams
from starlanes.games.risky_stars.state import Combat, RiskyStarsState, Truce
from starlanes.games.risky_stars.view import RiskyStarsView, build_view, determinize_view, perturb_state

__all__ = ["APPLY", "RiskyStars", "make_ruleset", "play"]

Apply = Callable[[RiskyStarsState, int, Any], list[Event]]


def _buy(state: RiskyStarsState, seat: int, action: Buy) -> list[Event]:
    return economy.buy(state, seat, board(state).index[action.location], action.count)


def _place(state: RiskyStarsState, seat: int, action: Place) -> list[Event]:
    return economy.place(state, seat, board(state).index[action.location], action.count)


def _upgrade(state: RiskyStarsState, seat: int, action: Upgrade) -> list[Event]:
    return economy.upgrade(state, seat, board(state).body_index[action.body])


def _hero(state: RiskyStarsState, seat: int, action: Hero) -> list[Event]:
    number = hero_number(action.hero)
    assert number is not None
    return economy.assign_hero(state, seat, number, board(state).body_index[action.body])


def _move(state: RiskyStarsState, seat: int, action: Move) -> list[Event]:
    b = board(state)
    events, bounced = movement.move(state, seat, b.index[action.source], b.index[action.target], action.count)
    if bounced:  # the turn is consumed (RS-N11, ruling 29)
        events += turn.end_turn(state, consumed=True)
    return events


def _propose(state: RiskyStarsState, seat: int, action: Propose) -> list[Event]:
    return alliances.propose(state, seat, action.seat)


def _accept(state: RiskyStarsState, seat: int, action: Accept) -> list[Event]:
    return alliances.answer(state, seat, True)


def _decline(state: RiskyStarsState, seat: int, action: Decline) -> list[Event]:
    return alliances.answer(state, seat, False)


def _leave(state: RiskyStarsState, seat: int, action: Leave) -> list[Event]:
    return alliances.leave(state, seat)


def _share(state: RiskyStarsState, seat: int, action: Share) -> list[Event]:
    return economy.set_share(state, seat, action.percent)


def _end(state: RiskyStarsState, seat: int, action: End) -> list[Event]:
    return turn.end_turn(state)


APPLY: dict[type[Action], Apply] = {
    Buy: _buy,
    Place: _place,
    Upgrade: _upgrade,
    Hero: _hero,
    Move: _move,
    Propose: _propose,
    Accept: _accept,
    Decline: _decline,
    Leave: _leave,
    Share: _share,
    End: _end,
}
"""Which rule applies each action (checked by ``legality.why_not`` first)."""


class RiskyStars(Ruleset[RiskyStarsState, RiskyStarsView, RiskyStarsParams]):
    """The Risky Stars ruleset (see the package docstring and docs/rulings/risky-stars.md)."""

    spec = SPEC
    state_type = RiskyStarsState
    view_type = RiskyStarsView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    event_types: ClassVar[tuple[type[EventData], ...]] = EVENT_TYPES

    def _setup(self, params: RiskyStarsParams, players: int, rng: Rng) -> RiskyStarsState:
        state = setup.setup(params, players, rng)
        turn.begin_turn(state, state.first)
        return state

    def _decision(self, state: RiskyStarsState) -> Decision | None:
        if state.over:
            return None
        if state.pending is not None:
            return state.pending.decision()
        return Decision((state.current,), False, "all")

    def _outcome(self, state: RiskyStarsState) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple(float(turn.regions_of(state, s)) for s in range(state.players))
        return Outcome(state.end_reason, tuple(state.winners), scores)

    def _legal_actions(self, state: RiskyStarsState, seat: int) -> Sequence[Action | ActionTemplate]:
        return legality.legal_actions(state, seat)

    def _count_legal(self, state: RiskyStarsState, seat: int) -> int:
        return fastlegal.count(state, seat)

    def _sample_legal(self, state: RiskyStarsState, seat: int, rng: Rng) -> Action:
        return fastlegal.sample(state, seat, rng)

    def play_random(self, state: RiskyStarsState, rng: Rng | Sequence[Rng], limit: int) -> int:
        """``Ruleset.play_random`` (the same actions and state, each seat drawing with its own
        generator when ``rng`` is one per seat), keeping the drawing seat's ``fastlegal.Census``
        from one action to the next while the actions leave it mostly as it was
        (``Census.after``): the playout makes every change of ``state`` itself."""
        return play(self, state, seat_rngs(rng, state.players), limit)

    def _why_not(self, state: RiskyStarsState, actor: Actor, action: Action) -> str | None:
        if not isinstance(actor, int):
            return "risky-stars has no game master actions of its own"
        return legality.why_not(state, actor, action)

    def _default_action(self, state: RiskyStarsState, seat: int) -> Action | None:
        """What a seat does when the GM closes its decision: a proposal is declined; a turn ends."""
        if state.pending is not None:
            return Decline()
        return End()

    def _apply(self, state: RiskyStarsState, moves: Mapping[int, Action]) -> list[Event]:
        ((seat, action),) = moves.items()
        return APPLY[type(action)](state, seat, action)

    def clone(self, state: RiskyStarsState) -> RiskyStarsState:
        """A fast copy: the map (immutable) is shared; every list is copied."""
        return msgspec.structs.replace(
            state,
            rng=msgspec.structs.replace(state.rng, forced=list(state.rng.forced)),
            sealed=dict(state.sealed),
            pending=None if state.pending is None else msgspec.convert(msgspec.to_builtins(state.pending),
                                                                      type=type(state.pending)),
            homes=list(state.homes),
            owner=list(state.owner),
            units=[list(u) for u in state.units],
            stock=[list(s) for s in state.stock],
            level=list(state.level),
            heroes=[list(h) for h in state.heroes],
            hero_class=list(state.hero_class),
            deck=list(state.deck),
            reserve=[list(r) for r in state.reserve],
            removed=list(state.removed),
            to_place=list(state.to_place),
            alliance=list(state.alliance),
            share=list(state.share),
            truces=[Truce(a=t.a, b=t.b, until=t.until) for t in state.truces],
            combats=[Combat(at=c.at, attacker=c.attacker, defender=c.defender, attackers=list(c.attackers),
                            launch=list(c.launch), defenders=list(c.defenders), opened_round=c.opened_round)
                     for c in state.combats],
            alive=list(state.alive),
            winners=list(state.winners),
        )

    # ------------------------------------------------------------------ views
    def _view(self, state: RiskyStarsState, seat: int | None) -> RiskyStarsView:
        return build_view(state, seat)

    def render(self, view: RiskyStarsView, viewer: Viewer) -> str:
        return plain_text(view)

    def perturb_hidden(self, state: RiskyStarsState, seat: int, rng: Rng) -> RiskyStarsState:
        """Reshuffle what ``seat`` cannot see: the deck's order and the other reserves' heroes."""
        return perturb_state(state, seat, rng)

    def determinize(self, view: RiskyStarsView, seat: int, rng: Rng) -> RiskyStarsState:
        return determinize_view(view, seat, rng)

    def describe_event(self, event: Event, viewer: Actor) -> str:
        return describe_event(event, viewer)

    def describe_action(self, view: RiskyStarsView, action: Action) -> str | None:
        return describe_action(view, action)

    def content_hashes(self, params: RiskyStarsParams) -> dict[str, str]:
        """``{"map": sha256 of the map file}`` when ``map=FILE`` is set; generated maps come from
        the seed and the package version (``{}``)."""
        if not params.map:
            return {}
        try:
            data = Path(params.map).expanduser().read_bytes()
        except OSError as exc:
            raise PathError(f"cannot read the map file {params.map}: {exc.strerror or exc}") from None
        return {"map": hashlib.sha256(data).hexdigest()}

    def evaluate(self, state: RiskyStarsState, seat: int) -> float | None:
        """Share of the regions held and of the army, for search bots: in [0, 1]."""
        if state.over:
            return 1.0 if seat in state.winners else 0.0
        regions = [turn.regions_of(state, s) for s in range(state.players)]
        armies = [sum(u) for u in state.units]
        r = regions[seat] / max(1, sum(regions))
        a = armies[seat] / max(1, sum(armies))
        return 0.7 * r + 0.3 * a


Audit = Callable[[RiskyStarsState, int, fastlegal.Census], None]


def play(game: RiskyStars, state: RiskyStarsState, rngs: Sequence[Rng], limit: int, audit: Audit | None = None) -> int:
    """``RiskyStars.play_random``'s loop: up to ``limit`` actions, the seat to act drawing with
    ``rngs[seat]`` from its census (kept while ``Census.after`` allows). ``audit`` (tests) is shown
    every census before it draws."""
    played = 0
    census: fastlegal.Census | None = None
    while played < limit and not state.over and state.gm_outcome is None:
        if state.sealed:  # never in Risky Stars (its decisions are not sealed): the generic loop
            return played + Ruleset.play_random(game, state, rngs, limit - played)
        seat = state.pending.actors[0] if state.pending is not None else state.current
        if census is None:
            census = fastlegal.Census(state, seat)
        if audit is not None:
            audit(state, seat, census)
        action = census.nth(rngs[seat].randint(0, census.count - 1))
        APPLY[type(action)](state, seat, action)  # the rules change the state; they never ask the ruleset
        state.step += 1
        played += 1
        census = census.after(state, seat, action)
    return played


def make_ruleset() -> RiskyStars:
    """The registry's factory."""
    return RiskyStars()
