"""Space-risk in words for a person: what an action means before it is taken (the exact odds
beside an attack, the value of a trade, an asteroid field ahead), what happened (every event of
``events.py``: a roll of the dice, a conquest, a card drawn), where a turn's reinforcements came
from.  The state and the events hold numbers and names; the words are made here, on demand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlanes.core import GM, Action
from starlanes.core.state import Actor, Event, EventData
from starlanes.games.space_risk import dice as dice_mod
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Attack, Fly, Trade, ship_name
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.state import BATTLESHIP, SHIP_KINDS, Income

if TYPE_CHECKING:
    from starlanes.games.space_risk.view import SpaceRiskView

__all__ = ["describe_action", "describe_event", "income_data", "income_text", "income_words", "percent",
           "roll_text"]


def _faces(xs: list[int]) -> str:
    return " ".join(map(str, sorted(xs, reverse=True)))


def roll_text(roll: ev.Roll) -> str:
    """``6 3 1 against 5 3`` (and the modified dice when there are modifiers)."""
    text = f"{_faces(roll.attack)} against {_faces(roll.defend)}"
    if roll.attack_mod or roll.defend_mod:
        text += (f", modified {roll.attack_mod:+d} / {roll.defend_mod:+d}: "
                 f"{_faces(roll.attack_modified)} against {_faces(roll.defend_modified)}")
    return text


def income_data(board: Board, income: Income) -> ev.IncomeData:
    """The state's ``income`` with the planets named (for an event)."""
    return ev.IncomeData(
        held=income.held, divisor=income.divisor, base=income.base,
        planets=[ev.PlanetIncome(board.planets[pi].name, board.planets[pi].net_worth) for pi in income.planets],
        cards=income.cards, lost=income.lost)


def income_words(income: ev.IncomeData) -> str:
    """``18 territories / 2 = 9, Vega 3, completed cards 4; 2 lost for want of room``."""
    if income.base == income.held // income.divisor:
        parts = [f"{income.held} territories / {income.divisor} = {income.base}"]
    else:
        parts = [f"{income.held} territories: the minimum {income.base}"]
    parts += [f"{p.planet} {p.net_worth}" for p in income.planets]
    if income.cards:
        parts.append(f"completed cards {income.cards}")
    text = ", ".join(parts)
    return text + (f"; {income.lost} lost for want of room" if income.lost else "")


def income_text(board: Board, income: Income) -> str:
    """The state's ``income`` in words (see ``income_words``)."""
    return income_words(income_data(board, income))


def _seat(seat: int, viewer: Actor, subject: bool = True) -> str:
    """``you`` for the viewer itself, else ``seat N``."""
    if viewer is not GM and viewer == seat:
        return "you" if subject else "your"
    return f"seat {seat}" if subject else f"seat {seat}'s"


def _placed(e: ev.Placed, _v: Actor) -> str:
    return f"seat {e.seat} places {e.count} infantry on {e.territory} (now {e.armies}; {e.left} left to place)"


def _turn_begins(e: ev.TurnBegins, _v: Actor) -> str:
    income = income_words(e.income)
    if e.turn == 1:
        return (f"the starting infantry are placed; seat {e.seat} begins (start roll {e.start_roll}) "
                f"with {e.reinforcements} reinforcements ({income})")
    return f"round {e.round}: seat {e.seat}'s turn, {e.reinforcements} reinforcements ({income})"


def _battle_roll(e: ev.BattleRoll, _v: Actor) -> str:
    return (f"seat {e.seat}: {e.source} attacks {e.target} (seat {e.defender}), {roll_text(e.roll)}: "
            f"attacker -{e.attacker_loss}, defender -{e.defender_loss}")


def _space_battle(e: ev.SpaceBattle, _v: Actor) -> str:
    lost = f" with {e.cargo_lost} infantry aboard" if e.cargo_lost else ""
    return (f"{e.ship_kind} {e.ship} (seat {e.seat}) attacks {e.defender_kind} {e.defender_ship} "
            f"(seat {e.defender}) in {e.territory}: {roll_text(e.roll)}; {e.lost} is lost{lost}")


def _mission_completed(e: ev.MissionCompleted, _v: Actor) -> str:
    star = f" and {e.stars} star" if e.stars else ""
    return f"seat {e.seat} completes {e.card} ({e.text}): {e.reward} reinforcements next turn{star}"


def _card_received(e: ev.CardReceived, v: Actor) -> str:
    return f"{_seat(e.seat, v)} {'draw' if _seat(e.seat, v) == 'you' else 'draws'} {e.card}"


def _mission_drawn(e: ev.MissionDrawn, v: Actor) -> str:
    return f"{_seat(e.seat, v)} {'draw' if _seat(e.seat, v) == 'you' else 'draws'} {e.card}: {e.text}"


def _mission_replaced(e: ev.MissionReplaced, v: Actor) -> str:
    return (f"{_seat(e.seat, v, subject=False)} card {e.card} ({e.text}) is already done: "
            f"it is replaced by {e.new_card} ({e.new_text})")


