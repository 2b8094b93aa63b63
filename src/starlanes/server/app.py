"""The FastAPI application of ``starlanes serve``: the HTTP and WebSocket API of
docs/server.md, the browser client's static files at ``/``, the bot worker and the live
updates, all on one database.

``create_app(Settings(...))`` builds it; the database is opened (and migrated) when the app
starts (its lifespan), so ``uvicorn --factory`` and the tests' ``TestClient`` run the same code.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec
import sqlalchemy as sa
from fastapi import Body, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from starlanes.core.errors import ParseError, StarlanesError

from .auth import Principal
from .bots import BotWorker
from .campaign_api import add_campaign_routes
from .campaigns import CampaignService
from .db import is_postgres, open_database
from .errors import DatabaseError, NotFound, UnknownMatch, error_body, one_line
from .limits import TOO_LARGE, BodyLimit, RateLimit, TokenBuckets
from .live import Hub, PgListener
from .matches import MatchService
from .store import SqlStore

__all__ = ["Settings", "create_app"]

log = logging.getLogger("starlanes.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
_MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class Settings:
    """How the server runs (``starlanes serve`` options)."""

    db: str
    max_body: int = 4 * 1024 * 1024
    rate: float = 50.0
    """Requests per second per client address (0: no limit)."""
    burst: float = 200.0
    bot_budget: float = 5.0
    bot_concurrency: int = 4
    bots: bool = True
    deadline_poll: float = 5.0
    """Seconds between two looks for campaign turns whose deadline has passed (0: never)."""
    static: Path = STATIC


class CreateMatch(BaseModel):
    game: str = Field(description="a game id from GET /api/games")
    params: dict[str, Any] = Field(default_factory=dict, description="param name -> value; unnamed: defaults")
    seats: list[str] = Field(description='"human" or an agent spec (e.g. "random"), one per seat', max_length=64)
    name: str = Field(default="", max_length=200)


class Join(BaseModel):
    invite: str = Field(max_length=200)


class Submit(BaseModel):
    action: str = Field(description="the action's text, e.g. 'attack Vega Sirius'", max_length=100_000)
    state_id: int = Field(description="the state id the action was chosen against")


Auth = Annotated[str | None, Header(description="Bearer <seat token or GM token>")]
Spectator = Annotated[str | None, Query(description="the spectator code, instead of a token", max_length=200)]


def _check_id(match_id: str) -> str:
    if not _MATCH_ID.match(match_id):
        raise UnknownMatch(match_id)
    return match_id


def _bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ParseError("the Authorization header must be 'Bearer <token>'")
    return token.strip()


def _clean(text: str, what: str) -> str:
    if _CONTROL.search(text):
        raise ParseError(f"{what} contains a control character")
    return text


def create_app(settings: Settings) -> FastAPI:
    """The server application (the database opens when it starts)."""
    hub = Hub()
    state: dict[str, Any] = {}

    def service() -> MatchService:
        svc = state.get("service")
        if svc is None:
            raise DatabaseError("the server is starting; try again")
        return svc  # type: ignore[no-any-return]

    def campaigns() -> CampaignService:
        service()
        return state["campaigns"]  # type: ignore[no-any-return]

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        engine = await run_in_threadpool(open_database, settings.db)
        store = SqlStore(engine)
        listener: PgListener | None = None
        if is_postgres(engine):
            dsn = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
            listener = PgListener(dsn, hub)
            await run_in_threadpool(listener.start)
            svc = MatchService(store)  # every commit NOTIFYs; the listener publishes
        else:
            svc = MatchService(store, on_commit=hub.publish)
        state["service"] = svc
        campaigns_svc = CampaignService(svc)
        state["campaigns"] = campaigns_svc
        deadlines: asyncio.Task[None] | None = None
        if settings.deadline_poll > 0:
            async def watch_deadlines() -> None:
                while True:
                    await asyncio.sleep(settings.deadline_poll)
                    try:
                        await run_in_threadpool(campaigns_svc.process_due)
                    except Exception:  # the database away for a moment: the next look tries again
                        log.exception("campaign deadlines")

            deadlines = asyncio.create_task(watch_deadlines())
        worker: BotWorker | None = None
        if settings.bots:
            worker = BotWorker(svc, settings.bot_budget, settings.bot_concurrency)
            hub.watch_all(worker.notify)
            await worker.start()
        try:
            yield
        finally:
            if deadlines is not None:
                deadlines.cancel()
                with suppress(asyncio.CancelledError):
                    await deadlines
            if worker is not None:
                await worker.stop()
            if listener is not None:
                await run_in_threadpool(listener.stop)
            state.clear()
            engine.dispose()

    app = FastAPI(title="starlanes match server", version="1", lifespan=lifespan,
                  description="Matches of every registered game over HTTP: seats authorised by token, "
                              "live updates over a WebSocket. See docs/server.md.")
    app.state.hub = hub
    app.state.services = state

    # ---------------------------------------------------------------- errors
    @app.exception_handler(StarlanesError)
    async def starlanes_error(_request: Request, exc: StarlanesError) -> JSONResponse:
        return JSONResponse(error_body(exc, getattr(exc, "state_id", None)), status_code=exc.http_status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        if first.get("type") == "json_invalid":
            message = f"the request body is not valid JSON ({one_line(str(first.get('ctx', {}).get('error', '')), 80)})"
        else:
            message = f"{where}: {one_line(str(first.get('msg', 'not valid')), 120).lower()}"
        return JSONResponse(error_body(ParseError(message)), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        too_large = request.scope.get(TOO_LARGE)
        if isinstance(too_large, StarlanesError):
            return JSONResponse(error_body(too_large), status_code=too_large.http_status)
        if exc.status_code == 404:
            body = error_body(NotFound("no such path in the API; see /docs"))
        elif exc.status_code == 405:
            body = {"error": "MethodNotAllowed", "message": "this path does not take this method"}
        else:
            body = {"error": "HTTPError", "message": one_line(str(exc.detail))}
        return JSONResponse(body, status_code=exc.status_code)

    @app.exception_handler(sa.exc.OperationalError)
    async def database_error(_request: Request, exc: sa.exc.OperationalError) -> JSONResponse:
        log.warning("database: %s", one_line(str(exc.orig)))
        return JSONResponse(error_body(DatabaseError("the database is not available; nothing changed")), 503)

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"error": "InternalError", "message": "the server failed; nothing was changed"}, 500)

    # ------------------------------------------------------------- auth
    def who(match_id: str, authorization: str | None, spectator: str | None) -> Principal:
        return service().principal(_check_id(match_id), _bearer(authorization), spectator)


    # ------------------------------------------------------------ endpoints
    @app.get("/api/games", summary="Registered games, their params and bots")
    def games() -> list[dict[str, Any]]:
        return service().games()

    @app.post("/api/matches", summary="Create a match; the answer holds the GM token and the invites")
    def create(body: CreateMatch) -> dict[str, Any]:
        return service().create(body.game, body.params, body.seats, _clean(body.name, "the name"))

    @app.post("/api/matches/import", summary="A new match from a save file (the CLI's format)")
    def import_match(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        return service().import_match(body)

    @app.post("/api/matches/{match_id}/join", summary="Take a human seat with its invite code")
    def join(match_id: str, body: Join) -> dict[str, Any]:
        return service().join(_check_id(match_id), body.invite)

    @app.get("/api/matches/{match_id}", summary="The match summary")
    def summary(match_id: str, authorization: Auth = None, spectator: Spectator = None) -> dict[str, Any]:
        return service().summary(who(match_id, authorization, spectator))

    @app.get("/api/matches/{match_id}/view", summary="What this token's actor may see now")
    def view(match_id: str, authorization: Auth = None, spectator: Spectator = None) -> dict[str, Any]:
        return service().view(who(match_id, authorization, spectator))

    @app.get("/api/matches/{match_id}/actions", summary="This seat's legal actions now")
    def legal(match_id: str, authorization: Auth = None, spectator: Spectator = None) -> dict[str, Any]:
        return service().legal(who(match_id, authorization, spectator))

    @app.post("/api/matches/{match_id}/actions", summary="Submit an action made against state_id")
    def submit(match_id: str, body: Submit, authorization: Auth = None) -> dict[str, Any]:
        principal = who(match_id, authorization, None)
        svc = service()
        try:
            return svc.submit(principal, _clean(body.action, "the action"), body.state_id)
        except StarlanesError as exc:
            if not hasattr(exc, "state_id"):
                with suppress(StarlanesError):
                    exc.state_id = svc.store.step(match_id)  # type: ignore[attr-defined]
            raise

    @app.get("/api/matches/{match_id}/events", summary="The events this actor may see, after state id `since`")
    def events(match_id: str, authorization: Auth = None, spectator: Spectator = None,
               since: Annotated[int, Query(ge=0, le=10**9)] = 0) -> list[dict[str, Any]]:
        return service().events(who(match_id, authorization, spectator), since)

    @app.post("/api/matches/{match_id}/resign", summary="Give up this seat: the other seats win")
    def resign(match_id: str, authorization: Auth = None) -> dict[str, Any]:
        return service().resign(who(match_id, authorization, None))

    @app.get("/api/matches/{match_id}/content", summary="The game's static content (board, card book)")
    def content(match_id: str, request: Request, authorization: Auth = None,
                spectator: Spectator = None) -> Response:
        data = service().content(who(match_id, authorization, spectator))
        body = msgspec.json.encode(data)
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        return Response(body, media_type="application/json",
                        headers={"ETag": etag, "Cache-Control": "private, max-age=3600"})

    @app.get("/api/matches/{match_id}/export", summary="The match in the CLI's save format (GM token)")
    def export(match_id: str, authorization: Auth = None) -> dict[str, Any]:
        return service().export(who(match_id, authorization, None))

    @app.get("/api/my-matches", summary="The matches these tokens belong to")
    def my_matches(x_tokens: Annotated[str, Header(max_length=20_000)] = "") -> list[dict[str, Any]]:
        tokens = [t.strip() for t in x_tokens.split(",") if t.strip()][:200]
        return service().my_matches(tokens)

    @app.websocket("/api/matches/{match_id}/ws")
    async def socket(websocket: WebSocket, match_id: str, token: str | None = None,
                     spectator: str | None = None) -> None:
        try:
            principal = await run_in_threadpool(who, match_id, f"Bearer {token}" if token else None, spectator)
        except StarlanesError as exc:
            await websocket.accept()
            await websocket.send_json({"type": "error", **error_body(exc)})
            await websocket.close(code=4401 if exc.http_status == 401 else 4404)
            return
        await websocket.accept()
        queue = hub.subscribe(match_id)
        svc = service()
        sent_step = 0
        last_hash = ""
        last_message = 0  # a campaign's messages this principal may read are pushed once each

        async def push() -> None:
            nonlocal sent_step, last_hash, last_message
            if token:
                try:
                    await run_in_threadpool(who, match_id, f"Bearer {token}", None)
                except StarlanesError as exc:  # revoked meanwhile (a campaign seat's new link): the socket ends
                    await websocket.send_json({"type": "error", **error_body(exc)})
                    await websocket.close(code=4401)
                    raise WebSocketDisconnect(4401) from None
            message = await run_in_threadpool(svc.update_for, principal, sent_step)
            extra = await run_in_threadpool(campaigns().live_news, principal, last_message)
            news = extra.pop("messages", [])
            if news:
                message["messages"] = news
                last_message = news[-1]["id"]
            message.update(extra)  # a campaign GM's: who has joined
            digest = hashlib.sha256(msgspec.json.encode([message["view"], extra])).hexdigest()
            if digest != last_hash or message["events"] or news:
                await websocket.send_json(message)
                last_hash = digest
            sent_step = message["state_id"]

        async def closed() -> None:
            with suppress(WebSocketDisconnect):
                while True:
                    await websocket.receive_text()  # the client says nothing; this ends when it leaves

        watcher = asyncio.create_task(closed())
        try:
            await push()
            while not watcher.done():
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter, watcher}, return_when=asyncio.FIRST_COMPLETED)
                if getter not in done:
                    getter.cancel()
                    break
                while not queue.empty():
                    queue.get_nowait()
                await push()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            watcher.cancel()
            hub.unsubscribe(match_id, queue)

    add_campaign_routes(app, campaigns, who)

    # ------------------------------------------------------------ the browser client
    @app.get("/games/{game_id}/board.js", include_in_schema=False)
    def board_js(game_id: str) -> Response:
        from fastapi.responses import FileResponse

        from starlanes.web import board_module

        path = board_module(game_id)
        if path is None:
            raise NotFound(f"game '{game_id}' has no board module (the browser draws its text)")
        return FileResponse(path, media_type="text/javascript")

    if settings.static.is_dir():
        app.mount("/", StaticFiles(directory=settings.static, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        def no_client() -> HTMLResponse:
            return HTMLResponse(f"<!doctype html><p>The browser client is not installed here ({settings.static} "
                                "is missing); the API is at /api and its schema at /docs.</p>")

    app.add_middleware(BodyLimit, limit=settings.max_body)
    if settings.rate > 0:
        app.add_middleware(RateLimit, buckets=TokenBuckets(settings.rate, settings.burst))
    return app


SETTINGS_ENV = "STARLANES_SERVE_SETTINGS"
"""Environment variable through which ``starlanes serve`` hands its settings (JSON) to each
worker process uvicorn starts."""


def app_from_env() -> FastAPI:
    """The app for a uvicorn worker process (``uvicorn --factory``), from ``SETTINGS_ENV``."""
    import json
    import os

    raw = json.loads(os.environ.get(SETTINGS_ENV, "{}"))
    if "static" in raw:
        raw["static"] = Path(raw["static"])
    return create_app(Settings(**raw))
