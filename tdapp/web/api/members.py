"""The club's members (la tessera) over JSON: the list, a member added, changed (a renewal is a
new `valid_until`) or removed, and a spreadsheet's CSV imported whole. Any staff member reads
them; directors and owners change them (tdapp/web/roles.py)."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import Field

from tdapp.i18n import club_today
from tdapp.kernel.numbers import whole_or_none
from tdapp.services import members
from tdapp.web.api.bodies import ApiBody, parse_json, read_csv_file
from tdapp.web.api.settings import Positive
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.api.view_source import QueryParameter, reads_query
from tdapp.web.guards import ddt_api

bp = Blueprint("api_members", __name__, url_prefix=URL_PREFIX)

MAX_PAGE = 500

_NUMBER = Field(default=None, max_length=40,
                description="The card's number: letters and digits, with - / . between them, "
                            "at most 20; null for none.")
_VALID_UNTIL = Field(default=None, max_length=40,
                     description="The card's last valid day: 2026-12-31 (or 31/12/2026); null "
                                 "for no end.")
_ROSTER_ID = Field(default=None, description="The roster player this member is; null for none.")


class MemberBody(ApiBody):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    number: str | None = _NUMBER
    valid_until: str | None = _VALID_UNTIL
    roster_id: Positive | None = _ROSTER_ID


class MemberChangeBody(ApiBody):
    """The fields to change; a field left out stays as it is, `null` clears it (but the name)."""

    name: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    number: str | None = _NUMBER
    valid_until: str | None = _VALID_UNTIL
    roster_id: Positive | None = _ROSTER_ID


def member_json(member: members.Member) -> dict[str, Any]:
    """A member as the API shows it; `valid` says whether the card is valid today, in the
    club's time zone."""
    today = club_today()
    return {"id": member.id, "name": member.name, "number": member.number,
            "valid_until": member.valid_until.isoformat() if member.valid_until else None,
            "roster_id": member.roster_id, "valid": member.valid_on(today)}


@reads_query(
    QueryParameter("q", False, {"type": "string", "maxLength": 80,
                                "description": "Words of a name, or a card's number."}),
    QueryParameter("page", False, {"type": "integer", "minimum": 1,
                                   "description": "The page; past the end, the last one."}),
    QueryParameter("size", False, {"type": "integer", "minimum": 1, "maximum": MAX_PAGE,
                                   "description": f"Members a page, {members.PAGE_SIZE} by "
                                                  "default."}),
)
def asked_page() -> members.MemberPage:
    """The page of the list that `?q=`, `?page=` and `?size=` ask for."""
    size = whole_or_none(request.args.get("size", ""), minimum=1, maximum=MAX_PAGE)
    page = whole_or_none(request.args.get("page", ""), minimum=1) or 1
    return members.list_members(request.args.get("q", "")[:80], page, size or members.PAGE_SIZE)


@bp.get("/members")
@ddt_api
def list_members():
    """The club's members by name: `{"members", "page", "pages", "size", "total"}`."""
    found = asked_page()
    return jsonify(members=[member_json(m) for m in found.members], page=found.number,
                   pages=found.count, size=found.size, total=found.total)


@bp.post("/members")
@ddt_api
def add_member():
    """201 with the new member."""
    body = parse_json(MemberBody)
    added = members.create_member(body.name, body.number, members.read_day(body.valid_until),
                                  body.roster_id)
    return jsonify(member_json(added)), 201


@bp.get("/members/<int:member_id>")
@ddt_api
def show_member(member_id: int):
    return jsonify(member_json(members.member(member_id)))


@bp.put("/members/<int:member_id>")
@ddt_api
def change_member(member_id: int):
    """Change the fields given: `{"valid_until": "2027-12-31"}` renews a card."""
    body = parse_json(MemberChangeBody)
    given = body.model_fields_set
    changes: dict[str, Any] = {key: getattr(body, key) for key in ("number", "roster_id")
                               if key in given}
    if body.name is not None:
        changes["name"] = body.name
    if "valid_until" in given:
        changes["valid_until"] = members.read_day(body.valid_until)
    return jsonify(member_json(members.update_member(member_id, **changes)))


@bp.delete("/members/<int:member_id>")
@ddt_api
def delete_member(member_id: int):
    members.delete_member(member_id)
    return "", 204


@bp.post("/members/import")
@ddt_api
def import_members():
    """A spreadsheet's member list as CSV, imported whole or not at all: `{"added", "updated",
    "unchanged"}`. A row updates the member with its card number, else the one of its name;
    an empty cell leaves that field as it is; a bad row refuses the file, naming its line."""
    done = members.import_csv(read_csv_file())
    return jsonify(added=done.added, updated=done.updated, unchanged=done.unchanged)
