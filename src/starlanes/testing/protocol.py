"""Conformance checks of the second protocol's promises: decisions, GM actions, one legality
predicate, counting and sampling (see ``conformance`` for the contract)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from starlanes.core.actions import Action
from starlanes.core.decision import Decision, Pending, Withdraw
from starlanes.core.errors import GameOver, IllegalAction, StaleState, StarlanesError
from starlanes.core.gm import GM_ACTIONS, Actor, Close, EndGame, Ruling
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import seat_rngs
from starlanes.core.state import GM, GameState, Outcome

from .conformance import SEEDS, Game, _fail, _positions, _stride

__all__ = [
    "check_count_and_sample_agree_with_the_list",
    "check_defaults_at_close",
    "check_gm_actions",
    "check_play_random_is_the_drawn_loop",
    "check_sealed_choices_can_be_revised_and_withdrawn",
    "check_stale_appends_are_refused",
    "check_why_not_agrees_with_the_list",
    "drawn_loop",
]

LIMIT = 200
"""Legal actions looked at per actor and position."""


def _same_but_step(game: Game, a: GameState, b: GameState) -> bool:
    a, b = game.clone(a), game.clone(b)
    a.step = b.step = 0
    return game.to_json(a) == game.to_json(b)


def _revisable(game: Game, state: GameState) -> bool:
    """Whether the framework offers revision here: old-shape rulesets (no ``_decision``) keep a
    sealed choice from ``_to_act`` final until they migrate."""
    return not getattr(game, "_final_sealed", False) or isinstance(state.pending, Pending)


def _sealed_positions(game: Game, seed: int, every: int) -> list[tuple[int, GameState, Decision]]:
    out = []
    for step, state in _positions(game, seed, every=every, limit=60):
        decision = game.decision(state)
        if decision is not None and decision.sealed and not state.sealed and len(decision.actors) > 1:
            out.append((step, state, decision))
    return out


def check_sealed_choices_can_be_revised_and_withdrawn(game: Game) -> None:
    """Until a sealed decision closes a seat may revise its choice (which then resolves exactly as
    if it had been its first) or withdraw it (it is awaited again, its choice gone)."""
    seed = SEEDS[0]
    for step, state, decision in _sealed_positions(game, seed, 1)[:12]:
        if not game.spec.simultaneous:
            raise _fail(game, seed, step, "a sealed decision, but the spec says simultaneous=False")
        if not _revisable(game, state):
            continue
        seat, *others = decision.actors
        legal = game.legal_actions(state, seat)
        first, final = legal[0], legal[len(legal) - 1]
        revised = game.clone(state)
        try:
            game.apply(revised, seat, first)
            if Withdraw() not in game.legal_actions(revised, seat):
                raise _fail(game, seed, step, f"seat {seat} sealed a choice but may not withdraw it")
            game.apply(revised, seat, final)
        except StarlanesError as exc:
            raise _fail(game, seed, step, f"seat {seat} could not revise its sealed choice: {exc}") from exc
        if game.view(revised, seat).my_sealed != final.text():
            raise _fail(game, seed, step, f"seat {seat}'s view does not show its revised choice")
        if seat in game.to_act(revised):
            raise _fail(game, seed, step, f"seat {seat} revised its choice but is awaited again")
        direct = game.clone(state)
        game.apply(direct, seat, final)
        withdrawn = game.clone(revised)
        for other in others:
            choice = game.legal_actions(revised, other)[0]
            game.apply(revised, other, choice)
            game.apply(direct, other, choice)
        if not _same_but_step(game, revised, direct):
            raise _fail(game, seed, step, "a revised sealed choice resolved differently from the same "
                        "choice made first")
        try:
            game.apply(withdrawn, seat, Withdraw())
        except StarlanesError as exc:
            raise _fail(game, seed, step, f"seat {seat} could not withdraw its sealed choice: {exc}") from exc
        if seat not in game.to_act(withdrawn) or game.view(withdrawn, seat).my_sealed is not None:
            raise _fail(game, seed, step, f"seat {seat} withdrew its choice but is not awaited again")
        if game.why_not(withdrawn, seat, Withdraw()) is None:
            raise _fail(game, seed, step, f"seat {seat} may withdraw a choice it does not have")


def check_defaults_at_close(game: Game) -> None:
    """A seat's default (``_default_action``) is legal for it, and the GM's ``close`` resolves as
    if every seat that had not submitted had submitted its default."""
    seed = SEEDS[1]
    for step, state in _positions(game, seed, every=_stride(game, seed), limit=30):
        decision = game.decision(state)
        if decision is None or state.sealed:
            continue
        defaults: dict[int, Action | None] = {s: game._default_action(state, s) for s in decision.actors}
        for seat, default in defaults.items():
            if default is not None and game.why_not(state, seat, default) is not None:
                raise _fail(game, seed, step, f"seat {seat}'s default '{default}' is not legal: "
                            f"{game.why_not(state, seat, default)}")
        if game.why_not(state, GM, Close()) is not None:
            if any(d is not None for d in defaults.values()):
                raise _fail(game, seed, step, "seats have defaults but the GM may not close")
            continue
        closed = game.clone(state)
        first = decision.actors[0]
        explicit = game.clone(state)
        submits = decision.sealed and len(decision.actors) > 1
        if submits:
            choice = game.legal_actions(state, first)[0]
            game.apply(closed, first, choice)
            game.apply(explicit, first, choice)
        try:
            game.apply(closed, GM, Close())
        except StarlanesError as exc:
            raise _fail(game, seed, step, f"the GM's close was refused: {exc}") from exc
        if _same_but_step(game, closed, state):
            raise _fail(game, seed, step, "the GM's close changed nothing")
        if closed.sealed:
            raise _fail(game, seed, step, "sealed choices remain after the GM closed the decision")
        rest = [s for s in decision.actors if not (submits and s == first)]
        if any(defaults[s] is None for s in rest) or (not decision.sealed and len(rest) > 1):
            continue
        for seat in rest:
            default = defaults[seat]
            assert default is not None
            game.apply(explicit, seat, default)
        if not _same_but_step(game, closed, explicit):
            raise _fail(game, seed, step, "closing gave another state than every waiting seat "
                        "submitting its default")


def _refused(game: Game, state: GameState, actor: Actor, action: Action | str, words: str) -> str | None:
    """``None`` if ``actor``'s ``action`` is refused with a message containing ``words``."""
    before = game.to_json(state)
    try:
        game.apply(state, actor, action)
    except IllegalAction as exc:
        if words not in str(exc):
            return f"refused with '{exc}', which does not say '{words}'"
        if game.to_json(state) != before:
            return "refused, but the state changed"
        return None
    except StarlanesError as exc:
        return f"refused with {type(exc).__name__} '{exc}', not as a GM/seat mix-up"
    return "accepted"


