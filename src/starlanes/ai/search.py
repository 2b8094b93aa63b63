"""Open-loop Monte Carlo tree search shared by the ``mcts`` and ``ismcts`` agents.

The tree is *open loop*: a node is reached by a sequence of decisions, not by a concrete
state. Every iteration starts from a freshly sampled root state (``sample_root``), so:

- chance: each iteration's root has a reseeded ``Rng``, so the dice rolled below a node
  differ from one iteration to the next and the search cannot rely on the future rolls
  (the statistics at a node average over them);
- hidden information (ISMCTS): each iteration's root is a different determinization of the
  searching seat's view; an action is scored against the number of iterations in which it
  was *available* (subset-armed bandit), as in single-observer ISMCTS;
- sealed simultaneous decisions: each acting seat picks from its own statistics at the node
  (decoupled selection), without seeing what the other seats picked in the same decision;
  it picks with EXP3 (a randomised bandit: a deterministic rule lets the seats fall into
  cycles where one always answers the other); the child is keyed by the joint choice.

Selection at ordinary decisions is UCB1, ``mean + c * sqrt(ln(available) / visits)``, with
exact ties broken at random. Leaves are expanded one untried action at a time, followed by
a random playout of at most ``rollout`` actions; a playout that does not reach the end is
scored by the ruleset's ``evaluate`` hook (``1/n`` each when the ruleset has none).
Rewards: 1 to each winner, 0 to the others, ``1/n`` each for a draw. The move played is the
most visited root action (ties: the better mean); at a sealed decision it is drawn in
proportion to the root visits (a mixed strategy).

All randomness comes from the ``Rng`` passed in, so a search is reproducible from its seed
(with an iteration budget; a time budget depends on the machine's speed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.errors import StarlanesError
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import GameState, SeatView

__all__ = ["Budget", "Node", "SearchResult", "determinize", "fresh_seed", "rewards", "search"]

Game = Ruleset[Any, Any, Any]


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` iterations or ``seconds`` of wall time, whichever comes first.

    ``iterations=None`` means no iteration limit (then ``seconds`` must be set).
    """

    iterations: int | None = 200
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations or seconds")


