"""The Kardashev ruleset: the core protocol's hooks wired to the rules (one table from action
type to rule, no lookup by name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

import msgspec

from starlanes.core.actions import Action
from starlanes.core.decision import Decision
from starlanes.core.gm import Actor
from starlanes.core.legal import ActionTemplate
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset, seat_rngs
from starlanes.core.state import Event, EventData, Outcome
from starlanes.games.kardashev import fastlegal, legality
from starlanes.games.kardashev.actions import (
    ACTION_TYPES,
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
from starlanes.games.kardashev.costs import Cost
from starlanes.games.kardashev.events import EVENT_TYPES, QUIET, describe
from starlanes.games.kardashev.rules import fleet, harvest, round
from starlanes.games.kardashev.rules.common import (
    _CELL_KEYS,
    CONTENT,
    NEIGH,
    RES,
    ally_of,
    cell_of,
    check_end,
    give,
    holdings,
    pay,
    pay_matching,
    scores,
    table,
    teams,
)
from starlanes.games.kardashev.rules.turn import (
    build_colony,
    build_fleet,
    cheapest,
    colony_price,
    fleet_price,
    fleet_site,
    hand_over,
    place,
    raid,
    research,
    research_paid,
    settle,
    use_tech,
    via_surcharge,
)
from starlanes.games.kardashev.scoring import decide
from starlanes.games.kardashev.spec import SPEC, KardashevParams
from starlanes.games.kardashev.state import KardashevState, KardashevView
from starlanes.games.kardashev.view import shuffled_bag, state_of, view_of

Rule = Callable[[KardashevState, int, Action], list[Event]]


def _cell(raw: tuple[int, ...]) -> int:
    """The cell an action names (``cell_of``; an action's cell is a tuple: its key looked up at once)."""
    index = _CELL_KEYS.get(raw) if type(raw) is tuple else cell_of(raw)
    assert index is not None
    return index


def _role(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, ChooseRole)
    return round.choose_role(state, seat, a)


def _arrange(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Arrange)
    return round.arrange(state, seat, a)


def _pick(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Pick)
    return round.pick(state, seat, a)


# each resource type's place in a hand's delta (``RES`` order)
_RES_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(RES)}


def _gain(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Gain)
    task = state.tasks.pop(0)
    delta = [0, 0, 0]  # ``turn.gain``: a card of the type, every card of a matching refund
    delta[_RES_INDEX[a.type]] = task.amount if task.amount > 1 else 1
    return give(state, task.seat, delta, -1, task.reason)


def _decline(state: KardashevState, seat: int, a: Action) -> list[Event]:
    state.tasks.pop(0)
    return []


def _pay(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Pay)
    task = state.tasks.pop(0)
    paid = [a.food, a.matter, a.energy]
    if task.same_type:
        kind = RES[paid.index(task.amount)]
        events = pay_matching(state, seat, kind, task.amount, task.reason)
    else:
        events = hand_over(state, task, paid)
    research_paid(state, seat, task.reason, paid)
    return events


def _raid(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Raid)
    return raid(state, state.tasks.pop(0), a.type)


def _place(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Place)
    index = _cell(a.cell)
    if state.tasks:
        task = state.tasks.pop(0)
        return place(state, seat, index, task.drawn, task.drawn_back, a.face, task.reason, then_gain=task.then_gain)
    p = state.seats[seat]
    assert p.tile is not None
    offer = state.offer[p.tile]
    p.tile = None
    return place(state, seat, index, offer.symbols, offer.back, a.face, "won tile")


def _support(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Support)
    state.tasks.pop(0)
    cells = [_cell(a.cells[k:k + 2]) for k in range(0, len(a.cells), 2)]
    return fleet.support(state, seat, cells)


def _spend(state: KardashevState, via: str | None) -> None:
    if via is None:
        state.base_used += 1
    else:
        state.research_used += 1


def _colony(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, BuildColony | UpgradeColony)
    index = _cell(a.cell)
    upgrade = isinstance(a, UpgradeColony)
    level = state.cells[index].colony_level + 1 if upgrade else 1
    sur = via_surcharge(state, seat, a.via, "upgrade-colony" if upgrade else "build-colony") or 0
    price = cheapest(state, seat, colony_price(state, seat, level), sur)
    assert price is not None
    _spend(state, a.via)
    return build_colony(state, seat, index, price, upgrade, a.via)


