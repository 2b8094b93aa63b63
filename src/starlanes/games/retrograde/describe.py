"""Retrograde's events in words for a person (every kind of ``events.py``): the events hold card
numbers, keys, seats and numbers; the words are made here, on demand, for one viewer (``you``
in the private events of the seat that sees them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlanes.core.state import GM, Actor, Event, EventData
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.board import BOOK

__all__ = ["FOLLOW_OFFERS", "card_name", "card_words", "describe_event", "dice_words"]

FOLLOW_OFFERS = {
    "pod-escort": "Shock troops: a troop pod may ride along",
    "pod-carrier": "Mushroom: troop pods may ride along",
    "flagship": "Adm. Nguyen: fighters and corvettes from its orbital may come along free",
    "wingman": "a wingman from the same orbital may follow",
    "tow": "BluPo Tug: a spacecraft from its orbital may transfer with 2 extra delta-vee",
}
"""What each follow-up offer means, for the table and the events."""


def card_name(card: ev.CardRef) -> str:
    """``Mushroom`` (a key the card book does not hold: ``a hidden card``)."""
    return BOOK[card.key].name if card.key in BOOK else "a hidden card"


def card_words(card: ev.CardRef) -> str:
    """``Mushroom #12``."""
    return f"{card_name(card)} #{card.uid}"


def dice_words(dice: int, rolls: list[int]) -> str:
    """The dice of an attack: ``3 dice roll 6 2 1``."""
    if dice <= 0:
        return "no dice (nothing to roll)"
    return f"{dice} {'die rolls' if dice == 1 else 'dice roll'} {' '.join(map(str, rolls))}"


def _your(seat: int, viewer: Actor) -> str:
    return "your" if viewer is not GM and viewer == seat else f"seat {seat}'s"


def _moved(e: ev.Moved, _v: Actor) -> str:
    if e.move == "burn":
        return f"{card_words(e.ship)} burns from orbital {e.from_orbital} to {e.to_orbital} ({e.cost} delta-vee)"
    assert e.to is not None
    return f"{card_words(e.ship)} transfers to {card_words(e.to)} ({e.cost} delta-vee)"


def _combat(e: ev.CombatResolved, _v: Actor) -> str:
    extra = f" (+{e.radar} radar)" if e.radar else ""
    return (f"{card_words(e.attacker)} power {e.power} against {card_words(e.defender)} defense {e.defense}{extra}:"
            f" hit check {e.check}; {dice_words(e.dice, e.rolls)}: {e.hits} hit(s)")


def _destroyed(e: ev.Destroyed, _v: Actor) -> str:
    if e.debris:
        return f"{card_words(e.ship)} is destroyed and becomes debris in orbital {e.orbital}"
    return f"{card_words(e.ship)} is destroyed and leaves no debris"


def _drew(e: ev.Drew, v: Actor) -> str:
    who = "you draw" if v is not GM and v == e.seat else f"seat {e.seat} draws"
    return f"{who} {card_words(e.card)}"


def _placed(e: ev.Placed, _v: Actor) -> str:
    if e.beside is None:
        return f"seat {e.seat} places an {e.what} face down (#{e.card})"
    article = "an" if e.what == "upgrade" else "a"
    return f"seat {e.seat} places {article} {e.what} face down (#{e.card}) beside {card_words(e.beside)}"


def _progress(e: ev.ConstructionProgress, v: Actor) -> str:
    name = card_name(e.card)
    tail = "; it can be flipped in cleanup)" if e.done >= e.cost else ")"
    return f"(#{e.card.uid} is {_your(e.seat, v)} {name}: {e.done} of {e.cost} counters{tail}"


def _completed(e: ev.Completed, _v: Actor) -> str:
    head = f"seat {e.seat} completes the {e.what} {card_words(e.card)}"
    if e.what == "asset" or e.host is None:
        return head
    if e.what == "upgrade":
        return f"{head} on {card_words(e.host)}"
    return f"{head} in orbital {e.orbital} of {card_words(e.host)}"


def _follow_offered(e: ev.FollowOffered, _v: Actor) -> str:
    return (f"{FOLLOW_OFFERS.get(e.ability, e.ability)} ({e.most} at most): "
            + ", ".join(card_words(c) for c in e.ships) + " — type follow SHIP, or pass")


def _game_over(e: ev.GameOver, _v: Actor) -> str:
    return e.reason if e.winner < 0 else f"seat {e.winner} wins: {e.reason}"


