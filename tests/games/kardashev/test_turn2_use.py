"""Issue 16: Use Technology's Terraform counted in bits (``fastlegal._use_places`` keeps each
colonized planet's symbols as bits, ``_payable_bits`` the payable symbols) counts what
``legality.list_use`` lists, and the picker takes its actions in order, at every turn decision
of whole seeded random games where the seats hold Terraform."""

from __future__ import annotations

from collections import Counter

from tests.games.kardashev.helpers import G, with_roles

from starlanes.core import Rng
from starlanes.core.legal import LegalActions
from starlanes.games.kardashev import fastlegal, legality

_ROLES = [["scientist", "warlord"], ["salvager", "pioneer", "generalist"]]


def test_terraform_counted_as_listed_along_whole_games() -> None:
    reached: Counter[str] = Counter()
    for seed in range(8):
        roles = _ROLES[seed % len(_ROLES)]
        state = with_roles(roles, seed=seed, round_limit=10, exchange_rate=2)
        for p in state.seats:
            p.techs = ["terraform"]
            p.food, p.matter, p.energy = p.food + 3, p.matter + 3, p.energy + 3
        G.forget(state)
        rng = Rng.from_seed(seed)
        while seats := sorted(G.to_act(state)):
            seat = seats[0]
            if legality.decision_kind(state) == "turn":
                turn = fastlegal._Turn(state, seat)
                listed = LegalActions(legality.list_use(state, seat))
                assert turn.sizes[7] == len(listed), (seed, state.step)
                assert [fastlegal._pick_use(turn, k) for k in range(len(listed))] == list(listed)
                reached["some" if listed else "none"] += 1
            G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert reached["some"] > 100 and reached["none"] > 20, reached
