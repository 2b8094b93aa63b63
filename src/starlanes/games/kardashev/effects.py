"""The effect vocabulary: every technology and role ability as data the rules engine interprets.

A technology's text overrides the base rules (the golden rule). Here that is one mechanism:
every effect is a typed value with a ``kind`` (its tag in the content files) and its numbers,
and every kind belongs to one **hook**, the single step of the rules that consults it. The
rules engine computes the base rule at that step, then folds the player's active effects of
that hook over it (``effects_at``); no rule names a technology. A new technology is a content
row that reuses a kind, or a new kind here plus its handler at its hook.

Hooks (the step that asks):

========================  ==================================================================
``action-budget``         how many base / research / either actions a turn has
``move``                  Move Fleet: energy per payment, range, path (jumps)
``build-fleet``           Build / Upgrade Fleet: where, at what price, up to which level
``build-colony``          Build Colony: the price
``support``               paying for supporting fleets
``harvest``               your own Harvest: what your colonies and fleets yield
``harvest-others``        another player's Harvest (blocking it, taxing it)
``use-technology``        a Use Technology action (the 🔬 techs)
``research``              a choice made when the tech is researched (Cloning)
``<event>``               a trigger: something happened (see ``EVENTS``)
========================  ==================================================================

>>> MoveDiscount(energy=1).hook
'move'
>>> Downgrade(event="own-colony-captured", target="attacking-fleet").hook
'own-colony-captured'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, ClassVar, Literal

import msgspec

from starlanes.games.kardashev.costs import Cost

__all__ = [
    "BASE_ACTIONS",
    "EVENTS",
    "HOOKS",
    "Accrete",
    "ActionBudget",
    "Annihilate",
    "BaseAction",
    "BaseActionAsResearch",
    "BlockProduction",
    "Clone",
    "ColonyCost",
    "Downgrade",
    "Effect",
    "EffectBase",
    "Erase",
    "Event",
    "FleetSite",
    "FleetYield",
    "FleetYieldByLevel",
    "FreeSupports",
    "Gain",
    "HarvestNeighbours",
    "MilitaryAsResource",
    "MoveDiscount",
    "MoveFree",
    "MoveJump",
    "MoveRange",
    "Probe",
    "Raid",
    "Symbol",
    "Tax",
    "Terraform",
    "Tribute",
    "effects_at",
]

Symbol = Literal["food", "matter", "energy", "military"]
BaseAction = Literal["build-colony", "upgrade-colony", "build-fleet", "upgrade-fleet", "harvest", "move-fleet"]
BASE_ACTIONS: tuple[BaseAction, ...] = (
    "build-colony", "upgrade-colony", "build-fleet", "upgrade-fleet", "harvest", "move-fleet",
)

# Triggers, each named from the point of view of the effect's holder.
Event = Literal[
    "own-attack-failed-on-colony",  # you attacked an opponent's colony and lost (retreat or destroyed, A#27)
    "attack-on-own-colony-failed",  # an opponent attacked your colony and lost
    "own-colony-captured",  # an opponent's attack took your colony
    "own-tile-placed",  # you placed a tile (bidding tile, fleet exploration, Space Probe)
    "fleet-built-or-upgraded",  # any player built or upgraded a fleet
    "own-colony-built-or-upgraded",  # you built or upgraded a colony
    "own-harvest",  # you harvested
    "research",  # any player researched a technology
    "own-move",  # you moved a fleet
]
EVENTS: tuple[str, ...] = Event.__args__  # type: ignore[attr-defined]

HOOKS: tuple[str, ...] = (
    "action-budget", "move", "build-fleet", "build-colony", "support", "harvest", "harvest-others",
    "use-technology", "research", *EVENTS,
)

Positive = Annotated[int, msgspec.Meta(ge=1)]
Level = Annotated[int, msgspec.Meta(ge=1, le=3)]


class EffectBase(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", kw_only=True):
    """Every effect: ``kind`` is its tag; ``hook`` the rule step that consults it."""

    hook: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)

    @property
    def is_action(self) -> bool:
        """Used through the Use Technology action (the card's 🔬)."""
        return self.hook == "use-technology"


class _Triggered(EffectBase, frozen=True, kw_only=True):
    event: Event

    @property
    def hook(self) -> str:  # type: ignore[override]
        return self.event


# --- action budget -------------------------------------------------------------------------


class ActionBudget(EffectBase, frozen=True, tag="action-budget", kw_only=True):
    """The turn's actions become ``base`` base, ``research`` research and ``either`` of either
    kind (base rules: 1 / 1 / 1; the Generalist: 0 / 0 / 3)."""

    hook: ClassVar[str] = "action-budget"
    base: Annotated[int, msgspec.Meta(ge=0)] = 0
    research: Annotated[int, msgspec.Meta(ge=0)] = 0
    either: Annotated[int, msgspec.Meta(ge=0)] = 0


# --- movement ------------------------------------------------------------------------------


class MoveDiscount(EffectBase, frozen=True, tag="move-discount", kw_only=True):
    """Each move costs ``energy`` less, never below 0 (Fuel Efficiency)."""

    hook: ClassVar[str] = "move"
    energy: Positive = 1


class MoveRange(EffectBase, frozen=True, tag="move-range", kw_only=True):
    """Each payment moves ``factor`` times as many tiles (Boosters)."""

    hook: ClassVar[str] = "move"
    factor: Annotated[int, msgspec.Meta(ge=2)] = 2


class MoveFree(EffectBase, frozen=True, tag="move-free", kw_only=True):
    """Moves cost no energy; supports still do (Dyson Sphere)."""

    hook: ClassVar[str] = "move"


class MoveJump(EffectBase, frozen=True, tag="move-jump", kw_only=True):
    """A move may leap over ``count`` single cells of any kind; a leapt cell is not entered and
    counts as no tile (Wormhole)."""

    hook: ClassVar[str] = "move"
    count: Positive = 1


# --- building ------------------------------------------------------------------------------


class FleetSite(EffectBase, frozen=True, tag="fleet-site", kw_only=True):
    """Another place where Build / Upgrade Fleet may be done.

    ``site``: ``own-colony`` (any of your colonized planet tiles) or ``near-own-fleet`` (a cell
    with no colony, no destroyed planet and no opponent piece, adjacent to one of your fleets).
    ``needs_military``: whether the tile must still show a military symbol. ``price``: a flat
    price replacing the normal fleet price; none keeps the normal one. ``build_level``: the
    level a new fleet is built at when no colony sets the cap (none: capped by the colony).
    """

    hook: ClassVar[str] = "build-fleet"
    site: Literal["own-colony", "near-own-fleet"]
    needs_military: bool = False
    price: Cost | None = None
    build_level: Level | None = None


class ColonyCost(EffectBase, frozen=True, tag="colony-cost", kw_only=True):
    """A colony built at ``level`` may be paid with any one of ``options`` instead (Nanotube)."""

    hook: ClassVar[str] = "build-colony"
    level: Level = 1
    options: Annotated[tuple[Cost, ...], msgspec.Meta(min_length=1)]


# --- combat --------------------------------------------------------------------------------


class FreeSupports(EffectBase, frozen=True, tag="free-supports", kw_only=True):
    """``count`` of your supporting fleets per attack (made or defended) cost nothing (Encryption)."""

    hook: ClassVar[str] = "support"
    count: Positive = 1


class Tribute(_Triggered, frozen=True, tag="tribute", kw_only=True):
    """On ``event`` the other side of the fight gives you ``amount`` resources of its choice,
    all it has if fewer (Salvage Drone, Proximity Fuse)."""

    amount: Positive


class Raid(_Triggered, frozen=True, tag="raid", kw_only=True):
    """On ``event`` you name a resource type; the other side gives you all its cards of it
    (Raider Drone)."""


class Downgrade(_Triggered, frozen=True, tag="downgrade", kw_only=True):
    """On ``event`` a piece loses ``levels`` levels; at level 0 it is removed (Disruptor Drone,
    Defensive Turrets, Orbital Defense Array). Supporting fleets are never touched."""

    target: Literal["defending-colony", "attacking-fleet"]
    levels: Positive = 1


# --- harvest -------------------------------------------------------------------------------


class FleetYield(EffectBase, frozen=True, tag="fleet-yield", kw_only=True):
    """In your harvest each of your fleets on a planet tile with a resource symbol yields
    ``amount`` card(s) of a type the tile shows; ``site`` says which tiles count: your colonized
    ones (Harvest Rover, A#36) or uncolonized ones (Asteroid Mining)."""

    hook: ClassVar[str] = "harvest"
    site: Literal["own-colony", "uncolonized-planet"]
    amount: Positive = 1


class FleetYieldByLevel(EffectBase, frozen=True, tag="fleet-yield-by-level", kw_only=True):
    """Fleet yields (``fleet-yield``) become the fleet's level instead of their amount
    (Expanded Cargohold)."""

    hook: ClassVar[str] = "harvest"


class MilitaryAsResource(EffectBase, frozen=True, tag="military-as-resource", kw_only=True):
    """In your harvest you name a resource type; military symbols on your colonized tiles count
    as that type for this harvest (Arcology)."""

    hook: ClassVar[str] = "harvest"


class HarvestNeighbours(EffectBase, frozen=True, tag="harvest-neighbours", kw_only=True):
    """In your harvest each of your fleets harvests ``per_fleet`` colonized planet tile(s) of
    another player adjacent to it as if the colony were yours; no tile twice; the owner loses
    nothing (Timeshares, A#37)."""

    hook: ClassVar[str] = "harvest"
    per_fleet: Positive = 1


class BlockProduction(EffectBase, frozen=True, tag="block-production", kw_only=True):
    """Other players' colonies within ``reach`` of one of your fleets produce nothing in their
    harvests; yours are unaffected (Blockade)."""

    hook: ClassVar[str] = "harvest-others"
    reach: Positive = 1


class Tax(EffectBase, frozen=True, tag="tax", kw_only=True):
    """When another player harvests on its turn you gain ``per_colony`` card(s) for each of its
    producing colonies within ``reach`` of one of your fleets, of a type that colony produced;
    yields from fleet technologies are not taxed (Taxation, A#35)."""

    hook: ClassVar[str] = "harvest-others"
    per_colony: Positive = 1
    reach: Positive = 1


# --- gains (role abilities, Tractor Beam) -----------------------------------------------------


class Gain(_Triggered, frozen=True, tag="gain", kw_only=True):
    """On ``event`` you may gain ``amount`` resource(s).

    ``resource``: ``any`` (your choice), ``tile`` (a resource type the tile involved shows; no
    gain from a tile without one), ``produced`` (a type you produced in this harvest, A#33),
    ``cost`` (a type named in the researched tech's price, A#31). ``per``: once per event or
    once per tile entered (each tile once). ``once_per_turn``: at most one such event a turn.
    On your own turn the gain comes after the action is paid.
    """

    resource: Literal["any", "tile", "produced", "cost"]
    amount: Positive = 1
    per: Literal["event", "tile-entered"] = "event"
    once_per_turn: bool = False


# --- Use Technology actions (🔬) -----------------------------------------------------------


class BaseActionAsResearch(EffectBase, frozen=True, tag="base-action-as-research", kw_only=True):
    """Take one of ``actions`` (a base action, normal rules and price) as your research action,
    paying ``surcharge`` extra card(s) of any type (Propellant Depot, Fabricators, Interstellar
    Ark, Magnetic Rake, Botsourcing)."""

    hook: ClassVar[str] = "use-technology"
    actions: Annotated[tuple[BaseAction, ...], msgspec.Meta(min_length=1)]
    surcharge: Annotated[int, msgspec.Meta(ge=0)] = 0


class Terraform(EffectBase, frozen=True, tag="terraform", kw_only=True):
    """Add one symbol the tile lacks to one of your colonized planet tiles: a resource symbol
    for ``price`` card(s) of that type, the military symbol for ``price`` of any type. The
    symbol stays when the colony changes hands (A#25)."""

    hook: ClassVar[str] = "use-technology"
    price: Positive = 1


class Annihilate(EffectBase, frozen=True, tag="annihilate", kw_only=True):
    """Turn an uncolonized planet tile within ``reach`` of your fleet or colony to its destroyed
    face, with no fleet on it, and gain ``per_symbol`` card(s) per resource symbol it showed
    (Antimatter, A#24)."""

    hook: ClassVar[str] = "use-technology"
    reach: Positive = 1
    per_symbol: Positive = 1


class Accrete(EffectBase, frozen=True, tag="accrete", kw_only=True):
    """Turn a destroyed planet within ``reach`` of your fleet or colony into a planet showing one
    symbol: a resource symbol for ``price`` card(s) of that type, military for ``price`` of any
    type (Accretion Device, A#26)."""

    hook: ClassVar[str] = "use-technology"
    reach: Positive = 1
    price: Positive = 1


class Probe(EffectBase, frozen=True, tag="probe", kw_only=True):
    """Draw a tile and place it on any unexplored cell, either face up, with no blue-zone
    restriction and no bidding; a destroyed face gives one resource of choice (Space Probe)."""

    hook: ClassVar[str] = "use-technology"


class Erase(EffectBase, frozen=True, tag="erase", kw_only=True):
    """Name a technology of any role card: every player holding it (you too) loses it and, if
    ``refund``, gets its price back; techs above it stay (Memory Eraser, A#38)."""

    hook: ClassVar[str] = "use-technology"
    refund: bool = True


# --- research-time choices -----------------------------------------------------------------


class Clone(EffectBase, frozen=True, tag="clone", kw_only=True):
    """When researched, pick a technology of your own card: this tech gives that tech's effects
    (none of its points, no prerequisite credit, no doubling with a held copy; it may copy a face
    excluded by one you hold) (Cloning, A#32)."""

    hook: ClassVar[str] = "research"


Effect = (
    ActionBudget
    | MoveDiscount
    | MoveRange
    | MoveFree
    | MoveJump
    | FleetSite
    | ColonyCost
    | FreeSupports
    | Tribute
    | Raid
    | Downgrade
    | FleetYield
    | FleetYieldByLevel
    | MilitaryAsResource
    | HarvestNeighbours
    | BlockProduction
    | Tax
    | Gain
    | BaseActionAsResearch
    | Terraform
    | Annihilate
    | Accrete
    | Probe
    | Erase
    | Clone
)


# ``HOOKS`` as a set: a name's membership without a scan
_HOOK_NAMES: frozenset[str] = frozenset(HOOKS)


def effects_at(effects: Iterable[Effect], hook: str) -> tuple[Effect, ...]:
    """The effects the rule step ``hook`` must apply, in the given order."""
    if hook not in _HOOK_NAMES:
        raise ValueError(f"unknown hook '{hook}'")
    return tuple(e for e in effects if e.hook == hook)