_WORDS: dict[type[EventData], Callable[[Any, Actor], str]] = {
    ev.TurnBegins: lambda e, _v: f"turn {e.turn}: seat {e.seat} to play",
    ev.Foresight: lambda e, v: (f"{_your(e.seat, v)} agents see the top of seat {e.opponent}'s deck: "
                                f"{card_words(e.card)}"),
    ev.DebrisDamage: lambda e, _v: f"{card_words(e.ship)} takes {e.damage} damage from debris",
    ev.ThornsDamage: lambda e, _v: f"Thorns deal {e.damage} damage to {card_words(e.ship)}",
    ev.GameOver: _game_over,
    ev.Moved: _moved,
    ev.DebrisCleared: lambda e, _v: (f"{card_words(e.by)} {e.how} debris {card_words(e.debris)} out of orbital "
                                     f"{e.orbital} of {card_words(e.asset)}"),
    ev.Boosted: lambda e, _v: (f"{card_words(e.source)} gives {card_words(e.target)} +{e.amount} {e.stat} "
                               "until the end of the turn"),
    ev.FollowOffered: _follow_offered,
    ev.Followed: lambda e, _v: (f"{card_words(e.ship)} follows {card_words(e.leader)} to {card_words(e.to)} "
                                f"({e.ability})"),
    ev.AttackDeclared: lambda e, _v: (f"{card_words(e.attacker)} attacks {card_words(e.defender)}: both sides "
                                      "choose power and defense in secret"),
    ev.CombatResolved: _combat,
    ev.DamageRedirected: lambda e, _v: f"{card_words(e.taker)} takes the damage meant for {card_words(e.meant)}",
    ev.Boarded: lambda e, _v: f"{card_words(e.ship)} is boarded: seat {e.seat} now controls it",
    ev.Destroyed: _destroyed,
    ev.Spent: lambda e, _v: f"{card_words(e.ship)} is spent after its successful attack",
    ev.Bombarded: lambda e, _v: (f"{card_words(e.ship)} bombards {card_words(e.target)} with power {e.power} "
                                 f"(hit check {e.check}); {dice_words(e.dice, e.rolls)}: {e.hits} hit(s)"),
    ev.Screened: lambda e, _v: f"{card_words(e.screen)} screens {card_words(e.asset)} and takes the hits",
    ev.SacrificeOffered: lambda e, _v: f"seat {e.seat} may sacrifice a spacecraft to cancel the damage",
    ev.SacrificeDeclined: lambda e, _v: f"seat {e.seat} sacrifices nothing",
    ev.Sacrificed: lambda e, _v: (f"{card_words(e.ship)} dives to the lowest orbital and is destroyed: "
                                  "the bombardment deals no damage"),
    ev.AssetDamaged: lambda e, _v: (f"{card_words(e.asset)} has {e.damage} damage "
                                    f"(bombardment resistance {e.resistance})"),
    ev.UpgradeDestroyed: lambda e, _v: f"{card_words(e.upgrade)} is destroyed",
    ev.UpgradesLost: lambda e, _v: "its upgrades are destroyed: " + ", ".join(card_words(c) for c in e.upgrades),
    ev.SlipsSeized: lambda e, _v: f"the spacecraft under construction there now belong to seat {e.seat}",
    ev.SlipsDestroyed: lambda e, _v: "the face-down cards beside it are destroyed: " + ", ".join(
        f"#{u}" for u in e.cards),
    ev.Razed: lambda e, _v: f"{card_words(e.asset)} is razed: nobody controls it now",
    ev.Captured: lambda e, _v: f"{card_words(e.asset)} is captured by seat {e.seat}",
    ev.Drew: _drew,
    ev.Researched: lambda e, _v: (f"seat {e.seat} taps {card_words(e.asset)} to research and draws "
                                  f"{e.drawn} card(s)"),
    ev.Repaired: lambda e, _v: (f"seat {e.seat} taps {card_words(e.asset)} to repair one damage on "
                                f"{card_words(e.target)}"),
    ev.Placed: _placed,
    ev.OwnCard: lambda e, v: f"(it is {_your(e.seat, v)} {card_name(e.card)})",
    ev.ConstructionAllocated: lambda e, _v: (f"seat {e.seat} taps {card_words(e.asset)}: {e.power} construction "
                                             f"counters on #{e.target}"),
    ev.ConstructionProgress: _progress,
    ev.Cannibalized: lambda e, _v: (f"{card_words(e.asset)} cannibalizes {card_words(e.ship)} for {e.damage} "
                                    "construction power"),
    ev.Swapped: lambda e, _v: (f"seat {e.seat} taps {card_words(e.asset)} to swap {card_words(e.old)} for "
                               f"{card_words(e.new)}"),
    ev.Completed: _completed,
}

_BY_KIND: dict[str, type[EventData]] = {cls.kind: cls for cls in _WORDS}


def describe_event(event: Event, viewer: Actor) -> str:
    """``event`` in words for ``viewer`` (``you``/``your`` in the private events of the seat that
    sees them); an event of another kind (the core's) in its own words."""
    cls = _BY_KIND.get(event.kind)
    if cls is None:
        return event.describe()
    return _WORDS[cls](cls.of(event), viewer)
