"""Pages of a long list (the console's log and tables, a wall display's seating): a festival's
are too long to render or send whole, a club's fit on one page and look as they always did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from flask import request, url_for

from tdapp.kernel.numbers import whole_or_none

Row = TypeVar("Row")


@dataclass(frozen=True)
class Pages:
    """Which page of `total` rows, `size` a page, is shown (1-based)."""

    number: int
    count: int
    size: int
    total: int

    def of(self, rows: Sequence[Row]) -> Sequence[Row]:
        """The rows of the page shown."""
        start = (self.number - 1) * self.size
        return rows[start:start + self.size]

    def url(self, number: int) -> str:
        """This page's address showing page `number`, its other query (a search) kept."""
        return url_for(request.endpoint or "", **{**(request.view_args or {}),
                                                  **request.args.to_dict(), "page": number})


def page_asked(total: int, size: int) -> Pages:
    """The page that `?page=` asks for: the first when it is missing or not a number, the last
    when it is past the end (the list got shorter since the link was made)."""
    count = max(1, -(-total // size))
    asked = whole_or_none(request.args.get("page", ""), minimum=1) or 1
    return Pages(min(asked, count), count, size, total)
