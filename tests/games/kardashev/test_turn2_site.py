"""Issue 16: ``fastlegal._site`` (``fleet_site`` with the seat's fleet-site effects kept with its
technologies, ``_fleet_effects``, instead of a ``hook`` look-up per cell) answers as ``fleet_site``
for every seat and every cell at every step of whole seeded random games where seats hold
Autonomous Construction (a site near the seat's fleets) and Militarization (any own colony)."""

from __future__ import annotations

from collections import Counter

from tests.games.kardashev.helpers import G, with_roles

from starlanes.core import Rng
from starlanes.games.kardashev import fastlegal
from starlanes.games.kardashev.effects import FleetSite
from starlanes.games.kardashev.rules.common import hook
from starlanes.games.kardashev.rules.turn import fleet_site

_TECHS = [["autonomous-construction"], ["militarization"], ["autonomous-construction", "militarization"], []]


def test_site_answers_as_fleet_site_along_whole_games() -> None:
    reached: Counter[str] = Counter()
    for seed in range(6):
        state = with_roles(["imperialist", "warlord", "pioneer"], seed=seed, round_limit=10)
        for k, p in enumerate(state.seats):
            if p.role == "imperialist":
                p.techs = list(_TECHS[(seed + k) % len(_TECHS)])
        G.forget(state)
        rng = Rng.from_seed(seed)
        while seats := sorted(G.to_act(state)):
            for seat in range(state.players):
                effects = tuple(e for e in hook(state, seat, "build-fleet") if isinstance(e, FleetSite))
                for i in range(len(state.cells)):
                    site = fleet_site(state, seat, i)
                    assert fastlegal._site(state, seat, i, effects) == site, (seed, state.step, seat, i)
                    if site is not None:
                        kind = "military" if site[0] is None and effects == () else (
                            "flat" if site[0] is not None else "effect")
                        reached[kind] += 1
            seat = seats[0]
            G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert reached["military"] > 100 and reached["flat"] > 100 and reached["effect"] > 100, reached
