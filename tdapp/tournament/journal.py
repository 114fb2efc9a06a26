"""The log in the room's words: "Anna Rossi is out in place 12", "table 3", "phone of Anna Rossi".

`describe(event, before)` gives a line for any event: a message code and its parameters, read
against the state just before the event (so that players have their names, even one who later
unregistered). Parameters are JSON-able so that the API can carry them as they are:

- str and int: names, table and seat numbers, places, chips;
- `{"cents": n}`: money, written by the renderer's `money` (the web passes the house's
  formats.money, "€ 12,50" in Italian; the default is English, "€12.50");
- `{"code", "params"}`: a line inside the line (one action of a hand), translated like it;
- a list: lines are written one after the other, separated by "; ", names by ", ".

`render(code, params, translate, money)` writes a line in a language: the web passes its
`translate(code, params)` (the catalogue); the default is the English templates.

`actor_label(owner, actor, state)` says who did it: the DdT by name, a table, a phone, a
sign-up's own page, the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import Plural, message_for, register_messages
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
from tdapp.tournament.hands.table import Step
from tdapp.tournament.payouts import PayoutsAdjusted
from tdapp.tournament.phone_codes import PhoneCodeIssued
from tdapp.tournament.presence import PresenceChanged
from tdapp.tournament.purchases import AddOnTaken, RebuyTaken
from tdapp.tournament.registration import PlayerReEntered, PlayerRegistered, PlayerUnregistered
from tdapp.tournament.registry import apply
from tdapp.tournament.reinstate import PlayerReinstated
from tdapp.tournament.seating.opening_draw import SeatsDrawn
from tdapp.tournament.seating.rules import (
    BreakOrderSet,
    ButtonsDrawn,
    FinalTableDrawn,
    HandForHandSet,
    PlayersMoved,
    SeatingConfigured,
    TablesBroken,
)
from tdapp.tournament.state import Tournament

Line = tuple[str, dict[str, Any]]
Describer = Callable[[Any, Tournament], Line]
_DESCRIBERS: dict[type, Describer] = {}

SIGNUP_OWNER = "signup "
"""A sign-up's own page owns its events as `phone:signup <id>`."""

