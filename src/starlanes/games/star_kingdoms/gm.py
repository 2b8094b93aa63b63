"""The GM's seat in a Star Kingdoms campaign: the decisions the rules leave to narrative, and the queue.

Rules v2.6.8 S0 and passim (inventory 1.5, section 5 "GM only"; Amb#2).  Each decision is a core GM
action (``gm_action_types`` of the ruleset), checked by :func:`gm_why_not`, carried out by
:func:`apply_gm`, recorded in ``CampaignState.log`` and shown to the nation concerned in its next
sheet (``CampaignState.gm_notes``):

=====================================================  ===========================================
``approve NATION [note=...]``                          approve a new nation (S18; ``creation.py``)
``send-back NATION "what to change"``                  send a nation's form back to its player
``trait NATION "trait" [no_rush=..] [cost=kind:pct]``  give a trait its mechanics (CIV-01, Amb#111)
``analyse-level ITEM LEVEL``                           set an Analyse project's level (PROJ-A3)
``answer ITEM "text"``                                 answer an item: Analyse findings, a request
``permit NATION SUBJECT LEVEL``                        permit a level 6+ project or tech (PROJ-10)
``meet NATION NATION``                                 two nations learn of each other
``credits NATION AMOUNT "why"``                        override: add (or take) credits
``science NATION FIELD AMOUNT "why"``                  award (or take) science points (TECH-04)
``district NATION PLANET DISTRICT LEVEL "why"``        override: set a district's level
``grant NATION TECH [design=CLASS]``                   override: give a technology (or a level)
``progress NATION PLANET SLOT N``                      override: set a project's progress
``devastation NATION PLANET N``                        override: set a planet's Devastation
``note NATION "text"``                                 narrative text for the nation's next sheet
``yield ANOMALY [physics=N] [engineering=N] ...``      a studied anomaly's yield a turn (ANOM-03)
``convert CAPTOR OWNER [planet=PLANET]``               turn prisoners into the captor's troops
=====================================================  ===========================================

``yield`` takes ``xenology=N`` and ``credits=N`` too (all zero removes the yield; ruling 235);
``convert`` turns the prisoners of OWNER that CAPTOR holds (only those taken on PLANET, if given)
into CAPTOR's detachments (ruling 250).

:func:`gm_queue` lists what awaits the GM (``starlanes campaign star-kingdoms gm-queue``): items
raised by orders and completions (Analyse levels and findings, requests), nations awaiting approval,
and nations that have not submitted their orders yet, so a turn never silently waits.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from starlanes.core.actions import Action
from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, GMItem, Permission, Prisoner, TraitHooks
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, FIELDS, Catalogue, load_catalogue
from starlanes.games.star_kingdoms.creation import decide_nation
from starlanes.games.star_kingdoms.economy import round_ratio
from starlanes.games.star_kingdoms.execute import galaxy_index, planet_name
from starlanes.games.star_kingdoms.knowledge import meet_faction
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.orgs import Consent, grant_consent
from starlanes.games.star_kingdoms.projects import project_cost, project_target
from starlanes.games.star_kingdoms.tech import gain

__all__ = [
    "GM_ACTION_TYPES",
    "Answer",
    "Approve",
    "ConvertPrisoners",
    "Credits",
    "Devastation",
    "GrantTech",
    "Meet",
    "Note",
    "Permit",
    "QueueLine",
    "Science",
    "SendBack",
    "SetAnalyseLevel",
    "SetDistrict",
    "SetProgress",
    "SetTrait",
    "SetYield",
    "apply_gm",
    "gm_queue",
    "gm_why_not",
]

MAX_TEXT = 4000


class Approve(Action, frozen=True):
    """Approve a new nation (S18)."""

    verb: ClassVar[str] = "approve"
    nation: str
    note: str = ""


class SendBack(Action, frozen=True):
    """Send a nation's creation form back with what to change."""

    verb: ClassVar[str] = "send-back"
    nation: str
    note: str


