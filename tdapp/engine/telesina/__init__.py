"""Telesina (RULES.md §5): stud-like games with own cards, some face up, and shared "vele".

variants: each game the club plays, as data with its help text; visible: who speaks first;
hand: one hand as a state machine on the shared pot-limit round; calls: when a telesina round
is called during a night of draw (TS-08).
"""
