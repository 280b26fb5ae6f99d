"""The day or moment a use case is asked about: ``--today`` / ``--now`` as given (tests, cron
replays), else the clock's. A value that is no date is refused (exit 2, ``usage.option``)."""

from __future__ import annotations

import datetime as dt

from ..rules.problems import Msg
from .outcome import fail


def day_of(value: str | None) -> dt.date:
    """``--today`` when given (YYYY-MM-DD), else the real date."""
    if not value:
        return dt.date.today()
    from ..rules.dates import RANGE_HINT, date_of

    day = date_of(value)
    if day is None:
        fail(Msg('--today {} is not {}', f'{value!r}', RANGE_HINT), code="usage.option")
    return day


def moment_of(value: str | None) -> dt.datetime:
    """``--today``/``--now``: a date (start of that day) or a date and time; else now (local time)."""
    if not value:
        return dt.datetime.now().replace(microsecond=0)
    from ..rules.dates import FIRST_YEAR, LAST_YEAR, datetime_of

    when = datetime_of(value)
    if when is None:
        fail(Msg('--today {} is not a date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM) in the years '
                 '{}-{}', f'{value!r}', FIRST_YEAR, LAST_YEAR), code="usage.option")
    return when


__all__ = ["day_of", "moment_of"]
