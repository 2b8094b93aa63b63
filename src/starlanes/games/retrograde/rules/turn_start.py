"""The start of a turn: Stellar Gate's victory, the orbit tracker, damage and delta-vee counters
come off, Clairvoyant Agents look at the opponent's deck."""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import MANEUVERS

__all__ = ["STARTING_HOOKS", "begin_turn"]

STARTING_HOOKS = ("gate_turns", "regenerates", "foresight")
_GATE_TURNS = ab.HOOKS["gate_turns"]  # (the handlers by ability kind)
"""The hooks the start of a turn asks (``begin_turn``'s ``found``)."""


def begin_turn(e: Engine, seat: int, found: list[list[ab.Source] | tuple[()]] | None = None) -> None:
    """The start of ``seat``'s turn. ``found``: the cards answering ``STARTING_HOOKS``, when the
    caller (the end of the turn before) found them with the cards in play now."""
    t = e.t
    b = e.b
    t.phase = MANEUVERS
    if not e.quiet:
        e.emit(ev.TurnBegins(t.turn, seat))
    # the cards answering this step's hooks, found at once: nothing here moves a card
    gates, keeps, foresight = ab.found_each(b, *STARTING_HOOKS) if found is None else found
    # Stellar Gate: four consecutive turns under your control win at the start of your turn
    if gates:
        # (its handler reads only the answering card's controller: a playout keeps the answer
        # with the cards, ``abilities.refresh`` drops it with them)
        held = b.held
        fixed: dict[tuple[str, int, int], int] | None = held.get("#fixed") if held else None
        got = None if fixed is None else fixed.get(("gate_turns", -1, seat))
        if got is None:
            got = 0  # the seat's, whatever the asset (ab.run, without its call and its packed arguments)
            for src in gates:
                got = _GATE_TURNS[src.ability.kind](b, src, got, seat=seat)
            got = int(got)
            if fixed is not None:
                fixed[("gate_turns", -1, seat)] = got
        turns = got
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
