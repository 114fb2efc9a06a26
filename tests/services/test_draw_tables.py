"""Hands of Italian draw played through the services from start to end, with a physical deck:
the dealer confirms openers and enters the hands shown or taps the winner (issue 7; RULES.md
IT-06, IT-14, IT-15, IT-17, IT-23)."""

from __future__ import annotations

import pytest

from tdapp.draw_table.commands import (
    Act,
    Deal,
    DeclareFalseOpening,
    Draw,
    Misdeal,
    OpenTogether,
    Showdown,
    TakePassate,
)
from tdapp.kernel.refusals import DomainError
from tdapp.services import draw_tables
from tdapp.services.draw_tables import Player
from tdapp.storage.event_log import Cache

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


def open_table(restos=(300, 300, 300, 300, 300), dealer=5) -> int:
    players = [Player(n, r) for n, r in zip(NAMES, restos, strict=True)]
    return draw_tables.create_table("Tavolo 1", players, dealer, "ddt").id


def run(table_id: int, *commands) -> draw_tables.LoadedDrawTable:
    opened = None
    for command in commands:
        opened = draw_tables.dispatch(table_id, command, "dealer")
    return opened


def servito(table_id: int, *seats: int) -> draw_tables.LoadedDrawTable:
    return run(table_id, *(Draw(seat, 0) for seat in seats))


def stacks(opened: draw_tables.LoadedDrawTable) -> dict[int, int]:
    return dict(opened.state.next_table.stacks)


def chips(opened: draw_tables.LoadedDrawTable) -> int:
    table = opened.state.next_table
    return sum(table.stacks.values()) + sum(table.carries)


def test_a_passed_deal_raises_the_opening_to_queens_and_the_shown_hands_decide_IT_06_IT_14(app):
    tid = open_table()
    run(tid, Deal(2), *(Act(seat, "check") for seat in (1, 2, 3, 4, 5)))
    now = draw_tables.current(tid)
    assert now.state.hand.outcome.kind == "no_opening"
    assert (now.state.next_table.level.name, now.state.next_table.dealer) == ("QUEENS", 1)
    assert now.state.next_table.carries == (10,)
    opened = run(tid, Deal(2))
    assert opened.state.hand.middle == 20  # the passed pot waits with the new inviti
    with pytest.raises(DomainError, match="confirm the opener"):
        run(tid, Act(2, "bet"))  # physical cards: the dealer must see the openers
    opened = run(tid, Act(2, "check"), Act(3, "bet", confirmed=True))
    assert opened.state.hand.round.bets[3] == 20  # no amount named: the pot (IT-08)
    run(tid, Act(4, "fold"), Act(5, "fold"), Act(1, "fold"), Act(2, "call"))
    servito(tid, 2, 3)
    opened = run(tid, Act(3, "bet", 30), Act(2, "call"))
    assert opened.state.hand.phase.value == "showdown"
    # queens over jacks would be plain; the club's order: a flush beats a full house (IT-18)
    opened = run(tid, Showdown(shown=((2, "7h 8h 9h Jh Kh"), (3, "Qs Qd Qc 6s 6d"))))
    assert opened.state.hand.outcome.won == {2: 20 + 40 + 60}
    assert opened.state.next_table.level.name == "JACKS"
    assert chips(opened) == 1500


def test_piatto_di_parola_the_folders_pay_in_and_kings_are_needed_next_IT_15(app):
    tid = open_table()
    run(tid, Deal(2), Act(1, "bet", 10, confirmed=True), Act(2, "call"), Act(3, "call"),
        Act(4, "fold"), Act(5, "fold"))
    servito(tid, 1, 2, 3)
    opened = run(tid, Act(1, "check"), Act(2, "check"), Act(3, "check"))
    assert opened.state.hand.outcome.kind == "piatto_di_parola"
    assert stacks(opened) == {1: 288, 2: 288, 3: 288, 4: 288, 5: 288}  # 4 and 5 paid 10 each
    table = opened.state.next_table
    assert (table.level.name, table.carries, table.dealer) == ("KINGS", (60,), 1)
    opened = run(tid, Deal(2))
    assert opened.state.hand.middle == 70
    assert opened.state.hand.level.name == "KINGS"
    assert chips(opened) == 1500


def test_a_false_opener_caught_after_a_raise_refunds_the_initial_pot_IT_17_c(app):
    tid = open_table()
    opened = run(tid, Deal(2), Act(1, "bet", 10, confirmed=True), Act(2, "call"),
                 Act(3, "raise", 40), Act(4, "fold"), Act(5, "fold"), Act(1, "fold"),
                 Act(2, "fold"))
    assert opened.state.hand.outcome.won == {3: 70}
    opened = run(tid, DeclareFalseOpening(raiser_has_openers=False))
    assert stacks(opened)[1] == 300 - 2 - 10 - 10
    assert stacks(opened)[3] == 300 - 2 - 40 + 70
    assert opened.state.next_table.carries == (10,)
    with pytest.raises(DomainError, match="already judged"):
        run(tid, DeclareFalseOpening())
    assert run(tid, Deal(2)).state.hand.middle == 20
    assert chips(opened) == 1500


