"""The numbers of Star Kingdoms' combat rules (S11, S16, S17) as tunable params.

Defaults are the rule document's values or, where it is silent, the rulings numbered 100 and up
in ``docs/rulings/star-kingdoms.md`` (each field's description names its rule or ruling).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core import Params, param

__all__ = ["WarParams"]


@dataclass(frozen=True)
class WarParams(Params):
    """Units, space and ground combat, planets under attack (inventory 2.12, 2.19-2.26)."""

    # units (S11.3, S11.4)
    base_evasion: tuple[int, ...] = param((40, 30, 20, 10, 0), "base Evasion of a unit of level 1..5 (UNIT-08)")
    evasion_cap: int = param(80, "no Evasion above this, by any means, after every modifier (UNIT-08, ruling 104)",
                             min=0, max=100)
    nebula_evasion_penalty: int = param(40, "Evasion lost, and added to targets' Evasion, in a nebula without "
                                            "Nebula Sensors (UNIT-17)", min=0, max=100)
    detachment_speed: int = param(1, "interstellar Speed of a detachment (UNIT-09)", min=0)
    # space combat (S16)
    retreat_evasion_mult: int = param(2, "Evasion multiplier of units in their retreat round (COMB-16)", min=1)
    retreat_firepower_percent: int = param(50, "percent of Firepower units keep in their retreat round (COMB-16)",
                                           min=0, max=100)
    colony_determination_percent: int = param(125, "initial determination in a system with one of the side's "
                                                   "colonies, percent, rounded up (COMB-14)", min=0)
    homeworld_never_retreats: bool = param(True, "a side in its homeworld's system has infinite determination "
                                                 "(COMB-14)")
    damaged_percent: int = param(50, "a unit at or below this percent of Hull+Shields is 'reduced' (COMB-13, "
                                     "COMB-15, ruling 103)", min=0, max=100)
    training_damaged_percent: int = param(40, "the threshold with Naval/Army Training Techniques (COMB-15)",
                                          min=0, max=100)
    destroyed_after_reduced_both_count: bool = param(
        True, "a unit going from above the threshold straight to destroyed costs its level twice (ruling 102)")
    transports_in_space_battles: bool = param(
        True, "detachments in space in their own transports are targets in a space battle (Health, their level's "
              "Evasion, Firepower 0, no retreat; COMB-02, Amb#69, ruling 212); off: only ships take part")
    max_rounds: int = param(50, "space combat ends after this many rounds, both sides staying (ruling 101)", min=1)
    stall_rounds: int = param(3, "both sides disengage after this many rounds without damage (ruling 101)", min=1)
    battle_tactics_rerun_per_level: int = param(
        1, "extra runs of the battle per level of Battle Tactics difference, best kept (COMB-12)", min=0)
    max_battle_tactics_reruns: int = param(
        10, "a cap on the extra runs (no campaign reaches it: Battle Tactics has 5 levels)", min=0)
    # ground combat (S16.1, S17.5, S17.6)
    ground_default_rounds: int = param(2, "ground combat rounds per turn without a Mobility advantage (GRND-02)",
                                       min=1, max=3)
    mobility_advantage: int = param(2, "average Mobility lead that lets a side choose the rounds (GRND-02)", min=0)
    attacker_chooses_rounds: int = param(3, "rounds an attacker with the advantage chooses unless ordered "
                                            "(ruling 106)", min=1, max=3)
    defender_chooses_rounds: int = param(1, "rounds a defender with the advantage chooses unless ordered "
                                            "(ruling 106)", min=1, max=3)
    ground_devastation_levels: int = param(10, "non-militia detachment levels per Devastation after a turn of "
                                               "ground combat (GRND-09)", min=1)
    militia_firepower: int = param(8, "militia Firepower (MIL-02)", min=0)
    militia_health: int = param(25, "militia Health (MIL-02)", min=1)
    militia_evasion: int = param(40, "militia Evasion (MIL-02)", min=0, max=100)
    militia_guerilla_evasion: int = param(50, "militia Evasion with Guerilla Warfare Techniques (TECH: Guerilla "
                                              "Warfare)", min=0, max=100)
    militia_mobility: int = param(2, "militia Mobility (MIL-02, ruling 107)", min=0)
    # planets under attack (S17)
    military_district_evasion: int = param(5, "planet Evasion per Military district level against bombardment "
                                              "(BOMB-03)", min=0)
    planetary_shield_evasion: int = param(10, "planet Evasion added by a Planetary Shield (PDEF-05)", min=0)
    damage_per_devastation: int = param(100, "bombardment damage per level of Devastation (BOMB-04)", min=1)
    devastation_district_loss: int = param(5, "Devastation that costs a district level (DEV-03)", min=1)
    hardened_devastation_district_loss: int = param(7, "the same with Hardened Materials (DEV-03)", min=1)
