"""Operations as pure functions: the 32 operations of the five organisation types (rules v2.6.8 S9).

Inventory 2.10 (OPS-01..05, OP-S1..S7, OP-T1..T6, OP-M1..M4, OP-I1..I10, OP-R1..R6), orders
O27-O60; rulings 300-343 (the sheet's section is ``orgsheet.py``).  The operations are content
(``content/operations.toml``, read and checked by :func:`load_operations`: every problem names the
file, the entry and the field).  An organisation runs at most one :class:`Operation` at a time
(OPS-04, Amb#35); its life is:

1. :func:`start_operation` (turn step 1): the target is checked, the **base level** is the fewest
   known-wormhole jumps from the nation's nearest planet or the organisation's nearest branch
   (OPS-01, Amb#34: :func:`base_level`), the **adjusted level** adds the operation's modifier
   (OPS-02; Share Technology +X, Spread the Word / Burn the Heretics +2X), and the **target number**
   comes from the table (:func:`target_number`, Amb#33).  Both are fixed at the start.
   Transfer Resources takes its credits at once (Amb#48).  Replacing an operation loses its
   progress (O60); :func:`cancel_operation` gives back what was taken.
2. :func:`advance_operation` (step 7): + the organisation's Power (OPS-03) for that operation
   (:func:`operation_power`; OPS-05: a trait's bonus, ruling 336).
3. :func:`resolve_operation` (step 8, once progress >= target): an :class:`OpOutcome` with the new
   :class:`~starlanes.games.star_kingdoms.orgs.OrgWorld` (branches founded, suppressed, removed,
   blocked, found), :class:`OpReport` records addressed to every nation that learns something, each
   dated with the turn it was learned, the :data:`Effect` records the pipeline applies to the
   campaign (credits, technologies, principles, surveys, anomaly and colonisation progress, a belt's
   Mineral Rating) and :class:`NarrativeItem` records for the GM queue (Counter Insurgency and
   Insurgency against a narrative problem, consent of peoples no nation plays, targets the engine
   holds no data for).  :func:`apply_effects` applies what lives in the campaign itself.

Operations are free (OPS-03).  Nothing here changes its arguments.

>>> ops = load_operations()
>>> (len(ops.kinds), ops.kind("establish-trade-hub").modifier, target_number(2, OrgParams()))
(32, 1, 3)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final, Literal

import msgspec

from starlanes.core.errors import ContentError, IllegalAction
from starlanes.games.star_kingdoms import culture
from starlanes.games.star_kingdoms.catalogue import FIELDS, Catalogue, Field, load_catalogue
from starlanes.games.star_kingdoms.economy import TradeBranch
from starlanes.games.star_kingdoms.galaxy import Galaxy, GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import (
    DatedFact,
    Knowledge,
    active_survey,
    passive_survey,
    planetary_survey,
    record_fact,
)
from starlanes.games.star_kingdoms.loading import convert, read_content, read_shipped
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.orders.records import ORG_TYPES, OrgType
from starlanes.games.star_kingdoms.orgs import (
    Branch,
    BranchKind,
    Draw,
    OrgParams,
    OrgWorld,
    Site,
    block_suppression,
    branch_problem,
    fob_sightings,
    found_branch,
    host_trade_branches,
    mark_found,
    own_trade_branches,
    science_points,
    site_facts,
    suppress,
    timer_notices,
)
from starlanes.games.star_kingdoms.tech import SciencePoints, missing_prerequisites, research_level

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, GMItem, Org

__all__ = [
    "DEFENSIVE_FIRST",
    "OPERATIONS_SCHEMA",
    "SCARCE_OPERATIONS",
    "AdherenceChange",
    "AnomalyProgress",
    "BeltDepletion",
    "ColonisationProgress",
    "CreditsChange",
    "Effect",
    "NarrativeItem",
    "NationBonuses",
    "OpOutcome",
    "OpReport",
    "OpTarget",
    "Operation",
    "OperationKind",
    "Operations",
    "OrgsState",
    "Survey",
    "TechGranted",
    "World",
    "advance_operation",
    "apply_effects",
    "base_level",
    "cancel_operation",
    "complete_operations",
    "contested_pairs",
    "is_ready",
    "load_operations",
    "nation_bonuses",
    "operation_power",
    "operations_from_data",
    "progress_operations",
    "resolve_operation",
    "safe_houses_being_established",
    "set_operation",
    "start_operation",
    "target_number",
]

OPERATIONS_SCHEMA: Final = "star-kingdoms-operations/1"
ModifierRule = Literal["fixed", "tech-level-minus-one", "twice-guiding-adherence", "twice-principle-adherence"]
TargetKind = Literal["system", "wormhole", "anomaly", "planet", "outpost", "planet-or-outpost", "faction", "branch",
                     "belt", "branch-or-narrative", "branch-or-office", "own-planet", "colonisation"]
EffectKind = Literal["survey", "explore-wormhole", "study-anomaly", "study-planet", "found-branch", "share-technology",
                     "transfer-resources", "outcompete", "mining-expedition", "counter-insurgency", "insurgency",
                     "planetary-recon", "military-recon", "fundamental-recon", "advanced-recon",
                     "organisational-recon", "police-crackdown", "cultural-recon", "spread-the-word",
                     "burn-the-heretics", "sponsor-colonists"]
Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=80)]


class OperationKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One operation of the content file."""

    id: Id
    name: Name
    aliases: tuple[Name, ...] = ()
    """Other names players may write ("FOB"); "Establish X" may always be written "X"."""
    org: OrgType
    modifier: Annotated[int, msgspec.Meta(ge=0, le=20)]
    modifier_rule: ModifierRule = "fixed"
    target: TargetKind
    effect: EffectKind
    branch: BranchKind | Literal[""] = ""
    """The kind of branch it founds (effect ``found-branch``)."""
    site: Site | Literal[""] = ""
    """Where that branch stands ('' planet or outpost, as the order says)."""
    uncontested: bool = False
    """It completes only while the nation is Uncontested in the target system (OP-S4, OP-T6)."""
    order: Annotated[str, msgspec.Meta(pattern=r"^O[0-9]{2}$")]
    ref: Annotated[str, msgspec.Meta(max_length=200)] = ""
    text: Annotated[str, msgspec.Meta(max_length=2000)] = ""


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: str
    operations: tuple[OperationKind, ...]


@dataclass(frozen=True)
class Operations:
    """The operation catalogue: by id, and by the names players write ("Trade Hub", "Spread the Word")."""

    kinds: dict[str, OperationKind]
    names: NameIndex

    def kind(self, ident: str) -> OperationKind:
        return self.kinds[ident]

    def by_name(self, name: str) -> OperationKind:
        """The operation a player names ("Establish Trade Hub", "trade hub", "spread-the-word"), or
        IllegalAction with "did you mean"."""
        ident = self.names.resolve(name)
        if ident is None:
            raise IllegalAction("operation", self.names.unknown(name))
        return self.kinds[ident]

    def of_type(self, org_type: OrgType) -> tuple[OperationKind, ...]:
        return tuple(k for k in self.kinds.values() if k.org == org_type)


