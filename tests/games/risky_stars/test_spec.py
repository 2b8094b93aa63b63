"""Risky Stars params: document values as defaults, refused combinations named."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.risky_stars.helpers import PUBLISHED_SAMPLE, sample_data, write

from starlanes.core.errors import ContentError, ParseError
from starlanes.core.params import param_infos, parse_params
from starlanes.games.risky_stars.spec import RiskyStarsParams


def test_defaults_are_the_documents_numbers() -> None:
    """RS-B04 (2 hemispheres), RS-B05 (2..10 continents), RS-M02 (x2), RS-M03 (2 minors, 25%),
    RS-M04 (2 lanes), RS-C01 (d10, ties to the defender)."""
    p = RiskyStarsParams()
    assert (p.barren_regions, p.gaia_min_continents, p.gaia_max_continents) == (2, 2, 10)
    assert (p.featured_factor, p.minors_per_home, p.minor_percent, p.minor_lanes) == (2, 2, 25, 2)
    assert (p.die_sides, p.ties_to_defender) == (10, True)
    assert (p.minor_regions, p.featured_regions) == (2, 16)
    assert all(info.doc for info in param_infos(RiskyStarsParams))


def test_params_parse_and_refuse_inconsistent_values() -> None:
    assert parse_params(RiskyStarsParams, ["home_regions=12 combat_mode=until_decided"]).home_regions == 12
    with pytest.raises(ParseError, match="param home_regions: 10 regions"):
        parse_params(RiskyStarsParams, ["home_regions=10"])
    with pytest.raises(ParseError, match="gaia_min_continents"):
        parse_params(RiskyStarsParams, ["gaia_min_continents=9", "gaia_max_continents=3"])
    with pytest.raises(ParseError, match="combat_mode"):
        parse_params(RiskyStarsParams, ["combat_mode=forever"])


def test_map_param_loads_and_checks_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, sample_data())
    assert parse_params(RiskyStarsParams, [f"map={path}"]).map == path
    with pytest.raises(ContentError, match="RS-M04"):
        parse_params(RiskyStarsParams, [f"map={PUBLISHED_SAMPLE}"])
