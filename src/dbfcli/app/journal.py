"""The season's history as use cases: :func:`undo` (``dbf undo``: the last write taken back,
itself journaled, so a second undo redoes it) and :func:`check_season` (``dbf check``: every
state file through the reader every command uses, every problem listed)."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_of
from .session import Session


class UndoRequest(Value, kw_only=True):
    """``dbf undo [--dry-run]``."""

    dry_run: bool = False


class Undone(MutableValue, kw_only=True):
    """The journal entry taken back (``at``, ``command``, ``message``) and the files restored."""

    entry: dict[str, Any]
    files: list[str]


def undo(session: Session, request: UndoRequest) -> Outcome:
    """``dbf undo``: the last write of the journal taken back in one transaction (journaled as
    ``undo: <what it did>``); refused (exit 2, ``state.cannot-undo``) when the journal is empty,
    a file was changed since by hand or its old text was too large to keep. An undone rollover
    leaves no empty season behind and makes the season it came from current again (the
    entry's ``made_from``). ``plan``: :class:`Undone`."""
    return outcome_of(_undo, session, request)


def _undo(session: Session, request: UndoRequest) -> Outcome:
    from ..store.journal import journal_message, plan_undo

    store = session.store
    with store.transaction(session.actor, "", request.dry_run, session.lock_timeout) as tx:
        entry, restore, problems = plan_undo(store)
        if problems:
            fail(problems[0], hint=Msg('restore the file from git or a backup, or edit it back by hand'),
                 code="state.cannot-undo")
        tx.message = Msg("undo: {}", journal_message(entry) or entry["command"])
        for rel, text in restore.items():
            if text is None:
                tx.delete(rel)
            else:
                tx.write_text(rel, text)
    if not request.dry_run:   # an undone rollover leaves no empty season behind (issue 15.6)
        from ..store.divisions.rollover import after_undo

        after_undo(store, entry)
    doc = {"ok": True, "undone": {"at": entry["at"], "command": entry["command"], "message": entry.get("message")},
           "files": sorted(restore), "dry_run": request.dry_run}
    return Outcome(doc=doc, written=not request.dry_run, plan=Undone(entry=entry, files=sorted(restore)))


class CheckReport(MutableValue, kw_only=True):
    """``dbf check``'s finding: every problem of the season's files (errors and warnings, each
    with its code and its § where one applies), the season's name."""

    problems: list[Problem]
    season: str

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]


def check_season(session: Session) -> Outcome:
    """``dbf check``: every state file read by the reader every command uses
    (store/checks.py ``CHECKERS``: settings, teams §1.5.11 §1.5.12a §1.5.3 §1.5.8, divisions §1.1,
    draws, results, lots, systems, the journal, links) and the season's invariants. Never a
    refusal: the problems are the finding (``plan``: :class:`CheckReport`); the face exits by
    them (1 a broken rule, 2 an unreadable file)."""
    from ..store.checks import run_checks

    store = session.store
    problems = run_checks(store)
    report = CheckReport(problems=problems, season=store.season)
    doc = {"ok": not report.errors, "season": store.season, "errors": [p.to_json() for p in report.errors],
           "warnings": [p.to_json() for p in problems if not p.is_error]}
    return Outcome(doc=doc, plan=report)
