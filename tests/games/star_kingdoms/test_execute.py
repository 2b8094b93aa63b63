"""Orders checked and carried out in sheet order (execute.py): MISC-04, Amb#3, the project orders O07-O26."""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.test_campaign import campaign, faction, home, hw, report, run

from starlanes.games.star_kingdoms.campaign import CampaignState, Trait, TraitHooks
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.execute import check_orders, galaxy_index, start_orders
from starlanes.games.star_kingdoms.report import ReportBuilder
from starlanes.games.star_kingdoms.tech import SciencePoints


def verdicts(state: CampaignState, text: str, seat: int = 0) -> list[tuple[bool, str]]:
    return [(r.accepted, r.reason) for r in check_orders(state, seat, text)]


def test_MISC_04_every_line_accepted_or_refused_with_its_reason() -> None:
    state = campaign()
    name = hw(state)
    typo = name[:-1] + ("X" if name[-1] != "X" else "Y")
    text = (f"build industrial district on {name}\n"
            f"build academic district on {name}\n"          # slot busy (line 1)
            f"build academic district on {typo}\n"           # unknown planet, with the known names
            "research beam weapons on " + name + "\n"        # prerequisite missing
            "frobnicate everything\n"                        # not an order
            f"# a comment\n\nbuild ship patrol ship on {name}\n")
    results = check_orders(state, 0, text)
    assert [r.line for r in results] == [1, 2, 3, 4, 5, 8]
    ok = [r.accepted for r in results]
    assert ok == [True, False, False, False, False, False]
    assert "busy: line 1" in results[1].reason
    assert "unknown planet" in results[2].reason and name in results[2].reason
    assert "Starship Weapons 3" in results[3].reason
    assert "unknown order" in results[4].reason
    assert "costs 50 credits; you have 0 left" in results[5].reason  # 450 spent on line 1 (level 3: 450)


def test_check_orders_changes_nothing() -> None:
    state = campaign()
    before = msgspec.json.encode(state)
    check_orders(state, 0, f"build industrial district on {hw(state)}\ngm request a ship please\n")
    assert msgspec.json.encode(state) == before


def test_amb_3_opening_balance_pays_in_sheet_order() -> None:
    """Amb#3: step 1 spends only the opening balance, from the top down; this turn's income cannot pay."""
    state = campaign()
    name = hw(state)
    text = f"research sensors on {name}\nbuild shipyard district on {name}\nbuild ship patrol ship on {name}\n"
    assert verdicts(state, text) == [(True, "started at level 2, 200 credits"), (True, "started, 200 credits"),
                                     (True, "started, 50 credits")]
    text = f"build industrial district on {name}\nresearch sensors on {name}\n"
    assert verdicts(state, text)[1] == (False, "costs 200 credits; you have 0 left after the lines above")


def test_PROJ_01_cost_paid_at_start_and_PROJ_02_one_project_per_slot() -> None:
    state = campaign()
    name = hw(state)
    run(state, {0: f"build shipyard district on {name}\n"})
    r = report(state)
    assert r.ledger.entries[0].kind == "spend" and r.ledger.entries[0].amount == 200
    assert faction(state).credits == 450 - 200 + r.economy.income  # type: ignore[union-attr]
    project = home(state).projects["industrial"]
    assert (project.level, project.target, project.paid, project.progress) == (2, 4, 200, 2)
    refused = verdicts(state, f"build military district on {name}\n")[0]
    assert not refused[0] and "industrial slot" in refused[1] and "busy" in refused[1]
    assert verdicts(state, f"research sensors on {name}\n")[0][0]  # another slot is free


def test_PROJ_03_cancel_refunds_half_frees_the_slot_the_same_turn() -> None:
    state = campaign()
    name = hw(state)
    run(state, {0: f"build shipyard district on {name}\nrush industrial project on {name}\n"})
    credits = faction(state).credits
    run(state, {0: f"cancel industrial project on {name}\nbuild military district on {name}\n"})
    r = report(state)
    refund = [e for e in r.ledger.entries if e.kind == "refund"]
    assert refund[0].amount == (200 + 75 + 1) // 2  # cost and rush, rounded up (ruling 8)
    assert [p.status for p in r.projects if p.status == "cancelled"] == ["cancelled"]
    assert home(state).projects["industrial"].detail["district"] == "military"
    assert faction(state).credits == credits + 138 - 200 + r.economy.income  # type: ignore[union-attr]


