"""The Retrograde ruleset: the wiring of the game's parts into the core's ``Ruleset``.

``rules.setup`` deals the game, ``legality`` says what is legal (one predicate) and
``listing`` lists it, ``rules`` applies actions phase by phase (an explicit table by action
type, ``APPLY``) and emits ``events`` (data), ``describe`` words the events, ``view`` derives
what a seat sees, ``render`` presents it to a person, ``ai`` evaluates states for the generic
bots (listed in the registry entry).

>>> game = make_ruleset()
>>> state = game.setup({"first_player": 0}, seed=1)
>>> sorted(game.to_act(state))
[0]
>>> len(game.view(state, 0).game.table.hands[0])
5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from starlanes.core.actions import Action
from starlanes.core.errors import ParseError
from starlanes.core.gm import Actor
from starlanes.core.legal import ActionTemplate, LegalActions
from starlanes.core.rng import Rng
from starlanes.core.ruleset import Ruleset, seat_rngs
from starlanes.core.state import Event, EventData, Outcome, Viewer
from starlanes.games.retrograde import legality, listing
from starlanes.games.retrograde.abilities import HOOKED_KEYS, refresh
from starlanes.games.retrograde.actions import (
    ACTION_TYPES,
    Allocate,
    Attack,
    Bombard,
    Boost,
    Burn,
    Cannibalize,
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
    Swap,
    Sweep,
    Transfer,
)
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.deck import deck_file_digest
from starlanes.games.retrograde.describe import describe_event
from starlanes.games.retrograde.events import EVENT_TYPES
from starlanes.games.retrograde.listing import WALK_KEYS
from starlanes.games.retrograde.names import check_ascii, resolve
from starlanes.games.retrograde.rules import bombard, build, combat, end_turn, maneuvers, setup
from starlanes.games.retrograde.rules.common import Engine, combat_of
from starlanes.games.retrograde.spec import SPEC, RetroParams
from starlanes.games.retrograde.state import COMBAT, NOBODY, RetroState, RetroView, Table
from starlanes.games.retrograde.view import build_view, determinize_view, hidden_uids, shuffle_hidden

__all__ = ["APPLY", "KEEPS_HOLDERS", "RetrogradeRuleset", "hidden_uids", "keeps_holders", "make_ruleset"]

Apply = Callable[[Engine, int, Any], None]

APPLY: dict[type[Action], Apply] = {
    Burn: maneuvers.burn,
    Transfer: maneuvers.transfer,
    Sweep: maneuvers.sweep,
    Clean: maneuvers.clean,
    Boost: maneuvers.boost,
    Follow: maneuvers.follow,
    Pass: maneuvers.pass_offer,
    Attack: combat.attack,
    Bombard: bombard.bombard,
    Sacrifice: bombard.sacrifice,
    Research: build.research,
    Repair: build.repair,
    Place: build.place,
    Found: build.found,
    Allocate: build.allocate,
    Cannibalize: build.cannibalize,
    Swap: build.swap,
    Flip: build.flip,
    End: end_turn.end,
}
"""Which rule applies each action of one seat (checked by ``legality.why_not`` first). ``power``
and ``defense`` are the sealed choices of a combat, resolved together by
``combat.resolve_combat``."""


def apply_moves(state: RetroState, moves: Mapping[int, Action]) -> list[Event]:
    """Carry one decision out: both sealed combat choices at once, or one seat's action."""
    e = Engine(state)
    fight = combat_of(state.pending)
    if fight is not None:
        power = defense = 0
        for act in moves.values():
            if isinstance(act, Power):
                power = act.value
            elif isinstance(act, Defense):
                defense = act.value
        combat.resolve_combat(e, fight, power, defense)
        return e.events
    ((seat, act),) = moves.items()
    APPLY[type(act)](e, seat, act)
    return e.events


KEEPS_HOLDERS: frozenset[type[Action]] = frozenset(
    {Allocate, Burn, Boost, Clean, End, Found, Place, Repair, Research, Sweep})
"""The actions that leave every face-up card in play where it is: no card enters or leaves play,
flips, changes hands or moves to another asset (a burn changes orbitals, a placement or a
foundation adds a face-down card, the others change counters, damage, debris and hands; the end
of a turn unless its debris or Thorns destroy a spacecraft, when ``end_turn`` drops
``Board.held``; so do a transfer and a swap of cards that answer no hook, and a flip of such a
card: ``keeps_holders``). A search playout applies them with the cards that answer each ability hook
found by the walk that drew them (``Board.held``) and keeps those for the next walk
(``listing.walk``'s ``held``); after any other action it finds them again.
``tests/games/retrograde/test_playout.py`` checks the claim after every such action of many
seeded games."""


