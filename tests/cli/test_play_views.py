"""Issue 9, items 21 and 22 in the play loop: what a seat is shown. The seed never; a private
event shown to the GM says whose it is; every listed action has its number; what the other
seats did is summed up right above the prompt."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from starlanes.ai.registry import make_agent
from starlanes.cli.app import run
from starlanes.cli.terminal import PlaySession
from starlanes.core import GM, Match
from starlanes.core.errors import EXIT_OK
from starlanes.registry import get_game
from tests.cli.test_play_saving import Script
from tests.toy.duel import make_duel

SEED = (1 << 127) + 918_273_645_546_372_819  # 128 bits, as a new match draws them


def _seed_forms(seed: int) -> list[str]:
    """The seed as a person or a brute force could find it in text: whole, its low 64 and 32 bits."""
    return [str(seed), str(seed & (2**64 - 1)), str(seed & (2**32 - 1)), f"{seed:x}", f"{seed & (2**64 - 1):x}"]


class Adaptive(Script):
    """Ends the turn when it may, else takes the first legal action; ``quit`` after ``moves``."""

    def __init__(self, moves: int, first: Sequence[str] = ()) -> None:
        super().__init__(list(first))
        self.moves = moves

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        self.moves -= 1
        if self.moves < 0:
            return "quit"
        return "end" if "end" in completions else "1"


def _game(game_id: str):  # type: ignore[no-untyped-def]
    return make_duel() if game_id == "duel" else get_game(game_id)


# ------------------------------------------------------------------ item 22: the seed stays hidden
@pytest.mark.parametrize("game_id", ["space-risk", "retrograde", "duel"])
@pytest.mark.parametrize("seats", [["human", "random"], ["human", "human"]], ids=["vs-bot", "hotseat"])
def test_no_view_event_header_or_prompt_shown_to_a_seat_contains_the_seed(
    game_id: str, seats: list[str], tmp_path: Path
) -> None:
    match = Match.new(_game(game_id), seats, SEED)
    script = Adaptive(25, first=["help", "actions", "board", "save"])
    PlaySession(match, script, tmp_path / "g.json").run()
    shown = "\n".join([*script.shown, *script.prompts, *script.handovers])
    for seat in range(match.players):
        for _entry, view in match.history(seat):
            shown += msgspec.json.encode(view).decode()
            shown += match.game.render(view.game, seat)
    shown += "".join(e.text for batch in match.events for e in batch)
    for form in _seed_forms(SEED):
        assert form not in shown, f"the seed ({form}) is shown to a seat"
    assert json.loads((tmp_path / "g.json").read_text())["seed"] == SEED  # kept in the file for local play


def test_play_and_replay_from_a_seat_never_print_the_seed(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "m.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nbank\n1\n"))
    assert run(["play", "duel", "--seed", str(SEED), "-s", "human", "-s", "random", "--save", str(target)]) == EXIT_OK
    assert run(["replay", str(target), "--seat", "0", "--all"]) == EXIT_OK
    out = capsys.readouterr()
    for form in _seed_forms(SEED):
        assert form not in out.out and form not in out.err
    assert json.loads(target.read_text())["seed"] == SEED


def test_a_new_match_draws_a_128_bit_seed(duel_registered: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = []
    for i in range(4):
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        assert run(["play", "duel", "-s", "human", "-s", "random", "--save", str(tmp_path / f"{i}.json")]) == 0
        seeds.append(json.loads((tmp_path / f"{i}.json").read_text())["seed"])
    assert len(set(seeds)) == 4 and max(seeds) >= 2**64  # not 32 bits (4 draws all below 2^64: 2^-256)


# ------------------------------------------------------------------ item 21: smaller things
def test_replay_gm_says_whose_private_event_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("space-risk")
    match = Match.new(game, ["random", "random"], 5)
    agents = {s: make_agent("random", game, s, s) for s in range(2)}
    private = []
    while not private:
        seat = min(match.to_act())
        events = match.play(seat, agents[seat].act(match.view(seat), match.legal_actions(seat)))
        private = [e for e in events if e.seats is not None]
    path = tmp_path / "sr.json"
    path.write_text(match.to_json())
    assert run(["replay", str(path), "--gm", "--all"]) == EXIT_OK
    out = capsys.readouterr().out
    owner = private[0].seats[0]  # type: ignore[index]
    as_gm = game.describe_event(private[0], GM)
    assert f"• [seat {owner} only] {as_gm}" in out
    assert not re.search(r"•\s+(\[seat \d+ only\] )?you ", out)  # never "you" in the GM's view
    assert run(["replay", str(path), "--seat", str(owner), "--all"]) == EXIT_OK
    mine = game.describe_event(private[0], owner)
    assert mine.startswith("you ") and f"• {mine}" in capsys.readouterr().out  # the seat reads "you draw ..."


def test_the_numbered_action_list_gives_every_action_a_number(tmp_path: Path) -> None:
    match = Match.new(get_game("space-risk"), ["human", "random"], 5)
    session = PlaySession(match, Script([]), tmp_path / "g.json")
    seat = 0
    while 0 not in match.to_act():
        session.step()
    legal = match.legal_actions(seat)
    script = Script([])
    session.io = script
    session._list_actions(legal, seat)
    listing = script.shown[-1]
    assert f"{len(legal)} legal actions: type one, or its number." in listing
    assert "A line numbered like 19-24 holds one action for each value of N" in listing
    covered: set[int] = set()
    for label in re.findall(r"^\s*(\d+(?:-\d+)?)\. ", listing, re.M):
        low, _, high = label.partition("-")
        covered |= set(range(int(low), int(high or low) + 1))
    assert covered == set(range(1, len(legal) + 1))  # no number skipped without its line
    ranged = re.search(r"^\s*(\d+)-(\d+)\. (\S+ \S+) count=N\s+\(N = (\d+)\.\.", listing, re.M)
    assert ranged is not None
    number = int(ranged.group(1)) + 1  # the second number of the range: N one above the first value
    assert legal[number - 1].text() == f"{ranged.group(3)} count={int(ranged.group(4)) + 1}"


def test_a_bots_sealed_choice_is_summed_up_without_its_card(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    summary = next(s for s in script.shown if "Since your last move:" in s)
    assert "seat 1 (random), 1 action: (a sealed choice)" in summary
    assert match.log[0].action not in summary


def test_the_other_seats_turn_is_summed_up_right_above_the_prompt(tmp_path: Path) -> None:
    match = Match.new(get_game("space-risk"), ["human", "space-risk:heuristic"], 3)
    script = Adaptive(40)
    PlaySession(match, script, tmp_path / "g.json").run()
    prompts = [i for i, s in enumerate(script.shown) if s.startswith("Your move, seat 0.")]
    summaries = [script.shown[i - 1] for i in prompts if "Since your last move:" in script.shown[i - 1]]
    whole_turns = [s for s in summaries if re.search(r"seat 1 \(space-risk:heuristic\), ([4-9]|\d\d+) actions", s)]
    assert whole_turns, "no summary of the bot's whole turn above the prompt"
    assert "end" in whole_turns[0]
    assert len(whole_turns[0].splitlines()) <= 6  # short, however long the bot's log was
