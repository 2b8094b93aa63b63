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


# ------------------------------------------- item 24: territory and ship names never collide


def test_board_with_land_named_like_ships_is_refused(tmp_path: Path) -> None:
    # The exploit: land named S1, S2 let seat 1 attack "S2 S1" from its own land and the engine
    # resolved it with seat 0's transport S2. Such a board is refused at load, naming the field.
    data = small_board()
    renames = {"Ash-1": "S1", "Ash-2": "S2"}
    for planet in data["planets"]:
        for terr in planet["territories"]:
            terr["name"] = renames.get(terr["name"], terr["name"])
        port = planet["spaceport"]
        port["territory"] = renames.get(port["territory"], port["territory"])
    data["links"] = [[renames.get(a, a), renames.get(b, b)] for a, b in data["links"]]
    path = write(tmp_path, data, "ships.json")
    with pytest.raises(ContentError) as info:
        GAME.setup({"board": path}, 2, 1)
    assert info.value.field == "planets[0].territories[0].name"
    assert "reserved" in info.value.problem and "S1" in info.value.problem
    for name in ("s7", "S01", "S\u0661", "S12"):
        err = broken(tmp_path, lambda d, n=name: d["space"].append({"name": n}))
        assert "reserved" in err.problem


def test_a_ship_is_named_only_as_the_engine_writes_it() -> None:
    from tests.games.space_risk.helpers import add_ship, position

    from starlanes.core import IllegalAction
    from starlanes.games.space_risk.state import TRANSPORT

    state = position({"Vega-3": 3}, {"Vega-1": 2})
    ship = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    assert ship == "S1"
    for alias in ("S01", "S\u0661", "s1"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, f"attack {alias} Vega-1")
    assert state.ships[0].cargo == 4


# ---------------------------------------------- item 26 / 28: tampered and foreign files


def _refused_fast(path: str) -> ContentError:
    import time

    load_board.cache_clear()
    start = time.perf_counter()
    with pytest.raises(ContentError) as info:
        load_board(path)
    assert time.perf_counter() - start < 1.0
    message = str(info.value)
    assert "\n" not in message and path in message
    return info.value


def test_tampered_board_files_are_one_line_errors_within_a_second(tmp_path: Path) -> None:
    lists = builtin_data()
    lists["planets"][0]["territories"][0]["name"] = ["Dramethan-1"]
    err = _refused_fast(write(tmp_path, lists, "list-name.json"))
    assert err.field == "planets[0].territories[0].name" and "a list" in err.problem
    link = builtin_data()
    link["links"][0] = [["Dramethan-1"], "Dramethan-2"]
    assert _refused_fast(write(tmp_path, link, "list-link.json")).field == "links[0][0]"
    port = builtin_data()
    port["planets"][1]["spaceport"]["territory"] = {"a": 1}
    assert _refused_fast(write(tmp_path, port, "obj-port.json")).field == "planets[1].spaceport.territory"
    kind = builtin_data()
    kind["objectives"][0]["condition"]["kind"] = ["territories"]
    assert _refused_fast(write(tmp_path, kind, "list-kind.json")).field == "objectives[0].condition.kind"
    many = builtin_data()
    many["special_cards"] = 10**7
    err = _refused_fast(write(tmp_path, many, "specials.json"))
    assert err.field == "special_cards" and "at most" in err.problem
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    assert "nested too deeply" in _refused_fast(str(deep)).problem
    deep_inside = builtin_data()
    nested: Any = "x"
    for _ in range(500):
        nested = [nested]
    deep_inside["name"] = nested
    assert _refused_fast(write(tmp_path, deep_inside, "deep2.json")).field == "name"
    latin = tmp_path / "latin1.json"
    latin.write_bytes(json.dumps(builtin_data()).replace("The Dramethan", "Caf\u00e9").encode("latin-1"))
    err = _refused_fast(str(latin))
    assert err.field.startswith("byte ") and "UTF-8" in err.problem
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 2_000_001)
    assert "larger than" in _refused_fast(str(huge)).problem
    assert "cannot read" in _refused_fast(str(tmp_path)).problem  # a directory
    long_number = tmp_path / "long.json"
    long_number.write_text('{"schema": "space-risk-board/1", "special_cards": ' + "9" * 6000 + "}")
    assert _refused_fast(str(long_number)).field == "(whole file)"


def test_board_file_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(small_board()).encode("utf-8"))
    load_board.cache_clear()
    assert load_board(str(path)).name == "Two Rocks"


def test_board_errors_never_echo_a_foreign_file(tmp_path: Path) -> None:
    # item 28: board=/etc/passwd (or a crafted save pointing there) must not print its lines
    secret = "root:x:0:0:secret-line:/root:/bin/bash"
    text_file = tmp_path / "passwd"
    text_file.write_text(secret + "\n")
    err = _refused_fast(str(text_file))
    assert "secret" not in str(err) and err.field == "line 1 column 1"
    json_file = write(tmp_path, {"schema": "secret-token-123", "name": "secret-name"}, "other.json")
    assert "secret" not in str(_refused_fast(json_file))
    listed = write(tmp_path, ["secret-token-123"], "list.json")
    assert "secret" not in str(_refused_fast(listed))


# ------------------------------------------------------- item 27: the board file's hash


def test_content_hashes_name_the_board_file_by_sha256(tmp_path: Path) -> None:
    import hashlib

    from starlanes.games.space_risk.spec import SpaceRiskParams

    assert GAME.content_hashes(SpaceRiskParams()) == {}
    path = write(tmp_path, small_board(), "hashed.json")
    digest = GAME.content_hashes(SpaceRiskParams(board=path))
    assert digest == {"board": hashlib.sha256(Path(path).read_bytes()).hexdigest()}
    edited = small_board()
    edited["name"] = "Two Other Rocks"
    Path(path).write_text(json.dumps(edited))
    assert GAME.content_hashes(SpaceRiskParams(board=path)) != digest
    with pytest.raises(ContentError, match="cannot read"):
        GAME.content_hashes(SpaceRiskParams(board=str(tmp_path / "gone.json")))


def test_a_save_with_an_edited_board_file_is_refused(tmp_path: Path) -> None:
    from starlanes.core import MatchError
    from starlanes.core.match import Match

    path = write(tmp_path, small_board(), "saved-board.json")
    match = Match(GAME, GAME.params_from({"board": path}), ["random", "random"], 5)
    (seat,) = match.to_act()
    match.play(seat, match.legal_actions(seat)[0])
    saved = match.save(tmp_path / "match.json")
    assert Match.load(saved, GAME).log == match.log
    edited = small_board()
    edited["planets"][0]["net_worth"] = 9
    Path(path).write_text(json.dumps(edited))
    with pytest.raises(MatchError, match=r"board file .* changed since the match was saved"):
        Match.load(saved, GAME)
