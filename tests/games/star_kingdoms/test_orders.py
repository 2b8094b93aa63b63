"""The order language (inventory section 3, orders O01, O02, O07-O26; MISC-04)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starlanes.core.errors import ParseError
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, load_catalogue
from starlanes.games.star_kingdoms.orders import NameBook, format_order, parse_order, parse_orders
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.grammar import Form
from starlanes.games.star_kingdoms.orders.language import ENTRIES

BOOK = NameBook.of(factions=["Wombles", "ED-E", "Bellatrix"], units=["Vigilant", "Dauntless", "1st Guard"],
                   orgs=["Zabanian Traders"])


def one(line: str) -> r.Order:
    order = parse_order(line, BOOK)
    assert parse_order(format_order(order, BOOK), BOOK) == order
    return order


def test_O01_set_relationship() -> None:
    assert one("relationship with wombles is Friendly") == r.SetRelationship(faction="Wombles", stance="friendly")


def test_O02_default_relationship() -> None:
    assert one("default relationship is hostile") == r.SetDefaultRelationship(stance="hostile")


def test_O07_construct_district() -> None:
    assert one("build Academic district on bbc ii") == r.ConstructDistrict(planet="bbc-2", district="academic")


def test_O08_construct_office_existing_new_and_religious() -> None:
    assert one("build office on BBC II for zabanian traders") == r.ConstructOffice(planet="bbc-2",
                                                                                 org="Zabanian Traders")
    assert one("build office on BBC II for new trade org Acme") == r.ConstructOffice(
        planet="bbc-2", org="Acme", new_type="trade")
    assert one('build office on BBC II for new religious org "Church of Light" following Guild System') == \
        r.ConstructOffice(planet="bbc-2", org="Church of Light", new_type="religious", principle="Guild System")
    with pytest.raises(ParseError, match="guiding principle"):
        parse_order("build office on BBC II for new religious org Cult", BOOK)


def test_O09_rebuild_and_O10_shield() -> None:
    assert one("rebuild BBC II") == r.RebuildAndRepair(planet="bbc-2")
    assert one("build planetary shield on BBC II") == r.ConstructPlanetaryShield(planet="bbc-2")


def test_O11_O12_O13_O18_O22_research_by_district() -> None:
    assert one("research Planetary Construction on BBC II in industrial") == \
        r.ResearchPlanetaryConstruction(planet="bbc-2", tech="planetary-construction")
    assert one("research sensors on BBC II") == r.ResearchCoreTechnology(planet="bbc-2", tech="sensors")
    assert one("research Beam Weapons on BBC II") == r.ResearchSupplementalTechnology(planet="bbc-2",
                                                                                    tech="beam-weapons")
    assert one("research ship design for Light Cruiser on BBC II in shipyard") == r.ResearchShipConstruction(
        planet="bbc-2", tech="ship-design", design_class="light-cruiser")
    assert one("research Army Logistics on BBC II in military") == r.ResearchMilitaryTheory(
        planet="bbc-2", tech="army-logistics")


def test_DIST_06_only_matching_district_researches() -> None:
    with pytest.raises(ParseError, match="military districts cannot research Sensors"):
        parse_order("research Sensors on BBC II in military", BOOK)
    with pytest.raises(ParseError, match="name the class"):
        parse_order("research Ship Design on BBC II", BOOK)


def test_O14_analyse() -> None:
    assert one('analyse "the ruins on BBC I" on BBC II') == r.Analyse(planet="bbc-2", subject="the ruins on BBC I")


def test_O15_construct_ship_with_flexible_variant_and_fighter_level() -> None:
    assert one("build ship Gunboat on BBC II named Vigilant with 2 Ship Weapons variant missile") == \
        r.ConstructShip(planet="bbc-2", ship_class="gunboat", name="Vigilant",
                        flexible=("ship-weapons", "ship-weapons"), variant="missile")
    assert one("build ship Fighter Squadron on BBC II at level 3 variant bomber").level == 3  # type: ignore[attr-defined]
    with pytest.raises(ParseError, match="flexible slot"):
        parse_order("build ship Patrol Ship on BBC II with 2 Ship Weapons", BOOK)
    with pytest.raises(ParseError, match="for fighters"):
        parse_order("build ship Patrol Ship on BBC II variant bomber", BOOK)
    with pytest.raises(ParseError, match="not a ship class"):
        parse_order("build ship Security Team on BBC II", BOOK)


def test_O16_O17_repair_and_refit_ships() -> None:
    assert one("repair ships Vigilant, Dauntless on BBC II at level 1 in orbital yard") == r.RepairShips(
        planet="bbc-2", level=1, ships=("Vigilant", "Dauntless"), orbital_yard=True)
    assert one("refit ship vigilant on BBC II at level 2") == r.RefitShip(planet="bbc-2", level=2, ship="Vigilant")
    with pytest.raises(ParseError, match="one or two units"):
        parse_order("repair ships Vigilant, Dauntless, 1st Guard on BBC II at level 1", BOOK)


def test_O19_O20_O21_detachments() -> None:
    assert one('train Security Team on BBC II named "2nd Guard" with Infantry Weapons') == r.TrainDetachment(
        planet="bbc-2", detachment_class="security-team", name="2nd Guard", flexible=("infantry-weapons",))
    assert one("reinforce 1st Guard on BBC II at level 1").detachments == ("1st Guard",)  # type: ignore[attr-defined]
    assert one("refit detachment 1st Guard on BBC II at level 1") == r.RefitDetachment(
        planet="bbc-2", level=1, detachment="1st Guard")


def test_O23_cancel_and_O24_rush() -> None:
    assert one("cancel shipyard project on BBC II") == r.CancelProject(planet="bbc-2", district="shipyard")
    assert one("rush industrial project on BBC II") == r.RushProject(planet="bbc-2", district="industrial")
    assert one("rush industrial project on BBC II x 3").count == 3  # type: ignore[attr-defined]


def test_O25_breakthrough_and_O26_gm_request() -> None:
    assert one("breakthrough Beam Weapons") == r.Breakthrough(tech="beam-weapons")
    assert one("breakthrough Detachment Design for Recon Unit") == r.Breakthrough(
        tech="detachment-design", design_class="recon-unit")
    assert one("gm request: may we contact the natives of AAB III?") == r.GMRequest(
        text="may we contact the natives of AAB III?")


def test_MISC_04_every_line_accepted_or_refused_with_line_number_and_did_you_mean() -> None:
    sheet = parse_orders(b"\xef\xbb\xbf# orders\n\nbuidl ship\nbuild academic district on BBC IIX  # typo\n"
                         b"relationship with Womble is friendly\nresearch Beam Weapons on BBC II\n", BOOK)
    assert len(sheet.orders) == 1
    assert sheet.errors == (
        "line 3: unknown order 'buidl'; did you mean 'build' or 'rebuild'?",
        "line 4: unknown planet 'BBC IIX'; did you mean 'BBC II' or 'BBC III' or 'BBC I'?",
        "line 5: unknown faction 'Womble'; did you mean 'Wombles'?",
    )


def test_MISC_04_syntax_errors_name_what_was_expected() -> None:
    sheet = parse_orders('research Sensors on\ncancel academic on BBC II\nrebuild "BBC II\n', BOOK)
    assert sheet.errors[0].startswith("line 1: expected a planet at the end of the line; write: research")
    assert sheet.errors[1].startswith("line 2: expected 'project' at 'on'")
    assert sheet.errors[2] == "line 3: a quote is not closed"


def test_MISC_04_names_with_order_words_are_quoted_with_a_hint() -> None:
    with pytest.raises(ParseError, match="written in quotes"):
        parse_order("analyse the ruins on BBC I on BBC II", BOOK)


def test_MISC_04_unreadable_sheets_raise_one_line() -> None:
    with pytest.raises(ParseError, match="not UTF-8"):
        parse_orders(b"rebuild \xff\xfe", BOOK)
    with pytest.raises(ParseError, match="too large"):
        parse_orders("#" * 300_000, BOOK)


def test_order_forms_use_inventory_ids_and_open_slots_end_at_words() -> None:
    ids = {o.__struct_config__.tag for e in ENTRIES for o in e.orders}
    part2 = {"O03", "O05", "O06", "O61", "O62", "O63", "O64", "O65", "O66", "O67", "O68", "O69", "O70", "O71", "O72",
             "O73", "O74", "O75", "O76", "O77", "O78", "O80", "O81", "O82"}  # movement and war (part 2)
    part3 = {"O04", "O27", "O59", "O60"}  # consents and operations (O27 stands for O27-O58: one record)
    assert ids == {"O01", "O02", *(f"O{n:02d}" for n in range(7, 27))} | part2 | part3
    with pytest.raises(ValueError, match="open slot"):
        Form("move {unit:unit} {system:planet}")


CAT = load_catalogue()
PLANETS = sorted(BOOK.galaxy.planets)
names = st.text(st.characters(codec="utf-8", exclude_characters='"#,\n\r\x00', exclude_categories=("Cs", "Cc")),
                min_size=1, max_size=20).map(lambda s: " ".join(s.split())).filter(bool)
orders = st.one_of(
    st.builds(r.ConstructDistrict, planet=st.sampled_from(PLANETS), district=st.sampled_from(DISTRICTS)),
    st.builds(r.Analyse, planet=st.sampled_from(PLANETS), subject=names),
    st.builds(r.ConstructOffice, planet=st.sampled_from(PLANETS), org=names, new_type=st.just("science")),
    st.builds(r.ConstructShip, planet=st.sampled_from(PLANETS), ship_class=st.just("heavy-cruiser"), name=names,
              flexible=st.lists(st.sampled_from(sorted(m.id for m in CAT.modules.values() if m.unit == "ship")),
                                max_size=3).map(lambda x: tuple(sorted(x)))),
    st.builds(r.RushProject, planet=st.sampled_from(PLANETS), district=st.sampled_from(DISTRICTS),
              count=st.integers(1, 99)),
    st.builds(r.ResearchCoreTechnology, planet=st.sampled_from(PLANETS),
              tech=st.sampled_from(sorted(t.id for t in CAT.core_techs()))),
)


@settings(max_examples=150, deadline=None)
@given(orders)
def test_round_trip_formatting_parses_to_the_same_order(order: r.Order) -> None:
    book = NameBook.of()
    assert parse_order(format_order(order, book), book) == order
