"""What one faction knows: the fog of war as dated facts (inventory 1.3 "Knowledge", VIS-01..08).

A :class:`Knowledge` is a *snapshot* of what the faction has learned, each fact stamped with the
turn it was learned or last confirmed.  It copies what was seen (a planet's biosphere, Mineral
Rating, traits, owner) instead of pointing at the galaxy or at other factions' state, so a
feedback sheet built from the faction's own state, its turn report and its knowledge can never
show a secret of another faction, and an old survey keeps showing what it showed (ruling 63).

The update API is a set of pure functions the turn pipeline calls; each returns a new record:

- :func:`initial_knowledge`: what a new nation knows (ruling 61): its homeworld in full, a
  passive survey of its home system and a sweep of the homeworld's sensors;
- :func:`passive_survey` (VIS-03; a ship arriving, part 2), :func:`active_survey` (VIS-02, ships
  with Deep Space Sensors, part 2), :func:`planetary_survey` (S13.2, part 2),
  :func:`sensor_sweep` (VIS-04: inhabited planets see by the faction's current Sensors level);
- :func:`learn_wormhole` (a wormhole stays known once found, VIS-02, MOV-07),
  :func:`learn_nebula` (a ship turned back from a nebula knows it is one, SYS-09, ruling 290),
  :func:`own_planet` (a new colony, a capture), :func:`see_owner`, :func:`meet_faction`,
  :func:`learn_trait` (VIS-08), :func:`record_fact` (recon reports and GM revelations, dated);
- :func:`gm_reveal`: the GM tells a faction about a system, planet, wormhole or anomaly;
- :func:`knowledge_for`: the faction's knowledge in a campaign: the stored record
  (``CampaignState.knowledge[faction]``) when the campaign keeps one, else derived from what
  part 1 gives (ruling 61: creation, own colonies, the homeworld sensors, factions met).

Parts 2 and 3 add remote sensors and recon reports (:func:`record_fact`).

What a faction sees of *foreign units* (VIS-01, VIS-06, S5.4; rulings 211, 276, 277) is worked out
here too, from the campaign at the end of the fighting, and written in the turn report (the
sheets' "Foreign units seen" comes from :func:`foreign_units_seen` alone):

- :func:`eyes`: the systems whose space and the planets whose ground the faction sees (its
  ships and troops in space, its colonies, its Remote Sensors; its troops on the ground); a ship
  without Nebula Sensors (and troops in their transports or a Remote Sensor) in a nebula system
  sees nothing there (S5.4: the nebula hides what is not really close);
- :func:`seen_label`: the class a foreign unit is seen as: its public name (variant shown, a
  disguised class as the class it pretends to be, VIS-06), or its true class once the observer
  has seen through the disguise (:func:`see_through`: in a battle it fought, ruling 277);
- :func:`foreign_units_seen`, :func:`record_foreign_units`: the sightings lines of a faction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

import msgspec

from starlanes.games.star_kingdoms.galaxy import Anomaly, Biosphere, GalaxyIndex, Planet, galaxy_index

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, Unit
    from starlanes.games.star_kingdoms.catalogue import Catalogue
    from starlanes.games.star_kingdoms.pipeline import Turn
    from starlanes.games.star_kingdoms.report import SightingLine

__all__ = [
    "SURVEY_KINDS",
    "AnomalyFacts",
    "BeltFacts",
    "DatedFact",
    "FactionFacts",
    "Knowledge",
    "PlanetFacts",
    "SurveyKind",
    "SystemFacts",
    "WormholeFacts",
    "active_survey",
    "blind_in_nebula",
    "eyes",
    "foreign_units_seen",
    "gm_reveal",
    "initial_knowledge",
    "knowledge_for",
    "learn_nebula",
    "learn_trait",
    "learn_wormhole",
    "meet_faction",
    "own_planet",
    "passive_survey",
    "planetary_survey",
    "record_fact",
    "record_foreign_units",
    "see_owner",
    "see_through",
    "seen_class",
    "seen_label",
    "sensor_sweep",
]

SurveyKind = Literal["passive", "active", "planetary", "sensors", "gm"]
SURVEY_KINDS: tuple[SurveyKind, ...] = ("passive", "active", "planetary", "sensors", "gm")


class SystemFacts(msgspec.Struct, frozen=True, kw_only=True):
    """A system the faction knows of."""

    id: str
    name: str
    learned: int
    """Turn the faction first learned of it."""
    surveyed: int | None = None
    """Turn of the latest survey or sensor sweep (None: only charted, e.g. the far end of a known
    wormhole)."""
    nebula: bool | None = None
    """Known once surveyed, or once a ship was turned back from it (ruling 290; None: not known)."""
    surveys: dict[str, int] = msgspec.field(default_factory=dict)
    """Survey kind (passive, active, sensors, gm) -> turn of the latest one."""
    active_level: int = 0
    """Highest Deep Space Sensors level of an active survey here (concealment up to it is found)."""


class PlanetFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the faction knows about one planet, as last seen."""

    id: str
    name: str
    system: str
    kind: str = "planet"
    learned: int
    biosphere: Biosphere | None = None
    """From a passive survey (VIS-03)."""
    space_age: bool | None = None
    """Whether a Space Age civilisation lives there (VIS-03)."""
    mineral_rating: int | None = None
    """From a planetary survey (or owning it)."""
    traits: tuple[str, ...] = ()
    """Planet traits as "name: text", from a planetary survey (SYS-05)."""
    inhabitants: str | None = None
    owner: str = ""
    """Faction id seen owning it ("" none or not known), as of ``owner_seen``."""
    owner_seen: int = 0
    surveys: dict[str, int] = msgspec.field(default_factory=dict)
    """Survey kind -> turn of the latest one."""


