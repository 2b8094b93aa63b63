"""Kardashev's state and view: plain msgspec data, no prose.

Cells are indexed in the board's fixed order (``CELL_ORDER``: by row ``r``, then ``q``) and
written ``q,r`` in actions and messages. The state holds everything; the view of a seat is the
same data except the bag's order (only how many tiles of each kind are left) and the sealed bids
(kept by the core in ``GameState.sealed`` until every bid is in).

Phases of a round (``phase``):

``role``     setup: the seats choose roles in ``role_order`` and arrange their pieces (K-S01..K-S06)
``bid``      the sealed, simultaneous bids (K-B02); the core's sealed decision
``pick``     in rank order each bidder picks a turn slot and a drawn tile (K-B04..K-B06)
``turn``     the active seat ``order[turn]`` places its tile, then takes its actions
``over``     the game has ended

Sub-decisions interrupting the flow are ``tasks`` (first one first): a gain of choice, a
payment of cards of one's choice, a tile to place (bid tile, exploration, Space Probe), a
support choice in an attack, a raid's named type.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import msgspec

from starlanes.core.state import GameState
from starlanes.games.kardashev.board import Board, Hex
from starlanes.games.kardashev.spec import KardashevParams

__all__ = [
    "PHASES",
    "TASK_KINDS",
    "Battle",
    "Cell",
    "KardashevState",
    "KardashevView",
    "Offer",
    "Player",
    "Task",
    "cell_order",
]

Phase = Literal["role", "bid", "pick", "turn", "over"]
PHASES: tuple[str, ...] = ("role", "bid", "pick", "turn", "over")
TaskKind = Literal["gain", "pay", "place", "support", "raid"]
TASK_KINDS: tuple[str, ...] = ("gain", "pay", "place", "support", "raid")
TileFace = Literal["planet", "destroyed", "empty"]


def cell_order(board: Board) -> tuple[Hex, ...]:
    """The board's cells in index order: by row ``r``, then column ``q`` (north first)."""
    return tuple(sorted(board.cells, key=lambda c: (c[1], c[0])))


class Cell(msgspec.Struct, kw_only=True, gc=False):
    """One board space and what is on it."""

    q: int
    """Axial column."""
    r: int
    """Axial row (north is negative)."""
    zone: Literal["blue", "white"]
    """The blue zone (the 19 inner cells) or the white zone (the outer ring)."""
    tile: TileFace | None = None
    """None: unexplored; ``planet`` (symbols), ``destroyed`` (impassable) or ``empty`` space."""
    symbols: list[str] = msgspec.field(default_factory=list)
    """The printed symbols of the face up (``food``, ``matter``, ``energy``, ``military``);
    empty for a destroyed planet or empty space."""
    terraformed: list[str] = msgspec.field(default_factory=list)
    """Terraform symbols added to the tile (Terraform, Accretion Device); they stay when the colony
    changes hands (A#25)."""
    back: Literal["destroyed", "empty"] = "destroyed"
    """What the other face of the tile is (a planet's back is a destroyed planet)."""
    colony: int | None = None
    """Seat owning the colony on this cell, or None."""
    colony_level: int = 0
    """Level 1-3 of the colony (0: none)."""
    fleet: int | None = None
    """Seat owning the fleet on this cell, or None (at most one fleet per cell, K-F05)."""
    fleet_level: int = 0
    """Level 1-3 of the fleet (0: none)."""

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)

    @property
    def all_symbols(self) -> list[str]:
        """Printed plus terraformed symbols (what the rules read)."""
        if not self.terraformed:  # most cells: the printed ones (a new list, as with terraforming)
            return self.symbols[:]
        return self.symbols + [s for s in self.terraformed if s not in self.symbols]


