"""Space-risk bots.

``space-risk:heuristic`` plays from its seat's view and the legal actions only:

- trades a set whenever it may (the set with most territory bonuses first);
- places reinforcements on the front where its best attack is, concentrating them;
- attacks while the exact whole-battle odds (``odds.battle_tables``, the game's own dice)
  of the best available attack reach ``threshold`` (option, default 0.55), from land or
  from a loaded transport; moves in by how exposed the two territories are;
- builds a ship at every spaceport when it may; loads transports, flies them toward
  planets where it holds no land but an opponent does, and lands there; battleships hunt
  enemy ships when the one-die odds favour them;
- ends with a consolidation move from its strongest interior territory to a front.

``evaluate_state`` is the heuristic value the generic greedy/MCTS agents may use.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from starlanes.core import Action, SeatView
from starlanes.core.errors import ParseError, UnknownName
from starlanes.games.space_risk.actions import (
    Attack,
    Build,
    Claim,
    End,
    Fly,
    Fortify,
    Load,
    MoveIn,
    Place,
    Trade,
    Unload,
)
from starlanes.games.space_risk.board import Board, MissionCard, resolve_board
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.odds import battle_tables, roll_outcomes_float
from starlanes.games.space_risk.state import BATTLESHIP, TRANSPORT, SpaceRiskState
from starlanes.games.space_risk.view import SpaceRiskView

if TYPE_CHECKING:
    from starlanes.core.ruleset import Ruleset

__all__ = ["HeuristicAgent", "HeuristicFactory", "evaluate_state", "make_heuristic", "mission_progress", "p_win"]

TABLE_SIZE = 40


@lru_cache(maxsize=8)
def _win_table(rules: DiceRules) -> list[list[float]]:
    table = battle_tables(TABLE_SIZE, TABLE_SIZE, rules=rules)
    return table.p_attacker_wins  # type: ignore[return-value]


def p_win(rules: DiceRules, attackers: int, defenders: int) -> float:
    """Probability that ``attackers`` able armies beat ``defenders`` in a whole battle."""
    if attackers <= 0:
        return 0.0
    if defenders <= 0:
        return 1.0
    table = _win_table(rules)
    if attackers > TABLE_SIZE or defenders > TABLE_SIZE:
        scale = max(attackers, defenders) / TABLE_SIZE
        attackers = max(1, min(TABLE_SIZE, round(attackers / scale)))
        defenders = max(1, min(TABLE_SIZE, round(defenders / scale)))
    return table[attackers][defenders]


def mission_progress(state: SpaceRiskState, board: Board, seat: int, card: MissionCard) -> float:
    """How far ``seat`` is toward the condition of an objective or goal card, in [0, 1]."""
    cond = card.condition
    kind = cond.kind
    owner = state.owner
    need = max(1, cond.count)

    def frac(terrs: Sequence[int]) -> float:
        return sum(1 for t in terrs if owner[t] == seat) / max(1, len(terrs))

    if kind == "territories":
        have = owner[:board.land_count].count(seat)
    elif kind == "territories_on":
        have = sum(1 for t in board.planets[cond.planets[0]].territories if owner[t] == seat)
    elif kind in ("planet", "planets"):
        # the whole of each planet is needed: the weakest planet counts most
        return sum(frac(board.planets[p].territories) ** 2 for p in cond.planets) / max(1, len(cond.planets))
    elif kind == "whole_planets":
        best = sorted((frac(p.territories) for p in board.planets), reverse=True)[:need]
        return sum(f ** 2 for f in best) / need
    elif kind == "planets_present":
        have = sum(1 for p in board.planets if any(owner[t] == seat for t in p.territories))
    elif kind == "spaceports":
        have = sum(1 for p in board.planets if p.port >= 0 and owner[p.port] == seat)
    elif kind == "ships":
        have = sum(1 for s in state.ships if s.owner == seat)
    elif kind == "space":
        have = owner[board.land_count:board.territory_count].count(seat)
    elif kind == "asteroids":
        have = sum(1 for t in range(board.land_count, board.territory_count)
                   if owner[t] == seat and board.asteroid[t])
    elif kind == "conquests_in_turn":
        have = state.conquests if state.current == seat else 0
    else:
        return 0.0
    return min(1.0, have / need)


def _strength(state: SpaceRiskState, board: Board, seat: int, total_armies: int) -> tuple[float, float]:
    """(material, star progress) of ``seat``: material in [0, 1] (share of land, infantry and
    income), star progress in stars to win (completed stars plus progress on held goal cards)."""
    land = board.land_count
    owner = state.owner
    terrs = 0
    armies = 0
    for t in range(land):
        if owner[t] == seat:
            terrs += 1
            armies += state.armies[t]
    armies += sum(s.cargo for s in state.ships if s.owner == seat)
    ships = sum(1 for s in state.ships if s.owner == seat)
    material = 0.6 * terrs / land + 0.35 * armies / total_armies + 0.05 * min(1.0, ships / 3)
    stars = float(state.stars[seat]) if state.stars else 0.0
    if state.goals and state.goals[seat]:
        best = max(mission_progress(state, board, seat, board.goals[g]) for g in state.goals[seat])
        stars += 0.6 * best * best
    return material, stars


def evaluate_state(state: SpaceRiskState, board: Board, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [0, 1]; 1.0 / 0.0 once the game is won / lost.

    What wins the game (R29) is what counts: stars first (stars held, plus progress toward the
    seat's goal cards), then land and infantry (conquest; the round-limit tie-break). Material is
    the seat's share of land territories, of infantry (aboard its transports too) and a little for
    ships; the value compares it with the strongest opponent's. In the last rounds before
    ``max_rounds`` the value slides toward the round-limit order itself (stars, then land
    territories, then infantry), so the search plays for the tie-break that will decide.
    """
    if state.winners or state.end_reason:
        if not state.winners:
            return 1.0 / max(1, state.players)
        return 1.0 if seat in state.winners else 0.0
    if state.alive and not state.alive[seat]:
        return 0.0
    players = [s for s in range(state.players) if not state.alive or state.alive[s]]
    land = board.land_count
    total_armies = sum(state.armies[t] for t in range(land)) + sum(s.cargo for s in state.ships) or 1
    strength = {s: _strength(state, board, s, total_armies) for s in players}
    my_material, my_stars = strength[seat]
    rivals = [s for s in players if s != seat]
    if not rivals:
        return 1.0
    rival_material = max(strength[s][0] for s in rivals)
    rival_stars = max(strength[s][1] for s in rivals)
    to_win = state.params.stars_to_win
    star_scale = float(to_win) if to_win > 0 else 3.0
    material = 0.5 + 0.5 * (my_material - rival_material)
    stars = 0.5 + 0.5 * max(-1.0, min(1.0, (my_stars - rival_stars) / star_scale))
    value = 0.55 * material + 0.45 * stars
    left = state.params.max_rounds - state.round
    if left < 8:
        def key(s: int) -> tuple[int, int, int]:
            return (state.stars[s] if state.stars else 0,
                    sum(1 for t in range(land) if state.owner[t] == s),
                    sum(state.armies[t] for t in range(land) if state.owner[t] == s))
        mine = key(seat)
        best = max(key(s) for s in rivals)
        order = 1.0 if mine > best else (0.0 if mine < best else 0.5)
        w = 0.6 * (8 - max(0, left)) / 8
        value = (1 - w) * value + w * order
    return max(0.0, min(1.0, value))


