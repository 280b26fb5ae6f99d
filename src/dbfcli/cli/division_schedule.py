"""``dbf schedule DIV``: a division's all-play-all over its weekends (§1.1.2.1, §1.1.3.1,
§1.1.4.1), seeded so that last season's nos. 1-4 meet last (§1.1.2.3).

``cli/schedule.py`` mounts :func:`register_divisions` under ``dbf schedule``; the work is in
:func:`show`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, division_name
from .common import RUN, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt, UsageProblem, check, command, command_line, emit, fail, load_snapshot, write_csv

IcsOpt = Annotated[Optional[Path], typer.Option("--ics", help="Also write the matches to this iCalendar file.")]
TeamOpt = Annotated[Optional[str], typer.Option("--team", metavar="TEAM", help="With --ics: only this team's matches.")]
FreezeOpt = Annotated[bool, typer.Option("--freeze", help="Store the schedule (divisions/schedule-DIV.yaml): "
                                                          "its match ids never change again.")]
RefreezeOpt = Annotated[bool, typer.Option("--refreeze", help="With --freeze: replace a stored schedule "
                                                              "(only while no result of the division is recorded).")]


def register_divisions(schedule: typer.Typer) -> None:
    """One ``schedule DIV`` command per division id (1div, 2div, 3div-a, 3div-b)."""
    from ..rules.model import DIVISIONS

    for div in DIVISIONS:
        _register_one(schedule, div)


def _register_one(schedule: typer.Typer, div: str) -> None:
    def run(json_: JsonOpt = False, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, ics: IcsOpt = None,
            freeze: FreezeOpt = False, refreeze: RefreezeOpt = False, dry_run: DryRunOpt = False,
            team: TeamOpt = None) -> None:
        show(div, json_, csv, ics, freeze=freeze, refreeze=refreeze, dry_run=dry_run, team=team)

    run.__doc__ = (f"{div}: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\n"
                   "Last season's nos. 1-4 (the first four of the entry order) meet in the last three "
                   "rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) "
                   "the stored schedule is shown and used, whatever the roster or the algorithm.\n\n"
                   f"Example: dbf schedule {div} --json")
    run.__name__ = f"schedule_{div.replace('-', '_')}"
    command(schedule, div, writes=lambda kw: bool(kw.get("freeze") or kw.get("refreeze")),
            help=run.__doc__)(run)


def show(division_id: str, json_: bool = False, csv: bool = False, ics: Path | None = None, *,
         freeze: bool = False, refreeze: bool = False, dry_run: bool = False, team: str | None = None) -> None:
    """Load the division and the settings, build (or read the stored) schedule, print it
    (``--freeze``: store it; ``--ics``: write a calendar)."""
    from ..rules.roundrobin import check_frozen, division_schedule, round_venues, schedule_problems
    snap = load_snapshot()
    store = snap.store
    division, problems = snap.division(division_id)
    check(problems)
    if division is None or not division.teams:
        fail(f"no teams entered in {division_id}", hint=f"run `dbf division enter {division_id} FILE`", code="state.not-entered")
    settings = snap.settings().division(division_id)
    if refreeze and not freeze:
        fail("--refreeze goes with --freeze", hint=f"dbf schedule {division_id} --freeze --refreeze", code="usage.conflict")
    written = _freeze(store, division, settings, refreeze, dry_run) if freeze else False
    stored, stored_teams, problems = snap.frozen(division_id, settings)   # read after the write
    if problems:                                   # a malformed stored schedule: exit 2
        raise UsageProblem(problems)
    if written and dry_run:
        stored = None                      # show what would be stored
    rounds = stored if stored is not None else division_schedule(division, settings)
    found = schedule_problems(division, settings, rounds)
    if stored is not None:
        found += check_frozen(division, stored_teams, stored)
    warnings = check(found)
    names = {t.id: t.name for t in division.teams}
    venue = round_venues(rounds, settings)
    doc = {
        "division": division_id,
        "season": store.season,
        "teams": len(division.teams),
        "boards": settings.boards,
        "frozen": stored is not None,
        "rounds": [{"round": r.number, "date": r.date, "venue": venue.get(r.number),
                    "matches": [{"id": m.id, "home": m.home, "away": m.away} for m in r.matches]} for r in rounds],
        "warnings": [p.to_json() for p in warnings],
    }
    if written:
        from ..store.divresults import schedule_file

        doc["stored_in"] = schedule_file(division_id)
        doc["dry_run"] = dry_run
    if team is not None and ics is None:
        fail("--team goes with --ics", hint=f"dbf schedule {division_id} --ics team.ics --team {team}",
             code="usage.conflict")
    if team is not None and team not in names:
        fail(f"unknown team {team}: not a team of {division_id}", hint=f"dbf division teams {division_id}",
             code="unknown.team")
    if ics is not None:
        from ..i18n import current_lang
        from ..store.ics import division_calendar
        from .common import write_out

        _, streets, _ = snap.clubs()
        data, events = division_calendar(division_id, store.season, rounds, names, venue, settings.boards,
                                         current_lang(), streets, team)
        write_out(ics, data, "--ics")
        doc["ics"] = {"file": str(ics), "events": events}
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
                             names[m.away] if m.away else tr("bye_cell")))
        state = tr("schedule:stored") if doc["frozen"] else tr("schedule:computed")
        out.table(tr("div_schedule_title", div=division_name(division_id), season=store.season,
                     rounds=count(len(rounds), "round", en_plural=True), boards=count(settings.boards, "board", en_plural=True), state=state),
                  heads("round", "date", "match", "home", "away"), rows)
        if written:
            out.line(tr("froze_schedule", verb=tr("verb:would freeze" if dry_run else "verb:froze"),
                        file=doc["stored_in"]))
        if ics is not None:
            out.line(tr("wrote_events", events=count(doc["ics"]["events"], "event", en_plural=True), file=ics))

    emit(doc, human)


def _freeze(store, division, settings, refreeze: bool, dry_run: bool) -> bool:
    """Store the schedule (unless stored and not ``refreeze``); refused (exit 2) when a stored
    schedule would be replaced while results use its match ids
    (:func:`dbfcli.store.divresults.refreeze_refusal`)."""
    import datetime as dt

    from ..store.divresults import freeze_schedule, refreeze_refusal

    refusal = refreeze_refusal(store, division.id) if refreeze else None
    if refusal is not None:
        raise UsageProblem([refusal])
    with store.transaction(command_line(), f"froze the {division.id} schedule", dry_run, RUN.lock_timeout) as tx:
        return freeze_schedule(tx, store, division, settings, on=dt.date.today().isoformat(), refreeze=refreeze)
