"""Part 2's sections of the feedback sheet: movements, battles, planets under attack, foreign units
seen (inventory 1.6 part 2 outputs, COMB outputs, VIS-01, VIS-07).

Every line comes from the faction's own turn report (:mod:`..report`), which the pipeline filled
only with what that faction did or could see (``movement.py``, ``engagement.py``,
``warfare.py``): own units by name, foreign units by their public class name (Amb#95).
Importing this module registers the sections (``sheets/__init__`` does).
"""

from __future__ import annotations

from starlanes.games.star_kingdoms.report import CombatReport, CombatSide
from starlanes.games.star_kingdoms.sheets.model import Section, SheetContext, Table, register_section

__all__ = ["attacks_section", "combats_section", "movements_section", "sightings_section"]


def movements_section(ctx: SheetContext) -> Section | None:
    r = ctx.report
    if r is None or not r.movements:
        return None
    rows = tuple((m.unit, m.origin, m.destination, "arrived" if m.moved else "did not move", m.reason)
                 for m in r.movements)
    return Section("movements", "Fleet movements", (),
                   (Table(("Unit", "From", "To", "Result", "Notes"), rows),))


def _side_rows(side: CombatSide) -> tuple[tuple[str, ...], ...]:
    rows = [(u.label, str(u.level), u.fate + (f" ({u.where})" if u.where else ""), str(u.damage) if u.damage else "")
            for u in side.units]
    if side.militia:
        rows.append(("Militia", "1", f"{side.militia_left} of {side.militia} standing", ""))
    return tuple(rows)


def _battle_tables(n: int, c: CombatReport) -> list[Table]:
    where = f"{c.planet} ({c.system})" if c.planet else c.system
    out = []
    for s in (c.own_side, 1 - c.own_side):  # your side first
        side = c.sides[s]
        who = "your side" if s == c.own_side else "the enemy"
        out.append(Table(("Unit", "Level", "Fate", "Damage taken"), _side_rows(side), numeric=frozenset({1, 3}),
                         caption=f"Battle {n}, {c.kind}, {where}: {', '.join(side.factions)} ({who})"))
    return out


def combats_section(ctx: SheetContext) -> Section | None:
    r = ctx.report
    if r is None or not r.combats:
        return None
    paras = []
    tables: list[Table] = []
    for n, c in enumerate(r.combats, start=1):
        where = f"{c.planet} ({c.system})" if c.planet else c.system
        paras.append(f"Battle {n} ({c.kind}, {where}): {c.outcome}.")
        tables.extend(_battle_tables(n, c))
    return Section("combats", "Combat reports", tuple(paras), tuple(tables))


def attacks_section(ctx: SheetContext) -> Section | None:
    r = ctx.report
    if r is None or not r.attacks:
        return None
    rows = tuple((a.planet, a.text) for a in r.attacks)
    return Section("attacks", "Blockades, bombardment and invasions", (), (Table(("Planet", "What happened"), rows),))


def sightings_section(ctx: SheetContext) -> Section | None:
    r = ctx.report
    if r is None or not r.sightings:
        return None
    rows = tuple((s.system, s.place, s.owner, s.label, str(s.level), str(s.count)) for s in r.sightings)
    return Section("sightings", "Foreign units seen", (
        "What your ships in space, your planets and your troops on the ground could see at the end of the "
        "turn's fighting (VIS-01).",), (Table(("System", "Where", "Nation", "Class", "Level", "Count"), rows,
                                               numeric=frozenset({4, 5})),))


def _register() -> None:
    from starlanes.games.star_kingdoms.sheets.model import SECTION_BUILDERS

    if any(key == "movements" for key, _ in SECTION_BUILDERS):
        return
    register_section("movements", movements_section, after="projects")
    register_section("combats", combats_section, after="movements")
    register_section("attacks", attacks_section, after="combats")
    register_section("sightings", sightings_section, after="attacks")


_register()
