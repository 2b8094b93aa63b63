"""Space-risk boards as content data: the schema, the loader and the indexed board.

A board file is JSON (schema ``space-risk-board/1``)::

    {
      "schema": "space-risk-board/1",
      "name": "The Dramethan Reach",
      "planets": [
        {"name": "Vega", "net_worth": 3,
         "spaceport": {"territory": "Vega-3", "launch": "Vega-Orbit"},   # optional
         "territories": [{"name": "Vega-1", "card": "infantry"}, ...]}
      ],
      "space": [{"name": "Vega-Orbit", "asteroid": false}, ...],
      "links": [["Vega-1", "Vega-2"], ["Vega-1", "Vega-Orbit"], ...],
      "special_cards": 2,
      "trade_in": {"table": [4, 6, 8, 10, 12, 15], "then_add": 5},
      "objectives": [{"id": "O1", "text": "...", "condition": {...}, "reward": 3}, ...],
      "goals": [{"id": "G1", "text": "...", "condition": {...}, "reward": 6, "stars": 1}, ...]
    }

Every land territory has one territory card (``card``: infantry, horse or cannon);
``special_cards`` wild cards are added to the deck.  A link joins two land territories
of one planet, a land territory and a space territory (its orbit), or two space
territories.  A spaceport sits on a land territory and launches ships into a space
territory linked to it.  Conditions of objective and goal cards (``kind`` and its fields):
``territories`` (count), ``territories_on`` (planet, count), ``planet`` (planet),
``planets`` (planets), ``whole_planets`` (count), ``planets_present`` (count),
``spaceports`` (count), ``ships`` (count), ``space`` (count), ``asteroids`` (count),
``conquests_in_turn`` (count).

:func:`load_board` checks everything and raises ``ContentError(file, field, problem)``
naming the file, the field (a path such as ``planets[1].territories[0].card``) and the
problem.  :class:`Board` holds the board as index tuples for fast play.

A loaded board is also static content (issue 8): :func:`board_document` gives it back in the
file's structure, :func:`board_json` as canonical JSON (keys sorted, no spaces), and
:func:`board_ref` its content id; a view names its board by that id, never by the file, and
:func:`resolve_board` finds a board by its id (any board this process loaded) or by its file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from starlanes.core.errors import ContentError
from starlanes.core.schema import static_content_id

__all__ = [
    "BOARD_CONTENT",
    "CARD_KINDS",
    "CONDITION_FIELDS",
    "Board",
    "Condition",
    "MissionCard",
    "Planet",
    "board_document",
    "board_from_data",
    "board_json",
    "board_ref",
    "board_ref_of",
    "default_board",
    "load_board",
    "read_board_bytes",
    "resolve_board",
]

SCHEMA = "space-risk-board/1"
CARD_KINDS: tuple[str, ...] = ("infantry", "horse", "cannon")
WILD = -1
"""Kind index of a special (wild) card."""

MAX_BOARD_BYTES = 1_000_000
"""A board file is a few kilobytes (the built-in one about 10); more is refused unread."""
MAX_TERRITORIES = 1000
MAX_LIST = 100_000
"""Most entries of any list of a board file (links, cards, the trade-in table)."""
MAX_SPECIAL_CARDS = 100
MAX_NUMBER = 100_000
"""Most a count, reward or table value may be: far above any board a person would draw."""
MAX_TEXT = 500

_SHIP_LIKE = re.compile(r"[Ss]\d+")
"""Ships are named ``S1``, ``S2``...: a territory may not be named so (in any digits)."""

CONDITION_FIELDS: dict[str, tuple[str, ...]] = {
    "territories": ("count",),
    "territories_on": ("planet", "count"),
    "planet": ("planet",),
    "planets": ("planets",),
    "whole_planets": ("count",),
    "planets_present": ("count",),
    "spaceports": ("count",),
    "ships": ("count",),
    "space": ("count",),
    "asteroids": ("count",),
    "conquests_in_turn": ("count",),
}


@dataclass(frozen=True, slots=True)
class Planet:
    name: str
    net_worth: int
    territories: tuple[int, ...]
    port: int  # land territory index of the spaceport, -1 if none
    launch: int  # space territory index the spaceport launches into, -1 if none


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    count: int
    planets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MissionCard:
    """An objective card or a goal card."""

    id: str
    text: str
    condition: Condition
    reward: int
    stars: int


@dataclass(frozen=True)
class Board:
    """A loaded board. Territories are indexed: land first, then space."""

    name: str
    source: str
    names: tuple[str, ...]
    index: dict[str, int]
    land: tuple[bool, ...]
    planet_of: tuple[int, ...]  # -1 for space
    asteroid: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]
    land_adj: tuple[tuple[int, ...], ...]  # land neighbours of a land territory
    space_adj: tuple[tuple[int, ...], ...]  # space neighbours of any territory
    shore_adj: tuple[tuple[int, ...], ...]  # land neighbours of a space territory
    land_count: int
    planets: tuple[Planet, ...]
    planet_index: dict[str, int]
    port_at: tuple[int, ...]  # per territory: planet index whose spaceport is there, else -1
    card_names: tuple[str, ...]  # territory cards (one per land territory, same index), then wilds
    card_kind: tuple[int, ...]  # index into CARD_KINDS, or WILD
    card_territory: tuple[int, ...]  # territory index, -1 for wild cards
    trade_table: tuple[int, ...]
    trade_then_add: int
    objectives: tuple[MissionCard, ...]
    goals: tuple[MissionCard, ...]

    @property
    def territory_count(self) -> int:
        return len(self.names)

    def trade_value(self, sets_traded_before: int) -> int:
        """Reinforcements of the next set when ``sets_traded_before`` sets were traded."""
        n = sets_traded_before
        if n < len(self.trade_table):
            return self.trade_table[n]
        return self.trade_table[-1] + self.trade_then_add * (n - len(self.trade_table) + 1)


def _name_ok(name: str) -> bool:
    return bool(name) and not any(c.isspace() or c in "=," for c in name)


def _what(value: Any) -> str:
    """A value of a board file for a message: short scalars as written, containers by kind."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "null"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, problem: str) -> ContentError:
        return ContentError(self.source, field, problem)

    def obj(self, value: Any, field: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, f"must be an object, not {_what(value)}")
        return value

    def lst(self, value: Any, field: str, nonempty: bool = True, most: int = MAX_LIST) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, f"must be a list, not {_what(value)}")
        if nonempty and not value:
            raise self.fail(field, "must not be empty")
        if len(value) > most:
            raise self.fail(field, f"has {len(value)} entries; at most {most} are allowed")
        return value

    def get(self, data: dict[str, Any], key: str, field: str) -> Any:
        if key not in data:
            raise self.fail(f"{field}.{key}" if field else key, "is missing")
        return data[key]

    def integer(self, value: Any, field: str, low: int = 0, high: int = MAX_NUMBER) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"must be a whole number, not {_what(value)}")
        if value < low:
            raise self.fail(field, f"must be at least {low}, not {value}")
        if value > high:
            raise self.fail(field, f"must be at most {high}, not {_what(value)}")
        return value

    def text(self, value: Any, field: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(field, f"must be a non-empty text, not {_what(value)}")
        if len(value) > MAX_TEXT:
            raise self.fail(field, f"is {len(value)} characters long; at most {MAX_TEXT} are allowed")
        return value

    def name(self, value: Any, field: str) -> str:
        text = self.text(value, field)
        if not _name_ok(text):
            raise self.fail(field, f"name {_what(text)} may not contain spaces, '=' or ','")
        return text

    def territory_name(self, value: Any, field: str) -> str:
        text = self.name(value, field)
        if _SHIP_LIKE.fullmatch(text):
            raise self.fail(field, f"name {_what(text)} is reserved: ships are named S1, S2, ...")
        return text

    def ref(self, value: Any, field: str, known: dict[str, int] | list[str], what: str) -> str:
        """A name that must be one of ``known``."""
        if not isinstance(value, str) or value not in known:
            raise self.fail(field, f"unknown {what} {_what(value)}")
        return value


def board_from_data(data: Any, source: str) -> Board:
    """Check ``data`` (parsed JSON) and build the indexed board; ``source`` names the file."""
    c = _Checker(source)
    # Until the schema says this is a board, nothing of the file is quoted back (it may be any file).
    if not isinstance(data, dict):
        raise c.fail("(top level)", f"must be an object, not {_what(data)}: this is not a space-risk board file")
    if data.get("schema") != SCHEMA:
        raise c.fail("schema", f"must be {SCHEMA!r}: this is not a space-risk board file")
    root = data
    board_name = c.text(c.get(root, "name", ""), "name")

    names: list[str] = []
    index: dict[str, int] = {}
    planet_of: list[int] = []
    cards: list[int] = []
    raw_planets = c.lst(c.get(root, "planets", ""), "planets", most=MAX_TERRITORIES)
    planet_names: list[str] = []
    planet_worth: list[int] = []
    planet_terrs: list[list[int]] = []
    raw_ports: list[tuple[str, Any]] = []

    def add(name: str, field: str, planet: int) -> int:
        if len(names) >= MAX_TERRITORIES:
            raise c.fail(field, f"more than {MAX_TERRITORIES} territories")
        if name in index:
            raise c.fail(field, f"name {name!r} is used twice")
        index[name] = len(names)
        names.append(name)
        planet_of.append(planet)
        return index[name]

    for pi, rp in enumerate(raw_planets):
        pf = f"planets[{pi}]"
        p = c.obj(rp, pf)
        pname = c.name(c.get(p, "name", pf), f"{pf}.name")
        if pname in planet_names:
            raise c.fail(f"{pf}.name", f"planet {pname!r} is listed twice")
        planet_names.append(pname)
        planet_worth.append(c.integer(c.get(p, "net_worth", pf), f"{pf}.net_worth"))
        terrs = []
        for ti, rt in enumerate(c.lst(c.get(p, "territories", pf), f"{pf}.territories", most=MAX_TERRITORIES)):
            tf = f"{pf}.territories[{ti}]"
            t = c.obj(rt, tf)
            tname = c.territory_name(c.get(t, "name", tf), f"{tf}.name")
            kind = c.get(t, "card", tf)
            if not isinstance(kind, str) or kind not in CARD_KINDS:
                raise c.fail(f"{tf}.card", f"must be one of {', '.join(CARD_KINDS)}, not {_what(kind)}")
            terrs.append(add(tname, f"{tf}.name", pi))
            cards.append(CARD_KINDS.index(kind))
        planet_terrs.append(terrs)
        raw_ports.append((pf, p.get("spaceport")))
    land_count = len(names)

    asteroid = [False] * land_count
    for si, rs in enumerate(c.lst(c.get(root, "space", ""), "space", most=MAX_TERRITORIES)):
        sf = f"space[{si}]"
        s = c.obj(rs, sf)
        add(c.territory_name(c.get(s, "name", sf), f"{sf}.name"), f"{sf}.name", -1)
        flag = s.get("asteroid", False)
        if not isinstance(flag, bool):
            raise c.fail(f"{sf}.asteroid", f"must be true or false, not {_what(flag)}")
        asteroid.append(flag)
    total = len(names)
    land = [i < land_count for i in range(total)]

    neighbours: list[set[int]] = [set() for _ in range(total)]
    for li, rl in enumerate(c.lst(c.get(root, "links", ""), "links")):
        lf = f"links[{li}]"
        pair = c.lst(rl, lf)
        if len(pair) != 2:
            raise c.fail(lf, f"must name exactly two territories, not {len(pair)}")
        ends = []
        for k, nm in enumerate(pair):
            ends.append(index[c.ref(nm, f"{lf}[{k}]", index, "territory")])
        a, b = ends
        if a == b:
            raise c.fail(lf, f"links {names[a]!r} to itself")
        if land[a] and land[b] and planet_of[a] != planet_of[b]:
            raise c.fail(lf, f"land territories {names[a]!r} and {names[b]!r} are on different planets; "
                             "planets are joined only through space")
        neighbours[a].add(b)
        neighbours[b].add(a)

    ports = []
    port_at = [-1] * total
    for pi, (pf, rp) in enumerate(raw_ports):
        if rp is None:
            ports.append((-1, -1))
            continue
        p = c.obj(rp, f"{pf}.spaceport")
        tname = c.get(p, "territory", f"{pf}.spaceport")
        if not isinstance(tname, str) or tname not in index or planet_of[index[tname]] != pi:
            raise c.fail(f"{pf}.spaceport.territory", f"{_what(tname)} is not a territory of this planet")
        lname = c.get(p, "launch", f"{pf}.spaceport")
        if not isinstance(lname, str) or lname not in index or land[index[lname]]:
            raise c.fail(f"{pf}.spaceport.launch", f"{_what(lname)} is not a space territory")
        if index[lname] not in neighbours[index[tname]]:
            raise c.fail(f"{pf}.spaceport.launch", f"{lname!r} is not linked to {tname!r}")
        ports.append((index[tname], index[lname]))
        port_at[index[tname]] = pi

    # The whole board must be one connected graph.
    seen = {0}
    todo = [0]
    while todo:
        x = todo.pop()
        for y in neighbours[x]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    if len(seen) != total:
        lost = sorted(names[i] for i in range(total) if i not in seen)
        raise c.fail("links", f"the board is not connected; cut off: {', '.join(lost[:6])}")

    specials = c.integer(root.get("special_cards", 0), "special_cards", high=MAX_SPECIAL_CARDS)
    card_names = list(names[:land_count]) + [f"Special-{i + 1}" for i in range(specials)]
    for cn in card_names[land_count:]:
        if cn in index:
            raise c.fail("special_cards", f"special card name {cn!r} clashes with a territory")
    card_kind = cards + [WILD] * specials
    card_territory = list(range(land_count)) + [-1] * specials

    trade = c.obj(c.get(root, "trade_in", ""), "trade_in")
    table = c.lst(c.get(trade, "table", "trade_in"), "trade_in.table")
    trade_table = tuple(c.integer(v, f"trade_in.table[{i}]", 1) for i, v in enumerate(table))
    then_add = c.integer(trade.get("then_add", 0), "trade_in.then_add")

    def missions(key: str, with_stars: bool) -> tuple[MissionCard, ...]:
        out = []
        ids: set[str] = set()
        for mi, rm in enumerate(c.lst(c.get(root, key, ""), key, most=MAX_TERRITORIES)):
            mf = f"{key}[{mi}]"
            m = c.obj(rm, mf)
            mid = c.name(c.get(m, "id", mf), f"{mf}.id")
            if mid in ids:
                raise c.fail(f"{mf}.id", f"id {mid!r} is used twice")
            ids.add(mid)
            text = c.text(c.get(m, "text", mf), f"{mf}.text")
            cond = c.obj(c.get(m, "condition", mf), f"{mf}.condition")
            kind = cond.get("kind")
            if not isinstance(kind, str) or kind not in CONDITION_FIELDS:
                raise c.fail(f"{mf}.condition.kind",
                             f"must be one of {', '.join(CONDITION_FIELDS)}, not {_what(kind)}")
            count = 0
            plist: list[int] = []
            for fld in CONDITION_FIELDS[kind]:
                cf = f"{mf}.condition.{fld}"
                value = c.get(cond, fld, f"{mf}.condition")
                if fld == "count":
                    count = c.integer(value, cf, 1)
                elif fld == "planet":
                    plist.append(planet_names.index(c.ref(value, cf, planet_names, "planet")))
                else:
                    for k, pv in enumerate(c.lst(value, cf, most=MAX_TERRITORIES)):
                        plist.append(planet_names.index(c.ref(pv, f"{cf}[{k}]", planet_names, "planet")))
            reward = c.integer(c.get(m, "reward", mf), f"{mf}.reward")
            stars = c.integer(m.get("stars", 0), f"{mf}.stars", high=MAX_NUMBER) if with_stars else 0
            out.append(MissionCard(mid, text, Condition(kind, count, tuple(plist)), reward, stars))
        return tuple(out)

    objectives = missions("objectives", False)
    goals = missions("goals", True)

    adj = tuple(tuple(sorted(n)) for n in neighbours)
    return Board(
        name=board_name,
        source=source,
        names=tuple(names),
        index=dict(index),
        land=tuple(land),
        planet_of=tuple(planet_of),
        asteroid=tuple(asteroid),
        adj=adj,
        land_adj=tuple(tuple(y for y in adj[x] if land[y]) if land[x] else () for x in range(total)),
        space_adj=tuple(tuple(y for y in adj[x] if not land[y]) for x in range(total)),
        shore_adj=tuple(() if land[x] else tuple(y for y in adj[x] if land[y]) for x in range(total)),
        land_count=land_count,
        planets=tuple(
            Planet(planet_names[i], planet_worth[i], tuple(planet_terrs[i]), ports[i][0], ports[i][1])
            for i in range(len(planet_names))
        ),
        planet_index={n: i for i, n in enumerate(planet_names)},
        port_at=tuple(port_at),
        card_names=tuple(card_names),
        card_kind=tuple(card_kind),
        card_territory=tuple(card_territory),
        trade_table=trade_table,
        trade_then_add=then_add,
        objectives=objectives,
        goals=goals,
    )


def read_board_bytes(path: str) -> bytes:
    """The bytes of a board file, refused (``ContentError``) if unreadable or over
    ``MAX_BOARD_BYTES`` (read no further: ``/dev/zero`` is refused at once)."""
    try:
        with Path(path).expanduser().open("rb") as f:
            raw = f.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise ContentError(path, "", f"cannot read the board file: {exc.strerror or type(exc).__name__}") from None
    if len(raw) > MAX_BOARD_BYTES:
        raise ContentError(path, "(whole file)", f"larger than {MAX_BOARD_BYTES // 1_000_000} MB: not a board file")
    return raw


def parse_board_bytes(raw: bytes, source: str) -> Board:
    """Decode (UTF-8; a byte-order mark is skipped), parse and check a board file's bytes.
    Errors name a position, never a line of the file (it may be any file)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError(source, f"byte {exc.start}", "not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(source, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise ContentError(source, "(whole file)", "not a board file: nested too deeply") from None
    except ValueError:
        raise ContentError(source, "(whole file)", "not valid JSON: a number too long to read") from None
    return board_from_data(data, source)


@lru_cache(maxsize=16)
def load_board(path: str) -> Board:
    """Load and check a board file (cached by path). ``""`` is the built-in board."""
    if not path:
        return default_board()
    return parse_board_bytes(read_board_bytes(path), path)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The built-in board, The Dramethan Reach (``content/reach.json``)."""
    text = resources.files("starlanes.games.space_risk").joinpath("content/reach.json").read_text("utf-8")
    return board_from_data(json.loads(text), "space-risk:reach.json")


BOARD_CONTENT = "board"
"""The name of the board in the ruleset's static content."""

_BY_ID: dict[str, Board] = {}
_HEX_ID = re.compile(r"[0-9a-f]{64}")


def _condition_document(board: Board, cond: Condition) -> dict[str, Any]:
    doc: dict[str, Any] = {"kind": cond.kind}
    for fld in CONDITION_FIELDS[cond.kind]:
        if fld == "count":
            doc["count"] = cond.count
        elif fld == "planet":
            doc["planet"] = board.planets[cond.planets[0]].name
        else:
            doc[fld] = [board.planets[p].name for p in cond.planets]
    return doc


def _mission_document(board: Board, card: MissionCard, with_stars: bool) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": card.id, "text": card.text, "condition": _condition_document(board, card.condition),
                           "reward": card.reward}
    if with_stars:
        doc["stars"] = card.stars
    return doc


