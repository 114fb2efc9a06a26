"""Dealing errors (IT-25 .. IT-29), one dealer action each. Each returns the hand it ends (or
the hand unchanged where the rule lets play go on) and refuses where the rule does not apply."""

from __future__ import annotations

from enum import StrEnum

from tdapp.engine.draw.hand import DrawHand, Phase, Seat
from tdapp.engine.draw.opening import opens
from tdapp.engine.errors import IllegalAction


class VoidReason(StrEnum):
    """IT-27: errors that annul the hand when found after the deal and before the opening."""

    WRONG_DEALER = "wrong_dealer"
    NO_CUT = "no_cut"
    WRONG_NUMBER_OF_PLAYERS = "wrong_number_of_players"
    WRONG_CARD_COUNT = "wrong_card_count"
    SIXTH_CARD_STARTED = "sixth_card_started"
    FACED_CARD_IN_DECK = "faced_card_in_deck"  # "carte mascherate"
    WRONG_DECK_SIZE = "wrong_deck_size"


def _untouched(hand: DrawHand) -> None:
    if hand.phase is not Phase.FIRST_ROUND or hand.log:
        raise IllegalAction("SPOKEN_ALREADY")


def exposed_cards(hand: DrawHand, exposed: int, *, receiver_demands: bool = False) -> DrawHand:
    """IT-25: one card exposed in the deal -> its receiver may demand a new shuffle and deal;
    two -> the new deal is compulsory. The same dealer deals again; the inviti stay."""
    _untouched(hand)
    if exposed < 1:
        raise IllegalAction("SAY_EXPOSED")
    if exposed == 1 and not receiver_demands:
        return hand
    return hand.void("redeal", f"{exposed} card(s) exposed: shuffle and deal again",
                     deal_passes=False)


def dealer_error(hand: DrawHand, *, before_first_players_second_card: bool) -> DrawHand:
    """IT-26: a dealer's error found before the first player's second card lets the dealer
    deal again; found later, the deal passes to the next player."""
    _untouched(hand)
    keeps = before_first_players_second_card
    return hand.void("redeal", "dealer's error: " + ("same dealer" if keeps else "the deal passes"),
                     deal_passes=not keeps)


def void_before_opening(hand: DrawHand, reason: VoidReason | str, *,
                        ruled_valid_for: Seat | None = None) -> DrawHand:
    """IT-27: before the opening any of these errors annuls the hand. If the table rules it
    valid instead, the pot goes to the player who kept the cards, holds openers and had not
    passed (`ruled_valid_for`); those who threw their cards in haste lose hand and invito."""
    reason = VoidReason(reason)
    if hand.phase is not Phase.FIRST_ROUND:
        raise IllegalAction("VALID_AFTER_OPENING")
    if hand.opener is not None:
        raise IllegalAction("VALID_AFTER_OPENING")
    if ruled_valid_for is None:
        return hand.void("void", f"hand annulled: {reason.value}", deal_passes=True)
    if ruled_valid_for in hand.passed or ruled_valid_for not in hand.order:
        raise IllegalAction("PASSED_OR_NOT_DEALT", seat=ruled_valid_for)
    if ruled_valid_for not in hand.live:
        raise IllegalAction("THREW_CARDS", seat=ruled_valid_for)
    if hand.cards is not None and not opens(hand.cards[ruled_valid_for], hand.level,
                                            hand.lowest_rank):
        raise IllegalAction("HOLDS_NO_OPENERS", seat=ruled_valid_for)
    return hand.void("won", f"{reason.value} ruled valid: the keeper of openers takes the pot",
                     deal_passes=True, won={ruled_valid_for: hand.middle})


def stub_miscount(hand: DrawHand) -> DrawHand:
    """IT-28: after the opening the only null hand is a stub with the wrong count at the draw,
    and nothing voids the hand once the first speaker after the draw has acted."""
    if hand.phase is Phase.DRAW or (hand.phase is Phase.SECOND_ROUND
                                    and not hand.second_round_started):
        return hand.void("void", "the stub had the wrong count at the draw", deal_passes=True)
    raise IllegalAction("WRONG_STUB_LATE")


def six_and_four(hand: DrawHand, six: Seat, four: Seat) -> DrawHand:
    """IT-29: after the opening, a player with six cards next to one with four: the six-card
    player is out and loses every stake; the four-card player plays on. Before the opening a
    wrong card count annuls the hand (IT-27)."""
    if six == four:
        raise IllegalAction("SIX_AND_FOUR")
    for seat in (six, four):
        if seat not in hand.order:
            raise IllegalAction("NOT_DEALT_CARDS", seat=seat)
    if hand.opener is None and hand.phase is Phase.FIRST_ROUND:
        return void_before_opening(hand, VoidReason.WRONG_CARD_COUNT)
    if hand.second_round_started or hand.phase in (Phase.SHOWDOWN, Phase.OVER):
        raise IllegalAction("TOO_LATE_TO_VOID")
    at = hand.order.index(six)
    neighbours = {hand.order[at - 1], hand.order[(at + 1) % len(hand.order)]}
    if four not in neighbours:
        raise IllegalAction("NOT_NEXT_TO", four=four, six=six)
    return hand.remove_player(six)
