"""The technology tree and the effect vocabulary (K-Q01..K-Q03, K-A04, K-TE01..K-TE33, K-TE32).

Each technology's effect is data; these tests check that every technology carries the effect
its text describes, with the numbers of the text. Applying the effects in play belongs to the
ruleset (hook by hook); movement and support already apply them (test_board, test_combat)."""

from __future__ import annotations

import doctest
import importlib

import msgspec
import pytest

from starlanes.games.kardashev.content import load_content
from starlanes.games.kardashev.costs import Cost
from starlanes.games.kardashev.effects import (
    BASE_ACTIONS,
    HOOKS,
    Accrete,
    ActionBudget,
    Annihilate,
    BaseActionAsResearch,
    BlockProduction,
    Clone,
    ColonyCost,
    Downgrade,
    Effect,
    Erase,
    Event,
    FleetSite,
    FleetYield,
    FleetYieldByLevel,
    FreeSupports,
    Gain,
    HarvestNeighbours,
    MilitaryAsResource,
    MoveDiscount,
    MoveFree,
    MoveJump,
    MoveRange,
    Probe,
    Raid,
    Tax,
    Terraform,
    Tribute,
    effects_at,
)
from starlanes.games.kardashev.techs import (
    BASE_BUDGET,
    after_research,
    clone_refusal,
    player_effects,
    research_refusal,
    tech_levels,
    turn_budget,
)

CONTENT = load_content()
FAILED: Event = "own-attack-failed-on-colony"

EXPECTED: dict[str, tuple[str, Effect]] = {
    "harvest-rover": ("K-TE01", FleetYield(site="own-colony", amount=1)),
    "asteroid-mining": ("K-TE02", FleetYield(site="uncolonized-planet", amount=1)),
    "expanded-cargohold": ("K-TE03", FleetYieldByLevel()),
    "encryption": ("K-TE04", FreeSupports(count=1)),
    "terraform": ("K-TE05", Terraform(price=1)),
    "antimatter": ("K-TE06", Annihilate(reach=1, per_symbol=1)),
    "accretion-device": ("K-TE07", Accrete(reach=1, price=1)),
    "fuel-efficiency": ("K-TE08", MoveDiscount(energy=1)),
    "boosters": ("K-TE09", MoveRange(factor=2)),
    "salvage-drone": ("K-TE10", Tribute(event=FAILED, amount=3)),
    "raider-drone": ("K-TE11", Raid(event=FAILED)),
    "disruptor-drone": ("K-TE12", Downgrade(event=FAILED, target="defending-colony", levels=1)),
    "proximity-fuse": ("K-TE13", Tribute(event="own-colony-captured", amount=1)),
    "defensive-turrets": ("K-TE14", Downgrade(event="attack-on-own-colony-failed", target="attacking-fleet")),
    "orbital-defense-array": ("K-TE15", Downgrade(event="own-colony-captured", target="attacking-fleet")),
    "taxation": ("K-TE16", Tax(per_colony=1, reach=1)),
    "blockade": ("K-TE17", BlockProduction(reach=1)),
    "timeshares": ("K-TE18", HarvestNeighbours(per_fleet=1)),
    "propellant-depot": ("K-TE19", BaseActionAsResearch(actions=("move-fleet",))),
    "wormhole": ("K-TE20", MoveJump(count=1)),
    "dyson-sphere": ("K-TE21", MoveFree()),
    "fabricators": ("K-TE22", BaseActionAsResearch(actions=("build-fleet", "upgrade-fleet"))),
    "autonomous-construction": (
        "K-TE23",
        FleetSite(site="near-own-fleet", needs_military=False, price=Cost(matter=1, energy=1), build_level=1),
    ),
    "militarization": ("K-TE24", FleetSite(site="own-colony", needs_military=False)),
    "interstellar-ark": ("K-TE25", BaseActionAsResearch(actions=("build-colony", "upgrade-colony"))),
    "nanotube-polymers": ("K-TE26", ColonyCost(level=1, options=(Cost(food=1), Cost(matter=1)))),
    "space-probe": ("K-TE27", Probe()),
    "magnetic-rake": ("K-TE28", BaseActionAsResearch(actions=("harvest",))),
    "tractor-beam": ("K-TE29", Gain(event="own-tile-placed", resource="tile")),
    "arcology": ("K-TE30", MilitaryAsResource()),
    "botsourcing": ("K-TE31", BaseActionAsResearch(actions=BASE_ACTIONS, surcharge=1)),
    "cloning": ("K-TE32", Clone()),
    "memory-eraser": ("K-TE33", Erase(refund=True)),
}


