"""The Star Kingdoms order language: the forms of every order, parsing a sheet, formatting orders.

One order per line; ``#`` starts a comment; blank lines are ignored; names are written as
players know them (any case, with or without punctuation) and quoted when they contain one of
the order's words.  Part 1's forms (order IDs of the inventory)::

    O01  relationship with <faction> is <stance>
    O02  default relationship is <stance>
    O07  build <district> district on <planet>
    O08  build office on <planet> for <org>
         build office on <planet> for new <org-type> org <name>
         build office on <planet> for new religious org <name> following <principle>
    O09  rebuild <planet>
    O10  build planetary shield on <planet>
    O11/O12/O13/O18/O22
         research <tech> on <planet> [in <district>]            (default: academic)
         research <design tech> for <class> on <planet> [in <district>]
    O14  analyse <subject> on <planet>
    O15  build ship <ship class> on <planet> [named <name>] [with <modules>] [variant <variant>] [at level <n>]
    O16  repair ships <ships> on <planet> at level <n> [in orbital yard]
    O17  refit ship <ship> on <planet> at level <n>
    O19  train <detachment class> on <planet> [named <name>] [with <modules>] [variant <variant>]
    O20  reinforce <detachments> on <planet> at level <n>
    O21  refit detachment <detachment> on <planet> at level <n>
    O23  cancel <district> project on <planet>
    O24  rush <district> project on <planet> [x <count>]
    O25  breakthrough <tech> [for <class>]
    O26  gm request <any text>

Part 2's forms (movement and war)::

    O03  engage <faction>  |  engage all <stance>  |  do not engage <faction>  |  do not engage all <stance>
         contest <faction>  |  contest all <stance>  |  do not contest <faction>  |  do not contest all <stance>
         ... each with "in own space" or "in alien space" (REL-05)
    O05  retreat <units> to <system>
    O06  group <units> as <group name>
    O61  move <units> to <system>  |  move group <group name> to <system>
    O62  follow <nation> with <units>
    O81  attack <nation> with <units>  |  attack unit <class> of <nation> with <units>
         attack planet <planet> with <units>
    O63  hold <units>
    O69  blockade <planet> with <ships>
    O70  bombard <planet> with <ships>
    O71  land <detachments> on <planet>
    O72  fight <1-3> rounds on <planet>
    O64  survey space with <ships>            (the system they are in)
    O78  decommission <units>
    O76  salvage with <ships>  |  O77  scavenge with <detachments>
    O67  colonise <planet> with <detachments>  |  construct remote sensor with <ships>
         construct stabiliser towards <system> with <ships>
    O66  study <anomaly> with <units>
    O75  tow <ship> with <tugs> to <system>
    O82  return prisoners to <nation>  |  disperse prisoners of <nation>
    O73  load <detachments or fighters> on <ship>  |  unload <detachments or fighters>
    O74  disassemble <fighters> into <ship>  |  reassemble <fighters>
    O65  survey <planet> with <detachments>   (detachments on that planet)

Part 3's forms (organisations and operations)::

    O04  consent to <nation> [for <their org>] [kind <branch kind>] [on <planet>] [in <system>]  |
         revoke consent to <nation> [...]
    O27-O58  operation <operation> by <org> [on <planet>] [in <system>] [at <anomaly/wormhole/belt/branch>]
             [against <nation>] [credits <n>] [field <field>] [principle <principle>] [tech <tech>]
             [for <class>] [about <narrative target>]
    O59  remove safe house <branch id>
    O60  cancel operation of <org>

Lists are comma-separated (``with 2 Ship Weapons, Deep Space Sensors``).  Parts 2 and 3 add
entries to :data:`ENTRIES` (and records to :mod:`.records`); nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from starlanes.core.errors import ParseError
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.grammar import (
    LIST_KINDS,
    REST_KIND,
    Form,
    Group,
    LineError,
    Mismatch,
    Slot,
    needs_quotes,
    tokenize,
)
from starlanes.games.star_kingdoms.orders.names import NameBook, display, resolve

__all__ = [
    "ENTRIES",
    "MAX_LINES",
    "MAX_ORDER_BYTES",
    "Entry",
    "OrderSheet",
    "ParsedLine",
    "format_order",
    "format_sheet",
    "parse_order",
    "parse_orders",
    "read_orders",
]

MAX_ORDER_BYTES = 256 * 1024
MAX_LINES = 5000
MAX_LINE_CHARS = 2000

Fields = dict[str, Any]


@dataclass(frozen=True)
class Entry:
    """One written form of one or more order records.

    ``make`` builds the record from the resolved slot values (default: the single record with
    the slots as fields plus ``fixed``); ``view`` gives the slot values of a record this form can
    write, or None (default: same-named fields, matching ``fixed``)."""

    orders: tuple[type[r.Order], ...]
    form: Form
    fixed: Fields = field(default_factory=dict)
    make: Callable[[Fields, NameBook], r.Order] | None = None
    view: Callable[[r.Order], Fields | None] | None = None
    _slots: tuple[tuple[Slot, bool], ...] = field(init=False, compare=False, repr=False)
    """:meth:`slots`, worked out once (a function of the form)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_slots", tuple(self._walk_slots()))

    def slots(self) -> tuple[tuple[Slot, bool], ...]:
        """The form's slots in pattern order, each with whether it sits in an optional group."""
        return self._slots

    def _walk_slots(self) -> list[tuple[Slot, bool]]:
        out: list[tuple[Slot, bool]] = []

        def walk(items: tuple[Any, ...], optional: bool) -> None:
            for item in items:
                if isinstance(item, Group):
                    walk(item.items, True)
                elif isinstance(item, Slot):
                    out.append((item, optional))

        walk(self.form.items, False)
        return out

    def build(self, raw: dict[str, str | list[str]], book: NameBook) -> r.Order:
        values: Fields = {}
        for slot, _ in self._slots:
            if slot.name in raw:
                values[slot.name] = resolve(slot.kind, raw[slot.name], book)
        values.update(self.fixed)
        if self.make is not None:
            return self.make(values, book)
        return self.orders[0](**values)

    def fields_of(self, order: r.Order) -> Fields | None:
        if type(order) not in self.orders:
            return None
        if self.view is not None:
            return self.view(order)
        if any(getattr(order, k) != v for k, v in self.fixed.items()):
            return None
        return {slot.name: getattr(order, slot.name) for slot, _ in self._slots}


