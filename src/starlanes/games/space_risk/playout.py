"""Search playouts of space-risk (issue 16): ``Ruleset.play_random``'s actions and state, faster.

A playout (``ai/search.py``) plays random actions and reads nothing but the final state, so the
playout makes every change of the state itself and keeps what the generic loop finds again at
every action:

- the land each seat holds, in territory order (``owned``), changed where the playout changes an
  owner (a conquest) and read again after any action it leaves to the rules (``generic``); the
  reinforcements, the room left for them and the missions on territories and planets are
  counted from it (``done``) instead of from the owner of every territory;
- the planets whose territories changed owner since the last end of a turn (``update_planets``
  looks at those only);
- the number of sets in a hand (``listing.set_trades``'s length, per board and hand).

The hot actions of a random game (placing reinforcements, attacks from land, the move-in after
a conquest, the consolidation and the end of the turn: about 97% of a search's playouts) are
drawn and applied here as numbers, without making the action, its events (nobody reads them) or
looking names up; every other action (claims, the starting infantry, trades, builds and ships)
is drawn by ``listing.sample_legal`` and applied by the ruleset's ``_apply``. The draws are
``listing.sample_legal``'s (one ``randint`` over the same count, the same entry) and the changes
those of ``rules``: ``tests/games/space_risk/test_playout.py`` plays the generic loop and this
one from many seeded positions under several param variants and compares the states.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from starlanes.core import Action, Rng, Ruleset
from starlanes.core.decision import Pending
from starlanes.core.ruleset import seat_rngs
from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk import listing
from starlanes.games.space_risk.actions import Build
from starlanes.games.space_risk.board import Board, Condition, MissionCard
from starlanes.games.space_risk.legality import land_targets
from starlanes.games.space_risk.rules.attack import eliminate, move_infantry
from starlanes.games.space_risk.rules.cards import complete_mission, mission_done, must_trade
from starlanes.games.space_risk.rules.common import (
    MoveInChoice,
    board_of,
    dice_rules,
    move_in_choice,
    move_in_pending,
)
from starlanes.games.space_risk.rules.end_turn import conquest_cards, pass_turn
from starlanes.games.space_risk.rules.reinforce import start_turn
from starlanes.games.space_risk.state import MAIN, MOVE_IN, OVER, REINFORCE, SpaceRiskState

if TYPE_CHECKING:
    from starlanes.games.space_risk.game import SpaceRisk

__all__ = ["play_random"]


def play_random(game: SpaceRisk, state: SpaceRiskState, rng: Rng | Sequence[Rng], limit: int) -> int:
    """``Ruleset.play_random`` for space-risk: the same actions, the same state, the same draws
    of each seat's generator (``rng``: one for every seat or one per seat) and of the state's
    dice (see the module docstring)."""
    if state.sealed:  # never in space-risk: the generic loop knows what to do
        return Ruleset.play_random(game, state, rng, limit)
    rngs = seat_rngs(rng, state.players)
    run = _Playout(game, state)
    played = 0
    while played < limit:
        if state.gm_outcome is not None:
            return played
        pending = state.pending
        if pending is not None:  # ``_decision``: the pending move-in's seat
            if not (isinstance(pending, Pending) and pending.kind == MOVE_IN and len(pending.actors) == 1
                    and not pending.sealed):
                return played + Ruleset.play_random(game, state, rngs, limit - played)
            seat = pending.actors[0]
            run.move_in(seat, rngs[seat])
        else:
            phase = state.phase
            seat = state.current
            if phase == MAIN:
                run.main(seat, rngs[seat])
            elif phase == REINFORCE:
                run.reinforce(seat, rngs[seat])
            elif phase == OVER:
                return played
            else:
                run.generic(seat, rngs[seat])
        state.step += 1
        played += 1
    return played


_SETS: dict[int, tuple[Board, dict[tuple[int, ...], int]]] = {}


def _set_counts(board: Board) -> dict[tuple[int, ...], int]:
    """Per board: the number of sets (``listing.set_trades``'s length) of the hands seen so far."""
    known = _SETS.get(id(board))
    if known is None or known[0] is not board:
        known = _SETS[id(board)] = (board, {})
    if len(known[1]) > 50_000:
        known[1].clear()
    return known[1]


_BY_PLANET: dict[str, Callable[[list[int], tuple[int, ...], Condition], bool]] = {
    "territories_on": lambda counts, sizes, cond: counts[cond.planets[0]] >= cond.count,
    "planet": lambda counts, sizes, cond: all(counts[p] == sizes[p] for p in cond.planets),
    "planets": lambda counts, sizes, cond: all(counts[p] == sizes[p] for p in cond.planets),
    "whole_planets": lambda counts, sizes, cond: sum(1 for p, n in enumerate(counts) if n == sizes[p]) >= cond.count,
    "planets_present": lambda counts, sizes, cond: sum(1 for n in counts if n) >= cond.count,
}
"""``cards.mission_done``'s conditions on planets, from the territories per planet the seat holds
(``_Playout.done``) instead of the owners of every territory."""


class _Playout:
    """One playout's state and what it keeps between actions (see the module docstring)."""

    __slots__ = ("board", "bridge", "cap", "dirty", "forced", "game", "owned", "ports", "rules", "sets",
                 "sizes", "state", "table", "top")

    def __init__(self, game: SpaceRisk, state: SpaceRiskState) -> None:
        self.game = game
        self.state = state
        board = self.board = board_of(state)
        params = state.params
        self.cap = params.max_infantry
        self.bridge = params.battleship_bridge
        self.forced = params.forced_trade_hand > 0  # ``must_trade`` is asked only under the house rule
        self.rules = dice_rules(params)
        self.table = listing.dice_table(params)
        self.top = len(self.table) - 1
        self.sets = _set_counts(board)
        self.ports = tuple((pi, planet.port, planet.launch, planet.name)
                           for pi, planet in enumerate(board.planets) if planet.port >= 0)
        self.sizes = tuple(len(planet.territories) for planet in board.planets)
        self.owned: list[list[int]] = []
        self.dirty: set[int] = set()
        self.resync()

    def resync(self) -> None:
        """Read the land each seat holds again; every planet may have changed hands."""
        owned: list[list[int]] = [[] for _ in range(self.state.players)]
        owner = self.state.owner
        for t in range(self.board.land_count):
            if owner[t] >= 0:
                owned[owner[t]].append(t)
        self.owned = owned
        self.dirty = set(range(len(self.board.planets)))

    # ------------------------------------------------------------------ left to the rules
    def generic(self, seat: int, rng: Rng, action: Action | None = None) -> None:
        """``listing.sample_legal`` (unless ``action`` was drawn already) and the ruleset's
        ``_apply``, as the generic loop does; then the bookkeeping is read again."""
        state = self.state
        if action is None:
            action = listing.sample_legal(state, seat, rng)
        game = self.game
        game._applying += 1
        try:
            game._apply(state, {seat: action})
        finally:
            game._applying -= 1
        self.resync()

    # ------------------------------------------------------------------ reinforcements
    def reinforce(self, seat: int, rng: Rng) -> None:
        """A draw of the reinforcement step (``listing.sample_legal``: the sets, then the
        placements of ``_place_sizes``); a placement applied as ``reinforce.place``."""
        state = self.state
        board = self.board
        if self.forced and must_trade(state, board, seat):
            self.generic(seat, rng)
            return
        hand = state.hands[seat]
        trades = 0
        if len(hand) >= 3:
            key = tuple(sorted(set(hand)))
            known = self.sets.get(key)
            if known is None:
                known = self.sets[key] = len(listing.set_trades(state, board, seat))
            trades = known
        armies = state.armies
        cap = self.cap
        left = state.pool
        least = cap - left
        mine: list[int] = []
        total = 0
        for t in self.owned[seat]:
            a = armies[t]
            if a < cap:
                mine.append(t)
                total += left if a <= least else cap - a
        index = listing.draw(rng, trades + total)
        if index < trades:
            self.generic(seat, rng, cast(Action, listing.set_trades(state, board, seat)[index]))
            return
        index -= trades
        count = 1
        if index < len(mine):
            t = mine[index]
        else:
            index -= len(mine)
            for t in mine:
                a = armies[t]
                most = left if a <= least else cap - a
                if index < most - 1:
                    count = index + 2
                    break
                index -= most - 1
            else:
                raise AssertionError("a draw below the count is a placement")
        armies[t] += count
        state.pool -= count
        self.after_reinforce(seat)

    def after_reinforce(self, seat: int) -> None:
        """``reinforce.after_reinforce``, the room counted over the seat's land."""
        state = self.state
        if self.forced and must_trade(state, self.board, seat):
            return
        pool = state.pool
        if pool > 0:
            cap = self.cap
            armies = state.armies
            room = 0
            for t in self.owned[seat]:
                room += cap - armies[t]
                if room >= pool:
                    break
            if pool > room:
                if state.income is not None:
                    state.income.lost = pool - room
                state.pool = room
        if state.pool <= 0:
            state.pool = 0
            state.phase = MAIN

    # ------------------------------------------------------------------ the main step
    def main(self, seat: int, rng: Rng) -> None:
        """A draw of the main step (``listing._main_draw``, its sources from the seat's land);
        attacks from land, consolidations and the end of the turn applied here, the rest (builds
        and ships) by the rules."""
        state = self.state
        board = self.board
        owner = state.owner
        armies = state.armies
        table = self.table
        top = self.top
        cap = self.cap
        bridge = self.bridge
        land_adj = board.land_adj
        sources: list[tuple[int, int, int, int]] = []  # (territory, dice at most, targets, consolidations)
        families = 0
        fortifies = 0
        for s in self.owned[seat]:
            able = armies[s] - 1
            if able < 1:
                continue
            most = table[able] if able <= top else table[top]
            enemies = 0
            moves = 0
            for t in land_adj[s]:
                if owner[t] != seat:
                    enemies += 1
                else:
                    room = cap - armies[t]
                    if room > 0:
                        moves += able if able < room else room
            if bridge:
                enemies = len(land_targets(state, board, seat, s))
            if enemies or moves:
                sources.append((s, most, enemies, moves))
                families += (2 + most) * enemies
                fortifies += moves
        if state.ships:
            middle = listing.middle_segments(state, board, seat, table)
            between = 0
            for segment in middle:
                between += segment[0]
        else:  # builds only (``_middle_segments`` without ships)
            rnd = state.round
            interval = state.params.spaceport_interval
            port_used = state.port_used
            builds = [name for pi, port, launch, name in self.ports
                      if owner[port] == seat and rnd - port_used[pi] >= interval and owner[launch] in (-1, seat)]
            between = 2 * len(builds)
        index = listing.draw(rng, families + between + fortifies + 1)
        if index < families:
            state.ship_moves_over = True  # ``SpaceRisk._apply``: any action but a flight
            for s, most, enemies, _ in sources:
                size = 2 + most
                if index >= size * enemies:
                    index -= size * enemies
                    continue
                targets = land_targets(state, board, seat, s) if bridge else \
                    [t for t in land_adj[s] if owner[t] != seat]
                target, index = divmod(index, size)
                if index < 2:
                    self.land_attack(seat, s, targets[target], 0, index == 1)
                else:
                    self.land_attack(seat, s, targets[target], most - (index - 2), False)
                return
            raise AssertionError("a draw below the attacks' count is an attack")
        index -= families
        if index < between:
            if state.ships:
                for size, kind, a, b, c in middle:
                    if index < size:
                        self.generic(seat, rng, listing.segment_action(kind, a, b, c, index))
                        return
                    index -= size
                raise AssertionError("a draw below the middle's count is one of it")
            self.generic(seat, rng, Build(builds[index // 2], "battleship" if index % 2 == 0 else "transport"))
            return
        index -= between
        state.ship_moves_over = True
        if index < fortifies:
            for s, _, _, moves in sources:
                if index >= moves:
                    index -= moves
                    continue
                able = armies[s] - 1
                for t in land_adj[s]:
                    if owner[t] == seat:
                        room = cap - armies[t]
                        if room > 0:
                            moving = able if able < room else room
                            if index < moving:
                                armies[s] -= index + 1  # ``fortify.fortify``
                                armies[t] += index + 1
                                self.end_turn(seat)
                                return
                            index -= moving
            raise AssertionError("a draw below the consolidations' count is one")
        self.end_turn(seat)

    def land_attack(self, seat: int, src: int, target: int, dice: int, every: bool) -> None:
        """``attack.attack`` from land: rolls (``every``: until the territory falls or nobody is
        left to attack), a conquest, an elimination, the move-in awaited or made."""
        state = self.state
        owner = state.owner
        armies = state.armies
        rules = self.rules
        sides = rules.sides
        most_defend = rules.defend_max_dice
        clamp = rules.clamp
        table = self.table
        top = self.top
        randint = state.rng.randint
        defender = owner[target]
        while True:
            j = armies[target] if armies[target] < most_defend else most_defend
            able = armies[src] - 1
            allowed = table[able] if able <= top else table[top]
            k = (dice if dice < allowed else allowed) if dice else allowed
            att = [randint(1, sides) for _ in range(k)]  # ``attack.roll``: attacker first
            dfn = [randint(1, sides) for _ in range(j)]
            lost, killed = dice_mod.compare(att, dfn, 0, 0, clamp, sides)
            armies[target] -= killed
            armies[src] -= lost
            left = armies[src] - 1
            if armies[target] == 0:
                break
            if not every or left <= 0:
                return
        owner[target] = seat
        state.conquests += 1
        held = self.owned[defender]
        held.remove(target)
        insort(self.owned[seat], target)
        self.dirty.add(self.board.planet_of[target])
        choice = MoveInChoice(target, src, -1, left if left < self.cap else self.cap)
        if not held:
            eliminate(state, self.board, defender, seat)
        if choice.most <= 1 or state.phase == OVER:
            armies[src] -= 1
            armies[target] += 1
        else:
            state.pending = move_in_pending(seat, choice)

    def move_in(self, seat: int, rng: Rng) -> None:
        """The move-in after a conquest (``attack.move_in``)."""
        state = self.state
        choice = move_in_choice(state)
        assert choice is not None
        count = listing.draw(rng, choice.most) + 1
        if state.phase == MAIN:
            state.ship_moves_over = True
        move_infantry(state, choice, count)
        state.pending = None

    # ------------------------------------------------------------------ the end of a turn
    def end_turn(self, seat: int) -> None:
        """``end_turn.end_turn`` without its events."""
        conquest_cards(self.state, seat)
        self.check_missions(seat)
        self.update_planets()
        passed = pass_turn(self.state, self.board, seat)
        if passed is not None:
            self.begin_turn(*passed)

    def check_missions(self, seat: int) -> None:
        """``cards.check_missions`` without its events."""
        state = self.state
        board = self.board
        for hand, cards, deck in ((state.objectives[seat], board.objectives, state.objective_deck),
                                  (state.goals[seat], board.goals, state.goal_deck)):
            for idx in list(hand):
                if self.done(seat, cards[idx]):
                    complete_mission(state, board, seat, hand, idx, cards, deck)

    def done(self, seat: int, card: MissionCard) -> bool:
        """``cards.mission_done``: the land and the planets ``seat`` holds read from ``owned``."""
        cond = card.condition
        kind = cond.kind
        if kind == "territories":
            return len(self.owned[seat]) >= cond.count
        if kind == "conquests_in_turn":
            return self.state.conquests >= cond.count
        by_planet = _BY_PLANET.get(kind)
        if by_planet is None:
            return mission_done(self.state, self.board, seat, card)
        counts = [0] * len(self.sizes)  # territories held per planet
        planet_of = self.board.planet_of
        for t in self.owned[seat]:
            counts[planet_of[t]] += 1
        return by_planet(counts, self.sizes, cond)

    def update_planets(self) -> None:
        """``end_turn.update_planets`` for the planets whose land changed hands since the last."""
        state = self.state
        owner = state.owner
        planets = self.board.planets
        for pi in self.dirty:
            terrs = planets[pi].territories
            first = owner[terrs[0]]
            holder = first
            for t in terrs:
                if owner[t] != first:
                    holder = -1
                    break
            if holder != state.planet_holder[pi]:
                state.planet_holder[pi] = holder
                state.planet_since[pi] = state.turn
        self.dirty.clear()

    def begin_turn(self, seat: int, new_round: bool) -> None:
        """``reinforce.begin_turn`` without its event, the land held counted by ``owned``."""
        start_turn(self.state, self.board, seat, new_round, len(self.owned[seat]))
        self.after_reinforce(seat)
