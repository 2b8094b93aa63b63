"""The board as content data: the built-in board, the schema checks, user boards."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from tests.games.space_risk.helpers import GAME

from starlanes.core import ContentError, StarlanesError
from starlanes.games.space_risk.board import CARD_KINDS, WILD, board_from_data, default_board, load_board


def builtin_data() -> dict[str, Any]:
    text = resources.files("starlanes.games.space_risk").joinpath("content/reach.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_builtin_board_has_planets_space_four_asteroid_fields_and_spaceports() -> None:
    board = default_board()
    assert board.planets[0].name == "Dramethan"
    assert len(board.planets) == 6
    assert sum(board.asteroid) == 4
    assert all(not board.land[t] for t in range(board.territory_count) if board.asteroid[t])
    dramethan = board.planets[board.planet_index["Dramethan"]]
    assert dramethan.port == -1  # the rule: no spaceport on Dramethan
    for p in board.planets:
        if p.name != "Dramethan":
            assert p.port >= 0 and p.launch in board.space_adj[p.port]


def test_builtin_board_decks_and_tables() -> None:
    board = default_board()
    land = board.land_count
    assert board.card_territory[:land] == tuple(range(land))
    assert {board.card_kind[c] for c in range(land)} == {0, 1, 2}
    assert board.card_kind[land:] == (WILD, WILD)  # two special cards
    assert [board.trade_value(i) for i in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]
    assert len(board.objectives) >= 12 and len(board.goals) >= 6
    assert all(g.stars == 1 for g in board.goals)
    assert {p.name: p.net_worth for p in board.planets}["Dramethan"] == 5


def test_planets_are_joined_only_through_space() -> None:
    board = default_board()
    for t in range(board.land_count):
        for u in board.land_adj[t]:
            assert board.planet_of[u] == board.planet_of[t]


def write(tmp_path: Path, data: Any, name: str = "board.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def broken(tmp_path: Path, change: Any) -> ContentError:
    data = builtin_data()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert info.value.file == path
    return info.value


def test_broken_board_names_file_field_problem_bad_card_kind(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["planets"][1]["territories"][2].update(card="dragon"))
    assert err.field == "planets[1].territories[2].card"
    assert "dragon" in err.problem and all(k in err.problem for k in CARD_KINDS)
    assert str(tmp_path) in str(err)


def test_broken_board_missing_field(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["planets"][0].pop("net_worth"))
    assert err.field == "planets[0].net_worth" and err.problem == "is missing"


def test_broken_board_unknown_link(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["links"].append(["Vega-1", "Nowhere"]))
    assert err.field.startswith("links[") and err.field.endswith("[1]") and "Nowhere" in err.problem


def test_broken_board_land_link_between_planets(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["links"].append(["Vega-1", "Sirius-1"]))
    assert "different planets" in err.problem


def test_broken_board_not_connected(tmp_path: Path) -> None:
    def cut(d: dict[str, Any]) -> None:
        # Nereid's orbit keeps its planet but loses its lanes.
        d["links"] = [pair for pair in d["links"]
                      if not ("Nereid-Orbit" in pair and not any(p.startswith("Nereid-") and p != "Nereid-Orbit"
                                                                 for p in pair))]

    err = broken(tmp_path, cut)
    assert err.field == "links" and "not connected" in err.problem


def test_broken_board_spaceport_not_beside_launch(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["planets"][1]["spaceport"].update(launch="Outer-3"))
    assert err.field == "planets[1].spaceport.launch"


def test_broken_board_duplicate_name_and_bad_condition(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda d: d["space"].append({"name": "Vega-1"}))
    assert "used twice" in err.problem
    err = broken(tmp_path, lambda d: d["objectives"][0]["condition"].update(kind="world_peace"))
    assert err.field == "objectives[0].condition.kind"
    err = broken(tmp_path, lambda d: d["goals"][0]["condition"].update(planet="Pluto"))
    assert err.field == "goals[0].condition.planet" and "Pluto" in err.problem
    err = broken(tmp_path, lambda d: d["trade_in"].update(table=[4, "six"]))
    assert err.field == "trade_in.table[1]"
    err = broken(tmp_path, lambda d: d.update(schema="other/2"))
    assert err.field == "schema"


def test_board_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"schema": "space-risk-board/1",\n  "name": }')
    with pytest.raises(ContentError) as info:
        load_board(str(path))
    assert info.value.field == "line 2 column 11" and "JSON" in info.value.problem
    with pytest.raises(ContentError, match="cannot read"):
        load_board(str(tmp_path / "missing.json"))


def small_board() -> dict[str, Any]:
    """Two planets of three territories and two space territories: a user's own board."""
    planets = []
    links = []
    for name in ("Ash", "Brim"):
        planets.append({"name": name, "net_worth": 1,
                        "spaceport": {"territory": f"{name}-1", "launch": f"{name}-Sky"},
                        "territories": [{"name": f"{name}-{i}", "card": k}
                                        for i, k in zip((1, 2, 3), CARD_KINDS, strict=True)]})
        links += [[f"{name}-1", f"{name}-2"], [f"{name}-2", f"{name}-3"], [f"{name}-1", f"{name}-Sky"]]
    links.append(["Ash-Sky", "Brim-Sky"])
    objective = {"id": "O", "text": "Hold 4.", "condition": {"kind": "territories", "count": 4}, "reward": 1}
    goal = {"id": "G", "text": "Hold Ash.", "condition": {"kind": "planet", "planet": "Ash"}, "reward": 1,
            "stars": 1}
    return {"schema": "space-risk-board/1", "name": "Two Rocks", "planets": planets,
            "space": [{"name": "Ash-Sky"}, {"name": "Brim-Sky", "asteroid": True}], "links": links,
            "special_cards": 0, "trade_in": {"table": [3, 5], "then_add": 2},
            "objectives": [copy.deepcopy(objective) | {"id": f"O{i}"} for i in range(4)],
            "goals": [copy.deepcopy(goal) | {"id": f"G{i}"} for i in range(2)]}


def test_user_board_loads_and_plays(tmp_path: Path) -> None:
    path = write(tmp_path, small_board(), "rocks.json")
    state = GAME.setup({"board": path}, 2, 3)
    assert len(state.owner) == 8
    view = GAME.view(state, 0)
    assert "Two Rocks" in GAME.render(view.game, 0)
    for _ in range(3000):
        seats = GAME.to_act(state)
        if not seats:
            break
        (seat,) = seats
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert GAME.outcome(state) is not None


def test_user_board_too_small_for_players_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, small_board(), "rocks2.json")
    with pytest.raises(StarlanesError, match="objective cards"):
        GAME.setup({"board": path}, 3, 1)


def test_board_from_data_rejects_non_object() -> None:
    with pytest.raises(ContentError) as info:
        board_from_data([1, 2], "x.json")
    assert info.value.field == "(top level)"
