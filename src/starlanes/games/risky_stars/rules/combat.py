"""Combat: one volley of d10s (RS-C01, RS-C02) and the resolution of a combat (RS-C07..C11).

A volley: every unit of the rolling army and every defending unit rolls one die; each side sorts
high to low; rolls pair rank by rank; the higher roll of a pair wins (a tie is the defender's);
the loser of a pair loses one unit; unpaired rolls do nothing. The rolling army takes its own
losses; defending losses come off the defending armies latest-arrived first (ruling 30).
"""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.risky_stars.events import Captured, Emptied, HeldOff, Returned, Volley
from starlanes.games.risky_stars.rules.common import allied, board, set_owner
from starlanes.games.risky_stars.spec import UNTIL_DECIDED
from starlanes.games.risky_stars.state import NOBODY, Combat, RiskyStarsState

__all__ = ["defending_units", "resolve", "return_to", "volley"]


def defending_units(state: RiskyStarsState, combat: Combat) -> int:
    return sum(state.units[s][combat.at] for s in combat.defenders)


def _pair(state: RiskyStarsState, attack: int, defend: int) -> tuple[list[int], list[int], int]:
    """Roll and pair: ``(attack rolls, defend rolls, pairs the attacker won)``, rolls sorted."""
    sides = state.params.die_sides
    a = sorted(state.rng.dice(attack, sides), reverse=True)
    d = sorted(state.rng.dice(defend, sides), reverse=True)
    ties = state.params.ties_to_defender
    wins = 0
    for x, y in zip(a, d, strict=False):
        if x > y or (not ties and x == y):
            wins += 1
    return a, d, wins


def _take_defender_losses(state: RiskyStarsState, combat: Combat, losses: int) -> list[int]:
    """Remove ``losses`` defending units, latest-arrived army first; losses per defender."""
    taken = [0] * len(combat.defenders)
    at = combat.at
    for i in range(len(combat.defenders) - 1, -1, -1):
        if not losses:
            break
        s = combat.defenders[i]
        n = min(losses, state.units[s][at])
        state.units[s][at] -= n
        taken[i] = n
        losses -= n
    return taken


def volley(state: RiskyStarsState, combat: Combat, seat: int, dice: int) -> list[Event]:
    """``dice`` units of ``seat``'s army at the combat roll against every defending unit."""
    defend = defending_units(state, combat)
    if dice <= 0 or defend <= 0:
        return []
    a, d, wins = _pair(state, dice, defend)
    pairs = min(dice, defend)
    state.units[seat][combat.at] -= pairs - wins
    taken = _take_defender_losses(state, combat, wins)
    name = board(state).name(combat.at)
    return [Volley(name, seat, a, d, pairs - wins, taken, list(combat.defenders)).event()]


def _until_decided(state: RiskyStarsState, combat: Combat) -> list[Event]:
    """``combat_mode=until_decided``: at resolution, the whole attacking side rolls against the
    whole defending side until one is gone; attacking losses come off the latest attacker first."""
    events: list[Event] = []
    at = combat.at
    while True:
        attack = sum(state.units[s][at] for s in combat.attackers)
        defend = defending_units(state, combat)
        if not attack or not defend:
            return events
        a, d, wins = _pair(state, attack, defend)
        pairs = min(attack, defend)
        losses = pairs - wins
        for s in reversed(combat.attackers):
            n = min(losses, state.units[s][at])
            state.units[s][at] -= n
            losses -= n
        taken = _take_defender_losses(state, combat, wins)
        events.append(Volley(board(state).name(at), combat.attacker, a, d, pairs - wins, taken,
                             list(combat.defenders)).event())


def return_to(state: RiskyStarsState, seat: int, source: int, launch: int, count: int) -> list[Event]:
    """``count`` units of ``seat`` at ``source`` go back to ``launch`` (RS-N14, ruling 29): they
    merge with the seat's army or stand beside an ally's; they re-take it when it is empty and
    unowned; they are destroyed when a non-ally holds it."""
    b = board(state)
    state.units[seat][source] -= count
    holder = state.owner[launch]
    events: list[Event] = []
    if holder != NOBODY and allied(state, seat, holder):
        state.units[seat][launch] += count
        result = "merged"
    elif holder == NOBODY and not any(u[launch] for u in state.units):
        events += set_owner(state, launch, seat)
        state.units[seat][launch] += count
        result = "retook"
    else:
        result = "destroyed"
    return [Returned(seat, b.name(source), b.name(launch), count, result).event(), *events]


def resolve(state: RiskyStarsState, combat: Combat) -> list[Event]:
    """End a combat (RS-C07, RS-C08, RS-C09, RS-C11; A#18, A#24)."""
    events: list[Event] = []
    if state.params.combat_mode == UNTIL_DECIDED:
        events += _until_decided(state, combat)
    at = combat.at
    name = board(state).name(at)
    previous = state.owner[at]
    if defending_units(state, combat) == 0:
        winner = next((s for s in combat.attackers if state.units[s][at] > 0), NOBODY)
        if winner == NOBODY:
            for s in combat.attackers:
                state.units[s][at] = 0
            events.append(Emptied(name, previous).event())
            events += set_owner(state, at, NOBODY)
        else:
            events.append(Captured(winner, name, previous).event())
            events += set_owner(state, at, winner)
        return events
    keeper = previous
    if previous == NOBODY or state.units[previous][at] == 0:
        keeper = next(s for s in combat.defenders if state.units[s][at] > 0)
        events.append(Captured(keeper, name, previous).event())
        events += set_owner(state, at, keeper)
    events.append(HeldOff(keeper, name).event())
    for s, launch in zip(combat.attackers, combat.launch, strict=True):
        count = state.units[s][at]
        if count:
            events += return_to(state, s, at, launch, count)
    return events
