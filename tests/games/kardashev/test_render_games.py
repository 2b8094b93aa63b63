"""Whole random games drawn from every seat: the table fits 100 columns at every step, shows
only the seat's view (a change of what the seat cannot see changes nothing drawn), and every
legal action is described in words."""

from __future__ import annotations

import pytest
from rich.text import Text

from starlanes.core import Rng
from starlanes.core.state import GM
from starlanes.games.kardashev.render import WIDTH, KardashevRenderer
from starlanes.lab.runner import load_ruleset
from starlanes.registry import renderer_for


def widths(markup: str) -> list[int]:
    return [Text.from_markup(line).cell_len if len(line) > WIDTH else len(line) for line in markup.split("\n")]


@pytest.mark.parametrize(("players", "params", "seed"), [(2, {}, 1), (4, {"ally_variant": True}, 2), (6, {}, 3)])
def test_random_games_render_for_every_seat_within_100_columns(players: int, params: dict[str, bool],
                                                               seed: int) -> None:
    game = load_ruleset("kardashev")
    renderer = renderer_for(game)
    assert isinstance(renderer, KardashevRenderer)  # the registry's entry names it
    state = game.setup(game.params_from(params), players, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while not game.is_over(state) and step < 1200:
        seats = sorted(game.to_act(state))
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if step % 53 == 0:
            view = game.view(state, seat).game
            for viewer in (seat, (seat + 1) % players, GM):
                drawn = renderer.render(game.view(state, viewer).game, viewer)
                assert max(widths(drawn)) <= WIDTH
            assert "[/" not in Text.from_markup(drawn).plain  # no tag shows as text
            hidden = game.perturb_hidden(state, seat, Rng.from_seed(step))
            assert renderer.render(game.view(hidden, seat).game, seat) == renderer.render(view, seat)
            for action in legal:
                words = renderer.describe_action(view, action)
                assert words is None or (words and "\n" not in words)
        game.apply_unchecked(state, seat, legal[rng.randint(0, len(legal) - 1)])
        step += 1
    while not game.is_over(state) and step < game.spec.max_actions:  # to the end, unrendered
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_actions(state, seat)
        game.apply_unchecked(state, seat, legal[rng.randint(0, len(legal) - 1)])
        step += 1
    if game.is_over(state):
        final = renderer.render(game.view(state, 0).game, 0)
        assert "game over:" in Text.from_markup(final).plain
        assert max(widths(final)) <= WIDTH
