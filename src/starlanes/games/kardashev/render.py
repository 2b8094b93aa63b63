"""Kardashev at the terminal: the hex board and the players, drawn from one seat's view only.

The board is the hexagon of 37 spaces drawn as flat-topped hexes, north at the top (the
north corner ``0,-3`` is the topmost hex). Each hex shows three lines:

- its coordinates ``q,r`` (blue for the blue zone, plain for the white zone), marked ``*``
  when the viewer may place a tile there now and ``!`` when it is under attack;
- the tile: its symbols ``F`` food, ``M`` matter, ``E`` energy, ``X`` military (lower case:
  added by Terraform or Accretion), ``#########`` a destroyed planet, ``empty`` explored empty
  space, ``~ ~ ~`` an unexplored blue space and ``. . .`` an unexplored white one;
- the pieces: ``0:C2`` seat 0's level-2 colony, ``1:F3`` seat 1's level-3 fleet (one owner:
  ``0:C2 F1``), each in its seat's colour.

Below the board: a legend, each seat (role, team, resources, supplies, score, technologies;
``*`` marks the ones used through ``use``), the round (tiles on offer, bids, turn order,
actions used, what is being waited for, an attack in progress) and the bag.

Everything comes from the view a seat is given (``KardashevView``): nothing hidden (the bag's
order, sealed bids) can show. Text is Rich markup; every line fits in 100 columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from rich.markup import escape

from starlanes.core.actions import Action
from starlanes.core.state import GM, Viewer
from starlanes.games.kardashev import actions as k
from starlanes.games.kardashev.board import MoveMap, MovePlan, exploration_cells, plan_move, reachable
from starlanes.games.kardashev.content import Content, load_content
from starlanes.games.kardashev.state import Cell, KardashevView, Offer, Player, Task
from starlanes.games.kardashev.techs import player_effects

__all__ = [
    "SEAT_STYLES",
    "WIDTH",
    "KardashevRenderer",
    "board_lines",
    "describe_action",
    "move_plan",
    "render_view",
    "symbols_text",
]

WIDTH = 100
SEAT_STYLES = ("bold red", "bold green", "bold yellow", "bold magenta", "bold cyan", "bold bright_white")
LETTER = {"food": "F", "matter": "M", "energy": "E", "military": "X"}
SYMBOL_STYLE = {"F": "green", "M": "bright_white", "E": "yellow", "X": "red"}
ORDER = ("military", "food", "matter", "energy")

# Hex geometry: half height H lines, top edge E characters. A hex's box is (2H + E + 2) wide
# and 2H + 1 high; the next column starts E + H to the right, H lines lower or higher.
H = 2
E = 9
STEP_X = E + H
INNER = (
    (H + 1, H + E),  # line 1: coordinates (9 characters)
    (H, H + E + 1),  # line 2: the tile (11 characters)
    (H, H + E + 1),  # line 3: the pieces (11 characters)
)


@cache
def _content() -> Content:
    return load_content()


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _who(seat: int, viewer: Viewer) -> str:
    name = f"seat {seat}"
    if viewer is not GM and viewer == seat:
        name += " (you)"
    style = seat_style(seat)
    return f"[{style}]{name}[/{style}]"


def symbols_text(symbols: Sequence[str], terraformed: Sequence[str] = ()) -> str:
    """``X+F``; terraformed symbols in lower case (``X+F+m``); ``empty`` for no symbol."""
    printed = [s for s in ORDER if s in symbols]
    added = [s for s in ORDER if s in terraformed and s not in symbols]
    parts = [LETTER[s] for s in printed] + [LETTER[s].lower() for s in added]
    return "+".join(parts) if parts else "empty"


def _tile_name(symbols: Sequence[str], back: str) -> str:
    if not symbols:
        return "empty space"
    return f"planet {symbols_text(symbols)} (back: {back})"


# --- the board -------------------------------------------------------------------------------


class _Canvas:
    """A grid of characters with a style per character, written out as Rich markup."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        row = self.chars[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < len(row):
                row[x + i] = ch
                self.styles[y][x + i] = style

    def lines(self) -> list[str]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            parts: list[str] = []
            i = 0
            end = len(chars)
            while end > 0 and chars[end - 1] == " ":
                end -= 1
            while i < end:
                j = i
                while j < end and styles[j] == styles[i]:
                    j += 1
                text = "".join(chars[i:j])
                if "[" in text or text.endswith("\\"):  # a trailing backslash would escape the tag after it
                    text = escape(text)
                parts.append(f"[{styles[i]}]{text}[/{styles[i]}]" if styles[i] and text.strip() else text)
                i = j
            out.append("".join(parts))
        return out


