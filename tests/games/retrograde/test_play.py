"""The terminal table, the heuristic bot, the registry."""

from __future__ import annotations

from starlanes.ai.random_agent import RandomAgent
from starlanes.ai.registry import game_agents
from starlanes.core import derive_seed
from starlanes.games.retrograde.ai import HeuristicAgent, evaluate_table, heuristic_factory
from starlanes.games.retrograde.game import RetrogradeRuleset
from starlanes.registry import get_entry, get_game

from .helpers import GAME, HOME0, HOME1, act, empty, fresh, ship, slip, words


def test_registry_knows_retrograde_and_its_bot() -> None:
    game = get_game("retrograde")
    assert game.spec.name == "Retrograde"
    assert get_entry("retrograde").agent_factories() == {"retrograde:heuristic": heuristic_factory}
    assert game_agents(game) == {"retrograde:heuristic": heuristic_factory}


def test_the_bots_are_listed_by_the_registry_entry_not_by_the_ruleset() -> None:
    assert "agents" not in vars(RetrogradeRuleset)  # the deprecated hook is not overridden


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
    defender = GAME.render(GAME.view(s, 1).game, 1)
    attacker = GAME.render(GAME.view(s, 0).game, 0)
    for text in (defender, attacker):  # both see who fights whom, by name, and the dice
        assert f"#{a.uid} Terra Hammer attacks" in text and f"#{d.uid} Envoy (cost 1 delta-vee, 3 dice)" in text
    # each side is told what to type and its range (hammer: limit 9 - cost 1; envoy: limit 8)
    assert "defense N[/bold] (0 to 8;" in defender and "power N" not in defender.split("combat:")[1][:400]
    assert "power N[/bold] (0 to 8;" in attacker and "defense N" not in attacker


def test_render_names_the_cards_of_a_follow_prompt() -> None:
    s = empty()
    mush = ship(s, "mushroom", 0, HOME0, 3)
    pod = ship(s, "ground-spore", 0, HOME0, 0)
    events = act(s, 0, f"transfer {mush.uid} {HOME1}")
    offer = [e for e in events if e.seats == (0,)]  # the mover is told at once who may follow
    assert [words(e) for e in offer] == [
        f"Shock troops: a troop pod may ride along (1 at most): Ground Spore #{pod.uid} — type follow SHIP, or pass",
        f"Mushroom: troop pods may ride along (3 at most): Ground Spore #{pod.uid} — type follow SHIP, or pass",
    ]
    mine = GAME.render(GAME.view(s, 0).game, 0)
    assert f"after #{mush.uid} Mushroom moved:" in mine and "follow SHIP" in mine
    assert "follow SHIP" not in GAME.render(GAME.view(s, 1).game, 1)
    assert pod.uid in {int(x.text().split()[1]) for x in GAME.legal_actions(s, 0) if x.verb == "follow"}


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


def test_placing_and_allocating_can_be_undone_and_tell_the_owner_the_progress() -> None:
    from starlanes.core.match import Match

    match = Match.new(GAME, ["human", "human"], 7, GAME.params_from({"first_player": 0, "deck_order": "file"}))
    t = match.state.table
    ship_card = next(u for u in t.hands[0] if GAME.view(match.state, 0).game.table.cards[u] == "slingshot")
    match.play(0, f"place {ship_card} {HOME0}")
    events = match.play(0, f"allocate {HOME0} {ship_card}")
    private = [e for e in events if e.seats == (0,)]
    assert private and "Slingshot: 6 of 5 counters; it can be flipped" in words(private[0])
    assert all(not e.visible_to(1) for e in private)
    match.undo(0)  # a mistaken allocation is taken back...
    match.undo(0)  # ...and so is the placement: nothing new was revealed
    assert ship_card in match.state.table.hands[0]
    assert match.state.table.assets[0].ship_slips == [] and not match.state.table.assets[0].tapped