@pytest.mark.parametrize("tech", sorted(EXPECTED), ids=lambda t: f"{EXPECTED[t][0]}-{t}")
def test_K_TE01_to_K_TE33_each_technology_carries_its_effect(tech: str) -> None:
    assert CONTENT.techs[tech].effects == (EXPECTED[tech][1],)


def test_every_technology_has_an_effect_and_every_effect_a_known_hook() -> None:
    assert set(EXPECTED) == set(CONTENT.techs)
    for tech in CONTENT.techs.values():
        for effect in tech.effects:
            assert effect.hook in HOOKS
            assert effect.is_action == tech.tech_action  # K-Q05: the 🔬 techs are the action effects


def test_effects_round_trip_through_json_with_their_kind() -> None:
    for tech in CONTENT.techs.values():
        encoded = msgspec.json.encode(tech.effects)
        assert msgspec.json.decode(encoded, type=tuple[Effect, ...]) == tech.effects
        assert all(f'"kind":"{e.kind}"' in encoded.decode() for e in tech.effects)


@pytest.mark.parametrize(
    ("role", "ability"),
    [
        ("generalist", ActionBudget(base=0, research=0, either=3)),  # K-A04
        ("imperialist", Gain(event="fleet-built-or-upgraded", resource="any")),  # K-F04
        ("pioneer", Gain(event="own-colony-built-or-upgraded", resource="tile")),  # K-C03
        ("salvager", Gain(event="own-harvest", resource="produced")),  # K-H03
        ("scientist", Gain(event="research", resource="cost")),  # K-Q04
        ("warlord", Gain(event="own-move", resource="tile", per="tile-entered", once_per_turn=True)),  # K-M06
    ],
)
def test_K_F04_K_C03_K_H03_K_Q04_K_M06_role_abilities_are_effects(role: str, ability: Effect) -> None:
    assert CONTENT.roles[role].abilities == (ability,)


def test_K_A01_K_A04_turn_budget_base_and_generalist() -> None:
    assert turn_budget(player_effects(CONTENT, "warlord", set())) == BASE_BUDGET
    generalist = turn_budget(player_effects(CONTENT, "generalist", set()))
    assert (generalist.base, generalist.research, generalist.either, generalist.total) == (0, 0, 3, 3)


def test_K_Q01_research_only_own_card_and_not_twice() -> None:
    assert research_refusal(CONTENT, "warlord", set(), "fuel-efficiency") is None
    assert research_refusal(CONTENT, "warlord", set(), "fabricators") == "Fabricators is not on the Warlord card"
    assert research_refusal(CONTENT, "generalist", set(), "taxation") == "Taxation is not on the Generalist card"
    assert research_refusal(CONTENT, "warlord", {"fuel-efficiency"}, "fuel-efficiency") == (
        "Fuel Efficiency is already researched"
    )


