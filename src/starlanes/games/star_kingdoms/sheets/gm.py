"""The GM's sheet: every nation at a glance after a turn, with what awaits a GM decision.

Unlike a nation's sheet it reads the whole campaign (the GM sees everything, 1.5): for each
nation its player, approval, whether it sent orders, credits, ER and income, planets, projects
completed, technologies gained and order lines refused; then the open GM queue, the turn's
battles and attacks on planets (part 2), and the log of the GM's decisions.  Rendered by the
same Markdown and HTML renderers as a nation's sheet.
"""

from __future__ import annotations

from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.sheets.model import Section, Sheet, Table, report_of

__all__ = ["GM_SHEET_ID", "build_gm_sheet"]

GM_SHEET_ID = "_gm"
"""The file stem of the GM's sheet (``_gm-turn-NNN.md``; no nation id starts with "_")."""


def _war_rows(state: CampaignState) -> tuple[tuple[str, ...], ...]:
    """Every battle of the last turn once (from its first side's reports), then every blockade,
    bombardment, landing and capture line of every nation."""
    rows: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for f in state.factions:
        r = report_of(state, f.id)
        if r is None:
            continue
        for c in r.combats:
            where = f"{c.planet} ({c.system})" if c.planet else c.system
            key = (where, c.kind, ", ".join(c.sides[0].factions), ", ".join(c.sides[1].factions), c.outcome)
            if key not in seen:
                seen.add(key)
                rows.append(key)
        for a in r.attacks:
            rows.append((a.planet, "planet", f.name, "", a.text))
    return tuple(rows)


def build_gm_sheet(state: CampaignState, *, log_lines: int = 40) -> Sheet:
    """The GM's overview of the last processed turn (``log_lines``: the latest log entries shown)."""
    rows: list[tuple[str, ...]] = []
    cat = load_catalogue()
    turn = state.turn - 1
    for f in state.factions:
        r = report_of(state, f.id)
        if r is None:
            rows.append((f.name, f.player, "yes" if f.approved else "AWAITING", "", str(f.credits), "", "",
                         str(len(f.colonies)), "", "", ""))
            continue
        turn = r.turn
        eco = r.economy
        done = sum(1 for p in r.projects if p.status == "completed")
        refused = sum(1 for o in r.orders if not o.accepted)
        rows.append((f.name, f.player, "yes" if f.approved else "AWAITING", "yes" if r.submitted else "NO",
                     f"{r.ledger.opening} -> {r.ledger.closing}", str(eco.er.total) if eco else "",
                     str(eco.income) if eco else "", str(len(f.colonies)), str(done),
                     ", ".join(cat.techs[g.tech].name + (f" {g.level}" if g.level else "") for g in r.techs),
                     str(refused)))
    nations = Table(("Nation", "Player", "Approved", "Orders", "Credits", "ER", "Income", "Planets",
                     "Completed", "Tech gained", "Refused lines"), tuple(rows),
                    numeric=frozenset({5, 6, 7, 8, 10}))
    names = {f.id: f.name for f in state.factions}
    open_items = tuple((str(i.id), names.get(i.faction, i.faction), i.kind, f"turn {i.turn}",
                        "yes" if i.blocking else "", i.subject) for i in state.gm_queue if not i.decided)
    sections = [Section("nations", "Nations", (), (nations,))]
    if open_items:
        sections.append(Section("queue", "Awaiting your decision", (), (
            Table(("#", "Nation", "Kind", "Raised", "Blocking", "What"), open_items, numeric=frozenset({0})),)))
    else:
        sections.append(Section("queue", "Awaiting your decision", ("Nothing.",)))
    war = _war_rows(state)
    if war:
        sections.append(Section("war", "War this turn (part 2)", (), (
            Table(("Where", "Kind", "Side 1", "Side 2", "Outcome"), war),)))
    if state.log:
        sections.append(Section("log", "Log", (), (
            Table(("Entry",), tuple((line,) for line in state.log[-log_lines:]),
                  caption=f"the latest {min(log_lines, len(state.log))} of {len(state.log)}"),)))
    received = sum(1 for f in state.factions if (r := report_of(state, f.id)) is not None and r.submitted)
    summary = (("Nations", str(len(state.factions))),
               ("Orders received", str(received)),
               ("Open GM items", str(len(open_items))),
               ("Next turn", f"{state.turn} of {state.params.turns}"))
    return Sheet(faction=GM_SHEET_ID, nation="Game master", player="", turn=turn, summary=summary,
                 sections=tuple(sections))
