"""What one run of dbf was asked for, readable by every layer without importing the CLI.

The CLI's root callback sets these (``dbfcli.cli.common.reset``); ``i18n`` and the
publishing layer read them. Context variables, not module globals, so a caller that runs
dbf twice in one process (tests, ``dbf serve``) can set them per run or per request.
"""

from __future__ import annotations

from contextvars import ContextVar

#: The language asked for with ``--lang`` (``en``, ``da``); empty: ``$DBF_LANG``, else English.
LANG: ContextVar[str] = ContextVar("dbf_lang", default="")

#: Who asks for a write, when it is not the person at the terminal: ``dbf serve`` sets
#: ``"web: captain of ODE-1 (dbf result submit)"`` for a captain's sheet; the journal entry's
#: ``command`` is then this text (``dbfcli.cli.common.command_line``). Empty: the command line.
ACTOR: ContextVar[str] = ContextVar("dbf_actor", default="")
