"""Rule changes (LG-08): two thirds of the members, only at the start of an edition."""

import pytest

from tdapp.league.amendments import amendment_passes
from tdapp.league.errors import LeagueError


def test_eight_of_twelve_carry_a_change_seven_do_not_LG_08():
    assert amendment_passes(8, 12)
    assert not amendment_passes(7, 12)


def test_a_change_is_proposed_only_before_the_first_night_LG_08():
    with pytest.raises(LeagueError) as caught:
        amendment_passes(12, 12, nights_played=3)
    assert caught.value.code == "AMENDMENT_TOO_LATE"


def test_more_votes_than_members_is_refused():
    with pytest.raises(LeagueError) as caught:
        amendment_passes(13, 12)
    assert caught.value.code == "BAD_VOTE"
