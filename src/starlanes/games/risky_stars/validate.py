"""The map validator: every rule a Risky Stars map must meet, each violation named.

:func:`validate_map` returns every :class:`Violation` of a map (loaded or generated): the
rule it breaks (the inventory ID, e.g. ``RS-M04``), the field (``systems[5]``) and the problem
in words.  An empty list means the map is legal.  The loader turns the first violation into a
``ContentError``; ``starlanes map`` commands can list them all.

Checked: ids unique and lane ends real (structure, RS-M05); the resource of each body
(RS-B01/B02); region counts per body kind and surface (RS-B03..B06); 2..6 home systems
(RS-M01), each with a Gaia planet (RS-S01) and equal region counts (RS-S02); one featured
system with ``featured_factor`` times a home's regions (RS-M02); ``minors_per_home`` minor
systems per home, each ``minor_percent`` % of a home's regions (RS-M03); every minor reached by
exactly ``minor_lanes`` lanes, each from a different home system (RS-M04); every home joined to
the featured system by ``featured_lanes_per_home`` lanes (RS-M06).  Together, RS-M04 and RS-M06
make every map connected.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from starlanes.games.risky_stars.maps import RESOURCE_OF, StarMap
from starlanes.games.risky_stars.spec import RiskyStarsParams

__all__ = ["MAX_HOMES", "MIN_HOMES", "Violation", "structure_violations", "validate_map"]

MIN_HOMES = 2
MAX_HOMES = 6
"""Home systems per map (rules: Maps, "2 to 6 Home Star Systems"; RS-M01)."""

STRUCTURE = "RS-M05"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: the inventory ID, where (a field path) and what is wrong."""

    rule: str
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.field}: {self.problem} [{self.rule}]"


def structure_violations(star_map: StarMap) -> list[Violation]:
    """Ids used twice and lanes that do not join two different, existing systems."""
    out: list[Violation] = []
    seen: dict[str, str] = {}

    def claim(ident: str, field: str) -> None:
        if ident in seen:
            out.append(Violation("structure", field, f"id '{ident}' is already used by {seen[ident]}"))
        else:
            seen[ident] = field

    for si, system in enumerate(star_map.systems):
        claim(system.id, f"systems[{si}].id")
        for bi, body in enumerate(system.bodies):
            claim(body.id, f"systems[{si}].bodies[{bi}].id")
            for ri, region in enumerate(body.regions):
                claim(region.id, f"systems[{si}].bodies[{bi}].regions[{ri}].id")
    systems = {s.id for s in star_map.systems}
    for li, lane in enumerate(star_map.lanes):
        claim(lane.id, f"lanes[{li}].id")
        for end in ("a", "b"):
            target = getattr(lane, end)
            if target not in systems:
                out.append(Violation(STRUCTURE, f"lanes[{li}].{end}", f"lane '{lane.id}' leads to unknown system "
                                                                        f"'{target}'"))
        if lane.a == lane.b:
            out.append(Violation(STRUCTURE, f"lanes[{li}]", f"lane '{lane.id}' joins system '{lane.a}' to itself"))
    return out


def _body_violations(star_map: StarMap, p: RiskyStarsParams) -> list[Violation]:
    out: list[Violation] = []
    for si, system in enumerate(star_map.systems):
        for bi, body in enumerate(system.bodies):
            field = f"systems[{si}].bodies[{bi}]"
            n = body.region_count
            if body.resource != RESOURCE_OF[body.kind]:
                out.append(Violation("RS-B02", f"{field}.resource", f"body '{body.id}' is a {body.label} and "
                                     f"produces {RESOURCE_OF[body.kind]}, not {body.resource}"))
            if body.kind != "rocky_planet":
                if body.surface is not None:
                    out.append(Violation("RS-B02", f"{field}.surface", f"body '{body.id}' is a {body.label}; only "
                                         "rocky planets have a surface"))
                if n != 1:
                    out.append(Violation("RS-B03", f"{field}.regions", f"{body.label} '{body.id}' has {n} regions; "
                                         "gas giants, planetoids and comets have exactly 1"))
            elif body.surface is None:
                out.append(Violation("RS-B02", f"{field}.surface", f"rocky planet '{body.id}' needs a surface: "
                                     "barren, gaia or ocean"))
            elif body.surface == "barren" and n != p.barren_regions:
                out.append(Violation("RS-B04", f"{field}.regions", f"Barren planet '{body.id}' has {n} regions; "
                                     f"it has exactly {p.barren_regions} (hemispheres)"))
            elif body.surface == "gaia" and not p.gaia_min_continents <= n <= p.gaia_max_continents:
                out.append(Violation("RS-B05", f"{field}.regions", f"Gaia planet '{body.id}' has {n} continents; "
                                     f"it has {p.gaia_min_continents} to {p.gaia_max_continents}"))
            elif body.surface == "ocean" and n != 1:
                out.append(Violation("RS-B06", f"{field}.regions", f"Ocean planet '{body.id}' has {n} regions; "
                                     "it has exactly 1"))
    return out


