"""The terminal board and table of Kardashev (render.py), from hand-made views.

Whole games rendered from every seat are in test_render_games.py.
"""

from __future__ import annotations

import re

from rich.text import Text

from starlanes.core.state import GM
from starlanes.games.kardashev.content import load_content
from starlanes.games.kardashev.render import WIDTH, KardashevRenderer, fit, render_view, symbols_text
from starlanes.games.kardashev.spec import KardashevParams
from starlanes.games.kardashev.state import Battle, Cell, KardashevView, Offer, Player, Task, cell_order


def plain(markup: str) -> str:
    return "\n".join(Text.from_markup(line).plain for line in markup.split("\n"))


def flat(markup: str) -> str:
    """The table below the board with its lines joined (what wraps does not matter)."""
    return " ".join(plain(markup).split("legend:")[1].split())


def make_view(**changes: object) -> KardashevView:
    """A two-player view in round 2: seat 0 (Warlord) at the north corner, seat 1 (Scientist)
    at the south, a few explored tiles, seat 0 about to place a bought tile."""
    board = load_content().board
    cells = [Cell(q=q, r=r, zone=board.zone((q, r))) for q, r in cell_order(board)]

    def at(q: int, r: int) -> Cell:
        return next(c for c in cells if (c.q, c.r) == (q, r))

    north = at(0, -3)
    north.tile, north.symbols = "planet", ["military", "matter"]
    north.colony, north.colony_level, north.fleet, north.fleet_level = 0, 1, 0, 1
    inner = at(0, -2)
    inner.tile, inner.symbols, inner.colony, inner.colony_level = "planet", ["food"], 0, 2
    south = at(0, 3)
    south.tile, south.symbols = "planet", ["military", "energy"]
    south.colony, south.colony_level, south.fleet, south.fleet_level = 1, 3, 1, 2
    mixed = at(0, 2)
    mixed.tile, mixed.symbols, mixed.terraformed = "planet", ["matter"], ["energy"]
    mixed.colony, mixed.colony_level, mixed.fleet, mixed.fleet_level = 1, 1, 0, 3
    at(1, 0).tile = "destroyed"
    at(-1, 0).tile = "empty"
    open_blue = [i for i, c in enumerate(cells) if c.zone == "blue" and c.tile is None]
    fields: dict[str, object] = dict(
        params=KardashevParams(),
        cells=cells,
        seats=[
            Player(corner="N", team=0, role="warlord", food=2, matter=1, energy=3,
                   techs=["fuel-efficiency", "propellant-depot"], colonies_supply=12, fleets_supply=14),
            Player(corner="S", team=1, role="scientist", food=1, matter=0, energy=4),
        ],
        bag_left=[3, 7, 7, 7], bag_kinds=[["military"], ["food"], ["matter"], ["energy"]],
        phase="turn", round=2, role_order=[1, 0],
        offer=[Offer(symbols=["food", "matter"], back="destroyed", drawer=0, taker=1),
               Offer(symbols=["military"], back="destroyed", drawer=1, taker=0)],
        bids=[2, 1], rolls=[0, 0], rank=[0, 1], pickers=[0, 1], picked=2, slots=[0, 1], order=[0, 1],
        turn=0, active=0, base_used=1, research_used=0, moved_gain=False,
        tasks=[Task(kind="place", seat=0, reason="bid", tile=1, cells=open_blue)],
        battle=None, last_round=0, ended="", teams=[[0], [1]], scores=[10, 12],
    )
    fields.update(changes)
    return KardashevView(**fields)  # type: ignore[arg-type]


def test_every_space_of_the_37_is_drawn_once_with_its_coordinates() -> None:
    text = plain(render_view(make_view(), 0))
    board = text.split("legend:")[0]
    names = re.findall(r"(-?\d),(-?\d)\*?", board)
    assert len(names) == 37
    assert {(int(q), int(r)) for q, r in names} == set(cell_order(load_content().board))


def test_the_markup_is_well_formed_no_tag_shows_as_text() -> None:
    for viewer in (0, 1, GM):
        text = plain(render_view(make_view(), viewer))
        assert "[" not in text and "]" not in text


def test_the_table_fits_100_columns_for_every_viewer() -> None:
    for viewer in (0, 1, GM):
        for line in plain(render_view(make_view(), viewer)).split("\n"):
            assert len(line) <= WIDTH, line


def test_board_shows_owners_colony_and_fleet_levels() -> None:
    """K-F05: a fleet may share a cell with a colony, even another seat's (drawn with both owners)."""
    board = plain(render_view(make_view(), 1)).split("legend:")[0]
    assert "0:C1 F1" in board  # seat 0's level-1 colony and level-1 fleet on one tile
    assert "0:C2" in board
    assert "1:C3 F2" in board
    assert "1:C1 0:F3" in board  # seat 0's fleet on seat 1's colony: both owners shown


