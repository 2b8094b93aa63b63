"""Kardashev content files: the shipped numbers (inventory 2.3-2.5, 7.1) and validation on load.

Each test names the inventory item (K-..., A#n, section) it checks."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from starlanes.core.errors import ContentError
from starlanes.games.kardashev.content import FILES, load_content

CONTENT = load_content()


def test_INV_2_5_thirty_three_technologies_with_encryption() -> None:
    assert len(CONTENT.techs) == 33
    assert "encryption" in CONTENT.techs


def test_INV_2_5_faces_and_cards_per_role() -> None:
    """18 faces on 13 cards per role, 15 faces on 10 cards for the Generalist (with Encryption);
    without Encryption that is the reference's 99 faces = 5 x 17 + 14."""
    faces = {key: len(role.techs) for key, role in CONTENT.roles.items()}
    cards = {key: len(role.card) for key, role in CONTENT.roles.items()}
    assert faces == {"generalist": 15, "imperialist": 18, "pioneer": 18, "salvager": 18, "scientist": 18, "warlord": 18}
    assert cards == {"generalist": 10, "imperialist": 13, "pioneer": 13, "salvager": 13, "scientist": 13, "warlord": 13}
    assert sum(faces.values()) - len(faces) == 99


def test_A30_encryption_is_a_level_1_military_card_costing_two_matching() -> None:
    enc = CONTENT.techs["encryption"]
    assert (enc.level, enc.line, enc.cost.matching, enc.cost.total, enc.tech_action) == (1, "military", 2, 2, False)
    for role in CONTENT.roles.values():
        slot = role.slot_of("encryption")
        assert slot is not None and slot.faces == ("encryption",) and slot.requires is None


def test_INV_2_5_shared_slot_costs() -> None:
    cost = {key: (t.cost.food, t.cost.matter, t.cost.energy, t.cost.any) for key, t in CONTENT.techs.items()}
    assert cost["harvest-rover"] == cost["asteroid-mining"] == (1, 1, 0, 0)
    assert cost["expanded-cargohold"] == (2, 2, 0, 0)
    assert cost["terraform"] == (1, 1, 1, 1)
    assert cost["antimatter"] == cost["accretion-device"] == (1, 1, 1, 3)
    assert cost["fuel-efficiency"] == (0, 1, 1, 0)
    assert cost["boosters"] == (0, 2, 2, 0)
    assert cost["salvage-drone"] == (0, 1, 1, 0)
    assert cost["proximity-fuse"] == (1, 1, 0, 0)
    assert cost["taxation"] == (1, 0, 1, 0)
    assert cost["defensive-turrets"] == (2, 2, 0, 0)
    assert cost["blockade"] == (2, 0, 2, 0)
    assert cost["raider-drone"] == (0, 2, 2, 0)
    assert cost["disruptor-drone"] == (0, 3, 3, 0)
    assert cost["orbital-defense-array"] == (3, 3, 0, 0)
    assert cost["timeshares"] == (3, 0, 3, 0)


def test_INV_2_5_tech_actions_are_the_ten_marked() -> None:
    marked = {key for key, t in CONTENT.techs.items() if t.tech_action}
    assert marked == {
        "terraform", "antimatter", "accretion-device", "propellant-depot", "fabricators",
        "magnetic-rake", "interstellar-ark", "space-probe", "botsourcing", "memory-eraser",
    }


@pytest.mark.parametrize(
    ("role", "c1", "c2", "c3"),
    [
        ("generalist", {"salvage-drone", "proximity-fuse"}, {"defensive-turrets", "blockade"},
         {"disruptor-drone", "timeshares"}),
        ("warlord", {"salvage-drone", "proximity-fuse"}, {"raider-drone", "blockade"},
         {"orbital-defense-array", "timeshares"}),
        ("imperialist", {"salvage-drone", "taxation"}, {"defensive-turrets", "blockade"},
         {"disruptor-drone", "orbital-defense-array"}),
        ("salvager", {"salvage-drone", "taxation"}, {"defensive-turrets", "raider-drone"},
         {"orbital-defense-array", "timeshares"}),
        ("pioneer", {"proximity-fuse", "taxation"}, {"blockade", "raider-drone"},
         {"disruptor-drone", "orbital-defense-array"}),
        ("scientist", {"proximity-fuse", "taxation"}, {"defensive-turrets", "raider-drone"},
         {"disruptor-drone", "timeshares"}),
    ],
)
def test_INV_2_5_conflict_faces_per_role(role: str, c1: set[str], c2: set[str], c3: set[str]) -> None:
    card = CONTENT.roles[role]
    assert set(card.slot("C1").faces) == c1
    assert set(card.slot("C2").faces) == c2 and card.slot("C2").requires == "C1"
    assert set(card.slot("C3").faces) == c3 and card.slot("C3").requires == "C2"


