"""When a division round starts and ends on its weekend day (§1.1.2.1 boards per match; the
regulations leave the clock to the season: reading in docs/readings/publishing-calendars.md).

A weekend day's rounds are played one after the other from :data:`FIRST_START`: a round lasts
its boards at :data:`MINUTES_PER_BOARD` minutes (the pace §1.5.14 also assumes), then a
:data:`BREAK_MINUTES` break before the next round of the same day.

>>> import datetime as dt
>>> d = dt.date(2026, 10, 3)
>>> [(s.strftime("%H:%M"), e.strftime("%H:%M")) for s, e in day_slots([d, d, d + dt.timedelta(days=1)], 36)]
[('10:00', '14:30'), ('15:00', '19:30'), ('10:00', '14:30')]
"""

from __future__ import annotations

import datetime as dt
from typing import Iterable

FIRST_START = dt.time(10, 0)
MINUTES_PER_BOARD = 7.5
BREAK_MINUTES = 30


def round_minutes(boards: int) -> int:
    """Playing time of one match of ``boards`` boards (7.5 minutes a board, rounded up).

    >>> round_minutes(36), round_minutes(40), round_minutes(5)
    (270, 300, 38)
    """
    return -int(-boards * MINUTES_PER_BOARD // 1)


def day_slots(dates: Iterable[dt.date | None], boards: int) -> list[tuple[dt.datetime, dt.datetime] | None]:
    """(start, end) of each round, in round order, as local (Copenhagen) wall-clock times; the
    rounds of one date follow each other. A round without a date has no slot (None)."""
    out: list[tuple[dt.datetime, dt.datetime] | None] = []
    nth: dict[dt.date, int] = {}
    length = dt.timedelta(minutes=round_minutes(boards))
    step = length + dt.timedelta(minutes=BREAK_MINUTES)
    for day in dates:
        if day is None:
            out.append(None)
            continue
        k = nth.get(day, 0)
        nth[day] = k + 1
        start = dt.datetime.combine(day, FIRST_START) + k * step
        out.append((start, start + length))
    return out
