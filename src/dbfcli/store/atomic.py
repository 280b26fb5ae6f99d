"""Atomic file replacement, safe paths, and the season lock.

A write is: temp file in the same folder, write, flush, ``fsync``,
``os.rename`` over the target, ``fsync`` the folder. A reader therefore
sees the old file or the new one, never half of one, and a crash leaves at
worst a stray ``.NAME.PID.tmp`` file that the next write removes
(:func:`sweep_stale_temps`).

Links (issue 16): a write inside a folder (``root``) never follows a symbolic link. Each
folder on the way is opened with ``O_NOFOLLOW | O_DIRECTORY`` relative to the one before,
the temp file is created with ``O_EXCL | O_NOFOLLOW`` and a link at the target is refused;
so a link planted by a ``git pull`` (``cup/matches -> /elsewhere``, ``site/style.css ->
~/.bashrc``) is an error naming the link (:class:`LinkRefused`), never a write outside.

The lock is an OS-level ``flock`` on ``SEASON/.dbf.lock``: exclusive for a command that
writes, shared for one that reads, so a reader never sees a write or an undo half-way. The
kernel drops it when the holder dies, so a ``kill -9`` never leaves a stale lock behind.
Waiters are served in the order they came (:mod:`dbfcli.store.lockqueue`). A
lock already held by this process is re-entered (:class:`SeasonLock` counts), so a
command that took the lock before loading keeps it through its transaction. While a
command runs (:func:`command_scope`), the locks it takes are held until it ends.

Tests can inject faults with ``DBF_FAULT=<action>:<point>[#n]`` (see :func:`fault_point`):
``raise`` raises an OSError, ``enospc`` an ``OSError(ENOSPC)``, ``kill`` kills the process
on the spot; ``#n`` only at the n-th time the point is reached.
"""

from __future__ import annotations

import errno
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator


class LockTimeout(Exception):
    """Another ``dbf`` holds the season lock (exit code 3)."""


class LockOrderError(RuntimeError):
    """A programming error: a command wrote without having taken the season lock before it
    read anything (declare it ``command(..., writes=True)``)."""


class LinkRefused(OSError):
    """A symbolic link on the way to a file dbf would write."""

    def __init__(self, link: str, target: str):
        super().__init__(errno.ELOOP, f"refusing to write through the symbolic link {link} (-> {target})", link)
        self.link = link
        self.target = target


_FAULT_COUNTS: dict[str, int] = {}


def fault_point(name: str) -> None:
    """Testing hook: fail at a named step when ``DBF_FAULT`` asks for it."""
    spec = os.environ.get("DBF_FAULT")
    if not spec:
        return
    n = _FAULT_COUNTS[name] = _FAULT_COUNTS.get(name, 0) + 1
    for item in spec.split(","):
        action, _, point = item.partition(":")
        point, _, nth = point.partition("#")
        if point != name or (nth and int(nth) != n):
            continue
        if action == "kill":
            os._exit(137)
        if action == "enospc":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
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


# --------------------------------------------------------------------------- safe paths
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_HAVE_DIR_FD = os.open in os.supports_dir_fd and os.rename in os.supports_dir_fd


def _refuse_if_link(name: str, dir_fd: int, shown: str) -> None:
    import stat

    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        try:
            target = os.readlink(name, dir_fd=dir_fd)
        except OSError:  # pragma: no cover
            target = "?"
        raise LinkRefused(shown, target)


def open_folder(root: Path, rel_dir: PurePosixPath, create: bool = True) -> int:
    """A file descriptor of ``root/rel_dir``, reached without following any link below
    ``root`` (``root`` itself may be one: it is where the user keeps the folder)."""
    fd = os.open(root, _DIR_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    done = PurePosixPath()
    try:
        for part in rel_dir.parts:
            done = done / part
            try:
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(part, dir_fd=fd)
                except FileExistsError:
                    pass
                _refuse_if_link(part, fd, str(done))
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    _refuse_if_link(part, fd, str(done))
                raise
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def _write_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        fault_point("write")
        n = os.write(fd, view)
        view = view[n:]


def stage(root: Path, rel: str, data: bytes, durable: bool = True) -> tuple[int, str, str]:
    """Write ``data`` to a temp file beside ``root/rel`` (no link followed); returns
    ``(folder fd, temp name, name)`` for :func:`put_staged`. The target is not touched."""
    p = PurePosixPath(rel)
    dfd = open_folder(root, p.parent)
    name = p.name
    tmp = f".{name}.{os.getpid()}.tmp"
    try:
        _refuse_if_link(name, dfd, rel)
        try:
            os.unlink(tmp, dir_fd=dfd)
        except FileNotFoundError:
            pass
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666, dir_fd=dfd)
        try:
            _write_fd(fd, data)
            fault_point("after-temp-write")
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        os.close(dfd)
        raise
    return dfd, tmp, name


