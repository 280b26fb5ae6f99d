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
import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from ..app.session import Session

if TYPE_CHECKING:
    from ..store.snapshotcache import SnapshotCache

log = logging.getLogger("dbfcli.web")

_MUTEX = threading.Lock()
#: how long a request waits for the requests before it (one at a time), then 503
QUEUE_TIMEOUT = 55.0


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
        self._cache: SnapshotCache | None = None

    @contextlib.contextmanager
    def session(self, actor: str = "", write: bool = False) -> Iterator[Session]:
        """A use case's :class:`~dbfcli.app.session.Session` on the season, locked (shared, or
        exclusively with ``write``) for the block, as a command would hold it; ``actor``: who
        asks, as the journal records it."""
        from ..store.atomic import LockTimeout, command_scope
        from ..store.season import SeasonStore
        from ..store.snapshot import Snapshot
        from ..store.snapshotcache import SnapshotCache

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
                if self._cache is None:
                    self._cache = SnapshotCache()
                if write:
                    self._cache.forget()
                    yield Session(actor=actor, lock_timeout=self.lock_timeout, snapshot=Snapshot(store))
                else:
                    with self._cache.reading(store) as memo:
                        yield Session(actor=actor, lock_timeout=self.lock_timeout, snapshot=Snapshot(store, memo))
        finally:
            _MUTEX.release()
