"""The match service: what each endpoint does, independent of HTTP.

Every match lives in the database (``SqlStore``); each server process keeps a cache of the
matches it has touched (``LiveMatch``: the ruleset, the params and the state at ``step``). Before
any read the cache is brought up to the database's step (another process may have moved the
match: it replays the new log rows), so every process answers from the committed log.

A submission is checked and applied to a copy of the state, then appended with the state id it
was made against (``SqlStore.append``, conditional); only after the commit does the cache take
the new state and the caller get its answer. Views, legal actions and events are computed for
the asking principal only: a seat gets its own view, the GM the all-seeing one, a spectator the
part of the view that every seat sees (``common_view``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from rich.text import Text

from starlanes.ai.registry import agent_names, make_agent
from starlanes.core.errors import MatchError, ParseError, StaleState, StarlanesError, UsageError
from starlanes.core.gm import Actor, EndGame
from starlanes.core.match import LogEntry, Match
from starlanes.core.params import Params, param_infos, params_to_dict
from starlanes.core.rng import new_seed
from starlanes.core.ruleset import Ruleset
from starlanes.core.state import GM, Event, GameState
from starlanes.registry import available_games, get_entry, get_game, renderer_for

from .auth import Principal, hash_secret, new_match_id, new_secret
from .errors import Forbidden, Unauthorized
from .models import GM_ACTOR
from .store import MatchRow, SqlStore

__all__ = ["SNAPSHOT_EVERY", "LiveMatch", "MatchService", "common_view"]

SNAPSHOT_EVERY = 64
HUMAN = "human"
MAX_NAME = 200

Game = Ruleset[Any, Any, Any]


@dataclass
class LiveMatch:
    """A match as this process holds it: the state after ``step`` actions."""

    row: MatchRow
    ruleset: Game
    params: Params
    state: GameState
    step: int
    lock: threading.Lock = field(default_factory=threading.Lock)


def actor_of(code: int) -> Actor:
    return GM if code == GM_ACTOR else code


def actor_code(actor: Actor) -> int:
    return GM_ACTOR if actor is GM else int(actor)


def common_view(views: Sequence[Any]) -> Any:
    """What every one of ``views`` (JSON values) shows alike: equal parts kept, objects compared
    key by key (a key some view lacks is left out), lists of one length item by item, anything
    else that differs becomes ``None``. Objects with different ``id`` values are different things
    (each seat's own nation, say), not one thing seen alike: they become ``None`` whole, so a
    spectator never learns that two seats' private values happen to be equal."""
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views):
        if all("id" in v for v in views) and any(v["id"] != first["id"] for v in views[1:]):
            return None  # each seat's own thing (its nation, its hand): equal fields are a coincidence
        keys = [k for k in first if all(k in v for v in views)]
        return {k: common_view([v[k] for v in views]) for k in keys}
    if all(isinstance(v, list) for v in views) and len({len(v) for v in views}) == 1:
        return [common_view(list(items)) for items in zip(*views, strict=True)]
    return None


def plain(markup: str) -> str:
    """Rich markup as plain text."""
    try:
        return Text.from_markup(markup).plain
    except Exception:  # text that is not valid markup is shown as it is
        return markup


