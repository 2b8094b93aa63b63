"""Risky Stars params and spec: every number of the rule document is a param.

Defaults are the rule document's values (``rules/risky-stars.md``) or, where it is silent,
the ruling in ``docs/rulings/risky-stars.md`` that the field's description cites (``ruling n``).
The map loader, the generator, the validator, the combat maths and the ruleset all take their
numbers from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core.errors import ParseError
from starlanes.core.params import Params, param
from starlanes.core.spec import Chance, GameSpec, Information

__all__ = [
    "ADDITIVE",
    "COMBAT_MODES",
    "COMBAT_WINDOWS",
    "FULL_LAP",
    "HERO_STACKINGS",
    "MULTIPLICATIVE",
    "PER_ARRIVAL",
    "ROUND_END",
    "SPEC",
    "UNTIL_DECIDED",
    "RiskyStarsParams",
]

PER_ARRIVAL = "per_arrival"
UNTIL_DECIDED = "until_decided"
COMBAT_MODES = (PER_ARRIVAL, UNTIL_DECIDED)
ROUND_END = "round_end"
FULL_LAP = "full_lap"
COMBAT_WINDOWS = (ROUND_END, FULL_LAP)
MULTIPLICATIVE = "multiplicative"
ADDITIVE = "additive"
HERO_STACKINGS = (MULTIPLICATIVE, ADDITIVE)


@dataclass(frozen=True)
class RiskyStarsParams(Params):
    """Tunable rules of maps and combat; defaults are the document's values (or the ruling's)."""

    map: str = param("", "map file (JSON, schema risky-stars-map/1); empty: a map generated from the seed")
    home_regions: int = param(8, "regions of every home system of a generated map (ruling 6)", min=4, max=40)
    featured_factor: int = param(2, "the featured system has this many times a home system's regions", min=1, max=4)
    minor_percent: int = param(25, "a minor system has this percentage of a home system's regions", min=1, max=100)
    minors_per_home: int = param(2, "minor systems per home system", min=1, max=4)
    minor_lanes: int = param(2, "lanes leading to each minor system, each from a different home system", min=1, max=6)
    featured_lanes_per_home: int = param(1, "lanes between each home system and the featured system (ruling 8)",
                                         min=1, max=3)
    barren_regions: int = param(2, "regions of a Barren rocky planet (hemispheres)", min=1, max=10)
    gaia_min_continents: int = param(2, "fewest continents (regions) of a Gaia rocky planet", min=1, max=64)
    gaia_max_continents: int = param(10, "most continents (regions) of a Gaia rocky planet", min=1, max=64)
    home_balanced: bool = param(True, "a generated home system holds a Metals body and a Fuel body (ruling 7)")
    identical_homes: bool = param(True, "generated home systems all hold the same bodies (ruling 7)")
    die_sides: int = param(10, "sides of the combat die", min=2, max=100)
    ties_to_defender: bool = param(True, "a tied pair of rolls is a defender win (no: an attacker win)")
    combat_mode: str = param(PER_ARRIVAL, "per_arrival: one volley per arriving army, then the round-end "
                             "resolution; until_decided: at round end, volleys until one side is gone (ruling 12)",
                             choices=COMBAT_MODES)
    combat_window: str = param(ROUND_END, "round_end: a combat is resolved when every player has had its turn "
                               "in the round it opened; full_lap: when the opener's next turn begins (ruling 27)",
                               choices=COMBAT_WINDOWS)
    # --- economy (rules: Resource Production, Body Upgrades; reference: army production)
    base_yield: int = param(100, "units of its body's resource each region yields per turn", min=0, max=100_000)
    upgrade_percents: tuple[int, ...] = param((10, 50, 100), "yield improvement (%) of upgrade levels 1, 2, 3")
    upgrade_costs: tuple[int, ...] = param((500, 2500, 5000), "cost of reaching upgrade level 1, 2, 3, in each of "
                                           "the two resources the body does not produce (ruling 16)")
    unit_cost: tuple[int, ...] = param((10, 3, 3), "cost of one army unit: Population, Metals, Fuel")
    start_stock: tuple[int, ...] = param((500, 500, 500), "starting stockpile: Population, Metals, Fuel (ruling 14)")
    start_units: int = param(5, "units on each region of a player's home Gaia planet at the start (ruling 14)",
                             min=1, max=1000)
    # --- heroes (rules: Heroes; ruling 17-19)
    hero_percent: int = param(25, "yield improvement (%) of a class II or III hero", min=0, max=1000)
    hero_fixed_amount: int = param(100, "fixed units per turn of a class I or III hero (ruling 17)", min=0,
                                   max=100_000)
    hero_stacking: str = param(MULTIPLICATIVE, "multiplicative: each class II/III hero multiplies the yield; "
                               "additive: their percentages add up (ruling 17)", choices=HERO_STACKINGS)
    hero_cap: int = param(3, "most heroes on one body (never more than its regions)", min=0, max=64)
    hero_deck: tuple[int, ...] = param((12, 12, 6), "heroes of class I, II, III in the hero deck (ruling 18)")
    hero_every_rounds: int = param(5, "each player draws a hero at setup and at the start of its turn in every "
                                   "round divisible by this (ruling 18)", min=1, max=1000)
    hero_reserve_public: bool = param(False, "everyone sees which heroes each player holds unassigned "
                                      "(no: only how many; ruling 26)")
    # --- alliances (rules: Alliances; rulings 20-23)
    truce_rounds: int = param(3, "after leaving an alliance, the leaver and the members may not attack each other "
                              "until this many rounds after the round of leaving have ended", min=0, max=100)
    alliance_share: int = param(100, "percentage of its stockpile a new alliance member puts into the alliance "
                                "muster until it says otherwise (ruling 21)", min=0, max=100)
    # --- end of the game (rulings 24, 25)
    max_rounds: int = param(60, "the game ends after this many rounds; most regions wins (ruling 24)",
                            min=1, max=10_000)
    allied_victory: bool = param(False, "the game also ends when every player left is in one alliance: "
                                 "they all win (ruling 24)")
    featured_hold_rounds: int = param(0, "a player who possesses every region of the featured system at the end of "
                                      "this many rounds in a row wins (0: off; ruling 24)", min=0, max=1000)

    def validate(self) -> None:
        """Refuse params that cannot make a legal map (ParseError naming the param)."""
        if self.gaia_min_continents > self.gaia_max_continents:
            raise ParseError(f"param gaia_min_continents: {self.gaia_min_continents} is above "
                             f"gaia_max_continents {self.gaia_max_continents}")
        minor = self.home_regions * self.minor_percent
        if minor % 100:
            raise ParseError(f"param home_regions: {self.home_regions} regions do not give minor systems of "
                             f"exactly {self.minor_percent}% (a whole number of regions)")
        if self.combat_mode not in COMBAT_MODES:
            raise ParseError(f"param combat_mode: '{self.combat_mode}' is not one of {', '.join(COMBAT_MODES)}")
        for name, size in (("upgrade_percents", 3), ("upgrade_costs", 3), ("unit_cost", 3), ("start_stock", 3),
                           ("hero_deck", 3)):
            value: tuple[int, ...] = getattr(self, name)
            if len(value) != size or any(v < 0 for v in value):
                raise ParseError(f"param {name}: expected {size} whole numbers of 0 or more, got "
                                 f"{','.join(map(str, value)) or 'nothing'}")
        if sum(self.unit_cost) == 0:
            raise ParseError("param unit_cost: an army unit must cost something")
        if self.map:
            from starlanes.games.risky_stars.maps import load_map

            load_map(self.map, self)

    @property
    def minor_regions(self) -> int:
        """Regions of each minor system of a generated map."""
        return self.home_regions * self.minor_percent // 100

    @property
    def featured_regions(self) -> int:
        """Regions of the featured system of a generated map."""
        return self.home_regions * self.featured_factor


SPEC = GameSpec(
    id="risky-stars",
    name="Risky Stars",
    version="1",
    players=range(2, 7),
    chance=Chance.DICE_AND_SHUFFLED,
    information=Information.IMPERFECT,  # the hero deck's order and the heroes in other players' reserves
    params=RiskyStarsParams,
    description="conquest of star systems joined by hyperspace lanes: regions, resources, upgrades, heroes, "
                "alliances and d10 battles",
    max_actions=60_000,
    rules_file="docs/rulings/risky-stars.md",
)
