"""Civilisation creation (rules v2.6.8 S18, inventory 2.27 CIV-01..CIV-10) and the GM's approval.

A player describes a new nation in a creation form (TOML or JSON, :class:`CivilisationForm`)::

    name = "Zabanian Empire"
    player = "ann@example.org"
    native = "arctic"                      # CIV-04: desert, temperate or arctic
    homeworld = "BBC III"                  # a homeworld slot of the galaxy (empty: the first free one)
    second_district = "academic"           # CIV-06: Industrial 2, this one 2, the others 1
    l2_techs = ["Sensors", "Wormhole Stabilisation"]          # CIV-07
    traits = [                                                # CIV-01: one of each category
      {name = "Crystal Spires", category = "homeworld", drawback = true,
       text = "Infrastructure projects on the homeworld cannot be rushed"},
      {name = "Scholars", category = "people", text = "Analyse projects cost half"},
      {name = "Enlightenment", category = "ambition"}]
    principles = [{name = "Guild System", adherence = 3},     # CIV-03: 3, 2 and 1
                  {name = "Xenophobia", adherence = 2},
                  {name = "Geneticists", adherence = 1}]
    ships = [{class = "Survey Probe", name = "Pathfinder"}, {class = "Survey Probe", name = "Seeker"}]
    detachments = [{class = "Survey Team", name = "First Surveyors"},
                   {class = "Construction Gang", name = "Builders"}]              # CIV-08
    organisation = {name = "Exploration Society", type = "science"}              # CIV-09

:func:`check_form` lists every problem at once (field and problem, "did you mean" for names);
:func:`add_nation` checks the form, sets the homeworld's biosphere and Mineral Rating in the
campaign's galaxy, builds the nation (``campaign.new_faction``, 450 credits CIV-10, the
organisation's office on the homeworld Amb#115) *unapproved*, and raises an ``approve-nation``
item in the GM queue naming what is non-standard.  An unapproved nation gives no orders.
:func:`decide_nation` is the GM's decision (the hook ``gm.py`` exposes as a GM action): approve
with the mechanics of the traits (``TraitHooks``, Amb#111) or send it back with a reason; the
decision is logged and shown in the nation's next sheet.  :func:`revise_nation` takes a corrected
form for a nation sent back.

Non-standard starts need the GM's agreement (S18): a Mineral Rating other than 3 (CIV-05) and
more than three principles (CIV-03) are accepted by the form but listed in the GM item, and only
an approval makes them stand (ruling 64).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import msgspec

from starlanes.core.errors import ContentError, IllegalAction
from starlanes.games.star_kingdoms.campaign import (
    TRAIT_CATEGORIES,
    CampaignState,
    Faction,
    GMItem,
    Trait,
    TraitCategory,
    TraitHooks,
    faction_slug,
    new_faction,
)
from starlanes.games.star_kingdoms.catalogue import Catalogue, District, load_catalogue
from starlanes.games.star_kingdoms.galaxy import NATIVE_BIOSPHERES, Biosphere, Galaxy, GalaxyIndex
from starlanes.games.star_kingdoms.loading import convert, parse_data, read_content
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.orders.records import ORG_TYPES, OrgType
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

__all__ = [
    "CivilisationForm",
    "CreationError",
    "OrgForm",
    "PrincipleForm",
    "TraitForm",
    "UnitForm",
    "add_nation",
    "check_form",
    "decide_nation",
    "form_from_data",
    "load_form",
    "nonstandard",
    "parse_form",
    "place_homeworld",
    "revise_nation",
]

Short = Annotated[str, msgspec.Meta(max_length=80)]
Long = Annotated[str, msgspec.Meta(max_length=2000)]


class TraitForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    name: Short
    category: str
    drawback: bool = False
    text: Long = ""
    """What the player means; the GM turns it into mechanics at approval."""


class PrincipleForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    name: Short
    adherence: int


class UnitForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    cls: Short = msgspec.field(name="class")
    name: Short


class OrgForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    name: Short
    type: str
    principle: Short = ""
    """Guiding principle of a Religious organisation (ORG-03)."""


class CivilisationForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A new nation as its player describes it (S18)."""

    name: Short
    player: Short = ""
    native: str
    homeworld: Short = ""
    mineral_rating: int | None = None
    """Homeworld Mineral Rating; empty: the standard (3, CIV-05). Another value needs the GM."""
    second_district: str
    l2_techs: tuple[Short, ...]
    traits: tuple[TraitForm, ...]
    principles: tuple[PrincipleForm, ...]
    ships: tuple[UnitForm, ...]
    detachments: tuple[UnitForm, ...]
    organisation: OrgForm


