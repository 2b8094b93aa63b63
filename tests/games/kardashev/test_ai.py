"""The heuristic bot's choices on hand-made views (its games against random: test_ai_games.py)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tests.games.kardashev.test_render import make_view

from starlanes.core.actions import Action
from starlanes.core.errors import ParseError, UnknownName
from starlanes.core.state import SeatView
from starlanes.games.kardashev import actions as k
from starlanes.games.kardashev.ai import HeuristicAgent, hand_value, make_heuristic
from starlanes.games.kardashev.state import Battle, KardashevView, Player


def seat_view(view: KardashevView, seat: int = 0) -> SeatView[KardashevView]:
    return SeatView(viewer=seat, step=0, to_act=(seat,), submitted=(), my_sealed=None, outcome=None, game=view)


def bot(seat: int = 0, seed: int = 1, **options: str) -> HeuristicAgent:
    return make_heuristic(None, seat, seed, options)  # type: ignore[arg-type]


def choose(view: KardashevView, legal: Sequence[Action], seat: int = 0) -> Action:
    return bot(seat).act(seat_view(view, seat), legal)


def test_options_are_checked() -> None:
    with pytest.raises(UnknownName, match="option of kardashev:heuristic"):
        bot(colour="red")
    with pytest.raises(ParseError, match="no role 'admiral'"):
        bot(role="admiral")
    assert bot(role="Warlord").role == "warlord"  # a role's name works as well as its key


def test_it_takes_the_role_asked_for_and_otherwise_a_seeded_random_one() -> None:
    view = make_view(phase="role")
    roles = [k.ChooseRole(r) for r in ("generalist", "pioneer", "warlord")]
    assert bot(role="pioneer").act(seat_view(view), roles) == k.ChooseRole("pioneer")
    picks = {bot(seed=s).act(seat_view(view), roles) for s in range(30)}
    assert len(picks) == 3  # spread over the free roles
    assert bot(seed=5).act(seat_view(view), roles) == bot(seed=5).act(seat_view(view), roles)


def test_bids_stay_within_a_third_of_its_cards() -> None:
    view = make_view(phase="bid")  # seat 0 holds 6 cards
    bids = [k.Bid(n) for n in range(7)]
    chosen = choose(view, bids)
    assert isinstance(chosen, k.Bid) and chosen.amount <= 2


def test_it_picks_the_first_slot_and_the_tile_worth_most() -> None:
    view = make_view(phase="pick")
    picks = [k.Pick(slot, tile) for slot in (1, 2) for tile in (1, 2)]
    # tile 1 is F+M (two resources), tile 2 a military planet (it has one already)
    assert choose(view, picks) == k.Pick(1, 1)


def test_it_pays_from_the_kind_it_holds_most() -> None:
    view = make_view()  # seat 0: food 2, matter 1, energy 3
    pays = [k.Pay(food=1), k.Pay(matter=1), k.Pay(energy=1)]
    assert choose(view, pays) == k.Pay(energy=1)


def test_it_gains_the_kind_it_holds_least() -> None:
    view = make_view()
    assert choose(view, [k.Gain("food"), k.Gain("matter"), k.Gain("energy")]) == k.Gain("matter")
    assert hand_value(1, 0, 0) > hand_value(0, 0, 0) and hand_value(5, 0, 0) < hand_value(2, 2, 1)


def test_its_tile_goes_face_up_next_to_its_own_colonies() -> None:
    view = make_view()  # seat 0 places the military tile
    places = [k.Place(cell, face) for cell in ((1, -2), (1, 1), (-2, 2)) for face in ("planet", "destroyed")]
    assert choose(view, places) == k.Place((1, -2), "planet")


def free_planet(view: KardashevView, q: int = 1, r: int = -2) -> KardashevView:
    cell = next(c for c in view.cells if (c.q, c.r) == (q, r))
    cell.tile, cell.symbols = "planet", ["matter", "energy"]
    return view


def test_a_colony_comes_before_a_harvest_and_an_upgrade() -> None:
    view = free_planet(make_view(tasks=[]))
    legal = [k.Harvest(food=2), k.UpgradeColony((0, -2)), k.BuildColony((1, -2)), k.End()]
    assert choose(view, legal) == k.BuildColony((1, -2))


def test_with_nothing_worth_doing_it_ends_its_turn() -> None:
    view = make_view()
    legal = [k.Exchange("food", "energy"), k.End()]
    assert choose(view, legal) == k.End()


def test_it_attacks_only_what_it_is_sure_to_beat() -> None:
    cells = make_view().cells
    view = make_view(tasks=[])
    # seat 0's level-3 fleet on 0,2 against seat 1's level-3 colony and level-2 fleet on 0,3: 3 < 5
    legal: list[Action] = [k.Move((0, 2), (0, 3)), k.End()]
    assert choose(view, legal) == k.End()
    # a weak colony: seat 1's level-1 colony on 0,2 with seat 0's level-3 fleet next to it
    weak = make_view(tasks=[])
    target = next(c for c in weak.cells if (c.q, c.r) == (1, 1))
    target.tile, target.symbols, target.colony, target.colony_level = "planet", ["food"], 1, 1
    assert choose(weak, [k.Move((0, 2), (1, 1)), k.End()]) == k.Move((0, 2), (1, 1))
    assert cells  # the board is the hand-made one


def test_it_supports_with_the_fewest_fleets_that_win() -> None:
    view = make_view(tasks=[])
    cells = view.cells

    def at(q: int, r: int) -> int:
        return next(i for i, c in enumerate(cells) if (c.q, c.r) == (q, r))

    for q, r, level in ((1, -3, 1), (-1, -2, 2)):
        c = cells[at(q, r)]
        c.tile, c.fleet, c.fleet_level = "empty", 0, level
    target = cells[at(0, -2)]
    target.colony, target.colony_level = 1, 2  # seat 1 holds it: seat 0 attacks with a level-1 fleet
    view.battle = Battle(attacker=0, start=at(0, -3), level=1, target=at(0, -2), retreat=at(0, -3))
    options = [k.Support(()), k.Support((1, -3)), k.Support((-1, -2)), k.Support((1, -3, -1, -2))]
    # 1 + 2 = 3 > 2 with one supporter; seat 1 has no fleet next to 0,-2 to answer with
    assert choose(view, options) == k.Support((-1, -2))
    # a level-3 attacker beats the colony alone: supports would only cost energy
    view.battle = Battle(attacker=0, start=at(0, -3), level=3, target=at(0, -2), retreat=at(0, -3))
    assert choose(view, options) == k.Support(())
    # as the defender (seat 1): 1 attacking; its colony of 2 already holds: no support is paid
    view.battle = Battle(attacker=0, start=at(0, -3), level=1, target=at(0, -2), retreat=at(0, -3))
    view.seats[1] = Player(corner="S", team=1, role="scientist", food=1, matter=0, energy=4)
    assert choose(view, [k.Support(())], seat=1) == k.Support(())


def test_its_research_follows_its_role_line() -> None:
    view = make_view()  # seat 0 is the Warlord holding Propellant Depot
    view.seats[0].food, view.seats[0].matter, view.seats[0].energy = 4, 4, 4
    legal = [k.Research("wormhole"), k.Research("encryption"), k.Compile("matter")]
    assert choose(view, legal) == k.Research("wormhole")


def test_it_uses_an_acting_technology_when_it_pays() -> None:
    view = free_planet(make_view(tasks=[]))
    legal = [k.Compile("matter"), k.BuildColony((1, -2), via="propellant-depot")]
    assert choose(view, legal) == k.BuildColony((1, -2), via="propellant-depot")


def test_a_raid_names_the_kind_the_victim_holds_most() -> None:
    view = make_view(tasks=[])
    target = next(i for i, c in enumerate(view.cells) if (c.q, c.r) == (0, 3))
    view.battle = Battle(attacker=0, start=0, level=1, target=target, retreat=-1)
    # seat 1 (the colony's owner) holds food 1, matter 0, energy 4
    assert choose(view, [k.Raid("food"), k.Raid("matter"), k.Raid("energy")]) == k.Raid("energy")


def test_it_gives_its_ally_cards_only_when_they_help_the_ally_more() -> None:
    seats = [Player(corner="N", team=0, role="warlord", food=9, matter=9, energy=1),
             Player(corner="S", team=1, role="scientist"),
             Player(corner="NE", team=0, role="pioneer", food=0, matter=0, energy=3)]
    view = make_view(tasks=[], seats=seats, teams=[[0, 2], [1]], scores=[1, 1, 1])
    gifts = [k.Gift(food=1), k.Gift(food=2, matter=1), k.Gift(energy=1), k.End()]
    assert choose(view, gifts) == k.Gift(food=2, matter=1)  # its surplus, what the ally lacks
    view.seats[2].food, view.seats[2].matter = 9, 9
    assert choose(view, gifts) == k.End()  # the ally is as rich: keep the cards


def test_its_colony_starts_on_the_military_corner_and_its_fleet_inward() -> None:
    view = make_view(phase="role", tasks=[])
    options = [k.Arrange(c, f) for c in ("corner", "inner") for f in ("corner", "inner")]
    assert choose(view, options) == k.Arrange("corner", "inner")
