"""Issue 8: the same seeded games give the same outcomes after the space-risk restructure.

For seeds 1..30 and 2, 3 and 4 players, seeded random agents (``RandomAgent``, one per seat,
seeded from the game's seed and the seat) play a game with a short round limit and a param
variant picked by the seed (the document's defaults, the modified start, the house rules, other
dice). Each game's fingerprint is recorded in ``FINGERPRINTS``, taken before the restructure:

- ``log``: sha256 of the action log (``seat: action text`` per line) and its length;
- ``game``: sha256 of what the rules decide (owners, infantry, ships, cards, decks, stars,
  turn counters, the winners and the RNG's position) in a form that does not depend on how
  the state names its fields (so moving presentation text out of the state keeps it);
- ``state``: sha256 of the final state's JSON.

The ``log`` and ``game`` fingerprints are those taken before the restructure (commit b25af14).
The ``state`` fingerprints were taken again when the state changed shape on purpose (issue 8
Phase B, ruling R36): the move-in became the core's ``Pending``, the card rewards due were
renamed ``rewards_due``, ``last_roll`` left the state and ``income`` became data; the games, their
logs and everything the rules decide stayed the same.

Regenerate (only for an intended change, which ``docs/rulings/space-risk.md`` explains) with
``.venv/bin/python -m tests.games.space_risk.test_same_games``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.space_risk import make_space_risk
from starlanes.games.space_risk.state import SpaceRiskState

GAME = make_space_risk()
SEEDS = range(1, 31)
PLAYERS = (2, 3, 4)

VARIANTS: tuple[dict[str, Any], ...] = (
    {"max_rounds": 8},
    {"max_rounds": 6, "modified_start": True, "starting_infantry": 20},
    {"max_rounds": 8, "ship_move_any_time": True, "battleship_bridge": True, "forced_trade_hand": 5,
     "ship_wait_blocks_attacks": True, "starting_infantry": 30},
    {"max_rounds": 8, "redraw_completed_cards": True, "trade_bonus_once": True, "battleships_drop_infantry": False,
     "stars_to_win": 1, "cards_per_conquering_turn": 2},
    {"max_rounds": 8, "dice_limit_by_loss": False, "clamp_modified_dice": True, "die_sides": 8, "attack_dice": 4,
     "defend_dice": 3, "max_infantry": 9, "spaceport_interval": 1, "ship_wait_turns": 0},
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def rule_content(state: SpaceRiskState) -> dict[str, Any]:
    """What the rules decided, independent of presentation fields and field names."""
    return {
        "step": state.step,
        "rng": json.loads(GAME.to_json(state))["rng"],
        "current": state.current, "first": state.first, "turn": state.turn, "round": state.round,
        "turns_taken": state.turns_taken, "owner": state.owner, "armies": state.armies,
        "ships": [[s.id, s.owner, s.kind, s.at, s.cargo, s.built_turn, s.moved, s.loaded, s.unloaded]
                  for s in state.ships],
        "next_ship": state.next_ship, "port_used": state.port_used, "alive": state.alive,
        "to_deploy": state.to_deploy, "pool": state.pool, "deck": state.deck, "discard": state.discard,
        "hands": state.hands, "sets_traded": state.sets_traded, "objective_deck": state.objective_deck,
        "goal_deck": state.goal_deck, "objectives": state.objectives, "goals": state.goals,
        "completed": state.completed, "mission_discard": state.mission_discard, "stars": state.stars,
        "rewards_due": state.rewards_due, "conquests": state.conquests, "planet_holder": state.planet_holder,
        "planet_since": state.planet_since, "start_rolls": state.start_rolls,
        "winners": state.winners, "end_reason": state.end_reason,
    }


def play(players: int, seed: int) -> tuple[SpaceRiskState, list[str]]:
    params = VARIANTS[seed % len(VARIANTS)]
    state = GAME.setup(params, players, seed)
    agents = [RandomAgent(derive_seed(seed, "same-games", seat)) for seat in range(players)]
    log: list[str] = []
    for _ in range(GAME.spec.max_actions):
        seats = sorted(GAME.to_act(state))
        if not seats:
            break
        seat = seats[0]
        action = agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
        GAME.apply(state, seat, action)
        log.append(f"{seat}: {action.text()}")
    return state, log


def fingerprint(players: int, seed: int) -> dict[str, str | int]:
    state, log = play(players, seed)
    content = json.dumps(rule_content(state), sort_keys=True).encode()
    return {
        "actions": len(log),
        "log": _sha("\n".join(log).encode()),
        "game": _sha(content),
        "state": _sha(GAME.to_json(state)),
    }


FINGERPRINTS: dict[tuple[int, int], dict[str, str | int]] = {
    (2, 1): {'actions': 101, 'log': 'b2ab80e8bca36391', 'game': 'b09c398433aeab82', 'state': '2242270813955910'},
    (2, 2): {'actions': 92, 'log': '7b1e49ac93efb995', 'game': 'c4ecce86af15e381', 'state': '0017dff975780828'},
    (2, 3): {'actions': 83, 'log': '240519de5357b719', 'game': '1b753630b38521cf', 'state': '1e904caf7ae12a88'},
    (2, 4): {'actions': 103, 'log': '80745735cdd562ce', 'game': '4192c2d42d86c01d', 'state': 'ed59d541031a4917'},
    (2, 5): {'actions': 87, 'log': '695f73c225e83d76', 'game': 'f01bebfbb3302bbd', 'state': 'a336f009b6287656'},
    (2, 6): {'actions': 109, 'log': '6fe64cadbdc0e20e', 'game': 'f8b67508162e0491', 'state': '6ee757594ad8ca4c'},
    (2, 7): {'actions': 83, 'log': '5d83c4626ea84327', 'game': '3e9e8f298a11f922', 'state': '3e04bea2680cb7f5'},
    (2, 8): {'actions': 93, 'log': 'e2bdce5b6ea35ee3', 'game': '95f2eaebad6c6885', 'state': '1d9eadc65230e6a6'},
    (2, 9): {'actions': 112, 'log': 'aa646929e943d72c', 'game': 'c57fcbff98e1b95b', 'state': 'baaf110f19d533be'},
    (2, 10): {'actions': 92, 'log': '95f8a2d50b40e4ee', 'game': '35c396dc058f169a', 'state': 'a97accb221bf2c15'},
    (2, 11): {'actions': 119, 'log': 'fbe619a6a0df90b5', 'game': '4609d7d1d51e5bdf', 'state': '7b2047297bf7cd50'},
    (2, 12): {'actions': 90, 'log': '20ce033edb7e0ea9', 'game': '02bd6d5d1534fee5', 'state': '8d22f91eb460e7ce'},
    (2, 13): {'actions': 101, 'log': 'bf082aa3967b0d0d', 'game': '39a0175ae22c7d35', 'state': 'b5188933942db92e'},
    (2, 14): {'actions': 124, 'log': 'fa28158a53adbb5b', 'game': '27b6dd0b1ee2be8d', 'state': '99de0493e4d4458e'},
    (2, 15): {'actions': 99, 'log': '3f09fe053d3971c6', 'game': '3fce4da2dcd6ef3b', 'state': 'a289d90edfcafc23'},
    (2, 16): {'actions': 107, 'log': 'c697367db5cc6a0c', 'game': 'c4acf67080f9fa98', 'state': 'd4ca8701cf4ca8a5'},
    (2, 17): {'actions': 82, 'log': 'bfee2fc8f56e29d8', 'game': 'bb06e6038693c744', 'state': 'bd55bc2fec2c28de'},
    (2, 18): {'actions': 97, 'log': 'f8e70ae05b693ef7', 'game': '0a1929b08cddecab', 'state': 'd0b0527e7f4549a5'},
    (2, 19): {'actions': 109, 'log': '3500f0cf4932008b', 'game': 'aa9252dd0e28c8ab', 'state': '4b84f1fde44af61d'},
    (2, 20): {'actions': 101, 'log': '71cc5957a3ef4b44', 'game': 'd6d8deae7a7b9e37', 'state': '5e58d7c19c605e68'},
    (2, 21): {'actions': 107, 'log': 'b70edda382bc2cfd', 'game': '229da26c9cc1e8f6', 'state': 'ac2381cc6434b033'},
    (2, 22): {'actions': 105, 'log': '354f494b35ba2a84', 'game': '1dd6534642ae0026', 'state': '1d29e62a0377c184'},
    (2, 23): {'actions': 112, 'log': '8a7050354c07f4c7', 'game': '8145bae7e23dd961', 'state': '26f5295fb5d78e76'},
    (2, 24): {'actions': 108, 'log': '38e50f6b7b965840', 'game': 'c9a557adbfa59c6d', 'state': '923d742e105d57d4'},
    (2, 25): {'actions': 102, 'log': 'd5b167d2036d5408', 'game': '2a4ba0b206ed3df5', 'state': 'c24396d3aa461bd9'},
    (2, 26): {'actions': 99, 'log': '210b20cbc0970bb3', 'game': '40323d788b44c640', 'state': 'dd852c878fd6a201'},
    (2, 27): {'actions': 88, 'log': '958530cdee41634c', 'game': '584641805d5110c4', 'state': 'd98037e8699d853c'},
    (2, 28): {'actions': 77, 'log': '12976f4f9c10620a', 'game': '4877594d12e26e69', 'state': 'fa6b44c02c5f5b29'},
    (2, 29): {'actions': 113, 'log': '9a7a3f34541461db', 'game': '66692c35c61bb092', 'state': '1513ea85c3569f5d'},
    (2, 30): {'actions': 89, 'log': '1c84e5d5f20fa956', 'game': 'fb52bbf81d076963', 'state': '4c50798090fe554c'},
    (3, 1): {'actions': 136, 'log': '336e6fb4acd2e71d', 'game': 'e55a1b6188323af3', 'state': '89f5766d0a4f3e93'},
    (3, 2): {'actions': 155, 'log': '091dbf3ab0a7e433', 'game': '8ec3151c7bf3a2f5', 'state': '76886e68b5bc4316'},
    (3, 3): {'actions': 164, 'log': '5169e7bdf8159562', 'game': '34bd1d23e18032bf', 'state': '3d33229e7dc859df'},
    (3, 4): {'actions': 180, 'log': '1d5fdb7e8eb061ee', 'game': 'afe05fb69737f23b', 'state': '858c45ebacfd47f3'},
    (3, 5): {'actions': 121, 'log': '15c7c5bf9df08fce', 'game': 'db18c5eb15e2f09b', 'state': 'dea32b810d92ec56'},
    (3, 6): {'actions': 147, 'log': '0a68235c1c4e1c74', 'game': '90f906f91f8d8c45', 'state': 'c2854ce674867fb6'},
    (3, 7): {'actions': 147, 'log': '89e292bef121bd60', 'game': 'c003e862cb9ce053', 'state': 'b70861e05a7023ef'},
    (3, 8): {'actions': 144, 'log': 'a9c7ca562d817cef', 'game': 'd8245079865d94d3', 'state': '078b253b406e5b43'},
    (3, 9): {'actions': 137, 'log': '7a9dad4356169fb8', 'game': 'b5a337dc27e22443', 'state': '421d58ca0a1c5d8c'},
    (3, 10): {'actions': 144, 'log': '7e447cf78d549948', 'game': 'd9779e983d0539ab', 'state': '4849951075400192'},
    (3, 11): {'actions': 153, 'log': 'd594fe7fbaa120c3', 'game': '1e4ef3a0cf5bd2fb', 'state': '735472bc57c840ec'},
    (3, 12): {'actions': 143, 'log': 'b98a272c0cdd6abc', 'game': '96e533beec32b0b6', 'state': '7d07814a1ce42021'},
    (3, 13): {'actions': 164, 'log': '427cf128ae4a9e8e', 'game': '9b3311a75a90551d', 'state': '63e1d13a12b92554'},
    (3, 14): {'actions': 131, 'log': 'f63d9a73c2b6aa38', 'game': 'c262075b3529f524', 'state': '225fc848d4c8a29d'},
    (3, 15): {'actions': 143, 'log': '60bfc977decf5715', 'game': 'f6a8997f9bb6da49', 'state': '6c05017e15ff6c82'},
    (3, 16): {'actions': 141, 'log': '5fb5828946974960', 'game': '982ba0775dbaaa2b', 'state': '4f7ce008d47cf177'},
    (3, 17): {'actions': 136, 'log': '5a915de57d921575', 'game': '80a6d163a990f365', 'state': '773fdd753856becd'},
    (3, 18): {'actions': 140, 'log': '3c050e0e23130a86', 'game': 'eb2997513db82fda', 'state': '183e17f4153e096e'},
    (3, 19): {'actions': 172, 'log': 'd0bb7af4279adf04', 'game': 'e6d34851fb7f9a5d', 'state': 'ecc6ab4de03699f2'},
    (3, 20): {'actions': 137, 'log': '0b909123dd5b93d7', 'game': 'c6c68a40bd5a31de', 'state': 'f048ad94363f237b'},
    (3, 21): {'actions': 139, 'log': '7e81d5060b9e4ba4', 'game': '2192a7cdce11f3eb', 'state': 'c99bba14ade81c77'},
    (3, 22): {'actions': 146, 'log': '541297402120eb2f', 'game': 'af41a8238f146300', 'state': '7e4077aeae84a45f'},
    (3, 23): {'actions': 172, 'log': '442e762921707e10', 'game': '2530680c962c5add', 'state': 'ae865760867b3971'},
    (3, 24): {'actions': 175, 'log': 'd41b9cbbe497ea32', 'game': 'cd65901fdbf71522', 'state': 'f719948fbc14826c'},
    (3, 25): {'actions': 134, 'log': '92c1f79ea0ebe97d', 'game': '77ef01c2f79041da', 'state': '7533ecb0b7664da7'},
    (3, 26): {'actions': 124, 'log': '333dcc16b977d8e7', 'game': '5c9e87462d8d0134', 'state': '99d6d45eaf7deae8'},
    (3, 27): {'actions': 153, 'log': '5a5401d13e75c9c4', 'game': '14ed013f1fa298d1', 'state': '88070158a2b215ab'},
    (3, 28): {'actions': 144, 'log': '85468dc9234c3854', 'game': '6a5c77c4049cd0e9', 'state': 'a7b18c7e543438d6'},
    (3, 29): {'actions': 144, 'log': '3f2e40abde418198', 'game': 'bfcc35e6d48ec0d6', 'state': '2551d72fd306a553'},
    (3, 30): {'actions': 140, 'log': 'a8ccf06cd5a6d81e', 'game': '50d244b85b6711ff', 'state': '2e63048e9737ecbb'},
    (4, 1): {'actions': 192, 'log': 'ebae99f97d11e947', 'game': '420a3b3812ab9d42', 'state': 'd7fdcebcb8190df2'},
    (4, 2): {'actions': 217, 'log': 'ea8030a49696715c', 'game': '4751867848831eb2', 'state': '05a824181b79cdc5'},
    (4, 3): {'actions': 197, 'log': '0e6e5c62091ff817', 'game': 'cdf82c57a46fc88a', 'state': '36ae546fb27be3a3'},
    (4, 4): {'actions': 213, 'log': '18d058c27b90970e', 'game': 'c8747cce99a8d0cf', 'state': '5de9d5e52495040b'},
    (4, 5): {'actions': 188, 'log': 'a9624454b88fd8a5', 'game': '25a7d4feb6cf5a83', 'state': '35554ba54d5b1ec2'},
    (4, 6): {'actions': 209, 'log': '28d4f1f43d5e1b88', 'game': '076a43bf00bd555a', 'state': 'd0cac5e42a66d1dc'},
    (4, 7): {'actions': 218, 'log': '104db8f3e2bec076', 'game': 'a9e180b72ca50334', 'state': 'ac9d27fe4a646237'},
    (4, 8): {'actions': 200, 'log': 'e2f066da21a21f9c', 'game': '0f0f4139b87b07e6', 'state': '15c87f7f245621c9'},
    (4, 9): {'actions': 228, 'log': 'eda39b4390397f1b', 'game': 'ff2effc47748531a', 'state': '2a6b7e218aeeaa8d'},
    (4, 10): {'actions': 150, 'log': '7346cac93dab738c', 'game': '9ea7291bd87e9e5b', 'state': 'aea42ecdf5487d93'},
    (4, 11): {'actions': 169, 'log': '57ff55590fc530bc', 'game': '29deec60e26865fe', 'state': 'ab296f546396cb3b'},
    (4, 12): {'actions': 208, 'log': 'e3c6485c7b6e36ee', 'game': 'a609e88ad21ce2ee', 'state': '3cfdbcabf4e73043'},
    (4, 13): {'actions': 204, 'log': 'ea73ba5658fa2fa3', 'game': '0b0434bd84b46bf6', 'state': 'bb5f9c0296bef6cb'},
    (4, 14): {'actions': 238, 'log': '246127d6aefaabfc', 'game': 'efb385a229f4917c', 'state': 'f35a80ba0fe3c71a'},
    (4, 15): {'actions': 201, 'log': '7629b587139440be', 'game': '5c484717c48ba5ae', 'state': '3c1e68387db2c634'},
    (4, 16): {'actions': 175, 'log': '44bcf3e38e155c14', 'game': '7fa937dbb2572867', 'state': '95ebf85885271513'},
    (4, 17): {'actions': 210, 'log': 'd1e6b01ebe74ca84', 'game': 'c7253d54233fe4f7', 'state': '0aef9b0ce87a3522'},
    (4, 18): {'actions': 179, 'log': 'e258bd3d6e0d2e87', 'game': '68eb1d3dccec9bf0', 'state': '3c37882ebbb1d7e0'},
    (4, 19): {'actions': 225, 'log': '9869423c028e7fe3', 'game': 'ef35bead3edc2a55', 'state': '8fc6868cee9284c9'},
    (4, 20): {'actions': 187, 'log': '3a86dcfdbc438044', 'game': '40f0817612e5a40f', 'state': '63411bf10aafa7e7'},
    (4, 21): {'actions': 174, 'log': 'e72be68fe12b2f67', 'game': '6721eacb39c120a4', 'state': 'd52a47313244193f'},
    (4, 22): {'actions': 175, 'log': '8649c765dc76ce9d', 'game': 'e53178b2a4606433', 'state': 'bca7c6a777ec544d'},
    (4, 23): {'actions': 208, 'log': '943b94a5d5bc15c2', 'game': '37f99f638132dffc', 'state': 'a5ad8dec8f041b4f'},
    (4, 24): {'actions': 203, 'log': '0ac89add3313815a', 'game': '197d7ecdcb9f79f4', 'state': '8fb1307bacee8b62'},
    (4, 25): {'actions': 204, 'log': '2581bd3e51d59a1d', 'game': '3ce39ef1daca792f', 'state': 'a494ab7e4305f55d'},
    (4, 26): {'actions': 191, 'log': '4d8f118380b4c822', 'game': '29c8034a80a4e912', 'state': 'a3cceb91d3eef377'},
    (4, 27): {'actions': 231, 'log': 'cf64b374b6ef13be', 'game': '856228eb3d8b0b61', 'state': '5181b04a45c62957'},
    (4, 28): {'actions': 209, 'log': 'f7ad0916527b614c', 'game': 'cada039cf022d475', 'state': '81c1e12b54744fd7'},
    (4, 29): {'actions': 222, 'log': 'f895eaec8daec580', 'game': 'c73e6c91512e53f0', 'state': 'c71f5da027a26231'},
    (4, 30): {'actions': 188, 'log': 'acdd455832a83a18', 'game': 'd0a228cfa072a1a5', 'state': 'be7eafe62f2ac4e7'},
}


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seeded_games_give_the_same_outcomes(players: int) -> None:
    for seed in SEEDS:
        got = fingerprint(players, seed)
        want = FINGERPRINTS[(players, seed)]
        assert (got["actions"], got["log"]) == (want["actions"], want["log"]), (players, seed)
        assert got["game"] == want["game"], (players, seed)
        assert got["state"] == want["state"], (players, seed)


if __name__ == "__main__":
    print("FINGERPRINTS: dict[tuple[int, int], dict[str, str | int]] = {")
    for p in PLAYERS:
        for s in SEEDS:
            print(f"    ({p}, {s}): {fingerprint(p, s)!r},")
    print("}")