def test_PROJ_08_rush_costs_75_up_to_the_cap_and_PROJ_I6_trait_ban() -> None:
    state = campaign()
    name = hw(state)
    # Construct District rushes up to the effective PC (homeworld: PC 2 + 1 = 3; ruling 9)
    got = verdicts(state, f"build shipyard district on {name}\nrush industrial project on {name} x 3\n")
    assert got[1] == (True, "+3 progress this turn, 225 credits")
    state.factions[0].credits = 2000
    got = verdicts(state, f"build shipyard district on {name}\nrush industrial project on {name} x 4\n")
    assert not got[1][0] and "at most 3 time(s)" in got[1][1]
    got = verdicts(state, f"research sensors on {name}\nrush academic project on {name} x 2\n"
                          f"rush academic project on {name}\n")
    assert got[1] == (True, "+2 progress this turn, 150 credits")
    assert not got[2][0] and "at most 2" in got[2][1]
    state.factions[0].traits = [Trait(name="Crystal Spires", category="homeworld", drawback=True,
                                      hooks=TraitHooks(no_rush=("industrial",)))]
    got = verdicts(state, f"build shipyard district on {name}\nrush industrial project on {name}\n")
    assert got[1] == (False, "a trait forbids rushing this project")


def test_PROJ_09_rush_example_completes_this_turn() -> None:
    """S7.2: progress 6/9 at Shipyard 2 with one rush reaches 9 and completes this turn."""
    state = campaign()
    name = hw(state)
    colony = home(state)
    colony.districts = Districts(industrial=2, academic=2, shipyard=2, military=1)
    state.factions[0].tech = msgspec.structs.replace(state.factions[0].tech,
                                                     levels={**state.factions[0].tech.levels, "ship-construction": 3})
    run(state, {0: f"build ship heavy cruiser on {name} named Resolve\n"})
    assert home(state).projects["shipyard"].progress == 2
    colony.projects["shipyard"] = msgspec.structs.replace(home(state).projects["shipyard"], progress=6)
    run(state, {0: f"rush shipyard project on {name}\n"})
    assert "shipyard" not in home(state).projects
    assert any(u.name == "Resolve" and u.level == 3 for u in faction(state).units)


def test_PROJ_11_a_slot_without_district_is_refused() -> None:
    state = campaign()
    home(state).districts = Districts(industrial=2, academic=2, shipyard=0, military=1)
    got = verdicts(state, f"build ship patrol ship on {hw(state)}\n")
    assert not got[0][0] and "no district of that type" in got[0][1]


def test_PROJ_I1_district_level_capped_by_effective_pc() -> None:
    state = campaign()
    name = hw(state)
    home(state).districts = Districts(industrial=3, academic=3, shipyard=1, military=1)
    got = verdicts(state, f"build industrial district on {name}\nbuild academic district on {name}\n")
    assert not got[0][0] and "effective Planetary Construction 4" in got[0][1] and "(this planet: 3)" in got[0][1]


def test_PROJ_I2_office_caps_and_a_new_organisation() -> None:
    state = campaign()
    name = hw(state)
    org = faction(state).orgs[0].name
    got = verdicts(state, f"build office on {name} for {org}\n")
    assert not got[0][0] and "already has an office" in got[0][1]
    run(state, {0: f"build office on {name} for new trade org Merchants Guild\n"})
    project = home(state).projects["industrial"]
    assert project.level == 2  # offices already here (1) + 1
    for _ in range(3):
        run(state)
    guild = [o for o in faction(state).orgs if o.name == "Merchants Guild"]
    assert guild and guild[0].type == "trade" and guild[0].offices == [faction(state).homeworld]
    assert home(state).offices == [faction(state).orgs[0].id, guild[0].id]
    got = verdicts(state, f"build office on {name} for new science org Third\n")
    assert got[0][0]  # the homeworld holds PC 2 + 1 = 3 offices: a third fits
    home(state).offices.append("x")
    got = verdicts(state, f"build office on {name} for new science org Fourth\n")
    assert got[0] == (False, "a planet may hold 3 office(s) at effective Planetary Construction 3")


def test_ECO_06_trade_office_adds_power_to_pe() -> None:
    state = campaign()
    faction(state).orgs[0].type = "trade"
    run(state)
    line = report(state).economy.planets[0]  # type: ignore[union-attr]
    assert line.pe.trade_offices == 1 and line.pe.total == 24 + 6 + 1


