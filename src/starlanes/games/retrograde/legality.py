"""What a Retrograde seat may do now: one predicate, ``why_not``, and the list of legal actions.

``why_not(engine, seat, action)`` gives the reason a person reads when an action is refused
(``None``: it is legal); ``listing`` lists, counts and draws the legal actions from one walk that
decides on the same conditions without building refused actions, and its tests hold the walk to
the candidates of the moment that ``why_not`` accepts (``listing.checked``). The per-action
checks are an explicit table by action type (``CHECKS``); an offer on the table (a combat's
sealed choice, Loyal to Humanity's sacrifice, a follow-up after a move) is answered first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlanes.core.actions import Action
from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde.actions import (
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
from starlanes.games.retrograde.cards import AssetCard, SpacecraftCard, UpgradeCard
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import (
    ALLOCATE,
    CLEANUP,
    COMBAT,
    MANEUVERS,
    PHASE_NAMES,
    PLACE_ASSETS,
    PLACE_SHIPS,
    PLACE_UPGRADES,
    REPAIR,
    RESEARCH,
    Asset,
    Prompt,
    Ship,
)

__all__ = ["CHECKS", "entry_choices", "flip_choices", "follow_problem", "why_not"]


def why_not(e: Engine, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now (``None``: it may)."""
    p = e.prompt()
    if p is not None:
        return _why_not_answer(e, seat, p, action)
    check = CHECKS.get(type(action))
    if check is None:
        return "not an action of Retrograde"
    return check(e, seat, action)


def _why_not_answer(e: Engine, seat: int, p: Prompt, action: Action) -> str | None:
    """Whether ``action`` answers the offer ``p`` on the table."""
    if p.kind == COMBAT:
        if isinstance(action, Power) and seat == e.b.ship(p.source).owner:  # type: ignore[union-attr]
            att = e.b.ship(p.source)
            assert att is not None
            if not 0 <= action.value <= e.room(att) - p.amount:
                return f"power must be 0 to {e.room(att) - p.amount} (delta-vee limit)"
            return None
        if isinstance(action, Defense) and seat == e.b.ship(p.target).owner:  # type: ignore[union-attr]
            d = e.b.ship(p.target)
            assert d is not None
            top = max(0, e.room(d))
            if not 0 <= action.value <= top:
                return f"defense must be 0 to {top} (delta-vee limit)"
            return None
        return "a combat is waiting for the attacker's power and the defender's defense"
    if isinstance(action, Pass):
        return None
    if p.kind == "sacrifice":
        if not isinstance(action, Sacrifice):
            return "choose a spacecraft to sacrifice, or pass"
        s = _my_ship(e, seat, action.ship)
        if isinstance(s, str):
            return s
        if s.asset != p.target:
            return f"{e.n(s.uid)} does not orbit the bombarded asset"
        return None
    if not isinstance(action, Follow):
        return f"choose a spacecraft to follow ({p.ability}) or pass"
    return follow_problem(e, seat, p, action.ship)


def _nothing_to_answer(e: Engine, seat: int, action: Action) -> str | None:
    return "there is nothing to answer now"


def _always(e: Engine, seat: int, action: Action) -> str | None:
    return None


def _my_ship(e: Engine, seat: int, uid: int) -> Ship | str:
    s = e.b.ship(uid)
    if s is None:
        return f"#{uid} is not a spacecraft in play"
    if s.owner != seat:
        return f"{e.n(uid)} is not yours"
    return s


def _maneuver_ship(e: Engine, seat: int, uid: int) -> Ship | str:
    """The spacecraft ``uid`` of ``seat`` if it may maneuver now, else why not (found once per
    spacecraft while listing: every burn, transfer and attack of it asks)."""
    cache = e.b.cache
    if cache is None:
        return _find_maneuver_ship(e, seat, uid)
    key = f"#maneuver {seat} {uid}"
    got = cache.get(key)
    if got is None:
        got = cache[key] = _find_maneuver_ship(e, seat, uid)
    return got


def _find_maneuver_ship(e: Engine, seat: int, uid: int) -> Ship | str:
    s = _my_ship(e, seat, uid)
    if isinstance(s, str):
        return s
    if not ab.modify(e.b, "may_maneuver", True, ship=s):
        return f"{e.n(uid)} may not maneuver here (a drone needs its ansible on this asset)"
    if s.moves >= e.cfg.maneuvers_per_turn:
        return (f"{e.n(uid)} has made {s.moves} maneuvers this turn, the most one spacecraft may"
                f" make (maneuvers_per_turn={e.cfg.maneuvers_per_turn}, ruling 12)")
    return s


