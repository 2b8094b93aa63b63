"""Attack and support arithmetic (K-T02..K-T09, K-TE04, A#20-22).

The rules' attack and support pictures are missing (A#46): these are the project's own
examples of the same situations (ruling K22): a plain attack that wins, one that ties, two
supported attacks that win and one that loses to a defensive support."""

from __future__ import annotations

import pytest

from starlanes.games.kardashev.board import Board
from starlanes.games.kardashev.combat import (
    Battle,
    captured_colony_level,
    defence_strength,
    downgraded,
    free_supports,
    offence_strength,
    support_bill,
    support_cells,
    support_price,
    verdict,
)
from starlanes.games.kardashev.content import load_content
from starlanes.games.kardashev.effects import FreeSupports, MoveFree
from starlanes.games.kardashev.techs import player_effects

BOARD = Board.standard()


def test_K_T02_attack_example_level_2_fleet_takes_a_level_1_colony() -> None:
    v = verdict(Battle(attacker=2, defender_colony=1))
    assert (v.offence, v.defence, v.attacker_wins) == (2, 1, True)


def test_K_T03_attack_example_tie_goes_to_the_defender() -> None:
    """A level-2 fleet against a level-1 fleet on a level-1 colony: 2 against 2, the defender holds."""
    v = verdict(Battle(attacker=2, defender_fleet=1, defender_colony=1))
    assert (v.offence, v.defence, v.attacker_wins) == (2, 2, False)


def test_K_T04_support_win_example_1_one_supporter_tips_the_balance() -> None:
    """A level-1 attacker with one adjacent level-2 supporter (1 energy) against a level-2 colony."""
    v = verdict(Battle(attacker=1, attacker_supports=(2,), defender_colony=2))
    assert (v.offence, v.defence, v.attacker_wins) == (3, 2, True)
    assert support_price(1) == 1


def test_K_T04_support_win_example_2_two_supporters_beat_fleet_and_colony() -> None:
    v = verdict(Battle(attacker=1, attacker_supports=(1, 1), defender_fleet=1, defender_colony=1))
    assert (v.offence, v.defence, v.attacker_wins) == (3, 2, True)
    assert support_price(2) == 2


def test_K_T05_support_lose_example_defensive_support_ties_it() -> None:
    """Attacker level 2 + a level-1 supporter; the defender answers with a level-1 supporter."""
    v = verdict(Battle(attacker=2, attacker_supports=(1,), defender_colony=2, defender_supports=(1,)))
    assert (v.offence, v.defence, v.attacker_wins) == (3, 3, False)


def test_A20_defence_adds_fleet_colony_and_supports() -> None:
    assert defence_strength(fleet=3, colony=2, supporters=(1, 2)) == 8
    assert offence_strength(3, (3, 3)) == 9
    with pytest.raises(ValueError, match="needs a defending"):
        verdict(Battle(attacker=1))
    with pytest.raises(ValueError, match=r"level must be 1\.\.3"):
        offence_strength(4)


def test_K_T04_supporters_are_adjacent_fleets_but_never_the_attacker() -> None:
    fleets = [(1, 0), (2, 0), (0, 1), (-1, 0)]
    assert support_cells(BOARD, (0, 0), fleets, attacker_from=(-1, 0)) == ((1, 0), (0, 1))


def test_K_T06_K_TE04_encryption_makes_one_supporter_free() -> None:
    content = load_content()
    effects = player_effects(content, "warlord", {"encryption"})
    assert free_supports(effects) == 1
    assert support_price(3, free_supports(effects)) == 2
    assert support_price(1, free_supports(effects)) == 0
    assert free_supports([MoveFree()]) == 0  # Dyson Sphere: supports still cost (K-TE21)
    assert support_price(2, 0, energy_each=2) == 4


def test_K_V07_each_owner_pays_for_its_own_supporters_with_its_own_encryption() -> None:
    bill = support_bill(["red", "blue", "red"], {"blue": 1})
    assert bill == {"red": 2, "blue": 0}
    assert support_bill([], {}) == {}
    assert free_supports([FreeSupports(count=1), FreeSupports(count=1)]) == 2


def test_A22_captured_colony_keeps_its_level_as_far_as_supply_allows() -> None:
    assert captured_colony_level(3, 15) == 3
    assert captured_colony_level(3, 2) == 2
    assert captured_colony_level(2, 0) == 0  # the planet is left uncolonized


def test_K_TE12_K_TE14_downgrade_removes_a_level_1_piece() -> None:
    assert downgraded(3) == 2 and downgraded(1) == 0 and downgraded(2, levels=2) == 0
