"""Seasons: tournaments grouped by the club, their players ranked by a points formula the club
chooses. Pure rules, no Flask and no database: `points.py` names the formulas and scores one
finish, `rules.py` checks what a season is made of, `standings.py` adds up a season's
tournaments into a table.
"""