register_messages(
    {
        # Who did it.
        "ACTOR_DDT": "%(name)s (DdT)",
        "ACTOR_TABLE": "table %(table)s",
        "ACTOR_PHONE": "phone of %(player)s",
        "ACTOR_SIGNUP": "sign-up of %(player)s",
        "ACTOR_CLOCK": "clock",
        "A_PLAYER": "a player",
        # Entries and money.
        "LOG_CONFIGURED": "Set-up saved: %(name)s",
        "LOG_SIGNUPS_PROMOTED": "%(line)s; confirmed from the waitlist: %(names)s",
        "LOG_REGISTERED": "%(player)s registered",
        "LOG_REGISTERED_SEATED": "%(player)s registered, seated at table %(table)s seat %(seat)s",
        "LOG_UNREGISTERED_REFUND": "%(player)s unregistered: %(refund)s given back",
        "LOG_RE_ENTERED_PAID": "%(player)s re-entered for %(price)s with %(chips)s chips",
        "LOG_RE_ENTERED_FORFEIT": (
            "%(player)s re-entered for %(price)s with %(chips)s chips; the %(forfeited)s chips"
            " of the entry before left play"
        ),
        "LOG_REBUY_PAID": "%(player)s rebought %(chips)s chips for %(price)s",
        "LOG_ADD_ON_PAID": "%(player)s took the add-on: %(chips)s chips for %(price)s",
        "LOG_REINSTATED": "%(player)s is back in play with %(chips)s chips, giving up place %(place)s",
        "LOG_REINSTATED_SEATED": (
            "%(player)s is back in play with %(chips)s chips at table %(table)s seat %(seat)s, "
            "giving up place %(place)s"
        ),
        "LOG_PAYOUTS_DEAL": "Prizes adjusted by a deal: %(prizes)s",
        "LOG_PRIZE": "place %(place)s %(amount)s",
        "LOG_PAYOUTS_RESTORED": "Prizes back to the payout table",
        # Players out, chips, presence.
        "LOG_BUSTED": "%(player)s is out in place %(place)s",
        "LOG_BUSTED_BY": "%(player)s is out in place %(place)s, knocked out by %(eliminators)s",
        "LOG_BUSTED_TIED": "%(players)s are out together, sharing places %(first)s-%(last)s",
        "LOG_BUSTED_TOGETHER": "Out in the same hand: %(lines)s",
        "LOG_FINISHED": "%(bust)s; the tournament is over: %(winner)s wins",
        "LOG_CHIPS": "%(player)s has %(stack)s chips",
        "LOG_CHIPS_MANY": Plural("Stack counted for %(count)s player",
                                 "Stacks counted for %(count)s players", "count"),
        "LOG_ABSENT": "%(player)s is away from the table",
        "LOG_PHONE_CODE": "New phone code for %(player)s",
        "LOG_BACK": "%(player)s is back at the table",
        # The clock and the screens.
        "LOG_CLOCK_STARTED": "Clock started",
        "LOG_CLOCK_PAUSED": "Clock paused",
        "LOG_CLOCK_RESUMED": "Clock resumed",
        "LOG_CLOCK_ADJUSTED": Plural("Clock adjusted by %(seconds)s second",
                                     "Clock adjusted by %(seconds)s seconds", "seconds"),
        "LOG_LEVEL_CHANGED": "Clock moved to level %(level)s",
        "LOG_BREAK_CHANGED": "Clock moved to the break after level %(level)s",
        "LOG_SCREEN_CLOCK": "Wall screen %(screen)s shows the clock",
        "LOG_SCREEN_SEATING": "Wall screen %(screen)s shows the seating and the prizes",
        "LOG_SCREEN_ROTATE": "Wall screen %(screen)s shows the clock and the seating in turn",
        # Seating.
        "LOG_SEATS_DRAWN": Plural("Seat drawn for %(count)s player",
                                  "Seats drawn for %(count)s players", "count"),
        "LOG_MOVED": "%(player)s moved from table %(from_table)s seat %(from_seat)s to table "
        "%(to_table)s seat %(to_seat)s",
        "LOG_MOVED_MANY": Plural("%(count)s player moved to balance the tables",
                                 "%(count)s players moved to balance the tables", "count"),
        "LOG_TABLES_BROKEN": Plural("Broken: table %(tables)s; player reseated: %(count)s",
                                    "Broken: table %(tables)s; players reseated: %(count)s",
                                    "count"),
        "LOG_FINAL_TABLE": "Final table drawn at table %(table)s",
        "LOG_BREAK_ORDER": "Table break order set: %(order)s",
        "LOG_SEATING_RULES": Plural(
            "Seating rules: tables kept within %(balance_diff)s player",
            "Seating rules: tables kept within %(balance_diff)s players",
            "balance_diff"),
        "LOG_SEATING_RULES_FINAL": Plural(
            "Seating rules: tables kept within %(balance_diff)s player, a final table of "
            "%(seats)s",
            "Seating rules: tables kept within %(balance_diff)s players, a final table of "
            "%(seats)s",
            "balance_diff"),
        "LOG_HAND_FOR_HAND_ON": "Hand-for-hand play on",
        "LOG_HAND_FOR_HAND_OFF": "Hand-for-hand play off",
        "LOG_BUTTONS_DRAWN": Plural("Button drawn at %(count)s table",
                                    "Buttons drawn at %(count)s tables", "count"),
        # Hands.
        "LOG_HAND_STARTED": (
            "Table %(table)s, hand %(number)s: button seat %(button)s, blinds "
            "%(small_blind)s/%(big_blind)s, ante %(ante)s"
        ),
        "LOG_HAND_STEPS": "Table %(table)s, hand %(number)s: %(steps)s",
        "LOG_HAND_SHOWDOWN": "Table %(table)s, hand %(number)s: %(pots)s",
        "LOG_HAND_MISDEAL": "Table %(table)s, hand %(number)s: misdeal, every chip goes back",
        "LOG_DECISION_EXTENDED": "Table %(table)s: %(player)s takes a time extension",
        "LOG_TABLE_ACCESS": "Table %(table)s: a new console link and PIN",
        "LOG_POT_WON": "pot %(pot)s to %(players)s",
        "LOG_STEP_FOLD": "%(player)s folds",
        "LOG_STEP_CHECK": "%(player)s checks",
        "LOG_STEP_CALL": "%(player)s calls",
        "LOG_STEP_BET": "%(player)s bets %(amount)s",
        "LOG_STEP_RAISE": "%(player)s raises to %(amount)s",
        "LOG_STEP_ALL_IN": "%(player)s goes all-in",
        "LOG_STEP_NO_RAISE": "%(player)s may no longer raise",
        "LOG_STEP_VOID": "%(player)s: the early action lapses, the action changed",
        "LOG_STEP_WHY": "%(step)s (%(why)s)",
        "LOG_WHY_ABSENT": "absent",
        "LOG_WHY_TIMEOUT": "time ran out",
        "LOG_WHY_OUT_OF_TURN": "out of turn",
        "LOG_WHY_DECLARED": "declared out of turn, kept aside",
        "LOG_WHY_DECLARED_STANDS": "the early action stands",
        "LOG_WHY_CHIPS": "chips pushed without a word: %(pushed)s, chips: %(pieces)s",
        "LOG_NO_CHANGE": "no change",
    }
)