class SetTrait(Action, frozen=True):
    """Give a trait its mechanics: rush bans, cost percentages (kind:percent), free rushes (kind:n), ER."""

    verb: ClassVar[str] = "trait"
    nation: str
    trait: str
    no_rush: tuple[str, ...] = ()
    anywhere: bool = False
    """The rush ban applies on every planet, not only the homeworld."""
    cost: tuple[str, ...] = ()
    auto_rush: tuple[str, ...] = ()
    er_bonus: int = 0
    op_power: tuple[str, ...] = ()
    """operation-or-org-type:n, Power added to those operations (OPS-05, ruling 336)."""


class SetAnalyseLevel(Action, frozen=True):
    """Set the level (and so the cost and target) of an Analyse project (PROJ-A3)."""

    verb: ClassVar[str] = "analyse-level"
    item: int
    level: int


class Answer(Action, frozen=True):
    """Answer a GM queue item; the text goes to the nation's next sheet."""

    verb: ClassVar[str] = "answer"
    item: int
    reply: str


class Permit(Action, frozen=True):
    """Permit a nation projects or research of SUBJECT (a tech or a project kind) up to LEVEL (PROJ-10)."""

    verb: ClassVar[str] = "permit"
    nation: str
    subject: str
    level: int


class Meet(Action, frozen=True):
    """Two nations learn of each other (they may then set relationships, O01)."""

    verb: ClassVar[str] = "meet"
    nation: str
    other: str


class Credits(Action, frozen=True):
    """Override: add AMOUNT credits (negative: take them), with the reason shown to the nation."""

    verb: ClassVar[str] = "credits"
    nation: str
    amount: int
    reason: str


class Science(Action, frozen=True):
    """Award (or take) science points of one field: anomaly findings, narrative rewards (TECH-04)."""

    verb: ClassVar[str] = "science"
    nation: str
    field: str
    amount: int
    reason: str


class SetDistrict(Action, frozen=True):
    """Override: set a district's level on a planet."""

    verb: ClassVar[str] = "district"
    nation: str
    planet: str
    district: str
    level: int
    reason: str = ""


class GrantTech(Action, frozen=True):
    """Override: the nation gains TECH (a core tech's next level) or a design."""

    verb: ClassVar[str] = "grant"
    nation: str
    tech: str
    design: str = ""


class SetProgress(Action, frozen=True):
    """Override: set the progress of the project in SLOT on PLANET."""

    verb: ClassVar[str] = "progress"
    nation: str
    planet: str
    slot: str
    value: int


class Devastation(Action, frozen=True):
    """Override: set a planet's Devastation (a narrative disaster, a GM correction)."""

    verb: ClassVar[str] = "devastation"
    nation: str
    planet: str
    value: int


class Note(Action, frozen=True):
    """Narrative text for the nation's next sheet."""

    verb: ClassVar[str] = "note"
    nation: str
    message: str


class SetYield(Action, frozen=True):
    """What a studied anomaly keeps paying each turn to the holder of its outpost who studied it
    (ANOM-03, Amb#41; ruling 235): science points by field and credits; all zero removes it."""

    verb: ClassVar[str] = "yield"
    anomaly: str
    physics: int = 0
    engineering: int = 0
    xenology: int = 0
    credits: int = 0


class ConvertPrisoners(Action, frozen=True):
    """Turn the prisoners of OWNER held by CAPTOR (those taken on PLANET, if given) into CAPTOR's
    detachments (S16.5, COMB-20; ruling 250: the GM grants what no tech or trait defines)."""

    verb: ClassVar[str] = "convert"
    captor: str
    owner: str
    planet: str = ""


GM_ACTION_TYPES: tuple[type[Action], ...] = (Approve, SendBack, SetTrait, SetAnalyseLevel, Answer, Permit, Meet,
                                             Credits, Science, SetDistrict, GrantTech, SetProgress, Devastation, Note,
                                             SetYield, ConvertPrisoners)


class _No(Exception):
    pass



def _yes_no(reply: str) -> bool | None:
    """A consent answer: True for "yes ...", False for "no ...", None otherwise."""
    words = reply.strip().casefold().replace(",", " ").replace(".", " ").split()
    first = words[0] if words else ""
    return True if first == "yes" else False if first == "no" else None