def _e(pattern: str, *orders: type[r.Order], fixed: Fields | None = None,
       make: Callable[[Fields, NameBook], r.Order] | None = None,
       view: Callable[[r.Order], Fields | None] | None = None) -> Entry:
    return Entry(orders, Form(pattern), fixed or {}, make, view)


# --- makers with catalogue checks ----------------------------------------------------------------

_RESEARCH: dict[str, type[r.Order]] = {
    "industrial": r.ResearchPlanetaryConstruction, "shipyard": r.ResearchShipConstruction,
    "military": r.ResearchMilitaryTheory,
}


def _make_research(values: Fields, book: NameBook) -> r.Order:
    cat = book.catalogue
    tech = cat.tech(values["tech"])
    district = values.get("district", "academic")
    design_class = values.get("design_class", "")
    if tech.kind == "design":
        cls = cat.classes[design_class] if design_class else None
        if cls is None:
            raise LineError(f"name the class {tech.name} unlocks: research {tech.name} for <class> on <planet>")
        if cls.unit != tech.designs or not cls.design:
            raise LineError(f"{cls.name} is not an advanced {tech.designs} class that {tech.name} unlocks")
    elif design_class:
        raise LineError(f"only Ship Design and Detachment Design name a class; {tech.name} does not")
    if district != "academic":
        parents = (tech,) if tech.kind == "core" else tuple(cat.tech(p) for p in cat.core_parents(tech))
        if not any(district in p.research for p in parents):
            raise LineError(f"{district} districts cannot research {tech.name}")
        cls_ = _RESEARCH[district]
        if cls_ is r.ResearchPlanetaryConstruction:
            return r.ResearchPlanetaryConstruction(planet=values["planet"], tech=tech.id)
        return cls_(planet=values["planet"], tech=tech.id, design_class=design_class)
    if tech.kind == "core":
        return r.ResearchCoreTechnology(planet=values["planet"], tech=tech.id)
    return r.ResearchSupplementalTechnology(planet=values["planet"], tech=tech.id, design_class=design_class)


