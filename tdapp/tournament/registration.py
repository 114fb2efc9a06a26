"""Entries: register (from the roster or a typed name), unregister, re-enter (TO-03).

A registration may check a sign-up in (`signup_id`, signups/): the sign-up is marked with the
player, and undoing or unregistering the entry takes the check-in back. On a night for members
only, who is no member pays the guest fee on top (signups/membership.py), the house's like `fee`.

Once the seats are drawn, a newcomer's seat is drawn with the entry: a random open seat at one of
the shortest tables (TO-03), or a new table when every seat is taken. The event records it, and
the player's phone code (phone_codes.py); a re-entry keeps the code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime

from tdapp.kernel.events import Payload, adds
from tdapp.kernel.names import fits, same_name_key, tidied
from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event, upgrades
from tdapp.tournament.levels import until_end_of_level
from tdapp.tournament.phone_codes import draw_phone_code
from tdapp.tournament.players import GENDERS, Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.seating.seat_draw import draw_seats
from tdapp.tournament.settings import check_starting_stack
from tdapp.tournament.signups.membership import entry_guest_fee, members_only
from tdapp.tournament.signups.model import Membership
from tdapp.tournament.state import Tournament

MAX_NAME = 80


@dataclass(frozen=True)
class RegisterPlayer:
    """A new player: `name` as typed, or a roster player's with `roster_id`. `bonus_chips` are
    added to this player's starting stack (the sum must still respect HE-01). A name already in
    the tournament is refused unless `same_name_ok`: the DdT said it is another person."""

    name: str
    roster_id: int | None = None
    bonus_chips: int = 0
    same_name_ok: bool = False
    gender: str | None = None  # "f", "m" or unknown (GENDERS)
    # The sign-up this entry checks in; what the club's member list says of the player (asked
    # by the service on a night for members only); an expired member let in as a guest.
    signup_id: int | None = None
    membership: Membership | None = None
    as_guest: bool = False


@dataclass(frozen=True)
class UnregisterPlayer:
    player_id: int


@dataclass(frozen=True)
class ReEnterPlayer:
    """A busted player buys a new entry: full starting stack, a new seat (TO-03). With
    `forfeit`, a player still in play re-enters too: the chips of the entry they leave are
    forfeited and leave play (TO-03)."""

    player_id: int
    forfeit: bool = False


@event("PlayerRegistered", version=5)
@dataclass(frozen=True)
class PlayerRegistered:
    player_id: int
    name: str
    roster_id: int | None
    starting_stack: int
    bonus_chips: int
    buy_in_cents: int
    table: int | None = None
    seat: int | None = None
    phone_code: str | None = None
    fee_cents: int = 0
    bounty_cents: int = 0
    gender: str | None = None
    signup_id: int | None = None
    guest_fee_cents: int = 0
    # What the member list said at the entry, on a night for members only (None otherwise).
    membership: Membership | None = None


@upgrades("PlayerRegistered", from_version=1)
def _without_phone_code(payload: Payload) -> Payload:
    """Registered before phone codes: no code, until the DdT issues one. An upgrade cannot make
    one up: a code derived from what the log already holds would be no secret."""
    return {**payload, "phone_code": None}


# Before fees and bounties an entry paid its price and nothing on top.
upgrades("PlayerRegistered", from_version=2)(adds(fee_cents=0, bounty_cents=0))
# Registered before genders were asked: unknown, said in neutral words.
upgrades("PlayerRegistered", from_version=3)(adds(gender=None))
# Registered before sign-ups and guests: no sign-up checked in, no guest fee.
upgrades("PlayerRegistered", from_version=4)(
    adds(signup_id=None, guest_fee_cents=0, membership=None))


@event("PlayerUnregistered", version=2)
@dataclass(frozen=True)
class PlayerUnregistered:
    """`refund_cents` is the buy-in given back; the fee and the bounty paid with it too."""

    player_id: int
    refund_cents: int
    chips: int
    fee_cents: int = 0
    bounty_cents: int = 0


upgrades("PlayerUnregistered", from_version=1)(adds(fee_cents=0, bounty_cents=0))


@event("PlayerReEntered", version=2)
@dataclass(frozen=True)
class PlayerReEntered:
    """`forfeited_chips`: the stack of the entry left behind, which leaves play (TO-03)."""

    player_id: int
    starting_stack: int
    price_cents: int
    table: int | None = None
    seat: int | None = None
    fee_cents: int = 0
    bounty_cents: int = 0
    forfeited_chips: int = 0


upgrades("PlayerReEntered", from_version=1)(adds(fee_cents=0, bounty_cents=0, forfeited_chips=0))


register_messages(
    {
        "BAD_PLAYER_NAME": "A player needs a name of at most %(max)s characters",
        "ALREADY_REGISTERED": "%(name)s is already registered",
        "DUPLICATE_PLAYER": (
            "%(name)s is already in this tournament: is it another person with the same name?"
        ),
        "BAD_ROSTER_ID": "Unknown roster player",
        "BAD_BONUS": "Bonus chips must be a whole number, zero or more",
        "BAD_GENDER": "A player's gender is f, m or left out",
        "REGISTRATION_CLOSED": "Registration is closed: play has started",
        "LATE_REGISTRATION_OVER": "Late registration ended with level %(level)s",
        "CANNOT_UNREGISTER": "%(name)s has played in this tournament and cannot be unregistered",
        "UNREGISTER_AFTER_BUSTS": (
            "Players are already out: %(name)s can no longer be unregistered"
        ),
        "ALREADY_SEATED": "%(name)s already has a seat: unregistering is possible before seating",
        "RE_ENTRY_NOT_OFFERED": "This tournament has no re-entry",
        "NOT_BUSTED": (
            "%(name)s is still in play: a re-entry is for a busted player, unless the chips"
            " are forfeited"
        ),
        "RE_ENTRY_OVER": "Re-entry ended with level %(level)s",
        "RE_ENTRY_LIMIT": Plural(
            "%(name)s has used %(max)s entry, the most allowed",
            "%(name)s has used all %(max)s entries",
            "max"),
    }
)


@decides(RegisterPlayer, in_play_only=True)
def _register(state: Tournament, command: RegisterPlayer, ctx: Ctx) -> PlayerRegistered:
    name = tidied(command.name, inner_spaces=True)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_PLAYER_NAME", max=MAX_NAME)
    bonus = command.bonus_chips
    if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
        raise DomainError("BAD_BONUS")
    roster_id = command.roster_id
    if roster_id is not None and (
        isinstance(roster_id, bool) or not isinstance(roster_id, int) or roster_id < 1
    ):
        raise DomainError("BAD_ROSTER_ID")
    if command.gender is not None and command.gender not in GENDERS:
        raise DomainError("BAD_GENDER")
    stack = state.settings.starting_stack + bonus
    check_starting_stack(stack)
    if command.roster_id is not None:
        for player in state.players:
            if player.roster_id == command.roster_id:
                raise DomainError("ALREADY_REGISTERED", name=player.name)
    if command.same_name_ok is not True:
        _check_new_name(state, name)
    _check_registration_open(state, ctx.now)
    if command.signup_id is not None:
        state.signups.to_check_in(command.signup_id)
    guest_fee = entry_guest_fee(state.settings, name, command.membership, command.as_guest)
    player_id = state.players.next_id
    rng = ctx.rng()
    table, seat = late_seat(state, player_id, rng)
    return PlayerRegistered(
        player_id=player_id,
        name=name,
        roster_id=command.roster_id,
        starting_stack=stack,
        bonus_chips=bonus,
        buy_in_cents=state.settings.buy_in_cents,
        table=table,
        seat=seat,
        phone_code=draw_phone_code(rng),
        gender=command.gender,
        fee_cents=state.settings.fee_cents,
        bounty_cents=bounty_per_entry(state),
        signup_id=command.signup_id,
        guest_fee_cents=guest_fee,
        membership=command.membership if members_only(state.settings) else None,
    )


def bounty_per_entry(state: Tournament) -> int:
    bounty = state.settings.bounty
    return 0 if bounty is None else bounty.cents


def _check_new_name(state: Tournament, name: str) -> None:
    """The same person registered twice is a phantom seat and an extra buy-in in the pool: a name
    already here (case, accents and spaces ignored) is refused, naming the player who has it."""
    found = state.name_keys.get(same_name_key(name))
    if found is not None:
        raise DomainError("DUPLICATE_PLAYER", player_id=found, name=state.player(found).name)


def _check_registration_open(state: Tournament, now: datetime) -> None:
    """Open before play starts; after, only during late registration (TO-03)."""
    if not state.clock.started:
        return
    level = state.settings.late_registration_until_level
    if level is None:
        raise DomainError("REGISTRATION_CLOSED")
    if not until_end_of_level(state, now, level):
        raise DomainError("LATE_REGISTRATION_OVER", level=level)


def registration_open(state: Tournament, now: datetime) -> bool:
    """Whether a newcomer may still enter (the no-shows are released once nobody may)."""
    try:
        _check_registration_open(state, now)
    except DomainError:
        return False
    return True


@applies(PlayerRegistered)
def _registered(state: Tournament, event: PlayerRegistered) -> Tournament:
    state = make_room_in_places(state)
    player = Player(
        id=event.player_id,
        name=event.name,
        roster_id=event.roster_id,
        stack=event.starting_stack,
        starting_stack=event.starting_stack,
        bonus_chips=event.bonus_chips,
        phone_code=event.phone_code,
        bounty_cents=event.bounty_cents,
        gender=event.gender,
        guest_fee_cents=event.guest_fee_cents,
    )
    key = same_name_key(event.name)
    state = replace(
        state,
        players=state.players.add(player),
        ledger=state.ledger.plus(
            buy_ins=1,
            buy_in_cents=event.buy_in_cents,
            starting_chips=event.starting_stack,
            fees_cents=event.fee_cents + event.guest_fee_cents,
            bounty_cents=event.bounty_cents,
        ),
        name_keys=state.name_keys if key in state.name_keys else {**state.name_keys, key: player.id},
    )
    if event.signup_id is not None:
        signups = state.signups.checked_in_as(event.signup_id, player.id, event.membership)
        state = replace(state, signups=signups)
    return seat_if_given(state, event.player_id, event.table, event.seat)


@decides(UnregisterPlayer, in_play_only=True)
def _unregister(state: Tournament, command: UnregisterPlayer, ctx: Ctx) -> PlayerUnregistered:
    player = state.player(command.player_id)
    if player.table is not None:
        raise DomainError("ALREADY_SEATED", name=player.name)
    if player.busted or player.entries > 1 or player.rebuys or player.add_ons:
        raise DomainError("CANNOT_UNREGISTER", name=player.name)
    if state.players.busted:
        # Finish places were given counting this player; taking them out would leave a gap.
        raise DomainError("UNREGISTER_AFTER_BUSTS", name=player.name)
    return PlayerUnregistered(
        player.id,
        refund_cents=state.settings.buy_in_cents,
        chips=player.starting_stack,
        fee_cents=state.settings.fee_cents + player.guest_fee_cents,
        bounty_cents=player.bounty_cents,
    )


@applies(PlayerUnregistered)
def _unregistered(state: Tournament, event: PlayerUnregistered) -> Tournament:
    players = state.players.remove(event.player_id)
    key = same_name_key(state.player(event.player_id).name)
    name_keys = dict(state.name_keys)
    if name_keys.get(key) == event.player_id:
        # Another person registered with the same name keeps it in the tournament.
        other = next((p.id for p in players if same_name_key(p.name) == key), None)
        if other is None:
            del name_keys[key]
        else:
            name_keys[key] = other
    signup = state.signups.of_player(event.player_id)
    signups = state.signups if signup is None else state.signups.checked_in_as(signup.id, None)
    return replace(
        state,
        players=players,
        name_keys=name_keys,
        signups=signups,
        ledger=state.ledger.plus(
            buy_ins=-1,
            buy_in_cents=-event.refund_cents,
            starting_chips=-event.chips,
            fees_cents=-event.fee_cents,
            bounty_cents=-event.bounty_cents,
        ),
    )


@decides(ReEnterPlayer, in_play_only=True)
def _re_enter(state: Tournament, command: ReEnterPlayer, ctx: Ctx) -> PlayerReEntered:
    rules = state.settings.re_entry
    if rules is None:
        raise DomainError("RE_ENTRY_NOT_OFFERED")
    player = state.player(command.player_id)
    if not player.busted and command.forfeit is not True:
        raise DomainError("NOT_BUSTED", name=player.name)
    if not until_end_of_level(state, ctx.now, rules.until_level):
        raise DomainError("RE_ENTRY_OVER", level=rules.until_level)
    if rules.max_entries is not None and player.entries >= rules.max_entries:
        raise DomainError("RE_ENTRY_LIMIT", name=player.name, max=rules.max_entries)
    if player.in_play and player.table in state.seating.busy:
        raise DomainError("TABLE_IN_HAND", table=player.table)
    # A player still in play leaves their seat for a new one drawn like a newcomer's (TO-03).
    table, seat = late_seat(state.unseat_player(player.id), player.id, ctx.rng())
    return PlayerReEntered(
        player.id,
        starting_stack=state.settings.starting_stack,
        price_cents=rules.price_cents,
        table=table,
        seat=seat,
        fee_cents=rules.fee_cents,
        bounty_cents=bounty_per_entry(state),
        forfeited_chips=player.stack,
    )


@applies(PlayerReEntered)
def _re_entered(state: Tournament, event: PlayerReEntered) -> Tournament:
    """A new entry: new stack, rebuy and add-on rights afresh, no place any more. A player who
    was still in play gives up the old stack and seat; the old entry's bounty stays on the head
    with the new one (bounties.py)."""
    player = state.player(event.player_id)
    if player.busted:
        state = make_room_in_places(state, player.place)
    else:
        state = state.unseat_player(player.id)
        player = state.player(player.id)
    entry = replace(
        player,
        bounty_cents=player.bounty_cents + event.bounty_cents,
        stack=event.starting_stack,
        starting_stack=event.starting_stack,
        bonus_chips=0,
        rebuys=0,
        add_ons=0,
        entries=player.entries + 1,
        absent=False,
        place=None,
        tied=1,
    )
    state = replace(
        state,
        players=state.players.put(entry),
        ledger=state.ledger.plus(
            re_entries=1,
            re_entry_cents=event.price_cents,
            starting_chips=event.starting_stack,
            fees_cents=event.fee_cents,
            bounty_cents=event.bounty_cents,
            forfeited_chips=event.forfeited_chips,
        ),
    )
    return seat_if_given(state, event.player_id, event.table, event.seat)


def make_room_in_places(state: Tournament, freed: int | None = None) -> Tournament:
    """One more entry in play: everyone already out finishes one place lower, except those out
    before the entry that comes back in (`freed`: its old place), whose places stay."""
    if not state.players.busted:
        return state
    players = state.players
    for other in state.players:
        if other.place is None or freed is not None and other.place > freed:
            continue
        if freed is None or other.place < freed:
            players = players.put(replace(other, place=other.place + 1))
        elif other.tied > 1:  # a partner of the tie this entry leaves: one place fewer to share
            players = players.put(replace(other, place=other.place + 1, tied=other.tied - 1))
    return replace(state, players=players)


def late_seat(
    state: Tournament, player_id: int, rng: random.Random
) -> tuple[int, int] | tuple[None, None]:
    """A random open seat at one of the shortest tables; a new table when all are full. Before
    the seat draw, no seat: the draw will give one."""
    if not state.seats_drawn:
        return None, None
    sizes = {number: len(seats) for number, seats in state.tables.items()}
    occupied = {
        number: [i for i, occupant in enumerate(seats, start=1) if occupant is not None]
        for number, seats in state.tables.items()
    }
    if all(len(occupied[t]) == sizes[t] for t in sizes):
        return max(sizes, default=0) + 1, rng.randint(1, state.settings.seats_per_table)
    seat = draw_seats([player_id], sizes, rng, occupied=occupied)[player_id]
    return seat.table, seat.seat


def seat_if_given(
    state: Tournament, player_id: int, table: int | None, seat: int | None
) -> Tournament:
    if table is None or seat is None:
        return state
    return state.seat_player(player_id, table, seat)