class CreationError(ContentError):
    """A creation form with problems: every one listed (``problems``), nothing created."""

    def __init__(self, file: str, problems: list[str]) -> None:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(file, "", f"{count}: " + "; ".join(problems))
        self.problems = problems


def form_from_data(data: Any, file: str = "form") -> CivilisationForm:
    """A form from parsed TOML/JSON data; a field of the wrong type is a ContentError naming it."""
    return convert(data, CivilisationForm, file)


def load_form(path: str | Path) -> CivilisationForm:
    """Read a creation form file (TOML or JSON)."""
    return form_from_data(read_content(path), str(path))


def parse_form(text: str, file: str = "form.toml") -> CivilisationForm:
    """A form from its text (TOML, or JSON when it starts with ``{``)."""
    return form_from_data(parse_data(text, file), file)


def _choice(value: str, choices: tuple[str, ...], what: str) -> str | None:
    if value.casefold() in choices:
        return None
    index = NameIndex.of_names(what, choices)
    return index.unknown(value)


class _Resolved(msgspec.Struct, kw_only=True):
    homeworld: str = ""
    l2: list[str] = msgspec.field(default_factory=list)
    ships: list[tuple[str, str]] = msgspec.field(default_factory=list)
    detachments: list[tuple[str, str]] = msgspec.field(default_factory=list)