def _origin(q: int, r: int, radius: int) -> tuple[int, int]:
    """Top-left corner of the hex box of cell ``(q, r)``."""
    return (q + radius) * STEP_X, (2 * r + q + 2 * radius) * H


def _outline(canvas: _Canvas, x0: int, y0: int) -> None:
    canvas.put(x0 + H + 1, y0, "_" * E, "dim")
    for i in range(1, H + 1):
        canvas.put(x0 + H + 1 - i, y0 + i, "/", "dim")
        canvas.put(x0 + H + E + i, y0 + i, "\\", "dim")
        canvas.put(x0 + i, y0 + H + i, "\\", "dim")
        canvas.put(x0 + 2 * H + E + 1 - i, y0 + H + i, "/", "dim")
    canvas.put(x0 + H + 1, y0 + 2 * H, "_" * E, "dim")


def _centre(canvas: _Canvas, x0: int, y: int, line: int, pieces: list[tuple[str, str]]) -> None:
    """Write styled ``pieces`` centred in content line ``line`` (0..2) of the hex at ``x0``."""
    left, right = INNER[line]
    width = right - left + 1
    total = sum(len(text) for text, _ in pieces)
    x = x0 + left + max(0, (width - total) // 2)
    for text, style in pieces:
        text = text[: max(0, x0 + right + 1 - x)]
        canvas.put(x, y, text, style)
        x += len(text)


def _tile_pieces(cell: Cell) -> list[tuple[str, str]]:
    if cell.tile is None:
        return [("~ ~ ~ ~", "blue")] if cell.zone == "blue" else [(". . . .", "dim")]
    if cell.tile == "destroyed":
        shown = [s for s in cell.terraformed]
        if shown:  # an Accretion Device symbol on a destroyed tile (the rules make it a planet)
            return [("#", "dim red"), (symbols_text([], shown), "bold"), ("#", "dim red")]
        return [("#########", "dim red")]
    if cell.tile == "empty" or not cell.all_symbols:
        return [("empty", "dim")]
    out: list[tuple[str, str]] = []
    for s in ORDER:
        if s in cell.symbols or s in cell.terraformed:
            if out:
                out.append((" ", ""))
            letter = LETTER[s] if s in cell.symbols else LETTER[s].lower()
            out.append((letter, SYMBOL_STYLE[LETTER[s]]))
    return out


def _piece_pieces(cell: Cell) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if cell.colony is not None and cell.colony_level:
        out.append((f"{cell.colony}:C{cell.colony_level}", seat_style(cell.colony)))
    if cell.fleet is not None and cell.fleet_level:
        if out:
            out.append((" ", ""))
        text = f"F{cell.fleet_level}" if cell.fleet == cell.colony else f"{cell.fleet}:F{cell.fleet_level}"
        out.append((text, seat_style(cell.fleet)))
    return out


def _radius(cells: Sequence[Cell]) -> int:
    return max(max(abs(c.q), abs(c.r), abs(c.q + c.r)) for c in cells)


def board_lines(view: KardashevView, viewer: Viewer) -> list[str]:
    """The hex board as Rich-markup lines (at most 81 columns for the standard board)."""
    radius = _radius(view.cells)
    width = 2 * radius * STEP_X + 2 * H + E + 2
    height = 4 * radius * H + 2 * H + 1
    canvas = _Canvas(width, height)
    marked = _placeable(view, viewer)
    target = view.battle.target if view.battle is not None else -1
    for cell in view.cells:
        x0, y0 = _origin(cell.q, cell.r, radius)
        _outline(canvas, x0, y0)
    for index, cell in enumerate(view.cells):
        x0, y0 = _origin(cell.q, cell.r, radius)
        name = f"{cell.q},{cell.r}"
        mark = "!" if index == target else "*" if index in marked else ""
        name_style = "blue" if cell.zone == "blue" else ""
        _centre(canvas, x0, y0 + 1, 0, [(name, name_style), (mark, "bold reverse")] if mark else [(name, name_style)])
        _centre(canvas, x0, y0 + 2, 1, _tile_pieces(cell))
        _centre(canvas, x0, y0 + 3, 2, _piece_pieces(cell))
    return canvas.lines()


def _placeable(view: KardashevView, viewer: Viewer) -> set[int]:
    """Cells where the viewer's waiting tile may go: the cells of its placement task, or, for the
    tile it won in the bidding (placed at the start of its turn), the unexplored cells the blue
    rule allows (K-X01, K-X02)."""
    if viewer is GM:
        return set()
    if view.tasks:
        task = view.tasks[0]
        return set(task.cells) if task.seat == viewer and task.kind == "place" else set()
    if view.phase == "turn" and view.active == viewer and view.seats[viewer].tile is not None:
        return set(_open_cells(view))
    return set()


def _open_cells(view: KardashevView) -> list[int]:
    explored = frozenset((c.q, c.r) for c in view.cells if c.tile is not None)
    allowed = exploration_cells(_content().board, explored, view.params.blue_threshold)
    return [i for i, c in enumerate(view.cells) if (c.q, c.r) in allowed]


# --- players and the round -------------------------------------------------------------------


def _tech_label(key: str, content: Content) -> str:
    tech = content.techs.get(key)
    if tech is None:
        return key
    return f"{tech.name} {tech.level}{'*' if tech.tech_action else ''}"


def _team_text(view: KardashevView, seat: int) -> str:
    for team in view.teams:
        if seat in team and len(team) > 1:
            allies = [s for s in team if s != seat]
            return f", ally of seat {', '.join(str(s) for s in allies)}"
    return ""


def player_lines(view: KardashevView, viewer: Viewer) -> list[str]:
    """Each seat: role, ally, hand, supplies, score, techs (and the viewer's role ability)."""
    content = _content()
    lines: list[str] = []
    for seat, player in enumerate(view.seats):
        role = content.roles.get(player.role) if player.role is not None else None
        role_name = role.name if role is not None else "no role yet"
        score = view.scores[seat] if seat < len(view.scores) else 0
        out = " [dim](eliminated)[/dim]" if player.eliminated else ""
        lines.append(
            f"{_who(seat, viewer)} [bold]{escape(role_name)}[/bold]{escape(_team_text(view, seat))}{out} · "
            f"food {player.food} matter {player.matter} energy {player.energy} · "
            f"supply {player.colonies_supply} colony / {player.fleets_supply} fleet pieces · score {score}"
        )
        lines.append("    " + escape(_techs_text(player, content)))
        if role is not None and viewer is not GM and viewer == seat:
            lines.append("    " + escape(f"ability: {role.text}"))
    return lines


def _techs_text(player: Player, content: Content) -> str:
    if not player.techs:
        return "techs: none"
    names = [_tech_label(k, content) for k in player.techs]
    text = "techs: " + ", ".join(names)
    if player.cloned is not None:
        text += f" (Cloning copies {_tech_label(player.cloned, content)})"
    return text


def _offer_text(index: int, offer: Offer, viewer: Viewer) -> str:
    taken = f" → taken by {_who(offer.taker, viewer)}" if offer.taker is not None else ""
    tile = escape(_tile_name(offer.symbols, offer.back))
    return f"  tile {index + 1}: {tile}, drawn by {_who(offer.drawer, viewer)}{taken}"


def _task_text(task: Task, view: KardashevView, viewer: Viewer) -> str:
    who = _who(task.seat, viewer)
    why = escape(task.reason.replace("-", " "))
    if task.kind == "gain":
        types = "/".join(task.types) if task.types else "any type"
        may = "may gain" if task.optional else "gains"
        return f"{who} {may} {task.amount or 1} resource(s) ({escape(types)}) for {why}"
    if task.kind == "pay":
        to = "the bank" if task.to < 0 else _who(task.to, viewer)
        return f"{who} pays {task.amount} card(s) of their choice to {to} ({why})"
    if task.kind == "place":
        if task.tile >= 0 and task.tile < len(view.offer):
            offer = view.offer[task.tile]
            tile = _tile_name(offer.symbols, offer.back)
        else:
            tile = _tile_name(task.drawn, task.drawn_back)
        where = "  ".join(_cell_name(view, c) for c in task.cells[:12])
        more = f" (+{len(task.cells) - 12} more)" if len(task.cells) > 12 else ""
        return f"{who} places {escape(tile)} ({why}) on one of: {where}{more} (marked * on the board)"
    if task.kind == "support":
        cells = "  ".join(_cell_name(view, c) for c in task.cells)
        return f"{who} chooses supporting fleets ({why}) among {cells}"
    if task.kind == "raid":
        return f"{who} names a resource type to raid ({why})"
    return f"{who}: {task.kind} ({why})"


def _cell_name(view: KardashevView, index: int) -> str:
    if 0 <= index < len(view.cells):
        cell = view.cells[index]
        return f"{cell.q},{cell.r}"
    return "?"


def _strength(view: KardashevView, cells: Sequence[int]) -> int:
    return sum(view.cells[c].fleet_level for c in cells if 0 <= c < len(view.cells))


def round_lines(view: KardashevView, viewer: Viewer) -> list[str]:
    """The round: phase, tiles, bids, turn order, actions used, waits, attack, bag, end."""
    lines: list[str] = []
    final = f" · last round: {view.last_round}" if view.last_round else ""
    lines.append(f"[bold]round {view.round}[/bold] · phase: {view.phase}{final}")
    content = _content()
    if view.phase == "role":
        taken = {p.role for p in view.seats if p.role is not None}
        free = [r.name for k, r in content.roles.items() if k not in taken]
        chosen = sum(1 for p in view.seats if p.role is not None)
        if chosen < len(view.role_order):
            lines.append(f"  {_who(view.role_order[chosen], viewer)} chooses a role; free: {escape(', '.join(free))}")
    if view.offer:
        lines.append("tiles on offer:")
        lines.extend(_offer_text(i, o, viewer) for i, o in enumerate(view.offer))
    if view.phase == "bid":
        most = view.params.max_bid
        if isinstance(viewer, int) and 0 <= viewer < len(view.seats):
            most = min(most, sum(view.seats[viewer].hand()))
        lines.append(f"  sealed bids: 0 to {most} cards (no more than you hold); "
                     "nobody sees a bid until all are in")
    if view.bids:
        bids = ", ".join(f"{_who(s, viewer)} {b}" + (f" (rolled {view.rolls[s]})" if s < len(view.rolls)
                                                     and view.rolls[s] else "") for s, b in enumerate(view.bids))
        lines.append(f"bids: {bids}")
    if view.phase == "pick" and view.rank:
        if view.params.ally_variant:
            rank = " > ".join(f"team {t} (" + ", ".join(_who(s, viewer) for s in view.teams[t]) + ")"
                              for t in view.rank if 0 <= t < len(view.teams))
        else:
            rank = " > ".join(_who(s, viewer) for s in view.rank)
        lines.append(f"bid rank: {rank}")
        if view.picked < len(view.pickers):
            what = "a tile (turns follow the seating)" if view.params.ally_variant else "a turn slot and a tile"
            lines.append(f"  {_who(view.pickers[view.picked], viewer)} picks {what}")
    if view.slots:
        slots = ", ".join(f"{i + 1}: " + (_who(s, viewer) if s >= 0 else "free") for i, s in enumerate(view.slots))
        lines.append(f"turn slots: {slots}")
    if view.phase == "turn" and view.order:
        order = " → ".join(_who(s, viewer) for s in view.order)
        lines.append(f"turn order: {order}")
        if view.active >= 0:
            lines.append(f"  active: {_who(view.active, viewer)} · {_budget_text(view)}")
    for task in view.tasks:
        lines.append("  waiting: " + _task_text(task, view, viewer))
    if view.phase == "turn" and not view.tasks and 0 <= view.active < len(view.seats):
        won = view.seats[view.active].tile
        if won is not None and 0 <= won < len(view.offer):
            offer = view.offer[won]
            where = "  ".join(_cell_name(view, c) for c in _open_cells(view)[:12])
            lines.append(f"  waiting: {_who(view.active, viewer)} places tile {won + 1}, "
                         f"{escape(_tile_name(offer.symbols, offer.back))}, on one of: {where}"
                         + (" (marked * on the board)" if view.active == viewer else ""))
    if view.battle is not None:
        b = view.battle
        defender = view.cells[b.target]
        defence = defender.colony_level + defender.fleet_level + _strength(view, b.defence_supports)
        attack = b.level + _strength(view, b.attack_supports)
        lines.append(
            f"[bold]attack:[/bold] {_who(b.attacker, viewer)}'s level-{b.level} fleet from {_cell_name(view, b.start)} "
            f"attacks {_cell_name(view, b.target)}: attack {attack} against defence {defence} "
            "(a tie holds for the defender)"
        )
    if view.bag_left:
        kinds = ", ".join(f"{symbols_text(k)} {n}" for k, n in zip(view.bag_kinds, view.bag_left, strict=False) if n)
        lines.append(escape(f"bag: {sum(view.bag_left)} tiles left ({kinds})"))
    if view.ended:
        scores = ", ".join(f"{_who(s, viewer)} {p}" for s, p in enumerate(view.scores))
        lines.append(f"[bold]game over:[/bold] {escape(view.ended)} · scores: {scores}")
    if any(len(team) > 1 for team in view.teams):  # the ally variant: the team's total decides
        totals = ", ".join("+".join(str(s) for s in team) + f" {sum(view.scores[s] for s in team)}"
                           for team in view.teams)
        lines.append(f"team scores (seats): {totals}")
    return lines


def _budget_text(view: KardashevView) -> str:
    player = view.seats[view.active]
    total = view.base_used + view.research_used
    if player.role == "generalist":
        return f"actions used: {total} of 3 (any mix of base and research)"
    return (f"actions used: {view.base_used} base, {view.research_used} research "
            f"({total} of 3: 1 base, 1 research, 1 either)")


LEGEND = (
    "[dim]legend:[/dim] F food  M matter  E energy  X military (lower case: added by terraforming)",
    "  ######### destroyed planet · empty: explored empty space",
    "  [blue]~ ~ ~ ~[/blue] unexplored, blue zone (bought tiles go here first) · . . . . unexplored, white zone",
    "  0:C2 seat 0's level-2 colony · 1:F3 seat 1's level-3 fleet · coordinates in blue: the blue zone",
    "  [bold reverse]*[/bold reverse] you may place your tile here · [bold reverse]![/bold reverse] under attack"
    " · techs: name and level, * used through `use`",
)


def render_view(view: KardashevView, viewer: Viewer) -> str:
    """The whole table for ``viewer``: board, legend, seats, the round (lines of at most 100 columns)."""
    lines = board_lines(view, viewer)
    lines.append("")
    for line in (*LEGEND, "", *player_lines(view, viewer), "", *round_lines(view, viewer)):
        lines.extend(fit(line))
    return "\n".join(lines)


def fit(line: str, width: int = WIDTH) -> list[str]:
    """A line of Rich markup cut between words into lines of at most ``width`` visible columns;
    continuation lines are indented two columns more than the first."""
    from rich.text import Text

    if len(line) <= width:  # markup only adds characters: it fits
        return [line]
    text = Text.from_markup(line)
    if text.cell_len <= width:
        return [line]
    plain = text.plain
    indent = len(plain) - len(plain.lstrip(" ")) + 2
    head = text.wrap(_console(), width)[0]
    cut = len(head.plain)
    while cut < len(plain) and plain[cut] == " ":
        cut += 1
    head.rstrip()
    rest = text.divide([cut])[1] if cut < len(plain) else Text("")
    lines = [head.markup]
    for part in rest.wrap(_console(), width - indent) if rest.plain else []:
        part.rstrip()
        lines.append(" " * indent + part.markup)
    return lines


@cache
def _console() -> Any:
    from rich.console import Console

    return Console(width=WIDTH)


def describe_action(view: KardashevView, action: Action) -> str | None:
    """What ``action`` means for a person who sees ``view`` (``None``: its text says it all).

    Plain words (no markup): the cells' tiles and pieces, prices, the technology's text."""
    for kind, words in _DESCRIBERS:
        if isinstance(action, kind):
            return words(view, action)
    return None


def _at(view: KardashevView, coords: Sequence[int]) -> Cell | None:
    if len(coords) != 2:
        return None
    for cell in view.cells:
        if (cell.q, cell.r) == (coords[0], coords[1]):
            return cell
    return None


def _where(view: KardashevView, coords: Sequence[int]) -> str:
    cell = _at(view, coords)
    name = ",".join(str(c) for c in coords)
    if cell is None:
        return name
    if cell.tile is None:
        return f"{name} (unexplored, {cell.zone} zone)"
    if cell.tile == "planet":
        return f"{name} (planet {symbols_text(cell.symbols, cell.terraformed)})"
    return f"{name} ({'destroyed planet' if cell.tile == 'destroyed' else 'empty space'})"


def _cards(food: int, matter: int, energy: int) -> str:
    parts = [f"{n} {kind}" for n, kind in ((food, "food"), (matter, "matter"), (energy, "energy")) if n]
    return ", ".join(parts) if parts else "nothing"


def _via(action: Action) -> str:
    via = getattr(action, "via", None)
    if not via:
        return ""
    tech = _content().techs.get(via)
    return f", as your research action through {tech.name if tech is not None else via}"


def _price(cost: Any) -> str:
    parts = [f"{n} {k}" for n, k in ((cost.food, "food"), (cost.matter, "matter"), (cost.energy, "energy")) if n]
    if cost.any:
        parts.append(f"{cost.any} of any kind")
    if cost.matching:
        parts.append(f"{cost.matching} of one kind")
    return " + ".join(parts) if parts else "free"


def _d_role(view: KardashevView, a: Any) -> str:
    role = _content().role(a.role)
    return f"play the {role.name}: {role.text}" if role is not None else f"play role {a.role}"


def _d_arrange(view: KardashevView, a: Any) -> str:
    where = {"corner": "the corner tile", "inner": "the inner tile"}
    return (f"your colony on {where.get(a.colony, a.colony)}, your fleet on {where.get(a.fleet, a.fleet)} "
            "(a second piece of a kind goes on the other tile)")


def _d_bid(view: KardashevView, a: Any) -> str:
    return f"bid {a.amount} card(s), sealed until every bid is in (you pay the next lower bid if you win)"


def _d_pick(view: KardashevView, a: Any) -> str:
    text = f"take turn slot {a.slot}" if a.slot else ""  # slot 0: the ally variant picks no slot
    if 1 <= a.tile <= len(view.offer):
        offer = view.offer[a.tile - 1]
        tile = f"tile {a.tile}, {_tile_name(offer.symbols, offer.back)} drawn by seat {offer.drawer}"
        text = f"{text} and {tile}" if text else f"take {tile}"
    return text or "take no tile (none is left)"


def _d_pay(view: KardashevView, a: Any) -> str:
    return f"pay {_cards(a.food, a.matter, a.energy)}"


def _d_gain(view: KardashevView, a: Any) -> str:
    return f"take 1 {a.type}"


def _d_place(view: KardashevView, a: Any) -> str:
    face = {"planet": "planet face up", "destroyed": "destroyed face up (you take a resource of your choice)",
            "empty": "empty space"}.get(a.face, a.face)
    return f"place the tile on {_where(view, a.cell)}, {face}"


def _d_support(view: KardashevView, a: Any) -> str:
    cells = [a.cells[i:i + 2] for i in range(0, len(a.cells) - 1, 2)]
    if not cells:
        return "no supporting fleets"
    levels = sum(c.fleet_level for c in (_at(view, x) for x in cells) if c is not None)
    where = " ".join(",".join(str(v) for v in x) for x in cells)
    return f"support with the fleets on {where} (+{levels} strength, {view.params.support_energy} energy each)"


def _d_raid(view: KardashevView, a: Any) -> str:
    return f"the defender gives you all its {a.type}"


def _d_colony(view: KardashevView, a: Any) -> str:
    return f"build a level-1 colony on {_where(view, a.cell)} for 1 food + 1 matter{_via(a)}"


def _d_grow(view: KardashevView, a: Any) -> str:
    cell = _at(view, a.cell)
    level = f" to level {cell.colony_level + 1}" if cell is not None else ""
    return f"upgrade your colony on {_where(view, a.cell)}{level} for 1 food + 1 matter{_via(a)}"


def _d_fleet(view: KardashevView, a: Any) -> str:
    p = view.params
    price = _cards(0, a.level * p.fleet_matter_per_level, a.level * p.fleet_energy_per_level)
    cell = _at(view, a.cell)
    old = ""
    if cell is not None and cell.fleet is not None:
        old = f" (your level-{cell.fleet_level} fleet there is replaced)"
    return f"build a level-{a.level} fleet on {_where(view, a.cell)} for {price}{old}{_via(a)}"


def _d_refit(view: KardashevView, a: Any) -> str:
    p = view.params
    cell = _at(view, a.cell)
    level = f" to level {cell.fleet_level + 1}" if cell is not None else ""
    price = _cards(0, p.fleet_matter_per_level, p.fleet_energy_per_level)
    return f"upgrade your fleet on {_where(view, a.cell)}{level} for {price}{_via(a)}"


def _d_harvest(view: KardashevView, a: Any) -> str:
    return f"harvest: take {_cards(a.food, a.matter, a.energy)}{_via(a)}"


def move_plan(view: KardashevView, a: Any,
              cache: dict[tuple[int, int], dict[tuple[int, int], MovePlan]] | None = None) -> MovePlan | None:
    """The move as the rules price it for the mover (its technologies' effects included): the
    path named, or the shortest one; None when the view cannot tell. ``cache`` keeps each
    start's destinations while one view is being read (a bot values many moves at once)."""
    start = _at(view, a.start)
    if start is None or start.fleet is None or not start.fleet_level or view.seats[start.fleet].role is None:
        return None
    origin = (start.q, start.r)
    if not a.path and cache is not None and origin in cache:
        return cache[origin].get((a.to[0], a.to[1])) if len(a.to) == 2 else None
    owner = start.fleet
    friends = next((set(t) for t in view.teams if owner in t), {owner})
    explored, destroyed, friendly, hostile = set(), set(), set(), set()
    for c in view.cells:
        h = (c.q, c.r)
        if c.tile is not None:
            explored.add(h)
        if c.tile == "destroyed":
            destroyed.add(h)
        if c.fleet is not None and c.fleet in friends:
            friendly.add(h)
        if (c.fleet is not None and c.fleet not in friends) or (c.colony is not None and c.colony not in friends):
            hostile.add(h)
    grid = MoveMap(frozenset(explored), frozenset(destroyed), frozenset(friendly), frozenset(hostile))
    player = view.seats[owner]
    assert player.role is not None
    rules = view.params.move_rules.with_effects(player_effects(_content(), player.role, player.techs, player.cloned))
    board = _content().board
    if a.path:
        steps = [(a.path[i], a.path[i + 1]) for i in range(0, len(a.path) - 1, 2)]
        plan = plan_move(board, grid, origin, steps, start.fleet_level, rules)
        return plan if isinstance(plan, MovePlan) else None
    plans = reachable(board, grid, origin, start.fleet_level, rules, energy=10**6)
    if cache is not None:
        cache[origin] = plans
    return plans.get((a.to[0], a.to[1])) if len(a.to) == 2 else None


def _d_move(view: KardashevView, a: Any) -> str:
    start = _at(view, a.start)
    dest = _at(view, a.to)
    level = f"level-{start.fleet_level} " if start is not None and start.fleet_level else ""
    text = f"move your {level}fleet from {','.join(map(str, a.start))} to {_where(view, a.to)}"
    plan = move_plan(view, a)
    if plan is not None:
        text += f" ({plan.tiles} space(s), {plan.energy} energy)"
    elif a.path:
        text += f" ({len(a.path) // 2} space(s))"
    if dest is not None and dest.tile is None:
        text += ": explores it (you draw and place a tile; the move ends)"
    elif dest is not None and (dest.colony is not None or dest.fleet is not None):
        owners = {s for s in (dest.colony, dest.fleet) if s is not None}
        if view.active >= 0 and view.active not in owners:
            defence = dest.colony_level + dest.fleet_level
            text += f": attacks (defence {defence} before supports; a tie holds for the defender)"
    return text + _via(a)


def _d_research(view: KardashevView, a: Any) -> str:
    tech = _content().techs.get(a.tech)
    if tech is None:
        return f"research {a.tech}"
    price = "free: the role's starting technology" if view.phase == "role" else f"price {_price(tech.cost)}"
    text = f"research {tech.name} (level {tech.level}, {tech.level} point(s); {price}): {tech.text}"
    if a.copy is not None:
        copied = _content().techs.get(a.copy)
        text += f" Copies {copied.name if copied is not None else a.copy}."
    return text


def _d_use(view: KardashevView, a: Any) -> str:
    tech = _content().techs.get(a.tech)
    name = tech.name if tech is not None else a.tech
    bits = [f"use {name}"]
    if a.cell:
        bits.append(f"on {_where(view, a.cell)}")
    if a.symbol:
        bits.append(f"adding {a.symbol}")
    if a.target:
        target = _content().techs.get(a.target)
        bits.append(f"naming {target.name if target is not None else a.target}")
    return " ".join(bits)


def _d_compile(view: KardashevView, a: Any) -> str:
    return f"take 1 {a.type} from the bank"


def _d_exchange(view: KardashevView, a: Any) -> str:
    return f"give {view.params.exchange_rate} {a.give} for 1 {a.get}"


def _d_gift(view: KardashevView, a: Any) -> str:
    return f"give your ally {_cards(a.food, a.matter, a.energy)} and end your turn"


def _d_end(view: KardashevView, a: Any) -> str:
    return "end your turn (unused actions are lost)"


def _describers() -> tuple[tuple[type[Action], Callable[[KardashevView, Any], str]], ...]:
    return (
        (k.ChooseRole, _d_role), (k.Arrange, _d_arrange), (k.Bid, _d_bid), (k.Pick, _d_pick), (k.Pay, _d_pay),
        (k.Gain, _d_gain),
        (k.Place, _d_place), (k.Support, _d_support), (k.Raid, _d_raid), (k.BuildColony, _d_colony),
        (k.UpgradeColony, _d_grow), (k.BuildFleet, _d_fleet), (k.UpgradeFleet, _d_refit),
        (k.Harvest, _d_harvest), (k.Move, _d_move), (k.Research, _d_research), (k.UseTech, _d_use),
        (k.Compile, _d_compile), (k.Exchange, _d_exchange), (k.Gift, _d_gift), (k.End, _d_end),
    )


_DESCRIBERS = _describers()


class KardashevRenderer:
    """The entry's renderer: ``render`` draws the table, ``describe_action`` explains an action."""

    def __init__(self, ruleset: Any = None) -> None:
        self.ruleset = ruleset

    def render(self, view: KardashevView, viewer: Viewer) -> str:
        return render_view(view, viewer)

    def describe_action(self, view: KardashevView, action: Action) -> str | None:
        return describe_action(view, action)
