"""Issue 9, retrograde items: honest default decks (23), deck files that are not what they claim
(18, 26, 28), content hashes of deck files (27), cards named in actions, ASCII numbers and the
setup events (21, 28)."""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from pathlib import Path

import pytest

from starlanes.core.errors import ContentError, IllegalAction, ParseError
from starlanes.games.retrograde.deck import MAX_DECK_FILE_BYTES, legal_deck, load_deck
from starlanes.games.retrograde.render import render_table
from starlanes.games.retrograde.state import HIDDEN

from .helpers import GAME, HOME0, act, empty, fresh, hand, ship

SAMPLE_1_TOP = ["mercury", "slingshot", "mushroom", "luna", "billboard"]  # the file's first five


# ---------------------------------------------------------------- 23: default decks are honest


def test_default_decks_are_shuffled_so_the_shipped_file_does_not_give_the_hand_away() -> None:
    hands = []
    orders = set()
    for seed in range(12):
        s = GAME.setup(None, 2, seed=seed)
        t = s.table
        hands.append([t.cards[u] for u in t.hands[0]])
        orders.add(tuple(t.cards[u] for u in t.decks[0]))
    assert sum(h == SAMPLE_1_TOP for h in hands) == 0
    assert len(orders) == 12  # every seed another secret order


def test_opponents_view_does_not_determine_the_deck_order_or_the_hand() -> None:
    """Seat 1's view: seat 0's hand and deck are masked; two games whose views of seat 1 agree
    on everything seat 1 may know about seat 0's cards differ in seat 0's hand and order."""
    a = GAME.setup(None, 2, seed=1)
    b = GAME.setup(None, 2, seed=2)
    for s in (a, b):
        view = GAME.view(s, 1).game.table
        assert all(view.cards[u] == HIDDEN for u in (*view.hands[0], *view.decks[0]))
        assert view.deck_names[0] == "deck"
    va, vb = GAME.view(a, 1).game, GAME.view(b, 1).game
    assert va.deck_lists[0] == vb.deck_lists[0]  # the open decklist: the same 40 cards
    order_a = [a.table.cards[u] for u in (*a.table.hands[0], *a.table.decks[0])]
    order_b = [b.table.cards[u] for u in (*b.table.hands[0], *b.table.decks[0])]
    assert Counter(order_a) == Counter(order_b) and order_a != order_b


def test_deck_order_file_plays_the_files_order() -> None:
    s = GAME.setup({"deck_order": "file"}, 2, seed=1)
    assert [s.table.cards[u] for u in s.table.hands[0]] == SAMPLE_1_TOP


def test_the_owner_sees_its_own_secret_order() -> None:
    s = GAME.setup(None, 2, seed=3)
    view = GAME.view(s, 0).game.table
    assert [view.cards[u] for u in view.decks[0]] == [s.table.cards[u] for u in s.table.decks[0]]


# ---------------------------------------------------------------- 18, 26, 28: deck files


def _deck(tmp: Path, body: bytes, name: str = "x.deck") -> Path:
    path = tmp / name
    path.write_bytes(body)
    return path


@pytest.mark.parametrize("count", ["999999999999", "100000000", "9" * 5000])
def test_an_absurd_count_is_refused_at_once(tmp_path: Path, count: str) -> None:
    path = _deck(tmp_path, f"Venus: Shock troops\n{count} x Slingshot\n".encode())
    start = time.perf_counter()
    with pytest.raises(ContentError) as err:
        legal_deck(path)
    assert time.perf_counter() - start < 1.0
    msg = str(err.value)
    assert "\n" not in msg and str(path) in msg and "line 2" in msg and "more than any deck holds" in msg


def test_many_lines_adding_up_past_any_deck_stop_reading(tmp_path: Path) -> None:
    path = _deck(tmp_path, b"Venus: Shock troops\n" + b"150 x Sky Spore\n" * 300)
    with pytest.raises(ContentError, match="more than 200 cards so far"):
        legal_deck(path)


