"""The Star Kingdoms ruleset: a campaign as a core game.

Each turn is one sealed decision of every approved nation: its orders document for the turn
(``orders TURN NATION "..."``), checked line by line when it is submitted (a document with a
refused line is refused whole, naming every bad line, and changes nothing), revisable and
withdrawable until the GM closes the turn (``close``).  A nation that submitted nothing gets the
empty document: it starts nothing new and its projects go on (S1.4, TURN-05).  Closing runs the
turn pipeline (``pipeline.py``); each nation then has its report (``state.reports``) from which the
feedback sheets are built.  The GM's own actions (``gm.py``) decide what the rules leave to the GM.

There are no victory conditions (S1.1): the campaign ends after ``turns`` turns, or when the GM
ends it (``end-game``).  A seat sees its own nation, its report, its knowledge and its GM items;
the GM sees everything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import msgspec

from starlanes.core.actions import Action
from starlanes.core.decision import Decision
from starlanes.core.gm import Actor
from starlanes.core.legal import ActionTemplate
from starlanes.core.rng import Rng, derive_seed
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import Event, EventData, Outcome
from starlanes.games.star_kingdoms.bot import economic_draft, economic_orders, war_document
from starlanes.games.star_kingdoms.campaign import CampaignParams, CampaignState, Faction, GMItem, new_faction
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.creation import place_homeworld
from starlanes.games.star_kingdoms.execute import check_orders
from starlanes.games.star_kingdoms.galaxy import NATIVE_BIOSPHERES, Galaxy, GalaxyIndex, Planet, System
from starlanes.games.star_kingdoms.galaxygen import generate_galaxy
from starlanes.games.star_kingdoms.gm import GM_ACTION_TYPES, SetAnalyseLevel, apply_gm, gm_why_not
from starlanes.games.star_kingdoms.knowledge import Knowledge
from starlanes.games.star_kingdoms.operations import OrgsState
from starlanes.games.star_kingdoms.orgs import HIDDEN_KINDS
from starlanes.games.star_kingdoms.pipeline import faction_economy, process_turn, refresh_knowledge
from starlanes.games.star_kingdoms.report import FactionReport
from starlanes.games.star_kingdoms.spec import SPEC

__all__ = [
    "NATION_NAMES",
    "SPEC",
    "GMDecision",
    "Nation",
    "SheetReady",
    "StarKingdoms",
    "StarKingdomsView",
    "SubmitOrders",
    "TurnProcessed",
    "make_ruleset",
    "new_campaign",
    "orders_problem",
]

NATION_NAMES: tuple[str, ...] = (
    "Zabanian Empire", "Kethri Concord", "Free Worlds of Ossa", "Vellan Hegemony", "Tarsine League",
    "House Marrow", "Ruvian Collective", "Dominion of Ash", "Caldera Union", "Noctis Compact",
    "Sable Reach", "Ilyrian Throne", "Merid Syndicate", "Korvath Clans", "Aurel Republic", "Phaedra Assembly",
    "Quorin Directorate", "Lysean Commonwealth", "Tethys Protectorate", "Umbral Accord",
)
"""Names of the nations of a campaign started without creation forms (setup, tests, benchmarks)."""


class SubmitOrders(Action, frozen=True):
    """The orders document of NATION for TURN (sealed; revisable until the GM closes the turn)."""

    verb: ClassVar[str] = "orders"
    turn: int
    nation: str
    orders: str = ""


class TurnProcessed(EventData, frozen=True):
    kind: ClassVar[str] = "turn-processed"
    turn: int
    missing: tuple[str, ...]
    """Nations (names) that sent no orders."""


class SheetReady(EventData, frozen=True):
    kind: ClassVar[str] = "sheet-ready"
    nation: str
    turn: int
    credits: int
    income: int
    completed: int


class GMDecision(EventData, frozen=True):
    kind: ClassVar[str] = "gm-decision"
    nation: str
    text: str


class Nation(msgspec.Struct, frozen=True, kw_only=True):
    """Another nation as a seat may know it: its id and name."""

    id: str
    name: str


class StarKingdomsView(msgspec.Struct, frozen=True, kw_only=True):
    """What one seat (or the GM) sees of the campaign."""

    turn: int
    params: CampaignParams
    seats: int
    """Nations in the campaign (seats)."""
    approved: tuple[int, ...]
    """Seats whose nation the GM has approved (they give orders)."""
    nation: Faction | None = None
    """The seat's own nation in full (None: the GM's view)."""
    report: FactionReport | None = None
    """The seat's report of the last processed turn."""
    knowledge: Knowledge | None = None
    nations: tuple[Nation, ...] = ()
    """Nations the viewer knows (the GM: all)."""
    gm_items: tuple[GMItem, ...] = ()
    """The seat's own GM items (the GM: the whole queue)."""
    gm_notes: tuple[str, ...] = ()
    """GM text waiting for the seat's next sheet."""
    factions: tuple[Faction, ...] = ()
    """The GM's view: every nation in full."""
    organisations: OrgsState | None = None
    """The GM's view: every branch (hidden ones too), outpost, consent and operation under way (the
    GM decides queue items about them; seats see theirs through their sheets)."""
    ended: str = ""
    final_er: tuple[int, ...] = ()
    """Every nation's Economy Rating at the end of the campaign (public once it is over)."""


