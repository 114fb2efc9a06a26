"""A league night's schedule (LG-07) and its telesina rounds (TS-08), as a pure function of the
night's opening time, the hands dealt at its draw tables, what the night recorded and `now`.

- The night starts at 20:00, at most 20:15 (the Final at 18:00, at most 18:30); the giri come
  about three hours later (four in the Final), at 23:00-23:15 (the Final's at most 23:30), and
  wait for the live pot to end (Lodo Marcone): they start with the first deal after that time
  with no hand in play and no pot waiting in the middle [U].
- The giri: one telesina round, which opens them [U], then two fixed rounds (three in the Final:
  "4 giri di cui 1 di telesina"); four-handed, three more fixed rounds [U]. A round is one deal
  by each player; a hand counts even when nobody opens or it ends in a piatto di parola (the
  deal passes), so the last hand is dealt by the player before the first dealer of the giri:
  the "tappo".
- Before the giri each "full vestito" or better shown calls a telesina round, and five hands in
  a row without an opening call one too, at most three (four in the Final) a night per table.
- A round of telesina is played at the table's own console (`TelesinaPlayed`), or marked on the
  night's screen where it was played without it; either counts from when it started, and while
  one goes around it is the round on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from enum import StrEnum

from tdapp.league.results import NightKind

NO_OPENING_HANDS = 5  # TS-08: five hands without an opening call a telesina round


@dataclass(frozen=True)
class Timetable:
    """The times and rounds of a kind of night (LG-07; the Final's from LG-06)."""

    start: time
    latest_start: time
    hours: int  # play before the giri
    latest_giri: time
    telesina_max: int  # telesina rounds called before the giri
    fixed_rounds: int  # fixed rounds of the giri, after their telesina round


REGULAR = Timetable(time(20, 0), time(20, 15), 3, time(23, 15), 3, 2)
FINAL = Timetable(time(18, 0), time(18, 30), 4, time(23, 30), 4, 3)
FOUR_HANDED_EXTRA_ROUNDS = 3  # "se si è in 4: +3 giri", read as three more [U]


def timetable(kind: NightKind) -> Timetable:
    return FINAL if kind is NightKind.FINAL else REGULAR


@dataclass(frozen=True)
class NightTimes:
    """When the night started and when its giri are due, as aware datetimes."""

    start: datetime
    giri_at: datetime
    late: bool  # opened after the latest start: the giri keep their latest time


def night_times(opened_at: datetime, kind: NightKind, zone: tzinfo) -> NightTimes:
    """The start is the timetable's on the night's date (local time in `zone`), or the moment
    the tables opened if later; the giri come the timetable's hours after it, never after
    their latest time."""
    plan = timetable(kind)
    local = opened_at.astimezone(zone)
    start = datetime.combine(local.date(), plan.start, zone)
    latest = datetime.combine(local.date(), plan.latest_start, zone)
    actual = max(start, local)
    giri = min(actual + timedelta(hours=plan.hours),
               datetime.combine(local.date(), plan.latest_giri, zone))
    return NightTimes(actual, giri, local > latest)


@dataclass(frozen=True)
class Hand:
    """A hand dealt at a draw table, as the night counts it."""

    at: datetime  # when it was dealt
    dealer: int
    giri: bool
    over: bool
    opened: bool
    deal_passed: bool  # it counts as a deal of the round (a redeal does not)
    vestito: bool  # a full vestito or better was shown at its showdown


@dataclass(frozen=True)
class TelesinaPlayed:
    """A round of telesina played at a draw table of the night, from its console."""

    at: datetime  # when it started
    giri: bool  # the round that opens the giri, else one TS-08 called
    variant: str
    dealer: int  # who dealt its first hand
    played: int  # its hands dealt so far
    hands: int  # one per player
    over: bool


@dataclass(frozen=True)
class TableHands:
    """What a draw table of the night tells the schedule: its hands of draw and its rounds of
    telesina."""

    name: str
    seats: tuple[int, ...]  # clockwise: the deal passes in this order
    next_dealer: int
    pot_live: bool  # a hand in play, or a pot waiting in the middle
    hands: tuple[Hand, ...]
    rounds: tuple[TelesinaPlayed, ...] = ()


class Mark(StrEnum):
    """What the night's screen records at a table, besides the hands the console records."""

    VESTITO = "vestito"  # a full vestito or better shown at a hand tapped without its cards
    TELESINA = "telesina"  # a telesina round played before the giri
    GIRI_TELESINA = "giri_telesina"  # the telesina round of the giri played


@dataclass(frozen=True)
class Recorded:
    table: str
    mark: Mark
    at: datetime


class Phase(StrEnum):
    BEFORE_START = "before_start"
    PLAY = "play"
    GIRI_WAITING = "giri_waiting"  # the giri's time came; a pot is still live (Lodo Marcone)
    GIRI_DUE = "giri_due"  # the next deal starts the giri
    GIRI = "giri"
    OVER = "over"


@dataclass(frozen=True)
class TableSchedule:
    """Where one table stands in the night."""

    name: str
    phase: Phase
    hands: int
    unopened_in_a_row: int
    telesina_called: tuple[str, ...]  # why each round before the giri was called, in order
    telesina_played: int
    round_on: str | None  # in the giri: "telesina" or "fixed"
    giri_telesina_played: bool
    fixed_round: int  # in the giri, the fixed round on (1-based); 0 before
    fixed_rounds: int
    giri_hands_left: int
    tappo: int | None  # the seat that deals the last hand of the night
    telesina_on: TelesinaPlayed | None = None  # the round of telesina going on at the table

    @property
    def telesina_due(self) -> tuple[str, ...]:
        return self.telesina_called[self.telesina_played:]


@dataclass(frozen=True)
class NightSchedule:
    times: NightTimes
    tables: tuple[TableSchedule, ...]

    @property
    def over(self) -> bool:
        return all(t.phase is Phase.OVER for t in self.tables)


def schedule(times: NightTimes, kind: NightKind, tables: Sequence[TableHands],
             recorded: Sequence[Recorded], now: datetime) -> NightSchedule:
    """The whole night as it stands at `now`."""
    return NightSchedule(times, tuple(
        table_schedule(times, kind, t, [r for r in recorded if r.table == t.name], now)
        for t in tables))


def table_schedule(times: NightTimes, kind: NightKind, table: TableHands,
                   recorded: Sequence[Recorded], now: datetime) -> TableSchedule:
    plan = timetable(kind)
    # a round played at the table counts as the screen's mark would, from when it started
    marks = [*recorded, *(Recorded(table.name, Mark.GIRI_TELESINA if r.giri else Mark.TELESINA,
                                   r.at) for r in table.rounds)]
    on_now = next((r for r in table.rounds if not r.over), None)
    before = [h for h in table.hands if not h.giri]
    called, played, unopened = _telesina_before_giri(before, marks, plan.telesina_max)
    giri_hands = [h for h in table.hands if h.giri]
    giri_telesina = any(r.mark is Mark.GIRI_TELESINA for r in marks)
    players = len(table.seats)
    fixed = plan.fixed_rounds + (FOUR_HANDED_EXTRA_ROUNDS if players == 4 else 0)
    counted = sum(1 for h in giri_hands if h.over and h.deal_passed)
    left = fixed * players - counted
    # the giri's first dealer: of their first hand, or of their telesina round if it came first
    firsts = [(h.at, h.dealer) for h in giri_hands[:1]]
    firsts += [(r.at, r.dealer) for r in table.rounds if r.giri]
    first_dealer = min(firsts)[1] if firsts else table.next_dealer
    tappo = table.seats[table.seats.index(first_dealer) - 1]
    round_on = None
    if giri_hands or giri_telesina:
        over = giri_telesina and left <= 0 and on_now is None
        phase = Phase.OVER if over else Phase.GIRI
        if left > 0:
            round_on = "fixed"
        elif not giri_telesina:
            round_on = "telesina"
    elif now < times.start:
        phase = Phase.BEFORE_START
    elif now < times.giri_at:
        phase = Phase.PLAY
    else:
        phase = Phase.GIRI_WAITING if table.pot_live else Phase.GIRI_DUE
        round_on = "telesina"
    if on_now is not None:
        round_on = "telesina"
    fixed_round = min(counted // players + 1, fixed) if giri_hands or round_on == "fixed" else 0
    return TableSchedule(
        name=table.name, phase=phase, hands=len(table.hands), unopened_in_a_row=unopened,
        telesina_called=called, telesina_played=played, round_on=round_on,
        giri_telesina_played=giri_telesina,
        fixed_round=fixed_round, fixed_rounds=fixed, giri_hands_left=max(left, 0), tappo=tappo,
        telesina_on=on_now)


def _telesina_before_giri(hands: Sequence[Hand], recorded: Sequence[Recorded],
                          most: int) -> tuple[tuple[str, ...], int, int]:
    """Walk the hands and the recorded marks in time order: each vestito calls a round, five
    hands in a row without an opening call one, a round played starts the count again. Returns
    the reasons of the rounds called (at most `most`), the rounds played and the unopened hands
    in a row now."""
    items: list[tuple[datetime, int, Hand | Recorded]] = [(h.at, 0, h) for h in hands if h.over]
    items += [(r.at, 1, r) for r in recorded if r.mark is not Mark.GIRI_TELESINA]
    called: list[str] = []
    played = unopened = 0
    for _at, _order, item in sorted(items, key=lambda i: (i[0], i[1])):
        if isinstance(item, Recorded):
            if item.mark is Mark.TELESINA:
                played += 1
                unopened = 0
            elif len(called) < most:
                called.append(Mark.VESTITO.value)
            continue
        if item.vestito and len(called) < most:
            called.append(Mark.VESTITO.value)
        unopened = 0 if item.opened else unopened + 1
        if unopened >= NO_OPENING_HANDS and len(called) < most and len(called) <= played:
            called.append("no_opening")
    return tuple(called), played, unopened
