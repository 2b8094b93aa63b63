"""What Retrograde is: its static record and its tunable rules (defaults = the rule document)."""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core.errors import ParseError
from starlanes.core.params import Params, param
from starlanes.core.spec import Chance, GameSpec, Information

__all__ = ["DECK_ORDERS", "MAX_DECK_SIZE", "SPEC", "RetroParams"]

MAX_DECK_SIZE = 200
"""The largest deck the ``deck_size`` param allows (the document's deck has 40 cards); a deck
file asking for more cards than this is refused at once."""

DECK_ORDERS = ("shuffled", "file")


@dataclass(frozen=True)
class RetroParams(Params):
    """Every number of the rules of Retrograde, and every house rule the engine decided.

    Every numeric param has both bounds: any value inside them plays at normal speed."""

    deck0: str = param("sample-1", "seat 0's deck: a shipped deck (sample-1, sample-2) or a deck file path")
    deck1: str = param("sample-2", "seat 1's deck: a shipped deck (sample-1, sample-2) or a deck file path")
    deck_order: str = param(
        "shuffled",
        "shuffled: each deck is put in a secret random order at setup (its owner sees it); file: the"
        " order written in the deck file, for a private deck only (ruling 5)",
        choices=DECK_ORDERS,
    )
    deck_size: int = param(40, "cards in a deck besides the homeworld", min=1, max=MAX_DECK_SIZE)
    max_off_faction: int = param(10, "cards (copies counted) from factions other than the homeworld's",
                                 min=0, max=MAX_DECK_SIZE)
    hand_size: int = param(5, "cards drawn before the game", min=0, max=MAX_DECK_SIZE)
    first_player: int = param(-1, "seat that plays first; -1 flips a coin", min=-1, max=1)
    burn_min_cost: int = param(2, "a burn or transfer costs at least this much delta-vee", min=1, max=100)
    combat_min_cost: int = param(1, "an attack or bombardment costs at least this much delta-vee", min=1, max=100)
    die_sides: int = param(6, "sides of the dice rolled for hits", min=2, max=100)
    tracker_spaces: int = param(4, "spaces of the orbit tracker (top, right, bottom, left)", min=1, max=4)
    stellar_gate: bool = param(True, "Stellar Gate starts in play, uncontrolled (alternative win condition)")
    capture_clears_damage: bool = param(
        False, "house rule: a captured asset loses its damage counters (ruling 17; the document keeps them)")
    maneuvers_per_turn: int = param(
        100, "maneuvers one spacecraft may make in one turn: a cap no person reaches that keeps turns with"
        " free burns finite (ruling 12)", min=1, max=1000)
    free_burns_per_turn: int = param(
        -1, "house rule: zero-cost burns a spacecraft may make per turn; -1: as the card says, no limit"
        " (ruling 12)", min=-1, max=1000)
    gate_counts_own_turns: bool = param(
        False, "house rule: Stellar Gate's four consecutive turns count only its holder's turns (ruling 24)")
    mercy_friendly_only: bool = param(
        False, "house rule: Red+ Mercy takes only damage meant for its controller's spacecraft (ruling 34)")
    waveguide_friendly_only: bool = param(
        False, "house rule: The Waveguide adds accuracy only to its controller's spacecraft (ruling 35)")
    screen_own_asset_only: bool = param(
        False, "house rule: Floating Screen screens only an asset its controller controls (ruling 39)")
    radar_local: bool = param(
        False, "house rule: Repurposed Orbital Radar helps only spacecraft around its asset (ruling 46)")
    sacrifice_only_on_hits: bool = param(
        False, "house rule: Loyal to Humanity is offered only when a bombardment scores hits (ruling 27)")
    turn_limit: int = param(120, "turns (both players' counted) after which the game is a draw (ruling 11)",
                            min=1, max=2000)

    def validate(self) -> None:
        if self.first_player not in (-1, 0, 1):
            raise ParseError("param first_player: must be -1 (coin flip), 0 or 1")


SPEC = GameSpec(
    id="retrograde",
    name="Retrograde",
    version="2.0",
    players=range(2, 3),
    chance=Chance.DICE,
    information=Information.IMPERFECT,
    params=RetroParams,
    description="Two-player card game of orbitals and delta-vee: secret deck order, sealed combat choices.",
    max_actions=60_000,
    simultaneous=True,
    rules_file="docs/rulings/retrograde.md",
)
