"""What is legal in Risky Stars: one predicate (``why_not``) and the listing that agrees with it
(``legal_actions``, templates for counts). Every refusal says what is wrong in words."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from itertools import compress, repeat
from operator import eq, mul

from starlanes.core import Action, ActionTemplate
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
    hero_number,
)
from starlanes.games.risky_stars.board import Board
from starlanes.games.risky_stars.economy import affordable_units, body_owner, upgrade_cost, upgrade_resources
from starlanes.games.risky_stars.rules.common import allied, board, combat_at, side_of, truce
from starlanes.games.risky_stars.state import NOBODY, OFFER, RESOURCE_NAMES, RiskyStarsState

__all__ = ["Group", "arrival_refusal", "can_leave", "groups", "indexes", "legal_actions", "why_not"]

SHARES = range(0, 101, 10)


def _close(word: str, names: Sequence[str]) -> str:
    near = difflib.get_close_matches(word, names, n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def _location(b: Board, name: str) -> int | str:
    i = b.index.get(name)
    if i is None:
        return f"there is no location '{name}' on this map{_close(name, b.locations)}"
    return i


def _body(b: Board, name: str) -> int | str:
    i = b.body_index.get(name)
    if i is None:
        return f"there is no body '{name}' on this map{_close(name, list(b.body_index))}"
    return i


def _placeable(state: RiskyStarsState, seat: int, b: Board, where: str) -> int | str:
    loc = _location(b, where)
    if isinstance(loc, str):
        return loc
    if state.owner[loc] != seat:
        return f"you do not possess {where}: units are placed on locations you possess"
    if combat_at(state, loc) is not None:
        return f"{where} has an open combat: no units may be placed there this round"
    return loc


def arrival_refusal(state: RiskyStarsState, seat: int, target: int) -> str | None:
    """Why an army of ``seat`` may not arrive at ``target`` (a truce forbids the attack it would
    make, RS-A05), or None."""
    combat = combat_at(state, target)
    if combat is not None:
        if side_of(state, combat, seat) != "attack":
            return None
        enemies = combat.defenders
    else:
        enemies = [s for s in range(state.players) if state.units[s][target] > 0 and not allied(state, seat, s)]
    for s in enemies:
        if truce(state, seat, s):
            return (f"a truce forbids you and seat {s} to attack each other until the end of round "
                    f"{_truce_until(state, seat, s)}")
    return None


def _truce_until(state: RiskyStarsState, a: int, b: int) -> int:
    return max(t.until for t in state.truces if {t.a, t.b} == {a, b})


def _fighting(state: RiskyStarsState, a: int, group: Sequence[int]) -> bool:
    """``a`` and a seat of ``group`` face each other in an open combat."""
    for c in state.combats:
        if a in c.attackers and any(g in c.defenders for g in group):
            return True
        if a in c.defenders and any(g in c.attackers for g in group):
            return True
    return False


def indexes(values: list[int], wanted: int | bool) -> list[int]:
    """Indexes of ``values`` equal to ``wanted`` (``True``: not zero), scanned at C speed."""
    if wanted is True:
        return list(compress(range(len(values)), values))
    return list(compress(range(len(values)), map(eq, values, repeat(wanted))))


def _first_held(owner: list[int], seat: int, army: list[int], nowhere: int) -> int:
    """The first location possessed by ``seat`` where ``army`` (one seat's units by location)
    stands, or ``nowhere``; scanned at C speed (units are never negative)."""
    return next(compress(range(nowhere), map(mul, map(eq, owner, repeat(seat)), army)), nowhere)


def can_leave(state: RiskyStarsState, seat: int) -> str | None:
    """Why ``seat`` may not leave its alliance now (ruling 23), or None."""
    alliance = state.alliance[seat]
    if alliance == NOBODY:
        return "you are in no alliance"
    rest = [s for s in range(state.players) if s != seat and state.alliance[s] == alliance]
    b = board(state)
    owner = state.owner
    units = state.units
    # the first location (in index order) where the seat's army stands on an ally's, or an
    # ally's army on the seat's: the two sets do not meet (one is an ally's, one the seat's)
    nowhere = len(owner)
    on_ally = min(_first_held(owner, m, units[seat], nowhere) for m in rest)
    visited = min(_first_held(owner, seat, units[m], nowhere) for m in rest)
    if on_ally < visited:
        return (f"your army stands on {b.name(on_ally)}, possessed by your ally seat {owner[on_ally]}: "
                "move it away first")
    if visited < nowhere:
        return f"an ally's army stands on your {b.name(visited)}: it must move away first"
    for c in state.combats:
        for side in (c.attackers, c.defenders):
            if seat in side and any(m in side for m in rest):
                return f"you fight beside an ally at {b.name(c.at)}: wait until that combat is over"
    return None


def _move_refusal(state: RiskyStarsState, seat: int, action: Move) -> str | None:
    if state.moved:
        return "you have made your one move this turn"
    b = board(state)
    source = _location(b, action.source)
    if isinstance(source, str):
        return source
    target = _location(b, action.target)
    if isinstance(target, str):
        return target
    have = state.units[seat][source]
    if not have:
        return f"you have no army at {action.source}"
    if target not in b.destinations[source]:
        if source == target:
            return "an army moves to another location"
        return (f"{action.target} cannot be reached from {action.source}: an army moves within its star system, "
                f"or from a lane mouth across the lane to the far mouth")
    if combat_at(state, source) is not None:
        return f"your army at {action.source} is in an open combat: it stays until the combat is resolved"
    if action.count < 1:
        return "move at least 1 unit"
    if state.owner[source] == seat:
        if action.count > have - 1:
            return (f"you possess {action.source}: leave at least 1 unit there (you may move 1 to {have - 1})"
                    if have > 1 else f"your only unit at {action.source} must stay to keep it")
    elif action.count != have:
        return f"you do not possess {action.source}: your whole army there ({have}) must move together"
    return arrival_refusal(state, seat, target)


def _answer_refusal(state: RiskyStarsState, action: Action) -> str | None:
    if state.pending is None or state.pending.kind != OFFER:
        if isinstance(action, Accept | Decline):
            return "no alliance proposal awaits your answer"
        return None
    if not isinstance(action, Accept | Decline):
        return f"seat {state.pending.data.get('proposer')} proposes an alliance: answer accept or decline"
    return None


def why_not(state: RiskyStarsState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now, or None (it is awaited: the core checked)."""
    refusal = _answer_refusal(state, action)
    if refusal is not None or isinstance(action, Accept | Decline):
        return refusal
    b = board(state)
    if isinstance(action, Buy):
        if state.alliance[seat] != NOBODY:
            return "you are in an alliance: its muster buys your units each round (place them with 'place')"
        loc = _placeable(state, seat, b, action.location)
        if isinstance(loc, str):
            return loc
        if action.count < 1:
            return "buy at least 1 unit"
        most = affordable_units(state.params, state.stock[seat])
        if action.count > most:
            p, m, f = state.params.unit_cost
            return (f"{action.count} units cost {p * action.count} population, {m * action.count} metals, "
                    f"{f * action.count} fuel; your stockpile buys {most}")
        return None
    if isinstance(action, Place):
        loc = _placeable(state, seat, b, action.location)
        if isinstance(loc, str):
            return loc
        if action.count < 1:
            return "place at least 1 unit"
        if action.count > state.to_place[seat]:
            return f"you have {state.to_place[seat]} alliance units to place, not {action.count}"
        return None
    if isinstance(action, Upgrade):
        body = _body(b, action.body)
        if isinstance(body, str):
            return body
        if body_owner(b, state.owner, body) != seat:
            return f"you do not possess every region of {action.body}: only a body's sole possessor upgrades it"
        level = state.level[body]
        if level >= len(state.params.upgrade_costs):
            return f"{action.body} is at the top upgrade level ({level})"
        cost = upgrade_cost(state.params, level)
        for r in upgrade_resources(b.body_resource[body]):
            if state.stock[seat][r] < cost:
                return (f"level {level + 1} of {action.body} costs {cost} {RESOURCE_NAMES[r]}; "
                        f"you have {state.stock[seat][r]}")
        return None
    if isinstance(action, Hero):
        number = hero_number(action.hero)
        if number is None or number not in state.reserve[seat]:
            mine = ", ".join(hero_id(h) for h in sorted(state.reserve[seat])) or "none"
            return f"hero '{action.hero}' is not in your reserve (yours: {mine})"
        body = _body(b, action.body)
        if isinstance(body, str):
            return body
        if body_owner(b, state.owner, body) != seat:
            return f"you do not possess every region of {action.body}: heroes go to bodies you wholly possess"
        cap = min(state.params.hero_cap, len(b.body_regions[body]))
        if len(state.heroes[body]) >= cap:
            return f"{action.body} already has {len(state.heroes[body])} heroes, its most ({cap})"
        return None
    if isinstance(action, Move):
        return _move_refusal(state, seat, action)
    if isinstance(action, Propose):
        if state.proposed:
            return "you have proposed an alliance this turn already"
        if state.alliance[seat] != NOBODY:
            return "you are in an alliance already (leave it first)"
        target = action.seat
        if target == seat:
            return f"you are seat {seat}: propose to another seat"
        if not 0 <= target < state.players:
            return f"there is no seat {target}: seats are 0 to {state.players - 1}"
        if not state.alive[target]:
            return f"seat {target} is out of the game"
        group = [s for s in range(state.players)
                 if s == target or (state.alliance[target] != NOBODY and state.alliance[s] == state.alliance[target])]
        if _fighting(state, seat, group):
            return f"you and seat {target}'s side face each other in an open combat"
        return None
    if isinstance(action, Leave):
        return can_leave(state, seat)
    if isinstance(action, Share):
        if state.alliance[seat] == NOBODY:
            return "you are in no alliance"
        if action.percent not in SHARES:
            return f"a share is 0, 10, 20, ... or 100 percent, not {action.percent}"
        if action.percent == state.share[seat]:
            return f"your share is {action.percent}% already"
        if state.shared:
            return "you have changed your share this turn already"
        return None
    if isinstance(action, End):
        return None
    return f"'{action.verb}' is not a Risky Stars action"


Group = tuple[int, Action] | tuple[int, type[Action], tuple[str, ...], int]
"""A run of legal actions in list order: ``(1, action)``, or ``(size, cls, args, low)`` standing
for ``cls(*args, count)`` with ``count`` from ``low`` to ``low + size - 1``."""


def groups(state: RiskyStarsState, seat: int) -> list[Group]:
    """The legal actions of ``seat`` as runs, in list order (cheap: nothing is built per count)."""
    if state.pending is not None and state.pending.kind == OFFER:
        return [(1, Accept()), (1, Decline())]
    b = board(state)
    names = b.locations
    owner = state.owner
    fighting = {c.at for c in state.combats}
    out: list[Group] = []
    held_all = indexes(owner, seat)
    mine = [i for i in held_all if i not in fighting] if fighting else held_all
    if state.alliance[seat] == NOBODY:
        most = affordable_units(state.params, state.stock[seat])
        if most:
            out.extend((most, Buy, (names[i],), 1) for i in mine)
    if state.to_place[seat]:
        n = state.to_place[seat]
        out.extend((n, Place, (names[i],), 1) for i in mine)
    stock = state.stock[seat]
    body_of = b.body_of
    wholly = [body for body in sorted({body_of[i] for i in held_all if body_of[i] >= 0})
              if body_owner(b, owner, body) == seat]
    top = len(state.params.upgrade_costs)
    for body in wholly:
        level = state.level[body]
        if level < top:
            cost = upgrade_cost(state.params, level)
            if all(stock[r] >= cost for r in upgrade_resources(b.body_resource[body])):
                out.append((1, Upgrade(b.bodies[body].id)))
    if state.reserve[seat]:
        open_bodies = [body for body in wholly
                       if len(state.heroes[body]) < min(state.params.hero_cap, len(b.body_regions[body]))]
        for hero in sorted(state.reserve[seat]):
            out.extend((1, Hero(hero_id(hero), b.bodies[body].id)) for body in open_bodies)
    if not state.moved:
        partners = [p for p in range(state.players) if p != seat and truce(state, seat, p)] if state.truces else []
        guarded: set[int] = set()  # where an arrival may be an attack on a truce partner
        for p in partners:
            guarded.update(i for i, u in enumerate(state.units[p]) if u)
            guarded.update(c.at for c in state.combats if p in c.defenders)
        units = state.units[seat]
        for source in indexes(units, True):
            have = units[source]
            if source in fighting:
                continue
            held = owner[source] == seat
            movable = have - 1 if held else have
            if not movable:
                continue
            src = names[source]
            for target in b.destinations[source]:
                if target in guarded and arrival_refusal(state, seat, target) is not None:
                    continue
                if held:
                    out.append((movable, Move, (src, names[target]), 1))
                else:
                    out.append((1, Move(src, names[target], have)))
    if state.alliance[seat] == NOBODY:
        if not state.proposed:
            for target in range(state.players):
                if target != seat and state.alive[target] and (
                        not state.combats or why_not(state, seat, Propose(target)) is None):
                    out.append((1, Propose(target)))
    else:
        if can_leave(state, seat) is None:
            out.append((1, Leave()))
        if not state.shared:
            out.extend((1, Share(p)) for p in SHARES if p != state.share[seat])
    out.append((1, End()))
    return out


def legal_actions(state: RiskyStarsState, seat: int) -> list[Action | ActionTemplate]:
    """Every legal action of ``seat`` (templates for counts); agrees with ``why_not``."""
    out: list[Action | ActionTemplate] = []
    for g in groups(state, seat):
        if len(g) == 2:
            out.append(g[1])
        else:
            size, cls, args, low = g
            out.append(ActionTemplate(cls, *args, count=range(low, low + size)))
    return out