class BeltFacts(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    system: str
    learned: int
    mineral_rating: int | None = None
    """From an active survey (ruling 62)."""


class WormholeFacts(msgspec.Struct, frozen=True, kw_only=True):
    """A wormhole found; it stays known to the whole faction (VIS-02)."""

    id: str
    a: str
    b: str
    learned: int
    instability: int


class AnomalyFacts(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    system: str
    planet: str = ""
    domain: str
    learned: int
    description: str = ""
    result: str = ""
    """The study's result, once the faction completed it (never before)."""


class FactionFacts(msgspec.Struct, frozen=True, kw_only=True):
    """Another faction met (REL: relationships only with known factions, O01)."""

    id: str
    name: str
    met: int
    homeworld_trait: str = ""
    """Name and effect, from a planetary survey of its homeworld (VIS-08)."""
    people_trait: str = ""
    """Name only, from a branch on one of its planets (VIS-08)."""


class DatedFact(msgspec.Struct, frozen=True, kw_only=True):
    """A piece of intelligence dated by the turn it was learned (recon reports, GM revelations)."""

    turn: int
    topic: str
    text: str
    source: str = ""
    """How it was learned ("gm", "recon", "survey"...)."""


class Knowledge(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one faction knows, each fact dated."""

    faction: str
    systems: dict[str, SystemFacts] = msgspec.field(default_factory=dict)
    planets: dict[str, PlanetFacts] = msgspec.field(default_factory=dict)
    belts: dict[str, BeltFacts] = msgspec.field(default_factory=dict)
    wormholes: dict[str, WormholeFacts] = msgspec.field(default_factory=dict)
    anomalies: dict[str, AnomalyFacts] = msgspec.field(default_factory=dict)
    factions: dict[str, FactionFacts] = msgspec.field(default_factory=dict)
    facts: tuple[DatedFact, ...] = ()

    def knows_system(self, system: str) -> bool:
        return system in self.systems

    def knows_wormhole(self, wormhole: str) -> bool:
        """Whether the faction may use it (MOV-07)."""
        return wormhole in self.wormholes

    def knows_faction(self, faction: str) -> bool:
        return faction in self.factions


class _Edit:
    """Copy-on-write edit of a Knowledge (only the maps touched are copied)."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.changes: dict[str, object] = {}

    def _map(self, name: str) -> dict[str, object]:
        if name not in self.changes:
            self.changes[name] = dict(getattr(self.k, name))
        return cast("dict[str, object]", self.changes[name])

    def system(self, gi: GalaxyIndex, system_id: str, turn: int, kind: SurveyKind | None, level: int = 0) -> None:
        """Learn of a system: charted only (``kind`` None) or surveyed by ``kind``."""
        systems = self._map("systems")
        old = systems.get(system_id)
        s = gi.systems[system_id]
        if not isinstance(old, SystemFacts):
            old = SystemFacts(id=s.id, name=s.name, learned=turn)
            systems[system_id] = old
        if kind is None:
            return
        surveys = dict(old.surveys)
        surveys[kind] = turn
        active = max(old.active_level, level) if kind == "active" else old.active_level
        systems[system_id] = msgspec.structs.replace(old, surveyed=turn, nebula=s.nebula, surveys=surveys,
                                                     active_level=active)

    def planet(self, gi: GalaxyIndex, planet: Planet, turn: int, kind: SurveyKind, **facts: object) -> None:
        planets = self._map("planets")
        old = planets.get(planet.id)
        if not isinstance(old, PlanetFacts):
            old = PlanetFacts(id=planet.id, name=planet.name, system=gi.planet_system[planet.id], kind=planet.kind,
                              learned=turn)
        surveys = dict(old.surveys)
        surveys[kind] = turn
        planets[planet.id] = msgspec.structs.replace(old, surveys=surveys, **facts)

    def wormhole(self, gi: GalaxyIndex, wormhole_id: str, turn: int) -> None:
        wormholes = self._map("wormholes")
        hole = gi.wormholes[wormhole_id]
        old = wormholes.get(wormhole_id)
        learned = old.learned if isinstance(old, WormholeFacts) else turn
        wormholes[wormhole_id] = WormholeFacts(id=hole.id, a=hole.a, b=hole.b, learned=learned,
                                               instability=hole.instability)
        for end in (hole.a, hole.b):
            self.system(gi, end, turn, None)

    def anomaly(self, gi: GalaxyIndex, system_id: str, anomaly: Anomaly, turn: int) -> None:
        anomalies = self._map("anomalies")
        if anomaly.id in anomalies:
            return
        anomalies[anomaly.id] = AnomalyFacts(id=anomaly.id, name=anomaly.name, system=system_id,
                                             planet=anomaly.planet, domain=anomaly.domain, learned=turn,
                                             description=anomaly.description)

    def belt(self, gi: GalaxyIndex, system_id: str, belt_id: str, name: str, turn: int,
             mineral_rating: int | None) -> None:
        belts = self._map("belts")
        old = belts.get(belt_id)
        if isinstance(old, BeltFacts):
            if mineral_rating is not None:
                belts[belt_id] = msgspec.structs.replace(old, mineral_rating=mineral_rating)
            return
        belts[belt_id] = BeltFacts(id=belt_id, name=name, system=system_id, learned=turn,
                                   mineral_rating=mineral_rating)

    def done(self) -> Knowledge:
        if not self.changes:
            return self.k
        return msgspec.structs.replace(self.k, **self.changes)


def _check_turn(turn: int) -> None:
    if turn < 0:
        raise ValueError(f"turn {turn}: turns are 0 (creation) or more")


def passive_survey(k: Knowledge, gi: GalaxyIndex, system_id: str, turn: int) -> Knowledge:
    """VIS-03: the system, its concealment-0 wormholes and space anomalies (and ground anomalies
    visible from space), the biosphere of every planet and whether a Space Age civilisation lives
    there, and its belts (ruling 62)."""
    _check_turn(turn)
    e = _Edit(k)
    system = gi.systems[system_id]
    e.system(gi, system_id, turn, "passive")
    for planet in system.planets:
        e.planet(gi, planet, turn, "passive", biosphere=planet.biosphere, space_age=planet.space_age)
    for belt in system.belts:
        e.belt(gi, system_id, belt.id, belt.name, turn, None)
    for hole_id, _ in gi.links[system_id]:
        if gi.wormholes[hole_id].concealment == 0:
            e.wormhole(gi, hole_id, turn)
    for anomaly in system.anomalies:
        seen = anomaly.domain == "space" or anomaly.visible_from_space
        if seen and anomaly.concealment == 0:
            e.anomaly(gi, system_id, anomaly, turn)
    return e.done()


def active_survey(k: Knowledge, gi: GalaxyIndex, system_id: str, turn: int, dss_level: int) -> Knowledge:
    """VIS-02, SURV: a passive survey plus wormholes and space anomalies of concealment up to the
    Deep Space Sensors level, and the Mineral Rating of the belts (ruling 62)."""
    k = passive_survey(k, gi, system_id, turn)
    e = _Edit(k)
    system = gi.systems[system_id]
    e.system(gi, system_id, turn, "active", dss_level)
    for hole_id, _ in gi.links[system_id]:
        if gi.wormholes[hole_id].concealment <= dss_level:
            e.wormhole(gi, hole_id, turn)
    for anomaly in system.anomalies:
        if anomaly.domain == "space" and anomaly.concealment <= dss_level:
            e.anomaly(gi, system_id, anomaly, turn)
    for belt in system.belts:
        e.belt(gi, system_id, belt.id, belt.name, turn, belt.mineral_rating)
    return e.done()


def sensor_sweep(k: Knowledge, gi: GalaxyIndex, system_id: str, turn: int, sensors_level: int) -> Knowledge:
    """VIS-01, VIS-04: an inhabited planet of the faction sees its system as a passive survey
    does, and the wormholes and anomalies (space and ground) whose concealment is at most the
    faction's current Sensors level (ruling 61)."""
    k = passive_survey(k, gi, system_id, turn)
    e = _Edit(k)
    system = gi.systems[system_id]
    e.system(gi, system_id, turn, "sensors", sensors_level)
    for hole_id, _ in gi.links[system_id]:
        if gi.wormholes[hole_id].concealment <= sensors_level:
            e.wormhole(gi, hole_id, turn)
    for anomaly in system.anomalies:
        if anomaly.concealment <= sensors_level:
            e.anomaly(gi, system_id, anomaly, turn)
    return e.done()


def _trait_text(planet: Planet) -> tuple[str, ...]:
    return tuple(f"{t.name}: {t.text}" if t.text else t.name for t in planet.traits)


def planetary_survey(k: Knowledge, gi: GalaxyIndex, planet_id: str, turn: int, level: int = 0) -> Knowledge:
    """S13.2, SURV-03: everything about the planet the galaxy holds (Mineral Rating, traits,
    inhabitants), on top of what a passive survey gives, and the planet's planetary (ground)
    anomalies of concealment up to ``level`` (the survey teams' sensor level, Amb#93)."""
    _check_turn(turn)
    planet = gi.planets[planet_id]
    system = gi.planet_system[planet_id]
    e = _Edit(k)
    e.system(gi, system, turn, None)
    e.planet(gi, planet, turn, "planetary", biosphere=planet.biosphere, space_age=planet.space_age,
             mineral_rating=planet.mineral_rating, traits=_trait_text(planet), inhabitants=planet.inhabitants)
    for anomaly in gi.systems[system].anomalies:
        if anomaly.domain == "ground" and anomaly.planet == planet_id and anomaly.concealment <= level:
            e.anomaly(gi, system, anomaly, turn)
    return e.done()


def own_planet(k: Knowledge, gi: GalaxyIndex, planet_id: str, turn: int, *, biosphere: Biosphere | None = None,
               mineral_rating: int | None = None) -> Knowledge:
    """A planet the faction now owns (creation, colony, capture): known in full, owner itself.

    ``biosphere`` and ``mineral_rating`` override the galaxy's where the campaign changed them
    (a homeworld takes its nation's native biosphere and agreed MR, ruling 20)."""
    k = planetary_survey(k, gi, planet_id, turn)
    e = _Edit(k)
    planet = gi.planets[planet_id]
    facts: dict[str, object] = {"owner": k.faction, "owner_seen": turn}
    if biosphere is not None:
        facts["biosphere"] = biosphere
    if mineral_rating is not None:
        facts["mineral_rating"] = mineral_rating
    e.planet(gi, planet, turn, "planetary", **facts)
    return e.done()


def see_owner(k: Knowledge, gi: GalaxyIndex, planet_id: str, owner: str, turn: int) -> Knowledge:
    """The faction sees who holds a planet now ("" for nobody)."""
    e = _Edit(k)
    e.planet(gi, gi.planets[planet_id], turn, "sensors", owner=owner, owner_seen=turn)
    return e.done()


def learn_wormhole(k: Knowledge, gi: GalaxyIndex, wormhole_id: str, turn: int) -> Knowledge:
    """The wormhole is known to the whole faction from now on; both its systems are charted."""
    _check_turn(turn)
    e = _Edit(k)
    e.wormhole(gi, wormhole_id, turn)
    return e.done()


def learn_nebula(k: Knowledge, gi: GalaxyIndex, system_id: str, turn: int) -> Knowledge:
    """A ship turned back from a nebula (SYS-09, MOV-10) has seen that the system is one: it is
    charted with its nebula flag, and nothing else (no survey: the ship never arrived; ruling 290)."""
    _check_turn(turn)
    if not gi.systems[system_id].nebula:
        raise ValueError(f"{system_id} is not a nebula")
    e = _Edit(k)
    e.system(gi, system_id, turn, None)
    systems = e._map("systems")
    old = systems[system_id]
    assert isinstance(old, SystemFacts)
    if old.nebula is not True:
        systems[system_id] = msgspec.structs.replace(old, nebula=True)
    return e.done()


def meet_faction(k: Knowledge, faction_id: str, name: str, turn: int) -> Knowledge:
    """The faction has met another (it may now set a relationship to it, O01)."""
    if faction_id == k.faction or faction_id in k.factions:
        return k
    factions = dict(k.factions)
    factions[faction_id] = FactionFacts(id=faction_id, name=name, met=turn)
    return msgspec.structs.replace(k, factions=factions)


def learn_trait(k: Knowledge, faction_id: str, name: str, turn: int, *, homeworld_trait: str = "",
                people_trait: str = "") -> Knowledge:
    """VIS-08: a homeworld trait (name and effect) from a planetary survey of the homeworld, a
    people trait (name only) from a branch on one of the faction's planets."""
    k = meet_faction(k, faction_id, name, turn)
    old = k.factions[faction_id]
    factions = dict(k.factions)
    factions[faction_id] = msgspec.structs.replace(
        old, homeworld_trait=homeworld_trait or old.homeworld_trait, people_trait=people_trait or old.people_trait)
    return msgspec.structs.replace(k, factions=factions)


def record_fact(k: Knowledge, fact: DatedFact) -> Knowledge:
    """Add a dated piece of intelligence (recon report, GM revelation); kept in the order learned."""
    _check_turn(fact.turn)
    return msgspec.structs.replace(k, facts=(*k.facts, fact))


def gm_reveal(k: Knowledge, gi: GalaxyIndex, what: str, turn: int, text: str = "") -> Knowledge:
    """The GM tells the faction about a system, planet, wormhole or anomaly (by id or name).

    A system is revealed as by a passive survey, a planet as by a planetary survey, a wormhole
    as found, an anomaly as seen.  Raises ``KeyError`` naming what is unknown."""
    target = what
    for names in (gi.system_names, gi.planet_names, gi.anomaly_names):
        resolved = names.resolve(what)
        if resolved is not None:
            target = resolved
            break
    if target in gi.systems:
        k = passive_survey(k, gi, target, turn)
        e = _Edit(k)
        e.system(gi, target, turn, "gm")
        k = e.done()
    elif target in gi.planets:
        k = planetary_survey(k, gi, target, turn)
    elif target in gi.wormholes:
        k = learn_wormhole(k, gi, target, turn)
    else:
        for system in gi.galaxy.systems:
            for anomaly in system.anomalies:
                if anomaly.id == target:
                    e = _Edit(k)
                    e.system(gi, system.id, turn, None)
                    e.anomaly(gi, system.id, anomaly, turn)
                    k = e.done()
                    break
            else:
                continue
            break
        else:
            raise KeyError(f"the galaxy has no system, planet, wormhole or anomaly '{what}'")
    if text:
        k = record_fact(k, DatedFact(turn=turn, topic=what, text=text, source="gm"))
    return k


def initial_knowledge(faction: str, gi: GalaxyIndex, homeworld: str, turn: int, *, sensors_level: int,
                      biosphere: Biosphere | None = None, mineral_rating: int | None = None) -> Knowledge:
    """What a new nation knows (ruling 61): its homeworld in full, a passive survey of its home
    system, and what the homeworld's sensors see there (VIS-04)."""
    k = Knowledge(faction=faction)
    k = sensor_sweep(k, gi, gi.planet_system[homeworld], turn, sensors_level)
    return own_planet(k, gi, homeworld, turn, biosphere=biosphere, mineral_rating=mineral_rating)


def knowledge_for(state: CampaignState, faction_id: str, gi: GalaxyIndex | None = None) -> Knowledge:
    """What ``faction_id`` knows in the campaign ``state``.

    A campaign that stores knowledge (a ``knowledge`` map of faction id -> :class:`Knowledge`,
    kept up to date by the pipeline) gives its record.  Otherwise the part 1 knowledge is
    derived (ruling 61): the creation knowledge, every own colony in full with its system swept
    by the faction's current Sensors level (VIS-04), and the factions it has met."""
    stored = getattr(state, "knowledge", None)
    if isinstance(stored, dict) and faction_id in stored:
        record = stored[faction_id]
        return record if isinstance(record, Knowledge) else msgspec.convert(record, Knowledge)
    faction = state.faction(faction_id)
    index = gi or GalaxyIndex.of(state.galaxy)
    sensors = faction.tech.level("sensors")
    k = initial_knowledge(faction.id, index, faction.homeworld, 0, sensors_level=sensors, biosphere=faction.native)
    for colony in faction.colonies:
        if colony.planet == faction.homeworld:
            continue
        k = sensor_sweep(k, index, index.planet_system[colony.planet], colony.founded, sensors)
        k = own_planet(k, index, colony.planet, colony.founded)
    for other in faction.known_factions:
        try:
            k = meet_faction(k, other, state.faction(other).name, 0)
        except KeyError:
            continue
    return k


# --- foreign units: what the faction's eyes see (VIS-01, VIS-06, S5.4) ------------------------------


def blind_in_nebula(cat: Catalogue, gi: GalaxyIndex, unit: Unit) -> bool:
    """A unit in space in a nebula system without Nebula Sensors (S5.4, MOV-10): it sees nothing
    there that is not really close (ruling 276); troops in their transports count as such."""
    system = gi.systems.get(unit.system)
    if system is None or not system.nebula:
        return False
    if unit.unit == "detachment":
        return not unit.planet
    from starlanes.games.star_kingdoms.war.units import unit_stats  # imported only when it is needed

    return not unit_stats(cat, unit).nebula_sensors


def eyes(state: CampaignState, cat: Catalogue, faction: Faction,
         gi: GalaxyIndex | None = None) -> tuple[set[str], set[str]]:
    """The systems whose space and the planets whose ground ``faction`` sees now (VIS-01): units
    in space see space, colonies see space and their ground, troops on a planet its ground, a
    Remote Sensor its system's space (VIS-05); in a nebula only Nebula Sensors ships and colonies
    see space (ruling 276)."""
    index = gi or galaxy_index(state.galaxy)
    blinds = state.params.nebula_blinds
    space = {u.system for u in faction.units if (not u.planet or u.unit == "ship") and not u.carried_by
             and not (blinds and blind_in_nebula(cat, index, u))}
    space |= {s for s in faction.remote_sensors if s in index.systems and not (blinds and index.systems[s].nebula)}
    ground = {c.planet for c in faction.colonies}
    space |= {index.planet_system[p] for p in ground}
    ground |= {u.planet for u in faction.units if u.planet and u.unit == "detachment"}
    return space, ground


def _class_label(cat: Catalogue, class_id: str, variant: str) -> str:
    name = cat.classes[class_id].name
    if not variant:
        return name
    words = name.split()
    return " ".join([*words[:-1], cat.variants[variant].name, words[-1]])


def seen_class(cat: Catalogue, observer: str, unit: Unit) -> str:
    """The class id ``observer`` takes ``unit`` for: its disguise's until seen through (VIS-06)."""
    disguise = cat.classes[unit.class_id].disguise
    return disguise if disguise and observer not in unit.seen_through else unit.class_id


def seen_label(cat: Catalogue, observer: str, unit: Unit) -> str:
    """The class ``observer`` sees ``unit`` as: its public name (VIS-06: the variant shown, a
    disguised class as the class it pretends to be, unless ``observer`` has seen through it)."""
    cls = cat.classes[unit.class_id]
    if cls.disguise and observer not in unit.seen_through:
        return cat.classes[cls.disguise].name
    return _class_label(cat, unit.class_id, unit.variant)


def see_through(state: CampaignState, cat: Catalogue, observer: str, unit: Unit, owner: Faction, where: str,
                how: str) -> bool:
    """``observer`` sees through ``unit``'s disguise (ruling 277): from now on it sees its true class;
    its knowledge keeps a dated fact of it.  False when there was nothing to see through."""
    cls = cat.classes[unit.class_id]
    if not cls.disguise or observer in unit.seen_through:
        return False
    unit.seen_through = (*unit.seen_through, observer)
    k = state.knowledge.get(observer)
    if k is not None:
        who = owner.name if owner.id in k.factions else "an unknown nation"
        true = _class_label(cat, unit.class_id, unit.variant)
        state.knowledge[observer] = record_fact(k, DatedFact(
            turn=state.turn, topic="disguise", source=how,
            text=f"{where}: a {cat.classes[cls.disguise].name} of {who} is a {true}"))
    return True


def foreign_units_seen(state: CampaignState, cat: Catalogue, faction: Faction,
                       gi: GalaxyIndex | None = None) -> list[SightingLine]:
    """The foreign units ``faction`` sees now: system, space or planet, owner (its name once met),
    class as seen (:func:`seen_label`), level and count; never names or damage (Amb#95).  Troops
    aboard a ship are not seen (ruling 219)."""
    from starlanes.games.star_kingdoms.report import SightingLine

    index = gi or galaxy_index(state.galaxy)
    space, ground = eyes(state, cat, faction, index)
    if not space and not ground:
        return []
    counts: dict[tuple[str, str, str, str, int], int] = {}
    for other in state.factions:
        if other is faction:
            continue
        owner = other.name if other.id in faction.known_factions else "unknown"
        for u in other.units:
            if u.carried_by:
                continue
            on_ground = u.unit == "detachment" and bool(u.planet)
            if on_ground and u.planet in ground:
                place = index.planets[u.planet].name
            elif not on_ground and u.system in space:
                place = "space"
            else:
                continue
            key = (index.systems[u.system].name, place, owner, seen_label(cat, faction.id, u), u.level)
            counts[key] = counts.get(key, 0) + 1
    return [SightingLine(system=s, place=p, owner=o, label=label, level=lv, count=n)
            for (s, p, o, label, lv), n in sorted(counts.items())]


def record_foreign_units(turn: Turn) -> None:
    """Every nation's report lists the foreign units it sees at the end of step 6."""
    index = galaxy_index(turn.state.galaxy)
    for faction in turn.state.factions:
        b = turn.builders.get(faction.id)
        if b is not None:
            b.sightings(foreign_units_seen(turn.state, turn.catalogue, faction, index))
