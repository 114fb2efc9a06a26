"""What each role of a club's staff may do: one table of endpoints, checked in one place.

Every endpoint of the app is in exactly one of the sets below (tests/web/test_roles.py holds it
to that): `OPEN` needs no staff role (public pages, the PIN consoles, logging in), `FLOOR` is
what the floor staff do during a night (register and unregister, seat draw, rebuys, add-ons,
re-entries, busts and reinstatements, chip counts, absences, the suggested moves, the hands at a
table, the door's check-in of sign-ups and calling the waitlist, and reading everything),
`OWNER` the club's members, invitations and settings, and `DIRECTOR` the rest: the clock, the set-up and payouts, deals, archive and delete, PINs, tokens,
templates, leagues, seasons and the club's card holders (its members' list). An endpoint
missing from every set needs a director. `HOSTER` is apart: the server's hoster making and
listing clubs, in no club (its guard, `hoster_api`, admits a hoster's token only).

`check_role` runs before every request, ahead of the guards. It resolves the staff member a
bearer token or a console session acts as (a session whose membership is gone is ended here, so
that the guards then answer as for nobody signed in), and refuses a role that does not reach
the endpoint: `403 ROLE_FORBIDDEN` with `{"role", "needs"}` and nothing changed. A hoster's
token, which acts in no club, gets `403 NOT_A_CLUB_MEMBER` on every club endpoint, whatever the
ids in its path. Who is not signed in is left to the guards. The pages read the same table through `can(endpoint)` to hide
what the role cannot do.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, flash, g, render_template, request, session
from flask_babel import gettext

from tdapp.console_sessions import (
    SESSION_CHOOSING_CLUB,
    SESSION_MEMBERSHIP_ID,
    SESSION_USER_ID,
    SESSION_USERNAME,
    signed_in_staff,
)
from tdapp.i18n import ROLE_WORDS
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import hosting
from tdapp.services.clubs import Role, Staff
from tdapp.web.errors import message_of, register_statuses, wants_json
from tdapp.web.guards import TOKEN_STAFF, bearer_token, token_staff

ROLE_FORBIDDEN = "ROLE_FORBIDDEN"
NOT_A_CLUB_MEMBER = "NOT_A_CLUB_MEMBER"

register_messages(
    {
        ROLE_FORBIDDEN: "Your role in the club (%(role)s) does not allow this: it needs %(needs)s.",
        NOT_A_CLUB_MEMBER: "A hoster's token acts in no club: a club's data is for its members, with "
                      "a token that names the club.",
    }
)
# Whether the check below or a service (a floor member's undo of a director's action) finds it.
register_statuses({ROLE_FORBIDDEN: 403, NOT_A_CLUB_MEMBER: 403})

OPEN = frozenset({
    "static", "home.index", "home.club", "home.season", "i18n.switch", "health.healthz", "health.readyz",
    "auth.first_run", "auth.login", "auth.logout",
    "api.token", "api.revoke_own_token", "api_openapi.document", "api_docs.page",
    "api_club.accept_invitation", "invitation.accept_page", "auth.choose_club",
    "display.clock", "api_public.seating", "api_public.names", "api_public.search",
    "player.index", "player.player", "player.presence",
    "signup.sign_up", "signup.own_page", "signup.cancel",
    "table.console_page", "table.qr_code", "table.side_pot_page",
    "draw_console.console_page", "draw_console.qr_code", "games_help.help_page",
    "league.index", "league.standings", "league.night",
    # A player's own sign-up: made, read and cancelled with its code.
    "api_public_signups.sign_up", "api_public_signups.show", "api_public_signups.cancel",
})

FLOOR = frozenset({
    # The night's players: entries, purchases, busts, chips, presence; and reading.
    "api.register", "api.unregister", "api.rebuy", "api.add_on", "api.re_enter", "api.bust",
    "api.busts", "api.reinstate", "api.chips", "api.count_chips", "api.absent",
    "api.undo", "api.redo",
    "api.list_tournaments", "api.show", "api.show_settings", "api.event_log", "api.log_csv",
    "api.results_csv", "api.results_json", "api.list_roster", "api.list_templates",
    "api.show_template", "api.side_pots", "api.icm", "api.deal_proposal",
    "api_seating.seat_draw", "api_seating.moves", "api_seating.balance",
    # A table's hand: what a dealer with the table's PIN may do, a floor member may too.
    "api_tables.get_hand", "api_tables.get_access", "api_tables.start_hand",
    "api_tables.take_action", "api_tables.showdown", "api_tables.misdeal",
    "api_tables.out_of_turn", "api_tables.play_absent", "api_tables.time_bank",
    "api_tables.set_away", "api_tables.bust", "api_tables.rebuy", "api_tables.undo",
    "api_tables.redo",
    "api_draw_tables.get_table", "api_draw_tables.events", "api_draw_tables.get_access",
    "api_draw_tables.act", "api_draw_tables.cards", "api_draw_tables.deal",
    "api_draw_tables.draw", "api_draw_tables.exchange", "api_draw_tables.false_opening",
    "api_draw_tables.misdeal", "api_draw_tables.open_together", "api_draw_tables.passate",
    "api_draw_tables.showdown", "api_draw_tables.telesina_round",
    "api_league.live_night", "api_league.next_night", "api_league.night",
    "api_league.standings", "api_league.mark",
    "api_seasons.list_seasons", "api_seasons.show_season", "api_seasons.standings",
    "api_club.show_settings", "api_members.list_members", "api_members.show_member",
    # The door: the sign-ups, their check-in, and calling the waitlist.
    "api.list_signups", "api.check_in_signup", "api.promote_signup", "api.move_down_signup",
    # The console's pages and forms of the night.
    "td.tournaments_index", "td.tournaments", "td.dashboard", "td.players", "td.tables",
    "td.payouts", "td.deal", "td.log", "td.chips_page", "td.count_table",
    "td.save_table_count", "td.player_action", "td.register", "td.draw_seats", "td.undo",
    "td.redo", "td.roster_page", "td.roster_player", "td.seasons_page", "td.season_page",
    "td.print_moves", "td.print_payouts", "td.print_receipt", "td.print_receipts",
    "td.print_results", "td.print_seat_cards", "td.print_structure", "td.membership_page",
    # The door: a floor member checks the signed-up players in and renews an ended card there.
    "td.signups_page", "td.check_in_page", "td.check_in", "td.renew_at_check_in",
    "league_night.live", "league_night.mark",
})

DIRECTOR = frozenset({
    "api.create_tournament", "api.change_settings", "api.adjust_payouts", "api.archive",
    "api.delete", "api.revert", "api.race", "api.add_to_roster", "api.save_template",
    "api.edit_template", "api.delete_template", "api.list_tokens", "api.revoke_token",
    "api.approve_signup", "api.decline_signup", "api.remove_signup", "api.release_no_shows",
    "api_clock.clock", "api_clock.display_layout",
    "api_seating.configure", "api_seating.break_order", "api_seating.break_table",
    "api_seating.final_table", "api_seating.first_buttons", "api_seating.hand_for_hand",
    "api_tables.renew_access",
    "api_draw_tables.create", "api_draw_tables.renew_access", "api_draw_tables.undo",
    "api_league.create_league", "api_league.enter_night", "api_league.choose_readings",
    "api_league.open_night", "api_league.confirm", "api_league.undo",
    "api_seasons.create_season", "api_seasons.change_season", "api_seasons.delete_season",
    "api_members.add_member", "api_members.change_member", "api_members.delete_member",
    "api_members.import_members",
    "td.signup_action", "td.release_no_shows",
    "td.create", "td.setup", "td.save_setup", "td.save_as_template", "td.save_chip_set",
    "td.save_payout_table", "td.adjust_payouts", "td.accept_deal", "td.race_chips",
    "td.archive", "td.delete", "td.revert", "td.renew_table_access", "td.structure_templates",
    "td.delete_template", "td.add_roster_player", "td.create_season", "td.change_season",
    "td.delete_season", "td.add_card", "td.change_card", "td.renew_card", "td.delete_card",
    "td.import_cards", "td.account", "td.create_token", "td.revoke_token",
    "draw_console.tables_page", "league.new", "league.secretary", "league.undo",
    "league_night.open_night", "league_night.confirm", "league_night.readings",
})

OWNER = frozenset({
    "api_club.list_members", "api_club.change_role", "api_club.remove_member",
    "api_club.list_invitations", "api_club.invite", "api_club.withdraw_invitation",
    "td.members", "td.invite", "td.withdraw_invitation", "td.change_role", "td.remove_member",
    "api_club.change_settings", "td.club_settings_page", "td.save_club_settings",
})

HOSTER = frozenset({"api_hosting.create_club", "api_hosting.list_clubs"})


def needs(endpoint: str) -> Role | None:
    """The least role `endpoint` needs; None for an open one or the hoster's (whose guard
    admits no club's staff at all). Unlisted: a director."""
    if endpoint in OPEN or endpoint in HOSTER:
        return None
    if endpoint in FLOOR:
        return "floor"
    if endpoint in OWNER:
        return "owner"
    return "director"


