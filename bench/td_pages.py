"""The DdT's console pages at festival size: the time to render each, and its size.

    .venv/bin/python bench/td_pages.py [--players 3000] [--busts 300] [--rounds 5] [--keep FILE]

It seats `--players` at tables of 10 (300 tables for 3,000), busts `--busts` of them with the
suggested balancing moves applied after each (the log grows, tables break), then renders each
console page `--rounds` times in-process through the app's test client with the DdT's session,
and prints the median, worst and first time and the HTML's size per page (goal: < 1 s each, the
dashboard's first time included: it is the first page this process shows, nothing of the log
described yet). With
`--keep FILE` the SQLite file is kept there, and a later run given the same file times its
pages again without setting the tournament up anew.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from clock import DDT  # noqa: E402
from phones import prepare  # noqa: E402

PAGES = ("", "/players", "/tables", "/tables?page=2", "/tables?q=Giocatore+2999", "/payouts",
         "/log", "/log?page=2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="the SQLite file to keep, or to time again")
    args = parser.parse_args()
    from tdapp import create_app
    from tdapp.kernel.refusals import DomainError
    from tdapp.services import tournaments
    from tdapp.tournament.busts import BustPlayer
    from tdapp.tournament.seating.rules import ApplySuggested

    database = args.keep or Path(tempfile.mkdtemp(prefix="tdapp-bench-pages-")) / "pages.sqlite3"
    started = time.monotonic()
    tid = 1
    if not database.exists():
        tid, _, seated = prepare(f"sqlite:///{database}", args.players)
        rng = random.Random(14)
        for player in rng.sample(seated, args.busts):
            tournaments.dispatch(tid, BustPlayer(player), "bench")
            with contextlib.suppress(DomainError):  # nothing to apply: the tables are balanced
                tournaments.dispatch(tid, ApplySuggested(), "bench")
    app = create_app({"DATABASE_URL": f"sqlite:///{database}", "SCHEDULER": False})
    state = tournaments.current(tid)
    busts = sum(player.place is not None for player in state.players)  # a kept file's own
    print(f"{len(state.players)} players, {len(state.tables)} tables after {busts} busts; "
          f"{state.version} events; set up in {time.monotonic() - started:.0f} s")

    client = app.test_client()
    form = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    client.post("/login", data={"username": DDT[0], "password": DDT[1], "csrf_token": token})
    for page in PAGES:
        times, size, status = [], 0, 0
        for _ in range(args.rounds):
            sent = time.perf_counter()
            shown = client.get(f"/td/t/{tid}{page}")
            times.append((time.perf_counter() - sent) * 1000)
            size, status = len(shown.data), shown.status_code
        first = "; the first page in the process" if page == PAGES[0] else ""
        print(f"/td/t/{tid}{page:<26} median {statistics.median(times):6.0f} ms, "
              f"worst {max(times):6.0f} ms, first {times[0]:6.0f} ms  "
              f"({status}, {size / 1024:.0f} KB; goal < 1 s{first})")


if __name__ == "__main__":
    main()
