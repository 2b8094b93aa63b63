"""Campaigns on the match server: a Star Kingdoms campaign is a match of ``star-kingdoms`` (so
every match endpoint works on it) with what a campaign needs on top (docs/server.md,
"Campaigns"):

- creation from a form (nations, galaxy seed or a galaxy file, turns; the GM closes turns);
- a nation's page (``overview``): its planets, projects, technology, credits, the known part of
  the galaxy as a map, its current orders, built from the seat's own view only;
- checking an orders document line by line without submitting (``check``), submitting it;
- the GM's page: who has submitted, the GM queue, processing the turn;
- the feedback sheets, published when a turn is processed (a cache of the log: a missing
  sheet is rebuilt by replaying the log to the turn), each readable only by its own nation and
  the GM, as Markdown, HTML or PDF;
- messages between nations (diplomacy), which the GM reads only when copied, pushed over the
  live channel to their recipients only (``live_news``);
- the GM's invitations: listed, re-issued (a new link; the old one and any player who joined
  with it are signed out) and revoked from any browser holding the GM link;
- nations created by their players (``creation="forms"``): each seat starts as a standard
  nation awaiting the GM; its player's civilisation creation form (``creation.py``, the CLI's
  checks) replaces it, as a snapshot after a logged GM note (rulings 406-408);
- export of the whole campaign to one file (``star_kingdoms/export.py``) and import.

Every answer is computed for the asking principal only; a seat never names another nation's
sheet or another pair's messages.
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
import logging
import re
from collections.abc import Sequence
from typing import Any

import msgspec
import sqlalchemy as sa

from starlanes.core.errors import ContentError, ParseError, StaleState, StarlanesError, UnknownName, UsageError
from starlanes.core.gm import Close
from starlanes.core.match import Match
from starlanes.core.rng import new_seed
from starlanes.core.state import GM, Event, GameState
from starlanes.games.star_kingdoms.campaign import TRAIT_CATEGORIES, CampaignParams, CampaignState, Faction, GMItem
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.creation import CreationError, add_nation, form_from_data, revise_nation
from starlanes.games.star_kingdoms.execute import check_orders
from starlanes.games.star_kingdoms.export import (
    GM_NATION,
    ExportedMessage,
    ExportedSheet,
    decode_export,
    export_campaign,
    sheet_pdf,
)
from starlanes.games.star_kingdoms.galaxy import NATIVE_BIOSPHERES, Galaxy, galaxy_from_data
from starlanes.games.star_kingdoms.game import NATION_NAMES, StarKingdomsView, SubmitOrders, new_campaign
from starlanes.games.star_kingdoms.gm import Note, gm_queue
from starlanes.games.star_kingdoms.orders.records import ORG_TYPES
from starlanes.games.star_kingdoms.pipeline import refresh_knowledge
from starlanes.games.star_kingdoms.sheets import build_gm_sheet, build_sheet, render_html, render_markdown

from .auth import Principal, hash_secret, new_secret
from .errors import Forbidden
from .matches import HUMAN, Game, LiveMatch, MatchService, actor_of
from .models import GM_ACTOR, campaign_deadlines, campaign_forms, campaign_messages, campaign_sheets, seats
from .store import CHANNEL, now

__all__ = ["CAMPAIGN_GAME", "CREATION_MODES", "MAX_MESSAGE", "CampaignService"]

log = logging.getLogger("starlanes.server.campaigns")

CAMPAIGN_GAME = "star-kingdoms"
MAX_MESSAGE = 20_000
"""Longest message between nations, in characters."""
CREATION_MODES = ("standard", "forms")
"""How a campaign's nations are made: standard starts, approved (``standard``), or by their players'
creation forms, each approved by the GM (``forms``; ruling 406)."""
_MESSAGE_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _gm_or_seat(principal: Principal) -> None:
    if principal.role == "spectator":
        raise Forbidden("a campaign has no spectators: use a nation's token or the GM's")


class CampaignService:
    """The campaign operations, over the match service (and its database)."""

    def __init__(self, matches: MatchService) -> None:
        self.matches = matches
        self.store = matches.store
        self._forms_seen: dict[str, int] = {}
        """Per match, the newest form step this process has loaded (``_fresh``)."""
        matches.committed.append(self._on_commit)

    # ------------------------------------------------------------ create
    def create(self, *, factions: int, turns: int = 40, galaxy_seed: int = 0, turn_closes: str = "gm",
               nations: Sequence[str] = (), galaxy: Any = None, name: str = "",
               params: dict[str, Any] | None = None, creation: str = "standard") -> dict[str, Any]:
        """A new campaign of ``factions`` nations, every seat a person with an invitation; with
        ``creation="forms"`` each nation waits for its player's creation form and the GM's approval."""
        if creation not in CREATION_MODES:
            raise UsageError(f"creation: '{creation}' is not one of {', '.join(CREATION_MODES)}")
        values = dict(params or {})
        values.update(turns=turns, galaxy_seed=galaxy_seed, turn_closes=turn_closes)
        names = [n.strip() for n in nations]
        if any(not n for n in names):
            raise ParseError("nations: a nation's name cannot be empty")
        if len(names) > factions:
            raise UsageError(f"nations: {len(names)} names for {factions} factions")
        if len({n.casefold() for n in names}) != len(names):
            raise UsageError("nations: two nations have the same name")
        seed = new_seed()
        parsed: CampaignParams = self.matches_ruleset().params_from(values)
        start: CampaignState | None = None
        if galaxy is not None or names or creation == "forms":
            g: Galaxy | None = galaxy_from_data(galaxy, "the galaxy file") if galaxy is not None else None
            full = names + [n for n in NATION_NAMES if n.casefold() not in {x.casefold() for x in names}]
            start = new_campaign(parsed, factions, seed, galaxy=g, names=full[:factions])
            if creation == "forms":
                _await_forms(start)
        made = self.matches.create(CAMPAIGN_GAME, values, [HUMAN] * factions, name, seed=seed)
        ruleset = self.matches_ruleset()
        if start is not None:
            self.store.put_snapshot(made["match_id"], 0, ruleset.to_json(start))
            self.matches.forget(made["match_id"])
        live = self.matches.live(made["match_id"])
        state = self._state(live)
        self._publish(made["match_id"], state)
        made["nations"] = [{"seat": i, "id": f.id, "name": f.name} for i, f in enumerate(state.factions)]
        made["creation"] = creation
        for seat in made["seats"]:
            if seat.get("invite"):
                seat["link_id"] = _link_id(hash_secret(seat["invite"]))
        return made

    @staticmethod
    def matches_ruleset() -> Game:
        from starlanes.registry import get_game

        return get_game(CAMPAIGN_GAME)

    # ------------------------------------------------------------ helpers
    def _fresh(self, match_id: str) -> None:
        """Drop this process's copy of the match when a creation form was applied since it was
        loaded (by this process or another): a form's nation lives in a snapshot, which catching
        up by the log alone would miss."""
        with self.store.engine.connect() as conn:
            latest = conn.execute(sa.select(sa.func.max(campaign_forms.c.step)).where(
                campaign_forms.c.match_id == match_id)).scalar()
        if latest is not None and self._forms_seen.get(match_id) != latest:
            self.matches.forget(match_id)
            self._forms_seen[match_id] = int(latest)

    def _live(self, principal: Principal) -> LiveMatch:
        _gm_or_seat(principal)
        self._fresh(principal.match_id)
        live = self.matches.live(principal.match_id)
        if live.row.game != CAMPAIGN_GAME:
            raise UsageError(f"match {principal.match_id} is a {live.row.game} match, not a campaign")
        return live

    @staticmethod
    def _state(live: LiveMatch) -> CampaignState:
        assert isinstance(live.state, CampaignState)
        return live.state

    def state_at(self, live: LiveMatch, step: int) -> CampaignState:
        """The campaign after ``step`` actions (its latest snapshot, then the log)."""
        snapshot = self.store.latest_snapshot(live.row.id, step)
        ruleset = live.ruleset
        if snapshot is None:
            state = ruleset.setup(live.params, live.row.players, live.row.seed)
            start = 0
        else:
            start, data = snapshot
            state = ruleset.from_json(data)
        for action in self.store.actions(live.row.id, start, step):
            ruleset.apply(state, actor_of(action.actor), action.action)
        assert isinstance(state, CampaignState)
        return state

    # ------------------------------------------------------------ sheets
    def _on_commit(self, match_id: str, ruleset: Game, state: GameState, events: Sequence[Event]) -> None:
        if ruleset.spec.id != CAMPAIGN_GAME or not any(e.kind == "turn-processed" for e in events):
            return
        try:
            assert isinstance(state, CampaignState)
            self._publish(match_id, state)
        except Exception:  # the sheets are a cache of the log: the next read rebuilds them
            log.exception("publishing the sheets of match %s", match_id)

    def _publish(self, match_id: str, state: CampaignState) -> int:
        """Store every nation's sheet of the state's last processed turn and the GM's overview;
        the turn."""
        rows = []
        turn = 0
        for seat, f in enumerate(state.factions):
            sheet = build_sheet(state, f.id)
            turn = sheet.turn
            rows.append({"seat": seat, "turn": sheet.turn, "markdown": render_markdown(sheet),
                         "html": render_html(sheet)})
        overview = build_gm_sheet(state)
        rows.append({"seat": GM_ACTOR, "turn": overview.turn, "markdown": render_markdown(overview),
                     "html": render_html(overview)})
        self._store_sheets(match_id, rows)
        return turn

    def _store_sheets(self, match_id: str, rows: Sequence[dict[str, Any]]) -> None:
        with self.store.engine.begin() as conn:
            for row in rows:
                conn.execute(campaign_sheets.delete().where(
                    campaign_sheets.c.match_id == match_id, campaign_sheets.c.turn == row["turn"],
                    campaign_sheets.c.seat == row["seat"]))
            if rows:
                conn.execute(campaign_sheets.insert(), [dict(r, match_id=match_id, created=now()) for r in rows])

    def _stored_turns(self, match_id: str) -> set[int]:
        with self.store.engine.connect() as conn:
            return {int(t) for t in conn.execute(sa.select(campaign_sheets.c.turn).where(
                campaign_sheets.c.match_id == match_id).distinct()).scalars()}

    def _heal(self, live: LiveMatch) -> None:
        """Rebuild any sheet the log says was published but the database lacks (a crash between a
        turn's commit and its sheets, another server process, an imported match)."""
        stored = self._stored_turns(live.row.id)
        if not stored:
            self._publish(live.row.id, self.state_at(live, 0))
            stored = self._stored_turns(live.row.id)
        for row in self.store.actions(live.row.id, 0, live.step):
            for event in row.events:
                if event.get("kind") == "turn-processed":
                    turn = int(event.get("fields", {}).get("turn", -1))
                    if turn not in stored:
                        self._publish(live.row.id, self.state_at(live, row.step + 1))
                        stored.add(turn)

    def sheets(self, principal: Principal) -> list[dict[str, Any]]:
        """The sheets this principal may read: a nation its own, the GM every one."""
        live = self._live(principal)
        self._heal(live)
        query = sa.select(campaign_sheets.c.turn, campaign_sheets.c.seat).where(
            campaign_sheets.c.match_id == live.row.id)
        if principal.role == "seat":
            query = query.where(campaign_sheets.c.seat == principal.seat)
        state = self._state(live)
        with self.store.engine.connect() as conn:
            rows = conn.execute(query.order_by(campaign_sheets.c.turn, campaign_sheets.c.seat)).all()
        return [{"turn": r.turn, "nation": self._nation_id(state, r.seat)} for r in rows]

    @staticmethod
    def _nation_id(state: CampaignState, seat: int) -> str:
        return GM_NATION if seat == GM_ACTOR else state.factions[seat].id

    def _seat_named(self, principal: Principal, state: CampaignState, nation: str | None) -> int:
        if principal.role == "seat":
            assert principal.seat is not None
            if nation not in (None, "", state.factions[principal.seat].id):
                raise Forbidden("a nation reads only its own sheets")
            return principal.seat
        if not nation or nation == GM_NATION:
            return GM_ACTOR
        ids = [f.id for f in state.factions]
        if nation not in ids:
            raise UnknownName("nation", nation, ids)
        return ids.index(nation)

    def sheet(self, principal: Principal, turn: int, nation: str | None = None) -> dict[str, Any]:
        """One sheet (Markdown and HTML): a nation's own; the GM names the nation (none: its overview)."""
        live = self._live(principal)
        state = self._state(live)
        seat = self._seat_named(principal, state, nation)
        self._heal(live)
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(campaign_sheets.c.markdown, campaign_sheets.c.html).where(
                campaign_sheets.c.match_id == live.row.id, campaign_sheets.c.turn == turn,
                campaign_sheets.c.seat == seat)).first()
        if row is None:
            turns = sorted(self._stored_turns(live.row.id))
            raise UnknownName("sheet turn", str(turn), [str(t) for t in turns])
        ident = self._nation_id(state, seat)
        return {"turn": turn, "nation": ident, "filename": f"{ident}-turn-{turn:03d}",
                "markdown": row.markdown, "html": row.html}

    def sheet_pdf(self, principal: Principal, turn: int, nation: str | None = None) -> tuple[str, bytes]:
        found = self.sheet(principal, turn, nation)
        return f"{found['filename']}.pdf", sheet_pdf(found["html"])

    # ------------------------------------------------------------ a nation's page
    def overview(self, principal: Principal) -> dict[str, Any]:
        live = self._live(principal)
        state = self._state(live)
        ruleset = live.ruleset
        base = {"match_id": live.row.id, "name": live.row.name, "state_id": live.step, "turn": state.turn,
                "turns": state.params.turns, "turn_closes": state.params.turn_closes, "ended": state.ended,
                "deadline": self.deadline_of(live.row.id, state.turn)}
        if principal.role == "gm":
            self.matches.refresh_row(live)  # who has joined since
            submitted = tuple(sorted(state.sealed))
            return {**base, "role": "gm", "nations": [
                {"seat": i, "id": f.id, "name": f.name, "approved": f.approved, "joined": live.row.seats[i].joined,
                 "submitted": i in state.sealed, "credits": f.credits, "planets": len(f.colonies)}
                for i, f in enumerate(state.factions)],
                "queue": [msgspec.to_builtins(q) for q in gm_queue(state, submitted)],
                "gm_actions": sorted({t.verb for t in ruleset.gm_action_types} | {"close", "end-game", "ruling"})}
        assert principal.seat is not None
        seat_view = ruleset.view(state, principal.seat)
        view = seat_view.game
        assert isinstance(view, StarKingdomsView) and view.nation is not None
        orders = ""
        if seat_view.my_sealed:
            sealed = ruleset.parse_action(seat_view.my_sealed)
            orders = sealed.orders if isinstance(sealed, SubmitOrders) else ""
        return {**base, "role": "seat", "seat": principal.seat, **_nation_page(view),
                "submitted": seat_view.my_sealed is not None, "orders": orders, "approved": view.nation.approved,
                "has_form": self._stored_form(live.row.id, principal.seat) is not None}

    # ------------------------------------------------------------ orders
    def _seat(self, principal: Principal) -> tuple[LiveMatch, int]:
        live = self._live(principal)
        if principal.role != "seat" or principal.seat is None:
            raise Forbidden("the GM has no nation: orders are a nation's (use a nation's token)")
        return live, principal.seat

    def check(self, principal: Principal, orders: str) -> dict[str, Any]:
        """Every line of ``orders`` judged against the nation's state now; nothing is submitted."""
        live, seat = self._seat(principal)
        state = self._state(live)
        results = check_orders(state, seat, orders) if orders.strip() else []
        return {"turn": state.turn, "state_id": live.step,
                "ok": all(r.accepted for r in results), "lines": [msgspec.to_builtins(r) for r in results]}

    def submit(self, principal: Principal, orders: str) -> dict[str, Any]:
        """Submit (or replace) the nation's orders for the current turn."""
        live, seat = self._seat(principal)
        waiting = self._state(live).factions[seat]
        if not waiting.approved:
            raise UsageError(f"{waiting.name} awaits the GM's approval: orders open once the GM approves the nation"
                             + ("" if self._stored_form(live.row.id, seat) else " (send its creation form first)"))
        for _ in range(5):
            live = self.matches.live(principal.match_id)
            state = self._state(live)
            text = SubmitOrders(state.turn, state.factions[seat].id, orders).text()
            try:
                return self.matches.act(principal.match_id, seat, text, live.step, principal)
            except StaleState:  # another nation submitted meanwhile: orders do not depend on theirs
                continue
        raise StaleState(live.step, self.store.step(principal.match_id))

    def process(self, principal: Principal) -> dict[str, Any]:
        """The GM closes the turn: it is processed and the sheets are published."""
        live = self._live(principal)
        if principal.role != "gm":
            raise Forbidden("only the GM processes the turn")
        return self.matches.act(principal.match_id, GM, Close().text(), live.step, principal)

    # ------------------------------------------------------------ deadlines
    def deadline_of(self, match_id: str, turn: int) -> str | None:
        """The deadline of ``turn`` (ISO 8601, UTC), or None."""
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(campaign_deadlines.c.turn, campaign_deadlines.c.deadline).where(
                campaign_deadlines.c.match_id == match_id)).first()
        return str(row.deadline) if row is not None and row.turn == turn else None

    def set_deadline(self, principal: Principal, deadline: str | None) -> dict[str, Any]:
        """The GM sets (or, with None, clears) the deadline of the current turn: when it passes, the
        server processes the turn."""
        live = self._live(principal)
        if principal.role != "gm":
            raise Forbidden("only the GM sets the deadline")
        state = self._state(live)
        if state.ended:
            raise UsageError(f"the campaign is over ({state.ended}); it has no more deadlines")
        when = None if deadline is None else parse_deadline(deadline)
        with self.store.engine.begin() as conn:
            conn.execute(campaign_deadlines.delete().where(campaign_deadlines.c.match_id == live.row.id))
            if when is not None:
                conn.execute(campaign_deadlines.insert().values(match_id=live.row.id, turn=state.turn, deadline=when))
        if self.matches.on_commit is not None:
            self.matches.on_commit(live.row.id, live.step)  # the pages show the new deadline
        return {"turn": state.turn, "deadline": when}

    def process_due(self, now: dt.datetime | None = None) -> list[str]:
        """Process every campaign turn whose deadline has passed (the server's deadline worker
        calls this); the ids of the matches processed. A deadline of a turn already processed
        (by the GM, or by another server process) does nothing."""
        moment = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).isoformat(timespec="seconds")
        with self.store.engine.connect() as conn:
            due = conn.execute(sa.select(campaign_deadlines.c.match_id, campaign_deadlines.c.turn).where(
                campaign_deadlines.c.deadline <= moment)).all()
        done = []
        for row in due:
            try:
                self._fresh(row.match_id)
                live = self.matches.live(row.match_id)
                state = self._state(live)
                if state.turn == row.turn and not state.ended:
                    self.matches.act(row.match_id, GM, Close().text(), live.step)
                    done.append(row.match_id)
            except StaleState:
                continue  # the match moved meanwhile: the next pass looks again
            except Exception:
                log.exception("processing the turn of campaign %s at its deadline", row.match_id)
            with self.store.engine.begin() as conn:  # this turn's deadline is spent either way
                conn.execute(campaign_deadlines.delete().where(campaign_deadlines.c.match_id == row.match_id,
                                                               campaign_deadlines.c.turn == row.turn))
        return done

    # ------------------------------------------------------------ messages
    def send(self, principal: Principal, to: Sequence[str], text: str, cc_gm: bool = False) -> dict[str, Any]:
        live, seat = self._seat(principal)
        state = self._state(live)
        me = state.factions[seat]
        if not text.strip():
            raise ParseError("the message is empty")
        if len(text) > MAX_MESSAGE:
            raise ParseError(f"a message is at most {MAX_MESSAGE} characters, not {len(text)}")
        if _MESSAGE_CONTROL.search(text):
            raise ParseError("the message contains a control character")
        if not to:
            raise ParseError("to: name at least one nation")
        known = {f.id: i for i, f in enumerate(state.factions) if f.id in me.known_factions and i != seat}
        by_name = {f.name.casefold(): f.id for f in state.factions if f.id in known}
        recipients: list[int] = []
        for wanted in to:
            ident = wanted if wanted in known else by_name.get(wanted.strip().casefold())
            if ident is None:
                close = difflib.get_close_matches(wanted, [*known, *(state.factions[i].name for i in known.values())],
                                                  n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                names = ", ".join(state.factions[i].name for i in known.values()) or "none yet"
                raise UsageError(f"to: '{wanted}' is not a nation you know{hint} (you know: {names})")
            if known[ident] not in recipients:
                recipients.append(known[ident])
        with self.store.engine.begin() as conn:
            new_id = conn.execute(campaign_messages.insert().values(
                match_id=live.row.id, turn=state.turn, sender=seat, recipients=json.dumps(recipients),
                cc_gm=bool(cc_gm), text=text, created=now())).inserted_primary_key
            self._changed(conn, live.row.id)  # the sockets of the match look for their new messages
        self._tell(live.row.id)
        return {"id": int(new_id[0]) if new_id else 0, "turn": state.turn,
                "to": [state.factions[r].id for r in recipients], "cc_gm": bool(cc_gm)}

    def messages(self, principal: Principal, after: int = 0) -> list[dict[str, Any]]:
        """A nation: the messages it sent or received; the GM: only those copied to the GM (with
        an id above ``after``)."""
        live = self._live(principal)
        state = self._state(live)
        query = sa.select(campaign_messages).where(campaign_messages.c.match_id == live.row.id,
                                                   campaign_messages.c.id > after)
        if principal.role == "gm":
            query = query.where(campaign_messages.c.cc_gm.is_(True))
        with self.store.engine.connect() as conn:
            rows = conn.execute(query.order_by(campaign_messages.c.id)).mappings().all()
        out = []
        for row in rows:
            recipients = [int(r) for r in json.loads(row["recipients"])]
            if principal.role == "seat" and principal.seat != row["sender"] and principal.seat not in recipients:
                continue
            out.append({"id": row["id"], "turn": row["turn"], "from": self._named(state, row["sender"]),
                        "to": [self._named(state, r) for r in recipients], "cc_gm": bool(row["cc_gm"]),
                        "text": row["text"], "sent": row["created"]})
        return out

    @staticmethod
    def _named(state: CampaignState, seat: int) -> dict[str, str]:
        f = state.factions[seat]
        return {"id": f.id, "name": f.name}

    def _changed(self, conn: sa.Connection, match_id: str) -> None:
        """Tell every socket of the match (every server process) that something besides the log
        changed: on PostgreSQL a NOTIFY in ``conn``'s transaction, else the local hub after it."""
        if self.store.postgres:
            conn.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": f"{match_id}:-1"})

    def _tell(self, match_id: str) -> None:
        if not self.store.postgres and self.matches.on_commit is not None:
            self.matches.on_commit(match_id, -1)

    def live_news(self, principal: Principal, after: int) -> dict[str, Any]:
        """What the live channel adds to a campaign's update for ``principal``: ``messages``, those
        it may read with an id above ``after`` (a nation: sent or received; the GM: copied to it),
        and for the GM ``joined``, the seats whose player has joined. Nothing for anyone else, or
        for a match that is not a campaign."""
        if principal.role not in ("gm", "seat"):
            return {}
        try:
            live = self.matches.live(principal.match_id)
        except StarlanesError:
            return {}
        if live.row.game != CAMPAIGN_GAME:
            return {}
        out: dict[str, Any] = {"messages": self.messages(principal, after)}
        if principal.role == "gm":
            out["joined"] = [s.seat for s in self.matches.refresh_row(live).seats if s.joined]
        return out

    # ------------------------------------------------------------ invitations
    def _gm(self, principal: Principal, what: str) -> LiveMatch:
        live = self._live(principal)
        if principal.role != "gm":
            raise Forbidden(f"only the GM {what}")
        return live

    def invitations(self, principal: Principal) -> list[dict[str, Any]]:
        """Each nation's invitation as the GM may see it from any browser: joined or not, and an
        id of the link now valid (never the link: only its hash is stored)."""
        live = self._gm(principal, "sees the invitations")
        state = self._state(live)
        with self.store.engine.connect() as conn:
            rows = conn.execute(sa.select(seats.c.seat, seats.c.invite_hash, seats.c.token_hash).where(
                seats.c.match_id == live.row.id).order_by(seats.c.seat)).all()
        return [{"seat": r.seat, "nation": state.factions[r.seat].id, "name": state.factions[r.seat].name,
                 "joined": r.token_hash is not None,
                 "link_id": _link_id(r.invite_hash) if r.invite_hash and r.token_hash is None else None}
                for r in rows]

    def _seat_number(self, state: CampaignState, seat: int) -> int:
        if not 0 <= seat < len(state.factions):
            raise UsageError(f"seat: the campaign has seats 0-{len(state.factions) - 1}, not {seat}")
        return seat

    def reissue(self, principal: Principal, seat: int) -> dict[str, Any]:
        """A new invitation link for ``seat``: the old link stops working and a player who joined
        with it is signed out (the seat goes to whoever uses the new link)."""
        live = self._gm(principal, "re-issues invitations")
        seat = self._seat_number(self._state(live), seat)
        invite = new_secret()
        with self.store.engine.begin() as conn:
            before = conn.execute(sa.select(seats.c.token_hash).where(
                seats.c.match_id == live.row.id, seats.c.seat == seat)).first()
            conn.execute(seats.update().where(seats.c.match_id == live.row.id, seats.c.seat == seat).values(
                invite_hash=hash_secret(invite), token_hash=None))
            self._changed(conn, live.row.id)
        self._tell(live.row.id)
        return {"seat": seat, "invite": invite, "link_id": _link_id(hash_secret(invite)),
                "signed_out": before is not None and before.token_hash is not None}

    def revoke(self, principal: Principal, seat: int) -> dict[str, Any]:
        """No link for ``seat`` any more, and a player who joined is signed out (until a new link)."""
        live = self._gm(principal, "revokes invitations")
        seat = self._seat_number(self._state(live), seat)
        with self.store.engine.begin() as conn:
            before = conn.execute(sa.select(seats.c.token_hash).where(
                seats.c.match_id == live.row.id, seats.c.seat == seat)).first()
            conn.execute(seats.update().where(seats.c.match_id == live.row.id, seats.c.seat == seat).values(
                invite_hash=None, token_hash=None))
            self._changed(conn, live.row.id)
        self._tell(live.row.id)
        return {"seat": seat, "signed_out": before is not None and before.token_hash is not None}

    # ------------------------------------------------------------ the GM's actions
    def gm_act(self, principal: Principal, text: str) -> dict[str, Any]:
        """A GM action (``approve``, ``send-back``, ``meet``...) against the campaign as it stands
        (a form applied by another server process included)."""
        live = self._gm(principal, "takes GM actions")
        return self.matches.act(principal.match_id, GM, text, live.step, principal)

    # ------------------------------------------------------------ creation forms
    def _stored_form(self, match_id: str, seat: int) -> Any:
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(campaign_forms.c.form).where(
                campaign_forms.c.match_id == match_id, campaign_forms.c.seat == seat)).first()
        return None if row is None else json.loads(row.form)

    def creation(self, principal: Principal) -> dict[str, Any]:
        """What a nation's creation form may hold (the choices), its form as last sent, and
        whether a form is taken now (only while the GM has not approved the nation)."""
        live, seat = self._seat(principal)
        state = self._state(live)
        f = state.factions[seat]
        cat = load_catalogue()
        taken = {x.homeworld for i, x in enumerate(state.factions) if i != seat}
        slots = [p.name for p in state.galaxy.homeworlds() if p.id not in taken]
        basic = {unit: [c.name for c in cat.classes.values() if c.unit == unit and c.access == "basic" and c.level == 1]
                 for unit in ("ship", "detachment")}
        return {"open": not f.approved, "nation": {"id": f.id, "name": f.name, "approved": f.approved},
                "form": self._stored_form(live.row.id, seat),
                "choices": {"natives": list(NATIVE_BIOSPHERES), "homeworlds": slots,
                            "districts": ["academic", "shipyard", "military"],
                            "core_techs": [t.name for t in cat.core_techs()],
                            "l2_techs": state.params.starting_l2_techs, "ships": basic["ship"],
                            "detachments": basic["detachment"], "org_types": list(ORG_TYPES),
                            "trait_categories": list(TRAIT_CATEGORIES),
                            "mineral_rating": state.params.homeworld_mineral_rating}}

    def _formed(self, live: LiveMatch, seat: int, data: Any) -> tuple[CampaignState, Faction]:
        """The campaign with ``seat``'s nation built from the form ``data`` (a copy; nothing stored)."""
        state = live.ruleset.clone(self._state(live))
        old = state.factions[seat]
        if old.approved:
            raise UsageError(f"{old.name} is approved: its creation form is closed (the GM changes the nation now)")
        form = form_from_data(data, "the creation form")
        known = any(old.id in f.known_factions or old.id in f.relationships for f in state.factions)
        if self._stored_form(live.row.id, seat) is None and not known:
            # the first form: the standard nation the seat started with gives way to it (a new id)
            state.factions = [f for i, f in enumerate(state.factions) if i != seat]
            nation = add_nation(state, form, file="the creation form")
            state.factions.insert(seat, state.factions.pop())
            for item in state.gm_queue:
                if item.faction == old.id and item.kind == "approve-nation" and not item.decided:
                    item.decided = True
                    item.answer = "replaced by its player's creation form"
            state.knowledge.pop(old.id, None)
            state.gm_notes.pop(old.id, None)
        else:
            nation = revise_nation(state, old.id, form, file="the creation form")
        nation.default_relationship = old.default_relationship
        refresh_knowledge(state)
        return state, nation

    def check_form(self, principal: Principal, data: Any) -> dict[str, Any]:
        """Every problem of a creation form, as the CLI's ``add-nation`` would list them; nothing stored."""
        live, seat = self._seat(principal)
        try:
            self._formed(live, seat, data)
        except CreationError as exc:
            return {"ok": False, "problems": exc.problems}
        except StarlanesError as exc:
            return {"ok": False, "problems": [str(exc)]}
        return {"ok": True, "problems": []}

    def send_form(self, principal: Principal, data: Any) -> dict[str, Any]:
        """Build the seat's nation from its creation form: it awaits the GM's approval. The change
        is logged as a GM note to the nation and the campaign after it kept as a snapshot."""
        _, seat = self._seat(principal)
        for _ in range(5):
            live = self._live(principal)
            step = live.step
            state, nation = self._formed(live, seat, data)
            note = Note(nation.id, f"Nation '{nation.name}' built from its player's creation form; it awaits "
                                   "the GM's approval").text()
            events = live.ruleset.apply(state, GM, note)
            try:
                self.store.append(live.row.id, step, GM_ACTOR, note, [msgspec.to_builtins(e) for e in events],
                                  snapshot=live.ruleset.to_json(state))
            except StaleState:
                continue  # the campaign moved meanwhile: build the form again on the new state
            break
        else:
            raise StaleState(step, self.store.step(principal.match_id))
        with self.store.engine.begin() as conn:
            conn.execute(campaign_forms.delete().where(campaign_forms.c.match_id == live.row.id,
                                                       campaign_forms.c.seat == seat))
            conn.execute(campaign_forms.insert().values(match_id=live.row.id, seat=seat, step=step + 1,
                                                        form=json.dumps(data), created=now()))
            self._changed(conn, live.row.id)
        self._fresh(live.row.id)
        if self.matches.on_commit is not None:
            self.matches.on_commit(live.row.id, step + 1)
        if state.turn == 1:
            self._publish(live.row.id, state)  # the starting sheet shows the nation as formed
        return {"state_id": step + 1, "nation": {"seat": seat, "id": nation.id, "name": nation.name,
                                                 "approved": nation.approved}}

    # ------------------------------------------------------------ export / import
    def export(self, principal: Principal) -> bytes:
        live = self._live(principal)
        if principal.role != "gm":
            raise Forbidden("only the GM exports a campaign (the file holds every nation's orders and sheets)")
        self._heal(live)
        state = self._state(live)
        with self.store.engine.connect() as conn:
            rows = conn.execute(sa.select(campaign_sheets).where(campaign_sheets.c.match_id == live.row.id)
                                .order_by(campaign_sheets.c.turn, campaign_sheets.c.seat)).mappings().all()
        sheets = tuple(ExportedSheet(turn=r["turn"], nation=self._nation_id(state, r["seat"]),
                                     markdown=r["markdown"], html=r["html"]) for r in rows)
        messages = tuple(ExportedMessage(turn=m["turn"], sender=m["from"]["id"], recipients=tuple(
            t["id"] for t in m["to"]), text=m["text"], sent=m["sent"]) for m in self.messages(principal))
        snapshot0 = self.store.latest_snapshot(live.row.id, 0)
        match = self.matches.export(principal) if snapshot0 is None else None
        return export_campaign(state, match=match, sheets=sheets, messages=messages)

    def import_campaign(self, data: bytes) -> dict[str, Any]:
        """A new campaign from an export file: replayed from its log when it has one, else started
        from its campaign state (a campaign of the CLI); its sheets and copied messages kept."""
        bundle = decode_export(data, "the uploaded export")
        state = bundle.state
        if bundle.match is not None:
            ruleset = self.matches_ruleset()
            replayed = Match.from_dict(bundle.match, ruleset, "the uploaded export's match")
            if ruleset.to_json(replayed.state) != ruleset.to_json(state):
                raise ContentError("the uploaded export", "match",
                                   "its log does not replay to the campaign state it holds (edited by hand?)")
            made = self.matches.import_match(bundle.match)
        else:
            values = msgspec.to_builtins(state.params)
            made = self.matches.create(CAMPAIGN_GAME, values, [HUMAN] * len(state.factions), seed=new_seed())
            self.store.put_snapshot(made["match_id"], 0, self.matches_ruleset().to_json(state))
            self.matches.forget(made["match_id"])
        match_id = made["match_id"]
        seats = {f.id: i for i, f in enumerate(state.factions)}
        self._store_sheets(match_id, [{"turn": s.turn, "seat": GM_ACTOR if s.nation == GM_NATION else seats[s.nation],
                                       "markdown": s.markdown, "html": s.html} for s in bundle.sheets])
        if bundle.messages:
            with self.store.engine.begin() as conn:
                conn.execute(campaign_messages.insert(), [
                    {"match_id": match_id, "turn": m.turn, "sender": seats[m.sender],
                     "recipients": json.dumps([seats[r] for r in m.recipients]), "cc_gm": True, "text": m.text,
                     "created": m.sent or now()} for m in bundle.messages])
        made["nations"] = [{"seat": i, "id": f.id, "name": f.name} for i, f in enumerate(state.factions)]
        return made


