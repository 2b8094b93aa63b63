"""Organisations (orgs.py): offices and Power, branches of every kind, outposts, consent, passive bonuses.

Inventory 2.9 (ORG-01..20), rules v2.6.8 S8; rulings 300-312.  The small campaign of
:func:`org_campaign` is shared with the operations and culture tests.
"""

from __future__ import annotations

import random

import pytest

from starlanes.core.errors import IllegalAction, ParseError
from starlanes.core.params import parse_params
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, Org
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import (
    Districts,
    ERSources,
    PlanetEconomy,
    economy_rating,
    host_trade_power,
    planet_pe,
)
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.galaxy import Galaxy, galaxy_from_data
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.orgs import (
    Consent,
    OrgParams,
    OrgWorld,
    SiteFacts,
    block_suppression,
    branch_problem,
    branches_seen_by,
    fob_remove_safe_house,
    fob_sightings,
    found_branch,
    grant_consent,
    host_trade_branches,
    lent_defenders,
    new_org_problem,
    office_problem,
    outpost_fighters,
    outpost_science,
    own_trade_branches,
    revoke_consent,
    science_points,
    site_facts,
    suppress,
    trade_office_power,
)
from starlanes.games.star_kingdoms.projects import project_level
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

P = OrgParams()


def small_galaxy() -> Galaxy:
    """A-B-C-D in a line, E off B through a hidden wormhole; homeworld slots on A and C.

    b1: natives (not Space Age), b2: uninhabited, d1: a Space Age people no nation plays."""
    def planet(ident: str, **extra: object) -> dict[str, object]:
        return {"id": ident, "name": ident.upper(), "biosphere": "temperate", "mineral_rating": 2, **extra}

    return galaxy_from_data({
        "schema": "star-kingdoms-galaxy/1", "name": "Test",
        "systems": [
            {"id": "A", "name": "Alpha", "planets": [planet("a1", homeworld=True)]},
            {"id": "B", "name": "Beta", "planets": [planet("b1", inhabitants="natives"), planet("b2")],
             "belts": [{"id": "b-belt", "name": "Beta Belt", "mineral_rating": 2}]},
            {"id": "C", "name": "Gamma", "planets": [planet("c1", homeworld=True)]},
            {"id": "D", "name": "Delta", "planets": [planet("d1", inhabitants="npc", space_age=True)],
             "anomalies": [{"id": "d-anom", "name": "Echo", "domain": "space", "rating": 8}]},
            {"id": "E", "name": "Epsilon", "planets": [planet("e1")]},
        ],
        "wormholes": [{"id": "AB", "a": "A", "b": "B"}, {"id": "BC", "a": "B", "b": "C"},
                      {"id": "CD", "a": "C", "b": "D"}, {"id": "BE", "a": "B", "b": "E", "concealment": 3}],
    }, "test")


def org_campaign(players: int = 2) -> CampaignState:
    """Two standard nations: seat 0 on a1 (system A), seat 1 on c1 (system C), who have met."""
    state = new_campaign(CampaignParams(), players, 5, galaxy=small_galaxy())
    a, c = state.factions[0], state.factions[1]
    a.known_factions.append(c.id)
    c.known_factions.append(a.id)
    return state


def add_org(state: CampaignState, seat: int, org_type: str, *, offices: int = 1, principle: str = "",
            name: str = "") -> Org:
    """A new organisation of the nation at ``seat`` with ``offices`` offices (its homeworld first;
    more offices stand on further colonies created here, so Power = offices)."""
    f = state.factions[seat]
    ident = f"{f.id}-o{len(f.orgs) + 1}"
    org = Org(id=ident, name=name or f"{org_type.title()} Org {len(f.orgs) + 1}", type=org_type,  # type: ignore[arg-type]
              principle=principle)
    planets = [c.planet for c in f.colonies]
    spare = [p for p in ("b2", "e1") if all(x.colony(p) is None for x in state.factions)]
    while len(planets) < offices:
        from starlanes.games.star_kingdoms.campaign import Colony

        p = spare.pop(0)
        f.colonies.append(Colony(planet=p, districts=Districts(industrial=1)))
        planets.append(p)
    for p in planets[:offices]:
        org.offices.append(p)
        colony = f.colony(p)
        assert colony is not None
        colony.offices.append(ident)
    f.orgs.append(org)
    return org


