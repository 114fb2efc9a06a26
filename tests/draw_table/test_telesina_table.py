"""The telesina table's pure rules, every variant the club plays (RULES.md TS-00 .. TS-07) with
physical cards: the dealer enters the up-cards and the vele, the table says who speaks, the pot
limit and Texas' cap; showdown by the cards held down or the winner tapped. Any command is
played or refused with a DomainError and nothing changed; the log replays to the same table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.draw_table.commands import Act, Deal, Draw, Exchange, Showdown, TakePassate, TurnCards
from tdapp.draw_table.events import Event, TableOpened, from_record, to_record
from tdapp.draw_table.rules import apply_new, chips_on_table, decide, open_table
from tdapp.draw_table.state import Table, TelesinaTable, opened
from tdapp.draw_table.view import view
from tdapp.engine.cards import Deck
from tdapp.kernel.refusals import DomainError

FIVE = [("Anna", 200), ("Bruno", 200), ("Carla", 200), ("Dario", 200), ("Elio", 200)]
# The up-cards of secca's four streets for seats 1..5 (a 6-A deck: five players)
SECCA_UP = ({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"},
            {1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"},
            {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
            {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"})


def table(variant: str, players=FIVE, dealer: int = 5) -> TelesinaTable:
    return opened(open_table("Telesina", players, dealer, game="telesina", variant=variant))


def play(state: Table, command) -> tuple[Event, Table]:
    """A command as the service plays it: decided, then applied once and checked."""
    return apply_new(state, decide(state, command))


def run(state: Table, *commands) -> Table:
    for command in commands:
        _event, state = play(state, command)
    return state


def up(cards: dict[int, str]) -> TurnCards:
    return TurnCards(tuple(cards.items()))


def everyone_checks(state: TelesinaTable) -> TelesinaTable:
    while state.hand.round is not None:
        state = run(state, Act(state.hand.to_act, "check"))
    return state


def refused(state: Table, command, code: str) -> None:
    """Refused with `code`, and the table as it was."""
    before = view(state, 1)
    with pytest.raises(DomainError) as caught:
        play(state, command)
    assert caught.value.code == code, caught.value
    assert view(state, 1) == before


def test_the_view_says_the_game_and_variant_and_a_draw_table_stays_draw():
    state = table("secca")
    shown = view(state, 1)
    assert (shown["game"], shown["variant"], shown["phase"]) == ("telesina", "secca", "waiting")
    draw = opened(open_table("Draw", FIVE, 5))
    assert (view(draw, 1)["game"], view(draw, 1)["variant"]) == ("draw", None)


def test_secca_who_speaks_on_each_street_is_the_best_hand_showing_TS_00_TS_01():
    state = run(table("secca"), Deal(None))
    shown = view(state, 2)
    assert shown["phase"] == "cards" and shown["enter"] == {"up": 1, "vele": 0,
                                                            "seats": [1, 2, 3, 4, 5]}
    assert shown["invito"] == 0 and shown["middle"] == 0  # no invito at telesina but Texas
    speakers = []
    for cards in SECCA_UP:
        state = run(state, up(cards))
        speakers.append(state.hand.to_act)
        state = everyone_checks(state)
    # the ace of hearts over the ace of spades; the sevens, twice; the queens over the sevens
    assert speakers == [3, 1, 1, 4]
    assert view(state, 9)["showdown"] == {"contenders": [1, 2, 3, 4, 5], "held_down": 1}
    assert ("TELESINA_LOG_SPEAKS", {"seat": 3}) in state.lines


def test_pot_limit_the_bet_and_the_raise_at_most_the_pot_TS_00():
    state = run(table("secca"), Deal(None), up(SECCA_UP[0]), Act(3, "bet", 1))
    legal = view(state, 4)["legal"]
    # the first bet into an empty middle is the "cip" of 1; a raise at most the middle (1)
    assert (legal["seat"], legal["max_to"], legal["cap"]) == (4, 2, None)
    refused(state, Act(4, "raise", 3), "DRAW_REFUSED")
    state = run(state, Act(4, "raise", 2), Act(5, "raise", 5))  # 3 in the middle: raise by 3
    assert view(state, 6)["middle"] == 8


def test_showdown_by_the_cards_held_down_best_five_by_the_club_order_TS_01():
    state = run(table("secca"), Deal(None), up(SECCA_UP[0]), Act(3, "bet", 1),
                *(Act(s, "call") for s in (4, 5, 1, 2)))
    for cards in SECCA_UP[1:]:
        state = everyone_checks(run(state, up(cards)))
    refused(state, Showdown(shown=((1, "Ac"),)), "DRAW_REFUSED")
    refused(state, Showdown(shown=((1, "Ac"), (2, "Ad"), (3, "Qh"), (4, "7c"), (5, "Ah"))),
            "DRAW_REFUSED")  # the ace of hearts is showing at seat 3
    event, state = play(state, Showdown(shown=((1, "Ac"), (2, "Ad"), (3, "Qh"), (4, "7c"),
                                               (5, "6c"))))
    outcome = view(state, 20)["outcome"]
    assert outcome["shown"]["5"]["category"] == "three_of_a_kind"
    assert dict(event.won)[5] == 5 == sum(dict(event.won).values())  # the trips of sixes


def test_a_hand_won_and_the_next_deal_passes_left_with_the_resti_settled():
    state = run(table("secca"), Deal(None), up(SECCA_UP[0]), Act(3, "bet", 1))
    for seat in (4, 5, 1):
        state = run(state, Act(seat, "fold"))
    state = run(state, Act(2, "call"))
    state = everyone_checks(run(state, up({2: "9h", 3: "9c"})))
    state = run(state, up({2: "Th", 3: "Jc"}), Act(3, "bet", 2), Act(2, "fold"))
    shown = view(state, 30)
    assert shown["phase"] == "over" and shown["outcome"]["won"] == {"3": 4}
    assert shown["outcome"]["next_dealer"] == 1
    state = run(state, Deal(None))
    assert state.hand.order[-1] == 1 and state.table.stacks[3] == 201
    assert state.table.stacks[2] == 199


def test_cambio_the_exchange_then_the_best_showing_speaks_again_TS_02():
    state = run(table("cambio"), Deal(None))
    for cards in SECCA_UP:
        state = everyone_checks(run(state, up(cards)))
    assert view(state, 10)["exchange"] == {"seat": 1}
    refused(state, Exchange(2), "DRAW_REFUSED")  # seat 1 changes first
    refused(state, Exchange(1, "Ah", "Qc"), "DRAW_REFUSED")  # seat 1 does not show the ace
    state = run(state, Exchange(1, "Tc", "7c"), *(Exchange(s) for s in (2, 3, 4, 5)))
    assert view(state, 20)["seats"][0]["showing"] == ["7h", "7d", "7c", "Jd"]
    assert state.hand.to_act == 1  # trips of sevens beat seat 4's queens in the extra round
    assert ("TELESINA_LOG_CHANGES", {"seat": 1, "given": "Tc", "received": "7c"}) in state.lines
    state = everyone_checks(state)
    assert state.hand.awaiting_showdown


def test_una_vela_turned_after_the_own_cards_with_its_own_round_best_five_of_six_TS_03():
    state = run(table("una_vela"), Deal(None))
    for cards in SECCA_UP:
        state = everyone_checks(run(state, up(cards)))
    assert view(state, 10)["enter"] == {"up": 0, "vele": 1, "seats": [1, 2, 3, 4, 5]}
    refused(state, TurnCards((), ""), "DRAW_REFUSED")
    state = run(state, TurnCards((), "Js"))
    assert state.hand.to_act == 1  # the vela pairs everyone's jack: seat 1's jacks and sevens
    state = everyone_checks(state)
    _event, state = play(state, Showdown(shown=((1, "Ac"), (2, "Ad"), (3, "Qh"), (4, "7c"),
                                                (5, "6c"))))
    assert all(len(h["cards"]) == 5 for h in view(state, 30)["outcome"]["shown"].values())


def test_fischer_the_face_up_vela_comes_with_the_first_up_cards_TS_04():
    state = run(table("fischer"), Deal(None))
    assert view(state, 2)["enter"]["vele"] == 1
    refused(state, up(SECCA_UP[0]), "DRAW_REFUSED")
    state = run(state, TurnCards(tuple(SECCA_UP[0].items()), "7c"))
    assert state.hand.to_act == 1 and view(state, 3)["vele"] == ["7c"]
    state = everyone_checks(state)
    for cards in SECCA_UP[1:]:
        state = everyone_checks(run(state, up(cards)))
    state = everyone_checks(run(state, TurnCards((), "8h")))
    assert view(state, 20)["vele"] == ["7c", "8h"] and state.hand.awaiting_showdown


def test_due_vele_each_turned_with_a_round_after_it_TS_05():
    state = run(table("due_vele"), Deal(None))
    for cards in SECCA_UP:
        state = everyone_checks(run(state, up(cards)))
    state = run(state, TurnCards((), "Qc"))
    assert view(state, 10)["street"] == 5
    state = everyone_checks(state)
    state = run(state, TurnCards((), "Qh"))
    assert view(state, 11)["street"] == 6 and state.hand.round is not None
    assert everyone_checks(state).hand.awaiting_showdown


def test_texas_invito_cap_the_dealers_left_speaks_and_both_own_cards_play_TS_06():
    state = run(table("texas"), Deal(None))
    shown = view(state, 2)
    assert shown["invito"] == 5 and shown["middle"] == 25  # five inviti of 5
    assert shown["phase"] == "betting" and shown["to_act"] == 1  # nothing showing: dealer's left
    refused(state, Deal(2), "DRAW_HAND_IN_PLAY")
    state = run(state, Act(1, "bet", 20))
    legal = view(state, 3)["legal"]
    assert legal["cap"] == 20 and legal["max_to"] == 40  # the pot (70) would allow more
    refused(state, Act(2, "raise", 41), "DRAW_REFUSED")
    state = run(state, *(Act(s, "call") for s in (2, 3, 4, 5)))
    assert view(state, 9)["enter"] == {"up": 0, "vele": 3, "seats": [1, 2, 3, 4, 5]}
    refused(state, TurnCards(((1, "Ah"),), "Kh Qh Jh"), "DRAW_REFUSED")  # no own card comes up
    state = run(state, TurnCards((), "Kh Qh Jh"))
    assert state.hand.to_act == 1 and view(state, 10)["legal"]["cap"] is None
    state = run(state, Act(1, "bet", 100))
    assert view(state, 11)["legal"]["max_to"] > 120  # after the flop: the pot limit alone
    state = run(state, *(Act(s, "fold") for s in (2, 3)), Act(4, "call"), Act(5, "call"))
    state = everyone_checks(run(state, TurnCards((), "7h")))
    state = everyone_checks(run(state, TurnCards((), "6c")))
    # seat 1 and seat 5 hold the same straight (9-K) with both own cards: they split (TS-06)
    _event, state = play(state, Showdown(shown=((1, "9s Tc"), (4, "As Ad"), (5, "9d Ts"))))
    won = view(state, 20)["outcome"]["won"]
    assert sorted(won) == ["1", "5"] and sum(won.values()) == 425  # the odd chip to one
    assert abs(won["1"] - won["5"]) == 1
    # seat 4's aces would make the top straight flush only with one own card: with both, a pair
    assert view(state, 20)["outcome"]["shown"]["4"]["category"] == "pair"


def test_only_the_six_variants_open_TS_07_the_three_vele_was_abolished():
    for variant, game in (("tre_vele", "telesina"), ("", "telesina"), ("secca", "draw"),
                          ("secca", "stud")):
        with pytest.raises(DomainError) as caught:
            open_table("T", FIVE, 5, game=game, variant=variant)
        assert caught.value.code == "TABLE_GAME"


def test_six_at_the_table_play_col_salto_with_the_6_to_ace_deck():
    six = [*FIVE, ("Fabio", 200)]
    state = run(table("secca", six, dealer=3), Deal(None))
    assert 2 not in state.hand.order and state.hand.lowest_rank == 6  # the dealer's right
    assert view(state, 2)["seats"][1]["sitting_out"]
    refused(state, up({1: "5h", 3: "Ah", 4: "Kh", 5: "Qh", 6: "Jh"}), "DRAW_REFUSED")
    state = run(state, up({1: "6h", 3: "Ah", 4: "Kh", 5: "Qh", 6: "Jh"}))
    assert chips_on_table(state) == 6 * 200


def test_commands_of_the_other_game_are_refused_and_change_nothing():
    state = run(table("secca"), Deal(None))
    refused(state, Draw(1, 2), "TABLE_WRONG_GAME")
    refused(state, Deal(5), "DRAW_HAND_IN_PLAY")
    refused(state, Act(1, "check"), "DRAW_REFUSED")  # the up-cards come first
    refused(state, TakePassate(1), "DRAW_PASSATA_IN_HAND")
    draw = opened(open_table("Draw", FIVE, 5))
    refused(draw, TurnCards(), "TABLE_WRONG_GAME")
    refused(draw, Deal(None), "DRAW_INVITO_NEEDED")
    refused(run(table("secca")), Deal(3), "TELESINA_INVITO")


def a_command(rng: random.Random, state: TelesinaTable):
    """Mostly a legal move of the hand in play, sometimes anything at all."""
    hand = state.hand
    if state.in_play and rng.random() < 0.8:
        unseen = [c for c in Deck(hand.lowest_rank).cards if c not in set(hand._known())]
        rng.shuffle(unseen)
        if hand.awaiting_cards:
            return TurnCards(tuple((s, " ".join(str(unseen.pop()) for _ in range(
                hand.up_to_enter))) for s in hand.live) if hand.up_to_enter else (),
                " ".join(str(unseen.pop()) for _ in range(hand.vele_to_enter)))
        if hand.to_exchange:
            seat = hand.to_exchange[0]
            if hand.showing(seat) and rng.random() < 0.5:
                return Exchange(seat, str(hand.showing(seat)[0]), str(unseen.pop()))
            return Exchange(seat)
        if hand.awaiting_showdown:
            if rng.random() < 0.5:
                return Showdown(winner=rng.choice(hand.live))
            return Showdown(shown=tuple((s, " ".join(str(unseen.pop()) for _ in range(
                hand.held_down))) for s in hand.live))
        legal = hand.legal_actions()
        action = rng.choice(sorted(a.value for a in legal.actions))
        amount = rng.randint(legal.min_to, legal.max_to) if action in ("bet", "raise") else None
        return Act(legal.seat, action, amount)
    seat = rng.randint(0, 7)
    return rng.choice([Deal(rng.choice([None, 5])), TakePassate(seat, rng.randint(-1, 2)),
                       Act(seat, rng.choice(["check", "bet", "fold"]), rng.randint(-1, 50)),
                       TurnCards(((seat, "Ah"),), "Kd"), Exchange(seat, "Ah", "Kd"),
                       Showdown(winner=seat), Draw(seat, 1)])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["secca", "cambio", "una_vela", "fischer",
                                               "due_vele", "texas"]))
def test_any_command_is_played_or_refused_and_the_log_replays_to_the_same_table(
        random_play, seed, variant):
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    first = open_table("T", [(f"P{s}", rng.randint(6, 120)) for s in range(1, players + 1)],
                       rng.randint(1, players), passata=50, game="telesina", variant=variant)
    random_play(first, a_command, rng)


def test_a_version_1_opening_is_lifted_to_a_draw_table():
    record = {"name": "TableOpened", "version": 1,
              "payload": {"names": [[1, "A"], [2, "B"]], "stacks": [[1, 50], [2, 50]],
                          "dealer": 1, "invito_max": 5, "passata": 0}}
    event = from_record(record)
    assert isinstance(event, TableOpened) and (event.game, event.variant) == ("draw", "")
    assert opened(event).game == "draw" and to_record(event)["version"] == 2
