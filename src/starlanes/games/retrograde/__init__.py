"""Retrograde: the two-player card game of orbitals and delta-vee (rules/orbital-card-game.md).

Read top-down: ``spec`` (the record and the params), ``cards`` (the card schema and the shipped
list in ``content/cards.toml``), ``deck`` (deck files and construction rules), ``state`` (what
exists), ``actions`` (what a player may say), ``board`` (queries), ``abilities`` (every card
ability as a modifier of a rules step: the golden rule), ``rules`` (the turn, step by step),
``game`` (the ruleset: setup, views, hidden information), ``view`` (the terminal table),
``odds`` (exact attack-roll chances), ``ai`` (the heuristic bot).
"""

from .game import RetrogradeRuleset, make_ruleset
from .spec import SPEC, RetroParams

__all__ = ["SPEC", "RetroParams", "RetrogradeRuleset", "make_ruleset"]
