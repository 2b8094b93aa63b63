"""``starlanes replay``: a saved match position by position, as one seat saw it or as the GM.

A seat's view never shows the seed (a seat that knew it could compute every hidden card and
future die); the GM's does. A private event shown to the GM says whose it is.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from starlanes.core.errors import UsageError

from .common import console
from .play_files import expand

if TYPE_CHECKING:
    from starlanes.core.ruleset import Ruleset
    from starlanes.core.state import Event, Viewer


def replay(
    file: Annotated[Path, typer.Argument(help="a saved match (JSON)")],
    seat: Annotated[int | None, typer.Option("--seat", help="see the match as this seat saw it")] = None,
    gm: Annotated[bool, typer.Option("--gm", help="see everything (the game master's view)")] = False,
    step: Annotated[
        bool | None, typer.Option("--step/--all", help="wait for Enter between positions (default: at a TTY)")
    ] = None,
) -> None:
    """Step through a saved match from one seat's view or the GM's."""
    # imported here: the command line starts without the match and the rules (issue 16)
    from rich.markup import escape
    from rich.rule import Rule

    from starlanes.core.gm import actor_name
    from starlanes.core.match import Match
    from starlanes.core.state import GM
    from starlanes.registry import renderer_for

    if seat is not None and gm:
        raise UsageError("choose --seat or --gm, not both")
    match = Match.load(expand(file))
    viewer: Viewer = GM if gm or seat is None else seat
    if seat is not None and seat not in range(match.players):
        raise UsageError(f"no seat {seat}; this match has seats 0-{match.players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    game = match.game
    renderer = renderer_for(game)
    positions = list(match.history(viewer))
    # the seed only in the game master's view: a seat that knew it could compute every hidden card
    seed = f", seed {match.seed}" if viewer is GM else ""
    console.print(f"Replay of {game.spec.name} ({len(match.log)} actions{seed}) as "
                  f"{'the GM' if viewer is GM else f'seat {viewer}'}. "
                  + ("Enter: next, b: back, NUMBER: jump, q: quit." if interactive else ""))
    index = 0
    while 0 <= index < len(positions):
        entry, view = positions[index]
        console.print(Rule(f"position {index}/{len(positions) - 1}"))
        if entry is not None:
            events = [_event_text(game, e, viewer) for e in match.events[index - 1] if e.visible_to(viewer)]
            text = match.entry_text(index - 1, viewer)
            console.print(escape(f"{actor_name(entry.seat)}: {'(a sealed choice)' if text is None else text}"))
            for text in events:
                console.print(escape(f"  • {text}"))
        console.print(renderer.render(view.game, viewer))
        if not interactive:
            index += 1
            continue
        try:
            answer = input("> ").strip().lower()
        except EOFError:
            break
        if answer == "q":
            break
        if answer == "b":
            index = max(0, index - 1)
        elif answer.isascii() and answer.isdigit():
            index = min(int(answer), len(positions) - 1)
        else:
            index += 1
    out = match.outcome()
    if out is not None:
        console.print(f"Result: {out.reason}; winners: {', '.join(map(str, out.winners)) or 'none (draw)'}")


def _event_text(game: Ruleset[Any, Any, Any], event: Event, viewer: Viewer) -> str:
    """An event as ``viewer`` reads it (the ruleset's words); a private one shown to the GM says
    whose it is (``[seat 1 only] seat 1 draws ...``)."""
    from starlanes.core.state import GM

    words = game.describe_event(event, viewer)
    if viewer is GM and event.seats is not None:
        return f"[seat {', '.join(str(s) for s in event.seats)} only] {words}"
    return words