@pytest.mark.parametrize(
    ("role", "line"),
    [
        ("warlord", ("propellant-depot", "wormhole", "dyson-sphere")),
        ("imperialist", ("fabricators", "autonomous-construction", "militarization")),
        ("salvager", ("magnetic-rake", "tractor-beam", "arcology")),
        ("pioneer", ("interstellar-ark", "nanotube-polymers", "space-probe")),
        ("scientist", ("botsourcing", "cloning", "memory-eraser")),
    ],
)
def test_INV_2_5_role_lines_each_need_the_previous(role: str, line: tuple[str, str, str]) -> None:
    card = CONTENT.roles[role]
    slots = [card.slot_of(t) for t in line]
    assert [s.faces for s in slots if s] == [(t,) for t in line]
    assert [s.requires for s in slots if s] == [None, "R1", "R2"]
    assert [CONTENT.techs[t].level for t in line] == [1, 2, 3]


def test_INV_2_5_generalist_has_no_role_line() -> None:
    assert not any(s.slot.startswith("R") for s in CONTENT.roles["generalist"].card)


def test_INV_2_5_most_tech_points() -> None:
    """Most points from technologies: 24 (one face per card), 18 for the Generalist."""
    for key, role in CONTENT.roles.items():
        best = sum(max(CONTENT.techs[f].level for f in slot.faces) for slot in role.card)
        assert best == (18 if key == "generalist" else 24), key


def test_INV_7_1_reference_spellings_name_the_same_tech() -> None:
    assert CONTENT.tech("Disrupter Drone") is CONTENT.techs["disruptor-drone"]
    assert CONTENT.tech("Propellent Depot") is CONTENT.techs["propellant-depot"]
    assert CONTENT.tech("Autonomous Const.") is CONTENT.techs["autonomous-construction"]
    assert CONTENT.role("scavenger") is CONTENT.roles["salvager"]
    assert CONTENT.tech("no such tech") is None


@pytest.mark.parametrize(
    ("role", "corner", "inner", "colonies", "fleets"),
    [
        ("generalist", ("military", "matter"), ("food",), (1,), (1,)),
        ("imperialist", ("military", "energy"), ("matter",), (1,), (1, 1)),
        ("pioneer", ("military", "food"), ("matter",), (1, 1), (1,)),
        ("salvager", ("military", "food"), ("energy",), (1,), (1,)),
        ("scientist", ("military", "matter"), ("energy",), (1,), (1,)),
        ("warlord", ("military", "energy"), ("food",), (1,), (2,)),
    ],
)
def test_K_S03_role_setup_pieces_and_starting_tiles(
    role: str, corner: tuple[str, ...], inner: tuple[str, ...], colonies: tuple[int, ...], fleets: tuple[int, ...]
) -> None:
    r = CONTENT.roles[role]
    assert (r.start_corner, r.start_inner, r.colonies, r.fleets) == (corner, inner, colonies, fleets)


def test_K_S05_K_S06_salvager_extra_resources_and_scientist_free_tech() -> None:
    assert CONTENT.roles["salvager"].extra_resources == 2
    sci = CONTENT.roles["scientist"]
    assert (sci.free_techs, sci.free_tech_level) == (1, 1)
    assert all(r.extra_resources == 0 for k, r in CONTENT.roles.items() if k != "salvager")
    assert all(r.free_techs == 0 for k, r in CONTENT.roles.items() if k != "scientist")


def test_K_S07_bag_holds_38_tiles_of_the_reference_mix() -> None:
    kinds: Counter[str] = Counter()
    for tile in CONTENT.bag:
        kinds[tile.kind] += tile.count
    assert CONTENT.bag_size == 38
    assert kinds == {"military": 3, "single": 21, "hybrid": 11, "empty": 3}


def test_K_R04_K_R05_planet_backs_are_destroyed_and_empty_tiles_empty() -> None:
    for tile in CONTENT.bag:
        assert tile.back == ("destroyed" if tile.symbols else "empty")


# --- validation on load ------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    source = resources.files("starlanes.games.kardashev").joinpath("content")
    for name in FILES:
        (tmp_path / name).write_text(source.joinpath(name).read_text("utf-8"), "utf-8")
    return tmp_path


