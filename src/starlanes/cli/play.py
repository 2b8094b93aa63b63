"""``starlanes play``, ``starlanes replay`` and ``starlanes quickstart``: games in the terminal.

The loop (``PlaySession``) is independent of the terminal: it talks to an ``IO`` object, so the
tests drive it with scripted input. At the terminal, input has history and tab completion of
the legal actions (prompt_toolkit) when stdin is a TTY, plain ``input()`` otherwise.
"""

from __future__ import annotations

import datetime as _dt
import inspect
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule

from starlanes.ai.base import Agent
from starlanes.ai.registry import agent_names, make_agent
from starlanes.core.errors import StarlanesError
from starlanes.core.match import Match
from starlanes.core.rng import derive_seed
from starlanes.core.state import GM, Event, Viewer
from starlanes.registry import available_games

from .common import Game, console, load_game, load_params

HUMAN = "human"
COMMANDS = {
    "help": "this help; `help VERB` shows how to write that action",
    "actions": "list the legal actions (then type one, or its number)",
    "board": "show the game again",
    "undo": "take back your last action (when nothing random or hidden happened since)",
    "save [FILE]": "save the match (JSON) to FILE or to saves/",
    "quit": "stop (the match is saved first)",
}


class IO(Protocol):
    def show(self, text: Any) -> None: ...
    def ask(self, prompt: str, completions: Sequence[str]) -> str: ...
    def handover(self, message: str) -> None: ...


class TerminalIO:
    """Rich output; prompt_toolkit input with completion at a TTY."""

    def __init__(self, out: Console | None = None) -> None:
        self.out = out or console
        self.tty = sys.stdin.isatty() and sys.stdout.isatty()
        self._session: Any = None

    def show(self, text: Any) -> None:
        self.out.print(text)

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        if not self.tty:
            self.out.print(prompt, end="")
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.strip()
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        if self._session is None:
            self._session = PromptSession()
        completer = WordCompleter(list(completions), sentence=True, match_middle=False)
        return str(self._session.prompt(prompt, completer=completer, complete_while_typing=False)).strip()

    def _wipe(self) -> None:
        """Clear the screen and the scroll-back, so the last player's hand is not one scroll away."""
        if self.tty:
            self.out.file.write("\x1b[3J\x1b[H\x1b[2J")
            self.out.file.flush()

    def handover(self, message: str) -> None:
        self._wipe()
        text = f"{message}\n\nThe screen and its scroll-back have been cleared; the other players look away."
        self.out.print(Panel(text + "\nPress Enter when ready.", title="handover"))
        if self.tty:
            input()
        self._wipe()


class QuitGame(Exception):
    """The person asked to stop."""


