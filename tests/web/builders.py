"""Builders for web tests: a tournament with its players seated, through the JSON API."""

from __future__ import annotations

SET_UP = {
    "name": "Numbers",
    "starting_stack": 5000,
    "buy_in": 2000,
    "seats_per_table": 9,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}


def seated(api, players: int = 3) -> tuple[int, int, list[int]]:
    """A tournament with `players` registered and seated: its id, a table and the player ids."""
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for number in range(1, players + 1):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={}).get_json()
    return tid, view["players"][0]["table"], [p["id"] for p in view["players"]]


def second_club(slug: str, member: int | None = None, role: str = "owner") -> int:
    """A second club with the shipped templates, as every new club starts, written straight
    into the database, with `member` (a user id) in it as `role` if given; its id."""
    from tdapp.services import clubs
    from tdapp.storage.clubs import Club
    from tdapp.storage.database import session_scope

    with session_scope() as db:
        club = Club(slug=slug, name=slug.capitalize())
        db.add(club)
        db.flush()
        clubs.furnish(db, club)
        if member is not None:
            clubs.join(db, member, club, role)
        assert club.id is not None
        return club.id