def _nation(state: CampaignState, name: str) -> Faction:
    key = name.casefold()
    for f in state.factions:
        if f.id == key or f.name.casefold() == key:
            return f
    index = NameIndex.build("nation", ((f.id, f.name, ()) for f in state.factions))
    ident = index.resolve(name)
    if ident is not None:
        return state.faction(ident)
    raise _No(index.unknown(name))


def _planet(state: CampaignState, faction: Faction, name: str) -> str:
    gi = galaxy_index(state.galaxy)
    owned = NameIndex.build("planet", ((c.planet, gi.planets[c.planet].name, ()) for c in faction.colonies))
    ident = owned.resolve(name)
    if ident is None:
        raise _No(f"{faction.name}: " + owned.unknown(name))
    return ident


def _item(state: CampaignState, number: int) -> GMItem:
    for item in state.gm_queue:
        if item.id == number:
            if item.decided:
                raise _No(f"item {number} is already decided ({item.answer})")
            return item
    open_ids = ", ".join(str(i.id) for i in state.gm_queue if not i.decided) or "none"
    raise _No(f"no open GM item {number} (open: {open_ids})")


def _pairs(values: tuple[str, ...], what: str, low: int, high: int) -> dict[str, int]:
    out: dict[str, int] = {}
    cat = load_catalogue()
    for value in values:
        kind, sep, number = value.partition(":")
        if not sep or not number.lstrip("-").isdigit():
            raise _No(f"{what} '{value}': write project-kind:number, e.g. analyse:50")
        if kind not in cat.projects:
            raise _No(f"{what} '{value}': unknown project kind '{kind}' (kinds: {', '.join(cat.projects)})")
        if not low <= int(number) <= high:
            raise _No(f"{what} '{value}': {number} is not from {low} to {high}")
        out[kind] = int(number)
    return out


def _op_power(values: tuple[str, ...]) -> dict[str, int]:
    """``op_power`` pairs: an operation id or an organisation type, and the Power it adds (OPS-05)."""
    from starlanes.games.star_kingdoms.operations import load_operations
    from starlanes.games.star_kingdoms.orders.records import ORG_TYPES

    ops = load_operations()
    out: dict[str, int] = {}
    for value in values:
        key, sep, number = value.partition(":")
        if not sep or not number.lstrip("-").isdigit():
            raise _No(f"op_power '{value}': write operation-or-organisation-type:number, e.g. share-technology:2")
        if key not in ops.kinds and key not in ORG_TYPES:
            raise _No(f"op_power '{value}': '{key}' is neither an operation id nor an organisation type "
                      f"({', '.join(ORG_TYPES)})")
        if not -10 <= int(number) <= 10:
            raise _No(f"op_power '{value}': {number} is not from -10 to 10")
        out[key] = int(number)
    return out


def _text(text: str) -> None:
    if not text.strip():
        raise _No("the text is empty")
    if len(text) > MAX_TEXT:
        raise _No(f"the text is {len(text)} characters (at most {MAX_TEXT})")


def _tech(cat: Catalogue, name: str) -> str:
    ident = cat.techs_index.resolve(name)
    if ident is None:
        raise _No(cat.techs_index.unknown(name))
    return ident


