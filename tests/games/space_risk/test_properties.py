"""Invariants over random play (hypothesis picks the seeds, players and params)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.space_risk.helpers import BOARD, GAME

from starlanes.core import GM, Rng
from starlanes.games.space_risk.rules.common import move_in_choice
from starlanes.games.space_risk.state import BATTLESHIP, CLAIM, SpaceRiskState


def check_invariants(state: SpaceRiskState) -> None:
    p = state.params
    land = BOARD.land_count
    for t in range(land):
        assert 0 <= state.armies[t] <= p.max_infantry
        if (choice := move_in_choice(state)) is not None and t == choice.to:
            assert state.owner[t] == state.current and state.armies[t] == 0  # armies about to move in
        elif state.phase != CLAIM or state.owner[t] >= 0:
            assert (state.owner[t] >= 0) == (state.armies[t] >= 1), BOARD.names[t]
    for t in range(land, BOARD.territory_count):
        assert state.armies[t] == 0
        owners = {s.owner for s in state.ships if s.at == t}
        assert len(owners) <= 1, "two players' ships share a space territory"
        assert state.owner[t] == (owners.pop() if owners else -1)
    for ship in state.ships:
        assert not BOARD.land[ship.at]
        assert 0 <= ship.cargo <= p.transport_capacity
        if ship.kind == BATTLESHIP and not p.battleships_drop_infantry:
            assert ship.cargo == 0
        assert state.alive[ship.owner]
    cards = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
    assert cards == list(range(len(BOARD.card_names))), "territory cards are conserved"
    obj_ids = sorted([BOARD.objectives[i].id for h in state.objectives for i in h]
                     + [BOARD.objectives[i].id for i in state.objective_deck]
                     + [m for m in state.mission_discard if m.startswith("O")])
    assert obj_ids == sorted(c.id for c in BOARD.objectives), "objective cards are conserved"
    goal_stars = [sum(BOARD.goals[[g.id for g in BOARD.goals].index(c)].stars for c in done if c.startswith("G"))
                  for done in state.completed]
    assert goal_stars == state.stars
    for s in range(state.players):
        if not state.alive[s]:
            assert all(state.owner[t] != s for t in range(land))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), modified=st.booleans())
def test_invariants_hold_through_random_play(seed: int, players: int, modified: bool) -> None:
    state = GAME.setup({"max_rounds": 6, "modified_start": modified}, players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(3000):
        check_invariants(state)
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        legal = GAME.legal_actions(state, seats[0])
        assert legal
        GAME.apply(state, seats[0], legal[rng.randint(0, len(legal) - 1)])
    assert GAME.outcome(state) is not None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_views_hide_other_hands_and_missions(seed: int) -> None:
    state = GAME.setup(None, 3, seed)
    rng = Rng.from_seed(seed)
    for _ in range(rng.randint(50, 400)):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        legal = GAME.legal_actions(state, seats[0])
        GAME.apply(state, seats[0], legal[rng.randint(0, len(legal) - 1)])
    view = GAME.view(state, 0).game
    assert view.hand == tuple(sorted(state.hands[0]))
    assert view.all_hands is None and view.all_objectives is None
    text = GAME.view_to_json(GAME.view(state, 0)).decode()
    assert '"deck"' not in text and '"objective_deck"' not in text
    gm = GAME.view(state, GM).game
    assert gm.all_hands == tuple(tuple(sorted(h)) for h in state.hands)
    gm_text = GAME.render(gm, GM)
    seat_text = GAME.render(view, 0)
    assert "P1 cards:" in gm_text and "P1 cards:" not in seat_text
    assert all(BOARD.objectives[i].id in gm_text for i in state.objectives[2])
