"""What happens in Retrograde: the steps of the turn, each a function, each asking the card
abilities (``abilities.modify``) wherever a card may change it.

One ``Engine`` wraps one state for one call. ``why_not(seat, action)`` is the single legality
predicate (``None``: legal; else the reason a person reads); ``legal(seat)`` lists the
candidates it accepts; ``do(moves)`` carries a decision out.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlanes.core.actions import Action
from starlanes.core.state import Event

from . import abilities as ab
from .actions import (
    Allocate,
    Attack,
    Bombard,
    Boost,
    Burn,
    Cannibalize,
    Clean,
    Defense,
    End,
    Flip,
    Follow,
    Found,
    Pass,
    Place,
    Power,
    Repair,
    Research,
    Sacrifice,
    Swap,
    Sweep,
    Transfer,
)
from .board import Board
from .cards import AssetCard, SpacecraftCard, UpgradeCard
from .state import (
    ALLOCATE,
    CLEANUP,
    MANEUVERS,
    NOBODY,
    PHASE_NAMES,
    PLACE_ASSETS,
    PLACE_SHIPS,
    PLACE_UPGRADES,
    REPAIR,
    RESEARCH,
    Asset,
    Debris,
    Prompt,
    RetroState,
    Ship,
    Slip,
    Upgrade,
)

__all__ = ["FOLLOW_OFFERS", "Engine", "combat_ranges", "seat_capacity", "seat_population", "ship_accuracy"]

LOG_KEEP = 14


FOLLOW_OFFERS = {
    "pod-escort": "Shock troops: a troop pod may ride along",
    "pod-carrier": "Mushroom: troop pods may ride along",
    "flagship": "Adm. Nguyen: fighters and corvettes from its orbital may come along free",
    "wingman": "a wingman from the same orbital may follow",
    "tow": "BluPo Tug: a spacecraft from its orbital may transfer with 2 extra delta-vee",
}
"""What each follow-up offer means, for the table and the events."""


def ship_accuracy(b: Board, ship: Ship) -> int:
    """Dice a spacecraft rolls in combat: its accuracy, The Waveguide's aura, a Pollen beacon."""
    bonus = ab.modify(b, "accuracy_bonus", 0, ship=ship)
    beacon = ab.beacon(b, "beacon-accuracy", ship.owner, ship.asset)
    return b.ship_card(ship).accuracy + max(int(bonus), 0) + beacon


def seat_capacity(b: Board, seat: int) -> int:
    """Population capacity of ``seat``: its face-up assets' populations, as upgrades change them."""
    total = 0
    for a in b.t.assets:
        if a.face_up and a.controller == seat:
            total += ab.modify(b, "capacity", b.asset_card(a).population, asset=a)
    return int(total)


def seat_population(b: Board, seat: int) -> int:
    """Population of ``seat``'s face-up spacecraft."""
    return sum(b.ship_card(s).population for s in b.t.ships if s.owner == seat)


def combat_ranges(b: Board, p: Prompt) -> tuple[int, int, int]:
    """For a pending combat: (highest power, highest defense, the defender's free radar bonus)."""
    att = b.ship(p.source)
    dfd = b.ship(p.target)
    assert att is not None and dfd is not None
    def room(s: Ship) -> int:
        return b.ship_card(s).delta_vee + s.dv_bonus - s.dv
    radar = int(ab.modify(b, "defense_bonus", 0, defender=dfd, attacker=att))
    return room(att) - p.amount, max(0, room(dfd)), radar


def _dice_text(dice: int, rolls: list[int]) -> str:
    if dice <= 0:
        return "no dice (nothing to roll)"
    return f"{dice} {'die rolls' if dice == 1 else 'dice roll'} {' '.join(map(str, rolls))}"


