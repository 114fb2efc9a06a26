"""Pure poker: cards, hand rankings, betting, pots and the games built on them.

No Flask, no database, no clock: every function is deterministic given its inputs and an RNG.
"""
