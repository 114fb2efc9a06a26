"""The `tdapp` console script: run the server, manage accounts, clubs and the schema, load a demo."""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from typing import TypeVar

from tdapp import create_app, settle_heap

T = TypeVar("T")


def _serve_with_gevent() -> None:
    """Make this process cooperative before anything else is imported: the server then holds a
    greenlet, not a thread, per open WebSocket, and a level end reaches 500 wall displays and
    phones in tens of milliseconds instead of hundreds (bench/clock.py). Flask-SocketIO picks
    its async mode from this (tdapp/realtime/server.py)."""
    from gevent import monkey

    monkey.patch_all()


def _run(args: argparse.Namespace) -> None:
    from tdapp.realtime import socketio

    # This process wants the blind clock's scheduler unless told that another one runs it; of
    # the processes that want it, one per database gets it (tdapp/ownership.py).
    app = create_app({"SCHEDULER": not args.no_scheduler})
    settle_heap()
    socketio.run(app, host=args.host, port=args.port, use_reloader=False)


def _scheduler(args: argparse.Namespace) -> None:
    import threading

    # A hosted deployment's one scheduler owner: it serves no page, learns of changes through
    # Redis and emits through the Socket.IO message queue (see deploy/README.md). It waits for
    # `tdapp db upgrade` rather than migrating beside it.
    create_app({"SCHEDULER": True, "MIGRATE_ON_START": False})
    settle_heap()
    threading.Event().wait()


def _password(args: argparse.Namespace) -> str:
    if args.password is not None:
        return args.password
    password = getpass.getpass("Password: ")
    if password != getpass.getpass("Password (again): "):
        sys.exit("The two passwords differ; nothing was changed.")
    return password


def _create_user(args: argparse.Namespace) -> None:
    from tdapp.services import accounts, clubs, hosting

    if args.hoster:
        if args.club is not None or args.role is not None:
            sys.exit("tdapp: a hoster belongs to no club: --hoster takes no --club or --role.")
        hoster = _one_call(lambda: hosting.create_hoster(args.username, _password(args)))
        print(f"Created the hoster account {hoster.username} (in no club).")
        return
    role = args.role or "owner"
    user = _one_call(
        lambda: accounts.create_user(args.username, _password(args), args.club, role)
    )
    staff = clubs.memberships_of(user.id)[0]
    print(f"Created the account {user.username}: {staff.role} of {staff.club_slug}.")


def _club(args: argparse.Namespace) -> None:
    from tdapp.services import clubs, hosting

    if args.action == "create":
        made = _one_call(lambda: hosting.create_club(
            args.slug, args.name, args.language, args.timezone, args.currency))
        assert made is not None  # no owner named: no password to get wrong
        print(f"Created the club {made.slug} ({made.name}): add its owner with "
              f"`tdapp create-user NAME --club {made.slug} --role owner`.")
        return
    listed = _one_call(clubs.clubs)
    for club in listed:
        print(f"{club.slug}\t{club.name}\t{club.language}\t{club.timezone}\t{club.currency}"
              f"\t{club.members} members")


def _club_export(args: argparse.Namespace) -> None:
    from tdapp.services import club_files

    counts = _one_call(lambda: club_files.export_club(args.slug, args.file))
    print(f"Club {args.slug} exported to {args.file}: {sum(counts.values())} rows"
          f" in {len(counts)} tables.")


def _renaming(pair: str) -> str:
    if "=" not in pair:
        raise argparse.ArgumentTypeError(f"{pair!r} is not OLD=NEW")
    return pair


def _club_import(args: argparse.Namespace) -> None:
    from tdapp.services import club_files

    renamed = dict(pair.split("=", 1) for pair in args.rename_user)
    imported = _one_call(lambda: club_files.import_club(args.file, args.slug, renamed))
    print(f"Imported the club {imported.slug} ({imported.name}):"
          f" {sum(imported.rows.values())} rows in {len(imported.rows)} tables.")
    if imported.joined:
        print(f"Accounts this server had already, now members: {', '.join(imported.joined)}.")
    for old, new in imported.new_slugs.items():
        print(f"The tournament {old} is at /t/{new} here: {old} was taken.")
    if imported.new_links:
        print(f"{imported.new_links} draw tables got a new console link: theirs was taken.")


