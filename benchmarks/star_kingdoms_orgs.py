"""Star Kingdoms organisations: passive bonuses and operations of a whole turn, in milliseconds.

A campaign of N standard nations (default 12) on a generated galaxy; every nation gets K extra
organisations (default 5, one of each type, Power 1: an office on the homeworld) and every
organisation a branch on each other nation's homeworld, so the org world holds N x K x (N-1)
branches (printed).  Timed, each over R repetitions (median):

- "bonuses": what step 2 and step 8 read every turn for every nation: Trade office power, own
  Trade branches (ER), foreign Trade branches on each colony (PE), science points of offices and
  branches, outpost science, lent defenders of each homeworld, principle sightings;
- "operations": one operation started by every organisation (a recon or survey of a neighbour),
  progressed and completed in one turn (``complete_operations``), effects applied.

Run: .venv/bin/python benchmarks/star_kingdoms_orgs.py [--factions 12] [--orgs 5] [--reps 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from starlanes.core.rng import Rng
from starlanes.games.star_kingdoms import culture
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, Org
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.game import new_campaign
from starlanes.games.star_kingdoms.operations import (
    OpTarget,
    World,
    apply_effects,
    complete_operations,
    progress_operations,
    start_operation,
)
from starlanes.games.star_kingdoms.orgs import (
    OrgParams,
    OrgWorld,
    found_branch,
    host_trade_branches,
    lent_defenders,
    outpost_science,
    own_trade_branches,
    science_points,
    trade_office_power,
)

TYPES = ("science", "trade", "military", "intelligence", "religious")
TARGET_OP = {"science": "study-planet", "trade": "transfer-resources", "military": "counter-insurgency",
             "intelligence": "planetary-recon", "religious": "investigate-competition"}


def build(factions: int, orgs: int, seed: int) -> tuple[CampaignState, OrgWorld]:
    state = new_campaign(CampaignParams(), factions, seed)
    world = OrgWorld()
    for f in state.factions:
        f.known_factions = [o.id for o in state.factions if o.id != f.id]
        for i in range(orgs):
            kind = TYPES[i % len(TYPES)]
            org = Org(id=f"{f.id}-x{i}", name=f"{f.name} {kind} {i}", type=kind,  # type: ignore[arg-type]
                      principle="Tradition" if kind == "religious" else "", offices=[f.homeworld])
            f.orgs.append(org)
            f.colonies[0].offices.append(org.id)
    gi = galaxy_index(state.galaxy)
    for f in state.factions:
        for org in f.orgs:
            for other in state.factions:
                if other.id != f.id:
                    world, _ = found_branch(world, org=org.id, faction=f.id, org_type=org.type, kind="branch",
                                            site="planet", system=gi.planet_system[other.homeworld],
                                            planet=other.homeworld, turn=1, field="physics")
    return state, world


def bonuses(state: CampaignState, world: OrgWorld, rng: Rng) -> int:
    params = OrgParams()
    powers = {o.id: o.power for f in state.factions for o in f.orgs}
    orgs = {f.id: f.orgs for f in state.factions}
    total = 0
    for f in state.factions:
        total += sum(trade_office_power(f.orgs).values())
        total += len(own_trade_branches(world, f.id, powers, state.turn))
        for colony in f.colonies:
            total += len(host_trade_branches(world, colony.planet, powers, state.turn))
        sp = science_points(f.orgs, world, f.id, state.turn, rng, params)
        total += sp.physics + sp.engineering + sp.xenology
        total += len(outpost_science(world, f.id, f.tech.level("sensors"), state.turn))
        total += len(lent_defenders(orgs, world, f.homeworld, government=f.id, attacker="raiders", turn=state.turn))
        total += len(culture.principle_sightings(state, world, f.id, state.turn))
    return total


def operations(state: CampaignState, world: OrgWorld) -> int:
    w = World(state=state, orgs=world, catalogue=load_catalogue())
    ops = {}
    for i, f in enumerate(state.factions):
        other = state.factions[(i + 1) % len(state.factions)]
        for org in f.orgs:
            kind = TARGET_OP[org.type]
            target = OpTarget(planet=other.homeworld, faction=other.id, amount=1, narrative="unrest")
            if kind == "transfer-resources":
                target = OpTarget(faction=other.id, amount=1)
            op = start_operation(w, f.id, org.id, kind, target, state.turn)
            ops[org.id] = msgspec.structs.replace(op, progress=op.target_number - org.power)
    ops = progress_operations(state, ops)
    left, _, outcomes = complete_operations(w, ops, state.turn)
    for out in outcomes:
        apply_effects(state, out)
    return len(outcomes) - len(left)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--factions", type=int, default=12)
    parser.add_argument("--orgs", type=int, default=5)
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    state, world = build(args.factions, args.orgs, args.seed)
    rng = Rng.from_seed(args.seed)
    orgs = sum(len(f.orgs) for f in state.factions)
    print(f"{args.factions} nations, {orgs} organisations, {len(world.branches)} branches, {args.reps} repetitions")
    times = []
    for _ in range(args.reps):
        t0 = time.perf_counter()
        bonuses(state, world, rng)
        times.append(time.perf_counter() - t0)
    print(f"bonuses of a turn (every nation): median {statistics.median(times) * 1000:.2f} ms")
    times = []
    done = 0
    for _ in range(args.reps):
        fresh = msgspec.convert(msgspec.to_builtins(state), CampaignState)
        t0 = time.perf_counter()
        done = operations(fresh, world)
        times.append(time.perf_counter() - t0)
    print(f"operations of a turn ({done} started, progressed, completed, applied): "
          f"median {statistics.median(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