def _research_view(with_class: bool, with_district: bool) -> Callable[[r.Order], Fields | None]:
    districts = {r.ResearchPlanetaryConstruction: "industrial", r.ResearchShipConstruction: "shipyard",
                 r.ResearchMilitaryTheory: "military"}

    def view(order: r.Order) -> Fields | None:
        district = districts.get(type(order), "academic")
        design_class = getattr(order, "design_class", "")
        if bool(design_class) != with_class or (district != "academic") != with_district:
            return None
        out: Fields = {"tech": getattr(order, "tech"), "planet": getattr(order, "planet")}  # noqa: B009
        if with_class:
            out["design_class"] = design_class
        if with_district:
            out["district"] = district
        return out

    return view


def _check_variant(book: NameBook, class_id: str, variant: str) -> None:
    if not variant:
        return
    cls = book.catalogue.classes[class_id]
    var = book.catalogue.variants[variant]
    applies = "fighter" if "cargo-1" in cls.special else cls.unit
    if var.applies_to != applies:
        raise LineError(f"the {var.name} variant is for {var.applies_to}s, not a {cls.name}")


def _check_flexible(book: NameBook, class_id: str, flexible: tuple[str, ...]) -> None:
    cls = book.catalogue.classes[class_id]
    if len(flexible) > cls.flexible:
        raise LineError(f"a {cls.name} has {cls.flexible} flexible slot(s), not {len(flexible)}")


def _make_ship(values: Fields, book: NameBook) -> r.Order:
    order = r.ConstructShip(**values)
    _check_flexible(book, order.ship_class, order.flexible)
    _check_variant(book, order.ship_class, order.variant)
    cls = book.catalogue.classes[order.ship_class]
    if order.level and order.level != cls.level and "cargo-1" not in cls.special:
        raise LineError(f"only fighter squadron projects take another level; a {cls.name} is level {cls.level}")
    if order.level == cls.level:
        order = msgspec.structs.replace(order, level=0)
    return order


def _make_detachment(values: Fields, book: NameBook) -> r.Order:
    order = r.TrainDetachment(**values)
    _check_flexible(book, order.detachment_class, order.flexible)
    _check_variant(book, order.detachment_class, order.variant)
    return order


def _make_units(cls: type[r.Order], units_field: str) -> Callable[[Fields, NameBook], r.Order]:
    def make(values: Fields, book: NameBook) -> r.Order:
        if len(values[units_field]) > 2:
            raise LineError("a repair or reinforcement takes one or two units")
        return cls(**values)

    return make


def _make_office(values: Fields, book: NameBook) -> r.Order:
    if values.get("new_type") == "religious" and not values.get("principle"):
        raise LineError("a new religious org needs a guiding principle: ... org <name> following <principle>")
    return r.ConstructOffice(**values)


def _office_view(kind: str) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.ConstructOffice)
        shown = "religious" if order.new_type == "religious" else ("new" if order.new_type else "")
        if shown != kind:
            return None
        return {"planet": order.planet, "org": order.org, "new_type": order.new_type or None,
                "principle": order.principle or None}

    return view


def _optional_view(**defaults: Any) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        out = msgspec.structs.asdict(order)
        return {k: (None if k in defaults and v == defaults[k] else v) for k, v in out.items()}

    return view


def _engage_view(engage: bool, stance: bool, scope: str = "",
                 directive: str = "engage") -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.StandingEngage)
        if (order.engage != engage or (order.subject in r.STANCES) != stance or order.scope != scope
                or order.directive != directive):
            return None
        return {"subject": order.subject}

    return view


