"""space-risk: Risk on planets and space lanes (the player's guide: docs/games/space-risk.md).

The layout every game package shares, read top-down: ``spec`` (params), ``content/`` with its
loader ``board`` (the board schema), ``state``, ``actions``, ``legality`` (what is legal now: the
one predicate), ``listing`` (the legal actions, counted and drawn without a list), ``rules/``
(what actions do, by phase: ``setup``, ``reinforce``, ``attack``, ``ships``, ``fortify``,
``end_turn``, with ``cards`` and ``common``), ``view`` (what a seat sees), ``render`` and
``describe`` (for a person), ``dice`` and ``odds`` (the dice rules and the exact battle odds),
``ai`` (the heuristic bot), ``game`` (the ``Ruleset`` wiring them together).  House rules:
``docs/rulings/space-risk.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlanes.lazy import lazy_names

if TYPE_CHECKING:
    from starlanes.games.space_risk.game import SpaceRisk, make_space_risk
    from starlanes.games.space_risk.spec import SPEC, SpaceRiskParams

__all__ = ["SPEC", "SpaceRisk", "SpaceRiskParams", "make_space_risk"]

# the package's names load with their module when first used: listing the games (``starlanes
# games``) reads ``spec`` alone, without the rules (issue 16)
_HOME = {"SPEC": "spec", "SpaceRiskParams": "spec", "SpaceRisk": "game", "make_space_risk": "game"}


__getattr__ = lazy_names(__name__, _HOME)