def test_K_Q02_prerequisite_either_face_of_the_card_below() -> None:
    assert research_refusal(CONTENT, "warlord", set(), "raider-drone") == (
        "Raider Drone needs Salvage Drone or Proximity Fuse first"
    )
    assert research_refusal(CONTENT, "warlord", {"proximity-fuse"}, "raider-drone") is None
    assert research_refusal(CONTENT, "warlord", {"salvage-drone"}, "blockade") is None
    assert research_refusal(CONTENT, "pioneer", set(), "terraform") is None  # level 2 with no prerequisite
    assert research_refusal(CONTENT, "pioneer", {"terraform"}, "accretion-device") is None
    assert research_refusal(CONTENT, "pioneer", {"encryption"}, "boosters") == "Boosters needs Fuel Efficiency first"


def test_K_Q02_a_cloned_copy_is_no_prerequisite() -> None:
    """Cloning copying Propellant Depot does not open Wormhole: only researched techs count."""
    held = {"botsourcing", "cloning"}
    assert research_refusal(CONTENT, "scientist", held, "memory-eraser") is None
    assert research_refusal(CONTENT, "scientist", {"botsourcing"}, "memory-eraser") == (
        "Memory Eraser needs Cloning first"
    )
    effects = player_effects(CONTENT, "scientist", held, cloned="fuel-efficiency")
    assert research_refusal(CONTENT, "scientist", held, "boosters") == "Boosters needs Fuel Efficiency first"
    assert MoveDiscount(energy=1) in effects


def test_K_Q03_researching_the_other_face_loses_the_old_one() -> None:
    held = frozenset({"salvage-drone", "blockade", "fuel-efficiency"})
    after = after_research(CONTENT, "warlord", held, "proximity-fuse")
    assert after == {"proximity-fuse", "blockade", "fuel-efficiency"}
    expected = {"salvage-drone", "raider-drone", "fuel-efficiency"}
    assert after_research(CONTENT, "warlord", held, "raider-drone") == expected
    with pytest.raises(ValueError, match="not on the warlord card"):
        after_research(CONTENT, "warlord", held, "fabricators")


def test_K_TE32_cloning_gives_the_copy_without_doubling_or_its_own_effect() -> None:
    base = player_effects(CONTENT, "scientist", {"botsourcing", "cloning"})
    assert not any(isinstance(e, Clone) for e in base)  # no copy chosen: Cloning does nothing itself
    copied = player_effects(CONTENT, "scientist", {"botsourcing", "cloning"}, cloned="timeshares")
    assert HarvestNeighbours(per_fleet=1) in copied
    held = {"botsourcing", "cloning", "fuel-efficiency"}
    doubled = player_effects(CONTENT, "scientist", held, cloned="fuel-efficiency")
    assert doubled.count(MoveDiscount(energy=1)) == 1
    # a copy of a face excluded by a held one is allowed
    both = player_effects(CONTENT, "scientist", {"botsourcing", "cloning", "taxation"}, cloned="proximity-fuse")
    assert Tax(per_colony=1, reach=1) in both and Tribute(event="own-colony-captured", amount=1) in both
    assert clone_refusal(CONTENT, "scientist", "timeshares") is None
    assert clone_refusal(CONTENT, "scientist", "cloning") == "a clone cannot copy a clone"
    assert clone_refusal(CONTENT, "scientist", "wormhole") == "Wormhole is not on the Scientist card"


def test_K_E04_cloning_scores_its_own_level_only() -> None:
    assert tech_levels(CONTENT, {"botsourcing", "cloning"}) == (1, 2)


def test_effects_at_picks_one_hook() -> None:
    effects = player_effects(CONTENT, "warlord", {"fuel-efficiency", "propellant-depot", "encryption"})
    assert effects_at(effects, "move") == (MoveDiscount(energy=1),)
    assert effects_at(effects, "support") == (FreeSupports(count=1),)
    assert effects_at(effects, "own-move") == CONTENT.roles["warlord"].abilities
    with pytest.raises(ValueError, match="unknown hook"):
        effects_at(effects, "lasers")


@pytest.mark.parametrize("module", ["board", "combat", "content", "costs", "effects", "scoring", "techs"])
def test_module_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"starlanes.games.kardashev.{module}"))
    assert result.attempted > 0 and result.failed == 0
