"""The terminal table of Retrograde: a seat's view laid out as on the play area, its legend, and
what an action means for a person (``describe_action``, ``describe_card``).

Each asset is a block: its name, controller, counters and upgrades, the face-down cards beside
it, then its orbitals from the outermost (top) to the lowest, each with its delta-vee, the
spacecraft in it (with damage and delta-vee counters) and its debris. The acting seat's hand
and deck follow, then the last events.
"""

from __future__ import annotations

from rich.markup import escape

from starlanes.core.actions import Action
from starlanes.core.legal import LegalActions
from starlanes.core.rng import Rng
from starlanes.games.retrograde.actions import (
    Allocate,
    Attack,
    Bombard,
    Boost,
    Burn,
    Cannibalize,
    Clean,
    Defense,
    End,
    Flip,
    Follow,
    Found,
    Pass,
    Place,
    Power,
    Repair,
    Research,
    Sacrifice,
    Swap,
    Sweep,
    Transfer,
)
from starlanes.games.retrograde.board import BOOK, Board
from starlanes.games.retrograde.cards import AssetCard, SpacecraftCard, UpgradeCard
from starlanes.games.retrograde.describe import FOLLOW_OFFERS
from starlanes.games.retrograde.listing import legal
from starlanes.games.retrograde.odds import expected_hits, hit_chance
from starlanes.games.retrograde.rules.combat import combat_ranges
from starlanes.games.retrograde.rules.common import Engine, seat_capacity, seat_population, ship_accuracy
from starlanes.games.retrograde.state import (
    HIDDEN,
    MANEUVERS,
    NOBODY,
    PHASE_NAMES,
    Asset,
    Config,
    Prompt,
    RetroState,
    RetroView,
    Ship,
)

__all__ = ["describe_action", "describe_card", "render_table"]

TRACKER = ("top", "right", "bottom", "left")
LEGEND = (
    "legend: fig/cor/fri/cru fighter/corvette/frigate/cruiser; acc accuracy (dice in combat); arm armor;",
    "  dv N/M delta-vee counters/limit; dmg damage; pop population; factory construction power;",
    "  resist bombardment resistance; orbital N (dv D): the orbital's delta-vee (burns pay the difference);",
    "  #N a card's number: actions take the number or the card's name (place Mushroom 0).",
)
"""The abbreviations of the table, shown under it."""
SEAT_STYLE = ("cyan", "magenta")


def _who(seat: int) -> str:
    if seat == NOBODY:
        return "[dim]nobody[/dim]"
    return f"[{SEAT_STYLE[seat % 2]}]seat {seat}[/{SEAT_STYLE[seat % 2]}]"


def describe_card(key: str) -> str:
    """One line about a card: its numbers and its ability text."""
    if key == HIDDEN:
        return "a face-down card"
    c = BOOK[key]
    if isinstance(c, SpacecraftCard):
        nums = (f"{c.ship_class} acc {c.accuracy} armor {c.armor} dv {c.delta_vee} pop {c.population} "
                f"cost {c.cost} bomb {c.bombardment} ({c.faction})")
    elif isinstance(c, UpgradeCard):
        nums = f"upgrade cost {c.cost} resist {c.resistance} ({c.faction})"
    else:
        assert isinstance(c, AssetCard)
        cost = "homeworld" if c.homeworld else ("neutral" if c.neutral else f"cost {c.cost}")
        nums = (f"asset pop {c.population} factory {c.factory} {cost} builds {','.join(c.classes) or '-'} "
                f"orbitals {'/'.join(map(str, c.orbitals))} resist {c.resistance}")
    text = f" — {c.text}" if c.text else ""
    return f"{c.name}: {nums}{text}"


def _ship(b: Board, s: Ship) -> str:
    key = b.t.cards[s.uid]
    card = BOOK[key]
    assert isinstance(card, SpacecraftCard)
    bits = [f"{_who(s.owner)} #{s.uid} {escape(card.name)} ({card.ship_class[:3]} acc {card.accuracy}"
            f" arm {card.armor + s.armor_bonus} dv {s.dv}/{card.delta_vee + s.dv_bonus}"]
    if s.damage:
        bits.append(f" [red]dmg {s.damage}[/red]")
    bits.append(")")
    return "".join(bits)