def _engage_entries() -> list[Entry]:
    """O03 forms: engage / do not engage, a nation or all of a stance, everywhere or in own or
    alien space (the scoped forms first: an open name slot would swallow 'in own space')."""
    out: list[Entry] = []
    for scope, words in (("own", " in own space"), ("alien", " in alien space"), ("", "")):
        for directive in ("engage", "contest"):
            for engage, verb in ((True, directive), (False, f"do not {directive}")):
                fixed = {"engage": engage, "scope": scope, "directive": directive}
                out.append(_e(f"{verb} all {{subject:stance}}{words}", r.StandingEngage, fixed=fixed,
                              view=_engage_view(engage, True, scope, directive)))
                out.append(_e(f"{verb} {{subject:faction}}{words}", r.StandingEngage, fixed=fixed,
                              view=_engage_view(engage, False, scope, directive)))
    return out


def _attack_view(target: str) -> Callable[[r.Order], Fields | None]:
    """O81's three forms: a nation, a unit class of a nation, a planet (ruling 272)."""
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.Attack)
        kind = "planet" if order.planet else ("unit" if order.target_class else "nation")
        if kind != target:
            return None
        if kind == "planet":
            return {"planet": order.planet, "units": order.units}
        if kind == "unit":
            return {"target_class": order.target_class, "faction": order.faction, "units": order.units}
        return {"faction": order.faction, "units": order.units}

    return view


def _load_view(boarding: bool) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.Load)
        if bool(order.ship) != boarding:
            return None
        return {"units": order.units, "ship": order.ship} if boarding else {"units": order.units}

    return view


def _disassemble_view(apart: bool) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.Disassemble)
        if bool(order.ship) != apart:
            return None
        return {"units": order.units, "ship": order.ship} if apart else {"units": order.units}

    return view


def _prisoners_view(disposition: str) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.Prisoners)
        return {"faction": order.faction} if order.disposition == disposition else None

    return view


def _move_view(group: bool) -> Callable[[r.Order], Fields | None]:
    def view(order: r.Order) -> Fields | None:
        assert isinstance(order, r.Move)
        if bool(order.group) != group:
            return None
        return {"group": order.group, "system": order.system} if group else {"units": order.units,
                                                                              "system": order.system}

    return view


def _consent_view(order: r.Order, grant: bool) -> Fields | None:
    assert isinstance(order, r.Consent)
    if order.grant != grant:
        return None
    return {"faction": order.faction, "org": order.org or None, "kind": order.kind or None,
            "planet": order.planet or None, "system": order.system or None}


def _operation_view(order: r.Order) -> Fields | None:
    from starlanes.games.star_kingdoms.operations import load_operations

    out = _optional_view(planet="", system="", at="", faction="", amount=0, field="", principle="", tech="",
                         design_class="", text="")(order)
    if out is not None:
        out["operation"] = load_operations().kind(str(out["operation"])).name
    return out


def _make_operation(values: Fields) -> r.Order:
    from starlanes.core.errors import IllegalAction
    from starlanes.games.star_kingdoms.operations import load_operations

    try:
        kind = load_operations().by_name(str(values["operation"]))
    except IllegalAction as exc:
        raise LineError(exc.reason) from None
    return r.StartOperation(**{**values, "operation": kind.id})