def operations_from_data(data: object, file: str) -> Operations:
    """A checked operation catalogue from parsed TOML/JSON data."""
    if isinstance(data, dict) and data.get("schema") != OPERATIONS_SCHEMA:
        raise ContentError(file, "schema", f"must be '{OPERATIONS_SCHEMA}', not {data.get('schema')!r}")
    parsed = convert(data, _File, file)
    kinds: dict[str, OperationKind] = {}
    index = NameIndex("operation")
    for i, k in enumerate(parsed.operations):
        where = f"operations[{i}] '{k.id}'"
        if k.id in kinds:
            raise ContentError(file, f"{where}.id", f"id '{k.id}' is already used")
        if k.effect == "found-branch" and not k.branch:
            raise ContentError(file, f"{where}.branch", "an operation that founds a branch names its kind")
        if k.effect != "found-branch" and (k.branch or k.site):
            raise ContentError(file, f"{where}.branch", "only an operation with effect 'found-branch' founds a branch")
        if k.site and k.target not in (k.site, "planet-or-outpost"):
            raise ContentError(file, f"{where}.site", f"site '{k.site}' does not fit target '{k.target}'")
        if k.modifier_rule != "fixed" and k.modifier:
            raise ContentError(file, f"{where}.modifier", f"a '{k.modifier_rule}' modifier is computed; give 0")
        short = k.name.removeprefix("Establish ")
        aliases = tuple(a for a in (*k.aliases, short if short != k.name else "") if a)
        try:
            index.add(k.id, k.name, aliases)
        except ValueError as exc:
            raise ContentError(file, f"{where}.name", str(exc)) from None
        kinds[k.id] = k
    missing = [t for t in ORG_TYPES if not any(k.org == t for k in kinds.values())]
    if missing:
        raise ContentError(file, "operations", f"no operation for {', '.join(missing)} organisations")
    return Operations(kinds=kinds, names=index)


def load_operations(path: str | Path | None = None) -> Operations:
    """The operation catalogue: the shipped one, or a GM's file in the same schema."""
    if path is None:
        return _shipped()
    return operations_from_data(read_content(path), str(path))


@cache
def _shipped() -> Operations:
    data, file = read_shipped("operations.toml")
    return operations_from_data(data, file)


# --- records -------------------------------------------------------------------------------------


