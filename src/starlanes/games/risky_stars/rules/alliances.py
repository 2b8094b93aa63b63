"""Alliances (rules: Alliances; RS-A03..A06, rulings 20-23): a player in no alliance proposes to
another player; that player, and every member of its alliance, answers in seat order; all
accepting makes the proposer a member (or founds a new alliance of the two). A member may leave;
a truce between the leaver and every remaining member follows."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.core.decision import Pending
from starlanes.games.risky_stars.events import AllianceFormed, AllianceLeft, Answered, Proposed
from starlanes.games.risky_stars.state import NOBODY, OFFER, RiskyStarsState, Truce

__all__ = ["answer", "leave", "members", "propose"]


def members(state: RiskyStarsState, alliance: int) -> list[int]:
    return [s for s in range(state.players) if state.alliance[s] == alliance and alliance != NOBODY]


def propose(state: RiskyStarsState, seat: int, target: int) -> list[Event]:
    alliance = state.alliance[target]
    asked = members(state, alliance) if alliance != NOBODY else [target]
    state.proposed = True
    state.pending = Pending(OFFER, (asked[0],), False, {"proposer": seat, "asked": asked})
    return [Proposed(seat, target, list(asked)).event()]


def answer(state: RiskyStarsState, seat: int, accepted: bool) -> list[Event]:
    pending = state.pending
    assert pending is not None
    proposer = pending.data["proposer"]
    asked = pending.data["asked"]
    assert isinstance(proposer, int) and isinstance(asked, list)
    events = [Answered(seat, proposer, accepted).event()]
    rest = asked[1:]
    if not accepted:
        state.pending = None
        return events
    if rest:
        state.pending = Pending(OFFER, (rest[0],), False, {"proposer": proposer, "asked": rest})
        return events
    state.pending = None
    alliance = state.alliance[seat]
    if alliance == NOBODY:
        alliance = state.next_alliance
        state.next_alliance += 1
        state.alliance[seat] = alliance
    state.alliance[proposer] = alliance
    group = members(state, alliance)
    state.truces = [t for t in state.truces if not (t.a in group and t.b in group)]
    return [*events, AllianceFormed(alliance, group, proposer).event()]


def leave(state: RiskyStarsState, seat: int) -> list[Event]:
    alliance = state.alliance[seat]
    state.alliance[seat] = NOBODY
    rest = members(state, alliance)
    until = state.round + state.params.truce_rounds
    if state.params.truce_rounds:
        for m in rest:
            state.truces.append(Truce(a=min(seat, m), b=max(seat, m), until=until))
    if len(rest) == 1:
        state.alliance[rest[0]] = NOBODY
        rest = []
    return [AllianceLeft(seat, alliance, rest, until).event()]
