"""Issue 16: Risky Stars counts and draws its legal actions without listing them
(``fastlegal.Census``), index-faithfully, and its random playouts (``RiskyStars.play_random``)
keep the drawing seat's census from one action to the next (``Census.after``).

Checked at every decision of seeded random games over param variants that reach every section
of the list (buys and places, upgrades, heroes, moves from one's own and from an ally's
location, truces, proposals during combats, leaving, shares): the census's count is the list's
length and its ``nth`` the list's action at the first and last index of every run; a kept census
is the census of the state; ``play_random`` plays the public loop's game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tests.games.risky_stars.game_helpers import GAME, board, empty_board, put, sample_game

from starlanes.core import Rng, derive_seed
from starlanes.core.legal import LegalActions
from starlanes.core.ruleset import Ruleset
from starlanes.games.risky_stars import fastlegal, legality
from starlanes.games.risky_stars.actions import Buy, Move
from starlanes.games.risky_stars.fastlegal import Census
from starlanes.games.risky_stars.game import play
from starlanes.games.risky_stars.state import RiskyStarsState, Truce
from starlanes.testing import drawn_loop

VARIANTS: list[tuple[int, dict[str, Any], bool]] = [
    (2, {"max_rounds": 25}, False),
    (4, {"max_rounds": 14, "hero_every_rounds": 1, "start_stock": (6000, 6000, 6000)}, False),
    (5, {"max_rounds": 12, "combat_window": "full_lap", "truce_rounds": 6}, False),
    (6, {"max_rounds": 10, "hero_every_rounds": 2, "alliance_share": 50, "hero_reserve_public": True}, False),
    (3, {"max_rounds": 12}, True),
    (4, {"max_rounds": 12, "combat_mode": "until_decided", "combat_window": "full_lap"}, True),
]
"""(players, params, crowded): a crowded game starts with every player's armies mixed over the
featured system (combats, reinforcements, bounces and moves from allies' locations are common)."""


def _start(variant: int, seed: int) -> RiskyStarsState:
    players, params, crowded = VARIANTS[variant]
    state = GAME.setup(params, players, seed)
    if crowded:
        b = board(state)
        featured = b.system_kind.index("featured")
        spots = [i for i in range(len(b.locations)) if b.system_of[i] == featured]
        rng = Rng.from_seed(seed)
        for k, loc in enumerate(spots):
            state.units[k % players][loc] += rng.randint(1, 12)
            state.owner[loc] = k % players
    return state


def _agree(state: RiskyStarsState, seat: int, seen: Counter[str]) -> None:
    """The census against the list: the count, and the action at both ends of every run."""
    census = Census(state, seat)
    listed = LegalActions(legality.legal_actions(state, seat))
    assert census.count == len(listed) == fastlegal.count(state, seat) == GAME.count_legal(state, seat)
    start = 0
    for group in legality.groups(state, seat):
        for i in {start, start + group[0] - 1}:
            action = census.nth(i)
            assert action == listed[i], (i, listed[i])
            seen[action.verb] += 1
            if isinstance(action, Move) and state.owner[board(state).index[action.source]] != seat:
                seen["move-from-an-ally's"] += 1
        start += group[0]
    assert start == census.count
    for outside in (-1, census.count):
        with pytest.raises(IndexError):
            census.nth(outside)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_the_census_agrees_with_the_list_at_every_decision(variant: int) -> None:
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        state = _start(variant, seed)
        rng = Rng.from_seed(derive_seed(seed, "census"))
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            _agree(state, seat, seen)
            if state.truces and not state.moved:
                seen["truce"] += 1
            if state.combats:
                seen["combat"] += 1
            draw = rng.randint(0, GAME.count_legal(state, seat) - 1)
            GAME.apply_unchecked(state, seat, GAME.legal_actions(state, seat)[draw])
    wanted = {"buy", "move", "propose", "accept", "decline", "end", "place", "share", "leave", "truce"}
    wanted |= [{"upgrade", "hero"}, {"upgrade", "hero"}, set(), {"hero"},
               {"combat", "move-from-an-ally's"}, {"combat", "move-from-an-ally's"}][variant]
    assert wanted <= set(seen), wanted - set(seen)


class _Audit:
    """Shown every census ``play`` draws from: it must be the census of the state. Counts the
    censuses kept from the action before, by the kind of that action (told by what it changed)."""

    def __init__(self) -> None:
        self.last: Census | None = None
        self.before: tuple[int, int, int, bool] = (0, 0, 0, False)
        self.kept: Counter[str] = Counter()

    def __call__(self, state: RiskyStarsState, seat: int, census: Census) -> None:
        assert census.sections() == Census(state, seat).sections(), state.step
        now = (state.to_place[seat], sum(state.level), len(state.reserve[seat]), state.shared)
        if census is self.last:
            kinds = ("place", "upgrade", "hero", "share")
            self.kept[next((k for k, a, b in zip(kinds, self.before, now, strict=True) if a != b), "buy")] += 1
        self.last, self.before = census, now


def test_a_kept_census_is_the_census_of_the_state_at_every_step() -> None:
    """``play`` shows its census before each draw: kept (``Census.after``) or new, it is the
    census a fresh look at the state finds."""
    audit = _Audit()
    for variant, (players, _, _) in enumerate(VARIANTS):
        for seed in (3, 4):
            state = _start(variant, seed)
            rngs = [Rng.from_seed(derive_seed(seed, f"seat {s}")) for s in range(players)]
            play(GAME, state, rngs, 100_000, audit)
            assert state.over
    assert min(audit.kept[k] for k in ("buy", "place", "upgrade", "hero", "share")) >= 10, audit.kept


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_play_random_plays_the_public_loop_s_game_to_the_end(variant: int) -> None:
    """Whole games, one generator for every seat and one per seat: the same actions, state and
    generators as the drawn loop and the generic ``Ruleset.play_random``."""
    players = VARIANTS[variant][0]
    for shared in (True, False):
        start = _start(variant, 7 + variant)
        mine, loop, generic = GAME.clone(start), GAME.clone(start), GAME.clone(start)
        gens = [[Rng.from_seed(derive_seed(variant, f"{shared} {s}")) for s in range(players)] for _ in range(3)]
        picks = [g[0] if shared else g for g in gens]
        played = GAME.play_random(mine, picks[0], 100_000)
        assert played == drawn_loop(GAME, loop, picks[1], 100_000) == Ruleset.play_random(GAME, generic, picks[2],
                                                                                          100_000)
        assert GAME.to_json(mine) == GAME.to_json(loop) == GAME.to_json(generic)
        assert mine.over
        for a, b, c in zip(*gens, strict=True):
            assert a.randint(0, 10**9) == b.randint(0, 10**9) == c.randint(0, 10**9)


def test_a_kept_census_leaves_out_an_attack_on_a_truce_partner_when_an_army_grows() -> None:
    """An army of one unit grows by a purchase beside a truce partner's army: the census kept
    after the purchase lists its moves, but not the one onto the partner (RS-A05)."""
    state = empty_board(sample_game(), stock=(1000, 1000, 1000))
    b = board(state)
    source = b.index["b1-1"]
    partner = next(t for t in b.destinations[source] if t < b.n_regions)
    put(state, 0, b.locations[source], 1)
    put(state, 1, b.locations[partner], 3)
    state.truces = [Truce(a=0, b=1, until=3)]
    census = Census(state, 0)
    buy = Buy(b.locations[source], 2)
    GAME.apply(state, 0, buy)
    kept = census.after(state, 0, buy)
    assert kept is not None and kept.sections() == Census(state, 0).sections()
    moves = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move)]
    assert moves and all(m.target != b.locations[partner] for m in moves)
    assert len(moves) == 2 * (len(b.destinations[source]) - 1)  # 1 or 2 of the 3 units
