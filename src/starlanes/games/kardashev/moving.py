"""A seat's movement rules kept per role and technologies (issue 16): the answer of
``rules.fleet.move_rules`` (a test checks they agree) without folding the effects in again at
every decision, for the legal-action counting (``fastlegal``) and a move's plan
(``legality.move_plan``)."""

from __future__ import annotations

from starlanes.games.kardashev.board import MoveRules
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.state import KardashevState

__all__ = ["move_rules"]

_MOVE_RULES: dict[tuple[object, ...], MoveRules] = {}


def move_rules(state: KardashevState, seat: int) -> MoveRules:
    """``fleet.move_rules`` (the params' movement rules after the seat's effects), kept per params
    and role and technologies."""
    p, params = state.seats[seat], state.params
    key = (params.max_move_tiles, params.move_energy, params.move_tiles, params.boosters_raise_cap, p.role,
           tuple(p.techs), p.cloned)
    found = _MOVE_RULES.get(key)
    if found is None:
        if len(_MOVE_RULES) > 4096:
            _MOVE_RULES.clear()
        found = _MOVE_RULES[key] = fleet.move_rules(state, seat)
    return found

