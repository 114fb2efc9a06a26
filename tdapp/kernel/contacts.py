"""A player's contact as a sign-up takes it: an e-mail address or a phone number, checked for
shape and reduced to one key, so that "Marco@Example.it" and "marco@example.it", or
"+39 333 123 4567" and "0039 3331234567" and "333-1234567", are one contact.

Phone numbers are kept in international form without the plus: a number typed without a country
prefix is taken to be of the club's country (`country`, Italy's 39 by default), as a club's
players type their own numbers.
"""

from __future__ import annotations

import re

from tdapp.kernel.refusals import DomainError, register_messages

MAX_CONTACT = 120
DEFAULT_COUNTRY = "39"

# One address, the shape every mail server takes: a local part, an @, a domain with a dot.
_EMAIL = re.compile(r"[^@\s]+@[^@\s.]+(\.[^@\s.]+)+")
# Digits with the spaces, dots, dashes, slashes and brackets people type between them.
# ASCII digits only: "\d" would take "٣" too, and a key must be the digits a phone dials.
_PHONE = re.compile(r"(\+|00)?[0-9\s./()-]+")
# E.164: at most 15 digits with the country code; a mobile or a landline has at least 6.
_PHONE_DIGITS = (6, 15)

register_messages(
    {
        "BAD_CONTACT": (
            "Give an e-mail address (like name@example.com) or a phone number (like"
            " +39 333 123 4567), at most %(max)s characters"
        ),
    }
)


def is_email(contact: str) -> bool:
    return "@" in contact


def tidied_contact(contact: object) -> str:
    """The contact as typed, its ends trimmed; anything but text reads as ""."""
    return contact.strip() if isinstance(contact, str) else ""


def contact_key(contact: object, country: str = DEFAULT_COUNTRY) -> str:
    """The key that says two contacts are one: an e-mail address lowercased, a phone number as
    its digits with the country prefix. Refused (BAD_CONTACT) when it is neither.

    >>> contact_key(" Marco@Example.IT "), contact_key("333 123-4567"), contact_key("0039 333 1234567")
    ('marco@example.it', '393331234567', '393331234567')
    """
    text = tidied_contact(contact)
    if not 0 < len(text) <= MAX_CONTACT:
        raise DomainError("BAD_CONTACT", max=MAX_CONTACT)
    if is_email(text):
        if not _EMAIL.fullmatch(text):
            raise DomainError("BAD_CONTACT", max=MAX_CONTACT)
        return text.lower()
    if not _PHONE.fullmatch(text):
        raise DomainError("BAD_CONTACT", max=MAX_CONTACT)
    digits = re.sub("[^0-9]", "", text)
    if text.startswith("+"):
        key = digits
    elif text.startswith("00"):
        key = digits[2:]
    else:
        key = country + digits
    low, high = _PHONE_DIGITS
    if not low <= len(key) <= high:
        raise DomainError("BAD_CONTACT", max=MAX_CONTACT)
    return key