# --- offices, Power, new organisations ------------------------------------------------------------------


def test_ORG_01_power_is_the_number_of_offices_branches_add_none() -> None:
    state = org_campaign()
    org = add_org(state, 0, "trade", offices=2)
    assert org.power == 2
    world, _ = found_branch(OrgWorld(), org=org.id, faction=state.factions[0].id, org_type="trade", kind="branch",
                            site="outpost", system="B", turn=1)
    assert org.power == 2 and len(world.of_org(org.id)) == 1


def test_ORG_02_one_office_per_org_per_planet_only_on_own_planets() -> None:
    state = org_campaign()
    f = state.factions[0]
    org = f.orgs[0]
    assert office_problem(org, f.homeworld, [f.homeworld]) is not None  # its starting office is there
    assert "own planets" in (office_problem(org, "c1", [f.homeworld]) or "")
    fresh = Org(id="x", name="X", type="trade")
    assert office_problem(fresh, f.homeworld, [f.homeworld]) is None


def test_ORG_02_worked_example_office_project_level_is_offices_plus_one() -> None:
    """S8.1: Earth holds two offices, so a third is an L3 project; Mars holds one, so L2."""
    kind = load_catalogue().project("construct-office")
    assert project_level(kind, offices=2) == 3
    assert project_level(kind, offices=1) == 2


def test_ORG_03_new_org_needs_name_type_and_a_guiding_principle_if_religious() -> None:
    assert new_org_problem("Interplanetary Expeditions", "science", "") is None
    assert "name" in (new_org_problem(" ", "science", "") or "")
    assert "not an organisation type" in (new_org_problem("X", "pirate", "") or "")
    assert "guiding principle" in (new_org_problem("Church", "religious", "") or "")
    assert new_org_problem("Church", "religious", "Enlightenment through Beauty") is None
    assert "only a Religious" in (new_org_problem("Psi Corps", "intelligence", "Order") or "")


def test_ORG_04_several_orgs_of_one_type_act_on_their_own() -> None:
    state = org_campaign()
    one = add_org(state, 0, "trade", name="Edgars Industries")
    two = add_org(state, 0, "trade", name="Other Traders")
    assert new_org_problem("Third Traders", "trade", "", [one.name, two.name]) is None
    assert "already" in (new_org_problem("edgars industries", "trade", "", [one.name]) or "")
    state.factions[0].tech.levels["offworld-construction"] = 2
    world, _ = found_branch(OrgWorld(), org=one.id, faction=state.factions[0].id, org_type="trade", kind="branch",
                            site="outpost", system="B", turn=1)
    facts = site_facts(state, world, galaxy_index(state.galaxy), system="B", founder=state.factions[0].id)
    assert branch_problem(world, org=two.id, faction=state.factions[0].id, org_type="trade", kind="branch",
                          site="outpost", facts=facts, params=P) is None


# --- branches and sites ------------------------------------------------------------------------------------


def _facts(state: CampaignState, world: OrgWorld, *, system: str, planet: str = "", founder: str = "") -> SiteFacts:
    return site_facts(state, world, galaxy_index(state.galaxy), system=system, planet=planet, founder=founder)


def test_ORG_05_branches_only_on_inhabited_alien_planets_or_outposts() -> None:
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade")
    w = OrgWorld()

    def problem(**site: str) -> str | None:
        return branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch",
                              site="planet" if "planet" in site else "outpost",
                              facts=_facts(state, w, founder=a.id, **site), params=P, npc_consent=True)

    assert "uninhabited" in (problem(system="B", planet="b2") or "")
    assert "you control" in (problem(system="A", planet="a1") or "")
    assert problem(system="B", planet="b1") is None  # natives, the GM consented
    assert problem(system="B") is None  # an outpost


