"""``dbf undo``: revert the last write, itself journaled."""

from __future__ import annotations

import typer

from ..i18n import t as tr
from .common import command, DryRunOpt, JsonOpt
from .usecase import render, session


def register(app: typer.Typer) -> None:
    @command(app, "undo", writes=True)
    def undo(dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Revert the last write to the season (as shown by `dbf log`); the undo is journaled too,
        so a second `dbf undo` redoes. Refuses when a file was changed since by hand.

        Example: dbf undo --dry-run
        """
        from ..app.journal import UndoRequest, undo as undo_last

        outcome = undo_last(session(), UndoRequest(dry_run=dry_run))
        done = outcome.plan
        render(outcome, lambda out: out.line(tr("undid", verb=tr("verb:would undo" if dry_run else "verb:undid"),
                                                command=done.entry["command"], files=", ".join(done.files))))