def put_staged(staged: tuple[int, str, str], rel: str, durable: bool = True) -> None:
    """Rename a staged temp file over its target (a rename needs no free space)."""
    dfd, tmp, name = staged
    fault_point("before-rename")
    _refuse_if_link(name, dfd, rel)
    os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
    if durable:
        try:
            os.fsync(dfd)
        except OSError:  # pragma: no cover
            pass


def drop_staged(staged: tuple[int, str, str]) -> None:
    """Remove a staged temp file (if still there) and close its folder."""
    dfd, tmp, _ = staged
    try:
        os.unlink(tmp, dir_fd=dfd)
    except OSError:
        pass
    close_staged(staged)


def close_staged(staged: tuple[int, str, str]) -> None:
    try:
        os.close(staged[0])
    except OSError:  # pragma: no cover
        pass


def write_inside(root: Path, rel: str, data: bytes, durable: bool = True) -> None:
    """Replace ``root/rel`` with ``data`` atomically, never through a link below ``root``."""
    if not _HAVE_DIR_FD:  # pragma: no cover - platforms without *at() calls
        atomic_write(root / rel, data)
        return
    staged = stage(root, rel, data, durable)
    try:
        put_staged(staged, rel, durable)
    except BaseException:
        drop_staged(staged)
        raise
    close_staged(staged)


def delete_inside(root: Path, rel: str) -> None:
    """Remove ``root/rel`` (gone already is fine); a link on the way is refused."""
    p = PurePosixPath(rel)
    try:
        dfd = open_folder(root, p.parent, create=False)
    except FileNotFoundError:
        return
    try:
        _refuse_if_link(p.name, dfd, rel)
        try:
            os.unlink(p.name, dir_fd=dfd)
        except FileNotFoundError:
            return
        try:
            os.fsync(dfd)
        except OSError:  # pragma: no cover
            pass
    finally:
        os.close(dfd)


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


# --------------------------------------------------------------------------- leftovers
_TEMP = re.compile(r"^\..+\.(\d+)\.tmp$")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def sweep_stale_temps(folder: Path, since: float, skip: tuple[str, ...] = ("site",)) -> list[str]:
    """Remove the ``.NAME.PID.tmp`` files a killed writer left in ``folder`` (recursively;
    links are not followed): those of a process that is gone, or older than ``since`` (when
    this process took the lock -- every writer holds the lock, so an older temp file is no
    live writer's). Returns the removed paths, relative to ``folder``."""
    removed: list[str] = []
    stack = [(folder, "")]
    while stack:
        base, prefix = stack.pop()
        try:
            entries = list(os.scandir(base))
        except OSError:
            continue
        for e in entries:
            try:
                if e.is_dir(follow_symlinks=False):
                    if not (prefix == "" and e.name in skip):
                        stack.append((Path(e.path), f"{prefix}{e.name}/"))
                    continue
                m = _TEMP.match(e.name)
                if not m or not e.is_file(follow_symlinks=False):
                    continue
                pid = int(m.group(1))
                if pid == os.getpid():
                    continue
                if _alive(pid) and e.stat(follow_symlinks=False).st_mtime >= since:
                    continue
                os.unlink(e.path)
                removed.append(prefix + e.name)
            except OSError:
                continue
    return sorted(removed)


# --------------------------------------------------------------------------- the lock
try:
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - Windows: filelock, exclusive only
    _fcntl = None


class _Held:
    __slots__ = ("fd", "exclusive", "count", "since", "backend")

    def __init__(self, fd, exclusive: bool, backend=None):
        self.fd = fd
        self.exclusive = exclusive
        self.count = 0
        self.since = time.time()
        self.backend = backend


#: the season locks this process holds, by folder (real path)
_HELD: dict[str, _Held] = {}
#: the locks the running command holds until it ends (None: not inside a command)
_SCOPE: list["SeasonLock"] | None = None


def _key(folder: Path) -> str:
    return os.path.realpath(folder)


def _flock(fd: int, exclusive: bool, timeout: float, path: Path, in_turn: bool = True) -> None:
    """Wait in turn for the ``flock`` (:mod:`dbfcli.store.lockqueue`: first come, first served)."""
    from .lockqueue import wait_in_turn

    if not wait_in_turn(fd, exclusive, timeout, in_turn):
        raise LockTimeout(f"the season is locked by another running dbf ({path}); waited {timeout:g} s")