class OpTarget(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What an operation order names (ids; the order language resolves names)."""

    system: str = ""
    planet: str = ""
    wormhole: str = ""
    anomaly: str = ""
    belt: str = ""
    branch: str = ""
    org: str = ""
    """Organisational Recon of an office: the organisation (with ``planet``)."""
    faction: str = ""
    """Transfer Resources: the recipient."""
    principle: str = ""
    tech: str = ""
    design_class: str = ""
    field: Field | Literal[""] = ""
    """Establish Research Base: the field of its science points (ORG-12)."""
    amount: int = 0
    """Transfer Resources: credits."""
    site: Site | Literal[""] = ""
    """Branches that may stand on a planet or an outpost: which (default: planet if given)."""
    narrative: str = ""
    """Counter Insurgency / Insurgency against a narrative problem: what it is, in words (for the GM)."""


class Operation(msgspec.Struct, frozen=True, kw_only=True):
    """An organisation's current operation (OPS-04)."""

    org: str
    faction: str
    kind: str
    target: OpTarget
    system: str
    """The target system (where the base level was measured to)."""
    base_level: int
    adjusted_level: int
    target_number: int
    progress: int = 0
    started: int
    escrow: int = 0
    """Credits taken at the start (Transfer Resources, Amb#48)."""


class OpReport(msgspec.Struct, frozen=True, kw_only=True):
    """What one nation learns from an operation, dated by the turn it learned it."""

    faction: str
    turn: int
    topic: str
    text: str
    lines: tuple[str, ...] = ()
    source: str = "operation"

    def fact(self) -> DatedFact:
        body = self.text + ("".join(f"\n- {line}" for line in self.lines))
        return DatedFact(turn=self.turn, topic=self.topic, text=body, source=self.source)


class NarrativeItem(msgspec.Struct, frozen=True, kw_only=True):
    """An outcome the GM decides (1.5, section 5), with what the GM needs to decide it."""

    faction: str
    turn: int
    subject: str
    planet: str = ""
    operation: str = ""
    org: str = ""
    consent: bool = False
    """The question is a people's consent to a branch on ``planet`` (Amb#44): the GM answers yes or no."""

    def gm_item(self, ident: int) -> GMItem:
        """As a GM queue item of the campaign (kind 'consent' for a people's consent, else 'request')."""
        from starlanes.games.star_kingdoms.campaign import GMItem

        return GMItem(id=ident, turn=self.turn, faction=self.faction, kind="consent" if self.consent else "request",
                      subject=self.subject, planet=self.planet)


class Survey(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    faction: str
    kind: Literal["passive", "active", "planetary"]
    system: str = ""
    planet: str = ""
    level: int = 0


class AnomalyProgress(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    faction: str
    anomaly: str
    amount: int


class CreditsChange(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    faction: str
    amount: int
    why: str
    ledger: Literal["income", "transfer-in", "refund"] = "income"
    """How the nation's ledger shows it (``report.ReportBuilder``): the sheet's credits must add up."""


class TechGranted(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    faction: str
    tech: str
    design_class: str = ""


class AdherenceChange(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    planet: str
    principle: str
    delta: int
    cap: int = 0
    """Raise only up to this adherence (a Religious branch, ORG-17); 0: the usual maximum."""


class BeltDepletion(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    belt: str
    by: int = 1


class ColonisationProgress(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    faction: str
    planet: str
    amount: int
    principle: str
    """The sponsor's guiding principle: +1 on the colony when it is founded (not stacking, OP-R5)."""


Effect = Survey | AnomalyProgress | CreditsChange | TechGranted | AdherenceChange | BeltDepletion | \
    ColonisationProgress


class OpOutcome(msgspec.Struct, frozen=True, kw_only=True):
    world: OrgWorld
    success: bool
    reports: tuple[OpReport, ...] = ()
    effects: tuple[Effect, ...] = ()
    gm: tuple[NarrativeItem, ...] = ()
    waiting: bool = False
    """Not resolved this turn (contested where it must be Uncontested): the operation stays, ready."""


@dataclass(frozen=True)
class World:
    """What an operation reads of the campaign (read only)."""

    state: CampaignState
    orgs: OrgWorld
    catalogue: Catalogue
    params: OrgParams = field(default_factory=OrgParams)
    operations: Operations = field(default_factory=load_operations)
    contested: frozenset[tuple[str, str]] = frozenset()
    """(faction, system) pairs where the nation is contested this turn (CONT-*, Amb#36; part 2 fills it)."""
    contested_scarce: frozenset[tuple[str, str]] = frozenset()
    """The same for operations that take a limited resource (:data:`SCARCE_OPERATIONS`, Amb#99):
    Friendly nations present contest those too (ruling 273)."""
    npc_consent: Mapping[tuple[str, str], bool] = field(default_factory=dict)
    """(faction, planet) -> the GM's consent answer for a world no nation holds (Amb#44)."""
    knowledge: Mapping[str, Knowledge] = field(default_factory=dict)
    """Faction -> what it knows (targets must be known, Amb#123; distances use known wormholes)."""
    colonisations: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """(faction, planet) -> an ongoing colonisation's progress (part 2's constructions; OP-R5)."""

    @property
    def gi(self) -> GalaxyIndex:
        return _index(self.state.galaxy)

    def faction(self, ident: str) -> Faction:
        return self.state.faction(ident)

    def owner_of(self, planet: str) -> Faction | None:
        for f in self.state.factions:
            if f.colony(planet) is not None:
                return f
        return None


def _index(galaxy: Galaxy) -> GalaxyIndex:
    return galaxy_index(galaxy)


# --- levels (OPS-01, OPS-02) ------------------------------------------------------------------------


def target_number(adjusted_level: int, params: OrgParams) -> int:
    """OPS-02: the table 0:1, 1:1, 2:3, 3:6, 4:10, 5:15; beyond it n(n+1)/2 (Amb#33, ruling 313)."""
    table = params.op_target_numbers
    if adjusted_level < 0:
        raise ValueError("an adjusted level is 0 or more")
    if adjusted_level < len(table):
        return table[adjusted_level]
    return adjusted_level * (adjusted_level + 1) // 2


def base_level(gi: GalaxyIndex, sources: Iterable[str], target: str,
               known_wormholes: Iterable[str] | None = None) -> int | None:
    """OPS-01, Amb#34 (ruling 314): the fewest wormhole jumps (one a turn) from any source system to
    ``target``, along wormholes the nation knows (None: every wormhole); 0 in the same system; None
    when no known route exists."""
    known = None if known_wormholes is None else set(known_wormholes)
    starts = set(sources)
    if target in starts:
        return 0
    dist = {s: 0 for s in starts if s in gi.systems}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for hole, there in gi.links[here]:
            if there in dist or (known is not None and hole not in known):
                continue
            dist[there] = dist[here] + 1
            if there == target:
                return dist[there]
            queue.append(there)
    return None


def _sources(world: World, faction: Faction, org: Org) -> set[str]:
    gi = world.gi
    out = {gi.planet_system[c.planet] for c in faction.colonies}
    out |= {b.system for b in world.orgs.of_org(org.id)}
    return out


# --- starting (step 1) ------------------------------------------------------------------------------


def _refuse(kind: OperationKind, reason: str) -> IllegalAction:
    return IllegalAction(kind.name, reason)


def _knows(world: World, faction: str, *, system: str = "", planet: str = "") -> bool:
    if not world.params.recon_needs_knowledge:
        return True
    k = world.knowledge.get(faction)
    if k is None:
        return True
    if planet:
        return planet in k.planets
    return k.knows_system(system)


def _target_system(world: World, kind: OperationKind, faction: Faction, org: Org, t: OpTarget) -> str:
    """The target system, after checking the target names what the operation needs."""
    gi = world.gi
    need = kind.target

    def planet_system() -> str:
        if t.planet not in gi.planets:
            raise _refuse(kind, "name the target planet")
        if not _knows(world, faction.id, planet=t.planet):
            raise _refuse(kind, "the target planet is not one your nation knows (Amb#123)")
        return gi.planet_system[t.planet]

    if need in ("planet", "own-planet"):
        system = planet_system()
        if need == "own-planet" and faction.colony(t.planet) is None:
            raise _refuse(kind, "the target is one of your own worlds")
        return system
    if need == "system":
        if t.system not in gi.systems:
            raise _refuse(kind, "name the target system")
        if not _knows(world, faction.id, system=t.system):
            raise _refuse(kind, "the target system is not one your nation knows (Amb#123)")
        return t.system
    if need in ("outpost", "planet-or-outpost"):
        if t.planet and (need == "planet-or-outpost" and t.site != "outpost"):
            return planet_system()
        if t.system not in gi.systems:
            also = " or the target planet" if need != "outpost" else ""
            raise _refuse(kind, "name the system of the outpost" + also)
        if not _knows(world, faction.id, system=t.system):
            raise _refuse(kind, "the target system is not one your nation knows (Amb#123)")
        return t.system
    if need == "wormhole":
        hole = gi.wormholes.get(t.wormhole)
        if hole is None:
            raise _refuse(kind, "name the wormhole to explore")
        k = world.knowledge.get(faction.id)
        if k is not None and not k.knows_wormhole(hole.id):
            raise _refuse(kind, "the wormhole is not one your nation knows (O28)")
        system = t.system or hole.a
        if system not in (hole.a, hole.b):
            raise _refuse(kind, "the wormhole does not leave the target system")
        return system
    if need == "anomaly":
        for s in gi.galaxy.systems:
            for a in s.anomalies:
                if a.id == t.anomaly:
                    k = world.knowledge.get(faction.id)
                    if k is not None and a.id not in k.anomalies:
                        raise _refuse(kind, "the anomaly is not one your nation knows")
                    return s.id
        raise _refuse(kind, "name the anomaly to study")
    if need == "belt":
        for s in gi.galaxy.systems:
            for belt in s.belts:
                if belt.id == t.belt:
                    if not _knows(world, faction.id, system=s.id):
                        raise _refuse(kind, "the belt's system is not one your nation knows (Amb#123)")
                    if belt.mineral_rating < 1:
                        raise _refuse(kind, "the belt is exhausted (Mineral Rating 0, Amb#49)")
                    return s.id
        raise _refuse(kind, "name the asteroid belt")
    if need == "faction":
        try:
            other = world.faction(t.faction)
        except KeyError:
            raise _refuse(kind, "name the civilisation to send credits to") from None
        if other.id == faction.id:
            raise _refuse(kind, "send credits to another civilisation")
        if other.id not in faction.known_factions and not (
                world.knowledge.get(faction.id) and world.knowledge[faction.id].knows_faction(other.id)):
            raise _refuse(kind, f"your nation has not met {other.name}")
        if t.amount < 1:
            raise _refuse(kind, "send 1 credit or more")
        if t.amount > faction.credits:
            raise _refuse(kind, f"you have {faction.credits} credits, not {t.amount}")
        return gi.planet_system[other.homeworld]
    if need in ("branch", "branch-or-narrative", "branch-or-office"):
        if t.branch:
            b = world.orgs.branch(t.branch)
            if b is None or not _sees_branch(world, faction, b):
                raise _refuse(kind, f"'{t.branch}' is not a branch your nation knows of")
            return b.system
        if need == "branch-or-office" and t.org and t.planet:
            if t.planet not in gi.planets or not any(t.org in c.offices for f in world.state.factions
                                                     for c in f.colonies if c.planet == t.planet):
                raise _refuse(kind, "no office of that organisation stands on that planet")
            return planet_system()
        if need == "branch-or-narrative" and t.narrative.strip():
            return planet_system() if t.planet else (t.system if t.system in gi.systems else _home(world, faction))
        raise _refuse(kind, "name the target branch" + (" or the problem, in words" if need == "branch-or-narrative"
                                                         else " or office"))
    if need == "colonisation":
        if (faction.id, t.planet) not in world.colonisations:
            raise _refuse(kind, "name a colonisation your nation has under way (OP-R5, Amb#124)")
        return gi.planet_system[t.planet]
    raise _refuse(kind, f"unknown target kind '{need}'")  # pragma: no cover - the schema lists them


def _home(world: World, faction: Faction) -> str:
    return world.gi.planet_system[faction.homeworld]


def _sees_branch(world: World, faction: Faction, b: Branch) -> bool:
    """Ruling 312: a nation may target its own branches, any non-hidden branch in a system it knows
    (branches are public establishments), and hidden ones only once found."""
    if b.faction == faction.id or faction.id in b.found_by:
        return True
    return not b.hidden and _knows(world, faction.id, system=b.system)


def _principles_of(world: World, planet: str) -> dict[str, int] | None:
    owner = world.owner_of(planet)
    if owner is None:
        return None
    colony = owner.colony(planet)
    assert colony is not None
    return colony.principles


def _adherence(principles: Mapping[str, int], name: str) -> int:
    for k, v in principles.items():
        if k.casefold() == name.casefold():
            return v
    return 0


def _share_level(world: World, kind: OperationKind, faction: Faction, t: OpTarget) -> tuple[int, str]:
    """Share Technology (OP-S6, Amb#47, ruling 315): the level shared (X+1) and the recipient's id."""
    recipient = world.owner_of(t.planet)
    if recipient is None or recipient.id == faction.id:
        raise _refuse(kind, "the target planet belongs to another nation (its owner receives the technology)")
    cat = world.catalogue
    try:
        tech = cat.tech(t.tech)
    except KeyError:
        raise _refuse(kind, "name the technology to share") from None
    if tech.kind == "design" and t.design_class not in cat.classes:
        raise _refuse(kind, f"{tech.name} names the class it unlocks")
    level = research_level(cat, recipient.tech, tech, t.design_class) if tech.kind != "core" else \
        recipient.tech.level(tech.id) + 1
    if tech.kind == "core":
        if faction.tech.level(tech.id) < level:
            raise _refuse(kind, f"you know {tech.name} {faction.tech.level(tech.id)}, not {level}")
    elif not faction.tech.has(tech.id) and not (tech.kind == "design" and t.design_class in faction.tech.designs):
        raise _refuse(kind, f"you do not know {tech.name}")
    elif tech.id in recipient.tech.known or (tech.kind == "design" and t.design_class in recipient.tech.designs):
        raise _refuse(kind, f"the recipient already knows {tech.name}")
    missing = missing_prerequisites(cat, recipient.tech, tech, t.design_class)
    if missing:
        raise _refuse(kind, "the recipient lacks the prerequisites: " + ", ".join(missing))
    return level, recipient.id


def _modifier(world: World, kind: OperationKind, faction: Faction, org: Org, t: OpTarget) -> int:
    if kind.modifier_rule == "fixed":
        return kind.modifier
    if kind.modifier_rule == "tech-level-minus-one":
        level, _ = _share_level(world, kind, faction, t)
        return level - 1
    principles = _principles_of(world, t.planet)
    if principles is None:
        raise _refuse(kind, "the engine holds no principles for a world no nation holds; ask the GM (O26)")
    if kind.modifier_rule == "twice-guiding-adherence":
        return 2 * _adherence(principles, org.principle)
    if not t.principle.strip():
        raise _refuse(kind, "name the principle to burn")
    adherence = _adherence(principles, t.principle)
    if adherence == 0:
        raise _refuse(kind, f"the world holds no principle '{t.principle}' that your nation knows of")
    return 2 * adherence


def start_operation(world: World, faction_id: str, org_id: str, kind_id: str, target: OpTarget,
                    turn: int) -> Operation:
    """A new operation for the organisation (O27-O58), or IllegalAction saying what is wrong.

    The base level, adjusted level and target number are fixed now (Amb#34).  Replacing the
    organisation's current operation is the caller's (its progress is lost, O60)."""
    faction = world.faction(faction_id)
    org = faction.org(org_id)
    if org is None:
        raise IllegalAction("operation", f"{faction.name} has no organisation '{org_id}'")
    try:
        kind = world.operations.kind(kind_id)
    except KeyError:
        raise IllegalAction("operation", f"there is no operation '{kind_id}'") from None
    if kind.org != org.type:
        raise _refuse(kind, f"{kind.name} is a {kind.org} operation; {org.name} is a {org.type} organisation")
    if org.power < 1:
        raise _refuse(kind, f"{org.name} has no office, so no Power to run operations")
    system = _target_system(world, kind, faction, org, target)
    if kind.effect == "found-branch":
        _branch_start_check(world, kind, faction, target)
    if kind.effect == "outcompete":
        b = world.orgs.branch(target.branch)
        assert b is not None
        if b.org_type != "trade" or b.faction == faction.id:
            raise _refuse(kind, "the target is a branch of a rival nation's Trade organisation")
    if kind.effect == "share-technology":
        _share_level(world, kind, faction, target)
    if kind.effect in ("counter-insurgency", "insurgency") and target.branch:
        b = world.orgs.branch(target.branch)
        assert b is not None
        if kind.effect == "counter-insurgency" and b.faction == faction.id:
            raise _refuse(kind, "the target is another nation's branch (an unwanted one; ruling 325)")
        if kind.effect == "insurgency" and not b.invalid:
            raise _refuse(kind, "the branch supported is an illegal one: a safe house, hidden lodge or black "
                                "market (Amb#46; ruling 325)")
    modifier = _modifier(world, kind, faction, org, target)
    k = world.knowledge.get(faction.id)
    known = None if k is None else set(k.wormholes)
    base = base_level(world.gi, _sources(world, faction, org), system, known)
    if base is None and kind.effect == "transfer-resources":
        base = base_level(world.gi, _sources(world, faction, org), system)  # a nation met is reachable (ruling 314)
    if base is None:
        raise _refuse(kind, "no known route leads from your worlds or the organisation's branches to the target "
                            "(Amb#34)")
    adjusted = base + modifier
    return Operation(org=org.id, faction=faction.id, kind=kind.id, target=target, system=system, base_level=base,
                     adjusted_level=adjusted, target_number=target_number(adjusted, world.params), started=turn,
                     escrow=target.amount if kind.effect == "transfer-resources" else 0)


def _branch_site(kind: OperationKind, t: OpTarget) -> Site:
    if kind.site:
        return kind.site
    return "outpost" if t.site == "outpost" or not t.planet else "planet"


def _branch_start_check(world: World, kind: OperationKind, faction: Faction, t: OpTarget) -> None:
    """What can be refused at once; consent and room are checked again at completion (Amb#44)."""
    site = _branch_site(kind, t)
    if site == "planet":
        facts = site_facts(world.state, world.orgs, world.gi, system=world.gi.planet_system[t.planet], planet=t.planet)
        if not facts.inhabited:
            raise _refuse(kind, "a branch stands only on an inhabited world (ORG-05)")
        if facts.host == faction.id:
            raise _refuse(kind, "a branch never stands on a planet you control (ORG-05)")
        if t.field and t.field not in FIELDS:
            raise _refuse(kind, f"the field is one of {', '.join(FIELDS)}")
        if kind.org == "science" and not t.field:
            raise _refuse(kind, f"choose the field of its science points: field {', '.join(FIELDS)} (ORG-12, OP-S5)")
    elif kind.branch in ("safe-house", "hidden-lodge"):
        outpost = world.orgs.outpost(t.system)
        if outpost is None or outpost.owner == faction.id:
            raise _refuse(kind, "a hidden branch stands only on an alien outpost or an alien world")


def set_operation(current: Mapping[str, Operation],
                  op: Operation) -> tuple[dict[str, Operation], tuple[CreditsChange, ...]]:
    """OPS-04, O60 (Amb#35, ruling 316): an organisation runs one operation; a new one replaces the
    current one, whose progress is lost (and whose credits taken at the start come back)."""
    out = dict(current)
    old = out.get(op.org)
    out[op.org] = op
    return out, (cancel_operation(old) if old is not None else ())


def safe_houses_being_established(ops: Iterable[Operation], catalogue: Operations) -> tuple[tuple[str, str], ...]:
    """(system, faction) of every Establish Safe House operation under way on an outpost: what forward
    operating bases there learn (ORG-16; ``orgs.fob_sightings``)."""
    out: list[tuple[str, str]] = []
    for op in ops:
        kind = catalogue.kind(op.kind)
        if kind.branch == "safe-house" and _branch_site(kind, op.target) == "outpost":
            out.append((op.system, op.faction))
    return tuple(out)


def operation_power(faction: Faction, org: Org, kind: OperationKind) -> int:
    """OPS-05 (S18 example, ruling 336): the organisation's Power for this operation, with what its
    nation's traits add (``TraitHooks.op_power``: by operation id, or by organisation type for all of
    its operations); never below 0.  It counts for progress and for every Power in the effect."""
    bonus = sum(h.op_power.get(kind.id, 0) + h.op_power.get(org.type, 0) for h in faction.hooks())
    return max(0, org.power + bonus)


def advance_operation(op: Operation, power: int, bonus: int = 0) -> Operation:
    """Step 7 (OPS-03): + the organisation's Power (+ a trait's bonus for this operation, OPS-05)."""
    return msgspec.structs.replace(op, progress=op.progress + max(0, power + bonus))


def is_ready(op: Operation) -> bool:
    """Step 8: progress has reached the target number."""
    return op.progress >= op.target_number


def cancel_operation(op: Operation) -> tuple[CreditsChange, ...]:
    """O60: cancelled or replaced, the progress is lost; credits taken at the start come back (Amb#48)."""
    if op.escrow:
        return (CreditsChange(faction=op.faction, amount=op.escrow, why="Transfer Resources cancelled: refunded",
                              ledger="refund"),)
    return ()


# --- resolving (step 8) -------------------------------------------------------------------------------


@dataclass
class _Out:
    world: OrgWorld
    power: int = 0
    """The acting organisation's Power for this operation (OPS-05: with its traits' bonus)."""
    reports: list[OpReport] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    gm: list[NarrativeItem] = field(default_factory=list)
    success: bool = True

    def done(self, *, waiting: bool = False) -> OpOutcome:
        return OpOutcome(world=self.world, success=self.success and not waiting, reports=tuple(self.reports),
                         effects=tuple(self.effects), gm=tuple(self.gm), waiting=waiting)


def _name(world: World, ident: str) -> str:
    gi = world.gi
    if ident in gi.planets:
        return gi.planets[ident].name
    if ident in gi.systems:
        return gi.systems[ident].name
    return ident


def resolve_operation(world: World, op: Operation, turn: int) -> OpOutcome:
    """Step 8: what the finished operation does (OP-*).  An operation that must be Uncontested and is
    contested waits, ready, for a turn it is not (ruling 317)."""
    faction = world.faction(op.faction)
    org = faction.org(op.org)
    kind = world.operations.kind(op.kind)
    if org is None:
        return _Out(world.orgs, success=False).done()
    pairs = world.contested_scarce if op.kind in SCARCE_OPERATIONS else world.contested
    contested = (faction.id, op.system) in pairs
    if kind.uncontested and contested:
        out = _Out(world.orgs)
        out.reports.append(OpReport(faction=faction.id, turn=turn, topic=kind.name,
                                    text=f"{org.name}: {kind.name} waits; you are contested in "
                                         f"{_name(world, op.system)} (it completes once you are Uncontested)"))
        return out.done(waiting=True)
    out = _Out(world.orgs, power=operation_power(faction, org, kind))
    handler = _HANDLERS[kind.effect]
    handler(world, out, op, kind, faction, org, turn, contested)
    return out.done()


def _say(out: _Out, faction: str, turn: int, topic: str, text: str, lines: Iterable[str] = (),
         source: str = "operation") -> None:
    out.reports.append(OpReport(faction=faction, turn=turn, topic=topic, text=text, lines=tuple(lines), source=source))


def _survey(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
            contested: bool) -> None:
    """OP-S1: an Active survey with the nation's current Sensors level (ORG-18); contested: Passive."""
    _survey_system(world, out, op.system, kind, f, org, turn, contested)


def _survey_system(world: World, out: _Out, system: str, kind: OperationKind, f: Faction, org: Org, turn: int,
                   contested: bool) -> None:
    sensors = f.tech.level("sensors")
    mode: Literal["passive", "active"] = "passive" if contested else "active"
    out.effects.append(Survey(faction=f.id, kind=mode, system=system, level=0 if contested else sensors))
    why = " (contested: passive data only)" if contested else f" (Sensors {sensors})"
    _say(out, f.id, turn, kind.name, f"{org.name}: {mode} survey of {_name(world, system)}{why}", source="survey")


def _explore(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
             contested: bool) -> None:
    """OP-S2: the system on the far side of the wormhole, surveyed as by Survey System."""
    hole = world.gi.wormholes[op.target.wormhole]
    far = hole.b if op.system == hole.a else hole.a
    _survey_system(world, out, far, kind, f, org, turn, contested)


def _study_anomaly(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
                   contested: bool) -> None:
    """OP-S3: Power x current Sensors progress to the anomaly study, once (Amb#125, ruling 324)."""
    amount = out.power * f.tech.level("sensors")
    out.effects.append(AnomalyProgress(faction=f.id, anomaly=op.target.anomaly, amount=amount))
    _say(out, f.id, turn, kind.name, f"{org.name}: {amount} progress towards the study of {op.target.anomaly} "
                                     f"(Power {out.power} x Sensors {f.tech.level('sensors')})")


def _study_planet(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
                  contested: bool) -> None:
    """OP-S4: a Planetary Survey of the planet (Uncontested: checked before), its planetary anomalies
    found up to the nation's current Sensors level (ORG-18, TECH-09)."""
    out.effects.append(Survey(faction=f.id, kind="planetary", planet=op.target.planet, system=op.system,
                              level=f.tech.level("sensors")))
    _say(out, f.id, turn, kind.name, f"{org.name}: planetary survey of {_name(world, op.target.planet)}",
         source="survey")


def _found(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
           contested: bool) -> None:
    """OP-S5, S7, T1-T3, M3, M4, I1, I2, R1, R2: a branch founded, or failed (progress lost, ORG-07, ORG-10)."""
    t = op.target
    site = _branch_site(kind, t)
    gi = world.gi
    planet = t.planet if site == "planet" else ""
    facts = site_facts(world.state, world.orgs, gi, system=op.system, planet=planet, founder=f.id)
    assert kind.branch
    problem = branch_problem(world.orgs, org=org.id, faction=f.id, org_type=org.type, kind=kind.branch, site=site,
                             facts=facts, params=world.params, npc_consent=world.npc_consent.get((f.id, planet)))
    where = _name(world, planet) if planet else f"the outpost of {_name(world, op.system)}"
    if problem:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} on {where} failed: {problem}")
        answered = (f.id, planet) in world.npc_consent or any(
            c.host == "npc" and c.guest == f.id and c.location == planet for c in world.orgs.consents)
        if facts.host == "npc" and world.params.npc_consent == "gm" and not answered \
                and kind.branch not in ("safe-house", "hidden-lodge", "black-market"):
            out.gm.append(NarrativeItem(faction=f.id, turn=turn, planet=planet, operation=kind.id, org=org.id,
                                        consent=True,
                                        subject=f"Do the people of {_name(world, planet)} consent to a branch of "
                                                f"{f.name}'s {org.name} ({org.type})? (Amb#44: answer yes or no, then "
                                                "the nation may try again)"))
        return
    science_field: Field | Literal[""] = ""
    if org.type == "science" and site == "planet":
        science_field = t.field or "xenology"
        if not facts.space_age:
            science_field = "xenology"
    world_after, branch = found_branch(out.world, org=org.id, faction=f.id, org_type=org.type, kind=kind.branch,
                                       site=site, system=op.system, planet=planet, turn=turn, field=science_field,
                                       anomaly=t.anomaly)
    created = world.orgs.outpost(op.system) is None and site == "outpost"
    out.world = world_after
    extra = " (a new outpost, yours)" if created else ""
    extra += f"; its science points: {science_field}" if science_field else ""
    _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name}: branch {branch.id} founded on {where}{extra}")
    host = facts.host if site == "planet" else (world.orgs.outpost(op.system).owner  # type: ignore[union-attr]
                                                if not created else "")
    if host and host not in ("npc", f.id) and not branch.hidden:
        _say(out, host, turn, "Foreign branch",
             f"{f.name}'s {org.name} ({org.type}) founded a {kind.branch.replace('-', ' ')} on {where}")
    if kind.branch == "black-market":
        out.gm.append(NarrativeItem(faction=f.id, turn=turn, planet=planet, operation=kind.id, org=org.id,
                                    subject=f"A black market of {f.name}'s {org.name} (Power {out.power}) opened on "
                                            f"{where}: does it change the world's social principles? (ORG-14, "
                                            "ruling 304)"))
    if org.type == "religious" and site == "planet" and org.principle:
        out.effects.append(AdherenceChange(planet=planet, principle=org.principle, delta=1,
                                           cap=world.params.religious_branch_cap))


def _share(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
           contested: bool) -> None:
    """OP-S6: the technology to the target planet's owner; prerequisites checked again (Amb#47, ruling 315)."""
    try:
        level, recipient = _share_level(world, kind, f, op.target)
    except IllegalAction as exc:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} failed: {exc.reason}")
        return
    tech = world.catalogue.tech(op.target.tech)
    fixed = op.adjusted_level - op.base_level + 1  # the level whose X the operation was started for
    if tech.kind == "core" and level != fixed:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} failed: {world.faction(recipient).name} knows "
                                         f"{tech.name} {level - 1} by now, so {tech.name} {fixed} is nothing new "
                                         "(ruling 315)")
        return
    label = f"{tech.name} {level}" if tech.kind == "core" else tech.name
    out.effects.append(TechGranted(faction=recipient, tech=tech.id, design_class=op.target.design_class))
    _say(out, f.id, turn, kind.name, f"{org.name}: {label} shared with {world.faction(recipient).name}")
    _say(out, recipient, turn, "Technology received", f"{f.name} shared {label} with you (Share Technology)")


def _transfer(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
              contested: bool) -> None:
    """OP-T4: the credits taken at the start reach the recipient (Amb#48)."""
    other = world.faction(op.target.faction)
    out.effects.append(CreditsChange(faction=other.id, amount=op.escrow, why=f"Transfer Resources from {f.name}",
                                     ledger="transfer-in"))
    _say(out, f.id, turn, kind.name, f"{org.name}: {op.escrow} credits delivered to {other.name}")
    _say(out, other.id, turn, "Credits received", f"{f.name} sent you {op.escrow} credits (Transfer Resources)")


_SUPPRESS_WORDS = {"suppressed": "suppressed", "removed": "removed", "blocked": "saved by insurgents' support"}


def _suppress_one(world: World, out: _Out, b: Branch, kind: OperationKind, f: Faction, org: Org, turn: int,
                  *, tell_actor: bool = True) -> None:
    out.world, result = suppress(out.world, b.id, out.power, turn)
    where = _name(world, b.planet) if b.planet else f"the outpost of {_name(world, b.system)}"
    if tell_actor:
        until = f" until turn {turn + out.power}" if result == "suppressed" else ""
        _say(out, f.id, turn, kind.name, f"{org.name}: branch {b.id} on {where} {_SUPPRESS_WORDS[result]}{until}")
    until = f" for {out.power} turn(s)" if result == "suppressed" else ""
    _say(out, b.faction, turn, "Branch attacked", f"your branch {b.id} on {where} was {_SUPPRESS_WORDS[result]}"
                                                    f"{until} ({kind.name})")


def _outcompete(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
                contested: bool) -> None:
    """OP-T5: suppressed for Power turns, or removed if already suppressed (Amb#45)."""
    b = out.world.branch(op.target.branch)
    if b is None:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name}: the branch is gone")
        return
    _suppress_one(world, out, b, kind, f, org, turn)


def _mining(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
            contested: bool) -> None:
    """OP-T6: 50 x the belt's Mineral Rating credits; the belt loses 1 (Amb#49, ruling 326)."""
    mr = 0
    for s in world.gi.galaxy.systems:
        for belt in s.belts:
            if belt.id == op.target.belt:
                mr = belt.mineral_rating
    if mr < 1:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} found the belt exhausted (Mineral Rating 0)")
        return
    gain = world.params.expedition_credits_per_mr * mr
    out.effects.append(CreditsChange(faction=f.id, amount=gain, why=f"Asteroid Mining Expedition (MR {mr})"))
    out.effects.append(BeltDepletion(belt=op.target.belt))
    _say(out, f.id, turn, kind.name, f"{org.name}: {gain} credits mined; the belt's Mineral Rating falls to {mr - 1}")


def _narrative(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org,
               turn: int) -> None:
    t = op.target
    where = f" on {_name(world, t.planet)}" if t.planet else f" in {_name(world, op.system)}"
    out.gm.append(NarrativeItem(faction=f.id, turn=turn, planet=t.planet, operation=kind.id, org=org.id,
                                subject=f"{kind.name} by {f.name}'s {org.name} (Power {out.power}){where}: "
                                        f"{t.narrative.strip()}. What happens? (OP-M1/OP-M2: the GM decides)"))
    _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name}{where} done; the GM will tell you what happens")