def current_staff() -> Staff | None:
    """The staff member this request acts as, by bearer token, else by console session."""
    if "staff" in g:
        return g.staff
    token = bearer_token()
    if token is not None:
        g.staff = token_staff(token)
        return g.staff
    g.staff = _session_staff()
    return g.staff


def _session_staff() -> Staff | None:
    if not isinstance(session.get(SESSION_USER_ID), int) or session.get(SESSION_CHOOSING_CLUB):
        return None
    staff = signed_in_staff()
    if staff is None:
        # The member was removed from the club: the session ends at this very request.
        for key in (SESSION_USER_ID, SESSION_USERNAME, SESSION_MEMBERSHIP_ID):
            session.pop(key, None)
        if not wants_json():
            flash(gettext("You are no longer a member of this club."), "error")
        return None
    if session.get(SESSION_MEMBERSHIP_ID) != staff.membership_id:
        # Written only when it changed: an answer that changed nothing sends no cookie (tdapp/__init__).
        session[SESSION_MEMBERSHIP_ID] = staff.membership_id
    return staff


def check_role() -> Any:
    """A `before_request` hook: refuse (403 ROLE_FORBIDDEN) a staff member whose role does not
    reach the endpoint; let everyone else through to the guards."""
    # `g` outlives a request when a test holds the app context around several: start afresh.
    g.pop("staff", None)
    g.pop(TOKEN_STAFF, None)
    endpoint = request.endpoint
    needed = needs(endpoint) if endpoint is not None else None
    if needed is None:
        return None
    staff = current_staff()
    if staff is None:
        token = bearer_token()
        if token is not None and hosting.hoster_for_token(token) is not None:
            raise DomainError(NOT_A_CLUB_MEMBER)
        return None
    if staff.may(needed):
        return None
    refusal = DomainError(ROLE_FORBIDDEN, role=staff.role, needs=needed)
    if request.method == "GET" and not wants_json():
        return render_template("error.html", heading=gettext("Not allowed"),
                               message=message_of(refusal)), 403
    raise refusal


def can(endpoint: str) -> bool:
    """Whether this request's staff member may use `endpoint`: what the pages show or hide."""
    needed = needs(endpoint)
    staff = g.get("staff")
    return needed is None or staff is None or staff.may(needed)


def role_names() -> dict[str, str]:
    """Each role as the pages name it, in the reader's language."""
    return {role: gettext(name) for role, name in ROLE_WORDS.items()}


def undoes_own_only() -> bool:
    """Whether this request's undo and redo reach only the member's own actions (a floor
    member's), never a director's."""
    staff = g.get("staff")
    return staff is not None and not staff.may("director")


def init_app(app: Flask) -> None:
    app.before_request(check_role)
    app.context_processor(lambda: {"can": can, "staff": g.get("staff")})
