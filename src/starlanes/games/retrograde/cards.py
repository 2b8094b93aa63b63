"""Retrograde's card definitions: loaded from ``content/cards.toml`` and validated on load.

Every card is a frozen value. ``load_cards()`` returns the :class:`CardBook` for the shipped
list; ``load_cards(path)`` reads another file in the same schema. Any problem raises
:class:`~starlanes.core.errors.ContentError` naming the file, the card and the field.

>>> book = load_cards()
>>> book.asset("jupiter").orbitals
(19, 14, 10, 6, 3, 1)
>>> book.lookup("nexuscrop decimator").key
'decimator'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from starlanes.core.errors import ContentError

__all__ = [
    "ABILITY_KINDS",
    "CLASSES",
    "FACTIONS",
    "Ability",
    "AssetCard",
    "Card",
    "CardBook",
    "SpacecraftCard",
    "UpgradeCard",
    "load_cards",
    "normalize_name",
]

FACTIONS = ("earth", "venus", "saturn")
CLASSES = ("fighter", "corvette", "frigate", "cruiser")

# ability kind -> {field: type}; the fields each kind requires (see abilities.py for meaning)
ABILITY_KINDS: dict[str, dict[str, type]] = {
    # assets
    "ignore-first-debris": {},
    "refit-swap": {"scope": str},
    "sacrifice-shield": {},
    "pod-escort": {"count": int},
    "seize-shipyards": {},
    "gate-victory": {"turns": int},
    "gate-free-transfer": {},
    "no-upgrades": {},
    # spacecraft
    "raze": {},
    "ones-hit": {},
    "tow": {"bonus": int},
    "drone": {"ansible": str},
    "damage-sponge": {},
    "accuracy-aura": {"bonus": int, "reach": int},
    "beacon-accuracy": {"bonus": int},
    "beacon-transfer": {"discount": int},
    "troop-pod": {},
    "boarding": {},
    "sweep": {"cost": int},
    "screen": {},
    "pod-carrier": {"count": int},
    "mobile-yard": {"classes": list},
    "wingman": {"cost": int},
    "bodyguard": {},
    "reinforce": {"cost": int, "armor": int},
    "refuel": {"cost": int, "delta_vee": int},
    "flagship": {"count": int, "classes": list},
    # upgrades
    "drone-relay": {"per": int},
    "housing": {"bonus": int},
    "lab": {"bonus": int},
    "any-entry-orbital": {},
    "sweeper-station": {},
    "cannibalize": {},
    "radar": {"bonus": int},
    "extra-slip": {"count": int},
    "free-burns": {},
    "thorns": {"damage": int},
    "decoy": {},
    "foresight": {},
}

REFIT_SCOPES = ("any-friendly-asset", "this-asset")


def normalize_name(name: str) -> str:
    """Case- and space-insensitive form used to match names typed in deck files."""
    return " ".join(name.replace('"', " ").split()).casefold()


@dataclass(frozen=True, slots=True)
class Ability:
    """One machine-readable ability: its kind and its numbers (``args``)."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str
    text: str
    abilities: tuple[Ability, ...]
    aliases: tuple[str, ...]

    @property
    def kind(self) -> str:
        raise NotImplementedError

    def ability(self, kind: str) -> Ability | None:
        for a in self.abilities:
            if a.kind == kind:
                return a
        return None

    def has(self, kind: str) -> bool:
        for a in self.abilities:  # noqa: SIM110 (a loop is faster than any(); asked many times per listing)
            if a.kind == kind:
                return True
        return False


@dataclass(frozen=True, slots=True)
class AssetCard(Card):
    population: int
    factory: int
    cost: int | None
    homeworld: bool
    neutral: bool
    faction: str | None
    classes: tuple[str, ...]
    orbitals: tuple[int, ...]
    orbit_track: tuple[int, int, int, int]
    resistance: int

    @property
    def kind(self) -> str:
        return "asset"


@dataclass(frozen=True, slots=True)
class SpacecraftCard(Card):
    ship_class: str
    faction: str
    accuracy: int
    armor: int
    delta_vee: int
    population: int
    cost: int
    bombardment: int

    @property
    def kind(self) -> str:
        return "spacecraft"


@dataclass(frozen=True, slots=True)
class UpgradeCard(Card):
    faction: str
    cost: int
    resistance: int

    @property
    def kind(self) -> str:
        return "upgrade"


