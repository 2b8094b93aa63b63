"""``starlanes deck``: Retrograde deck files.

Examples::

    starlanes deck check my.deck          # every problem, one per line; exit 0 when legal
    starlanes deck check sample-2          # a shipped deck by name
    starlanes deck show sample-1           # the deck, top first, with each card's numbers
    starlanes deck cards --kind spacecraft # the card list

A deck file is plain text: the homeworld, then the 40 cards from the top of the deck down,
one per line (``3 x Sky Spore`` repeats a card), ``#`` starts a comment.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from starlanes.core.errors import ContentError, ParseError
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.deck import DECK_SIZE, MAX_OFF_FACTION, check_deck, load_deck
from starlanes.games.retrograde.view import describe_card

from .common import console

__all__ = ["deck_app", "register"]

deck_app = typer.Typer(help="Retrograde decks: check a deck file, show a deck, list the cards.",
                       no_args_is_help=True)


@deck_app.command("check")
def check(
    file: Annotated[str, typer.Argument(help="a deck file, or a shipped deck: sample-1, sample-2")],
    size: Annotated[int, typer.Option(help="cards besides the homeworld")] = DECK_SIZE,
    max_off_faction: Annotated[int, typer.Option(help="cards from other factions")] = MAX_OFF_FACTION,
) -> None:
    """Validate a deck against the construction rules and name every problem."""
    deck = load_deck(file)
    problems = check_deck(deck, size=size, max_off_faction=max_off_faction)
    if problems:
        console.print(f"[bold red]{escape(file)}: {len(problems)} problem(s)[/]")
        for p in problems:
            console.print(f"  - {escape(p)}")
        raise ContentError(file, "", f"illegal deck ({len(problems)} problem(s))")
    hw = BOOK[deck.homeworld].name if deck.homeworld else "?"
    console.print(f"[green]{escape(file)}: a legal deck[/] — {escape(hw)} and {len(deck.cards)} cards")


@deck_app.command("show")
def show(file: Annotated[str, typer.Argument(help="a deck file or a shipped deck name")]) -> None:
    """Print a deck, top of the deck first, with every card's numbers and ability."""
    deck = load_deck(file)
    if deck.homeworld:
        console.print(f"[bold]homeworld:[/] {escape(describe_card(deck.homeworld))}")
    for i, key in enumerate(deck.cards, start=1):
        console.print(f"{i:2}. {escape(describe_card(key))}")
    for p in deck.problems:
        console.print(f"[red]  - {escape(p)}[/]")


@deck_app.command("cards")
def cards(kind: Annotated[str, typer.Option(help="asset, spacecraft, upgrade or all")] = "all") -> None:
    """List every Retrograde card with its numbers and ability."""
    kinds = ("asset", "spacecraft", "upgrade")
    if kind != "all" and kind not in kinds:
        raise ParseError(f"--kind must be one of all, {', '.join(kinds)}; not '{kind}'")
    for card in BOOK.cards.values():
        if kind in ("all", card.kind):
            console.print(escape(describe_card(card.key)))


def register(app: typer.Typer) -> None:
    app.add_typer(deck_app, name="deck")
