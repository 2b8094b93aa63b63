"""Issue 16: the turn's fleets to build and to upgrade (``fastlegal._fleet_sites``,
``_refit_sites``: without a fleet-site effect only a military colony of the seat's side is a site,
``fleet_site`` asked otherwise) count and pick the actions ``legality.list_fleet`` and
``list_refit`` list, in their order, at every turn decision of whole seeded random games, with
and without the seat's fleet-site effects (``_fleet_effects``)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from tests.games.kardashev.helpers import G

from starlanes.core import Rng
from starlanes.games.kardashev import fastlegal, legality

CASES: list[tuple[int, dict[str, object] | None]] = [
    (2, None), (3, None), (4, {"ally_variant": True, "round_limit": 8}), (3, {"fleet_upgrade_capped_by_colony": True})]


def test_fleets_counted_and_picked_as_listed_along_whole_games() -> None:
    reached: Counter[str] = Counter()
    for (players, params), seed in product(CASES, range(5)):
        state = G.setup(params, players, seed)
        rng = Rng.from_seed(700 + seed)
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                if legality.decision_kind(state) == "turn":
                    turn = fastlegal._Turn(state, seat)
                    effects = "effects" if fastlegal._fleet_effects(turn)[0] else "none"
                    fleets = legality.list_fleet(state, seat)
                    refits = legality.list_refit(state, seat)
                    assert turn.sizes[2] == len(fleets) and turn.sizes[3] == len(refits), (seed, state.step)
                    assert [fastlegal._pick_fleet(turn, k) for k in range(len(fleets))] == fleets
                    assert [fastlegal._pick_refit(turn, k) for k in range(len(refits))] == refits
                    reached[f"fleet-{effects}"] += bool(fleets)
                    reached[f"refit-{effects}"] += bool(refits)
                G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert reached["fleet-none"] > 100 and reached["refit-none"] > 50, reached
    assert reached["fleet-effects"] > 10 and reached["refit-effects"] > 5, reached