def _fleet(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, BuildFleet | UpgradeFleet)
    index = _cell(a.cell)
    upgrade = isinstance(a, UpgradeFleet)
    site = fleet_site(state, seat, index)
    assert site is not None
    level = state.cells[index].fleet_level + 1 if upgrade else a.level  # type: ignore[union-attr]
    sur = via_surcharge(state, seat, a.via, "upgrade-fleet" if upgrade else "build-fleet") or 0
    price = fleet_price(state, site[0], 1 if upgrade else level)
    _spend(state, a.via)
    return build_fleet(state, seat, index, level, price + Cost(any=sur), upgrade, a.via)


def _harvest(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Harvest)
    sur = 0 if a.via is None else via_surcharge(state, seat, a.via, "harvest") or 0  # ``via_surcharge``
    events: list[Event] = []
    if sur:
        events += pay(state, seat, Cost(any=sur), f"harvest via {a.via}")
    if a.via is None:  # ``_spend``
        state.base_used += 1
    else:
        state.research_used += 1
    return events + harvest.harvest(state, seat, (a.food, a.matter, a.energy))


def _move(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Move)
    sur = 0 if a.via is None else via_surcharge(state, seat, a.via, "move-fleet") or 0  # ``via_surcharge``
    if not a.path and not fleet.gains_on_move(state, seat):
        # a move that gains no card reads only its destination, cells and energy: from the
        # fleet's kept search when it attacks nobody (``fastlegal.kept_move``)
        start, dest = _cell(a.start), _cell(a.to)
        quick = fastlegal.kept_move(state, seat, start, dest, sur)
        if quick is not None:
            if a.via is None:  # ``_spend``
                state.base_used += 1
            else:
                state.research_used += 1
            return fleet.move_plainly(state, seat, start, dest, *quick, sur, a.via)
    plan = legality.move_plan(state, seat, a, fastlegal.kept_masks(state, seat))
    assert not isinstance(plan, str)
    _spend(state, a.via)
    events = fleet.move(state, seat, _cell(a.start), plan, sur, a.via)
    return events


def _research(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Research)
    free = state.phase == "role"
    if not free:
        state.research_used += 1
    events = research(state, seat, a.tech, a.copy, free)
    if free:
        events += round.after_setup(state)
    return events


def _use(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, UseTech)
    state.research_used += 1
    index = cell_of(a.cell) if a.cell else None
    return use_tech(state, seat, a.tech, index, a.symbol, a.target)


def _compile(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Compile)
    state.research_used += 1
    delta = [0, 0, 0]  # ``one(a.type)``
    delta[_RES_INDEX[a.type]] = 1
    return give(state, seat, delta, -1, "compile")


def _exchange(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Exchange)
    delta = [0, 0, 0]
    delta[_RES_INDEX[a.give]] -= state.params.exchange_rate
    delta[_RES_INDEX[a.get]] += 1
    return give(state, seat, delta, -1, "exchange")


def _gift(state: KardashevState, seat: int, a: Action) -> list[Event]:
    assert isinstance(a, Gift)
    ally = ally_of(state, seat)
    assert ally is not None
    delta = [a.food, a.matter, a.energy]
    events = give(state, seat, [-n for n in delta], ally, "gift") + give(state, ally, delta, seat, "gift")
    return events + round.end_turn(state)


def _end(state: KardashevState, seat: int, a: Action) -> list[Event]:
    return round.end_turn(state)


RULES: dict[type[Action], Rule] = {
    ChooseRole: _role, Arrange: _arrange, Pick: _pick, Gain: _gain, Decline: _decline, Pay: _pay, Raid: _raid,
    Place: _place,
    Support: _support, BuildColony: _colony, UpgradeColony: _colony, BuildFleet: _fleet, UpgradeFleet: _fleet,
    Harvest: _harvest, Move: _move, Research: _research, UseTech: _use, Compile: _compile, Exchange: _exchange,
    Gift: _gift, End: _end,
}


