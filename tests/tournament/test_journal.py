"""The log in the room's words, English and Italian, for every event type (issue 12): names, not
ids; tables as "table 3"; money in euros; who did it."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from tournament_builders import tournament

from tdapp.kernel.refusals import message_plural, message_template
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock.rules import (
    AdjustClock,
    NextLevel,
    PauseClock,
    ResumeClock,
    SetDisplayLayout,
)
from tdapp.tournament.colour_up.chip_set import ChipColour
from tdapp.tournament.colour_up.rules import RaceChips, RaceCount
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.events import event_name, registered_events
from tdapp.tournament.hands.commands import (
    Misdeal,
    RenewTableAccess,
    Showdown,
    StartHand,
    TakeAction,
    UseTimeBank,
)
from tdapp.tournament.journal import (
    actor_label,
    describe,
    describe_log,
    described,
    english_money,
    render,
)
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.phone_codes import IssuePhoneCode
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.registry import replay
from tdapp.tournament.reinstate import ReinstatePlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.seating.rules import (
    BreakTable,
    ConfigureSeating,
    DrawButtons,
    MovePlayer,
    RedrawFinalTable,
    SetBreakOrder,
    SetHandForHand,
)
from tdapp.tournament.settings import AddOnRules, RebuyRules, ReEntryRules
from tdapp.tournament.signups.commands import (
    ApproveSignup,
    CancelSignup,
    DeclineSignup,
    MoveDownSignup,
    PromoteSignup,
    ReleaseNoShows,
    SignUp,
)
from tdapp.tournament.signups.model import SignupSettings

CATALOGUE = Path(__file__).parents[2] / "tdapp/translations/it/LC_MESSAGES/messages.po"
NAMES = ["Anna Rossi", "Marco Bianchi", "Giulia Verdi", "Luca Neri", "Sara Gallo", "Paolo Conti",
         "Elena Riva", "Davide Costa", "Chiara Greco", "Matteo Bruno", "Laura Fontana",
         "Andrea Villa", "Walk-in"]


def italian():
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle)

    def translate(code, params):
        message = catalogue.get(message_template(code))
        assert message is not None and message.string, f"{code} has no Italian"
        if isinstance(message.string, tuple):  # a line with a count: Italian's one and many
            one = message_plural(code).number(params) == 1
            return message.string[0 if one else 1] % params
        return message.string % params

    def money(cents):
        pattern = "#,##0" if cents % 100 == 0 else "#,##0.00"
        return "€\u00a0" + format_decimal(Decimal(cents) / 100, format=pattern, locale="it")

    return translate, money


def english(code, params):
    template = message_template(code)
    assert template is not None, f"{code} has no English"
    return template % params


def night():
    """A night that makes every kind of event once at least."""
    play = tournament(
        players=0, seats_drawn=False, seats_per_table=9, options={"time_bank": "1"},
        rebuy=RebuyRules(until_level=4, chips=5000, price_cents=1000),
        add_on=AddOnRules(chips=8000, price_cents=1250),
        re_entry=ReEntryRules(until_level=4, price_cents=2000),
        late_registration_until_level=4,
        chip_set=(ChipColour(25, "green", 300), ChipColour(50, "blue", 300), ChipColour(100, "black", 900)),
        signups=SignupSettings(cap=2),
    )
    sign_ups(play)
    for name in NAMES[:-1]:
        play.do(RegisterPlayer(name))
    play.do(RegisterPlayer(NAMES[-1], signup_id=1))  # checked in, unregistered below
    play.do(UnregisterPlayer(13))
    play.do(ConfigureSeating(balance_diff=2, final_table_seats=9))
    play.do(DrawSeats())
    play.do(SetBreakOrder((2,)))
    play.do(DrawButtons())
    play.do(SetDisplayLayout("bar", "rotate"))
    play.at_level(1)
    play.do(PauseClock())
    play.do(ResumeClock())
    play.do(AdjustClock(60))
    play.do(Rebuy(1, stack=0))
    play.do(SetAbsent(2, True))
    play.do(SetAbsent(2, False))
    play.do(IssuePhoneCode(2))
    play.do(SetChips(3, 4000))
    table = play.player(1).table
    other = 3 - table
    play.do(StartHand(table))
    hand = play.state.play.hands[table]
    play.do(UseTimeBank(table, hand.engine.to_act))
    while play.state.play.hands[table].engine.to_act is not None:
        engine = play.state.play.hands[table].engine
        legal = engine.legal_actions()
        play.do(TakeAction(table, legal.seat, "call" if "call" in legal.actions else "check"))
    live = play.state.play.hands[table].engine.live
    play.do(Showdown(table, winners=((live[0],),)))
    play.do(RenewTableAccess(table))
    play.do(StartHand(other))
    play.do(Misdeal(other))
    mate = next(p for p in play.state.tables[play.player(4).table] if p not in (None, 4))
    play.do(BustPlayer(4, eliminated_by=(mate,)))
    play.do(ReEnterPlayer(4))
    play.do(SetChips(10, 2500))
    play.do(ReEnterPlayer(10, forfeit=True))
    play.do(BustPlayer(5))
    play.do(ReinstatePlayer(5, stack=3000))
    mover = next(p for p in play.state.tables[other] if p is not None)
    play.do(MovePlayer(mover, table, play.state.tables[table].index(None) + 1))
    play.do(NextLevel())
    play.on_break_after(4)
    play.do(AddOn(6))
    play.do(RaceChips(25, (RaceCount(6, 3), RaceCount(1, 5))))
    for player_id in (7, 8, 9):
        play.do(BustPlayer(player_id))
    play.do(BreakTable(other))
    play.do(RedrawFinalTable())
    play.do(SetHandForHand(True))
    pool = play.state.ledger.money_in_cents
    play.do(AdjustPayouts((pool - pool // 3, pool // 3)))
    play.do(ReleaseNoShows())
    return play


def sign_ups(play):
    """Every sign-up event: places, the line, the DdT's word on each."""
    for name in ("Walk-in", "Nora Sala", "Rita Galli", "Ugo Marini"):
        play.do(SignUp(name, f"{name.split()[0].lower()}@example.com"))
    play.do(PromoteSignup(4))
    play.do(CancelSignup(2, play.state.signups.signup(2).code))
    play.do(MoveDownSignup(4))
    rules = replace(play.state.settings.signups, approval=True)
    play.do(ConfigureTournament(replace(play.state.settings, signups=rules)))
    play.do(SignUp("Zoe Ferri", "zoe@example.com"))
    play.do(ApproveSignup(5))
    play.do(DeclineSignup(5))