_WORDS: dict[type[EventData], Callable[[Any, Actor], str]] = {
    ev.Claimed: lambda e, _v: f"seat {e.seat} claims {e.territory}",
    ev.ClaimsDone: lambda e, _v: ("every territory is claimed; now the rest of the starting infantry is placed ("
                                  + ", ".join(f"P{s} {n}" for s, n in enumerate(e.to_deploy)) + ")"),
    ev.Placed: _placed,
    ev.TurnBegins: _turn_begins,
    ev.Traded: lambda e, _v: f"seat {e.seat} trades {' '.join(e.cards)} for {e.value} + {e.bonus} reinforcements",
    ev.BattleRoll: _battle_roll,
    ev.AttackStopped: lambda e, _v: f"seat {e.seat} has no infantry left to attack {e.target} with",
    ev.Conquest: lambda e, _v: f"seat {e.seat} takes {e.territory}",
    ev.MoveInAwaited: lambda e, _v: (f"seat {e.seat} chooses how many infantry (1 to {e.most}) move into "
                                     f"{e.territory}: 'move N'"),
    ev.MovedIn: lambda e, _v: f"seat {e.seat} moves {e.count} into {e.territory}",
    ev.SpaceBattle: _space_battle,
    ev.Eliminated: lambda e, _v: f"seat {e.seat} is eliminated by seat {e.by}",
    ev.GameOver: lambda e, _v: e.reason,
    ev.ShipBuilt: lambda e, _v: (f"seat {e.seat} builds {e.ship_kind} {e.ship} at {e.planet}'s spaceport, "
                                 f"in {e.territory}"),
    ev.ShipFlown: lambda e, _v: f"seat {e.seat} flies {e.ship} from {e.source} to {e.target}",
    ev.ShipLoaded: lambda e, _v: f"seat {e.seat} loads {e.count} from {e.territory} onto {e.ship}",
    ev.ShipUnloaded: lambda e, _v: f"seat {e.seat} unloads {e.count} from {e.ship} onto {e.territory}",
    ev.Consolidated: lambda e, _v: f"seat {e.seat} consolidates {e.count} from {e.source} to {e.target}",
    ev.TurnEnded: lambda e, _v: f"seat {e.seat} ends the turn",
    ev.CardDrawn: lambda e, _v: f"seat {e.seat} draws a territory card",
    ev.CardReceived: _card_received,
    ev.MissionCompleted: _mission_completed,
    ev.MissionDrawn: _mission_drawn,
    ev.MissionReplaced: _mission_replaced,
}
_BY_KIND = {cls.kind: cls for cls in _WORDS}


def describe_event(event: Event, viewer: Actor) -> str:
    """``event`` in words for ``viewer`` (``you`` in the events only that seat sees); an event
    of another kind (the core's) in its own words."""
    cls = _BY_KIND.get(event.kind)
    if cls is None:
        return event.describe()
    return _WORDS[cls](cls.of(event), viewer)


def percent(p: float) -> str:
    """``42%``; never a rounded ``100%`` or ``0%`` for what may still happen."""
    if 0.995 <= p < 1:
        return ">99%"
    if 0 < p < 0.005:
        return "<1%"
    return f"{100 * p:.0f}%"


def describe_action(view: SpaceRiskView, board: Board, action: Action) -> str | None:
    """The exact odds beside an attack, the value of a trade, an asteroid field ahead."""
    if isinstance(action, Attack):
        return _describe_attack(view, board, action)
    if isinstance(action, Trade):
        params = view.params
        names = (action.first, action.second, action.third)
        ids = [board.card_names.index(n) for n in names if n in board.card_names]
        held = sum(1 for c in ids
                   if board.card_territory[c] >= 0 and view.owner[board.card_territory[c]] == view.current)
        bonus = params.trade_territory_bonus * (min(1, held) if params.trade_bonus_once else held)
        return f"worth {board.trade_value(view.sets_traded)} + {bonus} for territories held by the trader"
    if isinstance(action, Fly):
        to = board.index.get(action.to)
        if to is not None and board.asteroid[to]:
            return "asteroid field: defenders +1 there"
    return None


def _describe_attack(view: SpaceRiskView, board: Board, action: Attack) -> str | None:
    from starlanes.games.space_risk.ai import p_win
    from starlanes.games.space_risk.odds import roll_outcomes_float

    params = view.params
    target = board.index.get(action.target)
    ship = next((s for s in view.ships if ship_name(s.id) == action.source), None)
    if target is None:
        return None
    if not board.land[target]:
        if ship is None:
            return None
        defenders = sorted((s for s in view.ships if s.at == target), key=lambda s: (s.kind != BATTLESHIP, s.id))
        if not defenders:
            return None
        dship = defenders[0]
        amod = params.battleship_attack_mod if ship.kind == BATTLESHIP else params.transport_attack_mod
        dmod = params.battleship_defend_mod if dship.kind == BATTLESHIP else params.transport_defend_mod
        if board.asteroid[target]:
            dmod += params.asteroid_defend_mod
        outcomes = roll_outcomes_float(1, 1, amod, dmod, params.dice)
        p = sum(pr for _al, dl, pr in outcomes if dl == 1)
        return (f"against {SHIP_KINDS[dship.kind]} {ship_name(dship.id)} ({amod:+d} / {dmod:+d}): "
                f"wins {percent(p)}")
    source = board.index.get(action.source)
    if ship is not None:
        able = ship.cargo
    elif source is not None:
        able = view.armies[source] - 1
    else:
        return None
    there = view.armies[target]
    if action.all:
        if action.dice:
            return None  # the calculator's whole battle rolls the most dice
        return f"{able} against {there}: takes it {percent(p_win(params.dice, able, there))} (rolls until done)"
    k = action.dice or dice_mod.attack_dice_allowed(able, params.dice)
    j = dice_mod.defend_dice(there, params.dice)
    outcomes = roll_outcomes_float(k, j, 0, 0, params.dice)

    def loss(al: int, dl: int) -> str:
        if al == 0:
            return f"defender -{dl}"
        if dl == 0:
            return f"attacker -{al}"
        return f"each -{al}" if al == dl else f"attacker -{al} defender -{dl}"

    parts = [f"{loss(al, dl)} {percent(p)}" for al, dl, p in sorted(outcomes, key=lambda o: (o[0], -o[1]))]
    return f"one roll, {k} {'die' if k == 1 else 'dice'} against {j}: " + ", ".join(parts)
