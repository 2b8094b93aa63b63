"""What space-risk is: its params (every number of the rule document) and its GameSpec."""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core import Chance, GameSpec, Information, Params, param
from starlanes.core.errors import ParseError
from starlanes.games.space_risk.dice import DiceRules

__all__ = ["SPEC", "VERSION", "SpaceRiskParams"]

VERSION = "1"


@dataclass(frozen=True)
class SpaceRiskParams(Params):
    """Every tunable rule; defaults are the rule document's values (or the ruling's)."""

    board: str = param("", "board file (JSON, schema space-risk-board/1); empty: the built-in Dramethan Reach")
    starting_infantry: int = param(25, "infantry each player starts with", min=1)
    objective_cards: int = param(2, "objective cards each player holds", min=0)
    goal_cards: int = param(1, "goal cards each player holds", min=0)
    modified_start: bool = param(False, "claim territories one at a time instead of dealing the territory cards")
    die_sides: int = param(6, "sides of every die", min=2, max=20)
    attack_dice: int = param(3, "most dice an attacker rolls", min=1, max=5)
    defend_dice: int = param(2, "most dice a defender rolls", min=1, max=5)
    dice_limit_by_loss: bool = param(
        True, "attacker may roll k dice when it can lose min(k, defend_dice) armies (rule document); "
        "no: classic one die per able army")
    clamp_modified_dice: bool = param(False, "clamp a modified die to 1..die_sides (ruling: no)")
    max_infantry: int = param(15, "most infantry on one territory", min=1)
    reinforcement_divisor: int = param(2, "territories held are divided by this for reinforcements", min=1)
    min_reinforcements: int = param(2, "fewest reinforcements per turn", min=0)
    trade_territory_bonus: int = param(2, "extra reinforcements for a traded card of a territory you hold", min=0)
    trade_bonus_once: bool = param(False, "the territory bonus is paid once per trade, not per card")
    forced_trade_hand: int = param(5, "a player holding this many cards must trade first (0: never forced)", min=0)
    cards_per_conquering_turn: int = param(1, "territory cards drawn after a turn with a conquest", min=0)
    spaceport_interval: int = param(2, "rounds between two uses of one spaceport (2: every other turn)", min=1)
    ship_wait_turns: int = param(1, "turns a new ship waits before it may move or fight", min=0)
    transport_capacity: int = param(15, "most infantry aboard one transport", min=1)
    transport_attack_mod: int = param(-2, "modifier of a transport's attacking die in space combat")
    transport_defend_mod: int = param(-1, "modifier of a transport's defending die in space combat")
    battleship_attack_mod: int = param(0, "modifier of a battleship's attacking die")
    battleship_defend_mod: int = param(0, "modifier of a battleship's defending die")
    asteroid_defend_mod: int = param(1, "modifier of every defending die in an asteroid field")
    redraw_completed_cards: bool = param(
        True, "an objective or goal card whose task is already done when it is dealt or drawn is replaced")
    stars_to_win: int = param(3, "stars (from goal cards) that win the game (0: goals give no win)", min=0)
    max_rounds: int = param(60, "rounds after which the game is scored (stars, then territories)", min=1)

    def validate(self) -> None:
        """Refuse a broken board file as soon as the params are given (ContentError)."""
        if self.transport_capacity > 10_000 or self.max_infantry > 10_000:
            raise ParseError("param max_infantry / transport_capacity: too large")
        if self.board:
            from starlanes.games.space_risk.board import load_board

            load_board(self.board)

    @property
    def dice(self) -> DiceRules:
        return DiceRules(
            sides=self.die_sides,
            attack_max_dice=self.attack_dice,
            defend_max_dice=self.defend_dice,
            clamp=self.clamp_modified_dice,
            loss_limited_dice=self.dice_limit_by_loss,
        )


SPEC = GameSpec(
    id="space-risk",
    name="Space Risk",
    version=VERSION,
    players=range(2, 7),
    chance=Chance.DICE_AND_SHUFFLED,
    information=Information.IMPERFECT,
    params=SpaceRiskParams,
    description="Risk on planets and space lanes: dice with modifiers, ships, territory, objective and goal cards",
    max_actions=60_000,
    rules_file="docs/rulings/space-risk.md",
)
