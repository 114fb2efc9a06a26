"""Telesina tables through the services (issue 17; RULES.md TS-00 .. TS-07): opened like a draw
table with a game and a variant, played with physical cards on the shared event log, undone,
and replayed from the log by a process that holds nothing."""

from __future__ import annotations

import pytest

from tdapp.draw_table.commands import Act, Deal, Exchange, Showdown, TakePassate, TurnCards
from tdapp.kernel.refusals import DomainError
from tdapp.services import draw_tables
from tdapp.services.draw_tables import Player
from tdapp.storage.event_log import Cache

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
UP = ({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"},
      {1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"},
      {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
      {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"})
HELD = ((1, "Ac"), (2, "Ad"), (3, "Qh"), (4, "7c"), (5, "6c"))


def open_table(variant: str, resto: int = 300) -> int:
    players = [Player(n, resto) for n in NAMES]
    return draw_tables.create_table("Telesina", players, 5, "ddt", game="telesina",
                                    variant=variant).id


def run(table_id: int, *commands) -> draw_tables.LoadedDrawTable:
    opened = None
    for command in commands:
        opened = draw_tables.dispatch(table_id, command, "dealer")
    return opened


def up(cards: dict[int, str], vele: str = "") -> TurnCards:
    return TurnCards(tuple(cards.items()), vele)


def checks(table_id: int) -> draw_tables.LoadedDrawTable:
    """Everyone still in checks ("bussa") round the table."""
    now = draw_tables.current(table_id)
    while now.state.hand.round is not None:
        now = run(table_id, Act(now.state.hand.to_act, "check"))
    return now


def own_streets(table_id: int, speakers: list[int], fischer_vela: str = "") -> None:
    """The four streets of own cards, the speaker of each recorded, a bet of 1 on the first."""
    for number, cards in enumerate(UP):
        now = run(table_id, up(cards, fischer_vela if number == 0 else ""))
        speakers.append(now.state.hand.to_act)
        if number == 0:
            seat = now.state.hand.to_act
            run(table_id, Act(seat, "bet", 1))
            now = draw_tables.current(table_id)
            while now.state.hand.round is not None:
                now = run(table_id, Act(now.state.hand.to_act, "call"))
        checks(table_id)


@pytest.mark.parametrize("variant, vele, speakers", [
    ("secca", (), [3, 1, 1, 4]),
    ("una_vela", ("Js",), [3, 1, 1, 4, 1]),
    ("due_vele", ("Qc", "8h"), [3, 1, 1, 4, 4, 4]),
])
def test_each_street_the_best_hand_showing_speaks_to_the_showdown_TS_01_TS_03_TS_05(
        app, variant, vele, speakers):
    tid = open_table(variant)
    said: list[int] = []
    run(tid, Deal(None))
    own_streets(tid, said)
    for vela in vele:
        said.append(run(tid, TurnCards((), vela)).state.hand.to_act)
        checks(tid)
    assert said == speakers
    done = run(tid, Showdown(shown=HELD))
    assert done.state.hand.over and sum(done.state.hand.won.values()) == 5
    assert sum(done.state.next_table.stacks.values()) == 5 * 300


def test_fischer_the_face_up_vela_at_the_deal_and_the_face_down_one_last_TS_04(app):
    tid = open_table("fischer")
    said: list[int] = []
    run(tid, Deal(None))
    own_streets(tid, said, fischer_vela="7c")
    assert said[0] == 1  # the sevens with the face-up vela
    now = run(tid, TurnCards((), "8h"))
    assert [str(c) for c in now.state.hand.vele] == ["7c", "8h"]
    checks(tid)
    done = run(tid, Showdown(winner=4))
    assert done.state.hand.won == {4: 5}


def test_cambio_the_exchange_and_an_extra_round_TS_02(app):
    tid = open_table("cambio")
    run(tid, Deal(None))
    own_streets(tid, [])
    now = run(tid, Exchange(1, "Tc", "7c"), *(Exchange(s) for s in (2, 3, 4, 5)))
    assert now.state.hand.to_act == 1 and now.state.hand.street == 4
    checks(tid)
    done = run(tid, Showdown(shown=((1, "7s"), (2, "Ad"), (3, "Qh"), (4, "8d"), (5, "6c"))))
    assert done.state.hand.shown[1].category == "four_of_a_kind"  # the sevens, the 7c received
    assert done.state.hand.won == {1: 5}


def test_texas_the_invito_the_cap_and_the_vele_TS_06(app):
    tid = open_table("texas")
    now = run(tid, Deal(None))
    assert now.state.hand.dead == 25 and now.state.hand.to_act == 1
    run(tid, Act(1, "bet", 20))
    with pytest.raises(DomainError) as refused:
        run(tid, Act(2, "raise", 60))  # 20 in 20 before the flop
    assert refused.value.code == "DRAW_REFUSED"
    run(tid, Act(2, "raise", 40), *(Act(s, "fold") for s in (3, 4, 5)), Act(1, "call"))
    for vele in ("Ah Kh Qh", "Jh", "6c"):
        assert run(tid, TurnCards((), vele)).state.hand.to_act == 1
        checks(tid)
    done = run(tid, Showdown(shown=((1, "9s Tc"), (2, "Th 7s"))))
    assert done.state.hand.won == {1: 105}  # 9-K straight; seat 2 may not play Th alone


def test_undo_and_a_fresh_process_replay_the_same_table(app, monkeypatch):
    tid = open_table("secca")
    run(tid, Deal(None), up(UP[0]), Act(3, "bet", 1), Act(4, "call"))
    undone = draw_tables.undo(tid, "ddt")
    assert undone.state.hand.to_act == 4
    before = draw_tables.current(tid)
    monkeypatch.setattr(draw_tables.LOG, "cache", Cache())  # nothing in memory
    again = draw_tables.current(tid)
    assert again.state == before.state and again.version == before.version
    kinds = [e.kind for e in draw_tables.history(tid)]
    assert kinds[:3] == ["TableOpened", "HandDealt", "CardsTurned"] and kinds[-1] == "ActionTaken"


def test_refusals_change_nothing_and_a_draw_table_is_opened_as_before(app):
    tid = open_table("secca", resto=50)
    version = draw_tables.current(tid).version
    for command, code in ((Act(1, "check"), "DRAW_NO_HAND"), (Deal(5), "TELESINA_INVITO"),
                          (TurnCards(), "DRAW_NO_HAND")):
        with pytest.raises(DomainError) as refused:
            run(tid, command)
        assert refused.value.code == code
    assert draw_tables.current(tid).version == version
    run(tid, TakePassate(2))  # a resto grows before the deal, as at draw
    assert draw_tables.current(tid).state.next_table.stacks[2] == 100
    with pytest.raises(DomainError) as refused:
        draw_tables.create_table("T", [Player(n, 100) for n in NAMES], 5, "ddt",
                                 game="telesina", variant="tre_vele")  # TS-07
    assert refused.value.code == "TABLE_GAME"
    draw = draw_tables.create_table("T", [Player(n, 100) for n in NAMES], 5, "ddt")
    assert draw.state.game == "draw"