def test_ORG_06_one_branch_per_planet_and_per_outpost_both_in_one_system() -> None:
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade")
    w, _ = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                        system="B", planet="b1", turn=1)
    again = branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                           facts=_facts(state, w, system="B", planet="b1"), params=P, npc_consent=True)
    assert "already has a branch on this planet" in (again or "")
    outpost = branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                             facts=_facts(state, w, system="B", founder=a.id), params=P)
    assert outpost is None
    w, _ = found_branch(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="outpost", system="B",
                        turn=1)
    assert "already has a branch on this outpost" in (branch_problem(
        w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
        facts=_facts(state, w, system="B", founder=a.id), params=P) or "")


def test_ORG_07_normal_branch_on_another_players_planet_needs_consent_and_host_sees_it() -> None:
    state = org_campaign()
    a, c = state.factions
    org = add_org(state, 0, "trade")
    w = OrgWorld()
    facts = _facts(state, w, system="C", planet="c1")
    assert "consent" in (branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch",
                                        site="planet", facts=facts, params=P) or "")
    w = grant_consent(w, Consent(host=c.id, guest=a.id, kind="branch", location="c1"))
    assert branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                          facts=facts, params=P) is None
    w, b = found_branch(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet", system="C",
                        planet="c1", turn=2)
    assert b in branches_seen_by(w, c.id, ["c1"])
    w = revoke_consent(w, host=c.id, guest=a.id)
    assert w.consents == () and w.branch(b.id) is not None  # revoking keeps founded branches (ruling 303)


def test_ORG_07_consent_scoped_to_one_org_or_location() -> None:
    state = org_campaign()
    a, c = state.factions
    org = add_org(state, 0, "trade")
    other = add_org(state, 0, "science")
    w = grant_consent(OrgWorld(), Consent(host=c.id, guest=a.id, org=org.id))
    facts = _facts(state, w, system="C", planet="c1")
    assert branch_problem(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                          facts=facts, params=P) is None
    assert branch_problem(w, org=other.id, faction=a.id, org_type="science", kind="branch", site="planet",
                          facts=facts, params=P) is not None
    w2 = grant_consent(OrgWorld(), Consent(host=c.id, guest=a.id, location="d1"))
    assert branch_problem(w2, org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                          facts=facts, params=P) is not None


def test_ORG_07_npc_consent_is_the_gms_default_deny() -> None:
    """Amb#44 (ruling 303): a world no nation plays consents only when the GM says so."""
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade")
    w = OrgWorld()
    facts = _facts(state, w, system="D", planet="d1")
    kw = {"org": org.id, "faction": a.id, "org_type": "trade", "kind": "branch", "site": "planet", "facts": facts}
    assert branch_problem(w, params=P, **kw) is not None  # type: ignore[arg-type]
    assert branch_problem(w, params=P, npc_consent=True, **kw) is None  # type: ignore[arg-type]
    assert branch_problem(w, params=P.replace(npc_consent="allow"), **kw) is None  # type: ignore[arg-type]
    assert branch_problem(w, params=P.replace(npc_consent="deny"), npc_consent=True, **kw)  # type: ignore[arg-type]


def test_ORG_08_hidden_branches_need_no_consent_take_no_room_and_stay_hidden_from_the_host() -> None:
    """Amb#43 (ruling 305): safe houses and hidden lodges are the hidden branches."""
    state = org_campaign()
    a, c = state.factions
    spy = add_org(state, 0, "intelligence")
    church = add_org(state, 0, "religious", principle="Order")
    w = OrgWorld()
    for org, kind in ((spy, "safe-house"), (church, "hidden-lodge")):
        assert branch_problem(w, org=org.id, faction=a.id, org_type=org.type, kind=kind,  # type: ignore[arg-type]
                              site="planet", facts=_facts(state, w, system="C", planet="c1"), params=P) is None
        w, _ = found_branch(w, org=org.id, faction=a.id, org_type=org.type, kind=kind,  # type: ignore[arg-type]
                            site="planet", system="C", planet="c1", turn=1)
    assert branches_seen_by(w, c.id, ["c1"]) == ()
    assert len(branches_seen_by(w, a.id, [])) == 2
    # on an alien outpost: no room taken
    trader = add_org(state, 1, "trade")
    w, _ = found_branch(w, org=trader.id, faction=c.id, org_type="trade", kind="branch", site="outpost", system="D",
                        turn=1)
    w, house = found_branch(w, org=spy.id, faction=a.id, org_type="intelligence", kind="safe-house", site="outpost",
                            system="D", turn=2)
    assert house.hidden and not w.branch(house.id).suppressed(2)  # type: ignore[union-attr]
    from starlanes.games.star_kingdoms.orgs import outpost_capacity

    assert outpost_capacity(w, "D") == 1
    assert house not in branches_seen_by(w, c.id, ["c1"])


