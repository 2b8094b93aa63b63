"""Risky Stars params: every number of the rule document that maps and combat use.

Defaults are the rule document's values (``rules/risky-stars.md``) or, where it is silent,
the ruling in ``docs/rulings/risky-stars.md`` that the field's description cites.  The
ruleset (state, actions, turn loop) adds its own fields to this class later; the map loader,
the generator, the validator and the combat maths take their numbers from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core.errors import ParseError
from starlanes.core.params import Params, param

__all__ = ["COMBAT_MODES", "PER_ARRIVAL", "UNTIL_DECIDED", "RiskyStarsParams"]

PER_ARRIVAL = "per_arrival"
UNTIL_DECIDED = "until_decided"
COMBAT_MODES = (PER_ARRIVAL, UNTIL_DECIDED)


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