def test_PROJ_I3_rebuild_and_repair() -> None:
    state = campaign()
    name = hw(state)
    assert "no Devastation" in verdicts(state, f"rebuild {name}\n")[0][1]
    home(state).devastation = 2
    home(state).bombarded = True
    assert "bombardment or invasion" in verdicts(state, f"rebuild {name}\n")[0][1]
    home(state).bombarded = False
    run(state, {0: f"rebuild {name}\n"})
    assert home(state).devastation == 0
    assert report(state).projects[0].status == "completed"
    # Amb#15: started, then bombarded: no progress, not cancelled
    home(state).devastation = 1
    home(state).districts = Districts(industrial=0, academic=2, shipyard=1, military=1)
    assert "no district of that type" in verdicts(state, f"rebuild {name}\n")[0][1]
    home(state).districts = Districts(industrial=2, academic=2, shipyard=1, military=1)
    start_orders(state, 0, f"rebuild {name}\n", ReportBuilder("x", turn=state.turn, opening=faction(state).credits,
                                                               sp=SciencePoints()))
    home(state).projects["industrial"] = msgspec.structs.replace(home(state).projects["industrial"], target=5)
    home(state).bombarded = True
    assert "no progress while the planet is bombarded" in verdicts(state, f"rush industrial project on {name}\n")[0][1]
    run(state)
    assert home(state).projects["industrial"].progress == 0
    assert report(state).projects[0].status == "stalled" and "Amb#15" in report(state).projects[0].result

def test_PROJ_I5_TECH_S03_planetary_shield_needs_the_tech() -> None:
    state = campaign()
    name = hw(state)
    assert "needs the Planetary Shields technology" in verdicts(state, f"build planetary shield on {name}\n")[0][1]
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, known=f.tech.known | {"planetary-shields"})
    f.credits = 2000
    run(state, {0: f"build planetary shield on {name}\n"})
    assert home(state).projects["industrial"].level == 3
    for _ in range(4):
        run(state)
    assert home(state).shield
    assert "already has a Planetary Shield" in verdicts(state, f"build planetary shield on {name}\n")[0][1]


def test_PROJ_I4_PROJ_S4_PROJ_M4_research_in_the_matching_district_and_DIST_06() -> None:
    state = campaign()
    name = hw(state)
    f = faction(state)
    f.credits = 5000
    home(state).districts = Districts(industrial=3, academic=2, shipyard=3, military=3)
    run(state, {0: f"research planetary construction on {name} in industrial\n"
                   f"research ship construction on {name} in shipyard\n"
                   f"research military theory on {name} in military\n"})
    levels = {p.kind: p.level for p in home(state).projects.values()}
    assert levels == {"research-planetary-construction": 3, "research-ship-construction": 3,
                      "research-military-theory": 2}
    for _ in range(3):
        run(state)
    t = faction(state).tech
    assert (t.level("planetary-construction"), t.level("ship-construction"), t.level("military-theory")) == (3, 3, 2)
    assert "industrial districts cannot research Sensors" in verdicts(state, f"research sensors on {name} in "
                                                                             "industrial\n")[0][1]


def test_PROJ_A1_core_research_and_DIST_03_academic_progress() -> None:
    state = campaign()
    name = hw(state)
    run(state, {0: f"research sensors on {name}\n"})
    p = home(state).projects["academic"]
    assert (p.kind, p.level, p.target, p.progress) == ("research-core-technology", 2, 4, 2)  # Academic 2 a turn
    run(state)
    assert faction(state).tech.level("sensors") == 2
    gained = report(state).techs
    assert gained[0].tech == "sensors" and gained[0].level == 2 and gained[0].how == "project"


def test_PROJ_A2_supplemental_needs_prerequisites_and_takes_their_level() -> None:
    state = campaign()
    name = hw(state)
    got = verdicts(state, f"research hardened materials on {name}\n")
    assert got[0][0] and "level 2" in got[0][1]  # Planetary Construction 2 is a starting L2 tech
    got = verdicts(state, f"research planetary shields on {name}\n")
    assert not got[0][0] and "Planetary Construction 3" in got[0][1]


def test_PROJ_A4_research_never_transfers_techs_to_other_nations() -> None:
    state = campaign()
    # its science points may grow (its Science office, ORG-11): the technologies must not
    other = msgspec.json.encode(msgspec.structs.replace(state.factions[1].tech, sp=SciencePoints()))
    run(state, {0: f"research sensors on {hw(state)}\n"})
    run(state)
    assert faction(state).tech.level("sensors") == 2
    assert msgspec.json.encode(msgspec.structs.replace(state.factions[1].tech, sp=SciencePoints())) == other


