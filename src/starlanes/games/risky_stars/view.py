"""What each seat of Risky Stars sees, derived from the state in one place (no presentation
text: ``render.py`` draws it), and the full states consistent with a view (``determinize``).

Public (ruling 26): the map, possession, every army, every stockpile, upgrade levels, heroes on
bodies, the deck's make-up and size, alliances, shares, truces, open combats. Private to a seat:
the heroes in its own reserve (the others see how many; all of them with
``hero_reserve_public``). Hidden from everybody: the order of the hero deck. The GM sees all.
"""

from __future__ import annotations

import msgspec

from starlanes.core import Rng
from starlanes.core.decision import Pending
from starlanes.games.risky_stars.board import board_of
from starlanes.games.risky_stars.economy import income
from starlanes.games.risky_stars.maps import StarMap
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.state import NOBODY, OFFER, Combat, RiskyStarsState, Truce

__all__ = ["RiskyStarsView", "build_view", "determinize_view", "perturb_state"]


class RiskyStarsView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's view of the game. Indexes: locations as ``star_map.topology.locations``
    (regions, then mouths), bodies in map order, heroes by number (``h1`` is hero 0)."""

    params: RiskyStarsParams
    """The game's params (``map`` is blanked: a view names no file; the map is ``star_map``)."""
    star_map: StarMap
    """The map played on."""
    seat: int
    """The viewer (-1: the GM)."""
    homes: tuple[str, ...]
    """Home system id of each seat."""
    round: int
    """The round being played, from 1 (``max_rounds`` is the last)."""
    first: int
    """The seat that plays first in each round."""
    current: int
    """The seat whose turn it is."""
    moved: bool
    """The current player has spent its move this turn."""
    proposed: bool
    """The current player has proposed an alliance this turn."""
    shared: bool
    """The current player has changed its alliance share this turn."""
    owner: tuple[int, ...]
    """Possessor of each location (-1: nobody)."""
    units: tuple[tuple[int, ...], ...]
    """``units[seat][location]``: army sizes."""
    stock: tuple[tuple[int, ...], ...]
    """``stock[seat]``: ``(population, metals, fuel)``."""
    income: tuple[tuple[int, ...], ...]
    """``income[seat]``: what the seat's possessions produce at the start of its turn (P, M, F)."""
    level: tuple[int, ...]
    """Upgrade level of each body."""
    heroes: tuple[tuple[int, ...], ...]
    """Heroes assigned to each body."""
    hero_class: tuple[int, ...]
    """Class (1-3) of each hero."""
    deck_size: int
    """Heroes left to draw."""
    reserve: tuple[int, ...] | None
    """The viewer's own unassigned heroes (None for the GM)."""
    reserve_sizes: tuple[int, ...]
    """How many unassigned heroes each seat holds."""
    all_reserves: tuple[tuple[int, ...], ...] | None
    """Every seat's unassigned heroes: for the GM, or when ``hero_reserve_public``; else None."""
    removed: tuple[int, ...]
    """Heroes out of the game."""
    to_place: tuple[int, ...]
    """Alliance units each seat still has to place."""
    alliance: tuple[int, ...]
    """Alliance id of each seat (-1: none)."""
    share: tuple[int, ...]
    """Percentage of its stockpile each seat offers its alliance's muster."""
    next_alliance: int
    """The id the next alliance formed gets."""
    truces: tuple[Truce, ...]
    """Truces after leaving alliances: no attacks between ``a`` and ``b`` while ``round <= until``."""
    combats: tuple[Combat, ...]
    """Open combats, in the order they opened."""
    offer_from: int
    """While an alliance proposal awaits an answer: the proposer (else -1)."""
    offer_to: tuple[int, ...]
    """...and the seats that still have to answer it, in order."""
    alive: tuple[bool, ...]
    """Seats still in the game."""
    featured_holder: int
    """The seat that held the whole featured system at the last round ends (-1: nobody)."""
    featured_rounds: int
    """How many round ends in a row it has."""
    over: bool
    """The game has ended."""
    winners: tuple[int, ...]
    """The winners once over."""
    end_reason: str
    """Why it ended."""


def _offer(pending: Pending | None) -> tuple[int, tuple[int, ...]]:
    if pending is None or pending.kind != OFFER:
        return NOBODY, ()
    proposer = pending.data.get("proposer", NOBODY)
    asked = pending.data.get("asked", [])
    return (proposer if isinstance(proposer, int) else NOBODY,
            tuple(asked) if isinstance(asked, list) else ())