def keeps_holders(action: Action, t: Table) -> bool:
    """Whether ``action`` (about to be applied to table ``t``) leaves every card that answers an
    ability hook where it is: an action of ``KEEPS_HOLDERS``, the transfer of a spacecraft that
    answers none (``abilities.HOOKED_KEYS``: only it moves), a swap between cards that answer
    none (only they change places), or the flip of a card that answers none (it enters play,
    but not among them, and an asset flipped has no upgrade that could)."""
    cls = type(action)
    if cls in KEEPS_HOLDERS:
        return True
    if cls is Transfer:
        return t.cards[action.ship] not in HOOKED_KEYS  # type: ignore[attr-defined]
    if cls is Swap:
        return (t.cards[action.ship] not in HOOKED_KEYS  # type: ignore[attr-defined]
                and t.cards[action.card] not in HOOKED_KEYS)  # type: ignore[attr-defined]
    if cls is not Flip or t.cards[action.card] in HOOKED_KEYS:  # type: ignore[attr-defined]
        return False
    return not any(a.uid == action.card and a.upgrades for a in t.assets)  # type: ignore[attr-defined]


class _Playout(Engine):
    """The rules applied in a search playout, which reads no event (``Ruleset.play_random``
    drops what ``_apply`` returns): events are not made."""

    quiet = True

    def emit(self, data: EventData, *, seats: tuple[int, ...] | None = None, reveals: bool = False) -> None:
        return None


