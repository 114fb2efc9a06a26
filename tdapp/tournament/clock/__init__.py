"""The blind clock: `timing.py` derives the level and time left from a few stored instants and
`now`; `rules.py` holds the clock's commands and events and its part of every view."""
