"""The league's refusals: codes with parameters, in the project's one refusal type."""

from __future__ import annotations

from tdapp.kernel.refusals import DomainError, register_messages


class LeagueError(DomainError):
    """A result, a season or a request the league rules do not accept; nothing is changed."""


register_messages({
    "UNKNOWN_CHOICE": "%(choice)r is not one of the readings this league can choose",
    "UNKNOWN_READING": "%(key)r is not a reading this league can choose",
    "NOT_POST_SEASON": "table %(table)s was not five of the eight qualified players",
    "NOT_AT_TABLE": "%(player)s did not play at table %(table)s",
    "TABLE_SIZE": "table %(table)s has %(players)d players; it needs 4 to 6",
    "NEGATIVE_CHIPS": "%(player)s cannot end with %(chips)d chips",
    "POSTE_RANGE": "%(player)s took %(poste)d poste; allowed 1 to 5",
    "NETS_DO_NOT_BALANCE":
        "table %(table)s: chips at the end miss the poste taken by %(difference)+d; recount",
    "WRONG_POSTA": "table %(table)s counts a posta of %(posta)d; a %(kind)s night uses %(expected)d",
    "PLAYS_TWICE": "%(player)s sat at two tables on day %(day)d",
    "TOO_FEW_PLAYERS": "%(players)d players cannot fill two tables",
    "NOT_TWO_TABLES": "day %(day)d had %(tables)d tables; the rotation needs two",
    "TABLE_TOO_SMALL": "table %(table)s would play %(players)d-handed; the league plays four to six",
})
