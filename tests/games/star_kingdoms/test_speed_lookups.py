"""Lookups kept between calls (issue 16) against fresh ones.

``names.normalize`` keeps each name's normal form; ``execute.galaxy_index`` looks at the index it
gave last before its table.  Every name of the catalogue and of generated galaxies, and variants
of each, is normalised as the regular expression does, twice (the second time from what was
kept); galaxies given in turn, equal ones among them, each get their own index.
"""

from __future__ import annotations

import re

import msgspec

from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.execute import galaxy_index
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex
from starlanes.games.star_kingdoms.galaxygen import generate_galaxy
from starlanes.games.star_kingdoms.names import normalize

_NON_WORD = re.compile(r"[^0-9a-z]+")


def _fresh(name: str) -> str:
    return _NON_WORD.sub(" ", name.casefold()).strip()


def test_kept_normal_forms_are_the_fresh_ones() -> None:
    cat = load_catalogue()
    names = [t.name for t in cat.techs.values()] + [c.name for c in cat.classes.values()]
    for seed in (1, 2):
        galaxy = generate_galaxy(3, seed)
        names += [s.name for s in galaxy.systems] + [p.name for _, p in galaxy.planets()]
    written = [v for n in names for v in (n, n.upper(), f"  {n}-x ", f"'{n}'", n.replace(" ", "_"), "")]
    assert len(written) > 500
    for _ in range(2):
        for name in written:
            assert normalize(name) == _fresh(name), name


def test_each_galaxy_gets_its_own_index_whichever_came_last() -> None:
    first, second = generate_galaxy(2, 5), generate_galaxy(3, 6)
    twin = msgspec.msgpack.decode(msgspec.msgpack.encode(first), type=type(first))
    assert twin == first and twin is not first
    for galaxy in (first, first, second, first, twin, twin, first, second, second):
        index = galaxy_index(galaxy)
        assert index.galaxy is galaxy
        assert index.planets == GalaxyIndex.of(galaxy).planets
