"""``dbf schedule DIV``: a division's all-play-all over its weekends (§1.1.2.1, §1.1.3.1,
§1.1.4.1), seeded so that last season's nos. 1-4 meet last (§1.1.2.3).

``cli/schedule.py`` mounts :func:`register_divisions` under ``dbf schedule``; the work is in
:func:`show`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, division_name
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .invocation import RUN
from .output import emit, write_csv
from .usecase import render, session

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
    """One call of :func:`dbfcli.app.schedules.division_schedule` (the schedule built, or the
    stored one read; ``--freeze``: stored), then the calendar written (``--ics``) and the
    schedule printed."""
    from ..app.schedules import DivisionScheduleRequest, division_schedule
    from .common import print_problems, write_out

    outcome = division_schedule(session(), DivisionScheduleRequest(
        division=division_id, freeze=freeze, refreeze=refreeze, dry_run=dry_run, ics=ics, team=team))
    if outcome.refused:
        render(outcome)
    if outcome.notes and not RUN.json:
        print_problems(outcome.notes)
    plan = outcome.plan
    if plan.ics is not None:
        write_out(plan.ics.path, plan.ics.data, "--ics")
    if csv and not (json_ or RUN.json):
        _write_schedule_csv(plan.rounds, plan.names)
        return
    emit(outcome.doc, lambda out: _human(out, plan, outcome.doc, ics))


def _human(out, plan, doc: dict, ics: Path | None) -> None:
    """The schedule as a table, round by round; the freeze and the calendar written."""
    rows = []
    for r in plan.rounds:
        for k, m in enumerate(r.matches):
            date = (r.date.isoformat() if r.date else "") if k == 0 else ""
            rows.append((r.number if k == 0 else "", date, m.id, plan.names[m.home],
                         plan.names[m.away] if m.away else tr("bye_cell")))
    state = tr("schedule:stored") if doc["frozen"] else tr("schedule:computed")
    out.table(tr("div_schedule_title", div=division_name(plan.division), season=plan.season,
                 rounds=count(len(plan.rounds), "round", en_plural=True),
                 boards=count(plan.boards, "board", en_plural=True), state=state),
              heads("round", "date", "match", "home", "away"), rows)
    if plan.stored:
        out.line(tr("froze_schedule", verb=tr("verb:would freeze" if plan.dry_run else "verb:froze"),
                    file=doc["stored_in"]))
    if ics is not None:
        out.line(tr("wrote_events", events=count(doc["ics"]["events"], "event", en_plural=True), file=ics))


def _write_schedule_csv(rounds, names: dict) -> None:
    """``--csv``: one row per match (a bye's away team empty, named "bye")."""
    write_csv(["round", "date", "match", "home", "away", "home_name", "away_name"],
              [(r.number, r.date.isoformat() if r.date else "", m.id, m.home, m.away or "",
                names[m.home], names.get(m.away or "", "bye")) for r in rounds for m in r.matches])
