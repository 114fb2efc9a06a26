"""Players' names as the room says them: "Nicolò  Rossi", "nicolo rossi" and "NICOLÒ ROSSI" are
one person when the DdT searches the roster or a season adds up a player's nights."""

from __future__ import annotations

import unicodedata


def folded(text: str) -> str:
    """Case-, accent- and spacing-insensitive form of a name: "Nicolò  Rossi" -> "nicolo rossi".

    >>> folded("  Nicolò   ROSSI ")
    'nicolo rossi'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())
