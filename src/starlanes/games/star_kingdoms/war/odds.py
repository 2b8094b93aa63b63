"""Battle odds for players: many simulated space battles between two fleets, with the chance of
each ending and the expected losses, each with a 95% confidence interval (issue 14 item 8).

Fleets are written as a player writes them, entries separated by ``;``::

    3 patrol ship with 1 ship weapons; light cruiser as missile
    2 x gunboat with 2 ship weapons at TL 2

An entry is ``[N [x]] CLASS [as VARIANT] [with K MODULE [and K MODULE ...]] [at TL N]``; class,
variant and module names are matched as in orders (any case, aliases, "did you mean").  Every
core technology is at the entry's TL (default: the side's ``--*-tl``), every supplemental
known: the odds tool asks what a design does, not whether a faction may build it.

Each battle is one run of the battle engine (Battle Tactics included); the runs are seeded, so
the same question gives the same answer.  From ``VECTOR_MIN_RUNS`` runs on, the battles are fought
all at once by the NumPy engine (:mod:`.vbattle`, the same rules; its random numbers are its own, so
its figures agree with the scalar engine's within their confidence intervals, not digit for digit);
``engine="scalar"`` keeps the one-battle-at-a-time reference engine.
"""

from __future__ import annotations

import math
import random
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from starlanes.core.errors import IllegalAction, ParseError
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.tech import TechState
from starlanes.games.star_kingdoms.war.battle import Force, battle
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import Unit, UnitLike, design_unit, public_name

__all__ = ["Estimate", "OddsReport", "Side", "describe", "parse_fleet", "simulate"]

_ENTRY = re.compile(
    r"^\s*(?:(?P<count>\d+)\s*(?:x\s+)?)?(?P<cls>.+?)"
    r"(?:\s+as\s+(?P<variant>.+?))?(?:\s+with\s+(?P<modules>.+?))?(?:\s+at\s+tl\s*(?P<tl>\d+))?\s*$",
    re.IGNORECASE)
_MODULE = re.compile(r"^\s*(?P<count>\d+)\s*(?:x\s+)?(?P<name>.+?)\s*$", re.IGNORECASE)
MAX_UNITS = 500
MAX_TL = 20
VECTOR_MIN_RUNS = 50
"""From this many runs on, ``engine="auto"`` uses the NumPy engine (below it, the set-up costs more
than the battles)."""
Engine = Literal["auto", "vector", "scalar"]
ENGINES: tuple[Engine, ...] = ("auto", "vector", "scalar")


def _tech(cat: Catalogue, tl: int) -> TechState:
    return TechState(levels={t.id: tl for t in cat.core_techs()},
                     known=frozenset(t.id for t in cat.techs.values() if t.kind != "core"))


