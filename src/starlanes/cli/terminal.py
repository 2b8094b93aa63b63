"""Games in the terminal: what ``starlanes play`` runs (``cli/play.py`` holds the commands).

The loop that drives the seats is the core's (``starlanes.core.session.Session``): whose turn,
bots, events each seat may see, handovers, sealed choices. ``PlaySession`` is the terminal over
it: the board (Rich), the prompt and its commands, saving to a file. It talks to an ``IO``
object (``show``/``ask``/``handover``), so the tests drive it with scripted input. At the
terminal, input has history and tab completion of the legal actions (prompt_toolkit) when
stdin is a TTY, plain ``input()`` otherwise.
"""

from __future__ import annotations

import datetime as _dt
import inspect
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule

from starlanes.core.errors import PathError, StarlanesError, UsageError
from starlanes.core.gm import Actor, ChoiceSealed
from starlanes.core.match import MAX_SEED_BITS, LogEntry, Match
from starlanes.core.rng import derive_seed
from starlanes.core.session import UNDO, Move, Played, Reply, Session, Stop, Turn
from starlanes.core.state import GM, Event, Viewer
from starlanes.registry import renderer_for

from .common import Game, console, load_game, load_params, prog_name
from .play_files import DEFAULT_DIR, check_save_path, expand, write_save

if TYPE_CHECKING:
    from starlanes.ai.base import Agent

HUMAN = "human"
SEALED_KIND = ChoiceSealed.kind
COMMANDS = {
    "help": "this help; `help VERB` shows how to write that action",
    "actions": "list the legal actions (then type one, or its number); `actions move h1` lists only those "
               "with every word given",
    "board": "show the game again",
    "undo": "take back your last action (when nothing random or hidden happened since)",
    "save [FILE]": "save the match (JSON) to FILE, or where it was saved last (~ works)",
    "quit": "stop (the match is saved first; so do Ctrl-C and Ctrl-D)",
}
WIPE = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, then clear the scroll-back. In this order: terminals that move a
cleared screen into the scroll-back (tmux, VTE) have it pushed there by the second code and
erased by the third; the other order leaves the previous player's screen one scroll up."""


class IO(Protocol):
    def show(self, text: Any) -> None: ...
    def ask(self, prompt: str, completions: Sequence[str]) -> str: ...
    def handover(self, message: str) -> None: ...


class TerminalIO:
    """Rich output; prompt_toolkit input with completion at a TTY."""

    def __init__(self, out: Console | None = None) -> None:
        self.out = out or console
        self.tty = sys.stdin.isatty() and sys.stdout.isatty()
        self._sessions: dict[str, Any] = {}

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

        # one input history per prompt (= per seat): the up arrow never shows another seat's choice
        session = self._sessions.setdefault(prompt, PromptSession())
        completer = WordCompleter(list(completions), sentence=True, match_middle=False)
        return str(session.prompt(prompt, completer=completer, complete_while_typing=False)).strip()

    def _wipe(self) -> None:
        """Clear the screen and the scroll-back, so the last player's hand is not one scroll away."""
        if self.tty:
            self.out.file.write(WIPE)
            self.out.file.flush()

    def handover(self, message: str) -> None:
        self._wipe()
        text = f"{message}\n\nThe screen and its scroll-back have been cleared; the other players look away."
        self.out.print(Panel(text + "\nPress Enter when ready.", title="handover"))
        if self.tty:
            input()
        self._wipe()