@dataclass(frozen=True)
class CardBook:
    """All cards by key, with name lookup (names, aliases, case-insensitive)."""

    cards: Mapping[str, Card]
    source: str = "cards.toml"
    _names: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for key, card in self.cards.items():
            for name in (card.name, *card.aliases, key):
                self._names[normalize_name(name)] = key

    def __getitem__(self, key: str) -> Card:
        return self.cards[key]

    def __contains__(self, key: object) -> bool:
        return key in self.cards

    def lookup(self, name: str) -> Card | None:
        key = self._names.get(normalize_name(name))
        return None if key is None else self.cards[key]

    def asset(self, key: str) -> AssetCard:
        card = self.cards[key]
        assert isinstance(card, AssetCard)
        return card

    def ship(self, key: str) -> SpacecraftCard:
        card = self.cards[key]
        assert isinstance(card, SpacecraftCard)
        return card

    def upgrade(self, key: str) -> UpgradeCard:
        card = self.cards[key]
        assert isinstance(card, UpgradeCard)
        return card

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == kind]

    def to_json(self) -> bytes:
        """The book as canonical JSON, for a client that draws the cards: per kind (``asset``,
        ``spacecraft``, ``upgrade``) a list of cards in book order, each with every number, its
        text and its abilities (``{"kind": ..., "args": {...}}``)."""
        out: dict[str, list[dict[str, Any]]] = {"asset": [], "spacecraft": [], "upgrade": []}
        for card in self.cards.values():
            data = {f.name: getattr(card, f.name) for f in fields(card)}
            data["abilities"] = [{"kind": a.kind, "args": dict(a.args)} for a in card.abilities]
            out[card.kind].append(data)
        return msgspec.json.encode(out, order="sorted")


class _Reader:
    """Field access on one TOML table with errors that name file, card and field."""

    def __init__(self, file: str, section: str, index: int, table: Any) -> None:
        self.file = file
        if not isinstance(table, dict):
            raise ContentError(file, f"{section}[{index}]", "must be a table")
        self.table: dict[str, Any] = table
        self.where = f"{section}[{index}]" + (f" ({table['name']})" if isinstance(table.get("name"), str) else "")
        self.used: set[str] = set()

    def fail(self, fld: str, problem: str) -> ContentError:
        return ContentError(self.file, f"{self.where}.{fld}", problem)

    def get(self, fld: str, kind: type, default: Any = ..., *, minimum: int | None = 0) -> Any:
        self.used.add(fld)
        if fld not in self.table:
            if default is ...:
                raise self.fail(fld, "is missing")
            return default
        value = self.table[fld]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(fld, f"must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(fld, f"must be a {kind.__name__}, not {value!r}")
        if kind is int and minimum is not None and value < minimum:
            raise self.fail(fld, f"must be at least {minimum}, not {value}")
        if kind is str and not value.strip():
            raise self.fail(fld, "must not be empty")
        return value

    def ints(self, fld: str, *, length: int | None = None) -> tuple[int, ...]:
        raw = self.get(fld, list)
        if not raw or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in raw):
            raise self.fail(fld, f"must be a non-empty list of whole numbers >= 0, not {raw!r}")
        if length is not None and len(raw) != length:
            raise self.fail(fld, f"must have exactly {length} values, not {len(raw)}")
        return tuple(raw)

    def choice(self, fld: str, choices: tuple[str, ...], default: Any = ...) -> Any:
        value = self.get(fld, str, default)
        if value is not None and value not in choices:
            raise self.fail(fld, f"'{value}' is not one of {', '.join(choices)}")
        return value

    def abilities(self) -> tuple[Ability, ...]:
        raw = self.get("abilities", list, [])
        out = []
        for i, entry in enumerate(raw):
            fld = f"abilities[{i}]"
            if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
                raise self.fail(fld, "must be a table with a 'kind'")
            kind = entry["kind"]
            spec = ABILITY_KINDS.get(kind)
            if spec is None:
                known = ", ".join(sorted(ABILITY_KINDS))
                raise self.fail(fld + ".kind", f"unknown ability kind '{kind}'; known: {known}")
            args: list[tuple[str, Any]] = []
            for name, typ in spec.items():
                if name not in entry:
                    raise self.fail(f"{fld}.{name}", f"is missing (ability '{kind}' needs it)")
                value = entry[name]
                if typ is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                    raise self.fail(f"{fld}.{name}", f"must be a whole number >= 0, not {value!r}")
                if typ is list:
                    if not isinstance(value, list) or not all(v in CLASSES for v in value):
                        raise self.fail(f"{fld}.{name}", f"must be a list of classes ({', '.join(CLASSES)})")
                    value = tuple(value)
                if typ is str and not isinstance(value, str):
                    raise self.fail(f"{fld}.{name}", f"must be text, not {value!r}")
                args.append((name, value))
            extra = set(entry) - set(spec) - {"kind"}
            if extra:
                raise self.fail(fld, f"unknown field(s) {', '.join(sorted(extra))} for ability '{kind}'")
            if kind == "refit-swap" and entry["scope"] not in REFIT_SCOPES:
                raise self.fail(f"{fld}.scope", f"must be one of {', '.join(REFIT_SCOPES)}")
            out.append(Ability(kind, tuple(args)))
        return tuple(out)

    def finish(self) -> None:
        extra = set(self.table) - self.used
        if extra:
            raise ContentError(self.file, self.where, f"unknown field(s): {', '.join(sorted(extra))}")