def _first_galaxy(players: int, seed: int) -> Galaxy:
    return generate_galaxy(players, seed)


def new_campaign(params: CampaignParams | None, players: int, seed: int, *, galaxy: Galaxy | None = None,
                 names: Sequence[str] = ()) -> CampaignState:
    """A campaign of ``players`` standard nations (S18 defaults), approved, on a generated galaxy
    (or ``galaxy``): nation i gets the i-th homeworld slot and native biosphere i mod 3."""
    p = params or CampaignParams()
    rng = Rng.from_seed(derive_seed(seed, "campaign"))
    g = galaxy or _first_galaxy(players, p.galaxy_seed or derive_seed(seed, "galaxy") % (2**63))
    homes = g.homeworlds()
    if len(homes) < players:
        from starlanes.core.errors import UsageError

        raise UsageError(f"the galaxy has {len(homes)} homeworld slots; {players} nations need as many")
    cat = load_catalogue()
    factions: list[Faction] = []
    for i in range(players):
        native = NATIVE_BIOSPHERES[i % 3]
        g = place_homeworld(g, homes[i].id, native, p.homeworld_mineral_rating)
        name = names[i] if i < len(names) else NATION_NAMES[i % len(NATION_NAMES)] + (
            f" {i // len(NATION_NAMES) + 1}" if i >= len(NATION_NAMES) else "")
        f = new_faction(name=name, native=native, homeworld=homes[i].id, catalogue=cat, params=p,
                        galaxy=GalaxyIndex.of(g), principles=("Tradition", "Commerce", "Curiosity"))
        f.default_relationship = p.default_stance  # type: ignore[assignment]
        factions.append(f)
    state = CampaignState(players=players, rng=rng, params=p, galaxy=g, factions=factions)
    refresh_knowledge(state)
    return state


def orders_problem(state: CampaignState, seat: int, action: SubmitOrders) -> str | None:
    """Why a seat's orders document is refused now, or None (every line must be accepted)."""
    faction = state.factions[seat]
    if action.turn != state.turn:
        return f"these orders are for turn {action.turn}; the campaign is at turn {state.turn}"
    if action.nation != faction.id:
        return f"you play {faction.name} ({faction.id}), not '{action.nation}'"
    if not faction.approved:
        return f"{faction.name} awaits the GM's approval"
    if not action.orders.strip():
        return None
    refused = [res for res in check_orders(state, seat, action.orders) if not res.accepted]
    if refused:
        return "; ".join(f"line {res.line}: {res.reason}" for res in refused)
    return None


