"""The strict reader of whole numbers from outside: ASCII digits, bounded, nothing else."""

from __future__ import annotations

import doctest
import string

from hypothesis import given
from hypothesis import strategies as st

from tdapp.kernel import numbers
from tdapp.kernel.numbers import LARGEST_ID, whole_or_none


def test_the_examples_in_its_docstring_run():
    results = doctest.testmod(numbers)
    assert results.attempted > 0 and results.failed == 0


@given(st.text(max_size=20))
def test_only_plain_ascii_digits_within_bounds_are_read(text):
    plain = text != "" and all(c in string.digits for c in text)
    expected = int(text) if plain and int(text) <= LARGEST_ID else None
    assert whole_or_none(text) == expected


@given(st.integers(min_value=-10**20, max_value=10**20))
def test_a_number_is_read_back_exactly_when_it_is_within_its_bounds(number):
    assert whole_or_none(str(number), -1000, 10**12) == (
        number if -1000 <= number <= 10**12 else None)


def test_unicode_digits_underscores_spaces_and_signs_are_refused():
    for text in ("²", "٣", "１２", "1_000", " 12 ", "12\n", "+1", "-0", "0x10", "1e3"):
        assert whole_or_none(text) is None, text
    assert whole_or_none("-0", minimum=-1) == 0
    assert whole_or_none(12) is None
