"""What the table's property tests share: a table played at random from its opening, every
command played or refused, the chips checked at each step and the log replayed at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tdapp.draw_table.events import PassateTaken, TableOpened, from_record, to_record
from tdapp.draw_table.rules import apply, apply_new, chips_on_table, decide
from tdapp.draw_table.state import Table, opened
from tdapp.draw_table.view import view
from tdapp.kernel.refusals import DomainError


def play_at_random(first: TableOpened, next_command: Callable[[random.Random, Table], Any],
                   rng: random.Random, moves: int = 150) -> None:
    """`moves` commands from `next_command`, each played as the service plays it or refused;
    the engine keeps every chip, so the table's own chips check never has to refuse; every
    state can be drawn; the stored log replays to the same table."""
    state = opened(first)
    log = []
    total = chips_on_table(state)
    for _ in range(moves):
        try:
            event, state = apply_new(state, decide(state, next_command(rng, state)))
        except DomainError as refused:
            assert refused.code != "DRAW_CHIPS_DO_NOT_ADD_UP", refused
            continue
        log.append(to_record(event))
        view(state, len(log))
        total += event.chips if isinstance(event, PassateTaken) else 0
        assert chips_on_table(state) == total
    replayed = opened(from_record(to_record(first)))
    for record in log:
        replayed = apply(replayed, from_record(record))
    assert replayed == state


@pytest.fixture(scope="session")
def random_play() -> Callable[..., None]:
    """`play_at_random`, for the property tests (session-wide: hypothesis reruns the test)."""
    return play_at_random
