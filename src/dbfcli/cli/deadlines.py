"""``dbf deadlines``: what is due or overdue, from every rule that sets a deadline; for cron."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr
from .common import check, command, CsvDialectOpt, CsvOpt, exit_code, fail, JsonOpt, load_snapshot
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg


def parse_now(value: str | None) -> dt.datetime:
    """``--today``: a date (start of that day) or a date and time; else now (local time)
    (:func:`dbfcli.app.when.moment_of`)."""
    from ..app.when import moment_of

    return moment_of(value)


def register(app: typer.Typer) -> None:
    @command(app, "deadlines")
    def deadlines(
        today: Annotated[Optional[str], typer.Option("--today", help="Pretend it is this date or date-time.")] = None,
        fail_on_overdue: Annotated[bool, typer.Option("--fail-on-overdue", help="Exit 1 when anything is overdue.")] = False,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing when nothing is due.")] = False,
        all_: Annotated[bool, typer.Option("--all", help="Every deadline, done and far ahead too.")] = False,
        days: Annotated[int, typer.Option("--days", help="Show what is due within this many days.")] = 14,
        csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False,
    ) -> None:
        """What is due or overdue: draws of the rounds the field plays (§1.5.16), result
        sheets and fees 18 hours after the end of play (agreed or official start + 7.5 min a board; §1.5.14, §1.5.15),
        HUM cards (§1.5.1.1, §2.10.5), division system descriptions (§1.1.1.2), the
        play-off choice (§1.1.2.8). Made for cron: plain text, --quiet, --fail-on-overdue.

        Example: dbf deadlines --fail-on-overdue --quiet
        """
        from ..rules.deadlines import merge, open_items
        now = parse_now(today)
        snap = load_snapshot()
        settings = snap.settings()
        from ..rules.cup.waiting import waiting_notes

        sources, notes, warnings = snap.deadline_sources(settings, now)
        warnings = list(warnings) + waiting_notes(snap.pending_items())   # what waits for the TD (issue 26)
        check(warnings)   # about the cup's field (entry rounds, pools): printed, never fatal
        every = merge(sources, now)
        shown = every if all_ else open_items(every, now, days)
        overdue = [d for d in shown if d.overdue]
        if RUN.json or not (quiet and not shown):
            failing = fail_on_overdue and bool(overdue)
            doc = {"ok": not failing, "today": now.isoformat(), "deadlines": [d.to_json() for d in shown],
                   "notes": notes, "warnings": [p.to_json() for p in warnings]}
            if failing:
                doc["errors"] = [p.to_json() for p in _overdue_problems(overdue)]

            def human(out):
                from ..i18n import problem_text   # what is due: the rules' English data, Danish with --lang da

                if not shown:
                    out.line(tr("nothing_due", days=count(days, "day"), now=f"{now:%Y-%m-%d %H:%M}"))
                else:
                    out.table(tr("deadlines_title", season=snap.season, now=f"{now:%Y-%m-%d %H:%M}"),
                              heads("due", "what", "§", "status"),
                              [(_fmt(d.due), problem_text(d.what), d.rule,
                                tr("status:overdue") if d.overdue else tr("status:done") if d.done else tr("status:due"))
                               for d in shown])
                for n in notes:
                    out.line(tr("note_line", text=problem_text(n)))

            emit(doc, human)
        if fail_on_overdue and overdue:
            raise typer.Exit(exit_code(_overdue_problems(overdue)))   # 1: each deadline is a § rule's


def _overdue_problems(overdue) -> list:
    from ..rules.problems import Problem

    return [Problem.error(d.rule, Msg('overdue since {}: {}', _fmt(d.due), d.what),
                          code="deadline.overdue") for d in overdue]


def _fmt(due) -> str:
    return due.strftime("%Y-%m-%d %H:%M") if isinstance(due, dt.datetime) else due.isoformat()
