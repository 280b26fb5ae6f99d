"""Atomic file replacement and the season lock.

A write is: temp file in the same folder, write, flush, ``fsync``,
``os.replace`` over the target, ``fsync`` the folder. A reader therefore
sees the old file or the new one, never half of one, and a crash leaves at
worst a stray ``.*.tmp`` file that the next write removes.

The lock is an OS-level ``flock`` (the ``filelock`` library) on
``SEASON/.dbf.lock``: the kernel drops it when the holder dies, so a
``kill -9`` never leaves a stale lock behind.

Tests can inject faults with ``DBF_FAULT=<point>`` (see :func:`fault_point`):
``raise:<point>`` raises, ``kill:<point>`` kills the process on the spot.
"""

from __future__ import annotations

import os
from pathlib import Path


class LockTimeout(Exception):
    """Another ``dbf`` holds the season lock (exit code 3)."""


def fault_point(name: str) -> None:
    """Testing hook: fail at a named step when ``DBF_FAULT`` asks for it."""
    spec = os.environ.get("DBF_FAULT")
    if not spec:
        return
    for item in spec.split(","):
        action, _, point = item.partition(":")
        if point == name:
            if action == "kill":
                os._exit(137)
            raise OSError(f"injected fault at {name}")


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp, fsync, rename, fsync folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            fault_point("after-temp-write")
            os.fsync(fh.fileno())
        fault_point("before-rename")
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
    fsync_dir(path.parent)


def atomic_delete(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        return
    fsync_dir(path.parent)


class SeasonLock:
    """Exclusive lock on a season folder; waits ``timeout`` seconds, then :class:`LockTimeout`."""

    def __init__(self, folder: Path, timeout: float):
        from filelock import FileLock  # lazy: only writing commands need it

        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / ".dbf.lock"
        self.timeout = timeout
        self._lock = FileLock(str(self.path), timeout=timeout)

    def __enter__(self) -> "SeasonLock":
        from filelock import Timeout

        try:
            self._lock.acquire()
        except Timeout:
            raise LockTimeout(
                f"the season is locked by another running dbf ({self.path}); waited {self.timeout:g} s"
            ) from None
        return self

    def __exit__(self, *exc) -> None:
        self._lock.release()
