"""Players and the persistent table that holds them.

A tournament of 3,000 players must apply one event in far less than a millisecond, so applying an
event never copies every player. `Players` is a persistent vector: player ids are dense (1, 2, 3...
in registration order), players sit in blocks of `BLOCK`, and replacing one player copies one
block and the short tuple of blocks. It also keeps the running totals the screens and the rules
ask for (players in play, tracked stacks) so that no event needs a pass over the field.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

BLOCK = 64


class PlayerStatus(enum.Enum):
    REGISTERED = "registered"  # in the tournament, no seat yet
    SEATED = "seated"
    ABSENT = "absent"  # has a seat (or will), away from it: dealt in and blinded (HE-25, HE-26)
    BUSTED = "busted"


GENDERS = ("f", "m")
"""A player's gender as the roster and registration take it (optional: None is unknown)."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player and their current entry.

    `stack` is the stack last counted (or set by a rebuy or a hand); `starting_stack` is this
    entry's, bonus chips included. `place` is the finish place; `tied` players share the places
    `place .. place + tied - 1` (TO-14) and split their prizes.
    """

    id: int
    name: str
    roster_id: int | None = None
    table: int | None = None
    seat: int | None = None
    stack: int = 0
    starting_stack: int = 0
    bonus_chips: int = 0
    rebuys: int = 0
    add_ons: int = 0
    entries: int = 1
    absent: bool = False
    place: int | None = None
    tied: int = 1
    phone_code: str | None = None  # the key to mark presence from the phone (phone_codes.py)
    bounty_cents: int = 0  # on this player's head (bounties.py)
    bounties_won_cents: int = 0  # cash taken from the heads of the players they knocked out
    # "f" or "m" when the DdT gave it, for the words that agree with it ("Eliminata"); None
    # keeps them neutral.
    gender: str | None = None
    guest_fee_cents: int = 0  # paid on top of the entry by a guest on a night for members only

    @property
    def busted(self) -> bool:
        return self.place is not None

    @property
    def in_play(self) -> bool:
        return self.place is None

    @property
    def status(self) -> PlayerStatus:
        if self.place is not None:
            return PlayerStatus.BUSTED
        if self.absent:
            return PlayerStatus.ABSENT
        if self.table is not None:
            return PlayerStatus.SEATED
        return PlayerStatus.REGISTERED


class Players:
    """Persistent id -> Player map with dense ids; an unregistered id stays empty forever.

    `count` counts the players, `in_play` those not busted; `stack_total` sums the tracked stacks
    of those in play.
    """

    __slots__ = ("_blocks", "_size", "count", "in_play", "stack_total")

    def __init__(
        self,
        blocks: tuple[tuple[Player | None, ...], ...] = (),
        size: int = 0,
        count: int = 0,
        in_play: int = 0,
        stack_total: int = 0,
    ) -> None:
        self._blocks = blocks
        self._size = size
        self.count = count
        self.in_play = in_play
        self.stack_total = stack_total

    @property
    def next_id(self) -> int:
        return self._size + 1

    def get(self, player_id: int) -> Player | None:
        if not 1 <= player_id <= self._size:
            return None
        index = player_id - 1
        return self._blocks[index // BLOCK][index % BLOCK]

    def __iter__(self) -> Iterator[Player]:
        for block in self._blocks:
            for player in block:
                if player is not None:
                    yield player

    def __len__(self) -> int:
        return self.count

    @property
    def busted(self) -> int:
        return self.count - self.in_play

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Players) and self._blocks == other._blocks

    def __repr__(self) -> str:
        return f"Players({list(self)!r})"

    def add(self, player: Player) -> Players:
        """A new player; their id must be `next_id`."""
        if player.id != self.next_id:
            raise ValueError(f"player id {player.id} is not the next id {self.next_id}")
        index = player.id - 1
        if index % BLOCK == 0:
            blocks = (*self._blocks, (player,))
        else:
            blocks = (*self._blocks[:-1], (*self._blocks[-1], player))
        return self._with(blocks, self._size + 1, None, player)

    def put(self, player: Player) -> Players:
        """The same map with `player` in place of the player holding that id."""
        return self._store(player.id, player)

    def remove(self, player_id: int) -> Players:
        return self._store(player_id, None)

    def _store(self, player_id: int, player: Player | None) -> Players:
        old = self.get(player_id)
        if old is None:
            raise KeyError(player_id)
        index = player_id - 1
        b, i = divmod(index, BLOCK)
        block = self._blocks[b]
        blocks = (*self._blocks[:b], (*block[:i], player, *block[i + 1 :]), *self._blocks[b + 1 :])
        return self._with(blocks, self._size, old, player)

    def _with(
        self,
        blocks: tuple[tuple[Player | None, ...], ...],
        size: int,
        old: Player | None,
        new: Player | None,
    ) -> Players:
        count, in_play, stacks = self.count, self.in_play, self.stack_total
        if old is not None:
            count -= 1
            if old.in_play:
                in_play -= 1
                stacks -= old.stack
        if new is not None:
            count += 1
            if new.in_play:
                in_play += 1
                stacks += new.stack
        return Players(blocks, size, count, in_play, stacks)
