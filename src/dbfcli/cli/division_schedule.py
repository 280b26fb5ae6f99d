"""``dbf schedule DIV``: a division's all-play-all over its weekends (§1.1.2.1, §1.1.3.1,
§1.1.4.1), seeded so that last season's nos. 1-4 meet last (§1.1.2.3).

``cli/schedule.py`` mounts :func:`register_divisions` under ``dbf schedule``; the work is in
:func:`show`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RUN, CsvOpt, JsonOpt, check, command, emit, fail, load_store, write_csv

IcsOpt = Annotated[Optional[Path], typer.Option("--ics", help="Also write the matches to this iCalendar file.")]


def register_divisions(schedule: typer.Typer) -> None:
    """One ``schedule DIV`` command per division id (1div, 2div, 3div-a, 3div-b)."""
    from ..rules.model import DIVISIONS

    for div in DIVISIONS:
        _register_one(schedule, div)


def _register_one(schedule: typer.Typer, div: str) -> None:
    def run(json_: JsonOpt = False, csv: CsvOpt = False, ics: IcsOpt = None) -> None:
        show(div, json_, csv, ics)

    run.__doc__ = (f"{div}: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\n"
                   "Last season's nos. 1-4 (the first four of the entry order) meet in the last three "
                   "rounds. Byes show as away null.\n\n"
                   f"Example: dbf schedule {div} --json")
    run.__name__ = f"schedule_{div.replace('-', '_')}"
    command(schedule, div, help=run.__doc__)(run)


def show(division_id: str, json_: bool = False, csv: bool = False, ics: Path | None = None) -> None:
    """Load the division and the settings, build the schedule, print it (and write ``--ics``)."""
    from ..rules.roundrobin import division_schedule, schedule_problems
    from ..store.settings import load_settings
    from ..store.teams import load_division

    store = load_store()
    division, problems = load_division(store, division_id)
    check(problems)
    if division is None or not division.teams:
        fail(f"no teams entered in {division_id}", hint=f"run `dbf division enter {division_id} FILE`")
    settings = load_settings(store).division(division_id)
    rounds = division_schedule(division, settings)
    warnings = check(schedule_problems(division, settings, rounds))
    names = {t.id: t.name for t in division.teams}
    venue = _venues(rounds, settings)
    doc = {
        "division": division_id,
        "season": store.season,
        "teams": len(division.teams),
        "boards": settings.boards,
        "rounds": [{"round": r.number, "date": r.date, "venue": venue.get(r.number),
                    "matches": [{"id": m.id, "home": m.home, "away": m.away} for m in r.matches]} for r in rounds],
        "warnings": [p.to_json() for p in warnings],
    }
    if ics is not None:
        count = _write_ics(ics, division_id, store.season, rounds, names, venue)
        doc["ics"] = {"file": str(ics), "events": count}
    if csv and not (json_ or RUN.json):
        write_csv(["round", "date", "match", "home", "away", "home_name", "away_name"],
                  [(r.number, r.date.isoformat() if r.date else "", m.id, m.home, m.away or "",
                    names[m.home], names.get(m.away or "", "bye")) for r in rounds for m in r.matches])
        return

    def human(out) -> None:
        rows = []
        for r in rounds:
            for k, m in enumerate(r.matches):
                date = (r.date.isoformat() if r.date else "") if k == 0 else ""
                rows.append((r.number if k == 0 else "", date, m.id, names[m.home],
                             names[m.away] if m.away else "(bye)"))
        out.table(f"{division_id} {store.season}: all-play-all, {len(rounds)} rounds, {settings.boards} boards",
                  ["round", "date", "match", "home", "away"], rows)
        if ics is not None:
            out.line(f"wrote {doc['ics']['events']} events to {ics}")

    emit(doc, human)


def _venues(rounds, settings) -> dict[int, str]:
    """Venue postcode of each round's weekend, when ``venues`` are set (one per weekend)."""
    if not settings.venues or not settings.weekends:
        return {}
    by_saturday = dict(zip(settings.weekends, settings.venues))
    out = {}
    for r in rounds:
        if r.date is None:
            continue
        saturday = r.date if r.date in by_saturday else next((s for s in by_saturday if 0 <= (r.date - s).days <= 1), None)
        if saturday is not None:
            out[r.number] = by_saturday[saturday]
    return out


def _write_ics(path: Path, division_id: str, season: str, rounds, names: dict[str, str], venue: dict[int, str]) -> int:
    """All-day events, one per match with a date (UID = match id), written atomically."""
    import datetime as dt

    from icalendar import Calendar, Event

    from ..store.atomic import atomic_write

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
    try:
        atomic_write(path, cal.to_ical())
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
    return count
