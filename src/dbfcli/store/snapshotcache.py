"""What a long-running process (``dbf serve``) keeps of the season between requests, while
the season's files are unchanged (issue 24): the parts a :class:`~dbfcli.store.snapshot.Snapshot`
read and assembled (settings, the cup's parts, the division rosters, the registry, ...), so that
a captain's check re-reads and re-assembles nothing but the sheet.

"Unchanged" is decided from the files themselves, never from who wrote them (the TD's own
``dbf`` at the terminal, a hand edit, an undo): the memo is handed on only when

- every file read while it was filled still has the size, mtime, ctime and inode it had just
  before it was read, or is still missing: every ``open`` in the session's thread, seen through
  an audit hook (:func:`sys.addaudithook`), and every file the store's two stat-validated
  caches took as unchanged without opening it (:func:`note_stat`: ``read_parsed``'s parse
  cache, the folder summaries), so the readers need not say what they read (one missing in a watched folder need not be
  looked at: it cannot appear without moving the folder's times); and
- every folder of the season (its sub-folders, not those starting with a dot) and the
  tournaments folder itself have the times and inode they had: a file added, removed or
  replaced by an atomic write (a rename) moves its folder's times, so a file that was only
  looked for (``exists``) and a listing are covered too; a new folder moves its parent's;
- and it was filled today (a part may count from the date: the lots due, §1.1.2.8); and none
  of those times is within 2 s of the moment it was taken (a coarse file-system
  clock could hide a second change in the same tick: the racy window of
  :meth:`dbfcli.store.season.SeasonStore.read_parsed`, the same rule).

Anything else -- a write session, a season shown with an interrupted write laid over it, a
file changed -- gives a fresh memo. Files outside the tournaments folder (dbf's own data, the
parse cache) are not season state and are not watched. The memo's values are the readers'
own: frozen values and tuples, which nobody changes (the Snapshot's rule).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sys
import threading
import time
from typing import Any, Iterator

from ..rules.value import MutableValue, field

#: a time closer to now than this is "racy": the file could change again unseen (store.season)
RACY_NS = 2_000_000_000

_local = threading.local()
_hooked = False
_hook_lock = threading.Lock()


def _audit(event: str, args: tuple) -> None:
    if event == "open":
        seen = getattr(_local, "opened", None)
        if seen is not None and isinstance(args[0], (str, bytes, os.PathLike)):
            seen.add(os.fsdecode(args[0]))


def note_stat(path: str, version: tuple | None) -> None:
    """A season file that a reader took as unchanged by its stat alone, without opening it (the
    parse cache of :meth:`~dbfcli.store.season.SeasonStore.read_parsed`, a folder summary of
    store.summary): a kept memo depends on it as on a file opened. Called by those two; outside
    a recording session it does nothing."""
    opened = getattr(_local, "opened", None)
    if opened is not None:
        opened.note(path, version)


def _install_hook() -> None:
    """The audit hook, once a process (an audit hook cannot be removed; it costs one call per
    ``open`` and does nothing outside a recording session)."""
    global _hooked
    with _hook_lock:
        if not _hooked:
            sys.addaudithook(_audit)
            _hooked = True


def _stat(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _racy(version: tuple | None, now: int) -> bool:
    return version is not None and now - max(version[1], version[2]) < RACY_NS


def _folders(season_dir: str) -> list[str]:
    """The season folder and every folder below it, but those whose name starts with a dot."""
    out, todo = [], [season_dir]
    while todo:
        folder = todo.pop()
        out.append(folder)
        try:
            with os.scandir(folder) as entries:
                todo.extend(e.path for e in entries if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))
        except OSError:
            pass
    return out


class Kept(MutableValue, kw_only=True):
    """One memo kept: ``memo`` (the Snapshot's), the ``folders`` and ``files`` it depends on,
    each with the stat it had (None: missing); ``root``: the tournaments folder."""

    root: str
    #: the day it was filled: a part may depend on the date too (the lots due, §1.1.2.8, count
    #: from today), so a memo is not kept past midnight
    day: dt.date = field(default_factory=dt.date.today)
    memo: dict = field(default_factory=dict)
    folders: dict = field(default_factory=dict)
    files: dict = field(default_factory=dict)

    def unchanged(self) -> bool:
        if dt.date.today() != self.day:
            return False
        now = time.time_ns()
        for group in (self.folders, self.files):
            for path, version in group.items():
                if _racy(version, now) or _stat(path) != version:
                    return False
        return True


class SnapshotCache:
    """The memo of the season's snapshot kept across the read sessions of one process, while
    the season's files are unchanged (the module's rule). A read session takes the memo its
    Snapshot starts from with :meth:`reading` (a context: what the session's thread opens is
    added to what the memo depends on); :meth:`forget` drops it (a write session)."""

    def __init__(self) -> None:
        _install_hook()
        self._kept: Kept | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def reading(self, store: Any) -> Iterator[dict]:
        """The memo for a read session on ``store`` (the season lock held, any interrupted
        write finished): the kept one when nothing it depends on changed, else a fresh one
        (none kept for a season shown with an interrupted write laid over it)."""
        with self._lock:
            kept = self._kept
            if store.overlay or kept is None or not kept.unchanged():
                kept = None if store.overlay else _fresh(store)
                self._kept = kept
        if kept is None:
            yield {}
            return
        opened = _Opened(kept.root)
        _local.opened = opened
        try:
            yield kept.memo
        finally:   # also when the session refused: what it read is in the memo all the same
            _local.opened = None
            with self._lock:
                for path, version in opened.before.items():
                    if version is not None or not _watched_above(path, kept.folders):
                        kept.files.setdefault(path, version)

    def forget(self) -> None:
        with self._lock:
            self._kept = None


def _watched_above(path: str, folders: dict) -> bool:
    """A missing file is looked for in a watched folder: its nearest folder that exists is one
    whose times are kept, and the file cannot appear without moving them (nor can a folder
    on the way to it)."""
    folder = os.path.dirname(path)
    while folder not in folders:
        if os.path.isdir(folder) or folder == os.path.dirname(folder):
            return False
        folder = os.path.dirname(folder)
    return True


def _fresh(store: Any) -> Kept:
    root = os.fspath(store.root)
    return Kept(root=root, folders={path: _stat(path) for path in [root, *_folders(os.fspath(store.dir))]})


class _Opened:
    """The season's files opened in a session (under the tournaments folder ``root``), each
    with its stat taken at the open, before the read: a change after it shows as a different
    stat next time."""

    def __init__(self, root: str) -> None:
        self.prefix = root.rstrip(os.sep) + os.sep
        self.before: dict[str, tuple | None] = {}

    def add(self, path: str) -> None:
        if path.startswith(self.prefix) and path not in self.before:
            self.before[path] = _stat(path)

    def note(self, path: str, version: tuple | None) -> None:
        if path.startswith(self.prefix) and path not in self.before:
            self.before[path] = version