class Player(msgspec.Struct, kw_only=True, gc=False):
    """One seat's civilisation; everything here is public (SET 56)."""

    corner: str
    """Starting corner name (``N``, ``NE``...)."""
    team: int
    """Team number: the seat itself, or the ally pair's index in the ally variant."""
    role: str | None = None
    """Role key (``warlord``...), None until chosen."""
    food: int = 0
    """Food cards in hand."""
    matter: int = 0
    """Matter cards in hand."""
    energy: int = 0
    """Energy cards in hand."""
    techs: list[str] = msgspec.field(default_factory=list)
    """Technologies researched and held (keys), in the order researched."""
    cloned: str | None = None
    """The technology a held clone technology (Cloning) copies."""
    colonies_supply: int = 15
    """Colony pieces left in supply (a level-L colony uses L pieces, A#3)."""
    fleets_supply: int = 15
    """Fleet pieces left in supply."""
    tile: int | None = None
    """Index in ``offer`` of the tile won this round, not placed yet."""
    eliminated: bool = False
    """No colony and no fleet on the board (K-E02); skips bidding and turns."""
    free_techs: int = 0
    """Setup: level-1 technologies still to take for free (the Scientist, K-S06)."""
    placed: bool = True
    """Setup: the role's starting pieces are on the board (False: the seat arranges them next)."""

    def hand(self) -> tuple[int, int, int]:
        return (self.food, self.matter, self.energy)


class Offer(msgspec.Struct, kw_only=True, gc=False):
    """A tile drawn this round and offered in the bidding (K-B01)."""

    symbols: list[str]
    """Front symbols (empty: empty space)."""
    back: Literal["destroyed", "empty"]
    """The other face."""
    drawer: int
    """Seat that drew it (paid when an opponent takes it, K-B05)."""
    taker: int | None = None
    """Seat that picked it, or None."""


class Task(msgspec.Struct, kw_only=True, gc=False):
    """A sub-decision of one seat the flow waits for (first in ``tasks`` first)."""

    kind: TaskKind
    """``gain`` a resource of choice, ``pay`` cards of choice, ``place`` a tile, ``support`` in
    an attack, ``raid`` (name a type)."""
    seat: int
    """Who decides."""
    reason: str
    """What caused it (a key such as ``compile``, ``bid``, ``salvage-drone``, ``explore``)."""
    amount: int = 0
    """gain: cards to take; pay: cards to give."""
    to: int = -1
    """pay: the seat paid, -1 the bank."""
    types: list[str] = msgspec.field(default_factory=list)
    """gain: the types allowed."""
    optional: bool = False
    """gain: may be declined (role abilities: 'may gain')."""
    cells: list[int] = msgspec.field(default_factory=list)
    """place: the cells allowed; support: the cells whose fleets may support."""
    tile: int = -1
    """place: index in ``offer`` (-1: ``drawn``, a tile drawn for exploration or a probe)."""
    drawn: list[str] = msgspec.field(default_factory=list)
    """place: the front symbols of a tile drawn for exploration or a probe."""
    drawn_back: Literal["destroyed", "empty"] = "destroyed"
    """place: that tile's back."""
    same_type: bool = False
    """pay: all the cards of one type, the payer's pick (a "matching" price part)."""
    then_gain: bool = False
    """place: the placer may then take a card of the planet's resource type (the Warlord's
    gain for the cell its fleet explored, A#34)."""


class Battle(msgspec.Struct, kw_only=True, gc=False):
    """An attack being resolved (K-T01..K-T10)."""

    attacker: int
    """Attacking seat."""
    start: int
    """Cell the attacking fleet left (it is off the board while the attack resolves)."""
    level: int
    """Attacking fleet's level."""
    target: int
    """Attacked cell."""
    retreat: int
    """Cell the attacker falls back to on failure, -1: it is destroyed instead (K-T08)."""
    attack_supports: list[int] = msgspec.field(default_factory=list)
    """Cells of fleets supporting the attack."""
    defence_supports: list[int] = msgspec.field(default_factory=list)
    """Cells of fleets supporting the defence."""
    gain_types: list[str] = msgspec.field(default_factory=list)
    """The Warlord's gain for the attacked tile if the attack wins (A#34)."""


