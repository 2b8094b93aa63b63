"""What exists in a game of Retrograde: plain data that round-trips through JSON.

Every physical card has a ``uid`` (an index into ``RetroState.cards``, which holds its card key).
Zones: each seat's deck (top first), hand and discard pile; assets in play (face up, or face
down while being built); beside each asset its face-down spacecraft and upgrades under
construction (``Slip``); under it its upgrades; around it its orbitals (lowest first) with the
spacecraft and the debris in each.

The same structures make up a seat's view (``RetroView``), where the key of every card the seat
may not see is replaced by ``HIDDEN``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from starlanes.core.state import GameState

__all__ = [
    "COMBAT",
    "HIDDEN",
    "NOBODY",
    "Asset",
    "Beacon",
    "Config",
    "Debris",
    "Prompt",
    "RetroState",
    "RetroView",
    "Ship",
    "Slip",
    "Table",
    "Upgrade",
]

HIDDEN = "?"
NOBODY = -1
COMBAT = "combat"
"""The kind of a combat's pending sealed decision (``GameState.pending``) and of its prompt in views."""

# turn phases (an action of a later phase closes the earlier ones)
MANEUVERS, RESEARCH, REPAIR, PLACE_SHIPS, PLACE_UPGRADES, PLACE_ASSETS, ALLOCATE, CLEANUP = range(8)
PHASE_NAMES = (
    "maneuvers",
    "research",
    "repair",
    "construction: place spacecraft",
    "construction: place upgrades",
    "construction: place assets",
    "construction: allocate",
    "construction: cleanup",
)


class Slip(msgspec.Struct, kw_only=True):
    """A face-down spacecraft or upgrade under construction beside an asset."""

    uid: int
    owner: int
    counters: int = 0


class Upgrade(msgspec.Struct, kw_only=True):
    """A face-up upgrade under an asset."""

    uid: int
    damage: int = 0
    tapped: bool = False


class Debris(msgspec.Struct, kw_only=True):
    uid: int
    owner: int


class Asset(msgspec.Struct, kw_only=True):
    """An asset in play. ``controller`` is a seat or ``NOBODY``; a face-down asset is being built."""

    uid: int
    controller: int
    face_up: bool = True
    damage: int = 0
    counters: int = 0
    tapped: bool = False
    razed: bool = False
    homeworld_of: int = NOBODY  # the seat whose starting homeworld it is
    bonus_power: int = 0  # construction power gained this turn (cannibalized yards)
    upgrades: list[Upgrade] = msgspec.field(default_factory=list)
    ship_slips: list[Slip] = msgspec.field(default_factory=list)
    upgrade_slips: list[Slip] = msgspec.field(default_factory=list)
    debris: list[list[Debris]] = msgspec.field(default_factory=list)  # per orbital


class Ship(msgspec.Struct, kw_only=True):
    """A face-up spacecraft orbiting ``asset`` (a uid) in ``orbital`` (0 = lowest)."""

    uid: int
    owner: int
    asset: int
    orbital: int
    damage: int = 0
    dv: int = 0  # delta-vee counters
    armor_bonus: int = 0  # until end of turn
    dv_bonus: int = 0  # until end of turn
    boosted_by: list[int] = msgspec.field(default_factory=list)  # boost sources used on it this turn
    moves: int = 0  # maneuvers this turn (every kind; capped by maneuvers_per_turn)
    free_burns: int = 0  # zero-cost burns this turn (house rule free_burns_per_turn)


class Beacon(msgspec.Struct, kw_only=True):
    """A lasting effect of Pollen or Slingshot: ``kind`` for ``seat`` at ``asset`` on turn ``turn``."""

    kind: str
    seat: int
    asset: int
    turn: int
    amount: int


