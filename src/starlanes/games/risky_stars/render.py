"""The terminal board of Risky Stars, drawn from one seat's view (never the state).

It fits 100 columns and, by default, 40 rows, whatever the number of players:

1. a header: round, whose turn, what is awaited (an alliance answer), the hero deck;
2. one line per player: regions and mouths held, units, stockpile and production per turn
   (Population/Metals/Fuel), alliance and share, heroes in reserve; then truces and open
   combats;
3. the galaxy overview: every star system in one cell (kind, name, who holds how many of its
   regions, ``!`` an open combat there);
4. the viewer's focus: the systems where it holds something or has an army (its home first),
   in detail: each body with its kind, resource, upgrade level and heroes, then its regions
   with holder and armies; then the system's lane mouths (where each lane leads, who holds
   the mouth, the armies there). A location reads ``P0 12`` (held by seat 0 with 12 units),
   ``P0 12+P2 3`` (an ally's army beside it), ``P1 8 x P0 5`` (an open combat, attackers
   first) or ``--`` (empty and unowned);
5. on the viewer's turn, its attack options with the odds of each (exact for small armies,
   else a Monte Carlo estimate, marked ``~``: ``ai_odds``);
6. the viewer's own summary: stockpile, what it buys, production, its heroes.

Systems that do not fit in the focus are named, and ``STARLANES_BOARD=full`` shows every
system (``STARLANES_BOARD=h2,f`` shows those systems); the odds of any fight come from
``starlanes odds risky-stars --attack N --defend M``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from starlanes.core import Action
from starlanes.core.state import Viewer
from starlanes.games.risky_stars.actions import Buy, Move, Place, hero_id
from starlanes.games.risky_stars.ai_odds import AttackOdds, attack_odds
from starlanes.games.risky_stars.board import Board, board_of
from starlanes.games.risky_stars.describe import describe_action
from starlanes.games.risky_stars.economy import affordable_units, body_owner
from starlanes.games.risky_stars.view import RiskyStarsView

__all__ = [
    "BOARD_ENV",
    "HEIGHT",
    "WIDTH",
    "RiskyStarsRenderer",
    "attack_options",
    "render_view",
    "seat_label",
]

BOARD_ENV = "STARLANES_BOARD"
"""``full``: every system in detail; a comma-separated list of system ids: those systems."""
WIDTH = 100
HEIGHT = 40
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
_RES = ("P", "M", "F")
_KIND = {"home": "H", "featured": "F", "minor": "m"}
_CLASS = {1: "I", 2: "II", 3: "III"}
_CELL = 33  # an overview cell: three a line
_ATTACKS = 5  # attack options shown


def seat_label(seat: int, color: bool = True) -> str:
    """``P3`` (styled with the seat's colour), ``--`` for nobody."""
    if seat < 0:
        return "--"
    text = f"P{seat}"
    return f"[{SEAT_STYLES[seat % len(SEAT_STYLES)]}]{text}[/]" if color else text


def _visible(text: str) -> int:
    """Columns ``text`` (Rich markup) takes on screen."""
    from rich.text import Text

    return len(Text.from_markup(text).plain)


def _wrap(chunks: Sequence[str], indent: str, width: int = WIDTH, sep: str = "   ") -> list[str]:
    """``chunks`` (markup) joined by ``sep`` into lines of at most ``width`` visible columns."""
    lines: list[str] = []
    line = ""
    size = 0
    for chunk in chunks:
        n = _visible(chunk)
        if line and size + len(sep) + n > width:
            lines.append(line)
            line, size = "", 0
        if not line:
            line, size = indent + chunk, len(indent) + n
        else:
            line, size = line + sep + chunk, size + len(sep) + n
    if line:
        lines.append(line)
    return lines


def _location_cell(view: RiskyStarsView, loc: int, color: bool) -> str:
    """Who holds ``loc`` and the armies there (see the module docstring)."""
    owner = view.owner[loc]
    armies = [(s, row[loc]) for s, row in enumerate(view.units) if row[loc]]
    combat = next((c for c in view.combats if c.at == loc), None)
    if combat is not None:
        attack = "+".join(f"{seat_label(s, color)} {view.units[s][loc]}" for s in combat.attackers)
        defend = "+".join(f"{seat_label(s, color)} {view.units[s][loc]}" for s in combat.defenders)
        return f"{attack} x {defend}"
    if owner < 0 and not armies:
        return "--"
    armies.sort(key=lambda a: (a[0] != owner, a[0]))
    if owner >= 0 and (not armies or armies[0][0] != owner):
        armies.insert(0, (owner, 0))
    return "+".join(f"{seat_label(s, color)} {n}" for s, n in armies)


def _region_label(b: Board, loc: int) -> str:
    """A region's id without its body's id when it starts with it (``h1b2`` in body ``h1b``: 2)."""
    rid = b.locations[loc]
    bid = b.bodies[b.body_of[loc]].id
    rest = rid[len(bid):].lstrip("-_") if rid.startswith(bid) else ""
    return rest or rid


def _body_chunks(view: RiskyStarsView, b: Board, body: int, color: bool, width: int) -> list[str]:
    """A body and its regions, as one piece or, when it is wider than ``width``, several."""
    bd = b.bodies[body]
    kind = bd.label.replace(" planet", "").replace("gas giant", "giant")
    head = f"{escape(bd.id)} {kind}·{_RES[b.body_resource[body]]}"
    if view.level[body]:
        head += f" L{view.level[body]}"
    if view.heroes[body]:
        head += " [" + ",".join(_CLASS.get(view.hero_class[h], "?") for h in view.heroes[body]) + "]"
    holder = body_owner(b, view.owner, body)
    if holder >= 0 and len(b.body_regions[body]) > 1:
        head += f" ({seat_label(holder, color)})"
    cells = [f"{escape(_region_label(b, r))}:{_location_cell(view, r, color)}" for r in b.body_regions[body]]
    return [piece.replace("  ", " ", 1) if i == 0 else piece
            for i, piece in enumerate(_wrap([head + " ", *cells], "", width=width, sep="  "))]


def system_lines(view: RiskyStarsView, si: int, color: bool = True) -> list[str]:
    """One system in detail: a header, its bodies and regions, its lane mouths."""
    b = board_of(view.star_map)
    system = view.star_map.systems[si]
    kind: str = system.kind
    if kind == "home" and system.id in view.homes:
        kind = f"home of {seat_label(view.homes.index(system.id), color)}"
    head = f"{escape(system.id)} {escape(system.name)} ({kind}, {system.region_count} regions)"
    lines = [head]
    chunks = [piece for body in range(len(b.bodies)) if b.body_system[body] == si
              for piece in _body_chunks(view, b, body, color, WIDTH - 2)]
    lines += _wrap(chunks, "  ")
    mouths = []
    for loc in range(b.n_regions, len(b.locations)):
        if b.system_of[loc] != si:
            continue
        far = b.far[loc]
        far_system = b.system_ids[b.system_of[far]]
        mouths.append(f"{escape(b.locations[loc])}>{escape(far_system)} {_location_cell(view, loc, color)}")
    if mouths:
        lines += _wrap(mouths, "  lanes ", sep="  ")
    return lines


def _overview_cell(view: RiskyStarsView, b: Board, si: int, id_width: int, color: bool) -> str:
    system = view.star_map.systems[si]
    held: dict[int, int] = {}
    for r in b.system_regions[si]:
        held[view.owner[r]] = held.get(view.owner[r], 0) + 1
    free = held.pop(-1, 0)
    ranked = sorted(held.items(), key=lambda kv: (-kv[1], kv[0]))
    parts = [f"{seat_label(s, color)}:{n}" for s, n in ranked[:2]]
    if len(ranked) > 2:
        parts.append(f"+{len(ranked) - 2}")
    if free:
        parts.append(f"-:{free}")
    fight = "!" if any(b.system_of[c.at] == si for c in view.combats) else " "
    name = system.name if len(system.name) <= 9 else system.name[:8] + "."
    sid = system.id if len(system.id) <= id_width else system.id[:id_width - 1] + "."
    text = f"{_KIND[system.kind]} {sid:<{id_width}} {name:<9}{fight} "
    return escape(text) + " ".join(parts)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _visible(text))


