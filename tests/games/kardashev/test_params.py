"""Kardashev params: the document's numbers as defaults, bad values refused in one line."""

from __future__ import annotations

import pytest

from starlanes.core.errors import ParseError
from starlanes.core.params import param_infos, parse_params
from starlanes.games.kardashev.spec import KardashevParams


def test_defaults_are_the_documents_numbers() -> None:
    p = KardashevParams()
    assert (p.max_move_tiles, p.move_energy, p.move_tiles) == (8, (1, 1, 2), (2, 1, 1))  # MV
    assert (p.colony_points, p.fleet_points, p.tech_points) == ((3, 5, 6), (1, 2, 3), (1, 2, 3))  # END
    assert (p.exchange_rate, p.blue_threshold, p.end_supply_threshold) == (4, 3, 3)  # CMP 24, TRN 73, END 143
    assert (p.supply_colonies, p.supply_fleets, p.start_resources) == (15, 15, (1, 1, 1))  # CMP, SET 56
    assert p.starting_hand.total == 3
    assert all(info.doc for info in param_infos(KardashevParams))


def test_params_parse_from_text_and_validate() -> None:
    p = parse_params(KardashevParams, ["move_energy=1,1,1 tiebreak=none"])
    assert p.move_rules.cost(3, 2) == 2 and p.tiebreak == "none"
    with pytest.raises(ParseError, match="move_energy: needs 3 values, not 2"):
        parse_params(KardashevParams, ["move_energy=1,1"])
    with pytest.raises(ParseError, match="move_tiles: a payment must buy at least 1 cell"):
        parse_params(KardashevParams, ["move_tiles=0,1,1"])
    with pytest.raises(ParseError, match="tiebreak: 'lasers' is not one of"):
        parse_params(KardashevParams, ["tiebreak=lasers"])
