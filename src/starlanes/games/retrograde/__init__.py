"""Retrograde: the two-player card game of orbitals and delta-vee (rules/orbital-card-game.md).

The layout every game package shares, read top-down: ``spec`` (the record and the params),
``content/`` with its loaders ``cards`` (the card schema and the shipped card book) and ``deck``
(deck files and construction rules), ``state`` (what exists), ``actions`` (what a player may
say; ``names`` reads card names in them), ``board`` (queries on the table), ``legality`` (what
is legal now: the one predicate) and ``listing`` (the legal actions it accepts), ``rules/``
(what actions do, by phase: ``setup``, ``turn_start``, ``maneuvers``, ``combat``, ``bombard``,
``build``, ``end_turn``, on the ``Engine`` of ``common``), ``events`` (what happens, as data),
``abilities`` (every card ability as a modifier of a rules step: the golden rule), ``view`` (what
a seat sees), ``describe`` (the events in words, per reader), ``render`` (the terminal table, its
legend, what an action means), ``odds`` (exact attack-roll chances), ``ai``
(the heuristic bot), ``game`` (the ``Ruleset`` wiring them together), ``cli`` (the game's own
``deck`` commands). House rules: ``docs/rulings/retrograde.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlanes.lazy import lazy_names

if TYPE_CHECKING:
    from starlanes.games.retrograde.game import RetrogradeRuleset, make_ruleset
    from starlanes.games.retrograde.spec import SPEC, RetroParams

__all__ = ["SPEC", "RetroParams", "RetrogradeRuleset", "make_ruleset"]

# the package's names load with their module when first used: listing the games (``starlanes
# games``) reads ``spec`` alone, without the rules and the card book (issue 16)
_HOME = {"SPEC": "spec", "RetroParams": "spec", "RetrogradeRuleset": "game", "make_ruleset": "game"}


__getattr__ = lazy_names(__name__, _HOME)
