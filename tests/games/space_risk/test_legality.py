"""Issue 8 item 3: one legality predicate. ``legality.why_not`` accepts exactly the actions
``listing.legal_actions`` lists (the reason given for a refusal can never disagree with the
list), checked on positions of seeded random games against the listed actions and their near
misses (one more or one fewer, other dice, every pair of neighbouring territories, every ship)."""

from __future__ import annotations

import msgspec
import pytest
from tests.games.space_risk.helpers import BOARD, GAME, moving_in, position
from tests.games.space_risk.test_same_games import VARIANTS

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import Action, LegalActions
from starlanes.games.space_risk.actions import (
    Attack,
    Build,
    Claim,
    End,
    Fly,
    Fortify,
    Load,
    MoveIn,
    Place,
    Unload,
    ship_name,
)
from starlanes.games.space_risk.legality import why_not
from starlanes.games.space_risk.listing import legal_actions
from starlanes.games.space_risk.state import MAIN, SpaceRiskState


def near_misses(state: SpaceRiskState, listed: list[Action]) -> set[Action]:
    """Actions close to the legal ones: other counts and dice, every neighbouring pair, every ship."""
    out: set[Action] = set(listed)
    for a in listed:
        for name in ("count", "dice"):
            if hasattr(a, name):
                n = getattr(a, name)
                out.update(msgspec.structs.replace(a, **{name: n + d}) for d in (-1, 1))  # type: ignore[type-var]
        if isinstance(a, Attack):
            out.add(msgspec.structs.replace(a, all=not a.all))
    names = BOARD.names
    for t in range(BOARD.territory_count):
        out.add(Claim(names[t]))
        out.add(Place(names[t]))
        for x in BOARD.adj[t]:
            out.add(Attack(names[t], names[x]))
            out.add(Fortify(names[t], names[x], 1))
    for ship in state.ships:
        for x in (*BOARD.space_adj[ship.at], *BOARD.shore_adj[ship.at], ship.at):
            out.update({Attack(ship_name(ship.id), names[x]), Attack(ship_name(ship.id), names[x], 2),
                        Fly(ship_name(ship.id), names[x]), Load(ship_name(ship.id), names[x], 1),
                        Unload(ship_name(ship.id), names[x], 1)})
    for planet in BOARD.planets:
        out.add(Build(planet.name, "battleship"))
    out.update({End(), MoveIn(1), MoveIn(moving_in(state) + 1)})
    return out


def check_agreement(state: SpaceRiskState) -> int:
    seat = state.current
    listed = list(LegalActions(legal_actions(state, seat)))
    allowed = set(listed)
    assert len(allowed) == len(listed), "an action is listed twice"
    for a in near_misses(state, listed):
        reason = why_not(state, seat, a)
        assert (reason is None) == (a in allowed), (a.text(), reason)
        assert reason is None or reason.strip(), a.text()
    return len(allowed)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_why_not_accepts_exactly_the_listed_actions(variant: int) -> None:
    state = GAME.setup(VARIANTS[variant], 3, variant + 1)
    agents = [RandomAgent(seat + 10 * variant) for seat in range(3)]
    for step in range(400):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        if step % 3 == 0:
            check_agreement(state)
        seat = seats[0]
        GAME.apply(state, seat, agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat)))


def test_why_not_agrees_with_the_list_with_ships_about() -> None:
    from tests.games.space_risk.helpers import add_ship

    from starlanes.games.space_risk.state import BATTLESHIP, TRANSPORT

    state = position({"Vega-1": 6, "Vega-2": 1}, {"Sirius-1": 3}, phase=MAIN, battleship_bridge=True)
    add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    add_ship(state, 0, BATTLESHIP, "Vega-Orbit", cargo=2, ready=False)
    add_ship(state, 1, TRANSPORT, "Outer-1", cargo=3)
    assert check_agreement(state) > 20
