"""The core sections of `view`: the tournament, players, tables, ledger and payouts, and the
warnings the DdT acts on. The public audience never sees money by kind, roster ids, bonus chips or
phone codes (the DdT's rows carry `phone_code`)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from tdapp.kernel.refusals import Plural, register_messages
from tdapp.tournament.bounties import standing
from tdapp.tournament.chips import chips_gap
from tdapp.tournament.levels import ms_to_end_of_level
from tdapp.tournament.payouts import place_amounts, place_of, prize_pool_cents, prizes
from tdapp.tournament.players import Player
from tdapp.tournament.purchases import add_on_open
from tdapp.tournament.registry import Audience, Notice, view_section, warns
from tdapp.tournament.state import Tournament

REBUY_WARNING_MS = 5 * 60 * 1000


@view_section("tournament")
def _tournament(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    settings = state.settings
    return {
        "created": state.created,
        "name": settings.name,
        "date": settings.date.isoformat() if settings.date else None,
        "buy_in_cents": settings.buy_in_cents,
        "fee_cents": settings.fee_cents,
        "bounty": _rules(settings.bounty),
        "starting_stack": settings.starting_stack,
        "seats_per_table": settings.seats_per_table,
        "levels": settings.level_count,
        "late_registration_until_level": settings.late_registration_until_level,
        "rebuy": _rules(settings.rebuy),
        "add_on": _rules(settings.add_on),
        "re_entry": _rules(settings.re_entry),
        "seats_drawn": state.seats_drawn,
        "players_left": state.players_left,
        "entries": state.ledger.entries,
        "finished": state.finished,
        "winner": _winner(state),
    }


def _winner(state: Tournament) -> dict[str, Any] | None:
    if state.finish is None:
        return None
    winner = state.player(state.finish.winner)
    return {"player_id": winner.id, "name": winner.name}


@view_section("results")
def _results(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    """The paid places as they stand, best first: the winner and the prizes once finished
    (the wall's and the console's results), the places already decided before that."""
    won = prizes(state)
    paid = []
    for player_id, prize_cents in won.items():
        player = state.player(player_id)
        where = place_of(state, player)
        assert where is not None
        paid.append({"place": where[0], "tied": where[1], "player_id": player.id,
                     "name": player.name, "prize_cents": prize_cents})
    paid.sort(key=lambda row: (row["place"], row["player_id"]))
    return {"finished": state.finished, "winner": _winner(state), "paid": paid}


def _rules(rules: Any) -> dict[str, Any] | None:
    return None if rules is None else dict(vars(rules))


# Rows of players who did not change since the last view are reused: a player is a frozen
# object that an event replaces when it changes, so its identity says whether its row is fresh.
# That keeps a view of 3,000 players to a few milliseconds. Callers get copies.
_ROWS: dict[int, tuple[Player, dict[str, Any], dict[str, Any], dict[str, Any]]] = {}
_ROWS_LIMIT = 200_000


def _rows(player: Player) -> tuple[Player, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(player, public row, TD row, seat row) for `player`, built once per player object."""
    found = _ROWS.get(id(player))
    if found is not None and found[0] is player:
        return found
    if len(_ROWS) >= _ROWS_LIMIT:
        _ROWS.clear()
    public = {
        "id": player.id,
        "name": player.name,
        "status": player.status.value,
        "table": player.table,
        "seat": player.seat,
        "stack": player.stack,
        "rebuys": player.rebuys,
        "add_ons": player.add_ons,
        "entries": player.entries,
        "place": player.place,
        "tied": player.tied,
        "prize_cents": 0,
        "bounty_cents": player.bounty_cents,
        "bounties_won_cents": player.bounties_won_cents,
        "gender": player.gender,
    }
    td = public | {
        "roster_id": player.roster_id,
        "starting_stack": player.starting_stack,
        "bonus_chips": player.bonus_chips,
        "phone_code": player.phone_code,
    }
    seat = {
        "seat": player.seat,
        "player_id": player.id,
        "name": player.name,
        "stack": player.stack,
        "absent": player.absent,
        "bounty_cents": player.bounty_cents,
    }
    found = _ROWS[id(player)] = (player, public, td, seat)
    return found


@view_section("players")
def _players(state: Tournament, now: datetime, audience: Audience) -> list[dict[str, Any]]:
    won = prizes(state)
    column = 2 if audience == "td" else 1
    rows = []
    for player in state.players:
        row = dict(_rows(player)[column])
        if player.place is not None or player.id in won:  # finished, or the winner
            where = place_of(state, player)
            if where is not None:
                row["place"], row["tied"] = where
            row["prize_cents"] = won.get(player.id, 0)
            row["bounty_cents"], row["bounties_won_cents"] = standing(state, player)
        rows.append(row)
    return rows