@pytest.fixture(scope="module")
def played():
    return night()


def test_every_event_type_has_a_log_line():
    ours = {
        name: kind
        for name, kind in registered_events().items()
        if kind.__module__.startswith("tdapp.")  # tests register events of their own
    }
    assert [name for name, kind in ours.items() if not described(kind)] == []


def test_the_night_makes_every_event_type(played):
    ours = {name for name, kind in registered_events().items() if kind.__module__.startswith("tdapp.")}
    assert len(ours) >= 31
    assert ours - {event_name(item) for item in played.log} == set()


def test_every_line_reads_in_english_and_italian_without_class_names_ids_or_cents(played):
    to_italian, euro_it = italian()
    class_names = set(registered_events())
    lines = describe_log((item, True) for item in played.log)
    assert len(lines) == len(played.log)
    for code, params in lines:
        for text in (render(code, params, english), render(code, params, to_italian, euro_it)):
            assert not re.search(r"#\d", text), text
            assert not any(name in text for name in class_names), text
            assert "None" not in text and "cents" not in text and "{" not in text, text
            assert "%(" not in text, text


def test_players_are_named_and_money_is_in_euros(played):
    to_italian, euro_it = italian()
    texts = [render(code, params) for code, params in describe_log((e, True) for e in played.log)]
    assert "Anna Rossi rebought 5000 chips for €10" in texts
    assert "Walk-in unregistered: €20 given back" in texts
    italian_lines = [
        render(code, params, to_italian, euro_it)
        for code, params in describe_log((e, True) for e in played.log)
    ]
    assert "Paolo Conti ha fatto l'add-on: 8000 fiches per €\u00a012,50" in italian_lines
    assert "Paolo Conti took the add-on: 8000 chips for €12.50" in texts


def test_a_bust_names_its_eliminator_and_a_forfeiting_re_entry_its_chips(played):
    texts = [render(code, params) for code, params in describe_log((e, True) for e in played.log)]
    assert any(re.fullmatch(r"Luca Neri is out in place \d+, knocked out by [A-Z].+", t) for t in texts)
    assert (
        "Matteo Bruno re-entered for €20 with 5000 chips; the 2500 chips of the entry before"
        " left play"
    ) in texts


def test_a_hand_reads_with_the_names_of_the_players_at_their_seats():
    play = tournament(players=3).at_level(1)
    table = play.player(1).table
    play.do(StartHand(table))
    hand = play.state.play.hands[table]
    before = play.state
    seat = hand.engine.to_act
    stepped = play.do(TakeAction(table, seat, "raise", 150))
    name = play.player(hand.players[seat]).name
    assert render(*describe(stepped, before)) == f"Table {table}, hand 1: {name} raises to 150"


def test_who_did_it_reads_in_the_rooms_words():
    play = tournament(players=2)
    play.state = replay(play.log)
    to_italian, _ = italian()
    labels = {
        owner: (render(*actor_label(owner, "marco", play.state)),
                render(*actor_label(owner, "marco", play.state), to_italian))
        for owner in ("ddt", "table:3", "phone:1", "clock")
    }
    assert labels == {
        "ddt": ("marco (DdT)", "marco (DdT)"),
        "table:3": ("table 3", "tavolo 3"),
        "phone:1": ("phone of P1", "telefono di P1"),
        "clock": ("clock", "orologio"),
    }


def test_english_money_shows_cents_only_when_there_are_some():
    assert [english_money(c) for c in (2000, 1250, 125000, 5)] == ["€20", "€12.50", "€1,250", "€0.05"]
