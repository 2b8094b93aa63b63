"""The feedback sheet as data: one faction, one turn, built ONLY from what that faction may know.

:func:`build_sheet` reads three things and nothing else:

1. the faction's own record in the campaign (``state.faction(id)``: its colonies, projects,
   tech, credits, organisations, units, traits, GM queue items about it);
2. its turn report (``state.reports[id]``, a :class:`~..report.FactionReport`);
3. its knowledge (:func:`~..knowledge.knowledge_for`): everything foreign it shows (systems,
   wormholes, planets it does not own, other nations) comes from there, never from another
   faction's record or from the galaxy directly (VIS-07, Amb#95).

A :class:`Sheet` is a header, a summary and a list of :class:`Section` (paragraphs and
:class:`Table`), all plain text cells; :mod:`.markdown` and :mod:`.html` render the same model,
escaping every cell, so a player-written name can never change the layout.

Sections come from :data:`SECTION_BUILDERS`, an ordered list of functions of a
:class:`SheetContext`; parts 2 and 3 add theirs (movements, surveys, combat reports, foreign
units seen, recon reports, operations...) with :func:`register_section` at a named position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import msgspec

from starlanes.core.errors import UnknownName
from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, TraitHooks
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, FIELDS, Catalogue, load_catalogue
from starlanes.games.star_kingdoms.economy import PEBreakdown
from starlanes.games.star_kingdoms.execute import effective_pc_of, galaxy_index, project_label
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex
from starlanes.games.star_kingdoms.knowledge import Knowledge, knowledge_for
from starlanes.games.star_kingdoms.report import FactionReport, LedgerEntry

__all__ = [
    "SECTION_BUILDERS",
    "Section",
    "Sheet",
    "SheetContext",
    "Table",
    "build_sheet",
    "register_section",
    "report_of",
]


@dataclass(frozen=True)
class Table:
    """A table of text cells; ``numeric`` marks right-aligned columns."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    numeric: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Section:
    """A titled part of the sheet: paragraphs, then tables (a sub-heading each when captioned)."""

    key: str
    """Stable id (``planets``, ``credits``...): the HTML anchor and what parts 2/3 position by."""
    title: str
    paragraphs: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Sheet:
    faction: str
    nation: str
    player: str
    turn: int
    summary: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]


@dataclass
class SheetContext:
    """What a section builder may read: the faction's own record, report and knowledge."""

    state: CampaignState
    faction: Faction
    report: FactionReport | None
    knowledge: Knowledge
    catalogue: Catalogue
    galaxy: GalaxyIndex
    _planet_names: dict[str, str] = field(default_factory=dict)

    def planet(self, planet_id: str) -> str:
        """A planet's name as this faction knows it (own or known planets only)."""
        if not self._planet_names:
            self._planet_names = {p.id: p.name for p in self.knowledge.planets.values()}
            for colony in self.faction.colonies:
                self._planet_names[colony.planet] = self.galaxy.planets[colony.planet].name
        return self._planet_names.get(planet_id, "an unknown planet")

    def system(self, system_id: str) -> str:
        known = self.knowledge.systems.get(system_id)
        return known.name if known else "an unknown system"

    def nation(self, faction_id: str) -> str:
        """Another nation's name if this faction has met it."""
        if faction_id == self.faction.id:
            return self.faction.name
        met = self.knowledge.factions.get(faction_id)
        return met.name if met else "an unknown nation"

    def tech(self, tech_id: str) -> str:
        tech = self.catalogue.techs.get(tech_id)
        return tech.name if tech else tech_id

    def project(self, kind: str) -> str:
        pk = self.catalogue.projects.get(kind)
        return pk.name if pk else kind

    def unit_class(self, class_id: str) -> str:
        cls = self.catalogue.classes.get(class_id)
        return cls.name if cls else class_id


SectionBuilder = Callable[[SheetContext], Section | None]


def report_of(state: CampaignState, faction_id: str) -> FactionReport | None:
    """The faction's last turn report from the campaign (None before the first processed turn)."""
    raw = state.reports.get(faction_id)
    if raw is None:
        return None
    if isinstance(raw, FactionReport):
        return raw
    return msgspec.convert(raw, FactionReport)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- sections -------------------------------------------------------------------------------------


