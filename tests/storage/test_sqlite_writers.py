"""Two processes on one SQLite file, as `tdapp run` twice or the test of two web processes: a
transaction that reads before it writes must wait for the other writer, not fail at once."""

from __future__ import annotations

import threading

from sqlalchemy import text

from tdapp.storage import database as db
from tdapp.storage.database import WRITER, make_engine


def test_a_transaction_that_reads_then_writes_waits_for_a_writer_that_committed_meanwhile(tmp_path):
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    first = make_engine(url).execution_options(**{WRITER: True})  # session_scope's
    second = make_engine(url)
    with first.begin() as connection:
        connection.execute(text("CREATE TABLE slugs (slug TEXT PRIMARY KEY)"))
    has_read, failures = threading.Event(), []

    def read_then_write() -> None:
        # create_tournament's shape: choose a free slug, then insert it
        try:
            with first.begin() as connection:
                taken = connection.execute(text("SELECT count(*) FROM slugs")).scalar_one()
                has_read.set()
                threading.Event().wait(0.3)  # the other process writes meanwhile
                connection.execute(text("INSERT INTO slugs VALUES (:slug)"), {"slug": f"first-{taken}"})
        except Exception as error:  # noqa: BLE001 - the failure is what the test reports
            failures.append(error)

    reader = threading.Thread(target=read_then_write)
    reader.start()
    has_read.wait(5)
    with second.begin() as connection:
        connection.execute(text("INSERT INTO slugs VALUES ('second')"))
    reader.join(15)

    assert failures == []
    with second.connect() as connection:
        assert sorted(connection.execute(text("SELECT slug FROM slugs")).scalars()) == ["first-0", "second"]
    first.engine.dispose()
    second.dispose()


def test_a_service_transaction_writes_and_one_inside_it_only_reads(app):
    with db.session_scope() as outer:
        assert outer.connection().get_execution_options().get(WRITER) is True
        with db.session_scope() as inner:  # a service asking another for a fact
            assert inner.connection().get_execution_options().get(WRITER) is None
    with db.session_scope() as after:
        assert after.connection().get_execution_options().get(WRITER) is True
