"""deploy/tdapp.env.example names every environment variable the code reads, and no other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READ = re.compile(
    r"""(?:os\.environ(?:\.get|\.setdefault)?\s*[(\[]|os\.getenv\()\s*["']([A-Z][A-Z0-9_]*)["']"""
)
LISTED = re.compile(r"^#?\s*([A-Z][A-Z0-9_]*)=", re.MULTILINE)
# Set by the tools, never by whoever installs: Werkzeug's reloader marks its child process, and
# each systemd instance sets its own port (deploy/systemd/tdapp-web@.service) and runtime folder.
NOT_SETTINGS = {"WERKZEUG_RUN_MAIN", "PORT", "RUNTIME_DIRECTORY"}


def _read_by_code() -> set[str]:
    sources = [*(ROOT / "tdapp").rglob("*.py"), *(ROOT / "deploy").rglob("*.py")]
    return {name for path in sources for name in READ.findall(path.read_text())} - NOT_SETTINGS


def test_the_example_environment_lists_exactly_what_the_code_reads():
    listed = set(LISTED.findall((ROOT / "deploy" / "tdapp.env.example").read_text()))
    read = _read_by_code()
    assert read - listed == set(), "read by the code but missing from deploy/tdapp.env.example"
    assert listed - read == set(), "in deploy/tdapp.env.example but read by no code"


def test_the_scan_sees_the_settings_we_know_of():
    assert {"DATABASE_URL", "SECRET_KEY", "TDAPP_TRUSTED_PROXIES"} <= _read_by_code()
