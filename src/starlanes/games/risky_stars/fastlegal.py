"""Counting and drawing the legal actions without listing them (issue 16: random play).

``legality.legal_actions`` lists a seat's actions as runs (``legality.groups``): a run of
``buy``/``place`` counts for every location it may use, a run of ``move`` counts for every
source and destination. A random agent needs only how many there are and the one at a drawn
index; a ``Census`` works out the size of each section of the list (buys, places, upgrades,
heroes, moves, the alliance actions, ``end``) with arithmetic and builds the one action asked
for. The bodies the seat wholly possesses are found only when an upgrade could be paid for
(two resources reach the cheapest upgrade) or a hero waits in the reserve.

Index-faithful: ``count`` is the list's length and ``nth(i)`` its ``i``-th action, so a seat
that draws plays the game a seat picking from the list plays.

A census may outlive its action (``after``, used by ``RiskyStars.play_random``): ``buy``,
``place``, ``upgrade``, ``hero`` and ``share`` change the seat's stockpile, one of its armies, a
level, its heroes or its share, but no location's possessor, no alliance, no combat and not
whose turn it is. So only what they touch is worked out again: the units it may buy, the
upgrades it could pay for (a subset of those before: the stockpile only shrinks), the one
army's moves, the heroes, the shares. Every other action needs a new census.
tests/games/risky_stars/test_fastlegal.py checks the census against the list, and a kept census
against a new one, at every decision of seeded games.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from starlanes.core import Action, Rng
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
    Share,
    Upgrade,
    hero_id,
)
from starlanes.games.risky_stars.board import Board
from starlanes.games.risky_stars.economy import affordable_units, upgrade_resources
from starlanes.games.risky_stars.legality import SHARES, arrival_refusal, can_leave, indexes, why_not
from starlanes.games.risky_stars.rules.common import board, truce
from starlanes.games.risky_stars.state import NOBODY, OFFER, RiskyStarsState

__all__ = ["Census", "count", "nth", "sample"]

_ANSWERS = (Accept(), Decline())
_END = End()

MoveRun = tuple[int, tuple[int, ...] | list[int], int, int]
"""The moves from one source: ``(source, destinations, actions per destination, whole)``;
``whole`` is the army's size when it must all go (it stands on an ally's location), else 0 and
the counts are ``1..per``."""


class Census:
    """The sections of one seat's list of legal actions, in list order, with their sizes.

    Built from the state in one pass (the same tests as ``legality.groups``); ``nth`` finds the
    section of an index and builds that action only."""

    __slots__ = (
        "answer",
        "b",
        "buy",
        "count",
        "guarded",
        "hero_bodies",
        "heroes",
        "leave",
        "mine",
        "move_count",
        "moves",
        "place",
        "proposals",
        "seat",
        "shares",
        "upgrades",
        "wholly",
    )
    seat: int
    answer: bool
    """An alliance proposal awaits the seat's answer: ``accept`` or ``decline``, nothing else."""
    count: int
    """How many legal actions: the list's length."""
    b: Board
    mine: list[int]
    """Where the seat may buy or place: the locations it possesses without an open combat."""
    buy: int
    """The most units the seat may buy (0 in an alliance)."""
    place: int
    """The alliance units it has to place."""
    upgrades: list[int]
    """The bodies it may upgrade now."""
    heroes: list[int]
    """The heroes of its reserve, sorted."""
    hero_bodies: list[str]
    """The bodies that may take a hero."""
    wholly: list[int] | None
    """The bodies the seat wholly possesses, in body order (found when first needed)."""
    moves: list[MoveRun]
    """The move's runs by source, in location order (none once the seat has moved)."""
    move_count: int
    guarded: set[int]
    """Where an arrival may attack a truce partner: its destinations are checked one by one."""
    proposals: list[int]
    leave: bool
    shares: list[int]

    def __init__(self, state: RiskyStarsState, seat: int) -> None:
        self.seat = seat
        self.answer = state.pending is not None and state.pending.kind == OFFER
        if self.answer:
            self.count = 2
            return
        self.b = board(state)
        combats = state.combats
        held = indexes(state.owner, seat)
        if combats:
            fighting = {c.at for c in combats}
            held = [i for i in held if i not in fighting]
        self.mine = held
        self.wholly = None
        self._stock(state, seat)
        self._heroes(state, seat)
        self.moves = []
        self.move_count = 0
        self.guarded = set()
        if not state.moved:
            self._moves(state, seat)
        self.proposals = []
        self.leave = False
        self.shares = []
        if state.alliance[seat] == NOBODY:
            if not state.proposed:
                alive = state.alive
                self.proposals = [t for t in range(state.players) if t != seat and alive[t] and (
                    not combats or why_not(state, seat, Propose(t)) is None)]
        else:
            self.leave = can_leave(state, seat) is None
            if not state.shared:
                self.shares = [p for p in SHARES if p != state.share[seat]]
        self._total()

    def _total(self) -> None:
        self.count = (len(self.mine) * (self.buy + self.place) + len(self.upgrades)
                      + len(self.heroes) * len(self.hero_bodies) + self.move_count + len(self.proposals)
                      + self.leave + len(self.shares) + 1)

    def _wholly(self, state: RiskyStarsState, seat: int) -> list[int]:
        if self.wholly is None:
            owner = state.owner
            spans = self.b.body_span
            self.wholly = [body for body, (first, stop) in enumerate(spans)
                           if owner[first] == seat and owner[first:stop].count(seat) == stop - first]
        return self.wholly

    def _stock(self, state: RiskyStarsState, seat: int) -> None:
        """The sections the stockpile and the units to place decide: buys, places, upgrades."""
        stock = state.stock[seat]
        costs = state.params.upgrade_costs
        if costs and sorted(stock)[1] >= min(costs):  # else no two resources pay for any upgrade
            self.upgrades = self._affordable(state, seat, self._wholly(state, seat))
        else:
            self.upgrades = []
        self._spent(state, seat)

    def _spent(self, state: RiskyStarsState, seat: int) -> None:
        """Buys, places and upgrades after the seat spent from its stockpile (or placed units):
        an upgrade it could not pay for, it still cannot; one it could, it may no longer."""
        self.buy = affordable_units(state.params, state.stock[seat]) if state.alliance[seat] == NOBODY else 0
        self.place = state.to_place[seat]
        if self.upgrades:
            self.upgrades = self._affordable(state, seat, self.upgrades)

    def _affordable(self, state: RiskyStarsState, seat: int, bodies: list[int]) -> list[int]:
        """Those of ``bodies`` (wholly the seat's) whose next level the seat can pay for."""
        stock = state.stock[seat]
        costs = state.params.upgrade_costs
        level = state.level
        resource = self.b.body_resource
        out = []
        for body in bodies:
            at = level[body]
            if at < len(costs):
                first, second = upgrade_resources(resource[body])
                if stock[first] >= costs[at] and stock[second] >= costs[at]:
                    out.append(body)
        return out

    def _heroes(self, state: RiskyStarsState, seat: int) -> None:
        """The heroes of the reserve and the bodies that may take one (none: no hero to assign)."""
        if not state.reserve[seat]:
            self.heroes = []
            self.hero_bodies = []
            return
        b = self.b
        cap = state.params.hero_cap
        heroes = state.heroes
        self.heroes = sorted(state.reserve[seat])
        self.hero_bodies = [b.bodies[body].id for body in self._wholly(state, seat)
                            if len(heroes[body]) < min(cap, len(b.body_regions[body]))]

    def _moves(self, state: RiskyStarsState, seat: int) -> None:
        """The turn's move: every source, destination and count (the move is not made yet)."""
        owner = state.owner
        combats = state.combats
        fighting = {c.at for c in combats}
        guarded: set[int] = set()
        if state.truces:
            for p in range(state.players):
                if p != seat and truce(state, seat, p):
                    guarded.update(compress(range(len(owner)), state.units[p]))
                    guarded.update(c.at for c in combats if p in c.defenders)
        self.guarded = guarded
        units = state.units[seat]
        destinations = self.b.destinations
        runs: list[MoveRun] = []
        total = 0
        for source in compress(range(len(units)), units):
            have = units[source]
            if owner[source] == seat:
                if have == 1:
                    continue
                per, whole = have - 1, 0
            else:
                per, whole = 1, have
            if source in fighting:
                continue
            targets: tuple[int, ...] | list[int] = destinations[source]
            if guarded and not guarded.isdisjoint(targets):
                targets = self._unguarded(state, seat, targets)
                if not targets:
                    continue
            runs.append((source, targets, per, whole))
            total += per * len(targets)
        self.moves = runs
        self.move_count = total

    def _unguarded(self, state: RiskyStarsState, seat: int, targets: Sequence[int]) -> list[int]:
        """``targets`` but those where arriving would attack a truce partner."""
        guarded = self.guarded
        return [t for t in targets if t not in guarded or arrival_refusal(state, seat, t) is None]

    def _restock(self, state: RiskyStarsState, seat: int, source: int) -> None:
        """The moves after the army at ``source`` (possessed by the seat, no combat there) grew:
        its run alone changes (another count, or a new run when it had one unit)."""
        runs = self.moves
        k = 0
        while k < len(runs) and runs[k][0] < source:
            k += 1
        targets: tuple[int, ...] | list[int]
        if k < len(runs) and runs[k][0] == source:
            _, targets, per, _ = runs.pop(k)
            self.move_count -= per * len(targets)
        else:
            every = self.b.destinations[source]
            guarded = self.guarded and not self.guarded.isdisjoint(every)
            targets = self._unguarded(state, seat, every) if guarded else every
        per = state.units[seat][source] - 1
        if per and targets:
            runs.insert(k, (source, targets, per, 0))
            self.move_count += per * len(targets)

    def after(self, state: RiskyStarsState, seat: int, action: Action) -> Census | None:
        """This census brought up to date after ``seat`` took ``action`` (drawn from it), or None
        when the action may have changed more than the sections worked out again here."""
        kind = type(action)
        if kind is Buy or kind is Place:  # the stockpile or the units to place, one army
            self._spent(state, seat)
            if not state.moved:
                assert isinstance(action, Buy | Place)
                self._restock(state, seat, self.b.index[action.location])
        elif kind is Upgrade:  # the stockpile and a level
            self._spent(state, seat)
        elif kind is Hero:  # the reserve and a body's heroes
            self._heroes(state, seat)
        elif kind is Share:  # once a turn
            self.shares = []
        else:
            return None
        self._total()
        return self

    def nth(self, index: int) -> Action:
        """The ``index``-th legal action (``IndexError`` outside ``0..count-1``)."""
        if not 0 <= index < self.count:
            raise IndexError(f"legal action {index} of {self.count}")
        if self.answer:
            return _ANSWERS[index]
        names = self.b.locations
        i = index
        run = len(self.mine) * self.buy
        if i < run:
            return Buy(names[self.mine[i // self.buy]], i % self.buy + 1)
        i -= run
        run = len(self.mine) * self.place
        if i < run:
            return Place(names[self.mine[i // self.place]], i % self.place + 1)
        i -= run
        if i < len(self.upgrades):
            return Upgrade(self.b.bodies[self.upgrades[i]].id)
        i -= len(self.upgrades)
        run = len(self.heroes) * len(self.hero_bodies)
        if i < run:
            per = len(self.hero_bodies)
            return Hero(hero_id(self.heroes[i // per]), self.hero_bodies[i % per])
        i -= run
        if i < self.move_count:
            for source, targets, per, whole in self.moves:
                run = per * len(targets)
                if i < run:
                    return Move(names[source], names[targets[i // per]], whole or i % per + 1)
                i -= run
        i -= self.move_count
        if i < len(self.proposals):
            return Propose(self.proposals[i])
        i -= len(self.proposals)
        if self.leave:
            if i == 0:
                return Leave()
            i -= 1
        if i < len(self.shares):
            return Share(self.shares[i])
        return _END

    def sections(self) -> tuple[object, ...]:
        """Everything the census holds that the list depends on (to compare two censuses)."""
        if self.answer:
            return (self.seat, True)
        return (self.seat, False, self.mine, self.buy, self.place, self.upgrades, self.heroes, self.hero_bodies,
                self.moves, self.move_count, self.proposals, self.leave, self.shares, self.count)


def count(state: RiskyStarsState, seat: int) -> int:
    """How many legal actions ``seat`` has: the list's length."""
    return Census(state, seat).count


def nth(state: RiskyStarsState, seat: int, index: int) -> Action:
    """The ``index``-th action of ``seat``'s list of legal actions."""
    return Census(state, seat).nth(index)


def sample(state: RiskyStarsState, seat: int, rng: Rng) -> Action:
    """The action at a uniformly drawn index of the list (one ``randint``, as the default draw)."""
    census = Census(state, seat)
    return census.nth(rng.randint(0, census.count - 1))
