"""What happens in space-risk, split by the phase of a turn.

Read with ``docs/rulings/space-risk.md`` (every house rule, numbered R1...); comments cite
the rulings as ``(R7)``.

A turn: REINFORCE (``reinforce``: trade sets, place reinforcements) -> MAIN (``attack``:
attacks and move-ins; ``ships``: spaceports, flights, loading) -> ``fortify`` (the one
consolidation move, or ``end``) -> ``end_turn`` (a territory card if a territory was taken,
objective and goal cards, planets, the winner, the next seat).  ``setup`` deals and places the
starting infantry; ``cards`` holds the card rules; ``common`` the queries every phase asks.
What is legal is decided in ``legality.py``, not here: these functions apply actions already
checked.
"""