class PlaySession:
    """The terminal over the core's ``Session``: it shows the table (Rich), reads the person's
    lines (commands, action text or numbers) and saves the match to a file."""

    def __init__(self, match: Match, io: IO, save_path: Path | None = None, agent_seed: int = 0) -> None:
        self.match = match
        self.game: Game = match.game
        self.renderer = renderer_for(self.game)
        self.io = io
        self.save_path = save_path
        from starlanes.ai.registry import make_agent  # the bots load when a match starts

        agents: dict[int, Agent] = {}
        for seat, spec in enumerate(match.seats):
            if spec != HUMAN:
                agents[seat] = make_agent(spec, self.game, seat, derive_seed(agent_seed, "agent", seat))
        self.humans = [s for s, spec in enumerate(match.seats) if spec == HUMAN]
        # one person at the terminal sees every move as it happens; several share the screen
        live = self.humans if len(self.humans) == 1 else []
        self.session = Session(match, self, agents, live=live, save=self._stop)
        self.saved: Path | None = None
        self.default_name = f"{self.game.spec.id}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}.json"

    @property
    def agents(self) -> Mapping[int, Any]:
        return self.session.agents

    # ------------------------------------------------------------------
    def run(self) -> Path | None:
        """Play until the end (or ``quit``, Ctrl-C, Ctrl-D); save and return the file."""
        self.session.run()
        path = self.saved
        out = self.match.outcome()
        if out is not None:
            viewer: Viewer = self.humans[0] if len(self.humans) == 1 else GM
            self.io.show(self.renderer.render(self.match.view(viewer).game, viewer))
            winners = ", ".join(self._seat_name(w) for w in out.winners) or "nobody (a draw)"
            self.io.show(Panel(f"Game over: {out.reason}. Winner: {winners}.", style="bold green"))
        if path is not None:
            prog = prog_name()
            again = (f"replay: {prog} replay {path}" if out is not None
                     else f"continue: {prog} play {self.game.spec.id} --load {path}")
            self.io.show(escape(f"Match saved to {path}  ({again})"))
        return path

    def step(self) -> None:
        """One move: a bot's, or the person's turn."""
        self.session.step()

    def _stop(self) -> None:
        """How the session ended, then the save (the session calls this however it ends)."""
        said = {"quit": "[yellow]Stopped.[/]", "interrupted": "\n[yellow]Stopped (Ctrl-C).[/]",
                "end of input": "\n[yellow]Stopped (end of input).[/]"}
        if self.session.stopped in said:
            self.io.show(said[self.session.stopped])
        self.saved = self._final_save()

    def _final_save(self) -> Path | None:
        """Save at the end; if the file cannot be written, ask for another until it is saved."""
        target = self.save_path
        while True:
            try:
                return self.save(target)
            except PathError as exc:
                self.io.show(f"[red]{escape(str(exc))}[/]")
            try:
                answer = self.io.ask("Save the match to (a file name; Enter: do not save): ", [])
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if not answer.strip():
                self.io.show("[yellow]The match was not saved.[/]")
                return None
            target = Path(answer.strip())

    # ------------------------------------------------------------------ the core's IO
    def handover(self, seat: int) -> None:
        self.io.handover(f"Seat {seat}'s turn.")

    def begin(self, turn: Turn) -> None:
        seat = turn.seat
        if turn.redraw:
            if turn.events:
                self.io.show(escape("\n".join(f"• {self._words(e, seat)}" for e in turn.events[-30:])))
            self._show_board(seat)
            summary = self._summary(turn.since)
            if summary:
                self.io.show(summary)
        verbs = sorted({a.verb for a in turn.legal})
        self.io.show(f"Your move, seat {seat}. Actions now: {', '.join(verbs)}   (type `actions`, `help`)")

    def ask(self, turn: Turn) -> Reply:
        """The person's next action (or undo); the terminal's own commands are handled here."""
        seat, legal = turn.seat, turn.legal
        completions = [a.text() for a in legal] + [c.split()[0] for c in COMMANDS]
        while True:
            line = self.io.ask(f"seat {seat}> ", completions)
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("help", "?"):
                self._help(rest.strip())
            elif word in ("actions", "ls"):
                self._list_actions(legal, seat, words=rest.split())
            elif word == "board":
                self._show_board(seat)
            elif word == "quit":
                raise Stop
            elif word == "save":
                self._save_command(rest.strip())
            elif word == "undo":
                return UNDO
            elif line.isascii() and line.isdigit():
                if 1 <= int(line) <= len(legal):
                    return legal[int(line) - 1]
                self.io.show(f"[red]no action number {line}[/]: `actions` lists 1-{len(legal)}")
            else:
                return line

    def refused(self, seat: int, error: StarlanesError) -> None:
        self.io.show(f"[red]{escape(str(error))}[/]")

    def played(self, seat: int, played: Played) -> None:
        if played.own:
            if played.events:
                self.io.show(escape("\n".join(f"• {self._words(e, seat)}" for e in played.events)))
            return
        # one person at the table: what another seat did, as that person saw the table before it
        who = self._seat_name(played.actor)
        if played.action is None:
            self.io.show(f"[dim]{who} has made its sealed choice.[/]")
        else:
            described = None
            if played.before is not None:
                described = self.renderer.describe_action(played.before.game, played.action)
            text = played.action.text() + (f"  — {described}" if described else "")
            self.io.show(f"[bold]{who}[/]: {escape(text)}")
        # a hidden choice was announced above: its "has made its choice" event would say it twice
        shown = [self._words(e, seat) for e in played.events if played.action is not None or e.kind != SEALED_KIND]
        if shown:
            self.io.show(escape("\n".join(f"  • {t}" for t in shown)))

    def undone(self, seat: int, entry: LogEntry) -> None:
        self.io.show(escape(f"undone: {entry.action}"))
        self._show_board(seat)

    # ------------------------------------------------------------------ showing
    def _seat_name(self, actor: Actor) -> str:
        if actor is GM:
            return "the GM"
        spec = self.match.seats[actor]
        return f"seat {actor} ({'you' if spec == HUMAN and len(self.humans) == 1 else spec})"

    def _words(self, event: Event, seat: int) -> str:
        return self.game.describe_event(event, seat)

    def _show_board(self, seat: int) -> None:
        view = self.match.view(seat)
        self.io.show(Rule(f"{self.game.spec.name} — seat {seat}, step {view.step}"))
        self.io.show(self.renderer.render(view.game, seat))
        if view.decision is not None and view.decision.sealed:
            self.io.show(f"[cyan]Sealed decision[/]: {_sealed_status(view.to_act, view.submitted)}")

    def _summary(self, moves: Sequence[Move], width: int = 300) -> str:
        """What the other actors did since the seat last decided: one short line per actor, right
        above the prompt (the events and the board above it may be long)."""
        texts_of: dict[Actor, list[str]] = {}
        for move in moves:
            texts_of.setdefault(move.actor, []).append("(a sealed choice)" if move.text is None else move.text)
        lines = []
        for other, texts in texts_of.items():
            runs: list[list[Any]] = []
            for text in texts:
                if runs and runs[-1][0] == text:
                    runs[-1][1] += 1
                else:
                    runs.append([text, 1])
            parts = [text if n == 1 else f"{text} ×{n}" for text, n in runs]
            line = " · ".join(parts)
            if len(line) > width:
                line = line[: width - 1].rsplit(" · ", 1)[0] + f" · … ({len(texts)} actions; the events are above)"
            count = f"{len(texts)} action{'s' if len(texts) != 1 else ''}"
            lines.append(escape(f"  {self._seat_name(other)}, {count}: {line}"))
        return "[cyan]Since your last move:[/]\n" + "\n".join(lines) if lines else ""

    def _save_command(self, where: str) -> None:
        try:
            path = self.save(Path(where) if where else None)
        except PathError as exc:
            self.io.show(f"[red]{escape(str(exc))}[/]; nothing saved, the game goes on")
            return
        self.io.show(escape(f"saved to {path}"))

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

    def _list_actions(self, legal: Sequence[Any], seat: int, limit: int = 80, words: Sequence[str] = ()) -> None:
        view = self.match.view(seat).game
        texts = [a.text() for a in legal]
        wanted = [w.lower() for w in words]
        keep = [i for i, t in enumerate(texts) if all(w in t.lower() for w in wanted)]
        if not keep:
            self.io.show(f"no legal action has {escape(' '.join(words))}; `actions` lists all {len(legal)}")
            return
        described = [self.renderer.describe_action(view, legal[i]) for i in keep]
        rows = []
        grouped = False
        for local, pattern, values in group_count_variants_indexed([texts[i] for i in keep], described):
            indices = [keep[j] for j in local]
            first = indices[0]
            if len(values) > 1:
                grouped = True
                label = f"{first + 1}-{indices[-1] + 1}" if _contiguous(indices) else f"{first + 1}+"
                text = f"{pattern}   ({_number_values(indices, values)})"
            else:
                label, text = str(first + 1), pattern
            if described[local[0]]:
                text += f"   {described[local[0]]}"
            rows.append(escape(f"{label:>7}. {text}"))
        shown = rows[:limit]
        if len(rows) > limit:
            shown.append(f"... and {len(rows) - limit} more lines (type a verb and press TAB)")
        head = f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}: type one, or its number."
        if wanted:
            head = f"{len(keep)} of {head} (`actions` lists all; `actions WORD` only those with WORD)"
        elif len(rows) > limit:
            head += " `actions WORD ...` lists only those with every word (e.g. `actions move`)."
        if grouped:
            head += (" A line numbered like 19-24 holds one action for each value of N"
                     " (its numbers are given beside it).")
        self.io.show("\n".join([head, *shown]))

    def prepare_save(self) -> str:
        """Check where the match will be saved, before any move (``PathError`` if it cannot be);
        says where, and that the default folder ``saves/`` was made if it was."""
        default = self.save_path is None
        target = self.save_path or DEFAULT_DIR / self.default_name
        made = default and not DEFAULT_DIR.exists()
        self.save_path = check_save_path(target, self.default_name, may_create_default=default)
        return f"saving to {self.save_path}" + (f" (made the folder {DEFAULT_DIR}/ for it)" if made else "")

    def save(self, path: Path | None = None) -> Path:
        """Save to ``path`` (or where the match was saved last, or ``saves/GAME-TIME.json``).

        The path is checked first (``PathError`` naming the problem; nothing is written); a
        save that works becomes the place of the next ``save`` and of the save at the end."""
        default = path is None and self.save_path is None
        target = path or self.save_path or DEFAULT_DIR / self.default_name
        checked = check_save_path(target, self.default_name, may_create_default=default)
        write_save(checked, self.match.to_json() + "\n")
        self.save_path = checked
        return checked


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
    return [(indices[0], pattern, values)
            for indices, pattern, values in group_count_variants_indexed(texts, descriptions)]