def test_ORG_08_hidden_branch_needs_an_alien_outpost() -> None:
    state = org_campaign()
    a = state.factions[0]
    spy = add_org(state, 0, "intelligence")
    w = OrgWorld()
    assert "alien outpost" in (branch_problem(w, org=spy.id, faction=a.id, org_type="intelligence",
                                              kind="safe-house", site="outpost",
                                              facts=_facts(state, w, system="B", founder=a.id), params=P) or "")


def test_ORG_09_a_branch_on_an_outpost_founds_the_outpost_one_per_system() -> None:
    state = org_campaign()
    a, c = state.factions
    org = add_org(state, 0, "trade")
    w, _ = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                        system="B", turn=4)
    assert w.outpost("B") is not None and w.outpost("B").owner == a.id  # type: ignore[union-attr]
    other = add_org(state, 1, "trade")
    w = grant_consent(w, Consent(host=a.id, guest=c.id))
    w, _ = found_branch(w, org=other.id, faction=c.id, org_type="trade", kind="branch", site="outpost", system="B",
                        turn=5)
    assert len(w.outposts) == 1 and w.outpost("B").owner == a.id  # type: ignore[union-attr]


def test_ORG_10_outpost_capacity_is_the_owners_offworld_construction_level() -> None:
    state = org_campaign()
    a, c = state.factions
    assert a.tech.level("offworld-construction") == 1
    one = add_org(state, 0, "trade")
    two = add_org(state, 0, "science")
    w, _ = found_branch(OrgWorld(), org=one.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                        system="B", turn=1)
    facts = _facts(state, w, system="B")
    assert facts.capacity == 1
    assert "no room" in (branch_problem(w, org=two.id, faction=a.id, org_type="science", kind="branch",
                                        site="outpost", facts=facts, params=P) or "")
    a.tech.levels["offworld-construction"] = 2
    assert branch_problem(w, org=two.id, faction=a.id, org_type="science", kind="branch", site="outpost",
                          facts=_facts(state, w, system="B"), params=P) is None
    # another nation needs consent on the outpost too
    theirs = add_org(state, 1, "trade")
    assert "consent" in (branch_problem(w, org=theirs.id, faction=c.id, org_type="trade", kind="branch",
                                        site="outpost", facts=_facts(state, w, system="B"), params=P) or "")


# --- passive bonuses --------------------------------------------------------------------------------------


def test_ORG_11_science_offices_power_random_points_per_office() -> None:
    """Amb#38 (ruling 301): Power points per office, each in a random field: Power x Power in all."""
    state = org_campaign()
    org = add_org(state, 0, "science", offices=2)
    sp = science_points([org], OrgWorld(), state.factions[0].id, 1, random.Random(1), P)
    assert sp.physics + sp.engineering + sp.xenology == 4
    per_org = science_points([org], OrgWorld(), state.factions[0].id, 1, random.Random(1),
                             P.replace(science_office_sp_per_org=True))
    assert per_org.physics + per_org.engineering + per_org.xenology == 2
    fields = set()
    for seed in range(30):
        s = science_points([org], OrgWorld(), state.factions[0].id, 1, random.Random(seed), P)
        fields |= {f for f in ("physics", "engineering", "xenology") if s.get(f)}
    assert fields == {"physics", "engineering", "xenology"}