def check_gm_actions(game: Game) -> None:
    """GM actions: a ruling changes nothing but the step, ``end-game`` ends the game with the GM's
    outcome, listed GM actions apply and round-trip as text; seats cannot use GM actions and the
    GM cannot play a seat's action."""
    seed = SEEDS[2]
    ruling = Ruling('a "conformance" ruling, with spaces')
    if game.gm_codec.parse(ruling.text()) != ruling:
        raise _fail(game, seed, 0, f"'{ruling.text()}' does not parse back as the same ruling")
    for step, state in _positions(game, seed, every=_stride(game, seed), limit=12):
        if game.is_over(state):
            continue
        copy = game.clone(state)
        events = game.apply(copy, GM, ruling)
        if not _same_but_step(game, copy, state) or copy.step != state.step + 1:
            raise _fail(game, seed, step, "a GM ruling changed the state")
        if not any(ruling.note in e.text and e.seats is None for e in events):
            raise _fail(game, seed, step, "a GM ruling is not an event every seat sees")
        for action in list(game.legal_actions(state, GM))[:20]:
            if game.gm_codec.parse(action.text()) != action:
                raise _fail(game, seed, step, f"GM action '{action}' does not round-trip as text")
            try:
                game.apply(game.clone(state), GM, action)
            except StarlanesError as exc:
                raise _fail(game, seed, step, f"listed GM action '{action}' raised: {exc}") from exc
        to_act = sorted(game.to_act(state))
        for seat in to_act[:1]:
            for gm_action in (Close(), EndGame((seat,)), ruling):
                for form in (gm_action, gm_action.text()):
                    problem = _refused(game, game.clone(state), seat, form, "GM action")
                    if problem is not None:
                        raise _fail(game, seed, step, f"seat {seat} used GM action '{gm_action.verb}': {problem}")
            for action in game.legal_actions(state, seat)[:5]:
                if type(action) in GM_ACTIONS + game.gm_action_types:
                    continue
                problem = _refused(game, game.clone(state), GM, action.text(), "GM")
                if problem is not None:
                    raise _fail(game, seed, step, f"the GM played seat {seat}'s '{action}': {problem}")
        ended = game.clone(state)
        game.apply(ended, GM, EndGame((0,), "stopped by the conformance suite"))
        expected = Outcome("stopped by the conformance suite", (0,))
        if game.outcome(ended) != expected or not game.is_over(ended):
            raise _fail(game, seed, step, "end-game did not give the GM's outcome")
        if game.to_act(ended) or any(game.legal_actions(ended, s) for s in range(ended.players)):
            raise _fail(game, seed, step, "seats are still to act after the GM ended the game")
        if game.view(ended, 0).outcome != expected:
            raise _fail(game, seed, step, "a seat's view does not show the GM's outcome")
        for seat in to_act[:1]:
            try:
                game.apply(ended, seat, game.legal_actions(state, seat)[0])
            except GameOver:
                pass
            else:
                raise _fail(game, seed, step, f"seat {seat} acted after the GM ended the game")