def _counter(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
             contested: bool) -> None:
    """OP-M1: an unwanted branch suppressed (or removed); a narrative issue goes to the GM."""
    if not op.target.branch:
        _narrative(world, out, op, kind, f, org, turn)
        return
    _outcompete(world, out, op, kind, f, org, turn, contested)


def _insurgency(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
                contested: bool) -> None:
    """OP-M2: an illegal branch is shielded from one suppression in the next Power turns."""
    if not op.target.branch:
        _narrative(world, out, op, kind, f, org, turn)
        return
    b = out.world.branch(op.target.branch)
    if b is None:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name}: the branch is gone")
        return
    out.world = block_suppression(out.world, b.id, out.power, turn)
    _say(out, f.id, turn, kind.name, f"{org.name}: branch {b.id} is shielded from one suppression attempt "
                                     f"until turn {turn + out.power}")


def _planetary_recon(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org,
                     turn: int, contested: bool) -> None:
    """OP-I3: district levels, active projects (name, progress), offices (names, types)."""
    owner = world.owner_of(op.target.planet)
    name = _name(world, op.target.planet)
    if owner is None:
        _ask_gm(world, out, op, kind, f, org, turn, "no nation holds it")
        return
    colony = owner.colony(op.target.planet)
    assert colony is not None
    d = colony.districts
    lines = [f"districts: Industrial {d.industrial}, Academic {d.academic}, Shipyard {d.shipyard}, "
             f"Military {d.military}"]
    for slot, p in colony.projects.items():
        label = world.catalogue.project(p.kind).name if p.kind in world.catalogue.projects else p.kind
        lines.append(f"project ({slot}): {label} L{p.level}, progress {p.progress}/{p.target}")
    for org_id in colony.offices:
        other = owner.org(org_id)
        if other is not None:
            lines.append(f"office: {other.name} ({other.type})")
    _say(out, f.id, turn, kind.name, f"{org.name}: Planetary Recon of {name} ({owner.name})", lines, "recon")


