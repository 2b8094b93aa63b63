"""What a game is: the static record every ruleset declares (after OpenSpiel's GameType)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .params import Params

__all__ = ["Chance", "GameSpec", "Information"]


class Chance(Enum):
    """How chance enters the game."""

    NONE = "none"  # deterministic
    DICE = "dice"  # rolls whose outcomes can be listed with exact probabilities
    SHUFFLED = "shuffled"  # shuffled decks / random draws
    DICE_AND_SHUFFLED = "dice+shuffled"


class Information(Enum):
    """Whether every seat sees the whole state (apart from the RNG's future)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclass(frozen=True)
class GameSpec:
    """The static description of a ruleset.

    ``version`` changes whenever behaviour changes; it is stored with every saved match and
    every lab result, and a saved match from another version is refused.
    ``max_actions`` is the declared cap on the length of a game (in actions); a random playout
    that reaches it ends as a draw by cap. ``simultaneous`` says the game has sealed decisions.
    """

    id: str
    name: str
    version: str
    players: range
    chance: Chance
    information: Information
    params: type[Params]
    description: str = ""
    max_actions: int = 100_000
    simultaneous: bool = False
    rules_file: str = ""  # docs/rulings/<id>.md inside the package data, if any

    @property
    def min_players(self) -> int:
        return self.players.start

    @property
    def max_players(self) -> int:
        return self.players.stop - 1