def test_a_resto_all_in_makes_a_side_pot_for_the_better_of_the_others_IT_23(app):
    tid = open_table(restos=(500, 500, 47, 500, 500))
    run(tid, Deal(2), Act(1, "bet", 10, confirmed=True), Act(2, "call"), Act(3, "call"),
        Act(4, "fold"), Act(5, "fold"))
    servito(tid, 1, 2, 3)
    opened = run(tid, Act(1, "bet", 40), Act(2, "call"), Act(3, "all_in"))
    pots = [(p.amount, sorted(p.eligible)) for p in _pots(opened)]
    assert pots[:2] == [(10 + 30 + 3 * 35, [1, 2, 3]), (10, [1, 2])]
    opened = run(tid, Showdown(shown=((1, "Jh Jd 7c 8d 9c"), (2, "Qh Qd Ah 7d 8c"),
                                      (3, "Ks Kd Kc 9h Th"))))
    assert opened.state.hand.outcome.won == {3: 10 + 30 + 3 * 35, 2: 10}
    assert stacks(opened)[3] == 145
    assert chips(opened) == 2047


def _pots(opened):
    from tdapp.engine.pots import split_pots

    hand = opened.state.hand
    bets = hand.round.bets if not hand.round.closed else {}
    committed = {s: hand.committed[s] + bets.get(s, 0) for s in hand.order}
    return [p for p in split_pots(committed, set(hand.order) - set(hand.live),
                                  dead=hand.initial_pot) if not p.returned]


def test_the_tapped_winner_takes_the_pot_and_suits_mean_no_split_IT_14(app):
    tid = open_table()
    run(tid, Deal(1), Act(1, "bet", 5, confirmed=True), Act(2, "call"), Act(3, "fold"),
        Act(4, "fold"), Act(5, "fold"))
    servito(tid, 1, 2)
    run(tid, Act(1, "bet", 5), Act(2, "call"))
    same_ranks = ((1, "Ah Kh Qd Jc 9s"), (2, "As Ks Qc Jd 9h"))
    opened = run(tid, Showdown(shown=same_ranks))
    assert opened.state.hand.outcome.won == {1: 5 + 10 + 10}  # hearts beat spades (IT-19)


def test_undo_takes_back_the_last_action_which_stays_in_the_log_marked(app):
    tid = open_table()
    run(tid, Deal(2), Act(1, "check"))
    opened = draw_tables.undo(tid, "dealer")
    assert opened.state.hand.to_act == 1
    opened = run(tid, Act(1, "bet", 10, confirmed=True))
    assert opened.state.hand.opener == 1
    log = draw_tables.history(tid)
    assert [(e.kind, e.undone, e.undone_by) for e in log] == [
        ("TableOpened", False, None), ("HandDealt", False, None),
        ("ActionTaken", True, "dealer"), ("ActionTaken", False, None)]
    assert [e.owner for e in log] == ["ddt", f"table:{tid}", f"table:{tid}", f"table:{tid}"]
    assert log[-1].payload["put_in"] == 10
    draw_tables.undo(tid, "dealer")
    draw_tables.undo(tid, "dealer")
    with pytest.raises(DomainError) as refused:
        draw_tables.undo(tid, "dealer")
    assert refused.value.code == "DRAW_NOTHING_TO_UNDO"


def test_the_log_replayed_gives_the_state_another_process_would_see(app, monkeypatch):
    tid = open_table()
    run(tid, Deal(2), Act(1, "bet", 10, confirmed=True), Act(2, "call"), Act(3, "fold"))
    before = draw_tables.current(tid)
    monkeypatch.setattr(draw_tables.LOG, "cache", Cache())  # a fresh process: nothing in memory
    after = draw_tables.current(tid)
    assert after.state == before.state and after.version == before.version


def test_refusals_change_nothing(app):
    tid = open_table()
    before = run(tid, Deal(2))
    for command, code in [
        (Act(3, "check"), "DRAW_REFUSED"),  # not seat 3's turn
        (Deal(2), "DRAW_HAND_IN_PLAY"),
        (Showdown(winner=1), "DRAW_REFUSED"),
        (Draw(1, 2), "DRAW_REFUSED"),
        (Misdeal("stub_miscount"), "DRAW_REFUSED"),
        (Misdeal("nonsense"), "DRAW_BAD_MISDEAL"),
    ]:
        with pytest.raises(DomainError) as refused:
            draw_tables.dispatch(tid, command, "dealer")
        assert refused.value.code == code
    assert draw_tables.current(tid).version == before.version


def test_an_exposed_card_redeal_keeps_the_dealer_and_the_inviti_IT_25(app):
    tid = open_table()
    opened = run(tid, Deal(2), Misdeal("exposed_cards", exposed=2))
    table = opened.state.next_table
    assert (table.dealer, table.carries) == (5, (10,))