def board_document(board: Board) -> dict[str, Any]:
    """``board`` in the structure of a board file (schema ``space-risk-board/1``): loading it
    again gives the same board. Built from the loaded board, so a custom ``board=FILE`` too."""
    names = board.names
    planets: list[dict[str, Any]] = []
    for planet in board.planets:
        doc: dict[str, Any] = {
            "name": planet.name, "net_worth": planet.net_worth,
            "territories": [{"name": names[t], "card": CARD_KINDS[board.card_kind[t]]} for t in planet.territories]}
        if planet.port >= 0:
            doc["spaceport"] = {"territory": names[planet.port], "launch": names[planet.launch]}
        planets.append(doc)
    links = [[names[a], names[b]] for a in range(board.territory_count) for b in board.adj[a] if a < b]
    return {
        "schema": SCHEMA,
        "name": board.name,
        "planets": planets,
        "space": [{"name": names[t], "asteroid": board.asteroid[t]}
                  for t in range(board.land_count, board.territory_count)],
        "links": links,
        "special_cards": len(board.card_names) - board.land_count,
        "trade_in": {"table": list(board.trade_table), "then_add": board.trade_then_add},
        "objectives": [_mission_document(board, c, False) for c in board.objectives],
        "goals": [_mission_document(board, c, True) for c in board.goals],
    }


