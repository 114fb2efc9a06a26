"""An acknowledged action is committed: a server killed with SIGKILL right after answering, and
started again on the same database, shows exactly what its clients last saw."""

from __future__ import annotations

from tdapp.services import accounts


def test_acknowledged_actions_survive_a_sigkill(app, ddt, database_url, start_server):
    server = start_server(database_url)
    token = server.call(
        "POST",
        "/api/v1/auth/token",
        body={"username": ddt.username, "password": ddt.password},
    )["token"]
    tid = server.call(
        "POST",
        "/api/v1/tournaments",
        token,
        {
            "name": "Notte lunga",
            "starting_stack": 5000,
            "buy_in": 2000,
            "seats_per_table": 6,
            "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
            "rebuy": {"until_level": 1, "chips": 5000, "price": 2000, "max_stack": 5000},
        },
    )["id"]
    base = f"/api/v1/tournaments/{tid}"
    for number in range(1, 9):
        server.call("POST", f"{base}/players", token, {"name": f"Player {number}"})
    server.call("POST", f"{base}/seats/draw", token)
    server.call("POST", f"{base}/players/2/rebuy", token)
    server.call("POST", f"{base}/players/3/chips", token, {"stack": 1200})
    server.call("POST", f"{base}/players/4/bust", token)
    server.call("POST", f"{base}/players/5/bust", token)
    last_seen = server.call("POST", f"{base}/undo", token)
    server.kill()

    restarted = start_server(database_url)
    after = restarted.call("GET", base, token)
    assert after["version"] == last_seen["version"]
    assert after["players"] == last_seen["players"]
    assert after["tables"] == last_seen["tables"]
    assert after["ledger"] == last_seen["ledger"]
    assert after["can_redo"] is True
    # The undone bust is still in the log, ready for redo, after the restart.
    redone = restarted.call("POST", f"{base}/redo", token)
    assert next(p for p in redone["players"] if p["id"] == 5)["place"] == 7
    assert accounts.user_for_token(token) is not None