def _actors(game: Game, state: GameState) -> list[Actor]:
    decision = game.decision(state)
    seats: list[Actor] = list(decision.actors) if decision is not None else []
    return [*seats, GM]


def check_count_and_sample_agree_with_the_list(game: Game) -> None:
    """``count_legal`` is ``len(legal_actions)``; ``sample_legal`` draws listed actions (and more
    than one of them when there are several); length, indexing and iteration agree."""
    seed = SEEDS[0]
    rng = Rng.from_seed(derive_seed(seed, "sample-check"))
    for step, state in _positions(game, seed, every=_stride(game, seed), limit=25):
        for actor in _actors(game, state):
            legal = game.legal_actions(state, actor)
            expanded = list(legal)
            if len(expanded) != len(legal):
                raise _fail(game, seed, step, f"{_who(actor)}: iterating the legal actions gives "
                            f"{len(expanded)}, len says {len(legal)}")
            for i in {0, len(legal) // 2, len(legal) - 1} if expanded else set():
                if legal[i] != expanded[i] or expanded[i] not in legal:
                    raise _fail(game, seed, step, f"{_who(actor)}: legal action {i} differs by index and by iteration")
            count = game.count_legal(state, actor)
            if count != len(legal):
                raise _fail(game, seed, step, f"{_who(actor)}: count_legal says {count}, the list has {len(legal)}")
            if not legal or actor is GM:
                continue
            draws = {game.sample_legal(state, actor, rng) for _ in range(30)}
            outside = [a for a in draws if a not in legal]
            if outside:
                raise _fail(game, seed, step, f"{_who(actor)}: sample_legal drew '{outside[0]}', not listed")
            if len(legal) > 1 + (Withdraw() in legal) and len(draws) < 2:
                raise _fail(game, seed, step, f"{_who(actor)}: 30 draws of sample_legal gave one action of "
                            f"{len(legal)}")


def check_why_not_agrees_with_the_list(game: Game) -> None:
    """``why_not`` is ``None`` for every listed action and a non-empty reason for every action
    of the game that is not listed (taken from other positions)."""
    seed = SEEDS[1]
    positions = list(_positions(game, seed, every=_stride(game, seed), limit=25))
    seen: set[Action] = set()
    for _, state in positions:
        for actor in _actors(game, state):
            seen.update(game.legal_actions(state, actor)[:20])
    for step, state in positions:
        for actor in _actors(game, state):
            legal = game.legal_actions(state, actor)
            for action in legal[:LIMIT]:
                reason = game.why_not(state, actor, action)
                if reason is not None:
                    raise _fail(game, seed, step, f"{_who(actor)}: listed '{action}' is refused by why_not: {reason}")
            if actor is GM:
                continue
            for action in sorted(seen, key=lambda a: a.text())[:80]:
                if action in legal:
                    continue
                reason = game.why_not(state, actor, action)
                if not (isinstance(reason, str) and reason.strip()):
                    raise _fail(game, seed, step, f"{_who(actor)}: '{action}' is not listed but why_not gives "
                                f"{reason!r}, not a reason")


def _who(actor: Actor) -> str:
    return "the GM" if actor is GM else f"seat {actor}"


def check_stale_appends_are_refused(game: Game) -> None:
    """A match appends only at the step it is at: an action made against an older (or a
    future) step raises ``StaleState`` naming both steps, and the match is unchanged: same
    step, same log, same state. The step then still accepts the action (the server's 409)."""
    from starlanes.core.match import Match

    for seed in SEEDS[:2]:
        seats = ["random"] * game.spec.min_players
        match = Match.new(game, seats, seed=seed)
        rng = Rng.from_seed(derive_seed(seed, "stale"))
        for _ in range(12):
            to_act = sorted(match.to_act())
            if not to_act or match.is_over():
                break
            actor = to_act[rng.randint(0, len(to_act) - 1)]
            legal = match.legal_actions(actor)
            action = legal[rng.randint(0, len(legal) - 1)]
            before = (match.step, len(match.log), game.to_json(match.state))
            for stale in {match.step - 1, match.step + 1} - {-1}:
                try:
                    match.append(actor, action, stale)
                except StaleState as exc:
                    if str(stale) not in str(exc) or str(match.step) not in str(exc):
                        raise _fail(game, seed, before[0],
                                    f"a stale append's error names not both steps: {exc}") from None
                else:
                    raise _fail(game, seed, before[0], f"an append made for step {stale} was accepted")
                if (match.step, len(match.log), game.to_json(match.state)) != before:
                    raise _fail(game, seed, before[0], f"a refused stale append for step {stale} changed the match")
            match.append(actor, action, match.step)


def drawn_loop(game: Game, state: GameState, rng: Rng | Sequence[Rng], limit: int) -> int:
    """The loop that ``Ruleset.play_random`` stands for, through the public calls only: until
    ``limit`` actions are played or nobody is to act, every seat to act (in seat order) plays
    ``sample_legal(state, seat, rngs[seat])`` with ``apply_unchecked``; returns how many were
    played. ``rng`` is one generator for every seat or one per seat (``seat_rngs``). A ruleset's
    own ``play_random`` (a faster playout for search and the lab) must play the same actions and
    leave the same state and every generator in the same position
    (``check_play_random_is_the_drawn_loop``)."""
    rngs = seat_rngs(rng, state.players)
    played = 0
    while played < limit:
        seats = game.to_act(state)
        if not seats:
            return played
        for seat in sorted(seats):
            game.apply_unchecked(state, seat, game.sample_legal(state, seat, rngs[seat]))
            played += 1
    return played


def _generators(seed: int, step: int, limit: int, players: int, shared: bool) -> list[Rng]:
    if shared:
        return [Rng.from_seed(derive_seed(seed, "play-random", step, limit))]
    return [Rng.from_seed(derive_seed(seed, "play-random", step, limit, seat)) for seat in range(players)]


def check_play_random_is_the_drawn_loop(game: Game) -> None:
    """``play_random`` (what search playouts and the lab's random games call) plays what
    ``drawn_loop`` plays from positions along a seeded game: the same number of actions, the
    same state, every generator in the same position, after one action, a dozen and forty,
    with one generator for every seat and with one per seat (a ruleset that overrides it for
    speed keeps the game, and draws each seat's action with that seat's generator)."""
    seed = SEEDS[2]
    for step, state in _positions(game, seed, every=_stride(game, seed), limit=5):
        for limit, shared in ((1, True), (12, True), (12, False), (40, False)):
            fast, plain = game.clone(state), game.clone(state)
            fast_rngs = _generators(seed, step, limit, state.players, shared)
            plain_rngs = _generators(seed, step, limit, state.players, shared)
            how = "one generator" if shared else "a generator per seat"
            played = game.play_random(fast, fast_rngs[0] if shared else fast_rngs, limit)
            expected = drawn_loop(game, plain, plain_rngs[0] if shared else plain_rngs, limit)
            if played != expected:
                raise _fail(game, seed, step, f"play_random ({how}) played {played} actions of {limit}, "
                            f"the drawn loop {expected}")
            if game.to_json(fast) != game.to_json(plain):
                raise _fail(game, seed, step, f"play_random ({limit} actions, {how}) left another state "
                            "than the drawn loop")
            for seat, (mine, theirs) in enumerate(zip(fast_rngs, plain_rngs, strict=True)):
                if mine.randint(0, 2**30) != theirs.randint(0, 2**30):
                    whose = "the rng" if shared else f"seat {seat}'s generator"
                    raise _fail(game, seed, step, f"play_random ({limit} actions, {how}) drew from "
                                f"{whose} another number of times than the drawn loop")


PROTOCOL_CHECKS: list[Callable[[Game], None]] = [
    check_sealed_choices_can_be_revised_and_withdrawn,
    check_defaults_at_close,
    check_gm_actions,
    check_count_and_sample_agree_with_the_list,
    check_why_not_agrees_with_the_list,
    check_stale_appends_are_refused,
    check_play_random_is_the_drawn_loop,
]
