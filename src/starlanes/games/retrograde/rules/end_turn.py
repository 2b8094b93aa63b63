"""The end of a turn: an opponent without a homeworld loses, Stellar Gate's count, untap,
debris and Thorns damage, bonuses that last until the end of the turn, the turn limit."""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.actions import End
from starlanes.games.retrograde.board import ASSET_CARDS, CARDS
from starlanes.games.retrograde.rules.combat import check_destroyed, deal
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.rules.turn_start import STARTING_HOOKS, begin_turn
from starlanes.games.retrograde.state import NOBODY, Debris, Ship

__all__ = ["GATE_KEYS", "end", "end_turn"]

GATE_KEYS = frozenset(key for key, card in CARDS.items() if card.has("gate-victory"))
"""The keys of the cards with Stellar Gate's alternative victory."""


def end_turn(e: Engine, seat: int, act: End | None = None) -> None:
    """The end of ``seat``'s turn (``act``: the action that ends it, as ``game.APPLY`` passes
    it; its rule is this one)."""
    t = e.t
    b = e.b
    opp = 1 - seat  # (Board.opponent)
    cards = t.cards
    # 1. an opponent without a homeworld loses (Board.homeworlds_of, stopping at the first)
    for a in t.assets:
        if a.controller == opp and a.face_up and ASSET_CARDS[cards[a.uid]].homeworld:
            break
    else:
        e.win(seat, "the opponent has no homeworld")
        return
    # 2. alternative win conditions: Stellar Gate's card moves its check to the start of a
    #    turn (golden rule); here its count of consecutive turns advances
    #    (ruling 24: every turn counts, the opponent's too; the house rule counts only the
    #    holder's own turns)
    # 3. untap (in the same pass over the assets, which also finds each asset's debris and
    #    ends its bonus construction power: only building reads that, the damage below does not)
    gate_seats = (seat,) if e.cfg.gate_counts_own_turns else (0, 1)
    debris: dict[int, list[list[Debris]]] = {}  # Board.debris_count: the assets with debris, found once
    for a in t.assets:
        if any(a.debris):
            debris[a.uid] = a.debris
        if a.face_up and cards[a.uid] in GATE_KEYS:
            for p in gate_seats:
                t.gate_streak[p] = t.gate_streak[p] + 1 if a.controller == p else 0
        if a.controller == seat:
            if a.tapped:
                a.tapped = False
            for u in a.upgrades:
                if u.tapped:
                    u.tapped = False
        if a.bonus_power:
            a.bonus_power = 0
    # 4. debris (and Thorns, which strikes at the end of its controller's opponent's turn)
    hurt: list[Ship] = []
    # the cards answering both hooks (and those of the next turn's start), found at once: damage
    # moves no card (destruction comes after)
    lighter, thorns, *starting = ab.found_each(b, "debris_damage", "thorns", *STARTING_HOOKS)
    for s in list(t.ships) if debris else ():
        here = debris.get(s.asset)
        count = len(here[s.orbital]) if here is not None and s.orbital < len(here) else 0
        if count:
            dmg = int(ab.run(b, "debris_damage", lighter, count, ship=s, count=count))
            if dmg:
                e.emit(ev.DebrisDamage(e.ref(s.uid), dmg))
                hurt.append(deal(e, s, dmg))
    if thorns:
        for uid, dmg in ab.run(b, "thorns", thorns, [], ending=seat):
            victim = b.ship(uid)
            if victim is not None:
                e.emit(ev.ThornsDamage(e.ref(uid), dmg))
                hurt.append(deal(e, victim, dmg))
    # a destruction may move cards that answer hooks: a playout's kept ones are dropped. Damage
    # alone moves none, and while no hurt spacecraft has reached its armor none is destroyed
    # (the checks below change nothing until one is), so then they stay
    for s in hurt:
        if s.damage >= e.armor(s):
            b.held = None
            starting = []  # (the next turn's start finds its own)
            break
    for s in hurt:
        check_destroyed(e, s, None)
    # bonuses "until the end of the turn" expire
    for s in t.ships:  # (a field is written only when it changes: reading is cheaper)
        if s.armor_bonus or s.dv_bonus:
            s.armor_bonus = s.dv_bonus = 0
        if s.boosted_by:
            s.boosted_by = []
        if s.moves or s.free_burns:
            s.moves = s.free_burns = 0
    if t.beacons:
        t.beacons = [bc for bc in t.beacons if bc.turn > t.turn]
    if t.turn >= e.cfg.turn_limit:
        t.end_reason = f"turn limit ({e.cfg.turn_limit} turns) reached: a draw"
        t.winner = NOBODY
        e.emit(ev.GameOver(NOBODY, t.end_reason))
        return
    t.turn += 1
    t.current = opp
    begin_turn(e, opp, starting or None)


end = end_turn
"""The rule of ``end`` (``game.APPLY``): the end of the turn itself, called without a wrapper."""