def parse_fleet(cat: Catalogue, text: str, *, owner: str, tl: int = 1) -> tuple[Unit, ...]:
    """The units a fleet description names (module docstring); a mistake raises ``ParseError``
    naming the entry and what is wrong."""
    units: list[Unit] = []
    entries = [e for e in text.split(";") if e.strip()]
    if not entries:
        raise ParseError(f"the {owner} fleet is empty: name at least one class, e.g. '2 patrol ship'")
    for n, entry in enumerate(entries, 1):
        m = _ENTRY.match(entry)
        if m is None:  # pragma: no cover - the pattern matches any non-empty text
            raise ParseError(f"{owner} fleet, entry {n} '{entry.strip()}': not understood")
        count = int(m["count"] or 1)
        level = int(m["tl"]) if m["tl"] else tl
        if not 1 <= level <= MAX_TL:
            raise ParseError(f"{owner} fleet, entry {n} '{entry.strip()}': TL must be 1-{MAX_TL}")
        if count < 1:
            raise ParseError(f"{owner} fleet, entry {n} '{entry.strip()}': the count must be at least 1")
        flexible: dict[str, int] = {}
        if m["modules"]:
            for part in re.split(r"\s+and\s+|,", m["modules"], flags=re.IGNORECASE):
                mm = _MODULE.match(part)
                if mm is None:
                    raise ParseError(f"{owner} fleet, entry {n}: '{part.strip()}' should be a count and a module, "
                                     "e.g. '1 ship weapons'")
                flexible[mm["name"]] = flexible.get(mm["name"], 0) + int(mm["count"])
        try:
            one = design_unit(cat, _tech(cat, level), m["cls"].strip(), flexible=flexible,
                              variant=(m["variant"] or "").strip(), owner=owner, check_access=False)
        except IllegalAction as exc:
            raise ParseError(f"{owner} fleet, entry {n} '{entry.strip()}': {exc.reason}") from exc
        if one.kind != "ship":
            raise ParseError(f"{owner} fleet, entry {n}: the {cat.classes[one.class_id].name} is a detachment; "
                             "space battles are between ships")
        if len(units) + count > MAX_UNITS:
            raise ParseError(f"the {owner} fleet has more than {MAX_UNITS} units")
        for _ in range(count):
            units.append(Unit(id=f"{owner[0]}{len(units) + 1}", name=one.name, owner=owner, class_id=one.class_id,
                              kind=one.kind, level=one.level, variant=one.variant, modules=one.modules,
                              flexible=one.flexible))
    return tuple(units)


@dataclass(frozen=True)
class Side:
    """One fleet and its stance."""

    name: str
    units: tuple[Unit, ...]
    battle_tactics: int = 0
    training: bool = False
    colony_here: bool = False
    homeworld_here: bool = False

    def force(self) -> Force:
        return Force(self.name, self.units, colony_here=self.colony_here, homeworld_here=self.homeworld_here,
                     battle_tactics=self.battle_tactics, training=self.training)


