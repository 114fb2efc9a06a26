"""What `decide` may know besides the state and the command: the time and a source of chance."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Ctx:
    """`now` is UTC-aware; `seed` makes every draw reproducible from the event's context."""

    now: datetime
    seed: int = 0

    def __post_init__(self) -> None:
        if self.now.tzinfo is None:
            raise ValueError("Ctx.now must be timezone-aware (UTC)")

    def rng(self) -> random.Random:
        return random.Random(self.seed)
