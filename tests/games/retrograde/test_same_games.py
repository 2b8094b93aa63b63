"""Issue 8: the same seeded games give the same outcomes after the retrograde restructure.

Seeds 1..20: seeded random agents (``RandomAgent``, one per seat, seeded from the game's seed and
the seat) play a game under a param variant picked by the seed (the document's defaults, the
file order, the house rules, other numbers). Seeds 1..5: the heuristic bot (seat 0) plays a
seeded random agent with the document's params. Each game's fingerprint was recorded in
``FINGERPRINTS`` before the restructure:

- ``log``: sha256 of the action log (``seat: action text`` per line) and its length;
- ``game``: sha256 of what the rules decide (every card's place, counters, trackers, the turn,
  the winner and the RNG's position) in a form that leaves out presentation text (the table's
  log of recent events);
- ``events``: sha256 of the words of every event, in order, with its audience: the text the rules
  made before events became data, now ``describe_event`` for the event's one seat (else the GM);
- ``state``: sha256 of the final state's JSON (regenerated when the table's log left the state and
  ``first_player_by`` came in, ruling 60; the other four did not change).

Regenerate (only for an intended change, which ``docs/rulings/retrograde.md`` explains) with
``.venv/bin/python -m tests.games.retrograde.test_same_games``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.core.state import GM, Event, Viewer
from starlanes.games.retrograde.ai import HeuristicAgent
from starlanes.games.retrograde.game import make_ruleset
from starlanes.games.retrograde.state import RetroState

GAME = make_ruleset()
RANDOM_SEEDS = range(1, 21)
BOT_SEEDS = range(1, 6)

VARIANTS: tuple[dict[str, Any], ...] = (
    {"turn_limit": 60},
    {"turn_limit": 60, "deck_order": "file", "first_player": 1},
    {"turn_limit": 60, "deck0": "sample-2", "deck1": "sample-1", "capture_clears_damage": True,
     "gate_counts_own_turns": True, "mercy_friendly_only": True, "waveguide_friendly_only": True,
     "screen_own_asset_only": True, "radar_local": True, "sacrifice_only_on_hits": True},
    {"turn_limit": 60, "die_sides": 8, "tracker_spaces": 2, "burn_min_cost": 1, "combat_min_cost": 2,
     "free_burns_per_turn": 1, "maneuvers_per_turn": 3, "hand_size": 8, "stellar_gate": False},
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def rule_content(state: RetroState) -> dict[str, Any]:
    """What the rules decided, without the table's log (presentation text)."""
    data = json.loads(GAME.to_json(state))
    table = data["table"]
    table.pop("log", None)
    return {"step": data["step"], "rng": data["rng"], "sealed": data["sealed"], "table": table,
            "cfg": data["cfg"], "deck_lists": data["deck_lists"]}


def audience(event: Event) -> Viewer:
    """Who an event is worded for in the fingerprint: its one seat (``you``), else the GM."""
    return event.seats[0] if event.seats is not None and len(event.seats) == 1 else GM


def _event_line(event: Event) -> str:
    return f"{event.seats}|{int(event.reveals)}|{GAME.describe_event(event, audience(event))}"


def play(seed: int, bot: bool) -> tuple[RetroState, list[str], list[str]]:
    params: dict[str, Any] = {} if bot else VARIANTS[seed % len(VARIANTS)]
    state = GAME.setup(params, 2, seed)
    agents: list[Any] = [RandomAgent(derive_seed(seed, "same-games", seat)) for seat in range(2)]
    if bot:
        agents[0] = HeuristicAgent(0, derive_seed(seed, "same-games-bot"))
    log: list[str] = []
    events: list[str] = []
    for _ in range(GAME.spec.max_actions):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        seat = seats[0]
        action = agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        events.extend(_event_line(e) for e in GAME.apply(state, seat, action))
        log.append(f"{seat}: {action.text()}")
    return state, log, events


def fingerprint(seed: int, bot: bool) -> tuple[int, str, str, str, str]:
    """(actions, log, game, events, state) of one seeded game."""
    state, log, events = play(seed, bot)
    content = json.dumps(rule_content(state), sort_keys=True).encode()
    return (len(log), _sha("\n".join(log).encode()), _sha(content), _sha("\n".join(events).encode()),
            _sha(GAME.to_json(state)))


