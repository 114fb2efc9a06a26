"""The season's calendar (RULES.md LG-01, LG-05, LG-06): which kind of night each day is, the
order in which nights are entered, and the tables of the next night: night 1's draw, the
rotation of days 2-20, the post-season of days 21-25, then the Final and the Finalina.

`League` is a season as its entered nights make it; the same draws by lot come out every time
they are asked for, from the league's seed.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from tdapp.kernel.refusals import register_messages
from tdapp.league import postseason
from tdapp.league.errors import LeagueError
from tdapp.league.readings import Readings
from tdapp.league.results import Night, NightKind
from tdapp.league.rotation import NightPlan, UnplayedTable, first_night, next_night, plan_table
from tdapp.league.scoring import NightLine, night_lines
from tdapp.league.standings import Line, standings

LAST_REGULAR_DAY = 20
LAST_POST_SEASON_DAY = 25
FINAL_DAY = 26
FINALINA_DAY = 27
LAST_DAY = FINALINA_DAY

register_messages({
    "UNKNOWN_NIGHT": "Day %(day)s of this league has no result",
    "NOT_A_MEMBER": "%(player)s is not a member: only members may take part",
    "DAY_OUT_OF_ORDER": "Day %(day)s cannot be entered now: the next day is %(expected)s",
    "SEASON_OVER": "The season is over: the Final and the Finalina have been played",
})


def kind_for_day(day: int) -> NightKind:
    if day <= LAST_REGULAR_DAY:
        return NightKind.REGULAR
    if day <= LAST_POST_SEASON_DAY:
        return NightKind.POST_SEASON
    return NightKind.FINAL if day == FINAL_DAY else NightKind.FINALINA


@dataclass(frozen=True)
class League:
    id: int
    name: str
    members: tuple[str, ...]
    seed: int
    nights: tuple[Night, ...]  # active nights, by day
    readings: Readings = Readings()

    def night(self, day: int) -> Night:
        for night in self.nights:
            if night.day == day:
                return night
        raise LeagueError("UNKNOWN_NIGHT", day=day)

    def rng(self, purpose: str) -> random.Random:
        """A draw by lot that gives the same result every time it is asked for."""
        return random.Random(f"{self.seed}:{purpose}")

    def standings(self, upto: int | None = None) -> list[Line]:
        nights = [n for n in self.nights if upto is None or n.day <= upto]
        return standings(self.members, nights, self.rng("standings"),
                         by_amount=self.readings.key_2 == "amount",
                         cappotto=self.readings.cappotto)

    def lines(self, night: Night) -> dict[str, NightLine]:
        """Each player's points and keys for one night, under the league's readings."""
        return night_lines(night, cappotto=self.readings.cappotto)

    def honours(self) -> postseason.RollOfHonour | None:
        """The roll of honour once the Final and the Finalina are in."""
        days = {n.day: n for n in self.nights}
        if FINAL_DAY not in days or FINALINA_DAY not in days:
            return None
        return postseason.roll_of_honour(self.standings(), days[FINAL_DAY], days[FINALINA_DAY],
                                         self.standings(upto=LAST_POST_SEASON_DAY))

    @property
    def next_day(self) -> int:
        return self.nights[-1].day + 1 if self.nights else 1


def check_day(league: League, day: int) -> None:
    """Nights are entered in the order of the days, until the Finalina."""
    if league.next_day > LAST_DAY:
        raise LeagueError("SEASON_OVER")
    if day != league.next_day:
        raise LeagueError("DAY_OUT_OF_ORDER", day=day, expected=league.next_day)


def members_only(league: League, players: Collection[str]) -> None:
    """Only the league's members play its nights."""
    strangers = [p for p in players if p not in league.members]
    if strangers:
        raise LeagueError("NOT_A_MEMBER", player=", ".join(strangers))


@dataclass(frozen=True)
class NextNight:
    day: int
    kind: NightKind
    plan: NightPlan


def upcoming(league: League, unavailable: Collection[str] = ()) -> NextNight:
    """The next night's tables: night 1's draw, the rotation (LG-05), the post-season tables,
    or the two finals (LG-06)."""
    members_only(league, unavailable)
    day = league.next_day
    rng = league.rng(f"day {day}")
    members = league.members
    if day > LAST_DAY:
        raise LeagueError("SEASON_OVER")
    if day == 1:
        plan = first_night(members, set(unavailable), rng)
    elif day <= LAST_REGULAR_DAY:
        plan = next_night(members, league.night(day - 1), set(unavailable), rng)
    elif day <= LAST_POST_SEASON_DAY:
        plan = _post_season(league, day, unavailable)
    else:
        finals = postseason.finals(league.standings(upto=LAST_POST_SEASON_DAY))
        players = finals.final if day == FINAL_DAY else finals.finalina
        plan = NightPlan((plan_table("A", players, None),),
                         tuple(m for m in members if m not in players))
    return NextNight(day, kind_for_day(day), plan)


def _post_season(league: League, day: int, unavailable: Collection[str]) -> NightPlan:
    """Days 21-25: the main table of five of the eight, with stand-ins for the absent; on day
    25 also the game of places 9-12, left out (and said so) when it cannot be four."""
    cut = postseason.split(league.standings(upto=LAST_REGULAR_DAY))
    lines = league.standings(upto=day - 1)
    if day == LAST_REGULAR_DAY + 1:
        main = postseason.day_21(cut, league.night(LAST_REGULAR_DAY), lines,
                                 by=league.readings.day_21, unavailable=unavailable)
    else:
        main = postseason.next_post_season(cut, league.night(day - 1).tables[0], lines,
                                           unavailable)
    tables = [main.plan]
    unplayed = ()
    if day == LAST_POST_SEASON_DAY:
        playoff = postseason.playoff(cut, set(unavailable), main.plan.players)
        if playoff is None:
            unplayed = (UnplayedTable("B", tuple(p for p in cut.playoff
                                                 if p not in unavailable)),)
        else:
            tables.append(playoff)
    playing = {p for t in tables for p in t.players}
    return NightPlan(tuple(tables), tuple(m for m in league.members if m not in playing),
                     main.substitutions, unplayed=unplayed)
