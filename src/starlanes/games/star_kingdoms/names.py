"""Names as players write them: normalising, resolving to ids, and "did you mean".

``normalize("Construction Techniques (Arctic)") == "construction techniques arctic"``: case,
punctuation and runs of spaces do not matter, so ``starship weapons``, ``Starship-Weapons``
and ``STARSHIP WEAPONS`` are one name.  A :class:`NameIndex` maps every name and alias of
one kind (planets, techs, classes...) to its id and suggests close names for a typo.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = ["NameIndex", "normalize"]

_NON_WORD = re.compile(r"[^0-9a-z]+")


_NORMALIZED: dict[str, str] = {}
"""name -> :func:`normalize` of it (a function of the name alone), for names met again."""


def normalize(name: str) -> str:
    """Case-, punctuation- and spacing-insensitive form of a name."""
    found = _NORMALIZED.get(name)
    if found is None:
        found = _NON_WORD.sub(" ", name.casefold()).strip()
        if len(_NORMALIZED) >= 65536:
            _NORMALIZED.clear()
        _NORMALIZED[name] = found
    return found


@dataclass
class NameIndex:
    """Names of one kind: ``resolve`` gives the id, ``suggest`` the close names."""

    kind: str
    ids: dict[str, str] = field(default_factory=dict)  # normalised name -> id
    display: dict[str, str] = field(default_factory=dict)  # id -> canonical name

    @classmethod
    def build(cls, kind: str, entries: Iterable[tuple[str, str, Iterable[str]]]) -> NameIndex:
        """From ``(id, name, aliases)`` triples. A clash between two entries raises ``ValueError``."""
        index = cls(kind)
        for ident, name, aliases in entries:
            index.add(ident, name, aliases)
        return index

    @classmethod
    def of_names(cls, kind: str, names: Iterable[str]) -> NameIndex:
        """An index whose ids are the names themselves (factions, organisations, units)."""
        return cls.build(kind, ((n, n, ()) for n in names))

    def add(self, ident: str, name: str, aliases: Iterable[str] = ()) -> None:
        self.display.setdefault(ident, name)
        for text in (name, ident, *aliases):
            key = normalize(text)
            if not key:
                continue
            other = self.ids.get(key)
            if other is not None and other != ident:
                raise ValueError(f"{self.kind} name '{text}' is used by both '{other}' and '{ident}'")
            self.ids[key] = ident

    def __contains__(self, name: str) -> bool:
        return normalize(name) in self.ids

    def __len__(self) -> int:
        return len(self.display)

    def resolve(self, name: str) -> str | None:
        """The id a player's ``name`` means, or None."""
        return self.ids.get(normalize(name))

    def name_of(self, ident: str) -> str:
        return self.display.get(ident, ident)

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Canonical names close to ``name`` (prefix matches first, then similar spellings)."""
        key = normalize(name)
        if not key:
            return []
        found: list[str] = []
        for norm, ident in self.ids.items():
            if norm.startswith(key) or key.startswith(norm + " "):
                shown = self.name_of(ident)
                if shown not in found:
                    found.append(shown)
        for norm in difflib.get_close_matches(key, list(self.ids), n=limit, cutoff=0.6):
            shown = self.name_of(self.ids[norm])
            if shown not in found:
                found.append(shown)
        return found[:limit]

    def unknown(self, name: str) -> str:
        """The one-line message for a name that is not known."""
        hint = self.suggest(name)
        message = f"unknown {self.kind} '{name}'"
        if hint:
            message += "; did you mean " + " or ".join(f"'{h}'" for h in hint) + "?"
        elif len(self) <= 12:
            message += "; known: " + (", ".join(sorted(self.display.values())) or "none")
        return message


def index_from_mapping(kind: str, names: Mapping[str, str]) -> NameIndex:
    """An index from ``{id: name}``."""
    return NameIndex.build(kind, ((i, n, ()) for i, n in names.items()))
