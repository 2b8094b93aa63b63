"""Technologies whose part-1 effects the campaign applies (TECH-06, TECH-S03..S29 that touch projects)."""

from __future__ import annotations

from pathlib import Path

import msgspec
from tests.games.star_kingdoms.test_campaign import campaign, faction, home, hw, report, run

from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.execute import check_orders, effective_pc_of
from starlanes.games.star_kingdoms.pipeline import faction_economy

CONTENT = Path(__file__).resolve().parents[3] / "src/starlanes/games/star_kingdoms/content/technologies.toml"


def _learn(state, *techs: str, **levels: int) -> None:  # type: ignore[no-untyped-def]
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, known=f.tech.known | set(techs), levels={**f.tech.levels, **levels})


def test_TECH_S04_to_S07_construction_techniques_raise_effective_pc() -> None:
    state = campaign()
    colony = home(state)
    base = effective_pc_of(state, faction(state), colony)
    native = faction(state).native
    _learn(state, f"construction-techniques-{native}")
    assert effective_pc_of(state, faction(state), colony) == base + 1


def test_TECH_S19_S20_naval_and_army_logistics_add_5_per_military_theory() -> None:
    state = campaign()
    before = faction_economy(state, faction(state)).logistics
    _learn(state, "naval-logistics", "army-logistics", **{"military-theory": 2})
    after = faction_economy(state, faction(state)).logistics
    assert before is not None and after is not None
    assert (after.flp_capacity - before.flp_capacity, after.alp_capacity - before.alp_capacity) == (10, 10)


def test_TECH_S09_TECH_S15_fighters_and_TECH_S03_shields_gate_their_projects() -> None:
    state = campaign()
    name = hw(state)
    assert not check_orders(state, 0, f"build ship fighter squadron on {name}\n")[0].accepted
    _learn(state, "fighters")
    assert check_orders(state, 0, f"build ship fighter squadron on {name}\n")[0].accepted
    refused = check_orders(state, 0, f"build ship fighter squadron on {name} at level 2\n")[0]
    assert not refused.accepted and "Advanced Fighter Construction" in refused.reason


def test_TECH_S17_detachment_design_unlocks_one_named_class() -> None:
    state = campaign()
    name = hw(state)
    cat = load_catalogue()
    advanced = next(c for c in cat.classes.values() if c.unit == "detachment" and c.design and c.level == 2)
    text = f"research detachment design for {advanced.name} on {name}\n"
    result = check_orders(state, 0, text)[0]
    assert result.accepted, result.reason
    state.factions[0].credits = 2000
    home(state).districts = Districts(industrial=2, academic=4, shipyard=1, military=1)
    run(state, {0: text})
    assert advanced.id in faction(state).tech.designs
    assert report(state).techs[0].design_class == advanced.id


def test_TECH_06_a_custom_technology_is_content(tmp_path: Path) -> None:
    custom = tmp_path / "technologies.toml"
    custom.write_text(CONTENT.read_text() + '\n[[tech]]\nid = "psionic-lattices"\nname = "Psionic Lattices"\n'
                      'field = "xenology"\nkind = "supplemental"\nrequires = [{ tech = "sensors", level = 2 }]\n')
    cat = load_catalogue(techs=custom)
    state = campaign()
    name = hw(state)
    refused = check_orders(state, 0, f"research psionic lattices on {name}\n", cat)[0]
    assert not refused.accepted and "Sensors 2" in refused.reason
    _learn(state, sensors=2)
    assert check_orders(state, 0, f"research psionic lattices on {name}\n", cat)[0].accepted
