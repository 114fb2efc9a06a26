"""Players' names as the room compares them: "Nicolò" is "nicolo", "Marco  Rossi" is "marco rossi".

One form for every place that matches names (the roster, the phones' search, the DdT's search,
a season adding up a player's nights, the check that refuses the same person twice), so that they
always agree on who is who.
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