def _asset(b: Board, a: Asset, me: int) -> list[str]:
    t = b.t
    key = t.cards[a.uid]
    lines: list[str] = []
    if not a.face_up:
        name = "face-down asset" if key == HIDDEN else f"face-down {escape(BOOK[key].name)}"
        cost = "" if key == HIDDEN else f"/{BOOK.asset(key).cost}"
        lines.append(f"#{a.uid} {name} of {_who(a.controller)}: {a.counters}{cost} construction counters")
        return lines
    card = BOOK.asset(key)
    flags = []
    if a.tapped:
        flags.append("tapped")
    if a.razed:
        flags.append("razed")
    if a.damage:
        flags.append(f"[red]dmg {a.damage}/{card.resistance}[/red]")
    tracker = ""
    if a.controller != NOBODY and a.homeworld_of == a.controller:
        pos = t.trackers[a.controller]
        tracker = f" tracker {TRACKER[pos % 4]} ({card.orbit_track[pos % 4]})"
    lines.append(
        f"[bold]#{a.uid} {escape(card.name)}[/bold]{' (homeworld)' if card.homeworld else ''} — {_who(a.controller)}"
        f" pop {card.population} factory {card.factory} builds {','.join(card.classes) or '-'}"
        f" resist {card.resistance}{tracker}" + (f" [{', '.join(flags)}]" if flags else "")
    )
    for u in a.upgrades:
        uc = BOOK.upgrade(t.cards[u.uid])
        extra = (" tapped" if u.tapped else "") + (f" dmg {u.damage}/{uc.resistance}" if u.damage else "")
        lines.append(f"    upgrade #{u.uid} {escape(uc.name)} (resist {uc.resistance}){extra}")
    for label, slips in (("spacecraft", a.ship_slips), ("upgrade", a.upgrade_slips)):
        for slip in slips:
            k = t.cards[slip.uid]
            what = "?" if k == HIDDEN else escape(BOOK[k].name)
            cost = "" if k == HIDDEN else f"/{getattr(BOOK[k], 'cost', 0)}"
            lines.append(f"    face-down {label} #{slip.uid} ({what}) of {_who(slip.owner)}:"
                         f" {slip.counters}{cost} counters")
    ships = b.ships_at(a.uid)
    for o in range(len(card.orbitals) - 1, -1, -1):
        here = [s for s in ships if s.orbital == o]
        debris = a.debris[o] if o < len(a.debris) else []
        label = "outer" if o == len(card.orbitals) - 1 else ("lowest" if o == 0 else "")
        head = f"    orbital {o} (dv {card.orbitals[o]}{', ' + label if label else ''}):"
        junk = f"[yellow]debris x{len(debris)}[/yellow]" if debris else ""
        if len(here) > 2:  # a crowded orbital: one spacecraft a line
            lines.append(f"{head} {len(here)} spacecraft" + (f"; {junk}" if junk else ""))
            lines.extend(f"        {_ship(b, s)}" for s in here)
            continue
        content = "; ".join([*(_ship(b, s) for s in here), *([junk] if junk else [])])
        lines.append(f"{head} {content or '.'}")
    return lines


def _prompt_lines(b: Board, p: Prompt, me: int, cfg: Config) -> list[str]:
    """What the pending decision is, naming the cards, and what the viewer may answer."""
    if p.kind == "combat":
        att, dfd = b.ship(p.source), b.ship(p.target)
        if att is None or dfd is None:
            return []
        top_power, top_defense, radar = combat_ranges(b, p, cfg)
        dice = ship_accuracy(b, att, cfg)
        lines = [
            f"[bold]combat:[/bold] {_who(att.owner)} #{att.uid} {escape(b.name(att.uid))} attacks"
            f" {_who(dfd.owner)} #{dfd.uid} {escape(b.name(dfd.uid))} (cost {p.amount} delta-vee,"
            f" {dice} {'die' if dice == 1 else 'dice'})."
            " Both choose a number in secret: hit check = power − defense"
            + (f" − {radar} (radar)" if radar else "") + "; each die below the check is a hit.",
        ]
        if me == att.owner:
            lines.append(f"  you attack: type [bold]power N[/bold] (0 to {top_power}; each point is a delta-vee"
                         f" counter on #{att.uid}); the defender may defend with up to {top_defense}")
        elif me == dfd.owner and top_defense == 0:
            lines.append(f"  you defend: type [bold]defense 0[/bold] (#{dfd.uid} has no delta-vee left to defend"
                         f" with); the attacker may put up to {top_power} power")
        elif me == dfd.owner:
            lines.append(f"  you defend: type [bold]defense N[/bold] (0 to {top_defense}; each point is a delta-vee"
                         f" counter on #{dfd.uid}); the attacker may put up to {top_power} power")
        return lines
    if p.kind == "sacrifice":
        line = (f"[bold]bombardment of #{p.target} {escape(b.name(p.target))}:[/bold] {p.amount} hit(s);"
                f" {_who(p.seat)} may sacrifice one of its spacecraft there to cancel the damage")
        if me == p.seat:
            line += " ([bold]sacrifice SHIP[/bold] or [bold]pass[/bold])"
        return [line]
    what = FOLLOW_OFFERS.get(p.ability, p.ability)
    line = (f"[bold]after #{p.target} {escape(b.name(p.target))} moved:[/bold] {what}"
            f" ({p.left} more may come)")
    if me == p.seat:
        line += " — [bold]follow SHIP[/bold] or [bold]pass[/bold]"
    return [line]