class Engine:
    """The rules applied to one state."""

    def __init__(self, state: RetroState) -> None:
        self.s = state
        self.t = state.table
        self.b = Board(self.t)
        self.cfg = state.cfg
        self.events: list[Event] = []

    # ================================================================ reporting
    def say(self, text: str, *, reveals: bool = False) -> None:
        """A public event; ``reveals``: it shows everyone a card that was hidden (no undo past it)."""
        self.events.append(Event(text, reveals=reveals))
        self.t.log.append(text)
        if len(self.t.log) > LOG_KEEP:
            del self.t.log[: len(self.t.log) - LOG_KEEP]

    def tell(self, seat: int, text: str) -> None:
        """A private event that shows ``seat`` something it did not know (no undo past it)."""
        self.events.append(Event(text, seats=(seat,), reveals=True))

    def note(self, seat: int, text: str) -> None:
        """A private reminder of what ``seat`` already knows (its own face-down card): undo stays possible."""
        self.events.append(Event(text, seats=(seat,)))

    def n(self, uid: int) -> str:
        return f"{self.b.name(uid)} #{uid}"

    # ================================================================ card statistics
    def limit(self, ship: Ship, extra: int = 0) -> int:
        """Delta-vee limit: the card's, plus boosts until end of turn."""
        return self.b.ship_card(ship).delta_vee + ship.dv_bonus + extra

    def armor(self, ship: Ship) -> int:
        return self.b.ship_card(ship).armor + ship.armor_bonus

    def accuracy(self, ship: Ship) -> int:
        return ship_accuracy(self.b, ship)

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

    # ================================================================ decisions
    def to_act(self) -> list[int]:
        t = self.t
        if t.end_reason:
            return []
        if t.prompts:
            p = t.prompts[0]
            if p.kind == "combat":
                return [0, 1]
            return [p.seat]
        return [t.current]

    # ---------------------------------------------------------------- legality
    def _my_ship(self, seat: int, uid: int) -> Ship | str:
        s = self.b.ship(uid)
        if s is None:
            return f"#{uid} is not a spacecraft in play"
        if s.owner != seat:
            return f"{self.n(uid)} is not yours"
        return s

    def _maneuver_ship(self, seat: int, uid: int) -> Ship | str:
        s = self._my_ship(seat, uid)
        if isinstance(s, str):
            return s
        if not ab.modify(self.b, "may_maneuver", True, ship=s):
            return f"{self.n(uid)} may not maneuver here (a drone needs its ansible on this asset)"
        return s

    def _phase(self, phase: int) -> str | None:
        if self.t.phase > phase:
            return (f"the turn is past that step: {PHASE_NAMES[phase]} came before {PHASE_NAMES[self.t.phase]},"
                    " and the steps go in order (an action of a later step closes the earlier ones)")
        return None

    def _my_asset(self, seat: int, uid: int, *, untapped: bool = True) -> Asset | str:
        a = self.b.asset(uid)
        if a is None or not a.face_up:
            return f"#{uid} is not a face-up asset in play"
        if a.controller != seat:
            return f"{self.n(uid)} is not under your control"
        if untapped and a.tapped:
            return f"{self.n(uid)} is already tapped"
        return a

    def why_not(self, seat: int, action: Action) -> str | None:
        t = self.t
        if t.prompts:
            p = t.prompts[0]
            if p.kind == "combat":
                if isinstance(action, Power) and seat == self.b.ship(p.source).owner:  # type: ignore[union-attr]
                    att = self.b.ship(p.source)
                    assert att is not None
                    if not 0 <= action.value <= self.room(att) - p.amount:
                        return f"power must be 0 to {self.room(att) - p.amount} (delta-vee limit)"
                    return None
                if isinstance(action, Defense) and seat == self.b.ship(p.target).owner:  # type: ignore[union-attr]
                    d = self.b.ship(p.target)
                    assert d is not None
                    top = max(0, self.room(d))
                    if not 0 <= action.value <= top:
                        return f"defense must be 0 to {top} (delta-vee limit)"
                    return None
                return "a combat is waiting for the attacker's power and the defender's defense"
            if isinstance(action, Pass):
                return None
            if p.kind == "sacrifice":
                if not isinstance(action, Sacrifice):
                    return "choose a spacecraft to sacrifice, or pass"
                s = self._my_ship(seat, action.ship)
                if isinstance(s, str):
                    return s
                if s.asset != p.target:
                    return f"{self.n(s.uid)} does not orbit the bombarded asset"
                return None
            if not isinstance(action, Follow):
                return f"choose a spacecraft to follow ({p.ability}) or pass"
            return self._why_not_follow(seat, p, action.ship)
        if isinstance(action, End):
            return None
        if isinstance(action, (Power, Defense, Follow, Sacrifice, Pass)):
            return "there is nothing to answer now"
        if isinstance(action, Burn):
            return self._why_not_burn(seat, action)
        if isinstance(action, Transfer):
            return self._why_not_transfer(seat, action)
        if isinstance(action, Attack):
            return self._why_not_attack(seat, action)
        if isinstance(action, Bombard):
            return self._why_not_bombard(seat, action)
        if isinstance(action, Sweep):
            return self._phase(MANEUVERS) or self._why_not_sweep(seat, action)
        if isinstance(action, Clean):
            return self._phase(MANEUVERS) or self._why_not_clean(seat, action)
        if isinstance(action, Boost):
            return self._phase(MANEUVERS) or self._why_not_boost(seat, action)
        if isinstance(action, Research):
            return self._phase(RESEARCH) or self._why_not_research(seat, action)
        if isinstance(action, Repair):
            return self._phase(REPAIR) or self._why_not_repair(seat, action)
        if isinstance(action, Place):
            return self._why_not_place(seat, action)
        if isinstance(action, Found):
            return self._phase(PLACE_ASSETS) or self._why_not_found(seat, action)
        if isinstance(action, Allocate):
            return self._phase(ALLOCATE) or self._why_not_allocate(seat, action)
        if isinstance(action, Cannibalize):
            return self._phase(ALLOCATE) or self._why_not_cannibalize(seat, action)
        if isinstance(action, Swap):
            return self._phase(ALLOCATE) or self._why_not_swap(seat, action)
        if isinstance(action, Flip):
            return self._phase(CLEANUP) or self._why_not_flip(seat, action)
        return "not an action of Retrograde"

    # maneuvers -----------------------------------------------------------
    def _why_not_burn(self, seat: int, act: Burn) -> str | None:
        if (r := self._phase(MANEUVERS)) is not None:
            return r
        s = self._maneuver_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        a = self.b.asset(s.asset)
        assert a is not None
        if not 0 <= act.orbital < len(self.b.orbitals(a)) or act.orbital == s.orbital:
            return f"orbital must be another orbital of {self.n(a.uid)} (0 to {self.b.outermost(a)})"
        cost = self.burn_cost(s, act.orbital)
        if cost > self.room(s):
            return f"the burn costs {cost} delta-vee; {self.n(s.uid)} has {self.room(s)} left"
        if cost == 0 and s.moves >= self.cfg.free_burns_per_turn:
            return f"{self.n(s.uid)} has used its free burns this turn"
        return None

    def _why_not_transfer(self, seat: int, act: Transfer) -> str | None:
        if (r := self._phase(MANEUVERS)) is not None:
            return r
        s = self._maneuver_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        return self._transfer_problem(s, act.asset, 0)

    def _transfer_problem(self, s: Ship, dest_uid: int, extra_limit: int) -> str | None:
        if not ab.modify(self.b, "may_transfer", True, ship=s):
            return f"{self.n(s.uid)} cannot transfer to another asset"
        a = self.b.asset(s.asset)
        assert a is not None
        if s.orbital != self.b.outermost(a):
            return f"{self.n(s.uid)} must be in the outermost orbital of {self.n(a.uid)} to transfer"
        dest = self.b.asset(dest_uid)
        if dest is None or not dest.face_up or dest.uid == a.uid:
            return f"#{dest_uid} is not another face-up asset in play"
        cost = self.transfer_cost(s, dest)
        if cost > self.room(s, extra_limit):
            return f"the transfer costs {cost} delta-vee; {self.n(s.uid)} has {self.room(s, extra_limit)} left"
        return None

    def _why_not_attack(self, seat: int, act: Attack) -> str | None:
        if (r := self._phase(MANEUVERS)) is not None:
            return r
        s = self._maneuver_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        d = self.b.ship(act.target)
        if d is None or d.owner == seat:
            return f"#{act.target} is not an enemy spacecraft"
        if d.asset != s.asset:
            return f"{self.n(d.uid)} is not around the same asset"
        cost = self.attack_cost(s, d)
        if cost > self.room(s):
            return f"the attack costs {cost} delta-vee; {self.n(s.uid)} has {self.room(s)} left"
        return None

    def bombard_targets(self, s: Ship) -> list[int]:
        a = self.b.asset(s.asset)
        assert a is not None
        if a.controller == s.owner:
            return []
        targets = [a.uid] + [u.uid for u in a.upgrades]
        return list(ab.modify(self.b, "bombard_targets", targets, asset=a))

    def _why_not_bombard(self, seat: int, act: Bombard) -> str | None:
        if (r := self._phase(MANEUVERS)) is not None:
            return r
        s = self._maneuver_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        targets = self.bombard_targets(s)
        if act.target not in targets:
            if not targets:
                return f"{self.n(s.uid)} orbits your own asset"
            return "the target must be " + " or ".join(self.n(x) for x in targets)
        room = self.room(s) - self.bombard_cost(s)
        if not 0 <= act.power <= room:
            return f"power must be 0 to {room} (cost {self.bombard_cost(s)}, delta-vee limit)"
        return None

    def _why_not_sweep(self, seat: int, act: Sweep) -> str | None:
        s = self._maneuver_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        sweep = self.b.ship_card(s).ability("sweep")
        if sweep is None:
            return f"{self.n(s.uid)} cannot sweep debris"
        if not self.b.debris_count(s.asset, s.orbital):
            return "there is no debris in its orbital"
        if int(sweep.get("cost")) > self.room(s):
            return f"sweeping costs {sweep.get('cost')} delta-vee; {self.n(s.uid)} has {self.room(s)} left"
        return None

    def _why_not_clean(self, seat: int, act: Clean) -> str | None:
        found = self.b.upgrade(act.upgrade)
        if found is None or not self.b.card(act.upgrade).has("sweeper-station"):
            return f"#{act.upgrade} is not a Debris Cleaner in play"
        a, u = found
        if a.controller != seat:
            return f"{self.n(a.uid)} is not under your control"
        if u.tapped:
            return f"{self.n(u.uid)} is already tapped"
        if not 0 <= act.orbital < len(a.debris) or not a.debris[act.orbital]:
            return f"no debris in orbital {act.orbital} of {self.n(a.uid)}"
        return None

    def _why_not_boost(self, seat: int, act: Boost) -> str | None:
        src = self._maneuver_ship(seat, act.source)
        if isinstance(src, str):
            return src
        card = self.b.ship_card(src)
        boost = card.ability("reinforce") or card.ability("refuel")
        if boost is None:
            return f"{self.n(src.uid)} has no boost ability"
        tgt = self._my_ship(seat, act.target)
        if isinstance(tgt, str):
            return tgt
        if tgt.asset != src.asset or tgt.orbital != src.orbital:
            return f"{self.n(tgt.uid)} is not in the same orbital"
        if src.uid in tgt.boosted_by:
            return f"{self.n(src.uid)} already boosted {self.n(tgt.uid)} this turn"
        if int(boost.get("cost")) > self.room(src):
            return f"the boost costs {boost.get('cost')} delta-vee; {self.n(src.uid)} has {self.room(src)} left"
        return None

    def _why_not_follow(self, seat: int, p: Prompt, uid: int) -> str | None:
        s = self._my_ship(seat, uid)
        if isinstance(s, str):
            return s
        if uid == p.target or uid in p.chosen or s.asset != p.from_asset:
            return f"{self.n(uid)} cannot follow"
        card = self.b.ship_card(s)
        kind = p.ability
        if kind in ("pod-escort", "pod-carrier"):
            if not card.has("troop-pod"):
                return f"{self.n(uid)} is not a troop pod"
            return None
        if s.orbital != p.from_orbital:
            return f"{self.n(uid)} was not in the mover's starting orbital"
        if kind == "flagship":
            src_ab = self.b.card(p.source).ability("flagship")
            assert src_ab is not None
            if card.ship_class not in src_ab.get("classes"):
                return f"{self.n(uid)} is not a {' or '.join(src_ab.get('classes'))}"
            if not ab.modify(self.b, "may_transfer", True, ship=s):
                return f"{self.n(uid)} cannot transfer to another asset"
            return None
        if not ab.modify(self.b, "may_maneuver", True, ship=s):
            return f"{self.n(uid)} may not maneuver"
        if kind == "wingman":
            if p.from_asset != p.to_asset and not ab.modify(self.b, "may_transfer", True, ship=s):
                return f"{self.n(uid)} cannot transfer to another asset"
            if p.amount > self.room(s):
                return f"following costs {p.amount} delta-vee; {self.n(uid)} has {self.room(s)} left"
            return None
        # tow: a transfer of its own with extra limit
        return self._transfer_problem(s, p.to_asset, p.amount)

    # research / repair -----------------------------------------------------
    def _why_not_research(self, seat: int, act: Research) -> str | None:
        a = self._my_asset(seat, act.asset)
        if isinstance(a, str):
            return a
        if not self.t.decks[seat]:
            return "your deck is empty"
        return None

    def _why_not_repair(self, seat: int, act: Repair) -> str | None:
        a = self._my_asset(seat, act.asset)
        if isinstance(a, str):
            return a
        if act.target == a.uid:
            return None if a.damage > 0 else f"{self.n(a.uid)} has no damage"
        for u in a.upgrades:
            if u.uid == act.target:
                return None if u.damage > 0 else f"{self.n(u.uid)} has no damage"
        return f"#{act.target} is neither {self.n(a.uid)} nor an upgrade on it"

    # construction ----------------------------------------------------------
    def ship_slots(self, a: Asset) -> int:
        return int(ab.modify(self.b, "ship_slots", 1, asset=a))

    def _why_not_place(self, seat: int, act: Place) -> str | None:
        if act.card not in self.t.hands[seat]:
            return f"#{act.card} is not in your hand"
        card = self.b.card(act.card)
        if isinstance(card, AssetCard):
            return f"{card.name} is an asset: use found"
        phase = PLACE_SHIPS if isinstance(card, SpacecraftCard) else PLACE_UPGRADES
        if (r := self._phase(phase)) is not None:
            return r
        a = self._my_asset(seat, act.asset, untapped=False)
        if isinstance(a, str):
            return a
        if isinstance(card, SpacecraftCard):
            if len(a.ship_slips) >= self.ship_slots(a):
                return f"{self.n(a.uid)} already has a spacecraft under construction"
            return None
        if not ab.modify(self.b, "upgrades_allowed", True, asset=a):
            return f"no upgrade may be built on {self.n(a.uid)}"
        if a.upgrade_slips:
            return f"{self.n(a.uid)} already has an upgrade under construction"
        return None

    def _why_not_found(self, seat: int, act: Found) -> str | None:
        if act.card not in self.t.hands[seat]:
            return f"#{act.card} is not in your hand"
        if not isinstance(self.b.card(act.card), AssetCard):
            return f"{self.n(act.card)} is not an asset"
        return None

    def _alloc_target(self, seat: int, a: Asset, target: int) -> str | None:
        for slip in (*a.ship_slips, *a.upgrade_slips):
            if slip.uid == target:
                return None if slip.owner == seat else f"#{target} is not yours"
        fd = self.b.asset(target)
        if fd is not None and not fd.face_up and fd.controller == seat:
            if any(s.asset == a.uid and s.owner != seat for s in self.t.ships):
                return f"an enemy spacecraft orbits {self.n(a.uid)}: it cannot build a face-down asset"
            return None
        return f"#{target} is not a face-down card beside {self.n(a.uid)} nor a face-down asset of yours"

    def _why_not_allocate(self, seat: int, act: Allocate) -> str | None:
        a = self._my_asset(seat, act.asset)
        if isinstance(a, str):
            return a
        if self.b.asset_card(a).factory + a.bonus_power <= 0:
            return f"{self.n(a.uid)} has no construction power"
        return self._alloc_target(seat, a, act.target)

    def _why_not_cannibalize(self, seat: int, act: Cannibalize) -> str | None:
        a = self._my_asset(seat, act.asset)
        if isinstance(a, str):
            return a
        if not self.b.upgrades_with(a, "cannibalize"):
            return f"{self.n(a.uid)} has no Cannibalized Construction Yards"
        if a.bonus_power:
            return f"{self.n(a.uid)} already cannibalized a spacecraft this turn"
        s = self._my_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        if s.asset != a.uid:
            return f"{self.n(s.uid)} does not orbit {self.n(a.uid)}"
        most = self.armor(s) - s.damage
        if not 1 <= act.damage <= most:
            return f"damage must be 1 to {most} (what {self.n(s.uid)} can take)"
        return None

    def _why_not_swap(self, seat: int, act: Swap) -> str | None:
        a = self._my_asset(seat, act.asset)
        if isinstance(a, str):
            return a
        scopes = ab.modify(self.b, "refit_scopes", [], asset=a, seat=seat)
        if not scopes:
            return f"{self.n(a.uid)} cannot swap spacecraft"
        s = self._my_ship(seat, act.ship)
        if isinstance(s, str):
            return s
        where = self.b.asset(s.asset)
        assert where is not None
        anywhere = "any-friendly-asset" in scopes and where.controller == seat
        if not anywhere and s.asset != a.uid:
            return f"{self.n(s.uid)} is not in orbit where {self.n(a.uid)} can swap it"
        if act.card not in self.t.hands[seat]:
            return f"#{act.card} is not in your hand"
        new = self.b.card(act.card)
        old = self.b.ship_card(s)
        if not isinstance(new, SpacecraftCard) or new.ship_class != old.ship_class or new.cost != old.cost:
            return f"the new spacecraft must be a {old.ship_class} costing {old.cost}, like {old.name}"
        return None

    def flip_choices(self, seat: int, uid: int) -> tuple[tuple[int, ...], int] | str:
        """Orbitals a completed face-down card may enter (spacecraft), or why it cannot flip."""
        fd = self.b.asset(uid)
        if fd is not None and not fd.face_up and fd.controller == seat:
            cost = self.b.asset_card(fd).cost or 0
            if fd.counters < cost:
                return f"{self.n(uid)} has {fd.counters} of {cost} construction counters"
            return (), -1
        found = self.b.owner_of_slip(uid)
        if found is None:
            return f"#{uid} is not a face-down card of yours"
        a, side = found
        slip = next(x for x in (*a.ship_slips, *a.upgrade_slips) if x.uid == uid)
        if slip.owner != seat:
            return f"#{uid} is not yours"
        card = self.b.card(uid)
        assert isinstance(card, (SpacecraftCard, UpgradeCard))
        if slip.counters < card.cost:
            return f"{self.n(uid)} has {slip.counters} of {card.cost} construction counters"
        if side == "upgrade":
            return (), -1
        assert isinstance(card, SpacecraftCard)
        if a.controller != seat:
            return f"{self.n(a.uid)} is not under your control"
        classes = ab.modify(self.b, "build_classes", self.b.asset_card(a).classes, asset=a, seat=seat)
        if card.ship_class not in classes:
            return f"{self.n(a.uid)} cannot complete a {card.ship_class} (it builds {', '.join(classes) or 'nothing'})"
        if self.population(seat) + card.population > self.capacity(seat):
            return (f"population limit: your spacecraft would need {self.population(seat) + card.population}"
                    f" population, your assets house {self.capacity(seat)}")
        return ab.entry_orbitals(self.b, a, card)

    def _why_not_flip(self, seat: int, act: Flip) -> str | None:
        got = self.flip_choices(seat, act.card)
        if isinstance(got, str):
            return got
        allowed, default = got
        if act.orbital != -1 and (act.orbital not in allowed or act.orbital == default):
            others = ", ".join(str(o) for o in allowed if o != default) or "none"
            return f"orbital must be one of {others} (or left out)"
        return None

    # ---------------------------------------------------------------- candidates
    def legal(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (candidates filtered by ``why_not``)."""
        self.b.cache = {}
        try:
            return [a for a in self.candidates(seat) if self.why_not(seat, a) is None]
        finally:
            self.b.cache = None

    def candidates(self, seat: int) -> list[Action]:
        t = self.t
        out: list[Action] = []
        if t.prompts:
            p = t.prompts[0]
            if p.kind == "combat":
                att = self.b.ship(p.source)
                dfd = self.b.ship(p.target)
                assert att is not None and dfd is not None
                if seat == att.owner:
                    out.extend(Power(v) for v in range(0, self.room(att) - p.amount + 1))
                else:
                    out.extend(Defense(v) for v in range(0, max(0, self.room(dfd)) + 1))
                return out
            if p.kind == "sacrifice":
                out.extend(Sacrifice(s.uid) for s in t.ships if s.owner == seat and s.asset == p.target)
            else:
                out.extend(Follow(s.uid) for s in t.ships if s.owner == seat and s.asset == p.from_asset)
            out.append(Pass())
            return out
        out.append(End())
        phase = t.phase
        mine = [s for s in t.ships if s.owner == seat]
        if phase <= MANEUVERS:
            face_up = [a for a in t.assets if a.face_up]
            for s in mine:
                if self.room(s) < 0 or not ab.modify(self.b, "may_maneuver", True, ship=s):
                    continue
                a = self.b.asset(s.asset)
                assert a is not None
                n_orb = len(self.b.orbitals(a))
                out.extend(Burn(s.uid, o) for o in range(n_orb) if o != s.orbital)
                if s.orbital == n_orb - 1:
                    out.extend(Transfer(s.uid, d.uid) for d in face_up if d.uid != a.uid)
                for d in t.ships:
                    if d.asset == s.asset and d.owner != seat:
                        out.append(Attack(s.uid, d.uid))
                targets = self.bombard_targets(s)
                if targets:
                    room = self.room(s) - self.bombard_cost(s)
                    for tg in targets:
                        out.extend(Bombard(s.uid, tg, pw) for pw in range(0, room + 1))
                card = self.b.ship_card(s)
                if card.has("sweep"):
                    out.append(Sweep(s.uid))
                if card.has("reinforce") or card.has("refuel"):
                    out.extend(Boost(s.uid, o.uid) for o in mine if o.asset == s.asset and o.orbital == s.orbital)
            for a in t.assets:
                if a.controller == seat and a.face_up:
                    for u in self.b.upgrades_with(a, "sweeper-station"):
                        out.extend(Clean(u.uid, o) for o in range(len(a.debris)))
        mine_assets = [a for a in t.assets if a.controller == seat and a.face_up]
        untapped = [a for a in mine_assets if not a.tapped]
        if phase <= RESEARCH:
            out.extend(Research(a.uid) for a in untapped)
        if phase <= REPAIR:
            for a in untapped:
                if a.damage:
                    out.append(Repair(a.uid, a.uid))
                out.extend(Repair(a.uid, u.uid) for u in a.upgrades if u.damage)
        if phase <= PLACE_ASSETS:
            for c in t.hands[seat]:
                hcard = self.b.card(c)
                if isinstance(hcard, AssetCard):
                    out.append(Found(c))
                elif (isinstance(hcard, SpacecraftCard) and phase <= PLACE_SHIPS) or (
                    isinstance(hcard, UpgradeCard) and phase <= PLACE_UPGRADES
                ):
                    out.extend(Place(c, a.uid) for a in mine_assets)
        if phase <= ALLOCATE:
            facedown = [a.uid for a in t.assets if not a.face_up and a.controller == seat]
            for a in untapped:
                slips = [x.uid for x in (*a.ship_slips, *a.upgrade_slips)]
                out.extend(Allocate(a.uid, x) for x in slips + facedown)
                if self.b.upgrades_with(a, "cannibalize") and not a.bonus_power:
                    for s in mine:
                        if s.asset == a.uid:
                            out.extend(Cannibalize(a.uid, s.uid, x) for x in range(1, self.armor(s) - s.damage + 1))
                if ab.modify(self.b, "refit_scopes", [], asset=a, seat=seat):
                    hand_ships = [c for c in t.hands[seat] if isinstance(self.b.card(c), SpacecraftCard)]
                    for s in mine:
                        for c in hand_ships:
                            out.append(Swap(a.uid, s.uid, c))
        if phase <= CLEANUP:
            for a in t.assets:
                if not a.face_up and a.controller == seat:
                    out.append(Flip(a.uid))
                for x in (*a.ship_slips, *a.upgrade_slips):
                    if x.owner == seat:
                        got = self.flip_choices(seat, x.uid)
                        if isinstance(got, str):
                            continue
                        allowed, default = got
                        out.append(Flip(x.uid))
                        out.extend(Flip(x.uid, o) for o in allowed if o != default)
        return out

    # ================================================================ doing
    def do(self, moves: Mapping[int, Action]) -> list[Event]:
        t = self.t
        if t.prompts and t.prompts[0].kind == "combat":
            p = t.prompts[0]
            power = defense = 0
            for act in moves.values():
                if isinstance(act, Power):
                    power = act.value
                elif isinstance(act, Defense):
                    defense = act.value
            self.resolve_combat(p, power, defense)
            return self.events
        ((seat, act),) = moves.items()
        handler = getattr(self, "_do_" + type(act).__name__.lower())
        handler(seat, act)
        return self.events

    def _set_phase(self, phase: int) -> None:
        self.t.phase = max(self.t.phase, phase)

    # prompts -----------------------------------------------------------------
    def _do_pass(self, seat: int, act: Pass) -> None:
        p = self.t.prompts.pop(0)
        if p.kind == "sacrifice":
            self.say(f"seat {seat} sacrifices nothing")
            self.finish_bombard(p.source, self.t.current, p.to_asset, p.amount, bool(p.left))
        self._drop_dead_offers()

    def _do_sacrifice(self, seat: int, act: Sacrifice) -> None:
        p = self.t.prompts.pop(0)
        s = self.b.ship(act.ship)
        assert s is not None
        s.orbital = 0
        self.say(f"{self.n(s.uid)} dives to the lowest orbital and is destroyed: the bombardment deals no damage")
        self.destroy(s, None)
        self.finish_bombard(p.source, self.t.current, p.to_asset, 0, bool(p.left))

    def _do_follow(self, seat: int, act: Follow) -> None:
        p = self.t.prompts[0]
        s = self.b.ship(act.ship)
        assert s is not None
        if p.ability == "wingman":
            s.dv += p.amount
        elif p.ability == "tow":
            dest = self.b.asset(p.to_asset)
            assert dest is not None
            s.dv += self.transfer_cost(s, dest)
        s.asset, s.orbital = p.to_asset, p.to_orbital
        p.chosen.append(s.uid)
        p.left -= 1
        self.say(f"{self.n(s.uid)} follows {self.n(p.target)} to {self.n(p.to_asset)} ({p.ability})")
        if p.left <= 0:
            self.t.prompts.pop(0)
        self._drop_dead_offers()

    def _drop_dead_offers(self) -> None:
        """Follow-up offers that nobody can take any more (their ships left with an earlier offer)
        are skipped (ruling 51)."""
        while self.t.prompts and self.t.prompts[0].kind == "follow":
            p = self.t.prompts[0]
            if any(self._why_not_follow(p.seat, p, o.uid) is None for o in self.t.ships if o.owner == p.seat):
                return
            self.t.prompts.pop(0)

    # maneuvers ---------------------------------------------------------------
    def _after_move(self, s: Ship, move: str, from_asset: int, from_orbital: int) -> None:
        prompts = ab.modify(self.b, "after_move", [], ship=s, move=move, from_asset=from_asset,
                            from_orbital=from_orbital, to_asset=s.asset, to_orbital=s.orbital)
        # a prompt nobody can answer is skipped
        for p in prompts:
            able = [o.uid for o in self.t.ships if o.owner == p.seat and self._why_not_follow(p.seat, p, o.uid) is None]
            if able:
                self.t.prompts.append(p)
                self.note(p.seat, f"{FOLLOW_OFFERS.get(p.ability, p.ability)} ({p.left} at most): "
                                  + ", ".join(self.n(u) for u in able) + " — type follow SHIP, or pass")

    def _do_burn(self, seat: int, act: Burn) -> None:
        s = self.b.ship(act.ship)
        assert s is not None
        cost = self.burn_cost(s, act.orbital)
        frm = s.orbital
        s.dv += cost
        if cost == 0:
            s.moves += 1
        s.orbital = act.orbital
        self.say(f"{self.n(s.uid)} burns from orbital {frm} to {act.orbital} ({cost} delta-vee)")
        self._after_move(s, "burn", s.asset, frm)

    def _do_transfer(self, seat: int, act: Transfer) -> None:
        s = self.b.ship(act.ship)
        dest = self.b.asset(act.asset)
        assert s is not None and dest is not None
        cost = self.transfer_cost(s, dest)
        frm_asset, frm = s.asset, s.orbital
        s.dv += cost
        s.asset, s.orbital = dest.uid, self.b.outermost(dest)
        self.say(f"{self.n(s.uid)} transfers to {self.n(dest.uid)} ({cost} delta-vee)")
        self._after_move(s, "transfer", frm_asset, frm)

    def _do_attack(self, seat: int, act: Attack) -> None:
        s = self.b.ship(act.ship)
        d = self.b.ship(act.target)
        assert s is not None and d is not None
        self.t.prompts.insert(0, Prompt(kind="combat", seat=seat, source=s.uid, target=d.uid,
                                        amount=self.attack_cost(s, d)))
        self.say(f"{self.n(s.uid)} attacks {self.n(d.uid)}: both sides choose power and defense in secret")

    def roll_hits(self, attacker: Ship, dice: int, check: int) -> tuple[int, list[int]]:
        rolls = [self.s.rng.randint(1, self.cfg.die_sides) for _ in range(max(0, dice))]
        hits = 0
        for r in rolls:
            if r < check or ab.modify(self.b, "always_hits", False, attacker=attacker, roll=r):
                hits += 1
        return hits, rolls

    def resolve_combat(self, p: Prompt, power: int, defense: int) -> None:
        self.t.prompts.pop(0)
        att = self.b.ship(p.source)
        dfd = self.b.ship(p.target)
        assert att is not None and dfd is not None
        bonus = int(ab.modify(self.b, "defense_bonus", 0, defender=dfd, attacker=att))
        check = power - (defense + bonus)
        att.dv += p.amount + power
        dfd.dv += defense
        dice = self.accuracy(att)
        hits, rolls = self.roll_hits(att, dice, check)
        extra = f" (+{bonus} radar)" if bonus else ""
        self.say(f"{self.n(att.uid)} power {power} against {self.n(dfd.uid)} defense {defense}{extra}:"
                 f" hit check {check}; {_dice_text(dice, rolls)}: {hits} hit(s)")
        recipients = ab.modify(self.b, "hit_recipients", [(dfd.uid, hits)] if hits else [], defender=dfd)
        hurt: list[Ship] = []
        for uid, n in recipients:
            victim = self.b.ship(uid)
            if victim is not None:
                hurt.append(self.deal(victim, n))
        for victim in hurt:
            self.check_destroyed(victim, att)
        if ab.modify(self.b, "spent_after_attack", False, attacker=att, hits=hits) and self.b.ship(att.uid):
            self.say(f"{self.n(att.uid)} is spent after its successful attack")
            self.destroy(att, None)

    def deal(self, ship: Ship, amount: int) -> Ship:
        """Put ``amount`` damage on ``ship`` (or on whoever takes it instead); return who took it."""
        taker: Ship = ab.modify(self.b, "damage_taker", ship, ship=ship)
        if taker is not ship:
            self.say(f"{self.n(taker.uid)} takes the damage meant for {self.n(ship.uid)}")
        taker.damage += amount
        return taker

    def check_destroyed(self, ship: Ship, attacker: Ship | None) -> None:
        if self.b.ship(ship.uid) is None or ship.damage < self.armor(ship):
            return
        how = ab.modify(self.b, "on_destroy", "destroy", victim=ship, attacker=attacker)
        if how == "board" and attacker is not None:
            ship.owner = attacker.owner
            self.say(f"{self.n(ship.uid)} is boarded: seat {attacker.owner} now controls it")
            return
        self.destroy(ship, attacker)

    def destroy(self, ship: Ship, attacker: Ship | None) -> None:
        leaves_debris = ab.modify(self.b, "leaves_debris", True, ship=ship)  # asked while it is in play
        self.t.ships.remove(ship)
        a = self.b.asset(ship.asset)
        assert a is not None
        if leaves_debris:
            a.debris[ship.orbital].append(Debris(uid=ship.uid, owner=self.t.owners[ship.uid]))
            self.say(f"{self.n(ship.uid)} is destroyed and becomes debris in orbital {ship.orbital}")
        else:
            self.t.discards[self.t.owners[ship.uid]].append(ship.uid)
            self.say(f"{self.n(ship.uid)} is destroyed and leaves no debris")
        # prompts that named it can no longer be answered by it
        for p in self.t.prompts:
            if p.kind == "combat" and ship.uid in (p.source, p.target):
                self.t.prompts.remove(p)
                break

    def _do_bombard(self, seat: int, act: Bombard) -> None:
        s = self.b.ship(act.ship)
        assert s is not None
        a = self.b.asset(s.asset)
        assert a is not None
        cost = self.bombard_cost(s)
        if act.target == a.uid:
            resistance = self.b.asset_card(a).resistance
        else:
            found = self.b.upgrade(act.target)
            assert found is not None
            resistance = self.b.upgrade_card(found[1]).resistance
        check = act.power - resistance
        s.dv += cost + act.power
        dice = self.b.ship_card(s).bombardment
        hits, rolls = self.roll_hits(s, dice, check)
        self.say(f"{self.n(s.uid)} bombards {self.n(act.target)} with power {act.power} "
                 f"(hit check {check}); {_dice_text(dice, rolls)}: {hits} hit(s)")
        spent = bool(ab.modify(self.b, "spent_after_attack", False, attacker=s, hits=hits))
        if hits and act.target == a.uid:
            absorber = ab.modify(self.b, "bombard_absorber", None, asset=a, attacker=s, target=act.target)
            if absorber is not None:
                self.say(f"{self.n(absorber.uid)} screens {self.n(a.uid)} and takes the hits")
                taker = self.deal(absorber, hits)
                self.check_destroyed(taker, s)
                self.finish_bombard(s.uid, seat, act.target, 0, spent)
                return
            defender = ab.modify(self.b, "sacrifice_seat", NOBODY, asset=a)
            if defender != NOBODY and any(x.owner == defender and x.asset == a.uid for x in self.t.ships):
                self.t.prompts.insert(0, Prompt(kind="sacrifice", seat=defender, source=s.uid, target=a.uid,
                                                to_asset=act.target, amount=hits, left=int(spent)))
                self.say(f"seat {defender} may sacrifice a spacecraft to cancel the damage")
                return
        self.finish_bombard(s.uid, seat, act.target, hits, spent)

    def finish_bombard(self, attacker_uid: int, seat: int, target: int, hits: int, spent: bool) -> None:
        attacker = self.b.ship(attacker_uid)
        a = self.b.asset(target)
        if hits:
            if a is not None:
                a.damage += hits
                card = self.b.asset_card(a)
                self.say(f"{self.n(a.uid)} has {a.damage} damage (bombardment resistance {card.resistance})")
                if a.damage >= card.resistance:
                    self.capture(a, seat, attacker)
            else:
                found = self.b.upgrade(target)
                if found is not None:
                    host, u = found
                    u.damage += hits
                    if u.damage >= self.b.upgrade_card(u).resistance:
                        host.upgrades.remove(u)
                        self.t.discards[self.t.owners[u.uid]].append(u.uid)
                        self.say(f"{self.n(u.uid)} is destroyed")
        if spent and attacker is not None:
            self.say(f"{self.n(attacker.uid)} is spent after its successful attack")
            self.destroy(attacker, None)

    def capture(self, a: Asset, seat: int, attacker: Ship | None) -> None:
        t = self.t
        old = a.controller
        for u in a.upgrades:
            t.discards[t.owners[u.uid]].append(u.uid)
        if a.upgrades:
            self.say("its upgrades are destroyed: " + ", ".join(self.n(u.uid) for u in a.upgrades))
        a.upgrades = []
        lost = [slip.uid for slip in a.upgrade_slips]
        for slip in a.upgrade_slips:
            t.discards[t.owners[slip.uid]].append(slip.uid)
        a.upgrade_slips = []
        if ab.modify(self.b, "capture_seizes", False, seat=seat):
            for slip in a.ship_slips:
                slip.owner = seat
            if a.ship_slips:
                self.say(f"the spacecraft under construction there now belong to seat {seat}")
        else:
            lost += [slip.uid for slip in a.ship_slips]
            for slip in a.ship_slips:
                t.discards[t.owners[slip.uid]].append(slip.uid)
            a.ship_slips = []
        if lost:
            self.say("the face-down cards beside it are destroyed: " + ", ".join(f"#{u}" for u in lost))
        if self.cfg.capture_clears_damage:
            a.damage = 0
        if attacker is not None and ab.modify(self.b, "capture_razes", False, attacker=attacker):
            a.controller = NOBODY
            a.razed = True
            self.say(f"{self.n(a.uid)} is razed: nobody controls it now")
        else:
            a.controller = seat
            self.say(f"{self.n(a.uid)} is captured by seat {seat}")
        if old != NOBODY and old != a.controller:
            t.gate_streak[old] = 0 if self.b.asset_card(a).has("gate-victory") else t.gate_streak[old]

    def _do_sweep(self, seat: int, act: Sweep) -> None:
        s = self.b.ship(act.ship)
        assert s is not None
        sweep = self.b.ship_card(s).ability("sweep")
        assert sweep is not None
        s.dv += int(sweep.get("cost"))
        self._clear_debris(s.asset, s.orbital, f"{self.n(s.uid)} sweeps")

    def _do_clean(self, seat: int, act: Clean) -> None:
        found = self.b.upgrade(act.upgrade)
        assert found is not None
        a, u = found
        u.tapped = True
        self._clear_debris(a.uid, act.orbital, f"{self.n(u.uid)} cleans")

    def _clear_debris(self, asset_uid: int, orbital: int, who: str) -> None:
        a = self.b.asset(asset_uid)
        assert a is not None
        d = a.debris[orbital].pop(0)
        self.t.discards[d.owner].append(d.uid)
        self.say(f"{who} debris {self.n(d.uid)} out of orbital {orbital} of {self.n(a.uid)}")

    def _do_boost(self, seat: int, act: Boost) -> None:
        src = self.b.ship(act.source)
        tgt = self.b.ship(act.target)
        assert src is not None and tgt is not None
        card = self.b.ship_card(src)
        reinforce = card.ability("reinforce")
        boost = reinforce or card.ability("refuel")
        assert boost is not None
        src.dv += int(boost.get("cost"))
        if reinforce is not None:
            tgt.armor_bonus += int(reinforce.get("armor"))
            what = f"+{reinforce.get('armor')} armor"
        else:
            tgt.dv_bonus += int(boost.get("delta_vee"))
            what = f"+{boost.get('delta_vee')} delta-vee limit"
        tgt.boosted_by.append(src.uid)
        self.say(f"{self.n(src.uid)} gives {self.n(tgt.uid)} {what} until the end of the turn")

    # research / repair ---------------------------------------------------------
    def draw(self, seat: int, count: int = 1) -> int:
        drawn = 0
        for _ in range(count):
            if not self.t.decks[seat]:
                break
            uid = self.t.decks[seat].pop(0)
            self.t.hands[seat].append(uid)
            self.tell(seat, f"you draw {self.n(uid)}")
            drawn += 1
        return drawn

    def _do_research(self, seat: int, act: Research) -> None:
        self._set_phase(RESEARCH)
        a = self.b.asset(act.asset)
        assert a is not None
        a.tapped = True
        count = int(ab.modify(self.b, "research_draws", 1, asset=a))
        drawn = self.draw(seat, count)
        self.say(f"seat {seat} taps {self.n(a.uid)} to research and draws {drawn} card(s)")

    def _do_repair(self, seat: int, act: Repair) -> None:
        self._set_phase(REPAIR)
        a = self.b.asset(act.asset)
        assert a is not None
        a.tapped = True
        if act.target == a.uid:
            a.damage -= 1
        else:
            for u in a.upgrades:
                if u.uid == act.target:
                    u.damage -= 1
        self.say(f"seat {seat} taps {self.n(a.uid)} to repair one damage on {self.n(act.target)}")

    # construction ----------------------------------------------------------------
    def _do_place(self, seat: int, act: Place) -> None:
        card = self.b.card(act.card)
        a = self.b.asset(act.asset)
        assert a is not None
        self.t.hands[seat].remove(act.card)
        slip = Slip(uid=act.card, owner=seat)
        if isinstance(card, SpacecraftCard):
            self._set_phase(PLACE_SHIPS)
            a.ship_slips.append(slip)
            self.say(f"seat {seat} places a spacecraft face down (#{act.card}) beside {self.n(a.uid)}")
        else:
            self._set_phase(PLACE_UPGRADES)
            a.upgrade_slips.append(slip)
            self.say(f"seat {seat} places an upgrade face down (#{act.card}) beside {self.n(a.uid)}")
        self.note(seat, f"(it is your {card.name})")

    def _do_found(self, seat: int, act: Found) -> None:
        self._set_phase(PLACE_ASSETS)
        self.t.hands[seat].remove(act.card)
        self.t.assets.append(Asset(uid=act.card, controller=seat, face_up=False))
        self.say(f"seat {seat} places an asset face down (#{act.card})")
        self.note(seat, f"(it is your {self.b.card(act.card).name})")

    def _do_allocate(self, seat: int, act: Allocate) -> None:
        self._set_phase(ALLOCATE)
        a = self.b.asset(act.asset)
        assert a is not None
        a.tapped = True
        power = self.b.asset_card(a).factory + a.bonus_power
        fd = self.b.asset(act.target)
        if fd is not None:
            fd.counters += power
        else:
            for slip in (*a.ship_slips, *a.upgrade_slips):
                if slip.uid == act.target:
                    slip.counters += power
        self.say(f"seat {seat} taps {self.n(a.uid)}: {power} construction counters on #{act.target}")
        done, cost = self._progress(act.target)
        self.note(seat, f"(#{act.target} is your {self.b.name(act.target)}: {done} of {cost} counters"
                        + ("; it can be flipped in cleanup)" if done >= cost else ")"))

    def _progress(self, uid: int) -> tuple[int, int]:
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

    def _do_cannibalize(self, seat: int, act: Cannibalize) -> None:
        self._set_phase(ALLOCATE)
        a = self.b.asset(act.asset)
        s = self.b.ship(act.ship)
        assert a is not None and s is not None
        a.bonus_power += act.damage
        self.say(f"{self.n(a.uid)} cannibalizes {self.n(s.uid)} for {act.damage} construction power")
        taker = self.deal(s, act.damage)
        self.check_destroyed(taker, None)

    def _do_swap(self, seat: int, act: Swap) -> None:
        self._set_phase(ALLOCATE)
        a = self.b.asset(act.asset)
        s = self.b.ship(act.ship)
        assert a is not None and s is not None
        a.tapped = True
        hand = self.t.hands[seat]
        hand.remove(act.card)
        old = s.uid
        hand.append(old)
        s.uid = act.card
        s.boosted_by = []
        self.say(f"seat {seat} taps {self.n(a.uid)} to swap {self.n(old)} for {self.n(act.card)}", reveals=True)

    def _do_flip(self, seat: int, act: Flip) -> None:
        self._set_phase(CLEANUP)
        fd = self.b.asset(act.card)
        if fd is not None and not fd.face_up:
            fd.face_up = True
            fd.counters = 0
            fd.debris = [[] for _ in self.b.orbitals(fd)]
            self.say(f"seat {seat} completes the asset {self.n(fd.uid)}", reveals=True)
            return
        found = self.b.owner_of_slip(act.card)
        assert found is not None
        a, side = found
        if side == "upgrade":
            a.upgrade_slips = [x for x in a.upgrade_slips if x.uid != act.card]
            a.upgrades.append(Upgrade(uid=act.card))
            self.say(f"seat {seat} completes the upgrade {self.n(act.card)} on {self.n(a.uid)}", reveals=True)
            return
        card = self.b.card(act.card)
        assert isinstance(card, SpacecraftCard)
        _, default = ab.entry_orbitals(self.b, a, card)
        orbital = default if act.orbital == -1 else act.orbital
        a.ship_slips = [x for x in a.ship_slips if x.uid != act.card]
        self.t.ships.append(Ship(uid=act.card, owner=seat, asset=a.uid, orbital=orbital))
        self.say(f"seat {seat} completes the spacecraft {self.n(act.card)} in orbital {orbital} of {self.n(a.uid)}",
                 reveals=True)

    # turn edges --------------------------------------------------------------------
    def _do_end(self, seat: int, act: End) -> None:
        self.end_turn(seat)

    def win(self, seat: int, reason: str) -> None:
        self.t.winner = seat
        self.t.end_reason = reason
        self.say(f"seat {seat} wins: {reason}")

    def end_turn(self, seat: int) -> None:
        t = self.t
        b = self.b
        opp = b.opponent(seat)
        # 1. an opponent without a homeworld loses
        if not b.homeworlds_of(opp):
            self.win(seat, "the opponent has no homeworld")
            return
        # 2. alternative win conditions: Stellar Gate's card moves its check to the start of a
        #    turn (golden rule); here its count of consecutive turns advances
        for a in t.assets:
            if a.face_up and b.asset_card(a).has("gate-victory"):
                t.gate_streak[seat] = t.gate_streak[seat] + 1 if a.controller == seat else 0
        # 3. untap
        for a in t.assets:
            if a.controller == seat:
                a.tapped = False
                for u in a.upgrades:
                    u.tapped = False
        # 4. debris (and Thorns, which strikes at the end of its controller's opponent's turn)
        hurt: list[Ship] = []
        for s in list(t.ships):
            count = b.debris_count(s.asset, s.orbital)
            if count:
                dmg = int(ab.modify(b, "debris_damage", count, ship=s, count=count))
                if dmg:
                    self.say(f"{self.n(s.uid)} takes {dmg} damage from debris")
                    hurt.append(self.deal(s, dmg))
        for uid, dmg in ab.modify(b, "thorns", [], ending=seat):
            victim = b.ship(uid)
            if victim is not None:
                self.say(f"Thorns deal {dmg} damage to {self.n(uid)}")
                hurt.append(self.deal(victim, dmg))
        for s in hurt:
            self.check_destroyed(s, None)
        # bonuses "until the end of the turn" expire
        for s in t.ships:
            s.armor_bonus = s.dv_bonus = 0
            s.boosted_by = []
            s.moves = 0
        for a in t.assets:
            a.bonus_power = 0
        t.beacons = [bc for bc in t.beacons if bc.turn > t.turn]
        if t.turn >= self.cfg.turn_limit:
            t.end_reason = f"turn limit ({self.cfg.turn_limit} turns) reached: a draw"
            t.winner = NOBODY
            self.say(t.end_reason)
            return
        t.turn += 1
        t.current = opp
        self.begin_turn(opp)

    def begin_turn(self, seat: int) -> None:
        t = self.t
        b = self.b
        t.phase = MANEUVERS
        self.say(f"turn {t.turn}: seat {seat} to play")
        # Stellar Gate: four consecutive turns under your control win at the start of your turn
        for a in t.assets:
            if a.face_up and a.controller == seat:
                turns = int(ab.modify(b, "gate_turns", 0, seat=seat))
                if turns and t.gate_streak[seat] >= turns and b.asset_card(a).has("gate-victory"):
                    self.win(seat, f"held {b.asset_card(a).name} for {turns} consecutive turns")
                    return
        # 1. the orbit tracker advances one space clockwise
        t.trackers[seat] = (t.trackers[seat] + 1) % self.cfg.tracker_spaces
        # 2-3. damage and delta-vee counters come off your spacecraft
        for s in t.ships:
            if s.owner == seat:
                if ab.modify(b, "regenerates", True, ship=s):
                    s.damage = 0
                s.dv = 0
        # Clairvoyant Agents: look at the top card of the opponent's deck
        opp = b.opponent(seat)
        if ab.modify(b, "foresight", False, seat=seat) and t.decks[opp]:
            t.peeks[seat] = t.decks[opp][0]
            self.tell(seat, f"your agents see the top of seat {opp}'s deck: {self.n(t.decks[opp][0])}")