# the actions that change neither the board nor any seat's technologies: the board read of the
# turn decisions is kept as it is for the next step (``fastlegal.after``) and the end check does
# not read the board again (a pick, the last pick it makes, the turn it begins, a new round or
# the game's end set no tile, piece or technology; so do sealed bids, which ``_apply_bids``
# tells ``fastlegal.after``)
BOARD_KEPT: frozenset[type[Action]] = frozenset({Compile, Exchange, Harvest, Gain, Decline, Pay, End, Pick})
# the actions that leave the board but may change technologies (the read compares them only);
# Use Technology may terraform (a symbol the read's columns do not show): what reads the tiles
# is dropped
TECHS_ONLY: frozenset[type[Action]] = frozenset({Research, Bid})
# the actions that change one cell, their ``cell`` (the piece built or upgraded there, the tile
# placed there and a fleet lost on it, the planet a Use Technology terraforms, destroys or makes:
# one with no cell, a probe or an erasure, changes no cell); the read compares that cell only
ONE_CELL: frozenset[type[Action]] = frozenset({BuildColony, UpgradeColony, BuildFleet, UpgradeFleet, Place, UseTech})


def _changed_cells(state: KardashevState, moves: Mapping[int, Action]) -> tuple[int, ...]:
    """The only cells an action may change, read before it (``fastlegal.after``): a build's, an
    upgrade's, a placed tile's cell; a move's start and destination unless it attacks (a battle
    may take pieces elsewhere); () for any other action (the read compares every cell)."""
    if len(moves) != 1:
        return ()
    ((seat, action),) = moves.items()
    found = _ONE.get(type(action))
    where = None if found is None else found[3]
    return () if where is None else where(state, seat, action)


def _one_cell(state: KardashevState, seat: int, action: Action) -> tuple[int, ...]:
    """A build's, an upgrade's, a placed tile's, a used technology's cell (``ONE_CELL``; ():
    none given, the read compares every cell)."""
    index = cell_of(action.cell)  # type: ignore[attr-defined]
    return () if index is None else (index,)


def _move_cells(state: KardashevState, seat: int, action: Action) -> tuple[int, ...]:
    """A move's start and destination; for an attack, also the cells around the destination
    (the one its fleet retreats to, a step before it; a downgrade hits the fleet there or on the
    destination): two cells exactly when it attacks nobody (``_apply_one``'s end check)."""
    raw, to = action.start, action.to  # type: ignore[attr-defined]
    start = _CELL_KEYS.get(raw) if type(raw) is tuple else cell_of(raw)  # ``cell_of``
    dest = _CELL_KEYS.get(to) if type(to) is tuple else cell_of(to)
    if start is None or dest is None:
        return ()
    d, seats = state.cells[dest], state.seats
    team = seats[seat].team
    if (d.colony is not None and seats[d.colony].team != team) or (d.fleet is not None and seats[d.fleet].team != team):
        return (start, dest, *NEIGH[dest])  # an attack (every cell has three neighbours or more)
    return (start, dest)


def _battle_cells(state: KardashevState, seat: int, action: Action) -> tuple[int, ...]:
    """The cells a support may change, when it is the last and the attack is resolved: the
    attacked cell and the cells around it (the attacker's retreat; a downgrade hits there or on
    the attacked cell); the supporting fleets stay as they are."""
    b = state.battle
    return () if b is None else (b.target, *NEIGH[b.target])


# the actions after which the end check finds nothing new when the previous one was made in full
# (``check_end``'s ``board_kept``): what it reads, each seat's having a piece on the board and its
# colony supply, the action leaves or only grows (a fleet built or upgraded: pieces added, only
# the fleet supply spent; a research, a pick, a Use Technology: no piece, no supply). A move
# attacking nobody is one too (its fleet only changes cells: ``_move_cells`` finds no attack);
# a colony built (its supply) or a tile placed (a fleet lost on a destroyed planet) is not.
END_KEPT: frozenset[type[Action]] = BOARD_KEPT | {Research, Pick, UseTech, BuildFleet, UpgradeFleet}
# the actions whose rule ends the turn and checks the end itself (``round.end_turn``): none after
END_CHECKED: frozenset[type[Action]] = frozenset({End, Gift})