def _set_password(args: argparse.Namespace) -> None:
    from tdapp.services import accounts

    create_app()
    try:
        accounts.set_password(args.username, _password(args))
    except accounts.AccountError as refused:
        sys.exit(str(refused))
    print(f"The password of {args.username} is changed.")


def _db(args: argparse.Namespace) -> None:
    from tdapp.services import database

    create_app({"MIGRATE_ON_START": False, "AWAIT_SCHEMA": False})
    if args.action == "upgrade":
        database.upgrade()
        print("The database schema is up to date.")
    else:
        database.new_revision(args.message)


def _demo(args: argparse.Namespace) -> None:
    from tdapp.services import demo

    tournament = _one_call(_in_club(args.club, lambda: demo.ensure_demo(only_if_empty=args.if_empty)))
    if tournament is None:
        print("The database already holds tournaments: no demo added.")
    else:
        print(f"Demo tournament {tournament.slug!r} (id {tournament.id}) is ready.")


def _one_call(call: Callable[[], T], migrate: bool = True) -> T:
    """Build the app, then make one service call; a refusal ends the command with its one-line
    reason and a non-zero exit, no traceback."""
    from tdapp.kernel.refusals import DomainError

    # A backup reads the schema as it is and a restore needs the database left empty: neither
    # migrates, nor waits for someone else to.
    create_app({"MIGRATE_ON_START": migrate, "AWAIT_SCHEMA": migrate})
    try:
        return call()
    except DomainError as refused:
        sys.exit(f"tdapp: {refused}")


def _in_club(slug: str | None, call: Callable[[], T]) -> Callable[[], T]:
    """`call` acting inside the club `slug` names: the server's club when None (made on a new
    server's first command, as with its first account)."""

    def acting() -> T:
        from tdapp.services import clubs, tenancy

        with tenancy.in_club(clubs.club_id_for(slug)):
            return call()

    return acting


def _across(call: Callable[[], T]) -> Callable[[], T]:
    """`call` over every club's rows: a backup and its restore hold the whole database."""

    def acting() -> T:
        from tdapp.services import tenancy

        with tenancy.across_clubs():
            return call()

    return acting


def _backup(args: argparse.Namespace) -> None:
    from tdapp.services import backup

    counts = _one_call(_across(lambda: backup.backup(args.file)), migrate=False)
    print(f"Backup written to {args.file}: {sum(counts.values())} rows in {len(counts)} tables.")


def _restore(args: argparse.Namespace) -> None:
    from tdapp.services import backup

    # No migration and no shipped templates first: the database must stay empty until loaded.
    counts = _one_call(_across(lambda: backup.restore(args.file)), migrate=False)
    print(f"Restored {args.file}: {sum(counts.values())} rows in {len(counts)} tables.")


def _export(args: argparse.Namespace) -> None:
    from tdapp.services import tournament_files

    count = _one_call(_in_club(args.club, lambda: tournament_files.export_tournament(
        args.tournament_id, args.file)))
    print(f"Tournament {args.tournament_id} exported to {args.file}: {count} events.")


def _import(args: argparse.Namespace) -> None:
    from tdapp.services import tournament_files

    summary = _one_call(_in_club(args.club, lambda: tournament_files.import_tournament(args.file)))
    print(f"Imported {summary.name!r} as tournament {summary.id} ({summary.slug}).")