def _gm(ctx: SheetContext) -> Section | None:
    paras: list[str] = []
    rows: list[tuple[str, ...]] = []
    if ctx.report is not None:
        paras += [f"{n.topic}: {n.text}" if n.topic else n.text for n in ctx.report.gm_notes]
        rows += [(n.text, n.rule) for n in ctx.report.notices]
    waiting = [i for i in ctx.state.gm_queue if i.faction == ctx.faction.id and not i.decided]
    tables = []
    if rows:
        tables.append(Table(("Notice", "Rule"), tuple(rows), caption="From the engine"))
    if waiting:
        tables.append(Table(("#", "Raised", "Awaiting the GM"),
                            tuple((str(i.id), f"turn {i.turn}", i.subject) for i in waiting),
                            caption="Awaiting a GM decision", numeric=frozenset({0})))
    if not ctx.faction.approved:
        paras.insert(0, "Your nation awaits the GM's approval: it gives no orders until approved (S18).")
    if not paras and not tables:
        return None
    return Section("gm", "From the GM", tuple(paras), tuple(tables))


def _orders(ctx: SheetContext) -> Section | None:
    if ctx.report is None:
        return None
    if not ctx.report.submitted:
        return Section("orders", "Orders", ("None received this turn.",))
    if not ctx.report.orders:
        return Section("orders", "Orders", ("Your orders held no order lines.",))
    rows = tuple((str(o.line), o.text, "accepted" if o.accepted else "REFUSED", o.reason) for o in ctx.report.orders)
    refused = sum(1 for o in ctx.report.orders if not o.accepted)
    note = f"{len(rows) - refused} accepted, {refused} refused."
    return Section("orders", "Orders", (note,), (Table(("Line", "Order", "Result", "Note"), rows,
                                                      numeric=frozenset({0})),))


def _pe_cells(pe: PEBreakdown) -> tuple[str, ...]:
    return (str(pe.districts), str(pe.minerals), str(pe.trade_offices + pe.trade_branches),
            _signed(-pe.devastation) if pe.devastation else "0",
            _signed(-pe.blockade_loss) if pe.blockade_loss else "0", str(pe.total))


def _planets(ctx: SheetContext) -> Section:
    pe_by_planet = {}
    if ctx.report is not None and ctx.report.economy is not None:
        pe_by_planet = {line.planet: line.pe for line in ctx.report.economy.planets}
    orgs = {o.id: o.name for o in ctx.faction.orgs}
    tables: list[Table] = []
    for colony in ctx.faction.colonies:
        planet = ctx.galaxy.planets[colony.planet]
        known = ctx.knowledge.planets.get(colony.planet)
        biosphere = (known.biosphere if known and known.biosphere else planet.biosphere)
        mr = known.mineral_rating if known and known.mineral_rating is not None else planet.mineral_rating
        home = " (homeworld)" if colony.planet == ctx.faction.homeworld else ""
        rows: list[tuple[str, ...]] = []
        for d in DISTRICTS:
            project = colony.projects.get(d)
            if project is None:
                slot = "-"
                progress = ""
            else:
                slot = project_label(ctx.state, ctx.faction, project, ctx.catalogue)
                if project.rushes:
                    slot += f" (rushed x{project.rushes})"
                progress = f"{project.progress}/{project.target}"
            rows.append((d.capitalize(), str(colony.districts.level(d)), slot, progress))
        caption = (f"{planet.name}{home} - {ctx.system(ctx.galaxy.planet_system[colony.planet])} system, "
                   f"{biosphere}, Mineral Rating {mr}")
        tables.append(Table(("District", "Level", "Project in slot", "Progress"), tuple(rows), caption=caption,
                            numeric=frozenset({1})))
        facts: list[tuple[str, ...]] = []
        pe = pe_by_planet.get(colony.planet)
        if pe is not None:
            facts.append(("Planetary Economy",
                          f"{pe.total} = districts {pe.districts} + minerals {pe.minerals} + trade "
                          f"{pe.trade_offices + pe.trade_branches} - devastation {pe.devastation} "
                          f"- blockade {pe.blockade_loss}"))
        pc = effective_pc_of(ctx.state, ctx.faction, colony)
        facts.append(("Effective Planetary Construction",
                      f"{pc} (districts up to level {pc}, up to {max(pc, 0)} offices)"))
        if colony.devastation or colony.blockade:
            facts.append(("Devastation / Blockade", f"{colony.devastation} / {colony.blockade}"))
        extras = [name for flag, name in ((colony.shield, "Planetary Shield"),
                                          (colony.orbital_yard, "Orbital Repair Yard")) if flag]
        if extras:
            facts.append(("Installations", ", ".join(extras)))
        offices = [orgs.get(o, o) for o in colony.offices]
        facts.append(("Offices", ", ".join(offices) if offices else "none"))
        principles = sorted(colony.principles.items(), key=lambda kv: (-kv[1], kv[0]))
        facts.append(("Principles", ", ".join(f"{p} {a}" for p, a in principles) if principles else "none"))
        if known and known.traits:
            facts.append(("Planet traits", "; ".join(known.traits)))
        tables.append(Table(("", ""), tuple(facts)))
    n = len(ctx.faction.colonies)
    return Section("planets", "Planets", (f"{n} planet{'s' if n != 1 else ''}.",), tuple(tables))