def describes(*events: type) -> Callable[[Describer], Describer]:
    def register(describer: Describer) -> Describer:
        for kind in events:
            _DESCRIBERS[kind] = describer
        return describer

    return register


def described(kind: type) -> bool:
    return kind in _DESCRIBERS


def describe(event: Event, before: Tournament) -> Line:
    """The log line of `event`, read against the state just before it."""
    describer = _DESCRIBERS.get(type(event))
    if describer is None:
        raise TypeError(f"{type(event).__qualname__} has no log line")
    return describer(event, before)


def describe_log(log: Iterable[tuple[Event, bool]]) -> list[Line]:
    """The line of each event of a log, oldest first; each `(event, active)`: an undone event
    is described against the state at its place but not applied."""
    state = Tournament()
    lines: list[Line] = []
    for item, active in log:
        lines.append(describe(item, state))
        if active:
            state = apply(state, item)
    return lines


def actor_label(owner: str, actor: str, state: Tournament) -> Line:
    """Who made an event: `owner` as the event store keeps it ("ddt", "table:3",
    "phone:<player id>", "clock") and `actor`, the DdT's user name."""
    kind, _, rest = owner.partition(":")
    number = whole_or_none(rest)
    signup = whole_or_none(rest.removeprefix(SIGNUP_OWNER)) if rest.startswith(SIGNUP_OWNER) else None
    if kind == "phone" and signup is not None:
        found = state.signups.get(signup)
        return "ACTOR_SIGNUP", {"player": found.name if found else _line("A_PLAYER")}
    if kind == "table" and number is not None:
        return "ACTOR_TABLE", {"table": number}
    if kind == "phone" and number is not None:
        return "ACTOR_PHONE", {"player": _name(state, number)}
    if kind == "clock":
        return "ACTOR_CLOCK", {}
    return "ACTOR_DDT", {"name": actor}


def english_money(cents: int) -> str:
    """The English default: "€12.50", "€20", "€1,250"."""
    euros, rest = divmod(cents, 100)
    return f"€{euros:,}" if rest == 0 else f"€{euros:,}.{rest:02d}"


def render(
    code: str,
    params: Mapping[str, Any],
    translate: Callable[[str, dict[str, Any]], str] = message_for,
    money: Callable[[int], str] = english_money,
) -> str:
    """The line in words: nested lines translated, money written, lists joined."""

    def word(value: Any) -> Any:
        if isinstance(value, list):
            lines = all(isinstance(item, Mapping) and "code" in item for item in value)
            return ("; " if lines and value else ", ").join(str(word(item)) for item in value)
        if isinstance(value, Mapping) and "cents" in value:
            return money(value["cents"])
        if isinstance(value, Mapping) and "code" in value:
            return render(value["code"], value.get("params", {}), translate, money)
        return value

    return translate(code, {key: word(value) for key, value in params.items()})


def _line(code: str, **params: Any) -> dict[str, Any]:
    return {"code": code, "params": params}


