"""Retrograde's own commands (``starlanes deck ...``): deck files and the card list.

The registry entry names these functions; the generic CLI knows no game.

Examples::

    starlanes deck check retrograde my.deck          # every problem, one per line; exit 0 when legal
    starlanes deck check retrograde sample-2         # a shipped deck by name
    starlanes deck show retrograde sample-1          # the deck, top first, with each card's numbers
    starlanes deck cards retrograde --kind spacecraft  # the card list

``starlanes deck check my.deck`` (without the game) is the older form, still accepted with a
deprecation warning.

A deck file is plain UTF-8 text: the homeworld, then the 40 cards from the top of the deck down,
one per line (``3 x Sky Spore`` repeats a card), ``#`` starts a comment. A game shuffles each
deck into a secret order unless ``--param deck_order=file`` (ruling 5).
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from starlanes.cli.common import console
from starlanes.core.errors import ContentError, ParseError
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.deck import DECK_SIZE, MAX_OFF_FACTION, check_deck, load_deck
from starlanes.games.retrograde.render import describe_card
from starlanes.games.retrograde.spec import MAX_DECK_SIZE

__all__ = ["cards", "check", "show"]


def check(
    file: Annotated[str, typer.Argument(help="a deck file, or a shipped deck: sample-1, sample-2")],
    size: Annotated[int, typer.Option(help="cards besides the homeworld", min=1, max=MAX_DECK_SIZE)] = DECK_SIZE,
    max_off_faction: Annotated[int, typer.Option(help="cards from other factions", min=0,
                                                 max=MAX_DECK_SIZE)] = MAX_OFF_FACTION,
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


def show(file: Annotated[str, typer.Argument(help="a deck file or a shipped deck name")]) -> None:
    """Print a deck in file order (the order ``deck_order=file`` plays), with every card's numbers."""
    deck = load_deck(file)
    if deck.homeworld:
        console.print(f"[bold]homeworld:[/] {escape(describe_card(deck.homeworld))}")
    for i, key in enumerate(deck.cards, start=1):
        console.print(f"{i:2}. {escape(describe_card(key))}")
    for p in deck.problems:
        console.print(f"[red]  - {escape(p)}[/]")


def cards(kind: Annotated[str, typer.Option(help="asset, spacecraft, upgrade or all")] = "all") -> None:
    """List every Retrograde card with its numbers and ability."""
    kinds = ("asset", "spacecraft", "upgrade")
    if kind != "all" and kind not in kinds:
        raise ParseError(f"--kind must be one of all, {', '.join(kinds)}; not '{kind}'")
    for card in BOOK.cards.values():
        if kind in ("all", card.kind):
            console.print(escape(describe_card(card.key)))