def _economy(ctx: SheetContext) -> Section | None:
    if ctx.report is None or ctx.report.economy is None:
        return None
    eco = ctx.report.economy
    rows = tuple((ctx.planet(line.planet), *_pe_cells(line.pe)) for line in eco.planets)
    pe_table = Table(("Planet", "Districts", "Minerals", "Trade", "Devastation", "Blockade", "PE"), rows,
                     caption="Planetary Economy (PE) by planet", numeric=frozenset(range(1, 7)))
    er = eco.er
    er_rows = [("Planetary Economy", str(er.planets))]
    for label, value in (("Trade branches abroad", er.trade_branches), ("Outpost trade", er.outposts),
                         ("Asteroid mining", er.mining), ("Strip mines", er.strip_mines), ("Other", er.other)):
        if value:
            er_rows.append((label, _signed(value)))
    if er.logistics_deficit:
        er_rows.append(("Logistics deficit", _signed(-er.logistics_deficit)))
    er_rows.append(("Economy Rating", str(er.total)))
    er_rows.append(("Income (credits)", str(eco.income)))
    tables = [pe_table, Table(("Economy Rating", ""), tuple(er_rows), caption="Economy Rating (ER)",
                              numeric=frozenset({1}))]
    if eco.logistics is not None:
        lg = eco.logistics
        tables.append(Table(("Pool", "Used", "Capacity"),
                            (("Fleet (FLP)", str(lg.flp_used), str(lg.flp_capacity)),
                             ("Army (ALP)", str(lg.alp_used), str(lg.alp_capacity))),
                            caption=f"Logistics (deficit {lg.deficit})", numeric=frozenset({1, 2})))
    return Section("economy", "Economy", (), tuple(tables))


_KIND_LABEL = {"spend": "Spent", "refund": "Refund", "income": "Income", "transfer-in": "Received",
               "transfer-out": "Sent", "gm": "GM"}


def _ledger_row(e: LedgerEntry) -> tuple[str, ...]:
    return (_KIND_LABEL[e.kind], e.label, str(e.line) if e.line else "", _signed(e.signed))


def _credits(ctx: SheetContext) -> Section:
    if ctx.report is None:
        return Section("credits", "Credits", (f"Treasury: {ctx.faction.credits} credits.",))
    ledger = ctx.report.ledger
    rows: list[tuple[str, ...]] = [("Opening", "", "", str(ledger.opening))]
    rows += [_ledger_row(e) for e in ledger.entries]
    rows.append(("Closing", "", "", str(ledger.closing)))
    totals = (f"Spent {ledger.total('spend')}, refunds {ledger.total('refund')}, income {ledger.total('income')}, "
              f"transfers {ledger.total('transfer-in') - ledger.total('transfer-out'):+d}.")
    return Section("credits", "Credits", (totals,),
                   (Table(("Entry", "For", "Order line", "Credits"), tuple(rows), numeric=frozenset({2, 3})),))


