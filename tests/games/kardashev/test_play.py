"""Whole random games (2-6 players, the ally variant), property checks over them, the hidden
information (the leak test can fail), the data conformance checks and the text grammar."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from tests.games.kardashev.helpers import G

from starlanes.core.errors import ParseError
from starlanes.core.rng import Rng
from starlanes.games.kardashev.game import Kardashev
from starlanes.games.kardashev.state import KardashevState
from starlanes.registry import get_game
from starlanes.testing import ConformanceFailure
from starlanes.testing.conformance import check_views_do_not_leak
from starlanes.testing.conformance_data import DATA_CHECKS


def invariants(state: KardashevState) -> None:
    """Pieces are conserved within each supply; no cell holds two fleets (one fleet per cell is
    the state's shape: check the owner and level agree); hands are never negative."""
    for seat, p in enumerate(state.seats):
        colonies = sum(c.colony_level for c in state.cells if c.colony == seat)
        fleets = sum(c.fleet_level for c in state.cells if c.fleet == seat)
        if state.battle is not None and state.battle.attacker == seat:
            fleets += state.battle.level
        assert p.colonies_supply + colonies == state.params.supply_colonies, (seat, "colonies")
        assert p.fleets_supply + fleets == state.params.supply_fleets, (seat, "fleets")
        assert min(p.hand()) >= 0
    for c in state.cells:
        assert (c.fleet is None) == (c.fleet_level == 0)
        assert (c.colony is None) == (c.colony_level == 0)
        assert c.fleet_level <= 3 and c.colony_level <= 3
        if c.colony is not None:
            assert c.tile == "planet"


def playout(players: int, seed: int, check: Callable[[KardashevState], None] = invariants,
            **params: Any) -> KardashevState:
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not G.is_over(state):
        seat = sorted(G.to_act(state))[0]
        G.apply(state, seat, G.sample_legal(state, seat, rng))
        check(state)
        steps += 1
        assert steps < G.spec.max_actions
    return state


@pytest.mark.parametrize(("players", "ally"), [(2, False), (3, False), (4, True), (5, False), (6, False),
                                               (6, True)])
def test_random_games_end_with_pieces_conserved(players: int, ally: bool) -> None:
    state = playout(players, 11, ally_variant=ally) if ally else playout(players, 11)
    outcome = G.outcome(state)
    assert outcome is not None and outcome.scores is not None and len(outcome.scores) == players
    if ally:
        teams = G.view(state, 0).game.teams
        assert any(set(outcome.winners) == set(team) for team in teams)


def test_the_game_ends_by_a_trigger_in_most_random_games() -> None:
    reasons = [playout(2, seed, check=lambda s: None).ended for seed in range(1, 7)]
    assert any(r == "the end was triggered" for r in reasons)


def test_the_ally_variant_needs_4_or_6_players() -> None:
    with pytest.raises(Exception, match="ally variant"):
        G.setup({"ally_variant": True}, 3, 1)


def test_views_hide_the_bag_order_and_the_leak_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    state = G.setup(None, 2, 3)
    other = G.perturb_hidden(state, 0, Rng.from_seed(9))
    assert other.bag != state.bag
    assert G.view_to_json(G.view(other, 0)) == G.view_to_json(G.view(state, 0))

    import starlanes.games.kardashev.view as view_module

    real = view_module.view_of

    def leaky(st: KardashevState, seat: int | None) -> Any:
        shown = real(st, seat)
        return msgspec.structs.replace(shown, bag_kinds=[[str(k)] for k in st.bag[:5]])

    monkeypatch.setattr("starlanes.games.kardashev.game.view_of", leaky)
    with pytest.raises(ConformanceFailure):
        check_views_do_not_leak(Kardashev())


def test_bids_stay_hidden_until_all_are_in() -> None:
    state = G.setup(None, 2, 4)
    while state.phase != "bid":
        seat = sorted(G.to_act(state))[0]
        G.apply(state, seat, G.legal_actions(state, seat)[0])
    G.apply(state, 0, "bid 1")
    seen = G.view(state, 1)
    assert seen.my_sealed is None and seen.submitted == (0,) and "bid 1" not in G.view_to_json(seen).decode()


def test_determinize_rebuilds_a_state_with_the_same_view() -> None:
    state = G.setup(None, 3, 5)
    rng = Rng.from_seed(2)
    for _ in range(40):
        seat = sorted(G.to_act(state))[0]
        G.apply(state, seat, G.sample_legal(state, seat, rng))
    view = G.view(state, 1)
    sampled = G.determinize_view(view, Rng.from_seed(8))
    assert G.view_to_json(G.view(sampled, 1)) == G.view_to_json(view)
    assert sorted(sampled.bag) == sorted(state.bag)


@pytest.mark.parametrize("check", DATA_CHECKS, ids=lambda c: c.__name__)
def test_kardashev_data_conformance(check: Callable[[Any], None]) -> None:
    check(get_game("kardashev"))


def test_every_action_has_a_text_form_and_usage() -> None:
    for verb in G.codec.verbs:
        assert G.codec.usage(verb).startswith(verb)
    with pytest.raises(ParseError, match="did you mean"):
        G.parse_action("colonize 0,0")
    with pytest.raises(ParseError):
        G.parse_action("move 0,-3")


def test_every_listed_action_round_trips_through_text() -> None:
    state = G.setup({"ally_variant": True}, 4, 6)
    rng = Rng.from_seed(6)
    for _ in range(300):
        if G.is_over(state):
            break
        seat = sorted(G.to_act(state))[0]
        for action in G.legal_actions(state, seat):
            assert G.parse_action(action.text()) == action
        G.apply(state, seat, G.sample_legal(state, seat, rng))


def test_every_event_is_described() -> None:
    state = G.setup(None, 3, 8)
    rng = Rng.from_seed(8)
    while not G.is_over(state):
        seat = sorted(G.to_act(state))[0]
        for event in G.apply(state, seat, G.sample_legal(state, seat, rng)):
            text = G.describe_event(event, 0)
            assert text and not text.startswith(event.kind + " ")


def test_reachable_plans_agree_with_plan_move() -> None:
    """The breadth-first search builds its plans directly; each must be what plan_move makes of
    its path (K-M01..K-M04, K-T08, K-TE20)."""
    from starlanes.games.kardashev.board import plan_move
    from starlanes.games.kardashev.rules import fleet
    from starlanes.games.kardashev.rules.common import BOARD, CELLS

    checked = 0
    for seed in (1, 2):
        state = G.setup(None, 3, seed)
        rng = Rng.from_seed(seed)
        while not G.is_over(state):
            if state.phase == "turn" and not state.tasks:
                seat = state.active
                held = list(state.seats[seat].techs)
                state.seats[seat].techs = ["propellant-depot", "wormhole"] if checked % 2 else held
                grid = fleet.move_map(state, seat)
                for i, c in enumerate(state.cells):
                    if c.fleet != seat:
                        continue
                    for plan in fleet.plans(state, seat, i, 0, grid).values():
                        again = plan_move(BOARD, grid, CELLS[i], plan.steps, c.fleet_level,
                                          fleet.move_rules(state, seat))
                        assert again == plan
                        checked += 1
                state.seats[seat].techs = held
            seat = sorted(G.to_act(state))[0]
            G.apply(state, seat, G.sample_legal(state, seat, rng))
    assert checked > 100


@pytest.mark.parametrize(("seats", "params"), [(2, []), (4, ["--param", "ally_variant=true"]), (6, [])])
def test_starlanes_play_runs_to_the_end_with_random_seats(seats: int, params: list[str], tmp_path: Any,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from starlanes.cli.app import run

    args = ["play", "kardashev", *[x for _ in range(seats) for x in ("--seat", "random")], "--seed", "5",
            "--save", str(tmp_path / "k.json"), *params]
    assert run(args) == 0
    assert "Game over" in capsys.readouterr().out


def test_K_R02_exchange_while_picking_not_while_paying_cards() -> None:
    from tests.games.kardashev.helpers import with_roles

    state = with_roles(("warlord", "pioneer"), 3)
    G.apply(state, 0, "bid 3")
    G.apply(state, 1, "bid 1")
    state.seats[0].food = 4
    assert "exchange food energy" in {a.text() for a in G.legal_actions(state, 0)}
    G.apply(state, 0, "exchange food energy")
    G.apply(state, 0, "pick 1 1")
    assert state.tasks and state.tasks[0].kind == "pay"
    assert not any(a.text().startswith("exchange") for a in G.legal_actions(state, 0))


def test_evaluate_compares_sides() -> None:
    from tests.games.kardashev.helpers import put, turn, with_roles

    state = turn(with_roles(("warlord", "pioneer", "scientist", "imperialist"), 1, ally_variant=True))
    put(state, "0,-1", ("food",), colony=2, clevel=3)
    assert G.evaluate(state, 0) == G.evaluate(state, 2) > 0.5 > G.evaluate(state, 1)  # type: ignore[operator]