def _phase(e: Engine, phase: int) -> str | None:
    if e.t.phase > phase:
        return (f"the turn is past that step: {PHASE_NAMES[phase]} came before {PHASE_NAMES[e.t.phase]},"
                " and the steps go in order (an action of a later step closes the earlier ones)")
    return None


def _my_asset(e: Engine, seat: int, uid: int, *, untapped: bool = True) -> Asset | str:
    a = e.b.asset(uid)
    if a is None or not a.face_up:
        return f"#{uid} is not a face-up asset in play"
    if a.controller != seat:
        return f"{e.n(uid)} is not under your control"
    if untapped and a.tapped:
        return f"{e.n(uid)} is already tapped"
    return a


def _why_not_burn(e: Engine, seat: int, act: Burn) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    s = _maneuver_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    a = e.b.asset(s.asset)
    assert a is not None
    if not 0 <= act.orbital < len(e.b.orbitals(a)) or act.orbital == s.orbital:
        return f"orbital must be another orbital of {e.n(a.uid)} (0 to {e.b.outermost(a)})"
    cost = e.burn_cost(s, act.orbital)
    if cost > e.room(s):
        return f"the burn costs {cost} delta-vee; {e.n(s.uid)} has {e.room(s)} left"
    limit = e.cfg.free_burns_per_turn
    if cost == 0 and 0 <= limit <= s.free_burns:
        return f"{e.n(s.uid)} has used its {limit} free burn(s) this turn (free_burns_per_turn, ruling 12)"
    return None


def _why_not_transfer(e: Engine, seat: int, act: Transfer) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    s = _maneuver_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    return _transfer_problem(e, s, act.asset, 0)


def _transfer_problem(e: Engine, s: Ship, dest_uid: int, extra_limit: int) -> str | None:
    if not ab.modify(e.b, "may_transfer", True, ship=s):
        return f"{e.n(s.uid)} cannot transfer to another asset"
    a = e.b.asset(s.asset)
    assert a is not None
    if s.orbital != e.b.outermost(a):
        return f"{e.n(s.uid)} must be in the outermost orbital of {e.n(a.uid)} to transfer"
    dest = e.b.asset(dest_uid)
    if dest is None or not dest.face_up or dest.uid == a.uid:
        return f"#{dest_uid} is not another face-up asset in play"
    cost = e.transfer_cost(s, dest)
    if cost > e.room(s, extra_limit):
        return f"the transfer costs {cost} delta-vee; {e.n(s.uid)} has {e.room(s, extra_limit)} left"
    return None


def _why_not_attack(e: Engine, seat: int, act: Attack) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    s = _maneuver_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    d = e.b.ship(act.target)
    if d is None or d.owner == seat:
        return f"#{act.target} is not an enemy spacecraft"
    if d.asset != s.asset:
        return f"{e.n(d.uid)} is not around the same asset"
    cost = e.attack_cost(s, d)
    if cost > e.room(s):
        return f"the attack costs {cost} delta-vee; {e.n(s.uid)} has {e.room(s)} left"
    return None


def _why_not_bombard(e: Engine, seat: int, act: Bombard) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    s = _maneuver_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    targets = e.bombard_targets(s)
    if act.target not in targets:
        if not targets:
            return f"{e.n(s.uid)} orbits your own asset"
        return "the target must be " + " or ".join(e.n(x) for x in targets)
    room = e.room(s) - e.bombard_cost(s)
    if not 0 <= act.power <= room:
        return f"power must be 0 to {room} (cost {e.bombard_cost(s)}, delta-vee limit)"
    return None


def _why_not_sweep(e: Engine, seat: int, act: Sweep) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    s = _maneuver_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    sweep = e.b.ship_card(s).ability("sweep")
    if sweep is None:
        return f"{e.n(s.uid)} cannot sweep debris"
    if not e.b.debris_count(s.asset, s.orbital):
        return "there is no debris in its orbital"
    if int(sweep.get("cost")) > e.room(s):
        return f"sweeping costs {sweep.get('cost')} delta-vee; {e.n(s.uid)} has {e.room(s)} left"
    return None