def _check(form: CivilisationForm, galaxy: GalaxyIndex, catalogue: Catalogue, params: StarKingdomsParams,
           taken: Mapping[str, str], names_used: Mapping[str, str], own_id: str = "") -> tuple[list[str], _Resolved]:
    problems: list[str] = []
    out = _Resolved()
    if not form.name.strip():
        problems.append("name: give the nation a name")
    else:
        fid = faction_slug(form.name)
        other = names_used.get(fid)
        if other is not None and fid != own_id:
            problems.append(f"name: '{form.name}' is too close to the nation '{other}' already in the campaign")
    # CIV-01 traits
    cats = [t.category.casefold() for t in form.traits]
    if len(form.traits) != 3:
        problems.append(f"traits: a nation has 3 traits, one of each: homeworld, people, ambition "
                        f"(the form gives {len(form.traits)})")
    for i, t in enumerate(form.traits):
        bad = _choice(t.category, TRAIT_CATEGORIES, "trait category")
        if bad:
            problems.append(f"traits[{i}] '{t.name}'.category: {bad}")
        if not t.name.strip():
            problems.append(f"traits[{i}].name: a trait is a word or short phrase")
    for cat in TRAIT_CATEGORIES:
        n = cats.count(cat)
        if n > 1:
            problems.append(f"traits: {n} {cat} traits; one trait per category (CIV-01)")
        elif n == 0 and len(form.traits) == 3:
            problems.append(f"traits: no {cat} trait (CIV-01)")
    if form.traits and not any(t.drawback for t in form.traits):
        problems.append("traits: at least one trait must be a drawback (set drawback = true on it)")
    # CIV-03 principles
    names = [p.name.strip().casefold() for p in form.principles]
    if len(form.principles) < 3:
        problems.append(f"principles: start with at least 3 principles at adherence 3, 2 and 1 "
                        f"(the form gives {len(form.principles)})")
    else:
        first = sorted((p.adherence for p in form.principles[:3]), reverse=True)
        if first != [3, 2, 1]:
            problems.append("principles: the first three have adherence 3, 2 and 1, one each (CIV-03)")
        for i, p in enumerate(form.principles[3:], start=3):
            if not 1 <= p.adherence <= 5:
                problems.append(f"principles[{i}] '{p.name}'.adherence: 1 to 5")
    for i, p in enumerate(form.principles):
        if not p.name.strip():
            problems.append(f"principles[{i}].name: name the principle")
        elif names.index(p.name.strip().casefold()) != i:
            problems.append(f"principles[{i}] '{p.name}': named twice")
    # CIV-04 native biosphere
    bad = _choice(form.native, NATIVE_BIOSPHERES, "native biosphere")
    if bad:
        problems.append(f"native: {bad} (a nation's native biosphere is desert, temperate or arctic)")
    # homeworld
    slots = [p for p in galaxy.galaxy.homeworlds()]
    free = [p for p in slots if p.id not in taken or taken[p.id] == own_id]
    if form.homeworld:
        planet = galaxy.planet_names.resolve(form.homeworld)
        if planet is None:
            problems.append(f"homeworld: {galaxy.planet_names.unknown(form.homeworld)}")
        elif not galaxy.planets[planet].homeworld:
            hint = ", ".join(p.name for p in free[:6])
            problems.append(f"homeworld: {galaxy.planets[planet].name} is not a homeworld slot of this galaxy"
                            f" (free slots: {hint or 'none'})")
        elif planet in taken and taken[planet] != own_id:
            problems.append(f"homeworld: {galaxy.planets[planet].name} is already the homeworld of "
                            f"'{taken[planet]}'")
        else:
            out.homeworld = planet
    elif free:
        out.homeworld = free[0].id
    else:
        problems.append("homeworld: every homeworld slot of the galaxy is taken; the GM must add one")
    # CIV-05 MR
    if form.mineral_rating is not None and not 0 <= form.mineral_rating <= 100:
        problems.append("mineral_rating: 0 to 100 (the standard is 3)")
    # CIV-06 districts
    bad = _choice(form.second_district, ("academic", "shipyard", "military"), "district")
    if bad:
        problems.append(f"second_district: {bad} (Industrial is already level 2; pick academic, shipyard "
                        f"or military)")
    # CIV-07 techs
    if len(form.l2_techs) != params.starting_l2_techs:
        problems.append(f"l2_techs: choose {params.starting_l2_techs} core technologies to start at level 2 "
                        f"(the form gives {len(form.l2_techs)})")
    for i, name in enumerate(form.l2_techs):
        tech = catalogue.techs_index.resolve(name)
        if tech is None:
            problems.append(f"l2_techs[{i}]: {catalogue.techs_index.unknown(name)}")
        elif catalogue.tech(tech).kind != "core":
            cores = ", ".join(t.name for t in catalogue.core_techs())
            problems.append(f"l2_techs[{i}]: {catalogue.tech(tech).name} is not a core technology ({cores})")
        elif tech in out.l2:
            problems.append(f"l2_techs[{i}]: {catalogue.tech(tech).name} is chosen twice")
        else:
            out.l2.append(tech)
    # CIV-08 units
    for field, unit, want in (("ships", "ship", form.ships), ("detachments", "detachment", form.detachments)):
        if len(want) != 2:
            problems.append(f"{field}: a new nation starts with 2 level 1 {unit}s of basic classes "
                            f"(the form gives {len(want)})")
        basics = ", ".join(c.name for c in catalogue.classes.values()
                           if c.unit == unit and c.access == "basic" and c.level == 1)
        for i, u in enumerate(want):
            cls_id = catalogue.classes_index.resolve(u.cls)
            if cls_id is None:
                problems.append(f"{field}[{i}].class: {catalogue.classes_index.unknown(u.cls)}")
                continue
            cls = catalogue.classes[cls_id]
            if cls.unit != unit or cls.access != "basic" or cls.level != 1:
                problems.append(f"{field}[{i}].class: {cls.name} is not a basic level 1 {unit} class "
                                f"({basics})")
                continue
            if not u.name.strip():
                problems.append(f"{field}[{i}].name: name the {unit}")
                continue
            (out.ships if unit == "ship" else out.detachments).append((cls_id, u.name.strip()))
    unit_names = [n.casefold() for _, n in (*out.ships, *out.detachments)]
    for dup in sorted({u for u in unit_names if unit_names.count(u) > 1}):
        problems.append(f"units: the name '{dup}' is given to two units")
    # CIV-09 organisation
    org = form.organisation
    bad = _choice(org.type, ORG_TYPES, "organisation type")
    if bad:
        problems.append(f"organisation.type: {bad}")
    if not org.name.strip():
        problems.append("organisation.name: name the organisation")
    if org.type.casefold() == "religious" and not org.principle.strip():
        problems.append("organisation.principle: a Religious organisation has a guiding principle (ORG-03)")
    if org.type.casefold() != "religious" and org.principle.strip():
        problems.append("organisation.principle: only a Religious organisation has a guiding principle")
    return problems, out


