"""The club's members (issue 30, item 6): the door finds a member by the roster player they are,
else by name; a card is valid up to its last day; names, card numbers and roster players are one
member's each; a spreadsheet's CSV comes in whole, in English or Italian, "," or ";", or is
refused naming its bad line, and then nothing changes. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import date

import pytest
from flask import session
from flask_babel import refresh

from tdapp.i18n import translate
from tdapp.kernel.refusals import DomainError
from tdapp.services import members, roster, tenancy
from tests.web.builders import second_club


def _listed() -> list[tuple[str, str | None, date | None]]:
    return [(m.name, m.number, m.valid_until)
            for m in members.list_members(size=1000).members]


def _refused(call, *args, **kwargs) -> DomainError:
    before = _listed()
    with pytest.raises(DomainError) as refused:
        call(*args, **kwargs)
    assert _listed() == before
    return refused.value


def test_the_door_finds_a_member_by_roster_player_first_then_by_name(app):
    marco = roster.add_member("Marco Rossi")
    linked = members.create_member("Marco Rossi", "12", date(2026, 12, 31), marco.id)
    anna = members.create_member("Anna Bianchi")
    assert members.find_member("someone else", roster_id=marco.id) == linked
    assert members.find_member("  ANNA   bianchi ") == anna
    assert members.find_member("Anna Bianchi", roster_id=marco.id) == linked
    assert members.find_member("Nicolò Verdi") is None
    # A member linked to one roster player is not another roster player of a like name.
    other = roster.add_member("Marco Rossi 2")
    assert members.find_member("Marco Rossi", roster_id=other.id) is None
    assert members.find_member("Marco Rossi") == linked


def test_a_card_is_valid_up_to_its_last_day_or_for_ever():
    card = members.Member(1, "Anna", "7", date(2026, 12, 31), None)
    assert card.valid_on(date(2026, 12, 31)) and not card.valid_on(date(2027, 1, 1))
    assert members.Member(2, "Bea", None, None, None).valid_on(date(2099, 1, 1))


def test_a_renewal_adds_a_year_to_the_card_or_to_today_when_it_has_ended():
    today = date(2026, 12, 5)
    for until, renewed in [(date(2026, 12, 31), date(2027, 12, 31)),
                           (date(2024, 12, 31), date(2027, 12, 5)),
                           (date(2028, 2, 29), date(2029, 2, 28)), (None, None)]:
        assert members.Member(1, "Anna", None, until, None).renewal(today) == renewed


def test_a_member_is_renewed_renumbered_and_linked_field_by_field(app):
    anna = members.create_member("Anna Bianchi", "7", date(2025, 12, 31))
    renewed = members.update_member(anna.id, valid_until=date(2026, 12, 31))
    assert (renewed.name, renewed.number, renewed.valid_until) == (
        "Anna Bianchi", "7", date(2026, 12, 31))
    player = roster.add_member("Anna Bianchi")
    linked = members.update_member(anna.id, number=None, roster_id=player.id)
    assert (linked.number, linked.roster_id, linked.valid_until) == (None, player.id,
                                                                       date(2026, 12, 31))
    members.delete_member(anna.id)
    assert members.find_member("Anna Bianchi", player.id) is None
    assert _refused(members.member, anna.id).code == "UNKNOWN_CARD_HOLDER"


@pytest.mark.parametrize(("arguments", "code"), [
    ({"name": " "}, "BAD_MEMBER_NAME"),
    ({"name": "x" * 81}, "BAD_MEMBER_NAME"),
    ({"name": "Carla", "number": "²"}, "BAD_MEMBER_NUMBER"),
    ({"name": "Carla", "number": "1 2"}, "BAD_MEMBER_NUMBER"),
    ({"name": "Carla", "number": "7"}, "MEMBER_NUMBER_TAKEN"),
    ({"name": "anna  BIANCHI"}, "MEMBER_NAME_TAKEN"),
    ({"name": "Carla", "roster_id": 999_999}, "UNKNOWN_ROSTER_PLAYER"),
])
def test_a_bad_or_taken_field_is_refused_and_nothing_is_added(app, arguments, code):
    members.create_member("Anna Bianchi", "7")
    assert _refused(members.create_member, **arguments).code == code


def test_a_roster_player_is_one_members_and_another_clubs_is_unknown(app):
    player = roster.add_member("Anna Bianchi")
    members.create_member("Anna Bianchi", roster_id=player.id)
    taken = _refused(members.create_member, "Anna B.", roster_id=player.id)
    assert (taken.code, taken.params) == ("MEMBER_ROSTER_TAKEN", {"holder": "Anna Bianchi"})
    with tenancy.in_club(second_club("bianchi")):
        theirs = members.create_member("Bruno Neri", "7")
        assert _refused(members.create_member, "Carla", roster_id=player.id).code == \
            "UNKNOWN_ROSTER_PLAYER"
    # The same card number in two clubs is two cards; the other club's member is missing here.
    assert members.create_member("Carla Verdi", "7").number == "7"
    assert _refused(members.update_member, theirs.id, valid_until=None).code == "UNKNOWN_CARD_HOLDER"
    assert _refused(members.delete_member, theirs.id).code == "UNKNOWN_CARD_HOLDER"


def test_the_list_is_searched_by_words_of_the_name_or_a_card_number_and_paged(app):
    for n, name in enumerate(["Nicolò Verdi", "Anna Bianchi", "Marco Rossi", "Bruno Rossi"], 1):
        members.create_member(name, str(100 + n))
    assert [m.name for m in members.list_members("rossi").members] == ["Bruno Rossi",
                                                                      "Marco Rossi"]
    assert [m.name for m in members.list_members("NICOLO").members] == ["Nicolò Verdi"]
    assert [m.name for m in members.list_members("ross marc").members] == ["Marco Rossi"]
    assert [m.name for m in members.list_members("102").members] == ["Anna Bianchi"]
    assert members.list_members("50%").total == 0
    page = members.list_members(page=2, size=3)
    assert (page.number, page.count, page.total, [m.name for m in page.members]) == (
        2, 2, 4, ["Nicolò Verdi"])
    assert members.list_members(page=9, size=3).number == 2


@pytest.mark.parametrize("typed", ["2026-12-31", "31/12/2026", "31.12.2026", "31-12-2026",
                                   "31/12/26", " 31/12/2026 "])
def test_a_day_is_read_as_a_spreadsheet_writes_it(typed):
    assert members.read_day(typed) == date(2026, 12, 31)


@pytest.mark.parametrize("typed", ["31/02/2026", "12/31/2026", "2026/12/31", "domani", "3112"])
def test_what_is_not_a_day_is_refused_with_what_was_written(typed):
    with pytest.raises(DomainError) as refused:
        members.read_day(typed)
    assert (refused.value.code, refused.value.params["value"]) == ("BAD_MEMBER_DATE", typed)


ITALIAN_EXCEL = (
    "Cognome;Nome;N. tessera;Scadenza;Telefono\r\n"
    "Rossi;Marco;12;31/12/2026;333 1234567\r\n"
    "Bianchi;Anna;13;31/12/26;\r\n"
    ";;;;\r\n"
    "Verdi;Nicolò;;;\r\n"
).encode("cp1252")


def test_an_italian_excel_file_is_read_whole(app):
    assert members.import_csv(ITALIAN_EXCEL) == members.Imported(3, 0, 0)
    assert _listed() == [("Anna Bianchi", "13", date(2026, 12, 31)),
                         ("Marco Rossi", "12", date(2026, 12, 31)),
                         ("Nicolò Verdi", None, None)]


def test_an_english_file_with_a_byte_order_mark_and_quoted_commas_is_read(app):
    data = '\ufeffName,Number,Valid until\n"Rossi, Marco",A-1,2027-06-30\n'.encode()
    assert members.import_csv(data) == members.Imported(1, 0, 0)
    assert _listed() == [("Rossi, Marco", "A-1", date(2027, 6, 30))]


def test_a_second_import_updates_by_card_number_else_by_name_and_keeps_what_it_leaves_empty(app):
    members.import_csv(ITALIAN_EXCEL)
    player = roster.add_member("Marco Rossi")
    members.update_member(members.find_member("Marco Rossi").id, roster_id=player.id)
    renewal = (b"nome;tessera;valida fino al\n"
               b"Marco Rossi;12;31/12/2027\n"      # the same: renewed
               b"Anna Bianchi Neri;13;\n"          # card 13 under her full name, its day kept
               b"Nicolo Verdi;14;31/12/2027\n"     # by name: gets his card
               b"Carla Gialli;;\n")                # new
    assert members.import_csv(renewal) == members.Imported(1, 3, 0)
    assert _listed() == [("Anna Bianchi Neri", "13", date(2026, 12, 31)),
                         ("Carla Gialli", None, None),
                         ("Marco Rossi", "12", date(2027, 12, 31)),
                         ("Nicolo Verdi", "14", date(2027, 12, 31))]
    assert members.find_member("x", roster_id=player.id).name == "Marco Rossi"
    assert members.import_csv(renewal) == members.Imported(0, 0, 4)


def test_two_imports_at_once_the_second_is_done_again_on_what_the_first_left(app, monkeypatch):
    """The second import read the members before the first one's commit (PostgreSQL lets it):
    the database's unique key refuses its commit, and it is done again on what the first left,
    as if it had come second. It answered 500 before."""
    members.import_csv(ITALIAN_EXCEL)
    known = members._known
    readings: list[int] = []

    def before_the_first_commit(db):
        readings.append(1)
        return [] if len(readings) == 1 else known(db)

    monkeypatch.setattr(members, "_known", before_the_first_commit)
    assert members.import_csv(ITALIAN_EXCEL) == members.Imported(0, 0, 3)
    assert len(readings) == 2
    assert _listed() == [("Anna Bianchi", "13", date(2026, 12, 31)),
                         ("Marco Rossi", "12", date(2026, 12, 31)),
                         ("Nicolò Verdi", None, None)]


def test_an_import_that_other_writers_keep_overtaking_is_refused_and_changes_nothing(
        app, monkeypatch):
    members.import_csv(ITALIAN_EXCEL)
    monkeypatch.setattr(members, "_known", lambda db: [])
    more = ITALIAN_EXCEL + "Gialli;Carla;20;;\r\n".encode("cp1252")
    refused = _refused(members.import_csv, more)
    assert refused.code == "MEMBERS_CHANGED_MEANWHILE"
    with app.test_request_context():
        session["lang"] = "it"
        refresh()
        assert translate(refused.code, refused.params).startswith("Altre modifiche ai soci")


@pytest.mark.parametrize(("lines", "line", "reason"), [
    (["nome;tessera;scadenza", "Marco Rossi;12;31/02/2026"], 2, "BAD_MEMBER_DATE"),
    (["nome;tessera;scadenza", "Anna;1;", "Marco Rossi;²;"], 3, "BAD_MEMBER_NUMBER"),
    (["nome;tessera", "Anna;1", ";7"], 3, "BAD_MEMBER_NAME"),
    (["nome;tessera", "Anna;1", "Bea;1"], 3, "CARD_ON_TWO_LINES"),
    (["nome;tessera", "Anna;1", "", "ANNA;2"], 4, "MEMBER_ON_TWO_LINES"),
    (["nome;tessera", "Gino Neri;5"], 2, "MEMBER_NUMBER_TAKEN"),   # card 5 is Bruno's
    (["telefono;email", "333;a@b.it"], 1, "MEMBERS_FILE_NO_NAME"),
])
def test_a_bad_line_is_named_with_why_and_nothing_is_imported(app, lines, line, reason):
    members.create_member("Gino Neri", "4")
    members.create_member("Bruno Neri", "5")
    refused = _refused(members.import_csv, "\n".join(lines).encode())
    assert (refused.code, refused.params["line"], refused.params["reason_code"]) == (
        "MEMBERS_FILE_REFUSED", line, reason)
    assert str(refused).startswith(f"Line {line} of the file: ")


@pytest.mark.parametrize(("data", "code"), [
    (b"PK\x03\x04\x14\x00", "MEMBERS_FILE_NOT_CSV"),
    (b"", "MEMBERS_FILE_EMPTY"),
    (b"nome;tessera\n;;\n", "MEMBERS_FILE_EMPTY"),
])
def test_what_is_no_members_file_is_refused(app, data, code):
    assert _refused(members.import_csv, data).code == code


@pytest.mark.parametrize(("arguments", "code"), [
    ({"name": "Bea", "number": "7"}, "MEMBER_NUMBER_TAKEN"),
    ({"name": "ANNA"}, "MEMBER_NAME_TAKEN"),
])
def test_two_directors_adding_one_card_at_once_the_second_is_told_it_is_taken(
        app, monkeypatch, arguments, code):
    """The second one's check ran before the first one's commit: the database's unique key
    refuses its commit, and it is told why as if it had checked after."""
    members.create_member("Anna", "7")
    checked = members._check
    calls: list[object] = []

    def before_the_first_commit(*args: object) -> None:
        calls.append(args)
        if len(calls) > 1:  # the check made again after the refused commit
            checked(*args)

    monkeypatch.setattr(members, "_check", before_the_first_commit)
    assert _refused(members.create_member, **arguments).code == code