def _cents(amount: int) -> dict[str, int]:
    return {"cents": amount}


def _name(state: Tournament, player_id: int) -> Any:
    player = state.players.get(player_id)
    return player.name if player is not None else _line("A_PLAYER")


# --- one describer per event type ------------------------------------------------------------


@describes(TournamentConfigured)
def _configured(event: TournamentConfigured, before: Tournament) -> Line:
    return promoting(("LOG_CONFIGURED", {"name": event.settings.name}), before,
                     event.signups_promoted)


def promoting(line: Line, before: Tournament, promoted: tuple[int, ...]) -> Line:
    """The line, followed by the sign-ups it confirmed from the waitlist, by name."""
    if not promoted:
        return line
    names = [before.signups.signup(signup_id).name for signup_id in promoted]
    code, params = line
    return "LOG_SIGNUPS_PROMOTED", {"line": _line(code, **params), "names": names}


@describes(PlayerRegistered)
def _registered(event: PlayerRegistered, before: Tournament) -> Line:
    if event.table is not None:
        return "LOG_REGISTERED_SEATED", {
            "player": event.name, "table": event.table, "seat": event.seat
        }
    return "LOG_REGISTERED", {"player": event.name}


@describes(PlayerUnregistered)
def _unregistered(event: PlayerUnregistered, before: Tournament) -> Line:
    return "LOG_UNREGISTERED_REFUND", {
        "player": _name(before, event.player_id), "refund": _cents(event.refund_cents)
    }


@describes(PlayerReEntered)
def _re_entered(event: PlayerReEntered, before: Tournament) -> Line:
    params = {
        "player": _name(before, event.player_id),
        "price": _cents(event.price_cents),
        "chips": event.starting_stack,
    }
    if event.forfeited_chips:
        return "LOG_RE_ENTERED_FORFEIT", {**params, "forfeited": event.forfeited_chips}
    return "LOG_RE_ENTERED_PAID", params


@describes(RebuyTaken, AddOnTaken)
def _purchase(event: RebuyTaken | AddOnTaken, before: Tournament) -> Line:
    code = "LOG_REBUY_PAID" if isinstance(event, RebuyTaken) else "LOG_ADD_ON_PAID"
    return code, {
        "player": _name(before, event.player_id),
        "chips": event.chips,
        "price": _cents(event.price_cents),
    }


@describes(PlayerReinstated)
def _reinstated(event: PlayerReinstated, before: Tournament) -> Line:
    params = {"player": _name(before, event.player_id), "chips": event.stack, "place": event.place}
    if event.table is None:
        return "LOG_REINSTATED", params
    return "LOG_REINSTATED_SEATED", {**params, "table": event.table, "seat": event.seat}


@describes(PayoutsAdjusted)
def _payouts(event: PayoutsAdjusted, before: Tournament) -> Line:
    if event.amounts_cents is None:
        return "LOG_PAYOUTS_RESTORED", {}
    prizes = [
        _line("LOG_PRIZE", place=place, amount=_cents(amount))
        for place, amount in enumerate(event.amounts_cents, start=1)
    ]
    return "LOG_PAYOUTS_DEAL", {"prizes": prizes}


def _bust_lines(
    finishes: Iterable[Finish], before: Tournament, ending: TournamentFinish | None = None
) -> list[dict[str, Any]]:
    """One line per group out together: a single player, or a tie sharing places; the last
    line says who won when these busts finish the tournament."""
    groups: dict[int, list[Finish]] = {}
    for finish in finishes:
        groups.setdefault(finish.place, []).append(finish)
    lines = []
    for place, group in sorted(groups.items(), reverse=True):
        if len(group) == 1 and group[0].tied == 1:
            player, by = _name(before, group[0].player_id), group[0].eliminated_by
            if by:
                eliminators = [_name(before, e) for e in by]
                lines.append(
                    _line("LOG_BUSTED_BY", player=player, place=place, eliminators=eliminators)
                )
            else:
                lines.append(_line("LOG_BUSTED", player=player, place=place))
        else:
            names = [_name(before, f.player_id) for f in group]
            last = place + group[0].tied - 1
            lines.append(_line("LOG_BUSTED_TIED", players=names, first=place, last=last))
    if ending is not None and lines:
        lines[-1] = _line("LOG_FINISHED", bust=lines[-1], winner=_name(before, ending.winner))
    return lines


