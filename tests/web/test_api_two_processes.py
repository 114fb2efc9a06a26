"""Two app processes on one database, as behind a load balancer: each checks the stored version
before acting and reloads when the other wrote, so neither loses or hides the other's actions."""

from __future__ import annotations


def test_two_processes_take_turns_on_one_tournament_and_agree(app, ddt, database_url, start_server):
    first, second = start_server(database_url), start_server(database_url)
    token = first.call(
        "POST",
        "/api/v1/auth/token",
        body={"username": ddt.username, "password": ddt.password},
    )["token"]
    tid = second.call(
        "POST",
        "/api/v1/tournaments",
        token,
        {"name": "Due sale", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9},
    )["id"]
    base = f"/api/v1/tournaments/{tid}"
    for number in range(1, 7):
        server = first if number % 2 else second
        server.call("POST", f"{base}/players", token, {"name": f"Player {number}"})
    first.call("POST", f"{base}/seats/draw", token)
    second.call("POST", f"{base}/players/6/bust", token)
    undone = first.call("POST", f"{base}/undo", token)

    seen_by_first = first.call("GET", base, token)
    seen_by_second = second.call("GET", base, token)
    assert seen_by_first["players"] == seen_by_second["players"] == undone["players"]
    assert seen_by_first["version"] == seen_by_second["version"] == undone["version"]
    assert [p["name"] for p in seen_by_second["players"]] == [f"Player {n}" for n in range(1, 7)]
    assert all(p["place"] is None for p in seen_by_second["players"])
    assert seen_by_second["can_redo"] is True