def _link_id(invite_hash: str) -> str:
    """A short id of an invitation link, from its stored hash: the GM's page tells by it whether a
    link this browser kept is still the valid one (it reveals nothing of the link)."""
    return hashlib.sha256(("link:" + invite_hash).encode()).hexdigest()[:12]


def _await_forms(state: CampaignState) -> None:
    """Every nation of a new campaign awaits its player's creation form and the GM's approval;
    approving one without a form plays the standard start it has (ruling 406)."""
    for f in state.factions:
        f.approved = False
        state.gm_queue.append(GMItem(
            id=state.next_gm_item, turn=state.turn, faction=f.id, kind="approve-nation", planet=f.homeworld,
            blocking=True, subject=f"nation '{f.name}' has no creation form yet: its player sends one from the "
                                   "campaign page; approving it now plays this standard start"))
        state.next_gm_item += 1


def _nation_page(view: StarKingdomsView) -> dict[str, Any]:
    """A nation's page from its own view: planets, projects, technology, credits, the map."""
    f = view.nation
    assert f is not None
    cat = load_catalogue()
    k = view.knowledge
    planet_names = {p.id: p.name for p in k.planets.values()} if k is not None else {}
    planet_system = {p.id: p.system for p in k.planets.values()} if k is not None else {}

    def tech_name(ident: str) -> str:
        try:
            return cat.tech(ident).name
        except Exception:
            return ident

    planets = []
    for c in f.colonies:
        projects = []
        for slot, p in c.projects.items():
            what = p.detail.get("tech") or p.detail.get("class") or p.detail.get("district") or ""
            label = p.kind + (f" ({tech_name(str(what)) if p.detail.get('tech') else what})" if what else "")
            projects.append({"slot": slot, "label": label, "level": p.level, "progress": p.progress,
                             "target": p.target})
        d = c.districts
        planets.append({"id": c.planet, "name": planet_names.get(c.planet, c.planet),
                        "system": planet_system.get(c.planet, ""), "homeworld": c.planet == f.homeworld,
                        "districts": {"industrial": d.industrial, "academic": d.academic, "shipyard": d.shipyard,
                                      "military": d.military},
                        "devastation": c.devastation, "shield": c.shield, "projects": projects})
    techs = [{"id": t, "name": tech_name(t), "level": lvl} for t, lvl in sorted(f.tech.levels.items())]
    economy = view.report.economy if view.report is not None else None
    system_names = {sf.id: sf.name for sf in k.systems.values()} if k is not None else {}
    systems = []
    wormholes = []
    own_systems = {planet_system.get(c.planet, "") for c in f.colonies}
    if k is not None:
        by_system: dict[str, list[str]] = {}
        for fact in k.planets.values():
            by_system.setdefault(fact.system, []).append(fact.name)
        systems = [{"id": s.id, "name": s.name, "surveyed": s.surveyed, "own": s.id in own_systems,
                    "planets": sorted(by_system.get(s.id, []))} for s in sorted(k.systems.values(), key=lambda s: s.id)]
        wormholes = [{"id": w.id, "a": w.a, "b": w.b, "instability": w.instability}
                     for w in sorted(k.wormholes.values(), key=lambda w: w.id)]
    return {
        "nation": {"id": f.id, "name": f.name, "credits": f.credits,
                   "income": economy.income if economy is not None else None,
                   "sp": msgspec.to_builtins(f.tech.sp), "planets": planets, "techs": techs,
                   "supplementals": sorted(tech_name(t) for t in f.tech.known),
                   "units": [{"name": u.name, "unit": u.unit, "class": u.class_id, "level": u.level,
                              "system": u.system, "where": system_names.get(u.system, u.system),
                              "damage": u.damage} for u in f.units],
                   "orgs": [{"name": o.name, "type": o.type, "power": o.power} for o in f.orgs]},
        "nations": [{"id": n.id, "name": n.name} for n in view.nations],
        "gm_items": [{"id": i.id, "subject": i.subject, "decided": i.decided, "answer": i.answer}
                     for i in view.gm_items],
        "map": {"systems": systems, "wormholes": wormholes},
    }


def parse_deadline(text: str) -> str:
    """An ISO 8601 date and time with its zone (``2026-12-01T18:00:00Z``) as UTC text."""
    try:
        when = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise ParseError(f"deadline: '{text[:60]}' is not a date and time such as 2026-12-01T18:00:00Z") from None
    if when.tzinfo is None:
        raise ParseError(f"deadline: '{text[:60]}' has no time zone; add Z for UTC or an offset such as +01:00")
    return when.astimezone(dt.UTC).isoformat(timespec="seconds")