def _change_of(cls: type[Action]) -> int:
    """What one action of ``cls`` may change (``fastlegal.after``)."""
    return fastlegal.NOTHING if cls in BOARD_KEPT else fastlegal.TECHS if cls in TECHS_ONLY \
        else fastlegal.TILE_SYMBOLS if cls is UseTech else fastlegal.BOARD_AND_TECHS


Cells = Callable[[KardashevState, int, Action], tuple[int, ...]]

# how ``_apply_one`` checks the end after an action (``check_end``): not at all (the rule did,
# ``END_CHECKED``), kept (``END_KEPT``), kept when the move attacks nobody, in full
_NO_CHECK, _KEPT_CHECK, _MOVE_CHECK, _FULL_CHECK = 0, 1, 2, 3


def _end_check_of(cls: type[Action]) -> int:
    return _NO_CHECK if cls in END_CHECKED else _KEPT_CHECK if cls in END_KEPT else _MOVE_CHECK if cls is Move \
        else _FULL_CHECK


# per action type, for one seat's action: its rule, how the end is checked after it
# (``_end_check_of``), what it may change and how to find the only cells it changes
# (``_changed_cells``), looked up once
_ONE: dict[type[Action], tuple[Rule, int, int, Cells | None]] = {
    cls: (rule, _end_check_of(cls), _change_of(cls), _one_cell if cls in ONE_CELL else _move_cells if cls is Move
          else _battle_cells if cls is Support else None)
    for cls, rule in RULES.items()
}


def _apply_one(state: KardashevState, seat: int, action: Action) -> list[Event]:
    """``Kardashev._apply`` of one seat's action outside the sealed bids: one look-up (``_ONE``);
    the end checked as the action needs (``_end_check_of``: a move attacking nobody is one whose
    changed cells ``_move_cells`` finds two)."""
    rule, check, change, where = _ONE[type(action)]
    cells = where(state, seat, action) if where is not None else ()
    events = rule(state, seat, action)
    tasks = state.tasks
    if tasks:
        if tasks[0].kind == "pay":  # ``settle`` drops only payments, the first first
            settle(state)
    elif state.phase == "role":
        events += round.after_setup(state)
        settle(state)
    fastlegal.after(state, change, 0, cells)
    if check == _KEPT_CHECK or (check == _MOVE_CHECK and len(cells) == 2):
        # ``check_end(state, True)``'s kept way without its call: the previous action's check,
        # made in full or kept, is current (its step mark), and the state is one it checks
        kept = state.__dict__
        step = state.step
        seen = kept.get("_kpresent")
        if (seen == step or seen == step + 1) and state.battle is None and state.phase not in ("role", "over"):
            kept["_kpresent"] = step + 1
        else:
            check_end(state, True)
    elif check != _NO_CHECK:
        check_end(state, False, fastlegal.pieces(state))
    return events


def _apply_bids(state: KardashevState, moves: Mapping[int, Bid]) -> list[Event]:
    """``Kardashev._apply`` of sealed bids all drawn as bids (``play_random``'s): resolved, the
    payments nobody can make dropped, the kept read brought up to date past the bids made before
    the last one (bids, the picks and turn they may begin, a new round or the game's end change
    neither the board nor technologies: ``NOTHING``, as for a pick), the end checked as kept past
    those bids (bids and picks take no piece and spend no colony supply: ``END_KEPT``)."""
    events = round.resolve_bids(state, moves)
    settle(state)
    lag = len(moves) - 1
    fastlegal.after(state, fastlegal.NOTHING, lag)
    check_end(state, True, None, lag)
    return events


