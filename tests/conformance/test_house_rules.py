"""Issue 9 (done when): the rule document's text is the default everywhere; a house rule is a
param that is off unless a player turns it on. A param whose description calls it a house rule
defaults to off: ``False``, or the value its description names as the document's
("0: trading is optional", "-1: as the card says")."""

from __future__ import annotations

import pytest

from starlanes.core.params import param_infos
from starlanes.registry import available_games, get_game

GAMES = [spec.id for spec in available_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_house_rule_params_are_off_by_default(game_id: str) -> None:
    on = []
    for info in param_infos(get_game(game_id).spec.params):
        if "house rule" not in info.doc.lower():
            continue
        if info.default is False or (not isinstance(info.default, bool) and f"{info.default}: " in info.doc):
            continue
        on.append(f"{info.name}={info.default!r} ({info.doc})")
    assert not on, f"{game_id}: house rules on by default: {on}"


def test_the_games_of_issue_9_name_their_house_rules() -> None:
    """The check above is not vacuous: space-risk and retrograde each have house-rule params."""
    for game_id in ("space-risk", "retrograde"):
        docs = [i.doc for i in param_infos(get_game(game_id).spec.params)]
        assert sum("house rule" in d.lower() for d in docs) >= 4, game_id