def test_a_device_a_directory_and_a_huge_file_are_refused_before_reading(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not a regular file"):
        load_deck("/dev/zero")
    with pytest.raises(ContentError, match="is a directory"):
        load_deck(tmp_path)
    big = _deck(tmp_path, b"# \n" * (MAX_DECK_FILE_BYTES // 3 + 10))
    with pytest.raises(ContentError, match="too large"):
        load_deck(big)


def test_a_utf8_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = _deck(tmp_path, "\ufeffVenus: Shock troops\n40 x Sky Spore\n".encode())
    deck = legal_deck(path)
    assert deck.homeworld == "shock-troops" and len(deck.cards) == 40


def test_non_utf8_bytes_give_one_line_naming_the_line(tmp_path: Path) -> None:
    path = _deck(tmp_path, b"Venus: Shock troops\n40 x Sky Spore\n\xff\xfe\n")
    with pytest.raises(ContentError) as err:
        load_deck(path)
    assert str(err.value) == f"{path}: line 3: not UTF-8 text: a deck file is plain UTF-8 text"


def test_a_file_that_is_not_a_deck_names_line_numbers_not_its_text(tmp_path: Path) -> None:
    secret = "root:x:0:0:hunter2:/root:/bin/bash"
    path = _deck(tmp_path, "\n".join([secret, "daemon:x:1:1::/usr/sbin", "Mars"]).encode())
    with pytest.raises(ContentError) as err:
        legal_deck(path)
    msg = str(err.value)
    assert "not a deck file" in msg and "line 1, 2" in msg
    assert "hunter2" not in msg and "daemon" not in msg and "bash" not in msg


def test_a_real_deck_with_a_typo_still_names_the_card(tmp_path: Path) -> None:
    path = _deck(tmp_path, b"Venus: Shock troops\n39 x Sky Spore\nSky Spoer\n")
    with pytest.raises(ContentError, match="line 3: unknown card 'Sky Spoer' \\(did you mean 'Sky Spore'"):
        legal_deck(path)


def test_a_crafted_param_pointing_at_a_system_file_is_one_line(tmp_path: Path) -> None:
    path = _deck(tmp_path, b"user:secret-token:1000\nother:line\n")
    with pytest.raises(ContentError) as err:
        GAME.setup({"deck0": str(path)}, 2, seed=1)
    assert "secret-token" not in str(err.value) and "\n" not in str(err.value)


# ---------------------------------------------------------------- 27: content hashes


def test_content_hashes_name_the_sha256_of_each_deck_file(tmp_path: Path) -> None:
    body = b"Venus: Shock troops\n40 x Sky Spore\n"
    path = _deck(tmp_path, body)
    params = GAME.params_from({"deck1": str(path)})
    assert GAME.content_hashes(params) == {"deck1": hashlib.sha256(body).hexdigest()}
    assert GAME.content_hashes(GAME.default_params()) == {}  # shipped decks by name
    path.write_bytes(body.replace(b"40 x", b"40  x"))
    assert GAME.content_hashes(params)["deck1"] != hashlib.sha256(body).hexdigest()


def test_content_hashes_of_an_unreadable_deck_raise_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError):
        GAME.content_hashes(GAME.params_from({"deck0": str(tmp_path / "gone.deck")}))


# ---------------------------------------------------------------- 21, 28: text a person types


def test_the_table_says_a_coin_flip_chose_the_first_player_only_when_there_was_one() -> None:
    # ruling 60: the state records how the first player was chosen; the first round's table says it
    coin = GAME.setup(None, 2, seed=1)
    assert coin.first_player_by == "coin"
    assert f"seat {coin.table.first} played first (coin flip)" in GAME.render(GAME.view(coin, 0).game, 0)
    fixed = GAME.setup({"first_player": 1}, 2, seed=1)
    text = GAME.render(GAME.view(fixed, 0).game, 0)
    assert fixed.first_player_by == "param" and "coin" not in text
    assert "seat 1 played first (param first_player=1)" in text


def test_cards_can_be_named_case_insensitively_and_by_prefix() -> None:
    s = empty()
    mush = hand(s, 0, "mushroom")
    act(s, 0, "place mUsHrOoM 0")
    assert any(x.uid == mush for x in s.table.assets[0].ship_slips)
    s = empty()
    pod = hand(s, 0, "ground-spore")
    act(s, 0, "place ground venus")  # a prefix for the card, a prefix for the asset
    assert any(x.uid == pod for x in s.table.assets[0].ship_slips)


def test_card_numbers_still_work_with_or_without_a_hash() -> None:
    s = empty()
    c = hand(s, 0, "mushroom")
    act(s, 0, f"place #{c} {HOME0}")
    assert s.table.assets[0].ship_slips[0].uid == c


def test_an_ambiguous_prefix_and_an_unknown_name_are_refused_with_help() -> None:
    s = empty()
    hand(s, 0, "col-crossman")
    hand(s, 0, "col-jiao")
    with pytest.raises(ParseError, match=r"fits Col\. Crossman, Col\. Jiao"):
        GAME.check(s, 0, "place col 0")
    hand(s, 0, "mushroom")
    with pytest.raises(ParseError, match="did you mean Mushroom"):
        GAME.check(s, 0, "place mushrom 0")
    with pytest.raises(ParseError, match="no NexusCorp Decimator in your hand"):
        GAME.check(s, 0, "place nexuscorp decimator 0")


def test_identical_copies_in_hand_are_interchangeable_but_ships_in_play_are_not() -> None:
    s = empty()
    hand(s, 0, "sky-spore")
    hand(s, 0, "sky-spore")
    assert GAME.check(s, 0, "place sky spore 0").text().startswith("place ")
    a = ship(s, "terra-hammer", 0, HOME0, 0)
    b = ship(s, "terra-hammer", 0, HOME0, 1)
    with pytest.raises(ParseError, match=f"#{a.uid}, #{b.uid}"):
        GAME.check(s, 0, "burn terra hammer 2")


def test_a_name_for_an_illegal_move_gets_the_rules_reason() -> None:
    s = empty()
    hand(s, 0, "mushroom")
    with pytest.raises(IllegalAction, match="not under your control"):
        GAME.check(s, 0, "place mushroom saturn")  # seat 1's homeworld
    with pytest.raises(ParseError, match="no Jupiter in your hand or in play"):
        GAME.check(s, 0, "found jupiter")


def test_names_never_match_cards_the_seat_cannot_see() -> None:
    s = empty()
    theirs = hand(s, 1, "mushroom")  # seat 1's hand: hidden from seat 0
    with pytest.raises(ParseError):
        GAME.check(s, 0, "place mushroom 0")
    assert theirs in s.table.hands[1]


@pytest.mark.parametrize("text", ["research ٣", "research ３", "flip 3 orbital=٢", "research 0x1"])
def test_numbers_accept_ascii_digits_only(text: str) -> None:
    s = fresh()
    with pytest.raises(ParseError):
        GAME.check(s, 0, text)
    with pytest.raises(ParseError):
        GAME.parse_action(text)


def test_the_table_shows_a_legend_of_its_abbreviations() -> None:
    text = render_table(GAME.view(fresh(), 0).game)
    for word in ("legend:", "acc accuracy", "arm armor", "dv N/M delta-vee counters/limit", "fig/cor/fri/cru"):
        assert word in text


def test_a_save_with_a_deck_file_refuses_an_edited_file(tmp_path: Path) -> None:
    from starlanes.core.errors import MatchError
    from starlanes.core.match import Match

    body = b"Venus: Shock troops\n40 x Sky Spore\n"
    path = _deck(tmp_path, body)
    match = Match.new(GAME, ["human", "human"], 3, GAME.params_from({"deck0": str(path), "first_player": 0}))
    match.play(0, "end")
    save = match.save(tmp_path / "game.json")
    assert Match.load(save, GAME).log == match.log
    path.write_bytes(body.replace(b"Sky Spore", b"Ground Spore"))
    with pytest.raises(MatchError, match="deck0 file"):
        Match.load(save, GAME)
