"""What one run of dbf was asked for, readable by every layer without importing the CLI.

The CLI's root callback sets these (``dbfcli.cli.common.reset``); ``i18n`` and the
publishing layer read them. Context variables, not module globals, so a caller that runs
dbf twice in one process (tests, ``dbf serve``) can set them per run or per request.
"""

from __future__ import annotations

from contextvars import ContextVar

#: The language asked for with ``--lang`` (``en``, ``da``); empty: ``$DBF_LANG``, else English.
LANG: ContextVar[str] = ContextVar("dbf_lang", default="")
