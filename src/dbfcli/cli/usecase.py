"""A command's call of the application layer (:mod:`dbfcli.app`): the Session it passes and
the rendering of the Outcome it gets back, shared by the commands that parse, call, render."""

from __future__ import annotations

from typing import Callable

from .common import command_line, load_snapshot
from .invocation import RUN
from .output import emit, Out


def session():
    """This command's :class:`dbfcli.app.session.Session`: the season opened (and locked) when
    the use case first reads it, the journal's command line, ``--lock-timeout``."""
    from ..app.session import Session

    return Session(actor=command_line(), lock_timeout=RUN.lock_timeout, opener=load_snapshot)


def render(outcome, human: Callable[[Out], None] | None = None) -> None:
    """An :class:`dbfcli.app.outcome.Outcome` on the terminal: the warnings found on the way
    (stderr, not under ``--json``), then a refusal (:func:`dbfcli.cli.common.report`, its exit
    code) or the document (``--json``) / ``human`` (stdout)."""
    from .common import print_problems, report

    if outcome.notes and not RUN.json:
        print_problems(outcome.notes)
    if outcome.refused:
        report(outcome.problems, outcome.doc or None)
    emit(outcome.doc, human)
