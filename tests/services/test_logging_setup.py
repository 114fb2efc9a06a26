"""Every log line carries its time (UTC), level, process (pid and role) and tournament."""

from __future__ import annotations

import logging
import os
import re

from tdapp import logging_setup


def test_a_line_names_time_level_process_role_and_tournament(capsys):
    try:
        logging_setup.configure("scheduler")
        log = logging.getLogger("tdapp.scheduler")
        log.warning("level 4 ended", extra={"tournament": 12})
        log.warning("owner taken over")
        lines = capsys.readouterr().err.splitlines()
    finally:
        logging_setup.configure("web")
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"
    assert re.fullmatch(
        rf"{stamp} WARNING {os.getpid()}/scheduler tournament=12 tdapp.scheduler: level 4 ended",
        lines[-2],
    )
    assert re.fullmatch(
        rf"{stamp} WARNING {os.getpid()}/scheduler tournament=- tdapp.scheduler: owner taken over",
        lines[-1],
    )


def test_setting_up_again_does_not_double_the_lines(capsys):
    try:
        logging_setup.configure("cli")
        logging_setup.configure()
        logging.getLogger("tdapp.cli").warning("backup written")
        lines = capsys.readouterr().err.splitlines()
    finally:
        logging_setup.configure("web")
    assert [line for line in lines if "backup written" in line] == [lines[-1]]
    assert "/cli " in lines[-1]