class StarKingdoms(Ruleset[CampaignState, StarKingdomsView, CampaignParams]):
    spec = SPEC
    state_type = CampaignState
    view_type = StarKingdomsView
    action_types: ClassVar[tuple[type[Action], ...]] = (SubmitOrders,)
    gm_action_types: ClassVar[tuple[type[Action], ...]] = GM_ACTION_TYPES
    event_types: ClassVar[tuple[type[EventData], ...]] = (TurnProcessed, SheetReady, GMDecision)

    def _setup(self, params: CampaignParams, players: int, rng: Rng) -> CampaignState:
        seed = rng.randint(0, 2**62)
        return new_campaign(params, players, seed)

    def _decision(self, state: CampaignState) -> Decision | None:
        if self._outcome(state) is not None:
            return None
        seats = tuple(i for i, f in enumerate(state.factions) if f.approved)
        if not seats:
            return None
        kind = f"orders-turn-{state.turn}"
        if state.params.turn_closes == "gm":
            return Decision(seats, sealed=True, closes="gm", kind=kind)
        return Decision(seats, sealed=True, closes="all", kind=kind)

    def _legal_actions(self, state: CampaignState, seat: int) -> Sequence[Action | ActionTemplate]:
        faction = state.factions[seat]
        empty = SubmitOrders(state.turn, faction.id)
        text = economic_orders(state, seat)
        # the war bot's document (bot.WAR_MARK first) for the star-kingdoms:war agent, then the economic bot's
        war = SubmitOrders(state.turn, faction.id, war_document(state, seat))
        return [empty, war, SubmitOrders(state.turn, faction.id, text)] if text else [empty, war]

    def _count_legal(self, state: CampaignState, seat: int) -> int:
        # the list of _legal_actions, without the war bot's run: the economic document is listed
        # when a line of its draft is kept (checked until one is)
        draft = economic_draft(state, seat)
        return 3 if draft is not None and draft.any_kept() else 2

    def _sample_legal(self, state: CampaignState, seat: int, rng: Rng) -> Action:
        """As the default draw (one index of :meth:`_legal_actions`), writing only the drawn
        document: the economic bot's draft is checked until a line is kept (then it is listed),
        and whole only when it is drawn."""
        faction = state.factions[seat]
        draft = economic_draft(state, seat)
        index = rng.randint(0, (3 if draft is not None and draft.any_kept() else 2) - 1)
        if index == 0:
            return SubmitOrders(state.turn, faction.id)
        if index == 1:
            return SubmitOrders(state.turn, faction.id, war_document(state, seat))
        assert draft is not None
        return SubmitOrders(state.turn, faction.id, draft.kept())

    def _why_not(self, state: CampaignState, actor: Actor, action: Action) -> str | None:
        if not isinstance(actor, int):
            return gm_why_not(state, action)
        if not isinstance(action, SubmitOrders):
            return "a nation submits its orders: orders TURN NATION \"...\""
        return orders_problem(state, actor, action)

    def _default_action(self, state: CampaignState, seat: int) -> Action | None:
        return SubmitOrders(state.turn, state.factions[seat].id)

    def _apply(self, state: CampaignState, moves: Mapping[int, Action]) -> list[Event]:
        orders = {seat: a.orders for seat, a in moves.items() if isinstance(a, SubmitOrders) and a.orders.strip()}
        turn = state.turn
        process_turn(state, orders)
        if state.turn > state.params.turns:
            state.ended = f"the campaign's last turn ({state.params.turns}) was played"
            state.final_er = tuple(faction_economy(state, f).er.total for f in state.factions)
        missing = tuple(f.name for i, f in enumerate(state.factions) if f.approved and i not in orders)
        events = [TurnProcessed(turn, missing).event()]
        for seat, f in enumerate(state.factions):
            report = state.reports.get(f.id)
            if report is None:
                continue
            done = sum(1 for p in report.projects if p.status == "completed")
            income = report.economy.income if report.economy else 0
            events.append(SheetReady(f.id, turn, f.credits, income, done).event(seats=(seat,)))
        return events

    def _apply_gm(self, state: CampaignState, action: Action) -> list[Event]:
        nation, text = apply_gm(state, action)
        # a decision about one nation goes to its seat; one about no nation (an anomaly's yield) to the GM only
        seats = (tuple(i for i, f in enumerate(state.factions) if f.id == nation) or None) if nation else ()
        return [GMDecision(nation, text).event(seats=seats)]

    def _legal_gm_actions(self, state: CampaignState) -> Sequence[Action | ActionTemplate]:
        return [ActionTemplate(SetAnalyseLevel, item.id, level=range(1, state.params.max_level_without_gm + 1))
                for item in state.gm_queue if item.kind == "analyse-level" and not item.decided
                and gm_why_not(state, SetAnalyseLevel(item.id, 1)) is None]

    def _view(self, state: CampaignState, seat: int | None) -> StarKingdomsView:
        if seat is None:
            return StarKingdomsView(
                turn=state.turn, params=state.params, seats=state.players, approved=_approved(state),
                nations=tuple(Nation(id=f.id, name=f.name) for f in state.factions),
                gm_items=tuple(state.gm_queue), factions=tuple(state.factions), ended=state.ended,
                final_er=state.final_er, organisations=state.organisations)
        f = state.factions[seat]
        known = {o.id: o.name for o in state.factions if o.id in f.known_factions}
        # the galaxy's seed would give a player the whole map: seats never see it
        seat_params = state.params.replace(galaxy_seed=0) if state.params.galaxy_seed else state.params
        return StarKingdomsView(
            turn=state.turn, params=seat_params, seats=state.players, approved=_approved(state), nation=f,
            report=state.reports.get(f.id),
            knowledge=state.knowledge.get(f.id), nations=tuple(Nation(id=k, name=v) for k, v in sorted(known.items())),
            gm_items=tuple(i for i in state.gm_queue if i.faction == f.id),
            gm_notes=tuple(state.gm_notes.get(f.id, ())), ended=state.ended, final_er=state.final_er)

    def _outcome(self, state: CampaignState) -> Outcome | None:
        if state.turn <= state.params.turns:
            return None
        scores = tuple(float(er) for er in state.final_er) if len(state.final_er) == state.players else None
        return Outcome(f"the campaign's last turn ({state.params.turns}) was played", (), scores)

    def describe_event(self, event: Event, viewer: Actor) -> str:
        if event.kind == TurnProcessed.kind:
            e = TurnProcessed.of(event)
            late = f"; no orders from {', '.join(e.missing)}" if e.missing else ""
            return f"turn {e.turn} processed{late}"
        if event.kind == SheetReady.kind:
            s = SheetReady.of(event)
            return (f"your sheet for turn {s.turn} is ready: {s.credits} credits (income {s.income}), "
                    f"{s.completed} project(s) completed")
        if event.kind == GMDecision.kind:
            return f"GM: {GMDecision.of(event).text}"
        return super().describe_event(event, viewer)

    def render(self, view: StarKingdomsView, viewer: Any) -> str:
        """The terminal's text: a nation's planets, projects, credits and GM items; the GM's table."""
        from rich.markup import escape

        head = (f"[bold]Turn {view.turn} of {view.params.turns}[/]" if view.turn <= view.params.turns
                else f"[bold]The campaign is over after turn {view.params.turns}[/]")
        lines = [head]
        if view.nation is None:
            for f in view.factions:
                state = "" if f.approved else " [yellow](awaiting approval)[/]"
                lines.append(f"{escape(f.name)} ({escape(f.id)}): {f.credits} credits, {len(f.colonies)} planet(s), "
                             f"{len(f.units)} unit(s){state}")
            lines += [escape(line) for line in _organisation_lines(view)]
        else:
            f = view.nation
            names = {p.id: p.name for p in view.knowledge.planets.values()} if view.knowledge else {}
            lines.append(f"[bold]{escape(f.name)}[/]: {f.credits} credits; science points physics {f.tech.sp.physics}, "
                         f"engineering {f.tech.sp.engineering}, xenology {f.tech.sp.xenology}")
            for c in f.colonies:
                d = c.districts
                lines.append(f"  {escape(names.get(c.planet, c.planet))}: Industrial {d.industrial}, Academic "
                             f"{d.academic}, Shipyard {d.shipyard}, Military {d.military}")
                for slot, p in c.projects.items():
                    what = p.detail.get("tech") or p.detail.get("class") or p.detail.get("district") or p.kind
                    lines.append(f"    {slot}: {escape(p.kind)} ({escape(str(what))}) level {p.level}, "
                                 f"{p.progress}/{p.target}")
            if view.report is not None and view.report.economy is not None:
                lines.append(f"  last turn: income {view.report.economy.income} "
                             f"(Economy Rating {view.report.economy.er.total})")
            lines.append("  write: orders " + str(view.turn) + " " + escape(f.id) + ' "one order a line"')
        lines += [f"  GM item #{i.id}: {escape(i.subject)}" for i in view.gm_items if not i.decided]
        return "\n".join(lines)

    def describe_action(self, view: StarKingdomsView, action: Action) -> str | None:
        if isinstance(action, SubmitOrders):
            count = sum(1 for line in action.orders.splitlines() if line.split("#", 1)[0].strip())
            return "no new orders (ongoing projects continue)" if not count else f"{count} order(s)"
        return None

    def perturb_hidden(self, state: CampaignState, seat: int, rng: Rng) -> CampaignState:
        """Other nations' credits and sealed orders change; the seat's view must not."""
        new = self.clone(state)
        for i, f in enumerate(new.factions):
            if i == seat:
                continue
            f.credits += rng.randint(1, 500)
            if i in new.sealed:
                new.sealed[i] = SubmitOrders(new.turn, f.id).text()
        return new

    def determinize(self, view: StarKingdomsView, seat: int, rng: Rng) -> CampaignState:
        """A campaign consistent with a seat's view: its own nation, knowledge and report as seen;
        the galaxy rebuilt from what it knows; the other nations invented (standard starts) in
        systems it does not know."""
        if view.nation is None:
            raise ValueError("determinize needs a seat's view")
        own = msgspec.convert(msgspec.to_builtins(view.nation), Faction)
        k = view.knowledge
        systems: list[System] = []
        if k is not None:
            by_system: dict[str, list[Planet]] = {}
            for p in k.planets.values():
                by_system.setdefault(p.system, []).append(Planet(
                    id=p.id, name=p.name, biosphere=p.biosphere or "uninhabitable",
                    mineral_rating=p.mineral_rating or 0))
            systems = [System(id=s.id, name=s.name, planets=tuple(by_system.get(s.id, ())))
                       for s in k.systems.values()]
        others = {n.id: n.name for n in view.nations}
        total = view.seats
        hidden: list[System] = []
        for i in range(total):
            if i == seat:
                continue
            hidden.append(System(id=f"unseen-{i}", name=f"Unseen {i}", planets=(
                Planet(id=f"unseen-{i}-1", name=f"Unseen {i} I", biosphere="temperate", mineral_rating=3,
                       homeworld=True),)))
        galaxy = Galaxy(schema="star-kingdoms-galaxy/1", name="Determinized", systems=(*systems, *hidden))
        gi = GalaxyIndex.of(galaxy)
        factions: list[Faction] = []
        names = iter(sorted(others.items()))
        for i in range(total):
            if i == seat:
                factions.append(own)
                continue
            ident, name = next(names, (f"unseen-nation-{i}", f"Unseen Nation {i}"))
            factions.append(new_faction(name=name, ident=ident, native="temperate", homeworld=f"unseen-{i}-1",
                                        params=view.params, galaxy=gi, approved=i in view.approved))
        state = CampaignState(players=total, rng=rng.fork("determinize"), params=view.params, galaxy=galaxy,
                              turn=view.turn, factions=factions, gm_queue=list(view.gm_items),
                              next_gm_item=max((i.id for i in view.gm_items), default=0) + 1,
                              gm_notes={own.id: list(view.gm_notes)} if view.gm_notes else {},
                              reports={own.id: view.report} if view.report is not None else {},
                              knowledge={own.id: k} if k is not None else {}, ended=view.ended,
                              final_er=view.final_er)
        return state