def _why_not_clean(e: Engine, seat: int, act: Clean) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    found = e.b.upgrade(act.upgrade)
    if found is None or not e.b.card(act.upgrade).has("sweeper-station"):
        return f"#{act.upgrade} is not a Debris Cleaner in play"
    a, u = found
    if a.controller != seat:
        return f"{e.n(a.uid)} is not under your control"
    if u.tapped:
        return f"{e.n(u.uid)} is already tapped"
    if not 0 <= act.orbital < len(a.debris) or not a.debris[act.orbital]:
        return f"no debris in orbital {act.orbital} of {e.n(a.uid)}"
    return None


def _why_not_boost(e: Engine, seat: int, act: Boost) -> str | None:
    if (r := _phase(e, MANEUVERS)) is not None:
        return r
    src = _maneuver_ship(e, seat, act.source)
    if isinstance(src, str):
        return src
    card = e.b.ship_card(src)
    boost = card.ability("reinforce") or card.ability("refuel")
    if boost is None:
        return f"{e.n(src.uid)} has no boost ability"
    tgt = _my_ship(e, seat, act.target)
    if isinstance(tgt, str):
        return tgt
    if tgt.asset != src.asset or tgt.orbital != src.orbital:
        return f"{e.n(tgt.uid)} is not in the same orbital"
    if src.uid in tgt.boosted_by:
        return f"{e.n(src.uid)} already boosted {e.n(tgt.uid)} this turn"
    if int(boost.get("cost")) > e.room(src):
        return f"the boost costs {boost.get('cost')} delta-vee; {e.n(src.uid)} has {e.room(src)} left"
    return None


def follow_problem(e: Engine, seat: int, p: Prompt, uid: int) -> str | None:
    s = _my_ship(e, seat, uid)
    if isinstance(s, str):
        return s
    if uid == p.target or uid in p.chosen or s.asset != p.from_asset:
        return f"{e.n(uid)} cannot follow"
    card = e.b.ship_card(s)
    kind = p.ability
    if kind in ("pod-escort", "pod-carrier"):
        if not card.has("troop-pod"):
            return f"{e.n(uid)} is not a troop pod"
        return None
    if s.orbital != p.from_orbital:
        return f"{e.n(uid)} was not in the mover's starting orbital"
    if kind == "flagship":
        src_ab = e.b.card(p.source).ability("flagship")
        assert src_ab is not None
        if card.ship_class not in src_ab.get("classes"):
            return f"{e.n(uid)} is not a {' or '.join(src_ab.get('classes'))}"
        if not ab.modify(e.b, "may_transfer", True, ship=s):
            return f"{e.n(uid)} cannot transfer to another asset"
        return None
    if not ab.modify(e.b, "may_maneuver", True, ship=s):
        return f"{e.n(uid)} may not maneuver"
    if kind == "wingman":
        if p.from_asset != p.to_asset and not ab.modify(e.b, "may_transfer", True, ship=s):
            return f"{e.n(uid)} cannot transfer to another asset"
        if p.amount > e.room(s):
            return f"following costs {p.amount} delta-vee; {e.n(uid)} has {e.room(s)} left"
        return None
    # tow: a transfer of its own with extra limit
    return _transfer_problem(e, s, p.to_asset, p.amount)


def _why_not_research(e: Engine, seat: int, act: Research) -> str | None:
    if (r := _phase(e, RESEARCH)) is not None:
        return r
    a = _my_asset(e, seat, act.asset)
    if isinstance(a, str):
        return a
    if not e.t.decks[seat]:
        return "your deck is empty"
    return None


def _why_not_repair(e: Engine, seat: int, act: Repair) -> str | None:
    if (r := _phase(e, REPAIR)) is not None:
        return r
    a = _my_asset(e, seat, act.asset)
    if isinstance(a, str):
        return a
    if act.target == a.uid:
        return None if a.damage > 0 else f"{e.n(a.uid)} has no damage"
    for u in a.upgrades:
        if u.uid == act.target:
            return None if u.damage > 0 else f"{e.n(u.uid)} has no damage"
    return f"#{act.target} is neither {e.n(a.uid)} nor an upgrade on it"