def test_a_table_needs_playable_seats_and_a_known_league(app):
    with pytest.raises(DomainError, match="not played 7-handed"):
        draw_tables.create_table("T", [Player(f"P{i}", 100) for i in range(7)], 1, "ddt")
    with pytest.raises(DomainError) as refused:
        draw_tables.create_table("T", [Player("A", 100), Player("B", 100)], 1, "ddt",
                                 league_id=999)
    assert refused.value.code == "UNKNOWN_LEAGUE"
    with pytest.raises(DomainError, match="a different one"):
        draw_tables.create_table("T", [Player("A", 100), Player("A", 100)], 1, "ddt")


def test_a_resto_grows_by_whole_passate_only_before_the_deal_IT_24(app):
    players = [Player(n, 100) for n in NAMES[:4]]
    tid = draw_tables.create_table("T", players, 4, "ddt", passata=100).id
    run(tid, Deal(2))
    with pytest.raises(DomainError) as refused:
        run(tid, TakePassate(1))
    assert refused.value.code == "DRAW_PASSATA_IN_HAND"
    run(tid, *(Act(seat, "check") for seat in (1, 2, 3, 4)))  # nobody opens
    with pytest.raises(DomainError, match="whole passate"):
        draw_tables.dispatch(tid, TakePassate(1, 0), "dealer")
    opened = run(tid, TakePassate(1, 2))
    assert stacks(opened)[1] == 98 + 200
    opened = run(tid, Deal(2))
    assert opened.state.hand.start_stacks[1] == 298 and opened.state.top_ups == {}


def test_a_blind_step_over_the_cap_is_refused_IT_05(app):
    tid = open_table()
    with pytest.raises(DomainError, match="over 150"):
        run(tid, Deal(5, blind_steps=3))  # 25 + 50 + 100 + 200 would pass the cap
    assert draw_tables.current(tid).state.hand is None


def test_a_buio_is_twice_the_pot_and_comes_out_of_the_players_resto_IT_05(app):
    tid = open_table()
    opened = run(tid, Deal(2, blind_steps=2))  # buio 20, controbuio 40 on a pot of 10
    hand = opened.state.hand
    assert (hand.round.bets[1], hand.round.bets[2], hand.to_act) == (20, 40, 3)
    assert (hand.round.stacks[1], hand.round.stacks[2]) == (300 - 2 - 20, 300 - 2 - 40)


def test_a_hand_with_a_buio_played_to_the_showdown_keeps_every_chip_IT_05_IT_13(app, monkeypatch):
    tid = open_table()
    run(tid, Deal(2, blind_steps=1))  # buio 20 on a pot of 10
    run(tid, Act(2, "call"), Act(3, "fold"), Act(4, "fold"), Act(5, "call"), Act(1, "check"))
    opened = servito(tid, 1, 2, 5)
    assert opened.state.hand.to_act == 1  # the buio opened blind, so it speaks first
    assert opened.state.hand.middle == 10 + 3 * 20
    opened = run(tid, Act(1, "bet", 30), Act(2, "call"), Act(5, "fold"))
    opened = run(tid, Showdown(shown=((1, "Ah Ad 7c 8d 9c"), (2, "6h 8h 9h Jh Kh"))))
    assert opened.state.hand.outcome.won == {2: 70 + 60}
    assert stacks(opened) == {1: 300 - 2 - 20 - 30, 2: 300 - 2 - 20 - 30 + 130, 3: 298,
                              4: 298, 5: 300 - 2 - 20}
    assert chips(opened) == 1500
    log = draw_tables.history(tid)
    assert [e.payload["put_in"] for e in log if e.kind == "ActionTaken"][:2] == [20, 0]
    monkeypatch.setattr(draw_tables.LOG, "cache", Cache())  # replayed from the log by a process that holds nothing
    assert draw_tables.current(tid).state == opened.state


def test_two_openers_at_once_the_earlier_opens_and_the_other_must_play_IT_09(app):
    tid = open_table()
    run(tid, Deal(2), Act(1, "check"))
    opened = run(tid, OpenTogether(2, 4, 10, confirmed=True), Act(3, "fold"))
    hand = opened.state.hand
    assert hand.opener == 2 and hand.to_act == 4
    legal = hand.legal_actions()
    assert "raise" not in legal.actions and "fold" in legal.actions
    with pytest.raises(DomainError, match="must stay in"):
        run(tid, Act(4, "fold"))


def test_an_error_before_the_opening_annuls_the_hand_and_the_pot_waits_IT_27(app):
    tid = open_table()
    opened = run(tid, Deal(2), Act(1, "check"), Misdeal("void_before_opening", reason="no_cut"))
    assert opened.state.hand.outcome.kind == "void"
    assert opened.state.next_table.carries == (10,) and chips(opened) == 1500
    run(tid, Deal(2), Act(2, "bet", 5, confirmed=True))  # the deal passed to seat 1
    with pytest.raises(DomainError, match="valid"):
        run(tid, Misdeal("void_before_opening", reason="no_cut"))  # IT-28
