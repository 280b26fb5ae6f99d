"""Schedules as iCalendar (RFC 5545) documents, for ``--ics``: a division's all-play-all
(§1.1.2.1) and a cup round (§1.5.6). The bytes only; the CLI writes the file the user named.
``icalendar`` is imported inside the functions (start-up)."""

from __future__ import annotations

import datetime as dt


def division_calendar(division_id: str, season: str, rounds, names: dict[str, str],
                      venue: dict[int, str]) -> tuple[bytes, int]:
    """All-day events, one per match with a date (UID = match id): ``(ics bytes, events)``."""
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", "-//DBF//dbf division schedule//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", f"{division_id} {season}")
    stamp = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    count = 0
    for r in rounds:
        if r.date is None:
            continue
        for m in r.matches:
            if m.away is None:
                continue
            ev = Event()
            ev.add("uid", f"{m.id}.{season}@dbf")
            ev.add("dtstamp", stamp)
            ev.add("dtstart", r.date)
            ev.add("dtend", r.date + dt.timedelta(days=1))
            ev.add("summary", f"{division_id} round {r.number}: {names[m.home]} - {names[m.away]}")
            ev.add("description", f"Match {m.id} (home {m.home}, away {m.away}), §1.1 all-play-all")
            if r.number in venue:
                ev.add("location", venue[r.number])
            cal.add_component(ev)
            count += 1
    return cal.to_ical(), count


def cup_calendar(season: str, round_no: int, rows, names: dict[str, str]) -> bytes:
    """One six-hour event per scheduled match of a cup round with a date (§1.5.6: the agreed
    or official day and start time; the home team first, §1.5.5/§1.5.7)."""
    from icalendar import Calendar, Event

    from ..rules.model import ROUND_NAMES

    cal = Calendar()
    cal.add("prodid", "-//dbf//cup schedule//EN")
    cal.add("version", "2.0")
    for s in rows:
        if s.date is None:
            continue
        hh, mm = (int(x) for x in s.time.split(":"))
        start = dt.datetime.combine(s.date, dt.time(hh, mm))
        ev = Event()
        a, b = (s.home, s.away) if s.home else s.teams
        ev.add("uid", f"{s.id}-{season}@dbf")
        ev.add("summary", f"Cup {ROUND_NAMES.get(round_no, round_no)} {s.id}: {names.get(a, a)} - {names.get(b, b)}")
        ev.add("dtstart", start)
        ev.add("dtend", start + dt.timedelta(hours=6))
        ev.add("dtstamp", dt.datetime.now(dt.timezone.utc))
        if s.venue:
            ev.add("location", f"postcode {s.venue}")
        cal.add_component(ev)
    return cal.to_ical()
