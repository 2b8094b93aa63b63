"""Kardashev's heuristic bot, ``kardashev:heuristic``.

It plays from its seat's view and the legal actions only (never the state), and values every
legal action in one currency, points of score: a card in hand is worth its marginal use (the
first card of a type is worth more than the fifth: ``hand_value``), and little once the last
round has come (cards score nothing). Then it takes the best action, and ends its turn when nothing is worth more
than keeping its cards.

- **Role**: by default a seeded random free role (so that the lab's win rate per role measures
  the roles, not the bot's taste); option ``role=warlord`` (or any role key) asks for one. Its
  single colony goes on the corner's military planet, its single fleet one step inward.
- **Bids**: about what first choice is worth to it: the gap between the best and the worst
  tile on offer, for its position, never more than a third of its cards.
- **Picks**: the tile it values most (a tile it drew itself pays the bank, not a rival) and
  the earliest free turn slot.
- **Tiles**: planet face up next to its own colonies and fleets, away from rivals; a tile it
  cannot use near a rival goes face down (a destroyed planet, and a resource of choice).
- **Actions**: colonies first (3 points for 2 cards, and they produce), then upgrades, harvests
  when short of cards, fleets when it has few, moves that explore, attacks it is sure to win
  (counting the supports both sides can pay for), fleets moved onto free planets to settle them.
- **Technologies**: in its research slot it uses the technologies it holds that act
  (Interstellar Ark, Fabricators, Magnetic Rake, Propellant Depot, Botsourcing, Terraform,
  Antimatter, Accretion Device, Space Probe, Memory Eraser) when they pay, researches its role
  line first and the rest by value, and compiles a card otherwise.
- **Payments, gains, exchanges**: whatever keeps its hand most useful (``hand_value``).
- **Supports**: the fewest fleets that win the fight, if it can pay; none when it cannot win.
- **Ally variant**: counts its ally's pieces as friends, and gives its ally cards at the end of
  a turn when they are worth more to the ally.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlanes.core.actions import Action
from starlanes.core.errors import ParseError, UnknownName
from starlanes.core.rng import Rng
from starlanes.core.state import SeatView
from starlanes.games.kardashev.actions import (
    Arrange,
    Bid,
    BuildColony,
    BuildFleet,
    ChooseRole,
    Compile,
    Decline,
    End,
    Exchange,
    Gain,
    Gift,
    Harvest,
    Move,
    Pay,
    Pick,
    Place,
    Raid,
    Research,
    Support,
    UpgradeColony,
    UpgradeFleet,
    UseTech,
)
from starlanes.games.kardashev.board import MovePlan, distance
from starlanes.games.kardashev.content import Content, load_content
from starlanes.games.kardashev.render import move_plan
from starlanes.games.kardashev.state import Cell, KardashevView

if TYPE_CHECKING:
    from starlanes.core.ruleset import Ruleset

__all__ = ["POINT", "HeuristicAgent", "HeuristicFactory", "hand_value", "make_heuristic"]

RES = ("food", "matter", "energy")
POINT = 1.0
"""What one point of score is worth (the unit of every value)."""
# marginal worth of the k-th card of one type in hand, in points (then 0.02 each): a hoard is
# worth little, cards are for spending
_MARGINAL = (0.9, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1, 0.07, 0.05, 0.04)


def _card_worth(n: int) -> float:
    if n <= 0:
        return 0.0
    head = sum(_MARGINAL[: min(n, len(_MARGINAL))])
    return head + 0.02 * max(0, n - len(_MARGINAL))


def hand_value(food: int, matter: int, energy: int) -> float:
    """How useful a hand is: each type's cards with diminishing worth (the first card of a type
    matters most, since every price names types)."""
    return _card_worth(food) + _card_worth(matter) + _card_worth(energy)


@dataclass(frozen=True)
class _Me:
    """What the bot reads from its view once per decision."""

    seat: int
    view: KardashevView
    index: dict[tuple[int, int], int]
    friends: frozenset[int]
    plans: dict[tuple[int, int], dict[tuple[int, int], MovePlan]] = field(default_factory=dict)
    """Each fleet's reachable destinations, worked out once per decision."""

    @property
    def hand(self) -> tuple[int, int, int]:
        p = self.view.seats[self.seat]
        return (p.food, p.matter, p.energy)

    def cell(self, coords: Sequence[int]) -> Cell | None:
        if len(coords) != 2:
            return None
        i = self.index.get((coords[0], coords[1]))
        return None if i is None else self.view.cells[i]

    def neighbours(self, cell: Cell) -> list[Cell]:
        out = []
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            i = self.index.get((cell.q + dq, cell.r + dr))
            if i is not None:
                out.append(self.view.cells[i])
        return out

    def friendly(self, seat: int | None) -> bool:
        return seat is not None and seat in self.friends

    def hostile(self, seat: int | None) -> bool:
        return seat is not None and seat not in self.friends


