"""The member list as clubs keep it in a spreadsheet, saved as CSV: read into rows of cells,
each with its line, before any rule looks at them (tdapp/services/members.py does).

What a club's file looks like, and what is read:
- a first line naming the columns, in English or Italian: the name ("name", "nome", "nominativo",
  "socio"; or a first name and a surname, "nome" and "cognome", joined), the card's number
  ("number", "numero", "tessera", "n. tessera") and the last day it is valid ("valid until",
  "scadenza", "valida fino al"); any other column (a phone, a note) is left alone;
- the separator the spreadsheet wrote: "," or ";" (Italian Excel's) or a tab, whichever the first
  line uses;
- UTF-8 with or without a byte-order mark, or Windows-1252, which Excel's plain "CSV" writes;
- blank lines, and lines of empty cells (a spreadsheet's trailing rows), skipped.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from tdapp.kernel.names import folded
from tdapp.kernel.refusals import DomainError, register_messages

MAX_ROWS = 10_000
"""Members one file may list: more than any club has, few enough to check in one go."""

register_messages({
    "MEMBERS_FILE_NOT_CSV": "This is not a CSV file: save the spreadsheet as CSV and send that",
    "MEMBERS_FILE_EMPTY": "The file lists no member",
    "MEMBERS_FILE_TOO_LONG": "A file may list at most %(max)s members",
    "MEMBERS_FILE_NO_NAME": "the first line must name the columns, one of them the name: name, "
                            "number, valid until (or nome, tessera, scadenza)",
    "MEMBERS_FILE_REFUSED": "Line %(line)s of the file: %(reason)s. Nothing was imported",
})

# Each column's titles, as `_title` writes them (folded, punctuation as spaces).
_TITLES = {
    "name": {"name", "full name", "member", "nominativo", "socio", "nome e cognome",
             "cognome e nome", "nome cognome", "cognome nome"},
    "first_name": {"first name", "nome"},
    "surname": {"surname", "last name", "family name", "cognome"},
    "number": {"number", "card", "card number", "membership number", "no", "nr", "n", "numero",
               "tessera", "n tessera", "nr tessera", "numero tessera", "numero di tessera"},
    "valid_until": {"valid until", "valid to", "expires", "expiry", "expiry date", "scadenza",
                    "data di scadenza", "data scadenza", "scade il", "valida fino al",
                    "valida fino a", "valido fino al", "valido fino a", "validita"},
}
_SEPARATORS = (";", ",", "\t")
_ZIP = b"PK\x03\x04"  # an .xlsx or .ods sent as it is


@dataclass(frozen=True)
class SheetRow:
    """One member's cells as written, tidied of their outer spaces; "" where the file says
    nothing (no such column, or an empty cell)."""

    line: int
    name: str
    number: str
    valid_until: str


def at_line(line: int, refusal: DomainError) -> DomainError:
    """`refusal` as the file's refusal: the line it is on, and why."""
    return DomainError("MEMBERS_FILE_REFUSED", line=line, reason=str(refusal),
                       reason_code=refusal.code, reason_params=refusal.as_data()["params"])


def text_of(data: bytes) -> str:
    """The file's text: UTF-8 (a byte-order mark dropped), else Windows-1252."""
    if data.startswith(_ZIP) or b"\x00" in data:
        raise DomainError("MEMBERS_FILE_NOT_CSV")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            raise DomainError("MEMBERS_FILE_NOT_CSV") from None


def rows_of(text: str) -> list[SheetRow]:
    """The file's members, each with its line (the header is line 1)."""
    if not text.strip():
        raise DomainError("MEMBERS_FILE_EMPTY")
    first_line = text.split("\n", 1)[0]
    separator = max(_SEPARATORS, key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    try:
        header = next(reader, [])
        columns = _columns(header)
        rows = []
        for cells in reader:
            cells = [cell.strip() for cell in cells]
            if not any(cells):
                continue
            if len(rows) == MAX_ROWS:
                raise DomainError("MEMBERS_FILE_TOO_LONG", max=MAX_ROWS)
            rows.append(_row(reader.line_num, cells, columns))
    except csv.Error as broken:
        raise DomainError("MEMBERS_FILE_NOT_CSV") from broken
    if not rows:
        raise DomainError("MEMBERS_FILE_EMPTY")
    return rows


def _title(cell: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", folded(cell)).split())


def _columns(header: list[str]) -> dict[str, int]:
    """Where each known column is; refused when no name can be read."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        title = _title(cell)
        for column, titles in _TITLES.items():
            if title in titles:
                columns.setdefault(column, index)
    if "first_name" in columns and "surname" not in columns and "name" not in columns:
        columns["name"] = columns.pop("first_name")  # "nome" alone is the whole name
    if "name" not in columns and "surname" not in columns:
        raise at_line(1, DomainError("MEMBERS_FILE_NO_NAME"))
    return columns


def _row(line: int, cells: list[str], columns: dict[str, int]) -> SheetRow:
    def cell(column: str) -> str:
        index = columns.get(column)
        return cells[index] if index is not None and index < len(cells) else ""

    name = cell("name") or " ".join(part for part in (cell("first_name"), cell("surname")) if part)
    return SheetRow(line, name, cell("number"), cell("valid_until"))
