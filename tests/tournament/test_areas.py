"""The areas register once, where the package is first imported (tdapp/tournament/__init__.py):
any module of the package imported alone, in a fresh interpreter, brings every area, so that
decide, apply, view and from_record need no loading of their own (issue 28)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

ALONE = """
import importlib, json, pkgutil, sys
importlib.import_module(sys.argv[1])
from datetime import UTC, datetime
import tdapp.tournament as package
from tdapp.tournament import registry
from tdapp.tournament.state import Tournament
loaded = {name for name in sys.modules if name.startswith("tdapp.tournament.")}
every = {m.name for m in pkgutil.walk_packages(package.__path__, prefix="tdapp.tournament.")}
shown = registry.view(Tournament(), datetime(2026, 1, 1, tzinfo=UTC))
print(json.dumps({"missing": sorted(every - loaded), "sections": list(shown)}))
"""

SECTIONS = ["version", "audience", "seating", "clock", "displays", "colour_up", "hands",
            "table_access", "signups", "tournament", "results", "players", "tables", "ledger",
            "payouts", "warnings"]


@pytest.mark.parametrize("module", [
    "tdapp.tournament.events", "tdapp.tournament.registry", "tdapp.tournament.state",
    "tdapp.tournament.colour_up.race", "tdapp.tournament.errors"])
def test_any_module_imported_alone_registers_every_area_in_the_stated_order(module):
    ran = subprocess.run([sys.executable, "-c", ALONE, module], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    found = json.loads(ran.stdout)
    assert found["missing"] == []
    assert found["sections"] == SECTIONS