class PlaySession:
    """Drives a match: bots play, humans are asked, sealed choices stay sealed."""

    def __init__(self, match: Match, io: IO, save_path: Path | None = None, agent_seed: int = 0) -> None:
        self.match = match
        self.game: Game = match.game
        self.io = io
        self.save_path = save_path
        self.agents: dict[int, Agent] = {}
        for seat, spec in enumerate(match.seats):
            if spec != HUMAN:
                self.agents[seat] = make_agent(spec, self.game, seat, derive_seed(agent_seed, "agent", seat))
        self.humans = [s for s, spec in enumerate(match.seats) if spec == HUMAN]
        self.seen_events: dict[int, int] = dict.fromkeys(range(match.players), 0)
        self.rendered_at: dict[int, int] = dict.fromkeys(range(match.players), -1)
        self.last_human: int | None = None

    # ------------------------------------------------------------------
    def run(self) -> Path:
        """Play until the end (or ``quit``); save and return the file."""
        try:
            while not self.match.is_over():
                self.step()
        except QuitGame:
            self.io.show("[yellow]Stopped.[/]")
        path = self.save()
        out = self.match.outcome()
        if out is not None:
            viewer: Viewer = self.humans[0] if len(self.humans) == 1 else GM
            self.io.show(self.game.render(self.match.view(viewer).game, viewer))
            winners = ", ".join(self._seat_name(w) for w in out.winners) or "nobody (a draw)"
            self.io.show(Panel(f"Game over: {out.reason}. Winner: {winners}.", style="bold green"))
        self.io.show(f"Match saved to {path}  (replay: starlanes replay {path})")
        return path

    def step(self) -> None:
        to_act = sorted(self.match.to_act())
        bots = [s for s in to_act if s in self.agents]
        seat = bots[0] if bots else to_act[0]
        if seat in self.agents:
            view = self.match.view(seat)
            action = self.agents[seat].act(view, self.match.legal_actions(seat))
            sealed = len(to_act) > 1
            described = None
            if len(self.humans) == 1 and not sealed:  # described as the person saw the table before the move
                described = self.game.describe_action(self.match.view(self.humans[0]).game, action)
            self.match.play(seat, action)
            if len(self.humans) == 1:
                self._announce_bot_move(seat, action, sealed, described)
            return
        self._human_turn(seat)

    def _announce_bot_move(self, seat: int, action: Any, sealed: bool, described: str | None) -> None:
        """With one person at the table, show what a bot did as that person sees it, as it happens."""
        human = self.humans[0]
        if sealed:
            self.io.show(f"[dim]{self._seat_name(seat)} has made its sealed choice.[/]")
        else:
            text = action.text() + (f"  — {described}" if described else "")
            self.io.show(f"[bold]{self._seat_name(seat)}[/]: {escape(text)}")
        events = self._events_for(human)
        if events:
            shown = [e.text for e in events if not sealed or "made its choice" not in e.text]
            if shown:
                self.io.show(escape("\n".join(f"  • {t}" for t in shown)))

    def _seat_name(self, seat: int) -> str:
        spec = self.match.seats[seat]
        return f"seat {seat} ({'you' if spec == HUMAN and len(self.humans) == 1 else spec})"

    def _events_for(self, seat: int) -> list[Event]:
        start = self.seen_events[seat]
        events = [e for batch in self.match.events[start:] for e in batch if e.visible_to(seat)]
        self.seen_events[seat] = len(self.match.events)
        return events

    def _show_board(self, seat: int) -> None:
        view = self.match.view(seat)
        self.rendered_at[seat] = len(self.match.log)
        self.io.show(Rule(f"{self.game.spec.name} — seat {seat}, step {view.step}"))
        self.io.show(self.game.render(view.game, seat))
        if len(view.to_act) > 1 or view.submitted:
            self.io.show(f"[cyan]Sealed decision[/]: {_sealed_status(view.to_act, view.submitted)}")

    def _human_turn(self, seat: int) -> None:
        sealed = len(self.game._to_act(self.match.state)) > 1
        if len(self.humans) > 1 and self.last_human != seat:
            self.io.handover(f"Seat {seat}'s turn.")
        others_acted = any(e.seat != seat for e in self.match.log[max(self.rendered_at[seat], 0):])
        if self.last_human != seat or sealed or others_acted or self.rendered_at[seat] < 0:
            events = self._events_for(seat)
            if events:
                self.io.show(escape("\n".join(f"• {e.text}" for e in events[-30:])))
            self._show_board(seat)
        self.last_human = seat
        legal = self.match.legal_actions(seat)
        verbs = sorted({a.verb for a in legal})
        self.io.show(f"Your move, seat {seat}. Actions now: {', '.join(verbs)}   (type `actions`, `help`)")
        while True:
            line = self.io.ask(f"seat {seat}> ", [a.text() for a in legal] + [c.split()[0] for c in COMMANDS])
            if not line:
                continue
            if self._command(seat, line, legal):
                return

    def _command(self, seat: int, line: str, legal: Sequence[Any]) -> bool:
        """Handle one line; True when the seat's decision was made."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            self._help(rest.strip())
            return False
        if word in ("actions", "ls"):
            self._list_actions(legal, seat)
            return False
        if word == "board":
            self._show_board(seat)
            return False
        if word == "quit":
            raise QuitGame
        if word == "save":
            path = self.save(Path(rest.strip()) if rest.strip() else None)
            self.io.show(f"saved to {path}")
            return False
        if word == "undo":
            try:
                entry = self.match.undo(seat)
            except StarlanesError as exc:
                self.io.show(f"[red]{escape(str(exc))}[/]")
                return False
            self.io.show(escape(f"undone: {entry.action}"))
            self.seen_events[seat] = min(self.seen_events[seat], len(self.match.events))
            self._show_board(seat)
            return True
        if line.isdigit():
            if not 1 <= int(line) <= len(legal):
                self.io.show(f"[red]no action number {line}[/]: `actions` lists 1-{len(legal)}")
                return False
            action: Any = legal[int(line) - 1]
        else:
            action = line
        try:
            events = self.match.play(seat, action)
        except StarlanesError as exc:
            self.io.show(f"[red]{escape(str(exc))}[/]")
            return False
        self.seen_events[seat] = len(self.match.events)
        for event in events:
            if event.visible_to(seat):
                self.io.show(escape(f"• {event.text}"))
        return True

    def _help(self, verb: str) -> None:
        codec = self.game.codec
        if verb:
            if verb in codec.types:
                doc = inspect.cleandoc(codec.types[verb].__doc__ or "")
                self.io.show(escape(f"{codec.usage(verb)}\n{doc}"))
            else:
                self.io.show(f"[red]no action '{verb}'[/]; actions: {', '.join(codec.verbs)}")
            return
        lines = [f"  {name:<12} {doc}" for name, doc in COMMANDS.items()]
        lines.append("Actions of this game (type the text; TAB completes):")
        lines += [escape(f"  {codec.usage(v)}") for v in codec.verbs]
        lines.append("Type `help VERB` for what an action does.")
        self.io.show("\n".join(lines))

    def _list_actions(self, legal: Sequence[Any], seat: int, limit: int = 80) -> None:
        view = self.match.view(seat).game
        described = [self.game.describe_action(view, a) for a in legal]
        rows = []
        for first, pattern, values in group_count_variants([a.text() for a in legal], described):
            text = pattern + (f"   ({_describe_values(values)})" if len(values) > 1 else "")
            if described[first]:
                text += f"   {described[first]}"
            rows.append(escape(f"{first + 1:>3}. {text}"))
        shown = rows[:limit]
        if len(rows) > limit:
            shown.append(f"... and {len(rows) - limit} more lines (type a verb and press TAB)")
        self.io.show("\n".join(shown))

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path
        if target is None:
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            target = Path("saves") / f"{self.game.spec.id}-{stamp}.json"
        self.save_path = target
        return self.match.save(target)


def _sealed_status(waiting: Sequence[int], submitted: Sequence[int]) -> str:
    def seats(items: Sequence[int]) -> str:
        return ("seat " if len(items) == 1 else "seats ") + ", ".join(str(s) for s in items)

    text = f"{seats(waiting)} {'chooses' if len(waiting) == 1 else 'choose'} secretly"
    if submitted:
        text += f"; {seats(submitted)} {'has' if len(submitted) == 1 else 'have'} chosen"
    return text + "; nothing is shown until all have."


def group_count_variants(
    texts: Sequence[str], descriptions: Sequence[str | None] | None = None
) -> list[tuple[int, str, list[int]]]:
    """Group action texts that differ only in their last number (``fortify A B 1`` ... ``fortify A B 14``).

    Only actions with the same description are grouped, so numbers that name different things
    (cards, with a ruleset's ``describe_action``) stay on lines of their own. Returns (index of
    the first, the text with that number written N, the numbers) in order of first appearance;
    an action in a group of one keeps its own text.
    """
    groups: dict[tuple[str, str | None], tuple[int, list[int]]] = {}
    for i, text in enumerate(texts):
        note = descriptions[i] if descriptions is not None else None
        tokens = text.split()
        key: tuple[str, str | None] = (text + "\0", note)
        value = None
        for j in range(len(tokens) - 1, 0, -1):
            name, eq, raw = tokens[j].rpartition("=")
            if raw.isdigit():
                value = int(raw)
                key = (" ".join([*tokens[:j], f"{name}{eq}N", *tokens[j + 1:]]), note)
                break
        first, values = groups.setdefault(key, (i, []))
        if value is not None:
            values.append(value)
    out: list[tuple[int, str, list[int]]] = []
    for (pattern, _), (first, values) in groups.items():
        if len(values) > 1:
            out.append((first, pattern, values))
        else:
            out.append((first, texts[first], values))
    return out


def _describe_values(values: Sequence[int]) -> str:
    ordered = sorted(values)
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"N = {ordered[0]}..{ordered[-1]}"
    return "N = " + ", ".join(str(v) for v in ordered)


def _seat_specs(game: Game, seats: list[str] | None) -> list[str]:
    if seats:
        return seats
    bots = [name for name in agent_names(game) if name.startswith(game.spec.id + ":")]
    return [HUMAN, bots[0] if bots else "random"] + ["random"] * (game.spec.min_players - 2)


SeatOpt = Annotated[
    list[str] | None,
    typer.Option("--seat", "-s", help="who plays each seat, in order: human, random, mcts:iterations=200, ..."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="seed of the game's randomness (default: random)")]
ParamOpt = Annotated[
    list[str] | None, typer.Option("--param", "-p", help="a rule parameter, key=value (see `starlanes rules`)")
]


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see `starlanes games`)")],
    seat: SeatOpt = None,
    seed: SeedOpt = None,
    param: ParamOpt = None,
    load: Annotated[Path | None, typer.Option("--load", help="continue a saved match")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="where to save (default: saves/GAME-TIME.json)")] = None,
) -> None:
    """Play a game in the terminal."""
    if load is not None:
        match = Match.load(load)
        if seat:
            match.seats = list(seat)
    else:
        game = load_game(game_id)
        specs = _seat_specs(game, seat)
        params = load_params(game, param)
        actual_seed = seed if seed is not None else int.from_bytes(os.urandom(4), "little")
        match = Match.new(game, specs, actual_seed, params)
    session = PlaySession(match, TerminalIO(), save or load, agent_seed=match.seed)
    console.print(f"{match.game.spec.name}: " + ", ".join(f"seat {i} {s}" for i, s in enumerate(match.seats))
                  + f"  (seed {match.seed})")
    session.run()


def quickstart() -> None:
    """You against a bot, on the default game (what ./run starts)."""
    ids = [s.id for s in available_games()]
    if not ids:
        raise StarlanesError("no game is registered")
    game_id = "space-risk" if "space-risk" in ids else ids[0]
    console.print(Panel(f"starlanes — {game_id}: you are seat 0 against a bot. Type `help` at the prompt.\n"
                        f"Other games: {', '.join(ids)} (./run play GAME). All commands: ./run --help"))
    play(game_id, seat=None, seed=None, param=None, load=None, save=None)


def replay(
    file: Annotated[Path, typer.Argument(help="a saved match (JSON)")],
    seat: Annotated[int | None, typer.Option("--seat", help="see the match as this seat saw it")] = None,
    gm: Annotated[bool, typer.Option("--gm", help="see everything (the game master's view)")] = False,
    step: Annotated[
        bool | None, typer.Option("--step/--all", help="wait for Enter between positions (default: at a TTY)")
    ] = None,
) -> None:
    """Step through a saved match from one seat's view or the GM's."""
    match = Match.load(file)
    if seat is not None and gm:
        raise StarlanesError("choose --seat or --gm, not both")
    viewer: Viewer = GM if gm or seat is None else seat
    if seat is not None and seat not in range(match.players):
        raise StarlanesError(f"no seat {seat}; this match has seats 0-{match.players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    game = match.game
    positions = list(match.history(viewer))
    console.print(f"Replay of {game.spec.name} ({len(match.log)} actions, seed {match.seed}) as "
                  f"{'the GM' if viewer is GM else f'seat {viewer}'}. "
                  + ("Enter: next, b: back, NUMBER: jump, q: quit." if interactive else ""))
    index = 0
    while 0 <= index < len(positions):
        entry, view = positions[index]
        console.print(Rule(f"position {index}/{len(positions) - 1}"))
        if entry is not None:
            events = [e.text for e in match.events[index - 1] if e.visible_to(viewer)]
            before = positions[index - 1][1]
            sealed = len(before.to_act) + len(before.submitted) > 1
            hidden = sealed and viewer is not GM and entry.seat != viewer
            console.print(escape(f"seat {entry.seat}: {'(a sealed choice)' if hidden else entry.action}"))
            for text in events:
                console.print(escape(f"  • {text}"))
        console.print(game.render(view.game, viewer))
        if not interactive:
            index += 1
            continue
        answer = input("> ").strip().lower()
        if answer == "q":
            break
        if answer == "b":
            index = max(0, index - 1)
        elif answer.isdigit():
            index = min(int(answer), len(positions) - 1)
        else:
            index += 1
    out = match.outcome()
    if out is not None:
        console.print(f"Result: {out.reason}; winners: {', '.join(map(str, out.winners)) or 'none (draw)'}")


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay)
    app.command("quickstart")(quickstart)