def _check(state: CampaignState, action: Action, cat: Catalogue) -> None:
    """Raise _No with the reason the GM action cannot be taken now."""
    if isinstance(action, Approve | SendBack):
        f = _nation(state, action.nation)
        if not any(i.faction == f.id and i.kind == "approve-nation" and not i.decided for i in state.gm_queue):
            raise _No(f"{f.name} awaits no approval")
        if isinstance(action, SendBack):
            _text(action.note)
    elif isinstance(action, SetTrait):
        f = _nation(state, action.nation)
        if not any(t.name.casefold() == action.trait.casefold() for t in f.traits):
            known = NameIndex.of_names("trait", [t.name for t in f.traits])
            raise _No(f"{f.name}: " + known.unknown(action.trait))
        for value in action.no_rush:
            if value not in cat.projects and value not in DISTRICTS:
                raise _No(f"no_rush '{value}': name a project kind or a district ({', '.join(DISTRICTS)})")
        _pairs(action.cost, "cost", 0, 1000)
        _pairs(action.auto_rush, "auto_rush", 0, 99)
        _op_power(action.op_power)
    elif isinstance(action, SetAnalyseLevel):
        item = _item(state, action.item)
        if item.kind != "analyse-level":
            raise _No(f"item {item.id} is not an Analyse level ({item.kind})")
        if not 1 <= action.level <= 20:
            raise _No("an Analyse level is from 1 to 20")
        if _analyse_project(state, item) is None:
            raise _No(f"the Analyse project of item {item.id} is no longer running")
    elif isinstance(action, Answer):
        item = _item(state, action.item)
        if item.kind in ("analyse-level", "approve-nation"):
            raise _No(f"item {item.id} is decided with "
                      f"{'analyse-level ITEM LEVEL' if item.kind == 'analyse-level' else 'approve or send-back'}")
        _text(action.reply)
        if item.kind == "consent" and _yes_no(action.reply) is None:
            raise _No(f"item {item.id} asks whether a people consent: answer \"yes ...\" or \"no ...\"")
    elif isinstance(action, Permit):
        _nation(state, action.nation)
        if action.subject not in cat.projects:
            _tech(cat, action.subject)
        if not 1 <= action.level <= 20:
            raise _No("a permitted level is from 1 to 20")
    elif isinstance(action, Meet):
        a, b = _nation(state, action.nation), _nation(state, action.other)
        if a.id == b.id:
            raise _No("a nation cannot meet itself")
        if b.id in a.known_factions and a.id in b.known_factions:
            raise _No(f"{a.name} and {b.name} already know each other")
    elif isinstance(action, Credits):
        f = _nation(state, action.nation)
        _text(action.reason)
        if f.credits + action.amount < 0:
            raise _No(f"{f.name} has {f.credits} credits; it cannot lose {-action.amount}")
    elif isinstance(action, Science):
        f = _nation(state, action.nation)
        _text(action.reason)
        if action.field not in FIELDS:
            raise _No(f"unknown field '{action.field}' (fields: {', '.join(FIELDS)})")
        if f.tech.sp.get(action.field) + action.amount < 0:
            raise _No(f"{f.name} has {f.tech.sp.get(action.field)} {action.field} science points; "
                      f"it cannot lose {-action.amount}")
    elif isinstance(action, SetDistrict):
        f = _nation(state, action.nation)
        _planet(state, f, action.planet)
        if action.district not in DISTRICTS:
            raise _No(f"unknown district '{action.district}' (districts: {', '.join(DISTRICTS)})")
        if not 0 <= action.level <= 20:
            raise _No("a district level is from 0 to 20")
    elif isinstance(action, GrantTech):
        f = _nation(state, action.nation)
        tech = cat.tech(_tech(cat, action.tech))
        if tech.kind == "design":
            if action.design not in cat.classes or not cat.classes[action.design].design:
                raise _No(f"{tech.name} names an advanced class it unlocks: design=CLASS-ID")
        elif action.design:
            raise _No(f"{tech.name} unlocks no class")
        elif tech.kind == "supplemental" and tech.id in f.tech.known:
            raise _No(f"{f.name} already knows {tech.name}")
    elif isinstance(action, SetProgress):
        f = _nation(state, action.nation)
        colony = f.colony(_planet(state, f, action.planet))
        assert colony is not None
        if action.slot not in colony.projects:
            raise _No(f"no project in the {action.slot} slot of {planet_name(state, colony.planet)}")
        if not 0 <= action.value <= 10_000:
            raise _No("progress is from 0 to 10000")
    elif isinstance(action, Devastation):
        f = _nation(state, action.nation)
        _planet(state, f, action.planet)
        if not 0 <= action.value <= 100:
            raise _No("Devastation is from 0 to 100")
    elif isinstance(action, Note):
        _nation(state, action.nation)
        _text(action.message)
    elif isinstance(action, SetYield):
        _set_yield(_yields_copy(state), action)
    elif isinstance(action, ConvertPrisoners):
        _converted(state, action)


def _yields_copy(state: CampaignState) -> CampaignState:
    """A throwaway copy of the yields only (a check must change nothing)."""
    return msgspec.structs.replace(state, anomaly_yields=dict(state.anomaly_yields))


