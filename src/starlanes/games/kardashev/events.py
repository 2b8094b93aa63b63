"""Kardashev's kinds of event (data) and their words (``describe``).

Cells in events are ``[q, r]`` pairs; resources are ``[food, matter, energy]`` triples.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import ClassVar

import msgspec

from starlanes.core.state import Event, EventData

__all__ = [
    "EVENT_TYPES",
    "Attacked",
    "BidsRevealed",
    "Built",
    "Cards",
    "GameOver",
    "Moved",
    "Picked",
    "PieceLost",
    "Placed",
    "Researched",
    "RoleChosen",
    "RoundBegun",
    "TechUsed",
    "TileDrawn",
    "TilesDrawn",
    "TurnBegun",
    "describe",
]

RES = ("food", "matter", "energy")


# whether this thread is in ``Kardashev.play_random``'s own steps (``QUIET.on``): a context
# variable, which every thread starts unset (False), read by the rules as ``quiet()`` (a context
# variable's ``get`` costs about half a ``threading.local``'s attribute)
_QUIET_ON: contextvars.ContextVar[bool] = contextvars.ContextVar("kardashev_quiet", default=False)
quiet: Callable[[], bool] = _QUIET_ON.get


class _Quiet:
    """While ``on`` (``Kardashev.play_random``'s own steps, whose events nobody reads), an
    event's ``event`` is one placeholder: the data is not converted to builtins. Per thread:
    the server's bots search in worker threads while other threads apply players' actions."""

    __slots__ = ()

    @property
    def on(self) -> bool:
        return _QUIET_ON.get()

    @on.setter
    def on(self, value: bool) -> None:
        _QUIET_ON.set(value)


QUIET = _Quiet()
# what every event is while ``QUIET.on``: the hottest rules put it in without building the data
SILENT = _SILENT = Event("silent", {})


class _Data(EventData, frozen=True):
    """Kardashev's events: ``EventData``, built as no event while ``QUIET.on`` (in this thread)."""

    def event(self, *, seats: tuple[int, ...] | None = None, reveals: bool = False, text: str = "") -> Event:
        if quiet():
            return _SILENT
        return EventData.event(self, seats=seats, reveals=reveals, text=text)


class RoleChosen(_Data, frozen=True):
    kind: ClassVar[str] = "role-chosen"
    seat: int
    role: str


class RoundBegun(_Data, frozen=True):
    kind: ClassVar[str] = "round-begun"
    round: int
    final: bool


class TilesDrawn(_Data, frozen=True):
    kind: ClassVar[str] = "tiles-drawn"
    tiles: list[list[str]]
    drawers: list[int]


class TileDrawn(_Data, frozen=True):
    """A tile drawn during a turn (fleet exploration, Space Probe), shown to all."""

    kind: ClassVar[str] = "tile-drawn"
    seat: int
    symbols: list[str]
    reason: str


class BidsRevealed(_Data, frozen=True):
    kind: ClassVar[str] = "bids-revealed"
    bids: list[int]
    rolls: list[int]
    rank: list[int]
    # the seats in the order they pick (ally variant: team by team; ``rank`` then holds teams)
    pickers: list[int] = msgspec.field(default_factory=list)


class Picked(_Data, frozen=True):
    kind: ClassVar[str] = "picked"
    seat: int
    slot: int
    tile: int
    price: int
    to: int


class TurnBegun(_Data, frozen=True):
    kind: ClassVar[str] = "turn-begun"
    seat: int
    round: int


class Placed(_Data, frozen=True):
    kind: ClassVar[str] = "placed"
    seat: int
    cell: list[int]
    face: str
    symbols: list[str]
    reason: str


class Built(_Data, frozen=True):
    kind: ClassVar[str] = "built"
    seat: int
    piece: str
    cell: list[int]
    level: int
    upgrade: bool


class Moved(_Data, frozen=True):
    kind: ClassVar[str] = "moved"
    seat: int
    start: list[int]
    end: list[int]
    tiles: int
    energy: int


class Attacked(_Data, frozen=True):
    kind: ClassVar[str] = "attacked"
    seat: int
    target: list[int]
    offence: int
    defence: int
    won: bool


class PieceLost(_Data, frozen=True):
    kind: ClassVar[str] = "piece-lost"
    seat: int
    piece: str
    cell: list[int]
    level: int
    why: str


class Cards(_Data, frozen=True):
    """Cards changing hands: ``delta`` (food, matter, energy) for ``seat``; ``other`` the seat
    on the other side (-1: the bank)."""

    kind: ClassVar[str] = "cards"
    seat: int
    delta: list[int]
    other: int
    reason: str


class Researched(_Data, frozen=True):
    kind: ClassVar[str] = "researched"
    seat: int
    tech: str
    lost: list[str]
    copy: str


class TechUsed(_Data, frozen=True):
    kind: ClassVar[str] = "tech-used"
    seat: int
    tech: str
    cell: list[int]
    detail: str


class GameOver(_Data, frozen=True):
    kind: ClassVar[str] = "game-over"
    reason: str
    scores: list[int]
    winners: list[int]


EVENT_TYPES: tuple[type[EventData], ...] = (
    RoleChosen, RoundBegun, TilesDrawn, TileDrawn, BidsRevealed, Picked, TurnBegun, Placed, Built, Moved,
    Attacked, PieceLost, Cards, Researched, TechUsed, GameOver,
)


def _cell(c: list[int]) -> str:
    return f"{c[0]},{c[1]}"


def _cards(delta: list[int]) -> str:
    parts = [f"{abs(n)} {name}" for n, name in zip(delta, RES, strict=True) if n]
    return ", ".join(parts) or "nothing"


def _tile(symbols: list[str]) -> str:
    return "+".join(symbols) if symbols else "empty space"


def describe(event: Event) -> str | None:
    """Words for one of Kardashev's events; None for another kind."""
    k = event.kind
    if k == RoleChosen.kind:
        e = RoleChosen.of(event)
        return f"seat {e.seat} takes the role {e.role}"
    if k == RoundBegun.kind:
        r = RoundBegun.of(event)
        return f"round {r.round} begins" + (" (the last round)" if r.final else "")
    if k == TilesDrawn.kind:
        t = TilesDrawn.of(event)
        shown = "; ".join(f"{i + 1}: {_tile(s)} (drawn by seat {d})" for i, (s, d) in
                          enumerate(zip(t.tiles, t.drawers, strict=True)))
        return f"tiles drawn: {shown or 'none (the bag or the board is exhausted)'}"
    if k == TileDrawn.kind:
        d = TileDrawn.of(event)
        return f"seat {d.seat} draws a tile to {d.reason}: {_tile(d.symbols)}"
    if k == BidsRevealed.kind:
        b = BidsRevealed.of(event)
        rolls = [f"seat {s} rolled {r}" for s, r in enumerate(b.rolls) if r]
        text = "bids: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(b.bids) if v >= 0)
        return text + (f" (ties: {', '.join(rolls)})" if rolls else "") + \
            "; order of choice: " + ", ".join(f"seat {s}" for s in (b.pickers or b.rank))
    if k == Picked.kind:
        p = Picked.of(event)
        tile = f"tile {p.tile}" if p.tile else "no tile"
        paid = "" if not p.price else f", paying {p.price} to " + ("the bank" if p.to < 0 else f"seat {p.to}")
        turn = f"turn {p.slot} and " if p.slot else ""  # ally variant: turns follow the seating (K39)
        return f"seat {p.seat} takes {turn}{tile}{paid}"
    if k == TurnBegun.kind:
        t2 = TurnBegun.of(event)
        return f"seat {t2.seat}'s turn (round {t2.round})"
    if k == Placed.kind:
        pl = Placed.of(event)
        face = _tile(pl.symbols) if pl.face == "planet" else pl.face + (" planet" if pl.face == "destroyed" else "")
        return f"seat {pl.seat} explores {_cell(pl.cell)}: {face} ({pl.reason})"
    if k == Built.kind:
        b2 = Built.of(event)
        verb = "upgrades" if b2.upgrade else "builds"
        return f"seat {b2.seat} {verb} a {b2.piece} on {_cell(b2.cell)} (level {b2.level})"
    if k == Moved.kind:
        m = Moved.of(event)
        cells = "1 cell" if m.tiles == 1 else f"{m.tiles} cells"
        return f"seat {m.seat} moves a fleet {_cell(m.start)} -> {_cell(m.end)} ({cells}, {m.energy} energy)"
    if k == Attacked.kind:
        a = Attacked.of(event)
        result = "wins" if a.won else "fails"
        return f"seat {a.seat} attacks {_cell(a.target)}: {a.offence} against {a.defence}, the attack {result}"
    if k == PieceLost.kind:
        pc = PieceLost.of(event)
        left = f"now level {pc.level}" if pc.level else "removed"
        return f"seat {pc.seat}'s {pc.piece} on {_cell(pc.cell)} {pc.why} ({left})"
    if k == Cards.kind:
        c = Cards.of(event)
        gained = [max(0, n) for n in c.delta]
        lost = [max(0, -n) for n in c.delta]
        side = "the bank" if c.other < 0 else f"seat {c.other}"
        parts = []
        if any(gained):
            parts.append(f"gains {_cards(gained)}")
        if any(lost):
            parts.append(f"pays {_cards(lost)}")
        return f"seat {c.seat} {' and '.join(parts) or 'gets nothing'} ({c.reason}, with {side})"
    if k == Researched.kind:
        rs = Researched.of(event)
        dropped = ", losing " + ", ".join(rs.lost) if rs.lost else ""
        copy = f" copying {rs.copy}" if rs.copy else ""
        return f"seat {rs.seat} researches {rs.tech}{copy}{dropped}"
    if k == TechUsed.kind:
        u = TechUsed.of(event)
        where = f" on {_cell(u.cell)}" if u.cell else ""
        return f"seat {u.seat} uses {u.tech}{where}" + (f": {u.detail}" if u.detail else "")
    if k == GameOver.kind:
        g = GameOver.of(event)
        return f"game over ({g.reason}): scores {g.scores}, winners {g.winners}"
    return None
