"""The "Organisations and culture" section of a nation's sheet (1.6; rules v2.6.8 S8-S10).

Its organisations (Power, offices, branches with their timers, the operation under way with its
progress at the Power it runs with, OPS-05), the branches of other nations it knows on its worlds
(hidden ones only once found, ORG-08), the consents it gives (O04) and the principles of its own
worlds (CULT-02).  Everything is named through the sheet context, so the section shows only what
the nation may know (VIS-07).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from starlanes.games.star_kingdoms.operations import OrgsState, load_operations, operation_power
from starlanes.games.star_kingdoms.orgs import Branch, Consent, branches_seen_by, outpost_capacity

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.sheets.model import Section, SheetContext

__all__ = ["organisations_section", "organisations_section_of"]



def organisations_section(ctx: SheetContext) -> Section | None:
    """The "Organisations and culture" section of a nation's sheet (1.6): its organisations (Power,
    offices, branches with their timers, the operation under way with its progress), the branches of
    other nations it knows on its worlds (hidden ones only once found, ORG-08), and the principles of
    its own worlds (CULT-02).  Reads the campaign's ``organisations`` (an :class:`OrgsState`) when it
    keeps one; shows only what the nation may know (names through the sheet context).  Register with
    ``sheets.model.register_section("organisations", organisations_section, after="science")``."""
    raw = getattr(ctx.state, "organisations", None)
    orgs = raw if isinstance(raw, OrgsState) else (msgspec.convert(raw, OrgsState) if raw else OrgsState())
    return organisations_section_of(orgs)(ctx)


def organisations_section_of(orgs: OrgsState) -> Callable[[SheetContext], Section | None]:
    """:func:`organisations_section` over a given :class:`OrgsState` (before the campaign keeps one)."""
    return lambda ctx: _organisations_section(ctx, orgs)


def _organisations_section(ctx: SheetContext, orgs: OrgsState) -> Section | None:
    from starlanes.games.star_kingdoms.sheets.model import Section, Table

    f = ctx.faction
    catalogue = load_operations()
    turn = ctx.state.turn

    def where(b: Branch) -> str:
        return ctx.planet(b.planet) if b.site == "planet" else f"outpost of {ctx.system(b.system)}"

    rows: list[tuple[str, ...]] = []
    for org in f.orgs:
        op = orgs.operations.get(org.id)
        doing = "none"
        if op is not None:
            left = max(0, op.target_number - op.progress)
            power = operation_power(f, org, catalogue.kind(op.kind))
            turns = -(-left // power) if power else 0
            kind = catalogue.kind(op.kind)
            ready = (f", ready: waits until you are Uncontested in {ctx.system(op.system)} (ruling 317)"
                     if kind.uncontested else ", ready")
            doing = (f"{kind.name} (level {op.adjusted_level}): {op.progress}/{op.target_number}"
                     + (f", about {turns} more turn(s)" if left else ready))
        rows.append((org.name, org.type.capitalize() + (f" ({org.principle})" if org.principle else ""),
                     str(org.power), ", ".join(ctx.planet(p) for p in org.offices) or "none", doing))
    tables = [Table(("Organisation", "Type", "Power", "Offices", "Operation"), tuple(rows), numeric=frozenset({2}))]
    names = {o.id: o.name for o in f.orgs}
    own = [b for b in orgs.world.branches if b.faction == f.id]
    if own:
        def status(b: Branch) -> str:
            parts = [f"suppressed until turn {b.suppressed_until}"] if b.suppressed(turn) else ["active"]
            parts += [f"shielded until turn {t}" for t in b.blocks if t >= turn]
            return "; ".join(parts)

        tables.append(Table(("Organisation", "Branch", "Where", "Status", "Id"), tuple(
            (names.get(b.org, b.org), b.kind.replace("-", " ") + (f" ({b.field})" if b.field else ""), where(b),
             status(b), b.id) for b in own), caption="Branches"))
    foreign = [b for b in branches_seen_by(orgs.world, f.id, (c.planet for c in f.colonies)) if b.faction != f.id]
    if foreign:
        tables.append(Table(("Nation", "Organisation type", "Branch", "Where", "Id"), tuple(
            (ctx.nation(b.faction), b.org_type.capitalize(), b.kind.replace("-", " "), where(b),
             # the id names its nation: shown once the nation is met (VIS-07)
             b.id if b.faction in ctx.knowledge.factions else "(meet its nation first)")
            for b in foreign), caption="Other nations' branches you know of (an operation names one by its Id)"))
    given = [c for c in orgs.world.consents if c.host == f.id]
    if given:
        def scope(c: Consent) -> str:
            if not c.location:
                return "your worlds and outposts"
            return ctx.planet(c.location) if c.location in ctx.galaxy.planets else ctx.system(c.location)

        org_names = {o.id: o.name for x in ctx.state.factions if x.id in {c.guest for c in given} for o in x.orgs}
        tables.append(Table(("Nation", "Organisation", "Kind of branch", "Where", "Since"), tuple(
            (ctx.nation(c.guest), org_names.get(c.org, "any"), c.kind.replace("-", " ") if c.kind else "any", scope(c),
             f"turn {c.turn}") for c in given), caption="Consents you give (O04, until revoked)"))
    outposts = [o for o in orgs.world.outposts if o.owner == f.id]
    if outposts:
        room = f.tech.level("offworld-construction")
        tables.append(Table(("System", "Branches (not hidden)", "Room (Offworld Construction)", "Since"), tuple(
            (ctx.system(o.system), str(outpost_capacity(orgs.world, o.system)), str(room), f"turn {o.founded}")
            for o in outposts), numeric=frozenset({1, 2}), caption="Your outposts (S8.3, ORG-10)"))
    tables.append(Table(("Planet", "Social principles (adherence)"), tuple(
        (ctx.planet(c.planet), ", ".join(f"{k} {v}" for k, v in sorted(c.principles.items(), key=lambda kv: -kv[1]))
         or "none") for c in f.colonies), caption="Principles of your worlds"))
    return Section("organisations", "Organisations and culture", (), tuple(tables))