@view_section("tables")
def _tables(state: Tournament, now: datetime, audience: Audience) -> list[dict[str, Any]]:
    result = []
    players = state.players
    for number in sorted(state.tables):
        seats = []
        for seat, player_id in enumerate(state.tables[number], start=1):
            player = players.get(player_id) if player_id is not None else None
            if player is None:
                seats.append(
                    {
                        "seat": seat,
                        "player_id": None,
                        "name": None,
                        "stack": None,
                        "absent": False,
                        "bounty_cents": None,
                    }
                )
            else:
                seats.append(dict(_rows(player)[3]))
        taken = sum(1 for s in seats if s["player_id"] is not None)
        result.append({"number": number, "players": taken, "seats": seats})
    return result


def average_stack(state: Tournament) -> int:
    """Chips in play shared by the players left (0 before anyone registers)."""
    left = state.players_left
    return state.ledger.chips_issued // left if left else 0


@view_section("ledger")
def _ledger(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    ledger = state.ledger
    public = {
        "entries": ledger.entries,
        "players_left": state.players_left,
        "prize_pool_cents": prize_pool_cents(state),
        "chips_issued": ledger.chips_issued,
        "average_stack": average_stack(state),
        "rebuys": ledger.rebuys,
        "add_ons": ledger.add_ons,
        "re_entries": ledger.re_entries,
        "fees_cents": ledger.fees_cents,
        "bounty_cents": ledger.bounty_cents,
    }
    if audience != "td":
        return public
    return public | {
        "bounties_paid_cents": ledger.bounties_paid_cents,
        "bounties_on_heads_cents": ledger.bounties_on_heads_cents,
        "bounties_unclaimed_cents": ledger.bounties_unclaimed_cents,
        "forfeited_chips": ledger.forfeited_chips,
        "buy_ins": ledger.buy_ins,
        "buy_in_cents": ledger.buy_in_cents,
        "re_entry_cents": ledger.re_entry_cents,
        "rebuy_cents": ledger.rebuy_cents,
        "add_on_cents": ledger.add_on_cents,
        "money_in_cents": ledger.money_in_cents,
        "starting_chips": ledger.starting_chips,
        "rebuy_chips": ledger.rebuy_chips,
        "add_on_chips": ledger.add_on_chips,
        "chips_counted": state.players.stack_total,
        "chips_gap": chips_gap(state),
        "stacks_to_recount": len(state.to_recount),
    }


@view_section("payouts")
def _payouts(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    amounts = place_amounts(state)
    return {
        "prize_pool_cents": prize_pool_cents(state),
        "rounding_cents": state.settings.rounding_cents,
        "adjusted": state.payout_amounts is not None,
        "places": [{"place": i, "amount_cents": a} for i, a in enumerate(amounts, start=1)],
        "bounties": _bounties_won(state),
    }


def _bounties_won(state: Tournament) -> list[dict[str, Any]]:
    """Every player who has won bounty money, most first (the winner's own head included)."""
    if state.settings.bounty is None:
        return []
    won = []
    winner_known = state.players_left == 1
    for player in state.players:
        if not player.bounties_won_cents and not (winner_known and player.in_play):
            continue
        amount = standing(state, player)[1]
        if amount:
            won.append({"player_id": player.id, "name": player.name, "amount_cents": amount})
    return sorted(won, key=lambda row: (-row["amount_cents"], row["player_id"]))


register_messages(
    {
        "REBUY_PERIOD_ENDING": Plural(
            "The rebuy period ends in %(minutes)s minute",
            "The rebuy period ends in %(minutes)s minutes",
            "minutes"),
        "ADD_ON_OPEN": "The add-on is on offer now",
        "CHIPS_GAP": "Counted stacks are %(gap)s chips short of the %(issued)s in play",
        "NO_CHIPS": "%(name)s has no chips: record a rebuy or the bust",
        "BOUNTIES_UNCLAIMED": (
            "A bust was recorded without its eliminator: that bounty belongs to nobody until"
            " the bust is taken back and recorded with who knocked the player out"
        ),
    }
)


@warns
def _warnings(state: Tournament, now: datetime, audience: Audience) -> Iterator[Notice]:
    if not state.created or state.finished:  # nothing is on offer once there is a winner
        return
    rebuy = state.settings.rebuy
    if rebuy is not None and state.clock.running:
        left = ms_to_end_of_level(state, now, rebuy.until_level)
        if left is not None and left <= REBUY_WARNING_MS:
            yield Notice("REBUY_PERIOD_ENDING", {"minutes": -(-left // 60000)})
    if state.settings.add_on is not None and state.clock.started and add_on_open(state, now):
        yield Notice("ADD_ON_OPEN")
    if audience != "td":
        return
    gap = chips_gap(state)
    if gap:
        yield Notice("CHIPS_GAP", {"gap": gap, "issued": state.ledger.chips_issued})
    for player in state.players:
        if player.in_play and player.stack == 0:
            yield Notice("NO_CHIPS", {"player_id": player.id, "name": player.name})
    if state.ledger.bounties_unclaimed_cents:
        yield Notice("BOUNTIES_UNCLAIMED", {"cents": state.ledger.bounties_unclaimed_cents})
    if state.payout_amounts is not None:
        total, pool = sum(state.payout_amounts), prize_pool_cents(state)
        if total != pool:
            yield Notice("PAYOUTS_OUT_OF_DATE", {"total_cents": total, "pool_cents": pool})