def _layout_violations(star_map: StarMap, p: RiskyStarsParams) -> list[Violation]:
    out: list[Violation] = []
    where = {s.id: f"systems[{i}]" for i, s in enumerate(star_map.systems)}
    kind = {s.id: s.kind for s in star_map.systems}
    homes = star_map.of_kind("home")
    featured = star_map.of_kind("featured")
    minors = star_map.of_kind("minor")
    if not MIN_HOMES <= len(homes) <= MAX_HOMES:
        out.append(Violation("RS-M01", "systems", f"the map has {len(homes)} home systems; "
                             f"it has {MIN_HOMES} to {MAX_HOMES}"))
    for h in homes:
        if not any(b.kind == "rocky_planet" and b.surface == "gaia" for b in h.bodies):
            out.append(Violation("RS-S01", where[h.id], f"home system '{h.id}' has no Gaia planet to start on"))
    if not homes:
        return out
    r = homes[0].region_count
    for h in homes[1:]:
        if h.region_count != r:
            out.append(Violation("RS-S02", where[h.id], f"home system '{h.id}' has {h.region_count} regions, "
                                 f"home system '{homes[0].id}' {r}; every home system has the same count"))
    if len(featured) != 1:
        out.append(Violation("RS-M02", "systems", f"the map has {len(featured)} featured systems; it has exactly 1"))
    for f in featured:
        if f.region_count != p.featured_factor * r:
            out.append(Violation("RS-M02", where[f.id], f"featured system '{f.id}' has {f.region_count} regions; "
                                 f"it has {p.featured_factor} x {r} = {p.featured_factor * r} (home systems have {r})"))
    if len(minors) != p.minors_per_home * len(homes):
        out.append(Violation("RS-M03", "systems", f"the map has {len(minors)} minor systems; it has "
                             f"{p.minors_per_home} per home system, {p.minors_per_home * len(homes)}"))
    if (r * p.minor_percent) % 100:
        out.append(Violation("RS-M03", where[homes[0].id], f"home systems have {r} regions: "
                             f"{p.minor_percent}% of that is not a whole number of regions for minor systems"))
    else:
        want = r * p.minor_percent // 100
        for m in minors:
            if m.region_count != want:
                out.append(Violation("RS-M03", where[m.id], f"minor system '{m.id}' has {m.region_count} regions; "
                                     f"it has {p.minor_percent}% of {r} = {want}"))
    lanes_at: dict[str, list[str]] = {s.id: [] for s in star_map.systems}  # system -> far ends
    for lane in star_map.lanes:
        lanes_at[lane.a].append(lane.b)
        lanes_at[lane.b].append(lane.a)
    for m in minors:
        ends = lanes_at[m.id]
        homes_reached = [e for e in ends if kind[e] == "home"]
        if len(ends) != p.minor_lanes or len(homes_reached) != len(ends) or len(set(ends)) != len(ends):
            told = ", ".join(f"{e} ({kind[e]})" for e in ends) or "none"
            out.append(Violation("RS-M04", where[m.id], f"minor system '{m.id}' is reached by {len(ends)} lane(s) "
                                 f"from {told}; it needs exactly {p.minor_lanes}, each from a different home system"))
    for h in homes:
        to_featured = Counter(kind[e] for e in lanes_at[h.id])["featured"]
        if featured and to_featured != p.featured_lanes_per_home:
            out.append(Violation("RS-M06", where[h.id], f"home system '{h.id}' has {to_featured} lane(s) to the "
                                 f"featured system; it has {p.featured_lanes_per_home}"))
    return out


def validate_map(star_map: StarMap, params: RiskyStarsParams | None = None) -> list[Violation]:
    """Every rule the map breaks (empty: the map is legal)."""
    p = params or RiskyStarsParams()
    out = structure_violations(star_map)
    if out:
        return out
    return _body_violations(star_map, p) + _layout_violations(star_map, p)
