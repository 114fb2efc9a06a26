"""`POST /api/v1/tournaments/<id>/clock`: the DdT's clock controls for scripts and the console.

Body: `{"action": "start" | "pause" | "resume" | "next" | "previous" | "jump" | "break" |
"adjust"}`, with `"level"` (the room's 1-based number) for `jump` and `"seconds"` (negative
removes time) for `adjust`. Answers 200 with the tournament's full view; a refusal is a 4xx with
`{"error": {"code", "message"}}` and changes nothing.
"""

from __future__ import annotations

from typing import Literal

from flask import Blueprint

from tdapp.kernel.refusals import register_messages
from tdapp.tournament.clock import rules
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.tournaments import act
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import ddt_api

bp = Blueprint("api_clock", __name__, url_prefix=URL_PREFIX)

register_messages(
    {
        "FIELD_NOT_FOR_ACTION": "%(field)s does not go with the action %(action)s.",
        "FIELD_REQUIRED": "The action %(action)s needs %(field)s.",
    }
)

SIMPLE = {
    "start": rules.StartClock,
    "pause": rules.PauseClock,
    "resume": rules.ResumeClock,
    "next": rules.NextLevel,
    "previous": rules.PreviousLevel,
    "break": rules.JumpToBreak,
}


class LayoutBody(ApiBody):
    layout: str
    seconds: int = 20


class ClockBody(ApiBody):
    action: Literal["start", "pause", "resume", "next", "previous", "jump", "break", "adjust"]
    level: int | None = None
    seconds: int | None = None


def command_for(body: ClockBody) -> object:
    """The clock command a request asks for; a field the action does not take is refused."""
    wanted = {"jump": "level", "adjust": "seconds"}.get(body.action)
    for name in ("level", "seconds"):
        given = getattr(body, name) is not None
        if given and name != wanted:
            raise RequestRefused("FIELD_NOT_FOR_ACTION", fields=[name], field=name, action=body.action)
        if not given and name == wanted:
            raise RequestRefused("FIELD_REQUIRED", fields=[name], field=name, action=body.action)
    if body.action == "jump":
        return rules.JumpToLevel(body.level)
    if body.action == "adjust":
        return rules.AdjustClock(body.seconds)
    return SIMPLE[body.action]()


@bp.post("/tournaments/<int:tid>/clock")
@ddt_api
def clock(tid: int):
    body = parse_json(ClockBody)
    return act(tid, command_for(body))


@bp.post("/tournaments/<int:tid>/displays/<screen>")
@ddt_api
def display_layout(tid: int, screen: str):
    """Sets what the wall screen `screen` shows: `{"layout": "clock"|"seating"|"rotate",
    "seconds": 20}`."""
    body = parse_json(LayoutBody)
    return act(tid, rules.SetDisplayLayout(screen, body.layout, body.seconds))
