"""docs/architecture.md's worked example runs: its code blocks are the game Bid Race; this test
executes them, registers the game under a test id, runs the whole conformance suite over it and
plays a short seeded match through the core session with a scripted person. If the page's code
goes stale (a name renamed, a hook changed), these tests fail.

Blocks are Python fences whose first line starts with ``# bid_race`` (the game, in order) or
``# try it`` (executed after the game, in its namespace). Line numbers in a failure point into
the Markdown file."""

from __future__ import annotations

import dataclasses
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from starlanes.ai.registry import make_agent
from starlanes.core.errors import StarlanesError
from starlanes.core.match import LogEntry, Match
from starlanes.core.ruleset import Ruleset
from starlanes.core.session import Played, Reply, Session, Stop, Turn
from starlanes.core.store import FileStore
from starlanes.entry import GameEntry
from starlanes.registry import get_entry, get_game, register, unregister
from starlanes.testing import ConformanceFailure, conformance_checks
from starlanes.testing.conformance import check_views_do_not_leak
from starlanes.testing.conformance_data import DATA_CHECKS

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
TEST_ID = "doc-bid-race"
FENCE = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)

Game = Ruleset[Any, Any, Any]


def blocks(prefix: str) -> list[tuple[int, str]]:
    """``(first line number, code)`` of every Python block of the page starting with ``prefix``."""
    text = DOC.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        code = match.group(1)
        if code.startswith(prefix):
            found.append((text.count("\n", 0, match.start(1)) + 1, code))
    return found


def source(prefix: str) -> str:
    """The blocks starting with ``prefix`` as one source whose line numbers are the page's."""
    lines: list[str] = []
    for first, code in blocks(prefix):
        lines += [""] * (first - 1 - len(lines))
        lines += code.splitlines()
    return "\n".join(lines) + "\n"


def load_example() -> types.ModuleType:
    """The page's game as a module (``docs_bid_race``)."""
    module = types.ModuleType("docs_bid_race")
    module.__file__ = str(DOC)
    sys.modules[module.__name__] = module
    exec(compile(source("# bid_race"), str(DOC), "exec"), module.__dict__)
    return module


EXAMPLE = load_example()


def renamed() -> Game:
    """The page's ruleset under the test id (a registered game's spec id is its entry's)."""
    cls = type("DocBidRace", (EXAMPLE.BidRace,), {"spec": dataclasses.replace(EXAMPLE.SPEC, id=TEST_ID)})
    game: Game = cls()
    return game


@pytest.fixture(scope="module")
def game() -> Iterator[Game]:
    register(TEST_ID, dataclasses.replace(EXAMPLE.ENTRY, id=TEST_ID, ruleset=renamed))
    try:
        yield get_game(TEST_ID)
    finally:
        unregister(TEST_ID)


def test_the_page_holds_the_whole_example() -> None:
    names = [code.splitlines()[0] for _, code in blocks("# bid_race")]
    assert names == ["# bid_race: the imports of the modules below", "# bid_race/spec.py", "# bid_race/state.py",
                     "# bid_race/actions.py", "# bid_race/legality.py", "# bid_race/rules/bidding.py",
                     "# bid_race/view.py", "# bid_race/game.py", "# bid_race/render.py", "# bid_race/ai.py",
                     "# bid_race/entry.py"]
    assert len(blocks("# try it")) == 3


def test_the_try_it_blocks_run_as_written() -> None:
    namespace = dict(EXAMPLE.__dict__)
    exec(compile(source("# try it"), str(DOC), "exec"), namespace)


def test_the_entry_registers_under_a_test_id(game: Game) -> None:
    entry = get_entry(TEST_ID)
    assert isinstance(entry, GameEntry) and game.spec.id == TEST_ID
    assert isinstance(game, EXAMPLE.BidRace)
    view = game.view(game.setup(None, 2, 1), 0)
    board = entry.make_renderer(game).render(view.game, 0)
    assert "coins 8" in board and "coins ?" in board  # the other purse is behind its screen


