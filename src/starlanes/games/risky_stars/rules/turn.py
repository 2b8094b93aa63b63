"""The turn and round structure (ruling 15): a turn begins with production (RS-P01) and, every
``hero_every_rounds`` rounds, a hero draw (ruling 18); it ends with ``end`` or a bounce. When
every player has had its turn, the round ends: open combats are resolved in the order they
opened (ruling 27), truces count down (ruling 22), players with nothing left are out (ruling
25), the end of the game is checked (ruling 24); the next round begins with the alliances'
muster (ruling 21)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.risky_stars.actions import hero_id
from starlanes.games.risky_stars.economy import income
from starlanes.games.risky_stars.events import (
    Eliminated,
    FeaturedHeld,
    GameOver,
    HeroDrawn,
    HeroReceived,
    Muster,
    Produced,
    RoundEnded,
    TruceEnded,
    TurnBegan,
    TurnEnded,
)
from starlanes.games.risky_stars.rules.combat import resolve
from starlanes.games.risky_stars.rules.common import board
from starlanes.games.risky_stars.spec import FULL_LAP
from starlanes.games.risky_stars.state import NOBODY, Combat, RiskyStarsState

__all__ = [
    "begin_turn",
    "end_turn",
    "largest_remainder",
    "muster",
    "regions_of",
    "standings",
]


def regions_of(state: RiskyStarsState, seat: int) -> int:
    """Regions (not mouths) ``seat`` possesses."""
    n = board(state).n_regions
    owner = state.owner
    return sum(1 for i in range(n) if owner[i] == seat)


def largest_remainder(total: int, weights: list[int]) -> list[int]:
    """Split ``total`` in proportion to ``weights``: floors, then one more to the largest
    remainders (ties: the earlier one). ``weights`` must not all be 0."""
    whole = sum(weights)
    parts = [total * w // whole for w in weights]
    rest = total - sum(parts)
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[:rest]:
        parts[i] += 1
    return parts


def muster(state: RiskyStarsState) -> list[Event]:
    """Each alliance's pooled army purchase at the start of a round (RS-A01, RS-A02, ruling 21):
    members offer ``share`` % of each resource; the pool buys as many units as it can; the units
    are split by the members' regions (largest remainder); each member pays its part of the cost
    in proportion to what it offered; the rest stays with it."""
    events: list[Event] = []
    cost = state.params.unit_cost
    for alliance in sorted({a for s, a in enumerate(state.alliance) if a != NOBODY and state.alive[s]}):
        members = [s for s in range(state.players) if state.alliance[s] == alliance and state.alive[s]]
        offered = [[state.stock[s][r] * state.share[s] // 100 for r in range(3)] for s in members]
        totals = [sum(o[r] for o in offered) for r in range(3)]
        units = min(totals[r] // cost[r] for r in range(3) if cost[r])
        regions = [regions_of(state, s) for s in members]
        if units <= 0 or not sum(regions):
            continue
        allotted = largest_remainder(units, regions)
        paid = [[0, 0, 0] for _ in members]
        for r in range(3):
            need = units * cost[r]
            if not need:
                continue
            parts = largest_remainder(need, [o[r] for o in offered])
            for i, part in enumerate(parts):
                paid[i][r] = part
        for i, s in enumerate(members):
            for r in range(3):
                state.stock[s][r] -= paid[i][r]
            state.to_place[s] += allotted[i]
        events.append(Muster(alliance, units, members, allotted, paid).event())
    return events


def _produce(state: RiskyStarsState, seat: int) -> list[Event]:
    b = board(state)
    made = income(b, state.params, state.owner, state.level, state.heroes, state.hero_class, seat)
    for r in range(3):
        state.stock[seat][r] += made[r]
    return [Produced(seat, *made).event()]


def _draw_hero(state: RiskyStarsState, seat: int) -> list[Event]:
    if not state.deck:
        return []
    hero = state.deck.pop()
    state.reserve[seat].append(hero)
    return [HeroDrawn(seat, hero_id(hero), state.hero_class[hero]).event(seats=(seat,), reveals=True),
            HeroReceived(seat, len(state.reserve[seat])).event()]


def begin_turn(state: RiskyStarsState, seat: int) -> list[Event]:
    """Start ``seat``'s turn: (``full_lap``) resolve the combats it opened, produce, maybe draw."""
    state.current = seat
    state.moved = state.proposed = state.shared = False
    events = [TurnBegan(seat, state.round).event()]
    if state.params.combat_window == FULL_LAP:
        events += _resolve(state, [c for c in state.combats if c.attacker == seat])
        events += _check_eliminations(state)
        if _game_decided(state, events):
            return events
    events += _produce(state, seat)
    if state.round % state.params.hero_every_rounds == 0:
        events += _draw_hero(state, seat)
    return events


def _resolve(state: RiskyStarsState, combats: list[Combat]) -> list[Event]:
    events: list[Event] = []
    for combat in list(state.combats):
        if combat in combats:
            state.combats.remove(combat)
            events += resolve(state, combat)
    return events


