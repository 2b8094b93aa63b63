"""The campaign state and its file (campaign.py), and helpers the other campaign tests import."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from starlanes.core.errors import ContentError, PathError
from starlanes.games.star_kingdoms.campaign import (
    CampaignParams,
    CampaignState,
    Colony,
    Faction,
    faction_slug,
    load_campaign,
    save_campaign,
)
from starlanes.games.star_kingdoms.execute import galaxy_index, planet_name
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.pipeline import Turn, process_turn
from starlanes.games.star_kingdoms.report import FactionReport


def campaign(players: int = 2, seed: int = 3, **params: object) -> CampaignState:
    """A small campaign of standard nations (2 by default)."""
    return new_campaign(CampaignParams(**params), players, seed)  # type: ignore[arg-type]


def home(state: CampaignState, seat: int = 0) -> Colony:
    faction = state.factions[seat]
    colony = faction.colony(faction.homeworld)
    assert colony is not None
    return colony


def hw(state: CampaignState, seat: int = 0) -> str:
    """The homeworld's name, as orders write it."""
    return planet_name(state, state.factions[seat].homeworld)


def run(state: CampaignState, orders: dict[int, str] | None = None) -> Turn:
    """Process one turn with these orders (seats absent send none)."""
    return process_turn(state, orders or {})


def report(state: CampaignState, seat: int = 0) -> FactionReport:
    return state.reports[state.factions[seat].id]


def faction(state: CampaignState, seat: int = 0) -> Faction:
    return state.factions[seat]


def test_new_campaign_has_one_approved_standard_nation_per_seat_SYS_02() -> None:
    state = campaign(3)
    assert state.players == 3 and len(state.factions) == 3
    gi = galaxy_index(state.galaxy)
    for f in state.factions:
        assert f.approved and f.credits == 450
        assert f.colonies[0].planet == f.homeworld
        assert gi.planets[f.homeworld].biosphere == f.native
        assert gi.planets[f.homeworld].mineral_rating == 3
        assert f.id in state.knowledge
    assert len({f.id for f in state.factions}) == 3


def test_campaign_file_round_trips(tmp_path: Path) -> None:
    state = campaign()
    run(state)
    path = tmp_path / "camp.json"
    save_campaign(state, path)
    back = load_campaign(path)
    assert msgspec.json.encode(back) == msgspec.json.encode(state)


def test_broken_campaign_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ContentError, match=r"bad\.json"):
        load_campaign(bad)
    bad.write_text('{"schema": "other/1"}')
    with pytest.raises(ContentError, match="schema"):
        load_campaign(bad)
    bad.write_text('{"schema": "star-kingdoms-campaign/1", "state": {"turn": "x"}}')
    with pytest.raises(ContentError, match=r"bad\.json"):
        load_campaign(bad)
    with pytest.raises(PathError, match="no such campaign"):
        load_campaign(tmp_path / "missing.json")
    with pytest.raises(PathError, match="folder"):
        save_campaign(campaign(), tmp_path)


def test_faction_slug() -> None:
    assert faction_slug("The Zabanian Empire") == "zabanian-empire"
    assert faction_slug("!!!") == "nation"


def test_SYS_05_to_SYS_08_galaxy_features_are_campaign_data() -> None:
    """Planet traits, belts, anomalies and nebulae are in the campaign's galaxy for parts 2 and 3
    (ruling 35); part 1 carries them unchanged through every turn."""
    from starlanes.games.star_kingdoms.galaxy import default_galaxy

    sample = default_galaxy()
    belts = [b for s in sample.systems for b in s.belts]
    anomalies = [a for s in sample.systems for a in s.anomalies]
    assert belts and all(0 <= b.mineral_rating <= 100 for b in belts)
    assert anomalies and all(a.rating >= 1 for a in anomalies)
    state = campaign()
    before = msgspec.json.encode(state.galaxy)
    run(state)
    assert msgspec.json.encode(state.galaxy) == before
    assert any(s.belts or s.anomalies or s.nebula for s in state.galaxy.systems)
