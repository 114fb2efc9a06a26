"""The `tdapp` console script."""

from __future__ import annotations

import argparse

from tdapp import create_app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tdapp")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start the server")
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    if args.command == "run":
        create_app().run(host=args.host, port=args.port)