def _ask_gm(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
            why: str) -> None:
    """A world the engine holds no data for: the GM sends the findings (ruling 310)."""
    name = _name(world, op.target.planet or op.system)
    out.gm.append(NarrativeItem(faction=f.id, turn=turn, planet=op.target.planet, operation=kind.id, org=org.id,
                                subject=f"{kind.name} of {name} by {f.name}'s {org.name}: {why}, so the engine has "
                                        "nothing to report; tell the nation what it learns"))
    _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} of {name} done; the GM will send the findings")


def _military_recon(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org,
                    turn: int, contested: bool) -> None:
    """OP-I4: names, levels and classes of every army and ship in the system."""
    lines: list[str] = []
    for other in world.state.factions:
        if other.id == f.id:
            continue
        for u in other.units:
            if u.system != op.system:
                continue
            cls = world.catalogue.classes.get(u.class_id)
            where = f" on {_name(world, u.planet)}" if u.planet and u.unit == "detachment" else ""
            lines.append(f"{other.name}: {u.name}, L{u.level} {cls.name if cls else u.class_id} ({u.unit}){where}")
    if not lines:
        lines.append("no foreign ships or armies")
    _say(out, f.id, turn, kind.name, f"{org.name}: Military Recon of {_name(world, op.system)}", lines, "recon")


