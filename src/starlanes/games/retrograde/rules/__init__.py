"""What happens in Retrograde, split by the phase of a turn; each step asks the card abilities
(``abilities.modify``) wherever a card may change it (the golden rule: the card wins).

A turn: ``turn_start`` (Stellar Gate's victory, the orbit tracker, counters come off) ->
``maneuvers`` (burns, transfers, follow-up offers) with ``combat`` (attacks: the sealed
power/defense choice, dice, damage, debris) and ``bombard`` (bombardment, Loyal to Humanity,
capture) -> ``build`` (research, repair, construction, cleanup) -> ``end_turn`` (homeworld loss,
Stellar Gate's count, untap, debris). ``setup`` deals the game; ``common`` holds the ``Engine``
every step works on (one state, its events, the statistics and costs).

What is legal is decided in ``legality`` (and listed in ``listing``), not here: these functions
apply actions already checked.
"""

from starlanes.games.retrograde.rules.common import Engine

__all__ = ["Engine"]
