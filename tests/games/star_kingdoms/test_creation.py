"""Civilisation creation (S18, inventory 2.27 CIV-01..CIV-10) and the GM's approval (rulings 64-65)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from tests.games.star_kingdoms.test_knowledge_fixtures import FORM_TOML, tiny_campaign

from starlanes.core.errors import ContentError, IllegalAction
from starlanes.games.star_kingdoms.campaign import TraitHooks
from starlanes.games.star_kingdoms.creation import (
    CivilisationForm,
    CreationError,
    add_nation,
    check_form,
    decide_nation,
    load_form,
    nonstandard,
    parse_form,
    revise_nation,
)
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex


def _form(**changes: object) -> CivilisationForm:
    return msgspec.structs.replace(parse_form(FORM_TOML), **changes)


def _problems(form: CivilisationForm) -> list[str]:
    return check_form(form, tiny_campaign())


def test_the_rules_example_form_is_valid() -> None:
    assert _problems(_form()) == []


def test_CIV_01_three_traits_one_per_category_at_least_one_drawback() -> None:
    form = _form()
    two = _form(traits=form.traits[:2])
    assert any("a nation has 3 traits" in p for p in _problems(two))
    no_drawback = _form(traits=tuple(msgspec.structs.replace(t, drawback=False) for t in form.traits))
    assert _problems(no_drawback) == ["traits: at least one trait must be a drawback (set drawback = true on it)"]
    doubled = _form(traits=(form.traits[0], form.traits[1], msgspec.structs.replace(form.traits[2],
                                                                                   category="people")))
    problems = _problems(doubled)
    assert "traits: 2 people traits; one trait per category (CIV-01)" in problems
    assert "traits: no ambition trait (CIV-01)" in problems
    typo = _form(traits=(form.traits[0], form.traits[1], msgspec.structs.replace(form.traits[2],
                                                                                category="ambitoin")))
    assert any("did you mean 'ambition'" in p for p in _problems(typo))


def test_CIV_03_principles_3_2_1_and_more_only_with_the_gm() -> None:
    form = _form()
    bad = _form(principles=(msgspec.structs.replace(form.principles[0], adherence=2), *form.principles[1:]))
    assert "principles: the first three have adherence 3, 2 and 1, one each (CIV-03)" in _problems(bad)
    few = _form(principles=form.principles[:2])
    assert any("at least 3 principles" in p for p in _problems(few))
    twice = _form(principles=(*form.principles, msgspec.structs.replace(form.principles[0], adherence=1)))
    assert any("named twice" in p for p in _problems(twice))
    more = _form(principles=(*form.principles, msgspec.structs.replace(form.principles[0], name="Zeal",
                                                                       adherence=1)))
    assert _problems(more) == []
    assert nonstandard(more, tiny_campaign().params) == ["1 principle(s) beyond the three (CIV-03): Zeal 1"]


def test_CIV_04_native_biosphere_desert_temperate_or_arctic() -> None:
    assert any(p.startswith("native: unknown native biosphere 'desolate'") for p in _problems(_form(native="desolate")))
    assert any("did you mean 'arctic'" in p for p in _problems(_form(native="artic")))


def test_CIV_05_homeworld_mineral_rating_3_unless_the_gm_agrees() -> None:
    state = tiny_campaign()
    faction = add_nation(state, _form())
    hw = GalaxyIndex.of(state.galaxy).planets[faction.homeworld]
    assert (hw.mineral_rating, hw.biosphere) == (3, "arctic")  # native replaces the placeholder (ruling 20)
    other = _form(name="Varn", homeworld="Beta I", mineral_rating=5)
    assert nonstandard(other, state.params) == ["homeworld Mineral Rating 5 instead of 3 (CIV-05)"]
    add_nation(state, other)
    assert GalaxyIndex.of(state.galaxy).planets["b1"].mineral_rating == 5
    assert "Needs your agreement: homeworld Mineral Rating 5" in state.gm_queue[-1].subject


def test_CIV_06_starting_districts() -> None:
    state = tiny_campaign()
    home = add_nation(state, _form(second_district="Shipyard")).colonies[0]
    d = home.districts
    assert (d.industrial, d.shipyard, d.academic, d.military) == (2, 2, 1, 1)
    assert any("pick academic, shipyard or military" in p for p in _problems(_form(second_district="industrial")))


def test_CIV_07_all_core_techs_at_1_two_at_2() -> None:
    state = tiny_campaign()
    tech = add_nation(state, _form()).tech
    assert tech.level("sensors") == 2 and tech.level("wormhole-stabilisation") == 2
    assert sorted(tech.levels.values()).count(2) == 2 and len(tech.levels) == 12
    assert any("choose 2 core technologies" in p for p in _problems(_form(l2_techs=("Sensors",))))
    assert any("chosen twice" in p for p in _problems(_form(l2_techs=("Sensors", "sensors"))))
    assert any("is not a core technology" in p for p in _problems(_form(l2_techs=("Sensors", "Beam Weapons"))))
    assert any("did you mean 'Sensors'" in p for p in _problems(_form(l2_techs=("Sensrs", "Beam Weapons"))))


def test_CIV_08_two_basic_level_1_ships_and_detachments() -> None:
    state = tiny_campaign()
    units = add_nation(state, _form()).units
    assert [(u.unit, u.class_id, u.level, u.name) for u in units] == [
        ("ship", "survey-probe", 1, "Pathfinder"), ("ship", "survey-probe", 1, "Seeker"),
        ("detachment", "survey-team", 1, "First Surveyors"), ("detachment", "construction-gang", 1, "Builders")]
    form = _form()
    gunboat = _form(ships=(msgspec.structs.replace(form.ships[0], cls="Gunboat"), form.ships[1]))
    assert any("Gunboat is not a basic level 1 ship class" in p for p in _problems(gunboat))
    swapped = _form(ships=(msgspec.structs.replace(form.ships[0], cls="Survey Team"), form.ships[1]))
    assert any("Survey Team is not a basic level 1 ship class" in p for p in _problems(swapped))
    same = _form(ships=(form.ships[0], msgspec.structs.replace(form.ships[1], name="pathfinder")))
    assert "units: the name 'pathfinder' is given to two units" in _problems(same)
    assert any("starts with 2 level 1 detachments" in p for p in _problems(_form(detachments=())))


def test_CIV_09_one_organisation_with_its_office_on_the_homeworld() -> None:
    """Amb#115, ruling 70: the starting organisation's office is on the homeworld (Power 1)."""
    state = tiny_campaign()
    faction = add_nation(state, _form())
    assert [(o.name, o.type, o.offices) for o in faction.orgs] == [("Exploration Society", "science", ["h1"])]
    religious = _form(organisation=msgspec.structs.replace(_form().organisation, type="religious"))
    assert any("has a guiding principle" in p for p in _problems(religious))
    faction2 = add_nation(state, _form(name="Varn", homeworld="Beta I", organisation=msgspec.structs.replace(
        _form().organisation, type="religious", principle="Guild System")))
    assert faction2.orgs[0].principle == "Guild System"
    assert any("did you mean 'trade'" in p for p in _problems(
        _form(organisation=msgspec.structs.replace(_form().organisation, type="trad"))))


