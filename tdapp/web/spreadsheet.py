"""CSV files for the club's spreadsheets: UTF-8 with a byte-order mark, and the separator and
decimal mark that the DdT's language's Excel reads on a double click.

- The byte-order mark: Excel reads a CSV without one in the Windows code page, so "Nicolò"
  would come out as "NicolÃ²"; with it, Excel, LibreOffice and Python's "utf-8-sig" all read
  UTF-8 (LibreOffice asks for the separator in its import dialog and reads the mark too).
- The separator: Excel splits a double-clicked CSV on the list separator of Windows' region,
  which is ";" wherever the decimal mark is "," (Italy) and "," where it is "." (English).
  The session's language stands for that region: Italian (the default) writes ";" and money as
  "12,50", English writes "," and "12.50". Amounts carry no thousands separator, so they stay
  numbers in either.
- Lines end in CRLF, fields are quoted when they must be (RFC 4180).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from babel.numbers import get_decimal_symbol
from flask import Response
from flask_babel import get_locale

BOM = "\ufeff"


def decimal_mark() -> str:
    return get_decimal_symbol(get_locale() or "it")


def separator() -> str:
    return ";" if decimal_mark() == "," else ","


def euros(cents: int) -> str:
    """Cents as a spreadsheet number in euros: "12,50" (Italian) or "12.50" (English)."""
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    return f"{sign}{whole}{decimal_mark()}{rest:02d}"


def csv_file(header: Sequence[str], rows: Iterable[Sequence[object]], filename: str) -> Response:
    """A CSV download: `header` then `rows`, None written as an empty cell."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=separator(), lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(["" if cell is None else cell for cell in row] for row in rows)
    return Response(
        out.getvalue().encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