@describes(PlayersBusted)
def _busted(event: PlayersBusted, before: Tournament) -> Line:
    (first, *others) = _bust_lines(event.finishes, before, event.finish)
    if not others:
        return first["code"], first["params"]
    return "LOG_BUSTED_TOGETHER", {"lines": [first, *others]}


@describes(ChipsCounted)
def _chips(event: ChipsCounted, before: Tournament) -> Line:
    if len(event.counts) == 1:
        count = event.counts[0]
        return "LOG_CHIPS", {"player": _name(before, count.player_id), "stack": count.stack}
    return "LOG_CHIPS_MANY", {"count": len(event.counts)}


@describes(PresenceChanged)
def _presence(event: PresenceChanged, before: Tournament) -> Line:
    return ("LOG_ABSENT" if event.absent else "LOG_BACK"), {
        "player": _name(before, event.player_id)
    }


@describes(PhoneCodeIssued)
def _phone_code(event: PhoneCodeIssued, before: Tournament) -> Line:
    # The code itself stays out of the log: the log may be on a screen players can see.
    return "LOG_PHONE_CODE", {"player": _name(before, event.player_id)}


@describes(ClockStarted, ClockPaused, ClockResumed)
def _clock(event: ClockStarted | ClockPaused | ClockResumed, before: Tournament) -> Line:
    codes = {
        ClockStarted: "LOG_CLOCK_STARTED",
        ClockPaused: "LOG_CLOCK_PAUSED",
        ClockResumed: "LOG_CLOCK_RESUMED",
    }
    return codes[type(event)], {}


@describes(ClockAdjusted)
def _clock_adjusted(event: ClockAdjusted, before: Tournament) -> Line:
    return "LOG_CLOCK_ADJUSTED", {"seconds": event.seconds}


@describes(LevelChanged)
def _level_changed(event: LevelChanged, before: Tournament) -> Line:
    return ("LOG_BREAK_CHANGED" if event.on_break else "LOG_LEVEL_CHANGED"), {"level": event.level}


@describes(DisplayLayoutSet)
def _display(event: DisplayLayoutSet, before: Tournament) -> Line:
    return f"LOG_SCREEN_{event.layout.layout.upper()}", {"screen": event.screen}


@describes(SeatsDrawn)
def _seats(event: SeatsDrawn, before: Tournament) -> Line:
    return "LOG_SEATS_DRAWN", {"count": len(event.seats)}


@describes(PlayersMoved)
def _moved(event: PlayersMoved, before: Tournament) -> Line:
    if len(event.moves) == 1:
        move = event.moves[0]
        return "LOG_MOVED", {
            "player": _name(before, move.player_id),
            "from_table": move.from_table,
            "from_seat": move.from_seat,
            "to_table": move.to_table,
            "to_seat": move.to_seat,
        }
    return "LOG_MOVED_MANY", {"count": len(event.moves)}


@describes(TablesBroken)
def _tables_broken(event: TablesBroken, before: Tournament) -> Line:
    tables = ", ".join(str(number) for number in event.tables)
    return "LOG_TABLES_BROKEN", {"tables": tables, "count": len(event.moves)}


@describes(FinalTableDrawn)
def _final_table(event: FinalTableDrawn, before: Tournament) -> Line:
    return "LOG_FINAL_TABLE", {"table": event.table}


@describes(BreakOrderSet)
def _break_order(event: BreakOrderSet, before: Tournament) -> Line:
    return "LOG_BREAK_ORDER", {"order": ", ".join(str(number) for number in event.order)}


@describes(SeatingConfigured)
def _seating_rules(event: SeatingConfigured, before: Tournament) -> Line:
    if event.final_table_seats is None:
        return "LOG_SEATING_RULES", {"balance_diff": event.balance_diff}
    return "LOG_SEATING_RULES_FINAL", {
        "balance_diff": event.balance_diff, "seats": event.final_table_seats
    }


