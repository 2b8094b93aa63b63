"""What Kardashev is: its params, every number of the rule document (or of a ruling).

Each default is the document's value, or the ruling's where the document is silent; the
ruling numbers (``K3``...) refer to ``docs/rulings/kardashev.md``, the ``A#`` numbers to the
inventory's ambiguities. ``SPEC`` is the game's ``GameSpec``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlanes.core.errors import ParseError
from starlanes.core.params import Params, param
from starlanes.core.spec import Chance, GameSpec, Information

if TYPE_CHECKING:  # imported by the properties that build them: `starlanes games` reads SPEC alone
    from starlanes.games.kardashev.board import MoveRules
    from starlanes.games.kardashev.costs import Cost, Resources

__all__ = ["SPEC", "TIEBREAKS", "VERSION", "KardashevParams"]

VERSION = "1"

TIEBREAKS = ("fleets", "colonies", "resources", "none")


@dataclass(frozen=True)
class KardashevParams(Params):
    """Every tunable rule; defaults are the rule document's values (or the ruling's)."""

    ally_variant: bool = param(False, "ally variant: teams of two at opposite corners, 4 or 6 players (ALLY)")
    start_resources: tuple[int, ...] = param((1, 1, 1), "food, matter, energy each player draws at setup (SET 56)")
    max_bid: int = param(6, "highest bid: the die shows the bid (A#4, ruling K10)", min=0, max=99)
    blue_threshold: int = param(
        3, "bought tiles go in the blue zone until this many or fewer blue cells are unexplored (TRN 73)", min=0)
    max_move_tiles: int = param(8, "most cells one move may enter (MV 94)", min=1, max=37)
    move_energy: tuple[int, ...] = param((1, 1, 2), "energy per payment for fleet levels 1, 2, 3 (MV table)")
    move_tiles: tuple[int, ...] = param((2, 1, 1), "cells per payment for fleet levels 1, 2, 3 (MV table)")
    boosters_raise_cap: bool = param(False, "Boosters also double the 8-cell limit (A#17, ruling K12)")
    supply_colonies: int = param(15, "colony pieces per player (CMP)", min=1, max=99)
    supply_fleets: int = param(15, "fleet pieces per player (CMP)", min=1, max=99)
    end_supply_threshold: int = param(
        3, "the end is triggered when a player has fewer colony pieces than this in supply (END 143)", min=0)
    final_rounds: int = param(1, "rounds played after the round of the supply trigger (END 143)", min=0, max=9)
    round_limit: int = param(
        40, "safeguard the document lacks: the game ends after this many rounds (ruling K27)", min=1, max=999)
    exchange_rate: int = param(4, "cards of one type that stand in for one card of another (CMP 24)", min=1)
    fleet_matter_per_level: int = param(1, "matter per level to build a fleet, and per upgrade (A#1, ruling K3)", min=0)
    fleet_energy_per_level: int = param(1, "energy per level to build a fleet, and per upgrade (A#1, ruling K3)", min=0)
    fleet_upgrade_capped_by_colony: bool = param(
        False, "an upgraded fleet may not exceed the level of the colony under it (A#2, ruling K4)")
    support_energy: int = param(1, "energy per supporting fleet (SP 122)", min=0)
    colony_points: tuple[int, ...] = param((3, 5, 6), "points of a level 1, 2, 3 colony (END scoring table)")
    fleet_points: tuple[int, ...] = param((1, 2, 3), "points of a level 1, 2, 3 fleet (END scoring table)")
    tech_points: tuple[int, ...] = param((1, 2, 3), "points of a level 1, 2, 3 technology (END scoring table)")
    tiebreak: str = param(
        "fleets", "who wins a tied score: the most fleet levels on the board, colony levels, resources, "
        "or none (a shared win); still tied: shared (ruling K20)", choices=TIEBREAKS)

    def validate(self) -> None:
        """Refuse tables of the wrong length or with impossible values (ParseError, one line)."""
        for name in ("start_resources", "move_energy", "move_tiles", "colony_points", "fleet_points", "tech_points"):
            value = getattr(self, name)
            if len(value) != 3:
                raise ParseError(f"param {name}: needs 3 values, not {len(value)}")
            if any(v < 0 for v in value):
                raise ParseError(f"param {name}: values must not be negative")
        if any(v < 1 for v in self.move_tiles):
            raise ParseError("param move_tiles: a payment must buy at least 1 cell")

    @property
    def move_rules(self) -> MoveRules:
        """The base movement rules (before technologies)."""
        from starlanes.games.kardashev.board import MoveRules

        e, t = self.move_energy, self.move_tiles
        return MoveRules(
            energy=(e[0], e[1], e[2]),
            tiles=(t[0], t[1], t[2]),
            max_tiles=self.max_move_tiles,
            range_raises_cap=self.boosters_raise_cap,
        )

    @property
    def fleet_level_price(self) -> Cost:
        """The price of one fleet level (building multiplies it by the level, A#1)."""
        from starlanes.games.kardashev.costs import Cost

        return Cost(matter=self.fleet_matter_per_level, energy=self.fleet_energy_per_level)

    @property
    def starting_hand(self) -> Resources:
        from starlanes.games.kardashev.costs import Resources

        food, matter, energy = self.start_resources
        return Resources(food=food, matter=matter, energy=energy)


SPEC = GameSpec(
    id="kardashev",
    name="Kardashev",
    version=VERSION,
    players=range(2, 7),
    chance=Chance.DICE_AND_SHUFFLED,
    information=Information.IMPERFECT,
    params=KardashevParams,
    description="Hex exploration for 2-6: sealed bids for tiles, six roles with technology trees, "
    "colonies, fleets, supports; an ally variant for 4 and 6.",
    max_actions=20_000,
    simultaneous=True,
    rules_file="docs/rulings/kardashev.md",
)