def overview_lines(view: RiskyStarsView, color: bool = True) -> list[str]:
    """Every system in a cell, as many cells a line as fit in 100 columns (three on generated
    maps)."""
    b = board_of(view.star_map)
    id_width = min(10, max(4, *(len(sid) for sid in b.system_ids)))
    cells = [_overview_cell(view, b, si, id_width, color) for si in range(len(b.system_ids))]
    cell = max(_CELL, max(_visible(c) for c in cells) + 2)
    per_line = max(1, (WIDTH - 1) // cell)
    lines = []
    for i in range(0, len(cells), per_line):
        row = cells[i:i + per_line]
        lines.append(" " + "".join(_pad(c, cell) for c in row[:-1]) + row[-1])
    return lines


def _num(n: int) -> str:
    """A count in at most 6 characters: ``12345``, ``123k``, ``12M``."""
    if n < 1_000_000:
        return str(n) if n < 100_000 else f"{n // 1000}k"
    return f"{n // 1_000_000}M"


def _player_lines(view: RiskyStarsView, b: Board, color: bool) -> list[str]:
    players = len(view.alive)
    lines = [" seat  regions mouths  units  stock P/M/F          income P/M/F         alliance  heroes"]
    for s in range(players):
        regions = sum(1 for r in range(b.n_regions) if view.owner[r] == s)
        mouths = sum(1 for m in range(b.n_regions, len(b.locations)) if view.owner[m] == s)
        units = sum(view.units[s])
        stock = "/".join(_num(x) for x in view.stock[s])
        income = "/".join(f"+{_num(x)}" for x in view.income[s])
        ally = f"A{view.alliance[s]} {view.share[s]}%" if view.alliance[s] >= 0 else "-"
        reserve = f"{view.reserve_sizes[s]} res"
        mark = ">" if s == view.current and not view.over else " "
        you = "*" if s == view.seat else " "
        status = "" if view.alive[s] else "  out"
        lines.append(f"{mark}{seat_label(s, color)}{you} {regions:>7} {mouths:>6} {_num(units):>6}  {stock:<20} "
                     f"{income:<20} {ally:<9} {reserve}{status}")
    return lines


def _status_lines(view: RiskyStarsView, b: Board, color: bool) -> list[str]:
    out = []
    truces = [f"{seat_label(t.a, color)}-{seat_label(t.b, color)} to round {t.until}"
              for t in view.truces if view.round <= t.until]
    if truces:
        out += _wrap(truces, "truces (no attacks): ", sep=", ")
    if view.combats:
        fights = [f"{escape(b.locations[c.at])} "
                  f"({'+'.join(seat_label(s, color) for s in c.attackers)} on "
                  f"{'+'.join(seat_label(s, color) for s in c.defenders)})" for c in view.combats]
        out += _wrap(fights, "open combats (resolved at round end): ", sep=", ")
    return out


def attack_options(view: RiskyStarsView, seat: int) -> list[tuple[str, str, int, int, AttackOdds]]:
    """Every attack ``seat`` could make with its one move now, with all the units it may move:
    ``(source, target, units, defenders, odds)``, best odds first."""
    if view.moved or view.current != seat or view.over or seat < 0:
        return []
    b = board_of(view.star_map)
    friends = {s for s in range(len(view.alive))
               if s == seat or (view.alliance[seat] >= 0 and view.alliance[s] == view.alliance[seat])}
    fighting = {c.at for c in view.combats}
    out = []
    for source, have in enumerate(view.units[seat]):
        if not have or source in fighting:
            continue
        movable = have - 1 if view.owner[source] == seat else have
        if movable <= 0:
            continue
        for target in b.destinations[source]:
            if target in fighting:
                continue
            defenders = sum(row[target] for s, row in enumerate(view.units) if s not in friends)
            if defenders:
                odds = attack_odds(view.params, movable, defenders)
                out.append((b.locations[source], b.locations[target], movable, defenders, odds))
    out.sort(key=lambda o: (-o[4].p_capture, o[0], o[1]))
    return out


def _odds_text(odds: AttackOdds) -> str:
    mark = "" if odds.exact else "~"
    return (f"take {mark}{odds.p_capture * 100:.1f}%, kills {mark}{odds.defender_losses:.1f}, "
            f"loses {mark}{odds.attacker_losses:.1f}")


def _attack_lines(view: RiskyStarsView, seat: int) -> list[str]:
    options = attack_options(view, seat)
    if not options:
        return []
    lines = [f"Attacks ({len(options)}; odds of one arrival, ~ estimated):"]
    for source, target, units, defenders, odds in options[:_ATTACKS]:
        lines.append(escape(f"  move {source} {target} {units}  vs {defenders}: {_odds_text(odds)}"))
    if len(options) > _ATTACKS:
        lines.append(f"  ... {len(options) - _ATTACKS} more (`actions` shows the odds of each)")
    return lines


def _own_lines(view: RiskyStarsView, seat: int, color: bool) -> list[str]:
    if seat < 0:
        return []
    p = view.params
    stock = view.stock[seat]
    inc = view.income[seat]
    words = [f"You {seat_label(seat, color)}: stock " + " ".join(f"{x} {r}" for x, r in zip(stock, _RES, strict=True))]
    if view.alliance[seat] >= 0:
        words.append(f"alliance units to place {view.to_place[seat]}")
    else:
        words.append(f"buys {affordable_units(p, stock)} units")
    words.append("income " + " ".join(f"+{x} {r}" for x, r in zip(inc, _RES, strict=True)))
    reserve = view.reserve or ()
    if reserve:
        words.append("heroes " + " ".join(f"{hero_id(h)}({_CLASS.get(view.hero_class[h], '?')})" for h in reserve))
    return _wrap(words, "", sep="; ")


def _focus(view: RiskyStarsView, b: Board, seat: int) -> list[int]:
    """Systems the viewer holds something in or has an army in: home first, then by its units."""
    if seat < 0:
        return list(range(len(b.system_ids)))
    units = [0] * len(b.system_ids)
    present = set()
    for loc, n in enumerate(view.units[seat]):
        if n:
            units[b.system_of[loc]] += n
            present.add(b.system_of[loc])
    for loc, o in enumerate(view.owner):
        if o == seat:
            present.add(b.system_of[loc])
    home = b.system_ids.index(view.homes[seat]) if seat < len(view.homes) else -1
    return sorted(present, key=lambda si: (si != home, -units[si], si))


def _chosen(b: Board) -> list[int] | None:
    """Systems ``STARLANES_BOARD`` asks for (None: the default focus)."""
    wanted = os.environ.get(BOARD_ENV, "").strip()
    if not wanted:
        return None
    if wanted == "full":
        return list(range(len(b.system_ids)))
    ids = [w.strip() for w in wanted.split(",") if w.strip()]
    picked = [b.system_ids.index(i) for i in ids if i in b.system_ids]
    return picked or None


def render_view(view: RiskyStarsView, viewer: Viewer | int | None = None, *, color: bool = True,
                systems: Sequence[int] | None = None, height: int = HEIGHT) -> str:
    """The board for ``viewer`` (default: the view's seat). ``systems``: show exactly these
    systems in detail (default: ``STARLANES_BOARD``, else the focus within ``height`` rows)."""
    seat = view.seat if not isinstance(viewer, int) else viewer
    b = board_of(view.star_map)
    head = f"Risky Stars - round {view.round} of {view.params.max_rounds}"
    if view.over:
        winners = ", ".join(seat_label(s, color) for s in view.winners) or "nobody"
        head += f" - game over: {escape(view.end_reason)}; winners {winners}"
    else:
        head += f" - {seat_label(view.current, color)}{' (you)' if view.current == seat else ''} to play"
        if view.moved:
            head += " (moved)"
        head += f" - hero deck {view.deck_size}"
    lines = [head]
    if view.offer_from >= 0:
        lines.append(f"Alliance proposal from {seat_label(view.offer_from, color)}: waiting for "
                     + ", ".join(seat_label(s, color) for s in view.offer_to) + " (accept / decline)")
    lines += _player_lines(view, b, color)
    lines += _status_lines(view, b, color)
    lines.append("Galaxy (holder:regions, -: unowned, ! combat):")
    lines += overview_lines(view, color)
    tail = _attack_lines(view, seat) + _own_lines(view, seat, color)
    chosen = list(systems) if systems is not None else _chosen(b)
    focus = chosen if chosen is not None else _focus(view, b, seat)
    budget = height - len(lines) - len(tail) - 1 if chosen is None else 10**9
    shown: list[int] = []
    body: list[str] = []
    for si in focus:
        part = system_lines(view, si, color)
        if len(body) + len(part) > budget and shown:
            continue
        if len(body) + len(part) > budget:
            part = part[:max(1, budget)]
        body += part
        shown.append(si)
    lines += body
    left = [b.system_ids[si] for si in focus if si not in shown]
    if left:
        hint = f"not shown ({BOARD_ENV}=full shows every system, {BOARD_ENV}={left[0]},... those): "
        names = " ".join(left)
        if len(hint) + len(names) > WIDTH:
            names = names[:WIDTH - len(hint) - 3].rsplit(" ", 1)[0] + " ..."
        lines.append(escape(hint + names))
    lines += tail
    return "\n".join(lines)


class RiskyStarsRenderer:
    """The entry's renderer: the board above, and actions with their odds."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    def render(self, view: RiskyStarsView, viewer: Viewer) -> str:
        return render_view(view, viewer)

    def describe_action(self, view: RiskyStarsView, action: Action) -> str | None:
        """What an action means. Counts are left out of the words (``N``), so that the terminal
        lists ``buy h1b1 N`` once for every N; a move into an enemy army gets the odds of that
        many units arriving (they differ with each count)."""
        p = view.params
        if isinstance(action, Buy):
            cost = " + ".join(f"{c} {r}" for c, r in zip(p.unit_cost, _RES, strict=True) if c)
            return f"buy N units ({cost} each) and put them on {action.location}"
        if isinstance(action, Place):
            return f"put N of your alliance's units on {action.location}"
        if isinstance(action, Move) and view.seat >= 0:
            b = board_of(view.star_map)
            source, target = b.index.get(action.source), b.index.get(action.target)
            if source is None or target is None:
                return describe_action(view, action)
            how = "cross the lane with N units to" if b.far[source] == target else "move N units to"
            combat = next((c for c in view.combats if c.at == target), None)
            seat = view.seat
            friends = {s for s in range(len(view.alive))
                       if s == seat or (view.alliance[seat] >= 0 and view.alliance[s] == view.alliance[seat])}
            defenders = sum(row[target] for s, row in enumerate(view.units) if s not in friends)
            if combat is not None:
                return f"{how} {action.target}, where a combat is open"
            if defenders and action.count > 0:
                odds = _odds_text(attack_odds(p, action.count, defenders))
                return f"attack the {defenders} units at {action.target} with {action.count}: {odds}"
            holder = view.owner[target]
            there = ("empty: you take it" if holder < 0 else "yours" if holder == seat
                     else f"held by your ally P{holder}" if holder in friends
                     else f"held by P{holder} with no army: you take it")
            return f"{how} {action.target} ({there})"
        return describe_action(view, action)
