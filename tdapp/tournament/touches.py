"""What each event touches, declared per event type, so that "a later event depends on this one"
is a lookup, not a guess made by replaying the log.

A thing is a tuple naming one part of the tournament:

    ("player", id)          that player's record: stack, status, purchases, presence, place
    ("seat", table, seat)   who sits there
    ("table", n)            the table itself: set up by a draw, broken, made final
    ("hand", n)             the hand at table n and its button history
    ("time_bank", id)       the player's time-bank extensions
    ("access", n)           the token and PIN of table n's console
    ("in_play",)            how many players are left: what a bust's place is counted from
    ("places",)             the finish places of the players out
    ("ids",)                the next player id (registration numbers players densely)
    ("money",)              money in and chips issued: the prize pool
    ("payouts",)            the DdT's amounts per place after a deal
    ("clock",)              the clock: running or paused, and the time left
    ("level",)              the level in play: what a hand's blinds come from
    ("settings",)           the tournament's settings and blind structure
    ("seating",)            balancing, break order, final-table size, hand-for-hand
    ("display", screen)     a wall screen's layout
    ("signup", id)          that sign-up: its status, its check-in
    ("signups",)            the sign-ups' places taken and their waitlist, what a status is
                            given from

Each event declares three sets, from itself and the state it was applied to:
- `changes`: what it sets;
- `adds`: totals it moves up or down; adding commutes, so two additions never depend on each other;
- `reads`: what its recorded outcome was computed from (a bust's place from the players left,
  a hand's blinds from the clock), not the checks that merely let it through.

A later event depends on an earlier one when it reads or changes what the earlier one changed or
added to, or adds to what the earlier one changed (`depends_on`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tdapp.tournament.busts import Finish, PlayersBusted
from tdapp.tournament.chips import ChipsCounted
from tdapp.tournament.clock.rules import (
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    DisplayLayoutSet,
    LevelChanged,
)
from tdapp.tournament.configure import TournamentConfigured
from tdapp.tournament.events import Event
from tdapp.tournament.finish import TournamentFinish
from tdapp.tournament.hands.events import (
    DecisionExtended,
    HandMisdealt,
    HandShownDown,
    HandStarted,
    HandStepped,
    TableAccessRenewed,
)
from tdapp.tournament.payouts import PayoutsAdjusted
from tdapp.tournament.phone_codes import PhoneCodeIssued
from tdapp.tournament.presence import PresenceChanged
from tdapp.tournament.purchases import AddOnTaken, RebuyTaken
from tdapp.tournament.registration import PlayerReEntered, PlayerRegistered, PlayerUnregistered
from tdapp.tournament.reinstate import PlayerReinstated
from tdapp.tournament.seating.opening_draw import SeatsDrawn
from tdapp.tournament.seating.rules import (
    BreakOrderSet,
    ButtonsDrawn,
    FinalTableDrawn,
    HandForHandSet,
    MoveMade,
    PlayersMoved,
    SeatingConfigured,
    TablesBroken,
)
from tdapp.tournament.state import Tournament

Thing = tuple[Any, ...]

CLOCK: Thing = ("clock",)
LEVEL: Thing = ("level",)
SETTINGS: Thing = ("settings",)
SEATING: Thing = ("seating",)
IN_PLAY: Thing = ("in_play",)
PLACES: Thing = ("places",)
IDS: Thing = ("ids",)
MONEY: Thing = ("money",)
PAYOUTS: Thing = ("payouts",)
SIGNUPS: Thing = ("signups",)


@dataclass(frozen=True)
class Touches:
    changes: frozenset[Thing] = frozenset()
    adds: frozenset[Thing] = frozenset()
    reads: frozenset[Thing] = frozenset()

    @property
    def things(self) -> frozenset[Thing]:
        """Everything the event touches, whichever way."""
        return self.changes | self.adds | self.reads

    def depends_on(self, earlier: Touches) -> bool:
        """Whether this event, made later, relies on what `earlier` did."""
        written = earlier.changes | earlier.adds
        return bool(
            (self.reads | self.changes) & written or self.adds & earlier.changes
        )


def _touches(
    changes: Iterable[Thing] = (), adds: Iterable[Thing] = (), reads: Iterable[Thing] = ()
) -> Touches:
    return Touches(frozenset(changes), frozenset(adds), frozenset(reads))


Declaration = Callable[[Any, Tournament], Touches]
_DECLARED: dict[type, Declaration] = {}


def declares(*events: type) -> Callable[[Declaration], Declaration]:
    """Registers what events of these types touch: `f(event, before) -> Touches`."""

    def register(declaration: Declaration) -> Declaration:
        for kind in events:
            if kind in _DECLARED:
                raise ValueError(f"{kind.__qualname__} already declares what it touches")
            _DECLARED[kind] = declaration
        return declaration

    return register


def declared(kind: type) -> bool:
    return kind in _DECLARED


def touches(event: Event, before: Tournament) -> Touches:
    """What `event` touches, applied to the state `before`."""
    declaration = _DECLARED.get(type(event))
    if declaration is None:
        raise TypeError(f"{type(event).__qualname__} does not declare what it touches")
    return declaration(event, before)


# --- helpers ---------------------------------------------------------------------------------


def _seat_of(state: Tournament, player_id: int) -> list[Thing]:
    player = state.players.get(player_id)
    if player is None or player.table is None:
        return []
    return [("seat", player.table, player.seat)]


def signups_of(signup_ids: Iterable[int]) -> list[Thing]:
    return [("signup", signup_id) for signup_id in signup_ids]


def _seat(table: int | None, seat: int | None) -> list[Thing]:
    return [] if table is None else [("seat", table, seat), ("table", table)]


def _bust(
    finishes: Iterable[Finish], before: Tournament, finish: TournamentFinish | None = None
) -> Touches:
    """Each player out, their seat, and the places, counted from the players left; each
    eliminator paid from the player's head (a later bust of theirs reads their own head), and
    the bounty totals of the ledger. The bust that finishes the tournament stops the clock and
    the level where they stood."""
    changes: list[Thing] = [PLACES] + ([CLOCK, LEVEL] if finish is not None else [])
    adds: list[Thing] = [IN_PLAY]
    for finish in finishes:
        changes += [("player", finish.player_id), *_seat_of(before, finish.player_id)]
        changes += [("player", knockout.eliminator) for knockout in finish.knockouts]
        player = before.players.get(finish.player_id)
        if player is not None and player.bounty_cents:
            adds.append(MONEY)
    return _touches(changes, adds=adds, reads=[IN_PLAY])


def _moves(moves: Iterable[MoveMade]) -> list[Thing]:
    things: list[Thing] = []
    for move in moves:
        things += [
            ("player", move.player_id),
            ("seat", move.from_table, move.from_seat),
            ("seat", move.to_table, move.to_seat),
        ]
    return things


def _hand_players(before: Tournament, table: int) -> list[Thing]:
    """The players dealt in at `table`: a step may end the hand and move their stacks."""
    hand = before.play.hand(table)
    return [] if hand is None else [("player", p) for p in hand.players.values()]


# --- the declarations ------------------------------------------------------------------------


@declares(TournamentConfigured)
def _configured(event: TournamentConfigured, before: Tournament) -> Touches:
    # A cap raised confirms the first in line.
    promoted = [SIGNUPS, *signups_of(event.signups_promoted)] if event.signups_promoted else []
    return _touches([SETTINGS, *promoted])


@declares(PlayerRegistered)
def _registered(event: PlayerRegistered, before: Tournament) -> Touches:
    # After busts, a new entry pushes every place down one (registration.make_room_in_places).
    places = [PLACES] if before.players.busted else []
    checked_in = signups_of(() if event.signup_id is None else (event.signup_id,))
    return _touches(
        [("player", event.player_id), IDS, *places, *_seat(event.table, event.seat),
         *checked_in],
        adds=[IN_PLAY, MONEY],
        reads=[SETTINGS],
    )


@declares(PlayerUnregistered)
def _unregistered(event: PlayerUnregistered, before: Tournament) -> Touches:
    signup = before.signups.of_player(event.player_id)
    checked_in = signups_of(() if signup is None else (signup.id,))
    return _touches([("player", event.player_id), *checked_in], adds=[IN_PLAY, MONEY],
                    reads=[SETTINGS])


@declares(PlayerReEntered)
def _re_entered(event: PlayerReEntered, before: Tournament) -> Touches:
    # A player still in play who re-enters leaves their old seat (the chips forfeited).
    old_seat = _seat_of(before, event.player_id)
    return _touches(
        [("player", event.player_id), PLACES, *old_seat, *_seat(event.table, event.seat)],
        adds=[IN_PLAY, MONEY],
        reads=[SETTINGS],
    )


@declares(PlayerReinstated)
def _reinstated(event: PlayerReinstated, before: Tournament) -> Touches:
    return _touches(
        [("player", event.player_id), PLACES, *_seat(event.table, event.seat)],
        adds=[IN_PLAY, MONEY],
    )


@declares(RebuyTaken, AddOnTaken)
def _purchase(event: RebuyTaken | AddOnTaken, before: Tournament) -> Touches:
    return _touches([("player", event.player_id)], adds=[MONEY], reads=[SETTINGS])


@declares(PresenceChanged)
def _presence(event: PresenceChanged, before: Tournament) -> Touches:
    return _touches([("player", event.player_id)])


@declares(PhoneCodeIssued)
def _phone_code(event: PhoneCodeIssued, before: Tournament) -> Touches:
    return _touches([("player", event.player_id)])


@declares(ChipsCounted)
def _counted(event: ChipsCounted, before: Tournament) -> Touches:
    return _touches([("player", count.player_id) for count in event.counts])


@declares(PlayersBusted)
def _busted(event: PlayersBusted, before: Tournament) -> Touches:
    return _bust(event.finishes, before, event.finish)


@declares(PayoutsAdjusted)
def _payouts(event: PayoutsAdjusted, before: Tournament) -> Touches:
    # A deal shares the pool among the players left.
    return _touches([PAYOUTS], reads=[MONEY, IN_PLAY])


@declares(ClockPaused, ClockResumed)
def _clock(event: ClockPaused | ClockResumed, before: Tournament) -> Touches:
    return _touches([CLOCK])


@declares(ClockStarted, ClockAdjusted, LevelChanged)
def _level(event: ClockStarted | ClockAdjusted | LevelChanged, before: Tournament) -> Touches:
    # Starting puts level 1 in play; an adjustment may cross into another level.
    return _touches([CLOCK, LEVEL], reads=[SETTINGS])


@declares(DisplayLayoutSet)
def _display(event: DisplayLayoutSet, before: Tournament) -> Touches:
    return _touches([("display", event.screen)])


@declares(SeatsDrawn)
def _seats_drawn(event: SeatsDrawn, before: Tournament) -> Touches:
    changes: list[Thing] = []
    for drawn in event.seats:
        changes += [("player", drawn.player_id), ("seat", drawn.table, drawn.seat)]
        changes.append(("table", drawn.table))
    return _touches(changes, reads=[SETTINGS])


@declares(PlayersMoved)
def _moved(event: PlayersMoved, before: Tournament) -> Touches:
    return _touches(_moves(event.moves), reads=[SEATING])


@declares(TablesBroken)
def _broken(event: TablesBroken, before: Tournament) -> Touches:
    tables = [("table", number) for number in event.tables]
    return _touches([*tables, *_moves(event.moves)], reads=[SEATING])


@declares(FinalTableDrawn)
def _final_table(event: FinalTableDrawn, before: Tournament) -> Touches:
    changes = [("table", event.table), ("hand", event.table), *_moves(event.moves)]
    return _touches(changes, reads=[SEATING])


@declares(BreakOrderSet, SeatingConfigured, HandForHandSet)
def _seating(event: Event, before: Tournament) -> Touches:
    return _touches([SEATING])


@declares(ButtonsDrawn)
def _buttons(event: ButtonsDrawn, before: Tournament) -> Touches:
    return _touches([("hand", button.table) for button in event.buttons])


@declares(HandStarted)
def _hand_started(event: HandStarted, before: Tournament) -> Touches:
    # The deal reads each stack and seat, and its blinds come from the level in play.
    dealt = [("player", s.player_id) for s in event.seats]
    seats = [("seat", event.table, s.seat) for s in event.seats]
    hand = _touches([("hand", event.table)], reads=[*dealt, *seats, LEVEL])
    out = (*event.finishes, *event.out_of_chips)
    return _union(hand, _bust(out, before, event.finish)) if out else hand


@declares(HandStepped, HandShownDown)
def _hand_played(event: HandStepped | HandShownDown, before: Tournament) -> Touches:
    hand = _touches([("hand", event.table), *_hand_players(before, event.table)])
    finished = _bust(event.finishes, before, event.finish)
    return _union(hand, finished) if event.finishes else hand


@declares(HandMisdealt)
def _misdealt(event: HandMisdealt, before: Tournament) -> Touches:
    return _touches([("hand", event.table)])


@declares(DecisionExtended)
def _extended(event: DecisionExtended, before: Tournament) -> Touches:
    return _touches([("hand", event.table), ("time_bank", event.player_id)])


@declares(TableAccessRenewed)
def _access(event: TableAccessRenewed, before: Tournament) -> Touches:
    return _touches([("access", event.table)])


def _union(first: Touches, second: Touches) -> Touches:
    return Touches(
        first.changes | second.changes, first.adds | second.adds, first.reads | second.reads
    )
