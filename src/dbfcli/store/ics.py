"""Schedules as iCalendar (RFC 5545) documents, for ``--ics`` and the site's team calendars:
a division's all-play-all (§1.1.2.1) and a cup round (§1.5.6). The bytes only; the caller
writes the file. ``icalendar`` is imported inside the functions (start-up).

One style for every calendar dbf writes (issue 18.3):

* ``PRODID`` :data:`PRODID`; ``UID`` ``MATCH.SEASON@dbf`` (``C3-001.2026-27@dbf``,
  ``1div-R01-01.2026-27@dbf``): the same match has the same UID in every file, so a calendar
  program updates an event instead of doubling it;
* ``X-WR-CALNAME`` ``DBF SEASON: WHAT`` (``DBF 2026-27: 1. division``);
* times in ``TZID=Europe/Copenhagen`` with its ``VTIMEZONE`` (built by icalendar from zoneinfo);
* ``LOCATION`` "street, postcode town" (town from the package's dk_postcodes.csv; street from the
  home team's teams file at its own postcode, else where ``DIR/clubs.yaml`` knows it); a division
  match at the weekend's venue, else the home team's; "venue to be announced" only when none is known;
* summaries and descriptions in the run's language (``--lang``).

Division rounds have a time: :func:`dbfcli.rules.divisions.daytimes.day_slots` (the reading in
docs/readings/publishing-calendars.md); cup matches last six hours from the agreed or official
start (§1.5.6).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..rules.text import one_line

PRODID = "-//DBF//dbf tournament calendar//EN"
TZID = "Europe/Copenhagen"
CUP_HOURS = 6


@dataclass(frozen=True, slots=True)
class CalEvent:
    """One match in a calendar: naive local (Copenhagen) start and end."""

    uid: str
    summary: str
    start: dt.datetime
    end: dt.datetime
    location: str
    description: str
    teams: tuple[str, ...]


def uid(match_id: str, season: str) -> str:
    """The UID of a match's event, the same in every calendar.

    >>> uid("C3-001", "2026-27")
    'C3-001.2026-27@dbf'
    """
    return f"{match_id}.{season}@dbf"


def location_text(postcode: str | None, streets: Mapping[str, str] | None = None, lang: str | None = None) -> str:
    """``"Vesterbro 10, 5000 Odense C"``: the street where known, the postcode and its town.

    >>> location_text("5000", {"5000": "Bridgecentret, Vesterbro 10"})
    'Bridgecentret, Vesterbro 10, 5000 Odense C'
    >>> location_text("7400"), location_text(None, lang="da")
    ('7400 Herning', 'meddeles senere')
    """
    from ..i18n import t
    from .geodata import load_postcodes

    if not postcode:
        return t("to_be_announced", lang)
    pt = load_postcodes().point(postcode)
    place = f"{postcode} {pt.name}" if pt else str(postcode)
    street = (streets or {}).get(str(postcode))
    return f"{street}, {place}" if street else place


def match_location(venue: str | None, home: str | None, hosts: Mapping[str, object] | None,
                   streets: Mapping[str, str] | None = None, lang: str | None = None) -> str:
    """Where a match is played, as far as dbf knows it (issue 28): at the home team's own postcode,
    the street address its teams file gives; else the venue's street from DIR/clubs.yaml, its
    postcode and town; "to be announced" only when no venue is known. ``hosts``: team id ->
    the team (its ``postcode`` and ``address``)."""
    team = (hosts or {}).get(home or "")
    address = getattr(team, "address", None)
    if venue and address and str(getattr(team, "postcode", "")) == str(venue):
        return f"{address}, {location_text(venue, None, lang)}"
    return location_text(venue, streets, lang)


def calendar(name: str, events: Iterable[CalEvent], team: str | None = None) -> tuple[bytes, int]:
    """The iCalendar document of ``events`` (only those of ``team`` when given): ``(bytes, events)``."""
    from zoneinfo import ZoneInfo

    from icalendar import Calendar, Event

    tz = ZoneInfo(TZID)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", one_line(name))   # an unknown property: not escaped by icalendar (issue 27)
    cal.add("x-wr-timezone", TZID)
    stamp = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    count = 0
    for e in events:
        if team is not None and team not in e.teams:
            continue
        ev = Event()
        ev.add("uid", e.uid)
        ev.add("dtstamp", stamp)
        ev.add("dtstart", e.start.replace(tzinfo=tz))
        ev.add("dtend", e.end.replace(tzinfo=tz))
        ev.add("summary", e.summary)
        ev.add("location", e.location)
        ev.add("description", e.description)
        cal.add_component(ev)
        count += 1
    out = cal.to_ical()
    if count:   # where add_missing_timezones puts it: the first component
        at = out.index(b"BEGIN:VEVENT")
        out = out[:at] + _vtimezone() + out[at:]
    return out, count


_VTIMEZONE: list[bytes] = []


def _vtimezone() -> bytes:
    """The ``VTIMEZONE`` of :data:`TZID` as iCalendar text, built once a process: icalendar's
    ``add_missing_timezones`` built and wrote it for every calendar (25 ms each: most of the
    2 s of ``dbf publish`` on the example season, one calendar per team). It depends on
    neither the events nor the calendar (icalendar's default first and last dates)."""
    if not _VTIMEZONE:
        from icalendar import Timezone

        _VTIMEZONE.append(Timezone.from_tzid(TZID).to_ical())
    return _VTIMEZONE[0]


def calendar_name(season: str, what: str, lang: str | None = None) -> str:
    """``X-WR-CALNAME`` of every calendar dbf writes.

    >>> calendar_name("2026-27", "1. division", "da")
    'DBF 2026-27: 1. division'
    """
    from ..i18n import t

    return t("ics_calname", lang, season=season, what=what)


def division_events(division_id: str, season: str, rounds, names: Mapping[str, str], venue: Mapping[int, str],
                    boards: int, lang: str | None = None, streets: Mapping[str, str] | None = None,
                    hosts: Mapping[str, object] | None = None) -> list[CalEvent]:
    """One event per match of a round with a date, at its time (rules.divisions.daytimes) and venue: the
    weekend's venue when season.toml names one, else the home team's (its postcode, and its
    street address when the teams file gives it; docs/readings/division-results.md)."""
    from ..i18n import division_name, t
    from ..rules.divisions.daytimes import day_slots

    rounds = list(rounds)
    slots = day_slots([r.date for r in rounds], boards)
    div = division_name(division_id, lang)
    out = []
    for r, slot in zip(rounds, slots):
        if slot is None:
            continue
        for m in r.matches:
            if m.away is None:
                continue
            home, away = names.get(m.home, m.home), names.get(m.away, m.away)
            out.append(CalEvent(uid(m.id, season), t("ics_div", lang, division=div, n=r.number, home=home, away=away),
                                slot[0], slot[1], _division_place(venue.get(r.number), m.home, hosts, streets, lang),
                                t("ics_div_desc", lang, match=m.id, division=div, n=r.number, boards=boards, home=home),
                                (m.home, m.away)))
    return out


def _division_place(weekend_venue: str | None, home: str, hosts, streets, lang) -> str:
    if weekend_venue:
        return location_text(weekend_venue, streets, lang)
    team = (hosts or {}).get(home)
    return match_location(getattr(team, "postcode", None), home, hosts, streets, lang)


def cup_events(season: str, round_no: int, rows, names: Mapping[str, str], lang: str | None = None,
               streets: Mapping[str, str] | None = None, hosts: Mapping[str, object] | None = None) -> list[CalEvent]:
    """One six-hour event per scheduled match of a cup round with a date (§1.5.6: the agreed
    or official day and start time; the home team first, §1.5.5/§1.5.7)."""
    from ..i18n import clock, round_name, t, team_label
    from ..rules.cup.home import seating_sides

    rname = round_name(round_no, lang)
    out = []
    for s in rows:
        if s.date is None:
            continue
        hh, mm = (int(x) for x in s.time.split(":"))
        start = dt.datetime.combine(s.date, dt.time(hh, mm))
        a, b, _ = seating_sides(s)   # §1.5.5/§1.5.13/§1.5.7: the one answer
        home, away = names.get(a) or team_label(a, lang), names.get(b) or team_label(b, lang)
        if getattr(s, "pending", ()):      # §1.5.16: home waits for the awaited result
            desc = t("ics_cup_desc_pending", lang, match=s.id, round=rname, awaited=", ".join(s.pending),
                     time=clock(s.time, lang))
        elif not s.home:
            desc = t("ics_cup_desc_neutral", lang, match=s.id, round=rname, time=clock(s.time, lang))
        else:
            desc = t("ics_cup_desc", lang, match=s.id, round=rname, home=home, time=clock(s.time, lang))
        out.append(CalEvent(uid(s.id, season), t("ics_cup", lang, round=rname, home=home, away=away),
                            start, start + dt.timedelta(hours=CUP_HOURS), match_location(s.venue, s.home, hosts, streets, lang),
                            desc, tuple(s.teams)))
    return out


def division_calendar(division_id: str, season: str, rounds, names: dict[str, str], venue: dict[int, str],
                      boards: int = 36, lang: str | None = None, streets: Mapping[str, str] | None = None,
                      team: str | None = None, hosts: Mapping[str, object] | None = None) -> tuple[bytes, int]:
    """A division's calendar (one team's with ``team``): ``(ics bytes, events)``."""
    from ..i18n import division_name

    what = division_name(division_id, lang) + (f", {names.get(team, team)}" if team else "")
    return calendar(calendar_name(season, what, lang),
                    division_events(division_id, season, rounds, names, venue, boards, lang, streets, hosts), team)


def cup_calendar(season: str, round_no: int, rows, names: dict[str, str], lang: str | None = None,
                 streets: Mapping[str, str] | None = None, team: str | None = None,
                 hosts: Mapping[str, object] | None = None) -> tuple[bytes, int]:
    """A cup round's calendar (one team's with ``team``): ``(ics bytes, events)``."""
    from ..i18n import round_name, t

    what = f"{t('cup', lang)}, {round_name(round_no, lang)}" + (f", {names.get(team, team)}" if team else "")
    return calendar(calendar_name(season, what, lang), cup_events(season, round_no, rows, names, lang, streets, hosts), team)
