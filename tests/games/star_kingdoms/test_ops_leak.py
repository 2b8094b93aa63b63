"""The leak test for operations and hidden branches (VIS-07, ORG-08, OP-I8; issue 15 item 7).

Two runs of one campaign differ only in what nation B's Intelligence organisation does: in the
secret run it founds a safe house on A's homeworld and then runs a Planetary Recon and a Cultural
Recon of it; in the control run it runs a Military Recon of an empty system.  Nation A's sheet
(Markdown and HTML) and A's whole seat view stay byte-identical turn after turn, and even when A's
own Police Crackdown hits B's safe house, A learns nothing more than in the control run (ruling
327).  The secret run is real: B's own sheet and knowledge hold what it learned.
"""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.test_org_wiring import _learn
from tests.games.star_kingdoms.test_orgs import add_org, org_campaign

from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.game import make_ruleset
from starlanes.games.star_kingdoms.pipeline import process_turn
from starlanes.games.star_kingdoms.sheets import build_sheet
from starlanes.games.star_kingdoms.sheets.html import render_html
from starlanes.games.star_kingdoms.sheets.markdown import render_markdown

GAME = make_ruleset()
GAME_CATALOGUE = load_catalogue()


def _seen_by_a(state: CampaignState) -> tuple[str, str, bytes]:
    sheet = build_sheet(state, state.factions[0].id)
    return render_markdown(sheet), render_html(sheet), GAME.view_to_json(GAME.view(state, 0))


def _run(secret: bool) -> tuple[CampaignState, list[tuple[str, str, bytes]]]:
    state = org_campaign()
    add_org(state, 0, "intelligence", name="Home Guard")
    add_org(state, 1, "intelligence", offices=3, name="Night Office")  # Power 3; offices on C1, B2, E1
    _learn(state, 1, "a1")
    quiet = "operation Military Recon by Night Office in Epsilon\n"
    b_orders = ["operation Establish Safe House by Night Office on A1\n",
                "operation Planetary Recon by Night Office on A1\n",
                "operation Cultural Recon by Night Office on A1\n"] if secret else [quiet] * 3
    seen = [_seen_by_a(state)]
    for i, b in enumerate([*b_orders, "", "", ""]):  # the crackdown: level 2, Power 1
        a = "operation Police Crackdown by Home Guard on A1\n" if i == 3 else ""
        process_turn(state, {0: a, 1: b})
        seen.append(_seen_by_a(state))
    return state, seen


def test_VIS_07_ORG_08_OP_I8_operations_and_hidden_branches_never_reach_the_host() -> None:
    secret, seen_secret = _run(secret=True)
    control, seen_control = _run(secret=False)
    for turn, (got, want) in enumerate(zip(seen_secret, seen_control, strict=True)):
        assert got == want, f"A's sheet or view differs at turn {turn}"
    b = secret.factions[1]
    # the secret run did happen: B holds a (now suppressed) safe house and its recon reports
    (house,) = [x for x in secret.organisations.world.branches if x.kind == "safe-house"]
    assert house.planet == "a1" and house.suppressed_until > 0
    b_facts = "\n".join(f.text for f in secret.knowledge[b.id].facts)
    assert "Planetary Recon of A1" in b_facts and "social principles of A1" in b_facts
    assert "Tradition: adherence 3" in b_facts
    b_sheet = render_markdown(build_sheet(secret, b.id))
    assert "Planetary Recon of A1" in b_sheet and f"your branch {house.id} on A1 was suppressed" in b_sheet
    # A's crackdown ran in both: A is told it was carried out, nothing of what it hit
    assert "Police Crackdown on A1 carried out" in seen_secret[-1][0]
    assert all(house.id not in md and "safe house" not in md.casefold() for md, _, _ in seen_secret)
    assert not control.organisations.world.branches


def test_VIS_07_ORG_08_property_hidden_branches_and_operations_of_b_never_reach_a() -> None:
    """Any mix of B's hidden branches on A's world and on A's outpost, B's operations under way
    against A (with their targets and progress) and B's consents leaves A's sheet and view as they
    were; a non-hidden branch of B on A's world does show (the control)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from starlanes.games.star_kingdoms.operations import OpTarget, OrgsState, World, start_operation
    from starlanes.games.star_kingdoms.orgs import Consent, OrgWorld, found_branch

    base = org_campaign()
    a, b = base.factions
    mine = add_org(base, 0, "trade")
    spy = add_org(base, 1, "intelligence", name="Night Office")
    church = add_org(base, 1, "religious", principle="Hidden Truth", name="Quiet Choir")
    _learn(base, 1, "a1")
    world0, _ = found_branch(OrgWorld(), org=mine.id, faction=a.id, org_type="trade", kind="branch", site="outpost",
                             system="A", turn=0)
    base.organisations = OrgsState(world=world0)
    before = _seen_by_a(base)
    w = World(state=base, orgs=world0, catalogue=GAME_CATALOGUE)
    recon = start_operation(w, b.id, spy.id, "planetary-recon", OpTarget(planet="a1"), 1)
    lodge = start_operation(w, b.id, church.id, "establish-hidden-lodge", OpTarget(planet="a1"), 1)

    @settings(max_examples=25, deadline=None)
    @given(house_planet=st.booleans(), house_outpost=st.booleans(), lodge_planet=st.booleans(),
           ops=st.sets(st.sampled_from(["recon", "lodge"])), progress=st.integers(0, 9), consent=st.booleans())
    def check(house_planet: bool, house_outpost: bool, lodge_planet: bool, ops: set[str], progress: int,
              consent: bool) -> None:
        world = world0
        for wanted, org, kind, site in ((house_planet, spy, "safe-house", "planet"),
                                        (house_outpost, spy, "safe-house", "outpost"),
                                        (lodge_planet, church, "hidden-lodge", "planet")):
            if wanted:
                world, _ = found_branch(world, org=org.id, faction=b.id, org_type=org.type, kind=kind,  # type: ignore[arg-type]
                                        site=site, system="A", planet="a1" if site == "planet" else "", turn=1)
        if consent:
            world = msgspec.structs.replace(world, consents=(Consent(host=b.id, guest=a.id),))
        running = {"recon": recon, "lodge": lodge}
        operations = {running[k].org: msgspec.structs.replace(running[k], progress=progress) for k in ops}
        base.organisations = OrgsState(world=world, operations=operations)
        try:
            assert _seen_by_a(base) == before
        finally:
            base.organisations = OrgsState(world=world0)

    check()
    visible, _ = found_branch(world0, org=spy.id, faction=b.id, org_type="intelligence", kind="branch",
                              site="planet", system="A", planet="a1", turn=1)
    base.organisations = OrgsState(world=visible)
    assert _seen_by_a(base) != before