def build_view(state: RiskyStarsState, seat: int | None) -> RiskyStarsView:
    """What ``seat`` sees (``None``: the GM)."""
    board = board_of(state.star_map)
    p = state.params
    offer_from, offer_to = _offer(state.pending)
    show_all = seat is None or p.hero_reserve_public
    return RiskyStarsView(
        params=p.replace(map="") if p.map else p,
        star_map=state.star_map,
        seat=-1 if seat is None else seat,
        homes=tuple(state.homes),
        round=state.round,
        first=state.first,
        current=state.current,
        moved=state.moved,
        proposed=state.proposed,
        shared=state.shared,
        owner=tuple(state.owner),
        units=tuple(tuple(u) for u in state.units),
        stock=tuple(tuple(s) for s in state.stock),
        income=tuple(tuple(income(board, p, state.owner, state.level, state.heroes, state.hero_class, s))
                     for s in range(state.players)),
        level=tuple(state.level),
        heroes=tuple(tuple(h) for h in state.heroes),
        hero_class=tuple(state.hero_class),
        deck_size=len(state.deck),
        reserve=None if seat is None else tuple(sorted(state.reserve[seat])),
        reserve_sizes=tuple(len(r) for r in state.reserve),
        all_reserves=tuple(tuple(sorted(r)) for r in state.reserve) if show_all else None,
        removed=tuple(state.removed),
        to_place=tuple(state.to_place),
        alliance=tuple(state.alliance),
        share=tuple(state.share),
        next_alliance=state.next_alliance,
        truces=tuple(Truce(a=t.a, b=t.b, until=t.until) for t in state.truces),
        combats=tuple(Combat(at=c.at, attacker=c.attacker, defender=c.defender, attackers=list(c.attackers),
                             launch=list(c.launch), defenders=list(c.defenders), opened_round=c.opened_round)
                      for c in state.combats),
        offer_from=offer_from,
        offer_to=offer_to,
        alive=tuple(state.alive),
        featured_holder=state.featured_holder,
        featured_rounds=state.featured_rounds,
        over=state.over,
        winners=tuple(state.winners),
        end_reason=state.end_reason,
    )


def _hidden_pool(deck: list[int], reserve: list[list[int]], seat: int, public: bool) -> list[int]:
    """Heroes whose place ``seat`` cannot see: the deck, and (unless public) other reserves."""
    pool = list(deck)
    if not public:
        for s, r in enumerate(reserve):
            if s != seat:
                pool.extend(r)
    return pool


def _redeal(pool: list[int], reserve_sizes: list[int], seat: int, public: bool,
            reserve: list[list[int]], rng: Rng) -> list[int]:
    """Shuffle ``pool`` into the other seats' reserves (their sizes kept) and the deck; returns the deck."""
    rng.shuffle(pool)
    if not public:
        for s, size in enumerate(reserve_sizes):
            if s != seat:
                reserve[s] = sorted(pool[:size])
                pool = pool[size:]
    return pool


def perturb_state(state: RiskyStarsState, seat: int, rng: Rng) -> RiskyStarsState:
    """A copy of ``state`` in which only what ``seat`` cannot see changed: the deck's order and
    the heroes in the other seats' reserves."""
    new = msgspec.convert(msgspec.to_builtins(state), type=RiskyStarsState)
    public = state.params.hero_reserve_public
    pool = _hidden_pool(new.deck, new.reserve, seat, public)
    new.deck = _redeal(pool, [len(r) for r in new.reserve], seat, public, new.reserve, rng)
    return new


def determinize_view(view: RiskyStarsView, seat: int, rng: Rng) -> RiskyStarsState:
    """A full state that shows ``seat`` exactly ``view``: unseen heroes dealt at random."""
    players = len(view.alive)
    seen: set[int] = set(view.removed)
    for h in view.heroes:
        seen.update(h)
    reserve: list[list[int]] = [[] for _ in range(players)]
    if view.all_reserves is not None:
        reserve = [list(r) for r in view.all_reserves]
    elif view.reserve is not None and 0 <= seat < players:
        reserve[seat] = list(view.reserve)
    for r in reserve:
        seen.update(r)
    pool = [h for h in range(len(view.hero_class)) if h not in seen]
    public = view.all_reserves is not None
    deck = _redeal(pool, list(view.reserve_sizes), seat, public, reserve, rng)
    pending = None
    if view.offer_from >= 0:
        pending = Pending(OFFER, (view.offer_to[0],), False,
                          {"proposer": view.offer_from, "asked": list(view.offer_to)})
    return RiskyStarsState(
        players=players,
        rng=rng.fork("determinize"),
        pending=pending,
        params=view.params,
        star_map=view.star_map,
        homes=list(view.homes),
        first=view.first,
        current=view.current,
        round=view.round,
        owner=list(view.owner),
        units=[list(u) for u in view.units],
        stock=[list(s) for s in view.stock],
        level=list(view.level),
        heroes=[list(h) for h in view.heroes],
        hero_class=list(view.hero_class),
        deck=deck,
        reserve=reserve,
        removed=list(view.removed),
        moved=view.moved,
        proposed=view.proposed,
        shared=view.shared,
        to_place=list(view.to_place),
        alliance=list(view.alliance),
        share=list(view.share),
        next_alliance=view.next_alliance,
        truces=[Truce(a=t.a, b=t.b, until=t.until) for t in view.truces],
        combats=[Combat(at=c.at, attacker=c.attacker, defender=c.defender, attackers=list(c.attackers),
                        launch=list(c.launch), defenders=list(c.defenders), opened_round=c.opened_round)
                 for c in view.combats],
        alive=list(view.alive),
        featured_holder=view.featured_holder,
        featured_rounds=view.featured_rounds,
        over=view.over,
        winners=list(view.winners),
        end_reason=view.end_reason,
    )
