"""Event records: JSON-able, rebuilt exactly, and old versions upgraded before replay."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime

import pytest

from tdapp.kernel.events import decode, encode
from tdapp.tournament.configure import TournamentConfigured
from tdapp.tournament.events import event, from_record, to_record, upgrades
from tdapp.tournament.settings import AddOnRules, RebuyRules, Settings
from tdapp.tournament.structure import Break, Level, Structure


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    at: datetime
    colour: Colour


@event("TestShapesRecorded")
@dataclass(frozen=True)
class ShapesRecorded:
    inner: Inner
    pairs: tuple[tuple[int, str], ...]
    by_table: dict[int, tuple[int | None, ...]]
    day: date | None = None


def round_trip(value):
    return from_record(json.loads(json.dumps(to_record(value))))


def test_nested_dataclasses_tuples_enums_dates_and_int_keys_survive_the_record():
    original = ShapesRecorded(
        inner=Inner(datetime(2027, 3, 1, 21, 5, tzinfo=UTC), Colour.RED),
        pairs=((1, "a"), (2, "b")),
        by_table={3: (None, 7, None)},
        day=date(2027, 3, 1),
    )
    assert round_trip(original) == original


def test_settings_with_levels_and_breaks_survive_the_record():
    settings = Settings(
        name="Lunedì",
        date=date(2027, 3, 1),
        structure=Structure((Level(25, 50, 1200), Break(600, "Colour-up"), Level(50, 100, 900))),
        rebuy=RebuyRules(3, 5000, 1000, max_stack=5000),
        add_on=AddOnRules(6000, 1500),
        options={"hand_for_hand_busts": "tda"},
    )
    assert round_trip(TournamentConfigured(settings)) == TournamentConfigured(settings)


def test_record_names_the_event_and_its_version():
    record = to_record(TournamentConfigured(Settings()))
    assert (record["name"], record["version"]) == ("TournamentConfigured", 2)


@event("TestChipsMoved", version=3)
@dataclass(frozen=True)
class ChipsMoved:
    player_id: int
    chips: int
    reason: str


@upgrades("TestChipsMoved", from_version=1)
def _v1_named_the_player(payload):
    return {"player_id": payload["player"], "chips": payload["chips"]}


@upgrades("TestChipsMoved", from_version=2)
def _v2_had_no_reason(payload):
    return {**payload, "reason": "count"}


def test_an_old_event_is_upgraded_step_by_step_before_replay():
    old = {"name": "TestChipsMoved", "version": 1, "payload": {"player": 4, "chips": 900}}
    assert from_record(old) == ChipsMoved(4, 900, "count")


def test_unknown_and_future_events_are_refused_loudly():
    with pytest.raises(ValueError):
        from_record({"name": "NoSuchEvent", "version": 1, "payload": {}})
    with pytest.raises(ValueError):
        from_record({"name": "TestChipsMoved", "version": 4, "payload": {}})


def test_only_registered_frozen_dataclasses_are_events():
    with pytest.raises(TypeError):
        to_record(Inner(datetime(2027, 1, 1, tzinfo=UTC), Colour.RED))
    with pytest.raises(TypeError):

        @event("TestMutable")
        @dataclass
        class Mutable:
            value: int


def test_a_union_of_dataclasses_decodes_to_the_member_the_keys_fit():
    level, pause = Level(25, 50, 600), Break(300, "note")
    assert decode(Level | Break, encode(level)) == level
    assert decode(Level | Break, encode(pause)) == pause