def test_board_shows_tile_symbols_terraforming_and_destroyed_and_empty_space() -> None:
    """K-R03..K-R05, K-TE05: planet symbols, terraform symbols, destroyed backs, empty space."""
    board = plain(render_view(make_view(), 1)).split("legend:")[0]
    assert "X M" in board and "X E" in board
    assert "M e" in board  # a terraformed energy symbol in lower case
    assert board.count("#########") == 1
    assert board.count("empty") == 1
    assert symbols_text(["food", "military"], ["energy"]) == "X+F+e"
    assert symbols_text([]) == "empty"


def test_unexplored_spaces_show_their_zone() -> None:
    """Inventory 2.2: the 19 blue and 18 white cells, told apart while unexplored."""
    view = make_view()
    board = plain(render_view(view, 1)).split("legend:")[0]
    blue = sum(1 for c in view.cells if c.tile is None and c.zone == "blue")
    white = sum(1 for c in view.cells if c.tile is None and c.zone == "white")
    assert board.count("~ ~ ~ ~") == blue == 15
    assert board.count(". . . .") == white == 16
    assert "[blue]0,-1[/blue]" in render_view(view, 1)  # blue-zone coordinates in blue


def test_only_the_placing_seat_sees_where_its_tile_may_go() -> None:
    view = make_view()
    mine = plain(render_view(view, 0)).split("legend:")[0]
    theirs = plain(render_view(view, 1)).split("legend:")[0]
    assert mine.count("*") == len(view.tasks[0].cells) == 15
    assert "*" not in theirs
    assert "seat 0 (you) places planet X" in plain(render_view(view, 0))


def test_seats_show_role_resources_supplies_score_and_techs() -> None:
    """K-R01: every hand is public, so the table shows every seat's cards; K-R07 supplies; K-Q07 techs."""
    text = plain(render_view(make_view(), 0))
    assert "seat 0 (you) Warlord · food 2 matter 1 energy 3 · supply 12 colony / 14 fleet pieces · score 10" in text
    assert "techs: Fuel Efficiency 1, Propellant Depot 1*" in text  # * : used through `use`
    assert "seat 1 Scientist · food 1 matter 0 energy 4" in text
    assert "ability:" in text  # the viewer's own role
    assert text.count("ability:") == 1


def test_the_round_shows_tiles_bids_order_actions_and_bag() -> None:
    text = plain(render_view(make_view(), 0))
    assert "tile 1: planet F+M (back: destroyed), drawn by seat 0 (you) → taken by seat 1" in text
    assert "bids: seat 0 (you) 2, seat 1 1" in text
    assert "turn order: seat 0 (you) → seat 1" in text
    assert "actions used: 1 base, 0 research (1 of 3: 1 base, 1 research, 1 either)" in text
    assert "bag: 24 tiles left (X 3, F 7, M 7, E 7)" in text


def test_the_gm_sees_no_you_and_no_placement_marks() -> None:
    text = plain(render_view(make_view(), GM))
    assert "(you)" not in text
    assert "*" not in text.split("legend:")[0]


def test_an_attack_in_progress_is_marked_and_summed() -> None:
    view = make_view(tasks=[], battle=Battle(attacker=0, start=0, level=3, target=_index(view_cells(), 0, 3),
                                             retreat=-1, attack_supports=[], defence_supports=[]))
    text = plain(render_view(view, 1))
    assert "!" in text.split("legend:")[0]
    text = flat(render_view(view, 1))
    assert "attacks 0,3: attack 3 against defence 5 (a tie holds for the defender)" in text


def view_cells() -> list[Cell]:
    return make_view().cells


def _index(cells: list[Cell], q: int, r: int) -> int:
    return next(i for i, c in enumerate(cells) if (c.q, c.r) == (q, r))


def test_bidding_and_role_phases_say_who_decides() -> None:
    """K-B02: bids are sealed (the table says so and shows none); K-S01: roles are distinct."""
    text = plain(render_view(make_view(phase="bid", bids=[], tasks=[], order=[], active=-1), 0))
    assert "sealed bids: 0 to 6 cards" in text and "nobody sees a bid until all are in" in text
    roles = make_view(phase="role", tasks=[], order=[], active=-1,
                      seats=[Player(corner="N", team=0), Player(corner="S", team=1, role="pioneer")],
                      role_order=[1, 0])
    text = plain(render_view(roles, 0))
    assert "seat 0 (you) chooses a role; free: Generalist, Imperialist, Salvager, Scientist, Warlord" in text


def test_the_end_shows_the_reason_and_scores() -> None:
    text = plain(render_view(make_view(phase="over", tasks=[], ended="seat 1 has fewer than 3 colonies"), 0))
    assert "game over: seat 1 has fewer than 3 colonies · scores: seat 0 (you) 10, seat 1 12" in text


def test_long_lines_wrap_between_words_with_an_indent() -> None:
    line = "  waiting: " + " ".join(f"word{i}" for i in range(40))
    out = fit(line)
    assert len(out) > 1 and all(len(Text.from_markup(x).plain) <= WIDTH for x in out)
    assert out[1].startswith("    ")
    assert " ".join(Text.from_markup(x).plain.strip() for x in out) == line.strip()
    assert fit("short") == ["short"]


