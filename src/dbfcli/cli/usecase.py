"""A command's call of the application layer (:mod:`dbfcli.app`): the Session it passes and
the rendering of the Outcome it gets back, shared by the commands that parse, call, render."""

from __future__ import annotations

from pathlib import Path
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


def entry_file(path: Path):
    """A TD's teams file named on the command line as :class:`dbfcli.app.cup.EntryFile`: its
    bytes (read at most to the input limit), or the problems of reading it (the use case refuses
    them, exit 2), YAML or CSV by its suffix."""
    from ..app.cup import EntryFile
    from ..store.yamlio import YamlLoadError, read_input

    csv = path.suffix.lower() == ".csv"
    try:
        return EntryFile(label=str(path), name=path.name, csv=csv, data=read_input(path))
    except YamlLoadError as exc:
        return EntryFile(label=str(path), name=path.name, csv=csv, problems=tuple(exc.problems))
