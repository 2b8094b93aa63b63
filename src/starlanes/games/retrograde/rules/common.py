"""What every step of Retrograde's rules asks: the ``Engine`` (one state, the events one call
tells, the card statistics and the costs as the card abilities change them).

One ``Engine`` wraps one state for one call (a search playout's quiet one, ``game._Playout``,
for the whole playout: it keeps nothing of a call but what the playout sets). The steps of the
turn live beside this module, one module a phase (``turn_start``, ``maneuvers``, ``combat``,
``bombard``, ``build``, ``end_turn``), as functions of an ``Engine``; what is legal is decided
in ``legality``.
"""

from __future__ import annotations

from typing import ClassVar

from starlanes.core.decision import Pending
from starlanes.core.state import Event, EventData
from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde.board import ASSET_CARDS, SHIP_CARDS, Board
from starlanes.games.retrograde.events import CardRef, GameOver
from starlanes.games.retrograde.state import COMBAT, Asset, Config, Prompt, RetroState, Ship

__all__ = [
    "Engine",
    "combat_of",
    "combat_pending",
    "seat_capacity",
    "seat_population",
    "ship_accuracy",
]

def ship_accuracy(b: Board, ship: Ship, cfg: Config) -> int:
    """Dice a spacecraft rolls in combat: its accuracy, The Waveguide's aura, a Pollen beacon."""
    bonus = ab.modify(b, "accuracy_bonus", 0, ship=ship, friendly_only=cfg.waveguide_friendly_only)
    beacon = ab.beacon(b, "beacon-accuracy", ship.owner, ship.asset)
    return b.ship_card(ship).accuracy + max(int(bonus), 0) + beacon


def seat_capacity(b: Board, seat: int) -> int:
    """Population capacity of ``seat``: its face-up assets' populations, as upgrades change them."""
    total = 0
    found = ab.found(b, "capacity")
    cards = b.t.cards
    for a in b.t.assets:
        if a.face_up and a.controller == seat:
            population = ASSET_CARDS[cards[a.uid]].population  # (Board.asset_card)
            total += ab.run(b, "capacity", found, population, asset=a) if found else population
    return int(total)


def seat_population(b: Board, seat: int) -> int:
    """Population of ``seat``'s face-up spacecraft."""
    total = 0  # (a plain loop: a generator and a call per spacecraft cost more)
    cards = b.t.cards
    for s in b.t.ships:
        if s.owner == seat:
            total += SHIP_CARDS[cards[s.uid]].population  # (Board.ship_card)
    return total


def combat_pending(p: Prompt, defender: int) -> Pending:
    """The core's pending sealed decision of a combat: the attacker's power and the defender's
    defense, chosen in secret, revisable until both have chosen."""
    return Pending(COMBAT, tuple(sorted({p.seat, defender})), True,
                   {"seat": p.seat, "source": p.source, "target": p.target, "amount": p.amount})


def combat_of(pending: Pending | None) -> Prompt | None:
    """The combat a state's pending decision awaits (as the ``Prompt`` views show), if it is one."""
    if pending is None or pending.kind != COMBAT:
        return None
    d = pending.data
    return Prompt(kind=COMBAT, seat=int(d["seat"]), source=int(d["source"]),  # type: ignore[arg-type]
                  target=int(d["target"]), amount=int(d["amount"]))  # type: ignore[arg-type]