class RetrogradeRuleset(Ruleset[RetroState, RetroView, RetroParams]):
    """The Retrograde ruleset (see the package docstring and the rulings file)."""

    spec = SPEC
    state_type = RetroState
    view_type = RetroView
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    event_types: ClassVar[tuple[type[EventData], ...]] = EVENT_TYPES

    def _setup(self, params: RetroParams, players: int, rng: Rng) -> RetroState:
        return setup.setup(params, rng)

    # ------------------------------------------------------------------ text and files
    def parse_action(self, text: str) -> Action:
        """Parse canonical text (cards by number, digits 0-9 only); names need the game: ``check``."""
        plain = check_ascii(self.codec, text)
        if plain is None:
            raise ParseError(f"'{text}': cards are named by number here (names need a game in progress)")
        return self.codec.parse(plain)

    def check(self, state: RetroState, seat: int, action: Action | str) -> Action:  # type: ignore[override]
        """As the framework's ``check``, and action text may name cards (``place Mushroom 0``)."""
        if isinstance(action, str) and seat in self._to_act(state) and seat not in state.sealed:
            view = self._view(state, seat).table
            action = resolve(self.codec, action, view, seat, lambda: LegalActions(self._legal_actions(state, seat)))
        return super().check(state, seat, action)

    def content_hashes(self, params: RetroParams) -> dict[str, str]:
        """``deck0``/``deck1`` -> sha256 of the deck file's bytes (shipped decks by name have none)."""
        out: dict[str, str] = {}
        for name, source in (("deck0", params.deck0), ("deck1", params.deck1)):
            digest = deck_file_digest(source)
            if digest is not None:
                out[name] = digest
        return out

    def static_content(self, params: RetroParams) -> dict[str, bytes]:
        """The card book (``cards.json``), the same for every match: views name cards by key and
        never repeat their numbers or texts."""
        return {"cards.json": BOOK.to_json()}

    # ------------------------------------------------------------------ protocol
    def _to_act(self, state: RetroState) -> list[int]:
        t = state.table  # Engine.to_act, without an Engine (asked several times per action)
        if t.end_reason:
            return []
        pending = state.pending
        if pending is not None and pending.kind == COMBAT:
            return [0, 1]
        if t.prompts:
            return [t.prompts[0].seat]
        return [t.current]

    def _legal_actions(self, state: RetroState, seat: int) -> Sequence[Action | ActionTemplate]:
        return listing.legal(Engine(state), seat)

    def _count_legal(self, state: RetroState, seat: int) -> int:
        return listing.count(Engine(state), seat)

    def _sample_legal(self, state: RetroState, seat: int, rng: Rng) -> Action:
        return listing.draw(Engine(state), seat, rng)

    def play_random(self, state: RetroState, rng: Rng | Sequence[Rng], limit: int) -> int:
        """``Ruleset.play_random`` (the same actions and state), keeping between the actions
        that keep them (``keeps_holders``) the cards that answer ability hooks (``listing.walk``), and between
        the draws the sections of the walk the action applied left alone (``listing.Kept``;
        each seat's allocations and flips also across turns): the playout makes every change of
        ``state`` itself, so it knows when they may have changed. ``rng`` is one generator for
        every seat or one per seat (the lab's random agents each have their own): a seat's
        action is drawn with its seat's (``seat_rngs``: a sequence of the wrong length is refused)."""
        rngs = seat_rngs(rng, state.players)
        played = 0
        held: dict[str, Any] = {}
        sections = listing.Kept()  # the walk's sections, kept from one draw to the next (some across turns)
        t = state.table
        e = _Playout(state)  # one engine for the playout: it keeps nothing of an action but ``b.held``
        b = e.b
        while played < limit:
            if state.gm_outcome is not None or t.end_reason:
                return played  # (_to_act: nobody acts once the game is over)
            if state.pending is None and not state.sealed:  # _decision: one seat, ``_to_act``'s
                seat = t.prompts[0].seat if t.prompts else t.current
                action = listing.draw(e, seat, rngs[seat], held, sections)
                cls = type(action)
                plain = cls in KEEPS_HOLDERS  # (the most frequent)
                origin = -1
                if plain:
                    b.held = held  # kept: the action moves none of them, its hooks ask them too
                else:
                    b.held = held if keeps_holders(action, t) else None
                    if cls is Transfer:  # (where it leaves from: ``Kept.transferred``)
                        for s in t.ships:
                            if s.uid == action.ship:  # type: ignore[attr-defined]
                                origin = s.asset
                                break
                self._applying += 1
                try:
                    APPLY[cls](e, seat, action)
                finally:
                    self._applying -= 1
                if plain and b.held is not None:
                    sections.applied(action, seat)
                elif cls is Flip:  # the sections that read where its card entered (``Kept.flipped``)
                    if b.held is None:  # (a card that answers hooks: the cards that stayed keep their answers)
                        refresh(b, held)
                    sections.flipped(t, action.card, seat)  # type: ignore[attr-defined]
                elif cls is Transfer and origin != -1 and t.cards[action.ship] not in WALK_KEYS:  # type: ignore[attr-defined]
                    if b.held is None:  # (it answers hooks that walks do not ask)
                        refresh(b, held)
                    sections.transferred(t, action.ship, seat, origin)  # type: ignore[attr-defined]
                elif cls is Swap and t.cards[action.ship] not in WALK_KEYS and t.cards[  # type: ignore[attr-defined]
                        action.card] not in WALK_KEYS:  # type: ignore[attr-defined]
                    if b.held is None:
                        refresh(b, held)
                    sections.swapped(t, action.card, seat, action.asset)  # type: ignore[attr-defined]
                elif b.held is None:  # not kept, or dropped by the rule (end_turn)
                    refresh(b, held)  # (what is kept of the cards answering hooks that stayed)
                    sections.clear()  # (what the cards answering hooks said may have changed)
                else:
                    sections.applied(action, seat)
                state.step += 1
                played += 1
                continue
            held.clear()  # a combat: both seats choose, then it resolves (the generic calls)
            sections.clear()
            seats = self.to_act(state)
            if not seats:
                return played
            for seat in sorted(seats):
                self.apply_unchecked(state, seat, self.sample_legal(state, seat, rngs[seat]))
                played += 1
        return played

    def _why_not(self, state: RetroState, actor: Actor, action: Action) -> str | None:
        if not isinstance(actor, int):
            return "Retrograde has no game master actions of its own"
        return legality.why_not(Engine(state), actor, action)

    def _default_action(self, state: RetroState, seat: int) -> Action | None:
        """What a seat does when the GM closes its decision before it chose (ruling 59): no power
        or no defense in a combat, declining an offer, ending the turn."""
        e = Engine(state)
        p = e.prompt()
        if p is None:
            return End()
        if p.kind == COMBAT:
            attacker = e.b.ship(p.source)
            return Power(0) if attacker is not None and attacker.owner == seat else Defense(0)
        return Pass()

    def _apply(self, state: RetroState, moves: Mapping[int, Action]) -> list[Event]:
        return apply_moves(state, moves)

    def _outcome(self, state: RetroState) -> Outcome | None:
        t = state.table
        if not t.end_reason:
            return None
        winners = () if t.winner == NOBODY else (t.winner,)
        return Outcome(t.end_reason, winners)

    # ------------------------------------------------------------------ hidden information
    def _view(self, state: RetroState, seat: int | None) -> RetroView:
        return build_view(state, seat)

    def perturb_hidden(self, state: RetroState, seat: int, rng: Rng) -> RetroState | None:
        """Permute the identities of the opponent's hidden cards among cards of the same visible
        kind (``view.shuffle_hidden``)."""
        copy = self.clone(state)
        shuffle_hidden(copy.table, seat, rng)
        return copy

    def determinize(self, view: RetroView, seat: int, rng: Rng) -> RetroState:
        """A full state consistent with ``view`` (``view.determinize_view``)."""
        return determinize_view(view, seat, rng)

    # ------------------------------------------------------------------ extras
    def render(self, view: RetroView, viewer: Viewer) -> str:
        from starlanes.games.retrograde.render import render_table  # the terminal's part: loaded when used

        return render_table(view)

    def describe_action(self, view: RetroView, action: Action) -> str | None:
        from starlanes.games.retrograde.render import describe_action

        return describe_action(view, action)

    def describe_event(self, event: Event, viewer: Actor) -> str:
        return describe_event(event, viewer)

    def evaluate(self, state: RetroState, seat: int) -> float | None:
        from starlanes.games.retrograde.ai import evaluate_table

        return evaluate_table(state.table, seat)


def make_ruleset() -> RetrogradeRuleset:
    """The registry's factory."""
    return RetrogradeRuleset()
