"""Kardashev content as data: technologies, roles and their cards, the tile bag, the board.

Four TOML files in ``content/`` (``techs.toml``, ``roles.toml``, ``tiles.toml``, ``board.toml``)
are decoded into frozen msgspec Structs and cross-checked on load. Any problem raises one
:class:`~starlanes.core.errors.ContentError` naming the file, the entry, the field and what is
wrong, e.g. ``techs.toml: tech[3] (terraform).level: Expected `int` <= 3``.

``load_content()`` returns the shipped content (cached); ``load_content(directory)`` reads the
same four files from another directory (a designer's variant).

>>> content = load_content()
>>> content.tech("Propellent Depot").key
'propellant-depot'
>>> [slot.slot for slot in content.roles["warlord"].card][:4]
['H1', 'H2', 'T2', 'T3']
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from starlanes.core.errors import ContentError
from starlanes.games.kardashev.board import CENTRE, Board, Corner, distance
from starlanes.games.kardashev.costs import Cost, NonNegative
from starlanes.games.kardashev.effects import Effect, Symbol

__all__ = [
    "FILES",
    "Content",
    "Line",
    "Role",
    "Slot",
    "Tech",
    "TileKind",
    "load_content",
    "normalize_name",
]

FILES = ("techs.toml", "roles.toml", "tiles.toml", "board.toml")

Line = Literal[
    "harvest", "terraform", "attack", "defense", "resource", "military",
    "warlord", "imperialist", "salvager", "pioneer", "scientist",
]
Level = Annotated[int, msgspec.Meta(ge=1, le=3)]
Key = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")]
Name = Annotated[str, msgspec.Meta(min_length=1)]
SlotName = Annotated[str, msgspec.Meta(pattern=r"^[A-Z][A-Z0-9]*$")]
T = TypeVar("T")


def normalize_name(name: str) -> str:
    """Case-, space- and hyphen-insensitive form of a name, for look-ups."""
    return " ".join(name.replace("-", " ").replace("_", " ").split()).casefold()


class Tech(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One technology: the same on every role card that prints it."""

    key: Key
    name: Name
    aliases: tuple[Name, ...] = ()
    level: Level
    line: Line
    cost: Cost
    tech_action: bool
    effects: Annotated[tuple[Effect, ...], msgspec.Meta(min_length=1)]
    text: Name

    @property
    def points(self) -> int:
        """A held technology scores its level (K-Q07)."""
        return self.level