class Prompt(msgspec.Struct, kw_only=True):
    """A decision inside a step: a sealed combat, a reaction, or a follow-up after a move.

    ``kind``: "combat" (sealed power/defense: in a state it is the core's ``Pending`` in
    ``GameState.pending``; a view shows it as the first of its prompts), "sacrifice" (Loyal to
    Humanity),
    "follow" (ships that may come along after a move: pod-escort, pod-carrier, flagship,
    wingman, tow).
    """

    kind: str
    seat: int
    source: int = NOBODY  # the card whose ability asks (or the attacker)
    target: int = NOBODY  # defender ship / bombarded card
    ability: str = ""
    from_asset: int = NOBODY
    from_orbital: int = NOBODY
    to_asset: int = NOBODY
    to_orbital: int = NOBODY
    left: int = 0  # how many more may follow
    amount: int = 0  # cost / hits / bonus, by kind
    chosen: list[int] = msgspec.field(default_factory=list)


class Table(msgspec.Struct, kw_only=True):
    """The part shared by the state and every view."""

    seats: int = 2
    cards: list[str] = msgspec.field(default_factory=list)  # uid -> card key (or HIDDEN in views)
    deck_names: list[str] = msgspec.field(default_factory=list)  # per seat, the deck file's name
    decks: list[list[int]] = msgspec.field(default_factory=list)  # top first
    hands: list[list[int]] = msgspec.field(default_factory=list)
    discards: list[list[int]] = msgspec.field(default_factory=list)
    trackers: list[int] = msgspec.field(default_factory=list)  # orbit tracker: 0 top,1 right,2 bottom,3 left
    gate_streak: list[int] = msgspec.field(default_factory=list)
    peeks: list[int] = msgspec.field(default_factory=list)  # per seat: uid of the opponent's top card seen
    assets: list[Asset] = msgspec.field(default_factory=list)
    ships: list[Ship] = msgspec.field(default_factory=list)
    beacons: list[Beacon] = msgspec.field(default_factory=list)
    prompts: list[Prompt] = msgspec.field(default_factory=list)  # offers waiting; first is current
    current: int = 0
    first: int = 0
    turn: int = 1
    phase: int = MANEUVERS
    next_uid: int = 0
    winner: int = NOBODY
    end_reason: str = ""
    owners: list[int] = msgspec.field(default_factory=list)  # uid -> seat whose deck it came from


class Config(msgspec.Struct, kw_only=True, frozen=True):
    """The params the rules consult during play (copied from ``RetroParams`` at setup)."""

    burn_min_cost: int = 2
    combat_min_cost: int = 1
    die_sides: int = 6
    tracker_spaces: int = 4
    capture_clears_damage: bool = False
    maneuvers_per_turn: int = 100
    free_burns_per_turn: int = -1  # -1: no limit but maneuvers_per_turn
    gate_counts_own_turns: bool = False
    mercy_friendly_only: bool = False
    waveguide_friendly_only: bool = False
    screen_own_asset_only: bool = False
    radar_local: bool = False
    sacrifice_only_on_hits: bool = False
    turn_limit: int = 120


class RetroState(GameState, kw_only=True):
    """The whole game: the framework's fields plus the table and the game's fixed settings."""

    table: Table = msgspec.field(default_factory=Table)
    cfg: Config = msgspec.field(default_factory=Config)
    deck_lists: list[list[str]] = msgspec.field(default_factory=list)  # per seat, sorted card keys
    first_player_by: Literal["coin", "param"] = "coin"  # how ``table.first`` was chosen (ruling 60)


class RetroView(msgspec.Struct, kw_only=True):
    """What one seat (``me``; -1 for the GM) may know: the table with hidden card keys masked."""

    me: int = NOBODY
    table: Table = msgspec.field(default_factory=Table)
    deck_lists: list[list[str]] = msgspec.field(default_factory=list)  # open decklists, sorted
    cfg: Config = msgspec.field(default_factory=Config)
    first_player_by: Literal["coin", "param"] = "coin"  # how ``table.first`` was chosen