def _owner_or_gm(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org,
                 turn: int) -> Faction | None:
    owner = world.owner_of(op.target.planet)
    if owner is None:
        _ask_gm(world, out, op, kind, f, org, turn, "no nation holds it")
    return owner


def _fundamental(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
                 contested: bool) -> None:
    """OP-I5: every core technology level of the planet's owner."""
    owner = _owner_or_gm(world, out, op, kind, f, org, turn)
    if owner is None:
        return
    lines = [f"{t.name} {owner.tech.level(t.id)}" for t in world.catalogue.core_techs()]
    _say(out, f.id, turn, kind.name, f"{org.name}: core technologies of {owner.name}", lines, "recon")


def _advanced(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
              contested: bool) -> None:
    """OP-I6: one core technology's level and the owner's supplementals hanging from it."""
    owner = _owner_or_gm(world, out, op, kind, f, org, turn)
    if owner is None:
        return
    cat = world.catalogue
    try:
        core = cat.tech(op.target.tech)
    except KeyError:
        core = None
    if core is None or core.kind != "core":
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name} names a core technology")
        return
    supplementals = sorted(cat.tech(t).name for t in owner.tech.known
                           if t in cat.techs and core.id in cat.core_parents(cat.tech(t)))
    lines = [f"{core.name} {owner.tech.level(core.id)}",
             "supplementals: " + (", ".join(supplementals) if supplementals else "none")]
    _say(out, f.id, turn, kind.name, f"{org.name}: {core.name} of {owner.name}", lines, "recon")