def _check_eliminations(state: RiskyStarsState) -> list[Event]:
    """A player with no location and no army is out (ruling 25): it leaves its alliance (no
    truce) and its unassigned heroes leave the game."""
    events: list[Event] = []
    for s in range(state.players):
        if not state.alive[s]:
            continue
        if any(o == s for o in state.owner) or any(state.units[s]):
            continue
        state.alive[s] = False
        discarded = sorted(state.reserve[s])
        state.removed.extend(discarded)
        state.reserve[s] = []
        state.to_place[s] = 0
        events.append(Eliminated(s, [hero_id(h) for h in discarded]).event(reveals=bool(discarded)))
        alliance = state.alliance[s]
        state.alliance[s] = NOBODY
        if alliance != NOBODY:
            rest = [m for m in range(state.players) if state.alliance[m] == alliance]
            if len(rest) == 1:
                state.alliance[rest[0]] = NOBODY
    return events


def standings(state: RiskyStarsState) -> list[tuple[int, int, int]]:
    """Per seat: (regions, production per turn, stockpile), the round-limit order (ruling 24)."""
    b = board(state)
    out = []
    for s in range(state.players):
        made = income(b, state.params, state.owner, state.level, state.heroes, state.hero_class, s)
        out.append((regions_of(state, s), sum(made), sum(state.stock[s])))
    return out


def _finish(state: RiskyStarsState, winners: list[int], reason: str) -> list[Event]:
    state.over = True
    state.winners = sorted(winners)
    state.end_reason = reason
    state.pending = None
    return [GameOver(list(state.winners), reason).event()]


def _game_decided(state: RiskyStarsState, events: list[Event]) -> bool:
    """End the game if one player (or, with ``allied_victory``, one alliance) is left."""
    alive = [s for s in range(state.players) if state.alive[s]]
    if not alive:
        events += _finish(state, [], "every player was wiped out at once: a draw")
    elif len(alive) == 1:
        events += _finish(state, alive, f"seat {alive[0]} is the last player standing")
    elif state.params.allied_victory and len({state.alliance[s] for s in alive}) == 1 \
            and state.alliance[alive[0]] != NOBODY:
        events += _finish(state, alive, "every player left is in one alliance")
    return state.over


def _featured(state: RiskyStarsState) -> list[Event]:
    need = state.params.featured_hold_rounds
    if not need:
        return []
    b = board(state)
    featured = [i for i, kind in enumerate(b.system_kind) if kind == "featured"]
    holders = {state.owner[r] for s in featured for r in b.system_regions[s]}
    holder = holders.pop() if len(holders) == 1 else NOBODY
    if holder == NOBODY:
        state.featured_holder, state.featured_rounds = NOBODY, 0
        return []
    state.featured_rounds = state.featured_rounds + 1 if holder == state.featured_holder else 1
    state.featured_holder = holder
    events = [FeaturedHeld(holder, state.featured_rounds).event()]
    if state.featured_rounds >= need:
        events += _finish(state, [holder], f"seat {holder} held the whole featured system for "
                                           f"{state.featured_rounds} rounds")
    return events


def _round_limit(state: RiskyStarsState) -> list[Event]:
    table = standings(state)
    alive = [s for s in range(state.players) if state.alive[s]]
    best = max(table[s] for s in alive)
    winners = [s for s in alive if table[s] == best]
    return _finish(state, winners, f"round {state.round} was the last: most regions ({best[0]})")


def _end_round(state: RiskyStarsState) -> list[Event]:
    events: list[Event] = []
    if state.params.combat_window != FULL_LAP:
        events += _resolve(state, list(state.combats))
    else:  # combats of players who are out, or opened by nobody who will play again
        events += _resolve(state, [c for c in state.combats if not state.alive[c.attacker]])
    for t in list(state.truces):
        if t.until <= state.round:
            state.truces.remove(t)
            events.append(TruceEnded(t.a, t.b).event())
    events += _check_eliminations(state)
    events.append(RoundEnded(state.round).event())
    if _game_decided(state, events):
        return events
    events += _featured(state)
    if state.over:
        return events
    if state.round >= state.params.max_rounds:
        return events + _round_limit(state)
    state.round += 1
    events += muster(state)
    return events


def _next_seat(state: RiskyStarsState) -> int | None:
    """The next seat to play this round, or None when the round is over."""
    n = state.players
    position = (state.current - state.first) % n
    for k in range(position + 1, n):
        seat = (state.first + k) % n
        if state.alive[seat]:
            return seat
    return None


def end_turn(state: RiskyStarsState, consumed: bool = False) -> list[Event]:
    """End the current turn (``consumed``: by a bounce) and begin the next one."""
    events = [TurnEnded(state.current, consumed).event()]
    while True:
        seat = _next_seat(state)
        if seat is None:
            events += _end_round(state)
            if state.over:
                return events
            n = state.players
            seat = next((state.first + k) % n for k in range(n) if state.alive[(state.first + k) % n])
        events += begin_turn(state, seat)
        if state.over or state.alive[seat]:
            return events
