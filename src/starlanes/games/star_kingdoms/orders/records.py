"""Typed order records: one frozen Struct per order type, tagged with the inventory's order ID.

Names are resolved to ids (planets, techs, classes, modules, variants); factions, organisations
and units are kept by name (they belong to the campaign, not the content).  Orders of parts 2
and 3 (O03-O06, O27-O82) are added here as further ``Order`` subclasses.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from starlanes.games.star_kingdoms.catalogue import District

__all__ = [
    "ORG_TYPES",
    "STANCES",
    "AcceptHelp",
    "Analyse",
    "Assist",
    "Attack",
    "Blockade",
    "Bombard",
    "Breakthrough",
    "BuildMiningFacility",
    "BuildRemoteSensor",
    "BuildRepairYard",
    "BuildStabiliser",
    "BuildStripMine",
    "CancelOperation",
    "CancelProject",
    "Colonise",
    "Consent",
    "ConstructDistrict",
    "ConstructOffice",
    "ConstructPlanetaryShield",
    "ConstructShip",
    "Decommission",
    "DeepSpaceSurvey",
    "DestroyInstallation",
    "Follow",
    "FormTaskGroup",
    "GMRequest",
    "GroundRounds",
    "Hold",
    "Land",
    "Load",
    "Move",
    "Order",
    "OrgType",
    "PauseWork",
    "PlanetarySurvey",
    "Prisoners",
    "RebuildAndRepair",
    "RefitDetachment",
    "RefitShip",
    "ReinforceDetachments",
    "RemoveSafeHouse",
    "RepairShips",
    "ResearchCoreTechnology",
    "ResearchMilitaryTheory",
    "ResearchPlanetaryConstruction",
    "ResearchShipConstruction",
    "ResearchSupplementalTechnology",
    "RushProject",
    "Salvage",
    "Scavenge",
    "SetDefaultRelationship",
    "SetRelationship",
    "SetRetreatRoute",
    "Stance",
    "StandingEngage",
    "StartOperation",
    "StudyAnomaly",
    "Tow",
    "TrainDetachment",
]

Stance = Literal["allied", "friendly", "neutral", "wary", "hostile"]
STANCES: tuple[Stance, ...] = ("allied", "friendly", "neutral", "wary", "hostile")
OrgType = Literal["science", "trade", "military", "intelligence", "religious"]
ORG_TYPES: tuple[OrgType, ...] = ("science", "trade", "military", "intelligence", "religious")


class Order(msgspec.Struct, frozen=True, kw_only=True, tag_field="order"):
    """Base of every order; ``type(order).__struct_config__.tag`` is its order ID."""

    @property
    def order_id(self) -> str:
        return str(type(self).__struct_config__.tag)


class SetRelationship(Order, frozen=True, tag="O01"):
    faction: str
    stance: Stance


class SetDefaultRelationship(Order, frozen=True, tag="O02"):
    stance: Stance


class ConstructDistrict(Order, frozen=True, tag="O07"):
    planet: str
    district: District


class ConstructOffice(Order, frozen=True, tag="O08"):
    planet: str
    org: str
    """An existing organisation, or the name of the new one when ``new_type`` is set."""
    new_type: OrgType | Literal[""] = ""
    principle: str = ""
    """Guiding principle of a new Religious organisation (ORG-03)."""


class RebuildAndRepair(Order, frozen=True, tag="O09"):
    planet: str


class ConstructPlanetaryShield(Order, frozen=True, tag="O10"):
    planet: str


class ResearchPlanetaryConstruction(Order, frozen=True, tag="O11"):
    planet: str
    tech: str


class ResearchCoreTechnology(Order, frozen=True, tag="O12"):
    planet: str
    tech: str


class ResearchSupplementalTechnology(Order, frozen=True, tag="O13"):
    planet: str
    tech: str
    design_class: str = ""


class Analyse(Order, frozen=True, tag="O14"):
    planet: str
    subject: str


class ConstructShip(Order, frozen=True, tag="O15"):
    planet: str
    ship_class: str
    name: str = ""
    flexible: tuple[str, ...] = ()
    variant: str = ""
    level: int = 0
    """Project level when it differs from the class level (Advanced Fighter Construction)."""


class RepairShips(Order, frozen=True, tag="O16"):
    planet: str
    level: int
    ships: tuple[str, ...]
    orbital_yard: bool = False


class RefitShip(Order, frozen=True, tag="O17"):
    planet: str
    level: int
    ship: str


class ResearchShipConstruction(Order, frozen=True, tag="O18"):
    planet: str
    tech: str
    design_class: str = ""


class TrainDetachment(Order, frozen=True, tag="O19"):
    planet: str
    detachment_class: str
    name: str = ""
    flexible: tuple[str, ...] = ()
    variant: str = ""


class ReinforceDetachments(Order, frozen=True, tag="O20"):
    planet: str
    level: int
    detachments: tuple[str, ...]


class RefitDetachment(Order, frozen=True, tag="O21"):
    planet: str
    level: int
    detachment: str


class ResearchMilitaryTheory(Order, frozen=True, tag="O22"):
    planet: str
    tech: str
    design_class: str = ""


class CancelProject(Order, frozen=True, tag="O23"):
    planet: str
    district: District


class RushProject(Order, frozen=True, tag="O24"):
    planet: str
    district: District
    count: int = 1


class Breakthrough(Order, frozen=True, tag="O25"):
    tech: str
    design_class: str = ""


class GMRequest(Order, frozen=True, tag="O26"):
    text: str


# --- part 2: standing orders and unit orders (O03, O05, O06, O61, O63, O69-O71) ----------------


class StandingEngage(Order, frozen=True, tag="O03"):
    """Engage (or do not engage) a faction, or every faction held at a stance (REL-04, REL-05)."""

    subject: str
    """A faction id, or a stance."""
    engage: bool
    """Yes or no to the directive."""
    scope: Literal["", "own", "alien"] = ""
    """Where it applies: everywhere, in the nation's own space (systems with its colonies), or in
    alien space (REL-05)."""
    directive: Literal["engage", "contest"] = "engage"
    """Engage (the Wary cell) or contest (the Neutral cell, scarce resources for Friendly; ruling 273)."""


class SetRetreatRoute(Order, frozen=True, tag="O05"):
    units: tuple[str, ...]
    system: str
    """The system to retreat to, as written (resolved against the faction's knowledge when run)."""


class FormTaskGroup(Order, frozen=True, tag="O06"):
    units: tuple[str, ...]
    group: str


class Move(Order, frozen=True, tag="O61"):
    system: str
    """The neighbouring system, as written (resolved against the faction's knowledge when run)."""
    units: tuple[str, ...] = ()
    group: str = ""
    """A task group moved whole (instead of ``units``)."""


class Follow(Order, frozen=True, tag="O62"):
    """This turn, the units follow a nation's ships that leave their system (MOV-09)."""

    faction: str
    units: tuple[str, ...]


class Hold(Order, frozen=True, tag="O63"):
    units: tuple[str, ...]


class Blockade(Order, frozen=True, tag="O69"):
    planet: str
    units: tuple[str, ...]


class Bombard(Order, frozen=True, tag="O70"):
    planet: str
    units: tuple[str, ...]


class Land(Order, frozen=True, tag="O71"):
    units: tuple[str, ...]
    planet: str


class DeepSpaceSurvey(Order, frozen=True, tag="O64"):
    """Ships with Deep Space Sensors spend the turn surveying the system they are in (SURV-02)."""

    units: tuple[str, ...]


class PlanetarySurvey(Order, frozen=True, tag="O65"):
    """Detachments with Planetary Survey Corps on a planet spend the turn surveying it (SURV-03)."""

    planet: str
    units: tuple[str, ...]


class Decommission(Order, frozen=True, tag="O78"):
    """Scrap units at an own Shipyard (ships) or Military district (detachments) for credits (DECOM-*)."""

    units: tuple[str, ...]


class Load(Order, frozen=True, tag="O73"):
    """Detachments board a ship of the same system (``ship`` set), or leave their ship into space
    (``ship`` empty): cargo, by level (UNIT-15)."""

    units: tuple[str, ...]
    ship: str = ""


class Disassemble(Order, frozen=True, tag="O74"):
    """Fighter squadrons are taken apart into a ship's cargo (``ship`` set), or put back together
    at a planet with a shipyard (``ship`` empty; UNIT-20)."""

    units: tuple[str, ...]
    ship: str = ""


class Salvage(Order, frozen=True, tag="O76"):
    """Ships with Salvage Rigs work the ship wrecks of their system this turn (SALV-01)."""

    units: tuple[str, ...]


class Scavenge(Order, frozen=True, tag="O77"):
    """Detachments with Scavengers work the detachment wrecks of their planet this turn (SALV-02)."""

    units: tuple[str, ...]


class Prisoners(Order, frozen=True, tag="O82"):
    """What to do with the prisoners taken from a nation: return them (sold back, the price agreed
    between the players and paid with a transfer) or disperse them (COMB-20, Amb#110)."""

    faction: str
    disposition: Literal["return", "disperse"]


class Colonise(Order, frozen=True, tag="O67"):
    """Detachments with Engineering Corps on a planet build a colony there (COL-01..05)."""

    planet: str
    units: tuple[str, ...]


class StudyAnomaly(Order, frozen=True, tag="O66"):
    """Units with the right sensors study a known anomaly (ANOM-01, ANOM-02)."""

    anomaly: str
    """As written (resolved against the anomalies the nation knows when run)."""
    units: tuple[str, ...]


class Tow(Order, frozen=True, tag="O75"):
    """Tugs tow a ship through a wormhole to a neighbouring system (TOW-01, TOW-02)."""

    ship: str
    units: tuple[str, ...]
    system: str
    """As written (resolved against the nation's knowledge)."""


class BuildRemoteSensor(Order, frozen=True, tag="O67"):
    """Ships with Space Construction Gear build a Remote Sensor in their system (CONS-07, VIS-05)."""

    units: tuple[str, ...]


class BuildStabiliser(Order, frozen=True, tag="O67"):
    """Ships with Space Construction Gear build a Wormhole Stabiliser at their end of the wormhole to
    ``system`` (CONS-07, MOV-08)."""

    system: str
    """As written (the neighbour the wormhole leads to)."""
    units: tuple[str, ...]


class BuildMiningFacility(Order, frozen=True, tag="O67"):
    """Ships with Space Construction Gear build an Asteroid Mining Facility on a belt of their system
    (CONS-07, SYS-06)."""

    belt: str
    """As written (resolved against the belts of the ships' system)."""
    units: tuple[str, ...]


class BuildRepairYard(Order, frozen=True, tag="O67"):
    """Ships with Space Construction Gear build an Orbital Repair Yard around one of the nation's
    inhabited planets in their system (CONS-07, PROJ-S5)."""

    planet: str
    units: tuple[str, ...]


class BuildStripMine(Order, frozen=True, tag="O67"):
    """Detachments with Engineering Corps build a Strip Mine on the uninhabited planet or moon they
    stand on (CONS-07)."""

    planet: str
    units: tuple[str, ...]


class PauseWork(Order, frozen=True, tag="O68"):
    """Pause a construction or study under way (its units are free; progress is kept), or resume it
    with ``units`` (no new cost) (CONS-02, ANOM-02)."""

    work: str
    """As written: the work's label ('Remote Sensor in Vinzin') or what it is on (a planet, belt,
    system or anomaly name)."""
    units: tuple[str, ...] = ()
    """Empty: pause; otherwise the units that resume it."""


class Assist(Order, frozen=True, tag="O67"):
    """This turn, units help another nation's construction or anomaly study (CONS-05, ANOM-04,
    Amb#113): both nations need the Collaborative technology and the primary must accept the help."""

    faction: str
    work: str
    """As written (one of the primary nation's works, see :class:`PauseWork`)."""
    units: tuple[str, ...]


class AcceptHelp(Order, frozen=True, tag="O67"):
    """This turn, the nation (the primary) accepts another nation's help on one of its works (CONS-05,
    ANOM-04, Amb#113)."""

    faction: str
    work: str


class DestroyInstallation(Order, frozen=True, tag="O80"):
    """Armed units destroy the other nations' Remote Sensors in their system, or the Orbital Repair Yard
    of a planet there, while Uncontested (CONS-07, CONT-05)."""

    kind: Literal["remote-sensor", "repair-yard"]
    units: tuple[str, ...]
    planet: str = ""
    """The planet of the yard ('' for sensors: those of the units' system)."""


class Attack(Order, frozen=True, tag="O81"):
    """This turn, the units seek battle with a nation's forces in their system, where the
    relationship table lets orders decide (Wary; Hostile always fights; REL-04): all of them,
    only when a unit of ``target_class`` (as the attacker sees it) is there, or the forces guarding
    ``planet`` (ruling 272)."""

    units: tuple[str, ...]
    faction: str = ""
    """The nation attacked ('' with ``planet``: its owner)."""
    planet: str = ""
    target_class: str = ""


class GroundRounds(Order, frozen=True, tag="O72"):
    """Rounds of ground combat a turn the nation chooses on a planet when it has the Mobility
    advantage (GRND-02, Amb#73); kept until changed."""

    rounds: int
    planet: str


# --- part 3: consents and operations (O04, O27-O60) -----------------------------------------------


class Consent(Order, frozen=True, tag="O04"):
    """Consent (or revoke it) to another nation's branches on the nation's worlds (ORG-07, Amb#44):
    every organisation of that nation, or one; everywhere the nation holds, or one planet."""

    faction: str
    grant: bool
    org: str = ""
    """One organisation of the guest, by name as written ('' all of them)."""
    planet: str = ""
    """One planet id ('' every world of the nation)."""
    kind: str = ""
    """One kind of branch, as written ('' every kind; ruling 343)."""
    system: str = ""
    """A system, as written: the nation's outpost there and its worlds in it (ruling 343)."""


class StartOperation(Order, frozen=True, tag="O27"):
    """Start an operation of one of the nation's organisations (O27-O58; OPS-01..04): it replaces the
    organisation's current one (its progress is lost, O60).  Targets are kept as written and
    resolved when the order is carried out (``operation`` is the operation's id)."""

    operation: str
    org: str
    planet: str = ""
    system: str = ""
    at: str = ""
    """An anomaly, wormhole, belt or branch, by name or id."""
    faction: str = ""
    amount: int = 0
    field: str = ""
    principle: str = ""
    tech: str = ""
    design_class: str = ""
    text: str = ""
    """What a narrative target is (Counter Insurgency / Insurgency against a problem the GM knows)."""

    @property
    def order_id(self) -> str:
        from starlanes.games.star_kingdoms.operations import load_operations

        return load_operations().kind(self.operation).order


class RemoveSafeHouse(Order, frozen=True, tag="O59"):
    """A forward operating base removes a safe house it found on its outpost (OP-I10)."""

    branch: str


class CancelOperation(Order, frozen=True, tag="O60"):
    """Cancel an organisation's operation: its progress is lost (credits taken at its start come back)."""

    org: str