def _asset_lines(b: Board, me: int) -> list[tuple[str, list[Asset]]]:
    """The assets grouped as on the play area: each seat's asset line (its homeworld first, then
    its other assets, face-down ones last), with the uncontrolled ones (Stellar Gate) between."""
    groups: list[tuple[str, list[Asset]]] = []
    for who in (0, NOBODY, 1):
        mine = [a for a in b.t.assets if a.controller == who]
        if not mine:
            continue
        mine.sort(key=lambda a: (not a.face_up, not (a.face_up and b.asset_card(a).homeworld)))
        title = "uncontrolled" if who == NOBODY else f"seat {who}'s assets" + (" (yours)" if who == me else "")
        groups.append((title, mine))
    return groups


def _maneuver_lines(view: RetroView) -> list[str]:
    """For the seat whose maneuvers it is: what each of its spacecraft can still afford, with costs."""
    t = view.table
    if view.me != t.current or t.prompts or t.phase > MANEUVERS or t.end_reason:
        return []
    state = RetroState(players=2, rng=Rng.from_seed(0), table=t, cfg=view.cfg)
    engine = Engine(state)
    listed = LegalActions(legal(engine, view.me))
    b = engine.b
    lines: list[str] = []
    for s in t.ships:
        if s.owner != view.me:
            continue
        mine = [a for a in listed if isinstance(a, (Burn, Transfer, Attack, Bombard)) and a.ship == s.uid]
        bits: list[str] = []
        burns = [f"{a.orbital}:{engine.burn_cost(s, a.orbital)}" for a in mine if isinstance(a, Burn)]
        if burns:
            bits.append("burn to orbital " + " ".join(burns))
        transfers = []
        for a in mine:
            if isinstance(a, Transfer):
                dest = b.asset(a.asset)
                assert dest is not None
                transfers.append(f"#{a.asset}:{engine.transfer_cost(s, dest)}")
        if transfers:
            bits.append("transfer to " + " ".join(transfers))
        attacks = []
        for a in mine:
            if isinstance(a, Attack):
                d = b.ship(a.target)
                assert d is not None
                attacks.append(f"#{a.target}:{engine.attack_cost(s, d)}")
        if attacks:
            bits.append("attack " + " ".join(attacks) + " +power")
        if any(isinstance(a, Bombard) for a in mine):
            top = max(a.power for a in mine if isinstance(a, Bombard))
            bits.append(f"bombard: cost {engine.bombard_cost(s)} + power (0 to {top})")
        room = engine.room(s)
        where = f"orbital {s.orbital} of {escape(b.name(s.asset))} #{s.asset}"
        lines.append(f"  #{s.uid} {escape(b.name(s.uid))} ({where}, {room} delta-vee left): "
                     + ("; ".join(bits) if bits else "no maneuver possible"))
    if lines:
        lines.insert(0, "[bold]your spacecraft can[/bold] (target:cost in delta-vee):")
    return lines


