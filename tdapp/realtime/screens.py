"""The screens' rooms: wall displays and phones (public), the DdT's console (td)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import request
from flask_socketio import join_room, leave_room

from tdapp.console_sessions import signed_in_staff
from tdapp.i18n import translate
from tdapp.kernel.refusals import DomainError, message_for, register_messages
from tdapp.realtime import protocol
from tdapp.realtime.server import listened, listened_among, socketio
from tdapp.realtime.views import (
    RECENT_LINES,
    Known,
    console_view,
    display_view,
    phone_common,
    phone_own,
    phone_view,
    screen_views,
)
from tdapp.services import bus, journal, tenancy, tournaments
from tdapp.tournament.clock.rules import clock_section
from tdapp.tournament.clock.timing import unix_ms
from tdapp.tournament.registry import Notice
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

register_messages({
    "BAD_JOIN": 'Join with {"tournament": "<slug>"}; add "player": <id> from a phone that follows'
                ' one player, "audience": "phone" from the list of players, "audience": "td" from'
                ' the console ("view": "full" for the whole view).',
    "SIGNED_OUT": "You are no longer signed in to this club's console: log in again to follow "
                  "this tournament.",
})


def public_room(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def td_room(tournament_id: int) -> str:
    """The DdT's consoles: the dashboard's part of the view (`console_view`)."""
    return f"tournament-{tournament_id}-td"


def td_full_room(tournament_id: int) -> str:
    """The DdT's clients that joined with `"view": "full"`: the whole view's changes."""
    return f"tournament-{tournament_id}-td-full"


def phones_room(tournament_id: int) -> str:
    """Every phone that follows a player of the tournament: the clock and the counts."""
    return f"tournament-{tournament_id}-phones"


def player_room(tournament_id: int, player_id: int) -> str:
    """The phones that follow one player: that player's own changes."""
    return f"tournament-{tournament_id}-player-{player_id}"


@dataclass(frozen=True)
class Shown:
    """The view of one audience that this process last sent, and its version: the next change
    is told as the difference from it. `message` is the delta that led to it, when this process
    computed one (the DdT's API answer reuses the console room's)."""

    version: int
    view: dict[str, Any]
    message: dict[str, Any] | None = None


_shown: dict[tuple[int, str], Shown] = {}
# The newest view built for a reader (a join, a page, an HTTP list, the API) of each tournament
# and audience: readers of one version share it, and the next push starts from it. Kept apart
# from the views sent, which are the base of the next message: a view a reader had built of a
# version not yet pushed must not make the push think it was sent.
_built: dict[tuple[int, str], Shown] = {}
# The newest change of each tournament: the API's answer to the action that made it tells the
# DdT's delta, computed then if no console was in the room to need it, and a reader of the
# state it produced takes the slug and the DdT's buttons from it.
_changes: dict[int, bus.Change] = {}
_pushing: dict[int, threading.Lock] = {}
_pushing_guard = threading.Lock()


def _lock(tournament_id: int) -> threading.Lock:
    with _pushing_guard:
        return _pushing.setdefault(tournament_id, threading.Lock())


def forget_shown() -> None:
    """Forget the views sent: a new app (a test's, a restored database) starts from none."""
    _shown.clear()
    _built.clear()
    _changes.clear()


def push_views(change: bus.Change) -> None:
    """The bus subscriber: each committed change of a tournament goes to its screens as what
    changed since the version they hold (protocol.py), from what the change carries alone.
    Safe from any thread (request handlers, bus subscribers, scheduler jobs); one change of a
    tournament at a time, so that the views this process last sent follow each other."""
    tournament_id = change.tournament_id
    with _lock(tournament_id):
        newest = _changes.get(tournament_id)
        if newest is None or newest.version < change.version:
            _changes[tournament_id] = change
    heard = listened_among((public_room(tournament_id), phones_room(tournament_id),
                            td_room(tournament_id), td_full_room(tournament_id)))
    wanted = {
        "public": public_room(tournament_id) in heard or phones_room(tournament_id) in heard,
        "td": td_room(tournament_id) in heard or td_full_room(tournament_id) in heard,
    }
    if not any(wanted.values()):
        return
    with _lock(tournament_id):
        now = utcnow()
        for audience in (a for a, want in wanted.items() if want):
            told = _told(audience, change, now)
            if told is None:
                continue
            if audience == "td":
                _push_td(change, *told)
            else:
                _push_public(tournament_id, *told, change.version)


