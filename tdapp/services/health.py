"""Whether this process can serve the room: what `GET /readyz` reports to nginx, a monitor or
the person doing an upgrade. Each check answers ok or says what is wrong, never a secret."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from tdapp.services import clock_owner
from tdapp.storage import database

Check = dict[str, Any]


def _database() -> Check:
    try:
        with database.engine().connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as failure:  # whatever the driver raises, the answer is "unreachable"
        return {"ok": False, "problem": f"database unreachable ({type(failure).__name__})"}
    return {"ok": True}


def _redis(url: str) -> Check:
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2).ping()
    except Exception as failure:  # refused, timed out, wrong password: all mean not reachable
        return {"ok": False, "problem": f"Redis unreachable ({type(failure).__name__})"}
    return {"ok": True}


def _scheduler() -> Check:
    owner = clock_owner.owner_alive()
    if owner is None:
        seconds = int(clock_owner.OWNER_SILENCE.total_seconds())
        return {"ok": False, "problem": f"no scheduler owner alive in the last {seconds} s"}
    return {"ok": True, "last_beat": owner["beat_at"]}


def _migrations() -> Check:
    pending = database.pending_migrations()
    if pending:
        return {"ok": False, "problem": "migrations pending: " + ", ".join(pending)}
    return {"ok": True}


def readiness(redis_url: str | None) -> dict[str, Any]:
    """Every check, and `ready` when all pass. Without a reachable database the others, which
    read it, are not tried."""
    checks: dict[str, Check] = {"database": _database()}
    if redis_url:
        checks["redis"] = _redis(redis_url)
    if checks["database"]["ok"]:
        checks["scheduler"] = _scheduler()
        checks["migrations"] = _migrations()
    return {"ready": all(check["ok"] for check in checks.values()), "checks": checks}