class MatchService:
    """The server's operations on matches."""

    def __init__(self, store: SqlStore, on_commit: Callable[[str, int], None] | None = None) -> None:
        self.store = store
        self.on_commit = on_commit
        self._cache: dict[str, LiveMatch] = {}
        self._cache_lock = threading.Lock()
        self.committed: list[Callable[[str, Game, GameState, Sequence[Event]], None]] = []
        """Called after each action's commit with the match id, its ruleset, the new state and the
        action's events (campaigns publish their sheets there); not called for a refused action."""

    # ------------------------------------------------------------ games
    def games(self) -> list[dict[str, Any]]:
        out = []
        for spec in available_games():
            ruleset = get_game(spec.id)
            params = [{"name": i.name, "type": i.type, "default": list(i.default) if isinstance(i.default, tuple)
                       else i.default, "min": i.min, "max": i.max,
                       "choices": list(i.choices) if i.choices else None, "description": i.doc}
                      for i in param_infos(spec.params)]
            out.append({"id": spec.id, "name": spec.name, "description": spec.description,
                        "min_players": spec.min_players, "max_players": spec.max_players,
                        "simultaneous": spec.simultaneous, "params": params,
                        "agents": sorted(agent_names(ruleset)), "page": get_entry(spec.id).web_page})
        return out

    # ------------------------------------------------------------ create / join
    def create(self, game_id: str, params: Mapping[str, Any], seat_specs: Sequence[str], name: str = "",
               seed: int | None = None, log: Sequence[LogEntry] = (), created_from: Match | None = None,
               ) -> dict[str, Any]:
        """A new match; ``log`` (an imported match's, already replayed in ``created_from``)."""
        ruleset = get_game(game_id)
        parsed = ruleset.params_from(dict(params))
        players = len(seat_specs)
        if players not in ruleset.spec.players:
            raise UsageError(f"{game_id} is for {ruleset.spec.min_players}-{ruleset.spec.max_players} players, "
                             f"not {players}")
        if len(name) > MAX_NAME:
            raise ParseError(f"a match name is at most {MAX_NAME} characters")
        seats: list[dict[str, Any]] = []
        invites: list[str | None] = []
        for seat, spec in enumerate(seat_specs):
            if spec == HUMAN:
                invite = new_secret()
                invites.append(invite)
                seats.append({"seat": seat, "kind": "human", "agent": None, "invite_hash": hash_secret(invite)})
            else:
                make_agent(spec, ruleset, seat, 0)  # refuses an unknown agent or option now
                invites.append(None)
                seats.append({"seat": seat, "kind": "bot", "agent": spec, "invite_hash": None})
        match = created_from or Match(ruleset, parsed, list(seat_specs), new_seed() if seed is None else seed)
        gm_token, spectator = new_secret(), new_secret()
        match_id = new_match_id()
        entries: list[tuple[int, str, list[dict[str, Any]]]] = []
        for entry, events in zip(log, match.events, strict=True):
            entries.append((actor_code(entry.seat), entry.action, [msgspec.to_builtins(e) for e in events]))
        outcome = match.outcome()
        self.store.create({
            "id": match_id, "name": name, "game": game_id, "version": ruleset.spec.version,
            "params": msgspec.json.encode(params_to_dict(match.params)).decode(), "seed": str(match.seed),
            "step": len(entries), "players": players, "gm_hash": hash_secret(gm_token),
            "spectator_hash": hash_secret(spectator),
            "outcome": None if outcome is None else msgspec.json.encode(outcome).decode(),
            "content_hashes": msgspec.json.encode(match.content_hashes or {}).decode(),
        }, seats, entries)
        if self.on_commit is not None:
            self.on_commit(match_id, len(entries))
        return {"match_id": match_id, "gm_token": gm_token, "spectator_code": spectator, "state_id": len(entries),
                "seats": [{"seat": s["seat"], "kind": s["kind"],
                           **({"agent": s["agent"]} if s["agent"] else {"invite": invites[s["seat"]]})}
                          for s in seats]}

    def import_match(self, data: Any) -> dict[str, Any]:
        """A new match from a save file's JSON (the CLI's format), with new tokens."""
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise MatchError("import: not a starlanes match file (expected format starlanes-match/1)")
        ruleset = get_game(data["game"])
        match = Match.from_dict(data, ruleset, "import")
        return self.create(ruleset.spec.id, params_to_dict(match.params), match.seats,
                           log=match.log, created_from=match)

    def join(self, match_id: str, invite: str) -> dict[str, Any]:
        self.store.match(match_id)  # UnknownMatch first
        token = new_secret()
        seat = self.store.join(match_id, hash_secret(invite), hash_secret(token))
        if seat is None:
            raise Unauthorized("this invite is not valid for this match, or its seat was already taken")
        if self.on_commit is not None:
            self.on_commit(match_id, self.store.step(match_id))
        return {"seat": seat, "token": token}

    def principal(self, match_id: str, token: str | None, spectator: str | None = None) -> Principal:
        """Who ``token`` (or the spectator code) is in ``match_id``; ``Unauthorized`` if nobody."""
        secret = token or spectator
        if not secret:
            self.store.match(match_id)
            raise Unauthorized("this needs a token of the match (Authorization: Bearer <token>) "
                               "or its spectator code (?spectator=<code>)")
        found = self.store.principal(match_id, hash_secret(secret))
        if found is None or (spectator and not token and found.role != "spectator"):
            raise Unauthorized("the token is not one of this match's")
        return found

    # ------------------------------------------------------------ state
    def live(self, match_id: str) -> LiveMatch:
        """The match at the database's current step."""
        live = self._cache.get(match_id)
        if live is None:
            with self._cache_lock:
                live = self._cache.get(match_id)
                if live is None:
                    live = self._load(match_id)
                    self._cache[match_id] = live
        step = self.store.step(match_id)
        if step != live.step:
            with live.lock:
                self._catch_up(live, step)
        return live

    def forget(self, match_id: str) -> None:
        """Drop this process's copy of the match (the next read rebuilds it from the database)."""
        with self._cache_lock:
            self._cache.pop(match_id, None)

    def refresh_row(self, live: LiveMatch) -> MatchRow:
        live.row = self.store.match(live.row.id)
        return live.row

    def _load(self, match_id: str) -> LiveMatch:
        row = self.store.match(match_id)
        ruleset = get_game(row.game)
        if row.version != ruleset.spec.version:
            raise MatchError(f"match {match_id} was played with {row.game} version {row.version}; this server "
                             f"has version {ruleset.spec.version}, so it cannot be replayed faithfully")
        params = ruleset.params_from(row.params)
        snapshot = self.store.latest_snapshot(match_id, row.step)
        if snapshot is None:
            state = ruleset.setup(params, row.players, row.seed)
            step = 0
        else:
            step, data = snapshot
            state = ruleset.from_json(data)
        live = LiveMatch(row, ruleset, params, state, step)
        self._catch_up(live, row.step)
        return live

    def _catch_up(self, live: LiveMatch, step: int) -> None:
        """Bring ``live`` to ``step``: from the newest stored snapshot past its step, if any (a
        snapshot may hold what no action carries, as a campaign's creation form, rulings 405-407),
        then by the log."""
        if step <= live.step:
            return
        snapshot = self.store.latest_snapshot(live.row.id, step)
        if snapshot is not None and snapshot[0] > live.step:
            live.state, live.step = live.ruleset.from_json(snapshot[1]), snapshot[0]
            if step == live.step:
                return
        state = live.ruleset.clone(live.state)
        for action in self.store.actions(live.row.id, live.step, step):
            live.ruleset.apply(state, actor_of(action.actor), action.action)
        live.state, live.step = state, step

    # ------------------------------------------------------------ reading
    def summary(self, principal: Principal) -> dict[str, Any]:
        live = self.live(principal.match_id)
        row = self.refresh_row(live)
        state = live.state
        outcome = live.ruleset.outcome(state)
        return {
            "match_id": row.id, "name": row.name, "game": row.game, "params": row.params,
            "seats": [{"seat": s.seat, "kind": s.kind, **({"agent": s.agent} if s.agent else {}),
                       "joined": s.joined or s.kind == "bot"} for s in row.seats],
            "state_id": live.step, "to_act": sorted(live.ruleset.to_act(state)),
            "submitted": sorted(state.sealed), "outcome": None if outcome is None else msgspec.to_builtins(outcome),
            "bot_errors": row.bot_errors, "created": row.created, "me": principal.me(),
        }

    def view(self, principal: Principal) -> dict[str, Any]:
        live = self.live(principal.match_id)
        return self._view_of(live, live.state, live.step, principal)

    def _view_of(self, live: LiveMatch, state: GameState, step: int, principal: Principal) -> dict[str, Any]:
        ruleset = live.ruleset
        if principal.role == "spectator":
            views = [msgspec.to_builtins(ruleset.view(state, seat)) for seat in range(state.players)]
            shown = common_view(views)
            shown["viewer"] = "spectator"
            outcome = ruleset.outcome(state)
            text = f"{ruleset.spec.name}: state {step}; " + (
                "to act: " + (", ".join(f"seat {s}" for s in sorted(ruleset.to_act(state))) or "nobody")
                if outcome is None else f"over: {outcome.reason}")
            return {"state_id": step, "viewer": "spectator", "view": shown, "text": text}
        actor = principal.actor
        assert actor is not None
        view = ruleset.view(state, actor)
        text = plain(renderer_for(ruleset).render(view.game, actor))
        # the viewer as JSON ("gm" or a seat): the WebSocket sends this dict with json.dumps
        return {"state_id": step, "viewer": msgspec.to_builtins(view.viewer), "view": msgspec.to_builtins(view),
                "text": text}

    def legal(self, principal: Principal) -> dict[str, Any]:
        live = self.live(principal.match_id)
        state, step = live.state, live.step
        actor = principal.actor
        if actor is None:
            return {"state_id": step, "actions": []}
        ruleset = live.ruleset
        legal = ruleset.legal_actions(state, actor)
        view = ruleset.view(state, actor).game
        renderer = renderer_for(ruleset)
        out = []
        for action in legal:
            described = renderer.describe_action(view, action) if actor is not GM else None
            out.append({"text": action.text(), "verb": action.verb, "description": described or ""})
        return {"state_id": step, "actions": out}

    def events(self, principal: Principal, since: int = 0) -> list[dict[str, Any]]:
        live = self.live(principal.match_id)
        if since < 0:
            raise ParseError(f"since is a state id, 0 or more, not {since}")
        return self._events(live, principal, since, live.step)

    def _events(self, live: LiveMatch, principal: Principal, since: int, until: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for row in self.store.actions(live.row.id, since, until):
            for raw in row.events:
                event = msgspec.convert(raw, Event)
                if not self._may_see(principal, event):
                    continue
                out.append(self._event_json(live.ruleset, event, principal, row.step + 1))
        return out

    @staticmethod
    def _may_see(principal: Principal, event: Event) -> bool:
        if principal.role == "gm" or event.seats is None:
            return True
        return principal.role == "seat" and principal.seat in event.seats

    @staticmethod
    def _event_json(ruleset: Game, event: Event, principal: Principal, state_id: int) -> dict[str, Any]:
        """An event as ``principal`` reads it. A spectator reads only public events (their fields are
        everyone's), worded as the GM's copy."""
        viewer = principal.actor if principal.actor is not None else GM
        text = ruleset.describe_event(event, viewer) or event.text or event.kind
        return {"state_id": state_id, "kind": event.kind, "text": plain(str(text)),
                "fields": msgspec.to_builtins(event.fields)}

    # ------------------------------------------------------------ acting
    def submit(self, principal: Principal, text: str, state_id: int) -> dict[str, Any]:
        """Apply ``principal``'s action made against ``state_id``; the answer comes after the commit."""
        actor = principal.actor
        if actor is None:
            raise Forbidden("a spectator cannot act")
        return self.act(principal.match_id, actor, text, state_id, principal)

    def act(self, match_id: str, actor: Actor, text: str, state_id: int,
            principal: Principal | None = None) -> dict[str, Any]:
        live = self.live(match_id)
        ruleset = live.ruleset
        with live.lock:
            self._catch_up(live, self.store.step(match_id))
            if state_id != live.step:
                raise StaleState(state_id, live.step)
            state = ruleset.clone(live.state)
            parsed = ruleset.check(state, actor, text)
            events = ruleset.apply_unchecked(state, actor, parsed)
            outcome = ruleset.outcome(state)
            step = live.step + 1
            self.store.append(
                match_id, live.step, actor_code(actor), parsed.text(), [msgspec.to_builtins(e) for e in events],
                outcome=None if outcome is None else msgspec.to_builtins(outcome),
                snapshot=ruleset.to_json(state) if step % SNAPSHOT_EVERY == 0 else None)
            live.state, live.step = state, step
            for listener in self.committed:
                listener(match_id, ruleset, state, events)
        if self.on_commit is not None:
            self.on_commit(match_id, step)
        who = principal or (Principal(match_id, "gm") if actor is GM else Principal(match_id, "seat", int(actor)))
        shown = [self._event_json(ruleset, e, who, step) for e in events if self._may_see(who, e)]
        return {"state_id": step, "action": parsed.text(), "events": shown}

    def resign(self, principal: Principal) -> dict[str, Any]:
        """A seat gives up: the game ends with every other seat winning (a GM action the server
        takes for it: the core has no resignation of its own)."""
        if principal.role != "seat" or principal.seat is None:
            raise Forbidden("only a seat can resign")
        live = self.live(principal.match_id)
        others = tuple(s for s in range(live.state.players) if s != principal.seat)
        action = EndGame(winners=others, reason=f"seat {principal.seat} resigned")
        try:
            self.act(principal.match_id, GM, action.text(), live.step)
        except StaleState:  # something moved meanwhile: resign against the new state
            self.act(principal.match_id, GM, action.text(), self.live(principal.match_id).step)
        return self.summary(principal)

    def export(self, principal: Principal) -> dict[str, Any]:
        if principal.role != "gm":
            raise Forbidden("only the GM token exports a match (the log holds every sealed choice)")
        live = self.live(principal.match_id)
        row = self.refresh_row(live)
        log = [LogEntry(actor_of(a.actor), a.action) for a in self.store.actions(row.id, 0, live.step)]
        specs = [s.agent or HUMAN for s in row.seats]
        match = Match(live.ruleset, live.params, specs, row.seed, log, row.created, dict(row.content_hashes))
        return match.to_dict()

    def content(self, principal: Principal) -> dict[str, Any]:
        live = self.live(principal.match_id)
        hook = getattr(live.ruleset, "static_content", None)
        if not callable(hook):
            return {}
        files: dict[str, bytes] = hook(live.params)
        return {name: msgspec.json.decode(data) for name, data in files.items()}

    def my_matches(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        out = []
        for principal in self.store.principals([hash_secret(t) for t in tokens if t]):
            try:
                out.append(self.summary(principal))
            except StarlanesError:
                continue  # a match this server can no longer replay is left out of the list
        return out

    def update_for(self, principal: Principal, since: int) -> dict[str, Any]:
        """The WebSocket message for ``principal``: its view and the events since ``since``."""
        live = self.live(principal.match_id)
        state, step = live.state, live.step
        message = self._view_of(live, state, step, principal)
        message["type"] = "update"
        message["events"] = self._events(live, principal, since, step)
        return message

