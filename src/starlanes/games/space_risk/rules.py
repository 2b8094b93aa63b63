"""What happens in space-risk: setup, legal actions, their effects, the end.

Read with ``docs/rulings/space-risk.md`` (every house rule, numbered R1...); comments cite
the rulings as ``(R7)``.

A turn: REINFORCE (trade sets, place reinforcements, one or more per action) -> MAIN
(attacks, move-ins, spaceports, ships, loading) -> ``fortify`` (the one consolidation
move) or ``end``.  At the end of a turn: a territory card if a territory was taken,
objective and goal cards checked, planet holdings recorded, then the next seat.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from starlanes.core import (
    Action,
    Event,
    Outcome,
    Rng,
    Ruleset,
    StarlanesError,
)
from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk.actions import (
    ACTION_TYPES,
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
    ship_name,
)
from starlanes.games.space_risk.board import WILD, Board, MissionCard, load_board
from starlanes.games.space_risk.spec import SPEC, SpaceRiskParams
from starlanes.games.space_risk.state import (
    BATTLESHIP,
    CLAIM,
    DEPLOY,
    MAIN,
    MOVE_IN,
    OVER,
    REINFORCE,
    SHIP_KINDS,
    TRANSPORT,
    Ship,
    SpaceRiskState,
)
from starlanes.games.space_risk.view import SpaceRiskView, build_view, determinize_view, render_view

if TYPE_CHECKING:
    from starlanes.ai.base import AgentFactory
    from starlanes.core.state import Viewer

__all__ = ["SpaceRisk", "board_of", "mission_done", "valid_set"]

NEVER_USED = -1000


@lru_cache(maxsize=64)
def _dice_rules(params: SpaceRiskParams) -> dice_mod.DiceRules:
    return params.dice


def _percent(p: float) -> str:
    """``42%``; never a rounded ``100%`` or ``0%`` for what may still happen."""
    if 0.995 <= p < 1:
        return ">99%"
    if 0 < p < 0.005:
        return "<1%"
    return f"{100 * p:.0f}%"


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean Vega-3?)`` for a name typed in the wrong case or slightly misspelt."""
    choices = list(known)
    same = [k for k in choices if k.lower() == name.lower()]
    close = same or difflib.get_close_matches(name, choices, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def board_of(state: SpaceRiskState) -> Board:
    return load_board(state.params.board)


def valid_set(board: Board, cards: Sequence[int]) -> bool:
    """Three cards alike, or one of each kind; a special card stands for any kind (R9)."""
    kinds = [board.card_kind[c] for c in cards]
    real = [k for k in kinds if k != WILD]
    if len(set(cards)) != len(cards):
        return False
    return len(set(real)) <= 1 or len(set(real)) == len(real)


def _is_ship_name(name: str) -> bool:
    return len(name) >= 2 and name[0] == "S" and name[1:].isdigit()


def _ship(state: SpaceRiskState, name: str) -> Ship | None:
    if not _is_ship_name(name):
        return None
    sid = int(name[1:])
    for s in state.ships:
        if s.id == sid:
            return s
    return None


def _ships_at(state: SpaceRiskState, where: int) -> list[Ship]:
    return [s for s in state.ships if s.at == where]


def _ready(state: SpaceRiskState, ship: Ship) -> bool:
    """A new ship waits ``ship_wait_turns`` of its owner's turns before it moves or fights (R21)."""
    return state.turns_taken[ship.owner] - ship.built_turn >= state.params.ship_wait_turns


def mission_done(state: SpaceRiskState, board: Board, seat: int, card: MissionCard) -> bool:
    """Whether ``seat`` meets the condition of an objective or goal card now."""
    cond = card.condition
    kind = cond.kind
    owner = state.owner
    if kind == "territories":
        return sum(1 for t in range(board.land_count) if owner[t] == seat) >= cond.count
    if kind == "territories_on":
        terrs = board.planets[cond.planets[0]].territories
        return sum(1 for t in terrs if owner[t] == seat) >= cond.count
    if kind in ("planet", "planets"):
        return all(all(owner[t] == seat for t in board.planets[p].territories) for p in cond.planets)
    if kind == "whole_planets":
        held = sum(1 for p in board.planets if all(owner[t] == seat for t in p.territories))
        return held >= cond.count
    if kind == "planets_present":
        present = sum(1 for p in board.planets if any(owner[t] == seat for t in p.territories))
        return present >= cond.count
    if kind == "spaceports":
        return sum(1 for p in board.planets if p.port >= 0 and owner[p.port] == seat) >= cond.count
    if kind == "ships":
        return sum(1 for s in state.ships if s.owner == seat) >= cond.count
    if kind == "space":
        return sum(1 for t in range(board.land_count, board.territory_count) if owner[t] == seat) >= cond.count
    if kind == "asteroids":
        return sum(1 for t in range(board.land_count, board.territory_count)
                   if owner[t] == seat and board.asteroid[t]) >= cond.count
    if kind == "conquests_in_turn":
        return state.conquests >= cond.count
    raise StarlanesError(f"unknown condition kind {kind!r}")


class SpaceRisk(Ruleset[SpaceRiskState, SpaceRiskView, SpaceRiskParams]):
    """The space-risk ruleset (see the module docstring and the rulings file)."""

    spec = SPEC
    state_type = SpaceRiskState
    view_type = SpaceRiskView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    # ------------------------------------------------------------------ setup
    def _setup(self, params: SpaceRiskParams, players: int, rng: Rng) -> SpaceRiskState:
        board = load_board(params.board)
        need_missions = [("objective", params.objective_cards, len(board.objectives)),
                         ("goal", params.goal_cards, len(board.goals))]
        for what, each, have in need_missions:
            if each * players > have:
                raise StarlanesError(
                    f"the board {board.name!r} has {have} {what} cards, too few for "
                    f"{players} players holding {each} each")
        share = -(-board.land_count // players)
        if not params.modified_start and share > params.starting_infantry:
            raise StarlanesError(
                f"{players} players get up to {share} territories each but only "
                f"{params.starting_infantry} infantry: at least one is needed on each")
        if params.modified_start and board.land_count > players * params.starting_infantry:
            raise StarlanesError("not enough starting infantry to claim every territory")
        total = board.territory_count
        state = SpaceRiskState(
            players=players,
            rng=rng,
            params=params,
            phase=DEPLOY,
            current=0,
            owner=[-1] * total,
            armies=[0] * total,
            port_used=[NEVER_USED] * len(board.planets),
            alive=[True] * players,
            to_deploy=[params.starting_infantry] * players,
            hands=[[] for _ in range(players)],
            objectives=[[] for _ in range(players)],
            goals=[[] for _ in range(players)],
            completed=[[] for _ in range(players)],
            stars=[0] * players,
            pending=[0] * players,
            turns_taken=[0] * players,
            planet_holder=[-1] * len(board.planets),
            planet_since=[0] * len(board.planets),
        )
        # The start roll: one die each, the highest begins; ties roll again (R3).
        contenders = list(range(players))
        rolls = [0] * players
        while len(contenders) > 1:
            for s in contenders:
                rolls[s] = rng.die(params.die_sides)
            best = max(rolls[s] for s in contenders)
            contenders = [s for s in contenders if rolls[s] == best]
        state.first = contenders[0]
        state.current = state.first
        state.start_rolls = rolls
        if params.modified_start:
            state.phase = CLAIM
        else:
            # Deal the territory cards: the cards received are the starting territories (R1).
            land_cards = list(range(board.land_count))
            rng.shuffle(land_cards)
            for i, card in enumerate(land_cards):
                seat = (state.first + i) % players
                t = board.card_territory[card]
                state.owner[t] = seat
                state.armies[t] = 1
                state.to_deploy[seat] -= 1
        deck = list(range(len(board.card_names)))
        rng.shuffle(deck)
        state.deck = deck
        obj = list(range(len(board.objectives)))
        rng.shuffle(obj)
        goals = list(range(len(board.goals)))
        rng.shuffle(goals)
        for s in range(players):
            for _ in range(params.objective_cards):
                state.objectives[s].append(obj.pop())
            for _ in range(params.goal_cards):
                state.goals[s].append(goals.pop())
        state.objective_deck = obj
        state.goal_deck = goals
        if not params.modified_start:
            self._replace_done_missions(state, board)  # the territories are known now (R35)
        if state.phase == DEPLOY:
            self._next_deployer(state, board, state.first, include=True)
        return state

    # ---------------------------------------------------------------- queries
    def _to_act(self, state: SpaceRiskState) -> Sequence[int]:
        if state.phase == OVER:
            return ()
        return (state.current,)

    def _outcome(self, state: SpaceRiskState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.end_reason, tuple(state.winners), tuple(float(s) for s in state.stars))

    def _legal_actions(self, state: SpaceRiskState, seat: int) -> list[Action]:
        board = board_of(state)
        phase = state.phase
        owner = state.owner
        armies = state.armies
        cap = state.params.max_infantry
        out: list[Action] = []
        names = board.names
        if phase == CLAIM:
            return [Claim(names[t]) for t in range(board.land_count) if owner[t] < 0]
        if phase == DEPLOY:
            return self._places(board, owner, armies, seat, state.to_deploy[seat], cap)
        if phase == MOVE_IN:
            return [MoveIn(n) for n in range(1, state.move_max + 1)]
        if phase == REINFORCE:
            out.extend(self._trades(state, board, seat))
            if self._must_trade(state, board, seat):
                return out
            out.extend(self._places(board, owner, armies, seat, state.pool, cap))
            return out
        # MAIN
        self._attacks(state, board, seat, out)
        self._ship_actions(state, board, seat, out)
        for s in range(board.land_count):
            if owner[s] != seat or armies[s] < 2:
                continue
            for t in board.land_adj[s]:
                if owner[t] == seat:
                    room = cap - armies[t]
                    for n in range(1, min(armies[s] - 1, room) + 1):
                        out.append(Fortify(names[s], names[t], n))
        out.append(End())
        return out

    @staticmethod
    def _places(board: Board, owner: Sequence[int], armies: Sequence[int], seat: int, left: int,
                cap: int) -> list[Action]:
        """``place T`` for every territory with room, then ``place T count=N`` for the bigger
        counts (several infantry in one action, R4)."""
        names = board.names
        mine = [t for t in range(board.land_count) if owner[t] == seat and armies[t] < cap]
        out: list[Action] = [Place(names[t]) for t in mine]
        for t in mine:
            out.extend(Place(names[t], n) for n in range(2, min(left, cap - armies[t]) + 1))
        return out

    def _trades(self, state: SpaceRiskState, board: Board, seat: int) -> list[Action]:
        hand = sorted(state.hands[seat])
        out: list[Action] = []
        n = len(hand)
        names = board.card_names
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    trio = (hand[i], hand[j], hand[k])
                    if valid_set(board, trio):
                        act = Trade(names[trio[0]], names[trio[1]], names[trio[2]])
                        if act not in out:
                            out.append(act)
        return out

    def _must_trade(self, state: SpaceRiskState, board: Board, seat: int) -> bool:
        limit = state.params.forced_trade_hand
        return limit > 0 and len(state.hands[seat]) >= limit and bool(self._trades(state, board, seat))

    def _attacks(self, state: SpaceRiskState, board: Board, seat: int, out: list[Action]) -> None:
        owner = state.owner
        armies = state.armies
        names = board.names
        land_adj = board.land_adj
        table = dice_mod.attack_dice_table(_dice_rules(state.params))
        top = len(table) - 1
        bridges = {s.at for s in state.ships if s.owner == seat and s.kind == BATTLESHIP}
        for s in range(board.land_count):
            if owner[s] != seat or armies[s] < 2:
                continue
            able = armies[s] - 1
            k = table[able] if able < top else table[top]
            targets = [t for t in land_adj[s] if owner[t] != seat]
            if bridges:
                # A battleship beside both territories lets infantry be dropped across (R26).
                for x in board.space_adj[s]:
                    if x in bridges:
                        targets.extend(t for t in board.shore_adj[x]
                                       if owner[t] != seat and t != s and t not in targets)
            if not targets:
                continue
            sname = names[s]
            for t in targets:
                tname = names[t]
                out.append(Attack(sname, tname))  # the most dice allowed
                out.append(Attack(sname, tname, all=True))  # again until it falls or nobody is left
                for d in range(k, 0, -1):
                    out.append(Attack(sname, tname, d))
        for ship in state.ships:
            if ship.owner != seat or not _ready(state, ship):
                continue
            sname = ship_name(ship.id)
            if ship.kind == TRANSPORT and ship.cargo > 0:
                k = dice_mod.dice_for(table, ship.cargo)
                for t in board.shore_adj[ship.at]:
                    if owner[t] != seat:
                        out.append(Attack(sname, names[t]))
                        out.append(Attack(sname, names[t], all=True))
                        for d in range(k, 0, -1):
                            out.append(Attack(sname, names[t], d))
            for y in board.space_adj[ship.at]:
                if owner[y] >= 0 and owner[y] != seat:
                    out.append(Attack(sname, names[y]))  # space combat: always one die
                    out.append(Attack(sname, names[y], 1))

    def _ship_actions(self, state: SpaceRiskState, board: Board, seat: int, out: list[Action]) -> None:
        owner = state.owner
        armies = state.armies
        names = board.names
        params = state.params
        for pi, planet in enumerate(board.planets):
            if planet.port >= 0 and owner[planet.port] == seat and owner[planet.launch] in (-1, seat) \
                    and state.round - state.port_used[pi] >= params.spaceport_interval:
                out.append(Build(planet.name, "battleship"))
                out.append(Build(planet.name, "transport"))
        for ship in state.ships:
            if ship.owner != seat:
                continue
            sname = ship_name(ship.id)
            if not ship.moved and _ready(state, ship):
                for y in board.space_adj[ship.at]:
                    if owner[y] in (-1, seat):
                        out.append(Fly(sname, names[y]))
            if ship.kind != TRANSPORT:
                continue
            if not ship.loaded and ship.cargo < params.transport_capacity:
                for t in board.shore_adj[ship.at]:
                    if owner[t] == seat and armies[t] >= 2:
                        for n in range(1, min(armies[t] - 1, params.transport_capacity - ship.cargo) + 1):
                            out.append(Load(sname, names[t], n))
            if not ship.unloaded and ship.cargo > 0:
                for t in board.shore_adj[ship.at]:
                    if owner[t] == seat:
                        for n in range(1, min(ship.cargo, params.max_infantry - armies[t]) + 1):
                            out.append(Unload(sname, names[t], n))

    def _illegal_reason(self, state: SpaceRiskState, seat: int, action: Action) -> str | None:
        if action in self._legal_actions(state, seat):
            return None
        return self._explain(state, seat, action)

    def _explain(self, state: SpaceRiskState, seat: int, action: Action) -> str:
        """A reason a person understands for an action that is not legal now."""
        board = board_of(state)
        phase = state.phase
        params = state.params

        def terr(name: str) -> int:
            t = board.index.get(name)
            if t is None:
                raise StarlanesError(f"unknown territory '{name}'{_did_you_mean(name, board.names)}")
            return t

        try:
            if phase == CLAIM and not isinstance(action, Claim):
                return "first every territory is claimed: 'claim TERRITORY'"
            if phase == DEPLOY and not isinstance(action, Place):
                return "place your starting infantry first: 'place TERRITORY'"
            if phase == MOVE_IN and not isinstance(action, MoveIn):
                return (f"you took {board.names[state.move_to]}: first say how many infantry move in "
                        f"('move N', N from 1 to {state.move_max})")
            if phase == MOVE_IN and isinstance(action, MoveIn):
                return f"move between 1 and {state.move_max} infantry"
            if isinstance(action, Claim):
                if phase != CLAIM:
                    return "territories are claimed only at the start of a game with modified_start=yes"
                t = terr(action.territory)
                if not board.land[t]:
                    return "only land territories are claimed"
                return f"{action.territory} is already claimed by P{state.owner[t]}"
            if isinstance(action, Place):
                t = terr(action.territory)
                if phase == MAIN:
                    return "reinforcements are placed at the start of the turn"
                if state.owner[t] != seat:
                    return f"you do not hold {action.territory}"
                if state.armies[t] >= params.max_infantry:
                    return f"{action.territory} already holds the most infantry allowed ({params.max_infantry})"
                if phase == REINFORCE and self._must_trade(state, board, seat):
                    return f"you hold {len(state.hands[seat])} cards: trade a set first"
                left = state.to_deploy[seat] if phase == DEPLOY else state.pool
                most = min(left, params.max_infantry - state.armies[t])
                if action.count < 1 or action.count > most:
                    return (f"place between 1 and {most} infantry on {action.territory} ({left} left to place, "
                            f"{state.armies[t]} there, at most {params.max_infantry} per territory)")
                return "you cannot place there now"
            if isinstance(action, Trade):
                if phase != REINFORCE:
                    return "cards are traded at the start of your turn, before attacking"
                ids = []
                for cname in (action.first, action.second, action.third):
                    if cname not in board.card_names:
                        return f"there is no card '{cname}'{_did_you_mean(cname, board.card_names)}"
                    ids.append(board.card_names.index(cname))
                for cid in ids:
                    if cid not in state.hands[seat]:
                        return f"you do not hold the card {board.card_names[cid]}"
                if len(set(ids)) < 3:
                    return "name three different cards"
                if not valid_set(board, ids):
                    return "a set is three cards alike or one of each kind"
            if phase == REINFORCE and state.pool > 0:
                return f"place your {state.pool} reinforcements first"
            if isinstance(action, Attack):
                return self._explain_attack(state, board, seat, action)
            if isinstance(action, Build):
                pi = board.planet_index.get(action.planet)
                if pi is None:
                    return f"unknown planet '{action.planet}'{_did_you_mean(action.planet, board.planet_index)}"
                planet = board.planets[pi]
                if action.kind not in SHIP_KINDS:
                    return "build a battleship or a transport"
                if planet.port < 0:
                    return f"{planet.name} has no spaceport"
                if state.owner[planet.port] != seat:
                    return f"you do not control {planet.name}'s spaceport at {board.names[planet.port]}"
                if state.round - state.port_used[pi] < params.spaceport_interval:
                    return (f"{planet.name}'s spaceport was used in round {state.port_used[pi]}; "
                            f"it may be used every other turn: again from round "
                            f"{state.port_used[pi] + params.spaceport_interval} (now round {state.round})")
                blockers = ", ".join(ship_name(x.id) for x in _ships_at(state, planet.launch))
                return (f"{board.names[planet.launch]} is held by P{state.owner[planet.launch]}'s ships "
                        f"({blockers}): the spaceport cannot launch until your ships drive them off")
            if isinstance(action, Fly | Load | Unload):
                ship = _ship(state, action.ship)
                if ship is None:
                    return f"there is no ship {action.ship}"
                if ship.owner != seat:
                    return f"{action.ship} is not your ship"
                if isinstance(action, Fly):
                    t = terr(action.to)
                    if not _ready(state, ship):
                        return f"{action.ship} was built this turn and must wait a turn before moving"
                    if ship.moved:
                        return f"{action.ship} has already moved this turn"
                    if t not in board.space_adj[ship.at]:
                        return f"{action.to} is not a space territory next to {board.names[ship.at]}"
                    return f"{action.to} is held by another player's ships: attack them first"
                if ship.kind != TRANSPORT:
                    return "only transports carry infantry"
                t = terr(action.territory)
                if t not in board.shore_adj[ship.at]:
                    return f"{action.territory} is not next to {board.names[ship.at]}"
                if state.owner[t] != seat:
                    return f"you do not hold {action.territory}"
                if isinstance(action, Load):
                    if ship.loaded:
                        return f"{action.ship} has already loaded this turn"
                    if state.armies[t] < 2:
                        return f"{action.territory} has only one infantry, which must stay"
                    if ship.cargo >= params.transport_capacity:
                        return f"{action.ship} is full ({params.transport_capacity} aboard)"
                    return (f"load between 1 and {min(state.armies[t] - 1, params.transport_capacity - ship.cargo)}"
                            " (one infantry stays; a transport holds at most "
                            f"{params.transport_capacity})")
                if ship.unloaded:
                    return f"{action.ship} has already unloaded this turn"
                return f"unload between 1 and {min(ship.cargo, params.max_infantry - state.armies[t])}"
            if isinstance(action, Fortify):
                s = terr(action.source)
                t = terr(action.target)
                if state.owner[s] != seat or state.owner[t] != seat:
                    return "consolidate only between two territories you hold"
                if t not in board.land_adj[s]:
                    return f"{action.source} and {action.target} are not adjacent"
                return (f"move between 1 and {min(state.armies[s] - 1, params.max_infantry - state.armies[t])}"
                        " (one stays behind; at most "
                        f"{params.max_infantry} per territory)")
            if isinstance(action, MoveIn):
                return "there is no conquest to move into"
        except StarlanesError as exc:
            return str(exc)
        return "not allowed now"

    def _explain_attack(self, state: SpaceRiskState, board: Board, seat: int, action: Attack) -> str:
        target = board.index.get(action.target)
        if target is None:
            return f"unknown territory '{action.target}'{_did_you_mean(action.target, board.names)}"
        if state.owner[target] == seat:
            return f"you hold {action.target} yourself"
        ship = _ship(state, action.source)
        rules = _dice_rules(state.params)
        if ship is not None:
            if ship.owner != seat:
                return f"{action.source} is not your ship"
            if not _ready(state, ship):
                return f"{action.source} was built this turn and must wait a turn"
            if board.land[target]:
                if ship.kind == BATTLESHIP:
                    return "battleships cannot attack land"
                if target not in board.shore_adj[ship.at]:
                    return f"{action.target} is not next to {board.names[ship.at]}"
                if ship.cargo == 0:
                    return f"{action.source} carries no infantry"
                most = dice_mod.attack_dice_allowed(ship.cargo, rules)
                return f"with {ship.cargo} aboard you may roll 1 to {most} dice"
            if target not in board.space_adj[ship.at]:
                return f"{action.target} is not next to {board.names[ship.at]}"
            if state.owner[target] < 0:
                return f"there are no ships in {action.target}: fly there"
            return "a ship attacks ships with one die: leave dice out (or dice=1)"
        source = board.index.get(action.source)
        if source is None and _is_ship_name(action.source):
            return f"there is no ship {action.source} (lost, or never built)"
        if source is None:
            return f"unknown territory or ship '{action.source}'{_did_you_mean(action.source, board.names)}"
        if state.owner[source] != seat:
            return f"you do not hold {action.source}"
        if not board.land[target] or not board.land[source]:
            return "infantry attack land; ships attack space"
        if state.armies[source] < 2:
            return f"{action.source} has only one infantry, which must stay"
        if target not in board.land_adj[source]:
            return f"{action.target} is not adjacent to {action.source}"
        most = dice_mod.attack_dice_allowed(state.armies[source] - 1, rules)
        return (f"with {state.armies[source]} infantry in {action.source} you may roll 1 to {most} dice "
                "(you may not lose the territory's last infantry)")

    # ------------------------------------------------------------------ apply
    def _apply(self, state: SpaceRiskState, moves: Mapping[int, Action]) -> list[Event]:
        ((seat, action),) = moves.items()
        board = board_of(state)
        events: list[Event] = []
        names = board.names
        if isinstance(action, Claim):
            t = board.index[action.territory]
            state.owner[t] = seat
            state.armies[t] = 1
            state.to_deploy[seat] -= 1
            events.append(Event(f"seat {seat} claims {action.territory}"))
            if any(state.owner[x] < 0 for x in range(board.land_count)):
                state.current = self._next_seat(state, seat)
            else:
                state.phase = DEPLOY
                rest = ", ".join(f"P{s} {n}" for s, n in enumerate(state.to_deploy))
                events.append(Event(f"every territory is claimed; now the rest of the starting infantry "
                                    f"is placed ({rest})"))
                events.extend(self._replace_done_missions(state, board))
                self._next_deployer(state, board, state.first, include=True)
                events.extend(self._turn_begins(state))
            return events
        if isinstance(action, Place):
            t = board.index[action.territory]
            n = action.count
            state.armies[t] += n
            was_deploy = state.phase == DEPLOY
            if was_deploy:
                state.to_deploy[seat] -= n
                left = state.to_deploy[seat]
                self._next_deployer(state, board, seat, include=False)
            else:
                state.pool -= n
                left = state.pool
                self._after_reinforce(state, board, seat)
                left = state.pool if state.phase == REINFORCE else 0
            events.append(Event(f"seat {seat} places {n} infantry on {action.territory} "
                                f"(now {state.armies[t]}; {left} left to place)"))
            if was_deploy:
                events.extend(self._turn_begins(state))
            return events
        if isinstance(action, Trade):
            ids = [board.card_names.index(n) for n in (action.first, action.second, action.third)]
            value = board.trade_value(state.sets_traded)
            state.sets_traded += 1
            held = [c for c in ids if board.card_territory[c] >= 0 and state.owner[board.card_territory[c]] == seat]
            bonus = state.params.trade_territory_bonus * (min(1, len(held)) if state.params.trade_bonus_once
                                                          else len(held))
            for c in ids:
                state.hands[seat].remove(c)
                state.discard.append(c)
            state.pool += value + bonus
            events.append(Event(f"seat {seat} trades {action.first} {action.second} {action.third} "
                                f"for {value} + {bonus} reinforcements", reveals=True))
            self._after_reinforce(state, board, seat)
            return events
        if isinstance(action, Attack):
            return self._attack(state, board, seat, action)
        if isinstance(action, MoveIn):
            self._move_in(state, board, action.count)
            events.append(Event(f"seat {seat} moves {action.count} into {names[state.move_to]}"))
            state.phase = MAIN
            state.move_to = -1
            return events
        if isinstance(action, Build):
            pi = board.planet_index[action.planet]
            planet = board.planets[pi]
            ship = Ship(id=state.next_ship, owner=seat, kind=SHIP_KINDS.index(action.kind), at=planet.launch,
                        built_turn=state.turns_taken[seat])
            state.next_ship += 1
            state.ships.append(ship)
            state.port_used[pi] = state.round
            state.owner[planet.launch] = seat
            events.append(Event(f"seat {seat} builds {action.kind} {ship_name(ship.id)} at "
                                f"{planet.name}'s spaceport, in {names[planet.launch]}"))
            return events
        if isinstance(action, Fly):
            mover = _ship(state, action.ship)
            assert mover is not None
            frm = mover.at
            mover.at = board.index[action.to]
            mover.moved = True
            state.owner[mover.at] = seat
            if not _ships_at(state, frm):
                state.owner[frm] = -1
            events.append(Event(f"seat {seat} flies {action.ship} from {names[frm]} to {action.to}"))
            return events
        if isinstance(action, Load):
            mover = _ship(state, action.ship)
            assert mover is not None
            t = board.index[action.territory]
            state.armies[t] -= action.count
            mover.cargo += action.count
            mover.loaded = True
            events.append(Event(f"seat {seat} loads {action.count} from {action.territory} onto {action.ship}"))
            return events
        if isinstance(action, Unload):
            mover = _ship(state, action.ship)
            assert mover is not None
            t = board.index[action.territory]
            state.armies[t] += action.count
            mover.cargo -= action.count
            mover.unloaded = True
            events.append(Event(f"seat {seat} unloads {action.count} from {action.ship} onto {action.territory}"))
            return events
        if isinstance(action, Fortify):
            s = board.index[action.source]
            t = board.index[action.target]
            state.armies[s] -= action.count
            state.armies[t] += action.count
            events.append(Event(f"seat {seat} consolidates {action.count} from {action.source} to {action.target}"))
            events.extend(self._end_turn(state, board, seat))
            return events
        if isinstance(action, End):
            events.append(Event(f"seat {seat} ends the turn"))
            events.extend(self._end_turn(state, board, seat))
            return events
        raise StarlanesError(f"unexpected action {action!r}")

    # ------------------------------------------------------------- sequencing
    def _next_seat(self, state: SpaceRiskState, seat: int) -> int:
        for i in range(1, state.players + 1):
            s = (seat + i) % state.players
            if state.alive[s]:
                return s
        return seat

    @staticmethod
    def _turn_begins(state: SpaceRiskState) -> list[Event]:
        """The event that the setup is over (when it just ended)."""
        if state.phase == DEPLOY or state.turn != 1:
            return []
        return [Event(f"the starting infantry are placed; seat {state.current} begins "
                      f"(start roll {state.start_rolls[state.current]}) with {state.pool} reinforcements "
                      f"({state.income})")]

    def _next_deployer(self, state: SpaceRiskState, board: Board, seat: int, include: bool) -> None:
        """Starting infantry are placed in turn (one or more per action); a seat with none left (or no room)
        is skipped (R4). When nobody has any left, the first player's first turn begins."""
        cap = state.params.max_infantry
        for i in range(0 if include else 1, state.players + 1):
            s = (seat + i) % state.players
            if state.to_deploy[s] > 0:
                if any(state.owner[t] == s and state.armies[t] < cap for t in range(board.land_count)):
                    state.current = s
                    return
                state.to_deploy[s] = 0
        state.phase = REINFORCE
        self._update_planets(state, board)
        self._begin_turn(state, board, state.first, True)

    def _begin_turn(self, state: SpaceRiskState, board: Board, seat: int, new_round: bool) -> None:
        params = state.params
        if new_round:
            state.round += 1
        state.turn += 1
        state.turns_taken[seat] += 1
        state.current = seat
        state.conquests = 0
        for ship in state.ships:
            if ship.owner == seat:
                ship.moved = False
                ship.loaded = False
                ship.unloaded = False
        held = sum(1 for t in range(board.land_count) if state.owner[t] == seat)
        pool = max(params.min_reinforcements, held // params.reinforcement_divisor)
        income = [f"{held} territories / {params.reinforcement_divisor} = {pool}"
                  if pool > params.min_reinforcements or held // params.reinforcement_divisor == pool
                  else f"{held} territories: the minimum {pool}"]
        alive = sum(state.alive)
        for pi, planet in enumerate(board.planets):
            if state.planet_holder[pi] == seat and state.turn - state.planet_since[pi] >= alive:
                pool += planet.net_worth
                income.append(f"{planet.name} {planet.net_worth}")
        if state.pending[seat]:
            income.append(f"completed cards {state.pending[seat]}")
        state.income = ", ".join(income)
        pool += state.pending[seat]
        state.pending[seat] = 0
        state.pool = pool
        state.phase = REINFORCE
        self._after_reinforce(state, board, seat)

    def _after_reinforce(self, state: SpaceRiskState, board: Board, seat: int) -> None:
        if self._must_trade(state, board, seat):
            return
        if state.pool > 0:
            cap = state.params.max_infantry
            owner = state.owner
            armies = state.armies
            room = 0
            for t in range(board.land_count):
                if owner[t] == seat:
                    room += cap - armies[t]
                    if room >= state.pool:
                        break
            if state.pool > room:
                state.income += f"; {state.pool - room} lost for want of room"
                state.pool = room  # reinforcements with no room are lost (R8)
        if state.pool <= 0:
            state.pool = 0
            state.phase = MAIN

    def _end_turn(self, state: SpaceRiskState, board: Board, seat: int) -> list[Event]:
        events: list[Event] = []
        params = state.params
        if state.conquests > 0:
            for _ in range(params.cards_per_conquering_turn):
                card = self._draw_card(state)
                if card is None:
                    break
                state.hands[seat].append(card)
                events.append(Event(f"seat {seat} draws a territory card"))
                events.append(Event(f"you draw {board.card_names[card]}", seats=(seat,), reveals=True))
        events.extend(self._check_missions(state, board, seat))
        self._update_planets(state, board)
        if state.phase == OVER:
            return events
        if params.stars_to_win > 0 and state.stars[seat] >= params.stars_to_win:
            self._finish(state, board, [seat], f"seat {seat} earned {state.stars[seat]} stars")
            events.append(Event(state.end_reason))
            return events
        nxt = self._next_seat(state, seat)
        wrapped = self._wrapped_after(state, seat, nxt)
        if wrapped and state.round >= params.max_rounds:
            self._finish_by_score(state, board)
            events.append(Event(state.end_reason))
            return events
        self._begin_turn(state, board, nxt, wrapped)
        return events

    def _wrapped_after(self, state: SpaceRiskState, seat: int, nxt: int) -> bool:
        """Whether play passes the first player's place (that seat may have been eliminated)."""
        rel_prev = (seat - state.first) % state.players
        rel_new = (nxt - state.first) % state.players
        return rel_new <= rel_prev

    def _draw_card(self, state: SpaceRiskState) -> int | None:
        if not state.deck and state.discard:
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
        if not state.deck:
            return None
        return state.deck.pop()

    def _draw_mission(self, state: SpaceRiskState, board: Board, seat: int, deck: list[int],
                      cards: Sequence[MissionCard]) -> int:
        """The top card of a non-empty mission deck; with ``redraw_completed_cards`` a card whose
        task ``seat`` has already done goes to the bottom and the next is drawn (R35)."""
        if state.params.redraw_completed_cards:
            for _ in range(len(deck) - 1):
                top = cards[deck[-1]]
                if top.condition.kind == "conquests_in_turn" or not mission_done(state, board, seat, top):
                    break  # (a turn's conquests are counted afresh: such a card is never free)
                deck.insert(0, deck.pop())
        return deck.pop()

    def _replace_done_missions(self, state: SpaceRiskState, board: Board) -> list[Event]:
        """Once the starting territories are known, dealt cards whose task is already done are
        replaced (R35)."""
        events: list[Event] = []
        if not state.params.redraw_completed_cards:
            return events
        for seat in range(state.players):
            for hand, cards, deck in ((state.objectives[seat], board.objectives, state.objective_deck),
                                      (state.goals[seat], board.goals, state.goal_deck)):
                for i, idx in enumerate(list(hand)):
                    if deck and mission_done(state, board, seat, cards[idx]):
                        hand[i] = self._draw_mission(state, board, seat, deck, cards)
                        deck.insert(0, idx)
                        new = cards[hand[i]]
                        events.append(Event(f"your card {cards[idx].id} ({cards[idx].text}) is already done: "
                                            f"it is replaced by {new.id} ({new.text})", seats=(seat,), reveals=True))
        return events

    def _check_missions(self, state: SpaceRiskState, board: Board, seat: int) -> list[Event]:
        """Objective and goal cards of ``seat`` are checked at the end of its turn (R28)."""
        events: list[Event] = []
        for hand, cards, deck in ((state.objectives[seat], board.objectives, state.objective_deck),
                                  (state.goals[seat], board.goals, state.goal_deck)):
            for idx in list(hand):
                card = cards[idx]
                if not mission_done(state, board, seat, card):
                    continue
                hand.remove(idx)
                state.completed[seat].append(card.id)
                state.mission_discard.append(card.id)
                state.pending[seat] += card.reward
                state.stars[seat] += card.stars
                star = f" and {card.stars} star" if card.stars else ""
                events.append(Event(f"seat {seat} completes {card.id} ({card.text}): "
                                    f"{card.reward} reinforcements next turn{star}", reveals=True))
                if deck:
                    new = self._draw_mission(state, board, seat, deck, cards)
                    hand.append(new)
                    events.append(Event(f"you draw {cards[new].id}: {cards[new].text}", seats=(seat,)))
        return events

    def _update_planets(self, state: SpaceRiskState, board: Board) -> None:
        """Record who holds each whole planet since which turn (planet net-worth, R13)."""
        for pi, planet in enumerate(board.planets):
            first = state.owner[planet.territories[0]]
            holder = first if all(state.owner[t] == first for t in planet.territories) else -1
            if holder != state.planet_holder[pi]:
                state.planet_holder[pi] = holder
                state.planet_since[pi] = state.turn

    # ----------------------------------------------------------------- combat
    def _roll(self, state: SpaceRiskState, k: int, j: int, amod: int, dmod: int) -> tuple[int, int, str]:
        rules = _dice_rules(state.params)
        rng = state.rng
        sides = rules.sides
        att = [rng.randint(1, sides) for _ in range(k)]
        dfn = [rng.randint(1, sides) for _ in range(j)]
        al, dl = dice_mod.compare(att, dfn, amod, dmod, rules.clamp, sides)
        text = (f"{' '.join(map(str, sorted(att, reverse=True)))} against "
                f"{' '.join(map(str, sorted(dfn, reverse=True)))}")
        if amod or dmod:
            def mod(xs: list[int], m: int) -> str:
                return " ".join(str(dice_mod.modified(x, m, rules.clamp, sides)) for x in sorted(xs, reverse=True))
            text += f", modified {amod:+d} / {dmod:+d}: {mod(att, amod)} against {mod(dfn, dmod)}"

        state.last_roll = text
        return al, dl, text

    def _attack(self, state: SpaceRiskState, board: Board, seat: int, action: Attack) -> list[Event]:
        names = board.names
        target = board.index[action.target]
        ship = _ship(state, action.source)
        rules = _dice_rules(state.params)
        events: list[Event] = []
        defender = state.owner[target]
        if ship is not None and not board.land[target]:
            return self._space_battle(state, board, seat, ship, target)
        src = -1 if ship is not None else board.index[action.source]
        while True:
            # One roll; with ``all=yes`` again until the territory falls or nobody is left to attack.
            j = dice_mod.defend_dice(state.armies[target], rules)
            able = ship.cargo if ship is not None else state.armies[src] - 1
            allowed = dice_mod.attack_dice_allowed(able, rules)
            k = min(action.dice, allowed) if action.dice else allowed
            al, dl, text = self._roll(state, k, j, 0, 0)
            state.armies[target] -= dl
            if ship is not None:
                ship.cargo -= al
                left = ship.cargo
            else:
                state.armies[src] -= al
                left = state.armies[src] - 1
            events.append(Event(f"seat {seat}: {action.source} attacks {action.target} (seat {defender}), "
                                f"{text}: attacker -{al}, defender -{dl}"))
            if state.armies[target] == 0:
                break
            if not action.all or left <= 0:
                if action.all:
                    events.append(Event(f"seat {seat} has no infantry left to attack {action.target} with"))
                return events
        # Conquest.
        state.owner[target] = seat
        state.conquests += 1
        events.append(Event(f"seat {seat} takes {names[target]}"))
        most = min(left, state.params.max_infantry)
        state.move_from = src
        state.move_ship = ship.id if ship is not None else -1
        state.move_to = target
        state.move_max = most
        if not any(state.owner[t] == defender for t in range(board.land_count)):
            events.extend(self._eliminate(state, board, defender, seat))
        if most <= 1 or state.phase == OVER:
            self._move_in(state, board, 1)
            state.move_to = -1
        else:
            state.phase = MOVE_IN
            events.append(Event(f"seat {seat} chooses how many infantry (1 to {most}) move into "
                                f"{names[target]}: 'move N'"))
        return events

    def _move_in(self, state: SpaceRiskState, board: Board, count: int) -> None:
        if state.move_ship >= 0:
            ship = _ship(state, ship_name(state.move_ship))
            assert ship is not None
            ship.cargo -= count
        else:
            state.armies[state.move_from] -= count
        state.armies[state.move_to] += count

    def _space_battle(self, state: SpaceRiskState, board: Board, seat: int, ship: Ship, target: int) -> list[Event]:
        """One ship against the best defending ship, one die each (R23)."""
        params = state.params
        defenders = _ships_at(state, target)
        defenders.sort(key=lambda s: (s.kind != BATTLESHIP, s.id))
        dship = defenders[0]
        amod = params.battleship_attack_mod if ship.kind == BATTLESHIP else params.transport_attack_mod
        dmod = params.battleship_defend_mod if dship.kind == BATTLESHIP else params.transport_defend_mod
        if board.asteroid[target]:
            dmod += params.asteroid_defend_mod
        al, _dl, text = self._roll(state, 1, 1, amod, dmod)
        names = board.names
        loser = ship if al else dship
        state.ships.remove(loser)
        where = loser.at
        if not _ships_at(state, where):
            state.owner[where] = -1
        lost = f" with {loser.cargo} infantry aboard" if loser.cargo else ""
        return [Event(f"{SHIP_KINDS[ship.kind]} {ship_name(ship.id)} (seat {seat}) attacks "
                      f"{SHIP_KINDS[dship.kind]} {ship_name(dship.id)} (seat {dship.owner}) in {names[target]}: "
                      f"{text}; {ship_name(loser.id)} is lost{lost}")]

    def _eliminate(self, state: SpaceRiskState, board: Board, loser: int, winner: int) -> list[Event]:
        """A seat with no land left is out; its territory cards go to the conqueror (R30)."""
        state.alive[loser] = False
        for ship in [s for s in state.ships if s.owner == loser]:
            state.ships.remove(ship)
            if state.owner[ship.at] == loser:
                state.owner[ship.at] = -1
        state.hands[winner].extend(state.hands[loser])
        state.hands[loser] = []
        for idx in state.objectives[loser]:
            state.mission_discard.append(board.objectives[idx].id)
        for idx in state.goals[loser]:
            state.mission_discard.append(board.goals[idx].id)
        state.objectives[loser] = []
        state.goals[loser] = []
        events = [Event(f"seat {loser} is eliminated by seat {winner}", reveals=True)]
        alive = [s for s in range(state.players) if state.alive[s]]
        if len(alive) == 1:
            self._finish(state, board, alive, f"seat {alive[0]} is the last player standing")
            events.append(Event(state.end_reason))
        return events

    def _finish(self, state: SpaceRiskState, board: Board, winners: list[int], reason: str) -> None:
        state.phase = OVER
        state.winners = winners
        state.end_reason = reason

    def _finish_by_score(self, state: SpaceRiskState, board: Board) -> None:
        """At the round limit: most stars, then most territories, then most infantry (R29)."""
        def key(s: int) -> tuple[int, int, int]:
            terrs = sum(1 for t in range(board.land_count) if state.owner[t] == s)
            inf = sum(state.armies[t] for t in range(board.land_count) if state.owner[t] == s)
            inf += sum(sh.cargo for sh in state.ships if sh.owner == s)
            return (state.stars[s], terrs, inf)

        alive = [s for s in range(state.players) if state.alive[s]]
        best = max(key(s) for s in alive)
        winners = [s for s in alive if key(s) == best]
        def count(n: int, one: str, many: str) -> str:
            return f"{n} {one if n == 1 else many}"

        scores = "; ".join(f"P{s} {count(key(s)[0], 'star', 'stars')}, "
                           f"{count(key(s)[1], 'territory', 'territories')}, {key(s)[2]} infantry" for s in alive)
        self._finish(state, board, winners if len(winners) == 1 else [],
                     f"round limit {state.params.max_rounds} reached; scored by stars, then territories, "
                     f"then infantry: {scores}")

    # ------------------------------------------------------------------ views
    def _view(self, state: SpaceRiskState, seat: int | None) -> SpaceRiskView:
        return build_view(state, board_of(state), seat)

    def render(self, view: SpaceRiskView, viewer: Viewer) -> str:
        return render_view(view, load_board(view.params.board))

    def perturb_hidden(self, state: SpaceRiskState, seat: int, rng: Rng) -> SpaceRiskState:
        """Reshuffle what ``seat`` cannot see: other hands and mission cards, and deck orders."""
        new = self.clone(state)
        others = [s for s in range(state.players) if s != seat]
        for hands, deck_name in ((new.hands, "deck"), (new.objectives, "objective_deck"),
                                 (new.goals, "goal_deck")):
            deck: list[int] = getattr(new, deck_name)
            pool = [c for s in others for c in hands[s]] + deck
            rng.shuffle(pool)
            for s in others:
                n = len(hands[s])
                hands[s] = pool[:n]
                pool = pool[n:]
            setattr(new, deck_name, pool)
        return new

    def determinize(self, view: SpaceRiskView, seat: int, rng: Rng) -> SpaceRiskState:
        return determinize_view(view, load_board(view.params.board), seat, rng)

    def describe_action(self, view: SpaceRiskView, action: Action) -> str | None:
        """The exact odds beside an attack, the value of a trade, an asteroid field ahead."""
        from starlanes.games.space_risk.ai import p_win
        from starlanes.games.space_risk.odds import roll_outcomes_float

        board = load_board(view.params.board)
        params = view.params
        if isinstance(action, Attack):
            target = board.index.get(action.target)
            ship = next((s for s in view.ships if ship_name(s.id) == action.source), None)
            if target is None:
                return None
            if not board.land[target]:
                if ship is None:
                    return None
                defenders = sorted((s for s in view.ships if s.at == target),
                                   key=lambda s: (s.kind != BATTLESHIP, s.id))
                if not defenders:
                    return None
                dship = defenders[0]
                amod = params.battleship_attack_mod if ship.kind == BATTLESHIP else params.transport_attack_mod
                dmod = params.battleship_defend_mod if dship.kind == BATTLESHIP else params.transport_defend_mod
                if board.asteroid[target]:
                    dmod += params.asteroid_defend_mod
                outcomes = roll_outcomes_float(1, 1, amod, dmod, params.dice)
                p = sum(pr for _al, dl, pr in outcomes if dl == 1)
                return (f"against {SHIP_KINDS[dship.kind]} {ship_name(dship.id)} ({amod:+d} / {dmod:+d}): "
                        f"wins {_percent(p)}")
            source = board.index.get(action.source)
            if ship is not None:
                able = ship.cargo
            elif source is not None:
                able = view.armies[source] - 1
            else:
                return None
            there = view.armies[target]
            if action.all:
                if action.dice:
                    return None  # the calculator's whole battle rolls the most dice
                p = p_win(params.dice, able, there)
                return f"{able} against {there}: takes it {_percent(p)} (rolls until done)"
            k = action.dice or dice_mod.attack_dice_allowed(able, params.dice)
            j = dice_mod.defend_dice(there, params.dice)
            outcomes = roll_outcomes_float(k, j, 0, 0, params.dice)
            def loss(al: int, dl: int) -> str:
                if al == 0:
                    return f"defender -{dl}"
                if dl == 0:
                    return f"attacker -{al}"
                return f"each -{al}" if al == dl else f"attacker -{al} defender -{dl}"

            parts = [f"{loss(al, dl)} {_percent(p)}" for al, dl, p in sorted(outcomes, key=lambda o: (o[0], -o[1]))]
            return f"one roll, {k} {'die' if k == 1 else 'dice'} against {j}: " + ", ".join(parts)
        if isinstance(action, Trade):
            names = (action.first, action.second, action.third)
            ids = [board.card_names.index(n) for n in names if n in board.card_names]
            held = sum(1 for c in ids
                       if board.card_territory[c] >= 0 and view.owner[board.card_territory[c]] == view.current)
            bonus = params.trade_territory_bonus * (min(1, held) if params.trade_bonus_once else held)
            return f"worth {board.trade_value(view.sets_traded)} + {bonus} for territories held by the trader"
        if isinstance(action, Fly):
            to = board.index.get(action.to)
            if to is not None and board.asteroid[to]:
                return "asteroid field: defenders +1 there"
        return None

    def agents(self) -> Mapping[str, AgentFactory]:
        from starlanes.games.space_risk.ai import make_heuristic

        return {"space-risk:heuristic": make_heuristic}

    def evaluate(self, state: SpaceRiskState, seat: int) -> float | None:
        from starlanes.games.space_risk.ai import evaluate_state

        return evaluate_state(state, board_of(state), seat)


def make_space_risk() -> SpaceRisk:
    """The registry's factory."""
    return SpaceRisk()
