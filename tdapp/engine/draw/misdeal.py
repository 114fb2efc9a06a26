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
        raise IllegalAction("a dealing error is dealt with before anyone has spoken")


def exposed_cards(hand: DrawHand, exposed: int, *, receiver_demands: bool = False) -> DrawHand:
    """IT-25: one card exposed in the deal -> its receiver may demand a new shuffle and deal;
    two -> the new deal is compulsory. The same dealer deals again; the inviti stay."""
    _untouched(hand)
    if exposed < 1:
        raise IllegalAction("say how many cards were exposed")
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
        raise IllegalAction("after the opening the hand is valid (IT-28)")
    if hand.opener is not None:
        raise IllegalAction("after the opening the hand is valid (IT-28)")
    if ruled_valid_for is None:
        return hand.void("void", f"hand annulled: {reason.value}", deal_passes=True)
    if ruled_valid_for in hand.passed or ruled_valid_for not in hand.order:
        raise IllegalAction(f"seat {ruled_valid_for} passed or was not dealt in")
    if ruled_valid_for not in hand.live:
        raise IllegalAction(f"seat {ruled_valid_for} did not keep its cards: a player who threw "
                            "them in loses hand and invito")
    if hand.cards is not None and not opens(hand.cards[ruled_valid_for], hand.level,
                                            hand.lowest_rank):
        raise IllegalAction(f"seat {ruled_valid_for} holds no openers")
    return hand.void("won", f"{reason.value} ruled valid: the keeper of openers takes the pot",
                     deal_passes=True, won={ruled_valid_for: hand.middle})


def stub_miscount(hand: DrawHand) -> DrawHand:
    """IT-28: after the opening the only null hand is a stub with the wrong count at the draw,
    and nothing voids the hand once the first speaker after the draw has acted."""
    if hand.phase is Phase.DRAW or (hand.phase is Phase.SECOND_ROUND
                                    and not hand.second_round_started):
        return hand.void("void", "the stub had the wrong count at the draw", deal_passes=True)
    raise IllegalAction("a wrong stub voids the hand only at the draw, before the first "
                        "speaker after it has acted")


def six_and_four(hand: DrawHand, six: Seat, four: Seat) -> DrawHand:
    """IT-29: after the opening, a player with six cards next to one with four: the six-card
    player is out and loses every stake; the four-card player plays on. Before the opening a
    wrong card count annuls the hand (IT-27)."""
    if six == four:
        raise IllegalAction("the six cards and the four cards are in two different seats")
    for seat in (six, four):
        if seat not in hand.order:
            raise IllegalAction(f"seat {seat} is not in the hand: it was not dealt cards")
    if hand.opener is None and hand.phase is Phase.FIRST_ROUND:
        return void_before_opening(hand, VoidReason.WRONG_CARD_COUNT)
    if hand.second_round_started or hand.phase in (Phase.SHOWDOWN, Phase.OVER):
        raise IllegalAction("nothing voids or changes the hand once the first speaker after "
                            "the draw has acted (IT-28)")
    at = hand.order.index(six)
    neighbours = {hand.order[at - 1], hand.order[(at + 1) % len(hand.order)]}
    if four not in neighbours:
        raise IllegalAction(f"seat {four} is not next to seat {six}")
    return hand.remove_player(six)