class KardashevState(GameState, kw_only=True):
    """The whole game."""

    params: KardashevParams
    """The rules' numbers."""
    cells: list[Cell]
    """The 37 board cells in ``cell_order``."""
    seats: list[Player]
    """One per seat."""
    bag: list[int]
    """Tiles left in the bag, as indices of the content's tile kinds, in draw order (hidden)."""
    phase: Phase = "role"
    """Where the round is (see the module docstring)."""
    round: int = 0
    """Round number, 1 from the first bidding."""
    role_order: list[int] = msgspec.field(default_factory=list)
    """Setup: the order in which seats choose roles (seeded, A#12)."""
    offer: list[Offer] = msgspec.field(default_factory=list)
    """This round's drawn tiles."""
    bids: list[int] = msgspec.field(default_factory=list)
    """Revealed bids by seat (empty before the reveal); team sums are derived in the ally variant."""
    rolls: list[int] = msgspec.field(default_factory=list)
    """Tie-break die rolls by seat (0: no roll needed)."""
    rank: list[int] = msgspec.field(default_factory=list)
    """Bidding sides from the highest bid: seats (the ally variant: team numbers)."""
    pickers: list[int] = msgspec.field(default_factory=list)
    """Seats in the order they pick a slot and a tile (the ally variant: team by team)."""
    picked: int = 0
    """How many of ``rank`` have picked."""
    slots: list[int] = msgspec.field(default_factory=list)
    """Turn order slots: the seat in each slot, -1 free."""
    order: list[int] = msgspec.field(default_factory=list)
    """This round's turn order (seats)."""
    turn: int = 0
    """Index in ``order`` of the active seat."""
    base_used: int = 0
    """Base actions taken this turn."""
    research_used: int = 0
    """Research actions taken this turn."""
    moved_gain: bool = False
    """The Warlord's once-per-turn move gain was used this turn."""
    tasks: list[Task] = msgspec.field(default_factory=list)
    """Sub-decisions waiting, first first."""
    battle: Battle | None = None
    """The attack being resolved."""
    last_round: int = 0
    """The last round once an end trigger fired (0: not yet, K-E01..K-E03)."""
    ended: str = ""
    """Why the game ended (empty while it goes on)."""

    _kforce: ClassVar[list[Any]]
    """Not a field (never saved, cloned or compared; set in the state's ``__dict__``): per seat,
    the effects in force ``rules.common.hook`` found last and what they were found for
    (``common._Entry``, None before the first look-up)."""

    _kboard: ClassVar[Any]
    """Not a field either (set in the state's ``__dict__`` by ``fastlegal``, as ``fastlegal._KEPT``
    spells it): the board read ``fastlegal`` keeps from step to step (``fastlegal._Read``)."""

    @property
    def active(self) -> int:
        return self.order[self.turn] if self.phase == "turn" and self.order else -1


class KardashevView(msgspec.Struct, kw_only=True):
    """What one seat sees: the whole state but the bag's order (and others' sealed bids, kept
    by the core). Field meanings as in ``KardashevState``."""

    params: KardashevParams
    """The rules' numbers."""
    cells: list[Cell]
    """The 37 board cells in ``cell_order`` (index = cell number)."""
    seats: list[Player]
    """Every seat's role, hand, techs, supplies (public)."""
    bag_left: list[int]
    """Tiles left in the bag per content tile kind (the order is hidden)."""
    bag_kinds: list[list[str]]
    """Front symbols of each content tile kind (index as in ``bag_left``)."""
    phase: Phase
    """Where the round is."""
    round: int
    """Round number."""
    role_order: list[int]
    """Setup role choice order."""
    offer: list[Offer]
    """This round's drawn tiles."""
    bids: list[int]
    """Revealed bids by seat (empty until all are in)."""
    rolls: list[int]
    """Tie-break rolls by seat."""
    rank: list[int]
    """Bidding sides from highest (seats; ally variant: teams)."""
    pickers: list[int]
    """Seats in picking order."""
    picked: int
    """How many have picked."""
    slots: list[int]
    """Seat in each turn slot (-1 free)."""
    order: list[int]
    """Turn order."""
    turn: int
    """Index of the active seat in ``order``."""
    active: int
    """The active seat (-1 outside player turns)."""
    base_used: int
    """Base actions used this turn."""
    research_used: int
    """Research actions used this turn."""
    moved_gain: bool
    """The Warlord's move gain was used this turn."""
    tasks: list[Task]
    """Sub-decisions waiting."""
    battle: Battle | None
    """The attack being resolved."""
    last_round: int
    """The last round once triggered (0: not yet)."""
    ended: str
    """Why the game ended."""
    teams: list[list[int]]
    """Sides: one seat each, or the ally pairs."""
    scores: list[int]
    """Current score per seat (colonies + fleets + techs)."""