def test_PROJ_S1_ship_built_with_module_levels_at_completion_amb_19() -> None:
    state = campaign()
    name = hw(state)
    assert "Ship Construction 3" in verdicts(state, f"build ship heavy cruiser on {name}\n")[0][1]
    assert "needs" in verdicts(state, f"build ship fighter squadron on {name}\n")[0][1]
    run(state, {0: f"build ship patrol ship on {name} named Lance with ship weapons\n"
                   f"research starship weapons on {name}\n"})
    run(state)  # the weapons research (L2, target 4) completes at Academic 2 on turn 2
    ships = [u for u in faction(state).units if u.name == "Lance"]
    assert len(ships) == 1 and ships[0].planet == faction(state).homeworld and ships[0].built == 1
    weapons = [m.tl for m in ships[0].modules if m.module == "ship-weapons"]
    assert weapons == [1, 1, 1]  # built on turn 1 at Starship Weapons 1
    assert "already have a unit named" in verdicts(state, f"build ship patrol ship on {name} named lance\n")[0][1]


def test_PROJ_S1b_TECH_S15_fighter_squadrons_with_advanced_fighter_construction() -> None:
    state = campaign()
    name = hw(state)
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, known=f.tech.known | {"fighters"},
                                     levels={**f.tech.levels, "ship-construction": 3})
    f.credits = 3000
    assert "Advanced Fighter Construction" in verdicts(state, f"build ship fighter squadron on {name} at level 2\n"
                                                       )[0][1]
    f.tech = msgspec.structs.replace(f.tech, known=f.tech.known | {"advanced-fighter-construction"})
    home(state).districts = Districts(industrial=2, academic=2, shipyard=4, military=1)
    run(state, {0: f"build ship fighter squadron on {name} named Wasp at level 2\n"})
    squadrons = [u for u in faction(state).units if u.name.startswith("Wasp")]
    assert [u.name for u in squadrons] == ["Wasp", "Wasp 2", "Wasp 3"] and all(u.level == 1 for u in squadrons)


def test_PROJ_S2_repair_serves_only_ships_at_the_planet_amb_16() -> None:
    state = campaign()
    name = hw(state)
    ships = [u for u in faction(state).units if u.unit == "ship"]
    for s in ships:
        s.damage = 3
    ships[1].planet = ""
    run(state, {0: f"repair ships {ships[0].name}, {ships[1].name} on {name} at level 1\n"})
    f = faction(state)
    assert f.unit_by_id(ships[0].id).damage == 0  # type: ignore[union-attr]
    assert f.unit_by_id(ships[1].id).damage == 3  # type: ignore[union-attr]
    assert "not served" in report(state).projects[0].result
    dets = [u.name for u in f.units if u.unit == "detachment"]
    assert "is a detachment" in verdicts(state, f"repair ships {dets[0]} on {name} at level 1\n")[0][1]


def test_PROJ_S3_refit_raises_module_levels_and_TECH_09_others_keep_theirs() -> None:
    state = campaign()
    name = hw(state)
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "starship-weapons": 3})
    patrol, probe = [u for u in f.units if u.unit == "ship"]
    run(state, {0: f"refit ship {patrol.name} on {name} at level 1\n"})
    f = faction(state)
    assert {m.tl for m in f.unit_by_id(patrol.id).modules if m.module == "ship-weapons"} == {3}  # type: ignore[union-attr]
    assert {m.tl for m in f.unit_by_id(probe.id).modules} == {1}  # type: ignore[union-attr]


def test_PROJ_S5_TECH_S29_orbital_yard_repairs_at_progress_1() -> None:
    state = campaign()
    name = hw(state)
    ship = next(u for u in faction(state).units if u.unit == "ship")
    ship.damage = 2
    assert "no Orbital Repair Yard" in verdicts(state, f"repair ships {ship.name} on {name} at level 1 in "
                                                       "orbital yard\n")[0][1]
    home(state).orbital_yard = True
    run(state, {0: f"repair ships {ship.name} on {name} at level 1 in orbital yard\n"
                   f"build ship patrol ship on {name}\n"})  # the Shipyard slot stays free for a new ship
    assert faction(state).unit_by_id(ship.id).damage == 0  # type: ignore[union-attr]


