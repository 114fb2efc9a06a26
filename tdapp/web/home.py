"""The landing page: where a visitor finds the running tournaments."""

from flask import Blueprint, render_template

from tdapp.services import tournaments

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html", tournaments=tournaments.list_tournaments())
