"""The HTTP routes of campaigns (``/api/campaigns/...``, docs/server.md "Campaigns"), over
:class:`~.campaigns.CampaignService`. Auth as every match endpoint: ``Authorization: Bearer``
with a nation's seat token or the GM token."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from fastapi import Body, FastAPI, Header, Query
from fastapi.responses import Response
from pydantic import BaseModel, Field

from starlanes.core.errors import ParseError

from .auth import Principal
from .campaigns import MAX_MESSAGE, CampaignService

__all__ = ["add_campaign_routes"]

Auth = Annotated[str | None, Header(description="Bearer <a nation's seat token or the GM token>")]
Turn = Annotated[int, Query(ge=0, le=100_000)]


class CreateCampaign(BaseModel):
    factions: int = Field(ge=2, le=20, description="nations in the campaign (one invitation each)")
    turns: int = Field(default=40, ge=1, le=1000, description="turns of the campaign")
    galaxy_seed: int = Field(default=0, ge=0, le=2**62, description="seed of the generated galaxy (0: the campaign's)")
    turn_closes: str = Field(default="gm", pattern="^(gm|all)$",
                             description="'gm': the GM processes each turn; 'all': the last submission does")
    nations: list[Annotated[str, Field(max_length=80)]] = Field(default_factory=list, max_length=20,
                                                                description="names of the nations, in seat order")
    galaxy: dict[str, Any] | None = Field(default=None, description="a galaxy file (star-kingdoms-galaxy/1) instead "
                                                                    "of a generated one")
    name: str = Field(default="", max_length=200)
    creation: str = Field(default="standard", pattern="^(standard|forms)$",
                          description="'standard': standard nations, approved; 'forms': each player sends a "
                                      "civilisation creation form, approved by the GM")


class Form(BaseModel):
    form: dict[str, Any] = Field(description="a civilisation creation form (the fields of the CLI's form file)")


class GMAction(BaseModel):
    action: str = Field(max_length=100_000, description="a GM action, e.g. 'approve aster-realm'")


class Orders(BaseModel):
    orders: str = Field(max_length=100_000, description="the orders document, one order a line")


class Deadline(BaseModel):
    deadline: str | None = Field(max_length=60, description="ISO 8601 with its zone, e.g. 2026-12-01T18:00:00Z; "
                                                             "null: no deadline")


class Message(BaseModel):
    to: list[Annotated[str, Field(max_length=100)]] = Field(max_length=20, description="nations (ids or names)")
    text: str = Field(max_length=MAX_MESSAGE)
    cc_gm: bool = Field(default=False, description="copy the GM (the GM reads nothing else)")


def add_campaign_routes(app: FastAPI, campaigns: Callable[[], CampaignService],
                        who: Callable[[str, str | None, str | None], Principal]) -> None:
    """Register the campaign routes on ``app``; ``who(match_id, authorization, spectator)`` is the
    app's principal resolver."""

    @app.post("/api/campaigns", summary="Create a campaign: the GM token and one invitation per nation")
    def create(body: CreateCampaign) -> dict[str, Any]:
        if any(c in body.name for c in "\x00\r\n\t"):
            raise ParseError("the name contains a control character")
        return campaigns().create(factions=body.factions, turns=body.turns, galaxy_seed=body.galaxy_seed,
                                  turn_closes=body.turn_closes, nations=body.nations, galaxy=body.galaxy,
                                  name=body.name, creation=body.creation)

    @app.post("/api/campaigns/import", summary="A new campaign from an export file (new tokens and invitations)")
    def import_campaign(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        return campaigns().import_campaign(msgspec.json.encode(body))

    @app.get("/api/campaigns/{match_id}", summary="A nation's page (its token) or the GM's (the GM token)")
    def overview(match_id: str, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().overview(who(match_id, authorization, None))

    @app.post("/api/campaigns/{match_id}/check", summary="Judge every line of an orders document; nothing is submitted")
    def check(match_id: str, body: Orders, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().check(who(match_id, authorization, None), body.orders)

    @app.post("/api/campaigns/{match_id}/orders", summary="Submit (or replace) the nation's orders for this turn")
    def orders(match_id: str, body: Orders, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().submit(who(match_id, authorization, None), body.orders)

    @app.post("/api/campaigns/{match_id}/process", summary="The GM processes the turn (the sheets are published)")
    def process(match_id: str, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().process(who(match_id, authorization, None))

    @app.put("/api/campaigns/{match_id}/deadline", summary="The GM sets the deadline of this turn (null: none)")
    def deadline(match_id: str, body: Deadline, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().set_deadline(who(match_id, authorization, None), body.deadline)

    @app.get("/api/campaigns/{match_id}/sheets", summary="The sheets this token may read (a nation: its own)")
    def sheets(match_id: str, authorization: Auth = None) -> list[dict[str, Any]]:
        return campaigns().sheets(who(match_id, authorization, None))

    @app.get("/api/campaigns/{match_id}/sheets/{turn}", summary="One sheet as Markdown and HTML")
    def sheet(match_id: str, turn: int, authorization: Auth = None,
              nation: Annotated[str | None, Query(max_length=100, description="the GM: whose sheet")] = None,
              ) -> dict[str, Any]:
        return campaigns().sheet(who(match_id, authorization, None), _turn(turn), nation)

    @app.get("/api/campaigns/{match_id}/sheets/{turn}/pdf", summary="One sheet as PDF",
             response_class=Response, responses={200: {"content": {"application/pdf": {}}}})
    def sheet_pdf(match_id: str, turn: int, authorization: Auth = None,
                  nation: Annotated[str | None, Query(max_length=100)] = None) -> Response:
        name, pdf = campaigns().sheet_pdf(who(match_id, authorization, None), _turn(turn), nation)
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/campaigns/{match_id}/messages", summary="Messages sent or received (the GM: those copied to it)")
    def messages(match_id: str, authorization: Auth = None) -> list[dict[str, Any]]:
        return campaigns().messages(who(match_id, authorization, None))

    @app.post("/api/campaigns/{match_id}/messages", summary="Send a message to nations you know")
    def send(match_id: str, body: Message, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().send(who(match_id, authorization, None), body.to, body.text, body.cc_gm)

    @app.get("/api/campaigns/{match_id}/invitations", summary="Each nation's invitation: joined or not (the GM)")
    def invitations(match_id: str, authorization: Auth = None) -> list[dict[str, Any]]:
        return campaigns().invitations(who(match_id, authorization, None))

    @app.post("/api/campaigns/{match_id}/invitations/{seat}",
              summary="A new invitation link for a seat (the old link and its player signed out)")
    def reissue(match_id: str, seat: int, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().reissue(who(match_id, authorization, None), seat)

    @app.delete("/api/campaigns/{match_id}/invitations/{seat}",
                summary="Revoke a seat's invitation link (and sign out its player)")
    def revoke(match_id: str, seat: int, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().revoke(who(match_id, authorization, None), seat)

    @app.post("/api/campaigns/{match_id}/gm", summary="A GM action (approve, send-back, meet, note...)")
    def gm_action(match_id: str, body: GMAction, authorization: Auth = None) -> dict[str, Any]:
        if any(c in body.action for c in "\x00\r"):
            raise ParseError("the action contains a control character")
        return campaigns().gm_act(who(match_id, authorization, None), body.action)

    @app.get("/api/campaigns/{match_id}/creation", summary="A nation's creation form: its choices and the form sent")
    def creation(match_id: str, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().creation(who(match_id, authorization, None))

    @app.post("/api/campaigns/{match_id}/creation/check", summary="Every problem of a creation form; nothing stored")
    def creation_check(match_id: str, body: Form, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().check_form(who(match_id, authorization, None), body.form)

    @app.post("/api/campaigns/{match_id}/creation", summary="Send the nation's creation form (it awaits the GM)")
    def creation_send(match_id: str, body: Form, authorization: Auth = None) -> dict[str, Any]:
        return campaigns().send_form(who(match_id, authorization, None), body.form)

    @app.get("/api/campaigns/{match_id}/export", summary="The whole campaign as one file (the GM token)")
    def export(match_id: str, authorization: Auth = None) -> Response:
        data = campaigns().export(who(match_id, authorization, None))
        return Response(data, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="campaign-{match_id}.json"'})


def _turn(turn: int) -> int:
    if turn < 0 or turn > 100_000:
        raise ParseError(f"turn: a turn number 0-100000, not {turn}")
    return turn