def test_PROJ_M1_M2_M3_detachments() -> None:
    state = campaign()
    name = hw(state)
    dets = [u for u in faction(state).units if u.unit == "detachment"]
    assert "Military Theory 2" in verdicts(state, f"train infantry battalion on {name}\n")[0][1]
    run(state, {0: f"train security team on {name} named Watch\n"})
    assert any(u.name == "Watch" and u.unit == "detachment" for u in faction(state).units)
    dets[0].damage = 4
    run(state, {0: f"reinforce {dets[0].name} on {name} at level 1\n"})
    assert faction(state).unit_by_id(dets[0].id).damage == 0  # type: ignore[union-attr]
    got = verdicts(state, f"refit detachment {dets[1].name} on {name} at level 1\n")
    assert got[0][0]


def test_TECH_05_breakthrough_spends_sp_of_its_field() -> None:
    state = campaign()
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, sp=SciencePoints(physics=25))
    run(state, {0: "breakthrough sensors\nbreakthrough sensors\n"})
    r = report(state)
    offices = sum(c.amount for c in r.science.changes if c.field == "physics" and "organisations" in c.label)
    assert faction(state).tech.level("sensors") == 2 and faction(state).tech.sp.physics == 5 + offices
    assert [o.accepted for o in r.orders] == [True, False]
    assert "45 physics" in r.orders[1].reason
    assert r.science.changes[0].amount == -20


def test_TECH_08_level_6_needs_gm_permission() -> None:
    state = campaign()
    f = faction(state)
    f.tech = msgspec.structs.replace(f.tech, levels={**f.tech.levels, "sensors": 5})
    f.credits = 5000
    got = verdicts(state, f"research sensors on {hw(state)}\n")
    assert not got[0][0] and "GM's permission" in got[0][1]


def test_O01_O02_relationships_with_known_nations_only() -> None:
    state = campaign()
    other = state.factions[1].name
    got = verdicts(state, f"relationship with {other} is hostile\ndefault relationship is neutral\n")
    assert not got[0][0] and "unknown faction" in got[0][1]
    assert got[1][0]
    state.factions[0].known_factions.append(state.factions[1].id)
    run(state, {0: f"relationship with {other} is hostile\ndefault relationship is neutral\n"})
    assert faction(state).relationships == {state.factions[1].id: "hostile"}
    assert faction(state).default_relationship == "neutral"


def test_O26_gm_request_goes_to_the_queue_and_ECO_12_TRD_01_no_bank_transfers() -> None:
    state = campaign()
    run(state, {0: "gm request a level 6 sensors project please\ntransfer 100 credits to kethri\n"})
    assert [i.kind for i in state.gm_queue] == ["request"]
    assert not report(state).orders[1].accepted and "unknown order" in report(state).orders[1].reason


def test_a_refused_line_takes_no_name_from_the_lines_below() -> None:
    state = campaign()
    name = hw(state)
    state.factions[0].credits = 60
    state.factions[0].traits = [Trait(name="Landlocked", category="homeworld",
                                      hooks=TraitHooks(cost_percent={"construct-ship": 200}))]
    got = verdicts(state, f"build ship patrol ship on {name} named Hope\ntrain security team on {name} named Hope\n")
    assert got[0] == (False, "costs 100 credits; you have 60 left after the lines above")
    assert got[1] == (True, "started, 50 credits")


def test_names_suggested_are_only_planets_the_nation_knows() -> None:
    """Ruling 29: an unknown planet is 'unknown' even if it exists, and no hint names an unseen planet."""
    state = campaign()
    gi = galaxy_index(state.galaxy)
    known = set(state.knowledge[faction(state).id].planets)
    unseen = next(p for p in gi.planets.values() if p.id not in known)
    got = verdicts(state, f"build industrial district on {unseen.name}\n")
    assert not got[0][0] and f"unknown planet '{unseen.name}'" in got[0][1]
    for name in (p.name for p in gi.planets.values() if p.id not in known):
        assert f"'{name}'" not in got[0][1].split(";", 1)[-1]


def test_check_and_the_turn_agree_line_for_line() -> None:
    """Ruling 23: what orders check says of each line is what step 1 does with it."""
    from starlanes.games.star_kingdoms.bot import economic_orders

    state = campaign(2, seed=21)
    name = hw(state)
    extra = (f"rush industrial project on {name} x 2\nresearch sensors on {name}\nbuild ship patrol ship on {name}\n"
             f"cancel academic project on {name}\nresearch engines on {name}\nbreakthrough sensors\n")
    for _ in range(6):
        text = economic_orders(state, 0) + extra
        checked = check_orders(state, 0, text)
        run(state, {0: text})
        done = report(state).orders
        assert [(r.line, r.accepted, r.reason) for r in checked] == [(r.line, r.accepted, r.reason) for r in done]