def test_CIV_10_starting_funds_450() -> None:
    assert add_nation(tiny_campaign(), _form()).credits == 450


def test_homeworld_slot_checks() -> None:
    state = tiny_campaign()
    add_nation(state, _form())
    assert "homeworld: Terra is already the homeworld of 'zabanian-empire'" in check_form(
        _form(name="Varn"), state)
    assert any("Ares is not a homeworld slot" in p for p in check_form(_form(name="Varn", homeworld="Ares"), state))
    assert any("did you mean 'Terra'" in p for p in check_form(_form(name="Varn", homeworld="Tera"), state))
    # no homeworld named: the first free slot
    assert add_nation(state, _form(name="Varn", homeworld="")).homeworld == "b1"
    assert any("every homeworld slot" in p for p in check_form(_form(name="Third", homeworld=""), state))
    assert any("too close to the nation" in p for p in check_form(_form(name="The Varn"), state))


def test_bad_form_lists_every_problem_and_changes_nothing() -> None:
    state = tiny_campaign()
    bad = _form(native="desolate", second_district="industrial", l2_techs=())
    with pytest.raises(CreationError) as info:
        add_nation(state, bad, file="zab.toml")
    assert len(info.value.problems) == 3
    assert str(info.value).startswith("zab.toml: 3 problems: native:")
    assert state.factions == [] and state.gm_queue == [] and state.galaxy == tiny_campaign().galaxy