class SeasonLock:
    """The lock on a season folder: exclusive (a write) or ``shared`` (a read); waits
    ``timeout`` seconds, then :class:`LockTimeout`. Re-entrant within the process.

    A shared lock on a folder where the lock file cannot be created (a read-only copy) is
    no lock at all (:attr:`held` is False): nobody can write there either. ``create=False``
    takes no lock on a folder that does not exist."""

    def __init__(self, folder: Path, timeout: float, shared: bool = False, create: bool = True):
        self.folder = folder
        self.path = folder / ".dbf.lock"
        self.timeout = timeout
        self.shared = shared
        self.create = create
        self.held = False
        self._upgraded = False
        self._key: str | None = None

    def __enter__(self) -> "SeasonLock":
        if not self.create and not self.folder.is_dir():
            return self
        if not self.shared:
            self.folder.mkdir(parents=True, exist_ok=True)
        key = self._key = _key(self.folder)
        h = _HELD.get(key)
        if h is not None:
            if not h.exclusive and not self.shared:
                self._upgrade(h)
            h.count += 1
            self.held = True
            return self
        if _fcntl is None:  # pragma: no cover
            h = self._filelock()
        else:
            fd = self._open()
            if fd is None:
                return self
            try:
                _flock(fd, not self.shared, self.timeout, self.path)
            except BaseException:
                os.close(fd)
                raise
            h = _Held(fd, not self.shared)
        h.count = 1
        _HELD[key] = h
        self.held = True
        return self

    def _open(self) -> int | None:
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
        except OSError as exc:
            if not self.shared:
                raise
            try:   # a read-only folder: the lock file may be there to read
                return os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            except OSError:
                if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM, errno.EISDIR, errno.ENOENT, errno.ELOOP):
                    return None   # nobody can write here: read without a lock
                raise

    def _filelock(self) -> _Held:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        lock = FileLock(str(self.path), timeout=self.timeout)
        try:
            lock.acquire()
        except Timeout:
            raise LockTimeout(
                f"the season is locked by another running dbf ({self.path}); waited {self.timeout:g} s") from None
        return _Held(None, True, lock)

    def _upgrade(self, h: _Held) -> None:
        """Shared -> exclusive (only outside a command: a command declares a write up front)."""
        _flock(h.fd, True, self.timeout, self.path, in_turn=False)
        h.exclusive = True
        self._upgraded = True

    def __exit__(self, *exc) -> None:
        if not self.held:
            return
        self.held = False
        h = _HELD[self._key]
        h.count -= 1
        if self._upgraded and h.count > 0:
            _fcntl.flock(h.fd, _fcntl.LOCK_SH)
            h.exclusive = False
        if h.count == 0:
            del _HELD[self._key]
            if h.backend is not None:  # pragma: no cover
                h.backend.release()
            else:
                os.close(h.fd)   # closing drops the flock
            _log_held(h)


def _log_held(h: _Held) -> None:
    """``DBF_LOCK_LOG=FILE`` (bench/lock.py): one line per season lock released, how long it
    was held and whether exclusively; measurement only, never on in normal use."""
    log = os.environ.get("DBF_LOCK_LOG")
    if log:
        try:
            with open(log, "a", encoding="utf-8") as fh:
                fh.write(f"{time.time() - h.since:.6f} {'exclusive' if h.exclusive else 'shared'}\n")
        except OSError:
            pass


def holds(folder: Path, exclusive: bool = True) -> bool:
    """Does this process hold the lock on ``folder`` (exclusively)?"""
    h = _HELD.get(_key(folder))
    return h is not None and (h.exclusive or not exclusive)


def locked_since(folder: Path) -> float | None:
    h = _HELD.get(_key(folder))
    return None if h is None else h.since


def in_command() -> bool:
    return _SCOPE is not None


def hold(folder: Path, timeout: float, shared: bool = False, create: bool = True) -> SeasonLock:
    """Take the lock for the rest of the running command (outside one: until the process
    ends). Returns the lock (``held`` False when none could be taken for a read)."""
    lock = SeasonLock(folder, timeout, shared=shared, create=create).__enter__()
    if _SCOPE is not None and lock.held:
        _SCOPE.append(lock)
    return lock


@contextmanager
def command_scope() -> Iterator[None]:
    """One command: the locks it takes with :func:`hold` are released when it ends, and a
    transaction refuses to start unless the lock was taken first (:class:`LockOrderError`)."""
    global _SCOPE
    outer, _SCOPE = _SCOPE, []
    _FAULT_COUNTS.clear()
    try:
        yield
    finally:
        mine, _SCOPE = _SCOPE, outer
        for lock in reversed(mine):
            try:
                lock.__exit__(None, None, None)
            except OSError:  # pragma: no cover
                pass