ENTRIES: tuple[Entry, ...] = (
    _e("relationship with {faction:faction} is {stance:stance}", r.SetRelationship),
    _e("default relationship is {stance:stance}", r.SetDefaultRelationship),
    _e("build office on {planet:planet} for new religious org {org:text} following {principle:text}",
       r.ConstructOffice, fixed={"new_type": "religious"}, view=_office_view("religious")),
    _e("build office on {planet:planet} for new {new_type:org-type} org {org:text}", r.ConstructOffice,
       make=_make_office, view=_office_view("new")),
    _e("build office on {planet:planet} for {org:org}", r.ConstructOffice, view=_office_view("")),
    _e("build planetary shield on {planet:planet}", r.ConstructPlanetaryShield),
    _e("build ship {ship_class:ship-class} on {planet:planet} [named {name:text}] [with {flexible:ship-modules}] "
       "[variant {variant:variant}] [at level {level:int}]", r.ConstructShip, make=_make_ship,
       view=_optional_view(name="", flexible=(), variant="", level=0)),
    _e("build {district:district} district on {planet:planet}", r.ConstructDistrict),
    _e("rebuild {planet:planet}", r.RebuildAndRepair),
    *(
        _e(pattern, r.ResearchPlanetaryConstruction, r.ResearchCoreTechnology, r.ResearchSupplementalTechnology,
           r.ResearchShipConstruction, r.ResearchMilitaryTheory, make=_make_research,
           view=_research_view(with_class, with_district))
        for pattern, with_class, with_district in (
            ("research {tech:tech} for {design_class:class} on {planet:planet} in {district:district}", True, True),
            ("research {tech:tech} for {design_class:class} on {planet:planet}", True, False),
            ("research {tech:tech} on {planet:planet} in {district:district}", False, True),
            ("research {tech:tech} on {planet:planet}", False, False),
        )
    ),
    _e("analyse {subject:text} on {planet:planet}", r.Analyse),
    _e("analyze {subject:text} on {planet:planet}", r.Analyse),
    _e("repair ships {ships:units} on {planet:planet} at level {level:int} in orbital yard", r.RepairShips,
       fixed={"orbital_yard": True}, make=_make_units(r.RepairShips, "ships")),
    _e("repair ships {ships:units} on {planet:planet} at level {level:int}", r.RepairShips,
       fixed={"orbital_yard": False}, make=_make_units(r.RepairShips, "ships")),
    _e("refit ship {ship:unit} on {planet:planet} at level {level:int}", r.RefitShip),
    _e("train {detachment_class:det-class} on {planet:planet} [named {name:text}] [with {flexible:det-modules}] "
       "[variant {variant:variant}]", r.TrainDetachment, make=_make_detachment,
       view=_optional_view(name="", flexible=(), variant="")),
    _e("reinforce {detachments:units} on {planet:planet} at level {level:int}", r.ReinforceDetachments,
       make=_make_units(r.ReinforceDetachments, "detachments")),
    _e("refit detachment {detachment:unit} on {planet:planet} at level {level:int}", r.RefitDetachment),
    _e("cancel {district:district} project on {planet:planet}", r.CancelProject),
    _e("rush {district:district} project on {planet:planet} [x {count:int}]", r.RushProject,
       view=_optional_view(count=1)),
    _e("breakthrough {tech:tech} [for {design_class:class}]", r.Breakthrough,
       make=lambda v, book: _breakthrough(v, book), view=_optional_view(design_class="")),
    _e("gm request {text:rest}", r.GMRequest),
    # part 2
    *_engage_entries(),
    _e("retreat {units:units} to {system:text}", r.SetRetreatRoute),
    _e("group {units:units} as {group:text}", r.FormTaskGroup),
    _e("move group {group:text} to {system:text}", r.Move, view=_move_view(True)),
    _e("move {units:units} to {system:text}", r.Move, view=_move_view(False)),
    _e("hold {units:units}", r.Hold),
    _e("follow {faction:faction} with {units:units}", r.Follow),
    _e("attack planet {planet:planet} with {units:units}", r.Attack, view=_attack_view("planet")),
    _e("attack unit {target_class:class} of {faction:faction} with {units:units}", r.Attack,
       view=_attack_view("unit")),
    _e("attack {faction:faction} with {units:units}", r.Attack, view=_attack_view("nation")),
    _e("blockade {planet:planet} with {units:units}", r.Blockade),
    _e("bombard {planet:planet} with {units:units}", r.Bombard),
    _e("land {units:units} on {planet:planet}", r.Land),
    _e("fight {rounds:int} rounds on {planet:planet}", r.GroundRounds),
    _e("survey space with {units:units}", r.DeepSpaceSurvey),
    _e("decommission {units:units}", r.Decommission),
    _e("salvage with {units:units}", r.Salvage),
    _e("colonise {planet:planet} with {units:units}", r.Colonise),
    _e("study {anomaly:text} with {units:units}", r.StudyAnomaly),
    _e("construct remote sensor with {units:units}", r.BuildRemoteSensor),
    _e("construct stabiliser towards {system:text} with {units:units}", r.BuildStabiliser),
    _e("tow {ship:unit} with {units:units} to {system:text}", r.Tow),
    _e("construct mining facility at {belt:text} with {units:units}", r.BuildMiningFacility),
    _e("construct repair yard at {planet:planet} with {units:units}", r.BuildRepairYard),
    _e("construct strip mine on {planet:planet} with {units:units}", r.BuildStripMine),
    _e("resume work on {work:text} with {units:units}", r.PauseWork,
       view=lambda order: msgspec.structs.asdict(order) if getattr(order, "units", ()) else None),
    _e("pause work on {work:text}", r.PauseWork,
       view=lambda order: None if getattr(order, "units", ()) else {"work": getattr(order, "work", "")}),
    _e("assist {faction:faction} on {work:text} with {units:units}", r.Assist),
    _e("accept help from {faction:faction} on {work:text}", r.AcceptHelp),
    _e("destroy remote sensors with {units:units}", r.DestroyInstallation, fixed={"kind": "remote-sensor"}),
    _e("destroy repair yard at {planet:planet} with {units:units}", r.DestroyInstallation,
       fixed={"kind": "repair-yard"}),
    _e("colonize {planet:planet} with {units:units}", r.Colonise),
    _e("return prisoners to {faction:faction}", r.Prisoners, fixed={"disposition": "return"},
       view=_prisoners_view("return")),
    _e("disperse prisoners of {faction:faction}", r.Prisoners, fixed={"disposition": "disperse"},
       view=_prisoners_view("disperse")),
    _e("scavenge with {units:units}", r.Scavenge),
    _e("load {units:units} on {ship:unit}", r.Load, view=_load_view(True)),
    _e("unload {units:units}", r.Load, view=_load_view(False)),
    _e("disassemble {units:units} into {ship:unit}", r.Disassemble, view=_disassemble_view(True)),
    _e("reassemble {units:units}", r.Disassemble, view=_disassemble_view(False)),
    _e("survey {planet:planet} with {units:units}", r.PlanetarySurvey),
    # part 3
    _e("consent to {faction:faction} [for {org:text}] [kind {kind:text}] [on {planet:planet}] [in {system:text}]",
       r.Consent, fixed={"grant": True},
       view=lambda order: _consent_view(order, True)),
    _e("revoke consent to {faction:faction} [for {org:text}] [kind {kind:text}] [on {planet:planet}] "
       "[in {system:text}]", r.Consent,
       fixed={"grant": False}, view=lambda order: _consent_view(order, False)),
    _e("operation {operation:text} by {org:org} [on {planet:planet}] [in {system:text}] [at {at:text}] "
       "[against {faction:faction}] [credits {amount:credits}] [field {field:text}] [principle {principle:text}] "
       "[tech {tech:tech}] [for {design_class:class}] [about {text:text}]", r.StartOperation,
       make=lambda v, book: _make_operation(v),
       view=_operation_view),
    _e("remove safe house {branch:text}", r.RemoveSafeHouse),
    _e("cancel operation of {org:org}", r.CancelOperation),
)