def group_count_variants_indexed(
    texts: Sequence[str], descriptions: Sequence[str | None] | None = None
) -> list[tuple[list[int], str, list[int]]]:
    """``group_count_variants`` with the index of every action of a group (in the same order as
    its numbers), so the list can say which number picks which value."""
    groups: dict[tuple[str, str | None], tuple[list[int], list[int]]] = {}
    for i, text in enumerate(texts):
        note = descriptions[i] if descriptions is not None else None
        tokens = text.split()
        key: tuple[str, str | None] = (text + "\0", note)
        value = None
        for j in range(len(tokens) - 1, 0, -1):
            name, eq, raw = tokens[j].rpartition("=")
            if raw.isascii() and raw.isdigit():
                value = int(raw)
                key = (" ".join([*tokens[:j], f"{name}{eq}N", *tokens[j + 1:]]), note)
                break
        indices, values = groups.setdefault(key, ([], []))
        indices.append(i)
        if value is not None:
            values.append(value)
    out: list[tuple[list[int], str, list[int]]] = []
    for (pattern, _), (indices, values) in groups.items():
        if len(values) > 1:
            out.append((indices, pattern, values))
        else:
            out.append((indices, texts[indices[0]], values))
    return out


def _contiguous(indices: Sequence[int]) -> bool:
    return list(indices) == list(range(indices[0], indices[0] + len(indices)))


