"""Print-ready pages for the night: seat cards, move slips, the structure, the payouts, the
results and a prize receipt, under `/td/t/<id>/print/<what>`.

Two papers, chosen with `?paper=`: what is handed to one player (a seat card, a move slip, a
prize receipt) comes out of the club's 80 mm receipt printer by default, one per page so that the
printer cuts between them, or on A4 (`?paper=a4`: seat cards in a sheet to cut, the moves as one
list to post on the wall); the structure, the payouts and the results are sheets to post, on A4
only. Each page prints from the browser's own print dialog; nothing is fetched from outside.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import abort, make_response, render_template, request, url_for
from flask_babel import gettext

from tdapp.kernel.numbers import whole_or_none
from tdapp.services import tournaments
from tdapp.tournament.payouts import place_amounts, place_of, prize_pool_cents, prizes
from tdapp.tournament.phone_codes import phone_presence_on
from tdapp.tournament.seating.announce import announced_moves
from tdapp.tournament.state import Tournament
from tdapp.tournament.structure import Level
from tdapp.wallclock import utcnow
from tdapp.web.qr import inline_svg
from tdapp.web.td import bp

PAPER_NAMES = {"a4": "A4", "80mm": "80 mm"}
HAND_OUT = ("80mm", "a4")
"""Papers of what is handed to one player; the first is the default."""
POSTED = ("a4",)
"""Papers of the sheets posted for the room."""


def _refuse(message: str, status: int = 400) -> NoReturn:
    """Stop with `message` on the console's error page: a print page has no form to go back to."""
    abort(make_response(render_template("td/missing.html", message=message), status))


def _paper(papers: tuple[str, ...]) -> str:
    paper = request.args.get("paper", papers[0])
    if paper not in papers:
        _refuse(gettext("This page prints on %(papers)s, not on “%(paper)s”.",
                        papers=", ".join(PAPER_NAMES[p] for p in papers), paper=paper[:20]))
    return paper


def _number(name: str, label: str) -> int | None:
    """An optional whole-number filter of the query string, or a clear refusal."""
    typed = request.args.get(name, "").strip()
    if not typed:
        return None
    number = whole_or_none(typed)
    if number is None:
        _refuse(gettext("%(field)s must be a whole number, not “%(value)s”.",
                        field=label, value=typed[:20]))
    return number


def _page(template: str, tid: int, what: str, papers: tuple[str, ...], **context: Any):
    paper = _paper(papers)
    found = tournaments.summary(tid)
    state = tournaments.current(tid)
    return render_template(
        f"td/print/{template}",
        tid=tid,
        what=what,
        name=found.name,
        state=state,
        paper=paper,
        papers=papers,
        paper_names=PAPER_NAMES,
        printed_at=utcnow(),
        **context,
    )


@bp.get("/t/<int:tid>/print/seat-cards")
def print_seat_cards(tid: int):
    """A card for each seated player (`?table=` one table's, `?player=` one player's): table,
    seat, starting stack, a QR code to the player's phone page and, when the phone may mark
    the player away, the player's code."""
    table = _number("table", gettext("Table"))
    player = _number("player", gettext("Player"))
    state = tournaments.current(tid)
    slug = tournaments.summary(tid).slug
    seated = sorted((p for p in state.players if p.table is not None and not p.busted),
                    key=lambda p: (p.table, p.seat))
    if table is not None:
        if table not in state.tables:
            _refuse(gettext("There is no table %(n)s.", n=table), 404)
        seated = [p for p in seated if p.table == table]
    if player is not None:
        if state.players.get(player) is None:
            _refuse(gettext("There is no player %(n)s.", n=player), 404)
        seated = [p for p in seated if p.id == player]
        if not seated:
            _refuse(gettext("%(name)s has no seat.", name=state.player(player).name), 409)
    codes = phone_presence_on(state.settings)
    cards = []
    for sitter in seated:
        url = url_for("player.player", slug=slug, player_id=sitter.id, _external=True)
        cards.append({"player": sitter, "url": url, "qr": inline_svg(url),
                      "code": sitter.phone_code if codes else None})
    return _page("seat_cards.html", tid, "seat-cards", HAND_OUT, cards=cards)


@bp.get("/t/<int:tid>/print/moves")
def print_moves(tid: int):
    """The newest moves (a balancing, a table break, the final-table draw): a slip for each
    moved player on 80 mm, or one list on A4."""
    moves = announced_moves(tournaments.current(tid))
    return _page("moves.html", tid, "moves", HAND_OUT, moves=moves)


@bp.get("/t/<int:tid>/print/structure")
def print_structure(tid: int):
    state = tournaments.current(tid)
    return _page("structure.html", tid, "structure", POSTED, periods=_periods(state))


def _periods(state: Tournament) -> list[dict[str, Any]]:
    """The structure's periods with each level's number (breaks have none)."""
    rows = []
    level = 0
    for period in state.settings.structure.periods:
        if isinstance(period, Level):
            level += 1
            rows.append({"level": level, "period": period})
        else:
            rows.append({"level": None, "period": period})
    return rows


@bp.get("/t/<int:tid>/print/payouts")
def print_payouts(tid: int):
    state = tournaments.current(tid)
    return _page("payouts.html", tid, "payouts", POSTED, pool=prize_pool_cents(state),
                 amounts=list(enumerate(place_amounts(state), start=1)))


@bp.get("/t/<int:tid>/print/results")
def print_results(tid: int):
    """Finish places with their prizes, best first; those still playing above them."""
    state = tournaments.current(tid)
    won = prizes(state)
    finished, playing = [], []
    for player in state.players:
        where = place_of(state, player)
        if where is None:
            if not player.busted:
                playing.append(player)
            continue
        finished.append({"player": player, "place": where[0], "tied": where[1],
                         "prize_cents": won.get(player.id, 0)})
    finished.sort(key=lambda row: (row["place"], row["player"].name))
    playing.sort(key=lambda p: (-p.stack, p.name))
    return _page("results.html", tid, "results", POSTED, finished=finished, playing=playing,
                 pool=prize_pool_cents(state))


@bp.get("/t/<int:tid>/print/receipt/<int:player_id>")
def print_receipt(tid: int, player_id: int):
    """What the player signs when paid: the place, the amount, a line for each signature."""
    state = tournaments.current(tid)
    player = state.player(player_id)  # an unknown player is refused as on every console page
    amount = prizes(state).get(player.id, 0)
    where = place_of(state, player)
    if not amount or where is None:
        _refuse(gettext("%(name)s has no prize to pay.", name=player.name), 409)
    receipt = {"player": player, "place": where[0], "tied": where[1], "amount_cents": amount}
    return _page("receipt.html", tid, f"receipt/{player_id}", HAND_OUT, receipts=[receipt])


@bp.get("/t/<int:tid>/print/receipts")
def print_receipts(tid: int):
    """Every paid player's receipt, best place first, one per page (the printer cuts between
    them): the finish's one print run."""
    state = tournaments.current(tid)
    receipts = []
    for player_id, amount in prizes(state).items():
        player = state.player(player_id)
        where = place_of(state, player)
        if amount and where is not None:
            receipts.append({"player": player, "place": where[0], "tied": where[1],
                             "amount_cents": amount})
    if not receipts:
        _refuse(gettext("No prize is due yet."), 409)
    receipts.sort(key=lambda r: (r["place"], r["player"].name))
    return _page("receipt.html", tid, "receipts", HAND_OUT, receipts=receipts)