def _organisation_lines(view: StarKingdomsView) -> list[str]:
    """The GM's table of organisations: branches (hidden ones marked), outposts, operations under way."""
    orgs = view.organisations
    if orgs is None:
        return []
    names = {f.id: f.name for f in view.factions}
    org_names = {o.id: o.name for f in view.factions for o in f.orgs}
    out: list[str] = []
    for b in orgs.world.branches:
        where = f"{b.planet} ({b.system})" if b.planet else f"the outpost of {b.system}"
        suppressed = f"suppressed to turn {b.suppressed_until}" if b.suppressed_until >= view.turn else ""
        marks = [m for m in ("hidden" if b.kind in HIDDEN_KINDS else "", suppressed) if m]
        extra = f" [{', '.join(marks)}]" if marks else ""
        out.append(f"  branch {b.id}: {b.kind} of {org_names.get(b.org, b.org)} ({names.get(b.faction, b.faction)}) "
                   f"at {where}{extra}")
    out += [f"  outpost in {o.system}: {names.get(o.owner, o.owner)} (turn {o.founded})" for o in orgs.world.outposts]
    for op in orgs.operations.values():
        out.append(f"  operation {op.kind} by {org_names.get(op.org, op.org)} ({names.get(op.faction, op.faction)}) "
                   f"in {op.system}: {op.progress}/{op.target_number}")
    return out


def _approved(state: CampaignState) -> tuple[int, ...]:
    return tuple(i for i, f in enumerate(state.factions) if f.approved)


def make_ruleset() -> StarKingdoms:
    return StarKingdoms()
