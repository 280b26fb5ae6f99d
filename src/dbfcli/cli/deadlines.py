"""``dbf deadlines``: what is due or overdue, from every rule that sets a deadline; for cron."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr
from .common import command, CsvDialectOpt, CsvOpt, exit_code, JsonOpt, print_problems
from .invocation import RUN
from .usecase import render, session


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
        from ..app.deadlines import DeadlinesRequest, deadlines_view, when

        outcome = deadlines_view(session(), DeadlinesRequest(today=today, every=all_, days=days,
                                                             fail_on_overdue=fail_on_overdue))
        view = outcome.plan
        shown = view.shown if view else []
        if outcome.refused or RUN.json or not (quiet and not shown):
            def human(out):
                from ..i18n import problem_text   # what is due: the rules' English data, Danish with --lang da

                now = view.now
                if not shown:
                    out.line(tr("nothing_due", days=count(days, "day"), now=f"{now:%Y-%m-%d %H:%M}"))
                else:
                    out.table(tr("deadlines_title", season=view.season, now=f"{now:%Y-%m-%d %H:%M}"),
                              heads("due", "what", "§", "status"),
                              [(when(d.due), problem_text(d.what), d.rule,
                                tr("status:overdue") if d.overdue else tr("status:done") if d.done else tr("status:due"))
                               for d in shown])
                for n in view.notes:
                    out.line(tr("note_line", text=problem_text(n)))

            render(outcome, human)
        elif outcome.notes and not RUN.json:
            print_problems(outcome.notes)
        if fail_on_overdue and view.overdue:
            raise typer.Exit(exit_code(view.overdue_problems))   # 1: each deadline is a § rule's