class HeuristicAgent:
    """The space-risk heuristic bot (see the module docstring)."""

    name = "space-risk:heuristic"

    def __init__(self, seat: int, threshold: float = 0.55) -> None:
        self.seat = seat
        self.threshold = threshold

    # --------------------------------------------------------------- helpers
    def _enemy_neighbours(self, g: SpaceRiskView, board: Board, t: int) -> list[int]:
        me = self.seat
        return [x for x in board.land_adj[t] if g.owner[x] != me and g.owner[x] >= 0]

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        g: SpaceRiskView = view.game
        board = resolve_board(g.params.board)
        first = legal[0]
        if isinstance(first, Claim):
            return self._claim(g, board, legal)
        if isinstance(first, MoveIn):
            return self._move_in(g, board, legal)
        trades = [a for a in legal if isinstance(a, Trade)]
        if trades:
            return self._trade(g, board, trades)
        places = [a for a in legal if isinstance(a, Place) and a.count == 1]  # one at a time, re-scored
        if places:
            return self._place(g, board, places)
        return self._main(g, board, legal)

    def _claim(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action:
        me = self.seat

        def score(a: Action) -> tuple[int, int]:
            assert isinstance(a, Claim)
            t = board.index[a.territory]
            planet = board.planets[board.planet_of[t]]
            mine = sum(1 for x in planet.territories if g.owner[x] == me)
            theirs = sum(1 for x in planet.territories if g.owner[x] >= 0 and g.owner[x] != me)
            return (3 * mine - 2 * theirs - len(planet.territories), 1 if board.port_at[t] >= 0 else 0)

        return max(legal, key=score)

    def _trade(self, g: SpaceRiskView, board: Board, trades: Sequence[Trade]) -> Action:
        def held(a: Trade) -> int:
            n = 0
            for name in (a.first, a.second, a.third):
                t = board.card_territory[board.card_names.index(name)]
                n += 1 if t >= 0 and g.owner[t] == self.seat else 0
            return n

        return max(trades, key=held)

    def _place(self, g: SpaceRiskView, board: Board, places: Sequence[Place]) -> Action:
        """The best territory for one more infantry; during the turn's reinforcement, as many
        as the one-at-a-time choice would put there in a row, in one action (same result, fewer
        lines for the person watching)."""
        armies = list(g.armies)
        first = self._best_place(g, board, places, armies)
        if g.phase == "reinforce":
            left = g.pool
        elif any(n > 0 for s, n in enumerate(g.to_deploy) if s != self.seat):
            return Place(first)  # the setup: one at a time while the others still place theirs
        else:
            left = g.to_deploy[self.seat]
        t = board.index[first]
        room = g.params.max_infantry - armies[t]
        count = 1
        while count < min(left, room):
            armies[t] += 1
            if self._best_place(g, board, places, armies) != first:
                break
            count += 1
        return Place(first, count)

    def _best_place(self, g: SpaceRiskView, board: Board, places: Sequence[Place], armies: list[int]) -> str:
        me = self.seat
        rules = g.params.dice
        cap = g.params.max_infantry
        best = ""
        best_score = -1e9
        for a in places:
            t = board.index[a.territory]
            if armies[t] >= cap:
                continue
            enemies = self._enemy_neighbours(g, board, t)
            if enemies:
                weakest = min(armies[x] for x in enemies)
                planet = board.planets[board.planet_of[t]]
                mine = sum(1 for x in planet.territories if g.owner[x] == me)
                score = 10.0 * p_win(rules, armies[t], weakest) + mine / len(planet.territories) \
                    + 0.05 * armies[t]
            else:
                # No front: troops gather where a transport can pick them up.
                score = -5.0 + (1.0 if board.space_adj[t] else 0.0) + 0.01 * armies[t]
            if score > best_score:
                best_score = score
                best = a.territory
        assert best
        return best

    def _move_in(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action:
        most = max(a.count for a in legal if isinstance(a, MoveIn))
        target_front = bool(self._enemy_neighbours(g, board, g.move_to))
        source_front = g.move_from >= 0 and bool(self._enemy_neighbours(g, board, g.move_from))
        if target_front and not source_front:
            n = most
        elif source_front and not target_front:
            n = 1
        elif source_front and target_front:
            n = max(1, most // 2 + 1)
        else:
            n = most if g.move_from < 0 else max(1, most // 2)
        return MoveIn(n)

    def _main(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action:
        # Ships move at the beginning of the turn (R22): flights first.
        flight = self._fly(g, board, legal)
        if flight is not None:
            return flight
        rules = g.params.dice
        ships = {f"S{s.id}": s for s in g.ships}
        best_attack: Action | None = None
        best_p = 0.0
        for a in legal:
            if not isinstance(a, Attack) or a.dice != 0 or a.all:
                continue  # always the most dice allowed, one roll at a time
            t = board.index[a.target]
            src_ship = ships.get(a.source)
            if board.land[t]:
                able = src_ship.cargo if src_ship is not None else g.armies[board.index[a.source]] - 1
                p = p_win(rules, able, g.armies[t])
                # Prefer finishing planets and weak targets.
                p += 0.01 / (1 + g.armies[t])
            else:
                assert src_ship is not None
                if src_ship.kind != BATTLESHIP:
                    continue
                defenders = [s for s in g.ships if s.at == t]
                dkind = BATTLESHIP if any(s.kind == BATTLESHIP for s in defenders) else TRANSPORT
                dmod = g.params.battleship_defend_mod if dkind == BATTLESHIP else g.params.transport_defend_mod
                if board.asteroid[t]:
                    dmod += g.params.asteroid_defend_mod
                outcomes = roll_outcomes_float(1, 1, g.params.battleship_attack_mod, dmod, rules)
                p = sum(pr for al, dl, pr in outcomes if dl == 1)
            if p > best_p:
                best_p = p
                best_attack = a
        if best_attack is not None and best_p >= self.threshold:
            return best_attack
        builds = [a for a in legal if isinstance(a, Build)]
        if builds:
            return self._build(g, builds)
        ship_move = self._ships(g, board, legal)
        if ship_move is not None:
            return ship_move
        return self._finish_turn(g, board, legal)

    def _build(self, g: SpaceRiskView, builds: Sequence[Build]) -> Action:
        mine = [s for s in g.ships if s.owner == self.seat]
        transports = sum(1 for s in mine if s.kind == TRANSPORT)
        battleships = len(mine) - transports
        want = "transport" if transports <= battleships else "battleship"
        for a in builds:
            if a.kind == want:
                return a
        return builds[0]

    def _invasion_targets(self, g: SpaceRiskView, board: Board) -> set[int]:
        """Space territories beside enemy land on planets where this seat holds no land."""
        me = self.seat
        out: set[int] = set()
        for planet in board.planets:
            if any(g.owner[t] == me for t in planet.territories):
                continue
            for t in planet.territories:
                if g.owner[t] >= 0:
                    out.update(board.space_adj[t])
        return out

    def _path_step(self, g: SpaceRiskView, board: Board, start: int, goals: set[int]) -> int | None:
        """First space territory on a shortest free path from ``start`` to any goal."""
        if not goals or start in goals:
            return None
        prev: dict[int, int] = {start: start}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in board.space_adj[x]:
                if y in prev or g.owner[y] not in (-1, self.seat):
                    continue
                prev[y] = x
                if y in goals:
                    while prev[y] != start:
                        y = prev[y]
                    return y
                todo.append(y)
        return None

    def _fly(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action | None:
        """A flight toward a planet to invade (a ship with infantry aboard) or toward enemy ships
        (an empty battleship)."""
        me = self.seat
        flies = [a for a in legal if isinstance(a, Fly)]
        if not flies:
            return None
        targets = self._invasion_targets(g, board)
        by_name = {f"S{s.id}": s for s in g.ships if s.owner == me}
        for a in flies:
            ship = by_name[a.ship]
            dest = board.index[a.to]
            if ship.cargo > 0:
                if targets and self._path_step(g, board, ship.at, targets) == dest:
                    return a
                continue
            if ship.kind == BATTLESHIP:
                enemies = {s.at for s in g.ships if s.owner != me}
                near: set[int] = set()
                for e in enemies:
                    near.update(board.space_adj[e])
                step = self._path_step(g, board, ship.at, near)
                if step == dest:
                    return a
        return None

    def _ships(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action | None:
        """Loading for an invasion next turn, or bringing troops home when there is none."""
        me = self.seat
        targets = self._invasion_targets(g, board)
        loads = [a for a in legal if isinstance(a, Load)]
        unloads = [a for a in legal if isinstance(a, Unload)]
        by_name = {f"S{s.id}": s for s in g.ships if s.owner == me}
        if targets and loads:
            best = max(loads, key=lambda a: (a.count, a.ship))
            ship = by_name[best.ship]
            if ship.cargo == 0 and best.count >= 3:
                return best
        if unloads and not targets:
            # Nothing to invade: bring the troops home to a front.
            for u0 in unloads:
                t = board.index[u0.territory]
                if self._enemy_neighbours(g, board, t):
                    return max((u for u in unloads if u.ship == u0.ship and u.territory == u0.territory),
                               key=lambda u: u.count)
        return None

    def _finish_turn(self, g: SpaceRiskView, board: Board, legal: Sequence[Action]) -> Action:
        best: Fortify | None = None
        best_key = (0, 0)
        for a in legal:
            if not isinstance(a, Fortify):
                continue
            s = board.index[a.source]
            t = board.index[a.target]
            if self._enemy_neighbours(g, board, s) or not self._enemy_neighbours(g, board, t):
                continue
            key = (a.count, -g.armies[t])
            if key > best_key:
                best_key = key
                best = a
        if best is not None:
            return best
        return End()


class HeuristicFactory:
    """Reinforce fronts, attack at good exact odds, use ships (space-risk's heuristic bot)."""

    options: Mapping[str, str] = {"threshold": "least whole-battle win chance to attack (default 0.55)"}

    def __call__(self, game: Ruleset[Any, Any, Any], seat: int, seed: int,
                 options: Mapping[str, str]) -> HeuristicAgent:
        unknown = set(options) - set(self.options)
        if unknown:
            raise UnknownName("option of space-risk:heuristic", sorted(unknown)[0], self.options)
        raw = options.get("threshold", "0.55")
        try:
            threshold = float(raw)
        except ValueError:
            raise ParseError(f"space-risk:heuristic: threshold must be a number, not '{raw}'") from None
        if not 0.0 <= threshold <= 1.0:
            raise ParseError(f"space-risk:heuristic: threshold must be within 0..1, not {threshold}")
        return HeuristicAgent(seat, threshold)


make_heuristic = HeuristicFactory()
"""Factory of ``space-risk:heuristic`` (option ``threshold``)."""