def _projects(ctx: SheetContext) -> Section | None:
    if ctx.report is None or not ctx.report.projects:
        return None
    rows = []
    for p in ctx.report.projects:
        rush = f" (+{p.rushes} rushed)" if p.rushes else ""
        result = p.result + (f" (refund {p.refund})" if p.refund else "")
        rows.append((ctx.planet(p.planet), p.district.capitalize(), p.label, str(p.level),
                     f"{p.progress_before} -> {p.progress}/{p.target}{rush}", p.status, result))
    done = sum(1 for p in ctx.report.projects if p.status == "completed")
    return Section("projects", "Projects", (f"{len(rows)} project(s), {done} completed this turn.",),
                   (Table(("Planet", "Slot", "Project", "Level", "Progress", "Status", "Result"), tuple(rows),
                          numeric=frozenset({3})),))


def _technology(ctx: SheetContext) -> Section:
    paras: list[str] = []
    tables: list[Table] = []
    if ctx.report is not None and ctx.report.techs:
        rows = []
        for g in ctx.report.techs:
            what = ctx.tech(g.tech) + (f" {g.level}" if g.level else "")
            if g.design_class:
                what += f" ({ctx.unit_class(g.design_class)})"
            rows.append((what, g.how))
        tables.append(Table(("Gained this turn", "How"), tuple(rows)))
    else:
        paras.append("No technology gained this turn.")
    tech = ctx.faction.tech
    cores = tuple((t.name, str(tech.level(t.id))) for t in ctx.catalogue.core_techs())
    tables.append(Table(("Core technology", "Level"), cores, caption="Core technologies",
                        numeric=frozenset({1})))
    supplementals = sorted(ctx.tech(t) for t in tech.known)
    designs = sorted(ctx.unit_class(c) for c in tech.designs)
    paras.append("Supplemental technologies: " + (", ".join(supplementals) if supplementals else "none") + ".")
    if designs:
        paras.append("Advanced classes unlocked: " + ", ".join(designs) + ".")
    return Section("technology", "Technology", tuple(paras), tuple(tables))


def _science(ctx: SheetContext) -> Section:
    now = ctx.faction.tech.sp
    if ctx.report is None:
        rows = tuple((f.capitalize(), "", "", str(now.get(f))) for f in FIELDS)
        return Section("science", "Science points", (),
                       (Table(("Field", "Opening", "Change", "Closing"), rows, numeric=frozenset({1, 2, 3})),))
    sci = ctx.report.science
    rows = tuple((f.capitalize(), str(sci.opening.get(f)),
                  _signed(sum(c.amount for c in sci.changes if c.field == f)), str(sci.closing.get(f)))
                 for f in FIELDS)
    tables = [Table(("Field", "Opening", "Change", "Closing"), rows, numeric=frozenset({1, 2, 3}))]
    if sci.changes:
        tables.append(Table(("Field", "Points", "Why"),
                            tuple((c.field.capitalize(), _signed(c.amount), c.label) for c in sci.changes),
                            caption="Changes", numeric=frozenset({1})))
    return Section("science", "Science points", (), tuple(tables))


def _hooks(ctx: SheetContext, hooks: TraitHooks) -> str:
    """A trait's mechanics as the GM set them (ruling 65), in words."""
    parts: list[str] = []
    if hooks.no_rush:
        where = " on the homeworld" if hooks.no_rush_homeworld_only else ""
        parts.append("no rushing " + ", ".join(ctx.project(k) if k in ctx.catalogue.projects else k
                                               for k in hooks.no_rush) + where)
    parts += [f"{ctx.project(k)} costs {pct}%" for k, pct in sorted(hooks.cost_percent.items())]
    parts += [f"{ctx.project(k)} rushed {n} time(s) a turn free" for k, n in sorted(hooks.auto_rush.items())]
    if hooks.er_bonus:
        parts.append(f"Economy Rating {_signed(hooks.er_bonus)}")
    parts += [f"Power {_signed(n)} for {k.replace('-', ' ')} operations" for k, n in sorted(hooks.op_power.items())]
    return "; ".join(parts) if parts else "not set by the GM yet"


