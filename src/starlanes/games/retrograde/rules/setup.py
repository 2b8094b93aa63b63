"""The setup of a game of Retrograde: the decks (checked, put in a secret order unless the
param says otherwise), the homeworlds and Stellar Gate, the hands, who plays first."""

from __future__ import annotations

from starlanes.core.rng import Rng
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.cards import AssetCard
from starlanes.games.retrograde.deck import legal_deck
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.rules.turn_start import begin_turn
from starlanes.games.retrograde.spec import RetroParams
from starlanes.games.retrograde.state import NOBODY, Asset, Config, RetroState, Table

__all__ = ["setup"]


def setup(params: RetroParams, rng: Rng) -> RetroState:
    """A new game: decks checked and ordered, the table laid out, hands drawn, the first turn begun."""
    decks = [
        legal_deck(name, size=params.deck_size, max_off_faction=params.max_off_faction)
        for name in (params.deck0, params.deck1)
    ]
    t = Table(seats=2)
    cards: list[str] = []
    owners: list[int] = []

    def new(key: str, owner: int) -> int:
        cards.append(key)
        owners.append(owner)
        return len(cards) - 1

    homes: list[Asset] = []
    for seat, deck in enumerate(decks):
        assert deck.homeworld is not None
        hw = new(deck.homeworld, seat)
        homes.append(Asset(uid=hw, controller=seat, homeworld_of=seat,
                           debris=[[] for _ in BOOK.asset(deck.homeworld).orbitals]))
        order = list(deck.cards)
        if params.deck_order == "shuffled":
            # a shipped deck's file is public: its order would tell the opponent every hidden
            # card, so by default each deck gets a secret order of its own (ruling 5)
            rng.shuffle(order)
        # card numbers are dealt at random, so a number says nothing about a card's place in
        # the secret deck order (ruling 52)
        uids = [new("", seat) for _ in order]
        rng.shuffle(uids)
        for uid, key in zip(uids, order, strict=True):
            cards[uid] = key
        t.decks.append(uids)
        t.deck_names.append(deck.name)
    t.assets = [homes[0]]
    if params.stellar_gate:
        gate = next(c for c in BOOK.of_kind("asset") if isinstance(c, AssetCard) and c.neutral)
        uid = new(gate.key, NOBODY)
        t.assets.append(Asset(uid=uid, controller=NOBODY, debris=[[] for _ in gate.orbitals]))
    t.assets.append(homes[1])
    t.cards, t.owners = cards, owners
    t.next_uid = len(cards)
    t.hands = [[], []]
    t.discards = [[], []]
    t.trackers = [0, 0]
    t.gate_streak = [0, 0]
    t.peeks = [NOBODY, NOBODY]
    for seat in (0, 1):
        t.hands[seat] = t.decks[seat][: params.hand_size]
        del t.decks[seat][: params.hand_size]
    coin = params.first_player < 0
    first = rng.randint(0, 1) if coin else params.first_player
    t.first = t.current = first
    cfg = Config(
        burn_min_cost=params.burn_min_cost,
        combat_min_cost=params.combat_min_cost,
        die_sides=params.die_sides,
        tracker_spaces=params.tracker_spaces,
        capture_clears_damage=params.capture_clears_damage,
        maneuvers_per_turn=params.maneuvers_per_turn,
        free_burns_per_turn=params.free_burns_per_turn,
        gate_counts_own_turns=params.gate_counts_own_turns,
        mercy_friendly_only=params.mercy_friendly_only,
        waveguide_friendly_only=params.waveguide_friendly_only,
        screen_own_asset_only=params.screen_own_asset_only,
        radar_local=params.radar_local,
        sacrifice_only_on_hits=params.sacrifice_only_on_hits,
        turn_limit=params.turn_limit,
    )
    state = RetroState(players=2, rng=rng, table=t, cfg=cfg,
                       deck_lists=[sorted(d.cards) for d in decks], first_player_by="coin" if coin else "param")
    # the first turn's events are nobody's action's: the views show who plays first and why
    # (``first_player_by``, ruling 60)
    begin_turn(Engine(state), first)
    return state
