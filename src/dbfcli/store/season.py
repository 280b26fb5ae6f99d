"""The season folder: where files are, reading them, and writing them as one transaction.

A command that writes does::

    with store.transaction("dbf cup enter teams.yaml", message="entered 3 teams") as tx:
        ...load and validate under the lock...
        tx.write_yaml("cup/teams.yaml", data)
        # raise (or tx.abort()) -> nothing at all is written

On leaving the block every changed file is replaced atomically, all or
nothing: the new contents go first into ``SEASON/.pending.yaml`` (one atomic
write), then each file is replaced, then a journal entry is written and the
pending file removed. If the process dies half-way, the next ``dbf`` to take
the lock finds ``.pending.yaml`` and finishes the job (roll forward), so the
season always ends up wholly before or wholly after a command.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any, Iterator

from ..rules.problems import Problem, Where
from ..rules.value import MutableValue, field
from .atomic import SeasonLock, atomic_delete, atomic_write, fault_point
from .yamlio import YamlDoc, YamlLoadError, dump_yaml, parse_yaml

SEASON_NAME = re.compile(r"^\d{4}-\d{2}$")
PENDING = ".pending.yaml"
JOURNAL = "journal"
#: the largest "before" text kept in a journal entry for `dbf undo`
UNDO_LIMIT = 2 * 1024 * 1024


class StoreError(Exception):
    """A file or folder problem the user must fix (exit code 2)."""

    def __init__(self, problems: list[Problem] | str, hint: str | None = None, *, code: str | None = None):
        if isinstance(problems, str):   # one message: its code (docs/problem-codes.md) names it
            problems = [Problem.error(None, problems, hint=hint, code=code)]
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


def sha256(data: bytes | None) -> str | None:
    if data is None:
        return None
    import hashlib

    return hashlib.sha256(data).hexdigest()


def resolve_dir(option: str | os.PathLike | None) -> Path:
    """``--dir``, else ``$DBF_DIR``, else ``./tournaments`` (docs/interface.md)."""
    return Path(option or os.environ.get("DBF_DIR") or "tournaments")


def read_dbf_toml(root: Path) -> dict:
    """``DIR/dbf.toml`` (``current``, ``git``), or ``{}`` if there is none; parsed through the
    parse cache, so an unchanged file costs no TOML parser."""
    from . import cache

    path = root / "dbf.toml"
    try:
        st = os.stat(path)
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return {}
    except UnicodeDecodeError as exc:
        raise StoreError([Problem.error(None, f"malformed TOML: {exc}", Where(str(path)), code="format.toml")]) from None
    try:
        return cache.toml(root, "dbf.toml", st, text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise StoreError([Problem.error(None, f"malformed TOML: {exc}", Where(str(path)), code="format.toml")]) from None


def resolve_season(root: Path, option: str | None) -> str:
    """``--season``, else ``$DBF_SEASON``, else ``current`` in ``DIR/dbf.toml``, else the newest folder."""
    season = option or os.environ.get("DBF_SEASON") or read_dbf_toml(root).get("current")
    if season:
        season = str(season)
        if not SEASON_NAME.match(season):
            raise StoreError(f"season {season!r} is not of the form 2026-27", code="format.id")
        return season
    if not root.is_dir():
        raise StoreError(f"no tournaments folder at {root}",
                         hint="give --dir DIR, set DBF_DIR, or run `dbf init --season 2026-27`", code="io.missing-folder")
    seasons = sorted(p.name for p in root.iterdir() if p.is_dir() and SEASON_NAME.match(p.name))
    if not seasons:
        raise StoreError(f"no season folder in {root}", hint="run `dbf init --season 2026-27`", code="unknown.season")
    return seasons[-1]


def check_relpath(rel: str) -> PurePosixPath:
    """A path inside the season folder; refuses absolute paths, ``..`` and NUL (issue 8)."""
    p = PurePosixPath(rel)
    if "\x00" in rel or p.is_absolute() or any(part in ("..", "") for part in p.parts) or "\\" in rel:
        raise StoreError(f"refusing a path outside the season folder: {rel!r}", code="io.outside-season")
    return p


class SeasonStore(MutableValue):
    """One season folder ``root/season``."""

    root: Path
    season: str

    @property
    def dir(self) -> Path:
        return self.root / self.season

    def path(self, rel: str) -> Path:
        return self.dir / check_relpath(rel)

    def exists(self, rel: str) -> bool:
        return self.path(rel).exists()

    def require(self) -> "SeasonStore":
        if not self.dir.is_dir():
            raise StoreError(f"unknown season {self.season}: no folder {self.dir}",
                             hint=f"run `dbf init --season {self.season}` or pick another --season", code="unknown.season")
        return self

    def settle(self, lock_timeout: float = 10.0) -> bool:
        """Finish a write that a killed ``dbf`` left half-done, before reading.

        Costs one ``stat`` when there is nothing to do. A writer that is still busy
        holds the lock, so this waits for it and then finds nothing to finish.
        """
        if not self.path(PENDING).exists():
            return False
        with SeasonLock(self.dir, lock_timeout):
            return recover(self)

    def list(self, folder: str, suffix: str = ".yaml") -> list[str]:
        """Relative paths of the files in a folder of the season, sorted (hidden files skipped)."""
        base = self.path(folder)
        if not base.is_dir():
            return []
        return sorted(f"{folder}/{p.name}" for p in base.iterdir()
                      if p.is_file() and p.name.endswith(suffix) and not p.name.startswith("."))

    def read_bytes(self, rel: str) -> bytes | None:
        try:
            return self.path(rel).read_bytes()
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise StoreError(f"{rel} is a folder, not a file", code="io.not-a-file") from None

    def read_yaml(self, rel: str, required: bool = True) -> YamlDoc | None:
        """Parse a YAML file of the season; :class:`StoreError` (exit 2) if it is malformed."""
        from . import cache

        path = self.path(rel)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            if required:
                raise StoreError(f"missing file {self.dir / rel}", code="io.missing-file") from None
            return None
        doc = cache.load(self.dir, rel, st)
        if doc is not None:
            return doc
        data = self.read_bytes(rel)
        if data is None:  # removed between stat and read
            return self.read_yaml(rel, required)
        try:
            doc = parse_yaml(data, rel)
        except YamlLoadError as exc:
            raise StoreError(exc.problems) from None
        cache.save(self.dir, rel, st, doc)
        return doc

    @contextmanager
    def transaction(self, command: str, message: str = "", dry_run: bool = False,
                    lock_timeout: float = 10.0, create: bool = False) -> Iterator["Transaction"]:
        """Take the season lock, finish any interrupted write, yield a :class:`Transaction`."""
        if not create:
            self.require()
        elif dry_run and not self.dir.exists():
            # a dry run writes nothing: taking the lock would create the folder (its lock file)
            tx = Transaction(self, command, message, dry_run)
            yield tx
            tx.commit()
            return
        try:
            lock = SeasonLock(self.dir, lock_timeout)
            lock.__enter__()
        except OSError as exc:   # read-only disk, permissions (LockTimeout is not an OSError)
            raise self._unwritable(exc) from None
        try:
            try:
                recover(self)
            except OSError as exc:
                raise self._unwritable(exc) from None
            tx = Transaction(self, command, message, dry_run)
            yield tx
            tx.commit()
        finally:
            lock.__exit__(None, None, None)

    def _unwritable(self, exc: OSError) -> "StoreError":
        return StoreError(f"cannot write in the season folder {self.dir}: {exc.strerror or exc}",
                          hint="dbf needs write access to the season folder (a read-only disk? permissions?)", code="io.cannot-write")


class Transaction(MutableValue):
    """The files one command writes; nothing touches the disk before :meth:`commit`."""

    store: SeasonStore
    command: str
    message: str = ""
    dry_run: bool = False
    writes: dict[str, bytes | None] = field(default_factory=dict)
    aborted: bool = False
    journal_file: str | None = None

    def write_text(self, rel: str, text: str) -> None:
        check_relpath(rel)
        self.writes[rel] = text.encode("utf-8")

    def write_yaml(self, rel: str, data: Any, header: str | None = None) -> None:
        self.write_text(rel, dump_yaml(data, header))

    def delete(self, rel: str) -> None:
        check_relpath(rel)
        self.writes[rel] = None

    def abort(self) -> None:
        """Write nothing (e.g. the input broke a rule)."""
        self.aborted = True

    def changes(self) -> list[tuple[str, str]]:
        """``(file, create|update|delete)`` for each file whose content would change."""
        out = []
        for rel, after in sorted(self.writes.items()):
            before = self.store.read_bytes(rel)
            if before == after:
                continue
            action = "delete" if after is None else ("create" if before is None else "update")
            out.append((rel, action))
        return out

    def commit(self) -> None:
        if self.aborted or self.dry_run:
            return
        changes = self.changes()
        if not changes:
            return
        now = dt.datetime.now(dt.timezone.utc)
        entry_changes = []
        for rel, action in changes:
            before = self.store.read_bytes(rel)
            after = self.writes[rel]
            entry_changes.append({
                "file": rel,
                "action": action,
                "before_sha256": sha256(before),
                "after_sha256": sha256(after),
                "before": before.decode("utf-8", "replace") if before is not None and len(before) <= UNDO_LIMIT else None,
            })
        stamp = now.strftime("%Y%m%dT%H%M%S.%fZ")
        journal_rel = f"{JOURNAL}/{stamp}-{os.getpid()}.yaml"
        entry = {
            "schema": 1,
            "at": now.isoformat(timespec="microseconds"),
            "command": self.command,
            "message": self.message,
            "user": _user(),
            "changes": entry_changes,
        }
        pending = {
            "schema": 1,
            "journal": journal_rel,
            "entry": entry,
            "files": {rel: (None if self.writes[rel] is None else self.writes[rel].decode("utf-8"))
                      for rel, _ in changes},
        }
        try:
            atomic_write(self.store.path(PENDING), dump_yaml(pending).encode("utf-8"))
        except OSError as exc:   # nothing has changed yet (a failure after this is rolled forward)
            raise self.store._unwritable(exc) from None
        fault_point("after-pending")
        _apply_pending(self.store, pending)
        self.journal_file = journal_rel


def _apply_pending(store: SeasonStore, pending: dict) -> None:
    for i, (rel, text) in enumerate(pending["files"].items()):
        if i == 1:
            fault_point("between-files")
        if text is None:
            atomic_delete(store.path(rel))
        else:
            atomic_write(store.path(rel), text.encode("utf-8"))
    fault_point("before-journal")
    atomic_write(store.path(pending["journal"]), dump_yaml(pending["entry"]).encode("utf-8"))
    atomic_delete(store.path(PENDING))
    _git_commit(store, pending["entry"])


def recover(store: SeasonStore) -> bool:
    """Finish a write that was interrupted (roll forward). Call with the lock held."""
    data = store.read_bytes(PENDING)
    if data is None:
        return False
    try:
        pending = parse_yaml(data, PENDING).data
        pending["files"], pending["journal"], pending["entry"]  # noqa: B018 - shape check
    except (YamlLoadError, KeyError, TypeError):
        # the pending file itself was never completely written: the write never started
        atomic_delete(store.path(PENDING))
        return False
    _apply_pending(store, pending)
    return True


def _user() -> str:
    try:
        import getpass
        import socket

        return f"{getpass.getuser()}@{socket.gethostname()}"
    except Exception:  # pragma: no cover - odd environments
        return "unknown"


def _git_commit(store: SeasonStore, entry: dict) -> None:
    """With ``git = true`` in ``DIR/dbf.toml``, commit the change in DIR's git repository."""
    try:
        settings = read_dbf_toml(store.root)
    except StoreError:
        return
    if not settings.get("git"):
        return
    import subprocess

    msg = f"dbf: {entry['message'] or entry['command']}\n\n{entry['command']}"
    root = str(store.root)
    try:
        if not (store.root / ".git").exists():
            subprocess.run(["git", "-C", root, "init", "-q"], check=True, capture_output=True)
        subprocess.run(["git", "-C", root, "add", "-A", "--", store.season,
                        f":(exclude){store.season}/.dbf.lock", f":(exclude){store.season}/.cache"],
                       check=True, capture_output=True)
        subprocess.run(["git", "-C", root, "-c", "user.name=dbf", "-c", "user.email=dbf@localhost",
                        "commit", "-q", "-m", msg, "--", store.season], check=False, capture_output=True)
    except (OSError, subprocess.CalledProcessError):  # git missing: the write itself stands
        pass