def _nation(ctx: SheetContext) -> Section:
    f = ctx.faction
    traits = tuple((t.name, t.category, "yes" if t.drawback else "", t.text, _hooks(ctx, t.hooks))
                   for t in f.traits)
    tables = []
    if traits:
        tables.append(Table(("Trait", "Category", "Drawback", "What it means", "In the rules"), traits,
                            caption="Traits"))
    if f.orgs:
        tables.append(Table(("Organisation", "Type", "Power", "Offices"),
                            tuple((o.name, o.type + (f" ({o.principle})" if o.principle else ""), str(o.power),
                                   ", ".join(ctx.planet(p) for p in o.offices)) for o in f.orgs),
                            caption="Organisations", numeric=frozenset({2})))
    if f.units:
        rows = []
        for u in f.units:
            where = ctx.system(u.system) + (f", {ctx.planet(u.planet)}" if u.planet else "")
            rows.append((u.name, u.unit, ctx.unit_class(u.class_id), str(u.level), where,
                         f"-{u.damage}" if u.damage else "full"))
        tables.append(Table(("Unit", "Type", "Class", "Level", "Where", "Condition"), tuple(rows),
                            caption="Units", numeric=frozenset({3})))
    stances = [f"{ctx.nation(other)}: {stance}" for other, stance in sorted(f.relationships.items())]
    paras = (f"Native biosphere: {f.native}. Homeworld: {ctx.planet(f.homeworld)}."
             + ("" if traits else " Traits: none (a standard nation)."),
             "Relationships: " + ("; ".join(stances) if stances else "none declared")
             + f"; everyone else: {f.default_relationship}.")
    return Section("nation", "Your nation", paras, tuple(tables))


def _known_space(ctx: SheetContext) -> Section:
    k = ctx.knowledge
    own = {c.planet for c in ctx.faction.colonies}
    systems = tuple((s.name, f"turn {s.learned}", "charted only" if s.surveyed is None else
                     ", ".join(f"{kind} {turn}" for kind, turn in sorted(s.surveys.items())),
                     "" if s.nebula is None else ("nebula" if s.nebula else "-"))
                    for s in sorted(k.systems.values(), key=lambda s: s.name))
    tables = [Table(("System", "Known since", "Surveys (turn)", "Nebula"), systems, caption="Systems")]
    holes = tuple((f"{ctx.system(w.a)} - {ctx.system(w.b)}", str(w.instability), f"turn {w.learned}")
                  for w in sorted(k.wormholes.values(), key=lambda w: (ctx.system(w.a), ctx.system(w.b))))
    if holes:
        tables.append(Table(("Wormhole", "Instability", "Found"), holes, caption="Wormholes known",
                            numeric=frozenset({1})))
    planets = []
    for p in sorted(k.planets.values(), key=lambda p: (ctx.system(p.system), p.name)):
        if p.id in own:
            continue
        owner = ctx.nation(p.owner) + f" (turn {p.owner_seen})" if p.owner else ""
        planets.append((p.name, ctx.system(p.system), p.biosphere or "?",
                        "?" if p.mineral_rating is None else str(p.mineral_rating),
                        "" if p.space_age is None else ("yes" if p.space_age else "no"), owner,
                        ", ".join(f"{kind} {turn}" for kind, turn in sorted(p.surveys.items()))))
    if planets:
        tables.append(Table(("Planet", "System", "Biosphere", "MR", "Space Age", "Held by", "Surveys (turn)"),
                            tuple(planets), caption="Other planets known"))
    belts = tuple((b.name, ctx.system(b.system), "?" if b.mineral_rating is None else str(b.mineral_rating))
                  for b in sorted(k.belts.values(), key=lambda b: b.name))
    if belts:
        tables.append(Table(("Belt", "System", "MR"), belts, caption="Asteroid belts"))
    anomalies = tuple((a.name, ctx.system(a.system) + (f", {ctx.planet(a.planet)}" if a.planet else ""), a.domain,
                       a.description, a.result) for a in sorted(k.anomalies.values(), key=lambda a: a.name))
    if anomalies:
        tables.append(Table(("Anomaly", "Where", "Domain", "Seen", "Result"), anomalies, caption="Anomalies"))
    met = tuple((fa.name, f"turn {fa.met}", fa.homeworld_trait, fa.people_trait)
                for fa in sorted(k.factions.values(), key=lambda x: x.name))
    if met:
        tables.append(Table(("Nation", "Met", "Homeworld trait", "People trait"), met, caption="Nations met"))
    facts = tuple((f"turn {x.turn}", x.topic, x.text, x.source) for x in k.facts)
    if facts:
        tables.append(Table(("Learned", "About", "Intelligence", "Source"), facts, caption="Intelligence"))
    return Section("known-space", "Known space", (), tuple(tables))