def _set_yield(state: CampaignState, action: SetYield) -> str:
    """``war.constructions.set_anomaly_yield``; its WorkProblem is the GM's one-line refusal."""
    from starlanes.games.star_kingdoms.war.constructions import WorkProblem, set_anomaly_yield

    science = {"physics": action.physics, "engineering": action.engineering, "xenology": action.xenology}
    try:
        return set_anomaly_yield(state, action.anomaly, science, action.credits)
    except WorkProblem as problem:
        raise _No(str(problem)) from None


def _converted(state: CampaignState, action: ConvertPrisoners) -> tuple[Faction, Faction, list[Prisoner]]:
    """The captor, the prisoners' nation and the prisoners the action turns (none: refused)."""
    captor, owner = _nation(state, action.captor), _nation(state, action.owner)
    if captor.id == owner.id:
        raise _No("a nation holds no prisoners of its own")
    held = [p for p in captor.prisoners if p.owner == owner.id]
    if action.planet:
        gi = galaxy_index(state.galaxy)
        planet = gi.planet_names.resolve(action.planet)
        if planet is None:
            raise _No(gi.planet_names.unknown(action.planet))
        held = [p for p in held if p.planet == planet]
        if not held:
            raise _No(f"{captor.name} holds no prisoners of {owner.name} taken on {gi.planets[planet].name}")
    if not held:
        raise _No(f"{captor.name} holds no prisoners of {owner.name}")
    return captor, owner, held


def _convert(state: CampaignState, action: ConvertPrisoners, cat: Catalogue) -> tuple[str, str]:
    """The prisoners become the captor's detachments at full Health with its current tech, on the
    planet they were taken on if the captor holds it, else on its homeworld (ruling 250)."""
    from starlanes.games.star_kingdoms.campaign import Unit, fitted_modules

    captor, owner, held = _converted(state, action)
    gi = galaxy_index(state.galaxy)
    captor.prisoners = [p for p in captor.prisoners if p not in held]
    names = {u.name.casefold() for u in captor.units}
    placed: list[str] = []
    for p in held:
        planet = p.planet if captor.colony(p.planet) is not None else captor.homeworld
        name, n = p.name, 2
        while name.casefold() in names:
            name, n = f"{p.name} ({n})", n + 1
        names.add(name.casefold())
        cls = cat.classes[p.class_id]
        captor.units.append(Unit(id=f"{captor.id}-u{captor.next_unit}", name=name, unit=cls.unit,
                                 class_id=p.class_id, level=p.level,
                                 modules=fitted_modules(cat, captor.tech, p.class_id, ()),
                                 system=gi.planet_system[planet], planet=planet, built=state.turn))
        captor.next_unit += 1
        placed.append(f"{name} on {gi.planets[planet].name}")
    _tell(state, captor, f"{len(held)} prisoner(s) of {owner.name} now fight for you: {', '.join(placed)}")
    _tell(state, owner, f"{len(held)} of your troops held by {captor.name} were turned to fight for it")
    return captor.id, f"{captor.name}: {len(held)} prisoner(s) of {owner.name} converted"


def gm_why_not(state: CampaignState, action: Action, catalogue: Catalogue | None = None) -> str | None:
    """Why the GM cannot take ``action`` now, or None."""
    try:
        _check(state, action, catalogue or load_catalogue())
    except _No as no:
        return str(no)
    return None


def _analyse_project(state: CampaignState, item: GMItem) -> tuple[Faction, str] | None:
    try:
        f = state.faction(item.faction)
    except KeyError:
        return None
    colony = f.colony(item.planet)
    if colony is None:
        return None
    project = colony.projects.get("academic")
    if project is None or project.kind != "analyse" or project.detail.get("gm_item") != item.id:
        return None
    return f, colony.planet


def _tell(state: CampaignState, faction: Faction, text: str) -> None:
    state.gm_notes.setdefault(faction.id, []).append(text)
    state.log.append(f"turn {state.turn}: GM to {faction.name}: {text}")