@describes(HandForHandSet)
def _hand_for_hand(event: HandForHandSet, before: Tournament) -> Line:
    return ("LOG_HAND_FOR_HAND_ON" if event.on else "LOG_HAND_FOR_HAND_OFF"), {}


@describes(ButtonsDrawn)
def _buttons(event: ButtonsDrawn, before: Tournament) -> Line:
    return "LOG_BUTTONS_DRAWN", {"count": len(event.buttons)}


# --- hands -----------------------------------------------------------------------------------

_STEP_CODES = {
    "fold": "LOG_STEP_FOLD",
    "check": "LOG_STEP_CHECK",
    "call": "LOG_STEP_CALL",
    "bet": "LOG_STEP_BET",
    "raise": "LOG_STEP_RAISE",
    "all_in": "LOG_STEP_ALL_IN",
}
_WHY = {
    "absent": "LOG_WHY_ABSENT",
    "timeout": "LOG_WHY_TIMEOUT",
    "out_of_turn": "LOG_WHY_OUT_OF_TURN",
    "declared": "LOG_WHY_DECLARED",
    "declared_stands": "LOG_WHY_DECLARED_STANDS",
}


def _seated_at(before: Tournament, table: int) -> Callable[[int], Any]:
    """Seat -> the name of the player dealt in there in the hand at `table`."""
    hand = before.play.hand(table)
    players = hand.players if hand is not None else {}

    def name(seat: int) -> Any:
        player_id = players.get(seat)
        return _name(before, player_id) if player_id is not None else _line("A_PLAYER")

    return name


def _step_line(step: Step, name: Callable[[int], Any]) -> dict[str, Any]:
    player = name(step.seat)
    if step.kind == "no_raise":
        return _line("LOG_STEP_NO_RAISE", player=player)
    if step.kind == "declared_void":
        return _line("LOG_STEP_VOID", player=player)
    line = _line(_STEP_CODES[step.action], player=player, amount=step.amount)
    if step.kind == "chips":  # HE-14: what the dealer saw beside what it became
        why = _line("LOG_WHY_CHIPS", pushed=step.pushed, pieces=step.pieces)
        return _line("LOG_STEP_WHY", step=line, why=why)
    why_code = _WHY.get(step.kind)
    return line if why_code is None else _line("LOG_STEP_WHY", step=line, why=_line(why_code))


@describes(HandStarted)
def _started(event: HandStarted, before: Tournament) -> Line:
    return "LOG_HAND_STARTED", {
        "table": event.table,
        "number": event.number,
        "button": event.positions.button,
        "small_blind": event.small_blind,
        "big_blind": event.big_blind,
        "ante": event.ante,
    }


@describes(HandStepped)
def _stepped(event: HandStepped, before: Tournament) -> Line:
    name = _seated_at(before, event.table)
    steps = [_step_line(step, name) for step in event.steps] or [_line("LOG_NO_CHANGE")]
    return "LOG_HAND_STEPS", {
        "table": event.table,
        "number": event.number,
        "steps": steps + _bust_lines(event.finishes, before, event.finish),
    }


@describes(HandShownDown)
def _shown_down(event: HandShownDown, before: Tournament) -> Line:
    name = _seated_at(before, event.table)
    pots = [
        _line("LOG_POT_WON", pot=number, players=[name(seat) for seat in seats])
        for number, seats in enumerate(event.winners, start=1)
    ]
    return "LOG_HAND_SHOWDOWN", {
        "table": event.table,
        "number": event.number,
        "pots": pots + _bust_lines(event.finishes, before, event.finish),
    }


@describes(HandMisdealt)
def _misdealt(event: HandMisdealt, before: Tournament) -> Line:
    return "LOG_HAND_MISDEAL", {"table": event.table, "number": event.number}


@describes(DecisionExtended)
def _extended(event: DecisionExtended, before: Tournament) -> Line:
    return "LOG_DECISION_EXTENDED", {
        "table": event.table, "player": _name(before, event.player_id)
    }


@describes(TableAccessRenewed)
def _access(event: TableAccessRenewed, before: Tournament) -> Line:
    return "LOG_TABLE_ACCESS", {"table": event.table}