SECTION_BUILDERS: list[tuple[str, SectionBuilder]] = [
    ("gm", _gm),
    ("orders", _orders),
    ("planets", _planets),
    ("economy", _economy),
    ("credits", _credits),
    ("projects", _projects),
    ("technology", _technology),
    ("science", _science),
    ("nation", _nation),
    ("known-space", _known_space),
]
"""The sheet's sections in order (key, builder); a builder returning None leaves its section out."""


def register_section(key: str, builder: SectionBuilder, *, after: str) -> None:
    """Add a section (parts 2 and 3) after the section ``after``; a key is registered once."""
    keys = [k for k, _ in SECTION_BUILDERS]
    if key in keys:
        raise ValueError(f"sheet section '{key}' is already registered")
    if after not in keys:
        raise ValueError(f"no sheet section '{after}' (sections: {', '.join(keys)})")
    SECTION_BUILDERS.insert(keys.index(after) + 1, (key, builder))


@cache
def _catalogue() -> Catalogue:
    return load_catalogue()


def _summary(ctx: SheetContext) -> tuple[tuple[str, str], ...]:
    f = ctx.faction
    rows: list[tuple[str, str]] = []
    r = ctx.report
    if r is not None:
        rows.append(("Credits", f"{r.ledger.opening} -> {r.ledger.closing}"))
        if r.economy is not None:
            rows.append(("Economy Rating / income", f"{r.economy.er.total} / {r.economy.income} credits"))
        done = [p.label for p in r.projects if p.status == "completed"]
        running = sum(len(c.projects) for c in f.colonies)
        rows.append(("Projects", f"{running} running; "
                                 + (f"completed: {', '.join(done)}" if done else "none completed")))
        if r.techs:
            rows.append(("Technology gained", ", ".join(
                ctx.tech(g.tech) + (f" {g.level}" if g.level else "") for g in r.techs)))
        refused = sum(1 for o in r.orders if not o.accepted)
        rows.append(("Orders", "none received" if not r.submitted else
                     f"{len(r.orders)} line{'s' if len(r.orders) != 1 else ''}, {refused} refused"))
    else:
        rows.append(("Credits", str(f.credits)))
    sp = f.tech.sp
    rows.append(("Science points", ", ".join(f"{fl} {sp.get(fl)}" for fl in FIELDS)))
    rows.append(("Planets", str(len(f.colonies))))
    waiting = sum(1 for i in ctx.state.gm_queue if i.faction == f.id and not i.decided)
    if waiting:
        rows.append(("Awaiting the GM", str(waiting)))
    return tuple(rows)


def build_sheet(state: CampaignState, faction_id: str, *, catalogue: Catalogue | None = None,
                builders: Sequence[tuple[str, SectionBuilder]] | None = None) -> Sheet:
    """The feedback sheet of ``faction_id`` for the last processed turn of ``state``.

    An unknown nation id raises ``UnknownName`` listing the campaign's nations."""
    try:
        faction = state.faction(faction_id)
    except KeyError:
        raise UnknownName("nation", faction_id, [f.id for f in state.factions]) from None
    gi = galaxy_index(state.galaxy)
    report = report_of(state, faction_id)
    ctx = SheetContext(state=state, faction=faction, report=report, knowledge=knowledge_for(state, faction_id, gi),
                       catalogue=catalogue or _catalogue(), galaxy=gi)
    sections = []
    for _, build in builders if builders is not None else SECTION_BUILDERS:
        section = build(ctx)
        if section is not None:
            sections.append(section)
    turn = report.turn if report is not None else state.turn - 1
    return Sheet(faction=faction.id, nation=faction.name, player=faction.player, turn=turn,
                 summary=_summary(ctx), sections=tuple(sections))
