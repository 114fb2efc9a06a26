"""Cards, their text form and the decks of the club's games (RULES.md IT-01)."""

import random

import pytest

from tdapp.engine.cards import ALL_CARDS, Card, Deck, parse_cards


def test_card_text_is_rank_then_suit():
    assert str(Card("A", "s")) == "As"
    assert str(Card("T", "d")) == "Td"
    assert [str(card) for card in parse_cards("As Kd 7h")] == ["As", "Kd", "7h"]


def test_parse_cards_reads_cards_with_or_without_spaces():
    assert parse_cards("AsKd7h") == parse_cards("As Kd 7h") == parse_cards("as, kd, 7H")
    assert parse_cards("10c") == [Card("T", "c")]
    assert parse_cards("") == []


@pytest.mark.parametrize("text", ["Xs", "Ax", "As K", "1s", "As Kd 7", "Asd"])
def test_parse_cards_refuses_bad_text_with_a_clear_message(text):
    with pytest.raises(ValueError, match="card"):
        parse_cards(text)


def test_cards_are_hashable_equal_by_value_and_ordered_by_rank():
    assert Card("A", "s") == parse_cards("As")[0]
    assert len({Card("A", "s"), parse_cards("As")[0], Card("A", "h")}) == 2
    assert sorted(parse_cards("As 2c Td 2h")) == parse_cards("2c 2h Td As")


def test_card_codes_are_distinct_small_integers_and_round_trip():
    assert sorted(card.code for card in ALL_CARDS) == list(range(52))
    for card in ALL_CARDS:
        assert Card.from_code(card.code) == card
    with pytest.raises(ValueError):
        Card.from_code(52)


def test_unknown_rank_or_suit_is_refused():
    with pytest.raises(ValueError, match="rank"):
        Card("1", "s")
    with pytest.raises(ValueError, match="suit"):
        Card("A", "x")


@pytest.mark.parametrize(("lowest_rank", "size"), [(2, 52), (6, 36), (7, 32)])
def test_deck_sizes_by_lowest_rank_IT_01(lowest_rank, size):
    deck = Deck(lowest_rank)
    assert len(deck) == size
    assert len(set(deck.cards)) == size
    assert all(card.value >= lowest_rank for card in deck.cards)


def test_deck_refuses_a_lowest_rank_that_makes_no_deck():
    for lowest_rank in (1, 11, "7", 7.0):
        with pytest.raises(ValueError, match="lowest rank"):
            Deck(lowest_rank)


def test_seeded_shuffle_deals_the_same_cards_every_time():
    first, second = Deck(7), Deck(7)
    first.shuffle(random.Random(2026))
    second.shuffle(random.Random(2026))
    assert first.deal(5) == second.deal(5)
    assert first.cards == second.cards
    other = Deck(7)
    other.shuffle(random.Random(2027))
    assert other.cards != Deck(7).cards


def test_shuffle_needs_an_rng():
    with pytest.raises(TypeError, match="random.Random"):
        Deck().shuffle(42)


def test_dealing_takes_cards_off_the_top_and_refuses_more_than_are_left():
    deck = Deck(7)
    top = deck.cards[:3]
    assert deck.deal(3) == list(top)
    assert len(deck) == 29
    with pytest.raises(ValueError, match="only 29 left"):
        deck.deal(30)
    assert len(deck) == 29


def test_removing_known_cards_and_refusing_cards_not_in_the_deck():
    deck = Deck(7)
    deck.remove(parse_cards("As 7h"))
    assert len(deck) == 30
    assert Card("A", "s") not in deck.cards
    with pytest.raises(ValueError, match="As"):
        deck.remove(parse_cards("As"))
    with pytest.raises(ValueError, match="2c"):
        deck.remove(parse_cards("2c"))
    assert len(deck) == 30
