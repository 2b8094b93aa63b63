"""Risky Stars in words for people: events, actions, and a plain text of a view (the ruleset's
own ``render``; the terminal board proper is ``render.py``'s)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from starlanes.core import Action, Event
from starlanes.core.gm import Actor
from starlanes.games.risky_stars import events as ev
from starlanes.games.risky_stars.actions import (
    Buy,
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
from starlanes.games.risky_stars.board import board_of
from starlanes.games.risky_stars.view import RiskyStarsView

__all__ = ["describe_action", "describe_event", "plain_text"]

_CLASS = {1: "I", 2: "II", 3: "III"}


def _seat(seat: int) -> str:
    return "nobody" if seat < 0 else f"seat {seat}"


def _seats(seats: list[int]) -> str:
    return ", ".join(_seat(s) for s in seats) or "nobody"


def _rolls(rolls: list[int]) -> str:
    if len(rolls) > 12:
        return " ".join(map(str, rolls[:12])) + f" ... ({len(rolls)} dice)"
    return " ".join(map(str, rolls))


def _volley(e: ev.Volley) -> str:
    lost = ", ".join(f"{_seat(s)} -{n}" for s, n in zip(e.defenders, e.defender_losses, strict=True) if n)
    return (f"volley at {e.location}: {_seat(e.seat)} rolls {_rolls(e.attack)} against {_rolls(e.defend)}; "
            f"attacker loses {e.attacker_losses}, defenders lose {sum(e.defender_losses)}"
            + (f" ({lost})" if lost else ""))


_WORDS: dict[str, Callable[[Any], str]] = {
    ev.TurnBegan.kind: lambda e: f"round {e['round']}: {_seat(e['seat'])}'s turn",
    ev.Produced.kind: lambda e: (f"{_seat(e['seat'])} produces {e['population']} population, {e['metals']} metals, "
                                 f"{e['fuel']} fuel"),
    ev.HeroDrawn.kind: lambda e: f"you draw hero {e['hero']} (class {_CLASS.get(e['hero_class'], '?')})",
    ev.HeroReceived.kind: lambda e: f"{_seat(e['seat'])} draws a hero ({e['reserve']} in reserve)",
    ev.Bought.kind: lambda e: (f"{_seat(e['seat'])} buys {e['count']} units on {e['location']} "
                               f"({e['population']} P, {e['metals']} M, {e['fuel']} F)"),
    ev.Placed.kind: lambda e: f"{_seat(e['seat'])} places {e['count']} alliance units on {e['location']}",
    ev.Upgraded.kind: lambda e: f"{_seat(e['seat'])} upgrades {e['body']} to level {e['level']}",
    ev.HeroAssigned.kind: lambda e: (f"{_seat(e['seat'])} assigns hero {e['hero']} "
                                     f"(class {_CLASS.get(e['hero_class'], '?')}) to {e['body']}"),
    ev.Moved.kind: lambda e: f"{_seat(e['seat'])} moves {e['count']} from {e['source']} to {e['target']}",
    ev.Took.kind: lambda e: f"{_seat(e['seat'])} takes {e['location']}",
    ev.CombatOpened.kind: lambda e: (f"combat at {e['location']}: {_seat(e['attacker'])} attacks "
                                     f"{_seats(e['defenders'])}"),
    ev.Reinforced.kind: lambda e: (f"{_seat(e['seat'])} reinforces the "
                                   f"{'attack' if e['side'] == 'attack' else 'defence'} at {e['location']} "
                                   f"with {e['count']}"),
    ev.Bounced.kind: lambda e: (f"{_seat(e['seat'])}'s {e['count']} units find others fighting at {e['location']} "
                                f"and go back to {e['launch']}; the turn is over"),
    ev.Returned.kind: lambda e: (f"{_seat(e['seat'])}'s {e['count']} units go back from {e['location']} to "
                                 f"{e['launch']}: "
                                 + {"merged": "they rejoin the army there", "retook": "they take it again",
                                    "destroyed": "an enemy holds it, they are destroyed"}.get(e['result'],
                                                                                              e['result'])),
    ev.Captured.kind: lambda e: f"{_seat(e['seat'])} takes {e['location']} from {_seat(e['previous'])}",
    ev.HeldOff.kind: lambda e: f"{_seat(e['seat'])} holds {e['location']}",
    ev.Emptied.kind: lambda e: f"nobody is left at {e['location']}: it is empty and unowned",
    ev.UpgradeLost.kind: lambda e: f"{e['body']} changes hands and loses its upgrade (level {e['level']})",
    ev.HeroesLost.kind: lambda e: f"{e['body']} changes hands: heroes {', '.join(e['heroes'])} leave the game",
    ev.Proposed.kind: lambda e: (f"{_seat(e['seat'])} proposes an alliance to {_seat(e['target'])} "
                                 f"(to answer: {_seats(e['asked'])})"),
    ev.Answered.kind: lambda e: (f"{_seat(e['seat'])} {'accepts' if e['accepted'] else 'declines'} "
                                 f"{_seat(e['proposer'])}'s proposal"),
    ev.AllianceFormed.kind: lambda e: (f"{_seat(e['joined'])} joins alliance {e['alliance']}: "
                                       f"{_seats(e['members'])}"),
    ev.AllianceLeft.kind: lambda e: (f"{_seat(e['seat'])} leaves alliance {e['alliance']}"
                                     + (f" ({_seats(e['members'])} remain)" if e['members'] else " (it dissolves)")
                                     + f"; truce until the end of round {e['truce_until']}"),
    ev.TruceEnded.kind: lambda e: f"the truce between {_seat(e['a'])} and {_seat(e['b'])} is over",
    ev.ShareSet.kind: lambda e: f"{_seat(e['seat'])} offers {e['percent']}% of its stockpile to its alliance",
    ev.Muster.kind: lambda e: (f"alliance {e['alliance']} musters {e['units']} units: "
                               + ", ".join(f"{_seat(s)} {n}" for s, n in zip(e['members'], e['allotted'],
                                                                            strict=True))),
    ev.Eliminated.kind: lambda e: f"{_seat(e['seat'])} has nothing left and is out of the game",
    ev.FeaturedHeld.kind: lambda e: (f"{_seat(e['seat'])} holds the whole featured system "
                                     f"({e['rounds']} round{'s' if e['rounds'] != 1 else ''} in a row)"),
    ev.TurnEnded.kind: lambda e: f"{_seat(e['seat'])} ends its turn" + (" (consumed)" if e['consumed'] else ""),
    ev.RoundEnded.kind: lambda e: f"round {e['round']} ends",
    ev.GameOver.kind: lambda e: f"game over: {e['reason']}; winners: {_seats(e['winners'])}",
}


def describe_event(event: Event, viewer: Actor) -> str:
    """The event in words for ``viewer``."""
    if event.kind == ev.Volley.kind:
        return _volley(ev.Volley.of(event))
    words = _WORDS.get(event.kind)
    if words is None:
        return event.describe()
    return words(event.fields)


def describe_action(view: RiskyStarsView, action: Action) -> str | None:
    """A short gloss of an action for a menu (None: its text says it all). The gloss of a buy, a
    placement or a move does not depend on the count, so a menu lists the counts on one line."""
    b = board_of(view.star_map)
    if isinstance(action, Move):
        source, target = b.index.get(action.source), b.index.get(action.target)
        if source is None or target is None:
            return None
        kind = "cross the lane to" if b.far[source] == target else "move to"
        there = [s for s, u in enumerate(view.units) if u[target] and s != view.seat]
        what = f" (armies of {_seats(there)} there)" if there else ""
        return f"{kind} {action.target}{what}"
    if isinstance(action, Buy):
        p, m, f = view.params.unit_cost
        return f"units on {action.location} at {p} P, {m} M, {f} F each"
    if isinstance(action, Place):
        return f"alliance units placed on {action.location}"
    if isinstance(action, Upgrade):
        body = b.body_index.get(action.body)
        if body is None:
            return None
        return f"raise {action.body} to upgrade level {view.level[body] + 1}"
    if isinstance(action, Hero):
        number = hero_number(action.hero)
        known = number is not None and 0 <= number < len(view.hero_class)
        kind = f" (class {_CLASS.get(view.hero_class[number], '?')})" if known and number is not None else ""
        return f"assign hero {action.hero}{kind} to {action.body}"
    if isinstance(action, Propose):
        return f"propose an alliance to seat {action.seat}"
    if isinstance(action, Leave):
        return "leave your alliance (a truce follows)"
    if isinstance(action, Share):
        return f"offer {action.percent}% of your stockpile to the alliance muster"
    if isinstance(action, End):
        return "end your turn"
    return None


def plain_text(view: RiskyStarsView) -> str:
    """A plain listing of a view (lines of at most 100 columns): round, players with stockpile and
    production, every system with its possessed locations as ``id[possessor seat:units ...]``."""
    b = board_of(view.star_map)
    lines = [f"Risky Stars, round {view.round} of {view.params.max_rounds}; seat {view.current} to play"]
    for s in range(len(view.alive)):
        status = "" if view.alive[s] else " (out)"
        ally = f" alliance {view.alliance[s]}" if view.alliance[s] >= 0 else ""
        p, m, f = view.stock[s]
        ip, im, i_f = view.income[s]
        lines.append(f"seat {s}{status}{ally}: stock {p} P {m} M {f} F, income {ip} P {im} M {i_f} F")
    for si, sid in enumerate(b.system_ids):
        held = []
        for loc in range(len(b.locations)):
            if b.system_of[loc] != si:
                continue
            armies = [f"{s}:{u[loc]}" for s, u in enumerate(view.units) if u[loc]]
            if view.owner[loc] >= 0 or armies:
                held.append(f"{b.locations[loc]}[{view.owner[loc] if view.owner[loc] >= 0 else '-'}"
                            f"{' ' + ' '.join(armies) if armies else ''}]")
        lines.extend(textwrap.wrap(f"{sid} ({b.system_kind[si]}): " + (" ".join(held) or "empty"), width=100,
                                   subsequent_indent="    "))
    for c in view.combats:
        lines.append(f"combat at {b.locations[c.at]}: {_seats(c.attackers)} against {_seats(c.defenders)}")
    if view.seat >= 0 and view.reserve:
        lines.append("your heroes: " + ", ".join(f"{hero_id(h)} (class {_CLASS[view.hero_class[h]]})"
                                                 for h in view.reserve))
    return "\n".join(lines)
