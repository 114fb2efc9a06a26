"""False openings (IT-17), as the dealer declares them on a physical deck."""

from __future__ import annotations

from dataclasses import replace

from tdapp.engine.betting import Action, BettingRound
from tdapp.engine.draw.hand import DrawHand, Phase, Seat
from tdapp.engine.errors import IllegalAction


def false_opening(hand: DrawHand, *, new_opener: Seat | None = None,
                  raiser_has_openers: bool = False) -> DrawHand:
    """IT-17, as the dealer declares it.

    (a) Nobody else has entered: the opener takes the stake back and counts as passed.
    (b) Others entered: an entrant with openers (`new_opener`, never one who passed) becomes
        the opener and all others must stay in; with none every stake goes back. This holds
        from the opening until everyone has drawn (the first round closed or not).
    (c) A raise made everyone fold: it stands if the raiser shows openers; otherwise, or if
        the raiser had passed, the raiser takes the pot and the false opener refunds the
        initial pot [U: into the middle for the next deal].
    (d) The false opener re-raised and everyone folded: every stake goes back.
    """
    if hand.opener is None or hand.opener in hand.blind_seats:
        raise IllegalAction("NO_OPENING")
    if hand.phase is Phase.FIRST_ROUND and not hand.entered:
        return _replay_without_opening(hand)
    if hand.phase in (Phase.FIRST_ROUND, Phase.DRAW):
        # (b) holds until everyone has drawn: the seed sets no moment, and after the draw the
        # opener's duty to show openers at the showdown (IT-16) judges it
        if new_opener is None:
            return hand.void("void", "false opening: every stake goes back", deal_passes=True)
        if new_opener not in hand.entered or new_opener in hand.passed \
                or new_opener not in hand.live:
            raise IllegalAction("CANNOT_VALIDATE", seat=new_opener)
        bound = (hand.entered | {hand.opener}) - {new_opener}
        if hand.phase is Phase.DRAW:  # all still in have paid: they play on, the opener moves
            return replace(hand, opener=new_opener)
        return replace(hand, opener=new_opener, must_stay=bound)
    if hand.outcome is None or hand.outcome.kind != "won" or hand.drawn:
        raise IllegalAction("FALSE_AT_SHOWDOWN")
    (winner,) = hand.outcome.won
    if winner == hand.opener:
        return _before_finish(hand).void("void", "false opener cannot win: stakes go back",
                                          deal_passes=True)
    if raiser_has_openers and winner not in hand.passed:
        return hand
    refund = min(hand.initial_pot, hand.stacks[hand.opener])
    stacks = {**hand.stacks, hand.opener: hand.stacks[hand.opener] - refund}
    outcome = replace(hand.outcome, carry=(refund,),
                      note="false opening: the false opener refunds the initial pot")
    return replace(hand, stacks=stacks, outcome=outcome)


def _before_finish(hand: DrawHand) -> DrawHand:
    """The hand just before its uncontested win was paid, so it can be voided instead."""
    (winner,) = hand.outcome.won
    stacks = {**hand.stacks, winner: hand.stacks[winner] - hand.outcome.won[winner]}
    return replace(hand, stacks=stacks, outcome=None, phase=Phase.FIRST_ROUND, round=None)


def _replay_without_opening(hand: DrawHand) -> DrawHand:
    """IT-17 a: replay the first round with the false opening turned into a pass."""
    replay = replace(hand, round=BettingRound.open(
        hand.limit, hand.order, {s: hand.stacks[s] for s in hand.order},
        pot=hand.initial_pot), opener=None, passed=frozenset(), log=(), entered=frozenset(),
        second_opener=None, must_stay=frozenset())
    for seat, action, amount in hand.log:
        if seat == hand.opener:  # the ones who folded to it speak again
            return replay.act(seat, Action.CHECK)
        replay = replay.act(seat, action, amount)
    raise IllegalAction("OPENING_MISSING")
