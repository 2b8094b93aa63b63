"""Helpers every rule uses: who is allied, truces, open combats, and changing a location's
possessor with its consequences for the body (upgrades and heroes lost, RS-U04, RS-H06)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.risky_stars.actions import hero_id
from starlanes.games.risky_stars.board import Board, board_of
from starlanes.games.risky_stars.economy import body_owner
from starlanes.games.risky_stars.events import HeroesLost, UpgradeLost
from starlanes.games.risky_stars.state import NOBODY, Combat, RiskyStarsState

__all__ = [
    "allied",
    "board",
    "combat_at",
    "in_combat",
    "set_owner",
    "side_of",
    "truce",
]


def board(state: RiskyStarsState) -> Board:
    return board_of(state.star_map)


def allied(state: RiskyStarsState, a: int, b: int) -> bool:
    """``a`` and ``b`` are the same seat or members of one alliance."""
    if a == b:
        return True
    x = state.alliance[a]
    return x != NOBODY and x == state.alliance[b]


def truce(state: RiskyStarsState, a: int, b: int) -> bool:
    """A truce forbids ``a`` and ``b`` to attack each other now (RS-A05)."""
    return any(((t.a == a and t.b == b) or (t.a == b and t.b == a)) and state.round <= t.until for t in state.truces)


def combat_at(state: RiskyStarsState, location: int) -> Combat | None:
    for c in state.combats:
        if c.at == location:
            return c
    return None


def in_combat(state: RiskyStarsState) -> set[int]:
    """Locations with an open combat."""
    return {c.at for c in state.combats}


def side_of(state: RiskyStarsState, combat: Combat, seat: int) -> str:
    """Which side of ``combat`` an army of ``seat`` arriving there joins: ``attack`` (it or an
    ally attacks), ``defence`` (it or an ally defends), or ``""`` (neither: it bounces, RS-N11)."""
    for s in combat.attackers:
        if allied(state, seat, s):
            return "attack"
    for s in combat.defenders:
        if allied(state, seat, s):
            return "defence"
    return ""


def set_owner(state: RiskyStarsState, location: int, seat: int) -> list[Event]:
    """Make ``seat`` (or ``NOBODY``) the possessor of ``location``. When the location's body was
    wholly possessed and no longer is by the same seat, its upgrades are removed and its heroes
    leave the game (RS-U04, RS-H06, ruling 16)."""
    b = board(state)
    body = b.body_of[location]
    if body < 0:
        state.owner[location] = seat
        return []
    before = body_owner(b, state.owner, body)
    state.owner[location] = seat
    if before < 0 or body_owner(b, state.owner, body) == before:
        return []
    events: list[Event] = []
    name = b.bodies[body].id
    if state.level[body]:
        events.append(UpgradeLost(name, state.level[body]).event())
        state.level[body] = 0
    if state.heroes[body]:
        events.append(HeroesLost(name, [hero_id(h) for h in state.heroes[body]]).event())
        state.removed.extend(state.heroes[body])
        state.heroes[body] = []
    return events