def board_json(board: Board) -> bytes:
    """``board_document`` as canonical JSON: keys sorted, no spaces (equal boards, equal bytes)."""
    return msgspec.json.encode(board_document(board), order="sorted")


def board_ref(param: str) -> str:
    """The content id of the board the ``board`` param names (``""``: the built-in board; a file;
    or already a content id): the id of the ruleset's static content ``{"board": board_json(...)}``.
    The board is remembered under it for ``resolve_board``."""
    if param in _BY_ID:
        return param
    return _file_ref(param) if not _HEX_ID.fullmatch(param) else board_ref_of(resolve_board(param))


def board_ref_of(board: Board) -> str:
    """The content id of a loaded board (see ``board_ref``)."""
    cid = static_content_id({BOARD_CONTENT: board_json(board)})
    _BY_ID.setdefault(cid, board)
    return cid


@lru_cache(maxsize=16)
def _file_ref(param: str) -> str:
    board = load_board(param)
    cid = static_content_id({BOARD_CONTENT: board_json(board)})
    _BY_ID[cid] = board
    return cid


def resolve_board(ref: str) -> Board:
    """The board a state's or a view's ``board`` param names: a content id (of the built-in board
    or of any board this process loaded), else a file (``""``: the built-in board)."""
    board = _BY_ID.get(ref)
    if board is not None:
        return board
    if _HEX_ID.fullmatch(ref):
        if _file_ref("") == ref:
            return default_board()
        if not Path(ref).exists():
            raise ContentError(ref, "", "no board with this content id is loaded; load its file with board=FILE")
    return load_board(ref)
