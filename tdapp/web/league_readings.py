"""The league's uncertain readings ([U], tdapp/league/readings.py) in the visitor's language, for
the pages where they act: the standings' footnote, the night pages and /games/help. A reading the
club can choose says so, and which of its two readings the league applies."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext

from tdapp.league.readings import CHOICES, FIXED, Readings

# Each choice's readings, in CHOICES' order.
CHOICE_TEXTS = {
    "key_2": {
        "nights": lazy_gettext("Key 2 of the standings counts the nights as the table's biggest "
                               "winner (and key 3 those as its biggest loser)."),
        "amount": lazy_gettext("Key 2 of the standings is the largest single win (and key 3 "
                               "the largest single loss)."),
    },
    "cappotto": {
        "box": lazy_gettext("The cappotto is a box the secretary ticks for a winner: one more "
                            "point."),
        "sole_winner": lazy_gettext("The cappotto is being the only winner at a table where "
                                    "all the others lost: one more point, no box to tick."),
    },
    "day_21": {
        "night": lazy_gettext("Day 21 is played by the five of the eight with the best day-20 "
                              "results."),
        "standings": lazy_gettext("Day 21 is played by the top five of the standings."),
    },
}
RULE_IDS = {"key_2": "LG-04", "cappotto": "LG-03", "day_21": "LG-06"}

FIXED_TEXTS = {
    "tied_winners": ("LG-03", lazy_gettext("Tied biggest winners at a table both get 2 "
                                           "points.")),
    "full_poste": ("LG-03", lazy_gettext("The extra points count full poste won only.")),
    "sixths_sit_out": ("LG-05", lazy_gettext("After day 1 (tables of six) the sixth of each "
                                             "table sits out; the two fifths fill the seats of "
                                             "those who sat out, by lot.")),
    "podium_after_final": ("LG-06", lazy_gettext("The podium is read from the standings after "
                                                 "the Final.")),
    "entry_order": ("LG-05", lazy_gettext("Equal nets at a table are ranked in the order they "
                                          "were entered.")),
    "giri_start": ("LG-07", lazy_gettext("The giri start with the first deal after their time "
                                         "with no hand in play and no pot waiting in the "
                                         "middle.")),
    "telesina_first": ("TS-08", lazy_gettext("The telesina round opens the giri, before the "
                                             "fixed rounds; the first seat of the plan deals "
                                             "the night's first hand.")),
    "telesina_round": ("TS-08", lazy_gettext("A round of telesina is one hand dealt by each "
                                             "player, secca unless the DdT or the dealer names "
                                             "another; the draw's pots waiting stay in the "
                                             "middle for the draw, and a full vestito shown at "
                                             "telesina calls no round.")),
    "four_handed": ("LG-07", lazy_gettext("Four-handed, the giri have three more fixed rounds "
                                          "(not three in place of two).")),
    "vestito": ("TS-08", lazy_gettext("A full vestito is a full house of jacks or higher; a "
                                      "flush, four of a kind and a straight flush are better.")),
}


@dataclass(frozen=True)
class Note:
    """One uncertain reading as a page shows it."""

    rule: str
    text: str
    choice: bool  # the league can choose the other reading
    changed: bool  # the league chose the reading that is not the default


def notes(readings: Readings, where: str) -> list[Note]:
    """The readings that act on `where` ("standings" or "night"): the league's choices first."""
    shown = [Note(RULE_IDS[key], str(CHOICE_TEXTS[key][getattr(readings, key)]), True,
                  key in readings.changed())
             for key in CHOICES if where == "standings" or key == "cappotto"]
    return shown + [Note(FIXED_TEXTS[key][0], str(FIXED_TEXTS[key][1]), False, False)
                    for key in FIXED[where]]


def every_note() -> list[Note]:
    """All the league's readings at their defaults, for /games/help."""
    keys = list(dict.fromkeys((*FIXED["standings"], *FIXED["night"])))
    return notes(Readings(), "standings")[:len(CHOICES)] + [
        Note(FIXED_TEXTS[key][0], str(FIXED_TEXTS[key][1]), False, False) for key in keys]


def choice_options() -> dict[str, list[tuple[str, str]]]:
    """Each choice's readings with their text, for the secretary's form."""
    return {key: [(value, str(CHOICE_TEXTS[key][value])) for value in CHOICES[key]]
            for key in CHOICES}
