"""Invariants over random play (hypothesis chooses the seeds and the moves)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from starlanes.games.retrograde.board import Board
from starlanes.games.retrograde.state import RetroState

from .helpers import GAME


def _zones(s: RetroState) -> Counter[int]:
    t = s.table
    seen: Counter[int] = Counter()
    for seat in (0, 1):
        seen.update(t.decks[seat])
        seen.update(t.hands[seat])
        seen.update(t.discards[seat])
    for a in t.assets:
        seen[a.uid] += 1
        seen.update(u.uid for u in a.upgrades)
        seen.update(x.uid for x in (*a.ship_slips, *a.upgrade_slips))
        for orbital in a.debris:
            seen.update(d.uid for d in orbital)
    seen.update(x.uid for x in t.ships)
    return seen


def _check(s: RetroState) -> None:
    t = s.table
    b = Board(t)
    zones = _zones(s)
    assert set(zones) == set(range(len(t.cards))), "every card is somewhere"
    assert all(n == 1 for n in zones.values()), "no card is in two places"
    for x in t.ships:
        a = b.asset(x.asset)
        assert a is not None and a.face_up
        assert 0 <= x.orbital < len(b.orbitals(a))
        assert x.damage >= 0 and x.dv >= 0
    for a in t.assets:
        assert a.damage >= 0 and a.counters >= 0
        # a capture keeps the damage counters (ruling 17) unless the house rule clears them
        assert a.damage < b.asset_card(a).resistance or not a.face_up or not s.cfg.capture_clears_damage
        assert len(a.ship_slips) <= 2 and len(a.upgrade_slips) <= 1
    assert len(t.hands[0]) + len(t.decks[0]) <= 40


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.lists(st.integers(0, 10_000), min_size=80, max_size=300))
def test_property_random_play_keeps_every_card_in_exactly_one_place(seed: int, moves: list[int]) -> None:
    s = GAME.setup(None, 2, seed)
    for m in moves:
        seats = sorted(GAME.to_act(s))
        if not seats:
            break
        seat = seats[m % len(seats)]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[m % len(legal)])
        _check(s)
