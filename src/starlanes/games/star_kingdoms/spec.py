"""Star Kingdoms params: every number of the rule document, and every ruling, as a tunable field.

Defaults are the rule document's values (rules v2.6.8) or, where the document is silent or
ambiguous, the ruling recorded in ``docs/rulings/star-kingdoms.md`` (the field's doc names it).
The game's ``SPEC`` is here too, so that listing games (``starlanes games``) reads it without
importing the rules (``registry``'s ``GameEntry.spec``).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core import Params, param
from starlanes.core.errors import ParseError
from starlanes.core.spec import Chance, GameSpec, Information

__all__ = ["SPEC", "CampaignParams", "GalaxyParams", "OrgParams", "StarKingdomsParams"]


@dataclass(frozen=True)
class StarKingdomsParams(Params):
    """Economy, projects and technology (inventory sections 2.1-2.8, 2.27)."""

    # economy (S3, ECO-*)
    pe_per_district_level: int = param(4, "Planetary Economy from each district level (ECO-02; ruling 3)", min=0)
    pe_per_district_not_level: bool = param(
        False, "count +PE per district of level 1 or more instead of per level (ruling 3: per level)")
    income_per_er: int = param(10, "credits of income per point of Economy Rating (ECO-05)", min=0)
    devastation_pe_penalty: int = param(2, "PE lost per level of Devastation (ECO-07)", min=0)
    blockade_pe_percent: int = param(10, "percent of PE lost per point of Blockade rating (ECO-08)", min=0, max=100)
    pe_floor_zero: bool = param(True, "PE never below 0 (ruling 4)")
    er_floor_zero: bool = param(True, "Economy Rating never below 0, so income is never negative (ruling 5)")
    outpost_trade_er: int = param(2, "ER from a Trade branch on an outpost (ECO-06)", min=0)
    strip_mine_mr_mult: int = param(3, "ER per Mineral Rating of a strip mine's world (ECO-09)", min=0)
    blockade_cuts_host_pe_trade: bool = param(
        False, "a blockade also cancels the host's +PE from foreign Trade branches (ruling 6: no)")
    round_up: bool = param(True, "fractions round up (S1.3, ruling 1); no: round half up")
    # logistics (LOG-01..03, used by ER)
    logistics_per_district_level: int = param(5, "FLP per Shipyard level and ALP per Military level (LOG-01)", min=0)
    unit_logistics: tuple[int, ...] = param((1, 3, 6, 10, 15), "logistics cost of a unit of level 1..5 (LOG-02)")
    # projects (S7, PROJ-*)
    project_cost_per_level_squared: int = param(50, "project cost = this x level^2 (PROJ-06)", min=1)
    rush_cost: int = param(75, "credits per rush (PROJ-08)", min=0)
    cancel_refund_percent: int = param(50, "percent of the funds spent refunded on cancellation (PROJ-03)",
                                       min=0, max=100)
    refund_includes_rushes: bool = param(True, "the refund counts rush payments as funds spent (ruling 8)")
    construction_rush_by_pc: bool = param(
        True, "Industrial construction projects rush up to the effective PC, not the district level (ruling 9)")
    refuse_zero_progress: bool = param(True, "refuse a project whose district level is 0 (ruling 10)")
    max_level_without_gm: int = param(5, "projects and techs above this level need GM permission (PROJ-10)", min=1)
    repair_pair_at_or_below: bool = param(True, "Repair/Reinforce 'two level X units' means level <= X (ruling 11)")
    refit_detachment_at_or_below: bool = param(
        True, "Refit Detachment takes a detachment of level <= X+1, like Refit Ship (ruling 12)")
    fighter_squadrons: tuple[int, ...] = param(
        (1, 3, 6, 10), "squadrons built by a Fighter project of level 1..4 (PROJ-S1b)")
    # districts and planetary construction (PROJ-I1)
    homeworld_pc_bonus: int = param(1, "effective PC bonus on the homeworld (PROJ-I1)")
    nonnative_pc_penalty: int = param(1, "effective PC penalty on a biosphere that is not native (PROJ-I1)")
    desolate_pc_penalty: int = param(2, "effective PC penalty on a Desolate world, instead (PROJ-I1)")
    # technology (S6, TECH-*)
    sp_per_level_squared: int = param(5, "breakthrough cost = this x level^2 science points (TECH-05)", min=1)
    academic_researches_all_cores: bool = param(
        True, "Academic districts may research Planetary Construction, Ship Construction, Military Theory (ruling 14)")
    # civilisation creation (S18, CIV-*)
    starting_credits: int = param(450, "credits of a new nation (CIV-10)", min=0)
    homeworld_mineral_rating: int = param(3, "Mineral Rating of a homeworld (CIV-05)", min=0)
    starting_l2_techs: int = param(2, "core techs a new nation starts at level 2 (CIV-07)", min=0)

    def validate(self) -> None:
        if len(self.unit_logistics) != 5 or any(v < 0 for v in self.unit_logistics):
            raise ParseError("param unit_logistics: give 5 costs of 0 or more (levels 1..5)")
        if not self.fighter_squadrons or any(v < 1 for v in self.fighter_squadrons):
            raise ParseError("param fighter_squadrons: give squadrons of 1 or more per project level")


@dataclass(frozen=True)
class GalaxyParams(Params):
    """Shape of a generated galaxy (``generate_galaxy``); the defaults follow the sample campaign."""

    systems_per_faction: int = param(5, "systems of the open galaxy between the home clusters, per faction",
                                     min=0, max=200)
    home_ring: int = param(3, "systems around each homeworld, joined to it by Instability-1 wormholes", min=1, max=8)
    extra_links_percent: int = param(40, "extra wormholes in the open galaxy, percent of its systems", min=0, max=300)
    instability_weights: tuple[int, ...] = param(
        (70, 20, 10), "relative frequency of Instability 1, 2, 3... of open wormholes (sample sheet: 70/20/10)")
    concealment_weights: tuple[int, ...] = param(
        (75, 10, 7, 5, 2, 1), "relative frequency of wormhole concealment 0..5")
    planets_min: int = param(1, "fewest planets in a system", min=0, max=12)
    planets_max: int = param(5, "most planets in a system", min=0, max=12)
    colonisable_percent: int = param(20, "percent of planets with a desert, temperate or arctic biosphere",
                                     min=0, max=100)
    desolate_percent: int = param(25, "percent of planets that are desolate", min=0, max=100)
    belt_percent: int = param(35, "percent of systems with an asteroid belt", min=0, max=100)
    anomaly_percent: int = param(25, "percent of systems with an anomaly", min=0, max=100)
    nebula_percent: int = param(8, "percent of open systems inside a nebula", min=0, max=100)
    home_sites: int = param(2, "colonisable planets in every home cluster (the same for every nation)", min=0, max=8)

    def validate(self) -> None:
        if self.planets_min > self.planets_max:
            raise ParseError("param planets_min: above planets_max")
        if self.colonisable_percent + self.desolate_percent > 100:
            raise ParseError("param colonisable_percent + desolate_percent: above 100")
        for name in ("instability_weights", "concealment_weights"):
            weights = getattr(self, name)
            if not weights or any(w < 0 for w in weights) or sum(weights) == 0:
                raise ParseError(f"param {name}: give weights of 0 or more, not all 0")
        if len(self.concealment_weights) > 6:
            raise ParseError("param concealment_weights: concealment goes from 0 to 5 (at most 6 weights)")


@dataclass(frozen=True)
class OrgParams(Params):
    """Organisations, operations and culture (inventory 2.9-2.11); defaults are the document's or a ruling's."""

    science_office_sp_per_org: bool = param(
        False, "Science offices: Power random SP per organisation, not per office (ORG-11, Amb#38; ruling 301: per "
               "office, so Power x Power)")
    black_market_needs_consent: bool = param(
        False, "a black market needs the host's consent like a normal branch (Amb#37; ruling 304: no)")
    npc_consent: str = param(
        "gm", "consent of a world held by no nation (natives, NPCs): 'gm' asks the GM (queued; no answer is a "
              "refusal), 'deny', 'allow' (Amb#44, ruling 303)", choices=("gm", "deny", "allow"))
    op_target_numbers: tuple[int, ...] = param(
        (1, 1, 3, 6, 10, 15), "operation target number of adjusted level 0, 1, 2...; beyond the table n(n+1)/2 "
                              "(OPS-02, Amb#33, ruling 313)")
    recon_needs_knowledge: bool = param(
        True, "an operation's target must be a system or planet the nation knows (Amb#123, ruling 323)")
    adherence_max: int = param(5, "highest adherence of a social principle (CULT-01)", min=1, max=100)
    religious_branch_cap: int = param(
        1, "a Religious branch raises its guiding principle on an alien world up to this (ORG-17)", min=0, max=100)
    detect_any_branch: int = param(3, "a branch of any organisation reveals principles of adherence >= this "
                                      "(CULT-06)", min=1, max=100)
    detect_intel_branch: int = param(2, "an Intelligence or Religious branch reveals principles of adherence >= "
                                        "this (CULT-06)", min=1, max=100)
    expedition_credits_per_mr: int = param(50, "credits of an Asteroid Mining Expedition per Mineral Rating (OP-T6)",
                                           min=0)

    def validate(self) -> None:
        if not self.op_target_numbers or any(n < 0 for n in self.op_target_numbers):
            raise ParseError("param op_target_numbers: give target numbers of 0 or more, from adjusted level 0")


@dataclass(frozen=True)
class CampaignParams(StarKingdomsParams, OrgParams):
    """The rules' params (and the organisations' ones, ``orgs.OrgParams``) plus the shape of a campaign
    (how long, which galaxy, which bot orders)."""

    turns: int = param(40, "turns of the campaign; the GM may end it sooner (S1.1: 30-50 turns expected)",
                       min=1, max=1000)
    galaxy_seed: int = param(0, "seed of the generated galaxy (0: the campaign's own seed)", min=0)
    turn_closes: str = param("all", "when a turn is processed: 'all' as soon as every nation has submitted (or "
                             "when the GM closes it), 'gm' only when the GM closes it (ruling 22)",
                             choices=("all", "gm"))
    not_suicidal_ratio: int = param(3, "a side weaker than 1/N of its enemy (Firepower x Hull) does not seek "
                                    "battle and avoids it if it can (REL-07, Amb#54; 0: captains always fight "
                                    "as their orders say)", min=0, max=100)
    remote_sensor_rating: int = param(5, "Construction Rating of a Remote Sensor (CONS-07)", min=1)
    stabiliser_rating: int = param(20, "Construction Rating of a Wormhole Stabiliser (CONS-07)", min=1)
    mining_facility_rating: int = param(10, "Construction Rating of an Asteroid Mining Facility (CONS-07)", min=1)
    repair_yard_rating: int = param(20, "Construction Rating of an Orbital Repair Yard (CONS-07)", min=1)
    strip_mine_rating: int = param(30, "Construction Rating of a Strip Mine (CONS-07)", min=1)
    capture_homeworlds: bool = param(False, "a conquered homeworld changes hands at once; off: the capture "
                                     "waits for the GM (Amb#75, ruling 207)")
    default_stance: str = param("wary", "relationship to factions never declared (O02; REL default: Wary)",
                                choices=("allied", "friendly", "neutral", "wary", "hostile"))
    tow_speed: int = param(1, "Speed of a tug and of the ship it tows, the turn of the tow, for launches and "
                           "pursuit (TOW-01, Amb#103, ruling 271; 0: their own Speed)", min=0)
    strand_followers: bool = param(True, "units that lose their Nebula Sensors guide in a nebula are stranded "
                                   "until the GM answers (Amb#105, ruling 270); off: they may leave")
    nebula_blinds: bool = param(True, "ships without Nebula Sensors, troops in transports and Remote Sensors "
                                "in a nebula see no units there and ships cannot survey, study or salvage "
                                "there (S5.4, ruling 276)")
    disguise_lost_in_battle: bool = param(True, "a disguised ship that fights is seen through by every nation "
                                          "of the battle (VIS-06, ruling 277); off: only the GM reveals it")

    def validate(self) -> None:
        StarKingdomsParams.validate(self)
        OrgParams.validate(self)


SPEC = GameSpec(
    id="star-kingdoms",
    name="Star Kingdoms",
    version="1",
    players=range(2, 21),
    chance=Chance.DICE,
    information=Information.IMPERFECT,
    params=CampaignParams,
    description="a play-by-mail campaign of nations: orders as text, one turn a fortnight, a GM for the narrative",
    max_actions=5000,
    simultaneous=True,
)