def _number_values(indices: Sequence[int], values: Sequence[int]) -> str:
    """Which action number gives which N: ``N = 2..7: 19 for 2 ... 24 for 7`` or each pair."""
    if _contiguous(indices) and list(values) == list(range(values[0], values[0] + len(values))):
        return (f"N = {values[0]}..{values[-1]}: {indices[0] + 1} for N={values[0]} ... "
                f"{indices[-1] + 1} for N={values[-1]}")
    return "N = " + ", ".join(f"{v} (number {i + 1})" for i, v in zip(indices, values, strict=True))


def _seat_specs(game: Game, seats: list[str] | None) -> list[str]:
    if seats:
        return seats
    from starlanes.ai.registry import agent_names

    bots = [name for name in agent_names(game) if name.startswith(game.spec.id + ":")]
    return [HUMAN, bots[0] if bots else "random"] + ["random"] * (game.spec.min_players - 2)


def run_play(game_id: str, seat: list[str] | None, seed: int | None, param: list[str] | None,
             load: Path | None, save: Path | None) -> None:
    """``starlanes play`` (``cli/play.py`` holds the command's options)."""
    game = load_game(game_id)
    if load is not None:
        match = load_for_play(game, expand(load), seat, seed, param)
    else:
        specs = _seat_specs(game, seat)
        if len(specs) not in game.spec.players:
            raise UsageError(f"{game.spec.id} is for {game.spec.min_players}-{game.spec.max_players} players; "
                             f"{len(specs)} --seat option{'s were' if len(specs) != 1 else ' was'} given")
        if seed is not None and (seed < 0 or seed.bit_length() > MAX_SEED_BITS):
            # a seed the save file could not hold would make a game that cannot be continued
            raise UsageError(f"--seed must be a whole number from 0 to 2**{MAX_SEED_BITS}")
        params = load_params(game, param)
        match = Match.new(game, specs, seed, params)  # no seed: 128 bits from the OS (core.rng.new_seed)
    session = PlaySession(match, TerminalIO(), expand(save) if save else expand(load) if load else None,
                          agent_seed=match.seed)
    where = session.prepare_save()  # a bad --save is refused now, not after the game
    # the seed is never shown: a seat that knew it could compute every hidden card and future die
    console.print(escape(f"{match.game.spec.name}: " + ", ".join(f"seat {i} {s}" for i, s in enumerate(match.seats))
                         + f"; {where}"))
    session.run()


def load_for_play(game: Game, path: Path, seats: list[str] | None, seed: int | None,
                  params: list[str] | None) -> Match:
    """The saved match at ``path`` to continue as ``game``, with ``seats`` if given; a command
    line that does not fit the save (another game, another number of seats, new params or
    seed) is refused in one line before anything is played or written."""
    prog = prog_name()
    if params:
        raise UsageError("--param cannot change a saved match (its params are in the file); "
                         "start a new match without --load to use them")
    if seed is not None:
        raise UsageError("--seed cannot change a saved match (its seed is in the file)")
    match = Match.load(path)
    saved = match.game.spec.id
    if saved != game.spec.id:
        raise UsageError(f"{path} is a match of {saved}, not {game.spec.id}; "
                         f"continue it with: {prog} play {saved} --load {path}")
    if seats:
        if len(seats) != match.players:
            raise UsageError(f"{path} has {match.players} seats ({', '.join(match.seats)}) but "
                             f"{len(seats)} --seat options were given: give {match.players} or none")
        match.seats = list(seats)
    return match