def _breakthrough(values: Fields, book: NameBook) -> r.Order:
    research = _make_research({"tech": values["tech"], "planet": "", "design_class": values.get("design_class", "")},
                              book)
    return r.Breakthrough(tech=values["tech"], design_class=getattr(research, "design_class", ""))


KEYWORDS: frozenset[str] = frozenset(w for e in ENTRIES for w in e.form.keywords())
_VERBS: tuple[str, ...] = tuple(dict.fromkeys(e.form.verb for e in ENTRIES))


def _entries_by_verb() -> dict[str, tuple[Entry, ...]]:
    out: dict[str, list[Entry]] = {}
    for entry in ENTRIES:
        out.setdefault(entry.form.verb, []).append(entry)
    return {verb: tuple(entries) for verb, entries in out.items()}


def _entries_by_order() -> dict[type[r.Order], tuple[Entry, ...]]:
    out: dict[type[r.Order], list[Entry]] = {}
    for entry in ENTRIES:
        for order in entry.orders:
            out.setdefault(order, []).append(entry)
    return {order: tuple(entries) for order, entries in out.items()}


_BY_VERB: dict[str, tuple[Entry, ...]] = _entries_by_verb()
"""The entries of :data:`ENTRIES` whose form starts with each verb, in their order there (the
forms a line starting with that word is tried against)."""
_BY_ORDER: dict[type[r.Order], tuple[Entry, ...]] = _entries_by_order()
"""The entries of :data:`ENTRIES` that write each order record type, in their order there (the
forms :func:`format_order` tries; an entry whose ``orders`` lack the type never writes it)."""


