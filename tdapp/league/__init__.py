"""The Monday league ("Club del Lunedì", RULES.md §6): pure rules, no Flask and no database.

A season is a list of nights; a night is one or more tables of Italian draw; a table's result is
each player's chips at the end and the poste they took. Everything else (points, standings, the
next night's tables, the post-season and the finals) is derived from those results.
"""