class Engine:
    """The rules applied to one state."""

    quiet: ClassVar[bool] = False
    """Nobody reads the events (a search playout's engine): the most frequent steps do not build
    them (``emit`` is then a no-op too)."""

    def __init__(self, state: RetroState) -> None:
        self.s = state
        self.t = state.table
        self.b = Board(self.t)
        self.cfg = state.cfg
        self.events: list[Event] = []

    # ================================================================ reporting
    def emit(self, data: EventData, *, seats: tuple[int, ...] | None = None, reveals: bool = False) -> None:
        """An event for ``seats`` (``None``: everyone); ``reveals``: it shows its audience a card
        that was hidden (no undo past it). A private reminder of what a seat already knows (its
        own face-down card) reveals nothing: undo stays possible."""
        self.events.append(data.event(seats=seats, reveals=reveals))

    def ref(self, uid: int) -> CardRef:
        """Card ``uid`` for an event: its number and its key."""
        return CardRef(uid, self.t.cards[uid])

    def n(self, uid: int) -> str:
        """``Mushroom #12``, for the messages of a refusal. While listing (``b.cache`` set) a
        refusal only drops a candidate and nobody reads it: the card is not looked up."""
        if self.b.cache is not None:
            return "#"
        return f"{self.b.name(uid)} #{uid}"

    # ================================================================ card statistics
    def limit(self, ship: Ship, extra: int = 0) -> int:
        """Delta-vee limit: the card's, plus boosts until end of turn."""
        return self.b.ship_card(ship).delta_vee + ship.dv_bonus + extra

    def armor(self, ship: Ship) -> int:
        return self.b.ship_card(ship).armor + ship.armor_bonus

    def accuracy(self, ship: Ship) -> int:
        return ship_accuracy(self.b, ship, self.cfg)

    def capacity(self, seat: int) -> int:
        return seat_capacity(self.b, seat)

    def population(self, seat: int) -> int:
        return seat_population(self.b, seat)

    def dv_of(self, asset: Asset, orbital: int) -> int:
        return self.b.orbitals(asset)[orbital]

    # ================================================================ costs
    def burn_cost(self, ship: Ship, to: int) -> int:
        a = self.b.asset(ship.asset)
        assert a is not None
        base = max(self.dv_of(a, ship.orbital) - self.dv_of(a, to), self.cfg.burn_min_cost)
        return int(ab.modify(self.b, "burn_cost", base, ship=ship))

    def transfer_cost(self, ship: Ship, dest: Asset) -> int:
        a = self.b.asset(ship.asset)
        assert a is not None
        start = self.dv_of(a, self.b.outermost(a))
        end = self.dv_of(dest, self.b.outermost(dest))
        base = max(start - end, self.cfg.burn_min_cost)
        base = max(0, base - ab.beacon(self.b, "beacon-transfer", ship.owner, dest.uid))
        return int(ab.modify(self.b, "transfer_cost", base, ship=ship, dest=dest))

    def attack_cost(self, attacker: Ship, defender: Ship) -> int:
        a = self.b.asset(attacker.asset)
        assert a is not None
        return max(self.dv_of(a, attacker.orbital) - self.dv_of(a, defender.orbital), self.cfg.combat_min_cost)

    def bombard_cost(self, attacker: Ship) -> int:
        a = self.b.asset(attacker.asset)
        assert a is not None
        return max(self.dv_of(a, 0) - self.dv_of(a, attacker.orbital), self.cfg.combat_min_cost)

    def room(self, ship: Ship, extra_limit: int = 0) -> int:
        """Delta-vee still available before the limit."""
        return self.limit(ship, extra_limit) - ship.dv

    # ================================================================ queries
    def prompt(self) -> Prompt | None:
        """The question on the table now: a combat (the state's pending decision), else the first
        follow-up or sacrifice offer. (A view shows its combat as the first of its prompts.)"""
        cache = self.b.cache
        if cache is not None:  # listing: nothing moves, the question is read once
            if "#prompt" not in cache:
                cache["#prompt"] = self._prompt()
            return cache["#prompt"]  # type: ignore[no-any-return]
        return self._prompt()

    def _prompt(self) -> Prompt | None:
        combat = combat_of(self.s.pending)
        if combat is not None:
            return combat
        return self.t.prompts[0] if self.t.prompts else None

    def to_act(self) -> list[int]:
        t = self.t
        if t.end_reason:
            return []
        p = self.prompt()
        if p is not None:
            if p.kind == COMBAT:
                return [0, 1]
            return [p.seat]
        return [t.current]

    def bombard_targets(self, s: Ship) -> list[int]:
        a = self.b.asset(s.asset)
        assert a is not None
        if a.controller == s.owner:
            return []
        targets = [a.uid]
        for u in a.upgrades:
            targets.append(u.uid)
        return list(ab.modify(self.b, "bombard_targets", targets, asset=a))

    def ship_slots(self, a: Asset) -> int:
        cache = self.b.cache
        if cache is None:
            return int(ab.modify(self.b, "ship_slots", 1, asset=a))
        key = f"#slots {a.uid}"  # while listing: once per asset, not once per card placed there
        got = cache.get(key)
        if got is None:
            got = cache[key] = int(ab.modify(self.b, "ship_slots", 1, asset=a))
        return got

    def progress(self, uid: int) -> tuple[int, int]:
        """Construction counters on a face-down card, and the card's construction cost."""
        card = self.b.card(uid)
        cost = int(getattr(card, "cost", 0) or 0)
        fd = self.b.asset(uid)
        if fd is not None:
            return fd.counters, cost
        for a in self.t.assets:
            for slip in (*a.ship_slips, *a.upgrade_slips):
                if slip.uid == uid:
                    return slip.counters, cost
        return 0, cost

    # ================================================================ the flow
    def set_phase(self, phase: int) -> None:
        self.t.phase = max(self.t.phase, phase)

    def win(self, seat: int, reason: str) -> None:
        self.t.winner = seat
        self.t.end_reason = reason
        self.emit(GameOver(seat, reason))
