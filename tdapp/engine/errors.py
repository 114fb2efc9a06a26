"""The engine's refusals: a stable reason code, its parameters and an English template per code.

The engine knows no language and no web framework. A refusal is the ground floor's one refusal
type (tdapp/kernel/refusals.py) speaking the engine's own templates; it carries `code` and
`params`, so the
web layer can look the template up in its translation catalogue (the English template is the
msgid) and fill it with the same parameters; `str()` of a refusal is the English sentence, for
doctests, logs and a shell.

>>> str(IllegalAction("NOT_YOUR_TURN", to_act=3, seat=5))
"it is seat 3's turn, not seat 5's"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tdapp.kernel.refusals import DomainError

# One template per code; `%(name)s` takes a parameter. Parameters named in `WORD_PARAMS` hold an
# engine word (an action, a street...), written through `WORDS` so it can be translated too.
REASONS: dict[str, str] = {
    # betting rounds (betting.py), any game
    "ROUND_OVER": "the betting round is over: nobody is to act",
    "NOT_YOUR_TURN": "it is seat %(to_act)s's turn, not seat %(seat)s's",
    "UNKNOWN_ACTION": "unknown action %(action)r",
    "TAKES_NO_AMOUNT": "%(action)s takes no amount",
    "ALL_IN_TOTAL": "all-in is %(all_in_to)s in total, not %(amount)s",
    "NOT_IN_ROUND": "seat %(seat)s is not in this betting round",
    "NOTHING_TO_FOLD": "seat %(seat)s has no decision left in this round to fold",
    "CANNOT_CHECK": "seat %(seat)s cannot check: %(to_call)s to call",
    "NOTHING_TO_CALL": "seat %(seat)s has nothing to call: it can check",
    "BET_ALREADY": "there is already a bet of %(current_bet)s: raise instead",
    "NO_BET_TO_RAISE": "there is no bet to raise: bet instead",
    "LOST_RIGHT_TO_RAISE": "seat %(seat)s has lost the right to raise in this round",
    "ONLY_CALL_ALL_IN": "seat %(seat)s can only call all-in for %(all_in_to)s",
    "EVERYONE_ALL_IN": "seat %(seat)s may not %(action)s: everyone else is all-in",
    "SHORT_RAISE": "seat %(seat)s already acted and faces less than a full raise: "
                   "it may call or fold, not raise (HE-15)",
    "OVER_LIMIT": "all-in (%(all_in_to)s) is over the limit of %(max_to)s",
    "NEEDS_AMOUNT": "%(action)s needs an amount (the total, e.g. raise to %(min_to)s)",
    "WHOLE_CHIPS": "the amount must be a whole number of chips, not %(amount)r",
    "BELOW_MINIMUM": "the minimum %(action)s is to %(min_to)s, not %(amount)s",
    "ABOVE_MAXIMUM": "the maximum %(action)s is to %(max_to)s, not %(amount)s",
    # chips pushed without a word (pushed_chips.py, HE-14)
    "PUSHED_WHOLE": "the chips pushed, how many they are and the smallest are whole numbers of "
                    "at least 1, not %(value)r",
    "PIECES_OVER_PUSHED": "%(pieces)s chips cannot make only %(pushed)s",
    "SMALLEST_CHIP": "a smallest chip of %(smallest)s does not fit %(pieces)s chips making "
                     "%(pushed)s",
    "PUSHED_OVER_STACK": "seat %(seat)s has %(stack)s chips, not %(pushed)s",
    "PUSHED_UNDER_CALL": "seat %(seat)s pushed %(pushed)s: less than the %(to_call)s to call",
    "PUSHED_UNDER_BET": "seat %(seat)s pushed %(pushed)s: the smallest bet is to %(min_to)s",
    # hold'em (holdem.py)
    "WAITS_FOR_SHOWDOWN": "the betting is over: the hand waits for the showdown",
    "HAND_OVER": "the hand is over",
    "NOBODY_TO_ACT": "nobody is to act",
    "NOT_MARKED_ABSENT": "the seat in turn (%(seat)s) is not marked absent",
    "NO_BETTING_ROUND": "no betting round is open",
    "SEAT_FOLDED": "seat %(seat)s has folded",
    "RIVER_FOLD": "nothing is bet on the river: a fold is refused (club rule HE-28)",
    "RIVER_FOLD_CHECK": "nothing is bet on the river: check, a fold is refused (club rule HE-28)",
    "NO_SHOWDOWN_AT_STREET": "no showdown now: the hand is at the %(street)s",
    "WINNERS_OR_CARDS": "give either the winners of each pot or the cards shown",
    "NOT_AT_SHOWDOWN": "seat %(seat)s is not in the hand at showdown",
    "BOTH_HOLE_CARDS": "seat %(seat)s must show both hole cards (HE-31), not %(count)s",
    "BOARD_FIVE": "the board must have 5 cards, not %(count)s",
    "SHOWN_TWICE": "the same card appears twice among the cards shown and the board",
    "SEAT_NOT_DEALT": "seat %(seat)s is not dealt in this hand",
    "TWO_PLAYERS": "a hand needs at least two players",
    "SEAT_NUMBER": "seat numbers are whole numbers, not %(seat)r",
    "SEAT_NEEDS_CHIPS": "seat %(seat)s must have chips to be dealt in, not %(stack)r",
    "BIG_BLIND_SEAT": "the big blind's seat %(seat)s is not dealt in",
    "SMALL_BLIND_SEAT": "the small blind's seat %(seat)s is not a different dealt-in seat",
    "BUTTON_SEAT": "the button must be a seat number, not %(button)r",
    "ABSENT_NOT_DEALT": "absent seats %(seats)s are not dealt in",
    "DECK_OR_CARDS": "give a deck to deal from, or the cards, not both",
    "TWO_HOLE_CARDS": "seat %(seat)s: two hole cards for a dealt-in seat",
    "BOARD_IN_ADVANCE": "a board given in advance has 5 cards, not %(count)s",
    "DEALT_TWICE": "the same card is dealt twice",
    # cards, hands and pots (cards.py, hands/, pots.py)
    "CARDS_AS_TEXT": "cards must be given as text like 'As Kd 7h', not %(kind)s",
    "CARDS_UNREADABLE": "cannot read cards from %(text)r: each card is a rank and a suit, "
                        "like 'As'",
    "CARD_UNREADABLE": "cannot read card %(card)r in %(text)r: ranks are %(ranks)s, "
                       "suits are s h d c",
    "HAND_SIZE": "a hand is made from 5 to 7 cards, not %(count)s",
    "CARD_TWICE_IN": "the same card appears twice in %(cards)s",
    "CARD_NOT_IN_DECK": "%(card)s is not in a deck from %(lowest_rank)s to ace",
    "MUST_USE_FIVE": "must_use lists at most five different cards",
    "MUST_USE_MISSING": "must_use cards are not in the hand: %(cards)s",
    "POT_NOBODY_SHOWED": "pot %(pot)s: no eligible seat showed a hand",
    "POTS_NEED_WINNERS": "%(pots)s pots need winners, %(lists)s lists were given",
    "POT_NAME_WINNER": "pot %(pot)s: name at least one winner",
    "POT_NOT_ELIGIBLE": "pot %(pot)s: seats %(seats)s are not eligible for it",
    "POT_NOT_IN_ORDER": "pot %(pot)s: seats %(seats)s are not in the odd-chip order",
    # Italian draw (draw/)
    "SPOKEN_ALREADY": "a dealing error is dealt with before anyone has spoken",
    "SAY_EXPOSED": "say how many cards were exposed",
    "VALID_AFTER_OPENING": "after the opening the hand is valid (IT-28)",
    "PASSED_OR_NOT_DEALT": "seat %(seat)s passed or was not dealt in",
    "THREW_CARDS": "seat %(seat)s did not keep its cards: a player who threw them in loses "
                   "hand and invito",
    "HOLDS_NO_OPENERS": "seat %(seat)s holds no openers",
    "WRONG_STUB_LATE": "a wrong stub voids the hand only at the draw, before the first speaker "
                       "after it has acted",
    "SIX_AND_FOUR": "the six cards and the four cards are in two different seats",
    "NOT_DEALT_CARDS": "seat %(seat)s is not in the hand: it was not dealt cards",
    "TOO_LATE_TO_VOID": "nothing voids or changes the hand once the first speaker after the "
                        "draw has acted (IT-28)",
    "NOT_NEXT_TO": "seat %(four)s is not next to seat %(six)s",
    "DEALER_AMONG_SEATS": "the dealer must be one of the seats, each seat listed once",
    "NEED_RESTO": "seats %(seats)s need a resto (their chips) to be dealt in",
    "ABSENT_SEATED": "absent players must be seated, and the dealer cannot be away",
    "TWO_DEALT_IN": "at least two players must be dealt in",
    "NEGATIVE_CARRY": "the pot carried over cannot be negative",
    "CANNOT_PAY_INVITO": "seats %(seats)s cannot pay the invito of %(invito)s",
    "BLIND_TOO_BIG": "seat %(seat)s has %(behind)s, less than a blind of %(amount)s",
    "NO_BETTING_AT": "no betting now: the hand is at %(phase)s",
    "RAISE_TOO_SLOW": "raises must be immediate: %(seconds)s s is over %(limit)s s (IT-11)",
    "BOUND_TO_PLAY": "seat %(seat)s must stay in: it is bound to play (IT-09, IT-17)",
    "TWO_OPENERS_LATE": "two openers only arise before anyone has opened",
    "ALL_OTHERS_ALL_IN": "nobody is to speak: every other player is all in",
    "TWO_OPENERS_SAME": "two openers at once are two different seats",
    "CANNOT_OPEN": "seat %(seat)s is not in the hand: it cannot open",
    "SPEAKS_BEFORE": "seat %(seat)s speaks before seat %(earlier)s",
    "PASSED_NO_OPEN": "seat %(seat)s passed: it can no longer open",
    "CONFIRM_OPENERS": "the dealer must confirm the opener's claim",
    "NO_OPENERS": "seat %(seat)s has no openers: %(level)s or better or an open-ended "
                  "straight-flush draw are needed",
    "NO_DRAW_AT": "no draw now: the hand is at %(phase)s",
    "DRAWS_FIRST": "seat %(seat)s draws first",
    "NAME_THROWN": "with known cards name the cards thrown, not just how many",
    "HOW_MANY_CHANGED": "with a physical deck give how many cards are changed",
    "DOES_NOT_HOLD": "seat %(seat)s does not hold all of %(cards)s",
    "CHANGE_COUNT": "a player changes 1 to 4 cards, or none (servito)",
    "NO_SHOWDOWN_AT": "no showdown now: the hand is at %(phase)s",
    "SIDE_POT_WINNER": "seat %(seat)s cannot win side pot %(pot)s: enter the hands shown instead",
    "ENGINE_KNOWS_CARDS": "the engine knows the cards: nothing to enter",
    "SEATS_NOT_IN_HAND": "seats %(seats)s are not in the hand",
    "SEAT_CARDS": "seat %(seat)s: %(detail)s",
    "SEAT_NOT_IN_HAND": "seat %(seat)s is not in the hand",
    "NO_PUT_OUT_AT": "no player can be put out at %(phase)s",
    "HAND_NOT_OVER": "the hand is not over",
    "INVITO_RANGE": "the invito is 1 to %(most)s euro, not %(invito)r",
    "BLIND_STEPS": "at most %(most)s blind bets: buio, controbuio, over",
    "BLIND_OVER_CAP": "the %(name)s of %(amount)s would take the pot over %(cap)s",
    "RESTO_BEFORE_DEAL": "the resto can be increased only before the cards are dealt",
    "RESTO_PASSATE": "the resto grows by one or more whole passate",
    "NO_OPENING": "there is no opening to call false",
    "CANNOT_VALIDATE": "seat %(seat)s cannot validate the opening: only a player who entered "
                       "after it, without passing before, can",
    "FALSE_AT_SHOWDOWN": "once everyone has drawn a false opening is judged at the showdown: "
                         "the opener who cannot show openers loses (IT-16)",
    "OPENING_MISSING": "the opening is missing from the first round",
    "HAND_NOT_OVER_YET": "the hand is not over yet",
    "RESTO_AND_DEALER": "every seat needs a resto and the dealer must be seated",
    "PLAYERS_HANDED": "Italian draw is not played %(players)s-handed",
    "RNG_OR_CARDS": "either the engine deals (rng) or the cards are entered, not both",
    "FIVE_EACH": "enter five cards for every seat dealt in",
    "NOT_IN_SHORT_DECK": "the cards repeat or are not in the %(lowest_rank)s-to-ace deck",
    "CARDS_TYPO": "cannot read the cards %(cards)r: %(detail)s",
    # telesina (telesina/)
    "TELESINA_SEATS": "telesina needs 2 to 8 seats, the dealer among them",
    "NOT_ENOUGH_CARDS": "%(players)s players need more cards than %(cards)s",
    "NO_BETTING": "no betting now",
    "NO_EXCHANGE": "no exchange now",
    "EXCHANGES_FIRST": "seat %(seat)s exchanges first",
    "NAME_EXCHANGE": "name the up-card given and the one received",
    "ENGINE_DEALS_CARD": "the engine deals the new card itself",
    "DOES_NOT_SHOW": "seat %(seat)s does not show %(card)s",
    "NO_CARDS_TO_ENTER": "no cards to enter now",
    "ENTER_UP_CARDS": "enter %(count)s up-card(s) for each of seats %(seats)s",
    "NO_OWN_CARD": "no own card is dealt on this street",
    "ENTER_VELE": "enter the %(count)s vela(e) turned",
    "CARD_ENTERED_TWICE": "a card is entered twice",
    "BELOW_LOWEST": "a card below %(lowest_rank)s is not in this deck",
    "NO_SHOWDOWN": "no showdown to enter now",
    "WIN_EVERY_POT": "seat %(seat)s cannot win every pot: enter the hands shown",
    "ENTER_DOWN_CARDS": "enter the %(count)s face-down card(s) of each of seats %(seats)s",
    "TOO_MANY_CARDS": "%(own)s own cards and %(vele)s vele make %(total)s cards: at most "
                      "%(most)s (TS-07)",
    "VELA_TURNED": "every face-down vela must be turned on some street",
    "FIVE_CARDS_TELESINA": "a telesina needs at least five cards to make a hand",
    "UNKNOWN_TELESINA": "unknown telesina %(key)r: one of %(known)s",
    # the tables around the engine (tdapp/tournament/hands, tdapp/draw_table)
    "UNKNOWN_STEP": "unknown step %(kind)r",
    "SEAT_NOT_IN_TURN": "seat %(seat)s is not in turn",
    "TABLE_NOT_OPEN": "the table is not open yet",
    "UNKNOWN_EVENT": "unknown event %(kind)s",
    "TELESINA_NO_EVENT": "a telesina table has no %(kind)s",
    "TELESINA_ROUND_BETWEEN_HANDS": "a round of telesina starts at a draw table between hands",
    "UNKNOWN_VOID_REASON": "unknown reason %(reason)r",
    "NAME_SIX_AND_FOUR": "name the seat with six cards and the one with four",
    "UNKNOWN_DEALING_ERROR": "unknown dealing error %(kind)r",
}

# Parameters that hold one of the engine's own words, and the English for each.
WORD_PARAMS = frozenset({"action", "street", "phase", "level"})
WORDS: dict[str, str] = {
    "fold": "fold", "check": "check", "call": "call", "bet": "bet", "raise": "raise",
    "all_in": "all-in",
    "preflop": "preflop", "flop": "flop", "turn": "turn", "river": "river",
    "showdown": "showdown", "complete": "end",
    "first_round": "the first betting round", "draw": "the draw",
    "second_round": "the second betting round", "over": "its end",
    "jacks": "jacks", "queens": "queens", "kings": "kings",
}


class Refusal(DomainError):
    """Something the engine cannot accept (cards that do not read, a pot with no winner): a
    `code` from `REASONS` and the `params` its template takes. A nested refusal may be a
    parameter (a seat's cards, and what is wrong with them)."""

    def english(self) -> str:
        """The engine's sentence, its words (an action, a street) written out."""
        return reason_text(self.code, self.params)


class IllegalAction(Refusal):
    """An action refused by the rules; the state it was tried on is left exactly as it was."""


def reason_text(code: str, params: Mapping[str, Any]) -> str:
    """The English sentence for a reason; an unknown code reads as itself."""
    template = REASONS.get(code)
    if template is None:
        return code
    return template % {key: _english(key, value) for key, value in params.items()}


def _english(key: str, value: Any) -> Any:
    if isinstance(value, Refusal):
        return str(value)
    if key in WORD_PARAMS and isinstance(value, str):
        return WORDS.get(value, value)
    return value