def check_form(form: CivilisationForm, state: CampaignState, catalogue: Catalogue | None = None, *,
               own_id: str = "") -> list[str]:
    """Every problem of ``form`` for a nation of ``state``'s campaign, in form order ("field: problem")."""
    taken = {f.homeworld: f.id for f in state.factions}
    used = {f.id: f.name for f in state.factions}
    problems, _ = _check(form, GalaxyIndex.of(state.galaxy), catalogue or load_catalogue(), state.params,
                         taken, used, own_id)
    return problems


def nonstandard(form: CivilisationForm, params: StarKingdomsParams) -> list[str]:
    """What in the form needs the GM's agreement (S18): extra principles, another Mineral Rating."""
    out: list[str] = []
    if len(form.principles) > 3:
        extra = ", ".join(f"{p.name} {p.adherence}" for p in form.principles[3:])
        out.append(f"{len(form.principles) - 3} principle(s) beyond the three (CIV-03): {extra}")
    if form.mineral_rating is not None and form.mineral_rating != params.homeworld_mineral_rating:
        out.append(f"homeworld Mineral Rating {form.mineral_rating} instead of {params.homeworld_mineral_rating}"
                   f" (CIV-05)")
    return out


def place_homeworld(galaxy: Galaxy, planet_id: str, biosphere: Biosphere, mineral_rating: int) -> Galaxy:
    """The galaxy with the homeworld's placeholder biosphere and MR replaced by the nation's (ruling 20)."""
    systems = []
    for system in galaxy.systems:
        if any(p.id == planet_id for p in system.planets):
            planets = tuple(msgspec.structs.replace(p, biosphere=biosphere, mineral_rating=mineral_rating)
                            if p.id == planet_id else p for p in system.planets)
            system = msgspec.structs.replace(system, planets=planets)
        systems.append(system)
    return msgspec.structs.replace(galaxy, systems=tuple(systems))


def _traits(form: CivilisationForm, old: list[Trait] | None = None) -> list[Trait]:
    kept = {t.name.casefold(): t.hooks for t in old or []}
    out = []
    for t in form.traits:
        category: TraitCategory = t.category.casefold()  # type: ignore[assignment]  # checked by _check
        out.append(Trait(name=t.name.strip(), category=category, drawback=t.drawback, text=t.text.strip(),
                         hooks=kept.get(t.name.strip().casefold(), TraitHooks())))
    return out


def _build(form: CivilisationForm, state: CampaignState, catalogue: Catalogue, resolved: _Resolved,
           ident: str) -> Faction:
    native: Biosphere = form.native.casefold()  # type: ignore[assignment]  # checked by _check
    district: District = form.second_district.casefold()  # type: ignore[assignment]
    org_type: OrgType = form.organisation.type.casefold()  # type: ignore[assignment]
    mr = form.mineral_rating if form.mineral_rating is not None else state.params.homeworld_mineral_rating
    state.galaxy = place_homeworld(state.galaxy, resolved.homeworld, native, mr)
    faction = new_faction(
        name=form.name.strip(), native=native, homeworld=resolved.homeworld, catalogue=catalogue,
        params=state.params, galaxy=GalaxyIndex.of(state.galaxy), player=form.player.strip(), ident=ident,
        traits=_traits(form), principles=[p.name.strip() for p in form.principles[:3]], l2_techs=resolved.l2,
        second_district=district, org_name=form.organisation.name.strip(), org_type=org_type,
        ships=resolved.ships, detachments=resolved.detachments, approved=False)
    home = faction.colonies[0]
    for p in form.principles[3:]:
        home.principles[p.name.strip()] = p.adherence
    faction.orgs[0].principle = form.organisation.principle.strip()
    return faction


def _raise_item(state: CampaignState, faction: Faction, form: CivilisationForm, revised: bool) -> None:
    extra = nonstandard(form, state.params)
    traits = "; ".join(f"{t.name} ({t.category}{', drawback' if t.drawback else ''}): {t.text or 'no text'}"
                       for t in form.traits)
    subject = (f"{'revised ' if revised else ''}nation '{faction.name}' ({faction.player or 'no player named'}):"
               f" approve it and give its traits their mechanics - {traits}")
    if extra:
        subject += ". Needs your agreement: " + "; ".join(extra)
    state.gm_queue.append(GMItem(id=state.next_gm_item, turn=state.turn, faction=faction.id, kind="approve-nation",
                                 subject=subject, planet=faction.homeworld, blocking=True))
    state.next_gm_item += 1


