"""Organisations as pure functions: offices and Power, branches of every kind, outposts, consent, bonuses.

Rules v2.6.8 S8 (inventory 2.9, ORG-01..20; rulings 300-312, 328).  Part 1 keeps an organisation's
offices on its :class:`~starlanes.games.star_kingdoms.campaign.Org` (Power = offices, ORG-01).
Everything an organisation has *outside* its nation's planets lives in one frozen record,
:class:`OrgWorld`, that the campaign stores beside its factions:

- :class:`Branch`: a branch on an inhabited alien planet or on an outpost (ORG-05), of a kind:
  ``branch`` (a normal branch: research base, trade hub, trading station, lodge, outpost
  defences, forward operating area...), ``black-market`` (Trade), ``safe-house`` and ``fob``
  (Intelligence), ``hidden-lodge`` (Religious).  Safe houses and hidden lodges are *hidden*
  (ORG-08, ruling 305): no consent, no outpost capacity, not shown to the host until found.
  A branch carries its suppression timer and its insurgency blocks (OP-T5, OP-M1, OP-M2, OP-I8);
- :class:`Outpost`: at most one per system, owned by whoever founded it (ORG-09, Amb#42), holding
  as many non-hidden branches as its owner's Offworld Construction level (ORG-10);
- :class:`Consent`: a standing permission of a host to another nation's branches (O04, ORG-07,
  Amb#44), checked when the founding operation completes.

:func:`branch_problem` says why a branch cannot be founded at a site (or None);
:func:`found_branch` adds it (and the outpost, ORG-09); :func:`remove_branch`, :func:`suppress`
and :func:`block_suppression` change one.  The passive bonuses of S8.5 are functions the turn
pipeline calls: :func:`trade_office_power` and :func:`host_trade_branches` (Planetary Economy),
:func:`own_trade_branches` (Economy Rating, through ``economy.TradeBranch``),
:func:`science_points` (offices and planet branches), :func:`outpost_science` (anomaly progress),
:func:`lent_defenders` and :func:`outpost_fighters` (Military), :func:`fob_sightings` and
:func:`fob_remove_safe_house` (Intelligence); Religious adherence is ``culture.py``'s.
What a nation sees of others' branches is :func:`branches_seen_by`.

>>> w = OrgWorld()
>>> w, b = found_branch(w, org="a-o1", faction="a", org_type="trade", kind="branch", site="outpost",
...                     system="S1", turn=3)
>>> (b.id, w.outposts[0].owner, len(w.branches))
('a-o1-b1', 'a', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final, Literal, Protocol

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import FIELDS, Field
from starlanes.games.star_kingdoms.economy import TradeBranch
from starlanes.games.star_kingdoms.orders.records import ORG_TYPES, OrgType
from starlanes.games.star_kingdoms.spec import OrgParams
from starlanes.games.star_kingdoms.tech import SciencePoints

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.campaign import CampaignState, Org
    from starlanes.games.star_kingdoms.galaxy import GalaxyIndex

__all__ = [
    "BRANCH_KINDS",
    "HIDDEN_KINDS",
    "INVALID_KINDS",
    "Branch",
    "BranchKind",
    "Consent",
    "Draw",
    "LentUnits",
    "OrgParams",
    "OrgWorld",
    "Outpost",
    "Site",
    "SiteFacts",
    "block_suppression",
    "branch_problem",
    "branches_seen_by",
    "consent_given",
    "fob_remove_safe_house",
    "fob_sightings",
    "found_branch",
    "grant_consent",
    "host_trade_branches",
    "lent_defenders",
    "mark_found",
    "new_org_problem",
    "office_problem",
    "outpost_capacity",
    "outpost_fighters",
    "outpost_science",
    "own_trade_branches",
    "remove_branch",
    "revoke_consent",
    "science_points",
    "site_facts",
    "suppress",
    "timer_notices",
    "trade_office_power",
]

BranchKind = Literal["branch", "black-market", "safe-house", "fob", "hidden-lodge"]
BRANCH_KINDS: tuple[BranchKind, ...] = ("branch", "black-market", "safe-house", "fob", "hidden-lodge")
HIDDEN_KINDS: Final[frozenset[str]] = frozenset({"safe-house", "hidden-lodge"})
"""Branches hidden from the host (ORG-08, Amb#43, ruling 305)."""
INVALID_KINDS: Final[frozenset[str]] = frozenset({"safe-house", "hidden-lodge", "black-market"})
"""Branches that exist without the host's consent ("invalid", Amb#46, ruling 311)."""
KIND_ORG: Final[dict[str, OrgType]] = {"black-market": "trade", "safe-house": "intelligence",
                                       "fob": "intelligence", "hidden-lodge": "religious"}
"""Branch kinds only one organisation type may found."""
Site = Literal["planet", "outpost"]
HST_CLASS: Final = "heavy-security-team"


class Draw(Protocol):
    """A source of random integers: ``core.rng.Rng`` (the campaign's) or ``random.Random``."""

    def randint(self, low: int, high: int) -> int: ...


FIGHTER_CLASS: Final = "fighter-squadron"


class Branch(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A branch of an organisation (S8.2): on an inhabited alien planet or on an outpost."""

    id: str
    org: str
    """Organisation id (``<faction>-o<n>``)."""
    faction: str
    """The organisation's nation."""
    org_type: OrgType
    kind: BranchKind = "branch"
    site: Site
    system: str
    planet: str = ""
    """The planet (site ``planet``); empty on an outpost."""
    field: Field | Literal[""] = ""
    """A Science branch on a planet: the field of its science points (ORG-12)."""
    anomaly: str = ""
    """A Science branch on an outpost: the anomaly it studies (ORG-13, Amb#41; '' the oldest unfinished)."""
    founded: int
    suppressed_until: int = 0
    """Suppressed during every turn up to this one (0: never); gives no bonus then (ORG-20, Amb#45)."""
    blocks: tuple[int, ...] = ()
    """Insurgency support: each entry blocks one suppression attempt made up to that turn (OP-M2)."""
    found_by: tuple[str, ...] = ()
    """Nations that found this hidden branch (FOB, Organisational Recon): they see it from then on."""

    @property
    def hidden(self) -> bool:
        return self.kind in HIDDEN_KINDS

    @property
    def invalid(self) -> bool:
        return self.kind in INVALID_KINDS

    def suppressed(self, turn: int) -> bool:
        return turn <= self.suppressed_until


class Outpost(msgspec.Struct, frozen=True, kw_only=True):
    """The outpost of a system (S8.3; at most one per system)."""

    system: str
    owner: str
    founded: int


class Consent(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A host's standing permission for another nation's branches (O04; ORG-07, Amb#44)."""

    host: str
    """The nation giving it; 'npc' for the GM's answer for a people no nation plays (Amb#44)."""
    guest: str
    org: str = ""
    """One organisation of the guest ('' any)."""
    kind: BranchKind | Literal[""] = ""
    """One kind of branch ('' any)."""
    location: str = ""
    """A planet id or a system id (its outpost); '' anywhere the host holds."""
    turn: int = 0


class OrgWorld(msgspec.Struct, frozen=True, kw_only=True):
    """Every branch, outpost and consent of a campaign (S8.2, S8.3, O04)."""

    branches: tuple[Branch, ...] = ()
    outposts: tuple[Outpost, ...] = ()
    consents: tuple[Consent, ...] = ()
    next_branch: int = 1

    def branch(self, ident: str) -> Branch | None:
        for b in self.branches:
            if b.id == ident:
                return b
        return None

    def outpost(self, system: str) -> Outpost | None:
        for o in self.outposts:
            if o.system == system:
                return o
        return None

    def of_org(self, org: str) -> tuple[Branch, ...]:
        return tuple(b for b in self.branches if b.org == org)

    def at(self, *, system: str, planet: str = "", site: Site) -> tuple[Branch, ...]:
        """Branches at one site: a planet, or the outpost of a system."""
        if site == "planet":
            return tuple(b for b in self.branches if b.site == "planet" and b.planet == planet)
        return tuple(b for b in self.branches if b.site == "outpost" and b.system == system)


# --- offices and new organisations (ORG-01..04) --------------------------------------------------


def office_problem(org: Org, planet: str, own_planets: Iterable[str]) -> str | None:
    """Why ``org`` cannot have an office on ``planet`` (ORG-02): offices stand only on the nation's
    own planets, one per organisation per planet."""
    if planet not in set(own_planets):
        return "offices stand only on your own planets (Construct Office)"
    if planet in org.offices:
        return f"{org.name} already has an office there (one office per organisation per planet)"
    return None


def new_org_problem(name: str, org_type: str, principle: str, existing: Iterable[str] = ()) -> str | None:
    """Why a new organisation cannot be founded so (ORG-03, ORG-04): a name, one of the five types,
    a guiding principle for a Religious one (and only for it).  Several of one type are allowed."""
    if not name.strip():
        return "a new organisation needs a name"
    if org_type not in ORG_TYPES:
        return f"'{org_type}' is not an organisation type (one of: {', '.join(ORG_TYPES)})"
    if org_type == "religious" and not principle.strip():
        return "a new Religious organisation chooses its guiding principle"
    if org_type != "religious" and principle.strip():
        return "only a Religious organisation has a guiding principle"
    if name.casefold() in {n.casefold() for n in existing}:
        return f"you already have an organisation named '{name}'"
    return None


# --- sites, consent, outposts (ORG-05..10) ---------------------------------------------------------


class SiteFacts(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds a site and what it can take (from the campaign, :func:`site_facts`)."""

    system: str
    planet: str = ""
    host: str = ""
    """The nation holding the planet (or the outpost); '' none; 'npc' a people the engine does not play."""
    inhabited: bool = False
    """Planet site: some people live there (a nation, natives or NPCs)."""
    space_age: bool = False
    """Planet site: its people are a Space Age civilisation (every nation is; ORG-12)."""
    capacity: int = 0
    """Outpost site: branches the outpost (or the one that would be founded) can hold."""


def site_facts(state: CampaignState, world: OrgWorld, gi: GalaxyIndex, *, system: str, planet: str = "",
               founder: str = "") -> SiteFacts:
    """The facts of a planet (``planet`` given) or of a system's outpost, as the campaign has them.

    An outpost not yet founded would be the founder's, so its capacity is the founder's Offworld
    Construction level (ORG-09, ORG-10)."""
    if planet:
        for f in state.factions:
            if f.colony(planet) is not None:
                return SiteFacts(system=system, planet=planet, host=f.id, inhabited=True, space_age=True)
        p = gi.planets[planet]
        if p.inhabitants != "none":
            return SiteFacts(system=system, planet=planet, host="npc", inhabited=True, space_age=p.space_age)
        return SiteFacts(system=system, planet=planet)
    outpost = world.outpost(system)
    owner = outpost.owner if outpost is not None else founder
    oc = 0
    for f in state.factions:
        if f.id == owner:
            oc = f.tech.level("offworld-construction")
    return SiteFacts(system=system, host=outpost.owner if outpost is not None else "", capacity=oc)


def outpost_capacity(world: OrgWorld, system: str) -> int:
    """Non-hidden branches on the outpost of ``system`` (they take its capacity, ORG-10; ORG-08)."""
    return sum(1 for b in world.at(system=system, site="outpost") if not b.hidden)


def consent_given(world: OrgWorld, *, host: str, guest: str, org: str, kind: BranchKind, location: str,
                  system: str = "") -> bool:
    """Whether ``host`` permits ``guest``'s organisation ``org`` a ``kind`` branch at ``location`` (O04)."""
    if host == guest:
        return True
    for c in world.consents:
        if c.host != host or c.guest != guest:
            continue
        if c.org and c.org != org:
            continue
        if c.kind and c.kind != kind:
            continue
        if c.location and c.location not in (location, system):
            continue
        return True
    return False


def grant_consent(world: OrgWorld, consent: Consent) -> OrgWorld:
    """O04 grant: kept until revoked (a repeat of the same consent changes nothing)."""
    key = (consent.host, consent.guest, consent.org, consent.kind, consent.location)
    if any((c.host, c.guest, c.org, c.kind, c.location) == key for c in world.consents):
        return world
    return msgspec.structs.replace(world, consents=(*world.consents, consent))


def revoke_consent(world: OrgWorld, *, host: str, guest: str, org: str = "", kind: str = "",
                   location: str = "") -> OrgWorld:
    """O04 revoke: every consent of ``host`` to ``guest`` matching the given org/kind/location
    ('' matches all).  Branches already founded stay (ruling 303)."""
    kept = tuple(c for c in world.consents if not (
        c.host == host and c.guest == guest and (not org or c.org == org) and (not kind or c.kind == kind)
        and (not location or c.location == location)))
    return msgspec.structs.replace(world, consents=kept)


def branch_problem(world: OrgWorld, *, org: str, faction: str, org_type: OrgType, kind: BranchKind, site: Site,
                   facts: SiteFacts, params: OrgParams, npc_consent: bool | None = None) -> str | None:
    """Why the branch cannot be founded at the site now, or None (ORG-05..10, OP-*, rulings 302-305).

    ``npc_consent`` is the GM's answer for a world held by no nation (None: not asked or not answered)."""
    needed = KIND_ORG.get(kind)
    if needed is not None and needed != org_type:
        return f"only a {needed} organisation founds a {kind}"
    hidden = kind in HIDDEN_KINDS
    if site == "planet":
        if not facts.inhabited:
            return "a branch stands only on an inhabited world, never on an uninhabited planet (ORG-05)"
        if facts.host == faction:
            return "a branch never stands on a planet you control; build an office there (ORG-05)"
        if kind == "fob":
            return "a forward operating base stands only on an outpost (OP-I2)"
        if any(b.org == org for b in world.at(system=facts.system, planet=facts.planet, site="planet")):
            return "the organisation already has a branch on this planet (ORG-06)"
        consent_free = hidden or (kind == "black-market" and not params.black_market_needs_consent)
        if not consent_free:
            if facts.host == "npc":
                granted = npc_consent or consent_given(world, host="npc", guest=faction, org=org, kind=kind,
                                                       location=facts.planet, system=facts.system)
                if params.npc_consent == "deny" or (params.npc_consent == "gm" and not granted):
                    return "the world's people have not consented (the GM decides for peoples no nation plays)"
            elif not consent_given(world, host=facts.host, guest=faction, org=org, kind=kind, location=facts.planet,
                                   system=facts.system):
                return "the planet's owner has not given consent (ORG-07)"
        return None
    if kind == "black-market":
        return "a black market stands only on an alien world (OP-T3)"
    outpost = world.outpost(facts.system)
    if any(b.org == org for b in world.at(system=facts.system, site="outpost")):
        return "the organisation already has a branch on this outpost (ORG-06)"
    if hidden:
        if outpost is None or outpost.owner == faction:
            return f"a {kind.replace('-', ' ')} stands only on an alien outpost or an alien world"
        return None
    if outpost is not None and outpost.owner != faction and not consent_given(
            world, host=outpost.owner, guest=faction, org=org, kind=kind, location=facts.system):
        return "the outpost's owner has not given consent (ORG-07)"
    if outpost_capacity(world, facts.system) + 1 > facts.capacity:
        return (f"the outpost holds {facts.capacity} branch(es) (its owner's Offworld Construction level) "
                "and has no room (ORG-10)")
    return None


def found_branch(world: OrgWorld, *, org: str, faction: str, org_type: OrgType, kind: BranchKind, site: Site,
                 system: str, planet: str = "", turn: int, field: Field | Literal[""] = "",
                 anomaly: str = "") -> tuple[OrgWorld, Branch]:
    """Add the branch (checked by :func:`branch_problem` first); a branch on an outpost of a system
    with none founds the outpost too, owned by ``faction`` (ORG-09)."""
    branch = Branch(id=f"{org}-b{world.next_branch}", org=org, faction=faction, org_type=org_type, kind=kind,
                    site=site, system=system, planet=planet if site == "planet" else "", founded=turn,
                    field=field, anomaly=anomaly)
    outposts = world.outposts
    if site == "outpost" and world.outpost(system) is None:
        outposts = (*outposts, Outpost(system=system, owner=faction, founded=turn))
    return msgspec.structs.replace(world, branches=(*world.branches, branch), outposts=outposts,
                                   next_branch=world.next_branch + 1), branch


def _replace_branch(world: OrgWorld, branch: Branch) -> OrgWorld:
    return msgspec.structs.replace(world, branches=tuple(branch if b.id == branch.id else b for b in world.branches))


def remove_branch(world: OrgWorld, branch_id: str) -> OrgWorld:
    """The branch is gone (the outpost stays, Amb#42)."""
    return msgspec.structs.replace(world, branches=tuple(b for b in world.branches if b.id != branch_id))


SuppressResult = Literal["suppressed", "removed", "blocked"]


def suppress(world: OrgWorld, branch_id: str, duration: int, turn: int) -> tuple[OrgWorld, SuppressResult]:
    """A suppression attempt at ``turn`` (OP-T5, OP-M1, OP-I8; Amb#45, ruling 309): an insurgency
    block still open takes it; else a suppressed branch is removed; else it is suppressed for
    ``duration`` turns from the next one."""
    branch = world.branch(branch_id)
    if branch is None:
        raise KeyError(branch_id)
    open_blocks = sorted(t for t in branch.blocks if t >= turn)
    if open_blocks:
        used = open_blocks[0]
        blocks = list(branch.blocks)
        blocks.remove(used)
        return _replace_branch(world, msgspec.structs.replace(branch, blocks=tuple(blocks))), "blocked"
    if branch.suppressed(turn):
        return remove_branch(world, branch_id), "removed"
    return _replace_branch(world, msgspec.structs.replace(branch, suppressed_until=turn + duration)), "suppressed"


def block_suppression(world: OrgWorld, branch_id: str, power: int, turn: int) -> OrgWorld:
    """Insurgency support (OP-M2): one suppression attempt made in the next ``power`` turns is blocked."""
    branch = world.branch(branch_id)
    if branch is None:
        raise KeyError(branch_id)
    kept = tuple(t for t in branch.blocks if t >= turn)
    return _replace_branch(world, msgspec.structs.replace(branch, blocks=(*kept, turn + power)))


def timer_notices(world: OrgWorld, turn: int) -> tuple[tuple[str, str], ...]:
    """(faction, line) for the sheets at the start of ``turn``: suppressions that have just ended and
    insurgency support that has just lapsed unused (OP-T5, OP-M1, OP-M2, OP-I8)."""
    out: list[tuple[str, str]] = []
    for b in world.branches:
        if b.suppressed_until and b.suppressed_until == turn - 1:
            out.append((b.faction, f"branch {b.id} is no longer suppressed"))
        for t in b.blocks:
            if t == turn - 1:
                out.append((b.faction, f"the insurgents' support of branch {b.id} has lapsed"))
    return tuple(out)


def mark_found(world: OrgWorld, branch_id: str, by: str) -> OrgWorld:
    """A hidden branch found by ``by`` (a FOB, Organisational Recon): they see it from now on."""
    branch = world.branch(branch_id)
    if branch is None or by in branch.found_by or by == branch.faction:
        return world
    return _replace_branch(world, msgspec.structs.replace(branch, found_by=(*branch.found_by, by)))


# --- what nations see (ORG-07, ORG-08) ------------------------------------------------------------


def branches_seen_by(world: OrgWorld, viewer: str, own_planets: Iterable[str]) -> tuple[Branch, ...]:
    """The branches ``viewer`` sees: its own; every non-hidden branch on its planets and outposts
    (the host always knows, ORG-07); hidden ones (safe houses, hidden lodges) only once found
    (ORG-08, OP-I10, OP-I7)."""
    planets = set(own_planets)
    outposts = {o.system for o in world.outposts if o.owner == viewer}
    seen: list[Branch] = []
    for b in world.branches:
        if b.faction == viewer or viewer in b.found_by:
            seen.append(b)
            continue
        hosted = (b.site == "planet" and b.planet in planets) or (b.site == "outpost" and b.system in outposts)
        if hosted and not b.hidden:
            seen.append(b)
    return tuple(seen)


# --- passive bonuses (ORG-11..20) -------------------------------------------------------------------


def _active(branch: Branch, turn: int) -> bool:
    return not branch.suppressed(turn)


def trade_office_power(orgs: Iterable[Org]) -> dict[str, int]:
    """Planet -> PE from Trade offices there: each office adds its organisation's Power (ORG-14)."""
    out: dict[str, int] = {}
    for org in orgs:
        if org.type == "trade":
            for planet in org.offices:
                out[planet] = out.get(planet, 0) + org.power
    return out


def host_trade_branches(world: OrgWorld, planet: str, powers: Mapping[str, int], turn: int,
                        blockade: int = 0) -> tuple[TradeBranch, ...]:
    """Foreign Trade branches on ``planet`` as ``economy.TradeBranch`` records, for
    ``economy.host_trade_power`` (ORG-14: +Power PE; black markets nothing; ORG-20 suppressed)."""
    return tuple(TradeBranch(power=powers.get(b.org, 0), site="black-market" if b.kind == "black-market" else "planet",
                             suppressed=b.suppressed(turn), host_blockade=blockade)
                 for b in world.at(system="", planet=planet, site="planet") if b.org_type == "trade")


def own_trade_branches(world: OrgWorld, faction: str, powers: Mapping[str, int], turn: int,
                       blockades: Mapping[str, int] | None = None) -> tuple[TradeBranch, ...]:
    """The nation's Trade branches abroad, for ``economy.ERSources.trade_branches`` (ORG-14: +Power
    ER on an alien planet, black market included; +2 ER on an outpost; ORG-20)."""
    blockade = blockades or {}
    out: list[TradeBranch] = []
    for b in world.branches:
        if b.faction != faction or b.org_type != "trade":
            continue
        site: Literal["planet", "outpost", "black-market"] = (
            "outpost" if b.site == "outpost" else "black-market" if b.kind == "black-market" else "planet")
        out.append(TradeBranch(power=powers.get(b.org, 0), site=site, suppressed=b.suppressed(turn),
                               host_blockade=blockade.get(b.planet, 0) if b.planet else 0))
    return tuple(out)


def science_points(orgs: Iterable[Org], world: OrgWorld, faction: str, turn: int, rng: Draw,
                   params: OrgParams, *, space_age: Mapping[str, bool] | None = None) -> SciencePoints:
    """Science points of the nation's Science organisations this turn (ORG-11, ORG-12).

    Offices: Power points per office (Power x Power per organisation; ``science_office_sp_per_org``:
    Power), each point in a random field (Amb#38, ruling 301).  Branches on alien planets: Power
    points in the field chosen at founding; Xenology on a world with no Space Age people (ORG-12)."""
    sp = SciencePoints()
    ages = space_age or {}
    for org in orgs:
        if org.type != "science" or org.power == 0:
            continue
        rolls = org.power if params.science_office_sp_per_org else org.power * org.power
        for _ in range(rolls):
            field = FIELDS[rng.randint(0, len(FIELDS) - 1)]
            sp = sp.add(field, 1)
        for b in world.of_org(org.id):
            if b.faction != faction or b.site != "planet" or not _active(b, turn):
                continue
            field = b.field or "xenology"
            if not ages.get(b.planet, True):
                field = "xenology"
            sp = sp.add(field, org.power)
    return sp


def outpost_science(world: OrgWorld, faction: str, sensors: int, turn: int, *,
                    contested: Iterable[str] = (), unfinished: Mapping[str, Iterable[str]] | None = None,
                    ) -> tuple[tuple[Branch, str, int], ...]:
    """(branch, anomaly, progress) of the nation's Science branches on outposts this turn (ORG-13,
    ORG-18, Amb#41, ruling 306): the current Sensors level towards the branch's anomaly (else the
    first unfinished space anomaly of the system, ``unfinished``: system -> anomaly ids in age
    order), only where the nation is Uncontested."""
    busy = set(contested)
    pending = unfinished or {}
    out: list[tuple[Branch, str, int]] = []
    for b in world.branches:
        if b.faction != faction or b.org_type != "science" or b.site != "outpost" or not _active(b, turn):
            continue
        if b.system in busy or sensors <= 0:
            continue
        left = list(pending.get(b.system, ()))
        anomaly = b.anomaly if b.anomaly and (not pending or b.anomaly in left) else (left[0] if left else "")
        if anomaly:
            out.append((b, anomaly, sensors))
    return tuple(out)


class LentUnits(msgspec.Struct, frozen=True, kw_only=True):
    """Units a Military organisation lends to a fight (ORG-15, Amb#51): fresh, at the lender's current
    tech levels, no logistics, losses not carried over."""

    faction: str
    org: str
    class_id: str
    count: int


def lent_defenders(orgs_by_faction: Mapping[str, Iterable[Org]], world: OrgWorld, planet: str, *, government: str,
                   attacker: str, allies: Mapping[str, Iterable[str]] | None = None,
                   turn: int) -> tuple[LentUnits, ...]:
    """Heavy Security Teams opposing an attack on ``planet``'s government (ORG-15, Amb#52, ruling 307):
    the government's Military offices there and other nations' Military branches on it, each
    Power teams; never against the lender itself or its Allies."""
    friends = {k: set(v) for k, v in (allies or {}).items()}
    out: list[LentUnits] = []
    for faction, orgs in orgs_by_faction.items():
        if faction == attacker or attacker in friends.get(faction, set()):
            continue
        for org in orgs:
            if org.type != "military" or org.power == 0:
                continue
            here = faction == government and planet in org.offices
            here = here or any(b.site == "planet" and b.planet == planet and _active(b, turn)
                               for b in world.of_org(org.id))
            if here:
                out.append(LentUnits(faction=faction, org=org.id, class_id=HST_CLASS, count=org.power))
    return tuple(out)


def outpost_fighters(orgs_by_faction: Mapping[str, Iterable[Org]], world: OrgWorld, system: str,
                     turn: int) -> tuple[LentUnits, ...]:
    """Fighter Squadrons of Military branches on the outpost of ``system``: Power each, joining any
    space combat there on their nation's side (ORG-15, Amb#53)."""
    out: list[LentUnits] = []
    for faction, orgs in orgs_by_faction.items():
        for org in orgs:
            if org.type != "military" or org.power == 0:
                continue
            if any(b.site == "outpost" and b.system == system and _active(b, turn) for b in world.of_org(org.id)):
                out.append(LentUnits(faction=faction, org=org.id, class_id=FIGHTER_CLASS, count=org.power))
    return tuple(out)


def fob_sightings(world: OrgWorld, faction: str, turn: int, *,
                  being_established: Iterable[tuple[str, str]] = ()) -> tuple[OrgWorld, tuple[str, ...]]:
    """ORG-16: the nation's forward operating bases learn of every safe house on their outpost, and of
    safe houses being established there (``being_established``: (system, founding faction)).  Safe
    houses seen are marked found; returns the world and the lines for the nation's sheet."""
    fobs = {b.system for b in world.branches if b.faction == faction and b.kind == "fob" and _active(b, turn)}
    lines: list[str] = []
    for b in world.branches:
        if b.kind == "safe-house" and b.site == "outpost" and b.system in fobs and b.faction != faction:
            world = mark_found(world, b.id, faction)
            lines.append(f"safe house {b.id} of {b.faction} on the outpost of {b.system}")
    for system, who in being_established:
        if system in fobs and who != faction:
            lines.append(f"a safe house of {who} is being established on the outpost of {system}")
    return world, tuple(lines)


def fob_remove_safe_house(world: OrgWorld, faction: str, branch_id: str) -> OrgWorld:
    """O59 (OP-I10, ruling 328): a forward operating base removes a safe house on its outpost, at will."""
    b = world.branch(branch_id)
    if b is None or b.kind != "safe-house" or faction not in b.found_by:
        raise IllegalAction("remove safe house", f"'{branch_id}' is not a safe house you know of")
    if b.site != "outpost":
        raise IllegalAction("remove safe house", "a forward operating base removes safe houses on outposts only")
    if not any(f.faction == faction and f.kind == "fob" and f.system == b.system and f.site == "outpost"
               for f in world.branches):
        raise IllegalAction("remove safe house",
                            f"you have no forward operating base on the outpost of {b.system} (the safe house's)")
    return remove_branch(world, branch_id)