def apply_gm(state: CampaignState, action: Action, catalogue: Catalogue | None = None) -> tuple[str, str]:
    """Carry out a checked GM action. Returns (nation id or '', what happened in words)."""
    cat = catalogue or load_catalogue()
    if isinstance(action, Approve | SendBack):
        f = _nation(state, action.nation)
        decide_nation(state, f.id, approve=isinstance(action, Approve), note=action.note)
        return f.id, f"{f.name}: {'approved' if isinstance(action, Approve) else 'sent back'}"
    if isinstance(action, SetTrait):
        f = _nation(state, action.nation)
        i = next(i for i, t in enumerate(f.traits) if t.name.casefold() == action.trait.casefold())
        hooks = TraitHooks(no_rush=action.no_rush, no_rush_homeworld_only=not action.anywhere,
                           cost_percent=_pairs(action.cost, "cost", 0, 1000),
                           auto_rush=_pairs(action.auto_rush, "auto_rush", 0, 99), er_bonus=action.er_bonus,
                           op_power=_op_power(action.op_power))
        f.traits[i] = msgspec.structs.replace(f.traits[i], hooks=hooks)
        _tell(state, f, f"the trait {f.traits[i].name} now works as: {_describe_hooks(hooks)}")
        return f.id, f"{f.name}: trait {f.traits[i].name} set"
    if isinstance(action, SetAnalyseLevel):
        item = _item(state, action.item)
        found = _analyse_project(state, item)
        assert found is not None
        f, planet = found
        colony = f.colony(planet)
        assert colony is not None
        project = colony.projects["academic"]
        percent = 100
        for h in f.hooks():
            percent = percent * h.cost_percent.get("analyse", 100) // 100
        cost = round_ratio(project_cost(action.level, state.params) * percent, 100, state.params)
        colony.projects["academic"] = msgspec.structs.replace(
            project, level=action.level, target=project_target(action.level), detail={**project.detail, "due": cost})
        item.decided, item.answer = True, f"level {action.level}"
        _tell(state, f, f"Analyse '{project.detail.get('subject', '')}' on {planet_name(state, planet)}: level "
                        f"{action.level}, target {project_target(action.level)}; {cost} credits are paid at the start "
                        "of the next turn")
        return f.id, f"item {item.id}: level {action.level}"
    if isinstance(action, Answer):
        item = _item(state, action.item)
        item.decided, item.answer = True, action.reply
        f = state.faction(item.faction)
        if item.kind == "consent" and _yes_no(action.reply):
            orgs = state.organisations
            state.organisations = msgspec.structs.replace(orgs, world=grant_consent(orgs.world, Consent(
                host="npc", guest=f.id, location=item.planet, turn=state.turn)))
        _tell(state, f, f"{item.subject.split(':')[0]}: {action.reply}")
        return f.id, f"item {item.id} answered"
    if isinstance(action, Permit):
        f = _nation(state, action.nation)
        subject = action.subject if action.subject in cat.projects else _tech(cat, action.subject)
        f.permissions.append(Permission(subject=subject, level=action.level, turn=state.turn))
        for item in state.gm_queue:
            if item.faction == f.id and item.kind == "permission" and not item.decided:
                item.decided, item.answer = True, f"permitted {subject} up to level {action.level}"
        shown = cat.projects[subject].name if subject in cat.projects else cat.tech(subject).name
        _tell(state, f, f"the GM permits {shown} up to level {action.level}")
        return f.id, f"{f.name}: {shown} permitted to level {action.level}"
    if isinstance(action, Meet):
        a, b = _nation(state, action.nation), _nation(state, action.other)
        for x, y in ((a, b), (b, a)):
            if y.id not in x.known_factions:
                x.known_factions.append(y.id)
            k = state.knowledge.get(x.id)
            if k is not None:
                state.knowledge[x.id] = meet_faction(k, y.id, y.name, state.turn)
            _tell(state, x, f"you have made contact with {y.name}")
        return a.id, f"{a.name} and {b.name} know each other"
    if isinstance(action, Credits):
        f = _nation(state, action.nation)
        f.credits += action.amount
        _tell(state, f, f"the GM {'adds' if action.amount >= 0 else 'takes'} {abs(action.amount)} credits: "
                        f"{action.reason}")
        return f.id, f"{f.name}: {action.amount:+d} credits"
    if isinstance(action, Science):
        f = _nation(state, action.nation)
        field = next(x for x in FIELDS if x == action.field)
        f.tech = msgspec.structs.replace(f.tech, sp=f.tech.sp.add(field, action.amount))
        _tell(state, f, f"the GM {'awards' if action.amount >= 0 else 'takes'} {abs(action.amount)} {field} "
                        f"science points: {action.reason}")
        return f.id, f"{f.name}: {action.amount:+d} {field} science points"
    if isinstance(action, SetDistrict):
        f = _nation(state, action.nation)
        colony = f.colony(_planet(state, f, action.planet))
        assert colony is not None
        colony.districts = msgspec.structs.replace(colony.districts, **{action.district: action.level})
        why = f" ({action.reason})" if action.reason else ""
        _tell(state, f, f"{planet_name(state, colony.planet)}: {action.district} district set to level "
                        f"{action.level}{why}")
        return f.id, f"{f.name}: district set"
    if isinstance(action, GrantTech):
        f = _nation(state, action.nation)
        tech = cat.tech(_tech(cat, action.tech))
        f.tech = gain(cat, f.tech, tech.id, action.design)
        level = f" {f.tech.level(tech.id)}" if tech.kind == "core" else ""
        _tell(state, f, f"the GM grants {tech.name}{level}")
        return f.id, f"{f.name}: {tech.name}{level}"
    if isinstance(action, SetProgress):
        f = _nation(state, action.nation)
        colony = f.colony(_planet(state, f, action.planet))
        assert colony is not None
        colony.projects[action.slot] = msgspec.structs.replace(colony.projects[action.slot], progress=action.value)
        _tell(state, f, f"{planet_name(state, colony.planet)}: the {action.slot} project's progress is set to "
                        f"{action.value}")
        return f.id, f"{f.name}: progress set"
    if isinstance(action, Devastation):
        f = _nation(state, action.nation)
        colony = f.colony(_planet(state, f, action.planet))
        assert colony is not None
        colony.devastation = action.value
        _tell(state, f, f"{planet_name(state, colony.planet)}: Devastation is now {action.value}")
        return f.id, f"{f.name}: Devastation set"
    if isinstance(action, SetYield):
        text = _set_yield(state, action)
        state.log.append(f"turn {state.turn}: GM: {text}")
        return "", text
    if isinstance(action, ConvertPrisoners):
        return _convert(state, action, cat)
    assert isinstance(action, Note)
    f = _nation(state, action.nation)
    _tell(state, f, action.message)
    return f.id, f"{f.name}: note"


