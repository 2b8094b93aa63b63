"""The Retrograde ruleset: setup, turn flow, views and hidden information on the core protocol.

>>> game = make_ruleset()
>>> state = game.setup({"first_player": 0}, seed=1)
>>> sorted(game.to_act(state))
[0]
>>> len(game.view(state, 0).game.table.hands[0])
5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from starlanes.core.actions import Action
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import Event, Outcome, Viewer

from .actions import ACTION_TYPES
from .board import BOOK
from .cards import AssetCard, SpacecraftCard, UpgradeCard
from .deck import legal_deck
from .rules import Engine
from .spec import SPEC, RetroParams
from .state import HIDDEN, NOBODY, Asset, Config, RetroState, RetroView, Table

__all__ = ["RetrogradeRuleset", "hidden_uids", "make_ruleset"]


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


class RetrogradeRuleset(Ruleset[RetroState, RetroView, RetroParams]):
    spec = SPEC
    state_type = RetroState
    view_type = RetroView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    # ------------------------------------------------------------------ setup
    def _setup(self, params: RetroParams, players: int, rng: Rng) -> RetroState:
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
            # card numbers are dealt at random, so a number says nothing about a card's place in
            # the (fixed, secret) deck order (ruling 52)
            uids = [new("", seat) for _ in deck.cards]
            rng.shuffle(uids)
            for uid, key in zip(uids, deck.cards, strict=True):
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
        first = params.first_player if params.first_player >= 0 else rng.randint(0, 1)
        t.first = t.current = first
        cfg = Config(
            burn_min_cost=params.burn_min_cost,
            combat_min_cost=params.combat_min_cost,
            die_sides=params.die_sides,
            tracker_spaces=params.tracker_spaces,
            capture_clears_damage=params.capture_clears_damage,
            free_burns_per_turn=params.free_burns_per_turn,
            turn_limit=params.turn_limit,
        )
        state = RetroState(players=2, rng=rng, table=t, cfg=cfg,
                           deck_lists=[sorted(d.cards) for d in decks])
        engine = Engine(state)
        engine.say(f"coin flip: seat {first} plays first")
        engine.begin_turn(first)
        return state

    # ------------------------------------------------------------------ protocol
    def _to_act(self, state: RetroState) -> list[int]:
        return Engine(state).to_act()

    def _legal_actions(self, state: RetroState, seat: int) -> list[Action]:
        return Engine(state).legal(seat)

    def _illegal_reason(self, state: RetroState, seat: int, action: Action) -> str | None:
        return Engine(state).why_not(seat, action)

    def _apply(self, state: RetroState, moves: Mapping[int, Action]) -> list[Event]:
        return Engine(state).do(moves)

    def _outcome(self, state: RetroState) -> Outcome | None:
        t = state.table
        if not t.end_reason:
            return None
        winners = () if t.winner == NOBODY else (t.winner,)
        return Outcome(t.end_reason, winners)

    # ------------------------------------------------------------------ hidden information
    def _view(self, state: RetroState, seat: int | None) -> RetroView:
        t = state.table
        table = msgspec_copy(t)
        if seat is not None:
            for uid in hidden_uids(t, seat):
                table.cards[uid] = HIDDEN
            table.deck_names[1 - seat] = "deck"  # its file could give away the order
        return RetroView(me=NOBODY if seat is None else seat, table=table,
                         deck_lists=[list(d) for d in state.deck_lists], cfg=state.cfg)

    def perturb_hidden(self, state: RetroState, seat: int, rng: Rng) -> RetroState | None:
        """Permute the identities of the opponent's hidden cards among cards of the same visible
        kind (hand and deck together; face-down spacecraft; face-down upgrades; face-down assets)."""
        copy = self.clone(state)
        t = copy.table
        hidden = hidden_uids(t, seat)
        groups = _hidden_groups(t, seat, hidden)
        for uids in groups:
            keys = [t.cards[u] for u in uids]
            rng.shuffle(keys)
            for u, k in zip(uids, keys, strict=True):
                t.cards[u] = k
        return copy

    def determinize(self, view: RetroView, seat: int, rng: Rng) -> RetroState:
        """Fill the hidden cards from the opponent's open decklist minus every card of its that
        ``seat`` can see, respecting the kind that the card's position shows."""
        table = msgspec_copy(view.table)
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
                          deck_lists=[list(d) for d in view.deck_lists])

    # ------------------------------------------------------------------ extras
    def render(self, view: RetroView, viewer: Viewer) -> str:
        from .view import render_table

        return render_table(view)

    def describe_action(self, view: RetroView, action: Action) -> str | None:
        from .view import describe_action

        return describe_action(view, action)

    def agents(self) -> Mapping[str, Any]:
        from .ai import heuristic_factory

        return {"retrograde:heuristic": heuristic_factory}

    def evaluate(self, state: RetroState, seat: int) -> float | None:
        from .ai import evaluate_table

        return evaluate_table(state.table, seat)


def msgspec_copy(t: Table) -> Table:
    import msgspec

    return msgspec.msgpack.decode(msgspec.msgpack.encode(t), type=Table)


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


def make_ruleset() -> RetrogradeRuleset:
    """The registry's factory."""
    return RetrogradeRuleset()