def _known(change: bus.Change) -> Known:
    return Known(change.tournament_id, change.slug, change.can_undo, change.can_redo)


def _told(
    audience: str, change: bus.Change, now: datetime
) -> tuple[dict[str, Any], dict[str, Any], int | None] | None:
    """(view before, view after, the version before: the base of the messages between them) for
    one audience, or None when this process already sent this version or a newer one (two
    changes whose pushes crossed: the newer one's told both). The view before is the one last
    sent from here when it is not older than the change's own state before; else (another
    process sent the versions in between) it is built from that state. The view after is the
    one a reader had built of this version, if any."""
    tournament_id, state, previous = change.tournament_id, change.after, change.before
    held = _shown.get((tournament_id, audience))
    if held is not None and held.version >= state.version:
        return None
    built = _built.get((tournament_id, audience))
    if built is not None and built.version == state.version:
        after = built.view
    else:
        after = screen_views(state, _known(change), (audience,), now)[audience]
    if held is not None and (previous is None or held.version >= previous.version):
        before, base = held.view, held.version
    elif previous is not None and previous.created:
        # The DdT's buttons before it are not known, and always go whole (_td_delta).
        before = screen_views(previous, _known(change), (audience,), now)[audience]
        base = previous.version
    else:  # nothing to compare with (an import): no operations, and a gap for every client
        before, base = after, None
    _shown[(tournament_id, audience)] = Shown(state.version, after)
    if built is not None and built.version <= state.version:  # a megabyte at a festival
        _built.pop((tournament_id, audience), None)
    return before, after, base


def _td_delta(change: bus.Change, before: dict[str, Any], after: dict[str, Any],
              base: int | None) -> dict[str, Any]:
    """The DdT's delta, kept with the view it leads to for the API's answer. Undo and redo go
    whole: they depend on the log, not on the view."""
    message = protocol.delta(before, after, base, change.version, ("can_undo", "can_redo"))
    _shown[(change.tournament_id, "td")] = Shown(change.version, after, message)
    return message


def _push_td(change: bus.Change, before: dict[str, Any], after: dict[str, Any],
             base: int | None) -> None:
    """The DdT's change: the whole view's to the clients that asked for it, and to the
    consoles the change of their part. Their log lines go whole with each change (a few
    hundred bytes a line): the before's are not kept."""
    tournament_id, version = change.tournament_id, change.version
    whole = _td_delta(change, before, after, base)
    if listened(td_full_room(tournament_id)):
        socketio.emit("delta", whole, to=td_full_room(tournament_id))
    if listened(td_room(tournament_id)):
        told = protocol.delta(console_view(before, []),
                              console_view(after, _lines(change.newest_lines(RECENT_LINES))),
                              base, version, ("can_undo", "can_redo", "log"))
        socketio.emit("delta", told, to=td_room(tournament_id))


def log_lines(tournament_id: int) -> list[dict[str, Any]]:
    """The newest lines of the tournament's log, newest first, for a console that joins or an
    answer read afresh; a push takes them from its change instead (bus.Change.newest_lines)."""
    return _lines(journal.entries(tournament_id, limit=RECENT_LINES))


def _lines(entries: Iterable[journal.Entry]) -> list[dict[str, Any]]:
    """Log lines in no language (`code` and `params`, who did it as `who`, a line of the same
    kind): a console says them in its own."""
    return [
        {"seq": entry.seq, "event": entry.event, "actor": entry.actor, "owner": entry.owner,
         "at": entry.at.isoformat(), "undone": entry.undone, "undone_by": entry.undone_by,
         "code": entry.code, "params": entry.params,
         "who": {"code": entry.who[0], "params": entry.who[1]}}
        for entry in entries
    ]



def console_answer(tournament_id: int, state: Tournament,
                   now: datetime | None = None) -> dict[str, Any]:
    """The console's part of the DdT's view of `state` (`console_view`), from the whole view
    last built, with the newest log lines."""
    return console_view(held_view(tournament_id, "td", state, now), log_lines(tournament_id))