def _why_not_place(e: Engine, seat: int, act: Place) -> str | None:
    if act.card not in e.t.hands[seat]:
        return f"#{act.card} is not in your hand"
    card = e.b.card(act.card)
    if isinstance(card, AssetCard):
        return f"{card.name} is an asset: use found"
    phase = PLACE_SHIPS if isinstance(card, SpacecraftCard) else PLACE_UPGRADES
    if (r := _phase(e, phase)) is not None:
        return r
    a = _my_asset(e, seat, act.asset, untapped=False)
    if isinstance(a, str):
        return a
    if isinstance(card, SpacecraftCard):
        if len(a.ship_slips) >= e.ship_slots(a):
            return f"{e.n(a.uid)} already has a spacecraft under construction"
        return None
    if not ab.modify(e.b, "upgrades_allowed", True, asset=a):
        return f"no upgrade may be built on {e.n(a.uid)}"
    if a.upgrade_slips:
        return f"{e.n(a.uid)} already has an upgrade under construction"
    return None


def _why_not_found(e: Engine, seat: int, act: Found) -> str | None:
    if (r := _phase(e, PLACE_ASSETS)) is not None:
        return r
    if act.card not in e.t.hands[seat]:
        return f"#{act.card} is not in your hand"
    if not isinstance(e.b.card(act.card), AssetCard):
        return f"{e.n(act.card)} is not an asset"
    return None


def _alloc_target(e: Engine, seat: int, a: Asset, target: int) -> str | None:
    for slip in (*a.ship_slips, *a.upgrade_slips):
        if slip.uid == target:
            return None if slip.owner == seat else f"#{target} is not yours"
    fd = e.b.asset(target)
    if fd is not None and not fd.face_up and fd.controller == seat:
        if any(s.asset == a.uid and s.owner != seat for s in e.t.ships):
            return f"an enemy spacecraft orbits {e.n(a.uid)}: it cannot build a face-down asset"
        return None
    return f"#{target} is not a face-down card beside {e.n(a.uid)} nor a face-down asset of yours"


def _why_not_allocate(e: Engine, seat: int, act: Allocate) -> str | None:
    if (r := _phase(e, ALLOCATE)) is not None:
        return r
    a = _my_asset(e, seat, act.asset)
    if isinstance(a, str):
        return a
    if e.b.asset_card(a).factory + a.bonus_power <= 0:
        return f"{e.n(a.uid)} has no construction power"
    return _alloc_target(e, seat, a, act.target)


def _why_not_cannibalize(e: Engine, seat: int, act: Cannibalize) -> str | None:
    if (r := _phase(e, ALLOCATE)) is not None:
        return r
    a = _my_asset(e, seat, act.asset)
    if isinstance(a, str):
        return a
    if not e.b.upgrades_with(a, "cannibalize"):
        return f"{e.n(a.uid)} has no Cannibalized Construction Yards"
    if a.bonus_power:
        return f"{e.n(a.uid)} already cannibalized a spacecraft this turn"
    s = _my_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    if s.asset != a.uid:
        return f"{e.n(s.uid)} does not orbit {e.n(a.uid)}"
    most = e.armor(s) - s.damage
    if not 1 <= act.damage <= most:
        return f"damage must be 1 to {most} (what {e.n(s.uid)} can take)"
    return None


def _why_not_swap(e: Engine, seat: int, act: Swap) -> str | None:
    if (r := _phase(e, ALLOCATE)) is not None:
        return r
    a = _my_asset(e, seat, act.asset)
    if isinstance(a, str):
        return a
    scopes = ab.modify(e.b, "refit_scopes", [], asset=a, seat=seat)
    if not scopes:
        return f"{e.n(a.uid)} cannot swap spacecraft"
    s = _my_ship(e, seat, act.ship)
    if isinstance(s, str):
        return s
    where = e.b.asset(s.asset)
    assert where is not None
    anywhere = "any-friendly-asset" in scopes and where.controller == seat
    if not anywhere and s.asset != a.uid:
        return f"{e.n(s.uid)} is not in orbit where {e.n(a.uid)} can swap it"
    if act.card not in e.t.hands[seat]:
        return f"#{act.card} is not in your hand"
    new = e.b.card(act.card)
    old = e.b.ship_card(s)
    if not isinstance(new, SpacecraftCard) or new.ship_class != old.ship_class or new.cost != old.cost:
        return f"the new spacecraft must be a {old.ship_class} costing {old.cost}, like {old.name}"
    return None


