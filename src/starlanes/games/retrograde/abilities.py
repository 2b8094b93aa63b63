"""Card abilities as modifiers of the rules' steps (the golden rule: the card wins).

Every step of the rules that a card can change asks this module through a named *hook*:
``modify(board, "burn_cost", cost, ship=..., ...)`` starts from the value the rules give and
lets each face-up card in play whose ability kind is registered for that hook change it.
A handler may replace the value outright (Fount of Locomotion makes a burn cost 0, Floating
Screen takes bombardment damage meant for the asset, Sky Spore turns a destruction into a
change of control), not only add to it.

The hooks, the step that asks, and the ability kinds that answer:

============================  ======================================  ==========================
hook                          step                                    kinds
============================  ======================================  ==========================
may_maneuver (bool)           any maneuver                            drone
may_transfer (bool)           transfer                                drone, troop-pod
burn_cost (int)               burn: cost                              free-burns (Fount)
transfer_cost (int)           transfer: cost                          gate-free-transfer
accuracy_bonus (int, max)     combat: chances                         accuracy-aura
defense_bonus (int, max)      combat: hit check                       radar
always_hits (bool)            combat: roll checks                     ones-hit
hit_recipients (list)         combat: place damage                    bodyguard
damage_taker (ship)           any damage to a spacecraft              damage-sponge
on_destroy (str)              cleanup: destruction                    boarding
spent_after_attack (bool)     after an attack that hit                troop-pod
leaves_debris (bool)          destruction                             troop-pod
regenerates (bool)            beginning of turn: remove damage        screen
bombard_targets (list)        bombardment: choose target              decoy
bombard_absorber (ship)       bombardment: place damage               screen
sacrifice_seat (int)          bombardment: before damage              sacrifice-shield
capture_razes (bool)          capture                                 raze
capture_seizes (bool)         capture: spacecraft under construction  seize-shipyards
research_draws (int)          research                                lab
ship_slots (int)              place spacecraft                        extra-slip
upgrades_allowed (bool)       place upgrades                          no-upgrades
build_classes (tuple)         cleanup: class check                    mobile-yard
entry_orbitals (tuple)        cleanup: where a spacecraft enters      any-entry-orbital (+ screen)
capacity (int)                cleanup: population limit               housing, drone-relay
debris_damage (int)           end of turn: debris                     ignore-first-debris
thorns (list)                 end of turn                             thorns
foresight (bool)              beginning of turn                       foresight
gate_turns (int)              beginning of turn: alternative win      gate-victory
after_move (prompts)          after a burn/transfer                   pod-escort, pod-carrier,
                                                                      flagship, wingman, tow,
                                                                      beacon-accuracy,
                                                                      beacon-transfer
refit_scopes (list)           allocate: swap instead                  refit-swap
============================  ======================================  ==========================

Activated abilities (sweep, sweeper-station, reinforce, refuel, cannibalize) are actions of
their own; the rules find them with ``Card.ability(kind)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from starlanes.games.retrograde.board import BOOK, Board
from starlanes.games.retrograde.cards import Ability, Card, SpacecraftCard
from starlanes.games.retrograde.state import NOBODY, Asset, Beacon, Prompt, Ship, Upgrade

__all__ = ["HOOKED_KEYS", "HOOKS", "Source", "answered", "entry_orbitals", "found", "found_each", "keys_answering",
           "modify", "refresh", "run", "sources"]


class Source(NamedTuple):
    """A face-up card in play with an ability: where it is and who controls it."""

    uid: int
    card: Card
    ability: Ability
    controller: int
    asset: Asset  # the asset itself, the asset an upgrade is under, or the asset a ship orbits
    ship: Ship | None
    upgrade: Upgrade | None


Handler = Callable[..., Any]
HOOKS: dict[str, dict[str, Handler]] = {}
_KIND_HOOKS: dict[str, set[str]] = {}


def on(hook: str, *kinds: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for kind in kinds:
            HOOKS.setdefault(hook, {})[kind] = fn
            _KIND_HOOKS.setdefault(kind, set()).add(hook)
        return fn

    return register


_ABILITIES: dict[str, tuple[tuple[Card, Ability], ...]] = {
    key: tuple((card, ab) for ab in card.abilities) for key, card in BOOK.cards.items() if card.abilities
}


Abilities = dict[str, tuple[tuple[Card, Ability], ...]]
_BY_HOOK: dict[str, Abilities] = {}


def _abilities_of(hook: str) -> Abilities:
    """The abilities of each card key that answer ``hook`` (keys with none left out), found once."""
    got = _BY_HOOK.get(hook)
    if got is None:
        kinds = HOOKS.get(hook) or {}
        got = _BY_HOOK[hook] = {key: kept for key, pairs in _ABILITIES.items()
                                if (kept := tuple(pair for pair in pairs if pair[1].kind in kinds))}
    return got


_new = tuple.__new__  # a Source without NamedTuple's argument handling (the scan runs per call)


def _all_sources(b: Board, abilities: Abilities = _ABILITIES) -> list[Source]:
    """Every face-up card in play with an ability (only those of ``abilities``, by card key)."""
    t = b.t
    cards = t.cards
    found = abilities.get
    out: list[Source] = []
    add = out.append
    for a in t.assets:
        if not a.face_up:
            continue
        pairs = found(cards[a.uid])
        if pairs:
            for card, ab in pairs:
                add(_new(Source, (a.uid, card, ab, a.controller, a, None, None)))
        for u in a.upgrades:
            pairs = found(cards[u.uid])
            if pairs:
                for card, ab in pairs:
                    add(_new(Source, (u.uid, card, ab, a.controller, a, None, u)))
    assets: dict[int, Asset] | None = None
    for s in t.ships:
        pairs = found(cards[s.uid])
        if pairs:
            if assets is None:
                assets = {a.uid: a for a in t.assets}
            for card, ab in pairs:
                add(_new(Source, (s.uid, card, ab, s.owner, assets[s.asset], s, None)))
    return out


_KEY_MASK: dict[str, int] = {}
"""Per card key with an ability that answers a hook: the hooks it answers, as bits
(``_HOOK_BIT``); filled on first use, once every handler is registered."""
_HOOK_BIT: dict[str, int] = {}

Holder = tuple[str, int, int, Asset, "Ship | None", "Upgrade | None"]
"""A face-up card in play with an ability that answers a hook: its key, uid, controller, asset,
spacecraft or upgrade (as in ``Source``)."""


def _holders(b: Board) -> tuple[list[Holder], int]:
    """The face-up cards in play whose abilities answer some hook, in table order, from one
    scan of the table; and the hooks they answer (bits of ``_HOOK_BIT``)."""
    if not _KEY_MASK:
        _HOOK_BIT.update((hook, 1 << i) for i, hook in enumerate(sorted(HOOKS)))
        for key, pairs in _ABILITIES.items():
            mask = 0
            for _, ab in pairs:
                for hook in _KIND_HOOKS.get(ab.kind, ()):
                    mask |= _HOOK_BIT[hook]
            if mask:
                _KEY_MASK[key] = mask
    t = b.t
    cards = t.cards
    masks = _KEY_MASK
    answered = 0
    out: list[Holder] = []
    for a in t.assets:
        if not a.face_up:
            continue
        key = cards[a.uid]
        if key in masks:
            out.append((key, a.uid, a.controller, a, None, None))
            answered |= masks[key]
        for u in a.upgrades:
            key = cards[u.uid]
            if key in masks:
                out.append((key, u.uid, a.controller, a, None, u))
                answered |= masks[key]
    assets: dict[int, Asset] | None = None
    for sh in t.ships:
        key = cards[sh.uid]
        if key in masks:
            if assets is None:
                assets = _assets_by_uid(b)
            out.append((key, sh.uid, sh.owner, assets[sh.asset], sh, None))
            answered |= masks[key]
    return out, answered


def refresh(b: Board, held: dict[str, Any]) -> None:
    """Bring ``held`` (what a search playout keeps of the cards that answer hooks: ``_found``'s
    ``""`` index, ``"#holders"`` and the answers in ``"#fixed"``) up to date after an action
    that may have moved such cards. The cards are found again (``_holders``); the lists before
    and after share a first and a last stretch (the same cards, controllers and places: the
    assets, spacecraft and upgrades of a table have distinct uids, so equal is the very same);
    what was kept for a hook stays when no card between those stretches, before or after,
    answers it: its cards are then the same, in the same order. Anything else is dropped, and
    asked anew when a walk needs it. (Nothing kept: nothing to do.)"""
    if not held:
        return
    old: list[Holder] = held["#holders"][0]
    got = _holders(b)
    new = got[0]
    held["#holders"] = got
    n = min(len(old), len(new))
    first = 0
    while first < n and old[first] == new[first]:
        first += 1
    if first == len(old) == len(new):
        return
    last = 0
    while last < n - first and old[-1 - last] == new[-1 - last]:
        last += 1
    changed = 0
    for h in (*old[first:len(old) - last], *new[first:len(new) - last]):
        changed |= _KEY_MASK[h[0]]
    index: dict[Any, Any] = held[""]
    bits = _BITS.get
    for hook in [hook for hook in index if (bits(hook) or _bits(hook)) & changed]:
        del index[hook]
    fixed: dict[tuple[str, int, int], Any] | None = held.get("#fixed")
    if fixed:
        for key in [key for key in fixed if _HOOK_BIT[key[0]] & changed]:
            del fixed[key]


_BITS: dict[Any, int] = {}
"""``_bits`` of each key asked."""


def _bits(hooks: str | tuple[str, ...]) -> int:
    """The bits (``_HOOK_BIT``) of a hook or of a tuple of hooks (``found_each``'s key)."""
    got = _BITS.get(hooks)
    if got is None:
        got = 0
        for hook in (hooks,) if isinstance(hooks, str) else hooks:
            got |= _HOOK_BIT.get(hook, 0)
        _BITS[hooks] = got
    return got


def _assets_by_uid(b: Board) -> dict[int, Asset]:
    """The assets by uid: while listing, the board's own index (``Board.asset``)."""
    cache = b.cache
    if cache is None:
        return {a.uid: a for a in b.t.assets}
    got: dict[int, Asset] | None = cache.get("#assets")
    if got is None:
        got = cache["#assets"] = {a.uid: a for a in b.t.assets}
    return got


def _found(b: Board, hook: str) -> list[Source] | tuple[()]:
    """The face-up cards in play whose abilities answer ``hook``, in table order (``sources``).

    While ``b.cache`` is set (legal-move generation, which changes nothing) the table is scanned
    once per listing for the cards that answer any hook (``_holders``), and each hook asked
    takes its part of them once (none at once when no card in play answers it). So it is while
    a search playout applies an action that moves none of them (``b.held``: the same cards).
    """
    cache = b.cache
    if cache is None:
        cache = b.held
        if cache is None:
            table = _abilities_of(hook)
            return _all_sources(b, table) if table else ()
    index: dict[str, list[Source] | tuple[()]] | None = cache.get("")
    if index is None:
        index = cache[""] = {}
        held = cache["#holders"] = _holders(b)
    else:
        got = index.get(hook)
        if got is not None:
            return got
        held = cache["#holders"]
    got = index[hook] = _of_hook(held, hook)
    return got


def _of_hook(held: tuple[list[Holder], int], hook: str) -> list[Source] | tuple[()]:
    """The sources among the holders (``_holders``) that answer ``hook``."""
    holders, answered = held
    if not answered & _HOOK_BIT.get(hook, 0):
        return ()
    table = _BY_HOOK.get(hook) or _abilities_of(hook)
    found: list[Source] = []
    for key, uid, controller, asset, ship, upgrade in holders:
        pairs = table.get(key)
        if pairs:
            for card, ab in pairs:
                found.append(_new(Source, (uid, card, ab, controller, asset, ship, upgrade)))
    return found


def sources(b: Board, hook: str) -> Iterator[Source]:
    """Face-up cards in play whose abilities answer ``hook``, in table order (found before the
    first is given)."""
    yield from _found(b, hook)


def answered(b: Board, hook: str) -> bool:
    """Whether a card in play answers ``hook`` now (so ``modify`` may change a value)."""
    return bool(_found(b, hook))


found = _found
"""The cards in play that answer ``hook`` now, in table order (empty: ``modify`` would give
back the value it is given). For a step that asks the same hook many times while the cards
in play stay where they are: find them once, then ``run`` them on each value. (``_found``
itself: the walks ask it several times per draw.)"""


def found_each(b: Board, *hooks: str) -> list[list[Source] | tuple[()]]:
    """``found`` for each of ``hooks``, from one scan of the table (a step that asks several
    hooks while the cards in play stay where they are). The caller must not change the list:
    while the answering cards are kept (``b.cache``, ``b.held``) the same list answers the same
    hooks again (a playout's every end of a turn asks them)."""
    cache = b.cache
    if cache is None:
        cache = b.held
    if cache is not None:
        index: dict[Any, Any] | None = cache.get("")
        if index is not None:
            got: list[list[Source] | tuple[()]] | None = index.get(hooks)
            if got is None:
                got = index[hooks] = [_found(b, hook) for hook in hooks]
            return got
        return [_found(b, hook) for hook in hooks]
    held = _holders(b)
    return [_of_hook(held, hook) for hook in hooks]


def run(b: Board, hook: str, found: list[Source] | tuple[()], value: Any, **ctx: Any) -> Any:
    """``modify`` with the answering cards already found (``found``)."""
    if found:
        handlers = HOOKS[hook]
        for src in found:
            value = handlers[src.ability.kind](b, src, value, **ctx)
    return value


def modify(b: Board, hook: str, value: Any, **ctx: Any) -> Any:
    """The value of a rules step after every card in play that answers ``hook`` changed it."""
    found = _found(b, hook)
    if found:
        handlers = HOOKS[hook]
        for src in found:
            value = handlers[src.ability.kind](b, src, value, **ctx)
    return value


# ------------------------------------------------------------------- maneuvers


@on("may_maneuver", "drone")
def _drone_needs_ansible(b: Board, src: Source, value: bool, *, ship: Ship) -> bool:
    if src.ship is not ship:
        return value
    relay = src.ability.get("ansible")
    return value and any(b.t.cards[u.uid] == relay for u in src.asset.upgrades)


@on("may_transfer", "drone", "troop-pod")
def _cannot_transfer(b: Board, src: Source, value: bool, *, ship: Ship) -> bool:
    return False if src.ship is ship else value


@on("burn_cost", "free-burns")
def _free_burns(b: Board, src: Source, value: int, *, ship: Ship) -> int:
    if src.asset.uid == ship.asset and src.controller == ship.owner:
        return 0
    return value


@on("transfer_cost", "gate-free-transfer")
def _gate_free(b: Board, src: Source, value: int, *, ship: Ship, dest: Asset) -> int:
    if src.asset.uid == ship.asset and src.controller == ship.owner:
        return 0
    return value


def beacon(b: Board, kind: str, seat: int, asset: int) -> int:
    """The bonus of a lasting Pollen/Slingshot effect for ``seat`` at ``asset`` now (no stacking)."""
    best = 0
    for bc in b.t.beacons:
        if bc.kind == kind and bc.seat == seat and bc.asset == asset and bc.turn == b.t.turn:
            best = max(best, bc.amount)
    return best


# ------------------------------------------------------------------- combat


@on("accuracy_bonus", "accuracy-aura")
def _aura(b: Board, src: Source, value: int, *, ship: Ship, friendly_only: bool = False) -> int:
    # "Spacecraft within 1 orbital": every spacecraft, either player's (ruling 35)
    s = src.ship
    assert s is not None
    if friendly_only and s.owner != ship.owner:
        return value
    if s.asset == ship.asset and abs(s.orbital - ship.orbital) <= src.ability.get("reach"):
        return max(value, int(src.ability.get("bonus")))
    return value


@on("defense_bonus", "radar")
def _radar(b: Board, src: Source, value: int, *, defender: Ship, attacker: Ship, local: bool = False) -> int:
    # "Friendly spacecraft", wherever they are (ruling 46); the house rule keeps it to its asset
    if local and src.asset.uid != defender.asset:
        return value
    if src.controller == defender.owner and attacker.orbital > defender.orbital:
        return max(value, int(src.ability.get("bonus")))
    return value


@on("always_hits", "ones-hit")
def _ones(b: Board, src: Source, value: bool, *, attacker: Ship, roll: int) -> bool:
    return True if (src.ship is attacker and roll == 1) else value


@on("hit_recipients", "bodyguard")
def _bodyguard(b: Board, src: Source, value: list[tuple[int, int]], *, defender: Ship) -> list[tuple[int, int]]:
    guard = src.ship
    assert guard is not None
    # only the first bodyguard takes the first hit, and only for another friendly ship there
    if guard is defender or guard.owner != defender.owner or guard.asset != defender.asset:
        return value
    if len(value) != 1 or value[0][0] != defender.uid or value[0][1] < 1:
        return value
    hits = value[0][1]
    out = [(guard.uid, 1)]
    if hits > 1:
        out.append((defender.uid, hits - 1))
    return out


@on("damage_taker", "damage-sponge")
def _sponge(b: Board, src: Source, value: Ship, *, ship: Ship, friendly_only: bool = False) -> Ship:
    # "a spacecraft in the same orbital": any spacecraft, either player's (ruling 34)
    s = src.ship
    assert s is not None
    same_orbital = s.asset == ship.asset and s.orbital == ship.orbital
    if friendly_only and s.owner != ship.owner:
        return value
    if value is ship and s is not ship and same_orbital:
        return s
    return value


@on("on_destroy", "boarding")
def _boarding(b: Board, src: Source, value: str, *, victim: Ship, attacker: Ship | None) -> str:
    if attacker is not None and src.ship is attacker and victim is not attacker and victim.owner != attacker.owner:
        return "board"
    return value


@on("spent_after_attack", "troop-pod")
def _spent(b: Board, src: Source, value: bool, *, attacker: Ship, hits: int) -> bool:
    return True if (src.ship is attacker and hits > 0) else value


@on("leaves_debris", "troop-pod")
def _no_debris(b: Board, src: Source, value: bool, *, ship: Ship) -> bool:
    return False if src.ship is ship else value


@on("regenerates", "screen")
def _screen_no_regen(b: Board, src: Source, value: bool, *, ship: Ship) -> bool:
    return False if src.ship is ship else value


# ------------------------------------------------------------------- bombardment


@on("bombard_targets", "decoy")
def _decoy(b: Board, src: Source, value: list[int], *, asset: Asset) -> list[int]:
    if src.asset is not asset or src.upgrade is None:
        return value
    decoys = [u.uid for u in asset.upgrades if BOOK[b.t.cards[u.uid]].has("decoy")]
    return [v for v in value if v in decoys]


@on("bombard_absorber", "screen")
def _screen(b: Board, src: Source, value: Ship | None, *, asset: Asset, attacker: Ship, target: int,
            own_only: bool = False) -> Ship | None:
    # "the asset orbited by Floating Screen", whoever controls it (ruling 39)
    s = src.ship
    assert s is not None
    if own_only and (asset.controller == NOBODY or s.owner != asset.controller):
        return value
    if value is None and target == asset.uid and s.asset == asset.uid and s.orbital <= attacker.orbital:
        return s
    return value


@on("sacrifice_seat", "sacrifice-shield")
def _sacrifice(b: Board, src: Source, value: int, *, asset: Asset) -> int:
    if src.controller != NOBODY and asset.controller == src.controller:
        return src.controller
    return value


@on("capture_razes", "raze")
def _raze(b: Board, src: Source, value: bool, *, attacker: Ship) -> bool:
    return True if src.ship is attacker else value


@on("capture_seizes", "seize-shipyards")
def _seize(b: Board, src: Source, value: bool, *, seat: int) -> bool:
    return True if src.controller == seat else value


# ------------------------------------------------------------------- research, construction


@on("research_draws", "lab")
def _lab(b: Board, src: Source, value: int, *, asset: Asset) -> int:
    return value + int(src.ability.get("bonus")) if src.asset is asset else value


@on("ship_slots", "extra-slip")
def _extra_slip(b: Board, src: Source, value: int, *, asset: Asset) -> int:
    return value + int(src.ability.get("count")) if src.asset is asset else value


@on("upgrades_allowed", "no-upgrades")
def _no_upgrades(b: Board, src: Source, value: bool, *, asset: Asset) -> bool:
    return False if src.asset is asset and src.upgrade is None else value


@on("build_classes", "mobile-yard")
def _mobile_yard(b: Board, src: Source, value: tuple[str, ...], *, asset: Asset, seat: int) -> tuple[str, ...]:
    if src.ship is not None and src.ship.asset == asset.uid and src.controller == seat:
        extra = tuple(c for c in src.ability.get("classes") if c not in value)
        return value + extra
    return value


@on("entry_orbitals", "any-entry-orbital")
def _any_entry(b: Board, src: Source, value: tuple[int, ...], *, asset: Asset, card: SpacecraftCard) -> tuple[int, ...]:
    if src.asset is asset:
        return tuple(range(len(b.asset_card(asset).orbitals)))
    return value


def entry_orbitals(b: Board, asset: Asset, card: SpacecraftCard) -> tuple[tuple[int, ...], int]:
    """Where a newly completed spacecraft may enter, and its default orbital.

    The rules say the lowest orbital; PopFixx Boosters open every orbital; a Floating Screen's
    own text puts it in the outermost orbital, and that specific text wins over the upgrade's.
    """
    outer = len(b.asset_card(asset).orbitals) - 1
    if card.has("screen"):
        return (outer,), outer
    allowed: tuple[int, ...] = (0,)
    found = _found(b, "entry_orbitals")
    if found:  # (modify, without its call and its packed arguments)
        handlers = HOOKS["entry_orbitals"]
        for src in found:
            allowed = handlers[src.ability.kind](b, src, allowed, asset=asset, card=card)
    return allowed, 0


@on("capacity", "housing", "drone-relay")
def _capacity(b: Board, src: Source, value: int, *, asset: Asset) -> int:
    if src.asset is not asset:
        return value
    if src.ability.kind == "housing":
        return value + int(src.ability.get("bonus"))
    key = src.card.key
    drones = 0
    for s in b.t.ships:
        if s.asset == asset.uid:
            d = BOOK[b.t.cards[s.uid]].ability("drone")
            if d is not None and d.get("ansible") == key:
                drones += 1
    return value - drones // int(src.ability.get("per"))


@on("refit_scopes", "refit-swap")
def _refit(b: Board, src: Source, value: list[str], *, asset: Asset, seat: int) -> list[str]:
    if src.asset is asset and src.controller == seat:
        return [*value, str(src.ability.get("scope"))]
    return value


# ------------------------------------------------------------------- turn edges


@on("debris_damage", "ignore-first-debris")
def _ignore_first(b: Board, src: Source, value: int, *, ship: Ship, count: int) -> int:
    if src.controller == ship.owner and count == value:
        return max(0, value - 1)
    return value


@on("thorns", "thorns")
def _thorns(b: Board, src: Source, value: list[tuple[int, int]], *, ending: int) -> list[tuple[int, int]]:
    if src.controller == NOBODY or src.controller == ending:
        return value  # it strikes at the end of the controller's opponent's turn
    dmg = int(src.ability.get("damage"))
    hit = [(s.uid, dmg) for s in b.t.ships if s.asset == src.asset.uid and s.orbital == 0 and s.owner != src.controller]
    return value + hit


@on("foresight", "foresight")
def _foresight(b: Board, src: Source, value: bool, *, seat: int) -> bool:
    return True if src.controller == seat else value


@on("gate_turns", "gate-victory")
def _gate(b: Board, src: Source, value: int, *, seat: int) -> int:
    return int(src.ability.get("turns")) if src.controller == seat else value


# ------------------------------------------------------------------- after a move

FOLLOW_KINDS = ("pod-escort", "pod-carrier", "flagship", "wingman", "tow")


@on("after_move", "pod-escort", "pod-carrier", "flagship", "wingman", "tow", "beacon-accuracy", "beacon-transfer")
def _after_move(b: Board, src: Source, value: list[Prompt], *, ship: Ship, move: str, from_asset: int,
                from_orbital: int, to_asset: int, to_orbital: int) -> list[Prompt]:
    kind = src.ability.kind
    ab = src.ability
    if kind == "pod-escort":
        if move != "transfer" or src.controller != ship.owner or src.ship is not None:
            return value
        count, amount = int(ab.get("count")), 0
    elif src.ship is not ship:
        return value
    elif kind in ("beacon-accuracy", "beacon-transfer"):
        if move == "transfer":
            amount = int(ab.get("bonus" if kind == "beacon-accuracy" else "discount"))
            # "on the next turn": the mover's next turn, two turns from now
            b.t.beacons.append(Beacon(kind=kind, seat=ship.owner, asset=to_asset, turn=b.t.turn + 2, amount=amount))
        return value
    elif kind == "wingman":
        count, amount = 1, int(ab.get("cost"))
    elif move != "transfer":
        return value
    elif kind == "tow":
        count, amount = 1, int(ab.get("bonus"))
    else:  # pod-carrier, flagship
        count, amount = int(ab.get("count")), 0
    prompt = Prompt(kind="follow", seat=ship.owner, source=src.uid, target=ship.uid, ability=kind,
                    from_asset=from_asset, from_orbital=from_orbital, to_asset=to_asset,
                    to_orbital=to_orbital, left=count, amount=amount)
    return [*value, prompt]


HOOKED_KEYS: frozenset[str] = frozenset(
    key for key, pairs in _ABILITIES.items() if any(ab.kind in _KIND_HOOKS for _, ab in pairs))
"""The keys of the cards with an ability that answers some hook (every handler is registered
above): a card of another key entering play leaves the cards that answer hooks as they are."""


def keys_answering(hooks: frozenset[str]) -> frozenset[str]:
    """The keys of the cards with an ability that answers one of ``hooks`` (every handler is
    registered above)."""
    return frozenset(key for key, pairs in _ABILITIES.items()
                     if any(_KIND_HOOKS.get(ab.kind, set()) & hooks for _, ab in pairs))
