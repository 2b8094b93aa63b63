"""The conformance suite over the second test ruleset (Tally), and proof that each check of the
second protocol can fail: a deliberately broken toy for each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from starlanes.core import GM, Action, Actor, LegalActions, Rng, Ruleset, Withdraw
from starlanes.testing import ConformanceFailure, conformance_checks
from starlanes.testing.protocol import (
    check_count_and_sample_agree_with_the_list,
    check_defaults_at_close,
    check_gm_actions,
    check_sealed_choices_can_be_revised_and_withdrawn,
    check_why_not_agrees_with_the_list,
)
from tests.toy.duel import Award, Duel, DuelState, Play
from tests.toy.tally import Add, Tally, TallyState, make_tally

Check = Callable[[Ruleset[Any, Any, Any]], None]


@pytest.mark.parametrize("check", conformance_checks(), ids=lambda c: c.__name__)
def test_tally_conforms(check: Check) -> None:
    check(make_tally())


class ToActForgetsSealed(Duel):
    """Broken: overrides the public ``to_act`` and still awaits seats that have sealed a choice."""

    def to_act(self, state: DuelState) -> frozenset[int]:
        decision = self.decision(state)
        return frozenset(() if decision is None else decision.actors)


class NoWithdrawListed(Duel):
    """Broken: overrides the public ``legal_actions`` and drops ``withdraw``."""

    def legal_actions(self, state: DuelState, actor: Actor) -> LegalActions:
        return LegalActions([a for a in super().legal_actions(state, actor) if not isinstance(a, Withdraw)])


class RevisionRefused(Duel):
    """Broken: the legality predicate refuses a second choice."""

    def _why_not(self, state: DuelState, actor: Actor, action: Action) -> str | None:
        if actor in state.sealed:
            return "you have chosen already"
        return super()._why_not(state, actor, action)


class IllegalDefault(Duel):
    """Broken: the default at close is a card nobody holds."""

    def _default_action(self, state: DuelState, seat: int) -> Action | None:
        return Play(99) if state.presser < 0 else super()._default_action(state, seat)


class DefaultIgnoredAtClose(Duel):
    """Broken: resolves a closed decision as if waiting seats had played their highest card,
    not their default (the lowest)."""

    def _default_action(self, state: DuelState, seat: int) -> Action | None:
        if state.presser < 0 and len(state.sealed) > 0:
            return Play(max(state.hands[seat]))
        return super()._default_action(state, seat)


class SeatVerbClose(Duel):
    """Broken: a seat action with the GM's verb ``close``, so a seat can use ``close``."""

    def _why_not(self, state: DuelState, actor: Actor, action: Action) -> str | None:
        return None if isinstance(action, _SeatClose) else super()._why_not(state, actor, action)

    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        return [*super()._legal_actions(state, seat), _SeatClose()]

    def _apply(self, state: DuelState, moves: Any) -> Any:
        if any(isinstance(a, _SeatClose) for a in moves.values()):
            return []
        return super()._apply(state, moves)


class _SeatClose(Action, frozen=True):
    verb = "close"


SeatVerbClose.action_types = (*Duel.action_types, _SeatClose)


class OutcomeIgnoresTheGm(Duel):
    """Broken: overrides the public ``outcome`` and forgets the GM's."""

    def outcome(self, state: DuelState) -> Any:
        return self._outcome(state)


class UnlistedAwardRefused(Duel):
    """Broken: lists awards of 0-3 points but refuses 0."""

    def _legal_gm_actions(self, state: DuelState) -> list[Any]:
        from starlanes.core import ActionTemplate

        return [ActionTemplate(Award, seat=range(state.players), points=range(0, 4))]


class CountsOneTooMany(Tally):
    """Broken: ``_count_legal`` is off by one."""

    def _count_legal(self, state: TallyState, seat: int) -> int:
        return super()._count_legal(state, seat) + 1


class SamplesUnlisted(Tally):
    """Broken: ``_sample_legal`` may draw one more than the room left."""

    def _sample_legal(self, state: TallyState, seat: int, rng: Rng) -> Action:
        if state.pending is None:
            return Add(rng.randint(1, self._room(state) + 1))
        return super()._sample_legal(state, seat, rng)


class SamplesOneAction(Tally):
    """Broken: ``_sample_legal`` always draws the first listed action."""

    def _sample_legal(self, state: TallyState, seat: int, rng: Rng) -> Action:
        return self.legal_actions(state, seat)[0]


class ListsWhatItRefuses(Duel):
    """Broken: lists every card of the deck, but refuses those not in hand."""

    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        if state.presser >= 0:
            return super()._legal_actions(state, seat)
        return [Play(c) for c in range(1, state.params.top + 1)]


class EmptyReason(Duel):
    """Broken: refuses with an empty reason."""

    def _why_not(self, state: DuelState, actor: Actor, action: Action) -> str | None:
        reason = super()._why_not(state, actor, action)
        return None if reason is None else ""


@pytest.mark.parametrize(("broken", "check", "says"), [
    (ToActForgetsSealed, check_sealed_choices_can_be_revised_and_withdrawn, "is awaited again"),
    (NoWithdrawListed, check_sealed_choices_can_be_revised_and_withdrawn, "may not withdraw it"),
    (RevisionRefused, check_sealed_choices_can_be_revised_and_withdrawn, "could not revise"),
    (IllegalDefault, check_defaults_at_close, "default 'play 99' is not legal"),
    (DefaultIgnoredAtClose, check_defaults_at_close, "closing gave another state"),
    (SeatVerbClose, check_gm_actions, "used GM action 'close'"),
    (OutcomeIgnoresTheGm, check_gm_actions, "end-game did not give the GM's outcome"),
    (UnlistedAwardRefused, check_gm_actions, "listed GM action 'award 0 0' raised"),
    (CountsOneTooMany, check_count_and_sample_agree_with_the_list, "count_legal says"),
    (SamplesUnlisted, check_count_and_sample_agree_with_the_list, "not listed"),
    (SamplesOneAction, check_count_and_sample_agree_with_the_list, "30 draws of sample_legal gave one"),
    (ListsWhatItRefuses, check_why_not_agrees_with_the_list, "refused"),
    (EmptyReason, check_why_not_agrees_with_the_list, "not a reason"),
], ids=lambda v: v.__name__ if isinstance(v, type) else None)
def test_each_protocol_check_fails_on_a_toy_that_breaks_its_promise(broken: type[Ruleset[Any, Any, Any]],
                                                                    check: Check, says: str) -> None:
    with pytest.raises(ConformanceFailure, match=says):
        check(broken())


def test_a_sealed_decision_in_a_game_declared_without_them_fails() -> None:
    class NotSimultaneous(Duel):
        spec = Duel.spec.__class__(**{**Duel.spec.__dict__, "simultaneous": False})

    with pytest.raises(ConformanceFailure, match="simultaneous=False"):
        check_sealed_choices_can_be_revised_and_withdrawn(NotSimultaneous())


def test_the_gm_toy_action_is_listed_as_a_template() -> None:
    game = Duel()
    state = game.setup(None, 3, 1)
    legal = game.legal_actions(state, GM)
    assert legal.has_templates and len(legal) == 1 + 3 * 3
    assert Award(2, 3) in legal and Award(2, 4) not in legal
