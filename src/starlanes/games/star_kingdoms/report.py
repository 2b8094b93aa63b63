"""The turn report: what happened to ONE faction in ONE turn, as frozen records the sheet prints.

The pipeline (``pipeline.py``) fills a :class:`ReportBuilder` per faction while it runs the turn's
steps, then freezes it with :meth:`ReportBuilder.build` into a :class:`FactionReport`; the
feedback sheet (:mod:`.sheets`) renders that record, filtered by the faction's knowledge
(:mod:`.knowledge`).  Every record is a ``msgspec`` Struct, so a campaign file stores the reports
of past turns and a sheet can be rebuilt from any of them.

What a report holds (inventory 1.6, part 1):

- the order results, one per line of the orders document, accepted or refused with the reason
  (:class:`OrderResult`; MISC-04);
- the credits ledger (:class:`Ledger`): opening balance, every spending (per order and project),
  refund, income, transfer and GM adjustment in the order they happened, closing balance.  The
  builder refuses a ledger that does not add up (opening + entries = closing);
- the economy: PE breakdown per planet (:class:`PlanetEconomyLine`, from
  :func:`.economy.planet_pe`), the ER breakdown (:class:`.economy.ERBreakdown`), logistics
  (:class:`.economy.LogisticsBreakdown`) and the income (:class:`EconomyReport`);
- every project's state this turn (:class:`ProjectLine`: started, progressed, rushed, completed,
  cancelled, waiting for the GM) with its progress/target and what it produced;
- technologies gained (:class:`TechGain`) and science points per field (:class:`ScienceReport`);
- GM text addressed to the faction (:class:`GMNote`) and notices from the engine
  (:class:`Notice`, e.g. "no orders received: ongoing projects continue", S1.4).

Extension points for parts 2 and 3 (none is filled in part 1; none holds invented data):

- new sections are new *defaulted* fields of :class:`FactionReport` (``movements``,
  ``combats``, ``foreign_units``, ``recon``... each a tuple of its own record type, default
  ``()``), so campaign files written before them still load;
- each such section gets a renderer registered in :data:`.sheets.model.SECTION_BUILDERS`;
- anything foreign in a section must pass through the faction's :class:`.knowledge.Knowledge`
  before it is recorded (a recon report is dated by the turn it was learned:
  :class:`.knowledge.DatedFact`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from starlanes.games.star_kingdoms.catalogue import FIELDS, District, Field
from starlanes.games.star_kingdoms.economy import ERBreakdown, LogisticsBreakdown, PEBreakdown
from starlanes.games.star_kingdoms.tech import SciencePoints

__all__ = [
    "LEDGER_KINDS",
    "PROJECT_STATUSES",
    "AttackLine",
    "CombatReport",
    "CombatSide",
    "CombatUnit",
    "EconomyReport",
    "FactionReport",
    "GMNote",
    "Ledger",
    "LedgerEntry",
    "LedgerKind",
    "MovementLine",
    "Notice",
    "OrderResult",
    "PlanetEconomyLine",
    "ProjectLine",
    "ProjectStatus",
    "ReportBuilder",
    "ReportError",
    "SPChange",
    "ScienceReport",
    "SightingLine",
    "TechGain",
    "TurnReports",
]

LedgerKind = Literal["spend", "refund", "income", "transfer-in", "transfer-out", "gm"]
LEDGER_KINDS: tuple[LedgerKind, ...] = ("spend", "refund", "income", "transfer-in", "transfer-out", "gm")
"""Kinds of credit movement, in the order a sheet groups them."""

ProjectStatus = Literal["started", "ongoing", "completed", "cancelled", "waiting-gm", "stalled"]
PROJECT_STATUSES: tuple[ProjectStatus, ...] = ("started", "ongoing", "completed", "cancelled", "waiting-gm",
                                               "stalled")


class ReportError(ValueError):
    """A report that contradicts itself (a ledger that does not add up, a negative spending)."""


class OrderResult(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the faction's orders document and what became of it (MISC-04)."""

    line: int
    """Line number in the submitted document (1-based)."""
    text: str
    """The line as the player wrote it (comments stripped)."""
    order_id: str = ""
    """Inventory order type (``O07``...), empty when the line did not parse."""
    accepted: bool
    reason: str = ""
    """Why it was refused; for an accepted order, an optional note (e.g. "costs 200 credits")."""


class LedgerEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One movement of credits; ``amount`` is 0 or more, its sign comes from ``kind``."""

    kind: LedgerKind
    amount: int
    label: str
    """What it was for, as the player reads it ("Construct District (Industrial 3) on Mars")."""
    line: int = 0
    """The order line that caused it (0: none, e.g. income)."""

    @property
    def signed(self) -> int:
        """The change to the balance (spendings and transfers out negative)."""
        return -self.amount if self.kind in ("spend", "transfer-out") else self.amount


class Ledger(msgspec.Struct, frozen=True, kw_only=True):
    """The credits of the turn: opening, every movement in order, closing (1.6; Amb#3)."""

    opening: int
    entries: tuple[LedgerEntry, ...] = ()
    closing: int

    def total(self, kind: LedgerKind) -> int:
        return sum(e.amount for e in self.entries if e.kind == kind)

    def of(self, kind: LedgerKind) -> tuple[LedgerEntry, ...]:
        return tuple(e for e in self.entries if e.kind == kind)


class PlanetEconomyLine(msgspec.Struct, frozen=True, kw_only=True):
    """A planet's Planetary Economy this turn (ECO-01..03, ECO-06..08)."""

    planet: str
    """Planet id (the sheet prints its name from the galaxy)."""
    pe: PEBreakdown
    devastation: int = 0
    blockade: int = 0


class EconomyReport(msgspec.Struct, frozen=True, kw_only=True):
    """Step 2 of the turn: PE per planet, ER, logistics and the income it gave (ECO-04, ECO-05)."""

    planets: tuple[PlanetEconomyLine, ...]
    er: ERBreakdown
    logistics: LogisticsBreakdown | None = None
    income: int


class ProjectLine(msgspec.Struct, frozen=True, kw_only=True):
    """One project in one district slot this turn (PROJ-01..08)."""

    planet: str
    district: District
    kind: str
    """Project kind id (``construct-district``...)."""
    label: str
    """What it makes, as the player reads it ("Industrial district level 3", "Sensors 2")."""
    level: int
    target: int
    progress_before: int
    progress: int
    """Progress after step 7 (equal to ``progress_before`` for a cancelled project)."""
    rushes: int = 0
    status: ProjectStatus
    result: str = ""
    """What completion produced, or why it waits ("waiting for the GM: Analyse result")."""
    refund: int = 0

    @property
    def gained(self) -> int:
        return self.progress - self.progress_before


class TechGain(msgspec.Struct, frozen=True, kw_only=True):
    """A technology (or a level of one) gained this turn (TECH-01..07)."""

    tech: str
    """Tech id."""
    level: int = 0
    """The core tech's new level (0 for a supplemental or a design)."""
    how: Literal["project", "breakthrough", "gm", "shared"]
    design_class: str = ""
    """For Ship/Detachment Design: the class unlocked."""


class SPChange(msgspec.Struct, frozen=True, kw_only=True):
    """Science points gained (positive) or spent (negative) in one field, and why (TECH-04, TECH-05)."""

    field: Field
    amount: int
    label: str


class ScienceReport(msgspec.Struct, frozen=True, kw_only=True):
    opening: SciencePoints
    changes: tuple[SPChange, ...] = ()
    closing: SciencePoints


class GMNote(msgspec.Struct, frozen=True, kw_only=True):
    """Text the GM addressed to this faction this turn (GM decisions, narrative events)."""

    text: str
    topic: str = ""
    """What it answers ("Analyse on Mars", "L6 permission"...), empty for free narrative."""


class Notice(msgspec.Struct, frozen=True, kw_only=True):
    """A message from the engine (missed turn, a project waiting for the GM...)."""

    text: str
    rule: str = ""
    """The inventory ID or ruling it applies ("TURN-05")."""


class FactionReport(msgspec.Struct, frozen=True, kw_only=True):
    """Everything that happened to one faction in one turn; the sheet's source.

    Parts 2 and 3 add their sections as further fields with ``()`` defaults (see the module
    docstring); every field here is filled by part 1's pipeline."""

    faction: str
    turn: int
    submitted: bool
    """Whether orders were received before the turn was processed (TURN-05)."""
    orders: tuple[OrderResult, ...] = ()
    ledger: Ledger
    economy: EconomyReport | None = None
    projects: tuple[ProjectLine, ...] = ()
    techs: tuple[TechGain, ...] = ()
    science: ScienceReport
    gm_notes: tuple[GMNote, ...] = ()
    notices: tuple[Notice, ...] = ()
    movements: tuple[MovementLine, ...] = ()
    """Part 2: the faction's units at step 3."""
    combats: tuple[CombatReport, ...] = ()
    """Part 2: battles it fought (space at step 4, ground at step 6)."""
    attacks: tuple[AttackLine, ...] = ()
    """Part 2: blockades, bombardments, landings and captures it did or suffered."""
    sightings: tuple[SightingLine, ...] = ()
    """Part 2: foreign units it could see (only what its units and colonies see, VIS-01)."""


# --- part 2: movement, combat, planets under attack, foreign units seen ------------------------


class MovementLine(msgspec.Struct, frozen=True, kw_only=True):
    """One of the faction's units at step 3 (MOV-*): moved, stopped, or turned back."""

    unit: str
    """The unit's name."""
    origin: str
    """System name where it was."""
    destination: str
    """System name it tried to reach."""
    moved: bool
    reason: str = ""
    """Why it did not move (blockade, nebula...), or what happened on arrival."""


class CombatUnit(msgspec.Struct, frozen=True, kw_only=True):
    """A unit in a combat report, as the reading faction saw it."""

    label: str
    """Own units: 'name (class)'; foreign units: the public class name only (Amb#95)."""
    level: int
    fate: Literal["unharmed", "damaged", "destroyed", "retreated", "surrendered", "avoided"]
    damage: int = 0
    """Hull/Health lost in the battle (own units only; 0 for foreign units)."""
    where: str = ""
    """Own units that retreated: the system they withdrew to."""


class CombatSide(msgspec.Struct, frozen=True, kw_only=True):
    factions: tuple[str, ...]
    """Names of the factions on the side (allies merged, Amb#55)."""
    units: tuple[CombatUnit, ...]
    militia: int = 0
    """Militia fighting beside it (ground), then how many are left."""
    militia_left: int = 0


class CombatReport(msgspec.Struct, frozen=True, kw_only=True):
    """One battle (space or ground) the faction took part in (COMB outputs)."""

    kind: Literal["space", "ground"]
    system: str
    """System name (ground: with the planet)."""
    planet: str = ""
    rounds: int
    sides: tuple[CombatSide, CombatSide]
    own_side: int
    """Which of ``sides`` is the reading faction's."""
    outcome: str
    """In words: who held the field, who retreated or surrendered."""


class AttackLine(msgspec.Struct, frozen=True, kw_only=True):
    """A blockade, bombardment, landing or capture the faction did or suffered (steps 5-6)."""

    planet: str
    """Planet name."""
    text: str


class SightingLine(msgspec.Struct, frozen=True, kw_only=True):
    """Foreign units the faction saw at the end of the turn's fighting (VIS-01, Amb#95)."""

    system: str
    """System name."""
    place: str
    """'space' or the planet name (units on the ground)."""
    owner: str
    """The owner's name, or 'unknown' for a nation not met."""
    label: str
    """Public class name (variant shown, a Q-Ship as a Heavy Freighter; UNIT-05, VIS-06)."""
    level: int
    count: int


class TurnReports(msgspec.Struct, frozen=True, kw_only=True):
    """The reports of every faction for one processed turn."""

    turn: int
    factions: dict[str, FactionReport]


class ReportBuilder:
    """Collects one faction's report while the pipeline runs; :meth:`build` freezes it.

    >>> b = ReportBuilder("zab", turn=1, opening=450, sp=SciencePoints())
    >>> b.spend(200, "Construct District (Industrial 3) on Mars", line=2)
    >>> b.income(120)
    >>> b.build(closing=370, sp=SciencePoints()).ledger.closing
    370
    """

    def __init__(self, faction: str, *, turn: int, opening: int, sp: SciencePoints) -> None:
        self.faction = faction
        self.turn = turn
        self.opening = opening
        self.sp_opening = sp
        self.submitted = False
        self._orders: list[OrderResult] = []
        self._entries: list[LedgerEntry] = []
        self._economy: EconomyReport | None = None
        self._projects: list[ProjectLine] = []
        self._techs: list[TechGain] = []
        self._sp: list[SPChange] = []
        self._gm: list[GMNote] = []
        self._notices: list[Notice] = []
        self._movements: list[MovementLine] = []
        self._combats: list[CombatReport] = []
        self._attacks: list[AttackLine] = []
        self._sightings: list[SightingLine] = []

    @property
    def balance(self) -> int:
        """The credits now: opening plus every movement recorded so far."""
        return self.opening + sum(e.signed for e in self._entries)

    # orders -------------------------------------------------------------------------------
    def order(self, line: int, text: str, *, accepted: bool, order_id: str = "", reason: str = "") -> None:
        self._orders.append(OrderResult(line=line, text=text, order_id=order_id, accepted=accepted,
                                        reason=reason))

    # credits ------------------------------------------------------------------------------
    def _entry(self, kind: LedgerKind, amount: int, label: str, line: int) -> None:
        if amount < 0:
            raise ReportError(f"{kind} of {amount} credits: amounts are 0 or more ({label})")
        self._entries.append(LedgerEntry(kind=kind, amount=amount, label=label, line=line))

    def spend(self, amount: int, label: str, *, line: int = 0) -> None:
        self._entry("spend", amount, label, line)

    def refund(self, amount: int, label: str, *, line: int = 0) -> None:
        self._entry("refund", amount, label, line)

    def income(self, amount: int, label: str = "Income (10 x Economy Rating)") -> None:
        self._entry("income", amount, label, 0)

    def transfer(self, amount: int, label: str, *, incoming: bool, line: int = 0) -> None:
        self._entry("transfer-in" if incoming else "transfer-out", amount, label, line)

    def gm_credits(self, amount: int, label: str) -> None:
        """A GM adjustment; a negative ``amount`` is recorded as a spending."""
        if amount < 0:
            self._entry("spend", -amount, label, 0)
        else:
            self._entry("gm", amount, label, 0)

    # economy, projects, tech --------------------------------------------------------------
    def economy(self, report: EconomyReport) -> None:
        self._economy = report

    def project(self, line: ProjectLine) -> None:
        self._projects.append(line)

    def tech(self, gain: TechGain) -> None:
        self._techs.append(gain)

    def science(self, field: Field, amount: int, label: str) -> None:
        self._sp.append(SPChange(field=field, amount=amount, label=label))

    # text ---------------------------------------------------------------------------------
    def gm_note(self, text: str, topic: str = "") -> None:
        self._gm.append(GMNote(text=text, topic=topic))

    def notice(self, text: str, rule: str = "") -> None:
        self._notices.append(Notice(text=text, rule=rule))

    # part 2 -------------------------------------------------------------------------------
    def movement(self, line: MovementLine) -> None:
        self._movements.append(line)

    def combat(self, report: CombatReport) -> None:
        self._combats.append(report)

    def attack(self, planet: str, text: str) -> None:
        self._attacks.append(AttackLine(planet=planet, text=text))

    def sightings(self, lines: list[SightingLine]) -> None:
        """The foreign units seen this turn (replaces an earlier list)."""
        self._sightings = list(lines)

    def build(self, *, closing: int, sp: SciencePoints) -> FactionReport:
        """The frozen report; refuses a ledger or SP record that does not add up to the state."""
        if self.balance != closing:
            raise ReportError(f"faction {self.faction} turn {self.turn}: the ledger gives {self.balance} "
                              f"credits but the faction has {closing}")
        for field in FIELDS:
            expected = self.sp_opening.get(field) + sum(c.amount for c in self._sp if c.field == field)
            if expected != sp.get(field):
                raise ReportError(f"faction {self.faction} turn {self.turn}: {field} science points recorded "
                                  f"{expected}, the faction has {sp.get(field)}")
        return FactionReport(
            faction=self.faction, turn=self.turn, submitted=self.submitted, orders=tuple(self._orders),
            ledger=Ledger(opening=self.opening, entries=tuple(self._entries), closing=closing),
            economy=self._economy, projects=tuple(self._projects), techs=tuple(self._techs),
            science=ScienceReport(opening=self.sp_opening, changes=tuple(self._sp), closing=sp),
            gm_notes=tuple(self._gm), notices=tuple(self._notices), movements=tuple(self._movements),
            combats=tuple(self._combats), attacks=tuple(self._attacks), sightings=tuple(self._sightings))
