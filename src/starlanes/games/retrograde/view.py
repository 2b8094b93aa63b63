"""What one Retrograde seat sees (``RetroView``), and the hidden information around it.

A seat may not know the opponent's hand and deck (except a top card its Clairvoyant Agents
saw) nor the opponent's face-down cards; their keys are masked with ``HIDDEN`` and the opponent's
deck file name is withheld (it could give away the order). ``perturb_hidden`` changes only
those cards (the conformance suite's leak test); ``determinize`` fills them back in from the
opponent's open decklist. Presentation is in ``render``.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from starlanes.core.rng import Rng
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.cards import AssetCard, SpacecraftCard, UpgradeCard
from starlanes.games.retrograde.rules.common import combat_of, combat_pending
from starlanes.games.retrograde.state import COMBAT, HIDDEN, NOBODY, RetroState, RetroView, Table

__all__ = ["build_view", "copy_table", "determinize_view", "hidden_uids", "shuffle_hidden"]


def hidden_uids(t: Table, seat: int) -> set[int]:
    """The cards whose identity ``seat`` may not know: the opponent's hand, deck (except a top
    card seen with Clairvoyant Agents) and face-down cards (under construction, face-down assets)."""
    opp = 1 - seat
    hidden = set(t.hands[opp]) | set(t.decks[opp])
    if t.decks[opp] and t.peeks[seat] == t.decks[opp][0]:
        hidden.discard(t.decks[opp][0])
    for a in t.assets:
        if not a.face_up and a.controller != seat:
            hidden.add(a.uid)
        for slip in (*a.ship_slips, *a.upgrade_slips):
            if slip.owner != seat:
                hidden.add(slip.uid)
    return hidden


def copy_table(t: Table) -> Table:
    """A deep copy of a table."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(t), type=Table)


def build_view(state: RetroState, seat: int | None) -> RetroView:
    """What ``seat`` sees (``None``: the GM, who sees everything)."""
    t = state.table
    table = copy_table(t)
    fight = combat_of(state.pending)
    if fight is not None:
        table.prompts.insert(0, fight)
    if seat is not None:
        for uid in hidden_uids(t, seat):
            table.cards[uid] = HIDDEN
        table.deck_names[1 - seat] = "deck"  # its file could give away the order
    return RetroView(me=NOBODY if seat is None else seat, table=table,
                     deck_lists=[list(d) for d in state.deck_lists], cfg=state.cfg,
                     first_player_by=state.first_player_by)


def shuffle_hidden(t: Table, seat: int, rng: Rng) -> None:
    """Permute the identities of the opponent's hidden cards among cards of the same visible
    kind (hand and deck together; face-down spacecraft; face-down upgrades; face-down assets)."""
    hidden = hidden_uids(t, seat)
    for uids in _hidden_groups(t, seat, hidden):
        keys = [t.cards[u] for u in uids]
        rng.shuffle(keys)
        for u, k in zip(uids, keys, strict=True):
            t.cards[u] = k


def determinize_view(view: RetroView, seat: int, rng: Rng) -> RetroState:
    """Fill the hidden cards from the opponent's open decklist minus every card of its that
    ``seat`` can see, respecting the kind that the card's position shows."""
    table = copy_table(view.table)
    pending = None
    if table.prompts and table.prompts[0].kind == COMBAT:
        fight = table.prompts.pop(0)
        defender = next((s.owner for s in table.ships if s.uid == fight.target), 1 - fight.seat)
        pending = combat_pending(fight, defender)
    opp = 1 - seat
    pool = Counter(view.deck_lists[opp])
    for uid, key in enumerate(table.cards):
        if key != HIDDEN and table.owners[uid] == opp and not _is_homeworld(key):
            pool[key] -= 1
    keys = [k for k, n in pool.items() for _ in range(max(0, n))]
    rng.shuffle(keys)
    hidden = [u for u, k in enumerate(table.cards) if k == HIDDEN]
    groups = _hidden_groups(table, seat, set(hidden))
    kinds = ["any", "spacecraft", "upgrade", "asset"]
    # constrained groups first
    for kind, uids in sorted(zip(kinds, groups, strict=True), key=lambda kv: kv[0] == "any"):
        for u in uids:
            pick = next((k for k in keys if kind == "any" or _kind(k) == kind), None)
            if pick is None:  # an inconsistent view: fall back to any card of that kind
                pick = next(c.key for c in BOOK.cards.values() if kind == "any" or c.kind == kind)
            else:
                keys.remove(pick)
            table.cards[u] = pick
    return RetroState(players=2, rng=rng.fork("determinize"), table=table, cfg=view.cfg,
                      deck_lists=[list(d) for d in view.deck_lists], pending=pending,
                      first_player_by=view.first_player_by)


def _is_homeworld(key: str) -> bool:
    card = BOOK.cards.get(key)
    return isinstance(card, AssetCard) and (card.homeworld or card.neutral)


def _kind(key: str) -> str:
    card = BOOK[key]
    if isinstance(card, SpacecraftCard):
        return "spacecraft"
    if isinstance(card, UpgradeCard):
        return "upgrade"
    return "asset"


def _hidden_groups(t: Table, seat: int, hidden: set[int]) -> list[list[int]]:
    """Hidden uids of the opponent grouped by what their position shows: [hand+deck,
    face-down spacecraft, face-down upgrades, face-down assets]."""
    opp = 1 - seat
    loose = [u for u in (*t.hands[opp], *t.decks[opp]) if u in hidden]
    ships: list[int] = []
    upgrades: list[int] = []
    assets: list[int] = []
    for a in t.assets:
        if not a.face_up and a.uid in hidden:
            assets.append(a.uid)
        ships.extend(x.uid for x in a.ship_slips if x.uid in hidden)
        upgrades.extend(x.uid for x in a.upgrade_slips if x.uid in hidden)
    return [loose, ships, upgrades, assets]