class Kardashev(Ruleset[KardashevState, KardashevView, KardashevParams]):
    spec = SPEC
    state_type = KardashevState
    view_type = KardashevView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    event_types: ClassVar[tuple[type[EventData], ...]] = EVENT_TYPES

    def _setup(self, params: KardashevParams, players: int, rng: Rng) -> KardashevState:
        return round.setup(params, players, rng)

    def _decision(self, state: KardashevState) -> Decision | None:
        kind, actors = legality.decision(state)
        if kind == "over":
            return None
        return Decision(actors, kind == "bid", "all", kind)

    def _legal_actions(self, state: KardashevState, seat: int) -> Sequence[Action | ActionTemplate]:
        return legality.legal(state, seat)

    def _count_legal(self, state: KardashevState, seat: int) -> int:
        return fastlegal.count(state, seat)

    def _sample_legal(self, state: KardashevState, seat: int, rng: Rng) -> Action:
        return fastlegal.sample(state, seat, rng)

    def _why_not(self, state: KardashevState, actor: Actor, action: Action) -> str | None:
        if not isinstance(actor, int):
            return None
        return legality.why_not(state, actor, action)

    def _default_action(self, state: KardashevState, seat: int) -> Action | None:
        return Bid(0) if legality.decision_kind(state) == "bid" else None

    def _apply(self, state: KardashevState, moves: Mapping[int, Action]) -> list[Event]:
        if len(moves) == 1 and (state.phase != "bid" or state.tasks):  # one seat's action
            ((seat, action),) = moves.items()
            return _apply_one(state, seat, action)
        lag = 0
        cells = _changed_cells(state, moves)
        if state.phase == "bid" and not state.tasks:
            events = round.resolve_bids(state, moves)
            lag = len(moves) - 1  # the sealed bids before the last one were steps without ``_apply``
        else:
            ((seat, action),) = moves.items()
            events = RULES[type(action)](state, seat, action)
            if state.phase == "role" and not state.tasks:
                events += round.after_setup(state)
        settle(state)
        if len(moves) == 1:
            cls = type(next(iter(moves.values())))
            kept = cls in BOARD_KEPT
            change = _change_of(cls)
        else:
            kinds = {type(a) for a in moves.values()}
            kept = False
            change = fastlegal.TECHS if kinds <= TECHS_ONLY else fastlegal.TILE_SYMBOLS if UseTech in kinds \
                else fastlegal.BOARD_AND_TECHS
        fastlegal.after(state, change, lag, cells)
        check_end(state, kept, None if kept else fastlegal.pieces(state))
        return events

    def play_random(self, state: KardashevState, rng: Rng | Sequence[Rng], limit: int) -> int:
        """``Ruleset.play_random``: the same actions and state (the lab's random games, search
        playouts), each step's decision worked out once (``legality.decision``) and its action
        drawn for its kind. The sealed bids, when none has been made yet, are drawn seat by seat
        as the public loop draws them (every seat of the decision, past ``limit`` too) and resolved
        as the core resolves them (the steps of the sealed choices, then ``_apply``), without the
        sealed texts; any other sealed step goes through the public calls. Its own steps build no
        event (``events.QUIET``: their events are not read; the public calls build theirs)."""
        rngs = seat_rngs(rng, state.players)
        before = QUIET.on
        QUIET.on = True  # this loop's own steps build no event (nobody reads them), in this thread
        try:
            return self._play_random(state, rngs, limit)
        finally:
            QUIET.on = before

    def _play_random(self, state: KardashevState, rngs: Sequence[Rng], limit: int) -> int:
        """``play_random``'s loop (``events.QUIET`` set, unset around the public calls)."""
        quiet = QUIET
        played = 0
        while played < limit:
            if state.gm_outcome is not None:
                return played
            phase = state.phase
            if not state.sealed:  # the decisions ``legality.decision`` tells, made short
                tasks = state.tasks
                if tasks:
                    if phase != "over":  # a sub-decision of its task's seat
                        task = tasks[0]
                        _apply_one(state, task.seat, fastlegal.draw(state, task.seat, rngs[task.seat], task.kind))
                        state.step += 1
                        played += 1
                        continue
                elif phase == "turn":
                    if state.order:  # the active seat's turn or its won tile
                        seat = state.order[state.turn]
                        _apply_one(state, seat, fastlegal.draw(state, seat, rngs[seat],
                                                               "turn" if state.seats[seat].tile is None else "place"))
                        state.step += 1
                        played += 1
                        continue
                elif phase == "pick":  # the next picker (``round.picker``)
                    seat = state.pickers[state.picked]
                    _apply_one(state, seat, fastlegal.draw(state, seat, rngs[seat], "pick"))
                    state.step += 1
                    played += 1
                    continue
                elif phase == "bid":  # the sealed bids of the seats still in (``round.active_seats``)
                    seats = []
                    for seat, p in enumerate(state.seats):
                        if not p.eliminated:
                            seats.append(seat)
                    if not seats:
                        return played
                    self._bids(state, rngs, seats)
                    played += len(seats)
                    continue
            kind, actors = legality.decision(state)
            if not actors:
                return played
            if kind != "bid" and not state.sealed:  # one seat's action (``_apply``'s first case)
                seat = actors[0]
                _apply_one(state, seat, fastlegal.draw(state, seat, rngs[seat], kind))
                state.step += 1
                played += 1
            elif kind == "bid" and not state.sealed:
                seats = sorted(actors)
                self._bids(state, rngs, seats)
                played += len(seats)
            else:
                awaited = self.to_act(state)
                if not awaited:
                    return played
                quiet.on = False
                for seat in sorted(awaited):  # the public loop's steps
                    self.apply_unchecked(state, seat, self.sample_legal(state, seat, rngs[seat]))
                    played += 1
                quiet.on = True
        return played

    @staticmethod
    def _bids(state: KardashevState, rngs: Sequence[Rng], seats: list[int]) -> None:
        """``_play_random``'s sealed bids of ``seats`` (in seat order), each drawn as the public
        loop draws it, then applied as ``_apply`` does (``_apply_bids``)."""
        bids: dict[int, Bid] = {}
        for seat in seats:
            bid = fastlegal.draw(state, seat, rngs[seat], "bid")
            assert isinstance(bid, Bid)
            bids[seat] = bid
        state.step += len(seats) - 1  # the sealed choices before the last, each a step
        _apply_bids(state, bids)  # ``_apply`` of these bids
        state.step += 1

    def forget(self, state: KardashevState) -> None:
        super().forget(state)
        fastlegal.forget(state)

    def _view(self, state: KardashevState, seat: int | None) -> KardashevView:
        return view_of(state, seat)

    def _outcome(self, state: KardashevState) -> Outcome | None:
        if state.phase != "over":
            return None
        result = decide({s: holdings(state, s) for s in range(state.players)}, table=table(state),
                        tiebreak=state.params.tiebreak, teams=teams(state))
        return Outcome(state.ended, tuple(sorted(result.winners)), tuple(float(s) for s in scores(state)))

    def describe_event(self, event: Event, viewer: Actor) -> str:
        return describe(event) or super().describe_event(event, viewer)

    def perturb_hidden(self, state: KardashevState, seat: int, rng: Rng) -> KardashevState:
        new = shuffled_bag(self.clone(state), rng)
        for other in range(state.players):
            if other != seat and other in new.sealed:
                new.sealed[other] = Bid(rng.randint(0, round.bid_range(state, other))).text()
        return new

    def determinize(self, view: KardashevView, seat: int, rng: Rng) -> KardashevState:
        return state_of(view, len(view.seats), rng)

    def static_content(self, params: KardashevParams) -> dict[str, bytes]:
        techs = {k: msgspec.to_builtins(t) for k, t in CONTENT.techs.items()}
        roles = {k: msgspec.to_builtins(r) for k, r in CONTENT.roles.items()}
        return {"techs.json": msgspec.json.encode(techs, order="sorted"),
                "roles.json": msgspec.json.encode(roles, order="sorted")}

    def seat_labels(self, state: KardashevState) -> tuple[str, ...]:
        """Each seat's role name: the lab's win rate per role (starlanes.lab.labels)."""
        return tuple(CONTENT.roles[p.role].name if p.role is not None else "no role" for p in state.seats)

    def evaluate(self, state: KardashevState, seat: int) -> float | None:
        """The side's score against the best other side's, squashed into [0, 1] (K-E05, K-V09)."""
        s = scores(state)
        sides = teams(state)
        mine = next(side for side in sides if seat in side)
        own = sum(s[i] for i in mine)
        best_other = max((sum(s[i] for i in side) for side in sides if side is not mine), default=0)
        return 0.5 + max(-0.5, min(0.5, (own - best_other) / (40 * len(mine))))


def make_ruleset() -> Kardashev:
    return Kardashev()