@dataclass(frozen=True)
class Estimate:
    """A mean (or a share) and its 95% confidence interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class OddsReport:
    runs: int
    seed: int
    attacker_holds: Estimate
    defender_holds: Estimate
    neither: Estimate
    attacker_units_lost: Estimate
    defender_units_lost: Estimate
    attacker_levels_lost: Estimate
    defender_levels_lost: Estimate
    rounds: float
    seconds: float
    attacker: str
    defender: str
    engine: str = "scalar"
    """The engine that fought the battles: "scalar" (``battle.battle``) or "vector" (``vbattle``)."""


def _wilson(k: int, n: int) -> Estimate:
    if n == 0:
        return Estimate(0.0, 0.0, 1.0)
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def _mean(values: Sequence[float]) -> Estimate:
    m = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(m, m, m)
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(m, m - half, m + half)


def _summary(cat: Catalogue, units: Sequence[UnitLike]) -> str:
    counts: dict[str, int] = {}
    for u in units:
        name = public_name(cat, u)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in counts.items())


def _mean_of(values: object) -> Estimate:
    """:func:`_mean` of a NumPy array."""
    import numpy as np

    arr = np.asarray(values, dtype=np.float64)
    m = float(arr.mean())
    if arr.size < 2:
        return Estimate(m, m, m)
    half = 1.959963984540054 * float(arr.std(ddof=1)) / math.sqrt(arr.size)
    return Estimate(m, m - half, m + half)


def _vector(cat: Catalogue, a: Force, d: Force, runs: int, seed: int, nebula: bool, p: WarParams,
            progress: Callable[[int], None] | None) -> OddsReport:
    from starlanes.games.star_kingdoms.war.vbattle import run_batch

    start = time.perf_counter()
    batch = run_batch(cat, a, d, runs, seed, nebula=nebula, params=p, progress=progress)
    holds = [int((batch.winner == w).sum()) for w in (0, 1, -1)]
    return OddsReport(
        runs=runs, seed=seed, attacker_holds=_wilson(holds[0], runs), defender_holds=_wilson(holds[1], runs),
        neither=_wilson(holds[2], runs), attacker_units_lost=_mean_of(batch.lost_units(0)),
        defender_units_lost=_mean_of(batch.lost_units(1)), attacker_levels_lost=_mean_of(batch.lost_levels(0)),
        defender_levels_lost=_mean_of(batch.lost_levels(1)), rounds=float(batch.rounds.mean()),
        seconds=time.perf_counter() - start, attacker=_summary(cat, a.units), defender=_summary(cat, d.units),
        engine="vector")


def simulate(cat: Catalogue, attacker: Side, defender: Side, *, runs: int = 10_000, seed: int = 0,
             nebula: bool = False, params: WarParams | None = None,
             progress: Callable[[int], None] | None = None, engine: Engine = "auto") -> OddsReport:
    """Run ``runs`` seeded battles and summarise them (``engine``: module docstring)."""
    if runs < 1:
        raise ParseError("--runs must be at least 1")
    if engine not in ENGINES:
        raise ParseError(f"unknown engine '{engine}': use one of {', '.join(ENGINES)}")
    p = params or WarParams()
    a, d = attacker.force(), defender.force()
    if engine == "vector" or (engine == "auto" and runs >= VECTOR_MIN_RUNS):
        return _vector(cat, a, d, runs, seed, nebula, p, progress)
    rng = random.Random(seed)
    levels = {u.id: u.level for u in (*a.units, *d.units)}
    holds = [0, 0, 0]
    lost_units: tuple[list[float], list[float]] = ([], [])
    lost_levels: tuple[list[float], list[float]] = ([], [])
    rounds = 0
    start = time.perf_counter()
    for i in range(runs):
        result = battle(cat, a, d, random.Random(rng.getrandbits(64)), nebula=nebula, params=p)
        holds[result.winner if result.winner is not None else 2] += 1
        rounds += result.rounds
        for s in (0, 1):
            lost = result.lost(s)
            lost_units[s].append(float(len(lost)))
            lost_levels[s].append(float(sum(levels[o.unit_id] for o in lost)))
        if progress is not None and (i + 1) % 1000 == 0:
            progress(1000)
    if progress is not None and runs % 1000:
        progress(runs % 1000)
    return OddsReport(
        runs=runs, seed=seed, attacker_holds=_wilson(holds[0], runs), defender_holds=_wilson(holds[1], runs),
        neither=_wilson(holds[2], runs), attacker_units_lost=_mean(lost_units[0]),
        defender_units_lost=_mean(lost_units[1]), attacker_levels_lost=_mean(lost_levels[0]),
        defender_levels_lost=_mean(lost_levels[1]), rounds=rounds / runs, seconds=time.perf_counter() - start,
        attacker=_summary(cat, a.units), defender=_summary(cat, d.units))


def describe(report: OddsReport) -> list[str]:
    """The report as lines for a person."""
    def pct(e: Estimate) -> str:
        return f"{100 * e.value:5.1f}%  (95% CI {100 * e.low:.1f}-{100 * e.high:.1f}%)"

    def num(e: Estimate) -> str:
        return f"{e.value:.2f}  (95% CI {e.low:.2f}-{e.high:.2f})"

    return [
        f"Star Kingdoms space battle, {report.runs:,} simulated runs (seed {report.seed})",
        f"  attacker: {report.attacker}",
        f"  defender: {report.defender}",
        f"attacker holds the field   {pct(report.attacker_holds)}",
        f"defender holds the field   {pct(report.defender_holds)}",
        f"neither (both stay/part)   {pct(report.neither)}",
        f"attacker losses: units {num(report.attacker_units_lost)}, levels {num(report.attacker_levels_lost)}",
        f"defender losses: units {num(report.defender_units_lost)}, levels {num(report.defender_levels_lost)}",
        f"rounds per battle: {report.rounds:.1f} on average; "
        f"{report.runs / max(report.seconds, 1e-9):,.0f} battles/s ({report.engine} engine)",
    ]