def add_nation(state: CampaignState, form: CivilisationForm, catalogue: Catalogue | None = None, *,
               file: str = "form") -> Faction:
    """Check ``form`` and add the nation to the campaign, unapproved, with its GM queue item.

    Raises :class:`CreationError` listing every problem (the campaign is unchanged).  The core
    seat of the new nation is its index in ``state.factions``; the caller (the ``new`` command, or
    ``game.py`` between turns) keeps ``state.players`` in step."""
    cat = catalogue or load_catalogue()
    taken = {f.homeworld: f.id for f in state.factions}
    used = {f.id: f.name for f in state.factions}
    problems, resolved = _check(form, GalaxyIndex.of(state.galaxy), cat, state.params, taken, used)
    if problems:
        raise CreationError(file, problems)
    faction = _build(form, state, cat, resolved, faction_slug(form.name))
    state.factions.append(faction)
    _raise_item(state, faction, form, revised=False)
    state.log.append(f"turn {state.turn}: nation '{faction.name}' created (awaiting GM approval)")
    return faction


def revise_nation(state: CampaignState, faction_id: str, form: CivilisationForm,
                  catalogue: Catalogue | None = None, *, file: str = "form") -> Faction:
    """Replace a nation that is not approved yet (sent back by the GM) with a corrected form."""
    old = state.faction(faction_id)
    if old.approved:
        raise IllegalAction("revise nation", f"'{old.name}' is already approved; the GM changes it now")
    cat = catalogue or load_catalogue()
    taken = {f.homeworld: f.id for f in state.factions}
    used = {f.id: f.name for f in state.factions}
    problems, resolved = _check(form, GalaxyIndex.of(state.galaxy), cat, state.params, taken, used, faction_id)
    if problems:
        raise CreationError(file, problems)
    faction = _build(form, state, cat, resolved, faction_id)
    faction.traits = _traits(form, old.traits)
    state.factions[state.seat_of(faction_id)] = faction
    for item in state.gm_queue:
        if item.faction == faction_id and item.kind == "approve-nation" and not item.decided:
            item.decided = True
            item.answer = "replaced by a revised form"
    _raise_item(state, faction, form, revised=True)
    state.log.append(f"turn {state.turn}: nation '{faction.name}' revised (awaiting GM approval)")
    return faction


def decide_nation(state: CampaignState, faction_id: str, *, approve: bool, note: str = "",
                  hooks: Mapping[str, TraitHooks] | None = None) -> GMItem:
    """The GM approves a nation (with its traits' mechanics, by trait name) or sends it back.

    Records the decision in the GM queue item, the campaign log and the nation's sheet text
    (``state.gm_notes``).  Raises ``IllegalAction`` for an unknown nation or trait, or when no
    approval is awaited."""
    try:
        faction = state.faction(faction_id)
    except KeyError:
        names = NameIndex.of_names("nation", [f.id for f in state.factions])
        raise IllegalAction("approve nation", names.unknown(faction_id)) from None
    item = next((i for i in state.gm_queue if i.faction == faction_id and i.kind == "approve-nation"
                 and not i.decided), None)
    if item is None:
        raise IllegalAction("approve nation", f"'{faction.name}' awaits no approval")
    by_name = {t.name.casefold(): i for i, t in enumerate(faction.traits)}
    for name in hooks or {}:
        if name.casefold() not in by_name:
            known = NameIndex.of_names("trait", [t.name for t in faction.traits])
            raise IllegalAction("approve nation", known.unknown(name))
    if approve:
        for name, hook in (hooks or {}).items():
            i = by_name[name.casefold()]
            faction.traits[i] = msgspec.structs.replace(faction.traits[i], hooks=hook)
        faction.approved = True
        answer = "approved" + (f": {note}" if note else "")
    else:
        if not note:
            raise IllegalAction("reject nation", "say what the player must change (a note)")
        answer = f"sent back: {note}"
    item.decided = True
    item.answer = answer
    state.log.append(f"turn {state.turn}: GM: nation '{faction.name}' {answer}")
    state.gm_notes.setdefault(faction_id, []).append(f"Your nation is {answer}")
    return item
