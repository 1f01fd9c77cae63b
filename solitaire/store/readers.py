"""What the statistics files' records share: how long a chart of recent results is, and how a
count is read from a file (a wrong type or a negative number is damage, not a value)."""

from __future__ import annotations

from solitaire.core.quote import shown
from solitaire.store.atomic import DamagedFileError

RECENT_LENGTH = 20
"""Results kept for a record's chart, a mode's or a duel opponent's."""


def integer(value: object) -> int:
    if type(value) is not int:
        raise DamagedFileError(f"expected a whole number, got {shown(value)}")
    return value


def count(value: object) -> int:
    number = integer(value)
    if number < 0:
        raise DamagedFileError(f"expected a count, got {shown(value)}")
    return number
