"""What Retrograde is: its static record and its tunable rules (defaults = the rule document)."""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core.errors import ParseError
from starlanes.core.params import Params, param
from starlanes.core.spec import Chance, GameSpec, Information

__all__ = ["SPEC", "RetroParams"]


@dataclass(frozen=True)
class RetroParams(Params):
    """Every number of the rules of Retrograde, and every house rule the engine decided."""

    deck0: str = param("sample-1", "seat 0's deck: a shipped deck (sample-1, sample-2) or a deck file path")
    deck1: str = param("sample-2", "seat 1's deck: a shipped deck (sample-1, sample-2) or a deck file path")
    deck_size: int = param(40, "cards in a deck besides the homeworld", min=1)
    max_off_faction: int = param(10, "cards (copies counted) from factions other than the homeworld's", min=0)
    hand_size: int = param(5, "cards drawn before the game", min=0)
    first_player: int = param(-1, "seat that plays first; -1 flips a coin", min=-1, max=1)
    burn_min_cost: int = param(2, "a burn or transfer costs at least this much delta-vee", min=1)
    combat_min_cost: int = param(1, "an attack or bombardment costs at least this much delta-vee", min=1)
    die_sides: int = param(6, "sides of the dice rolled for hits", min=2)
    tracker_spaces: int = param(4, "spaces of the orbit tracker (top, right, bottom, left)", min=1)
    stellar_gate: bool = param(True, "Stellar Gate starts in play, uncontrolled (alternative win condition)")
    capture_clears_damage: bool = param(True, "a captured asset loses its damage counters (ruling 17)")
    free_burns_per_turn: int = param(1, "zero-cost burns a spacecraft may make per turn (ruling 12)", min=0)
    turn_limit: int = param(120, "turns (both players' counted) after which the game is a draw (ruling 11)", min=1)

    def validate(self) -> None:
        if self.first_player not in (-1, 0, 1):
            raise ParseError("param first_player: must be -1 (coin flip), 0 or 1")


SPEC = GameSpec(
    id="retrograde",
    name="Retrograde",
    version="1.0",
    players=range(2, 3),
    chance=Chance.DICE,
    information=Information.IMPERFECT,
    params=RetroParams,
    description="Two-player card game of orbitals and delta-vee: fixed-order decks, sealed combat choices.",
    max_actions=60_000,
    simultaneous=True,
    rules_file="docs/rulings/retrograde.md",
)
