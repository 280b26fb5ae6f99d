"""Dates and times as dbf reads them: from a file or an option, in one place (issue 16.1).

A date a TD can type or a file can hold is read here: ISO text (``2026-12-13``, ASCII digits,
whole) or a date the YAML/TOML parser already built. Out-of-range values are refused here,
with a reason, instead of overflowing later in date arithmetic (``--today 9999-12-31`` plus
the 14 days of ``dbf deadlines`` is past the end of the calendar): a season's dates lie in the
years :data:`FIRST_YEAR`-:data:`LAST_YEAR`.

>>> date_of("2026-12-13"), date_of("2026-11-31"), date_of("9999-12-31"), date_of("2026-12-13\\n")
(datetime.date(2026, 12, 13), None, None, None)
>>> datetime_of("2026-12-13T09:00"), datetime_of("2026-12-13T25:00")
(datetime.datetime(2026, 12, 13, 9, 0), None)
"""

from __future__ import annotations

import datetime as dt
import re

FIRST_YEAR, LAST_YEAR = 1900, 2999
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DATETIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?"
                       r"(Z|[+-][0-9]{2}:?[0-9]{2})?)?")


def in_range(day: dt.date) -> bool:
    return FIRST_YEAR <= day.year <= LAST_YEAR


def date_of(value: object) -> dt.date | None:
    """A date from ISO text or a parsed date (a datetime gives its date); None when it is
    not one, or lies outside the years 1900-2999."""
    if isinstance(value, dt.datetime):
        value = value.date()
    elif isinstance(value, str):
        if not _DATE.fullmatch(value):
            return None
        try:
            value = dt.date.fromisoformat(value)
        except ValueError:
            return None
    return value if isinstance(value, dt.date) and in_range(value) else None


def datetime_of(value: object) -> dt.datetime | None:
    """A naive date and time (a time zone is converted to UTC) from ISO text or a parsed
    value; a date alone is its midnight. None when not one, or outside 1900-2999."""
    if isinstance(value, str):
        if not _DATETIME.fullmatch(value):
            return None
        try:
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    if isinstance(value, dt.datetime):
        if not in_range(value):
            return None
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return value
    if isinstance(value, dt.date) and in_range(value):
        return dt.datetime(value.year, value.month, value.day)
    return None


RANGE_HINT = f"a date YYYY-MM-DD in the years {FIRST_YEAR}-{LAST_YEAR}"
