"""A night at a draw table recorded as version-1 event records replays to the same table and the
same console view, forever (the draw table's counterpart of tests/tournament/logs).

`logs/club_table_v1.json`: five players with 300 each and a passata of 300; a passed deal, the
queens hand decided by the hands shown (a flush over a full house, IT-18), a passata taken before
the deal (IT-24), a buio played out (IT-05), an exposed-card redeal (IT-25), a false opening
caught after a raise (IT-17 c) and a piatto di parola over the cap, split in two (IT-15).
`logs/club_table_v1_view.json` is the console's view after the last event. If an event's shape
changes, these files must still replay: bump the kind's version in tdapp/draw_table/events.py and
register an upgrade instead of editing them.
"""

from __future__ import annotations

import json
from pathlib import Path

from tdapp.draw_table.events import ActionTaken, PassateTaken, from_record
from tdapp.draw_table.rules import apply, chips_on_table
from tdapp.draw_table.state import DrawTable
from tdapp.draw_table.view import view

LOGS = Path(__file__).parent / "logs"
RECORDS = json.loads((LOGS / "club_table_v1.json").read_text(encoding="utf-8"))


def replayed() -> DrawTable:
    """The table after every recorded event, checking at each step that no chip was made or
    lost and that the console can draw it."""
    state, added = None, 0
    for count, record in enumerate(RECORDS, start=1):
        event = from_record(record)
        state = apply(state, event)
        added += event.chips if isinstance(event, PassateTaken) else 0
        assert chips_on_table(state) == 5 * 300 + added
        view(state, count)
    return state


def test_the_recorded_night_gives_the_same_console_view():
    expected = json.loads((LOGS / "club_table_v1_view.json").read_text(encoding="utf-8"))
    assert view(replayed(), len(RECORDS)) == expected


def test_the_recorded_night_ends_in_a_piatto_split_in_two_over_the_cap_IT_15():
    table = replayed().next_table
    assert table.carries == (270, 270)
    assert dict(table.stacks) == {1: 283, 2: 188, 3: 438, 4: 173, 5: 178}
    assert sum(table.stacks.values()) + sum(table.carries) == 5 * 300 + 300


def test_what_each_recorded_action_put_in_is_what_the_replay_says():
    state, said = None, []
    for record in RECORDS:
        event = from_record(record)
        before = len(state.lines) if state is not None else 0
        state = apply(state, event)
        if isinstance(event, ActionTaken):
            said.append((event.put_in, state.lines[before][1]["chips"]))
    assert said and all(recorded == replayed for recorded, replayed in said)
