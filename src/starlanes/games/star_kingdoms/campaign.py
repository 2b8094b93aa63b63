"""The whole campaign state of a Star Kingdoms game: factions, colonies, projects, tech, credits, GM queue.

A :class:`CampaignState` is the core ``GameState`` of the ruleset (``game.py``) and also the
content of a campaign file (:func:`save_campaign`, :func:`load_campaign`).  It is plain data
(msgspec Structs), so the turn pipeline (``pipeline.py``) works over it, the knowledge model and
the feedback sheets (``knowledge.py``, ``sheets/``) read it, and the whole turn can be replayed from
the seed and the orders (MISC-03).

Seat ``i`` of the core is ``factions[i]``.  Field names are stable: other modules (knowledge,
sheets, parts 2 and 3) read them; parts 2 and 3 add their own fields with defaults (units' combat
stats, organisations' branches and operations, relationships' standing orders...).

Inventory 1.3 (player state) and 1.4 (galaxy state): the galaxy is GM-authored content and does
not change during a turn in part 1 (``galaxy``); everything a faction owns is in its
:class:`Faction`.  A new nation comes from :func:`new_faction` (civilisation creation S18: the
form is checked by ``creation.py``; the GM approves it, ``approved``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final, Literal

import msgspec

from starlanes.core.errors import ContentError, ParseError, PathError
from starlanes.core.state import GameState
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, Catalogue, District, Field, load_catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.galaxy import Biosphere, Galaxy, GalaxyIndex
from starlanes.games.star_kingdoms.knowledge import Knowledge
from starlanes.games.star_kingdoms.operations import OrgsState
from starlanes.games.star_kingdoms.orders.records import OrgType, Stance
from starlanes.games.star_kingdoms.projects import Project
from starlanes.games.star_kingdoms.report import FactionReport
from starlanes.games.star_kingdoms.spec import CampaignParams, StarKingdomsParams
from starlanes.games.star_kingdoms.tech import TechState

__all__ = [
    "CAMPAIGN_SCHEMA",
    "TRAIT_CATEGORIES",
    "AnomalyYield",
    "CampaignParams",
    "CampaignState",
    "Colony",
    "Construction",
    "Faction",
    "FittedModule",
    "GMItem",
    "GMItemKind",
    "Org",
    "Permission",
    "Prisoner",
    "StandingOrder",
    "Trait",
    "TraitHooks",
    "Unit",
    "Wreck",
    "faction_slug",
    "index_of",
    "load_campaign",
    "new_faction",
    "save_campaign",
]

CAMPAIGN_SCHEMA: Final = "star-kingdoms-campaign/1"
TraitCategory = Literal["homeworld", "people", "ambition"]
TRAIT_CATEGORIES: tuple[TraitCategory, ...] = ("homeworld", "people", "ambition")
"""The three traits of a nation (CIV-01): its homeworld, its people or culture, its ambition."""


class FittedModule(msgspec.Struct, frozen=True, kw_only=True):
    """A module of a unit and the tech level it was built or refitted at (UNIT-12, Amb#19)."""

    module: str
    """Module id (``content/units.toml``)."""
    tl: int
    """The scaling tech's level when the unit was completed or last refitted."""


class Unit(msgspec.Struct, kw_only=True):
    """A ship or a detachment (S11). Part 1 creates units from projects (PROJ-S1, PROJ-M1) and repairs
    and refits them; part 2 adds movement, combat and the derived stats."""

    id: str
    """Unique in the campaign (``<faction>-u<n>``)."""
    name: str
    """The name the player gave (unique among the faction's units, case-insensitive)."""
    unit: Literal["ship", "detachment"]
    class_id: str
    level: int
    variant: str = ""
    modules: tuple[FittedModule, ...] = ()
    """Every module, class modules and flexible picks, one entry per module."""
    flexible: tuple[str, ...] = ()
    """The flexible picks (module ids), also in ``modules``."""
    system: str
    """System id where the unit is."""
    planet: str = ""
    """Planet id it orbits (a ship) or stands on (a detachment); empty: in space."""
    damage: int = 0
    """Hull (ships) or Health (detachments) lost; 0 is full strength. Repairs and refits set it to 0."""
    built: int = 0
    """Turn it was completed (0: a starting unit)."""
    # part 2: movement and war (defaults keep older campaign files loading)
    shields_damage: int = 0
    """Shields lost this turn (they regenerate before the next turn's battles, Amb#109)."""
    move_to: str = ""
    """Wormhole id this turn's move order (O61) will cross at step 3; cleared after step 3."""
    moved: bool = False
    """It crossed a wormhole this turn (MOV-13: it retreats the way it came)."""
    last_wormhole: str = ""
    """The last wormhole it crossed (MOV-13, COMB-18: the default retreat route)."""
    retreat_route: str = ""
    """Wormhole set by a retreat order (O05); used once it has stayed a turn in the system."""
    task_group: str = ""
    """Name of its task group (O06), '' for none: a group moves together and avoids battle at its
    slowest member's Speed (MOV-02, Amb#56)."""
    carried_by: str = ""
    """A detachment aboard a ship: the carrier's unit id (O73; it moves, retreats and dies with it,
    MOV-03, COMB-11); '' when it travels in its own transports or stands on a planet."""
    avoiding: bool = False
    """It kept out of a battle by its speed this turn: it cannot contest the system nor count for a
    blockade (CONT-04, Amb#82); cleared at step 3."""
    mission: str = ""
    """A standing unit order: 'blockade:<planet>', 'bombard:<planet>' (kept up until changed) or
    'land:<planet>' (this turn's landing); '' for none (O69-O71)."""
    guide: str = ""
    """The Nebula Sensors ship that guided it into the nebula system it is in (MOV-10, O79); '' when
    it needs none or is out of nebulae."""
    stranded: int = 0
    """The GM item while it is lost in a nebula after its guide was lost (Amb#105): it cannot jump
    until the GM answers the item; 0 when not stranded."""
    disassembled: bool = False
    """A fighter squadron taken apart in a ship's hold (O74, UNIT-20): it cannot launch until put back
    together at a planet with a shipyard."""
    seen_through: tuple[str, ...] = ()
    """Faction ids that have seen through its disguise (a disguised class, VIS-06: in a battle it
    fought, or by the GM or recon; ``knowledge.see_through``): they see its true class."""


class Org(msgspec.Struct, kw_only=True):
    """An organisation (S8). Part 1 founds it with an office (PROJ-I2, CIV-09); part 3 adds branches
    and operations."""

    id: str
    name: str
    type: OrgType
    principle: str = ""
    """Guiding principle of a Religious organisation (ORG-03)."""
    offices: list[str] = msgspec.field(default_factory=list)
    """Planet ids of its offices; Power = the number of offices (ORG-02)."""

    @property
    def power(self) -> int:
        return len(self.offices)


class Colony(msgspec.Struct, kw_only=True):
    """A planet a faction owns (1.3 Planets)."""

    planet: str
    """Planet id in the galaxy."""
    districts: Districts = msgspec.field(default_factory=Districts)
    projects: dict[str, Project] = msgspec.field(default_factory=dict)
    """District type -> the project in that slot (PROJ-02: one per district type)."""
    devastation: int = 0
    bombardment: int = 0
    """Bombardment damage accumulated towards the next Devastation level (part 2)."""
    blockade: int = 0
    """Blockade rating this turn (part 2 sets it)."""
    bombarded: bool = False
    """Bombarded this turn (part 2 sets it; Rebuild and Repair cannot start or progress, Amb#15)."""
    invaded: bool = False
    """Under invasion (part 2 sets it)."""
    shield: bool = False
    """A Planetary Shield stands (PROJ-I5)."""
    orbital_yard: bool = False
    offices: list[str] = msgspec.field(default_factory=list)
    """Org ids with an office here (at most one per org, PROJ-I2)."""
    militia: int = 0
    """Militia detachments standing during an invasion (spawned once when invaders land, Amb#77)."""
    ground_determination: dict[str, int] = msgspec.field(default_factory=dict)
    """During an invasion: 'a:<invader>' and 'd:<invader>' -> each side's determination at the end of
    the last turn of that ground war (-1: infinite), carried into the next turn (GRND-05)."""
    ground_fighters: list[str] = msgspec.field(default_factory=list)
    """Unit ids that fought the last turn of ground war here (a newcomer is a reinforcement, GRND-05)."""
    bombarded_turn: int = 0
    """The turn step 5 last bombarded it (0: never); ``bombarded`` set by step 5 lasts that turn only,
    while one set by hand (a GM) stays until cleared."""
    principles: dict[str, int] = msgspec.field(default_factory=dict)
    """Social principle -> adherence 1..5 (CIV-03; part 3 changes them)."""
    founded: int = 0
    """Turn the colony was founded (0: at creation)."""


class TraitHooks(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The mechanics the GM gives a trait (CIV-01, Amb#111): every hook is optional data."""

    no_rush: tuple[str, ...] = ()
    """Project kinds (or district types) that cannot be rushed (PROJ-I6)."""
    no_rush_homeworld_only: bool = True
    """The rush ban applies only on the homeworld (the S18 example)."""
    cost_percent: dict[str, int] = msgspec.field(default_factory=dict)
    """Project kind -> percent of its normal cost (PROJ-A3 example: analyse 50)."""
    auto_rush: dict[str, int] = msgspec.field(default_factory=dict)
    """Project kind -> free rushes every turn (PROJ-A3 example: analyse auto-rushed)."""
    er_bonus: int = 0
    """Economy Rating added every turn (shown as 'other' in the ER breakdown)."""
    op_power: dict[str, int] = msgspec.field(default_factory=dict)
    """Operation id, or organisation type for all its operations -> Power added while running it
    (OPS-05; the S18 example: share-technology 2); ruling 336."""


class Trait(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One of a nation's three traits (CIV-01)."""

    name: str
    category: TraitCategory
    drawback: bool = False
    text: str = ""
    hooks: TraitHooks = msgspec.field(default_factory=TraitHooks)
    """What it does in the rules; the GM sets these (``gm.py``: trait)."""


class StandingOrder(msgspec.Struct, frozen=True, kw_only=True):
    """A specific standing order (O03): engage or not engage (contest or not contest) a faction, or
    every faction of a relationship; consulted only in the table's 'check specific orders' cells
    (REL-04)."""

    subject: str
    """A faction id, or a stance ('wary', 'neutral'...) meaning every faction held at it."""
    engage: bool
    """Yes or no to the directive."""
    directive: Literal["engage", "contest"] = "engage"
    """Whether it decides engaging (the Wary cell) or contesting (the Neutral cell and the Friendly
    cell of scarce resources; REL-02, ruling 273)."""
    scope: Literal["", "own", "alien"] = ""
    """'' everywhere; 'own': systems with one of the nation's colonies; 'alien': the others (REL-05)."""


class Prisoner(msgspec.Struct, frozen=True, kw_only=True):
    """A surrendered detachment held by its captor (COMB-20, Amb#110)."""

    owner: str
    """The faction it belonged to."""
    name: str
    class_id: str
    level: int
    planet: str
    turn: int


class Wreck(msgspec.Struct, frozen=True, kw_only=True):
    """What a destroyed unit leaves until it is salvaged (Amb#102)."""

    system: str
    planet: str = ""
    """The planet a destroyed detachment lies on; '' for a wreck in space."""
    unit: Literal["ship", "detachment"]
    level: int
    turn: int


class AnomalyYield(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The ongoing benefit of a studied anomaly (ANOM-03, S13.5): science points by field and credits
    every turn (the GM sets it, Amb#41)."""

    science: dict[Field, int] = msgspec.field(default_factory=dict)
    credits: int = 0


class Construction(msgspec.Struct, kw_only=True):
    """An off-world construction a nation paid for (S13.3; part 2 builds colonies, CONS-*, COL-*)."""

    kind: Literal["colonise", "study", "remote-sensor", "stabiliser", "mining-facility", "repair-yard", "strip-mine"]
    target: str
    """The planet (colonise, strip-mine, repair-yard), the anomaly (study, ANOM-02), the system
    (remote-sensor), the belt (mining-facility) or '<wormhole id>@<system id>' (stabiliser)."""
    rating: int
    """Construction Rating: progress needed (COL-03)."""
    progress: int = 0
    paid: int = 0
    started: int = 0
    """Turn it was paid for."""
    sponsors: list[str] = msgspec.field(default_factory=list)
    """A colonisation: guiding principles of the Religious organisations that sponsored its colonists
    (OP-R5; the colony holds each at +1, CULT-05)."""
    partners: list[str] = msgspec.field(default_factory=list)
    """Nations whose help the nation accepted this turn (CONS-05, ANOM-04, Amb#113); cleared each turn."""
    contributors: list[str] = msgspec.field(default_factory=list)
    """Other nations whose units added progress to it (ANOM-04: they learn a study's findings too)."""


class Permission(msgspec.Struct, frozen=True, kw_only=True):
    """A GM permission for a level 6+ project or tech (PROJ-10, TECH-08)."""

    subject: str
    """What it permits: a tech id, or a project kind id."""
    level: int
    """Permitted up to this level."""
    turn: int
    """Turn granted."""


class Faction(msgspec.Struct, kw_only=True):
    """A nation (1.3)."""

    id: str
    """Stable id (a slug of the name)."""
    name: str
    player: str = ""
    """Who plays it (free text: a name or an address)."""
    native: Biosphere
    """Native biosphere (CIV-04)."""
    homeworld: str
    """Planet id of the homeworld (SYS-02)."""
    traits: list[Trait] = msgspec.field(default_factory=list)
    credits: int = 0
    tech: TechState = msgspec.field(default_factory=TechState)
    colonies: list[Colony] = msgspec.field(default_factory=list)
    """Owned planets, the homeworld first, then in the order they were founded."""
    orgs: list[Org] = msgspec.field(default_factory=list)
    units: list[Unit] = msgspec.field(default_factory=list)
    relationships: dict[str, Stance] = msgspec.field(default_factory=dict)
    """Faction id -> stance (O01); others get ``default_relationship``."""
    default_relationship: Stance = "wary"
    """Stance towards factions not declared (O02)."""
    permissions: list[Permission] = msgspec.field(default_factory=list)
    approved: bool = True
    """The GM has approved the nation (S18); an unapproved nation gives no orders."""
    known_factions: list[str] = msgspec.field(default_factory=list)
    """Faction ids this faction has met (O01 names only these; part 2 adds meetings)."""
    orders: str = ""
    """The orders document executed last turn (a new turn starts with none)."""
    missed: int = 0
    """Turns in a row without orders (TURN-05)."""
    next_unit: int = 1
    """Counter for unit ids."""
    standing: list[StandingOrder] = msgspec.field(default_factory=list)
    """Specific standing orders (O03), in sheet order; a later one on the same subject replaces it."""
    prisoners: list[Prisoner] = msgspec.field(default_factory=list)
    """Surrendered enemy detachments it holds (COMB-20)."""
    constructions: list[Construction] = msgspec.field(default_factory=list)
    """Off-world constructions it paid for, with their progress; kept when paused (CONS-02, Amb#89)."""
    remote_sensors: list[str] = msgspec.field(default_factory=list)
    """Systems where it has a Remote Sensor: it sees them as a ship there would (VIS-05, Amb#97)."""
    ground_rounds: dict[str, int] = msgspec.field(default_factory=dict)
    """Planet id -> rounds of ground combat a turn it chooses there with the Mobility advantage (O72)."""

    def colony(self, planet: str) -> Colony | None:
        for c in self.colonies:
            if c.planet == planet:
                return c
        return None

    def org(self, ident: str) -> Org | None:
        for o in self.orgs:
            if o.id == ident:
                return o
        return None

    def unit_by_id(self, ident: str) -> Unit | None:
        for u in self.units:
            if u.id == ident:
                return u
        return None

    def permitted(self, subject: str, level: int) -> bool:
        """The GM has permitted ``subject`` (tech or project kind) at ``level`` (PROJ-10)."""
        return any(p.subject == subject and p.level >= level for p in self.permissions)

    def hooks(self) -> Iterator[TraitHooks]:
        for t in self.traits:
            yield t.hooks


GMItemKind = Literal["approve-nation", "analyse-level", "analyse-result", "permission", "request", "trait", "consent"]
"""'consent': do the people of a world no nation plays consent to a branch (Amb#44); a GM answer
starting 'yes' grants it (``gm.py``)."""


class GMItem(msgspec.Struct, kw_only=True):
    """Something awaiting a GM decision (1.5; the GM queue, ``gm.py``)."""

    id: int
    """Number in the campaign (``gm answer 3 ...``)."""
    turn: int
    """Turn it was raised."""
    faction: str
    """Faction id it concerns."""
    kind: GMItemKind
    subject: str
    """What to decide, in words ("Analyse 'the derelict' on Mars: set its level")."""
    planet: str = ""
    """The planet concerned (Analyse projects), if any."""
    line: int = 0
    """The order line that raised it, if any."""
    blocking: bool = False
    """The item holds something up (an Analyse project cannot start or complete until answered)."""
    answer: str = ""
    """The GM's decision text once decided (also shown in the faction's sheet)."""
    decided: bool = False


class CampaignState(GameState, kw_only=True):
    """A Star Kingdoms campaign (the core state: ``players`` = len(factions), ``rng``, ``step``...)."""

    params: CampaignParams
    galaxy: Galaxy
    turn: int = 1
    """The turn whose orders are being written (1-based)."""
    factions: list[Faction]
    gm_queue: list[GMItem] = msgspec.field(default_factory=list)
    stabilisers: list[str] = msgspec.field(default_factory=list)
    """Wormhole Stabilisers built: '<wormhole id>@<system id>' of the end they stand at (MOV-08)."""
    wrecks: list[Wreck] = msgspec.field(default_factory=list)
    """Wrecks of destroyed units, in the order they were made (Amb#102; salvage takes them, O76/O77)."""
    next_gm_item: int = 1
    gm_notes: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """Faction id -> GM text for this turn's sheet (GM decisions and overrides), cleared each turn."""
    reports: dict[str, FactionReport] = msgspec.field(default_factory=dict)
    """Faction id -> the report of the last processed turn (the sheets are built from it)."""
    knowledge: dict[str, Knowledge] = msgspec.field(default_factory=dict)
    """Faction id -> what it knows (``knowledge.py``); the pipeline keeps it up to date."""
    log: list[str] = msgspec.field(default_factory=list)
    """The GM's overrides and decisions, in order (Amb#2: every override logged)."""
    ended: str = ""
    """Why the campaign ended ('' while it runs)."""
    final_er: tuple[int, ...] = ()
    """Each nation's Economy Rating when the campaign reached its last turn (the outcome's scores)."""
    organisations: OrgsState = msgspec.field(default_factory=OrgsState)
    """Branches, outposts, consents and the operation each organisation runs (S8, S9; ruling 300).  Older
    campaign files have none and load with an empty one."""
    mining_facilities: dict[str, str] = msgspec.field(default_factory=dict)
    """Belt id -> the nation owning its Asteroid Mining Facility (one per belt, SYS-06; ruling 230)."""
    strip_mines: dict[str, str] = msgspec.field(default_factory=dict)
    """Planet or moon id -> the nation owning its Strip Mine (one each; ruling 230)."""
    anomaly_yields: dict[str, AnomalyYield] = msgspec.field(default_factory=dict)
    """Anomaly id -> what it keeps paying, each turn, to a nation that studied it and holds the system's
    outpost (ANOM-03, Amb#41: set by the GM; ruling 236)."""

    def faction(self, ident: str) -> Faction:
        for f in self.factions:
            if f.id == ident:
                return f
        raise KeyError(ident)

    def seat_of(self, ident: str) -> int:
        return index_of(self.factions, ident)


def index_of(factions: Iterable[Faction], ident: str) -> int:
    for i, f in enumerate(factions):
        if f.id == ident:
            return i
    raise KeyError(ident)


def faction_slug(name: str) -> str:
    """A stable id from a nation's name ('The Zabanian Empire' -> 'zabanian-empire')."""
    words = [w for w in re.split(r"[^a-z0-9]+", name.casefold()) if w and w != "the"]
    slug = "-".join(words)[:40].strip("-")
    return slug or "nation"


def new_faction(*, name: str, native: Biosphere, homeworld: str, catalogue: Catalogue | None = None,
                params: StarKingdomsParams, galaxy: GalaxyIndex, player: str = "", ident: str = "",
                traits: Iterable[Trait] = (), principles: Iterable[str] = (), l2_techs: Iterable[str] = (),
                second_district: District = "academic", org_name: str = "", org_type: OrgType = "science",
                ships: Iterable[tuple[str, str]] = (), detachments: Iterable[tuple[str, str]] = (),
                approved: bool = True) -> Faction:
    """A nation with the standard start of S18 (CIV-03..CIV-10).

    ``ships`` and ``detachments`` are (class id, name) pairs of basic level 1 classes (CIV-08);
    ``principles`` the starting principles, adherence 3, 2, 1 (CIV-03); ``l2_techs`` the core techs
    raised to level 2 (CIV-07); ``second_district`` the district other than Industrial at level 2
    (CIV-06); the starting organisation has its office on the homeworld (CIV-09, Amb#115).
    Checks of the form (trait count, drawbacks...) are ``creation.py``'s; this builds the record."""
    from starlanes.games.star_kingdoms.tech import starting_tech

    cat = catalogue or load_catalogue()
    if homeworld not in galaxy.planets:
        raise ParseError(f"nation {name}: unknown homeworld planet '{homeworld}'")
    if second_district not in DISTRICTS or second_district == "industrial":
        raise ParseError(f"nation {name}: the second level 2 district is academic, shipyard or military")
    fid = ident or faction_slug(name)
    levels = {d: (2 if d in ("industrial", second_district) else 1) for d in DISTRICTS}
    chosen = list(l2_techs) or ["planetary-construction", "ship-construction"][:params.starting_l2_techs]
    tech = starting_tech(cat, chosen, params)
    adherence = (3, 2, 1)
    colony = Colony(planet=homeworld, districts=Districts(**levels),
                    principles={p: adherence[i] if i < 3 else 1 for i, p in enumerate(principles)})
    org_id = f"{fid}-o1"
    org = Org(id=org_id, name=org_name or f"{name} Academy", type=org_type, offices=[homeworld])
    colony.offices.append(org_id)
    system = galaxy.planet_system[homeworld]
    faction = Faction(id=fid, name=name, player=player, native=native, homeworld=homeworld,
                      traits=list(traits), credits=params.starting_credits, tech=tech, colonies=[colony],
                      orgs=[org], approved=approved)
    for kind, picks in (("ship", ships or (("patrol-ship", "Vigilant"), ("survey-probe", "Pathfinder"))),
                        ("detachment", detachments or (("security-team", "First Guard"),
                                                       ("survey-team", "First Surveyors")))):
        for class_id, unit_name in picks:
            cls = cat.classes.get(class_id)
            if cls is None or cls.unit != kind or cls.access != "basic" or cls.level != 1:
                raise ParseError(f"nation {name}: '{class_id}' is not a basic level 1 {kind} class (CIV-08)")
            faction.units.append(Unit(
                id=f"{fid}-u{faction.next_unit}", name=unit_name, unit=cls.unit, class_id=class_id, level=1,
                modules=fitted_modules(cat, tech, class_id, ()), system=system, planet=homeworld))
            faction.next_unit += 1
    return faction


def fitted_modules(catalogue: Catalogue, tech: TechState, class_id: str,
                   flexible: Iterable[str]) -> tuple[FittedModule, ...]:
    """The modules of a new (or refitted) unit at the faction's current tech levels (UNIT-12, Amb#19).

    A module's level is the level of its scaling core tech (for a supplemental's module, the core
    tech it hangs from); a module of a tech with no level records 1."""
    cls = catalogue.classes[class_id]
    ids = [m for m, n in cls.modules.items() for _ in range(n)] + list(flexible)
    out: list[FittedModule] = []
    for module_id in ids:
        tech_id = catalogue.modules[module_id].tech
        t = catalogue.tech(tech_id)
        if t.kind == "core":
            level = tech.level(t.id)
        else:
            parents = catalogue.core_parents(t)
            level = max((tech.level(p) for p in parents), default=1)
        out.append(FittedModule(module=module_id, tl=max(level, 1)))
    return tuple(out)


# --- campaign files --------------------------------------------------------------------------


class _CampaignFile(msgspec.Struct, kw_only=True):
    schema: str
    state: CampaignState


def save_campaign(state: CampaignState, path: str | Path) -> None:
    """Write the campaign to ``path`` whole (a temporary file renamed over it)."""
    import contextlib
    import os
    import tempfile

    target = Path(path)
    if target.is_dir():
        raise PathError(f"{target} is a folder; name a file, e.g. {target / 'campaign.json'}")
    if not target.parent.is_dir():
        raise PathError(f"cannot write {target}: the folder {target.parent} does not exist")
    data = msgspec.json.encode(_CampaignFile(schema=CAMPAIGN_SCHEMA, state=state))
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".starlanes-", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise PathError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def load_campaign(path: str | Path) -> CampaignState:
    """Read a campaign file; a broken one is a ContentError naming the file and the problem."""
    source = Path(path)
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise PathError(f"{source}: no such campaign file (create one with: campaign new)") from None
    except OSError as exc:
        raise PathError(f"cannot read {source}: {exc.strerror or exc}") from exc
    try:
        head = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise ContentError(str(source), "", f"not JSON ({exc})") from None
    if not isinstance(head, dict) or head.get("schema") != CAMPAIGN_SCHEMA:
        got = head.get("schema") if isinstance(head, dict) else None
        raise ContentError(str(source), "schema", f"must be '{CAMPAIGN_SCHEMA}', not {got!r}")
    try:
        loaded = msgspec.json.decode(data, type=_CampaignFile)
    except msgspec.ValidationError as exc:
        raise ContentError(str(source), "", str(exc)) from None
    return loaded.state