@pytest.mark.parametrize("check", [*conformance_checks(), *(c for c in DATA_CHECKS if c not in conformance_checks())],
                         ids=lambda c: c.__name__)
def test_the_example_conforms(game: Game, check: Callable[[Game], None]) -> None:
    check(game)


def test_the_leak_check_bites_when_the_view_shows_both_purses() -> None:
    class ShowsPurses(EXAMPLE.BidRace):  # type: ignore[name-defined,misc]
        def _view(self, state: Any, seat: int | None) -> Any:
            return EXAMPLE.view_of(state, None)

    with pytest.raises(ConformanceFailure, match="changed when only hidden things did"):
        check_views_do_not_leak(ShowsPurses())


class Scripted:
    """The session's IO without a terminal: the person bids 2 when it can, else 0; it records
    what it is told."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []
        self.told: list[tuple[int, Played]] = []
        self.refusals: list[str] = []

    def handover(self, seat: int) -> None:
        raise AssertionError("one person at the table: no handover")

    def begin(self, turn: Turn) -> None:
        self.turns.append(turn)

    def ask(self, turn: Turn) -> Reply:
        if len(self.turns) > 40:
            raise Stop
        if len(self.refusals) < 1:
            return "bid 99"  # refused once, asked again
        coins = turn.view.game.coins[turn.seat]
        return f"bid {min(2, coins)}"

    def refused(self, seat: int, error: StarlanesError) -> None:
        self.refusals.append(str(error))

    def played(self, seat: int, played: Played) -> None:
        self.told.append((seat, played))

    def undone(self, seat: int, entry: LogEntry) -> None:
        raise AssertionError("no undo asked")


def test_a_seeded_match_through_the_session(game: Game, tmp_path: Path) -> None:
    match = Match.new(game, ["human", "bid-race:cautious"], seed=2024)
    io = Scripted()

    def make(seat: int, spec: str) -> Any:
        return None if spec == "human" else make_agent(spec, game, seat, 1)

    session = Session.with_agents(match, io, make, live=[0])
    assert session.run() == "over"
    outcome = match.outcome()
    assert outcome is not None and outcome.reason in ("reached the goal", "farthest ahead")
    assert io.refusals == ["illegal action 'bid 99': you have 8 coins, not 99"]
    assert all(turn.sealed for turn in io.turns)
    assert [e.seat for e in match.log[:2]] == [1, 0]  # the bot bids first
    bot_moves = [p for _, p in io.told if p.actor == 1]
    assert bot_moves and all(p.action is None for p in bot_moves)  # the bot's bid stays sealed
    seen = [e for _, p in io.told for e in p.events]
    assert any(e.kind == "bids-revealed" for e in seen)
    private = [e for batch in match.events for e in batch if e.kind == "purse" and e.seats == (1,)]
    assert private and all(e.visible_to(0) for e in seen)  # seat 1's purse events never reach seat 0
    # the same seed and log give the same game, also from a store
    store = FileStore(tmp_path, rulesets=lambda _: game)
    match_id = store.create(Match.new(game, match.seats, seed=2024))
    for step, entry in enumerate(match.log):
        store.append(match_id, entry.seat, entry.action, step)
    assert store.load(match_id).outcome() == outcome


CITED = re.compile(r"`((?:core|ai|cli|server|testing|lab|games|tests|docs)/[\w./-]*|entry\.py|registry\.py)`")


def test_every_path_the_page_cites_exists() -> None:
    root = DOC.parents[1]
    cited = {m.group(1) for m in CITED.finditer(DOC.read_text(encoding="utf-8"))}
    assert "core/ruleset.py" in cited and "tests/toy/duel.py" in cited
    missing = [path for path in sorted(cited) if "<" not in path
               and not (root / path).exists() and not (root / "src" / "starlanes" / path).exists()]
    assert missing == []
