"""Attack and support arithmetic as pure functions (AT 110-119, SP 121-126).

Strength is level: the attacking fleet's level plus its supporters' levels, against the
defending fleet's level plus the colony's level plus the defending supporters' (A#20). The
attacker wins only with more; a tie goes to the defender (K-T03). Each supporting fleet must be
adjacent to the attacked cell and costs its owner 1 energy (``support_energy``), except the
ones its owner's ``free-supports`` effects (Encryption) pay for (K-T04, K-T06). Supporters stay
where they are whatever happens (K-T09).

>>> verdict(Battle(attacker=2, defender_colony=1)).attacker_wins
True
>>> verdict(Battle(attacker=2, defender_fleet=1, defender_colony=1)).attacker_wins
False
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Annotated, TypeVar

import msgspec

from starlanes.games.kardashev.board import Board, Hex
from starlanes.games.kardashev.effects import Effect, FreeSupports, effects_at

__all__ = [
    "Battle",
    "Verdict",
    "captured_colony_level",
    "defence_strength",
    "downgraded",
    "free_supports",
    "offence_strength",
    "support_bill",
    "support_cells",
    "support_price",
    "verdict",
]

Owner = TypeVar("Owner", bound=Hashable)
Level = Annotated[int, msgspec.Meta(ge=1, le=3)]


def _check(levels: Iterable[int], what: str) -> None:
    for level in levels:
        if not 1 <= level <= 3:
            raise ValueError(f"{what} level must be 1..3, not {level}")


def offence_strength(attacker: int, supporters: Sequence[int] = ()) -> int:
    """The attacking fleet's level plus each supporting fleet's level (AT 113, SP 122)."""
    _check((attacker, *supporters), "fleet")
    return attacker + sum(supporters)


def defence_strength(fleet: int | None = None, colony: int | None = None, supporters: Sequence[int] = ()) -> int:
    """The defending fleet's level, plus the colony's level, plus supporters' levels (A#20).

    The fleet on the attacked cell defends for free, whoever's it is (K-V07)."""
    _check((*(x for x in (fleet, colony) if x is not None), *supporters), "piece")
    return (fleet or 0) + (colony or 0) + sum(supporters)


class Battle(msgspec.Struct, frozen=True, kw_only=True):
    """One attack: the attacking fleet's level, its supporters', and what defends the cell."""

    attacker: Level
    attacker_supports: tuple[Level, ...] = ()
    defender_fleet: Level | None = None
    defender_colony: Level | None = None
    defender_supports: tuple[Level, ...] = ()


class Verdict(msgspec.Struct, frozen=True):
    offence: int
    defence: int

    @property
    def attacker_wins(self) -> bool:
        """Only a higher offence wins; a tie goes to the defender (K-T03)."""
        return self.offence > self.defence


def verdict(battle: Battle) -> Verdict:
    """The strengths of both sides and who wins."""
    if battle.defender_fleet is None and battle.defender_colony is None:
        raise ValueError("an attack needs a defending fleet or colony on the cell")
    return Verdict(
        offence_strength(battle.attacker, battle.attacker_supports),
        defence_strength(battle.defender_fleet, battle.defender_colony, battle.defender_supports),
    )


def support_cells(
    board: Board, target: Hex, fleets: Iterable[Hex], attacker_from: Hex | None = None
) -> tuple[Hex, ...]:
    """The cells among ``fleets`` whose fleet may support in an attack on ``target``: adjacent to
    it; the attacking fleet itself never supports (A#21)."""
    around = set(board.neighbours(target))
    return tuple(cell for cell in fleets if cell in around and cell != attacker_from)


def free_supports(effects: Iterable[Effect]) -> int:
    """How many of a player's supporters are free in one attack: the sum of its ``support``
    effects (Encryption: 1)."""
    return sum(e.count for e in effects_at(effects, "support") if isinstance(e, FreeSupports))


def support_price(count: int, free: int = 0, energy_each: int = 1) -> int:
    """Energy one player pays for ``count`` supporting fleets, ``free`` of them without cost."""
    if count < 0 or free < 0:
        raise ValueError("support counts cannot be negative")
    return max(0, count - free) * energy_each


def support_bill(
    owners: Iterable[Owner], free: Mapping[Owner, int], energy_each: int = 1
) -> dict[Owner, int]:
    """Energy each owner pays for its supporting fleets (one entry per supporting fleet in
    ``owners``); each owner's own free supports apply only to its own fleets (K-V07)."""
    counts: dict[Owner, int] = {}
    for owner in owners:
        counts[owner] = counts.get(owner, 0) + 1
    return {owner: support_price(n, free.get(owner, 0), energy_each) for owner, n in counts.items()}


def captured_colony_level(defender_level: int, attacker_supply: int) -> int:
    """The level of the attacker's colony replacing a captured one: the same level, as far as the
    attacker's colony supply allows; 0 leaves the planet uncolonized (A#22, ruling K16)."""
    _check((defender_level,), "colony")
    return max(0, min(defender_level, attacker_supply))


def downgraded(level: int, levels: int = 1) -> int:
    """A piece's level after losing ``levels`` (``downgrade`` effects); 0 means it is removed."""
    _check((level,), "piece")
    return max(0, level - levels)