def test_ORG_12_science_branch_on_alien_planet_power_points_in_its_field_xenology_if_not_space_age() -> None:
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "science", offices=2)
    w, _ = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="science", kind="branch", site="planet",
                        system="C", planet="c1", turn=1, field="physics")
    w, _ = found_branch(w, org=org.id, faction=a.id, org_type="science", kind="branch", site="planet",
                        system="B", planet="b1", turn=1, field="engineering")

    class Zero:
        def randint(self, low: int, high: int) -> int:
            return low  # every office point to physics

    sp = science_points([org], w, a.id, 2, Zero(), P, space_age={"b1": False, "c1": True})
    assert sp.physics == 4 + 2 and sp.xenology == 2 and sp.engineering == 0


def test_ORG_13_ORG_18_outpost_science_branch_studies_an_anomaly_at_current_sensors_when_uncontested() -> None:
    """Amb#41 (ruling 306): current Sensors a turn, only while Uncontested, until the study is done."""
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "science")
    w, b = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="science", kind="branch", site="outpost",
                        system="D", turn=1)
    got = outpost_science(w, a.id, 3, 2, unfinished={"D": ["d-anom"]})
    assert got == ((b, "d-anom", 3),)
    assert outpost_science(w, a.id, 3, 2, contested=["D"], unfinished={"D": ["d-anom"]}) == ()
    assert outpost_science(w, a.id, 3, 2, unfinished={"D": []}) == ()  # the study is done


def test_ORG_14_trade_bonuses_offices_pe_branches_er_and_host_pe_black_market_outpost() -> None:
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade", offices=2)
    assert trade_office_power([org]) == {a.homeworld: 2, "b2": 2}
    w, _ = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                        system="C", planet="c1", turn=1)
    w, _ = found_branch(w, org=org.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                        system="D", turn=1)
    w, _ = found_branch(w, org=org.id, faction=a.id, org_type="trade", kind="black-market", site="planet",
                        system="D", planet="d1", turn=1)
    powers = {org.id: org.power}
    params = StarKingdomsParams()
    er = economy_rating(ERSources(planet_pe=(10,), trade_branches=own_trade_branches(w, a.id, powers, 2)), params)
    assert er.trade_branches == 2 + 2 and er.outposts == 2 and er.total == 10 + 6
    host = host_trade_power(host_trade_branches(w, "c1", powers, 2), params)
    assert host == 2
    assert host_trade_power(host_trade_branches(w, "d1", powers, 2), params) == 0  # black market: nothing
    pe = planet_pe(PlanetEconomy(districts=Districts(industrial=1), mineral_rating=0, foreign_trade_power=host), params)
    assert pe.trade_branches == 2


def test_ORG_15_military_lends_heavy_security_teams_and_outpost_fighters() -> None:
    """Amb#52 (never against the lender or its Allies), Amb#53 (outpost fighters join on its side); ruling 307."""
    state = org_campaign()
    a, c = state.factions
    mil = add_org(state, 0, "military", offices=2)
    w, _ = found_branch(OrgWorld(), org=mil.id, faction=a.id, org_type="military", kind="branch", site="planet",
                        system="C", planet="c1", turn=1)
    orgs = {f.id: f.orgs for f in state.factions}
    own = lent_defenders(orgs, w, a.homeworld, government=a.id, attacker=c.id, turn=2)
    assert [(u.class_id, u.count) for u in own] == [("heavy-security-team", 2)]
    abroad = lent_defenders(orgs, w, "c1", government=c.id, attacker="pirates", turn=2)
    assert [(u.faction, u.count) for u in abroad] == [(a.id, 2)]
    assert lent_defenders(orgs, w, "c1", government=c.id, attacker=a.id, turn=2) == ()  # never against itself
    assert lent_defenders(orgs, w, "c1", government=c.id, attacker="x", allies={a.id: ["x"]}, turn=2) == ()
    w, _ = found_branch(w, org=mil.id, faction=a.id, org_type="military", kind="branch", site="outpost", system="B",
                        turn=1)
    assert [(u.class_id, u.count) for u in outpost_fighters(orgs, w, "B", 2)] == [("fighter-squadron", 2)]
    assert load_catalogue().classes["heavy-security-team"].unit == "detachment"


