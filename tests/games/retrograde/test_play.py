"""The terminal table, the heuristic bot, the registry."""

from __future__ import annotations

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.retrograde.ai import HeuristicAgent, evaluate_table
from starlanes.registry import get_game

from .helpers import GAME, HOME1, act, empty, fresh, ship, slip


def test_registry_knows_retrograde_and_its_bot() -> None:
    game = get_game("retrograde")
    assert game.spec.name == "Retrograde" and "retrograde:heuristic" in game.agents()


def test_render_shows_assets_orbitals_counters_face_down_cards_and_the_hand() -> None:
    s = empty()
    x = ship(s, "terra-hammer", 0, HOME1, 4, damage=1, dv=3)
    slip(s, HOME1, "col-crossman", 1, 4)
    s.table.hands[0] = [s.table.decks[0].pop(0)]
    text = GAME.render(GAME.view(s, 0).game, 0)
    for piece in ("Saturn: Modular Spacecraft", "orbital 4 (dv 4, outer)", f"#{x.uid} Terra Hammer",
                  "dv 3/9", "dmg 1", "face-down spacecraft", "(?)", "your hand", "Mars", "Stellar Gate"):
        assert piece in text, piece
    assert "Col. Crossman" not in text  # seat 1's face-down card stays hidden


def test_render_of_a_sealed_combat() -> None:
    s = empty()
    a = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0)
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert "seals its power" in GAME.render(GAME.view(s, 1).game, 1)


def test_evaluate_prefers_damage_on_the_enemy_homeworld() -> None:
    s = fresh()
    base = evaluate_table(s.table, 0)
    s.table.assets[-1].damage = 3
    assert evaluate_table(s.table, 0) > base


def _play(index: int) -> bool:
    game = GAME
    seed = derive_seed(11, index)
    bot_seat, decks = index % 2, (("sample-1", "sample-2") if index % 4 < 2 else ("sample-2", "sample-1"))
    s = game.setup({"deck0": decks[0], "deck1": decks[1]}, 2, seed)
    agents = {bot_seat: HeuristicAgent(bot_seat, seed), 1 - bot_seat: RandomAgent(seed)}
    while game.to_act(s):
        for seat in sorted(game.to_act(s)):
            action = agents[seat].act(game.view(s, seat), game.legal_actions(s, seat))
            game.apply_unchecked(s, seat, action)
    out = game.outcome(s)
    return out is not None and bot_seat in out.winners


def test_heuristic_bot_beats_the_random_bot_with_both_decks_and_seats() -> None:
    wins = sum(_play(i) for i in range(8))
    assert wins >= 6  # the benchmark measures ~95% over 200 games