def test_form_file_errors_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_text(FORM_TOML.replace('second_district = "academic"', "second_district = 3"))
    with pytest.raises(ContentError, match=re.escape("f.toml: second_district: expected 'str', got 'int'")):
        load_form(path)
    path.write_text(FORM_TOML + "\ncolour = 'red'\n")
    with pytest.raises(ContentError, match=r"unknown field .colour."):
        load_form(path)
    path.write_text(FORM_TOML)
    assert load_form(path).name == "Zabanian Empire"


def test_CIV_01_gm_approval_gives_traits_their_mechanics_and_is_recorded() -> None:
    state = tiny_campaign()
    faction = add_nation(state, _form())
    assert not faction.approved
    item = state.gm_queue[0]
    assert (item.kind, item.faction, item.blocking, item.decided) == ("approve-nation", faction.id, True, False)
    assert "Crystal Spires (homeworld, drawback): no rushing districts at home" in item.subject
    with pytest.raises(IllegalAction, match="did you mean 'Scholars'"):
        decide_nation(state, faction.id, approve=True, hooks={"Scholar": TraitHooks()})
    with pytest.raises(IllegalAction, match="say what the player must change"):
        decide_nation(state, faction.id, approve=False)
    decide_nation(state, faction.id, approve=True, note="welcome",
                  hooks={"crystal spires": TraitHooks(no_rush=("construct-district",)),
                         "Scholars": TraitHooks(cost_percent={"analyse": 50}, auto_rush={"analyse": 1})})
    assert faction.approved and item.decided and item.answer == "approved: welcome"
    assert faction.traits[0].hooks.no_rush == ("construct-district",)
    assert faction.traits[1].hooks.cost_percent == {"analyse": 50}
    assert state.gm_notes[faction.id] == ["Your nation is approved: welcome"]
    assert state.log[-1] == "turn 1: GM: nation 'Zabanian Empire' approved: welcome"
    with pytest.raises(IllegalAction, match="awaits no approval"):
        decide_nation(state, faction.id, approve=True)
    with pytest.raises(IllegalAction, match="unknown nation 'nobody'"):
        decide_nation(state, "nobody", approve=True)


def test_gm_sends_a_nation_back_and_the_player_revises_it() -> None:
    state = tiny_campaign()
    faction = add_nation(state, _form())
    decide_nation(state, faction.id, approve=False, note="Enlightenment needs a text")
    assert not state.faction(faction.id).approved
    assert state.gm_notes[faction.id] == ["Your nation is sent back: Enlightenment needs a text"]
    form = _form()
    fixed = _form(traits=(*form.traits[:2], msgspec.structs.replace(form.traits[2], text="share knowledge")),
                  homeworld="Terra")
    revised = revise_nation(state, faction.id, fixed)
    assert state.factions == [revised] and revised.traits[2].text == "share knowledge"
    open_items = [i for i in state.gm_queue if not i.decided]
    assert len(open_items) == 1 and open_items[0].subject.startswith("revised nation")
    decide_nation(state, faction.id, approve=True)
    with pytest.raises(IllegalAction, match="already approved"):
        revise_nation(state, faction.id, fixed)


def test_CULT_04_homeworld_starts_with_principles_3_2_1() -> None:
    faction = add_nation(tiny_campaign(), _form())
    assert faction.colonies[0].principles == {"Guild System": 3, "Xenophobia": 2, "Geneticists": 1}


def test_ruling_64_extra_principles_keep_their_adherence() -> None:
    form = _form()
    more = _form(principles=(*form.principles, msgspec.structs.replace(form.principles[0], name="Zeal",
                                                                       adherence=2)))
    faction = add_nation(tiny_campaign(), more)
    assert faction.colonies[0].principles["Zeal"] == 2
