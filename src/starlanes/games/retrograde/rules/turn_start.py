"""The start of a turn: Stellar Gate's victory, the orbit tracker, damage and delta-vee counters
come off, Clairvoyant Agents look at the opponent's deck."""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import MANEUVERS

__all__ = ["begin_turn"]


def begin_turn(e: Engine, seat: int) -> None:
    t = e.t
    b = e.b
    t.phase = MANEUVERS
    if not e.quiet:
        e.emit(ev.TurnBegins(t.turn, seat))
    # the cards answering this step's hooks, found at once: nothing here moves a card
    gates, keeps, foresight = ab.found_each(b, "gate_turns", "regenerates", "foresight")
    # Stellar Gate: four consecutive turns under your control win at the start of your turn
    if gates:
        turns = int(ab.run(b, "gate_turns", gates, 0, seat=seat))  # the seat's, whatever the asset
        if turns and t.gate_streak[seat] >= turns:
            for a in t.assets:
                if a.face_up and a.controller == seat and b.asset_card(a).has("gate-victory"):
                    e.win(seat, f"held {b.asset_card(a).name} for {turns} consecutive turns")
                    return
    # 1. the orbit tracker advances one space clockwise
    t.trackers[seat] = (t.trackers[seat] + 1) % e.cfg.tracker_spaces
    # 2-3. damage and delta-vee counters come off your spacecraft
    for s in t.ships:
        if s.owner == seat:
            if not keeps or ab.run(b, "regenerates", keeps, True, ship=s):
                s.damage = 0
            s.dv = 0
    # Clairvoyant Agents: look at the top card of the opponent's deck
    opp = b.opponent(seat)
    if foresight and ab.run(b, "foresight", foresight, False, seat=seat) and t.decks[opp]:
        t.peeks[seat] = t.decks[opp][0]
        e.emit(ev.Foresight(seat, opp, e.ref(t.decks[opp][0])), seats=(seat,), reveals=True)
