"""Who asks, and of which season: the first argument of every use case."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..rules.value import MutableValue

if TYPE_CHECKING:
    from ..store.season import SeasonStore
    from ..store.snapshotapi import Snapshot


class Session(MutableValue, kw_only=True):
    """``actor``: who asks, as the journal records it (``dbf result submit C1-001.yaml``,
    ``web: captain of KBH-3 (dbf result submit)``); ``lock_timeout``: how long a write waits
    for the season lock it re-enters; the season itself, as a snapshot read under the season
    lock the caller takes (exclusively when the use case writes: lock, load, decide, write).

    The snapshot is given (``snapshot``) or opened when a use case first reads the season
    (``opener``, e.g. the CLI's ``load_snapshot``, which takes the lock): a use case that
    refuses its input before it reads the season takes no lock and reads nothing."""

    actor: str
    lock_timeout: float = 10.0
    snapshot: Any = None
    opener: Callable[[], Any] | None = None

    @property
    def snap(self) -> "Snapshot":
        """The season's snapshot (opened on first use)."""
        if self.snapshot is None:
            if self.opener is None:
                raise RuntimeError("a Session needs a snapshot or an opener")
            self.snapshot = self.opener()
        snap: "Snapshot" = self.snapshot
        return snap

    @property
    def store(self) -> "SeasonStore":
        """The store the writes go through (the snapshot's)."""
        return self.snap.store
