"""The checks of the conformance suite (see the package docstring).

The contract they enforce, beyond "no crash":

- ``apply`` accepts an action exactly when it is in ``legal_actions`` (the list is complete);
- an action that is refused raises a ``StarlanesError`` and leaves the state byte-identical;
- the game ends (``to_act`` empty, ``outcome`` set) within ``spec.max_actions`` actions of
  random play, and ``outcome`` is ``None`` while somebody is to act;
- states round-trip through JSON and ``clone`` exactly, and a clone is independent;
- ``parse(action.text()) == action`` for every legal action;
- a seat's view does not change when only what it may not see changes (``perturb_hidden``
  and the RNG's future), and for an imperfect-information game the perturbation does change
  something somewhere (so the check can fail);
- ``determinize(view(s, seat))`` gives a state whose view for that seat equals ``view(s, seat)``;
- the seed (and the generator's position, which is as good as the seed) never appears in what a
  seat is shown: its view's JSON, its board and the descriptions of its actions (drawn by its
  registry entry's renderer), the events it may see;
- a sealed choice can be revised (the revision resolves exactly as if it had been the first
  choice) and withdrawn (the seat is awaited again) until the decision closes;
- a seat's default at close is legal, and the GM's ``close`` resolves as if every seat that had
  not submitted had submitted its default;
- GM actions: ``ruling`` changes nothing but the step, ``end-game`` ends the game with the GM's
  outcome, listed GM actions apply, a seat cannot use a GM action and the GM cannot play a
  seat's action (both refused with a message that says so);
- ``count_legal`` equals ``len(legal_actions)``, ``sample_legal`` draws only listed actions, and
  the list's length, indexing and iteration agree;
- ``play_random`` (search playouts) plays what the public loop of draws plays (``drawn_loop``):
  the same actions, the same state, the same position of the rng;
- ``why_not`` agrees with the list: ``None`` for every listed action, a non-empty reason for
  every refused one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from starlanes.core.actions import Action
from starlanes.core.errors import GameOver, IllegalAction, NotYourTurn, ParseError, StarlanesError
from starlanes.core.gm import Close
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import Ruleset
from starlanes.core.spec import Information
from starlanes.core.state import GM, GameState
from starlanes.registry import renderer_for

__all__ = [
    "ConformanceFailure",
    "check_seed_never_shown",
    "conformance_checks",
    "random_playout",
    "run_conformance",
    "secret_forms",
]

Game = Ruleset[Any, Any, Any]
SEEDS = (1, 2, 3)


class ConformanceFailure(AssertionError):
    """A ruleset broke the core protocol's contract."""


def _fail(game: Game, seed: int, step: int, what: str) -> ConformanceFailure:
    return ConformanceFailure(f"{game.spec.id} (seed {seed}, step {step}): {what}")


def _key(game: Game, state: GameState) -> bytes:
    return game.to_json(state)


def _players(game: Game) -> list[int]:
    counts = {game.spec.min_players, min(game.spec.max_players, game.spec.min_players + 1)}
    return sorted(counts)


Visit = Callable[[GameState, int], None]


def random_playout(
    game: Game, seed: int, players: int | None = None, visit: Visit | None = None, *,
    params: Any = None, max_actions: int | None = None,
) -> tuple[GameState, list[tuple[int, Action]]]:
    """Play uniformly random legal actions from ``setup(params, players, seed)`` until the end
    or the cap (``max_actions``, default the ruleset's ``spec.max_actions``).

    ``visit(state, step)`` is called before every action (on the live state: copy it to keep it).
    A decision that awaits nobody (closed by the GM or a deadline) is closed by the GM.
    """
    state = game.setup(params, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "playout"))
    log: list[tuple[int, Action]] = []
    cap = game.spec.max_actions if max_actions is None else min(max_actions, game.spec.max_actions)
    for step in range(cap):
        seats = sorted(game.to_act(state))
        if not seats:
            if game.is_over(state) or game.decision(state) is None:
                break
            game.apply(state, GM, Close())
            log.append((-1, Close()))
            continue
        if visit is not None:
            visit(state, step)
        seat = seats[rng.randint(0, len(seats) - 1)]
        legal = game.legal_actions(state, seat)
        if not legal:
            raise _fail(game, seed, step, f"seat {seat} is to act but has no legal action")
        action = legal[rng.randint(0, len(legal) - 1)]
        try:
            game.apply(state, seat, action)
        except StarlanesError as exc:
            raise _fail(game, seed, step, f"seat {seat}'s listed '{action}' was refused: {exc}") from exc
        log.append((seat, action))
    return state, log


