"""A tournament's results: one row per player, in finishing order, for the exports
(results.csv and results.json), a roster player's history and the seasons' points.

The rows (`ResultRow`, tdapp/kernel/results.py) are built here, in one function, so that a new
column (the house's fees, say) is one field and one line; the exports write the fields in the
order `COLUMNS` gives.
"""

from __future__ import annotations

from tdapp.kernel.results import ResultRow
from tdapp.tournament.payouts import place_of, prizes
from tdapp.tournament.state import Tournament

COLUMNS = ("place", "name", "entries", "rebuys", "add_ons", "fees_cents", "prize_cents")
"""The exported columns, in order; every other field of `ResultRow` stays inside the app."""


def result_rows(state: Tournament) -> list[ResultRow]:
    """Every player: those still in play first (by name), then the finished by place (the
    winner first), players sharing a place in registration order."""
    won = prizes(state)
    rows = []
    for player in state.players:
        where = place_of(state, player)
        place, tied = where if where is not None else (None, 1)
        rows.append(ResultRow(
            place=place,
            tied=tied,
            name=player.name,
            entries=player.entries,
            rebuys=player.rebuys,
            add_ons=player.add_ons,
            fees_cents=(_fees_cents(state, player.entries, player.rebuys, player.add_ons)
                        + player.guest_fee_cents),
            prize_cents=won.get(player.id, 0),
            paid_cents=_paid_cents(state, player.entries, player.rebuys, player.add_ons),
            player_id=player.id,
            roster_id=player.roster_id,
        ))
    return sorted(rows, key=lambda row: (
        row.place is not None, row.place or 0, row.name.casefold() if row.place is None else "",
        row.player_id))


def _paid_cents(state: Tournament, entries: int, rebuys: int, add_ons: int) -> int:
    settings = state.settings
    re_entry = settings.re_entry.price_cents if settings.re_entry else settings.buy_in_cents
    rebuy = settings.rebuy.price_cents if settings.rebuy else 0
    add_on = settings.add_on.price_cents if settings.add_on else 0
    return (settings.buy_in_cents + (entries - 1) * re_entry + rebuys * rebuy
            + add_ons * add_on)


def _fees_cents(state: Tournament, entries: int, rebuys: int, add_ons: int) -> int:
    settings = state.settings
    re_entry = settings.re_entry.fee_cents if settings.re_entry else settings.fee_cents
    rebuy = settings.rebuy.fee_cents if settings.rebuy else 0
    add_on = settings.add_on.fee_cents if settings.add_on else 0
    return settings.fee_cents + (entries - 1) * re_entry + rebuys * rebuy + add_ons * add_on


def exported(row: ResultRow) -> dict[str, object]:
    """The row as the exports write it: the `COLUMNS`, in order."""
    return {column: getattr(row, column) for column in COLUMNS}