def _describe_hooks(hooks: TraitHooks) -> str:
    parts = []
    if hooks.no_rush:
        where = " on the homeworld" if hooks.no_rush_homeworld_only else ""
        parts.append(f"cannot rush {', '.join(hooks.no_rush)}{where}")
    parts += [f"{k} costs {v}%" for k, v in hooks.cost_percent.items()]
    parts += [f"{k} gets {v} free rush(es) a turn" for k, v in hooks.auto_rush.items()]
    if hooks.er_bonus:
        parts.append(f"{hooks.er_bonus:+d} Economy Rating")
    parts += [f"{k} operations with Power {v:+d}" for k, v in hooks.op_power.items()]
    return "; ".join(parts) or "no mechanical effect"


class QueueLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the GM queue."""

    item: int
    """GM item number (0: not an item, e.g. orders not submitted)."""
    nation: str
    kind: str
    text: str
    blocking: bool = False


def gm_queue(state: CampaignState, submitted: tuple[int, ...] = ()) -> list[QueueLine]:
    """What awaits the GM this turn: open items, then nations whose orders are not in yet."""
    out = [QueueLine(item=i.id, nation=i.faction, kind=i.kind, text=i.subject, blocking=i.blocking)
           for i in state.gm_queue if not i.decided]
    for seat, f in enumerate(state.factions):
        if f.approved and seat not in submitted:
            out.append(QueueLine(item=0, nation=f.id, kind="orders",
                                 text=f"{f.name} has not submitted orders for turn {state.turn} (close the turn "
                                      "anyway: its projects go on, S1.4)"))
    return out

