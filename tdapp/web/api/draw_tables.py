"""The draw tables of the club's Italian games over JSON, under /api/v1/draw-tables/: Italian
draw, or a telesina (`"game": "telesina"` and its `"variant"`) run from the same console.

Opening a table and its console's access need a DdT; the rest answers a DdT or the console this
session opened with the table's PIN. Every write is one service call and answers the table as
the console draws it (its consoles hear the same through the `draw_table` push); a refusal is a
4xx from the app-wide handler, nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint, jsonify
from flask_babel import gettext
from pydantic import Field

from tdapp.console_sessions import DRAW_CONSOLES
from tdapp.draw_table.commands import (
    Act,
    Command,
    Deal,
    DeclareFalseOpening,
    Draw,
    Exchange,
    Misdeal,
    OpenTogether,
    PlayTelesinaRound,
    Showdown,
    TakePassate,
    TurnCards,
)
from tdapp.realtime import draw_table_view
from tdapp.services import draw_tables
from tdapp.services.draw_tables import Player
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.console_access import draw_access_json
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import actor, console_api, ddt_api
from tdapp.web.numbers import seat_keys

bp = Blueprint("api_draw_tables", __name__, url_prefix=URL_PREFIX + "/draw-tables")

draw_guard = console_api(
    DRAW_CONSOLES,
    lambda table_id, **_: str(table_id),
    lambda table_id, **_: draw_tables.access_generation(table_id),
    lambda table_id, **_: f"draw table {table_id} console",
)

LARGEST_SEAT = 6
Seat = Annotated[int, Field(ge=1, le=LARGEST_SEAT)]
Chips = Annotated[int, Field(ge=0, le=1_000_000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]


TelesinaVariant = Literal["secca", "cambio", "una_vela", "fischer", "due_vele", "texas"]


class PlayerBody(ApiBody):
    name: Name
    resto: Chips


class CreateBody(ApiBody):
    name: Name
    players: Annotated[list[PlayerBody], Field(min_length=2, max_length=6)]
    dealer: Seat
    invito_max: Annotated[int, Field(ge=1, le=10)] = 5
    passata: Chips = 0
    league_id: int | None = None
    game: Literal["draw", "telesina"] = "draw"
    variant: TelesinaVariant | None = None


class DealBody(ApiBody):
    invito: Annotated[int, Field(ge=1, le=10)] | None = None  # telesina: the variant's
    blind_steps: Annotated[int, Field(ge=0, le=3)] = 0
    giri: bool = False


class TelesinaRoundBody(ApiBody):
    """A round of telesina at a draw table: the variant (secca unless named), and whether it
    is the round that opens the giri."""

    variant: TelesinaVariant = "secca"
    giri: bool = False


class PassateBody(ApiBody):
    seat: Seat
    passate: Annotated[int, Field(ge=1, le=10)] = 1


class ActBody(ApiBody):
    seat: Seat
    action: Literal["fold", "check", "call", "bet", "raise", "all_in"]
    amount: Chips | None = None
    confirmed: bool = False


class OpenTogetherBody(ApiBody):
    first: Seat
    second: Seat
    amount: Chips | None = None
    confirmed: bool = False


class DrawBody(ApiBody):
    seat: Seat
    cards: Annotated[int, Field(ge=0, le=4)]


class ShowdownBody(ApiBody):
    winner: Seat | None = None
    shown: Annotated[dict[str, Annotated[str, Field(max_length=20)]],
                     Field(min_length=1, max_length=6)] | None = None
    opener_shows: bool = True


Cards = Annotated[str, Field(max_length=20)]


class CardsBody(ApiBody):
    """Telesina: the up-cards just dealt, by seat ({"1": "Ah"}), and the vele just turned."""

    up: Annotated[dict[str, Cards], Field(max_length=6)] = {}
    vele: Cards = ""


class ExchangeBody(ApiBody):
    """Telesina "cambio": the up-card given and the one received, or neither."""

    seat: Seat
    given: Annotated[str, Field(max_length=3)] | None = None
    received: Annotated[str, Field(max_length=3)] | None = None


class FalseOpeningBody(ApiBody):
    new_opener: Seat | None = None
    raiser_has_openers: bool = False


class MisdealBody(ApiBody):
    kind: Literal["exposed_cards", "dealer_error", "void_before_opening", "stub_miscount",
                  "six_and_four"]
    exposed: Annotated[int, Field(ge=0, le=52)] = 0
    receiver_demands: bool = False
    before_first_players_second_card: bool = False
    reason: Literal["wrong_dealer", "no_cut", "wrong_number_of_players", "wrong_card_count",
                    "sixth_card_started", "faced_card_in_deck", "wrong_deck_size"] = "wrong_dealer"
    ruled_valid_for: Seat | None = None
    six: Seat | None = None
    four: Seat | None = None


def _answer(opened: draw_tables.LoadedDrawTable) -> Any:
    return jsonify(draw_table_view(opened))


def _send(table_id: int, command: Command) -> Any:
    return _answer(draw_tables.dispatch(table_id, command, actor()))


def _by_seat(cards: dict[str, str], *, field: str) -> tuple[tuple[int, str], ...]:
    """Cards keyed by seat ({"1": "Ah"}) as the commands hold them: (seat, cards), by seat."""
    return tuple(sorted(seat_keys(cards, field=field, largest=LARGEST_SEAT).items()))


@bp.post("")
@ddt_api
def create() -> Any:
    body = parse_json(CreateBody)
    opened = draw_tables.create_table(
        body.name, [Player(p.name, p.resto) for p in body.players], body.dealer,
        actor(), invito_max=body.invito_max, passata=body.passata,
        league_id=body.league_id, game=body.game, variant=body.variant or "")
    return jsonify({**draw_table_view(opened), **draw_access_json(opened)}), 201


@bp.get("/<int:table_id>")
@draw_guard
def get_table(table_id: int) -> Any:
    return _answer(draw_tables.current(table_id))


@bp.get("/<int:table_id>/events")
@draw_guard
def events(table_id: int) -> Any:
    """The table's log: every event with its actor and time; undone ones marked."""
    return jsonify({"events": [
        {"seq": e.seq, "kind": e.kind, "payload": e.payload, "actor": e.actor,
         "at": e.at.isoformat(), "undone": e.undone} for e in draw_tables.history(table_id)]})


