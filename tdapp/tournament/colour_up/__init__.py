"""Colour-up: the tournament's chip set, which chips the structure makes useless at which break,
and the chip race that takes them off the tables (RULES.md TO-16).

    chip_set.py   ChipColour, the set's checks, a stack's breakdown into chips, the night's needs,
                  the races the structure plans (pure; settings.py imports it)
    race.py       the chip race at one table, given the odd chips and a shuffled deck (pure)
    rules.py      RaceChips -> ChipsRaced (decide/apply), the `colour_up` view section
"""