def _positions(game: Game, seed: int, players: int | None = None, every: int = 1,
               limit: int = 40) -> Iterator[tuple[int, GameState]]:
    """Copies of positions along a random playout (every ``every``-th, at most ``limit``)."""
    kept: list[tuple[int, GameState]] = []

    def visit(state: GameState, step: int) -> None:
        if step % every == 0 and len(kept) < limit:
            kept.append((step, game.clone(state)))

    final, _ = random_playout(game, seed, players, visit)
    yield from kept
    yield -1, final


def _stride(game: Game, seed: int) -> int:
    _, log = random_playout(game, seed)
    return max(1, len(log) // 30)


def check_playouts_end(game: Game) -> None:
    """Random playouts reach the end (or the declared cap) without error; outcome is consistent."""
    for players in _players(game):
        for seed in SEEDS:
            state, log = random_playout(game, seed, players)
            over = game.is_over(state)
            if not over and game.decision(state) is None:
                raise _fail(game, seed, len(log), "nobody is to act but outcome() is None")
            if not over and len(log) < game.spec.max_actions:
                raise _fail(game, seed, len(log), "playout stopped early")
            if over:
                out = game.outcome(state)
                assert out is not None
                if any(w not in range(players) for w in out.winners):
                    raise _fail(game, seed, len(log), f"winners {out.winners} are not seats")


def check_same_seed_same_game(game: Game) -> None:
    """The same seed and actions give the same state (and a different seed may differ)."""
    for seed in SEEDS:
        first, log = random_playout(game, seed)
        again = game.setup(None, None, seed)
        for seat, action in log:
            game.apply(again, GM if seat < 0 else seat, action.text())
        if _key(game, first) != _key(game, again):
            raise _fail(game, seed, len(log), "the same seed and actions gave another state")


def check_json_and_clone_round_trip(game: Game) -> None:
    """JSON and clone round-trips are exact; a clone is independent of its original."""
    seed = SEEDS[0]
    for step, state in _positions(game, seed, every=_stride(game, seed)):
        if game.from_json(game.to_json(state)) != state:
            raise _fail(game, seed, step, "from_json(to_json(state)) != state")
        copy = game.clone(state)
        if copy != state:
            raise _fail(game, seed, step, "clone(state) != state")
        before = _key(game, state)
        seats = sorted(game.to_act(copy))
        if seats:
            game.apply(copy, seats[0], game.legal_actions(copy, seats[0])[0])
            if _key(game, state) != before:
                raise _fail(game, seed, step, "applying an action to a clone changed the original")


def check_legal_actions_apply(game: Game) -> None:
    """Every legal action applies without error (to a copy), at positions along a playout."""
    seed = SEEDS[1]
    for step, state in _positions(game, seed, every=_stride(game, seed), limit=25):
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            if len(set(legal)) != len(legal):
                raise _fail(game, seed, step, f"legal_actions of seat {seat} has duplicates")
            for action in legal[:200]:
                copy = game.clone(state)
                try:
                    game.apply(copy, seat, action)
                except StarlanesError as exc:
                    raise _fail(game, seed, step, f"legal '{action}' of seat {seat} raised: {exc}") from exc


def check_action_text_round_trips(game: Game) -> None:
    """``parse(a.text()) == a`` for every legal action seen along playouts."""
    for seed in SEEDS[:2]:
        for step, state in _positions(game, seed, every=1, limit=300):
            for seat in sorted(game.to_act(state)):
                for action in game.legal_actions(state, seat):
                    back = game.parse_action(action.text())
                    if back != action:
                        raise _fail(game, seed, step, f"'{action}' parses back as {back!r}, not {action!r}")


def check_illegal_actions_change_nothing(game: Game) -> None:
    """Wrong seat, garbage text, actions not legal now, and play after the end all raise and
    leave the state unchanged; an action accepted by apply must be in legal_actions."""
    seed = SEEDS[2]
    seen: list[Action] = []
    positions = list(_positions(game, seed, every=_stride(game, seed), limit=25))
    for _, state in positions:
        for seat in game.to_act(state):
            seen.extend(game.legal_actions(state, seat)[:20])
    for step, state in positions:
        before = _key(game, state)
        to_act = game.to_act(state)
        if not to_act:
            try:
                game.apply(state, 0, seen[0] if seen else "x")
            except GameOver:
                pass
            else:
                raise _fail(game, seed, step, "an action after the end was accepted")
            if _key(game, state) != before:
                raise _fail(game, seed, step, "a refused action changed the state")
            continue
        decision = game.decision(state)
        awaited = () if decision is None else decision.actors
        idle = [s for s in range(state.players) if s not in awaited]
        for seat in idle[:1]:
            try:
                game.apply(state, seat, seen[0])
            except NotYourTurn:
                pass
            else:
                raise _fail(game, seed, step, f"seat {seat} acted out of turn")
        seat = min(to_act)
        for text in ("", "no-such-verb 1 2", f"{game.codec.verbs[0]} = == x=1 y=2 z=3"):
            try:
                game.apply(state, seat, text)
            except ParseError:
                pass
            except IllegalAction:
                pass
            else:
                raise _fail(game, seed, step, f"garbage text '{text}' was accepted")
        legal = set(game.legal_actions(state, seat))
        for action in seen[:60]:
            if action in legal:
                continue
            copy = game.clone(state)
            try:
                game.apply(copy, seat, action)
            except IllegalAction:
                pass
            else:
                raise _fail(game, seed, step, f"'{action}' is not in legal_actions but apply accepted it")
        if _key(game, state) != before:
            raise _fail(game, seed, step, "a refused action changed the state")


def check_views_do_not_leak(game: Game) -> None:
    """A seat's view does not change when only what it cannot see changes."""
    seed = SEEDS[0]
    rng = Rng.from_seed(99)
    changed_somewhere = False
    for step, state in _positions(game, seed, every=_stride(game, seed)):
        for seat in range(state.players):
            view = game.view_to_json(game.view(state, seat))
            reseeded = game.clone(state)
            game.reseed(reseeded, 12345 + step)
            if game.view_to_json(game.view(reseeded, seat)) != view:
                raise _fail(game, seed, step, f"seat {seat}'s view depends on the RNG's future")
            for _ in range(3):
                other = game.perturb_hidden(state, seat, rng)
                if other is None:
                    break
                if game.view_to_json(game.view(other, seat)) != view:
                    raise _fail(game, seed, step, f"seat {seat}'s view changed when only hidden things did")
                if game.to_json(other) != game.to_json(state):
                    changed_somewhere = True
    if game.spec.information is Information.IMPERFECT and not changed_somewhere:
        raise ConformanceFailure(
            f"{game.spec.id}: imperfect information declared, but perturb_hidden never changed anything"
        )


def check_determinize_matches_view(game: Game) -> None:
    """For imperfect-information games: a state sampled from a seat's view shows that seat
    the same view, and playing on from it works."""
    if game.spec.information is Information.PERFECT:
        try:
            state = game.setup(None, None, SEEDS[0])
            view = game.view(state, 0)
            sampled = game.determinize_view(view, Rng.from_seed(1))
        except NotImplementedError:
            return
        if msgspec.json.encode(game.view(sampled, 0)) != msgspec.json.encode(view):
            raise _fail(game, SEEDS[0], 0, "determinize(view) shows a different view")
        return
    seed = SEEDS[1]
    rng = Rng.from_seed(7)
    for step, state in _positions(game, seed, every=_stride(game, seed)):
        for seat in range(state.players):
            view = game.view(state, seat)
            sampled = game.determinize_view(view, rng)
            if game.view_to_json(game.view(sampled, seat)) != game.view_to_json(view):
                raise _fail(game, seed, step, f"determinize of seat {seat}'s view shows a different view")
            to_act = sorted(game.to_act(sampled))
            if to_act:
                legal = game.legal_actions(sampled, to_act[0])
                if not legal:
                    raise _fail(game, seed, step, "a determinized state has a seat to act, no legal action")
                game.apply(sampled, to_act[0], legal[0])


SECRET_SEED = (1 << 128) | 0x9E3779B97F4A7C15F39CC0605CEDC834
"""A seed of the width ``new_seed()`` draws, for ``check_seed_never_shown``."""


def secret_forms(state: GameState, seed: int) -> list[str]:
    """Texts that would give away ``seed`` or the generator of ``state``: the seed and the
    generator's state and stream, in decimal and hex."""
    numbers = {seed, derive_seed(seed, "setup"), state.rng.state}
    if state.rng.inc != Rng(state=0).inc:
        numbers.add(state.rng.inc)
    forms: list[str] = []
    for n in numbers:
        forms += [str(n), f"{n:x}", f"{n:X}"]
    return forms


def check_seed_never_shown(game: Game, seed: int = SECRET_SEED, limit: int = 150) -> None:
    """Nothing a seat is shown contains the seed or the generator's position: its view's JSON,
    its board and the description of each of its legal actions (as its registry entry's renderer
    draws them), the events it may see. Checked at every position of a random playout (the first ``limit`` actions)."""
    for players in _players(game):
        state = game.setup(None, players, seed)
        rng = Rng.from_seed(derive_seed(7, "seed-check"))
        renderer = renderer_for(game)
        seen: list[tuple[str, str]] = []
        for step in range(min(limit, game.spec.max_actions) + 1):
            forms = secret_forms(state, seed)
            shown: list[tuple[str, str]] = list(seen)
            seen = []
            to_act = sorted(game.to_act(state))
            for seat in range(players):
                view = game.view(state, seat)
                shown.append((f"seat {seat}'s view", game.view_to_json(view).decode()))
                shown.append((f"seat {seat}'s board", str(renderer.render(view.game, seat))))
                if seat in to_act:
                    for action in game.legal_actions(state, seat)[:60]:
                        shown.append((f"the description of '{action}' for seat {seat}",
                                      str(renderer.describe_action(view.game, action))))
            for where, text in shown:
                for form in forms:
                    if form in text:
                        raise _fail(game, seed, step, f"{where} contains the seed or the generator's state")
            if not to_act:
                break
            seat = to_act[rng.randint(0, len(to_act) - 1)]
            legal = game.legal_actions(state, seat)
            events = game.apply(state, seat, legal[rng.randint(0, len(legal) - 1)])
            for event in events:
                for viewer in range(players):
                    if event.visible_to(viewer):
                        seen.append((f"an event for seat {viewer}", event.text))
                        seen.append((f"an event described to seat {viewer}", game.describe_event(event, viewer)))


def conformance_checks() -> list[Callable[[Game], None]]:
    """Every check, in a stable order."""
    from .conformance_data import DATA_CHECKS
    from .protocol import PROTOCOL_CHECKS

    return [
        check_playouts_end,
        check_same_seed_same_game,
        check_json_and_clone_round_trip,
        check_legal_actions_apply,
        check_action_text_round_trips,
        check_illegal_actions_change_nothing,
        check_views_do_not_leak,
        check_determinize_matches_view,
        check_seed_never_shown,
        *PROTOCOL_CHECKS,
        *DATA_CHECKS,
    ]


def run_conformance(game: Game) -> None:
    """Run every check on ``game``; raise ``ConformanceFailure`` on the first failure."""
    for check in conformance_checks():
        check(game)