def td_answer(tournament_id: int, state: Tournament) -> dict[str, Any] | None:
    """The API's answer to the action that produced `state`, told as what it changed: the
    DdT's delta that the console's room got (computed now when no console was there), with the
    tournament's id and slug and the DdT's buttons, all from the change itself. None when this
    process cannot tell it (another change came first): the whole view answers instead."""
    with _lock(tournament_id):
        change = _changes.get(tournament_id)
        if change is None or change.version != state.version:
            return None
        held = _shown.get((tournament_id, "td"))
        if held is not None and held.version == change.version:
            message = held.message
        else:
            told = _told("td", change, utcnow())
            message = None if told is None else _td_delta(change, *told)
    if message is None:
        return None
    return {**message, "id": tournament_id, "slug": change.slug,
            "can_undo": change.can_undo, "can_redo": change.can_redo}


def _known_of(tournament_id: int, state: Tournament) -> Known:
    """What a reader's view of `state` shows besides it: from the change that produced it when
    this process made it, else asked of the services (a state another process wrote)."""
    change = _changes.get(tournament_id)
    if change is not None and change.version == state.version:
        return _known(change)
    can_undo, can_redo = tournaments.can_undo_redo(tournament_id)
    return Known(tournament_id, tournaments.summary(tournament_id).slug, can_undo, can_redo)


def held_view(tournament_id: int, audience: str, state: Tournament,
              now: datetime | None = None) -> dict[str, Any]:
    """The audience's whole view of `state`: the one last built when it is of this version (a
    view of a 3,000-player field costs tens of milliseconds and a megabyte), with its clock
    read now. The DdT's undo and redo are those of this version, as the view holds them."""
    moment = now or utcnow()
    key = (tournament_id, audience)
    held = next((kept for kept in (_shown.get(key), _built.get(key))
                 if kept is not None and kept.version == state.version), None)
    if held is None:
        shown = screen_views(state, _known_of(tournament_id, state), (audience,), moment)[audience]
        newest = _built.get(key)
        if newest is None or newest.version < state.version:
            _built[key] = Shown(state.version, shown)
        return shown
    return {**held.view, "clock": clock_section(state, moment, audience)}


def screen_view(tournament_id: int, audience: str = "public",
                now: datetime | None = None) -> dict[str, Any]:
    """The tournament's view for one screen now, built anew."""
    state = tournaments.current(tournament_id)
    return screen_views(state, _known_of(tournament_id, state), (audience,),
                        now or utcnow())[audience]


def _push_public(tournament_id: int, before: dict[str, Any], after: dict[str, Any],
                 base: int | None, version: int) -> None:
    """The public view's change: to the wall displays, their view's (display_view) with the
    numbers of the tables whose seating changed, so that a display showing one of them asks for
    its page again; to the phones, the clock and counts, and to each phone whose player changed,
    that player's change first (so that it is there when the message that names the player
    arrives)."""
    if listened(public_room(tournament_id)):
        told = protocol.delta(display_view(before), display_view(after), base, version)
        socketio.emit("delta", {**told, "tables": _changed_tables(before, after)},
                      to=public_room(tournament_id))
    if not listened(phones_room(tournament_id)):
        return
    old = _by_id(before)
    new = _by_id(after)
    old_moves = before.get("seating", {}).get("last_moves", {})
    new_moves = after.get("seating", {}).get("last_moves", {})
    moved = {int(k) for k in old_moves.keys() | new_moves.keys()
             if old_moves.get(k) != new_moves.get(k)}
    changed = sorted({pid for pid in old.keys() | new.keys() if old.get(pid) != new.get(pid)}
                     | moved)
    heard = listened_among(player_room(tournament_id, player_id) for player_id in changed)
    for player_id in changed:
        room = player_room(tournament_id, player_id)
        if room in heard:
            own = protocol.delta(phone_own(before, player_id), phone_own(after, player_id),
                                 base, version)
            socketio.emit("delta", {**own, "player": player_id}, to=room)
    common = protocol.delta(phone_common(before), phone_common(after), base, version)
    socketio.emit("delta", {**common, "players": changed}, to=phones_room(tournament_id))


def _changed_tables(before: dict[str, Any], after: dict[str, Any]) -> list[int]:
    """The numbers of the tables that changed, came or went between the two views."""
    old = {row["number"]: row for row in before.get("tables", ())}
    new = {row["number"]: row for row in after.get("tables", ())}
    return sorted(number for number in old.keys() | new.keys() if old.get(number) != new.get(number))


