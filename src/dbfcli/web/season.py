"""The season behind ``dbf serve``: every request that reads or writes it is a use case of
the application layer (:mod:`dbfcli.app.captains`), called in-process with the sheet as a
value: no temporary file, no run of the CLI, no parsing of its output.

A request opens a :meth:`Season.session`: the season lock as any ``dbf`` command takes it
(shared to read, exclusive to write), and the season's snapshot read under it. A read
session's snapshot starts from what the one before it read while the season's files are
unchanged (:class:`~dbfcli.store.snapshotcache.SnapshotCache`: a captain's check re-reads and
re-assembles only the sheet); a write session reads afresh and the kept memo is dropped. The season
lock's bookkeeping is per process (re-entrant within it), so the requests of this process
take it one at a time: :data:`_MUTEX` is the in-process half of the season lock (requests run
in a thread pool), the ``flock`` of ``.dbf.lock`` the other half, which keeps the TD's own
``dbf`` at the terminal out. A request that cannot have both within the lock timeout is
:class:`Busy` (HTTP 503); a request waits up to :data:`QUEUE_TIMEOUT` for those before it.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import threading
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from ..app.session import Session

log = logging.getLogger("dbfcli.web")
T = TypeVar("T")

_MUTEX = threading.Lock()
#: how long a request waits for the requests before it (one at a time), then 503
QUEUE_TIMEOUT = 55.0


class Busy(Exception):
    """The season (or the server) is busy beyond the lock timeout: HTTP 503."""


class WouldWait(Exception):
    """A read asked to run at once found the server or the season busy (:func:`read_soon`):
    nothing was read; it is run where it may wait its turn."""


#: set while a read runs on the event loop (:func:`read_soon`): its session waits for nothing
_AT_ONCE: contextvars.ContextVar[bool] = contextvars.ContextVar("dbf_serve_at_once", default=False)


async def read_soon(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, a read (a check, a page), on the event loop when the season is free at
    once, else in the thread pool where it waits its turn (:exc:`WouldWait`, raised before
    anything is read). A check is a millisecond of CPU: handed to a thread it spent more than
    that again in the hand-off and in the two threads' contention for the interpreter, and 20
    captains at once waited for that too (bench/serve.py). Anything that may wait -- the lock
    another ``dbf`` holds, a write and its fsyncs -- still runs in the thread pool."""
    from starlette.concurrency import run_in_threadpool

    token = _AT_ONCE.set(True)
    try:
        return fn(*args)
    except WouldWait:
        pass
    finally:
        _AT_ONCE.reset(token)
    return await run_in_threadpool(fn, *args)


class Season:
    """One season folder served: ``root`` (the tournaments folder), ``season`` (its id),
    ``lock_timeout`` (seconds to wait for the season, then :class:`Busy`)."""

    def __init__(self, root: Path, season: str, lock_timeout: float = 5.0):
        self.root = Path(root).resolve()
        self.season = season
        self.lock_timeout = lock_timeout
        self.dir = self.root / season
        from ..store.snapshotcache import SnapshotCache

        self._cache = SnapshotCache()   # what the read sessions read, kept while the files are unchanged

    @contextlib.contextmanager
    def session(self, actor: str = "", write: bool = False) -> Iterator[Session]:
        """A use case's :class:`~dbfcli.app.session.Session` on the season, locked (shared, or
        exclusively with ``write``) for the block, as a command would hold it; ``actor``: who
        asks, as the journal records it."""
        from ..store.atomic import LockTimeout, command_scope
        from ..store.season import SeasonStore
        from ..store.snapshot import Snapshot

        at_once = _AT_ONCE.get()
        if at_once and (write or not _MUTEX.acquire(blocking=False)):
            raise WouldWait()
        if not at_once and not _MUTEX.acquire(timeout=QUEUE_TIMEOUT):
            raise Busy("the server is busy")
        try:
            with command_scope():
                store = SeasonStore(self.root, self.season)
                store.require()
                try:
                    store.open_for_write(self.lock_timeout) if write else store.open_for_read(0 if at_once else
                                                                                             self.lock_timeout)
                except LockTimeout:
                    if at_once:
                        raise WouldWait() from None
                    raise Busy("the season is locked by another dbf") from None
                if write:
                    self._cache.forget()
                    yield Session(actor=actor, lock_timeout=self.lock_timeout, snapshot=Snapshot(store))
                else:
                    with self._cache.reading(store) as memo:
                        yield Session(actor=actor, lock_timeout=self.lock_timeout, snapshot=Snapshot(store, memo))
        finally:
            _MUTEX.release()
