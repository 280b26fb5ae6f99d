"""``dbf check``: every state file of the season validated, every problem listed."""

from __future__ import annotations

import typer

from ..i18n import count, t as tr
from .common import command, exit_code, JsonOpt, print_problems
from .usecase import render, session


def register(app: typer.Typer) -> None:
    @command(app, "check")
    def check_season(json_: JsonOpt = False) -> None:
        """Validate every state file of the season; exit 1 if any rule is broken, 2 if a file is unreadable.

        Every store module that defines ``check_season(store)`` takes part: settings,
        teams (§1.5.11, §1.5.12a, §1.5.3, §1.5.8), divisions (§1.1), draws, results, systems.

        Example: dbf check
        """
        from ..app.journal import check_season as checked

        outcome = checked(session())
        report = outcome.plan
        errors = report.errors
        code = exit_code(errors) if errors else 0

        def human(out):
            print_problems(report.problems)
            out.line(tr("check_summary", season=report.season, errors=count(len(errors), "error"),
                       warnings=count(len(report.problems) - len(errors), "warning"))
                     + ("" if errors else tr("all_valid")))

        render(outcome, human)
        if code:
            raise typer.Exit(code)
