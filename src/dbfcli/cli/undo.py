"""``dbf undo``: revert the last write, itself journaled."""

from __future__ import annotations

import typer

from ..i18n import t as tr
from .common import command, command_line, DryRunOpt, fail, JsonOpt, load_store
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    @command(app, "undo", writes=True)
    def undo(dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Revert the last write to the season (as shown by `dbf log`); the undo is journaled too,
        so a second `dbf undo` redoes. Refuses when a file was changed since by hand.

        Example: dbf undo --dry-run
        """
        from ..store.journal import journal_message, plan_undo

        store = load_store()
        with store.transaction(command_line(), "", dry_run, RUN.lock_timeout) as tx:
            entry, restore, problems = plan_undo(store)
            if problems:
                fail(problems[0], hint=Msg('restore the file from git or a backup, or edit it back by hand'), code="state.cannot-undo")
            tx.message = Msg("undo: {}", journal_message(entry) or entry["command"])
            for rel, text in restore.items():
                if text is None:
                    tx.delete(rel)
                else:
                    tx.write_text(rel, text)
        if not dry_run:   # an undone rollover leaves no empty season behind (store/divisions/rollover.py, issue 15.6)
            from ..store.divisions.rollover import after_undo

            after_undo(store, entry)
        doc = {"ok": True, "undone": {"at": entry["at"], "command": entry["command"], "message": entry.get("message")},
               "files": sorted(restore), "dry_run": dry_run}
        emit(doc, lambda out: out.line(tr("undid", verb=tr("verb:would undo" if dry_run else "verb:undid"),
                                          command=entry["command"], files=", ".join(sorted(restore)))))
