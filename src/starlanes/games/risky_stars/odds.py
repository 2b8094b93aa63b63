"""The odds report of ``starlanes odds risky-stars --attack N --defend M``.

:func:`odds` gathers what can be said about an attack: the exact loss distribution of the
opening exchange (when it has at most ``EXACT_PAIRS_LIMIT`` pairs), the exact whole-fight odds
when the state space allows (ruling 12 says what a whole fight is), and otherwise a Monte Carlo
estimate with confidence intervals.  :func:`describe` turns the report into plain text lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from starlanes.core.errors import UsageError
from starlanes.games.risky_stars.combat import (
    EXACT_PAIRS_LIMIT,
    ExchangeOdds,
    FightOdds,
    exact_fight_possible,
    exchange,
    fight,
)
from starlanes.games.risky_stars.spec import PER_ARRIVAL, RiskyStarsParams

if TYPE_CHECKING:
    from starlanes.games.risky_stars.montecarlo import MonteCarloOdds

__all__ = ["MAX_FIGHTS", "MAX_UNITS", "OddsReport", "describe", "odds"]

MAX_UNITS = 1_000_000
"""Largest army the odds command accepts (a cap no game reaches)."""
MAX_FIGHTS = 10_000_000


@dataclass(frozen=True)
class OddsReport:
    attack: int
    defend: int
    params: RiskyStarsParams
    exchange: ExchangeOdds[float] | ExchangeOdds[Fraction] | None
    fight: FightOdds[float] | FightOdds[Fraction] | None
    estimate: MonteCarloOdds | None


def odds(attack: int, defend: int, params: RiskyStarsParams | None = None, *, exact: bool = False,
         fights: int = 200_000, seed: int = 0, monte_carlo: bool = False) -> OddsReport:
    """Odds of ``attack`` units attacking ``defend`` units.  Exact parts use Fractions with
    ``exact``; ``monte_carlo`` adds the estimate even when exact odds exist.  Bad sizes raise
    ``UsageError``."""
    p = params or RiskyStarsParams()
    for name, value in (("--attack", attack), ("--defend", defend)):
        if not 1 <= value <= MAX_UNITS:
            raise UsageError(f"{name} must be a number of units from 1 to {MAX_UNITS:,}, not {value}")
    if not 1 <= fights <= MAX_FIGHTS:
        raise UsageError(f"--fights must be from 1 to {MAX_FIGHTS:,}, not {fights}")
    sides, ties = p.die_sides, p.ties_to_defender
    one = (exchange(attack, defend, sides=sides, ties_to_defender=ties, exact=exact)
           if min(attack, defend) <= EXACT_PAIRS_LIMIT else None)
    whole = (fight(attack, defend, mode=p.combat_mode, sides=sides, ties_to_defender=ties, exact=exact)
             if exact_fight_possible(attack, defend, p.combat_mode) else None)
    estimate = None
    if monte_carlo or whole is None:
        from starlanes.games.risky_stars.montecarlo import simulate  # NumPy, imported when needed

        estimate = simulate(attack, defend, fights=fights, seed=seed, mode=p.combat_mode, sides=sides,
                            ties_to_defender=ties)
    return OddsReport(attack, defend, p, one, whole, estimate)


def _pct(value: float | Fraction) -> str:
    return f"{float(value) * 100:.2f}%"


def describe(report: OddsReport) -> list[str]:
    """The report as plain text lines (at most 100 characters each)."""
    p = report.params
    ties = "ties to the defender" if p.ties_to_defender else "ties to the attacker"
    lines = [f"Risky Stars odds: {report.attack} attacking vs {report.defend} defending "
             f"(d{p.die_sides}, {ties}, combat mode {p.combat_mode})"]
    ex = report.exchange
    if ex is not None:
        lines.append(f"One exchange (exact), {ex.pairs} pair(s) of dice: chance the defender loses w "
                     f"(the attacker {ex.pairs} - w):")
        probabilities: tuple[float | Fraction, ...] = ex.p
        cells = [f"w={w}: {_pct(q)}" for w, q in enumerate(probabilities)]
        for i in range(0, len(cells), 6):
            lines.append("  " + "  ".join(cells[i:i + 6]))
        lines.append(f"  expected losses: attacker {float(ex.expected_attacker_losses):.3f}, "
                     f"defender {float(ex.expected_defender_losses):.3f}")
    if p.combat_mode == PER_ARRIVAL:
        what = "the opening exchange, then the round-end resolution"
    else:
        what = "exchanges until one side is gone"
    f = report.fight
    if f is not None:
        lines.append(f"Whole fight (exact; {what}):")
        lines.append(f"  attacker takes the location {_pct(f.p_capture)}, defenders hold {_pct(f.p_hold)}")
        lines.append(f"  expected losses: attacker {float(f.expected_attacker_losses):.3f}, "
                     f"defender {float(f.expected_defender_losses):.3f}")
        if isinstance(f.p_capture, Fraction):
            lines.append(f"  exact chance of taking it: {f.p_capture}")
    e = report.estimate
    if e is not None:
        lo, hi = e.p_capture_interval
        conf = f"{e.confidence * 100:g}%"
        lines.append(f"Whole fight (Monte Carlo, {e.fights:,} fights; {what}):")
        lines.append(f"  attacker takes the location {_pct(e.p_capture)} ({conf} interval {_pct(lo)} .. {_pct(hi)})")
        lines.append(f"  mean losses: attacker {e.mean_attacker_losses:.3f} ± {e.attacker_losses_half_width:.3f}, "
                     f"defender {e.mean_defender_losses:.3f} ± {e.defender_losses_half_width:.3f}")
    return lines
