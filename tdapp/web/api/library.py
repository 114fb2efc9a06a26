"""Templates and the roster over JSON: the set-ups and the players the club reuses."""

from __future__ import annotations

from typing import Annotated, Any

from flask import jsonify, request
from pydantic import Field

from tdapp.services import roster, templates, tournaments
from tdapp.tournament.settings import Settings
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.settings import Gender, Positive, SettingsBody, settings_json
from tdapp.web.api.v1 import bp
from tdapp.web.guards import ddt_api


def _template_json(template: templates.Template) -> dict[str, Any]:
    return {"id": template.id, "name": template.name, "settings": settings_json(template.settings)}


class TemplateBody(SettingsBody):
    """A template is a set-up with a name of its own, starting from a tournament's settings
    (`tournament`), another template's (`template`), or the club's defaults."""

    tournament: Positive | None = None
    template_name: Annotated[str, Field(min_length=1, max_length=120)]


@bp.get("/templates")
@ddt_api
def list_templates():
    return jsonify(templates=[_template_json(t) for t in templates.list_templates()])


@bp.post("/templates")
@ddt_api
def save_template():
    body = parse_json(TemplateBody)
    if body.tournament:
        base = tournaments.current(body.tournament).settings
    elif body.template:
        base = templates.get_template(body.template).settings
    else:
        base = Settings()
    saved = templates.save_template(body.template_name, body.settings(base))
    return jsonify(_template_json(saved)), 201


@bp.get("/templates/<int:template_id>")
@ddt_api
def show_template(template_id: int):
    return jsonify(_template_json(templates.get_template(template_id)))


@bp.put("/templates/<int:template_id>")
@ddt_api
def edit_template(template_id: int):
    body = parse_json(TemplateBody)
    base = templates.get_template(template_id).settings
    saved = templates.save_template(body.template_name, body.settings(base), template_id)
    return jsonify(_template_json(saved))


@bp.delete("/templates/<int:template_id>")
@ddt_api
def delete_template(template_id: int):
    templates.delete_template(template_id)
    return "", 204


class MemberBody(ApiBody):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    gender: Gender = None


@bp.get("/roster")
@ddt_api
def list_roster():
    found = roster.members(request.args.get("q", ""))
    return jsonify(players=[{"id": m.id, "name": m.name, "gender": m.gender} for m in found])


@bp.post("/roster")
@ddt_api
def add_to_roster():
    body = parse_json(MemberBody)
    member = roster.add_member(body.name, body.gender)
    return jsonify(id=member.id, name=member.name, gender=member.gender), 201
