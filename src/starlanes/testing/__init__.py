"""The conformance suite: checks every ruleset must pass, usable by third-party rulesets.

In a test module::

    from starlanes.testing import conformance_checks

    @pytest.mark.parametrize("check", conformance_checks(), ids=lambda c: c.__name__)
    def test_conformance(check):
        check(make_my_ruleset())

or ``run_conformance(ruleset)`` to run them all. Each check raises ``ConformanceFailure``
(an ``AssertionError``) naming the seed, the position and what went wrong.
"""

from .conformance import (
    ConformanceFailure,
    check_action_text_round_trips,
    check_determinize_matches_view,
    check_illegal_actions_change_nothing,
    check_json_and_clone_round_trip,
    check_legal_actions_apply,
    check_playouts_end,
    check_same_seed_same_game,
    check_seed_never_shown,
    check_views_do_not_leak,
    conformance_checks,
    random_playout,
    run_conformance,
)
from .protocol import drawn_loop

__all__ = [
    "ConformanceFailure",
    "check_action_text_round_trips",
    "check_determinize_matches_view",
    "check_illegal_actions_change_nothing",
    "check_json_and_clone_round_trip",
    "check_legal_actions_apply",
    "check_playouts_end",
    "check_same_seed_same_game",
    "check_seed_never_shown",
    "check_views_do_not_leak",
    "conformance_checks",
    "drawn_loop",
    "random_playout",
    "run_conformance",
]
