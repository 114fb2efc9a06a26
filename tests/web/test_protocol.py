"""The screens' deltas, as pure functions: what `diff` says, `apply` rebuilds exactly."""

from __future__ import annotations

from tdapp.realtime.protocol import Follower, apply, delta, diff


def players(*rows: tuple[int, str, int]) -> list[dict]:
    return [{"id": pid, "name": name, "stack": stack} for pid, name, stack in rows]


def test_a_changed_row_is_sent_alone_and_rebuilds_the_list():
    before = {"players": players((1, "Ada", 5000), (2, "Bea", 5000), (3, "Cloe", 5000))}
    after = {"players": players((1, "Ada", 5000), (2, "Bea", 7300), (3, "Cloe", 5000))}
    ops = diff(before, after)
    assert ops == [["rows", ["players"], "id", [after["players"][1]], [], None]]
    assert apply(before, {"version": 2, "ops": ops}) == {**after, "version": 2}


def test_rows_added_dropped_and_reordered_keep_the_lists_order():
    before = {"players": players((1, "Ada", 1), (2, "Bea", 2), (3, "Cloe", 3))}
    after = {"players": players((3, "Cloe", 3), (4, "Dora", 4), (1, "Ada", 1))}
    message = delta(before, after, 1, 2)
    assert message["ops"][0][4] == [2] and message["ops"][0][5] == [3, 4, 1]
    assert apply(before, message)["players"] == after["players"]


def test_nested_keys_are_set_and_dropped_by_their_path_and_the_input_stays_as_it_was():
    before = {"seating": {"last_moves": {"4": {"to_table": 2}}}, "clock": {"level": 1}}
    after = {"seating": {"last_moves": {"7": {"to_table": 1}}}, "clock": {"level": 2}}
    message = delta(before, after, 5, 6)
    assert message == {"protocol": 2, "version": 6, "base": 5, "ops": [
        ["set", ["seating", "last_moves", "7"], {"to_table": 1}],
        ["drop", ["seating", "last_moves", "4"]],
        ["set", ["clock", "level"], 2],
    ]}
    assert apply(before, message) == {**after, "version": 6}
    assert before["seating"]["last_moves"] == {"4": {"to_table": 2}}


def test_lists_without_row_keys_are_sent_whole_and_always_keys_are_sent_unchanged():
    before = {"warnings": [{"code": "A"}], "can_undo": True}
    after = {"warnings": [{"code": "B"}], "can_undo": True}
    message = delta(before, after, 1, 2, always=("can_undo",))
    assert message["ops"] == [["set", ["warnings"], [{"code": "B"}]], ["set", ["can_undo"], True]]


def test_a_follower_applies_in_order_and_asks_to_join_again_on_a_gap():
    follower = Follower()
    assert not follower.on_view({"version": 3, "clock": {"level": 1}, "n": 0})
    assert not follower.on_delta({"version": 4, "base": 3, "ops": [["set", ["n"], 1]]})
    assert not follower.on_delta({"version": 4, "base": 3, "ops": [["set", ["n"], 9]]})  # stale
    assert follower.view["n"] == 1
    assert follower.on_delta({"version": 6, "base": 5, "ops": []})  # 5 was missed
    assert follower.joining


def test_a_follower_shows_the_announced_level_from_its_instant_until_a_newer_version_takes_it_back():
    running = {"period": 0, "running": True, "ends_at": 60_000,
               "following": {"period": 1, "running": True, "ends_at": 120_000, "following": None}}
    follower = Follower()
    follower.on_view({"version": 3, "clock": running})
    assert follower.turns_at() == 60_000
    assert follower.clock_at(59_999)["period"] == 0
    assert follower.clock_at(60_000)["period"] == 1
    paused = {"period": 0, "running": False, "ends_at": None, "following": None}
    follower.on_delta(delta({"clock": running}, {"clock": paused}, 3, 4))
    assert follower.turns_at() is None
    assert follower.clock_at(90_000) == paused
    follower.on_clock({"version": 3, "clock": running, "cue": "level"})  # older: dropped
    assert follower.turns_at() is None


def test_a_phone_needs_its_own_change_when_the_message_names_its_player():
    follower = Follower(player=7)
    follower.on_view({"version": 1, "player": {"id": 7, "stack": 5}})
    own = {"version": 2, "base": 1, "player": 7, "ops": [["set", ["player", "stack"], 0]]}
    assert not follower.on_delta(own)
    assert not follower.on_delta({"version": 2, "base": 1, "ops": [], "players": [7]})
    assert follower.view == {"version": 2, "player": {"id": 7, "stack": 0}}
    assert follower.on_delta({"version": 3, "base": 2, "ops": [], "players": [7]})  # own missed


def test_a_table_where_one_seat_changed_is_sent_as_that_seat_alone():
    seats = [{"seat": n, "player_id": 10 + n, "name": f"Giocatore {n}", "stack": 5000}
             for n in range(1, 11)]
    before = {"tables": [{"number": 4, "players": 10, "seats": seats}]}
    after = {"tables": [{"number": 4, "players": 9, "seats": [
        *seats[:2], {"seat": 3, "player_id": None, "name": None, "stack": None}, *seats[3:]]}]}
    message = delta(before, after, 1, 2)
    assert message["ops"] == [
        ["set", ["tables", {"number": 4}, "players"], 9],
        ["rows", ["tables", {"number": 4}, "seats"], "seat", [after["tables"][0]["seats"][2]], [], None],
    ]
    assert apply(before, message) == {**after, "version": 2}
    assert before["tables"][0]["seats"][2]["player_id"] == 13
