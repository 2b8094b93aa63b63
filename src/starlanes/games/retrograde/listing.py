"""The legal actions of a Retrograde seat now: the candidates of the moment (``candidates``),
kept when ``legality.why_not`` accepts them (``legal``), so the list and the reasons given for
refusals cannot disagree.

Numbers a player picks from a range are templates (``ActionTemplate``, expanded lazily): the
power of an attack and the defense against it, the power of a bombardment, the damage a
cannibalized spacecraft takes. A template's actions differ only in that number, and
``why_not`` checks the number against the very range the template spans, so a template is kept
whole when ``why_not`` accepts its first action (the conformance suite checks every member).

The list's order is part of the game's record (seeded random players pick from it by index):
an offer's answers; else ``end``, then per spacecraft its burns, transfers, attacks,
bombardments, sweep and boosts, Debris Cleaner's cleanings, research, repairs, placements,
allocations, cannibalizations, swaps and flips.
"""

from __future__ import annotations

from starlanes.core.actions import Action
from starlanes.core.legal import ActionTemplate
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
from starlanes.games.retrograde.legality import CHECKS, flip_choices, why_not
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import (
    ALLOCATE,
    CLEANUP,
    COMBAT,
    MANEUVERS,
    PLACE_ASSETS,
    PLACE_SHIPS,
    PLACE_UPGRADES,
    REPAIR,
    RESEARCH,
)

__all__ = ["Listed", "candidates", "legal"]

Listed = list[Action | ActionTemplate]


def legal(e: Engine, seat: int) -> Listed:
    """Every legal action of ``seat`` (candidates filtered by ``why_not``; a template by its first
    action, see the module docstring)."""
    e.b.cache = {}
    try:
        out: Listed = []
        if e.prompt() is not None:
            for item in candidates(e, seat):
                if isinstance(item, ActionTemplate):
                    if len(item) and why_not(e, seat, item[0]) is None:
                        out.append(item)
                elif why_not(e, seat, item) is None:
                    out.append(item)
            return out
        # no offer on the table: ``why_not`` is the check of the action's type (asked directly)
        for item in candidates(e, seat):
            if isinstance(item, ActionTemplate):
                if len(item) and CHECKS[item.cls](e, seat, item[0]) is None:
                    out.append(item)
            elif CHECKS[type(item)](e, seat, item) is None:
                out.append(item)
        return out
    finally:
        e.b.cache = None


def candidates(e: Engine, seat: int) -> Listed:
    t = e.t
    out: Listed = []
    p = e.prompt()
    if p is not None:
        if p.kind == COMBAT:
            att = e.b.ship(p.source)
            dfd = e.b.ship(p.target)
            assert att is not None and dfd is not None
            if seat == att.owner:
                out.append(ActionTemplate(Power, value=range(0, e.room(att) - p.amount + 1)))
            else:
                out.append(ActionTemplate(Defense, value=range(0, max(0, e.room(dfd)) + 1)))
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
            if e.room(s) < 0 or not ab.modify(e.b, "may_maneuver", True, ship=s):
                continue
            a = e.b.asset(s.asset)
            assert a is not None
            n_orb = len(e.b.orbitals(a))
            out.extend(Burn(s.uid, o) for o in range(n_orb) if o != s.orbital)
            if s.orbital == n_orb - 1:
                out.extend(Transfer(s.uid, d.uid) for d in face_up if d.uid != a.uid)
            for d in t.ships:
                if d.asset == s.asset and d.owner != seat:
                    out.append(Attack(s.uid, d.uid))
            targets = e.bombard_targets(s)
            if targets:
                room = e.room(s) - e.bombard_cost(s)
                for tg in targets:
                    out.append(ActionTemplate(Bombard, s.uid, tg, power=range(0, room + 1)))
            card = e.b.ship_card(s)
            if card.has("sweep"):
                out.append(Sweep(s.uid))
            if card.has("reinforce") or card.has("refuel"):
                out.extend(Boost(s.uid, o.uid) for o in mine if o.asset == s.asset and o.orbital == s.orbital)
        for a in t.assets:
            if a.controller == seat and a.face_up:
                for u in e.b.upgrades_with(a, "sweeper-station"):
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
            hcard = e.b.card(c)
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
            if e.b.upgrades_with(a, "cannibalize") and not a.bonus_power:
                for s in mine:
                    if s.asset == a.uid:
                        most = e.armor(s) - s.damage
                        out.append(ActionTemplate(Cannibalize, a.uid, s.uid, damage=range(1, most + 1)))
            if ab.modify(e.b, "refit_scopes", [], asset=a, seat=seat):
                hand_ships = [c for c in t.hands[seat] if isinstance(e.b.card(c), SpacecraftCard)]
                for s in mine:
                    for c in hand_ships:
                        out.append(Swap(a.uid, s.uid, c))
    if phase <= CLEANUP:
        for a in t.assets:
            if not a.face_up and a.controller == seat:
                out.append(Flip(a.uid))
            for x in (*a.ship_slips, *a.upgrade_slips):
                if x.owner == seat:
                    got = flip_choices(e, seat, x.uid)
                    if isinstance(got, str):
                        continue
                    allowed, default = got
                    out.append(Flip(x.uid))
                    out.extend(Flip(x.uid, o) for o in allowed if o != default)
    return out
