"""Players' names as the room compares them: "Nicolò" is "nicolo", "Marco  Rossi" is "marco rossi".

One form for every place that matches names (the roster, the phones' search, the DdT's search,
a season adding up a player's nights, the check that refuses the same person twice), so that they
always agree on who is who; and one way every place that takes a name (a player, a roster
member, a season, a league, a template, a draw table) tidies it and checks its length.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


def folded(text: str) -> str:
    """Case-, accent- and spacing-insensitive form of a name, for searching and for showing one
    spelling: "nicolo" finds "Nicolò".

    >>> folded("  Nicolò   ROSSI ")
    'nicolo rossi'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


@lru_cache(maxsize=8192)
def same_name_key(name: str) -> str:
    """The name with case, accents and spaces ignored: "Marco Rossi", "marco rossi" and
    "MarcoRossi" give one key. Kept for the registration check, which reads every name in the
    tournament at each entry."""
    return "".join(folded(name).split())


def tidied(text: object, *, inner_spaces: bool = False) -> str:
    """A name as typed, ready to keep: anything but text reads as "", the spaces at its ends go
    and, unless `inner_spaces` keeps them as typed, each run of spaces inside becomes one.

    >>> tidied("  Marco   Rossi "), tidied("  Marco   Rossi ", inner_spaces=True), tidied(None)
    ('Marco Rossi', 'Marco   Rossi', '')
    """
    if not isinstance(text, str):
        return ""
    return text.strip() if inner_spaces else " ".join(text.split())


def fits(name: str, most: int) -> bool:
    """Whether a tidied name is there at all and at most `most` characters long."""
    return 0 < len(name) <= most
