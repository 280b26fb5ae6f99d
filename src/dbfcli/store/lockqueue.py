"""Waiting for the season lock in turn: first come, first served (issue 29).

The season lock is a ``flock`` on ``SEASON/.dbf.lock`` (:mod:`dbfcli.store.atomic`). A
``flock`` that is taken by polling is a scramble: when the holder lets go, whichever waiter
polls next wins, so with 20 writers one can wait out its 10 s while later ones pass. Here the
waiters queue:

- a waiter takes a *ticket*: a shared ``fcntl`` byte-range lock on one byte of the same file,
  at an offset that grows with the time it arrived (:func:`ticket_offset`);
- it may try the ``flock`` only while no ticket before its own is held, which it learns by
  trying, without waiting, an exclusive byte-range lock over the offsets before its ticket;
- once it has the ``flock`` it gives its ticket back.

The kernel drops a process's byte-range locks when it dies, so a ``kill -9`` of a waiter never
blocks the queue, just as it never leaves the ``flock`` behind. On Linux ``flock`` and
``fcntl`` locks are independent, so the tickets never conflict with the lock itself. Readers
(shared) queue too, so a writer is not starved by a stream of readers; readers that arrive
together still share the lock. Where byte-range locks are not supported (``ENOLCK``, some
network file systems) the waiter falls back to taking the ``flock`` by polling alone.
"""

from __future__ import annotations

import errno
import fcntl
import time

#: tickets live far past any content of the lock file, one byte per microsecond of arrival
_BASE = 1 << 40
_BUSY = (errno.EAGAIN, errno.EACCES)


def ticket_offset(now_ns: int | None = None) -> int:
    """The byte of a ticket taken at ``now_ns`` (nanoseconds since the epoch): later arrivals
    get later bytes; two waiters in the same microsecond share one and are served together."""
    return _BASE + (time.time_ns() if now_ns is None else now_ns) // 1000


def _without_waiting(lock, *args) -> bool:
    """``lock(*args)`` (``fcntl.flock`` or ``fcntl.lockf`` with ``LOCK_NB``): True when taken,
    False when someone else holds what it asks for."""
    try:
        lock(*args)
        return True
    except OSError as exc:
        if exc.errno in _BUSY:
            return False
        raise


def _try(fd: int, mode: int, length: int = 0, start: int = 0) -> bool:
    return _without_waiting(fcntl.lockf, fd, mode | fcntl.LOCK_NB, length, start)


def _take_ticket(fd: int) -> int | None:
    """A ticket (its offset), or None where byte-range locks are not supported."""
    while True:
        offset = ticket_offset()
        try:
            fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB, 1, offset)
            return offset
        except OSError as exc:
            if exc.errno in (errno.ENOLCK, errno.EINVAL, errno.EBADF, errno.EOPNOTSUPP):
                return None
            if exc.errno not in _BUSY:
                raise
        time.sleep(0.0005)   # a probe covers this byte just now: the next microsecond is free


def _first_in_line(fd: int, ticket: int) -> bool:
    """No ticket before ``ticket`` is held (by another process: a process's own locks never
    conflict with each other)."""
    if not _try(fd, fcntl.LOCK_EX, ticket - _BASE, _BASE):
        return False
    fcntl.lockf(fd, fcntl.LOCK_UN, ticket - _BASE, _BASE)
    return True


def wait_in_turn(fd: int, exclusive: bool, timeout: float, in_turn: bool = True) -> bool:
    """Take the ``flock`` on ``fd`` (exclusive or shared) when it is this waiter's turn; False
    when ``timeout`` seconds passed first (the ticket given back, no lock taken).

    ``in_turn=False`` polls without a ticket: for a holder of the shared lock that upgrades it,
    which must not queue behind the writers that wait for it to let go."""
    deadline = time.monotonic() + timeout
    mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    if not (in_turn and _anyone_waiting(fd)) and _try_flock(fd, mode):
        return True
    ticket = _take_ticket(fd) if in_turn else None
    pause = 0.002
    try:
        while True:
            if (ticket is None or _first_in_line(fd, ticket)) and _try_flock(fd, mode):
                return True
            now = time.monotonic()
            if now >= deadline:
                return False
            time.sleep(min(pause, deadline - now))
            pause = min(pause * 2, 0.02)
    finally:
        if ticket is not None:
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, ticket)


def _try_flock(fd: int, mode: int) -> bool:
    return _without_waiting(fcntl.flock, fd, mode | fcntl.LOCK_NB)


def _anyone_waiting(fd: int) -> bool:
    """Is any ticket held? A newcomer that finds nobody queued tries the ``flock`` at once."""
    try:
        if _try(fd, fcntl.LOCK_EX, 0, _BASE):
            fcntl.lockf(fd, fcntl.LOCK_UN, 0, _BASE)
            return False
    except OSError:
        return False     # no byte-range locks here: nobody can queue
    return True
