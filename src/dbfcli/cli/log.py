"""``dbf log``: the journal of every write to the season."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import heads, problem_text, t as tr, word
from .common import command, CsvDialectOpt, CsvOpt, JsonOpt
from .usecase import render, session


def register(app: typer.Typer) -> None:
    @command(app, "log")
    def log(last: Annotated[int, typer.Option("--last", "-n", help="Show only the last N writes (0: all).")] = 0,
            csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Every write to the season: when, which command, what changed.

        Example: dbf log -n 5
        """
        from ..app.history import LogRequest, journal_view
        from ..store.journal import journal_message

        outcome = journal_view(session(), LogRequest(last=last))
        view = outcome.plan

        def human(out):
            out.table(tr("journal_title", season=view.season), heads("when (UTC)", "command", "what", "files"),
                      [(e["at"][:19].replace("T", " "), without_season_options(e["command"]),
                        problem_text(journal_message(e)),
                        ", ".join(f"{word('action', c['action'])} {c['file']}" for c in e["changes"]))
                       for e in view.entries])

        render(outcome, human)


#: the global options that say which season a command ran on (the journal's table is of one)
_SEASON_OPTIONS = ("--dir", "--season")


def without_season_options(command_line: str) -> str:
    """The command of a journal entry as the table shows it: without ``--dir PATH`` and
    ``--season S``, which name the season the table is of (a long folder path would take the
    width of the column); ``--json`` and the journal file keep the whole line.

    >>> without_season_options("dbf --dir /srv/dbf/tournaments --season=2026-27 draw cup --round 1")
    'dbf draw cup --round 1'
    """
    words, out = command_line.split(" "), []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w in _SEASON_OPTIONS:
            skip = True
        elif not w.startswith(tuple(o + "=" for o in _SEASON_OPTIONS)):
            out.append(w)
    return " ".join(out)