def flip_choices(e: Engine, seat: int, uid: int) -> tuple[tuple[int, ...], int] | str:
    """Orbitals a completed face-down card may enter (spacecraft), or why it cannot flip.
    While listing (nothing moves) the answer is found once per card: the listing asks before
    it offers the flips and ``why_not`` asks again for each."""
    cache = e.b.cache
    if cache is None:
        return _flip_choices(e, seat, uid)
    key = f"#flip {seat} {uid}"
    got = cache.get(key)
    if got is None:
        got = cache[key] = _flip_choices(e, seat, uid)
    return got


def _flip_choices(e: Engine, seat: int, uid: int) -> tuple[tuple[int, ...], int] | str:
    fd = e.b.asset(uid)
    if fd is not None and not fd.face_up and fd.controller == seat:
        cost = e.b.asset_card(fd).cost or 0
        if fd.counters < cost:
            return f"{e.n(uid)} has {fd.counters} of {cost} construction counters"
        return (), -1
    found = e.b.owner_of_slip(uid)
    if found is None:
        return f"#{uid} is not a face-down card of yours"
    a, side = found
    slip = next(x for x in (*a.ship_slips, *a.upgrade_slips) if x.uid == uid)
    if slip.owner != seat:
        return f"#{uid} is not yours"
    card = e.b.card(uid)
    assert isinstance(card, (SpacecraftCard, UpgradeCard))
    if slip.counters < card.cost:
        return f"{e.n(uid)} has {slip.counters} of {card.cost} construction counters"
    if side == "upgrade":
        return (), -1
    assert isinstance(card, SpacecraftCard)
    if a.controller != seat:
        return f"{e.n(a.uid)} is not under your control"
    classes = ab.modify(e.b, "build_classes", e.b.asset_card(a).classes, asset=a, seat=seat)
    if card.ship_class not in classes:
        return f"{e.n(a.uid)} cannot complete a {card.ship_class} (it builds {', '.join(classes) or 'nothing'})"
    return entry_choices(e, seat, a, card)


def entry_choices(e: Engine, seat: int, a: Asset, card: SpacecraftCard) -> tuple[tuple[int, ...], int] | str:
    """The last checks of ``flip_choices`` for a completed spacecraft that ``a`` (the seat's)
    builds: room for its population, then the orbitals it may enter (the listing, which found
    the card, its asset and their class by itself, asks only these)."""
    population, capacity = _housing(e, seat)
    if population + card.population > capacity:
        return (f"population limit: your spacecraft would need {population + card.population}"
                f" population, your assets house {capacity}")
    return ab.entry_orbitals(e.b, a, card)


def _housing(e: Engine, seat: int) -> tuple[int, int]:
    """The population of ``seat``'s spacecraft and the capacity of its assets (while listing:
    found once, not once per completed card)."""
    cache = e.b.cache
    if cache is None:
        return e.population(seat), e.capacity(seat)
    key = f"#housing {seat}"
    got = cache.get(key)
    if got is None:
        got = cache[key] = (e.population(seat), e.capacity(seat))
    return got


def _why_not_flip(e: Engine, seat: int, act: Flip) -> str | None:
    if (r := _phase(e, CLEANUP)) is not None:
        return r
    got = flip_choices(e, seat, act.card)
    if isinstance(got, str):
        return got
    allowed, default = got
    if act.orbital != -1 and (act.orbital not in allowed or act.orbital == default):
        others = ", ".join(str(o) for o in allowed if o != default) or "none"
        return f"orbital must be one of {others} (or left out)"
    return None


Check = Callable[[Engine, int, Any], "str | None"]
CHECKS: dict[type[Action], Check] = {
    End: _always,
    Power: _nothing_to_answer,
    Defense: _nothing_to_answer,
    Follow: _nothing_to_answer,
    Sacrifice: _nothing_to_answer,
    Pass: _nothing_to_answer,
    Burn: _why_not_burn,
    Transfer: _why_not_transfer,
    Attack: _why_not_attack,
    Bombard: _why_not_bombard,
    Sweep: _why_not_sweep,
    Clean: _why_not_clean,
    Boost: _why_not_boost,
    Research: _why_not_research,
    Repair: _why_not_repair,
    Place: _why_not_place,
    Found: _why_not_found,
    Allocate: _why_not_allocate,
    Cannibalize: _why_not_cannibalize,
    Swap: _why_not_swap,
    Flip: _why_not_flip,
}
"""The check of each action type when no offer is on the table."""