class Node:
    """Statistics of one open-loop node: per acting seat, per action
    ``[visits, value sum, times available, EXP3 estimated reward sum]``."""

    __slots__ = ("children", "stats", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.visits = 0


@dataclass(frozen=True, slots=True)
class SearchResult:
    action: Action
    iterations: int
    seconds: float
    visits: dict[Action, int]  # root visits per legal action of the searching seat
    values: dict[Action, float]  # mean reward of each visited root action for the searching seat


def rewards(game: Game, state: GameState, players: int, seats: Iterable[int] | None = None) -> list[float]:
    """Per-seat reward of ``state``: the outcome if over, else ``evaluate``, else ``1/n``.

    Only the ``seats`` asked for are evaluated (all by default); the others get ``1/n``.
    """
    even = 1.0 / players
    if game.is_over(state):
        outcome = game.outcome(state)
        if outcome is None or not outcome.winners:
            return [even] * players
        won = set(outcome.winners)
        return [1.0 if s in won else 0.0 for s in range(players)]
    values = [even] * players
    for s in range(players) if seats is None else seats:
        v = game.evaluate(state, s)
        if v is None:  # no heuristic: an unfinished game is worth 1/n to everyone
            return [even] * players
        values[s] = float(v)
    return values


def fresh_seed(rng: Rng) -> int:
    """A 63-bit seed drawn from ``rng``."""
    return derive_seed(rng.randint(0, 0x7FFFFFFF), rng.randint(0, 0x7FFFFFFF))


def determinize(game: Game, view: SeatView[Any], rng: Rng, agent: str) -> GameState:
    """A state consistent with ``view`` (hidden parts sampled with ``rng``), or a clear error."""
    try:
        state: GameState = game.determinize_view(view, rng)
    except NotImplementedError:
        raise StarlanesError(
            f"agent {agent} needs {game.spec.id} to implement determinize (rebuild a state from a view)"
        ) from None
    return state


def _pick(rng: Rng, items: Sequence[Action]) -> Action:
    return items[rng.randint(0, len(items) - 1)]


def _select(table: dict[Action, list[float]], legal: Sequence[Action], c: float, rng: Rng) -> Action:
    """Untried legal action first (random among them), else UCB1 over the legal ones."""
    untried = []
    for a in legal:
        cell = table.get(a)
        if cell is None:
            untried.append(a)
        else:
            cell[2] += 1.0  # available in this iteration
    if untried:
        choice = _pick(rng, untried)
        table[choice] = [0.0, 0.0, 1.0]
        return choice
    best: list[Action] = []
    best_score = -math.inf
    for a in legal:
        n, w, avail = table[a]
        score = w / n + c * math.sqrt(math.log(avail) / n) if n > 0 else math.inf
        if score > best_score + 1e-12:
            best, best_score = [a], score
        elif score >= best_score - 1e-12:
            best.append(a)
    # exact ties are broken at random: a fixed order lets the seats of a sealed decision
    # fall into lock-step cycles in which one always answers the other
    return best[0] if len(best) == 1 else _pick(rng, best)


def _playout(game: Game, state: GameState, rng: Rng, limit: int) -> None:
    # the ruleset draws without listing (the same action as ``_pick`` from the list) and applies,
    # seat by seat, until ``limit`` actions or the end (``Ruleset.play_random``)
    game.play_random(state, rng, limit)


def search(
    game: Game,
    sample_root: Callable[[Rng], GameState],
    seat: int,
    legal: Sequence[Action],
    rng: Rng,
    budget: Budget,
    *,
    c: float = 1.0,
    rollout: int = 100,
) -> SearchResult:
    """Run open-loop UCT from roots drawn by ``sample_root`` and return ``seat``'s best action.

    ``legal`` is ``seat``'s legal actions at the real root (as the agent was given them); the
    chosen action is the most visited of them (drawn by visits at a sealed decision).
    ``sample_root(rng)`` must return a fresh, independent state in which ``seat`` is to act.
    """
    if not legal:
        raise ValueError("search needs at least one legal action")
    root = Node()
    start = time.perf_counter()
    deadline = None if budget.seconds is None else start + budget.seconds
    limit = budget.iterations
    done = 0
    sealed = False  # is the root a sealed simultaneous decision?
    while (limit is None or done < limit) and (deadline is None or time.perf_counter() < deadline):
        state = sample_root(rng)
        if done == 0:
            sealed = len(game.to_act(state)) > 1
        _iterate(game, state, root, rng, c, rollout, seat, legal)
        done += 1
    table = root.stats.get(seat, {})
    visits = {a: int(table[a][0]) if a in table else 0 for a in legal}
    most = max(visits.values()) if visits else 0
    if most == 0:
        action = _pick(rng, legal)
    elif sealed:
        # a sealed choice is a mixed strategy: play each action as often as the search did
        x = rng.random() * sum(visits.values())
        acc = 0.0
        action = legal[-1]
        for a in legal:
            acc += visits[a]
            if x < acc:
                action = a
                break
    else:
        # ties broken by mean value, then by the order of ``legal`` (deterministic)
        action = max(
            legal,
            key=lambda a: (visits[a], table[a][1] / table[a][0] if visits[a] else 0.0),
        )
    values = {a: table[a][1] / table[a][0] for a in legal if visits[a]}
    return SearchResult(action, done, time.perf_counter() - start, visits, values)


def _select_exp3(table: dict[Action, list[float]], legal: Sequence[Action], rng: Rng) -> tuple[Action, float]:
    """EXP3 choice for one seat of a sealed decision: returns the action and its probability.

    A deterministic rule (UCB1) lets the seats of a simultaneous decision lock into cycles
    where one always answers the other; EXP3 mixes, as simultaneous-move MCTS does.
    """
    k = len(legal)
    gamma = _EXP3_GAMMA
    eta = gamma / k
    cells = []
    for a in legal:
        cell = table.get(a)
        if cell is None:
            cell = table[a] = [0.0, 0.0, 0.0, 0.0]
        cell[2] += 1.0
        cells.append(cell)
    top = max(cell[3] for cell in cells)
    weights = [math.exp(eta * (cell[3] - top)) for cell in cells]
    total = sum(weights)
    probs = [(1.0 - gamma) * w / total + gamma / k for w in weights]
    x = rng.random()
    acc = 0.0
    for a, p in zip(legal, probs, strict=True):
        acc += p
        if x < acc:
            return a, p
    return legal[-1], probs[-1]


_EXP3_GAMMA = 0.1


def _iterate(
    game: Game,
    state: GameState,
    root: Node,
    rng: Rng,
    c: float,
    rollout: int,
    seat: int,
    root_legal: Sequence[Action],
) -> None:
    node = root
    # per visited node: (seat, action, probability of the choice; 0 for a UCB1 choice)
    path: list[tuple[Node, list[tuple[int, Action, float]]]] = []
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        expanded = False
        ordered = sorted(seats)
        # every seat of a sealed decision chooses from the same state, before any has submitted
        joint: list[tuple[int, Action, float]] = []
        for s in ordered:
            # the searching seat's legal actions at the root are known (they depend only on
            # what it sees), so they are not generated again in every sampled state
            legal = root_legal if node is root and s == seat else game.legal_actions(state, s)
            table = node.stats.setdefault(s, {})
            before = len(table)
            if len(ordered) > 1:
                action, prob = _select_exp3(table, legal, rng)
            else:
                action, prob = _select(table, legal, c, rng), 0.0
            joint.append((s, action, prob))
            expanded = expanded or len(table) > before
        for s, action, _ in joint:
            game.apply_unchecked(state, s, action)
        node.visits += 1
        path.append((node, joint))
        key: Any = joint[0][1] if len(joint) == 1 else tuple((s, a) for s, a, _ in joint)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        node = child
        if expanded:
            break
    _playout(game, state, rng, rollout)
    values = rewards(game, state, state.players, {s for _, joint in path for s, _, _ in joint})
    for visited, joint in path:
        for s, action, prob in joint:
            cell = visited.stats[s][action]
            cell[0] += 1.0
            cell[1] += values[s]
            if prob > 0.0:
                cell[3] += values[s] / prob
