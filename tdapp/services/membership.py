"""What the club's member list says of a player, for a night for members only (issue 30, item
6): a member whose card is valid on the night's day, an expired one, or a guest. Asked when a
player signs up and again at the door, fresh: a card renewed at the door counts at once.

The rules (who may sign up or enter, and the guest fee) are the tournament's
(tdapp/tournament/signups/membership.py); this module only reads the list.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from tdapp.services import club_settings, members, tenancy
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.membership import members_only
from tdapp.tournament.signups.model import Membership
from tdapp.wallclock import utcnow


def membership_of(settings: Settings, name: str, roster_id: int | None = None
                  ) -> Membership | None:
    """None on a night open to all; else "member" (a card valid on the night's day),
    "expired" (a card that ended before) or "guest" (no card)."""
    if not members_only(settings):
        return None
    member = members.find_member(name, roster_id)
    if member is None:
        return "guest"
    return "member" if member.valid_on(night_day(settings)) else "expired"


def night_day(settings: Settings) -> date:
    """The tournament's day, or today in the club's zone when the set-up names none."""
    if settings.date is not None:
        return settings.date
    zone = ZoneInfo(club_settings.settings(tenancy.current()).timezone)
    return datetime.astimezone(utcnow(), zone).date()
