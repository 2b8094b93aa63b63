"""Queries on the table: where a card is, what it is, who controls it. No rule lives here."""

from __future__ import annotations

from typing import Any

from starlanes.games.retrograde.cards import AssetCard, Card, CardBook, SpacecraftCard, UpgradeCard, load_cards
from starlanes.games.retrograde.state import NOBODY, Asset, Ship, Table, Upgrade

__all__ = ["ASSET_CARDS", "BOOK", "CARDS", "SHIP_CARDS", "UPGRADE_CARDS", "Board"]

BOOK: CardBook = load_cards()

# the card book as plain dicts by key (the rules ask them many times per action): every card,
# and the cards of each kind (a key of another kind is not in the dict)
CARDS: dict[str, Card] = dict(BOOK.cards)
SHIP_CARDS: dict[str, SpacecraftCard] = {k: c for k, c in CARDS.items() if isinstance(c, SpacecraftCard)}
ASSET_CARDS: dict[str, AssetCard] = {k: c for k, c in CARDS.items() if isinstance(c, AssetCard)}
UPGRADE_CARDS: dict[str, UpgradeCard] = {k: c for k, c in CARDS.items() if isinstance(c, UpgradeCard)}


class Board:
    """Read access to a :class:`Table` by uid. Cheap to build; build one per call."""

    __slots__ = ("cache", "held", "t")

    def __init__(self, t: Table) -> None:
        self.t = t
        # set while nothing changes (legal-move generation): the cards that answer each ability
        # hook (abilities.sources), and "#assets", "#ships", "#prompt": lookups made once
        self.cache: dict[str, Any] | None = None
        # set by a search playout while it applies an action that leaves every card that answers
        # a hook in place (game.keeps_holders): those cards, as ``cache`` holds them (its "" and
        # "#holders"), found by the walk that drew the action
        self.held: dict[str, Any] | None = None

    # ---------------------------------------------------------------- cards
    def card(self, uid: int) -> Card:
        return CARDS[self.t.cards[uid]]

    def ship_card(self, ship: Ship) -> SpacecraftCard:
        return SHIP_CARDS[self.t.cards[ship.uid]]  # KeyError: not a spacecraft's key

    def asset_card(self, asset: Asset) -> AssetCard:
        return ASSET_CARDS[self.t.cards[asset.uid]]

    def upgrade_card(self, upgrade: Upgrade) -> UpgradeCard:
        return UPGRADE_CARDS[self.t.cards[upgrade.uid]]

    def name(self, uid: int) -> str:
        key = self.t.cards[uid]
        return BOOK[key].name if key in BOOK else "a hidden card"

    # ---------------------------------------------------------------- finding
    def asset(self, uid: int) -> Asset | None:
        cache = self.cache
        if cache is not None:  # listing: nothing moves, so the assets are indexed once
            by_uid = cache.get("#assets")
            if by_uid is None:
                by_uid = cache["#assets"] = {a.uid: a for a in self.t.assets}
            return by_uid.get(uid)
        for a in self.t.assets:
            if a.uid == uid:
                return a
        return None

    def ship(self, uid: int) -> Ship | None:
        cache = self.cache
        if cache is not None:  # listing: nothing moves, so the spacecraft are indexed once
            by_uid = cache.get("#ships")
            if by_uid is None:
                by_uid = cache["#ships"] = {s.uid: s for s in self.t.ships}
            return by_uid.get(uid)
        for s in self.t.ships:
            if s.uid == uid:
                return s
        return None

    def upgrade(self, uid: int) -> tuple[Asset, Upgrade] | None:
        for a in self.t.assets:
            for u in a.upgrades:
                if u.uid == uid:
                    return a, u
        return None

    def ships_at(self, asset_uid: int) -> list[Ship]:
        return [s for s in self.t.ships if s.asset == asset_uid]

    def orbitals(self, asset: Asset) -> tuple[int, ...]:
        return ASSET_CARDS[self.t.cards[asset.uid]].orbitals

    def outermost(self, asset: Asset) -> int:
        return len(ASSET_CARDS[self.t.cards[asset.uid]].orbitals) - 1

    def in_play(self, asset: Asset) -> bool:
        return asset.face_up

    def homeworlds_of(self, seat: int) -> list[Asset]:
        return [a for a in self.t.assets if a.face_up and a.controller == seat and self.asset_card(a).homeworld]

    def controls(self, seat: int, kind: str) -> list[Asset]:
        """Face-up assets ``seat`` controls whose card (or an upgrade's card) has ability ``kind``."""
        out = []
        for a in self.t.assets:
            if a.face_up and a.controller == seat and self.asset_card(a).has(kind):
                out.append(a)
        return out

    def upgrades_with(self, asset: Asset, kind: str) -> list[Upgrade]:
        cards = self.t.cards
        return [u for u in asset.upgrades if CARDS[cards[u.uid]].has(kind)]

    def debris_count(self, asset_uid: int, orbital: int) -> int:
        a = self.asset(asset_uid)
        if a is None or orbital >= len(a.debris):
            return 0
        return len(a.debris[orbital])

    def owner_of_slip(self, uid: int) -> tuple[Asset, str] | None:
        """The asset a face-down card is beside and which side ("ship"/"upgrade"), if it is one."""
        cache = self.cache
        if cache is not None:  # listing: nothing moves, so the slips are indexed once
            by_uid = cache.get("#slips")
            if by_uid is None:
                by_uid = cache["#slips"] = {}
                for a in reversed(self.t.assets):  # the first asset holding a uid wins, as below
                    for s in reversed(a.upgrade_slips):
                        by_uid[s.uid] = (a, "upgrade")
                    for s in reversed(a.ship_slips):
                        by_uid[s.uid] = (a, "ship")
            return by_uid.get(uid)
        for a in self.t.assets:
            for s in a.ship_slips:
                if s.uid == uid:
                    return a, "ship"
            for s in a.upgrade_slips:
                if s.uid == uid:
                    return a, "upgrade"
        return None

    def opponent(self, seat: int) -> int:
        return 1 - seat

    def controller_name(self, seat: int) -> str:
        return "nobody" if seat == NOBODY else f"seat {seat}"
