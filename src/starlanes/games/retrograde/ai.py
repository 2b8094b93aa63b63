"""``retrograde:heuristic``: a rule-of-thumb player that sees only its own view.

Plan of a turn, step by step, always picking from the legal actions it is given:

1. prompts: seal the largest power as attacker and the largest defense as defender (defense
   counters come off at the start of its own turn, so defending fully is nearly free); bring
   every useful ship along after a move; sacrifice a ship only when the bombardment would
   otherwise capture the asset;
2. maneuvers: ships at the enemy homeworld dive to its lowest orbital (inward burns are cheap)
   and bombard with the power that maximises expected hits; ships elsewhere that can bombard,
   carry troop pods or fight climb to their asset's outermost orbital and transfer there;
   ships with accuracy attack enemy ships around them;
3. research when the hand is short of buildable spacecraft;
4. repair a damaged homeworld;
5. construction: put the most useful buildable spacecraft beside each asset, every asset card
   face down, allocate every untapped asset to what is beside it, flip what is complete
   (into the outermost orbital when PopFixx Boosters allow);
6. end the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.rng import Rng
from starlanes.core.state import SeatView
from starlanes.games.retrograde.actions import (
    Allocate,
    Attack,
    Bombard,
    Burn,
    Clean,
    Defense,
    End,
    Flip,
    Follow,
    Found,
    Pass,
    Place,
    Power,
    Repair,
    Research,
    Sacrifice,
    Sweep,
    Transfer,
)
from starlanes.games.retrograde.board import BOOK, Board
from starlanes.games.retrograde.cards import SpacecraftCard
from starlanes.games.retrograde.odds import expected_hits
from starlanes.games.retrograde.state import HIDDEN, NOBODY, Asset, RetroView, Ship, Table

__all__ = ["HeuristicAgent", "evaluate_table", "heuristic_factory", "ship_value"]


def ship_value(card: SpacecraftCard) -> float:
    """How much the bot wants to build a spacecraft: bombardment first, then fighting."""
    # bombardment needs power above a homeworld's resistance (4-5) after the cost: a limit below 7
    # never hits, unless every 1 hits (Decimator)
    bombs = card.bombardment if card.delta_vee >= 7 or card.has("ones-hit") else 0
    value = bombs * 3.0 + card.accuracy + card.armor * 0.5
    if card.has("troop-pod"):
        value += 2.5
    if card.has("pod-carrier"):
        value += 4.0
    if card.has("screen") or card.has("damage-sponge"):
        value -= 1.0
    if card.has("drone"):
        value -= 3.0  # drones need an ansible the bot does not plan for
    return value - card.cost * 0.15


def _ship_class(b: Board, uid: int) -> str:
    card = b.card(uid)
    return card.ship_class if isinstance(card, SpacecraftCard) else ""


def _can_climb(orbitals: tuple[int, ...], delta_vee: int, minimum: int = 2) -> bool:
    """Whether a ship with this delta-vee limit can burn, step by step, to the outermost orbital."""
    steps = [max(orbitals[i] - orbitals[i + 1], minimum) for i in range(len(orbitals) - 1)]
    return all(step <= delta_vee for step in steps)


def _expected_hits(dice: int, check: int, sides: int = 6, ones_hit: bool = False) -> float:
    return float(expected_hits(dice, check, sides, ones_hit))


def evaluate_table(t: Table, seat: int) -> float:
    """A value in [0, 1] for ``seat``: damage on the enemy homeworld, ships, assets, cards."""
    if t.end_reason:
        return 1.0 if t.winner == seat else (0.5 if t.winner == NOBODY else 0.0)
    b = Board(t)
    score = 0.0
    for a in t.assets:
        if not a.face_up or t.cards[a.uid] == HIDDEN:
            continue
        card = b.asset_card(a)
        sign = 1.0 if a.controller == seat else (-1.0 if a.controller == 1 - seat else 0.0)
        worth = 6.0 if card.homeworld else 2.0 + card.population * 0.3
        score += sign * worth
        if a.homeworld_of == 1 - seat and a.controller == 1 - seat:
            score += 2.5 * a.damage
        if a.homeworld_of == seat and a.controller == seat:
            score -= 2.5 * a.damage
    for s in t.ships:
        if t.cards[s.uid] == HIDDEN:
            continue
        scard = b.ship_card(s)
        v = 1.0 + max(ship_value(scard), 0.0) * 0.3
        score += v if s.owner == seat else -v
    score += 0.2 * (len(t.hands[seat]) - len(t.hands[1 - seat]))
    return max(0.0, min(1.0, 0.5 + score / 60.0))


class HeuristicAgent:
    """See the module docstring."""

    name = "retrograde:heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng.from_seed(seed)

    # ------------------------------------------------------------------ entry
    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        game = view.game
        assert isinstance(game, RetroView)
        me = game.me
        t = game.table
        b = Board(t)
        if t.prompts:
            return self._prompt(t, b, me, legal)
        chosen = (
            self._maneuver(t, b, me, legal)
            or self._research(t, b, me, legal)
            or self._repair(t, b, me, legal)
            or self._construct(t, b, me, legal)
        )
        if chosen is not None:
            return chosen
        for a in legal:
            if isinstance(a, End):
                return a
        return legal[0]

    # ------------------------------------------------------------------ prompts
    def _prompt(self, t: Table, b: Board, me: int, legal: Sequence[Action]) -> Action:
        p = t.prompts[0]
        if p.kind == "combat":
            nums = [a for a in legal if isinstance(a, (Power, Defense))]
            if nums:
                return max(nums, key=lambda a: a.value)
        if p.kind == "sacrifice":
            a = b.asset(p.target)
            if a is not None and a.damage + p.amount >= b.asset_card(a).resistance:
                sacrifices = [x for x in legal if isinstance(x, Sacrifice)]
                if sacrifices:
                    return min(sacrifices, key=lambda x: self._worth(b, x.ship))
        if p.kind == "follow":
            options = [x for x in legal if isinstance(x, Follow)]
            if options:
                return max(options, key=lambda x: self._worth(b, x.ship))
        for x in legal:
            if isinstance(x, Pass):
                return x
        return legal[0]

    def _worth(self, b: Board, uid: int) -> float:
        card = b.card(uid)
        if not isinstance(card, SpacecraftCard):
            return 0.0
        return ship_value(card) + (5.0 if card.has("troop-pod") and card.bombardment else 0.0)

    # ------------------------------------------------------------------ maneuvers
    def _enemy_home(self, t: Table, b: Board, me: int) -> int | None:
        homes = [a for a in t.assets if a.face_up and a.controller == 1 - me and b.asset_card(a).homeworld]
        return homes[0].uid if homes else None

    def _maneuver(self, t: Table, b: Board, me: int, legal: Sequence[Action]) -> Action | None:
        target = self._enemy_home(t, b, me)
        if target is None:
            return None  # the opponent has no homeworld left: end the turn to win
        for a in legal:
            if isinstance(a, (Sweep, Clean)):
                return a
        by_ship: dict[int, list[Action]] = {}
        for a in legal:
            if isinstance(a, (Burn, Transfer, Attack, Bombard)):
                by_ship.setdefault(a.ship, []).append(a)
        best: tuple[float, Action] | None = None
        for uid, acts in by_ship.items():
            s = b.ship(uid)
            if s is None:
                continue
            card = b.ship_card(s)
            pick = self._ship_plan(t, b, me, s, card, target, acts)
            if pick is not None and (best is None or pick[0] > best[0]):
                best = pick
        return None if best is None else best[1]

    def _ship_plan(self, t: Table, b: Board, me: int, s: Ship, card: SpacecraftCard, target: int,
                   acts: list[Action]) -> tuple[float, Action] | None:
        sides = 6
        left = self._armor(b, s)  # damage comes off at the start of our turn

        def safe(orbital: int) -> bool:
            # debris strikes at the end of our turn and again at the end of the opponent's
            return s.damage + 2 * b.debris_count(s.asset, orbital) < left

        if not safe(s.orbital):
            escapes = [a for a in acts if isinstance(a, Burn) and safe(a.orbital)]
            if escapes:
                return 9.0, min(escapes, key=lambda a: b.debris_count(s.asset, a.orbital))
        here = b.asset(s.asset)
        assert here is not None
        n_orb = len(b.orbitals(here))
        # the lowest orbital we can sit in safely: bombardment is cheapest from there
        post = next((o for o in range(n_orb) if s.damage + 2 * b.debris_count(s.asset, o) < left), s.orbital)
        bombards = [a for a in acts if isinstance(a, Bombard)]
        if bombards and card.bombardment > 0:
            def gain(a: Bombard) -> float:
                res = self._resistance(b, a.target)
                hits = _expected_hits(card.bombardment, a.power - res, sides, card.has("ones-hit"))
                return hits - a.power * 0.001

            top = max(bombards, key=gain)
            enough = 0.5 if card.has("troop-pod") else 0.3
            settled = s.orbital <= post or not self._can_burn_to(acts, post)
            if gain(top) > enough and (s.asset != target or settled):
                return 10.0 + gain(top), top
        if s.asset == target and card.bombardment > 0 and s.orbital > post:
            dive = [a for a in acts if isinstance(a, Burn) and a.orbital == post]
            if dive:
                return 8.0, dive[0]
        target_asset = b.asset(target)
        assert target_asset is not None
        if card.has("sweep"):
            # a Laser Broom clears the way for the bombers at the enemy homeworld
            dirty = [o for o, pile in enumerate(target_asset.debris) if pile]
            if s.asset == target and dirty:
                go_to = [a for a in acts if isinstance(a, Burn) and a.orbital == dirty[0]]
                if go_to and s.orbital != dirty[0]:
                    return 8.5, go_to[0]
                return None
            if s.asset != target and dirty:
                go = [a for a in acts if isinstance(a, Transfer) and a.asset == target]
                if go:
                    return 7.0, go[0]
                climbs = [a for a in acts if isinstance(a, Burn) and a.orbital > s.orbital]
                if climbs:
                    return 5.0, max(climbs, key=lambda a: a.orbital)
            return None
        attacks = [a for a in acts if isinstance(a, Attack) and self._debris_ok(t, b, me, a.target)]
        if attacks and (card.accuracy >= 2 or (card.accuracy >= 1 and card.has("boarding"))):
            return 6.0 + card.accuracy * 0.1, attacks[0]
        wants_to_go = card.bombardment > 0 or card.accuracy >= 3
        pods = [o for o in t.ships if o.owner == me and o.asset == s.asset and o.uid != s.uid
                and b.ship_card(o).has("troop-pod") and b.ship_card(o).bombardment > 0]
        escort = any(a.face_up and a.controller == me and b.asset_card(a).has("pod-escort") for a in t.assets)
        if card.has("pod-carrier"):
            wants_to_go = len(pods) >= 2
        elif escort and pods and not card.has("troop-pod"):
            wants_to_go = True
        if card.has("troop-pod"):
            wants_to_go = False  # pods cannot transfer: they wait for a ride
        if not wants_to_go or s.asset == target or s.damage:
            return None
        go = [a for a in acts if isinstance(a, Transfer) and a.asset == target]
        if go:
            return 7.0, go[0]
        climbs = [a for a in acts if isinstance(a, Burn) and a.orbital > s.orbital]
        if climbs:
            return 5.0, max(climbs, key=lambda a: a.orbital)
        return None

    def _debris_ok(self, t: Table, b: Board, me: int, target: int) -> bool:
        """Destroying ``target`` leaves debris in its orbital: only if none of ours would die of it."""
        victim = b.ship(target)
        if victim is None:
            return False
        extra = 2 * (b.debris_count(victim.asset, victim.orbital) + 1)
        return all(self._armor(b, o) > extra for o in t.ships
                   if o.owner == me and o.asset == victim.asset and o.orbital == victim.orbital)

    @staticmethod
    def _armor(b: Board, s: Ship) -> int:
        return b.ship_card(s).armor + s.armor_bonus

    @staticmethod
    def _can_burn_to(acts: list[Action], orbital: int) -> bool:
        return any(isinstance(a, Burn) and a.orbital == orbital for a in acts)

    @staticmethod
    def _resistance(b: Board, uid: int) -> int:
        a = b.asset(uid)
        if a is not None:
            return b.asset_card(a).resistance
        found = b.upgrade(uid)
        return b.upgrade_card(found[1]).resistance if found else 99

    # ------------------------------------------------------------------ research, repair
    def _buildable(self, t: Table, b: Board, me: int) -> list[int]:
        classes: set[str] = set()
        for a in t.assets:
            if a.face_up and a.controller == me:
                classes.update(b.asset_card(a).classes)
        return [u for u in t.hands[me] if _ship_class(b, u) in classes]

    def _room(self, t: Table, b: Board, me: int) -> int:
        """Population still free for new spacecraft (counting those under construction)."""
        pending = sum(
            getattr(BOOK[t.cards[x.uid]], "population", 0)
            for a in t.assets for x in a.ship_slips if x.owner == me and t.cards[x.uid] != HIDDEN
        )
        used = sum(b.ship_card(s).population for s in t.ships if s.owner == me)
        cap = sum(b.asset_card(a).population for a in t.assets if a.face_up and a.controller == me)
        return cap - used - pending

    def _has_work(self, t: Table, b: Board, me: int, uid: int) -> bool:
        """Whether an asset has something to build this turn (so it should not research): a card
        beside it, a face-down asset to allocate to, or a spacecraft in hand it builds and the
        population can house."""
        asset = b.asset(uid)
        assert asset is not None
        if any(x.owner == me for x in (*asset.ship_slips, *asset.upgrade_slips)):
            return True
        if any(not a.face_up and a.controller == me for a in t.assets):
            return True
        if asset.ship_slips:
            return False
        room = self._room(t, b, me)
        escort_home = any(a.face_up and a.controller == me and b.asset_card(a).has("pod-escort") for a in t.assets)
        for u in t.hands[me]:
            card = b.card(u)
            if isinstance(card, SpacecraftCard):
                value = self._place_value(b, me, card, asset, room, escort_home)
                if value is not None:
                    return True
        return False

    @staticmethod
    def _place_value(b: Board, me: int, card: SpacecraftCard, asset: Asset, room: int,
                     escort_home: bool) -> float | None:
        """How much the bot wants ``card`` built beside ``asset`` (``None``: not there)."""
        acard = b.asset_card(asset)
        if card.ship_class not in acard.classes or card.population > room:
            return None
        value = ship_value(card) + acard.factory * 0.1 - card.population * 0.8
        home = asset.homeworld_of == me and asset.controller == me
        if card.has("troop-pod"):
            # pods ride with others: build them where transports leave from (the homeworld)
            value += 3.0 if home else -2.0
        elif not _can_climb(acard.orbitals, card.delta_vee):
            value -= 20.0  # it could never leave this asset
        elif (escort_home and card.delta_vee >= 10) or card.has("pod-carrier"):
            # a fast ship carries a troop pod with every transfer: from where the pods are
            value += 3.0 if home else -2.0
        return None if value <= -2.0 else value

    def _research(self, t: Table, b: Board, me: int, legal: Sequence[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, Research)]
        if not options:
            return None
        idle = [a for a in options if not self._has_work(t, b, me, a.asset)]
        if idle:
            return idle[0]
        if len(t.hands[me]) <= 1:
            return min(options, key=lambda a: b.asset_card(b.asset(a.asset)).factory)  # type: ignore[arg-type]
        return None

    def _repair(self, t: Table, b: Board, me: int, legal: Sequence[Action]) -> Action | None:
        for a in legal:
            if isinstance(a, Repair):
                asset = b.asset(a.target)
                if asset is not None and asset.homeworld_of == me and asset.damage >= 2:
                    return a
        return None

    # ------------------------------------------------------------------ construction
    def _construct(self, t: Table, b: Board, me: int, legal: Sequence[Action]) -> Action | None:
        places = [a for a in legal if isinstance(a, Place)]
        best_place: tuple[float, Action] | None = None
        room = self._room(t, b, me)
        escort_home = any(a.face_up and a.controller == me and b.asset_card(a).has("pod-escort") for a in t.assets)
        for a in places:
            card = b.card(a.card)
            asset = b.asset(a.asset)
            if not isinstance(card, SpacecraftCard) or asset is None or asset.ship_slips:
                continue
            value = self._place_value(b, me, card, asset, room, escort_home)
            if value is not None and (best_place is None or value > best_place[0]):
                best_place = (value, a)
        if best_place is not None:
            return best_place[1]
        for x in legal:
            if isinstance(x, Found):
                return x
        allocs = [a for a in legal if isinstance(a, Allocate)]
        if allocs:
            def pref(a: Allocate) -> float:
                target = b.asset(a.target)
                if target is not None:
                    return 1.0  # a face-down asset
                found = b.owner_of_slip(a.target)
                return 2.0 if found and found[1] == "ship" else 0.0

            top = max(allocs, key=pref)
            if pref(top) > 0:
                return top
        flips = [a for a in legal if isinstance(a, Flip) and self._safe_flip(b, a)]
        if flips:
            return max(flips, key=lambda a: a.orbital)
        return None


    def _safe_flip(self, b: Board, a: Flip) -> bool:
        found = b.owner_of_slip(a.card)
        if found is None or found[1] != "ship":
            return True
        card = b.card(a.card)
        assert isinstance(card, SpacecraftCard)
        orbital = a.orbital
        if orbital == -1:
            orbital = len(b.asset_card(found[0]).orbitals) - 1 if card.has("screen") else 0
        return b.debris_count(found[0].uid, orbital) < card.armor


def heuristic_factory(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> HeuristicAgent:
    """``retrograde:heuristic`` (no options)."""
    if options:
        from starlanes.core.errors import UnknownName

        raise UnknownName("option of retrograde:heuristic", next(iter(options)), [])
    return HeuristicAgent(seat, seed)

