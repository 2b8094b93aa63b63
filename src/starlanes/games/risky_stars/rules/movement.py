"""The one move of a turn and what happens on arrival (rules: Navigating; RS-N01..N14).

On arrival at a location (in this order):

- an open combat there: the mover joins the side it or an ally is on (attacking reinforcements
  roll a volley at once, RS-C05; defending ones only add units, RS-C06); if it is allied to
  neither side it goes back to its launch location and its turn is over (RS-N11);
- no army there: the mover takes possession (RS-N12);
- only its own or its allies' armies there: it merges with its own (RS-N07), stands beside an
  ally's (RS-N08);
- a non-allied army there: combat opens, the mover attacking, the possessor and its allies there
  defending; the mover's army rolls its opening volley (RS-N09, RS-C04).
"""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.risky_stars.events import Bounced, CombatOpened, Moved, Reinforced, Took
from starlanes.games.risky_stars.rules.combat import volley
from starlanes.games.risky_stars.rules.common import allied, board, combat_at, set_owner, side_of
from starlanes.games.risky_stars.state import NOBODY, Combat, RiskyStarsState

__all__ = ["arrive", "move"]


def arrive(state: RiskyStarsState, seat: int, launch: int, target: int, count: int) -> tuple[list[Event], bool]:
    """``count`` units of ``seat`` (already taken from ``launch``) arrive at ``target``.
    Returns the events and whether the army bounced (its turn is then over)."""
    b = board(state)
    name = b.name(target)
    combat = combat_at(state, target)
    if combat is not None:
        side = side_of(state, combat, seat)
        if not side:
            state.units[seat][launch] += count
            return [Bounced(seat, name, b.name(launch), count).event()], True
        state.units[seat][target] += count
        joined = [Reinforced(name, seat, side, count).event()]
        if side == "attack":
            if seat not in combat.attackers:
                combat.attackers.append(seat)
                combat.launch.append(launch)
            joined += volley(state, combat, seat, count)
        elif seat not in combat.defenders:
            combat.defenders.append(seat)
        return joined, False
    present = [s for s in range(state.players) if s != seat and state.units[s][target] > 0]
    if not present:
        previous = state.owner[target]
        events: list[Event] = []
        if previous == NOBODY or not allied(state, seat, previous):
            events += set_owner(state, target, seat)
            events.insert(0, Took(seat, name, previous).event())
        state.units[seat][target] += count
        return events, False
    if all(allied(state, seat, s) for s in present):
        state.units[seat][target] += count
        return [], False
    holder = state.owner[target]
    defenders = ([holder] if holder in present else []) + [s for s in present if s != holder]
    state.units[seat][target] += count
    combat = Combat(at=target, attacker=seat, defender=defenders[0], attackers=[seat], launch=[launch],
                    defenders=defenders, opened_round=state.round)
    state.combats.append(combat)
    return [CombatOpened(name, seat, list(defenders)).event(), *volley(state, combat, seat, count)], False


def move(state: RiskyStarsState, seat: int, source: int, target: int, count: int) -> tuple[list[Event], bool]:
    """The turn's move (checked by ``legality``); returns the events and whether it bounced."""
    b = board(state)
    state.units[seat][source] -= count
    state.moved = True
    events, bounced = arrive(state, seat, source, target, count)
    return [Moved(seat, b.name(source), b.name(target), count).event(), *events], bounced
