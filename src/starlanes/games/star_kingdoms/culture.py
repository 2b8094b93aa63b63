"""Culture and social principles as pure functions: adherence per world, how it changes, who detects it.

Rules v2.6.8 S10, S8.5 (Religious), S9.6, S18 (inventory 2.11, CULT-01..06, ORG-17, ORG-19;
rulings 318-322).  A world's principles are the ``principles`` map of its
:class:`~starlanes.games.star_kingdoms.campaign.Colony` (principle -> adherence 1..5, CULT-01);
every function here takes such a map and returns a new one, never changing its argument:

- :func:`starting_principles` (CULT-04: 3, 2, 1; more only with the GM),
  :func:`colony_principles`, :func:`closest_planet` and :func:`new_colony_principles` (CULT-03: a
  new colony copies its nation's closest planet at -1),
- :func:`change_adherence` (the bounds of ruling 318: 1..5, 0 removes, a new principle starts at 1),
  :func:`spread_the_word`, :func:`burn_the_heretics` (OP-R3, OP-R4), :func:`religious_office`
  and :func:`religious_branch` (ORG-17, Amb#39), :func:`sponsored_colony` (OP-R5),
- :func:`detection_threshold` and :func:`detected_principles` (CULT-06, ORG-19: what a nation with
  a branch on a foreign world learns there), :func:`principle_sightings` (every such world of a
  campaign, dated, for the nation's sheet), :func:`principle_report` (Cultural Recon, Investigate
  Competition: all of them).

Principles have no mechanical effect of their own (CULT-02): their effects are the GM's, so the
engine never reads an adherence except to print it and to price Spread the Word / Burn the Heretics.

>>> starting_principles(["The Great Game", "Clan Society", "Feudalism"])
{'The Great Game': 3, 'Clan Society': 2, 'Feudalism': 1}
>>> colony_principles({'The Great Game': 3, 'Clan Society': 2, 'Feudalism': 1})
{'The Great Game': 2, 'Clan Society': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.galaxy import galaxy_index
from starlanes.games.star_kingdoms.orgs import OrgParams, OrgWorld

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.campaign import CampaignState
    from starlanes.games.star_kingdoms.galaxy import GalaxyIndex

__all__ = [
    "PrincipleSighting",
    "burn_the_heretics",
    "change_adherence",
    "closest_planet",
    "colony_principles",
    "detected_principles",
    "detection_threshold",
    "new_colony_principles",
    "principle_report",
    "principle_sightings",
    "religious_branch",
    "religious_office",
    "sponsored_colony",
    "spread_the_word",
    "starting_principles",
]

MAX_PRINCIPLE_NAME = 80


def _check_name(name: str) -> str:
    clean = name.strip()
    if not clean:
        raise IllegalAction("principle", "a social principle needs a name")
    if len(clean) > MAX_PRINCIPLE_NAME:
        raise IllegalAction("principle", f"a principle's name is at most {MAX_PRINCIPLE_NAME} characters")
    return clean


def _key(principles: Mapping[str, int], name: str) -> str | None:
    """The principle as the map spells it (names compare without case)."""
    folded = name.strip().casefold()
    for k in principles:
        if k.casefold() == folded:
            return k
    return None


def starting_principles(names: Sequence[str], adherences: Sequence[int] = (), *,
                        gm_agreed: bool = False) -> dict[str, int]:
    """A new nation's homeworld principles (CULT-04, S18): three, at adherence 3, 2 and 1.  Other
    numbers or adherences (the Solvaskr's 3, 2, 2, 1) only with the GM's agreement."""
    levels = list(adherences) or [3, 2, 1][:len(names)]
    if len(levels) != len(names):
        raise IllegalAction("principles", f"{len(names)} principle(s) but {len(levels)} adherence(s)")
    if not gm_agreed and (len(names) != 3 or sorted(levels) != [1, 2, 3]):
        raise IllegalAction("principles", "a new nation has three principles at adherence 3, 2 and 1 "
                                          "(others need the GM's agreement)")
    if any(not 1 <= a <= 5 for a in levels):
        raise IllegalAction("principles", "adherence goes from 1 to 5")
    out: dict[str, int] = {}
    for name, level in zip(names, levels, strict=True):
        clean = _check_name(name)
        if _key(out, clean) is not None:
            raise IllegalAction("principles", f"'{clean}' is named twice")
        out[clean] = level
    return out


def change_adherence(principles: Mapping[str, int], name: str, delta: int,
                     params: OrgParams | None = None) -> dict[str, int]:
    """The principles with ``name`` changed by ``delta`` (ruling 318, Amb#40): adherence stays within
    1..``adherence_max``; a principle falling to 0 is gone; a principle raised that was absent
    starts at 1."""
    top = (params or OrgParams()).adherence_max
    out = dict(principles)
    key = _key(out, name)
    if key is None:
        if delta > 0:
            out[_check_name(name)] = 1
        return out
    value = out[key] + delta
    if value <= 0:
        del out[key]
    else:
        out[key] = min(value, top)
    return out


def spread_the_word(principles: Mapping[str, int], guiding: str, params: OrgParams | None = None) -> dict[str, int]:
    """OP-R3: the guiding principle +1 on the world (absent: it appears at 1)."""
    return change_adherence(principles, guiding, +1, params)


def burn_the_heretics(principles: Mapping[str, int], target: str, params: OrgParams | None = None) -> dict[str, int]:
    """OP-R4: the target principle -1 on the world (at 1 it disappears)."""
    if _key(principles, target) is None:
        raise IllegalAction("Burn the Heretics", f"the world holds no principle '{target}'")
    return change_adherence(principles, target, -1, params)


def religious_office(principles: Mapping[str, int], guiding: str, params: OrgParams | None = None) -> dict[str, int]:
    """ORG-17, Amb#39 (ruling 319): a Religious office, when completed, raises its guiding principle on
    its planet by 1, once (to the maximum of 5); closing it later takes nothing back."""
    return change_adherence(principles, guiding, +1, params)


def religious_branch(principles: Mapping[str, int], guiding: str, params: OrgParams | None = None) -> dict[str, int]:
    """ORG-17 (ruling 319): a Religious branch on an alien world raises its guiding principle by 1 but
    only up to ``religious_branch_cap`` = 1: the principle appears at 1 where absent, else nothing."""
    cap = (params or OrgParams()).religious_branch_cap
    key = _key(principles, guiding)
    current = principles[key] if key is not None else 0
    if current >= cap:
        return dict(principles)
    return change_adherence(principles, guiding, +1, params)


def colony_principles(source: Mapping[str, int], *, sponsor: str = "",
                      params: OrgParams | None = None) -> dict[str, int]:
    """CULT-03: a new colony copies the principles of its nation's closest planet, each at -1 (those at
    1 are not copied, ruling 318).  ``sponsor``: the guiding principle of a Religious organisation
    that sponsored the colonists (OP-R5), +1 once however many sponsored it."""
    out = {k: v - 1 for k, v in source.items() if v > 1}
    if sponsor:
        out = change_adherence(out, sponsor, +1, params)
    return out


def sponsored_colony(principles: Mapping[str, int], sponsors: Iterable[str],
                     params: OrgParams | None = None) -> dict[str, int]:
    """OP-R5: the colony's adherence to each sponsoring guiding principle +1; several sponsorships of
    one principle do not stack (Amb#124)."""
    out = dict(principles)
    done: set[str] = set()
    for s in sponsors:
        folded = s.casefold()
        if folded in done:
            continue
        done.add(folded)
        out = change_adherence(out, s, +1, params)
    return out


def closest_planet(gi: GalaxyIndex, target: str, own: Sequence[str], homeworld: str) -> str:
    """CULT-03, Amb#40 (ruling 320): the nation's planet fewest wormhole jumps from ``target``; ties go
    to the homeworld, then to the planet founded first (``own`` in founding order)."""
    if not own:
        raise ValueError("a nation with no planet has no closest planet")
    dist = gi.jumps_from(gi.planet_system[target])
    far = len(gi.systems) + 1
    ranked = sorted(enumerate(own), key=lambda item: (dist.get(gi.planet_system[item[1]], far),
                                                      item[1] != homeworld, item[0]))
    return ranked[0][1]


def new_colony_principles(state: CampaignState, faction_id: str, planet: str, sponsors: Iterable[str] = (),
                          params: OrgParams | None = None) -> dict[str, int]:
    """The principles of the nation's new colony on ``planet`` (CULT-03, OP-R5): its closest planet's
    at -1 (:func:`closest_planet`), then +1 to each sponsoring guiding principle, once.  Call it
    before the colony joins the nation's colonies."""
    f = state.faction(faction_id)
    own = [c.planet for c in f.colonies if c.planet != planet]
    if not own:
        return sponsored_colony({}, sponsors, params)
    source = closest_planet(galaxy_index(state.galaxy), planet, own, f.homeworld)
    colony = f.colony(source)
    assert colony is not None
    return sponsored_colony(colony_principles(colony.principles, params=params), sponsors, params)


def detection_threshold(branch_types: Iterable[str], params: OrgParams | None = None) -> int | None:
    """CULT-06, ORG-19: the lowest adherence a nation learns on a foreign world from its branches there:
    3 with any branch, 2 with an Intelligence or Religious one; None with no branch."""
    p = params or OrgParams()
    types = set(branch_types)
    if not types:
        return None
    if types & {"intelligence", "religious"}:
        return p.detect_intel_branch
    return p.detect_any_branch


def detected_principles(principles: Mapping[str, int], threshold: int | None) -> dict[str, int]:
    """The principles at or above ``threshold`` (None: nothing is learned)."""
    if threshold is None:
        return {}
    return {k: v for k, v in principles.items() if v >= threshold}


class PrincipleSighting(msgspec.Struct, frozen=True, kw_only=True):
    """What a nation learned of the principles on a foreign world, and when (CULT-06; a sheet line)."""

    faction: str
    """Who learned it."""
    planet: str
    owner: str
    turn: int
    principles: dict[str, int]
    source: str
    """'branch' (standing presence, CULT-06), 'recon' (Cultural Recon / Investigate Competition)."""
    complete: bool = False
    """Every principle of the world (a recon), not only those above the threshold."""


def principle_sightings(state: CampaignState, world: OrgWorld, faction: str, turn: int,
                        params: OrgParams | None = None) -> tuple[PrincipleSighting, ...]:
    """CULT-06: every foreign world where ``faction`` has a branch (suppressed or not: the people are
    still there, ruling 321), with the principles its branches reveal."""
    types: dict[str, set[str]] = {}
    for b in world.branches:
        if b.faction == faction and b.site == "planet":
            types.setdefault(b.planet, set()).add(b.org_type)
    out: list[PrincipleSighting] = []
    for other in state.factions:
        if other.id == faction:
            continue
        for colony in other.colonies:
            if colony.planet in types:
                seen = detected_principles(colony.principles, detection_threshold(types[colony.planet], params))
                out.append(PrincipleSighting(faction=faction, planet=colony.planet, owner=other.id, turn=turn,
                                             principles=seen, source="branch"))
    return tuple(out)


def principle_report(state: CampaignState, faction: str, planet: str, turn: int) -> PrincipleSighting | None:
    """OP-I9, OP-R6: every principle of the planet (None: no nation holds it, so the GM is asked)."""
    for other in state.factions:
        colony = other.colony(planet)
        if colony is not None:
            return PrincipleSighting(faction=faction, planet=planet, owner=other.id, turn=turn,
                                     principles=dict(colony.principles), source="recon", complete=True)
    return None
