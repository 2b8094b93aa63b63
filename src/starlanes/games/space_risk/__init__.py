"""space-risk: Risk on planets and space lanes (rules/space-risk.txt).

Read top-down: ``spec`` (params), ``state``, ``actions``, ``rules``, ``view``, ``board``
(content schema and loader), ``dice`` and ``odds`` (the shared dice code and the exact
battle odds), ``ai`` (the heuristic bot).  House rules: ``docs/rulings/space-risk.md``.
"""

from starlanes.games.space_risk.rules import SpaceRisk, make_space_risk
from starlanes.games.space_risk.spec import SPEC, SpaceRiskParams

__all__ = ["SPEC", "SpaceRisk", "SpaceRiskParams", "make_space_risk"]
