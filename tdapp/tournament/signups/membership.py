"""Members and guests on a night for members only (issue 30, item 6): who may sign up, who may
enter, and the guest fee the house takes from a guest. The club's member list is the service's
to read (tdapp/services/members.py); the rules get what it says as a `Membership`."""

from __future__ import annotations

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import Membership

register_messages(
    {
        "NOT_A_MEMBER": "%(player)s is not a member: only members may take part",
        "MEMBERSHIP_EXPIRED": "%(player)s's membership has expired: renew it first",
        "MEMBERSHIP_EXPIRED_OR_GUEST": (
            "%(player)s's membership has expired: renew it, or enter as a guest for"
            " %(guest_fee_cents)s"
        ),
    }
)


def members_only(settings: Settings) -> bool:
    return settings.signups is not None and settings.signups.members_only


def signing_up_as(settings: Settings, name: str, membership: Membership | None) -> Membership | None:
    """The membership a sign-up records: None when the night does not ask; an expired member
    may sign up (the check-in shows it); who is no member comes as a guest when a guest fee is
    set, and is refused otherwise."""
    if not members_only(settings):
        return None
    if membership in ("member", "expired"):
        return membership
    if _guest_fee(settings) > 0:
        return "guest"
    raise DomainError("NOT_A_MEMBER", player=name)


def entry_guest_fee(settings: Settings, name: str, membership: Membership | None,
                    as_guest: bool) -> int:
    """The guest fee an entry pays on a night for members only (0 for a member, and on any
    other night). An expired member renews first, or enters as a guest when the DdT says so
    (`as_guest`) and a guest fee is set; who is no member pays the guest fee, or is refused."""
    if not members_only(settings) or membership == "member":
        return 0
    fee = _guest_fee(settings)
    if membership == "expired" and fee <= 0:
        raise DomainError("MEMBERSHIP_EXPIRED", player=name)
    if membership == "expired" and as_guest is not True:
        raise DomainError("MEMBERSHIP_EXPIRED_OR_GUEST", player=name, guest_fee_cents=fee)
    if fee <= 0:
        raise DomainError("NOT_A_MEMBER", player=name)
    return fee


def _guest_fee(settings: Settings) -> int:
    return 0 if settings.signups is None else settings.signups.guest_fee_cents
