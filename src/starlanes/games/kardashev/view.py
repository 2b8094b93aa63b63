"""What a seat sees, and the hidden information's two helpers (inventory section 5).

Hidden: the bag's order (a view shows how many tiles of each kind are left) and the bids until
every bid is in (the core keeps them sealed). Everything else is public: the board, every hand,
role and technology, the drawn tiles, the turn order.
"""

from __future__ import annotations

import msgspec

from starlanes.core.rng import Rng
from starlanes.games.kardashev.rules.common import CONTENT, scores, teams
from starlanes.games.kardashev.state import KardashevState, KardashevView


def view_of(state: KardashevState, seat: int | None) -> KardashevView:
    """The view of ``seat`` (None: the GM; it sees the same, the bag's order is nobody's)."""
    left = [0] * len(CONTENT.bag)
    for k in state.bag:
        left[k] += 1
    copy = msgspec.structs.replace  # views share no mutable list with the state
    return KardashevView(
        params=state.params,
        cells=[copy(c, symbols=list(c.symbols), terraformed=list(c.terraformed)) for c in state.cells],
        seats=[copy(p, techs=list(p.techs)) for p in state.seats],
        bag_left=left,
        bag_kinds=[list(kind.symbols) for kind in CONTENT.bag],
        phase=state.phase,
        round=state.round,
        role_order=list(state.role_order),
        offer=[copy(o, symbols=list(o.symbols)) for o in state.offer],
        bids=list(state.bids),
        rolls=list(state.rolls),
        rank=list(state.rank),
        pickers=list(state.pickers),
        picked=state.picked,
        slots=list(state.slots),
        order=list(state.order),
        turn=state.turn,
        active=state.active,
        base_used=state.base_used,
        research_used=state.research_used,
        moved_gain=state.moved_gain,
        tasks=[copy(t, types=list(t.types), cells=list(t.cells), drawn=list(t.drawn)) for t in state.tasks],
        battle=None if state.battle is None else copy(state.battle),
        last_round=state.last_round,
        ended=state.ended,
        teams=teams(state),
        scores=scores(state),
    )


def shuffled_bag(state: KardashevState, rng: Rng) -> KardashevState:
    """The same state with the bag in another order (what no seat can see)."""
    bag = list(state.bag)
    rng.shuffle(bag)
    return msgspec.structs.replace(state, bag=bag)


def state_of(view: KardashevView, players: int, rng: Rng) -> KardashevState:
    """A full state consistent with ``view``: the bag rebuilt from its counts, shuffled."""
    bag = [k for k, n in enumerate(view.bag_left) for _ in range(n)]
    rng.shuffle(bag)
    data = msgspec.to_builtins(view)
    for name in ("bag_left", "bag_kinds", "active", "teams", "scores"):
        data.pop(name)
    data.update(players=players, rng=msgspec.to_builtins(rng.fork("determinize")), bag=bag)
    return msgspec.convert(data, KardashevState)