def test_render_groups_assets_by_asset_line_and_shows_population() -> None:
    s = empty()
    t = s.table
    from .helpers import asset

    moon = asset(s, "mars", 0, face_up=False)  # seat 0's face-down asset, appended after seat 1's homeworld
    ship(s, "terra-hammer", 1, HOME1, 0)  # population 2
    text = GAME.render(GAME.view(s, 1).game, 1)
    order = [text.index(x) for x in ("seat 0's assets", f"#{moon.uid} face-down asset of", "uncontrolled",
                                      "seat 1's assets (yours)", f"#{HOME1} Saturn")]
    assert order == sorted(order)
    assert "(you, deck sample-2): population 2/6" in text and "(deck hidden): population 0/4" in text
    assert t.deck_names[1] == "sample-2"


def test_render_lists_what_each_of_your_spacecraft_can_afford_with_costs() -> None:
    s = empty()
    anvil = ship(s, "terra-anvil", 0, HOME1, 4, dv=2)  # limit 7: 5 left
    enemy = ship(s, "col-crossman", 1, HOME1, 0)
    sling = ship(s, "slingshot", 0, HOME0, 0)  # limit 14, Venus orbitals 9/6/3/1
    text = GAME.render(GAME.view(s, 0).game, 0)
    assert (f"#{anvil.uid} Terra Anvil (orbital 4 of Saturn: Modular Spacecraft #{HOME1}, 5 delta-vee left):"
            f" burn to orbital 0:2 1:2 2:2 3:2; transfer to #{HOME0}:3 #82:3; attack #{enemy.uid}:1 +power") in text
    assert f"#{sling.uid} Slingshot (orbital 0 of Venus: Shock troops #{HOME0}, 14 delta-vee left):" \
           " burn to orbital 1:3 2:6 3:8" in text
    assert "bombard" not in text.split("your spacecraft can")[1].split("your deck")[0]  # 12 + power > 5
    # the opponent, and the seat once its maneuvers are over, get no such list
    assert "your spacecraft can" not in GAME.render(GAME.view(s, 1).game, 1)
    act(s, 0, f"research {HOME0}")
    assert "your spacecraft can" not in GAME.render(GAME.view(s, 0).game, 0)


def test_describe_action_names_cards_and_gives_costs_and_odds() -> None:
    s = empty()
    anvil = ship(s, "terra-anvil", 0, HOME1, 0)  # bombardment 2, limit 7
    enemy = ship(s, "envoy", 1, HOME1, 0)
    hammer = ship(s, "terra-hammer", 0, HOME0, 0)
    card = s.table.decks[0][0]
    s.table.hands[0] = [card]  # Mars
    view = GAME.view(s, 0).game

    def say(text: str) -> str:
        return GAME.describe_action(view, GAME.parse_action(text)) or ""

    assert say(f"burn {hammer.uid} 3") == (f"Terra Hammer #{hammer.uid}: orbital 0 → 3 of Venus: Shock troops,"
                                           " 8 delta-vee (1 left)")
    assert say(f"attack {anvil.uid} {enemy.uid}") == (
        f"Terra Anvil #{anvil.uid} (0 dice) attacks Envoy #{enemy.uid}: cost 1, then power up to 6 against"
        " defense up to 8")
    # power 6 against resistance 4: check 2, each die hits on a 1 (17%), 2 dice
    assert say(f"bombard {anvil.uid} {HOME1} 6") == (
        f"Terra Anvil #{anvil.uid} bombards Saturn: Modular Spacecraft #{HOME1} (resist 4): 7 delta-vee,"
        " hit check 2; 2 dice, each hits 17%: 0.3 hits expected")
    assert say(f"found {card}") == f"Mars #{card} (cost 7) face down in the asset area"
    assert say(f"research {HOME0}") == f"tap Venus: Shock troops #{HOME0}, draw a card"