def _common(r: _Reader) -> dict[str, Any]:
    abilities = r.abilities()
    text = r.get("text", str, "")
    if abilities and not text:
        raise r.fail("text", "is missing (a card with abilities needs its text)")
    aliases = r.get("aliases", list, [])
    if not all(isinstance(a, str) and a.strip() for a in aliases):
        raise r.fail("aliases", "must be a list of names")
    return {
        "key": r.get("key", str),
        "name": r.get("name", str),
        "text": text,
        "abilities": abilities,
        "aliases": tuple(aliases),
    }


def _asset(r: _Reader) -> AssetCard:
    common = _common(r)
    homeworld = r.get("homeworld", bool, False)
    neutral = r.get("neutral", bool, False)
    cost = r.get("cost", int, None, minimum=1)
    faction = r.choice("faction", FACTIONS, None)
    if homeworld and faction is None:
        raise r.fail("faction", "is missing (every homeworld belongs to a faction)")
    if not homeworld and faction is not None:
        raise r.fail("faction", "only homeworlds have a faction; other assets are neutral")
    if homeworld and neutral:
        raise r.fail("neutral", "a homeworld cannot be neutral")
    if not homeworld and not neutral and cost is None:
        raise r.fail("cost", "is missing (an asset that is built needs a construction cost)")
    if (homeworld or neutral) and cost is not None:
        raise r.fail("cost", "a homeworld or neutral asset is never built and has no cost")
    classes = r.get("classes", list)
    for c in classes:
        if c not in CLASSES:
            raise r.fail("classes", f"'{c}' is not a class ({', '.join(CLASSES)})")
    card = AssetCard(
        **common,
        population=r.get("population", int),
        factory=r.get("factory", int),
        cost=cost,
        homeworld=homeworld,
        neutral=neutral,
        faction=faction,
        classes=tuple(classes),
        orbitals=r.ints("orbitals"),
        orbit_track=r.ints("orbit_track", length=4),  # type: ignore[arg-type]
        resistance=r.get("resistance", int, minimum=1),
    )
    r.finish()
    return card


def _spacecraft(r: _Reader) -> SpacecraftCard:
    common = _common(r)
    card = SpacecraftCard(
        **common,
        ship_class=r.choice("class", CLASSES),
        faction=r.choice("faction", FACTIONS),
        accuracy=r.get("accuracy", int),
        armor=r.get("armor", int, minimum=1),
        delta_vee=r.get("delta_vee", int),
        population=r.get("population", int),
        cost=r.get("cost", int, minimum=1),
        bombardment=r.get("bombardment", int),
    )
    r.finish()
    return card


def _upgrade(r: _Reader) -> UpgradeCard:
    common = _common(r)
    card = UpgradeCard(
        **common,
        faction=r.choice("faction", FACTIONS),
        cost=r.get("cost", int, minimum=1),
        resistance=r.get("resistance", int, minimum=1),
    )
    r.finish()
    return card


def parse_cards(data: Mapping[str, Any], file: str) -> CardBook:
    """Build and cross-check a :class:`CardBook` from parsed TOML."""
    if data.get("schema") != 1:
        raise ContentError(file, "schema", f"must be 1, not {data.get('schema')!r}")
    extra = set(data) - {"schema", "asset", "spacecraft", "upgrade"}
    if extra:
        raise ContentError(file, "", f"unknown section(s): {', '.join(sorted(extra))}")
    cards: dict[str, Card] = {}
    names: dict[str, str] = {}
    for section, build in (("asset", _asset), ("spacecraft", _spacecraft), ("upgrade", _upgrade)):
        tables = data.get(section, [])
        if not isinstance(tables, list):
            raise ContentError(file, section, "must be a list of tables ([[" + section + "]])")
        for i, table in enumerate(tables):
            card: Card = build(_Reader(file, section, i, table))
            if card.key in cards:
                raise ContentError(file, f"{section}[{i}].key", f"duplicate key '{card.key}'")
            for name in (card.name, *card.aliases):
                norm = normalize_name(name)
                if norm in names:
                    raise ContentError(file, f"{section}[{i}].name", f"name '{name}' already used by '{names[norm]}'")
                names[norm] = card.key
            cards[card.key] = card
    for entry in cards.values():
        drone = entry.ability("drone")
        if drone is not None:
            relay = cards.get(drone.get("ansible"))
            if not isinstance(relay, UpgradeCard) or not relay.has("drone-relay"):
                problem = f"drone ansible '{drone.get('ansible')}' is not an upgrade with a drone-relay"
                raise ContentError(file, f"{entry.name}.abilities", problem)
    return CardBook(cards, source=file)


def load_cards(path: str | Path | None = None) -> CardBook:
    """The shipped card list, or the list in ``path`` (same schema)."""
    if path is None:
        return _shipped()
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(str(p), "", f"cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(p), "", f"not valid TOML: {exc}") from None
    return parse_cards(data, str(p))


@cache
def _shipped() -> CardBook:
    text = resources.files("starlanes.games.retrograde").joinpath("content/cards.toml").read_text("utf-8")
    return parse_cards(tomllib.loads(text), "retrograde/content/cards.toml")
