"""Issue 8 item 6: the loop that drives seats lives in the core (``Session``), driven here with
a scripted IO and no terminal, over the toy duel and both games: bots act, people are asked,
each seat is shown only what it may see, people at one screen get a handover, a sealed choice
is never shown to the next person, refusals change nothing, the save callback always runs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import pytest

from starlanes.core import GM, Action, Close, Decision, Match, SeatView
from starlanes.core.errors import StarlanesError
from starlanes.core.match import LogEntry
from starlanes.core.rng import Rng
from starlanes.core.session import UNDO, Played, Reply, Session, Stop, Turn
from starlanes.registry import get_game
from tests.toy.duel import Duel, DuelState, Play, make_duel


class FirstLegal:
    """A bot that takes the first legal action."""

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        return legal[0]


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


class Scripted:
    """The session's IO without a terminal: answers from ``replies`` (then ``policy``), records
    everything it is told."""

    def __init__(self, replies: Sequence[Reply | Callable[[Turn], Reply]] = (),
                 policy: Callable[[Turn], Reply] | None = None) -> None:
        self.replies = list(replies)
        self.policy = policy
        self.log: list[tuple[str, Any]] = []

    def handover(self, seat: int) -> None:
        self.log.append(("handover", seat))

    def begin(self, turn: Turn) -> None:
        self.log.append(("turn", turn))

    def ask(self, turn: Turn) -> Reply:
        if self.replies:
            reply = self.replies.pop(0)
            return reply(turn) if callable(reply) else reply
        if self.policy is None:
            raise Stop
        return self.policy(turn)

    def refused(self, seat: int, error: StarlanesError) -> None:
        self.log.append(("refused", (seat, str(error))))

    def played(self, seat: int, played: Played) -> None:
        self.log.append(("played", (seat, played)))

    def undone(self, seat: int, entry: LogEntry) -> None:
        self.log.append(("undone", (seat, entry)))

    def of(self, kind: str) -> list[Any]:
        return [item for k, item in self.log if k == kind]


def first(turn: Turn) -> Reply:
    return turn.legal[0]


def random_person(seed: int) -> Callable[[Turn], Reply]:
    rng = Rng.from_seed(seed)
    return lambda turn: rng.choice(turn.legal)


def test_bots_act_first_and_the_person_sees_their_sealed_choice_only_as_made() -> None:
    match = Match.new(make_duel(), ["human", "bot"], 11)
    io = Scripted([first])
    session = Session(match, io, {1: FirstLegal()}, live=[0])
    assert session.run() == "quit"
    assert [e.seat for e in match.log][:2] == [1, 0]  # the bot first, then the person
    bot_move = next(p for seat, p in io.of("played") if not p.own)
    assert bot_move.actor == 1 and bot_move.action is None and bot_move.before is None
    turn = io.of("turn")[0]
    assert turn.sealed and turn.redraw and [(m.actor, m.text) for m in turn.since] == [(1, None)]
    own = next(p for seat, p in io.of("played") if p.own)
    assert own.actor == 0 and any("reveal" in e.text for e in own.events)


def test_people_at_one_screen_get_a_handover_and_never_the_last_ones_sealed_choice() -> None:
    match = Match.new(make_duel(), ["human", "human"], 11)
    io = Scripted([first, first])
    Session(match, io).run()
    assert io.of("handover") == [0, 1]
    card = match.log[0].action
    second = io.of("turn")[1]
    assert second.seat == 1 and [(m.actor, m.text) for m in second.since] == [(0, None)]
    assert second.view.my_sealed is None and card not in repr(second.view)
    assert all(card not in e.text for e in second.events)
    assert all(seat == p.actor for seat, p in io.of("played"))  # nobody is told another's move live


def test_refused_input_changes_nothing_and_is_asked_again() -> None:
    match = Match.new(make_duel(), ["human", "bot"], 11)
    io = Scripted(["play 99", "fly away", UNDO])
    session = Session(match, io, {1: FirstLegal()}, live=[0])
    session.run()
    refusals = [message for _, message in io.of("refused")]
    assert "you have no 99 in your hand" in refusals[0]
    assert "unknown action 'fly'" in refusals[1]
    assert "the last action was not yours" in refusals[2]
    assert len(match.log) == 1 and len(io.of("turn")) == 1  # one turn, asked four times


def test_undo_takes_back_and_ends_the_turn() -> None:
    match = Match.new(make_duel(), ["human", "human"], 11)
    io = Scripted([first, UNDO])
    session = Session(match, io)
    session.step()  # seat 0 seals a card
    session.human_turn(0)  # and takes it back (a sealed choice may be taken back until the decision closes)
    assert match.step == 0 and match.state.sealed == {}
    (seat, entry), = io.of("undone")
    assert seat == 0 and entry.action.startswith("play ")
    assert io.of("handover") == [0]  # the same person: no handover


@pytest.mark.parametrize(("stop", "reason"), [(Stop, "quit"), (KeyboardInterrupt, "interrupted"),
                                              (EOFError, "end of input")])
def test_every_way_of_stopping_calls_save(stop: type[BaseException], reason: str) -> None:
    saved: list[int] = []
    match = Match.new(make_duel(), ["human", "bot"], 11)

    class Stopping(Scripted):
        def ask(self, turn: Turn) -> Reply:
            raise stop

    session = Session(match, Stopping(), {1: FirstLegal()}, save=lambda: saved.append(match.step))
    assert session.run() == reason and session.stopped == reason
    assert saved == [1]


def test_a_game_of_bots_runs_to_the_end_and_saves_once() -> None:
    saved: list[int] = []
    match = Match.new(make_duel(), ["a", "b", "c"], 4)
    session = Session(match, Scripted(), {s: RandomBot(s) for s in range(3)}, save=lambda: saved.append(1))
    assert session.run() == "over" and match.is_over() and saved == [1]


class GmClosedDuel(Duel):
    """The duel with card decisions that only the GM (or a deadline) closes."""

    def _decision(self, state: DuelState) -> Decision | None:
        decision = super()._decision(state)
        if decision is not None and decision.sealed:
            return Decision(decision.actors, True, "gm", decision.kind)
        return decision


def test_a_decision_for_the_gm_is_closed_by_the_table_once_every_seat_chose() -> None:
    match = Match.new(GmClosedDuel(), ["human", "bot"], 11)
    io = Scripted([first])
    Session(match, io, {1: FirstLegal()}, live=[0]).run()
    assert [e.seat for e in match.log][:3] == [1, 0, GM]
    assert match.log[2].action == "close"
    told = [p for _, p in io.of("played") if p.actor is GM]
    assert told and told[0].action == Close() and any("reveal" in e.text for e in told[0].events)


def _never_shown_what_it_may_not_see(io: Scripted, match: Match) -> None:
    for turn in io.of("turn"):
        assert all(e.visible_to(turn.seat) for e in turn.events)
        for move in turn.since:
            assert move.actor != turn.seat
        assert turn.view.seat == turn.seat
    for seat, played in io.of("played"):
        assert all(e.visible_to(seat) for e in played.events)
        assert played.own == (played.actor == seat)
    for turn in io.of("turn"):  # another seat's sealed choice never has its text; the rest has
        for move in turn.since:
            assert match.log[move.index].seat == move.actor
            assert (move.text is None) == match.is_sealed(move.index)


# seeds where retrograde's sealed combat choices come up (space-risk has no sealed decision)
GAMES = [("space-risk", {"max_rounds": 3}, 21, 5), ("retrograde", {"turn_limit": 30}, 22, 5)]
HOTSEAT = [("space-risk", {"max_rounds": 2}, 21, 6), ("retrograde", {"turn_limit": 30}, 20, 3)]


@pytest.mark.parametrize(("game_id", "params", "seed", "person"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_and_a_bot_play_each_game_through_the_session(game_id: str, params: dict[str, int],
                                                                 seed: int, person: int) -> None:
    game = get_game(game_id)
    match = Match.new(game, ["human", "bot"], seed, game.params_from(params))
    io = Scripted(policy=random_person(person))
    assert Session(match, io, {1: RandomBot(1)}, live=[0]).run() == "over"
    assert match.is_over() and io.of("turn") and not io.of("handover")
    assert any(not p.own for _, p in io.of("played"))  # the bot's moves were told as they happened
    if game_id == "retrograde":  # the bot's sealed combat choice was told as made, without its text
        assert any(p.action is None and p.before is None for _, p in io.of("played"))
    _never_shown_what_it_may_not_see(io, match)


@pytest.mark.parametrize(("game_id", "params", "seed", "person"), HOTSEAT, ids=[g[0] for g in HOTSEAT])
def test_two_people_at_one_screen_play_each_game_through_the_session(game_id: str, params: dict[str, int],
                                                                     seed: int, person: int) -> None:
    game = get_game(game_id)
    match = Match.new(game, ["human", "human"], seed, game.params_from(params))
    io = Scripted(policy=random_person(person))
    assert Session(match, io).run() == "over"
    turns = io.of("turn")
    handovers = io.of("handover")
    assert handovers and handovers[0] == turns[0].seat
    switches = sum(1 for a, b in pairwise(turns) if a.seat != b.seat)
    assert len(handovers) == switches + 1  # a handover before every change of person, and only then
    _never_shown_what_it_may_not_see(io, match)
    if game_id == "retrograde":
        assert any(m.text is None for t in turns for m in t.since)  # sealed combat choices came up
    for turn in turns:  # a private event of the other seat never reaches this person
        other = 1 - turn.seat
        assert not any(e.seats == (other,) for e in turn.events)


def test_the_session_imports_nothing_from_ai() -> None:
    import subprocess
    import sys

    code = ("import sys, starlanes.core.session, starlanes.core.store; "
            "print([m for m in sys.modules if m.startswith('starlanes.ai')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_play_and_undo_use_the_match_of_the_session() -> None:
    match = Match.new(make_duel(), ["human", "bot"], 11)
    session = Session(match, Scripted([Play(match.state.hands[0][0])]), {1: FirstLegal()})
    session.step()  # the bot
    session.step()  # the person
    assert match.step == 2 and match.log[1].action.startswith("play ")


# --- the session's decisions that the server's bot worker shares ----------------------------------


def test_awaited_bots_move_lowest_first_and_only_bots() -> None:
    from starlanes.core.session import awaited_bots

    assert awaited_bots({3, 0, 2}, {2: "x", 3: "y"}) == [2, 3]
    assert awaited_bots([1], {0}) == []


def test_ask_bot_refuses_an_answer_outside_the_legal_actions() -> None:
    from starlanes.core.errors import IllegalAction
    from starlanes.core.session import ask_bot

    match = Match.new(make_duel(), ["bot", "bot"], 1)
    seat = sorted(match.to_act())[0]
    legal = match.legal_actions(seat)
    assert ask_bot(FirstLegal(), match.view(seat), legal) == legal[0]

    class Cheat:
        def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
            return Play(card=99)

    with pytest.raises(IllegalAction, match="not among its legal actions"):
        ask_bot(Cheat(), match.view(seat), legal)


def test_the_server_bot_worker_takes_its_order_and_check_from_the_core() -> None:
    import inspect

    from starlanes.server import bots

    source = inspect.getsource(bots.BotWorker._move)
    assert "awaited_bots(" in source and "ask_bot" in source
