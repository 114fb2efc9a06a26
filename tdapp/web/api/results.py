"""A tournament's exports: the results (`results.csv`, `results.json`) and the event log in
words (`log.csv`). The rows come from `tdapp.tournament.results` (one pure function) and the
log from the journal; the CSV dialect is tdapp/web/spreadsheet.py's."""

from __future__ import annotations

from flask import jsonify
from flask_babel import gettext, to_user_timezone

from tdapp.services import journal, results, tournaments
from tdapp.tournament.payouts import prize_pool_cents
from tdapp.tournament.results import COLUMNS, exported
from tdapp.web.api.v1 import bp
from tdapp.web.errors import translate
from tdapp.web.guards import ddt_api
from tdapp.web.spreadsheet import csv_file, euros
from tdapp.web.td.formats import money


def _labels() -> dict[str, str]:
    """Each exported column's heading in the request's language."""
    return {
        "place": gettext("Place"),
        "name": gettext("Name"),
        "entries": gettext("Entries"),
        "rebuys": gettext("Rebuys"),
        "add_ons": gettext("Add-ons"),
        "fees_cents": gettext("House fees (€)"),
        "prize_cents": gettext("Prize (€)"),
    }


def _cell(column: str, value: object) -> object:
    """Money columns (`*_cents`) in euros as the spreadsheet reads them; the rest as they are."""
    return euros(value) if column.endswith("_cents") and isinstance(value, int) else value


@bp.get("/tournaments/<int:tid>/results.csv")
@ddt_api
def results_csv(tid: int):
    """Every player, in finishing order (those still in play first, without a place)."""
    night = results.night(tid)
    labels = _labels()
    return csv_file(
        [labels[column] for column in COLUMNS],
        ([_cell(column, value) for column, value in exported(row).items()] for row in night.rows),
        f"{night.slug}-results.csv",
    )


@bp.get("/tournaments/<int:tid>/results.json")
@ddt_api
def results_json(tid: int):
    night = results.night(tid)
    state = tournaments.current(tid)
    return jsonify(
        tournament={"id": night.id, "slug": night.slug, "name": night.name,
                    "date": night.date.isoformat() if night.date else None,
                    "entries": state.ledger.entries, "prize_pool_cents": prize_pool_cents(state),
                    "fees_cents": state.ledger.fees_cents},
        results=[exported(row) | {"tied": row.tied} for row in night.rows],
    )


@bp.get("/tournaments/<int:tid>/log.csv")
@ddt_api
def log_csv(tid: int):
    """The log oldest first, as it happened; an undone line says who undid it."""
    summary = tournaments.summary(tid)
    header = ["#", gettext("Time"), gettext("By"), gettext("What happened"), gettext("Undone by")]
    lines = (
        [entry.seq, to_user_timezone(entry.at).strftime("%Y-%m-%d %H:%M:%S"),
         entry.who_text(translate), entry.text(translate, money), entry.undone_by]
        for entry in reversed(journal.entries(tid))
    )
    return csv_file(header, lines, f"{summary.slug}-log.csv")