class Slot(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One card on a role card: one technology, or two faces of one card (mutually exclusive)."""

    slot: SlotName
    faces: Annotated[tuple[Key, ...], msgspec.Meta(min_length=1, max_length=2)]
    requires: SlotName | None = None


class Role(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A role: setup, ability and its role card (``card``: the shared slots, then its own)."""

    key: Key
    name: Name
    aliases: tuple[Name, ...] = ()
    start_corner: Annotated[tuple[Symbol, ...], msgspec.Meta(min_length=1)]
    start_inner: Annotated[tuple[Symbol, ...], msgspec.Meta(min_length=1)]
    colonies: tuple[Level, ...] = ()
    fleets: tuple[Level, ...] = ()
    extra_resources: NonNegative = 0
    free_techs: NonNegative = 0
    free_tech_level: Level = 1
    abilities: tuple[Effect, ...] = ()
    slots: tuple[Slot, ...] = ()
    text: Name
    card: tuple[Slot, ...] = ()

    @property
    def techs(self) -> tuple[str, ...]:
        """Every technology printed on the card, in slot order."""
        return tuple(face for slot in self.card for face in slot.faces)

    def slot_of(self, tech: str) -> Slot | None:
        for slot in self.card:
            if tech in slot.faces:
                return slot
        return None

    def slot(self, name: str) -> Slot:
        for slot in self.card:
            if slot.slot == name:
                return slot
        raise KeyError(name)


class TileKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A kind of bag tile: front symbols (none: empty space), back, how many are in the bag."""

    symbols: tuple[Symbol, ...]
    count: NonNegative
    back: Literal["destroyed", "empty"]

    @property
    def kind(self) -> Literal["military", "single", "hybrid", "empty"]:
        if not self.symbols:
            return "empty"
        if len(self.symbols) >= 2:
            return "hybrid"
        return "military" if self.symbols[0] == "military" else "single"


class _Corner(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    corner: tuple[int, int]
    inner: tuple[int, int]


class _Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: Literal[1]
    radius: Annotated[int, msgspec.Meta(ge=1, le=20)]
    blue_radius: NonNegative
    corners: dict[str, _Corner]
    players: dict[str, tuple[str, ...]]
    allies: dict[str, tuple[tuple[str, str], ...]] = {}


class Content(msgspec.Struct, frozen=True):
    """Everything the rules read from content files."""

    techs: dict[str, Tech]
    roles: dict[str, Role]
    bag: tuple[TileKind, ...]
    board: Board
    source: str = "content"

    def tech(self, name: str) -> Tech | None:
        """A technology by key, name or alias (any case, hyphens or spaces)."""
        wanted = normalize_name(name)
        for tech in self.techs.values():
            if wanted in {normalize_name(n) for n in (tech.key, tech.name, *tech.aliases)}:
                return tech
        return None

    def role(self, name: str) -> Role | None:
        """A role by key, name or alias (``scavenger`` is the Salvager)."""
        wanted = normalize_name(name)
        for role in self.roles.values():
            if wanted in {normalize_name(n) for n in (role.key, role.name, *role.aliases)}:
                return role
        return None

    @property
    def bag_size(self) -> int:
        return sum(kind.count for kind in self.bag)


# --- decoding --------------------------------------------------------------------------------


def _read(directory: Path | None, name: str) -> tuple[str, dict[str, Any]]:
    if directory is None:
        label = name
        text = resources.files("starlanes.games.kardashev").joinpath("content", name).read_text("utf-8")
    else:
        path = directory / name
        label = str(path)
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise ContentError(label, "", f"cannot be read ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise ContentError(label, "", "is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(label, "", f"is not valid TOML ({exc})") from None
    if data.get("schema") != 1:
        raise ContentError(label, "schema", f"must be 1, not {data.get('schema')!r}")
    return label, data


def _convert(file: str, where: str, raw: Any, kind: type[T]) -> T:
    """Decode one entry; a msgspec problem becomes a ContentError naming entry and field."""
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        problem, _, path = str(exc).partition(" - at `$")
        field = (where + path.rstrip("`")).lstrip(".")
        raise ContentError(file, field, problem.replace("Object contains", "contains")) from None


def _entries(file: str, data: dict[str, Any], section: str, allowed: set[str]) -> list[tuple[str, Any]]:
    extra = set(data) - allowed - {"schema"}
    if extra:
        raise ContentError(file, "", f"unknown section(s): {', '.join(sorted(extra))}")
    tables = data.get(section, [])
    if not isinstance(tables, list) or not tables:
        raise ContentError(file, section, f"must be a non-empty list of tables ([[{section}]])")
    out = []
    for i, table in enumerate(tables):
        key = table.get("key") if isinstance(table, dict) else None
        out.append((f"{section}[{i}]" + (f" ({key})" if isinstance(key, str) else ""), table))
    return out


def _load_techs(file: str, data: dict[str, Any]) -> dict[str, Tech]:
    techs: dict[str, Tech] = {}
    names: dict[str, str] = {}
    for where, raw in _entries(file, data, "tech", {"tech"}):
        tech = _convert(file, where, raw, Tech)
        if tech.key in techs:
            raise ContentError(file, f"{where}.key", f"duplicate key '{tech.key}'")
        for name in (tech.key, tech.name, *tech.aliases):
            norm = normalize_name(name)
            if names.get(norm, tech.key) != tech.key:
                raise ContentError(file, f"{where}.name", f"name '{name}' is already used by '{names[norm]}'")
            names[norm] = tech.key
        if tech.cost.total == 0:
            raise ContentError(file, f"{where}.cost", "a technology must cost something")
        used = any(effect.is_action for effect in tech.effects)
        if tech.tech_action != used:
            problem = (
                "is true but no effect is used through Use Technology"
                if tech.tech_action
                else "is false but an effect is used through Use Technology"
            )
            raise ContentError(file, f"{where}.tech_action", problem)
        techs[tech.key] = tech
    return techs


def _check_slot(file: str, where: str, slot: Slot, techs: Mapping[str, Tech], levels: dict[str, int]) -> None:
    for face in slot.faces:
        if face not in techs:
            raise ContentError(file, f"{where}.faces", f"unknown technology '{face}'")
    if len(set(slot.faces)) != len(slot.faces):
        raise ContentError(file, f"{where}.faces", "the two faces of a card must be different technologies")
    face_levels = {techs[f].level for f in slot.faces}
    if len(face_levels) > 1:
        raise ContentError(file, f"{where}.faces", "the two faces of a card must have the same level")
    levels[slot.slot] = face_levels.pop()


def _check_card(file: str, where: str, card: tuple[Slot, ...], techs: Mapping[str, Tech]) -> None:
    levels: dict[str, int] = {}
    seen: set[str] = set()
    for slot in card:
        if slot.slot in levels:
            raise ContentError(file, f"{where}.slots", f"slot '{slot.slot}' appears twice on the card")
        _check_slot(file, f"{where}.{slot.slot}", slot, techs, levels)
        for face in slot.faces:
            if face in seen:
                raise ContentError(file, f"{where}.{slot.slot}.faces", f"'{face}' appears twice on the card")
            seen.add(face)
    for slot in card:
        if slot.requires is None:
            continue
        if slot.requires not in levels:
            raise ContentError(file, f"{where}.{slot.slot}.requires", f"no slot '{slot.requires}' on the card")
        if levels[slot.requires] != levels[slot.slot] - 1:
            problem = f"requires slot '{slot.requires}' of level {levels[slot.requires]}; it must be one level below"
            raise ContentError(file, f"{where}.{slot.slot}.requires", problem)


def _check_tile_symbols(file: str, where: str, symbols: tuple[str, ...]) -> None:
    if len(set(symbols)) != len(symbols):
        raise ContentError(file, where, "a symbol is listed twice")


def _load_roles(file: str, data: dict[str, Any], techs: Mapping[str, Tech]) -> dict[str, Role]:
    raw_shared = data.get("shared_slot", [])
    if not isinstance(raw_shared, list):
        raise ContentError(file, "shared_slot", "must be a list of tables ([[shared_slot]])")
    shared = tuple(_convert(file, f"shared_slot[{i}]", raw, Slot) for i, raw in enumerate(raw_shared))
    roles: dict[str, Role] = {}
    names: dict[str, str] = {}
    on_cards: set[str] = set()
    for where, raw in _entries(file, data, "role", {"role", "shared_slot"}):
        role = _convert(file, where, raw, Role)
        if role.card:
            raise ContentError(file, f"{where}.card", "is built from shared_slot and slots; do not write it")
        if role.key in roles:
            raise ContentError(file, f"{where}.key", f"duplicate key '{role.key}'")
        for name in (role.key, role.name, *role.aliases):
            norm = normalize_name(name)
            if names.get(norm, role.key) != role.key:
                raise ContentError(file, f"{where}.name", f"name '{name}' is already used by '{names[norm]}'")
            names[norm] = role.key
        _check_tile_symbols(file, f"{where}.start_corner", role.start_corner)
        _check_tile_symbols(file, f"{where}.start_inner", role.start_inner)
        if "military" not in role.start_corner + role.start_inner:
            raise ContentError(file, f"{where}.start_corner", "a starting tile must show the military symbol")
        if len(role.colonies) > 2 or len(role.fleets) > 2:
            raise ContentError(file, f"{where}.colonies", "at most one colony and one fleet per starting tile (2 each)")
        if not role.colonies:
            raise ContentError(file, f"{where}.colonies", "a role starts with at least one colony")
        for effect in role.abilities:
            if effect.is_action:
                problem = f"'{effect.kind}' is a technology action, not an ability"
                raise ContentError(file, f"{where}.abilities", problem)
        card = shared + role.slots
        _check_card(file, where, card, techs)
        role = msgspec.structs.replace(role, card=card)
        if role.free_techs:
            free = [t for t in role.techs if techs[t].level == role.free_tech_level]
            if len(free) < role.free_techs:
                level = role.free_tech_level
                problem = f"the card has {len(free)} technologies of level {level}, fewer than {role.free_techs}"
                raise ContentError(file, f"{where}.free_techs", problem)
        on_cards.update(role.techs)
        roles[role.key] = role
    unused = sorted(set(techs) - on_cards)
    if unused:
        raise ContentError(file, "role", f"technology '{unused[0]}' (techs.toml) is on no role card")
    return roles


def _load_tiles(file: str, data: dict[str, Any]) -> tuple[TileKind, ...]:
    kinds: list[TileKind] = []
    seen: set[frozenset[str]] = set()
    for where, raw in _entries(file, data, "tile", {"tile"}):
        tile = _convert(file, where, raw, TileKind)
        _check_tile_symbols(file, f"{where}.symbols", tile.symbols)
        if frozenset(tile.symbols) in seen:
            raise ContentError(file, f"{where}.symbols", "this kind of tile is listed twice; add up the counts")
        seen.add(frozenset(tile.symbols))
        if tile.symbols and tile.back != "destroyed":
            raise ContentError(file, f"{where}.back", "the back of a planet tile is a destroyed planet")
        if not tile.symbols and tile.back != "empty":
            raise ContentError(file, f"{where}.back", "an empty-space tile is empty on both sides")
        kinds.append(tile)
    if sum(k.count for k in kinds) == 0:
        raise ContentError(file, "tile", "the bag holds no tile")
    return tuple(kinds)


def _cell(file: str, where: str, radius: int, cell: tuple[int, int]) -> tuple[int, int]:
    if distance(cell, CENTRE) > radius:
        raise ContentError(file, where, f"cell {cell[0]},{cell[1]} is not on a board of radius {radius}")
    return cell


def _load_board(file: str, data: dict[str, Any]) -> Board:
    raw = _convert(file, "", data, _Board)
    n = raw.radius
    if raw.blue_radius >= n:
        raise ContentError(file, "blue_radius", f"must be below the radius {n}")
    corners: dict[str, Corner] = {}
    for name, c in raw.corners.items():
        where = f"corners.{name}"
        corner = _cell(file, f"{where}.corner", n, c.corner)
        inner = _cell(file, f"{where}.inner", n, c.inner)
        if sorted(abs(v) for v in (corner[0], corner[1], corner[0] + corner[1])) != [0, n, n]:
            raise ContentError(file, f"{where}.corner", f"{corner[0]},{corner[1]} is not a corner of the board")
        if distance(corner, inner) != 1 or distance(inner, CENTRE) != n - 1:
            raise ContentError(file, f"{where}.inner", "must be the cell one step inward from the corner")
        corners[name] = Corner(name, corner, inner)
    seating: dict[int, tuple[str, ...]] = {}
    for key, names in raw.players.items():
        where = f"players.{key}"
        if not key.isdigit() or not 2 <= int(key) <= 6:
            raise ContentError(file, where, "player counts are 2 to 6")
        if len(names) != int(key) or len(set(names)) != len(names):
            raise ContentError(file, where, f"must name {key} different corners")
        for name in names:
            if name not in corners:
                raise ContentError(file, where, f"unknown corner '{name}'")
        seating[int(key)] = names
    missing = sorted(set(range(2, 7)) - set(seating))
    if missing:
        raise ContentError(file, "players", f"no starting corners for {missing[0]} players")
    allies: dict[int, tuple[tuple[str, str], ...]] = {}
    for key, pairs in raw.allies.items():
        where = f"allies.{key}"
        count = int(key) if key.isdigit() else 0
        if count not in seating or count % 2:
            raise ContentError(file, where, "the ally variant needs an even player count of 2 to 6")
        order = seating[count]
        flat = [name for pair in pairs for name in pair]
        if sorted(flat) != sorted(order):
            raise ContentError(file, where, f"the teams must use each corner of players.{key} once")
        for a, b in pairs:
            if distance(corners[a].corner, corners[b].corner) != 2 * n:
                raise ContentError(file, where, f"allies {a} and {b} must sit at opposite corners")
            if abs(order.index(a) - order.index(b)) != count // 2:
                raise ContentError(file, where, f"allies {a} and {b} must take evenly spaced turns")
        allies[count] = pairs
    return Board(n, raw.blue_radius, corners, seating, allies)


def _build(directory: Path | None) -> Content:
    files = {name: _read(directory, name) for name in FILES}
    techs = _load_techs(*files["techs.toml"])
    roles = _load_roles(*files["roles.toml"], techs)
    bag = _load_tiles(*files["tiles.toml"])
    board = _load_board(*files["board.toml"])
    return Content(techs, roles, bag, board, source=str(directory) if directory else "content")


@cache
def _shipped() -> Content:
    return _build(None)


def load_content(directory: str | Path | None = None) -> Content:
    """The shipped content, or the four content files of ``directory``, validated."""
    if directory is None:
        return _shipped()
    return _build(Path(directory))