def _org_recon(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
               contested: bool) -> None:
    """OP-I7, Amb#46 (ruling 311): the organisation's other valid branches and its offices; its invalid
    branches (safe houses, hidden lodges, black markets) only on worlds where the acting organisation
    has offices.  Hidden ones revealed become known to the nation."""
    t = op.target
    target_org = t.org
    if t.branch:
        b = world.orgs.branch(t.branch)
        target_org = b.org if b is not None else ""
    owner = next((x for x in world.state.factions if x.org(target_org) is not None), None)
    if owner is None:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: {kind.name}: the organisation is gone")
        return
    target = owner.org(target_org)
    assert target is not None
    lines = [f"office on {_name(world, p)}" for p in target.offices]
    mine = set(org.offices)
    for b in world.orgs.of_org(target.id):
        if b.id == t.branch:
            continue
        if b.invalid and b.planet not in mine:
            continue
        where = _name(world, b.planet) if b.site == "planet" else f"the outpost of {_name(world, b.system)}"
        lines.append(f"{b.kind.replace('-', ' ')} {b.id} on {where}")
        if b.hidden:
            out.world = mark_found(out.world, b.id, f.id)
    _say(out, f.id, turn, kind.name, f"{org.name}: Organisational Recon of {target.name} ({owner.name}, "
                                     f"{target.type})", lines, "recon")


def _crackdown(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
               contested: bool) -> None:
    """OP-I8: every safe house and hidden lodge on the world suppressed (or removed) for the organisation's
    offices in turns; the acting nation learns nothing of them (ruling 327)."""
    hits = [b for b in world.orgs.at(system=op.system, planet=op.target.planet, site="planet") if b.hidden]
    for b in hits:
        _suppress_one(world, out, b, kind, f, org, turn, tell_actor=False)
    _say(out, f.id, turn, kind.name, f"{org.name}: Police Crackdown on {_name(world, op.target.planet)} carried out")


def _cultural(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
              contested: bool) -> None:
    """OP-I9, OP-R6: every social principle on the planet."""
    sighting = culture.principle_report(world.state, f.id, op.target.planet, turn)
    if sighting is None:
        _ask_gm(world, out, op, kind, f, org, turn, "the engine holds no principles for a world no nation holds")
        return
    lines = [f"{k}: adherence {v}" for k, v in sighting.principles.items()] or ["no social principles"]
    _say(out, f.id, turn, kind.name, f"{org.name}: social principles of {_name(world, op.target.planet)}", lines,
         "recon")


def _spread(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
            contested: bool) -> None:
    """OP-R3: the guiding principle +1 on the planet."""
    out.effects.append(AdherenceChange(planet=op.target.planet, principle=org.principle, delta=1))
    _say(out, f.id, turn, kind.name, f"{org.name}: '{org.principle}' grows on {_name(world, op.target.planet)}")


def _burn(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
          contested: bool) -> None:
    """OP-R4: the principle -1 on the planet."""
    out.effects.append(AdherenceChange(planet=op.target.planet, principle=op.target.principle, delta=-1))
    _say(out, f.id, turn, kind.name, f"{org.name}: '{op.target.principle}' weakens on "
                                     f"{_name(world, op.target.planet)}")


def _sponsor(world: World, out: _Out, op: Operation, kind: OperationKind, f: Faction, org: Org, turn: int,
             contested: bool) -> None:
    """OP-R5 (Amb#124): Power x Offworld Construction progress to the colonisation, once; the colony will
    hold the guiding principle +1 (ruling 322)."""
    if (f.id, op.target.planet) not in world.colonisations:
        out.success = False
        _say(out, f.id, turn, kind.name, f"{org.name}: the colonisation of {_name(world, op.target.planet)} is over")
        return
    amount = out.power * f.tech.level("offworld-construction")
    out.effects.append(ColonisationProgress(faction=f.id, planet=op.target.planet, amount=amount,
                                            principle=org.principle))
    _say(out, f.id, turn, kind.name, f"{org.name}: {amount} progress to the colonisation of "
                                     f"{_name(world, op.target.planet)}; its colonists hold '{org.principle}'")


_HANDLERS = {
    "survey": _survey, "explore-wormhole": _explore, "study-anomaly": _study_anomaly, "study-planet": _study_planet,
    "found-branch": _found, "share-technology": _share, "transfer-resources": _transfer, "outcompete": _outcompete,
    "mining-expedition": _mining, "counter-insurgency": _counter, "insurgency": _insurgency,
    "planetary-recon": _planetary_recon, "military-recon": _military_recon, "fundamental-recon": _fundamental,
    "advanced-recon": _advanced, "organisational-recon": _org_recon, "police-crackdown": _crackdown,
    "cultural-recon": _cultural, "spread-the-word": _spread, "burn-the-heretics": _burn,
    "sponsor-colonists": _sponsor,
}


# --- a whole step over every organisation (for the pipeline) ---------------------------------------------

DEFENSIVE_FIRST: Final[tuple[str, ...]] = ("counter-insurgency", "police-crackdown")
"""Operations completing before the others in a turn (Amb#4: defensive first; ruling 329)."""


def progress_operations(state: CampaignState, ops: Mapping[str, Operation],
                        bonus: Mapping[tuple[str, str], int] | None = None) -> dict[str, Operation]:
    """Step 7 for every operation: + its organisation's Power for it (with its nation's trait bonus,
    OPS-05: :func:`operation_power`; ``bonus``: (org id, operation id) -> more Power still).
    Operations of organisations that are gone are dropped."""
    extra = bonus or {}
    catalogue = load_operations()
    out: dict[str, Operation] = {}
    for org_id, op in ops.items():
        try:
            faction = state.faction(op.faction)
        except KeyError:
            continue
        org = faction.org(org_id)
        if org is None:
            continue
        power = operation_power(faction, org, catalogue.kind(op.kind))
        out[org_id] = advance_operation(op, power, extra.get((org_id, op.kind), 0))
    return out


SCARCE_OPERATIONS = frozenset({"send-asteroid-mining-expedition"})
"""Operations that take a limited resource (Amb#99: the belt), so Friendly nations contest them too."""


def contested_pairs(state: CampaignState, catalogue: Catalogue, ops: Iterable[Operation], *,
                    scarce: bool = False) -> frozenset[tuple[str, str]]:
    """(nation, target system) of each operation whose nation is not Uncontested there this turn
    (Amb#36, ruling 317): part 2's CONT-01..03 test (``warfare.uncontested``) applied to the nation's
    units in the system, REL-02 and the contest directives deciding whether the foreigners present
    contest (ruling 273).  ``scarce``: only the operations of :data:`SCARCE_OPERATIONS`, tested as
    taking a limited resource (Friendly nations contest too, Amb#99); the others otherwise."""
    from starlanes.games.star_kingdoms.warfare import uncontested

    out: set[tuple[str, str]] = set()
    for op in ops:
        if (op.kind in SCARCE_OPERATIONS) != scarce:
            continue
        try:
            faction = state.faction(op.faction)
        except KeyError:
            continue
        if not uncontested(state, catalogue, faction, op.system, scarce=scarce):
            out.add((op.faction, op.system))
    return frozenset(out)


