"""Issue 16: the fast counting and drawing of legal actions plays the same Kardashev games.

Seeded random games (the lab's seeding: ``RandomAgent`` per seat from the game's seed) are
played two ways: by drawing (``sample_legal``, as the lab and search playouts do) and by
picking from the full list (``legal_actions`` and ``RandomAgent.act``). For each game the
fingerprint records the number of actions, sha256 of the action log (``seat: action text`` per
line) and sha256 of the final state's JSON. The fingerprints were taken BEFORE the fast hooks
(``_count_legal`` / ``_sample_legal``, ``fastlegal.py``) replaced the default ones, which draw
through the full list; both ways must still give exactly these games.

The variants cover the document's defaults at 2, 3 and 6 players, the ally variant at 4 players
and a set of tuned params (exchange rate, bids, movement, fleet caps, supply).

Regenerate (only for an intended change of the rules, which ``docs/rulings/kardashev.md``
explains) with ``.venv/bin/python -m tests.games.kardashev.test_same_games``.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.kardashev.game import make_ruleset
from starlanes.games.kardashev.state import KardashevState

GAME = make_ruleset()

# (players, params) per case; the seed picks nothing else
CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "two": (2, {}),
    "three": (3, {"round_limit": 12}),
    "ally": (4, {"ally_variant": True, "round_limit": 8}),
    "six": (6, {"round_limit": 5}),
    "tuned": (2, {"exchange_rate": 3, "max_bid": 3, "max_move_tiles": 4, "boosters_raise_cap": True,
                  "fleet_upgrade_capped_by_colony": True, "supply_colonies": 8, "supply_fleets": 6,
                  "move_energy": (1, 2, 2), "move_tiles": (3, 2, 1), "tiebreak": "none"}),
}
SEEDS = (1, 2, 3, 4)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def play(case: str, seed: int, *, draw: bool) -> tuple[KardashevState, list[str]]:
    """One seeded random game: every seat the decision awaits acts in turn (the lab's loop)."""
    players, params = CASES[case]
    state = GAME.setup(params or None, players, seed)
    agents = [RandomAgent(derive_seed(seed, "same-games", seat)) for seat in range(players)]
    log: list[str] = []
    while len(log) < GAME.spec.max_actions:
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        for seat in seats:
            if draw:
                action = GAME.sample_legal(state, seat, agents[seat].rng)  # what the agent's draw does
            else:
                action = agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
            GAME.apply_unchecked(state, seat, action)
            log.append(f"{seat}: {action.text()}")
    return state, log


def fingerprint(case: str, seed: int, *, draw: bool = True) -> dict[str, str | int]:
    state, log = play(case, seed, draw=draw)
    return {"actions": len(log), "log": _sha("\n".join(log).encode()), "state": _sha(GAME.to_json(state))}


FINGERPRINTS: dict[tuple[str, int], dict[str, str | int]] = {
    ('two', 1): {'actions': 424, 'log': '7a0eb94e724dd634', 'state': '35eaff7dfdbc7363'},
    ('two', 2): {'actions': 606, 'log': 'adc487cf2bbe1c5e', 'state': 'd78f2703d07c0824'},
    ('two', 3): {'actions': 546, 'log': 'fb1651b5ea034c40', 'state': '97e6fb78aec3392f'},
    ('two', 4): {'actions': 560, 'log': '7d9bd3d444021e52', 'state': 'bc88dcbb21e60745'},
    ('three', 1): {'actions': 296, 'log': '09894fce007ec003', 'state': '1426be6c9d881491'},
    ('three', 2): {'actions': 282, 'log': '983b0c71fd4abc57', 'state': 'c83f45f19d517d42'},
    ('three', 3): {'actions': 279, 'log': '461e0c26b71aefce', 'state': '4d1d97bed8bc10b0'},
    ('three', 4): {'actions': 256, 'log': 'b129d940e699038d', 'state': '4a2d18a575769ab4'},
    ('ally', 1): {'actions': 243, 'log': '1d693927d039d627', 'state': '39f214cb97aa461f'},
    ('ally', 2): {'actions': 243, 'log': '321c5337f3dcdc17', 'state': '5e2e63ee62b262c4'},
    ('ally', 3): {'actions': 250, 'log': '495fe7a0503eeec4', 'state': '552097269d48432b'},
    ('ally', 4): {'actions': 237, 'log': '7c36bb56ed282eb8', 'state': 'a41e8533c03169c4'},
    ('six', 1): {'actions': 249, 'log': '0a4b059ab3b2874e', 'state': '9e60d86cf05beabc'},
    ('six', 2): {'actions': 239, 'log': 'c3a5723cb03e1877', 'state': '5bf275b5f5763f6c'},
    ('six', 3): {'actions': 248, 'log': '212eeeb6f6ed5a24', 'state': '1f4ff49756d88eba'},
    ('six', 4): {'actions': 261, 'log': '5600e56a621e35d4', 'state': '8d26b941b5443256'},
    ('tuned', 1): {'actions': 277, 'log': '8a0b493abcc31c46', 'state': '6ae0ec0fd8b6c185'},
    ('tuned', 2): {'actions': 228, 'log': '48ccd7d4498169e1', 'state': 'b842db626acf4926'},
    ('tuned', 3): {'actions': 359, 'log': 'fb8ab2cd6346ec23', 'state': '7afd1f270eb2b4e1'},
    ('tuned', 4): {'actions': 309, 'log': 'ae9f688024f0ecc8', 'state': '11570ab03aa5629f'},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_same_seeded_games_by_drawing(case: str) -> None:
    """``sample_legal`` (the fast hooks) plays the games recorded before them."""
    for seed in SEEDS:
        assert fingerprint(case, seed) == FINGERPRINTS[(case, seed)], (case, seed)


@pytest.mark.parametrize("case", ["two", "ally"])
def test_same_seeded_games_from_the_list(case: str) -> None:
    """Picking from ``legal_actions`` plays the same games as drawing (the same index)."""
    for seed in SEEDS[:2]:
        assert fingerprint(case, seed, draw=False) == FINGERPRINTS[(case, seed)], (case, seed)


if __name__ == "__main__":
    print("FINGERPRINTS: dict[tuple[str, int], dict[str, str | int]] = {")
    for c in CASES:
        for s in SEEDS:
            a, b = fingerprint(c, s), fingerprint(c, s, draw=False)
            assert a == b, (c, s, a, b)
            print(f"    ({c!r}, {s}): {a!r},")
    print("}")
