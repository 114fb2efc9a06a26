"""Structure templates: the set-ups a night starts from. A tournament's set-up is saved as a new
template or over an old one from its set-up page; here the DdT sees them all and removes one."""

from __future__ import annotations

from flask import redirect, render_template, url_for
from flask_babel import gettext

from tdapp.services import templates
from tdapp.web.td import bp
from tdapp.web.td.console import flash_done
from tdapp.web.td.formats import template_name


@bp.get("/templates")
def structure_templates():
    return render_template("td/templates.html", templates=templates.list_templates())


@bp.post("/templates/<int:template_id>/delete")
def delete_template(template_id: int):
    name = templates.get_template(template_id).name
    templates.delete_template(template_id)
    flash_done(gettext("The template %(name)s is deleted.", name=template_name(name)))
    return redirect(url_for("td.structure_templates"), code=303)