def _broken(tmp_path: Path, file: str, old: str, new: str) -> str:
    directory = _copy(tmp_path)
    path = directory / file
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(ContentError) as info:
        load_content(directory)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_a_copy_of_the_shipped_files_loads_equal(tmp_path: Path) -> None:
    loaded = load_content(_copy(tmp_path))
    assert loaded.techs == CONTENT.techs and loaded.roles == CONTENT.roles and loaded.bag == CONTENT.bag


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        ("techs.toml", 'key = "boosters"\nname = "Boosters"\nlevel = 2',
         'key = "boosters"\nname = "Boosters"\nlevel = 4',
         "tech[16] (boosters).level: Expected `int` <= 3"),
        ("techs.toml", 'effects = [{ kind = "move-free" }]', 'effects = [{ kind = "teleport" }]',
         "tech[20] (dyson-sphere).effects[0].kind: Invalid value 'teleport'"),
        ("techs.toml", '{ kind = "move-jump", count = 1 }', '{ kind = "move-jump", count = 1, range = 2 }',
         "tech[19] (wormhole).effects[0]: contains unknown field `range`"),
        ("techs.toml", 'cost = { food = 3, energy = 3 }\ntech_action = false\neffects = [{ kind = "move-free" }]',
         'cost = { food = -3, energy = 3 }\ntech_action = false\neffects = [{ kind = "move-free" }]',
         "(dyson-sphere).cost.food: Expected `int` >= 0"),
        ("techs.toml", 'cost = { matching = 2 }', 'cost = {}', "(encryption).cost: a technology must cost something"),
        ("techs.toml", 'line = "warlord"\ncost = { food = 1, energy = 1 }\ntech_action = true',
         'line = "warlord"\ncost = { food = 1, energy = 1 }\ntech_action = false',
         "(propellant-depot).tech_action: is false but an effect is used through Use Technology"),
        ("techs.toml", 'key = "raider-drone"', 'key = "salvage-drone"', "duplicate key 'salvage-drone'"),
        ("techs.toml", 'aliases = ["Disrupter Drone"]', 'aliases = ["Raider Drone"]',
         "name 'Raider Drone' is already used by 'raider-drone'"),
        ("techs.toml", "schema = 1", "schema = 2", "techs.toml: schema: must be 1, not 2"),
        ("techs.toml", "[[tech]]\nkey = \"harvest-rover\"", "[[tech]\nkey = \"harvest-rover\"", "is not valid TOML"),
    ],
)
def test_INV_8_broken_techs_file_is_refused_in_one_line(
    tmp_path: Path, file: str, old: str, new: str, expected: str
) -> None:
    assert expected in _broken(tmp_path, file, old, new)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('faces = ["antimatter", "accretion-device"]', 'faces = ["antimatter", "anti-matter"]',
         "roles.toml: role[0] (generalist).T3.faces: unknown technology 'anti-matter'"),
        ('faces = ["antimatter", "accretion-device"]', 'faces = ["antimatter", "antimatter"]',
         "the two faces of a card must be different technologies"),
        ('faces = ["harvest-rover", "asteroid-mining"]', 'faces = ["harvest-rover", "expanded-cargohold"]',
         "the two faces of a card must have the same level"),
        ('{ slot = "C2", faces = ["raider-drone", "blockade"], requires = "C1" }',
         '{ slot = "C2", faces = ["raider-drone", "blockade"], requires = "C9" }',
         "role[5] (warlord).C2.requires: no slot 'C9' on the card"),
        ('{ slot = "R3", faces = ["dyson-sphere"], requires = "R2" }',
         '{ slot = "R3", faces = ["dyson-sphere"], requires = "R1" }',
         "(warlord).R3.requires: requires slot 'R1' of level 1; it must be one level below"),
        ('{ slot = "R3", faces = ["dyson-sphere"], requires = "R2" }',
         '{ slot = "R3", faces = ["dyson-sphere", "wormhole"], requires = "R2" }',
         "the two faces of a card must have the same level"),
        ('{ slot = "R1", faces = ["botsourcing"] },', '{ slot = "R1", faces = ["propellant-depot"] },',
         "role: technology 'botsourcing' (techs.toml) is on no role card"),
        ('start_inner = ["food"]\ncolonies = [1]\nfleets = [2]', 'start_inner = ["food"]\ncolonies = [1]\nfleets = [4]',
         "role[5] (warlord).fleets[0]: Expected `int` <= 3"),
        ('start_corner = ["military", "energy"]\nstart_inner = ["food"]\ncolonies = [1]\nfleets = [2]',
         'start_corner = ["energy"]\nstart_inner = ["food"]\ncolonies = [1]\nfleets = [2]',
         "(warlord).start_corner: a starting tile must show the military symbol"),
        ('free_techs = 1\nfree_tech_level = 1', 'free_techs = 20\nfree_tech_level = 1',
         "role[4] (scientist).free_techs: the card has 7 technologies of level 1, fewer than 20"),
        ('abilities = [{ kind = "gain", event = "own-harvest", resource = "produced" }]',
         'abilities = [{ kind = "probe" }]', "(salvager).abilities: 'probe' is a technology action, not an ability"),
        ('key = "pioneer"\nname = "Pioneer"', 'key = "pioneer"\nname = "Salvager"',
         "role[3] (salvager).name: name 'salvager' is already used by 'pioneer'"),
    ],
)
def test_INV_8_broken_roles_file_is_refused_in_one_line(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert expected in _broken(tmp_path, "roles.toml", old, new)


def test_INV_7_1_every_tech_must_be_on_a_card(tmp_path: Path) -> None:
    message = _broken(tmp_path, "roles.toml", '{ slot = "R3", faces = ["space-probe"], requires = "R2" },\n', "")
    assert "roles.toml: role: technology 'space-probe' (techs.toml) is on no role card" in message


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('symbols = ["military"]\ncount = 3', 'symbols = ["military"]\ncount = -1',
         "tile[0].count: Expected `int` >= 0"),
        ('symbols = ["military"]\ncount = 3', 'symbols = ["lasers"]\ncount = 3',
         "tile[0].symbols[0]: Invalid enum value"),
        ('symbols = ["food", "matter"]', 'symbols = ["food", "food"]', "tile[4].symbols: a symbol is listed twice"),
        ('symbols = ["food", "matter"]', 'symbols = ["food"]', "tile[4].symbols: this kind of tile is listed twice"),
        ('symbols = []\ncount = 3\nback = "empty"', 'symbols = []\ncount = 3\nback = "destroyed"',
         "tile[10].back: an empty-space tile is empty on both sides"),
        ('symbols = ["energy"]\ncount = 7\nback = "destroyed"', 'symbols = ["energy"]\ncount = 7\nback = "empty"',
         "tile[3].back: the back of a planet tile is a destroyed planet"),
    ],
)
def test_INV_8_broken_tiles_file_is_refused_in_one_line(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert expected in _broken(tmp_path, "tiles.toml", old, new)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("blue_radius = 2", "blue_radius = 3", "board.toml: blue_radius: must be below the radius 3"),
        ("[corners.NE]\ncorner = [3, -3]", "[corners.NE]\ncorner = [3, -2]", "corners.NE.corner: 3,-2 is not a corner"),
        ("[corners.NE]\ncorner = [3, -3]\ninner = [2, -2]", "[corners.NE]\ncorner = [3, -3]\ninner = [2, -1]",
         "corners.NE.inner: must be the cell one step inward from the corner"),
        ("[corners.N]\ncorner = [0, -3]", "[corners.N]\ncorner = [0, -4]", "corners.N.corner: cell 0,-4 is not on"),
        ('3 = ["NE", "S", "NW"]', '3 = ["NE", "S"]', "players.3: must name 3 different corners"),
        ('3 = ["NE", "S", "NW"]', '3 = ["NE", "S", "UP"]', "players.3: unknown corner 'UP'"),
        ('3 = ["NE", "S", "NW"]\n', "", "board.toml: players: no starting corners for 3 players"),
        ('4 = [["NE", "SW"], ["SE", "NW"]]', '4 = [["NE", "SE"], ["SW", "NW"]]',
         "allies.4: allies NE and SE must sit at opposite corners"),
        ('6 = [["N", "S"], ["NE", "SW"], ["SE", "NW"]]', '6 = [["N", "S"], ["NE", "SW"]]',
         "allies.6: the teams must use each corner of players.6 once"),
        ("radius = 3", 'radius = "3"', "board.toml: radius: Expected `int`, got `str`"),
    ],
)
def test_INV_8_broken_board_file_is_refused_in_one_line(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert expected in _broken(tmp_path, "board.toml", old, new)


def test_INV_8_missing_content_file_is_named(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    (directory / "tiles.toml").unlink()
    with pytest.raises(ContentError, match=r"tiles\.toml: cannot be read"):
        load_content(directory)


def test_shipped_content_is_package_data() -> None:
    """The content ships inside the package (no ../shared at run time)."""
    root = resources.files("starlanes.games.kardashev").joinpath("content")
    assert all(root.joinpath(name).is_file() for name in FILES)
