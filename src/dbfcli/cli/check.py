"""``dbf check``: every state file of the season validated, every problem listed."""

from __future__ import annotations

import typer

from ..i18n import count, t as tr
from .common import command, exit_code, JsonOpt, load_store, print_problems
from .output import emit


def register(app: typer.Typer) -> None:
    @command(app, "check")
    def check_season(json_: JsonOpt = False) -> None:
        """Validate every state file of the season; exit 1 if any rule is broken, 2 if a file is unreadable.

        Every store module that defines ``check_season(store)`` takes part: settings,
        teams (§1.5.11, §1.5.12a, §1.5.3, §1.5.8), divisions (§1.1), draws, results, systems.

        Example: dbf check
        """
        from ..store.checks import run_checks

        store = load_store()
        problems = run_checks(store)
        errors = [p for p in problems if p.is_error]
        code = exit_code(errors) if errors else 0
        doc = {"ok": not errors, "season": store.season,
               "errors": [p.to_json() for p in errors], "warnings": [p.to_json() for p in problems if not p.is_error]}

        def human(out):
            print_problems(problems)
            out.line(tr("check_summary", season=store.season, errors=count(len(errors), "error"),
                       warnings=count(len(problems) - len(errors), "warning"))
                     + ("" if errors else tr("all_valid")))

        emit(doc, human)
        if code:
            raise typer.Exit(code)
