"""Changing the league's rules (LG-08): proposed at the start of an edition, passed by two
thirds of the members (8 of 12)."""

from __future__ import annotations

from tdapp.league.errors import LeagueError
from tdapp.tournament.errors import register_messages

register_messages({
    "AMENDMENT_TOO_LATE": "A rule change is proposed only at the start of an edition, before "
                          "night 1 (%(nights)d nights played)",
    "BAD_VOTE": "%(yes)d yes votes out of %(members)d members is not a vote",
})


def amendment_passes(yes: int, members: int, *, nights_played: int = 0) -> bool:
    """Whether a proposed change is carried: only before the first night, with at least two
    thirds of the members voting yes."""
    if nights_played:
        raise LeagueError("AMENDMENT_TOO_LATE", nights=nights_played)
    if not 0 <= yes <= members or members < 1:
        raise LeagueError("BAD_VOTE", yes=yes, members=members)
    return 3 * yes >= 2 * members