@bp.post("/<int:table_id>/deal")
@draw_guard
def deal(table_id: int) -> Any:
    body = parse_json(DealBody)
    return _send(table_id, Deal(body.invito, body.blind_steps, body.giri))


@bp.post("/<int:table_id>/telesina-round")
@draw_guard
def telesina_round(table_id: int) -> Any:
    """Between hands, a draw table plays a round of telesina: the deal goes once around the
    table, then the next deal is draw again (TS-08, LG-07)."""
    body = parse_json(TelesinaRoundBody)
    return _send(table_id, PlayTelesinaRound(body.variant, body.giri))


@bp.post("/<int:table_id>/passate")
@draw_guard
def passate(table_id: int) -> Any:
    """A resto grows by whole passate, between hands (IT-24)."""
    body = parse_json(PassateBody)
    return _send(table_id, TakePassate(body.seat, body.passate))


@bp.post("/<int:table_id>/actions")
@draw_guard
def act(table_id: int) -> Any:
    body = parse_json(ActBody)
    return _send(table_id, Act(body.seat, body.action, body.amount, body.confirmed))


@bp.post("/<int:table_id>/open-together")
@draw_guard
def open_together(table_id: int) -> Any:
    body = parse_json(OpenTogetherBody)
    return _send(table_id, OpenTogether(body.first, body.second, body.amount, body.confirmed))


@bp.post("/<int:table_id>/draw")
@draw_guard
def draw(table_id: int) -> Any:
    body = parse_json(DrawBody)
    return _send(table_id, Draw(body.seat, body.cards))


@bp.post("/<int:table_id>/showdown")
@draw_guard
def showdown(table_id: int) -> Any:
    body = parse_json(ShowdownBody)
    if (body.winner is None) == (body.shown is None):
        raise RequestRefused("INVALID_REQUEST", fields=["winner", "shown"],
                             problems=gettext("Tap the winner or enter the hands shown"))
    shown = None if body.shown is None else _by_seat(body.shown, field="shown")
    return _send(table_id, Showdown(body.winner, shown, body.opener_shows))


@bp.post("/<int:table_id>/cards")
@draw_guard
def cards(table_id: int) -> Any:
    """Telesina: the dealer enters the up-cards as they are dealt and the vele as turned."""
    body = parse_json(CardsBody)
    return _send(table_id, TurnCards(_by_seat(body.up, field="up"), body.vele))


@bp.post("/<int:table_id>/exchange")
@draw_guard
def exchange(table_id: int) -> Any:
    """Telesina "cambio": the seat in turn changes one card, or keeps its own."""
    body = parse_json(ExchangeBody)
    if (body.given is None) != (body.received is None):
        raise RequestRefused("INVALID_REQUEST", fields=["given", "received"],
                             problems="name the up-card given and the one received, or neither")
    return _send(table_id, Exchange(body.seat, body.given, body.received))


@bp.post("/<int:table_id>/false-opening")
@draw_guard
def false_opening(table_id: int) -> Any:
    body = parse_json(FalseOpeningBody)
    return _send(table_id, DeclareFalseOpening(body.new_opener, body.raiser_has_openers))


@bp.post("/<int:table_id>/misdeal")
@draw_guard
def misdeal(table_id: int) -> Any:
    body = parse_json(MisdealBody)
    return _send(table_id, Misdeal(**body.model_dump()))


@bp.post("/<int:table_id>/undo")
@draw_guard
def undo(table_id: int) -> Any:
    parse_json(ApiBody)
    return _answer(draw_tables.undo(table_id, actor()))


@bp.get("/<int:table_id>/access")
@ddt_api
def get_access(table_id: int) -> Any:
    return jsonify(draw_access_json(draw_tables.current(table_id)))


@bp.post("/<int:table_id>/access")
@ddt_api
def renew_access(table_id: int) -> Any:
    """A new link and PIN; the old ones stop working."""
    parse_json(ApiBody)
    return jsonify(draw_access_json(draw_tables.renew_access(table_id)))