def _resource_symbols(cell: Cell) -> int:
    return sum(1 for s in cell.all_symbols if s in RES)


def _tile_worth(symbols: Sequence[str], has_military: bool) -> float:
    """What a planet with ``symbols`` is worth to hold: production, and a military symbol when
    the bot has none yet."""
    res = sum(1 for s in symbols if s in RES)
    mil = 1.5 if "military" in symbols and not has_military else (0.6 if "military" in symbols else 0.0)
    return 1.2 * res + mil


def _one(kind: str | None) -> tuple[int, int, int]:
    """One card of ``kind`` as (food, matter, energy); nothing for a non-resource."""
    return (int(kind == "food"), int(kind == "matter"), int(kind == "energy"))


class HeuristicAgent:
    """Values each legal action from the seat's view and takes the best (see the module)."""

    name = "kardashev:heuristic"

    def __init__(self, seat: int, seed: int, role: str | None, content: Content) -> None:
        self.seat = seat
        self.rng = Rng.from_seed(seed)
        self.role = role
        self.content = content

    # --- the decision ---------------------------------------------------------------------

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        g: KardashevView = view.game
        me = self._me(g)
        actions = list(legal)
        kinds = {type(a) for a in actions}
        if ChooseRole in kinds:
            return self._role(actions)
        if Bid in kinds:
            return self._bid(me, actions)
        best: Action | None = None
        best_value = -math.inf
        for action in actions:
            value = self._value(me, action)
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best

    def _me(self, g: KardashevView) -> _Me:
        index = {(c.q, c.r): i for i, c in enumerate(g.cells)}
        friends = {self.seat}
        for team in g.teams:
            if self.seat in team:
                friends.update(team)
        return _Me(self.seat, g, index, frozenset(friends))

    # --- setup and bidding ------------------------------------------------------------------

    def _role(self, actions: list[Action]) -> Action:
        roles = [a for a in actions if isinstance(a, ChooseRole)]
        for a in roles:
            if self.role is not None and a.role == self.role:
                return a
        return roles[self.rng.randint(0, len(roles) - 1)]

    def _bid(self, me: _Me, actions: list[Action]) -> Action:
        bids = sorted((a for a in actions if isinstance(a, Bid)), key=lambda a: a.amount)
        if not bids:
            return actions[0]
        worths = [self._offer_worth(me, o.symbols) for o in me.view.offer] or [0.0]
        spread = max(worths) - min(worths) + 0.5
        cards = sum(me.hand)
        want = min(int(spread), cards // 3)
        chosen = bids[0]
        for a in bids:
            if a.amount <= want:
                chosen = a
        return chosen

    def _offer_worth(self, me: _Me, symbols: Sequence[str]) -> float:
        if not symbols:
            return 0.2
        return _tile_worth(symbols, self._has_military(me))

    def _has_military(self, me: _Me) -> bool:
        return any(c.colony == me.seat and "military" in c.all_symbols for c in me.view.cells)

    # --- values of actions --------------------------------------------------------------------

    def _value(self, me: _Me, action: Action) -> float:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return -5.0  # an action this bot does not know: only if nothing else is legal
        value: float = handler(self, me, action)
        return value

    @staticmethod
    def _card_scale(me: _Me) -> float:
        """Cards are worth less and less as the end nears: nothing scores them."""
        g = me.view
        if g.last_round and g.round >= g.last_round:
            return 0.25
        if g.last_round:
            return 0.6
        return 1.0

    def _cost(self, me: _Me, food: int = 0, matter: int = 0, energy: int = 0) -> float:
        """What paying these cards loses (exchanging 4 for 1 when a type is short)."""
        f, m, e = me.hand
        before = hand_value(f, m, e)
        after_hand = [f - food, m - matter, e - energy]
        # a short type is made up from the largest surplus, 4 for 1 (the rules' payment)
        for i in range(3):
            while after_hand[i] < 0:
                j = max(range(3), key=lambda k: after_hand[k])
                if after_hand[j] < 4:
                    return 50.0  # cannot pay: the rules will refuse; never preferred
                after_hand[j] -= 4
                after_hand[i] += 1
        return (before - hand_value(*after_hand)) * self._card_scale(me)

    def _gain(self, me: _Me, food: int = 0, matter: int = 0, energy: int = 0) -> float:
        f, m, e = me.hand
        return (hand_value(f + food, m + matter, e + energy) - hand_value(f, m, e)) * self._card_scale(me)

    def _v_arrange(self, me: _Me, a: Action) -> float:
        """Setup: the colony on the corner's military planet (fleets are built there), the fleet
        one step inward, toward the centre and the unexplored spaces."""
        assert isinstance(a, Arrange)
        return (1.0 if a.colony == "corner" else 0.0) + (0.5 if a.fleet == "inner" else 0.0)

    def _v_pick(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Pick)
        g = me.view
        value = 0.0
        if 1 <= a.tile <= len(g.offer):
            offer = g.offer[a.tile - 1]
            value += self._offer_worth(me, offer.symbols)
            if offer.drawer != me.seat and not me.friendly(offer.drawer):
                value -= 0.2  # the price goes to a rival, not the bank
        slots = max(1, len(g.slots))
        return value + 0.3 * (slots - a.slot) / slots

    def _v_pay(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Pay)
        return -self._cost(me, a.food, a.matter, a.energy)

    def _v_gain(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Gain)
        return self._gain(me, *_one(a.type)) if a.type in RES else 0.5

    def _v_decline(self, me: _Me, a: Action) -> float:
        return 0.0

    def _v_place(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Place)
        cell = me.cell(a.cell)
        if cell is None:
            return -1.0
        task = me.view.tasks[0] if me.view.tasks else None
        symbols: Sequence[str] = ()
        won = me.view.seats[me.seat].tile
        if task is not None and task.kind == "place":
            symbols = me.view.offer[task.tile].symbols if 0 <= task.tile < len(me.view.offer) else task.drawn
        elif won is not None and 0 <= won < len(me.view.offer):  # the tile won in the bidding
            symbols = me.view.offer[won].symbols
        mine = hostile = 0.0
        for n in me.neighbours(cell):
            if me.friendly(n.colony):
                mine += 1.0
            elif me.friendly(n.fleet):
                mine += 0.5
            if me.hostile(n.colony):
                hostile += 1.0
            elif me.hostile(n.fleet):
                hostile += 0.5
        exploring = task is not None and task.reason in ("explore", "exploration")
        if me.friendly(cell.fleet):
            mine += 1.5  # our fleet stands there: it can be settled at once
        if a.face == "destroyed":
            if exploring:
                return -10.0  # a destroyed face destroys the exploring fleet
            gain = max(self._gain(me, *_one(t)) for t in RES)
            denial = 1.0 if hostile and not mine else 0.0
            return 0.5 * gain + denial - 1.0 * min(mine, 1.0)
        if a.face == "empty" or not symbols:
            return 0.1 * mine - 0.1 * hostile
        worth = _tile_worth(symbols, self._has_military(me))
        if mine:
            return 1.5 + worth - 0.3 * min(hostile, 2.0) - 0.02 * self._centre(cell)
        # a planet out of reach still opens the map to fleets and later colonies
        return 0.5 + 0.5 * worth - 0.8 * min(hostile, 1.0) - 0.02 * self._centre(cell)

    @staticmethod
    def _centre(cell: Cell) -> int:
        return distance((cell.q, cell.r), (0, 0))

    def _v_support(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Support)
        b = me.view.battle
        if b is None:
            return -0.1 * len(a.cells)
        target = me.view.cells[b.target]
        levels = 0
        for i in range(0, len(a.cells) - 1, 2):
            c = me.cell(a.cells[i:i + 2])
            if c is not None:
                levels += c.fleet_level
        attack = b.level + sum(me.view.cells[i].fleet_level for i in b.attack_supports)
        defence = target.colony_level + target.fleet_level + sum(
            me.view.cells[i].fleet_level for i in b.defence_supports)
        count = len(a.cells) // 2
        price = self._cost(me, energy=count * me.view.params.support_energy)
        at_stake = POINT * (target.colony_level * 2 + target.fleet_level + b.level)
        if me.friendly(b.attacker):
            # the attacker declares first: it must beat the defence and what can still join it
            need = defence + self._defence_reserve(me, b.target)

            def wins(extra: int) -> bool:
                return attack + extra > need
        else:

            def wins(extra: int) -> bool:
                return defence + extra >= attack
        if not count:
            return 0.0
        if wins(0):
            return -price - 0.05 * count  # decided already: a support would only cost
        return (at_stake if wins(levels) else -1.0) - price - 0.05 * count

    def _defence_reserve(self, me: _Me, target: int) -> int:
        """Levels of rival fleets next to ``target`` whose owners hold the energy to support."""
        cell = me.view.cells[target]
        total = 0
        for n in me.neighbours(cell):
            if me.hostile(n.fleet) and n.fleet is not None and me.view.seats[n.fleet].energy > 0:
                total += n.fleet_level
        return total

    def _v_raid(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Raid)
        b = me.view.battle
        victim = None
        if b is not None:
            victim = me.view.cells[b.target].colony
        if victim is None:
            return 0.0
        p = me.view.seats[victim]
        return float(p.hand()[RES.index(a.type)]) if a.type in RES else 0.0

    # --- base actions -----------------------------------------------------------------------

    def _via_penalty(self, a: Action) -> float:
        """A base action taken through a technology (``via=``) spends the research slot: a
        little less than the same action in the base slot, so the base slot goes first."""
        return 0.15 if getattr(a, "via", None) else 0.0

    def _v_colony(self, me: _Me, a: Action) -> float:
        assert isinstance(a, BuildColony)
        cell = me.cell(a.cell)
        if cell is None:
            return -1.0
        price = self._cost(me, food=1, matter=1)
        worth = 3 * POINT + _tile_worth(cell.all_symbols, self._has_military(me))
        return worth - price - self._via_penalty(a) + self._trigger(me, me.view.params.colony_points[0])

    def _v_grow(self, me: _Me, a: Action) -> float:
        assert isinstance(a, UpgradeColony)
        cell = me.cell(a.cell)
        if cell is None:
            return -1.0
        pts = me.view.params.colony_points
        level = cell.colony_level
        gain_pts = pts[level] - pts[level - 1] if 1 <= level < len(pts) else 0
        production = 0.9 * _resource_symbols(cell) / max(1, _resource_symbols(cell))
        danger = 0.4 if any(me.hostile(n.fleet) for n in me.neighbours(cell)) else 0.0
        value = gain_pts * POINT + production + danger - self._cost(me, food=1, matter=1) - self._via_penalty(a)
        return value + self._trigger(me, gain_pts)

    def _trigger(self, me: _Me, points: int) -> float:
        """A colony piece that takes the supply under the end threshold starts the end (K-E01):
        welcome when the bot's side leads after it, to be avoided when it trails."""
        g = me.view
        if g.last_round or g.seats[me.seat].colonies_supply - 1 >= g.params.end_supply_threshold:
            return 0.0
        sides = [sum(g.scores[s] for s in team if s < len(g.scores)) for team in g.teams]
        mine = next((i for i, team in enumerate(g.teams) if me.seat in team), None)
        if mine is None:
            return 0.0
        ours = sides[mine] + points
        best_other = max((v for i, v in enumerate(sides) if i != mine), default=0)
        return 1.5 if ours > best_other + 3 else -4.0

    def _fleets(self, me: _Me) -> list[Cell]:
        return [c for c in me.view.cells if c.fleet == me.seat]

    def _v_fleet(self, me: _Me, a: Action) -> float:
        assert isinstance(a, BuildFleet)
        cell = me.cell(a.cell)
        if cell is None:
            return -1.0
        p = me.view.params
        price = self._cost(me, matter=a.level * p.fleet_matter_per_level, energy=a.level * p.fleet_energy_per_level)
        need = 1.5 if len(self._fleets(me)) < 2 else 0.2
        old = cell.fleet_level if cell.fleet == me.seat else 0
        threat = 0.8 if any(me.hostile(n.fleet) or me.hostile(n.colony) for n in me.neighbours(cell)) else 0.0
        return (a.level - old) * (POINT + 0.3) + (need + threat if not old else 0.0) - price - self._via_penalty(a)

    def _v_refit(self, me: _Me, a: Action) -> float:
        assert isinstance(a, UpgradeFleet)
        p = me.view.params
        price = self._cost(me, matter=p.fleet_matter_per_level, energy=p.fleet_energy_per_level)
        return POINT + 0.5 - price - self._via_penalty(a)

    def _v_harvest(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Harvest)
        total = a.food + a.matter + a.energy
        if total == 0:
            return -1.0
        return self._gain(me, a.food, a.matter, a.energy) + 0.2 - self._via_penalty(a)

    def _v_move(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Move)
        start = me.cell(a.start)
        dest = me.cell(a.to)
        if start is None or dest is None or start.fleet is None:
            return -1.0
        level = start.fleet_level or 1
        plan = move_plan(me.view, a, me.plans)  # the rules' price, after our technologies
        if plan is not None:
            energy = plan.energy
        else:
            steps = len(a.path) // 2 if a.path else distance((start.q, start.r), (dest.q, dest.r))
            energy = me.view.params.move_rules.cost(level, max(1, steps))
        price = self._cost(me, energy=energy)
        leaving = 0.0
        if start.colony == me.seat and any(me.hostile(n.fleet) for n in me.neighbours(start)):
            leaving = 0.6 * start.colony_level  # it guards a colony a rival fleet could take
        penalty = price + leaving + self._via_penalty(a)
        if dest.tile is None:  # exploring: a new tile the fleet stands on, ready to settle
            return 1.6 - penalty
        if me.hostile(dest.colony) or me.hostile(dest.fleet):
            return self._attack_value(me, start, dest, level, energy) - penalty
        if dest.tile == "planet" and dest.colony is None and _resource_symbols(dest) + (
                "military" in dest.all_symbols) > 0:
            settled = any(me.friendly(n.colony) for n in me.neighbours(dest))
            return (0.4 if settled else 1.4) + 0.3 * _resource_symbols(dest) - penalty
        if me.friendly(dest.colony) and any(me.hostile(n.fleet) for n in me.neighbours(dest)):
            return 1.0 * dest.colony_level - penalty  # guard a threatened colony
        return -0.5 - penalty

    def _attack_value(self, me: _Me, start: Cell, dest: Cell, level: int, energy: int) -> float:
        p = me.view.params
        left = me.hand[2] - energy
        mine = 0
        for n in sorted(me.neighbours(dest), key=lambda c: -c.fleet_level):
            if n is start or not me.friendly(n.fleet) or n.fleet is None:
                continue
            owner = me.view.seats[n.fleet]
            if n.fleet == me.seat:
                if left >= p.support_energy:
                    left -= p.support_energy
                    mine += n.fleet_level
            elif owner.energy >= p.support_energy:
                mine += n.fleet_level
        attack = level + mine
        defence = dest.colony_level + dest.fleet_level + self._defence_reserve(me, me.index[(dest.q, dest.r)])
        if attack <= defence:
            return -3.0
        prize = dest.colony_level
        pts = p.colony_points
        taken = pts[prize - 1] if prize else 0
        return POINT * (2 * taken + dest.fleet_level) + 0.5

    # --- research actions -------------------------------------------------------------------

    def _v_research(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Research)
        tech = self.content.techs.get(a.tech)
        if tech is None:
            return -1.0
        cost = tech.cost
        f, m, e = me.hand
        # 'any' and 'matching' parts take the most plentiful type (the rules' payment)
        extra = [0, 0, 0]
        for _ in range(cost.any + cost.matching):
            left = [f - cost.food - extra[0], m - cost.matter - extra[1], e - cost.energy - extra[2]]
            extra[max(range(3), key=lambda k: left[k])] += 1
        price = self._cost(me, cost.food + extra[0], cost.matter + extra[1], cost.energy + extra[2])
        role = me.view.seats[me.seat].role
        bonus = 0.5
        if a.copy is not None:  # Cloning: the copied technology's worth
            copied = self.content.techs.get(a.copy)
            bonus += 0.3 * (copied.level if copied is not None else 0)
        if role is not None and tech.line == role:
            bonus = 1.5  # the role's own line: what the role is for
        elif tech.tech_action or (tech.line == "harvest" and self._fleets(me)):
            bonus = 1.0  # it acts, or it yields with the fleets we have
        return tech.level * POINT + bonus - price

    def _v_use(self, me: _Me, a: Action) -> float:
        assert isinstance(a, UseTech)
        tech = self.content.techs.get(a.tech)
        if tech is None:
            return -1.0
        kinds = {e.kind for e in tech.effects}
        cell = me.cell(a.cell) if a.cell else None
        if "erase" in kinds:
            return self._erase_value(me, a.target)
        if "terraform" in kinds and cell is not None:
            if a.symbol == "military":
                return (1.0 if not self._has_military(me) else 0.1) - 1.0
            return 0.9 * cell.colony_level + 0.4 - self._cost(me, *_one(a.symbol))
        if "accrete" in kinds and cell is not None:
            near = any(me.friendly(n.colony) or me.friendly(n.fleet) for n in me.neighbours(cell))
            pay = self._cost(me, *_one(a.symbol)) if a.symbol in RES else 1.0
            return (2.2 if near else 0.6) - pay
        if "annihilate" in kinds and cell is not None:
            near_me = any(me.friendly(n.colony) for n in me.neighbours(cell))
            near_them = any(me.hostile(n.colony) for n in me.neighbours(cell))
            if near_me or not near_them:
                return -1.0  # never wall ourselves in
            return 0.5 * _resource_symbols(cell) + 0.8
        if "probe" in kinds:
            if cell is None:
                return 1.2
            settled = sum(1 for n in me.neighbours(cell) if me.friendly(n.colony))
            return 1.0 + 0.5 * settled
        return 0.3

    def _erase_value(self, me: _Me, target: str | None) -> float:
        if target is None:
            return -1.0
        tech = self.content.techs.get(target)
        if tech is None:
            return -1.0
        value = 0.0
        for seat, p in enumerate(me.view.seats):
            if target in p.techs:
                if me.friendly(seat):
                    value -= tech.level * POINT + 0.5 - 0.5 * tech.cost.total
                else:
                    value += tech.level * POINT * 0.8
        return value - 0.2

    def _v_compile(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Compile)
        return self._gain(me, *_one(a.type)) if a.type in RES else 0.0

    def _v_exchange(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Exchange)
        if a.give not in RES or a.get not in RES:
            return -1.0
        f, m, e = me.hand
        hand = {"food": f, "matter": m, "energy": e}
        rate = me.view.params.exchange_rate
        after = dict(hand)
        after[a.give] -= rate
        after[a.get] += 1
        if after[a.give] < 0:
            return -5.0
        value = hand_value(after["food"], after["matter"], after["energy"]) - hand_value(f, m, e) - 0.3
        # an exchange is offered in every decision (a payment too): only ever for a clear gain
        return value if value > 0 else -100.0

    def _v_gift(self, me: _Me, a: Action) -> float:
        assert isinstance(a, Gift)
        total = a.food + a.matter + a.energy
        ally = next((s for s in me.friends if s != me.seat), None)
        if ally is None or total == 0:
            return 0.0
        p = me.view.seats[ally]
        helped = hand_value(p.food + a.food, p.matter + a.matter, p.energy + a.energy) - hand_value(
            p.food, p.matter, p.energy)
        return helped - self._cost(me, a.food, a.matter, a.energy) - 0.1

    def _v_end(self, me: _Me, a: Action) -> float:
        return 0.0


_HANDLERS: dict[type[Action], Any] = {
    Arrange: HeuristicAgent._v_arrange,
    Pick: HeuristicAgent._v_pick,
    Pay: HeuristicAgent._v_pay,
    Gain: HeuristicAgent._v_gain,
    Decline: HeuristicAgent._v_decline,
    Place: HeuristicAgent._v_place,
    Support: HeuristicAgent._v_support,
    Raid: HeuristicAgent._v_raid,
    BuildColony: HeuristicAgent._v_colony,
    UpgradeColony: HeuristicAgent._v_grow,
    BuildFleet: HeuristicAgent._v_fleet,
    UpgradeFleet: HeuristicAgent._v_refit,
    Harvest: HeuristicAgent._v_harvest,
    Move: HeuristicAgent._v_move,
    Research: HeuristicAgent._v_research,
    UseTech: HeuristicAgent._v_use,
    Compile: HeuristicAgent._v_compile,
    Exchange: HeuristicAgent._v_exchange,
    Gift: HeuristicAgent._v_gift,
    End: HeuristicAgent._v_end,
}


class HeuristicFactory:
    """Kardashev's heuristic bot (options: ``role``)."""

    options: Mapping[str, str] = {
        "role": "the role to choose when it is free (default: a seeded random free role)",
    }

    def __call__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> HeuristicAgent:
        unknown = set(options) - set(self.options)
        if unknown:
            raise UnknownName("option of kardashev:heuristic", sorted(unknown)[0], self.options)
        content = load_content()
        role = options.get("role")
        if role is not None:
            found = content.role(role)
            if found is None:
                raise ParseError(f"kardashev:heuristic: no role '{role}'; roles: {', '.join(sorted(content.roles))}")
            role = found.key
        return HeuristicAgent(seat, seed, role, content)


make_heuristic = HeuristicFactory()
"""Factory of ``kardashev:heuristic`` (option ``role``)."""