def complete_operations(world: World, ops: Mapping[str, Operation],
                        turn: int) -> tuple[dict[str, Operation], OrgWorld, tuple[OpOutcome, ...]]:
    """Step 8 for every operation that reached its target: resolved one after another over the
    changing branches (defensive ones first, then in nation and organisation order; ruling 329).
    Returns the operations still running (waiting ones included), the new branches and outposts, and
    each outcome (to apply with :func:`apply_effects` and to queue for the GM)."""
    order = {f.id: i for i, f in enumerate(world.state.factions)}
    ready = sorted((op for op in ops.values() if is_ready(op)),
                   key=lambda op: (op.kind not in DEFENSIVE_FIRST, order.get(op.faction, len(order)), op.org))
    remaining = dict(ops)
    orgs = world.orgs
    outcomes: list[OpOutcome] = []
    for op in ready:
        out = resolve_operation(_with_orgs(world, orgs), op, turn)
        orgs = out.world
        outcomes.append(out)
        if not out.waiting:
            del remaining[op.org]
    return remaining, orgs, tuple(outcomes)


def _with_orgs(world: World, orgs: OrgWorld) -> World:
    return replace(world, orgs=orgs)


# --- what the campaign keeps, and the bonuses of a turn ------------------------------------------------


class OrgsState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything organisations have beyond their offices: the branches, outposts and consents, and the
    operation each organisation is running (org id -> operation).  The campaign keeps one (ruling 300)."""

    world: OrgWorld = msgspec.field(default_factory=OrgWorld)
    operations: dict[str, Operation] = msgspec.field(default_factory=dict)


class NationBonuses(msgspec.Struct, frozen=True, kw_only=True):
    """The passive bonuses of one nation's organisations this turn (S8.5), ready for the pipeline."""

    faction: str
    own_trade: tuple[TradeBranch, ...]
    """For ``economy.ERSources.trade_branches`` (step 2)."""
    host_trade: dict[str, tuple[TradeBranch, ...]]
    """Colony -> foreign Trade branches on it, for ``economy.host_trade_power`` (its PE, step 2)."""
    science: SciencePoints
    """Science points of Science offices and planet branches (step 2)."""
    sightings: tuple[culture.PrincipleSighting, ...]
    """Principles its branches reveal on foreign worlds (the sheet)."""
    notices: tuple[str, ...]
    """Timers that ended, safe houses its forward operating bases see (the sheet)."""
    people_traits: tuple[tuple[str, str], ...] = ()
    """(nation, trait name) of every nation on whose planets it has a branch: the name, never the
    effect, of their people trait (VIS-08; ``knowledge.learn_trait``)."""


def _people_traits(state: CampaignState, world: OrgWorld, faction: str) -> tuple[tuple[str, str], ...]:
    hosts = {b.planet for b in world.branches if b.faction == faction and b.site == "planet"}
    out: list[tuple[str, str]] = []
    for other in state.factions:
        if other.id == faction or not any(c.planet in hosts for c in other.colonies):
            continue
        out.extend((other.id, t.name) for t in other.traits if t.category == "people")
    return tuple(out)


def nation_bonuses(state: CampaignState, orgs: OrgsState, faction_id: str, turn: int, rng: Draw,
                   params: OrgParams | None = None) -> tuple[OrgsState, NationBonuses]:
    """One nation's passive organisation bonuses this turn (ORG-11..20, CULT-06), and the state with the
    safe houses its forward operating bases found marked (ORG-16).  Outpost Science branches' progress
    goes to studies after step 6 (``war/constructions.py``, ruling 236), not here."""
    p = params or OrgParams()
    f = state.faction(faction_id)
    powers = {o.id: o.power for x in state.factions for o in x.orgs}
    gi = _index(state.galaxy)
    world = orgs.world
    world, seen = fob_sightings(world, f.id, turn, being_established=safe_houses_being_established(
        orgs.operations.values(), load_operations()))
    notices = tuple(line for who, line in timer_notices(world, turn) if who == f.id) + tuple(
        f"your forward operating base sees a {line}" for line in seen)
    ages = {b.planet: gi.planets[b.planet].space_age or any(x.colony(b.planet) is not None for x in state.factions)
            for b in world.branches if b.faction == f.id and b.planet}
    bonuses = NationBonuses(
        faction=f.id,
        own_trade=own_trade_branches(world, f.id, powers, turn, {c.planet: c.blockade for x in state.factions
                                                                  for c in x.colonies}),
        host_trade={c.planet: host_trade_branches(world, c.planet, powers, turn, c.blockade) for c in f.colonies},
        science=science_points(f.orgs, world, f.id, turn, rng, p, space_age=ages),
        sightings=culture.principle_sightings(state, world, f.id, turn, p),
        notices=notices,
        people_traits=_people_traits(state, world, f.id),
    )
    return msgspec.structs.replace(orgs, world=world), bonuses


# --- applying what lives in the campaign ---------------------------------------------------------------


def apply_effects(state: CampaignState, outcome: OpOutcome, params: OrgParams | None = None
                  ) -> tuple[Effect, ...]:
    """Apply an outcome's effects to the campaign: credits, technologies, principles, surveys and dated
    reports in each nation's knowledge, a belt's Mineral Rating.  Returns the effects left to part 2's
    records (anomaly study and colonisation progress).  This is the one function here that changes
    its argument (``state``): the pipeline's step 8 calls it."""
    from starlanes.games.star_kingdoms.tech import gain

    p = params or OrgParams()
    gi = galaxy_index(state.galaxy)
    left: list[Effect] = []
    for e in outcome.effects:
        if isinstance(e, CreditsChange):
            state.faction(e.faction).credits += e.amount
        elif isinstance(e, TechGranted):
            f = state.faction(e.faction)
            f.tech = gain(load_catalogue(), f.tech, e.tech, e.design_class)
        elif isinstance(e, AdherenceChange):
            for f in state.factions:
                colony = f.colony(e.planet)
                if colony is None:
                    continue
                if e.cap and e.delta > 0:
                    colony.principles = culture.religious_branch(colony.principles, e.principle, p)
                else:
                    colony.principles = culture.change_adherence(colony.principles, e.principle, e.delta, p)
        elif isinstance(e, Survey):
            k = _knowledge(state, e.faction)
            if e.kind == "planetary":
                k = planetary_survey(k, gi, e.planet, state.turn, e.level)
            elif e.kind == "active":
                k = active_survey(k, gi, e.system, state.turn, e.level)
            else:
                k = passive_survey(k, gi, e.system, state.turn)
            state.knowledge[e.faction] = k
        elif isinstance(e, BeltDepletion):
            state.galaxy = _deplete(state, e.belt, e.by)
        else:
            left.append(e)
    for r in outcome.reports:
        if r.source in ("recon", "operation"):
            state.knowledge[r.faction] = record_fact(_knowledge(state, r.faction), r.fact())
    return tuple(left)


def _knowledge(state: CampaignState, faction: str) -> Knowledge:
    from starlanes.games.star_kingdoms.knowledge import knowledge_for

    return knowledge_for(state, faction)


def _deplete(state: CampaignState, belt_id: str, by: int) -> Galaxy:
    galaxy = state.galaxy
    systems = []
    for s in galaxy.systems:
        if any(b.id == belt_id for b in s.belts):
            belts = tuple(msgspec.structs.replace(b, mineral_rating=max(0, b.mineral_rating - by))
                          if b.id == belt_id else b for b in s.belts)
            s = msgspec.structs.replace(s, belts=belts)
        systems.append(s)
    return msgspec.structs.replace(galaxy, systems=tuple(systems))
