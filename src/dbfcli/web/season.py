"""The season behind ``dbf serve``: one request at a time, under the season lock, through
dbf's own commands (no Starlette here: this is plain Python, tested on its own).

dbf's command machinery keeps per-run state in the process (the global options, the locks
a command holds, re-entrant within a process). So every request that touches the season
takes :data:`_MUTEX` first (a thread lock: requests run in a thread pool), then the season
lock as any ``dbf`` command does; another ``dbf`` of the TD at the terminal is kept out by
the season lock, another request by the mutex. A request that cannot have both within the
lock timeout is :class:`Busy` (HTTP 503); a request waits up to :data:`QUEUE_TIMEOUT` for
the requests before it.

A sheet is checked and recorded by running ``dbf result check|submit FILE --json`` itself
in-process (:func:`run_result`): the same parse, rules, plan, transaction, lock and journal,
and so exactly the same JSON document and exit code. The journal entry's command says who
sent it (:data:`dbfcli.context.ACTOR`: ``web: captain of TEAM``).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import tempfile
import threading

import uuid
from pathlib import Path
from typing import Iterator

log = logging.getLogger("dbfcli.web")

_MUTEX = threading.Lock()
#: how long a request waits for the requests before it (one at a time), then 503
QUEUE_TIMEOUT = 55.0
#: the name a sheet sent over the web has in every problem (never a path of the server)
SHEET_LABEL = "sheet.yaml"


class Busy(Exception):
    """The season (or the server) is busy beyond the lock timeout: HTTP 503."""


class Season:
    """One season folder served: ``root`` (the tournaments folder), ``season`` (its id),
    ``lock_timeout`` (seconds to wait for the season, then :class:`Busy`)."""

    def __init__(self, root: Path, season: str, lock_timeout: float = 5.0):
        self.root = Path(root).resolve()
        self.season = season
        self.lock_timeout = lock_timeout
        self.dir = self.root / season
        self._cmd = None

    # ------------------------------------------------------------------ sessions
    @contextlib.contextmanager
    def session(self, write: bool = False) -> Iterator[object]:
        """The season's :class:`~dbfcli.store.season.SeasonStore`, locked (shared, or
        exclusively with ``write``) for the block, as a command would hold it."""
        from ..store.atomic import LockTimeout, command_scope
        from ..store.season import SeasonStore

        if not _MUTEX.acquire(timeout=QUEUE_TIMEOUT):
            raise Busy("the server is busy")
        try:
            with command_scope():
                store = SeasonStore(self.root, self.season)
                store.require()
                try:
                    store.open_for_write(self.lock_timeout) if write else store.open_for_read(self.lock_timeout)
                except LockTimeout:
                    raise Busy("the season is locked by another dbf") from None
                yield store
        finally:
            _MUTEX.release()

    # ------------------------------------------------------------------ dbf commands in-process
    def _command(self):
        if self._cmd is None:
            import typer.main

            from ..cli.app import build_app

            self._cmd = typer.main.get_command(build_app(["result"]))
        return self._cmd

    def run(self, args: list[str], actor: str = "", lang: str = "en") -> tuple[int, dict]:
        """``dbf ARGS --json`` on this season, in-process: ``(exit code, JSON document)``.
        :class:`Busy` when the mutex cannot be had in time (the season lock: exit 3)."""
        from ..context import ACTOR

        full = ["--dir", str(self.root), "--season", self.season, "--lock-timeout", f"{self.lock_timeout:g}",
                "--lang", lang, *args, "--json"]
        if not _MUTEX.acquire(timeout=QUEUE_TIMEOUT):
            raise Busy("the server is busy")
        out, err = io.StringIO(), io.StringIO()
        token = ACTOR.set(actor)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = self._command().main(args=full, prog_name="dbf", standalone_mode=False)
        except Exception:  # noqa: BLE001 - logged here; the client gets no trace
            log.exception("dbf %s failed", " ".join(args[:2]))
            return 2, {"ok": False, "errors": [{"rule": None, "code": "internal.error", "severity": "error",
                                                "message": "the server could not do this; the TD is told"}],
                       "warnings": []}
        finally:
            ACTOR.reset(token)
            _MUTEX.release()
        code = code if isinstance(code, int) else 0
        try:
            doc = json.loads(out.getvalue())
        except ValueError:
            log.error("dbf %s printed no JSON (exit %s)", " ".join(args[:2]), code)
            doc = {"ok": False, "errors": [{"rule": None, "code": "internal.error", "severity": "error",
                                            "message": "the server could not do this; the TD is told"}],
                   "warnings": []}
        return code, doc

    def run_result(self, verb: str, sheet: bytes, *, actor: str = "", lang: str = "en",
                   extra: tuple[str, ...] = ()) -> tuple[int, dict]:
        """``dbf result VERB SHEET --json`` for a sheet sent over the web: written to a private
        temporary folder (mode 0700, removed after), named :data:`SHEET_LABEL` in the answer."""
        with tempfile.TemporaryDirectory(prefix="dbf-serve-") as tmp:
            path = Path(tmp) / f"{uuid.uuid4().hex}.yaml"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, sheet)
            finally:
                os.close(fd)
            code, doc = self.run(["result", verb, str(path), *extra], actor=actor, lang=lang)
        return code, _relabel(doc, str(path))


def _relabel(doc, path: str):
    """Every mention of the temporary file replaced by :data:`SHEET_LABEL` (no server path)."""
    if isinstance(doc, dict):
        return {k: _relabel(v, path) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_relabel(v, path) for v in doc]
    if isinstance(doc, str) and path in doc:
        return doc.replace(path, SHEET_LABEL)
    return doc


