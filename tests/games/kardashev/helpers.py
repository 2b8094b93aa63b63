"""Building Kardashev positions for rule tests: a seeded setup with chosen roles, then the board,
hands and technologies set by hand, and the active seat in its turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from starlanes.core.state import Event
from starlanes.games.kardashev.game import Kardashev, make_ruleset
from starlanes.games.kardashev.rules.common import BOARD, INDEX
from starlanes.games.kardashev.state import Cell, KardashevState

G: Kardashev = make_ruleset()


def idx(name: str) -> int:
    q, r = (int(v) for v in name.split(","))
    return INDEX[(q, r)]


def cell(state: KardashevState, name: str) -> Cell:
    return state.cells[idx(name)]


def with_roles(roles: Sequence[str], seed: int = 1, **params: Any) -> KardashevState:
    """A game after role choice (seat i takes roles[i]); Salvager extras taken as food, the
    Scientist's free technology the first one offered."""
    state = G.setup(params or None, len(roles), seed)
    while state.phase == "role":
        kind = G.decision(state)
        assert kind is not None
        (seat,) = kind.actors
        if kind.kind == "role":
            G.apply(state, seat, f"role {roles[seat]}")
        elif kind.kind == "gain":
            G.apply(state, seat, "gain food")
        else:
            G.apply(state, seat, G.legal_actions(state, seat)[0])
    return state


def turn(state: KardashevState, seat: int = 0, *, clear: bool = True, hand: tuple[int, int, int] = (5, 5, 5),
         techs: Sequence[str] = ()) -> KardashevState:
    """The position put in ``seat``'s turn after its tile is placed; ``clear`` empties the board
    (every cell unexplored, no piece) so a test sets exactly what it needs."""
    state.phase = "turn"
    state.order = [seat] + [s for s in range(state.players) if s != seat]
    state.turn = 0
    state.tasks = []
    state.base_used = state.research_used = 0
    state.moved_gain = False
    for p in state.seats:
        p.tile = None
    if clear:
        for c in state.cells:
            c.tile, c.symbols, c.terraformed = None, [], []
            c.colony, c.colony_level, c.fleet, c.fleet_level = None, 0, None, 0
        for p in state.seats:
            p.colonies_supply, p.fleets_supply = state.params.supply_colonies, state.params.supply_fleets
        for other, p in enumerate(state.seats):  # the others keep a colony at their corner
            if other != seat:
                q, r = BOARD.corners[p.corner].corner
                put(state, f"{q},{r}", ("food",), colony=other)
    p = state.seats[seat]
    p.food, p.matter, p.energy = hand
    p.techs = list(techs)
    return state


def put(state: KardashevState, name: str, symbols: Sequence[str] = ("food",), *, tile: str = "planet",
        colony: int | None = None, clevel: int = 1, fleet: int | None = None, flevel: int = 1) -> Cell:
    """Explore a cell and place pieces on it (supplies follow)."""
    c = cell(state, name)
    c.tile = tile  # type: ignore[assignment]
    c.symbols = list(symbols) if tile == "planet" else []
    if colony is not None:
        c.colony, c.colony_level = colony, clevel
        state.seats[colony].colonies_supply -= clevel
    if fleet is not None:
        c.fleet, c.fleet_level = fleet, flevel
        state.seats[fleet].fleets_supply -= flevel
    return c


def hand(state: KardashevState, seat: int) -> tuple[int, int, int]:
    return state.seats[seat].hand()


def set_hand(state: KardashevState, seat: int, food: int, matter: int, energy: int) -> None:
    p = state.seats[seat]
    p.food, p.matter, p.energy = food, matter, energy


def act(state: KardashevState, seat: int, text: str) -> list[Event]:
    return G.apply(state, seat, text)


def refused(state: KardashevState, seat: int, text: str) -> str:
    """The reason ``text`` is refused (the test fails if it is accepted); the state is unchanged."""
    before = G.to_json(state)
    action = G.parse_action(text)
    reason = G.why_not(state, seat, action)
    assert reason, f"'{text}' was accepted"
    assert G.to_json(state) == before
    return reason


def legal_texts(state: KardashevState, seat: int) -> set[str]:
    return {a.text() for a in G.legal_actions(state, seat)}


def drain(state: KardashevState, answer: str = "decline") -> None:
    """Answer every waiting gain with ``answer`` (decline, or gain TYPE)."""
    while state.tasks and state.tasks[0].kind == "gain":
        seat = state.tasks[0].seat
        G.apply(state, seat, answer if answer != "decline" or state.tasks[0].optional else "gain food")


def same_kept(kept: Any, fresh: Any) -> bool:
    """The same value, but for the answers kept per hand (a dict filled in as hands ask, in a
    board's ``tmemo``): the same answer for every hand both asked about."""
    if isinstance(kept, dict) and isinstance(fresh, dict):
        return all(same_kept(kept[k], fresh[k]) for k in kept.keys() & fresh.keys())
    if isinstance(kept, tuple) and isinstance(fresh, tuple) and len(kept) == len(fresh):
        return all(same_kept(a, b) for a, b in zip(kept, fresh, strict=True))
    return bool(kept == fresh)


def same_memo(kept: dict[Any, Any], fresh: dict[Any, Any]) -> int:
    """Every entry both memos of a seat's kept board hold is the same (a move search kept from an
    earlier decision may have gone farther: the same cells at the same depths up to the nearer
    limit); how many entries were compared."""
    both = kept.keys() & fresh.keys()
    for key in both:
        if type(key) is tuple and key[0] == "reached":
            limit = min(kept[key][0], fresh[key][0])
            assert kept[key][1][:limit] == fresh[key][1][:limit], key
            assert kept[key][2][:limit] == fresh[key][2][:limit], key
            assert kept[key][3][:limit + 1] == fresh[key][3][:limit + 1], key
        else:
            assert same_kept(kept[key], fresh[key]), key
    return len(both)
