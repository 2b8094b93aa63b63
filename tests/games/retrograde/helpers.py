"""Building Retrograde positions for rule tests: a fresh game, then cards put where a test wants."""

from __future__ import annotations

from typing import Any

from starlanes.core.state import GM, Actor, Event
from starlanes.games.retrograde.board import BOOK, Board
from starlanes.games.retrograde.cards import AssetCard
from starlanes.games.retrograde.game import RetrogradeRuleset, make_ruleset
from starlanes.games.retrograde.legality import why_not
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import NOBODY, Asset, RetroState, Ship, Slip, Upgrade

GAME: RetrogradeRuleset = make_ruleset()

# uids of the starting position with the default decks and first_player=0
HOME0 = 0  # Venus: Shock troops (sample-1)
HOME1 = 41  # Saturn: Modular Spacecraft (sample-2)
GATE = 82


def fresh(**params: Any) -> RetroState:
    """A new game, seat 0 to play its first turn, hands as dealt."""
    values: dict[str, Any] = {"first_player": 0, "deck_order": "file"}
    values.update(params)
    return GAME.setup(values, 2, seed=7)


def empty(**params: Any) -> RetroState:
    """A new game with both hands emptied into nothing (cards removed from the game)."""
    state = fresh(**params)
    state.table.hands = [[], []]
    return state


def _new_uid(state: RetroState, key: str, owner: int) -> int:
    assert key in BOOK, key
    t = state.table
    t.cards.append(key)
    t.owners.append(owner)
    t.next_uid = len(t.cards)
    return len(t.cards) - 1


def ship(state: RetroState, key: str, seat: int, asset: int, orbital: int = 0, **fields: Any) -> Ship:
    uid = _new_uid(state, key, seat)
    s = Ship(uid=uid, owner=seat, asset=asset, orbital=orbital, **fields)
    state.table.ships.append(s)
    return s


def asset(state: RetroState, key: str, seat: int, *, face_up: bool = True, **fields: Any) -> Asset:
    uid = _new_uid(state, key, seat)
    card = BOOK[key]
    assert isinstance(card, AssetCard)
    a = Asset(uid=uid, controller=seat, face_up=face_up, debris=[[] for _ in card.orbitals], **fields)
    state.table.assets.append(a)
    return a


def upgrade(state: RetroState, asset_uid: int, key: str, **fields: Any) -> Upgrade:
    a = find_asset(state, asset_uid)
    uid = _new_uid(state, key, a.controller if a.controller != NOBODY else 0)
    u = Upgrade(uid=uid, **fields)
    a.upgrades.append(u)
    return u


def slip(state: RetroState, asset_uid: int, key: str, seat: int, counters: int = 0, *, side: str = "ship") -> Slip:
    a = find_asset(state, asset_uid)
    uid = _new_uid(state, key, seat)
    s = Slip(uid=uid, owner=seat, counters=counters)
    (a.ship_slips if side == "ship" else a.upgrade_slips).append(s)
    return s


def hand(state: RetroState, seat: int, key: str) -> int:
    uid = _new_uid(state, key, seat)
    state.table.hands[seat].append(uid)
    return uid


def debris(state: RetroState, asset_uid: int, orbital: int, key: str = "sky-spore", owner: int = 1) -> int:
    uid = _new_uid(state, key, owner)
    from starlanes.games.retrograde.state import Debris

    find_asset(state, asset_uid).debris[orbital].append(Debris(uid=uid, owner=owner))
    return uid


def find_asset(state: RetroState, uid: int) -> Asset:
    a = Board(state.table).asset(uid)
    assert a is not None
    return a


def find_ship(state: RetroState, uid: int) -> Ship | None:
    return Board(state.table).ship(uid)


def act(state: RetroState, seat: int, text: str) -> list[Event]:
    return GAME.apply(state, seat, text)


def why(state: RetroState, seat: int, text: str) -> str | None:
    return why_not(Engine(state), seat, GAME.parse_action(text))


def legal_texts(state: RetroState, seat: int) -> set[str]:
    return {a.text() for a in GAME.legal_actions(state, seat)}


def engine(state: RetroState) -> Engine:
    return Engine(state)


def words(event: Event) -> str:
    """``event`` in the ruleset's words for its audience (its one seat, else the GM)."""
    viewer: Actor = event.seats[0] if event.seats is not None and len(event.seats) == 1 else GM
    return GAME.describe_event(event, viewer)


def texts(events: list[Event]) -> str:
    return "\n".join(words(e) for e in events)