# --- parsing ------------------------------------------------------------------------------------


class ParsedLine(msgspec.Struct, frozen=True, kw_only=True):
    line: int
    text: str
    order: r.Order | None = None
    error: str = ""


class OrderSheet(msgspec.Struct, frozen=True, kw_only=True):
    """Every order line of a sheet, accepted (with its record) or refused (with the reason)."""

    lines: tuple[ParsedLine, ...]

    @property
    def orders(self) -> tuple[r.Order, ...]:
        return tuple(p.order for p in self.lines if p.order is not None)

    @property
    def errors(self) -> tuple[str, ...]:
        return tuple(f"line {p.line}: {p.error}" for p in self.lines if p.error)


def _unknown_verb(word: str) -> str:
    import difflib

    close = difflib.get_close_matches(word.casefold(), _VERBS, n=2, cutoff=0.6)
    hint = " or ".join(f"'{c}'" for c in close)
    return f"unknown order '{word}'" + (f"; did you mean {hint}?" if close else f"; orders: {', '.join(_VERBS)}")


def _parse_line(text: str, book: NameBook) -> r.Order | None:
    tokens, code = tokenize(text)
    if not tokens:
        return None
    first = tokens[0].word
    candidates = _BY_VERB.get(first, ()) if first is not None else ()
    if not candidates:
        raise LineError(_unknown_verb(tokens[0].text))
    best: tuple[int, Mismatch, Entry] | None = None
    for entry in candidates:
        try:
            raw = entry.form.match(tokens, code)
        except Mismatch as failed:
            if best is None or failed.position > best[0]:
                best = (failed.position, failed, entry)
            continue
        try:
            return entry.build(raw, book)
        except LineError as exc:
            words = {w for value in raw.values() for part in ([value] if isinstance(value, str) else value)
                     for w in part.casefold().split()} & entry.form.keywords() - {entry.form.verb}
            hint = f" (a name containing '{sorted(words)[0]}' is written in quotes)" if words else ""
            raise LineError(f"{exc}{hint}") from None
    assert best is not None
    position, miss, entry = best
    where = f"at '{tokens[position].text}'" if position < len(tokens) else "at the end of the line"
    forms = " | ".join(dict.fromkeys(e.form.usage() for e in candidates if e.form.items[:2] == entry.form.items[:2]))
    return _syntax_error(f"expected {miss.expected} {where}; write: {forms}")


def _syntax_error(message: str) -> r.Order:
    raise LineError(message)


def parse_order(line: str, book: NameBook) -> r.Order:
    """One order from one line; ParseError (one line) if it is not a valid order."""
    try:
        order = _parse_line(line, book)
    except LineError as exc:
        raise ParseError(str(exc)) from None
    if order is None:
        raise ParseError("no order on this line")
    return order