def test_describe_action_of_the_opponents_move_shows_only_what_the_viewer_sees() -> None:
    s = fresh()
    secret = next(u for u in s.table.hands[1] if s.table.cards[u] == "col-crossman")
    act(s, 0, "end")
    seen_by_0 = GAME.view(s, 0).game
    text = GAME.describe_action(seen_by_0, GAME.parse_action(f"place {secret} {HOME1}")) or ""
    assert text.startswith(f"card #{secret} (hidden) face down beside Saturn")
    act(s, 1, f"place {secret} {HOME1}")
    seen_by_0 = GAME.view(s, 0).game
    text = GAME.describe_action(seen_by_0, GAME.parse_action(f"allocate {HOME1} {secret}")) or ""
    assert text == f"tap Saturn: Modular Spacecraft #{HOME1}: 6 construction counters on card #{secret} (hidden)"
    assert s.table.cards[secret] not in text.lower().replace(" ", "-")
    from starlanes.games.retrograde.board import BOOK

    assert BOOK[s.table.cards[secret]].name not in text


def test_describe_action_describes_every_legal_action_of_random_games() -> None:
    from starlanes.core.rng import Rng

    for seed in range(3):
        s = GAME.setup(None, 2, seed)
        rng = Rng.from_seed(seed)
        for _ in range(1500):  # random games last about 600 actions: to the end
            seats = sorted(GAME.to_act(s))
            if not seats:
                break
            seat = seats[0]
            legal = GAME.legal_actions(s, seat)
            view = GAME.view(s, seat).game
            other = GAME.view(s, 1 - seat).game  # how the opponent reads the move (a bot's move)
            for v in (view, other):  # the table renders from either side at every step
                assert "your hand" in GAME.render(v, v.me)
            missing = [a.text() for a in legal if not GAME.describe_action(view, a)]
            missing += [a.text() for a in legal if not GAME.describe_action(other, a)]
            assert not missing, missing
            GAME.apply(s, seat, rng.choice(legal))
        assert GAME.outcome(s) is not None  # the whole game, captures included, was described


def test_render_shows_the_gate_streak_only_with_the_stellar_gate_in_play() -> None:
    with_gate = GAME.render(GAME.view(fresh(), 0).game, 0)
    without = GAME.render(GAME.view(fresh(stellar_gate=False), 0).game, 0)
    assert "Stellar Gate held 0 turn(s) in a row" in with_gate
    assert "Stellar Gate" not in without


def test_render_puts_a_crowded_orbitals_spacecraft_one_a_line_and_debris_beside() -> None:
    s = empty()
    from .helpers import debris

    crowd = [ship(s, "pollen", 0, HOME0, 0) for _ in range(3)]
    pair = [ship(s, "pollen", 0, HOME0, 1) for _ in range(2)]
    debris(s, HOME0, 0)
    lines = GAME.render(GAME.view(s, 0).game, 0).splitlines()
    head = next(i for i, x in enumerate(lines) if x.startswith("    orbital 0 (dv 9, lowest):"))
    assert lines[head].endswith("3 spacecraft; [yellow]debris x1[/yellow]")
    assert all(f"#{c.uid} Pollen" in lines[head + 1 + k] for k, c in enumerate(crowd))
    two = next(x for x in lines if x.startswith("    orbital 1 (dv 6):"))
    assert all(f"#{p.uid} Pollen" in two for p in pair)  # two still fit on one line


def test_render_tells_a_defender_without_delta_vee_to_type_defense_zero() -> None:
    s = empty()
    a = ship(s, "terra-hammer", 0, HOME1, 4)
    d = ship(s, "envoy", 1, HOME1, 0, dv=8)  # limit 8: nothing left
    act(s, 0, f"attack {a.uid} {d.uid}")
    assert f"type [bold]defense 0[/bold] (#{d.uid} has no delta-vee left" in GAME.render(GAME.view(s, 1).game, 1)