FINGERPRINTS: dict[tuple[str, int], tuple[int, str, str, str, str]] = {
    # (who, seed): (actions, log, game, events, state)
    ("random", 1): (244, "66be4836914582f3", "472edc0be395cb4a", "6a277be02738d822", "72c9bf9d06194704"),
    ("random", 2): (186, "38b20cbd6200191c", "eccd6338618f7151", "c03f40ba649d04e2", "3d9910eaca715538"),
    ("random", 3): (189, "96b480760b34c61a", "b76ecdb63da09003", "7fb47de789859de1", "1f69cfeca6c99e39"),
    ("random", 4): (244, "6aa7c978b8935b3a", "69026992d5404f03", "34ef4c555c89f501", "a61ab974cdd723e2"),
    ("random", 5): (242, "4f9c6895e85e876d", "4696e1f97fd464ca", "52fd4148965c26d0", "7108162a0d37b6d6"),
    ("random", 6): (172, "a6ad4be12c238cb1", "88bfa5164deb81ce", "ff61d5b185fa2794", "4629b1724d096bad"),
    ("random", 7): (234, "9c905a36f6b929ae", "3d5a353dafc9175b", "60941f73f6a96a1a", "e2a79d7de100e2c7"),
    ("random", 8): (256, "da01f93ada764687", "d38b6024ba949a89", "cc2cf7119473f674", "4aaec2c95889f2d3"),
    ("random", 9): (202, "bd4573bab5661a6f", "84e86b9846dd0d00", "103ebeb87cac3e71", "75c07d9cb1e8a0ea"),
    ("random", 10): (145, "066ec1863790089b", "8d7aa00082317a04", "68269b67369de794", "3e1a27fd0a169332"),
    ("random", 11): (177, "d1ac514dbc0db4bb", "626be5906c57532d", "4af91db3b73a93dc", "a102d68332ca2f86"),
    ("random", 12): (179, "013e2c7ae2f0c43b", "6a11c5a0d3190d72", "cff87fd6326d6a0d", "5a819e48e3f2c10b"),
    ("random", 13): (234, "beee809eba720b5d", "5c38e73423d6eccb", "7ac1621b1d17b6ba", "c8fffc46eb2ed65a"),
    ("random", 14): (180, "c59330173f2fb310", "80f5cb05d479a0b8", "23d9db8457c5946c", "e595c2d2a238e71d"),
    ("random", 15): (189, "fb6310d625428185", "e183a32fae0f3ff6", "e274c989b5545214", "3ff60e17729902b5"),
    ("random", 16): (225, "eb6e4ac3b9e58092", "8ddec8e8751ff252", "716b79eac1918109", "538c10c3635acb81"),
    ("random", 17): (267, "1327a1d831817e17", "2f4b41f3073f252a", "2d26c158753ed3d9", "a75c9e98d8251fb3"),
    ("random", 18): (181, "4f703d43079b5eed", "df5cba0c590549d0", "d1444df9be980c50", "e88033a6c84d83fc"),
    ("random", 19): (210, "f92fd724b019c896", "d610479c462db25e", "5413a3649335a7eb", "07cf581d3d0e9f4d"),
    ("random", 20): (181, "1d8d16cac5da6bec", "21eb7a966333ab20", "11a95abc7ef70a6d", "514158e0cadc580a"),
    ("bot", 1): (233, "3d65a69090b68757", "4df2e0ac34eeb3df", "b663e8d4de51ae81", "5502f97fa1db1368"),
    ("bot", 2): (331, "375f3a72810f2205", "46e35cc3991e3756", "7fcfef467e6647e4", "984eae513598572e"),
    ("bot", 3): (292, "3192b1e37dc94cdb", "efb0825983f8ff5a", "becad2c400bdd238", "b2630027d564c632"),
    ("bot", 4): (317, "b7d9c1453742a6b8", "50cc7bb347c39980", "ce101d7eeb54e409", "1eeb3b613e05c9bf"),
    ("bot", 5): (297, "75016175e42894b5", "f1589858b64a24c5", "0fb2ed9bb1beee14", "29b1c4299c08d6a8"),
}

CASES = [("random", seed) for seed in RANDOM_SEEDS] + [("bot", seed) for seed in BOT_SEEDS]


@pytest.mark.parametrize(("who", "seed"), CASES)
def test_same_seeded_games_same_outcomes(who: str, seed: int) -> None:
    actions, log, game, events, state = fingerprint(seed, who == "bot")
    want = FINGERPRINTS[(who, seed)]
    assert (actions, log) == want[:2], "another sequence of actions"
    assert game == want[2], "the same actions decided another game"
    assert events == want[3], "the same game told other events"
    assert state == want[4], "the final state's JSON differs"


if __name__ == "__main__":
    for who, seed in CASES:
        print(f'    ("{who}", {seed}): {fingerprint(seed, who == "bot")!r},'.replace("'", '"'))
