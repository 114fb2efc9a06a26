"""What screens get: the public view keeps private data out; the TD view has the ledger."""

from __future__ import annotations

import json

from tournament_builders import tournament

from tdapp.tournament.chips import SetChips
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import view
from tdapp.tournament.settings import AddOnRules, RebuyRules


def test_view_lists_players_tables_ledger_payouts_and_version():
    play = tournament(players=12, seats_per_table=6, buy_in_cents=2000)
    shown = view(play.state, play.now, "public")
    json.dumps(shown)
    assert shown["version"] == play.state.version
    first = shown["players"][0]
    assert set(first) >= {"id", "name", "status", "table", "seat", "stack", "rebuys", "add_ons"}
    assert [t["players"] for t in shown["tables"]] == [6, 6]
    assert shown["ledger"]["prize_pool_cents"] == 24000
    assert shown["ledger"]["average_stack"] == 5000
    assert sum(p["amount_cents"] for p in shown["payouts"]["places"]) == 24000
    assert "clock" in shown


def test_public_view_never_shows_roster_ids_or_money_by_kind():
    play = tournament(players=0)
    play.do(RegisterPlayer("Anna", roster_id=31, bonus_chips=500))
    public = view(play.state, play.now, "public")
    td = view(play.state, play.now, "td")
    assert "roster_id" not in public["players"][0] and td["players"][0]["roster_id"] == 31
    assert "buy_in_cents" not in public["ledger"] and "chips_gap" not in public["ledger"]
    assert td["ledger"]["money_in_cents"] == play.state.settings.buy_in_cents


def test_td_view_shows_the_gap_between_chips_issued_and_counted():
    play = tournament(players=3)
    play.do(SetChips(1, 4000))
    td = view(play.state, play.now, "td")
    assert td["ledger"]["chips_issued"] == 15000
    assert td["ledger"]["chips_counted"] == 14000
    assert td["ledger"]["chips_gap"] == 1000
    codes = [w["code"] for w in td["warnings"]]
    assert "CHIPS_GAP" in codes
    gap = next(w for w in td["warnings"] if w["code"] == "CHIPS_GAP")
    assert "1000" in gap["message"]


def test_warns_five_minutes_before_the_rebuy_period_ends():
    rules = dict(rebuy=RebuyRules(2, 5000, 1000), add_on=AddOnRules(5000, 1000))
    play = tournament(players=4, **rules).at_level(2)
    assert "REBUY_PERIOD_ENDING" not in [w["code"] for w in view(play.state, play.now)["warnings"]]
    play.minutes_later(15.5)
    warning = next(
        w for w in view(play.state, play.now)["warnings"] if w["code"] == "REBUY_PERIOD_ENDING"
    )
    assert warning["params"] == {"minutes": 4}
    assert warning["message"] == "The rebuy period ends in 4 minutes"


def test_each_view_shows_the_state_it_is_given_and_rows_are_the_callers_own():
    play = tournament(players=3)
    before = play.state
    first = view(before, play.now, "public")
    first["players"][0]["stack"] = -1
    first["tables"][0]["seats"][0]["name"] = "changed"
    play.do(SetChips(1, 4000))
    assert view(play.state, play.now)["players"][0]["stack"] == 4000
    again = view(before, play.now, "public")
    assert again["players"][0]["stack"] == 5000
    assert "changed" not in [s["name"] for s in again["tables"][0]["seats"]]