CLUB_HELP = "the club's slug (default: the server's club)"
# The role each log line names; every other command is a one-off "cli" process.
ROLES = {_run: "web", _scheduler: "scheduler"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tdapp")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start the server")
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=int, default=5000)
    run.add_argument(
        "--no-scheduler",
        action="store_true",
        help="another process runs the clock's scheduler (one per deployment)",
    )
    run.set_defaults(handler=_run)

    owner = sub.add_parser("scheduler", help="run only the clock's scheduler (hosted set-ups)")
    owner.set_defaults(handler=_scheduler)

    create_user = sub.add_parser("create-user", help="create a staff account in a club")
    create_user.add_argument("username")
    create_user.add_argument("--password", help="prompted for when absent")
    create_user.add_argument("--club", help="the club's slug (default: the server's club)")
    create_user.add_argument(
        "--role", choices=("owner", "director", "floor"),
        help="the account's role in the club (default: owner)",
    )
    create_user.add_argument(
        "--hoster", action="store_true",
        help="a hoster account, in no club: it makes clubs (POST /api/v1/clubs)",
    )
    create_user.set_defaults(handler=_create_user)

    club = sub.add_parser("club", help="the server's clubs")
    club_actions = club.add_subparsers(dest="action", required=True)
    club_actions.add_parser("list", help="every club: slug, name, language, time zone, members")
    create_club = club_actions.add_parser("create", help="a new club, with no member yet")
    create_club.add_argument("slug", help="lowercase letters, digits and hyphens (in URLs)")
    create_club.add_argument("--name", required=True, help="the club's name on every page")
    create_club.add_argument("--language", default="it", help="it or en (default: it)")
    create_club.add_argument(
        "--timezone", help="like Europe/Rome (default: the server's, TDAPP_TIMEZONE)")
    create_club.add_argument("--currency", default="EUR", help="a label (default: EUR)")
    club.set_defaults(handler=_club)
    club_export = club_actions.add_parser(
        "export", help="write a club (accounts, roster, leagues, seasons, tournaments) to FILE")
    club_export.add_argument("slug")
    club_export.add_argument("file")
    club_export.set_defaults(handler=_club_export)
    club_import = club_actions.add_parser("import", help="add the club of an exported FILE")
    club_import.add_argument("file")
    club_import.add_argument("--slug", help="the club's slug here (default: the file's)")
    club_import.add_argument(
        "--rename-user", action="append", default=[], metavar="OLD=NEW", type=_renaming,
        help="import the account OLD as NEW (its username is another person's here)")
    club_import.set_defaults(handler=_club_import)

    set_password = sub.add_parser("set-password", help="replace a DdT's password")
    set_password.add_argument("username")
    set_password.add_argument("--password", help="prompted for when absent")
    set_password.set_defaults(handler=_set_password)

    database = sub.add_parser("db", help="the database schema")
    actions = database.add_subparsers(dest="action", required=True)
    actions.add_parser("upgrade", help="apply every pending migration")
    revision = actions.add_parser("revision", help="write a migration for changed models")
    revision.add_argument("-m", "--message", required=True)
    database.set_defaults(handler=_db)

    demo = sub.add_parser("demo", help="create a demo tournament")
    demo.add_argument(
        "--if-empty", action="store_true", help="only when the database has no tournament yet"
    )
    demo.add_argument("--club", help=CLUB_HELP)
    demo.set_defaults(handler=_demo)

    backup = sub.add_parser("backup", help="write a consistent copy of the database to FILE")
    backup.add_argument("file")
    backup.set_defaults(handler=_backup)

    restore = sub.add_parser("restore", help="load a backup FILE into an empty database")
    restore.add_argument("file")
    restore.set_defaults(handler=_restore)

    export = sub.add_parser("export", help="write one tournament (settings and log) to FILE")
    export.add_argument("tournament_id", type=int)
    export.add_argument("file")
    export.add_argument("--club", help=CLUB_HELP)
    export.set_defaults(handler=_export)

    import_ = sub.add_parser("import", help="add the tournament of an exported FILE")
    import_.add_argument("file")
    import_.add_argument("--club", help=CLUB_HELP)
    import_.set_defaults(handler=_import)

    args = parser.parse_args(argv)
    if args.handler is _run:
        _serve_with_gevent()
    # After the patch: logging imports threading, which gevent must reach first.
    from tdapp import logging_setup

    logging_setup.configure(ROLES.get(args.handler, "cli"))
    args.handler(args)


if __name__ == "__main__":
    main()
