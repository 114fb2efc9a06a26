"""The door before a night (issue 30): sign-ups, then every confirmed player checked in one
after the other, through the services, on SQLite (or the `--database` URL, e.g. PostgreSQL).

`--signups` players sign up for `--cap` places (the rest wait in line), then the confirmed ones
are checked in in a row, each a registration matched to the roster by name or added to it (the
roster holds `--roster` players already, as a club's does after a season). It prints each
check-in's time and their median, p99 and max (goal: under a second each; a phone in the
doorway waits for it), and the sign-ups' median and max for comparison.

    .venv/bin/python bench/signups.py [--cap 30] [--signups 40] [--roster 300] [--database URL]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tdapp.services import clubs, roster, signups, tenancy, tournaments
from tdapp.storage import database as db
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _summary(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{label}: {len(samples)}, median {statistics.median(samples):.1f} ms, "
            f"p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=30)
    parser.add_argument("--signups", type=int, default=40)
    parser.add_argument("--roster", type=int, default=300, help="roster players already there")
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()

    url = args.database or f"sqlite:///{Path(tempfile.mkdtemp(prefix='tdapp-bench-')) / 'b.db'}"
    db.configure(url)
    db.upgrade()
    tenancy.enter(clubs.club_id_for(None))  # the process acts in the server's club throughout
    for number in range(1, args.roster + 1):
        roster.add_member(f"Socio {number}")

    settings = Settings(name="Bench", structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=args.cap))
    made = tournaments.create_tournament(settings, "bench")
    signed: list[float] = []
    confirmed: list[int] = []
    for number in range(1, args.signups + 1):
        # Every other player is in the roster already: half matched, half added at the door.
        name = f"Socio {number}" if number % 2 else f"Nuovo {number}"
        started = time.perf_counter()
        one = signups.sign_up(made.slug, name, f"p{number}@example.com", f"10.0.{number}.1")
        signed.append(_ms(started))
        if one.status == "confirmed":
            confirmed.append(one.id)

    checked: list[float] = []
    for number, signup_id in enumerate(confirmed, start=1):
        started = time.perf_counter()
        signups.check_in(made.id, signup_id, "bench")
        checked.append(_ms(started))
        print(f"check-in {number:3d}: {checked[-1]:6.1f} ms")
    print(_summary("sign-ups", signed))
    print(_summary("check-ins", checked) + " (goal: each under 1000 ms)")


if __name__ == "__main__":
    main()
