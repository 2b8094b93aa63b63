"""The terminal drawing of a space-risk view.

The terminal board (:func:`render_view`) is a drawn map by default (:func:`render_map`:
each planet a box of its territories with its orbit and the ships there, lanes between the
boxes, the seats' colours as Rich styles; 100 columns), derived from the board file, so a
custom board is drawn too or, if it cannot be drawn in 100 columns, shown as the table.
The text table (planets as grids with each territory's neighbours, the lanes as a list)
stays for screen readers and narrow terminals: ``STARLANES_BOARD=table`` shows it instead
of the map, ``STARLANES_BOARD=both`` under it; without the variable the map is shown when
the terminal has at least 100 columns, else the table.

"""

from __future__ import annotations

import os
import shutil
import textwrap
from dataclasses import dataclass

from rich.markup import escape

from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.describe import income_text
from starlanes.games.space_risk.state import (
    CLAIM,
    DEPLOY,
    MAIN,
    MOVE_IN,
    OVER,
    PHASE_NAMES,
    REINFORCE,
    Ship,
)
from starlanes.games.space_risk.view import SpaceRiskView

__all__ = ["BOARD_ENV", "board_mode", "render_map", "render_view", "seat_style"]


def _who(seat: int) -> str:
    return "--" if seat < 0 else f"P{seat}"


def _infantry(view: SpaceRiskView, board: Board, seat: int) -> int:
    """Infantry on land and aboard transports (as the final score counts them)."""
    land = sum(view.armies[t] for t in range(board.land_count) if view.owner[t] == seat)
    return land + sum(sh.cargo for sh in view.ships if sh.owner == seat)


def _short(name: str, prefix: str) -> str:
    return name.removeprefix(prefix) if name.startswith(prefix) and len(name) > len(prefix) else name


