"""Button and blinds from hand to hand (HE-04 to HE-07) and the first button draw (TO-02)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdapp.engine.cards import parse_cards
from tdapp.tournament.button import (
    Positions,
    draw_button,
    first_positions,
    high_card_key,
    next_positions,
    waits_for_button,
)
from tdapp.tournament.errors import SeatingError

SIX = {1, 2, 3, 4, 5, 6}
LAST = Positions(button=1, small_blind_seat=2, big_blind=3)


def test_blinds_follow_the_button_clockwise_HE_04():
    assert first_positions(5, SIX) == Positions(5, 6, 1)


def test_everyone_stays_then_everything_moves_one_seat_HE_05():
    assert next_positions(LAST, SIX) == Positions(2, 3, 4)


def test_small_blind_busts_then_button_goes_to_the_empty_seat_HE_05():
    following = next_positions(LAST, SIX - {2})
    assert (following.button, following.small_blind, following.big_blind) == (2, 3, 4)


def test_big_blind_busts_then_no_small_blind_is_posted_HE_05():
    following = next_positions(LAST, SIX - {3})
    assert (following.button, following.small_blind, following.big_blind) == (2, None, 4)
    assert following.small_blind_seat == 3


def test_after_a_dead_small_blind_the_button_lands_on_its_empty_seat_HE_05():
    dead = next_positions(LAST, SIX - {3})
    following = next_positions(dead, SIX - {3})
    assert (following.button, following.small_blind, following.big_blind) == (3, 4, 5)


def test_nobody_escapes_the_big_blind_when_the_button_busts_HE_05():
    following = next_positions(LAST, SIX - {1})
    assert (following.button, following.small_blind, following.big_blind) == (2, 3, 4)


def test_moving_button_skips_empty_seats_HE_06():
    following = next_positions(LAST, SIX - {2}, rule="moving")
    assert following == Positions(3, 4, 5)


def test_heads_up_the_button_posts_the_small_blind_HE_07():
    assert first_positions(4, {2, 4}) == Positions(4, 4, 2)
    assert next_positions(Positions(4, 4, 2), {2, 4}) == Positions(2, 2, 4)


@pytest.mark.parametrize("rule", ["dead", "moving"])
@pytest.mark.parametrize("busted", [1, 2, 3])
def test_going_from_three_to_two_nobody_posts_the_big_blind_twice_HE_07(rule, busted):
    following = next_positions(LAST, {1, 2, 3} - {busted}, rule=rule)
    assert following.heads_up
    assert following.big_blind != LAST.big_blind
    assert following.button == following.small_blind


def test_a_hand_needs_two_players():
    with pytest.raises(SeatingError) as refused:
        next_positions(LAST, {4})
    assert refused.value.code == "TOO_FEW_FOR_A_HAND"


def test_a_new_player_between_small_blind_and_button_waits_TO_03():
    next_hand = Positions(button=8, small_blind_seat=2, big_blind=3)
    assert waits_for_button(9, next_hand)
    assert waits_for_button(1, next_hand)
    assert not waits_for_button(8, next_hand)
    assert not waits_for_button(2, next_hand)
    assert not waits_for_button(3, next_hand)
    assert not waits_for_button(5, next_hand)


def test_players_from_a_broken_table_may_take_the_button_or_the_blinds_TO_04():
    next_hand = Positions(button=3, small_blind_seat=5, big_blind=6)
    assert [seat for seat in range(1, 11) if waits_for_button(seat, next_hand)] == [4]


def test_highest_card_by_rank_then_suit_wins_the_button_TO_02():
    aces = sorted(parse_cards("Ac Ad Ah As"), key=high_card_key)
    assert [str(card) for card in aces] == ["Ac", "Ad", "Ah", "As"]
    assert high_card_key(parse_cards("2s")[0]) < high_card_key(parse_cards("3c")[0])


def test_button_draw_deals_one_card_per_seat_and_the_best_takes_it_TO_02():
    draw = draw_button({1, 3, 4, 7}, random.Random(11))
    assert set(draw.cards) == {1, 3, 4, 7}
    assert len(set(draw.cards.values())) == 4
    best = max(draw.cards.values(), key=high_card_key)
    assert draw.cards[draw.button] == best
    assert draw == draw_button({1, 3, 4, 7}, random.Random(11))


@given(
    seated=st.sets(st.integers(1, 10), min_size=2, max_size=10),
    button=st.integers(1, 10),
    busts=st.lists(st.integers(1, 10), max_size=8),
)
def test_everyone_posts_the_big_blind_once_per_round_HE_05(seated, button, busts):
    """The dead-button rule moves the BB one player at a time: with nobody busting, each player
    posts the big blind exactly once in as many hands as there are players."""
    seated = set(seated)
    seats = sorted(seated)
    positions = first_positions(seats[(button - 1) % len(seats)], seated)
    for bust in busts:
        if len(seated) > 2 and bust in seated:
            seated.discard(bust)
        positions = next_positions(positions, seated)
    big_blinds = []
    for _ in range(len(seated)):
        positions = next_positions(positions, seated)
        big_blinds.append(positions.big_blind)
    assert sorted(big_blinds) == sorted(seated)