def render_table(view: RetroView) -> str:
    """Rich-markup text of the table as ``view.me`` sees it."""
    t = view.table
    b = Board(t)
    me = view.me
    out: list[str] = []
    status = (f"Retrograde — turn {t.turn}/{view.cfg.turn_limit}, {_who(t.current)} to play,"
              f" step: {PHASE_NAMES[t.phase]}")
    if t.end_reason:
        status += f" — GAME OVER: {escape(t.end_reason)}"
    elif t.turn <= 2:  # the first round: who began, and why
        how = "coin flip" if view.first_player_by == "coin" else f"param first_player={t.first}"
        status += f" — seat {t.first} played first ({how})"
    out.append(status)
    gate = any(a.face_up and b.asset_card(a).has("gate-victory") for a in t.assets)
    for seat in (0, 1):
        whose = "you, " if seat == me else ""
        deck = "deck hidden" if t.deck_names[seat] == "deck" else f"deck {escape(t.deck_names[seat])}"
        out.append(
            f"{_who(seat)} ({whose}{deck}): population {seat_population(b, seat)}/{seat_capacity(b, seat)},"
            f" hand {len(t.hands[seat])}, deck {len(t.decks[seat])}, "
            f"discard {len(t.discards[seat])}"
            + (f", Stellar Gate held {t.gate_streak[seat]} turn(s) in a row" if gate else "")
        )
    if t.prompts:
        out.extend(_prompt_lines(b, t.prompts[0], me, view.cfg))
    for title, group in _asset_lines(b, me):
        out.append("")
        out.append(f"[dim]── {title} ──[/dim]")
        for a in group:
            out.extend(_asset(b, a, me))
    out.append("")
    out.extend(f"[dim]{line}[/dim]" for line in LEGEND)
    if me in (0, 1):
        out.append("")
        hand = [f"#{u} {escape(describe_card(t.cards[u]))}" for u in t.hands[me]]
        out.append(f"[bold]your hand[/bold] ({len(hand)}; name a card by its #number or its name):")
        out.extend("  " + h for h in hand)
        upcoming = ", ".join(escape(BOOK[t.cards[u]].name) for u in t.decks[me][:5])
        out.extend(_maneuver_lines(view))
        out.append(f"your deck, top first: {upcoming or 'empty'}{' ...' if len(t.decks[me]) > 5 else ''}")
        opp = 1 - me
        if t.decks[opp] and t.peeks[me] == t.decks[opp][0]:
            out.append(f"your agents saw the top of seat {opp}'s deck: {escape(BOOK[t.cards[t.peeks[me]]].name)}")
    return "\n".join(out)


# ---------------------------------------------------------------------------- describing actions


def describe_action(view: RetroView, action: Action) -> str | None:
    """One line about ``action`` for the seat that sees ``view``: card names for the numbers, the
    delta-vee cost, the dice and the chance of a hit. Only what ``view`` shows is used."""
    t = view.table
    engine = Engine(RetroState(players=2, rng=Rng.from_seed(0), table=t, cfg=view.cfg))
    b = engine.b
    try:
        return _describe(engine, b, action)
    except (AssertionError, KeyError, IndexError, AttributeError, TypeError, ValueError):
        return None  # a stale or impossible action: the number alone is all there is to say


def _nm(b: Board, uid: int) -> str:
    if not 0 <= uid < len(b.t.cards):
        return f"#{uid}"
    return f"card #{uid} (hidden)" if b.t.cards[uid] == HIDDEN else f"{b.name(uid)} #{uid}"


def _odds(dice: int, check: int, sides: int, ones: bool) -> str:
    if dice <= 0:
        return "no dice: it cannot hit"
    p = hit_chance(check, sides, ones)
    mean = float(expected_hits(dice, check, sides, ones))
    return f"{dice} {'die' if dice == 1 else 'dice'}, each hits {float(p):.0%}: {mean:.1f} hits expected"


