"""Hidden information: hands, deck order, face-down cards, sealed numbers; perturb/determinize."""

from __future__ import annotations

from starlanes.core.rng import Rng
from starlanes.core.state import GM
from starlanes.games.retrograde.state import HIDDEN

from .helpers import GAME, HOME0, HOME1, act, empty, fresh, hand, ship, slip, texts


def test_hidden_hand_and_deck_of_the_opponent_are_masked() -> None:
    s = fresh()
    t = s.table
    v0 = GAME.view(s, 0).game.table
    assert all(v0.cards[u] == HIDDEN for u in (*t.hands[1], *t.decks[1]))
    assert [v0.cards[u] for u in t.hands[0]] == [t.cards[u] for u in t.hands[0]]


def test_hidden_own_deck_order_is_known_to_its_owner() -> None:
    s = fresh()
    v0 = GAME.view(s, 0).game.table
    assert [v0.cards[u] for u in s.table.decks[0]] == [s.table.cards[u] for u in s.table.decks[0]]


def test_hidden_face_down_cards_show_that_a_card_is_there_not_which() -> None:
    s = empty()
    c = hand(s, 0, "mushroom")
    a = hand(s, 0, "mercury")
    act(s, 0, f"place {c} {HOME0}")
    act(s, 0, f"found {a}")
    v1 = GAME.view(s, 1).game.table
    assert [x.uid for x in v1.assets[0].ship_slips] == [c] and v1.cards[c] == HIDDEN
    assert any(x.uid == a and not x.face_up for x in v1.assets) and v1.cards[a] == HIDDEN
    assert GAME.view(s, 0).game.table.cards[c] == "mushroom"


def test_hidden_events_of_a_draw_go_to_the_drawer_only() -> None:
    s = fresh()
    events = act(s, 0, f"research {HOME0}")
    private = [e for e in events if e.seats is not None]
    assert private and all(e.seats == (0,) for e in private) and "mars" not in str(
        [(e.fields, texts([e])) for e in events if e.seats is None]).lower()


def test_hidden_sealed_power_stays_sealed_until_both_choose() -> None:
    s = empty()
    a = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    act(s, 0, f"attack {a.uid} {d.uid}")
    act(s, 1, "defense 3")
    v0 = GAME.view(s, 0)
    assert v0.submitted == (1,) and v0.my_sealed is None
    assert b"defense 3" not in GAME.view_to_json(v0)


def test_perturb_changes_only_what_the_seat_cannot_see() -> None:
    s = empty()
    for key in ("mushroom", "pollen", "mars"):
        hand(s, 1, key)
    slip(s, HOME1, "col-crossman", 1, 2)
    slip(s, HOME1, "col-angelica", 1, 2)
    before = GAME.view_to_json(GAME.view(s, 0))
    changed = False
    for n in range(5):
        p = GAME.perturb_hidden(s, 0, Rng.from_seed(n))
        assert p is not None
        assert GAME.view_to_json(GAME.view(p, 0)) == before
        changed |= p.table.cards != s.table.cards
    assert changed


def test_determinize_gives_a_state_with_the_same_view() -> None:
    s = fresh()
    act(s, 0, f"research {HOME0}")
    view = GAME.view(s, 1)
    d = GAME.determinize_view(view, Rng.from_seed(3))
    assert GAME.view_to_json(GAME.view(d, 1)) == GAME.view_to_json(view)
    # the sampled hidden cards come from the opponent's open decklist
    from collections import Counter

    assert Counter(d.table.cards[u] for u in (*d.table.hands[0], *d.table.decks[0])) <= Counter(s.deck_lists[0])


def test_gm_sees_everything() -> None:
    s = fresh()
    assert GAME.view(s, GM).game.table.cards == s.table.cards
