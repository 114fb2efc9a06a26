"""The tournament's views as every client receives them: built here once, for a screen's `view`
push, a page's first render and the JSON API's answers alike."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tdapp.tournament.registry import view
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class Known:
    """What a view shows besides the state, at the state's version: the tournament's id and
    slug, and whether the DdT's undo and redo have something to act on. A change carries it
    (bus.Change); a reader of a version no change here told asks the services once."""

    tournament_id: int
    slug: str
    can_undo: bool
    can_redo: bool


def screen_views(
    state: Tournament, known: Known, audiences: Iterable[str], now: datetime
) -> dict[str, dict[str, Any]]:
    """The tournament's views of `state`, one per audience, each with the tournament's identity
    so that a page needs nothing else. The DdT's also carries the id and slug at the top and
    whether undo and redo have something to act on, for the console's buttons. Built from what
    it is given alone: a push reads nothing back."""
    shown: dict[str, dict[str, Any]] = {}
    for audience in audiences:
        one = view(state, now, audience)
        one["tournament"] = {**one.get("tournament", {}), "id": known.tournament_id,
                             "slug": known.slug}
        if audience == "td":
            one["id"] = known.tournament_id
            one["slug"] = known.slug
            one["can_undo"], one["can_redo"] = known.can_undo, known.can_redo
        shown[audience] = one
    return shown


PHONE_SECTIONS = ("tournament", "clock", "ledger")
"""What a phone following one player shows besides that player: the clock and the counts."""


def phone_common(public: dict[str, Any]) -> dict[str, Any]:
    """The part of a phone's view that every phone shares, taken from the public view."""
    return {name: public[name] for name in PHONE_SECTIONS if name in public}


def phone_own(public: dict[str, Any], player_id: int | None) -> dict[str, Any]:
    """The part of a phone's view about its player alone: the player's row (status, table,
    seat, stack, place) and their last move, None when they were never moved (both None on the
    list page, which follows nobody)."""
    row = next((p for p in public.get("players", ()) if p["id"] == player_id), None)
    moves = public.get("seating", {}).get("last_moves", {})
    return {"player": row, "move": moves.get(str(player_id))}


def phone_view(public: dict[str, Any], player_id: int | None) -> dict[str, Any]:
    """The complete view of a phone that follows `player_id`: a few hundred bytes, where the
    public view of a 3,000-player field is close to a megabyte."""
    return {
        "version": public["version"],
        "audience": "player",
        "player_id": player_id,
        **phone_common(public),
        **phone_own(public, player_id),
    }


RECENT_MOVES = 8
"""The moves a wall display lists as the most recent (besides the newest batch, all of it)."""


def display_view(public: dict[str, Any]) -> dict[str, Any]:
    """A wall display's view: the public view without the field's rows (`players`, `tables`),
    which at 3,000 players are nearly all of its megabyte; the display fetches its seating a
    page at a time over HTTP (`GET /t/<slug>/seating`). Of the moves it keeps those it shows,
    the newest batch and the most recent, each with the player's `name` and `status`."""
    return _without(public, ("players", "tables"))


CONSOLE_LEFT_OUT = ("players", "tables", "hands", "table_access")
"""What the DdT's console's pages fetch a page at a time instead of holding: the field's rows,
the tables, and each table's hand and console access (a line per table)."""

RECENT_LINES = 8
"""The newest log lines the console holds, as many as the dashboard shows."""


def console_view(td: dict[str, Any], lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The DdT's console's part of the DdT's view (`td`), what its dashboard shows: the clock,
    the counts and money, the warnings, the moves to make (seating), the displays, the chip
    race, undo and redo, with `lines`, the newest lines of the log (`log_lines`). The payouts
    keep their totals and the number of places paid; the places, like the players, tables and
    log, come from the console's pages a page at a time. A few kilobytes where the whole view of
    a 3,000-player field is over a megabyte; `"view": "dashboard"` tells it from the whole."""
    shown = _without(td, CONSOLE_LEFT_OUT)
    payouts = td.get("payouts")
    if payouts is not None:
        shown["payouts"] = {
            **{k: v for k, v in payouts.items() if k not in ("places", "bounties")},
            "places_paid": len(payouts.get("places", ())),
        }
    return {**shown, "view": "dashboard", "log": lines}


def _without(whole: dict[str, Any], left_out: Iterable[str]) -> dict[str, Any]:
    """`whole` without the sections `left_out`; of the moves, those a screen shows."""
    dropped = set(left_out)
    shown = {name: section for name, section in whole.items() if name not in dropped}
    seating = whole.get("seating")
    if seating is not None:
        shown["seating"] = {**seating, "last_moves": _shown_moves(whole, seating)}
    return shown


def _shown_moves(public: dict[str, Any], seating: dict[str, Any]) -> dict[str, Any]:
    """The moves a display shows, in the order of the view's own (ties in the newest first then
    fall as the display sorts them), with who moved."""
    moves = seating.get("last_moves", {})
    newest = max((move["version"] for move in moves.values()), default=0)
    recent = sorted(moves, key=lambda key: -moves[key]["version"])[:RECENT_MOVES]
    kept = set(recent) | {key for key, move in moves.items() if move["version"] == newest}
    players = {row["id"]: row for row in public.get("players", ())}
    return {
        key: {**move, "name": players[move["player_id"]]["name"],
              "status": players[move["player_id"]]["status"]}
        for key, move in moves.items() if key in kept and move["player_id"] in players
    }


def seating_rows(public: dict[str, Any]) -> list[dict[str, Any]]:
    """The tables a display's seating pages show: those with someone seated, in the view's
    order."""
    return [table for table in public.get("tables", ()) if table["players"]]