def test_the_renderer_object_renders_the_view() -> None:
    renderer = KardashevRenderer(None)
    view = make_view()
    assert renderer.render(view, 0) == render_view(view, 0)


def test_actions_are_described_in_words_with_tiles_prices_and_texts() -> None:
    from starlanes.games.kardashev import actions as k
    from starlanes.games.kardashev.render import describe_action

    view = make_view()
    assert describe_action(view, k.BuildColony((0, -2))) == (
        "build a level-1 colony on 0,-2 (planet F) for 1 food + 1 matter")
    assert describe_action(view, k.UpgradeColony((0, -2), via="interstellar-ark")) == (
        "upgrade your colony on 0,-2 (planet F) to level 3 for 1 food + 1 matter, "
        "as your research action through Interstellar Ark")
    assert describe_action(view, k.BuildFleet((0, -3), 2)) == (
        "build a level-2 fleet on 0,-3 (planet X+M) for 2 matter, 2 energy (your level-1 fleet there is replaced)")
    assert (describe_action(view, k.Move((0, 2), (0, 3))) or "").endswith(
        "attacks (defence 5 before supports; a tie holds for the defender)")
    assert "explores it" in (describe_action(view, k.Move((0, -3), (1, -3))) or "")
    assert describe_action(view, k.Place((1, -2), "destroyed")) == (
        "place the tile on 1,-2 (unexplored, blue zone), destroyed face up (you take a resource of your choice)")
    assert describe_action(view, k.Pick(1, 2)) == (
        "take turn slot 1 and tile 2, planet X (back: destroyed) drawn by seat 1")
    research = describe_action(view, k.Research("boosters")) or ""
    assert research.startswith("research Boosters (level 2, 2 point(s); price 2 matter + 2 energy): ")
    assert describe_action(view, k.Exchange("food", "energy")) == "give 4 food for 1 energy"
    assert describe_action(view, k.Support((0, -2))) == (
        "support with the fleets on 0,-2 (+0 strength, 1 energy each)")
    assert describe_action(view, k.Support()) == "no supporting fleets"
    assert describe_action(view, k.ChooseRole("warlord")) == (
        "play the Warlord: " + load_content().roles["warlord"].text)
    assert KardashevRenderer(None).describe_action(view, k.End()) == "end your turn (unused actions are lost)"
    assert describe_action(view, k.Arrange("corner", "inner")) == (
        "your colony on the corner tile, your fleet on the inner tile "
        "(a second piece of a kind goes on the other tile)")


def test_the_tile_won_in_the_bidding_is_placed_on_a_marked_blue_space() -> None:
    """K-X01, K-X02: the won tile goes on an unexplored blue space while more than 3 are left."""
    view = make_view(tasks=[])
    view.seats[0].tile = 1  # seat 0 won tile 2 (index 1): it places it as its turn starts
    mine = plain(render_view(view, 0))
    assert mine.split("legend:")[0].count("*") == 15  # every unexplored blue space (more than 3 left)
    assert "seat 0 (you) places tile 2, planet X (back: destroyed), on one of:" in " ".join(mine.split())
    theirs = plain(render_view(view, 1))
    assert "*" not in theirs.split("legend:")[0]
    assert "seat 0 places tile 2" in theirs


def test_the_ally_variant_shows_allies_and_team_scores() -> None:
    """K-V01, K-V09: allies are named on each seat's line; the team's total decides."""
    seats = [*make_view().seats, Player(corner="NE", team=0, role="pioneer"), Player(corner="SW", team=1)]
    view = make_view(seats=seats, teams=[[0, 2], [1, 3]], scores=[10, 12, 7, 4])
    text = flat(render_view(view, 0))
    assert "seat 0 (you) Warlord, ally of seat 2" in text
    assert "team scores (seats): 0+2 17, 1+3 16" in text
    assert "team scores" not in flat(render_view(make_view(), 0))


def test_a_move_is_described_with_its_length_and_energy_as_the_rules_price_it() -> None:
    """K-M01, K-M07: the price per the movement table, after the mover's technologies."""
    from starlanes.games.kardashev import actions as k
    from starlanes.games.kardashev.render import describe_action

    view = make_view()
    # seat 1 (no technologies): its level-2 fleet on 0,3 explores 1,2 next to it: 1 energy
    assert "to 1,2 (unexplored, white zone) (1 space(s), 1 energy): explores it" in (
        describe_action(view, k.Move((0, 3), (1, 2))) or "")
    # seat 0's level-3 fleet on 0,2 (2 energy a space) with Fuel Efficiency (1 less a move)
    assert "(1 space(s), 1 energy)" in (describe_action(view, k.Move((0, 2), (1, 1))) or "")
    # a named path: 0,-3 -> 0,-2 -> -1,-1 for seat 0's level-1 fleet: 2 spaces, 1 payment, minus 1
    assert "(2 space(s), 0 energy)" in (describe_action(view, k.Move((0, -3), (-1, -1), path=(0, -2, -1, -1))) or "")