def _by_id(shown: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {row["id"]: row for row in shown.get("players", ())}


def announce_period(tournament_id: int, now: datetime, notices: Iterable[Notice] = ()) -> None:
    """A period ended: the clock section alone, with the level-change cue, to every screen."""
    state = tournaments.current(tournament_id)
    message = {
        "version": state.version,
        "clock": clock_section(state, now, "public"),
        "cue": "level",
        "notices": [
            {"code": n.code, "params": n.params, "message": message_for(n.code, n.params)}
            for n in notices
        ],
    }
    rooms = [place(tournament_id) for place in (public_room, td_room, td_full_room, phones_room)]
    heard = listened_among(rooms)
    for room in (room for room in rooms if room in heard):
        socketio.emit("clock", message, to=room)


def refuse(code: str, said_as: str | None = None, **params: Any) -> None:
    """A refused join, answered to the one client that asked, in its page's language (the page
    shows the message); `said_as` words it for a page when the code's own message is the API's."""
    socketio.emit("error", {"code": code, "message": translate(said_as or code, params)},
                  to=request.sid)


@socketio.on("join")
def join(payload: Any) -> None:
    """A screen joins: the complete view of its audience with its version, then what changes."""
    fields = payload if isinstance(payload, dict) else {}
    slug = fields.get("tournament")
    player_id = fields.get("player")
    audience = fields.get("audience", "public" if player_id is None else "phone")
    whole = fields.get("view")
    if (not isinstance(slug, str) or audience not in ("public", "td", "phone")
            or whole not in (None, "full", "dashboard") or whole is not None and audience != "td"
            or player_id is not None and (audience != "phone" or not isinstance(player_id, int)
                                          or isinstance(player_id, bool))):
        refuse("BAD_JOIN")
        return
    # The DdT's audience acts in the club of the staff member's session, where another club's
    # tournament is missing; a screen or a phone in the club of the tournament it names.
    staff = signed_in_staff() if audience == "td" else None
    club = staff.club_id if staff is not None else tenancy.club_of_slug(slug)
    with tenancy.in_club(club):
        _join(slug, audience, player_id, whole)


def _join(slug: str, audience: str, player_id: int | None, whole: str | None) -> None:
    try:
        # The DdT's own pages follow an archived night too; the public ones no longer find it.
        tournament_id = tournaments.tournament_id_for_slug(slug, archived_too=audience == "td")
    except DomainError as refused:
        refuse(refused.code, **refused.params)
        return
    # The DdT's audience: a session of the club's staff, refused once its member was removed.
    if audience == "td" and signed_in_staff() is None:
        refuse("LOGIN_REQUIRED", said_as="SIGNED_OUT")
        return
    # In the rooms before the state is read: a change committed from here on reaches this screen
    # as a push, and one committed before is in the view. Read first, a change committed between
    # the read and the joining (another process's, or one this process ran while the read waited
    # for the database) reached neither, and a paused clock went on counting on the wall.
    rooms = _rooms(tournament_id, audience, player_id, whole)
    for room in rooms:
        join_room(room)
    try:
        state = tournaments.current(tournament_id)
        if player_id is not None:
            state.player(player_id)
    except DomainError as refused:
        for room in rooms:
            leave_room(room)
        refuse(refused.code, **refused.params)
        return
    now = utcnow()
    if audience == "phone":
        shown = phone_view(held_view(tournament_id, "public", state, now), player_id)
    elif audience == "td" and whole == "full":
        shown = held_view(tournament_id, "td", state, now)
    elif audience == "td":
        # The dashboard's part: a festival's whole view is over a megabyte at every reload.
        shown = console_answer(tournament_id, state, now)
    else:
        # A thousand screens joining at once share the one view of this version.
        shown = display_view(held_view(tournament_id, "public", state, now))
    socketio.emit("view", {**shown, "protocol": protocol.PROTOCOL}, to=request.sid)


def _rooms(tournament_id: int, audience: str, player_id: int | None, whole: str | None
           ) -> list[str]:
    """The rooms of a screen of `audience`: those whose pushes its view follows."""
    if audience == "phone":
        mine = [] if player_id is None else [player_room(tournament_id, player_id)]
        return [phones_room(tournament_id), *mine]
    if audience == "td":
        return [td_full_room(tournament_id) if whole == "full" else td_room(tournament_id)]
    return [public_room(tournament_id)]


@socketio.on("sync")
def sync(payload: Any) -> dict[str, Any]:
    """One NTP-like sample: the client's send time back, with the server's time now."""
    t0 = payload.get("t0") if isinstance(payload, dict) else None
    return {"t0": t0 if isinstance(t0, int | float) else None, "server": unix_ms(utcnow())}