def _describe(engine: Engine, b: Board, action: Action) -> str | None:
    t = b.t
    if isinstance(action, Burn):
        s = b.ship(action.ship)
        a = b.asset(s.asset) if s else None
        assert s is not None and a is not None
        cost = engine.burn_cost(s, action.orbital)
        return (f"{_nm(b, s.uid)}: orbital {s.orbital} → {action.orbital} of {b.name(a.uid)},"
                f" {cost} delta-vee ({engine.room(s) - cost} left)")
    if isinstance(action, Transfer):
        s = b.ship(action.ship)
        dest = b.asset(action.asset)
        assert s is not None and dest is not None
        cost = engine.transfer_cost(s, dest)
        return f"{_nm(b, s.uid)} to {_nm(b, dest.uid)}: {cost} delta-vee ({engine.room(s) - cost} left)"
    if isinstance(action, Attack):
        s, d = b.ship(action.ship), b.ship(action.target)
        assert s is not None and d is not None
        cost = engine.attack_cost(s, d)
        dice = engine.accuracy(s)
        return (f"{_nm(b, s.uid)} ({dice} {'die' if dice == 1 else 'dice'}) attacks {_nm(b, d.uid)}: cost {cost},"
                f" then power up to {engine.room(s) - cost} against defense up to {max(0, engine.room(d))}")
    if isinstance(action, (Power, Defense)) and t.prompts and t.prompts[0].kind == "combat":
        p = t.prompts[0]
        s, d = b.ship(p.source), b.ship(p.target)
        assert s is not None and d is not None
        if isinstance(action, Power):
            return f"{action.value} delta-vee on {_nm(b, s.uid)}; hit check {action.value} − the defense"
        return f"{action.value} delta-vee on {_nm(b, d.uid)}; hit check = the power − {action.value}"
    if isinstance(action, Bombard):
        s = b.ship(action.ship)
        a = b.asset(s.asset) if s else None
        assert s is not None and a is not None
        if action.target == a.uid:
            resist, what = b.asset_card(a).resistance, _nm(b, a.uid)
        else:
            found = b.upgrade(action.target)
            assert found is not None
            resist, what = b.upgrade_card(found[1]).resistance, _nm(b, action.target)
        cost = engine.bombard_cost(s) + action.power
        check = action.power - resist
        card = b.ship_card(s)
        odds = _odds(card.bombardment, check, engine.cfg.die_sides, card.has("ones-hit"))
        return f"{_nm(b, s.uid)} bombards {what} (resist {resist}): {cost} delta-vee, hit check {check}; {odds}"
    if isinstance(action, Sweep):
        return f"{_nm(b, action.ship)} clears one debris card from its orbital (2 delta-vee)"
    if isinstance(action, Clean):
        return f"tap {_nm(b, action.upgrade)}: remove one debris card from orbital {action.orbital}"
    if isinstance(action, Boost):
        return f"{_nm(b, action.source)} boosts {_nm(b, action.target)} until the end of the turn (1 delta-vee)"
    if isinstance(action, Research):
        return f"tap {_nm(b, action.asset)}, draw a card"
    if isinstance(action, Repair):
        return f"tap {_nm(b, action.asset)}, remove one damage from {_nm(b, action.target)}"
    if isinstance(action, Place):
        key = t.cards[action.card]
        price = f" (cost {getattr(BOOK[key], 'cost', '?')})" if key in BOOK else ""
        return f"{_nm(b, action.card)}{price} face down beside {_nm(b, action.asset)}"
    if isinstance(action, Found):
        key = t.cards[action.card]
        price = f" (cost {getattr(BOOK[key], 'cost', '?')})" if key in BOOK else ""
        return f"{_nm(b, action.card)}{price} face down in the asset area"
    if isinstance(action, Allocate):
        a = b.asset(action.asset)
        assert a is not None
        power = b.asset_card(a).factory + a.bonus_power
        total = ""
        if t.cards[action.target] in BOOK:
            counters, cost = engine.progress(action.target)
            total = f" → {counters + power} of {cost}"
        return f"tap {_nm(b, a.uid)}: {power} construction counters on {_nm(b, action.target)}{total}"
    if isinstance(action, Cannibalize):
        return (f"deal {action.damage} damage to {_nm(b, action.ship)}: {_nm(b, action.asset)} gets"
                f" {action.damage} more construction power this turn")
    if isinstance(action, Swap):
        return f"tap {_nm(b, action.asset)}: {_nm(b, action.ship)} back to hand, {_nm(b, action.card)} takes its place"
    if isinstance(action, Flip):
        fd = b.asset(action.card)
        if fd is not None:
            return f"{_nm(b, action.card)} turns face up"
        slip_at = b.owner_of_slip(action.card)
        assert slip_at is not None
        host, side = slip_at
        if side == "upgrade":
            return f"{_nm(b, action.card)} turns face up under {_nm(b, host.uid)}"
        if t.cards[action.card] == HIDDEN:
            return f"{_nm(b, action.card)} turns face up beside {_nm(b, host.uid)}"
        orbital = action.orbital
        if orbital == -1:
            orbital = len(b.asset_card(host).orbitals) - 1 if b.card(action.card).has("screen") else 0
        return f"{_nm(b, action.card)} enters orbital {orbital} of {_nm(b, host.uid)}"
    if isinstance(action, Follow):
        return f"{_nm(b, action.ship)} comes along"
    if isinstance(action, Sacrifice):
        return f"{_nm(b, action.ship)} dives to the lowest orbital and is destroyed: no bombardment damage"
    if isinstance(action, Pass):
        return "decline"
    if isinstance(action, End):
        return "end of turn: untap, then debris damage"
    return None
