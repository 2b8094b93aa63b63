"""Issue 16: Retrograde lists, counts and draws its legal actions from one walk (``listing.walk``)
that decides each candidate on the conditions ``legality.why_not`` checks, without building the
actions it refuses. These tests hold the walk to the long way (``listing.checked``: every
candidate kept when ``why_not`` accepts it) at every decision of seeded random games under the
param variants of ``test_same_games`` (both shipped decks, the house rules, other numbers), and
check that ``count`` and ``draw`` agree with the list index by index.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from tests.games.retrograde import helpers
from tests.games.retrograde.test_same_games import VARIANTS

from starlanes.core import Rng, derive_seed
from starlanes.core.legal import LegalActions
from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import listing
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.cards import AssetCard, SpacecraftCard, UpgradeCard
from starlanes.games.retrograde.game import make_ruleset
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import CLEANUP, MANEUVERS, Beacon, RetroState

GAME = make_ruleset()
T = TypeVar("T")


def _texts(items: listing.Listed) -> list[str]:
    return [a.text() for a in LegalActions(items)]


def _check_position(state: RetroState, seat: int, seen: Counter[str]) -> None:
    walked = listing.legal(Engine(state), seat)
    long_way = listing.checked(Engine(state), seat)
    texts = _texts(walked)
    assert texts == _texts(long_way), "the walk and why_not disagree"
    assert listing.count(Engine(state), seat) == len(texts)
    if seat in GAME.to_act(state) and seat not in state.sealed:
        assert GAME.count_legal(state, seat) == len(texts) == len(GAME.legal_actions(state, seat))
    for index in {0, len(texts) // 2, len(texts) - 1}:
        rng = Rng.from_seed(1)
        rng.force([index])
        assert listing.draw(Engine(state), seat, rng).text() == texts[index]
    seen.update(text.split()[0] for text in texts)


def _play(params: dict[str, Any], seed: int, seen: Counter[str]) -> None:
    state = GAME.setup(params, 2, seed)
    rng = Rng.from_seed(derive_seed(seed, "speed"))
    for _ in range(GAME.spec.max_actions):
        seats = sorted(GAME.to_act(state))
        if not seats:
            return
        for seat in seats:
            _check_position(state, seat, seen)
        seat = seats[rng.randint(0, len(seats) - 1)]
        GAME.apply_unchecked(state, seat, GAME.sample_legal(state, seat, rng))


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_walk_lists_what_why_not_accepts_count_and_draw_agree(variant: int) -> None:
    """Issue 16: the fast list, its count and its draws equal the list of the candidates
    ``why_not`` accepts, at every decision of two seeded random games per param variant."""
    seen: Counter[str] = Counter()
    for seed in (variant * 10 + 1, variant * 10 + 2):
        _play({**VARIANTS[variant], "turn_limit": 25}, seed, seen)
    assert seen["burn"] and seen["place"] and seen["allocate"] and seen["flip"]


def _random_position(seed: int) -> RetroState:
    """A made-up position: every kind of card of the book put at random places (assets of both
    seats and face-down ones, upgrades, cards under construction, spacecraft with spent delta-vee,
    damage and boosts, hands, debris, transfer discounts, free burns and free transfers, a house
    rule's limit on free burns), in a random step of the turn."""
    rng = Rng.from_seed(derive_seed(seed, "position"))

    def pick(items: Sequence[T]) -> T:
        return items[rng.randint(0, len(items) - 1)]

    params = {**VARIANTS[seed % len(VARIANTS)], "free_burns_per_turn": rng.randint(-1, 1)}
    state = helpers.empty(**params)
    t = state.table
    for gate in t.assets:
        if t.cards[gate.uid] == "stellar-gate":
            gate.controller = rng.randint(-1, 1)  # its free transfers
    keys = {kind: sorted(k for k, c in BOOK.cards.items() if isinstance(c, cls))
            for kind, cls in (("asset", AssetCard), ("ship", SpacecraftCard), ("upgrade", UpgradeCard))}
    for _ in range(rng.randint(1, 4)):
        helpers.asset(state, pick(keys["asset"]), rng.randint(0, 1), face_up=rng.randint(0, 3) > 0,
                      damage=rng.randint(0, 2), tapped=rng.randint(0, 3) == 0, counters=rng.randint(0, 4),
                      bonus_power=rng.randint(0, 4) // 4)
    face_up = [a for a in t.assets if a.face_up]
    if rng.randint(0, 1):
        helpers.upgrade(state, pick(face_up).uid, "fount-of-locomotion")  # free burns
    for a in face_up:
        for _ in range(rng.randint(0, 2)):
            helpers.upgrade(state, a.uid, pick(keys["upgrade"]), damage=rng.randint(0, 1),
                            tapped=rng.randint(0, 3) == 0)
        for _ in range(rng.randint(0, 2)):
            side = pick(("ship", "upgrade"))
            helpers.slip(state, a.uid, pick(keys[side]), rng.randint(0, 1), rng.randint(0, 4), side=side)
        for orbital in range(len(a.debris)):
            if rng.randint(0, 1) == 0:
                helpers.debris(state, a.uid, orbital)
    for _ in range(rng.randint(2, 16)):
        a = pick(face_up)
        card = BOOK[t.cards[a.uid]]
        assert isinstance(card, AssetCard)
        s = helpers.ship(state, pick(keys["ship"]), rng.randint(0, 1), a.uid, rng.randint(0, len(card.orbitals) - 1),
                         dv=rng.randint(0, 8), damage=rng.randint(0, 1), moves=rng.randint(0, 2),
                         free_burns=rng.randint(0, 1))
        mates = [o.uid for o in t.ships if o.owner == s.owner and o.asset == s.asset]
        if rng.randint(0, 2) == 0:
            s.boosted_by.append(pick(mates))
    for seat in (0, 1):
        for _ in range(rng.randint(0, 6)):
            helpers.hand(state, seat, pick(pick(list(keys.values()))))
    for _ in range(rng.randint(0, 2)):  # a Slingshot's discount on transfers (or a Pollen's bonus)
        t.beacons.append(Beacon(kind=pick(("beacon-transfer", "beacon-accuracy")), seat=rng.randint(0, 1),
                                asset=pick(face_up).uid, turn=t.turn - rng.randint(0, 1), amount=rng.randint(1, 3)))
    t.phase = rng.randint(MANEUVERS, CLEANUP)
    t.current = rng.randint(0, 1)
    return state


def test_walk_equals_why_not_on_made_up_positions() -> None:
    """Issue 16: on made-up positions with every card of the book (abilities that change costs,
    slots, classes, swaps, cannibalized yards, cleaners, boosts) and after an attack or a
    bombardment there (the sealed combat, offers), the walk lists what ``why_not`` accepts."""
    seen: Counter[str] = Counter()
    for seed in range(300):
        state = _random_position(seed)
        for seat in (0, 1):
            _check_position(state, seat, seen)
        seat = state.table.current
        fights = [a for a in GAME.legal_actions(state, seat) if a.verb in ("attack", "bombard")]
        if fights:
            GAME.apply(state, seat, fights[seed % len(fights)])
            for other in sorted(GAME.to_act(state)):
                _check_position(state, other, seen)
    every = {"end", "burn", "transfer", "attack", "bombard", "sweep", "boost", "clean", "research", "repair",
             "found", "place", "allocate", "cannibalize", "swap", "flip", "power", "defense"}
    assert every <= set(seen), f"no position offered {every - set(seen)}"


def _sources(found: Sequence[ab.Source]) -> list[tuple[int, str, str, int]]:
    return [(src.uid, src.card.key, src.ability.kind, src.controller) for src in found]


def test_hooks_answered_alike_while_listing_and_while_applying() -> None:
    """Issue 16: the cards that answer each ability hook are the same, in the same (table) order,
    whether found while listing (one scan of the cards that answer any hook, each hook's part
    taken when first asked), one hook at a time while the rules apply an action, or several hooks
    from one scan (``abilities.found_each``, the start and end of a turn), on made-up positions
    with every card of the book."""
    hooks = sorted(ab.HOOKS)
    answered: set[str] = set()
    for seed in range(120):
        state = _random_position(seed)
        b = Engine(state).b
        alone = {hook: _sources(ab.found(b, hook)) for hook in hooks}
        assert dict(zip(hooks, map(_sources, ab.found_each(b, *hooks)), strict=True)) == alone
        b.cache = {}
        for hook in reversed(hooks):  # asked in another order than the table's
            assert _sources(ab.found(b, hook)) == alone[hook], hook
            assert _sources(ab.found(b, hook)) == alone[hook], hook  # the kept answer
        answered.update(hook for hook, found in alone.items() if found)
    assert answered == set(hooks), f"hooks no position answered: {set(hooks) - answered}"