def test_ORG_16_OP_I10_fob_sees_safe_houses_on_its_outpost_and_removes_them_at_will() -> None:
    state = org_campaign()
    a, c = state.factions
    trader = add_org(state, 1, "trade")
    spy_a = add_org(state, 0, "intelligence")
    spy_c = add_org(state, 1, "intelligence")
    w, _ = found_branch(OrgWorld(), org=trader.id, faction=c.id, org_type="trade", kind="branch", site="outpost",
                        system="D", turn=1)
    w, house = found_branch(w, org=spy_a.id, faction=a.id, org_type="intelligence", kind="safe-house",
                            site="outpost", system="D", turn=2)
    with pytest.raises(IllegalAction, match="not a safe house you know"):
        fob_remove_safe_house(w, c.id, house.id)
    w, _ = found_branch(w, org=spy_c.id, faction=c.id, org_type="intelligence", kind="fob", site="outpost",
                        system="D", turn=3)
    w, lines = fob_sightings(w, c.id, 3, being_established=[("D", "someone")])
    assert len(lines) == 2 and house.id in lines[0] and "being established" in lines[1]
    assert house.id in {b.id for b in branches_seen_by(w, c.id, ["c1"])}
    w = fob_remove_safe_house(w, c.id, house.id)
    assert w.branch(house.id) is None


def test_ORG_17_religious_branch_kind_only_by_a_religious_org() -> None:
    """Hidden lodges are Religious (ORG-17); adherence changes are tested in test_culture."""
    state = org_campaign()
    a = state.factions[0]
    trade = add_org(state, 0, "trade")
    w = OrgWorld()
    assert "religious" in (branch_problem(w, org=trade.id, faction=a.id, org_type="trade", kind="hidden-lodge",
                                          site="planet", facts=_facts(state, w, system="C", planet="c1"),
                                          params=P) or "")


def test_ORG_20_suppressed_branches_give_no_bonus() -> None:
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade")
    w, b = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                        system="C", planet="c1", turn=1)
    w, result = suppress(w, b.id, 2, 3)
    assert result == "suppressed"
    powers = {org.id: 1}
    for turn, bonus in ((3, 0), (4, 0), (5, 0), (6, 1)):
        er = economy_rating(ERSources(planet_pe=(), trade_branches=own_trade_branches(w, a.id, powers, turn)),
                            StarKingdomsParams())
        assert er.trade_branches == bonus, turn
        assert host_trade_power(host_trade_branches(w, "c1", powers, turn), StarKingdomsParams()) == bonus


def test_suppression_twice_removes_and_an_insurgency_block_takes_one_attempt() -> None:
    """Amb#45 (ruling 309), OP-M2."""
    state = org_campaign()
    a = state.factions[0]
    org = add_org(state, 0, "trade")
    w, b = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="black-market", site="planet",
                        system="C", planet="c1", turn=1)
    w = block_suppression(w, b.id, 2, 2)
    w, result = suppress(w, b.id, 1, 3)
    assert result == "blocked"
    w, result = suppress(w, b.id, 1, 3)
    assert result == "suppressed"
    w, result = suppress(w, b.id, 1, 4)
    assert result == "removed" and w.branch(b.id) is None
    w2, b2 = found_branch(OrgWorld(), org=org.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                          system="C", planet="c1", turn=1)
    w2 = block_suppression(w2, b2.id, 1, 2)
    assert suppress(w2, b2.id, 1, 4)[1] == "suppressed"  # the block's window has closed


def test_org_params_parse_and_refuse_bad_values() -> None:
    p = parse_params(OrgParams, ["npc_consent=allow", "op_target_numbers=1,1,4"])
    assert p.npc_consent == "allow" and p.op_target_numbers == (1, 1, 4)
    with pytest.raises(ParseError):
        parse_params(OrgParams, ["npc_consent=maybe"])
    with pytest.raises(ParseError, match="op_target_numbers"):
        OrgParams(op_target_numbers=()).validate()