def _decode(data: str | bytes) -> str:
    if isinstance(data, bytes):
        if len(data) > MAX_ORDER_BYTES:
            raise ParseError(f"orders: too large ({len(data):,} bytes; the limit is {MAX_ORDER_BYTES:,})")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ParseError(f"orders: not UTF-8 text (bad byte at offset {exc.start})") from None
    if len(data) > MAX_ORDER_BYTES:
        raise ParseError(f"orders: too large ({len(data):,} characters; the limit is {MAX_ORDER_BYTES:,})")
    return data.removeprefix("\ufeff")


def parse_orders(data: str | bytes, book: NameBook) -> OrderSheet:
    """Every line of an order sheet: accepted with its record, or refused with a one-line reason.
    Only a sheet that cannot be read at all (not UTF-8, too large) raises ParseError."""
    return OrderSheet(lines=tuple(read_orders(data, book)))


def read_orders(data: str | bytes, book: NameBook, *, after: int = 0) -> Iterator[ParsedLine]:
    """The lines of :func:`parse_orders`, each read when it is asked for, from line ``after`` + 1
    on (the lines above are not read): a sheet that cannot be read at all raises ParseError
    before the first line (the whole sheet is looked at first)."""
    text = _decode(data)
    if "\x00" in text:
        raise ParseError("orders: not a text file (contains NUL characters)")
    rows = text.splitlines()
    if len(rows) > MAX_LINES:
        raise ParseError(f"orders: {len(rows):,} lines (at most {MAX_LINES:,})")
    return _read_rows(rows, book, after)


def _read_rows(rows: list[str], book: NameBook, after: int) -> Iterator[ParsedLine]:
    read = book.read
    for number in range(after + 1, len(rows) + 1):
        line = rows[number - 1]
        if len(line) > MAX_LINE_CHARS:
            yield ParsedLine(line=number, text=line[:80] + "...", error=f"line longer than {MAX_LINE_CHARS}")
            continue
        found = read.get(line)
        if found is None:
            try:
                found = (_parse_line(line, book), None)
            except LineError as exc:
                found = (None, str(exc))
            read[line] = found
        order, error = found
        if error is not None:
            yield ParsedLine(line=number, text=line, error=error)
        elif order is not None:
            yield ParsedLine(line=number, text=line, order=order)


# --- formatting ---------------------------------------------------------------------------------


def _written(kind: str, value: Any, book: NameBook, stops: set[str]) -> str:
    shown = display(kind, value, book)
    if kind == REST_KIND:
        return str(shown)
    if kind in LIST_KINDS:
        assert isinstance(shown, list)
        return ", ".join(s if _plain_item(kind, s, stops) else f'"{s}"' for s in shown)
    assert isinstance(shown, str)
    if kind in ("int", "credits"):
        return shown
    return f'"{shown}"' if needs_quotes(shown, stops) else shown


def _plain_item(kind: str, item: str, stops: set[str]) -> bool:
    count, _, rest = item.partition(" ")
    if kind != "units" and count.isdigit() and rest:
        return not needs_quotes(rest, stops)
    return not needs_quotes(item, stops)


def format_order(order: r.Order, book: NameBook) -> str:
    """The order written in the language; it parses back to the same record."""
    found = book.written.get(order)
    if found is not None:
        return found
    for entry in _BY_ORDER.get(type(order), ()):
        values = entry.fields_of(order)
        if values is None:
            continue
        stops = entry.form.stops()
        written: dict[str, str | None] = {}
        for slot, _ in entry.slots():
            value = values.get(slot.name)
            written[slot.name] = None if value is None else _written(slot.kind, value, book, stops[slot.name])
        text = book.written[order] = entry.form.render(written)
        return text
    raise ValueError(f"no form writes order {order.order_id}")


def format_sheet(orders: tuple[r.Order, ...] | list[r.Order], book: NameBook) -> str:
    return "".join(format_order(o, book) + "\n" for o in orders)