def _wrap(items: list[str], indent: str = "  ", width: int = 80, sep: str = "  ") -> list[str]:
    """``items`` joined by ``sep`` in lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    end = sep.rstrip()  # a line that breaks a list keeps its separator: "a, b," / "c"
    for item in items:
        if line and len(indent) + len(line) + len(sep) + len(item) + len(end) > width:
            lines.append(indent + line + end)
            line = ""
        line = item if not line else line + sep + item
    if line:
        lines.append(indent + line)
    return lines


def _planet_lines(view: SpaceRiskView, board: Board, pi: int) -> list[str]:
    """One planet in a few lines: a header, then a grid of cells ``3* P0 12 2,4,O``: territory
    (``*``: the spaceport), holder, infantry, neighbours (``O``: the space beside it)."""
    planet = board.planets[pi]
    prefix = planet.name + "-"
    space = sorted({x for t in planet.territories for x in board.space_adj[t]})
    space_label = {x: ("O" if len(space) == 1 else f"O{i + 1}") for i, x in enumerate(space)}
    parts = [f"worth {planet.net_worth}"]
    parts.append(f"spaceport {board.names[planet.port]}" if planet.port >= 0 else "no spaceport")
    if space:
        parts.append(", ".join(f"{space_label[x]} = {board.names[x]}" for x in space))
    holder = view.planet_holder[pi]
    if holder >= 0:
        parts.append(f"all held by P{holder}")
    lines = [f"{planet.name}: " + "; ".join(parts)]
    labels = [_short(board.names[t], prefix) for t in planet.territories]
    wide = max(len(label) for label in labels)
    cells = []
    for t, label in zip(planet.territories, labels, strict=True):
        near = [_short(board.names[x], prefix) for x in board.land_adj[t]]
        near += [space_label[x] for x in board.space_adj[t]]
        port = "*" if board.port_at[t] >= 0 else " "
        cells.append(f"{label:>{wide}}{port} {_who(view.owner[t])} {view.armies[t]:>2} {','.join(near)}")
    cell_width = max(len(c) for c in cells)
    per_row = max(1, (80 - 2 + 2) // (cell_width + 2))
    for i in range(0, len(cells), per_row):
        row = cells[i:i + per_row]
        lines.append("  " + "  ".join(c.ljust(cell_width) for c in row).rstrip())
    return lines


def _ship_text(view: SpaceRiskView, s: Ship) -> str:
    """``S6 B`` (battleship; ``B2`` carrying 2), ``S9 T3`` (transport carrying 3), `` new`` while
    it waits, `` moved``."""
    text = f"S{s.id} " + (("B" + (str(s.cargo) if s.cargo else "")) if s.kind == 0 else f"T{s.cargo}")
    if view.turns_taken[s.owner] - s.built_turn < view.params.ship_wait_turns:
        text += " new"
    elif s.moved and s.owner == view.current:
        text += " moved"
    return text


def _fleet_lines(view: SpaceRiskView, board: Board) -> list[str]:
    """Ships grouped by space territory (one player's ships per territory)."""
    if not view.ships:
        return ["Ships: none"]
    groups = []
    for t in range(board.land_count, board.territory_count):
        here = sorted((s for s in view.ships if s.at == t), key=lambda s: s.id)
        if here:
            groups.append(f"{board.names[t]} P{here[0].owner}: " + ", ".join(_ship_text(view, s) for s in here))
    return ["Ships (B battleship, T3 transport carrying 3; new: waits a turn before moving):", *_wrap(groups, sep="; ")]


def _table_lines(view: SpaceRiskView, board: Board) -> list[str]:
    """The board as text: planets as grids of cells, then the space lanes."""
    lines = ["Territory cells: NUMBER(* spaceport) HOLDER INFANTRY NEIGHBOURS (O: orbit)"]
    for pi in range(len(board.planets)):
        lines.extend(_planet_lines(view, board, pi))
    lanes = []
    for t in range(board.land_count, board.territory_count):
        onward = [x for x in board.space_adj[t] if x > t]
        if onward:
            star = "*" if board.asteroid[t] else ""
            lanes.append(f"{board.names[t]}{star}: " + ",".join(
                board.names[x] + ("*" if board.asteroid[x] else "") for x in onward))
    lines.append("Space lanes from each space territory (* asteroid field: defending dice +1):")
    lines.extend(_wrap(lanes, sep="   ") if lanes else ["  none"])
    return lines


def render_view(view: SpaceRiskView, board: Board, mode: str | None = None, color: bool = True) -> str:
    """The board and the viewer's essentials: the drawn map (:func:`render_map`, Rich markup
    for the seats' colours unless ``color`` is off) and/or the text table of planets and
    lanes (for screen readers), then ships, players, the viewer's cards and objectives and
    what to do now, just above the prompt.  ``mode``: ``map``, ``table`` or ``both``
    (default :func:`board_mode`, from ``STARLANES_BOARD``); a board the map cannot draw in
    100 columns is shown as the table.  Lines other than the map's are at most 80 columns."""
    me = view.seat
    header = f"{board.name} - round {view.round}, turn {view.turn}, {view.phase}"
    if view.phase != PHASE_NAMES[OVER]:
        header += f", P{view.current}{' (you)' if view.current == me else ''} to act"
    mode = mode or board_mode()
    drawn = render_map(view, board, color) if mode in ("map", "both") else None
    top = [header] if drawn is None else [escape(header) if color else header]
    lines: list[str] = []
    if drawn is None or mode == "both":
        lines.extend(_table_lines(view, board))
    lines.extend(_fleet_lines(view, board))
    seats = range(len(view.alive))
    lines.extend([
        f"P{s}{' (you)' if s == me else ''}{'' if view.alive[s] else ' (out)'}: "
        f"{sum(1 for t in range(board.land_count) if view.owner[t] == s)} terr, "
        f"{_infantry(view, board, s)} inf, "
        f"{sum(1 for sh in view.ships if sh.owner == s)} ships, {view.hand_sizes[s]} cards, "
        f"{view.stars[s]}/{view.params.stars_to_win} stars" for s in seats])
    if view.all_hands is not None and view.all_objectives is not None and view.all_goals is not None:
        for seat in seats:
            cards = " ".join(board.card_names[c] for c in view.all_hands[seat]) or "none"
            missions = " ".join([board.objectives[i].id for i in view.all_objectives[seat]]
                                + [board.goals[i].id for i in view.all_goals[seat]]) or "none"
            lines.append(f"P{seat} cards: {cards}; objective and goal cards: {missions}")
    if view.hand is not None:
        kinds = ("infantry", "horse", "cannon")
        hand = [f"{board.card_names[c]} ({'special' if board.card_kind[c] < 0 else kinds[board.card_kind[c]]})"
                for c in view.hand]
        items = hand or ["none"]
        items[0] = f"Your cards (a set trades for {board.trade_value(view.sets_traded)} now): " + items[0]
        lines.extend(_wrap(items, indent="", sep=", "))
    if view.my_objectives is not None and view.my_goals is not None:
        for i in view.my_objectives:
            c = board.objectives[i]
            lines.append(f"Objective {c.id}: {c.text} (reward {c.reward})")
        for i in view.my_goals:
            c = board.goals[i]
            lines.append(f"Goal {c.id}: {c.text} (reward {c.reward}, {c.stars} star)")
    lines.extend(_status(view, board))
    # Long free text (a game-over reason, a custom board's card texts) is wrapped to 80 columns.
    text = [part for line in lines
            for part in (textwrap.wrap(line, 80, subsequent_indent="  ") if len(line) > 80 else [line])]
    if drawn is not None and color:
        text = [escape(line) for line in text]  # the map is Rich markup: so is everything around it
    return "\n".join([*top, *(drawn or []), *text])


def _status(view: SpaceRiskView, board: Board) -> list[str]:
    """What the player to act does now (the last lines, just above the prompt)."""
    phase = view.phase
    mine = view.current == view.seat
    if phase in (PHASE_NAMES[DEPLOY], PHASE_NAMES[CLAIM]):
        left = ", ".join(f"P{s} {n}" for s, n in enumerate(view.to_deploy))
        how = "'claim TERRITORY'" if phase == PHASE_NAMES[CLAIM] else "'place TERRITORY count=N'"
        return [f"Starting infantry left: {left}", f"Your turn: {how}" if mine else f"P{view.current} places"]
    if phase == PHASE_NAMES[REINFORCE]:
        income = "" if view.income is None else f" (this turn: {income_text(board, view.income)})"
        lines = [f"Reinforcements to place: {view.pool}{income}"]
        if mine and view.hand is not None and len(view.hand) >= 3:
            forced = view.params.forced_trade_hand
            must = forced > 0 and len(view.hand) >= forced
            lines.append(("You must trade a set first" if must else "Trade a set first if you like")
                         + " ('actions' lists your sets); then 'place TERRITORY count=N'")
        elif mine:
            lines.append("Place them: 'place TERRITORY' (one) or 'place TERRITORY count=N'")
        return lines
    if phase == MOVE_IN:
        return [f"P{view.current} took {board.names[view.move_to]}: move 1 to {view.move_max} infantry in ('move N')"]
    if phase == PHASE_NAMES[MAIN]:
        lines = []
        if mine and view.income is not None and view.income.lost:
            lines.append(f"Reinforcements this turn: {income_text(board, view.income)}")
        if mine:
            ports = [p.name for pi, p in enumerate(board.planets)
                     if p.port >= 0 and view.owner[p.port] == view.seat
                     and view.owner[p.launch] in (-1, view.seat)
                     and view.round - view.port_used[pi] >= view.params.spaceport_interval]
            if ports:
                lines.append("Spaceports ready: " + ", ".join(ports) + " ('build PLANET battleship')")
            if view.conquests:
                took = "1 territory" if view.conquests == 1 else f"{view.conquests} territories"
                lines.append(f"You took {took} this turn: a card at the end of it")
        if view.params.ship_move_any_time or not view.ship_moves_over:
            lines.append("Fly ships first (the beginning of the turn), then attack, load/unload, build; "
                         "then 'fortify FROM TO N' or 'end'")
        else:
            lines.append("Attack, load/unload ships, build; then 'fortify FROM TO N' or 'end'")
        return lines
    return [f"Game over: {view.end_reason}"]


# ------------------------------------------------------------------------------ the drawn map

BOARD_ENV = "STARLANES_BOARD"
"""``map`` (the default where it fits), ``table`` (the text table, for screen readers) or
``both`` (the map, then the table)."""
MAP_WIDTH = 100
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
_BOX_W = 28  # a planet's box, borders included
_GAP_W = 8  # columns between two boxes: a horizontal lane's label
_GAP_H = 3  # rows between two boxes: a vertical or diagonal lane's label
_COLS = 3  # boxes per row: 3 * 28 + 2 * 8 = 100 columns
_MAX_ROWS = 3


def seat_style(seat: int) -> str:
    """The Rich style of a seat's colour (``dim`` for nobody)."""
    return "dim" if seat < 0 else SEAT_STYLES[seat % len(SEAT_STYLES)]


class _Canvas:
    """Characters with a Rich style each, written as Rich markup one line at a time."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        line = self.chars[row]
        for i, ch in enumerate(text):
            if 0 <= col + i < len(line):
                line[col + i] = ch
                self.styles[row][col + i] = style

    def lines(self, color: bool) -> list[str]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            if not color:
                out.append("".join(chars).rstrip())
                continue
            parts: list[str] = []
            start = 0
            for i in range(1, len(chars) + 1):
                if i == len(chars) or styles[i] != styles[start]:
                    text = escape("".join(chars[start:i]))
                    parts.append(f"[{styles[start]}]{text}[/]" if styles[start] and text.strip() else text)
                    start = i
            out.append("".join(parts).rstrip())
        return out


@dataclass(frozen=True, slots=True)
class _Lane:
    """A lane drawn between two planets: the space territory between their orbits (``via``,
    -1 when the two orbits touch), or listed under the map when the two boxes are not neighbours."""

    a: int
    b: int
    via: int


def _orbits(board: Board, pi: int) -> list[int]:
    """The space territories beside a planet's land, in board order."""
    return sorted({x for t in board.planets[pi].territories for x in board.space_adj[t]})


def _lanes(board: Board) -> tuple[list[_Lane], list[int]]:
    """Lanes between planets (through one lane territory, or orbit to orbit), and the space
    territories that are neither an orbit nor such a lane (listed under the map)."""
    orbit_of: dict[int, int] = {}
    for pi in range(len(board.planets)):
        for x in _orbits(board, pi):
            orbit_of.setdefault(x, pi)
    lanes: list[_Lane] = []
    loose: list[int] = []
    for t in range(board.land_count, board.territory_count):
        if t in orbit_of:
            for x in board.space_adj[t]:
                if x in orbit_of and x > t and orbit_of[x] != orbit_of[t]:
                    lanes.append(_Lane(orbit_of[t], orbit_of[x], -1))
            continue
        ends = sorted({orbit_of[x] for x in board.space_adj[t] if x in orbit_of})
        if len(ends) == 2 and all(x in orbit_of for x in board.space_adj[t]):
            lanes.append(_Lane(ends[0], ends[1], t))
        else:
            loose.append(t)
    return lanes, loose


def _placement(n: int, rows: int, edges: list[tuple[int, int]]) -> list[int]:
    """A cell (row * 3 + col) per planet so that as many lanes as possible join neighbouring
    boxes (side by side or one above the other: 3 points; corner to corner: 2), by hill
    climbing over swaps from a start in board order (deterministic)."""
    cells = rows * _COLS

    def score(place: list[int]) -> int:
        total = 0
        corners: set[tuple[int, int]] = set()
        for a, b in edges:
            ra, ca = divmod(place[a], _COLS)
            rb, cb = divmod(place[b], _COLS)
            if abs(ra - rb) + abs(ca - cb) == 1:
                total += 3
            elif abs(ra - rb) == 1 and abs(ca - cb) == 1:
                corner = (min(ra, rb), min(ca, cb))
                total += 2 if corner not in corners else 0
                corners.add(corner)
        return total

    degree = [sum(1 for a, b in edges if p in (a, b)) for p in range(n)]
    best_place: list[int] = []
    best = -1
    # Start with the best connected planet in each cell of the first row.
    for start in range(min(_COLS, cells)):
        order = sorted(range(n), key=lambda p: -degree[p])
        free = [start] + [c for c in range(cells) if c != start]
        place = [0] * n
        for p, cell in zip(order, free, strict=False):
            place[p] = cell
        current = score(place)
        improved = True
        while improved:
            improved = False
            for p in range(n):
                for cell in range(cells):
                    other = next((q for q in range(n) if place[q] == cell), None)
                    old = place[p]
                    if cell == old:
                        continue
                    place[p] = cell
                    if other is not None:
                        place[other] = old
                    new = score(place)
                    if new > current:
                        current = new
                        improved = True
                    else:
                        place[p] = old
                        if other is not None:
                            place[other] = cell
        if current > best:
            best, best_place = current, list(place)
    return best_place


def _ships_text(view: SpaceRiskView, at: int) -> tuple[str, int]:
    """The ships on one space territory (``S1 T4 S3 B``) and their owner (-1: none)."""
    here = sorted((s for s in view.ships if s.at == at), key=lambda s: s.id)
    if not here:
        return "", -1
    return " ".join(_ship_text(view, s) for s in here), here[0].owner


def _box(view: SpaceRiskView, board: Board, pi: int, canvas: _Canvas, top: int, left: int, height: int) -> bool:
    """Draw planet ``pi``'s box; False if its territories do not fit the box's width."""
    planet = board.planets[pi]
    prefix = planet.name + "-"
    inner = _BOX_W - 2
    labels = [_short(board.names[t], prefix) for t in planet.territories]
    wide = max(len(label) for label in labels)
    cell_w = wide + 1 + 2 + 3  # label, spaceport mark, holder, infantry
    if cell_w > inner:
        return False
    per_line = max(1, (inner + 1) // (cell_w + 1))
    holder = view.planet_holder[pi]
    title = f" {planet.name} ({planet.net_worth}) "
    tail = f" all P{holder} " if holder >= 0 else ""
    canvas.put(top, left, "┌" + "─" * inner + "┐")
    canvas.put(top, left + 2, title[: inner - 2], "bold")
    if tail and len(title) + len(tail) + 2 <= inner:
        canvas.put(top, left + _BOX_W - 1 - len(tail) - 1, tail, seat_style(holder))
    for r in range(1, height - 1):
        canvas.put(top + r, left, "│")
        canvas.put(top + r, left + _BOX_W - 1, "│")
    canvas.put(top + height - 1, left, "└" + "─" * inner + "┘")
    row = top + 1
    for i in range(0, len(planet.territories), per_line):
        col = left + 1
        for t, label in zip(planet.territories[i:i + per_line], labels[i:i + per_line], strict=True):
            port = "*" if board.port_at[t] >= 0 else " "
            canvas.put(row, col, f"{label:>{wide}}{port}")
            canvas.put(row, col + wide + 1, _who(view.owner[t]), seat_style(view.owner[t]))
            canvas.put(row, col + wide + 3, f"{view.armies[t]:>3}", seat_style(view.owner[t]))
            col += cell_w + 1
        row += 1
    for x in _orbits(board, pi):
        name = _short(board.names[x], prefix) + ("*" if board.asteroid[x] else "")
        ships, owner = _ships_text(view, x)
        text = f"○ {name}: " + (ships or "no ships")
        if len(text) > inner:
            text = text[: inner - 1] + "…"
        if row < top + height - 1:
            canvas.put(row, left + 1, text[: len(name) + 3])
            canvas.put(row, left + 1 + len(name) + 3, text[len(name) + 3:], seat_style(owner) if ships else "dim")
        row += 1
    return True


def _box_height(board: Board, pi: int) -> int:
    planet = board.planets[pi]
    prefix = planet.name + "-"
    wide = max(len(_short(board.names[t], prefix)) for t in planet.territories)
    per_line = max(1, (_BOX_W - 1) // (wide + 7))
    return 2 + -(-len(planet.territories) // per_line) + len(_orbits(board, pi))


def _lane_label(view: SpaceRiskView, board: Board, lane: _Lane) -> tuple[str, str]:
    if lane.via < 0:
        return "", ""
    _ships, owner = _ships_text(view, lane.via)
    name = board.names[lane.via] + ("*" if board.asteroid[lane.via] else "")
    return name, seat_style(owner) if owner >= 0 else ""


def render_map(view: SpaceRiskView, board: Board, color: bool = True) -> list[str] | None:
    """The board drawn in at most 100 columns: each planet a box of its territories
    (``3*P0 12``: territory 3, ``*`` its spaceport, held by P0 with 12 infantry) with its orbit
    and the ships there; lanes between orbits drawn between the boxes (``*``: an asteroid
    field), coloured by the seat whose ships hold them; lanes between boxes that are not
    neighbours are listed under it.  ``None`` when the board cannot be drawn in that width
    (too many planets, names too long): the caller shows the table instead."""
    n = len(board.planets)
    rows = -(-n // _COLS)
    if n == 0 or rows > _MAX_ROWS:
        return None
    lanes, loose = _lanes(board)
    place = _placement(n, rows, [(lane.a, lane.b) for lane in lanes])
    heights = [max([_box_height(board, p) for p in range(n) if place[p] // _COLS == r] or [0])
               for r in range(rows)]
    tops = [sum(heights[:r]) + _GAP_H * r for r in range(rows)]
    canvas = _Canvas(MAP_WIDTH, sum(heights) + _GAP_H * (rows - 1))
    for p in range(n):
        r, c = divmod(place[p], _COLS)
        if not _box(view, board, p, canvas, tops[r], c * (_BOX_W + _GAP_W), heights[r]):
            return None
    undrawn: list[_Lane] = []
    corners: set[tuple[int, int]] = set()
    for lane in lanes:
        (ra, ca), (rb, cb) = divmod(place[lane.a], _COLS), divmod(place[lane.b], _COLS)
        label, style = _lane_label(view, board, lane)
        if ra == rb and abs(ca - cb) == 1:  # side by side: along the middle of the row
            left = min(ca, cb) * (_BOX_W + _GAP_W) + _BOX_W
            row = tops[ra] + heights[ra] // 2
            text = label[:_GAP_W].center(_GAP_W, "─") if label else "─" * _GAP_W
            canvas.put(row, left, text, style)
            canvas.put(row, left - 1, "┤")
            canvas.put(row, left + _GAP_W, "├")
        elif ca == cb and abs(ra - rb) == 1:  # one above the other
            col = ca * (_BOX_W + _GAP_W) + _BOX_W // 2
            top = tops[min(ra, rb)] + heights[min(ra, rb)]
            for row, joint in ((top - 1, "┬"), (top + 3, "┴")):
                if canvas.chars[row][col] == "─":  # not through a planet's name
                    canvas.put(row, col, joint)
            canvas.put(top, col, "│")
            canvas.put(top + 1, col - len(label) // 2, label, style)
            canvas.put(top + 2, col, "│")
        elif abs(ra - rb) == 1 and abs(ca - cb) == 1 and (min(ra, rb), min(ca, cb)) not in corners:
            corners.add((min(ra, rb), min(ca, cb)))
            left = min(ca, cb) * (_BOX_W + _GAP_W) + _BOX_W
            top = tops[min(ra, rb)] + heights[min(ra, rb)]
            down_right = (ra < rb) == (ca < cb)
            canvas.put(top, left - 1 if down_right else left + _GAP_W, "╲" if down_right else "╱")
            canvas.put(top + 1, left + (_GAP_W - len(label[:_GAP_W])) // 2, label[:_GAP_W], style)
            canvas.put(top + 2, left + _GAP_W if down_right else left - 1, "╲" if down_right else "╱")
        else:
            undrawn.append(lane)
    lines = canvas.lines(color)
    extra = []
    for lane in undrawn:
        via = board.names[lane.via] + ("*" if board.asteroid[lane.via] else "") if lane.via >= 0 else ""
        extra.append(f"{board.planets[lane.a].name} ─{f' {via} ─' if via else ''} {board.planets[lane.b].name}")
    for t in loose:
        extra.append(f"{board.names[t]}{'*' if board.asteroid[t] else ''}: "
                     + ", ".join(board.names[x] for x in board.space_adj[t]))
    if extra:
        lines.extend(_wrap(["Lanes not drawn: " + extra[0], *extra[1:]], indent="", width=MAP_WIDTH, sep="; "))
    lines.append("Map: 3*P0 12 = territory 3 (* spaceport) held by P0 with 12 infantry; ○ orbit and "
                 "ships; * asteroids")
    return lines


def board_mode() -> str:
    """How the board is shown: ``map``, ``table`` or ``both`` (``STARLANES_BOARD``; default:
    the map when the terminal has 100 columns, else the table)."""
    mode = os.environ.get(BOARD_ENV, "").strip().lower()
    if mode in ("map", "table", "both"):
        return mode
    return "map" if shutil.get_terminal_size((MAP_WIDTH, 50)).columns >= MAP_WIDTH else "table"
