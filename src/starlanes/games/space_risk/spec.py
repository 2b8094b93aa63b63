"""What space-risk is: its params (every number of the rule document) and its GameSpec."""

from __future__ import annotations

from dataclasses import dataclass

from starlanes.core import Chance, GameSpec, Information, Params, param
from starlanes.games.space_risk.dice import DiceRules

__all__ = ["SPEC", "VERSION", "SpaceRiskParams"]

VERSION = "2"
"""2: the document's text by default (optional trading, fulfilled cards pay, ships move at the
beginning of the turn, battleships drop infantry, the start roll after placement); bounded params."""

MAX_COUNT = 1000
"""Bound of the counts (infantry, reinforcements, rounds between uses): far above any table game."""
MAX_STACK = 1000
"""Most infantry per territory or ship a param may allow (the document: 15)."""
MAX_MISSIONS = 20
MAX_HAND = 50
"""A hand never holds more cards than a board's deck (a few dozen)."""
MAX_MOD = 20
"""A die modifier beyond the largest die (20 sides) changes nothing more."""
MAX_ROUNDS = 10_000


@dataclass(frozen=True)
class SpaceRiskParams(Params):
    """Every tunable rule; defaults are the rule document's values (or the ruling's)."""

    board: str = param("", "board file (JSON, schema space-risk-board/1); empty: the built-in Dramethan Reach")
    starting_infantry: int = param(25, "infantry each player starts with", min=1, max=MAX_COUNT)
    objective_cards: int = param(2, "objective cards each player holds", min=0, max=MAX_MISSIONS)
    goal_cards: int = param(1, "goal cards each player holds", min=0, max=MAX_MISSIONS)
    modified_start: bool = param(False, "claim territories one at a time instead of dealing the territory cards")
    die_sides: int = param(6, "sides of every die", min=2, max=20)
    attack_dice: int = param(3, "most dice an attacker rolls", min=1, max=5)
    defend_dice: int = param(2, "most dice a defender rolls", min=1, max=5)
    dice_limit_by_loss: bool = param(
        True, "attacker may roll k dice when it can lose min(k, defend_dice) armies (rule document); "
        "no: classic one die per able army")
    clamp_modified_dice: bool = param(False, "clamp a modified die to 1..die_sides (ruling: no)")
    max_infantry: int = param(15, "most infantry on one territory", min=1, max=MAX_STACK)
    reinforcement_divisor: int = param(2, "territories held are divided by this for reinforcements",
                                       min=1, max=MAX_COUNT)
    min_reinforcements: int = param(2, "fewest reinforcements per turn", min=0, max=MAX_COUNT)
    trade_territory_bonus: int = param(2, "extra reinforcements for a traded card of a territory you hold",
                                       min=0, max=MAX_COUNT)
    trade_bonus_once: bool = param(False, "the territory bonus is paid once per trade, not per card")
    forced_trade_hand: int = param(
        0, "house rule: a player holding this many cards must trade a set before placing (0: trading is "
        "optional, as the rule document says)", min=0, max=MAX_HAND)
    cards_per_conquering_turn: int = param(1, "territory cards drawn after a turn with a conquest",
                                           min=0, max=MAX_HAND)
    spaceport_interval: int = param(2, "rounds between two uses of one spaceport (2: every other turn)",
                                    min=1, max=MAX_COUNT)
    ship_wait_turns: int = param(1, "turns a new ship waits before it may move", min=0, max=MAX_COUNT)
    ship_wait_blocks_attacks: bool = param(
        False, "house rule: a waiting new ship may not attack either (the document: it waits before moving)")
    ship_move_any_time: bool = param(
        False, "house rule: ships move at any time of the turn, not only at its beginning (before any "
        "attack, build or loading)")
    transport_capacity: int = param(15, "most infantry aboard one transport", min=1, max=MAX_STACK)
    battleships_drop_infantry: bool = param(
        True, "battleships take infantry aboard (as many as a transport) only to drop them onto enemy land "
        "to fight (no: battleships never carry infantry)")
    battleship_bridge: bool = param(
        False, "house rule: a battleship lets infantry attack between two land territories beside its "
        "space territory")
    transport_attack_mod: int = param(-2, "modifier of a transport's attacking die in space combat",
                                      min=-MAX_MOD, max=MAX_MOD)
    transport_defend_mod: int = param(-1, "modifier of a transport's defending die in space combat",
                                      min=-MAX_MOD, max=MAX_MOD)
    battleship_attack_mod: int = param(0, "modifier of a battleship's attacking die", min=-MAX_MOD, max=MAX_MOD)
    battleship_defend_mod: int = param(0, "modifier of a battleship's defending die", min=-MAX_MOD, max=MAX_MOD)
    asteroid_defend_mod: int = param(1, "modifier of every defending die in an asteroid field",
                                     min=-MAX_MOD, max=MAX_MOD)
    redraw_completed_cards: bool = param(
        False, "house rule: an objective or goal card whose task is already done when it is dealt or drawn "
        "is replaced (no: it pays at the end of the holder's turn, as the document says)")
    stars_to_win: int = param(3, "stars (from goal cards) that win the game (0: goals give no win)",
                              min=0, max=MAX_COUNT)
    max_rounds: int = param(60, "rounds after which the game is scored (stars, then territories)",
                            min=1, max=MAX_ROUNDS)

    def validate(self) -> None:
        """Refuse a broken board file as soon as the params are given (ContentError)."""
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
