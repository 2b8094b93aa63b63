"""Risky Stars bots.

``risky-stars:heuristic`` plays from its seat's view and the legal actions only. Each call it
looks at the board afresh and takes the first of these that applies:

1. **answers an alliance proposal**: accepts only with three or more players in the game,
   never an alliance that would hold everyone left, and not when the proposing side holds the
   leader in regions (unless the bot leads itself);
2. **assigns heroes** from its reserve to the wholly possessed body where they add the most
   (weighted by how short it is of that body's resource);
3. **buys armies** with the whole stockpile (or places its alliance's units): all of them for
   the move it plans when that move is an attack, else first to garrison every location an
   enemy army could reach next turn with more units than stand there (one more than the
   enemy can move makes a location safe from a single attacker: it cannot be wiped in one
   volley), most valuable first, the rest where it plans to move from;
4. **upgrades bodies** with what is left, only when the upgrade does not lower the number of
   units it can buy next turn (it spends surpluses, never the scarce resource);
5. **makes its one move**, the best scored of (``plan_move``): taking an empty region of a
   system where it has an army (with a party as big as what could strike back, or a lone unit
   when a big enemy army watches it); attacking when the chance of taking the location
   (``ai_odds``: exact for small armies) is at least ``threshold``, or besieging an army at
   most half its size (the volley kills clearly more than it loses); reinforcing its own open
   attack; stepping along the cheapest path toward regions it does not hold, or toward empty
   regions (a party). Each move is charged for the location it leaves exposed (``exposure``:
   its value times the chance the biggest enemy army able to reach it takes it), so it never
   leapfrogs away from a front for nothing;
6. **diplomacy** (three or more players): proposes an alliance to the weakest player that is
   not the leader; leaves its alliance when an ally leads in regions or only allies are left;
7. **ends** the turn.

``evaluate_view`` is a quick value of a position for a seat, in [0, 1].
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlanes.core import Action, SeatView
from starlanes.core.errors import ParseError, UnknownName
from starlanes.games.risky_stars.actions import (
    Accept,
    Buy,
    Decline,
    End,
    Hero,
    Leave,
    Move,
    Place,
    Propose,
    Upgrade,
    hero_id,
)
from starlanes.games.risky_stars.ai_odds import attack_odds
from starlanes.games.risky_stars.board import Board, board_of
from starlanes.games.risky_stars.economy import affordable_units, body_owner, body_yield, upgrade_resources
from starlanes.games.risky_stars.view import RiskyStarsView

if TYPE_CHECKING:
    from starlanes.core.ruleset import Ruleset

__all__ = ["HeuristicAgent", "HeuristicFactory", "Plan", "evaluate_view", "exposure", "make_heuristic", "plan_move"]

INF = float("inf")


@dataclass(frozen=True, slots=True)
class Plan:
    """The move the bot means to make: ``kind`` is ``take`` (an empty location), ``attack``,
    ``advance`` (a step toward the nearest region it does not hold) or ``reinforce`` (one more
    volley in its own open attack); ``count`` is how many units it
    would move (more if it buys units at ``source`` first); ``score`` ranks plans."""

    kind: str
    source: int
    target: int
    count: int
    score: float


class _Board:
    """What one call of the bot knows about the view (built once per call)."""

    def __init__(self, g: RiskyStarsView, me: int) -> None:
        self.g = g
        self.me = me
        self.b: Board = board_of(g.star_map)
        n = len(g.owner)
        players = len(g.alive)
        mine = g.alliance[me]
        self.friends = {s for s in range(players) if s == me or (mine >= 0 and g.alliance[s] == mine)}
        self.truce = {t.b if t.a == me else t.a for t in g.truces
                      if (t.a == me or t.b == me) and g.round <= t.until}
        self.combat_at = {c.at: c for c in g.combats}
        self.enemy_units = [0] * n
        for s in range(players):
            if s in self.friends:
                continue
            row = g.units[s]
            for loc in range(n):
                if row[loc]:
                    self.enemy_units[loc] += row[loc]
        self._threat: list[list[tuple[int, int]]] | None = None
        self._dist: list[float] | None = None
        self._dist_empty: list[float] | None = None

    # --------------------------------------------------------------- values
    def is_target(self, loc: int) -> bool:
        """A region neither this seat nor an ally holds."""
        return self.b.is_region(loc) and self.g.owner[loc] not in self.friends

    def scarcity(self) -> tuple[float, float, float]:
        """How much this seat lacks each resource for units: 1.0 for the scarcest."""
        g = self.g
        cost = g.params.unit_cost
        inc = g.income[self.me]
        rates = [inc[r] / cost[r] if cost[r] else INF for r in range(3)]
        low = min(rates)
        return tuple(1.0 if rates[r] == low else 0.4 for r in range(3))  # type: ignore[return-value]

    def value(self, loc: int) -> float:
        """What holding ``loc`` is worth to this seat: a region counts for the win, more if its
        body yields a scarce resource or if it completes a body; a mouth is a stepping stone."""
        b, g = self.b, self.g
        if not b.is_region(loc):
            return 0.3
        body = b.body_of[loc]
        v = 1.0 + 0.4 * self.scarcity()[b.body_resource[body]]
        others = [r for r in b.body_regions[body] if r != loc]
        if all(g.owner[r] == self.me for r in others):
            v += 0.3 + 0.1 * len(others)
        return v

    def threat(self) -> list[int]:
        """For each location: the biggest enemy army that could arrive there next turn."""
        return [top[0][0] if top else 0 for top in self._threats()]

    def threat_to(self, location: int, besides: int) -> int:
        """The biggest enemy army that could arrive at ``location`` next turn, other than the
        one standing at ``besides``."""
        for units, origin in self._threats()[location]:
            if origin != besides:
                return units
        return 0

    def _threats(self) -> list[list[tuple[int, int]]]:
        """For each location: the two biggest enemy armies able to arrive there, ``(units, from)``."""
        if self._threat is not None:
            return self._threat
        b, g = self.b, self.g
        n = len(g.owner)
        out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for s in range(len(g.alive)):
            if s in self.friends or s in self.truce or not g.alive[s]:
                continue
            row = g.units[s]
            for loc in range(n):
                have = row[loc]
                if not have or loc in self.combat_at:
                    continue
                movable = have - 1 if g.owner[loc] == s else have
                if movable <= 0:
                    continue
                for t in b.destinations[loc]:
                    top = out[t]
                    if len(top) < 2 or movable > top[-1][0]:
                        top.append((movable, loc))
                        top.sort(reverse=True)
                        del top[2:]
        self._threat = out
        return out

    def distance(self, empty_only: bool = False) -> list[float]:
        """For each location: the cost of the cheapest path from there to a region this seat
        does not hold (``empty_only``: to an empty, unowned region), one a move; entering an
        enemy-held location costs more."""
        cached = self._dist_empty if empty_only else self._dist
        if cached is not None:
            return cached
        b, g = self.b, self.g
        n = len(g.owner)
        enter = [1.0 + self.enemy_units[t] / 5.0 for t in range(n)]
        dist = [INF] * n
        heap: list[tuple[float, int]] = []
        for t in range(b.n_regions):
            if not self.is_target(t) or (empty_only and (g.owner[t] >= 0 or self.enemy_units[t])):
                continue
            for loc in b.destinations[t]:
                if enter[t] < dist[loc]:
                    dist[loc] = enter[t]
        for loc in range(n):
            if dist[loc] < INF:
                heap.append((dist[loc], loc))
        heapq.heapify(heap)
        while heap:
            d, loc = heapq.heappop(heap)
            if d > dist[loc]:
                continue
            step = d + enter[loc]
            for prev in b.destinations[loc]:
                if step < dist[prev]:
                    dist[prev] = step
                    heapq.heappush(heap, (step, prev))
        if empty_only:
            self._dist_empty = dist
        else:
            self._dist = dist
        return dist

    def defenders(self, loc: int) -> int:
        """Enemy units standing at ``loc`` (they all defend it)."""
        return self.enemy_units[loc]


def _whole_bodies(k: _Board) -> list[int]:
    """Bodies this seat possesses every region of."""
    b, g = k.b, k.g
    seen = {b.body_of[loc] for loc in range(b.n_regions) if g.owner[loc] == k.me}
    return [body for body in sorted(seen) if body_owner(b, g.owner, body) == k.me]


def _movable(k: _Board, loc: int) -> int:
    have = k.g.units[k.me][loc]
    if not have or loc in k.combat_at:
        return 0
    return have - 1 if k.g.owner[loc] == k.me else have


def plan_move(k: _Board, extra: int, threshold: float) -> Plan | None:
    """The best move for this seat, if any is worth making; ``extra`` units may be bought first
    at a location it possesses. Every move is charged for the location it leaves exposed: one
    whose garrison an enemy army could wipe next turn (``exposure``)."""
    g, b, me = k.g, k.b, k.me
    if g.moved:
        return None
    dist = k.distance()
    empty = k.distance(empty_only=True)
    threat = k.threat()
    params = g.params
    best: Plan | None = None

    def offer(kind: str, source: int, target: int, count: int, score: float) -> None:
        nonlocal best
        score -= exposure(k, source, g.units[me][source] - count, target)
        if best is None or score > best.score:
            best = Plan(kind, source, target, count, score)

    for source, have in enumerate(g.units[me]):
        if not have:
            continue
        movable = _movable(k, source)
        if movable <= 0:
            continue
        can_buy = g.owner[source] == me and source not in k.combat_at
        bonus = extra if can_buy else 0
        for target in b.destinations[source]:
            combat = k.combat_at.get(target)
            if combat is not None:
                if any(s in k.friends for s in combat.attackers) and not any(s in k.truce for s in combat.defenders):
                    odds = attack_odds(params, movable + bonus, k.defenders(target))
                    if odds.p_capture >= threshold:
                        offer("reinforce", source, target, movable, (100.0 * k.value(target) + 40.0) * odds.p_capture)
                continue  # a defence of one's own, or someone else's fight (a bounce)
            enemies = k.defenders(target)
            if enemies:
                if any(g.units[s][target] for s in k.truce):
                    continue
                keep = k.threat_to(source, target) + 1
                counts = {movable}
                if g.owner[source] == me and 1 <= have - keep < movable:
                    counts.add(have - keep)
                for count in sorted(counts):
                    odds = attack_odds(params, count + bonus, enemies)
                    kills = odds.defender_losses - odds.attacker_losses
                    if odds.p_capture >= threshold:
                        score = (100.0 * k.value(target) + 40.0) * odds.p_capture + 0.5 * min(20.0, kills)
                    elif kills >= 2.0 and count + bonus >= 2 * enemies:  # a siege: wear the defenders down
                        score = 15.0 + min(20.0, kills)
                    else:
                        continue
                    offer("attack", source, target, count, score)
                continue
            owner = g.owner[target]
            if owner < 0 and b.is_region(target):
                value = 100.0 * k.value(target)
                send = max(1, min(movable, threat[target] + 1))
                offer("take", source, target, send, value)
                if send > 1:  # or a lone unit: the region until an enemy spends its move on it
                    risk = attack_odds(params, threat[target], 1).p_capture
                    offer("take", source, target, 1, value * (1.0 - 0.5 * risk))
                continue
            # a step on the way: to the nearest region it does not hold (its army), or to the
            # nearest empty region (a party, worth the region it will take, discounted)
            gain = dist[source] - dist[target]
            if gain > 0 and (movable >= 2 or owner < 0):
                score = 20.0 + 10.0 * gain + min(10.0, movable / 10.0) + (5.0 if owner < 0 else 0.0)
                offer("advance", source, target, movable, score)
            if empty[target] < empty[source]:
                score = 80.0 / (1.0 + empty[target]) + min(5.0, movable / 20.0)
                offer("advance", source, target, min(movable, max(4, movable // 3)), score)
    return best


def exposure(k: _Board, location: int, remaining: int, target: int) -> float:
    """What leaving ``remaining`` units at ``location`` (moving to ``target``) risks: the value
    of the location times the chance that the biggest enemy army able to reach it (other than
    the one at ``target``) takes it next turn. Nothing for a location this seat does not hold."""
    if k.g.owner[location] != k.me:
        return 0.0
    danger = k.threat_to(location, target)
    if danger <= 0 or danger < remaining:
        return 0.0
    return 100.0 * k.value(location) * attack_odds(k.g.params, danger, max(1, remaining)).p_capture


def evaluate_view(g: RiskyStarsView, seat: int) -> float:
    """How good the position is for ``seat``, in [0, 1]: its share of regions (most of it) and
    of units; 1 / 0 once the game is won / lost."""
    if g.over:
        return 1.0 if seat in g.winners else 0.0
    b = board_of(g.star_map)
    regions = [0] * len(g.alive)
    for loc in range(b.n_regions):
        if g.owner[loc] >= 0:
            regions[g.owner[loc]] += 1
    units = [sum(row) for row in g.units]
    r = regions[seat] / max(1, sum(regions))
    a = units[seat] / max(1, sum(units))
    return max(0.0, min(1.0, 0.75 * r + 0.25 * a))


class HeuristicAgent:
    """The risky-stars heuristic bot (see the module docstring)."""

    name = "risky-stars:heuristic"

    def __init__(self, seat: int, threshold: float = 0.5, alliances: bool = True) -> None:
        self.seat = seat
        self.threshold = threshold
        self.alliances = alliances

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        g: RiskyStarsView = view.game
        me = self.seat
        if Accept() in legal:
            return self._answer(g)
        k = _Board(g, me)
        for choose in (self._hero, self._muster, self._upgrade, self._move, self._diplomacy):
            action = choose(k, legal)
            if action is not None and action in legal:
                return action
        return End()

    # --------------------------------------------------------------- alliances
    def _regions(self, g: RiskyStarsView) -> list[int]:
        b = board_of(g.star_map)
        out = [0] * len(g.alive)
        for loc in range(b.n_regions):
            if g.owner[loc] >= 0:
                out[g.owner[loc]] += 1
        return out

    def _answer(self, g: RiskyStarsView) -> Action:
        alive = [s for s in range(len(g.alive)) if g.alive[s]]
        if not self.alliances or len(alive) < 3:
            return Decline()
        regions = self._regions(g)
        proposer = g.offer_from
        team = g.alliance[proposer]
        side = [s for s in alive if s == proposer or (team >= 0 and g.alliance[s] == team)]
        leader = max(alive, key=lambda s: (regions[s], -s))
        if leader in side and leader != self.seat and regions[leader] > regions[self.seat]:
            return Decline()
        if len(side) + 1 >= len(alive):  # an alliance of everybody leaves nobody to take regions from
            return Decline()
        return Accept()

    def _diplomacy(self, k: _Board, legal: Sequence[Action]) -> Action | None:
        g, me = k.g, self.seat
        alive = [s for s in range(len(g.alive)) if g.alive[s]]
        if not self.alliances:
            return Leave() if g.alliance[me] >= 0 else None
        regions = self._regions(g)
        if g.alliance[me] >= 0:
            allies = [s for s in alive if s != me and g.alliance[s] == g.alliance[me]]
            leader = max(alive, key=lambda s: (regions[s], -s))
            if len(allies) + 1 >= len(alive) or (leader in allies and regions[leader] > regions[me] + 2):
                return Leave()
            return None
        if len(alive) < 3 or g.proposed or g.round < 2:
            return None
        leader = max(alive, key=lambda s: (regions[s], -s))
        candidates = [s for s in alive if s != me and s != leader and Propose(s) in legal]
        if not candidates:
            return None
        return Propose(min(candidates, key=lambda s: (regions[s], s)))

    # --------------------------------------------------------------- economy
    def _hero(self, k: _Board, legal: Sequence[Action]) -> Action | None:
        g, b = k.g, k.b
        if not g.reserve:
            return None
        weight = k.scarcity()
        best: Hero | None = None
        best_gain = 0.0
        for body in _whole_bodies(k):
            for number in g.reserve:
                a = Hero(hero_id(number), b.bodies[body].id)
                if a not in legal:
                    continue
                classes = [g.hero_class[h] for h in g.heroes[body]]
                regions = len(b.body_regions[body])
                before = body_yield(g.params, regions, g.level[body], classes)
                after = body_yield(g.params, regions, g.level[body], [*classes, g.hero_class[number]])
                res = b.body_resource[body]
                gain = (after - before) * weight[res] / max(1, g.params.unit_cost[res])
                if gain > best_gain:
                    best_gain = gain
                    best = a
        return best

    def _muster(self, k: _Board, legal: Sequence[Action]) -> Action | None:
        g, me = k.g, self.seat
        in_alliance = g.alliance[me] >= 0
        budget = g.to_place[me] if in_alliance else affordable_units(g.params, g.stock[me])
        if budget <= 0:
            return None
        make = Place if in_alliance else Buy
        names = k.b.locations
        plan = plan_move(k, budget, self.threshold)
        placeable = [loc for loc in range(len(g.owner)) if g.owner[loc] == me and loc not in k.combat_at]
        if not placeable:
            return None
        if plan is not None and plan.kind in ("attack", "reinforce") and g.owner[plan.source] == me \
                and plan.source not in k.combat_at:
            return make(names[plan.source], budget)
        threat = k.threat()
        needs = []
        for loc in placeable:
            need = threat[loc] + 1 - g.units[me][loc]
            if threat[loc] and need > 0:
                needs.append((k.value(loc) / need, loc, need))
        if needs:
            _, loc, need = max(needs)
            return make(names[loc], min(budget, need))
        if plan is not None and g.owner[plan.source] == me and plan.source not in k.combat_at:
            return make(names[plan.source], budget)
        dist = k.distance()
        home = min(placeable, key=lambda loc: (dist[loc], -g.units[me][loc], loc))
        return make(names[home], budget)

    def _upgrade(self, k: _Board, legal: Sequence[Action]) -> Action | None:
        g, b, me = k.g, k.b, self.seat
        params = g.params
        stock = list(g.stock[me])
        income = g.income[me]
        upgrades = [a for a in (Upgrade(b.bodies[body].id) for body in _whole_bodies(k)) if a in legal]
        if not upgrades:
            return None
        before = affordable_units(params, [s + i for s, i in zip(stock, income, strict=True)])
        weight = k.scarcity()
        best: Upgrade | None = None
        best_gain = 0.0
        for a in upgrades:
            body = b.body_index[a.body]
            if body_owner(b, g.owner, body) != me:
                continue
            level = g.level[body]
            cost = params.upgrade_costs[level]
            after_stock = list(stock)
            for r in upgrade_resources(b.body_resource[body]):
                after_stock[r] -= cost
            after = affordable_units(params, [s + i for s, i in zip(after_stock, income, strict=True)])
            if after < before:
                continue
            classes = [g.hero_class[h] for h in g.heroes[body]]
            regions = len(b.body_regions[body])
            gain = (body_yield(params, regions, level + 1, classes) - body_yield(params, regions, level, classes))
            res = b.body_resource[body]
            value = gain * weight[res] / max(1, params.unit_cost[res]) / max(1, cost)
            if value > best_gain:
                best_gain = value
                best = a
        return best

    # --------------------------------------------------------------- moving
    def _move(self, k: _Board, legal: Sequence[Action]) -> Action | None:
        plan = plan_move(k, 0, self.threshold)
        if plan is None:
            return None
        names = k.b.locations
        action = Move(names[plan.source], names[plan.target], plan.count)
        if action in legal:
            return action
        movable = _movable(k, plan.source)
        fallback = Move(names[plan.source], names[plan.target], movable)
        return fallback if movable > 0 else None


class HeuristicFactory:
    """Expand, garrison against threats, attack at good odds, upgrade with surpluses, ally in
    games of three or more (risky-stars' heuristic bot)."""

    options: Mapping[str, str] = {
        "threshold": "least chance of taking a location to attack it (default 0.5)",
        "alliances": "yes (default) or no: propose and accept alliances in games of 3 or more",
    }

    def __call__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> HeuristicAgent:
        unknown = set(options) - set(self.options)
        if unknown:
            raise UnknownName("option of risky-stars:heuristic", sorted(unknown)[0], self.options)
        raw = options.get("threshold", "0.5")
        try:
            threshold = float(raw)
        except ValueError:
            raise ParseError(f"risky-stars:heuristic: threshold must be a number, not '{raw}'") from None
        if not 0.0 <= threshold <= 1.0:
            raise ParseError(f"risky-stars:heuristic: threshold must be within 0..1, not {threshold}")
        flag = options.get("alliances", "yes").lower()
        if flag not in ("yes", "no", "true", "false", "1", "0"):
            raise ParseError(f"risky-stars:heuristic: alliances must be yes or no, not '{flag}'")
        return HeuristicAgent(seat, threshold, flag in ("yes", "true", "1"))


make_heuristic = HeuristicFactory()
"""Factory of ``risky-stars:heuristic`` (options ``threshold``, ``alliances``)."""
