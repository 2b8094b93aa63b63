"""The legal actions of a Retrograde seat now, listed, counted and drawn from one walk.

``walk`` goes through the action types in list order and gives, for each group of actions of one
type, how many of them are legal and what builds them (``Segment``): the legality of each
candidate is decided by the very conditions ``legality.why_not`` checks, on the numbers alone,
without building the actions it refuses. ``legal`` builds every segment (the list), ``count``
adds the sizes, ``draw`` makes one ``rng.randint(0, count - 1)`` and builds only the action at
that index of the list; all three read the same walk, so they cannot disagree.

``checked`` is the list made the long way: every candidate of the moment (``candidates``) kept
when ``why_not`` accepts it. The tests (``tests/games/retrograde/test_speed.py``) check that the
walk and ``checked`` give the same list, so the walk and the reasons given for refusals cannot
drift apart. An offer on the table (a combat's sealed choice, a sacrifice, a follow-up) has few
candidates: the walk takes ``checked`` for it.

Numbers a player picks from a range are templates (``ActionTemplate``, expanded lazily): the
power of an attack and the defense against it, the power of a bombardment, the damage a
cannibalized spacecraft takes. A template's actions differ only in that number, and
``why_not`` checks the number against the very range the template spans, so a template is kept
whole when ``why_not`` accepts its first action (the conformance suite checks every member).

A search playout (``RetrogradeRuleset.play_random``) keeps the walk's sections (``Kept``: the
maneuvers by spacecraft, the placements, the allocations and flips by asset) from one draw of a
turn to the next (the allocations and flips of each seat across turns too), and redoes only
those the action applied may have changed.

The list's order is part of the game's record (seeded random players pick from it by index):
an offer's answers; else ``end``, then per spacecraft its burns, transfers, attacks,
bombardments, sweep and boosts, Debris Cleaner's cleanings, research, repairs, placements,
allocations, cannibalizations, swaps and flips.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.errors import IllegalAction
from starlanes.core.legal import ActionTemplate
from starlanes.core.rng import Rng
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
from starlanes.games.retrograde.board import ASSET_CARDS, CARDS, SHIP_CARDS, Board
from starlanes.games.retrograde.cards import AssetCard, SpacecraftCard, UpgradeCard
from starlanes.games.retrograde.legality import entry_choices, flip_choices, why_not
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
    Asset,
    Ship,
    Table,
)

__all__ = ["WALK_HOOKS", "WALK_KEYS", "Kept", "Listed", "Segment", "candidates", "checked", "count", "draw", "legal",
           "walk"]

Listed = list[Action | ActionTemplate]

Segment = tuple[int, "type[Action] | None", Any]
"""``(size, cls, payload)``: ``size`` legal actions in a row of the list. With ``cls``, the
payload is a list of argument tuples (``cls(*args)`` each); without, it is one listed item, an
action (size 1) or a template (its length)."""

_SIZE = itemgetter(0)  # a segment's size

WALK_HOOKS = frozenset({"may_maneuver", "burn_cost", "may_transfer", "transfer_cost", "bombard_targets",
                        "ship_slots", "upgrades_allowed", "refit_scopes", "build_classes", "entry_orbitals",
                        "capacity"})
"""The ability hooks a walk asks (``_walk_maneuvers``, ``Engine.bombard_targets``,
``_walk_placements``, ``_walk_allocations``, ``_walk_flips``, ``legality.entry_choices``): what
a playout keeps of a walk (``Kept``) may change when a card that answers one enters play
(``Kept.flipped``)."""

WALK_KEYS = ab.keys_answering(WALK_HOOKS)
"""The keys of the cards that answer a hook of ``WALK_HOOKS`` (the tests count their flips)."""


def legal(e: Engine, seat: int) -> Listed:
    """Every legal action of ``seat``, in list order (see the module docstring)."""
    out: Listed = []
    for _size, cls, payload in walk(e, seat):
        if cls is None:
            out.append(payload)
        else:
            out.extend([cls(*args) for args in payload])
    return out


def count(e: Engine, seat: int) -> int:
    """``len`` of the expanded list of ``legal``, without building it."""
    total = 0
    for seg in walk(e, seat):
        total += seg[0]
    return total


def draw(e: Engine, seat: int, rng: Rng, held: dict[str, Any] | None = None, kept: Kept | None = None) -> Action:
    """The action at index ``rng.randint(0, count - 1)`` of the expanded list of ``legal``,
    building only that one. ``held`` and ``kept``: what a playout keeps between actions
    (``walk``)."""
    pending = e.s.pending
    if kept is None or e.t.prompts or (pending is not None and pending.kind == COMBAT):
        segments = walk(e, seat, held, kept)
    else:  # a playout's draw at a turn's step: ``walk``, without the call
        cache: dict[str, Any] = held.copy() if held else {}
        e.b.cache = cache
        try:
            segments = _walk_turn(e, seat, kept)
        finally:
            e.b.cache = None
            if held is not None and not held and "#holders" in cache:
                _keep_holders(held, cache)
    total = sum(map(_SIZE, segments))  # (in C: a walk has a handful of segments)
    if total == 0:
        raise IllegalAction("sample", f"seat {seat} has no legal action now")
    index = rng.randint(0, total - 1)
    for size, cls, payload in segments:
        if index < size:
            if cls is not None:
                return cls(*payload[index])
            if isinstance(payload, ActionTemplate):
                return payload[index]
            return payload  # type: ignore[no-any-return]
        index -= size
    raise AssertionError("the drawn index lies past the segments")  # the sum above covers it


def checked(e: Engine, seat: int) -> Listed:
    """The list made the long way: the candidates ``why_not`` accepts (a template by its first
    action). The walk must give the same list (the tests check it)."""
    e.b.cache = {}
    try:
        out: Listed = []
        for item in candidates(e, seat):
            if isinstance(item, ActionTemplate):
                if len(item) and why_not(e, seat, item[0]) is None:
                    out.append(item)
            elif why_not(e, seat, item) is None:
                out.append(item)
        return out
    finally:
        e.b.cache = None


def walk(e: Engine, seat: int, held: dict[str, Any] | None = None, kept: Kept | None = None) -> list[Segment]:
    """The legal actions of ``seat`` as segments in list order (see the module docstring).

    ``held`` (a search playout, ``RetrogradeRuleset.play_random``, which sees every change of its
    state): the cards in play that answer ability hooks (``abilities._found``'s ``""`` and
    ``"#holders"``) found by an earlier walk of the same state, which the actions applied since
    left in place (``game.keeps_holders``); the walk starts from them and leaves its own there.
    An empty dict: nothing kept yet.

    ``kept`` (the same playout): the sections of the walks of the last draws (the turn's, and
    each seat's allocations and flips across turns), less those the actions applied since may
    have changed (``Kept.applied``); the walk redoes only those and keeps its own there."""
    pending = e.s.pending
    if e.t.prompts or (pending is not None and pending.kind == COMBAT):  # e.prompt() is not None
        if kept is not None:
            kept.clear()
        return [(len(item) if isinstance(item, ActionTemplate) else 1, None, item) for item in checked(e, seat)]
    # (held's "#fixed" is the same dict in the copy: what the walk adds to it stays there)
    cache: dict[str, Any] = held.copy() if held else {}
    e.b.cache = cache
    try:
        return _walk_turn(e, seat, Kept() if kept is None else kept)
    finally:
        e.b.cache = None
        if held is not None and not held and "#holders" in cache:
            _keep_holders(held, cache)


def _keep_holders(held: dict[str, Any], cache: dict[str, Any]) -> None:
    """Keep in ``held`` (empty) the cards answering hooks that a walk's ``cache`` found."""
    held[""] = cache[""]
    held["#holders"] = cache["#holders"]
    held["#fixed"] = cache.get("#fixed") or {}


class Kept:
    """The sections of a walk (the turn's maneuvers, the seat's assets sorted, the placements,
    each asset's allocations and flips), kept by a search playout
    (``RetrogradeRuleset.play_random``, which makes every change of its state itself) from one
    draw to the next. The allocations and flips are kept per seat, across the ends of turns
    (they read nothing an end of a turn changes but what ``end`` names); so are the maneuvers a
    seat's turn begins with (``man0``: delta-vee, maneuvers, free burns and bonuses are reset
    then, so they read where the spacecraft are, which burns change, and the cards in play) and
    the placements found in the maneuvers phase (``plc0``: they read the seat's hand and
    assets; and the assets where they may go, ``plc_to``, redone only by its placements and
    flips, not by the researches that change its hand) and the cleanings a turn begins with
    (``cln0``: its upgrades are untapped then, and debris moves only with what drops
    everything); so are each seat's assets sorted
    (``_Assets``: face up, untapped, face down, where it may flip a card; the seat's turn
    begins with them untapped, an end of its turn untaps them, and only its researches and
    allocations tap them; the researches and repairs found once per turn: asset damage comes
    and goes with what drops everything) and its spacecraft (``mine``: burns and ends of turns
    move none in or out of play); the rest is kept within a turn. After each action
    ``applied`` drops the sections it may have changed, and the next walk redoes only those:

    - a burn moves one spacecraft in its asset and spends its delta-vee and maneuvers: only the
      maneuvers read those, and only its own and those of the seat's other spacecraft around
      the same asset that may boost (``_BOOSTERS``: their boosts read its orbital; the hooks
      of maneuvers read the spacecraft asked about and where the answering cards are, which a
      burn leaves at their assets) are redone (the assets, the hand, the
      slips, the armor and damage that cannibalizing reads, the housing and the classes flips
      read stay); of the maneuvers kept for the start of a turn, the same are redone for its
      seat, and for the other seat those of every spacecraft around that asset (attacks read
      the target's orbital);
    - a research taps an asset and draws cards: the seat's untapped assets are sorted again,
      and the placements (and the seat's swaps, which read its hand) are redone;
    - an allocation taps an asset and adds counters to a card of the seat beside it or to a
      face-down asset of the seat: the seat's flips of that asset (or of the face-down asset,
      when they are kept by its uid: then the counters went there) are redone (the other
      seat's flips read only its own cards; the allocations list the cards, not the
      counters: they stay, tapped or not);
    - a placement adds a card under construction beside an asset of the seat from its hand:
      the placements, the seat's assets (when it had no card beside that asset), its
      allocations and flips of that asset (and its swaps) are redone;
    - a foundation adds a face-down asset from the hand: the placements, the seat's assets and
      its allocations (which may go to it) are redone, and its flips found;
    - an end of the turn (``end``): the turn's sections go; the allocations stay but those of a
      seat whose allocations read what an end of a turn resets (a bonus construction power,
      or the armor bonus and the damage that cannibalizing reads: ``alc_turn``); the flips
      stay; the seat's assets are all untapped;
    - a flip (``flipped``; when its card answers hooks the playout has brought the cards
      answering them up to date first, ``abilities.refresh``) brings a card of the flipping seat
      into play: the turn's sections and the flipping seat's flips (its housing, slips,
      face-down assets, the hooks they ask) are redone, and what reads where it entered (an
      asset where the seat may no longer flip a card stays among its assets: the walk finds
      none there). The handlers of the hooks a walk asks (``WALK_HOOKS``) read only the
      spacecraft asked about, or the asset where the answering card is and who controls it:

      - a face-down asset turned face up: the seat's assets, every transfer has a new destination (both seats'
        maneuvers kept for the start of a turn of the spacecraft in the outermost orbitals are
        redone; no spacecraft is around a face-down asset) and the seat's allocations (its
        face-down assets), placements and cleanings (its face-up assets) are redone;
      - a spacecraft (around an asset of the seat): the seat's spacecraft, the kept maneuvers
        of the enemies around that asset (their attacks) and of the seat's boosters there (their
        targets), as after a burn there (of every spacecraft there when it answers a hook a walk
        asks: the costs it may change there), the seat's placements (the slips, the slots or upgrades
        it may allow there), its allocations there (the slips, the spacecraft a yard may
        cannibalize, refits; all of them when some may swap: swaps read every spacecraft);
      - an upgrade (under an asset of either seat): the kept maneuvers around that asset of
        the seat that does not control it (bombardment targets; of both seats when it answers
        a hook a walk asks: a drone's relay, the costs of burns and transfers there), the
        placements, cleanings, allocations (a yard that cannibalizes, refits) and flips
        (housing, entry orbitals) of the seat that controls it, and the flipping seat's
        placements and allocations there (the slips);

      the other seat's flips stay but in that last case (they read its housing, its slips and
      the answering cards at its assets);
    - a transfer (``transferred``) of a spacecraft that answers no hook a walk asks moves it
      from an asset to another: the turn's maneuvers (boosts, beacons), the maneuvers kept for
      the start of a turn of both seats' spacecraft around both assets (attacks, boosts), the
      allocations there of both seats (the spacecraft a yard cannibalizes, the enemies around
      an asset that bar allocations to face-down assets) and all the seat's allocations when
      some may swap are redone;
    - a swap (``swapped``) between cards that answer no hook a walk asks taps an asset and
      changes the seat's hand and a spacecraft's card and uid: the turn's sections, the seat's
      placements, allocations and flips (its population) and the maneuvers kept for the
      start of a turn of both seats' spacecraft around the swapped one are redone;
    - anything else (an offer, a fight, a bombardment, ...): everything is redone.

    The maneuvers kept for the start of a turn are neither kept nor used while a beacon lies on
    the table (a transfer's cost reads the beacons of the turn).

    ``tests/games/retrograde/test_playout.py`` checks the kept walk against a full one at every
    draw of many seeded playouts."""

    __slots__ = ("alc", "alc_hand", "alc_turn", "assets", "cln", "cln0", "flp", "man", "man0", "man_at", "man_outer",
                 "man_stale", "mine", "moved", "plc", "plc0", "plc_phase", "plc_to", "start")

    def __init__(self) -> None:
        self.man: dict[int, list[Segment]] = {}  # by spacecraft of the seat; one missing is found anew
        self.moved = -1  # a spacecraft that burned: its maneuvers and its neighbours' are redone
        self.cln: list[Segment] | None = None  # Debris Cleaner's cleanings
        self.assets: list[_Assets | None] = [None, None]
        """Per seat, across turns: its assets (``_seat_assets``)."""
        self.mine: list[list[Ship] | None] = [None, None]  # per seat, across turns: its spacecraft
        self.plc: list[Segment] | None = None
        self.plc_phase = -1  # the phase the placements were found in (it decides the kinds placed)
        self.alc: tuple[dict[int, list[Segment]], dict[int, list[Segment]]] = ({}, {})
        """Per seat, by asset of the seat (tapped or not): its allocations, cannibalizations and
        swaps; one missing is found anew."""
        self.alc_hand: tuple[set[int], set[int]] = (set(), set())
        """Per seat: its assets whose allocations have swaps (which read its hand and every
        spacecraft of the seat: only those are redone when either changes)."""
        self.alc_turn = [False, False]  # per seat: its allocations read what an end of a turn resets
        self.flp: tuple[dict[int, list[Segment]], dict[int, list[Segment]]] = ({}, {})
        """Per seat, by asset (face down, or with cards beside it): the seat's flips there."""
        self.start = False  # the next walk is the first of a turn (an end of a turn came before)
        self.man0: list[dict[int, list[Segment]] | None] = [None, None]
        """Per seat, by spacecraft: its maneuvers when the seat's last turn began."""
        self.man_stale: tuple[set[int], set[int]] = (set(), set())
        """Per seat: the spacecraft that burned since ``man0`` was kept (the maneuvers kept of
        every spacecraft around their assets are redone)."""
        self.man_at: tuple[set[int], set[int]] = (set(), set())
        """Per seat: the assets where a card was flipped since ``man0`` was kept (the maneuvers
        kept of every spacecraft around them are redone)."""
        self.man_outer = [False, False]
        """Per seat: whether an asset was turned face up since ``man0`` was kept (the maneuvers
        kept of every spacecraft in the outermost orbital of its asset, which may transfer
        there, are redone)."""
        self.plc0: list[list[Segment] | None] = [None, None]  # per seat: its placements in the maneuvers phase
        self.plc_to: tuple[list[list[int] | None], list[list[int] | None]] = ([None, None], [None, None])
        """Per seat, across turns: the assets where a spacecraft and an upgrade of its hand may
        go (``_walk_placements``: they read its face-up assets, their slips and the hooks of
        slots and upgrades allowed, not its hand)."""
        self.cln0: list[list[Segment] | None] = [None, None]  # per seat: its cleanings when its last turn began

    def clear(self) -> None:
        self.end()
        self.start = False
        self.assets[0] = self.assets[1] = self.mine[0] = self.mine[1] = None
        self.plc_to[0][:] = self.plc_to[1][:] = (None, None)
        for seat in (0, 1):
            self.alc[seat].clear()
            self.flp[seat].clear()
            self.alc_hand[seat].clear()
            self.alc_turn[seat] = False
            self.man0[seat] = self.plc0[seat] = self.cln0[seat] = None

    def end(self) -> None:
        """An end of a turn: the turn's sections go, and the allocations that read a bonus
        construction power, an armor bonus or damage (the end of a turn resets them: the bonuses
        of everyone, the damage of the seat whose turn begins)."""
        self.plc = self.cln = None
        self.man.clear()
        self.moved = -1
        self.start = True
        if self.alc_turn[0] or self.alc_turn[1]:
            for seat in (0, 1):
                if self.alc_turn[seat]:
                    self._allocations(seat)

    def applied(self, action: Action, seat: int) -> None:
        """Drop the sections ``action`` (just applied by ``seat``, whose turn it is) may have
        changed (see the class docstring)."""
        cls = type(action)
        if cls is End:  # (the most frequent)
            self.end()
            got = self.assets[seat]
            if got is not None and len(got[1]) != len(got[0]):  # the seat's assets are untapped
                self.assets[seat] = (got[0], got[0], got[2], got[3], got[5], got[5])
            return
        if cls is Burn:
            if self.moved != -1:  # (one at a time)
                self.man.clear()
            self.moved = action.ship  # type: ignore[attr-defined]
            for stale in self.man_stale:
                stale.add(action.ship)  # type: ignore[attr-defined]
            return
        if cls is Allocate:
            self._tapped(seat, action.asset)  # type: ignore[attr-defined]
            # the counters go to a card of the seat (the other seat's flips stay): a face-down
            # asset, whose flips are kept by its uid, or a card beside the asset
            flp = self.flp[seat]
            if flp.pop(action.target, None) is None:  # type: ignore[attr-defined]
                flp.pop(action.asset, None)  # type: ignore[attr-defined]
        elif cls is Research:
            self._tapped(seat, action.asset)  # type: ignore[attr-defined]
            self.plc0[seat] = None
            if self.alc_hand[seat]:
                self._swaps(seat)
        elif cls is Place:
            self.plc0[seat] = None
            self.plc_to[seat][:] = (None, None)
            got = self.assets[seat]
            if got is not None:  # (the asset may have had no card of the seat beside it)
                for a in got[3]:
                    if a.uid == action.asset:  # type: ignore[attr-defined]
                        break
                else:
                    self.assets[seat] = None
            # a card of the seat beside an asset of the seat: the other seat's sections stay
            self.alc[seat].pop(action.asset, None)  # type: ignore[attr-defined]
            self.flp[seat].pop(action.asset, None)  # type: ignore[attr-defined]
            if self.alc_hand[seat]:
                self._swaps(seat)
        elif cls is Found:
            self.assets[seat] = None
            self.plc0[seat] = None
            self.alc[seat].clear()
        else:
            self.clear()
            return
        self.plc = None  # (these actions change the hand or the phase, which the placements read)
        self.cln = None  # (the maneuvers are over: the phase is past them)
        self.man.clear()
        self.moved = -1

    def flipped(self, t: Table, uid: int, seat: int) -> None:
        """Drop the sections the flip of card ``uid`` by ``seat`` (just applied to table ``t``) may
        have changed (see the class docstring)."""
        self.end()
        self.start = False  # (the turn goes on)
        self.flp[seat].clear()
        self.plc_to[seat][:] = (None, None)
        # (the seat's assets stay but after an asset's flip: an asset it may no longer flip a
        # card at stays among them, where the walk finds none)
        for a in t.assets:
            if a.uid == uid:  # a face-down asset of the seat, face up now
                self.assets[seat] = None
                self.man_outer[0] = self.man_outer[1] = True  # (a new destination of transfers)
                self.plc0[seat] = self.cln0[seat] = None
                self._allocations(seat)
                return
        for s in t.ships:
            if s.uid == uid:  # a spacecraft of the seat, around an asset of the seat
                self.mine[seat] = None
                if t.cards[uid] in WALK_KEYS:  # (the costs it may change around its asset)
                    self.man_at[0].add(s.asset)
                    self.man_at[1].add(s.asset)
                else:  # as a burn there: the seat's boosters around it, the enemies' attacks
                    for stale in self.man_stale:
                        stale.add(uid)
                self.plc0[seat] = None
                if self.alc_hand[seat]:
                    self._swaps(seat)
                self.alc[seat].pop(s.asset, None)
                return
        for a in t.assets:
            for u in a.upgrades:
                if u.uid == uid:  # an upgrade under an asset, of either seat
                    for other in (0, 1):  # bombardment targets (and what the hooks it answers change)
                        if other != a.controller or t.cards[uid] in WALK_KEYS:
                            self.man_at[other].add(a.uid)
                    self.plc0[seat] = None
                    self.alc[seat].pop(a.uid, None)
                    if a.controller == 0 or a.controller == 1:
                        self.plc0[a.controller] = self.cln0[a.controller] = None
                        self.plc_to[a.controller][:] = (None, None)
                        self.alc[a.controller].pop(a.uid, None)
                        self.flp[a.controller].clear()  # (its housing, entry orbitals)
                    return
        self.clear()  # (a flip brings its card into play: not reached)

    def transferred(self, t: Table, uid: int, seat: int, origin: int) -> None:
        """Drop the sections a transfer of ``seat``'s spacecraft ``uid`` from asset ``origin``
        (just applied to table ``t``; its card answers no hook of ``WALK_HOOKS``) may have
        changed (see the class docstring)."""
        self.man.clear()
        self.moved = -1
        for s in t.ships:
            if s.uid == uid:
                for at in self.man_at:
                    at.add(origin)
                    at.add(s.asset)
                if self.alc_hand[seat]:
                    self._swaps(seat)
                for alc in self.alc:
                    alc.pop(origin, None)
                    alc.pop(s.asset, None)
                return
        self.clear()  # (a transfer moves a spacecraft in play: not reached)

    def swapped(self, t: Table, uid: int, seat: int, asset: int) -> None:
        """Drop the sections a swap by ``seat`` that put card ``uid`` in play (tapping ``asset``;
        just applied to table ``t``; neither card answers a hook of ``WALK_HOOKS``) may have
        changed (see the class docstring)."""
        self.plc = self.cln = None
        self.man.clear()
        self.moved = -1
        self._tapped(seat, asset)
        self.plc0[seat] = None
        self.plc_to[seat][:] = (None, None)
        self._allocations(seat)
        self.flp[seat].clear()
        for s in t.ships:
            if s.uid == uid:
                for at in self.man_at:
                    at.add(s.asset)
                return
        self.clear()  # (a swap puts a spacecraft in play: not reached)

    def _allocations(self, seat: int) -> None:
        """Drop every allocation kept of ``seat``."""
        self.alc[seat].clear()
        self.alc_hand[seat].clear()
        self.alc_turn[seat] = False

    def _swaps(self, seat: int) -> None:
        """Drop the allocations kept of ``seat`` at the assets that may swap (``alc_hand``: the
        swaps read its hand and every spacecraft of the seat); those of its other assets stay."""
        alc = self.alc[seat]
        hand = self.alc_hand[seat]
        for uid in hand:
            alc.pop(uid, None)
        hand.clear()

    def _tapped(self, seat: int, uid: int) -> None:
        got = self.assets[seat]
        if got is not None:
            untapped = []  # (plain loops here and below: a comprehension is a call in Python 3.11)
            for a in got[1]:
                if a.uid != uid:
                    untapped.append(a)
            self.assets[seat] = (got[0], untapped, got[2], got[3], None, got[5])


_Args = tuple[list[tuple[int, ...]], list[tuple[int, ...]]]
_Assets = tuple[list[Asset], list[Asset], list[Asset], list[Asset], "_Args | None", "_Args | None"]
"""A seat's face-up assets, the untapped ones, its face-down ones, the assets where it may have
a card to flip (its face-down ones, and those with a card of its beside them), and once a walk
asked (``_turn_repairs``) the arguments of its researches and repairs; and those of every
face-up asset untapped, once a walk asked them so (an end of its turn untaps them all: the
researches and repairs of its next turn's start are those again, while the tuple is kept)."""


def _seat_assets(t: Table, seat: int) -> _Assets:
    """``seat``'s assets (``_Assets``), from one pass over the table."""
    mine_assets: list[Asset] = []
    facedown: list[Asset] = []
    building: list[Asset] = []
    for a in t.assets:
        if a.controller == seat:
            if not a.face_up:
                facedown.append(a)
                building.append(a)
                continue
            mine_assets.append(a)
        if a.ship_slips or a.upgrade_slips:
            for x in a.ship_slips:
                if x.owner == seat:
                    building.append(a)
                    break
            else:
                for x in a.upgrade_slips:
                    if x.owner == seat:
                        building.append(a)
                        break
    untapped: list[Asset] = []
    for a in mine_assets:
        if not a.tapped:
            untapped.append(a)
    return mine_assets, untapped, facedown, building, None, None


def _turn_repairs(untapped: list[Asset]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The arguments of the researches and of the repairs of the untapped assets ``untapped``
    (``_why_not_repair``: the asset or an upgrade on it has damage)."""
    repairs: list[tuple[int, ...]] = []
    for a in untapped:
        if a.damage > 0:
            repairs.append((a.uid, a.uid))
        for u in a.upgrades:
            if u.damage > 0:
                repairs.append((a.uid, u.uid))
    research: list[tuple[int, ...]] = []
    for a in untapped:
        research.append((a.uid,))
    return research, repairs


def _walk_turn(e: Engine, seat: int, k: Kept) -> list[Segment]:
    """The segments of a turn's step (no offer on the table), the sections ``k`` lacks found
    anew (and kept there). Each group mirrors the check of its type in ``legality`` (named
    beside it); the conditions a candidate meets by how it is found (its owner, its phase, a
    face-up asset of the seat) are not asked again."""
    t = e.t
    segs: list[Segment] = [(1, None, _END)]
    phase = t.phase
    if phase <= MANEUVERS:
        man = k.man
        mine = k.mine[seat]
        if mine is None:
            mine = k.mine[seat] = [s for s in t.ships if s.owner == seat]
        start = k.start
        if start:  # the first walk of a turn: the maneuvers kept when the seat's last turn began
            k.start = False
            start = not t.beacons
            kept0 = k.man0[seat]
            if kept0 is not None and start:
                # redone: the spacecraft of the seat that burned and its boosters around them (their
                # boosts read the orbitals), every one around an enemy that burned (attacks read the
                # target's orbital) or where a card was flipped (Kept.flipped)
                stale = k.man_stale[seat]
                moved_at = set(k.man_at[seat])
                outer = k.man_outer[seat]  # (an asset turned face up: every transfer has a new destination)
                own_at: set[int] = set()
                if stale:
                    for s in t.ships:
                        if s.uid in stale:
                            (own_at if s.owner == seat else moved_at).add(s.asset)
                cards = t.cards
                for s in mine:
                    got0 = kept0.get(s.uid)
                    if got0 is not None and s.asset not in moved_at and not (
                            s.asset in own_at and (s.uid in stale or cards[s.uid] in _BOOSTERS)) and not (
                            outer and s.orbital == len(ASSET_CARDS[cards[s.asset]].orbitals) - 1):
                        man[s.uid] = got0
        if k.moved != -1:  # its maneuvers, and the boosts of the seat's others around its asset
            at = -1
            for s in mine:
                if s.uid == k.moved:
                    at = s.asset
                    break
            cards = t.cards
            for s in mine:
                if s.asset == at and (s.uid == k.moved or cards[s.uid] in _BOOSTERS):
                    man.pop(s.uid, None)
            k.moved = -1
        if not man:
            _walk_maneuvers(e, seat, mine, mine, man)
        elif len(man) < len(mine):  # (the entries are of the seat's spacecraft, a burn drops some)
            todo_ships: list[Ship] = []
            for s in mine:
                if s.uid not in man:
                    todo_ships.append(s)
            _walk_maneuvers(e, seat, mine, todo_ships, man)
        if start:
            k.man0[seat] = dict(man)
            k.man_stale[seat].clear()
            k.man_at[seat].clear()
            k.man_outer[seat] = False
        for s in mine:
            part = man[s.uid]
            if part:
                segs += part
        cln = k.cln
        if cln is None:
            cln = k.cln0[seat] if start else None
            if cln is None:
                cln = []
                _walk_cleans(e, seat, cln)
                if start:
                    k.cln0[seat] = cln
            k.cln = cln
        if cln:
            segs += cln
    if phase > CLEANUP:
        return segs
    got = k.assets[seat]
    if got is None:
        got = k.assets[seat] = _seat_assets(t, seat)
    mine_assets, untapped, facedown, building, kept_args, full_args = got
    if phase <= REPAIR and untapped:
        if kept_args is None:
            if untapped is mine_assets:  # (every face-up asset untapped: an end of a turn's)
                if full_args is None:
                    full_args = _turn_repairs(untapped)
                kept_args = full_args
            else:
                kept_args = _turn_repairs(untapped)
            k.assets[seat] = (mine_assets, untapped, facedown, building, kept_args, full_args)
        research, repairs = kept_args
        if phase <= RESEARCH and t.decks[seat]:  # _why_not_research: the deck must not be empty
            segs.append((len(research), Research, research))
        if repairs:
            segs.append((len(repairs), Repair, repairs))
    if phase <= PLACE_ASSETS:
        plc = k.plc
        if plc is None or k.plc_phase != phase:
            k.plc_phase = phase
            plc = k.plc0[seat] if phase == MANEUVERS else None
            if plc is None:
                plc = []
                _walk_placements(e, seat, t.hands[seat], mine_assets, plc, k.plc_to[seat])
                if phase == MANEUVERS:
                    k.plc0[seat] = plc
            k.plc = plc
        if plc:
            segs += plc
    if phase <= ALLOCATE and untapped:
        alc = k.alc[seat]
        # (its keys are of the seat's assets, and a capture drops everything: whether some lack theirs)
        todo: list[Asset] | tuple[()] = ()
        if len(alc) < len(mine_assets):
            if alc:
                todo = []
                for a in untapped:
                    if a.uid not in alc:
                        todo.append(a)
            else:
                todo = untapped
        if todo:
            turn = _walk_allocations(e, seat, todo, facedown, alc, k.alc_hand[seat])
            if turn:
                k.alc_turn[seat] = True
        for a in untapped:
            part = alc[a.uid]
            if part:  # (``+=`` on a local: no method looked up; an empty part is skipped)
                segs += part
    flp = k.flp[seat]
    for a in building:
        flips = flp.get(a.uid)
        if flips is None:
            flips = flp[a.uid] = []
            _walk_flips(e, seat, a, flips)
        if flips:
            segs += flips
    return segs


def _walk_flips(e: Engine, seat: int, a: Asset, segs: list[Segment]) -> None:
    """The flips (``_why_not_flip``, ``flip_choices``) of asset ``a`` (face down) or of the cards
    being built beside it: completed cards only, orbitals among the allowed."""
    b = e.b
    cards = e.t.cards
    if a.controller == seat and not a.face_up and a.counters >= (ASSET_CARDS[cards[a.uid]].cost or 0):
        segs.append((1, None, Flip(a.uid)))
    if a.ship_slips:
        classes: tuple[str, ...] | None = None
        for x in a.ship_slips:
            if x.owner != seat:
                continue
            made = CARDS[cards[x.uid]]
            if x.counters < made.cost:  # type: ignore[attr-defined]
                continue
            if not isinstance(made, SpacecraftCard):
                _walk_flip(e, seat, x.uid, flip_choices(e, seat, x.uid), segs)
                continue
            # a spacecraft completes only on an asset of the seat that builds its class
            if a.controller != seat:
                continue
            if classes is None:
                classes = ASSET_CARDS[cards[a.uid]].classes
                hooked = ab.found(b, "build_classes")
                if hooked:
                    for src in hooked:  # (ab.run, without its call and its packed arguments)
                        classes = _BUILD_CLASSES[src.ability.kind](b, src, classes, asset=a, seat=seat)
                    classes = tuple(classes)
            if made.ship_class in classes:  # flip_choices: then the population and the entry orbitals
                _walk_flip(e, seat, x.uid, entry_choices(e, seat, a, made), segs)
    if a.upgrade_slips:
        for x in a.upgrade_slips:  # flip_choices: a completed upgrade of the seat flips, no orbital
            if x.owner == seat and x.counters >= CARDS[cards[x.uid]].cost:  # type: ignore[attr-defined]
                segs.append((1, None, Flip(x.uid)))


_END = End()


def _walk_flip(e: Engine, seat: int, uid: int, got: tuple[tuple[int, ...], int] | str, segs: list[Segment]) -> None:
    """The flips of a completed card from its ``flip_choices``: without an orbital, and with each
    allowed one but the default."""
    if isinstance(got, str):
        return
    allowed, default = got
    if not allowed:
        segs.append((1, None, Flip(uid)))
        return
    flips: list[tuple[int, ...]] = [(uid,)]
    for o in allowed:
        if o != default:
            flips.append((uid, o))
    segs.append((len(flips), Flip, flips))


def _walk_maneuvers(e: Engine, seat: int, mine: list[Ship], todo: list[Ship], out: dict[int, list[Segment]]) -> None:
    """The maneuvers of each spacecraft of ``todo`` (in ``out`` by its uid; ``mine``: every
    spacecraft of the seat, which boosts read): the costs of ``Engine`` (``burn_cost``,
    ``transfer_cost``, ``attack_cost``, ``bombard_cost``) found from the orbitals, the asset's
    once per spacecraft; a hook no card in play answers is not asked (``abilities.answered``)."""
    t = e.t
    b = e.b
    cards = t.cards
    if todo:
        cfg = e.cfg
        per_turn = cfg.maneuvers_per_turn
        free_limit = cfg.free_burns_per_turn
        burn_min = cfg.burn_min_cost
        combat_min = cfg.combat_min_cost
        index = b.cache.get("") if b.cache is not None else None  # (found_each's list, kept in the index)
        found = index.get(_MANEUVER_HOOKS) if index is not None else None
        if found is None:
            found = ab.found_each(b, *_MANEUVER_HOOKS)
        may_maneuver, burn_hooked, may_transfer, transfer_cost_hooked = found
        beacons = bool(t.beacons)
        # the enemy spacecraft around each asset, in table order (for one spacecraft, the usual
        # case, a pass over the spacecraft and the assets costs less than indexing them)
        enemies: dict[int, list[Ship]] | None = None
        by_uid: dict[int, Asset] | None = None
        if len(todo) > 1:
            enemies = {}
            for foe in t.ships:
                if foe.owner != seat:
                    foes = enemies.get(foe.asset)
                    if foes is None:
                        enemies[foe.asset] = [foe]
                    else:
                        foes.append(foe)
            by_uid = ab._assets_by_uid(b)  # (the walk's index, Board.asset's)
        outer: list[tuple[Asset, int]] | None = None  # the face-up assets and their outermost orbitals' delta-vee
        for s in todo:
            segs: list[Segment] = []
            out[s.uid] = segs
            card = SHIP_CARDS[cards[s.uid]]
            room = card.delta_vee + s.dv_bonus - s.dv  # Engine.room
            # _maneuver_ship: it may maneuver here and has maneuvers left this turn
            if room < 0 or s.moves >= per_turn or (
                    may_maneuver and not ab.run(b, "may_maneuver", may_maneuver, True, ship=s)):
                continue
            if by_uid is None:
                for a in t.assets:
                    if a.uid == s.asset:
                        break
            else:
                a = by_uid[s.asset]
            orbitals = ASSET_CARDS[cards[a.uid]].orbitals
            n_orb = len(orbitals)
            here = orbitals[s.orbital]
            args: list[tuple[int, ...]] = []
            hooked_costs: dict[int, int] = {}  # (the hooks read the spacecraft and the cost alone)
            for o in range(n_orb):  # _why_not_burn: the cost within the room, free burns counted
                if o != s.orbital:
                    cost = here - orbitals[o]
                    if cost < burn_min:
                        cost = burn_min
                    if burn_hooked:
                        got = hooked_costs.get(cost)
                        if got is None:
                            got = cost  # (ab.run, without its call and its packed arguments)
                            for src in burn_hooked:
                                got = _BURN_COST[src.ability.kind](b, src, got, ship=s)
                            got = hooked_costs[cost] = int(got)
                        cost = got
                    if cost <= room and not (cost == 0 and 0 <= free_limit <= s.free_burns):
                        args.append((s.uid, o))
            if args:
                segs.append((len(args), Burn, args))
            # _transfer_problem: from the outermost orbital, if it may transfer, the cost within the room
            transfers = s.orbital == n_orb - 1
            if transfers and may_transfer:  # (ab.run, without its call and its packed arguments)
                for src in may_transfer:
                    transfers = _MAY_TRANSFER[src.ability.kind](b, src, transfers, ship=s)
            if transfers:
                args = []
                if outer is None:  # (found once, when a spacecraft of the seat is where it may transfer)
                    outer = []
                    for d in t.assets:
                        if d.face_up:
                            outer.append((d, ASSET_CARDS[cards[d.uid]].orbitals[-1]))
                for d, there in outer:  # Engine.transfer_cost: outermost to outermost, a beacon, the hooks
                    if d is not a:
                        cost = here - there
                        if cost < burn_min:
                            cost = burn_min
                        if beacons:
                            cost = max(0, cost - ab.beacon(b, "beacon-transfer", s.owner, d.uid))
                        if transfer_cost_hooked:
                            for src in transfer_cost_hooked:  # (ab.run, without its call)
                                cost = _TRANSFER_COST[src.ability.kind](b, src, cost, ship=s, dest=d)
                            cost = int(cost)
                        if cost <= room:
                            args.append((s.uid, d.uid))
                if args:
                    segs.append((len(args), Transfer, args))
            # _why_not_attack: an enemy around the same asset, the cost within the room
            if enemies is None:
                foes = []
                for foe in t.ships:
                    if foe.asset == s.asset and foe.owner != seat:
                        foes.append(foe)
            else:
                foes = enemies.get(s.asset)
            if foes:
                args = []
                for foe in foes:
                    if max(here - orbitals[foe.orbital], combat_min) <= room:
                        args.append((s.uid, foe.uid))
                if args:
                    segs.append((len(args), Attack, args))
            if a.controller != s.owner:  # _why_not_bombard: power 0 is legal when the cost is within the room
                targets = e.bombard_targets(s)
                top = room - max(orbitals[0] - here, combat_min)
                if targets and top >= 0:
                    for tg in targets:
                        segs.append((top + 1, None, ActionTemplate(Bombard, s.uid, tg, power=range(0, top + 1))))
            costs = _SWEEP_BOOST.get(card.key)
            if costs is not None:
                sweep, boost = costs  # _why_not_sweep: debris in its orbital, the cost within the room
                if sweep is not None and b.debris_count(s.asset, s.orbital) and sweep <= room:
                    segs.append((1, None, Sweep(s.uid)))
                if boost is not None and boost <= room:  # _why_not_boost
                    args = [(s.uid, o.uid) for o in mine
                            if o.asset == s.asset and o.orbital == s.orbital and s.uid not in o.boosted_by]
                    if args:
                        segs.append((len(args), Boost, args))


_MANEUVER_HOOKS = ("may_maneuver", "burn_cost", "may_transfer", "transfer_cost")
"""The hooks ``_walk_maneuvers`` asks, as ``abilities.found_each`` keeps their cards (its key)."""

_BURN_COST = ab.HOOKS["burn_cost"]
_TRANSFER_COST = ab.HOOKS["transfer_cost"]
_SHIP_SLOTS = ab.HOOKS["ship_slots"]
_REFIT_SCOPES = ab.HOOKS["refit_scopes"]
_MAY_TRANSFER = ab.HOOKS["may_transfer"]
_UPGRADES_ALLOWED = ab.HOOKS["upgrades_allowed"]
_BUILD_CLASSES = ab.HOOKS["build_classes"]
"""The handlers of the hooks the walks ask most, by ability kind (``abilities.run``'s): the
costs of burns and transfers, whether a spacecraft may transfer, the slots, refits, upgrades
allowed and classes built at an asset."""


def _sweep_boost(card: SpacecraftCard) -> tuple[int | None, int | None]:
    """The costs of a spacecraft's Sweep and of its boost (reinforce, else refuel), if it has them."""
    sweep = card.ability("sweep")
    boost = card.ability("reinforce") or card.ability("refuel")
    return (None if sweep is None else int(sweep.get("cost")),
            None if boost is None else int(boost.get("cost")))


_SWEEP_BOOST: dict[str, tuple[int | None, int | None]] = {
    key: _sweep_boost(card) for key, card in SHIP_CARDS.items()
    if card.ability("sweep") or card.ability("reinforce") or card.ability("refuel")}
"""The spacecraft that may sweep or boost, by key: the costs of both (``_sweep_boost``)."""

_BOOSTERS = frozenset(key for key, (_sweep, boost) in _SWEEP_BOOST.items() if boost is not None)
"""The spacecraft that may boost (reinforce or refuel) another of their seat in their orbital,
by key: the only maneuvers of a spacecraft that read where another of its seat is."""


def _walk_cleans(e: Engine, seat: int, segs: list[Segment]) -> None:
    """Debris Cleaner's cleanings."""
    cards = e.t.cards
    for a in e.t.assets:  # _why_not_clean: an untapped Debris Cleaner, debris in the orbital
        if a.upgrades and a.controller == seat and a.face_up:
            for u in a.upgrades:
                if not u.tapped and cards[u.uid] in _SWEEPER_STATIONS:
                    args = [(u.uid, o) for o in range(len(a.debris)) if a.debris[o]]
                    if args:
                        segs.append((len(args), Clean, args))


_SWEEPER_STATIONS = frozenset(key for key, card in CARDS.items() if card.has("sweeper-station"))


def _fixed(b: Board) -> dict[tuple[str, int, int], Any]:
    """The answers of ``ship_slots`` (``asset=a``) and ``refit_scopes`` (``asset=a, seat=seat``)
    by ``(hook, a.uid, seat)``: their handlers read only where the answering cards are and who
    controls them (and the ability's numbers), so while those stay in place the answers stay
    too. They are kept in the cache's ``"#fixed"``, which a search playout keeps with the
    answering cards (``walk``'s ``held``)."""
    cache = b.cache
    assert cache is not None
    fixed: dict[tuple[str, int, int], Any] | None = cache.get("#fixed")
    if fixed is None:
        fixed = cache["#fixed"] = {}
    return fixed


def _walk_placements(e: Engine, seat: int, hand: list[int], mine_assets: list[Asset],
                     segs: list[Segment], targets: list[list[int] | None]) -> None:
    """``found`` and ``place`` (``_why_not_found``, ``_why_not_place``): an asset is always
    founded; a spacecraft goes where a slot is free, an upgrade where upgrades are allowed and
    none is under construction (found once per asset, not once per card). ``targets``: the
    assets a spacecraft and an upgrade may go to, when found before (``None``: not yet; a
    playout keeps them, ``Kept.plc_to``), found here when missing."""
    b = e.b
    phase = e.t.phase
    cards = e.t.cards
    for_ships, for_upgrades = targets
    for c in hand:
        kind = _KIND[cards[c]]
        if kind == _ASSET:
            segs.append((1, None, Found(c)))
        elif kind == _SHIP:
            if phase > PLACE_SHIPS:
                continue
            if for_ships is None:
                slots = ab.found(b, "ship_slots")  # Engine.ship_slots: 1 unless a card says more
                if slots:
                    for_ships = []
                    fixed = _fixed(b)
                    for a in mine_assets:
                        key = ("ship_slots", a.uid, seat)
                        room = fixed.get(key)
                        if room is None:
                            room = 1  # (ab.run, without its call and its packed arguments)
                            for src in slots:
                                room = _SHIP_SLOTS[src.ability.kind](b, src, room, asset=a)
                            room = fixed[key] = int(room)
                        if len(a.ship_slips) < room:
                            for_ships.append(a.uid)
                else:
                    for_ships = []
                    for a in mine_assets:
                        if not a.ship_slips:
                            for_ships.append(a.uid)
                targets[0] = for_ships
            if for_ships:
                args = []
                for x in for_ships:
                    args.append((c, x))
                segs.append((len(args), Place, args))
        elif kind == _UPGRADE and phase <= PLACE_UPGRADES:
            if for_upgrades is None:
                allowed = ab.found(b, "upgrades_allowed")
                for_upgrades = targets[1] = []
                for a in mine_assets:
                    if not a.upgrade_slips:
                        ok = True  # (ab.run, without its call and its packed arguments)
                        for src in allowed:
                            ok = _UPGRADES_ALLOWED[src.ability.kind](b, src, ok, asset=a)
                        if ok:
                            for_upgrades.append(a.uid)
            if for_upgrades:
                args = []
                for x in for_upgrades:
                    args.append((c, x))
                segs.append((len(args), Place, args))


_CANNIBALIZERS = frozenset(key for key, card in CARDS.items() if card.has("cannibalize"))
"""The keys of the upgrades that cannibalize (``Board.upgrades_with``)."""

_ASSET, _SHIP, _UPGRADE = 1, 2, 3
_KIND: dict[str, int] = {key: _ASSET if isinstance(card, AssetCard) else _SHIP if isinstance(card, SpacecraftCard)
                         else _UPGRADE if isinstance(card, UpgradeCard) else 0 for key, card in CARDS.items()}
"""The kind of each card key, as a number (a hand is walked once per listing)."""


def _walk_allocations(e: Engine, seat: int, untapped: list[Asset], facedown: list[Asset],
                      out: dict[int, list[Segment]], swapping: set[int]) -> bool:
    """``allocate``, ``cannibalize`` and ``swap`` per untapped asset (``_why_not_allocate``,
    ``_why_not_cannibalize``, ``_why_not_swap``): each asset's segments in ``out`` by its uid
    (a playout keeps them, ``Kept``), and the assets that may swap (the swaps read the hand
    and every spacecraft of the seat) added to ``swapping``. Whether any read what an end of
    a turn resets (a bonus construction power; the armor and damage of the spacecraft a yard
    may cannibalize)."""
    t = e.t
    b = e.b
    cards = t.cards
    hand_ships: list[tuple[int, SpacecraftCard]] | None = None
    refits = ab.found(b, "refit_scopes")
    fixed = _fixed(b) if refits else None
    enemy_at: set[int] | None = None
    mine: list[Ship] | None = None
    turn = False
    for a in untapped:
        segs: list[Segment] = []
        out[a.uid] = segs
        if a.bonus_power:
            turn = True
        if ASSET_CARDS[cards[a.uid]].factory + a.bonus_power > 0:  # it has construction power
            args: list[tuple[int, ...]] = []
            for x in a.ship_slips:
                if x.owner == seat:
                    args.append((a.uid, x.uid))
            for x in a.upgrade_slips:
                if x.owner == seat:
                    args.append((a.uid, x.uid))
            if facedown:
                if enemy_at is None:
                    enemy_at = set()
                    for s in t.ships:
                        if s.owner != seat:
                            enemy_at.add(s.asset)
                if a.uid not in enemy_at:  # no enemy orbits it
                    for d in facedown:
                        args.append((a.uid, d.uid))
            if args:
                segs.append((len(args), Allocate, args))
        cannibal = False  # (Board.upgrades_with(a, "cannibalize"), in a plain loop)
        if a.upgrades and not a.bonus_power:
            for u in a.upgrades:
                if cards[u.uid] in _CANNIBALIZERS:
                    cannibal = True
                    break
        if cannibal:
            turn = True
            if mine is None:
                mine = [s for s in t.ships if s.owner == seat]
            for s in mine:
                if s.asset == a.uid:
                    most = e.armor(s) - s.damage
                    if most >= 1:
                        segs.append((most, None, ActionTemplate(Cannibalize, a.uid, s.uid, damage=range(1, most + 1))))
        scopes: list[str] | None = None
        if fixed is not None:
            key = ("refit_scopes", a.uid, seat)
            scopes = fixed.get(key)
            if scopes is None:
                scopes = []  # (ab.run, without its call and its packed arguments)
                for src in refits:
                    scopes = _REFIT_SCOPES[src.ability.kind](b, src, scopes, asset=a, seat=seat)
                fixed[key] = scopes
        if scopes:
            swapping.add(a.uid)
            if hand_ships is None:
                hand_ships = []
                for c in t.hands[seat]:
                    card = CARDS[cards[c]]
                    if isinstance(card, SpacecraftCard):
                        hand_ships.append((c, card))
            if mine is None:
                mine = [s for s in t.ships if s.owner == seat]
            anywhere = "any-friendly-asset" in scopes
            for s in mine:
                if s.asset != a.uid:
                    where = b.asset(s.asset)
                    assert where is not None
                    if not (anywhere and where.controller == seat):
                        continue
                old = SHIP_CARDS[cards[s.uid]]
                args = []
                for c, new in hand_ships:
                    if new.ship_class == old.ship_class and new.cost == old.cost:
                        args.append((a.uid, s.uid, c))
                if args:
                    segs.append((len(args), Swap, args))
    return turn


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