def test_VIS_08_a_nations_bonuses_of_a_turn_in_one_call_and_the_state_round_trips() -> None:
    """``operations.nation_bonuses``: what steps 2, 7 and the sheet need of one nation (ORG-11..20, CULT-06)."""
    import msgspec

    from starlanes.games.star_kingdoms.operations import OrgsState, nation_bonuses

    state = org_campaign()
    a, c = state.factions
    trade = add_org(state, 0, "trade")
    spy = add_org(state, 1, "intelligence")
    sci = add_org(state, 0, "science")
    w, _ = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                        system="C", planet="c1", turn=1)
    w, _ = found_branch(w, org=spy.id, faction=c.id, org_type="intelligence", kind="fob", site="outpost", system="D",
                        turn=1)
    w, house = found_branch(w, org=add_org(state, 0, "intelligence").id, faction=a.id, org_type="intelligence",
                            kind="safe-house", site="outpost", system="D", turn=2)
    w, _ = found_branch(w, org=sci.id, faction=a.id, org_type="science", kind="branch", site="planet", system="B",
                        planet="b1", turn=1, field="physics")
    orgs = OrgsState(world=w)
    orgs, mine = nation_bonuses(state, orgs, a.id, 3, random.Random(2))
    assert [t.power for t in mine.own_trade] == [1]
    assert mine.science.xenology >= 1  # b1's natives are not Space Age: xenology (ORG-12)
    assert [(s.planet, s.principles) for s in mine.sightings] == [("c1", {"Tradition": 3})]
    orgs, theirs = nation_bonuses(state, orgs, c.id, 3, random.Random(2))
    assert [b.power for b in theirs.host_trade["c1"]] == [1]
    assert any(house.id in line for line in theirs.notices)
    assert c.id in orgs.world.branch(house.id).found_by  # type: ignore[union-attr]
    assert mine.people_traits == ()  # the test nations have no traits
    from starlanes.games.star_kingdoms.campaign import Trait

    c.traits = [Trait(name="Hive Minds", category="people", text="secret effect"),
                Trait(name="Conquerors", category="ambition")]
    _, mine = nation_bonuses(state, orgs, a.id, 3, random.Random(2))
    assert mine.people_traits == ((c.id, "Hive Minds"),)  # VIS-08: the name only, never the ambition
    again = msgspec.json.decode(msgspec.json.encode(orgs), type=OrgsState)
    assert again == orgs


def test_the_sheet_section_shows_organisations_branches_and_principles_never_hidden_foreign_branches() -> None:
    """1.6 feedback sheet: operation progress, branches with their timers, foreign branches on own worlds
    (hidden ones left out until found), principles of own worlds (CULT-02)."""
    from starlanes.games.star_kingdoms.operations import OpTarget, OrgsState, World, start_operation
    from starlanes.games.star_kingdoms.orgsheet import organisations_section_of
    from starlanes.games.star_kingdoms.sheets.markdown import render_markdown
    from starlanes.games.star_kingdoms.sheets.model import build_sheet

    state = org_campaign()
    a, c = state.factions
    trade = add_org(state, 0, "trade", name="Edgars Industries")
    spy = add_org(state, 0, "intelligence", name="Psi Corps")
    w, hub = found_branch(OrgWorld(), org=trade.id, faction=a.id, org_type="trade", kind="branch", site="planet",
                          system="C", planet="c1", turn=1)
    w, house = found_branch(w, org=spy.id, faction=a.id, org_type="intelligence", kind="safe-house", site="planet",
                            system="C", planet="c1", turn=1)
    w, _ = suppress(w, hub.id, 2, state.turn)
    op = start_operation(World(state=state, orgs=w, catalogue=load_catalogue()), a.id, spy.id, "cultural-recon",
                         OpTarget(planet="c1"), state.turn)
    orgs = OrgsState(world=w, operations={spy.id: op})
    builders = [("organisations", organisations_section_of(orgs))]
    mine = render_markdown(build_sheet(state, a.id, builders=builders))
    assert "Edgars Industries" in mine and f"suppressed until turn {state.turn + 2}" in mine
    assert f"Cultural Recon (level {op.adjusted_level}): 0/{op.target_number}" in mine
    assert "safe house" in mine and "Tradition 3" in mine
    host = render_markdown(build_sheet(state, c.id, builders=builders))
    assert "Other nations' branches" in host and "Trade" in host
    assert "safe house" not in host and "Psi Corps" not in host and house.id not in host
