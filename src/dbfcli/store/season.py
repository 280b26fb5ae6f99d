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
import sys
import time
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any, Iterator

from ..rules.ids import looks_like_season
from ..seasonlang import declared_lang  # noqa: F401 - the one reader of a season's language
from ..rules.problems import Msg, Problem, Where
from ..rules.value import MutableValue, field
from .atomic import (LinkRefused, LockOrderError, SeasonLock, close_staged, delete_inside, drop_staged, fault_point,
                     open_folder, put_staged, stage, write_inside)
from .snapshotcache import note_stat
from .yamlio import YamlDoc, YamlLoadError, dump_yaml, parse_yaml

PENDING = ".pending.yaml"
#: what a write that failed has left (the last value of a ``cannot write`` problem)
NOTHING_CHANGED = Msg('nothing was changed')
HALF_DONE = Msg('the write is half done: the next dbf command that can write finishes it (and says so)')
WRITE_PENDING = Msg('the write is pending: the next dbf command that can write finishes it')
JOURNAL = "journal"
#: the largest "before" text kept in a journal entry for `dbf undo`
UNDO_LIMIT = 2 * 1024 * 1024


class StoreError(Exception):
    """A file or folder problem the user must fix (exit code 2)."""

    def __init__(self, problems: list[Problem] | str, hint: str | None = None, *, code: str = ""):
        if isinstance(problems, str):   # one message: its code (docs/problem-codes.md) names it
            problems = [Problem.error(None, problems, hint=hint, code=code)]
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


#: issue 13.5, issue 24: ``check(store, writes) -> [Problem]`` run before EVERY transaction
#: commits, cup or division, single or in a group, CLI or web; an error refuses it. They live
#: in :data:`INVARIANTS_MODULE` (which imports this module, so it is loaded by name, not
#: imported from here: no cycle), and :func:`commit_checks` loads it before the first commit,
#: so a caller that imports only this module writes with every invariant on.
COMMIT_CHECKS: list = []
INVARIANTS_MODULE = "dbfcli.store.snapshot"


def commit_checks() -> list:
    """The invariant checks every commit runs: ``(name, check)`` (``"cup"``, ``"division"``,
    ``"standings"``), loaded with :data:`INVARIANTS_MODULE` on first use."""
    if not COMMIT_CHECKS:
        import importlib

        importlib.import_module(INVARIANTS_MODULE)
    return COMMIT_CHECKS
#: :meth:`SeasonStore.read_parsed`: (root, season, file, parse function) -> (stat, bytes or None, value)
_PARSED: dict[tuple, tuple] = {}
_RACY_NS = 2_000_000_000


class InvariantBroken(StoreError):
    """A write refused because the state it would produce breaks a season invariant (issue
    13.5): its problems carry the §, so the command exits 1."""


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
        data = path.read_bytes()
        text = data.decode("utf-8")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return {}
    except UnicodeDecodeError as exc:
        raise StoreError([Problem.error(None, Msg('malformed TOML: {}', exc), Where(str(path)), code="format.toml")]) from None
    try:
        return cache.toml(root, "dbf.toml", data, text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise StoreError([Problem.error(None, Msg('malformed TOML: {}', exc), Where(str(path)), code="format.toml")]) from None


def _bad_current(root: Path, current: object) -> Problem:
    """``current`` in ``DIR/dbf.toml`` that names no season: the file and its line (issue 27)."""
    path = root / "dbf.toml"
    line = None
    try:
        for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.match(r"\s*current\s*=", text):
                line = i
                break
    except (OSError, UnicodeDecodeError):
        pass
    shown = repr(current)[:40]
    return Problem.error(None, Msg('current = {}: the current season is a text of the form "2026-27"', shown),
                         Where(str(path), line), hint=Msg('write current = "2026-27" (the season '
                                                          "folder's name)"),
                         code="format.id")


def resolve_season(root: Path, option: str | None) -> str:
    """``--season``, else ``$DBF_SEASON``, else ``current`` in ``DIR/dbf.toml``, else the newest folder."""
    given = option or os.environ.get("DBF_SEASON")
    if given:
        if not looks_like_season(str(given)):
            raise StoreError(Msg('season {} is not of the form 2026-27', f'{str(given)!r}'), code="format.id")
        return str(given)
    current = read_dbf_toml(root).get("current")
    if current is not None:
        if not isinstance(current, str) or not looks_like_season(current):
            raise StoreError([_bad_current(root, current)])
        return current
    if not root.is_dir():
        raise StoreError(Msg('no tournaments folder at {}', root),
                         hint=Msg('give --dir DIR, set DBF_DIR, or run `dbf init --season 2026-27`'), code="io.missing-folder")
    seasons = sorted(p.name for p in root.iterdir() if p.is_dir() and looks_like_season(p.name))
    if not seasons:
        raise StoreError(Msg('no season folder in {}', root), hint=Msg('run `dbf init --season 2026-27`'), code="unknown.season")
    return seasons[-1]


#: a relative path that :func:`check_relpath` takes as it is (each part begins with a letter,
#: digit, ``_`` or ``-``: no ``..``, no hidden or empty part, not absolute, no backslash or NUL)
_ORDINARY_REL = re.compile(r"(?:[\w-][\w.-]*/)*[\w-][\w.-]*", re.ASCII)


def check_relpath(rel: str) -> PurePosixPath:
    """A path inside the season folder; refuses absolute paths, ``..`` and NUL (issue 8)."""
    p = PurePosixPath(rel)
    if "\x00" in rel or p.is_absolute() or any(part in ("..", "") for part in p.parts) or "\\" in rel:
        raise StoreError(Msg('refusing a path outside the season folder: {}', f'{rel!r}'), code="io.outside-season")
    return p


class SeasonStore(MutableValue):
    """One season folder ``root/season``."""

    root: Path
    season: str
    #: an interrupted write that could not be finished here (a read-only copy): its files,
    #: read instead of the folder's (``None``: deleted), so the season reads as it will be
    overlay: dict[str, bytes | None] | None = None
    #: what opening the season said (a finished interrupted write, a pending one)
    notes: list[Problem] = field(default_factory=list)

    @property
    def dir(self) -> Path:
        return self.root / self.season

    def path(self, rel: str) -> Path:
        return self.dir / check_relpath(rel)

    def _file_path(self, rel: str) -> str:
        """:meth:`path` as text, without pathlib for an ordinary name (``cup/matches/C1-001.yaml``:
        ASCII word characters, ``-`` and ``.``, no part beginning with a dot): a read of 4,000
        sheets spent a third of its time building paths."""
        if _ORDINARY_REL.fullmatch(rel):
            return f"{self.root}/{self.season}/{rel}"
        return str(self.path(rel))

    def exists(self, rel: str) -> bool:
        if self.overlay and rel in self.overlay:
            return self.overlay[rel] is not None
        try:
            return self.path(rel).exists()
        except OSError:     # a name no file can have (too long: a hand-edited id of 300 digits, issue 27)
            return False

    def require(self) -> "SeasonStore":
        if not self.dir.is_dir():
            raise StoreError(Msg('unknown season {}: no folder {}', self.season, self.dir),
                             hint=Msg('run `dbf init --season {}` or pick another --season', self.season), code="unknown.season")
        return self

    def settle(self, lock_timeout: float = 10.0) -> bool:
        """Finish a write that a killed ``dbf`` left half-done, before reading (library use;
        a command calls :meth:`open_for_read` or :meth:`open_for_write`).

        Costs one ``stat`` when there is nothing to do. A writer that is still busy
        holds the lock, so this waits for it and then finds nothing to finish.
        """
        if not self.path(PENDING).exists():
            return False
        with SeasonLock(self.dir, lock_timeout):
            return bool(self._finish_interrupted())

    # ------------------------------------------------------------------ the lock protocol
    def open_for_write(self, lock_timeout: float = 10.0) -> list[Problem]:
        """Take the exclusive season lock for the rest of the command, BEFORE anything is
        read, and finish an interrupted write (reported). Returns the notes (warnings)."""
        from .atomic import hold

        try:
            hold(self.dir, lock_timeout, shared=False)
        except OSError as exc:   # read-only disk, permissions (LockTimeout is not an OSError)
            raise self._unwritable(exc) from None
        return self._finish_interrupted()

    def open_for_read(self, lock_timeout: float = 10.0) -> list[Problem]:
        """Take the shared season lock for the rest of the command, so that no write or undo
        runs while this command reads. A read-only folder (no lock file can be made) is read
        without one. An interrupted write is finished first when the folder is writable;
        else it is shown as it will be once finished (:attr:`overlay`), with a warning."""
        from .atomic import hold

        if self.path(PENDING).exists():
            try:
                with SeasonLock(self.dir, lock_timeout):
                    self._finish_interrupted()
            except (OSError, StoreError):
                pass   # cannot write here: read it as it will be (below)
        hold(self.dir, lock_timeout, shared=True, create=False)
        if self.path(PENDING).exists():
            self._overlay_pending()
        return self.notes

    def _finish_interrupted(self) -> list[Problem]:
        """With the exclusive lock: roll an interrupted write forward, as an explicit,
        reported step (a warning, and ``finished`` in its journal entry)."""
        try:
            entry = recover(self, by=_finisher())
        except OSError as exc:
            raise _write_error(self, PENDING, exc, Msg('an interrupted write is still pending; it is finished by '
                                                       'the next dbf command that can write')) from None
        if entry:
            begun = str(entry.get('at', '?'))[:19]
            self.notes.append(_problem("io.finished-write",
                                       Msg('finished an interrupted write: `{}` ({}), begun {}', entry.get('command'),
                                           entry['message'], begun) if entry.get("message") else
                                       Msg('finished an interrupted write: `{}`, begun {}', entry.get('command'), begun),
                                       severity="warning",
                                       hint=Msg('see `dbf log`; `dbf undo` reverts it')))
        return self.notes

    def _overlay_pending(self) -> None:
        try:
            pending = _read_pending(self)
        except OSError:
            pending = None
        if pending is None:
            return
        self.overlay = {rel: (None if text is None else text.encode("utf-8")) for rel, text in pending["files"].items()}
        entry = pending["entry"]
        self.notes.append(_problem("io.pending-write",
                                   Msg('an interrupted write (`{}`) cannot be finished here; showing the '
                                       'season as it will be once it is finished', entry.get('command')), severity="warning",
                                   hint=Msg('run any dbf command where the season folder is writable to '
                                            'finish it')))

    def list(self, folder: str, suffix: str = ".yaml") -> list[str]:
        """Relative paths of the files in a folder of the season, sorted (hidden files skipped)."""
        try:
            with os.scandir(self._file_path(folder)) as entries:
                names = {f"{folder}/{e.name}" for e in entries
                         if e.name.endswith(suffix) and not e.name.startswith(".") and e.is_file()}
        except (FileNotFoundError, NotADirectoryError):
            names = set()
        if self.overlay:
            for rel, data in self.overlay.items():
                head, _, name = rel.rpartition("/")
                if head == folder and name.endswith(suffix) and not name.startswith("."):
                    (names.discard if data is None else names.add)(rel)
        return sorted(names)

    def read_bytes(self, rel: str) -> bytes | None:
        if self.overlay and rel in self.overlay:
            return self.overlay[rel]
        try:
            with open(self._file_path(rel), "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise StoreError(Msg('{} is a folder, not a file', rel), code="io.not-a-file") from None

    def yaml_of(self, rel: str, data: bytes | None, required: bool = True) -> YamlDoc | None:
        """Contents of ``rel`` held in memory (a pending or planned write; None: the write removes
        it), parsed as :meth:`read_yaml` parses the file."""
        if data is None:
            if required:
                raise StoreError(Msg('missing file {}', self.dir / rel), code="io.missing-file")
            return None
        try:
            return parse_yaml(data, rel)
        except YamlLoadError as exc:
            raise StoreError(exc.problems) from None

    def read_yaml(self, rel: str, required: bool = True) -> YamlDoc | None:
        """Parse a YAML file of the season; :class:`StoreError` (exit 2) if it is malformed."""
        path = self.path(rel)
        if self.overlay and rel in self.overlay:   # an interrupted write, shown as it will be
            return self.yaml_of(rel, self.overlay[rel], required)
        data = self.read_bytes(rel)
        if data is None:
            if required:
                raise StoreError(Msg('missing file {}', self.dir / rel), code="io.missing-file") from None
            return None
        return self._parsed_yaml(rel, data)

    def read_parsed(self, rel: str, parse, required: bool = True, keep: Any = None):
        """``parse(self.read_yaml(rel))``, remembered for the process while the file is
        unchanged (:meth:`_unchanged`): a second reader (``dbf check`` reads the division results
        for each checker, a write reads them before and after) gets the same value without a
        parse. ``parse`` is a module-level function of the document alone that returns values
        nobody changes (value objects, tuples); ``None`` when the file is missing and not
        ``required``. ``keep``: the type of the value, which is then also kept in the parse
        cache (store/cache.py, by the bytes and dbf's code) and read back typed, in C, by the
        next command: the 4,096-team ``cup/teams.yaml`` as 4,096 Teams."""
        from . import cache

        key = (self.root, self.season, rel, parse)
        seen = _PARSED.get(key)
        if seen is not None and self._unchanged(rel, seen):
            if seen[1] is not None:
                self._settle(key, rel, seen)
            return seen[2]
        version = None if self.overlaid(rel) else self._stat(rel)   # before the read: a change after it shows
        data = self.read_bytes(rel)
        if data is None:
            return self.read_yaml(rel, required)   # missing: read_yaml says so
        name = f"{parse.__module__}.{parse.__qualname__}"
        value = cache.MISSING if keep is None else cache.load_value(self.dir, rel, name, data, keep)
        if value is cache.MISSING:
            value = parse(self.yaml_of(rel, data) if self.overlaid(rel) else self._parsed_yaml(rel, data))
            if keep is not None:
                cache.save_value(self.dir, rel, name, data, value)
        racy = version is None or time.time_ns() - max(version[1], version[2]) < _RACY_NS
        _PARSED[key] = (version, data if racy else None, value)
        return value

    def overlaid(self, rel: str) -> bool:
        """``rel`` is read from memory (a pending write shown as it will be), not from the disk."""
        return bool(self.overlay) and rel in self.overlay

    def _stat(self, rel: str) -> tuple | None:
        """The file's size, mtime, ctime and inode (None: missing), as :meth:`read_parsed`
        compares them; told to a ``dbf serve`` session that keeps what it read
        (store.snapshotcache), which must then watch the file too."""
        path = self._file_path(rel)
        try:
            st = os.stat(path)
        except OSError:
            version = None
        else:
            version = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        note_stat(path, version)
        return version

    def _settle(self, key: tuple, rel: str, seen: tuple) -> None:
        """A value read within the racy window, its bytes just found unchanged: once its file's
        times are older than the window and its stat is still the one read, later reads compare
        the stat alone (as git refreshes a racily clean entry). Else every read in a long process
        (``dbf serve``, the state fuzzer) re-read and compared the bytes of every file written in
        the two seconds before it was first parsed: 300 match files for each of ``dbf check``'s
        12 readers of the division results."""
        version = seen[0]
        if (version is not None and not self.overlaid(rel)
                and time.time_ns() - max(version[1], version[2]) >= _RACY_NS and self._stat(rel) == version):
            _PARSED[key] = (version, None, seen[2])

    def _unchanged(self, rel: str, seen: tuple) -> bool:
        """The file is still what :meth:`read_parsed` read: the same bytes, for a file in memory
        or one changed less than 2 s before it was read (the file system's clock is coarse: a
        second change within the same tick would keep the times, as git's "racy" index entries);
        else the same size, mtime, ctime and inode (a change of the content moves the ctime,
        which no tool sets back: issue 16.6)."""
        version, data, _ = seen
        if data is not None or self.overlaid(rel):
            return data is not None and self.read_bytes(rel) == data
        return version is not None and self._stat(rel) == version

    def _parsed_yaml(self, rel: str, data: bytes) -> YamlDoc:
        from . import cache

        doc = cache.load(self.dir, rel, data)   # keyed on the bytes (issue 16.6)
        if doc is not None:
            return doc
        try:
            doc = parse_yaml(data, rel)
        except YamlLoadError as exc:
            raise StoreError(exc.problems) from None
        cache.save(self.dir, rel, data, doc)
        return doc

    @contextmanager
    def transaction(self, command: str, message: str = "", dry_run: bool = False,
                    lock_timeout: float = 10.0, create: bool = False, git: bool = True) -> Iterator["Transaction"]:
        """Yield a :class:`Transaction` under the season lock (re-entered: inside a command
        the lock must have been taken before anything was read, see :meth:`open_for_write`),
        after finishing any interrupted write. ``git=False``: no git commit (a new season's
        staging folder, store/newseason.py, commits once it is in place)."""
        if not create:
            self.require()
        elif dry_run and not self.dir.exists():
            # a dry run writes nothing: taking the lock would create the folder (its lock file)
            tx = Transaction(self, command, message, dry_run)
            yield tx
            tx.commit()
            return
        lock = self._write_lock(f"`{command}` writes {self.dir}", lock_timeout)
        try:
            self._finish_interrupted()
            tx = Transaction(self, command, message, dry_run, git=git)
            yield tx
            tx.commit()
        finally:
            lock.__exit__(None, None, None)

    @contextmanager
    def transaction_group(self, lock_timeout: float = 10.0, dry_run: bool = False) -> Iterator["TransactionGroup"]:
        """Many writes, each its own journal entry (``dbf undo`` undoes one), made durable
        together (issue 17: a whole round of sheets in one command): each
        :meth:`TransactionGroup.transaction` sees the ones before it; on leaving the block all
        are applied through ONE ``.pending.yaml``, so an interruption rolls all of them forward.
        ``dry_run``: each write is planned (and seen by the next), none kept."""
        self.require()
        lock = self._write_lock(f"a group of writes to {self.dir}", lock_timeout)
        try:
            self._finish_interrupted()
            group = TransactionGroup(store=self, view=SeasonStore(self.root, self.season, overlay={}), dry_run=dry_run)
            yield group
            group.commit()
        finally:
            lock.__exit__(None, None, None)

    def _write_lock(self, what: str, lock_timeout: float) -> "SeasonLock":
        """The season lock for a write, entered: refused (LockOrderError) inside a command that did
        not take it before reading (issue 13: lock, load, decide, write)."""
        from .atomic import holds, in_command

        if in_command() and not holds(self.dir):
            raise LockOrderError(f"{what} without having taken the season lock before reading it "
                                 "(declare the command with writes=True)")
        try:
            lock = SeasonLock(self.dir, lock_timeout)
            lock.__enter__()
        except OSError as exc:   # read-only disk, permissions (LockTimeout is not an OSError)
            raise self._unwritable(exc) from None
        return lock

    def _unwritable(self, exc: OSError) -> "StoreError":
        return StoreError([_problem("io.cannot-write",
                                    Msg('cannot write in the season folder {}: {}', self.dir,
                                        exc.strerror or exc),
                                    hint=Msg("dbf needs write access to the season folder (a read-only disk? "
                                             "permissions?)"))])


class Transaction(MutableValue):
    """The files one command writes; nothing touches the disk before :meth:`commit`."""

    store: SeasonStore
    command: str
    message: str = ""
    dry_run: bool = False
    writes: dict[str, bytes | None] = field(default_factory=dict)
    aborted: bool = False
    journal_file: str | None = None
    #: the season this write made the new season from (``dbf season rollover``'s first write of
    #: it): the journal entry's ``made_from``, which ``dbf undo`` reads, never the message
    made_from: str | None = None
    #: the :class:`TransactionGroup` this write belongs to (its commit joins the group's)
    group: Any = None
    git: bool = True

    def write_text(self, rel: str, text: str) -> None:
        check_relpath(rel)
        self.writes[rel] = text.encode("utf-8")

    def write_yaml(self, rel: str, data: Any, header: str | None = None) -> None:
        self.write_text(rel, dump_yaml(data, header))

    def delete(self, rel: str) -> None:
        check_relpath(rel)
        self.writes[rel] = None

    def _refuse_broken_invariants(self) -> None:
        """Issue 13.5, issue 24: a write that would break a season invariant is refused (nothing
        written, a dry run too): the cup's (:data:`dbfcli.rules.invariants.INVARIANTS`), a
        division's and the standings'. A write of a group runs the cup's once for the whole
        group, when the group commits (:meth:`TransactionGroup.commit`)."""
        broken = [p for name, check in commit_checks() if not (self.group is not None and name == "cup")
                  for p in check(self.store, self.writes)]
        if broken:
            raise InvariantBroken(broken)

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
        if self.aborted:
            return
        changes = self.changes()
        if not changes:
            return
        self._refuse_broken_invariants()
        if self.dry_run:
            return
        if self.group is not None:
            self.group.add(self, self._entry(changes, len(self.group.parts)))
            return
        entry, journal_rel = self._entry(changes)
        pending = {
            "schema": 1,
            "journal": journal_rel,
            "entry": entry,
            "files": {rel: (None if self.writes[rel] is None else self.writes[rel].decode("utf-8"))
                      for rel, _ in changes},
        }
        _write_pending(self.store, pending, git=self.git)
        self.journal_file = journal_rel

    def _entry(self, changes: list[tuple[str, str]], later: int = 0) -> tuple[dict, str]:
        """The journal entry of ``changes`` and its file (``later``: writes of the same group
        before this one, each one sequence number)."""
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
        seq = next_sequence(self.store) + later
        stamp = now.strftime("%Y%m%dT%H%M%S.%fZ")
        journal_rel = f"{JOURNAL}/{seq:06d}-{stamp}-{os.getpid()}.yaml"
        entry = {
            "schema": 1,
            "seq": seq,
            "at": now.isoformat(timespec="microseconds"),
            "command": self.command,
            "message": self.message,
            "user": _user(),
            "changes": entry_changes,
        }
        if self.made_from is not None:
            entry["made_from"] = self.made_from
        if getattr(self.message, "key", None) is not None:    # a keyed text (rules.problems.Msg)
            entry["message_keyed"] = keyed_data(self.message)
        return entry, journal_rel


def keyed_data(text: Any) -> dict[str, Any]:
    """A keyed text (:class:`~dbfcli.rules.problems.Msg`) as the journal keeps it beside its
    English ``message``: ``{key, args}``, a value that is itself keyed as such a mapping, so
    ``dbf log`` shows it in the reader's language from the key (store/journal.py
    ``journal_message``), never by parsing the English back."""
    return {"key": text.key, "args": [keyed_data(a) if getattr(a, "key", None) is not None else str(a)
                                      for a in text.args]}


class TransactionGroup(MutableValue):
    """The writes of :meth:`SeasonStore.transaction_group`: ``view`` is the season with the
    group's writes so far laid over it (what each next write reads and is journaled against);
    ``parts``: ``(transaction, entry, journal file)`` in order."""

    store: SeasonStore
    view: SeasonStore
    dry_run: bool = False
    parts: list = field(default_factory=list)

    @contextmanager
    def transaction(self, command: str, message: str = "") -> Iterator[Transaction]:
        """One write of the group: its own journal entry; on the disk when the group commits."""
        tx = Transaction(self.view, command, message, group=self)
        yield tx
        tx.commit()

    def add(self, tx: Transaction, entry: tuple[dict, str]) -> None:
        self.view.overlay.update(tx.writes)
        self.parts.append((tx, *entry))

    def commit(self) -> None:
        """All the group's writes through one ``.pending.yaml`` (see :func:`_apply_pending`),
        once the cup's invariants hold with all of them (issue 24; a dry run too)."""
        if not self.parts:
            return
        broken = [p for name, check in commit_checks() if name == "cup" for p in check(self.store, self.view.overlay)]
        if broken:
            raise InvariantBroken(broken)
        if self.dry_run:
            return
        tx, entry, journal_rel = self.parts[-1]
        pending = {
            "schema": 1, "journal": journal_rel, "entry": entry,
            "entries": [{"journal": rel, "entry": e} for _, e, rel in self.parts],
            "files": {rel: (None if data is None else data.decode("utf-8")) for rel, data in self.view.overlay.items()
                      if self.store.read_bytes(rel) != data},
        }
        _write_pending(self.store, pending)
        for tx, _, rel in self.parts:
            tx.journal_file = rel


# ------------------------------------------------------------------------------ applying
#
# A write is applied in two phases. 1. Stage: every new file (and the journal entry) is
# written to a temp file beside its target and fsynced; this is where a full disk fails,
# and then the temp files and ``.pending.yaml`` are removed: nothing was changed, and the
# command says so (exit 2, ``io.cannot-write``). 2. Put: each temp file is renamed over
# its target (a rename needs no free space), deletions done, the journal entry put, the
# pending file removed. Only a process killed after ``.pending.yaml`` was written, or an
# error in phase 2, leaves the pending file: the next command that can write finishes it
# and says so (roll forward, journaled with ``finished``). docs/formats/journal.md.

def _write_pending(store: SeasonStore, pending: dict, git: bool = True) -> None:
    """A write, or a group of them: stray temp files swept, ``.pending.yaml`` written (a full
    disk here changes nothing, exit 2), then applied (see above)."""
    _sweep(store)
    try:
        write_inside(store.dir, PENDING, dump_yaml(pending).encode("utf-8"))
    except OSError as exc:   # nothing has changed yet
        raise _write_error(store, PENDING, exc, NOTHING_CHANGED) from None
    try:
        fault_point("after-pending")
    except OSError as exc:   # the pending file is written, nothing else: undone on the spot (issue 27)
        raise _failed_apply(store, PENDING, exc, 0) from None
    _apply_pending(store, pending, fresh=True, git=git)


def pending_entries(pending: dict) -> list[dict]:
    """The journal entries of a pending write, ``{"journal", "entry"}`` each: one, or those of
    a group of writes (:meth:`SeasonStore.transaction_group`), in order."""
    return pending.get("entries") or [{"journal": pending["journal"], "entry": pending["entry"]}]


#: a group of writes is made durable by one sync(2) (Linux waits for it: as if each file were
#: fsynced) instead of two fsyncs a file; the pending file, fsynced, covers the time between
_SYNC_GROUP = hasattr(os, "sync") and sys.platform.startswith("linux")


def _apply_pending(store: SeasonStore, pending: dict, fresh: bool, git: bool = True) -> None:
    entries = pending_entries(pending)
    durable = len(entries) == 1 or not _SYNC_GROUP
    staged = _stage_pending(store, pending, entries, durable, fresh)
    done = 0
    current = PENDING
    try:
        for i, (rel, s) in enumerate(staged):
            current = rel
            if i == 1 and i < len(staged) - 1:
                fault_point("between-files")
            if i == len(staged) - 1:
                fault_point("before-journal")
            if s is None:
                delete_inside(store.dir, rel)
            else:
                put_staged(s, rel, durable)
            done = i + 1
        if not durable:
            os.sync()    # every file and rename above on the disk before the pending file goes
        current = PENDING
        delete_inside(store.dir, PENDING)
    except OSError as exc:
        if not fresh:
            raise
        raise _failed_apply(store, current, exc, done) from None
    finally:
        _release_staged(staged, done)
    if git:
        _commit_entries(store, entries)


def _failed_apply(store: SeasonStore, current: str, exc: OSError, done: int) -> StoreError:
    """The error of a fresh write that failed on ``current`` after ``done`` files were put:
    with nothing put yet it is undone on the spot (as a failure while staging), else the next
    dbf command that can write finishes it."""
    if done == 0:
        try:
            delete_inside(store.dir, PENDING)
        except OSError:
            pass
        else:
            return _write_error(store, current, exc, NOTHING_CHANGED)
    return _write_error(store, current, exc, HALF_DONE)


def _release_staged(staged: list[tuple[str, Any]], done: int) -> None:
    """Drop the staged files not put, close those put."""
    for _, s in staged[done:]:
        if s is not None:
            drop_staged(s)
    for _, s in staged[:done]:
        if s is not None:
            close_staged(s)


def _commit_entries(store: SeasonStore, entries: list[dict]) -> None:
    """The git commit of the applied writes (one message for a group of them)."""
    last = entries[-1]["entry"]
    _git_commit(store, last if len(entries) == 1 else
                dict(last, message=f"{len(entries)} writes: " + "; ".join(e["entry"]["message"] for e in entries)))


def _stage_pending(store: SeasonStore, pending: dict, entries: list[dict], durable: bool,
                   fresh: bool) -> list[tuple[str, Any]]:
    """Phase 1 of applying a pending write: every new file and journal entry staged beside its
    target (``(rel, staged)``; ``staged`` None for a deletion). A failure removes what was
    staged (and, for a fresh write, the pending file): nothing was changed."""
    staged: list[tuple[str, Any]] = []
    current = PENDING
    try:
        for rel, text in pending["files"].items():
            current = rel
            check_relpath(rel)
            fault_point("stage")
            if text is None:
                check_writable_path(store.dir, rel)
                staged.append((rel, None))
            else:
                staged.append((rel, stage(store.dir, rel, text.encode("utf-8"), durable)))
        for e in entries:
            current = e["journal"]
            fault_point("stage")
            staged.append((current, stage(store.dir, current, dump_yaml(e["entry"]).encode("utf-8"), durable)))
    except OSError as exc:
        for _, s in staged:
            if s is not None:
                drop_staged(s)
        if not fresh:
            raise
        try:
            delete_inside(store.dir, PENDING)
        except OSError:   # pragma: no cover - then the next command rolls it forward, and says so
            raise _write_error(store, current, exc, WRITE_PENDING) from None
        raise _write_error(store, current, exc, NOTHING_CHANGED) from None
    return staged


def check_writable_path(root: Path, rel: str) -> None:
    """Refuse (:class:`LinkRefused`) a file whose way from ``root`` goes through a link."""
    p = PurePosixPath(rel)
    try:
        fd = open_folder(root, p.parent, create=False)
    except FileNotFoundError:
        return
    try:
        from .atomic import _refuse_if_link

        _refuse_if_link(p.name, fd, rel)
    finally:
        os.close(fd)


def _read_pending(store: SeasonStore) -> dict | None:
    """The pending write, or None if there is none or it was never completely written."""
    try:
        data = store.path(PENDING).read_bytes()
    except FileNotFoundError:
        return None
    try:
        pending = parse_yaml(data, PENDING).data
        pending["files"], pending["journal"], pending["entry"]  # noqa: B018 - shape check
        if not isinstance(pending["files"], dict) or not isinstance(pending["entry"], dict):
            raise TypeError
        entries = pending_entries(pending)
        if not all(isinstance(e, dict) and isinstance(e["entry"], dict) for e in entries):
            raise TypeError
        for rel in list(pending["files"]) + [e["journal"] for e in entries]:
            check_relpath(str(rel))
    except (YamlLoadError, KeyError, TypeError, StoreError):
        return {}
    return pending


def recover(store: SeasonStore, by: str | None = None) -> dict | None:
    """Finish a write that was interrupted (roll forward); returns its journal entry, or
    None when there was nothing to finish. Call with the lock held. ``by``: the command
    that finished it, kept in the entry (``finished``)."""
    pending = _read_pending(store)
    if pending is None:
        return None
    if not pending:
        # the pending file itself was never completely written: the write never started
        delete_inside(store.dir, PENDING)
        return None
    if by:
        for e in pending_entries(pending):
            e["entry"]["finished"] = {"at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "by": by}
    _apply_pending(store, pending, fresh=False)
    return pending["entry"]


_SEQ_NAME = re.compile(r"^(\d+)-\d{8}T")


def journal_order(rel: str) -> tuple:
    """Sort key of a journal file: by its sequence number (``000042-<stamp>-<pid>.yaml``);
    entries from before sequence numbers (``<stamp>-<pid>.yaml``) come first, by name."""
    name = rel.rpartition("/")[2]
    m = _SEQ_NAME.match(name)
    return (1, int(m.group(1)), name) if m else (0, 0, name)


def next_sequence(store: SeasonStore) -> int:
    """The next journal sequence number (read under the lock): one more than the highest,
    never less than the number of entries. It does not depend on any clock."""
    base = store.path(JOURNAL)
    try:
        names = [e.name for e in os.scandir(base) if e.name.endswith(".yaml") and not e.name.startswith(".")]
    except (FileNotFoundError, NotADirectoryError):
        return 1
    top = 0
    for n in names:
        m = _SEQ_NAME.match(n)
        if m:
            top = max(top, int(m.group(1)))
    return max(top, len(names)) + 1


def _sweep(store: SeasonStore) -> None:
    """Leftovers: the temp files of writers that were killed (issue 16)."""
    from .atomic import locked_since, sweep_stale_temps

    since = locked_since(store.dir)
    if since is not None:
        sweep_stale_temps(store.dir, since)


def _problem(code: str, message: Msg, where: Where | None = None, hint: Msg | None = None,
             severity: str = "error") -> Problem:
    return Problem(None, message, where, severity, hint, code=code)  # type: ignore[arg-type]


def _write_error(store: SeasonStore, rel: str, exc: OSError, what: Msg) -> StoreError:
    """``cannot write FILE: No space left on device`` (exit 2, ``io.cannot-write``)."""
    if isinstance(exc, LinkRefused):
        return StoreError([_problem("io.link", Msg('{} in {}; {}', exc.strerror, store.dir, what), Where(exc.link),
                                    hint=Msg('a season folder holds files, not links: replace the link by '
                                             'the file or folder itself'))])
    return StoreError([_problem("io.cannot-write", Msg('cannot write {}: {}; {}', rel, exc.strerror or exc,
                                                       what), Where(rel),
                                hint=Msg('free some space on the disk (or fix the permissions) and run '
                                         'the command again'))])


def _finisher() -> str:
    import sys

    return "dbf " + " ".join(sys.argv[1:]) if sys.argv else "dbf"


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
                        f":(exclude){store.season}/.dbf.lock", f":(exclude){store.season}/.cache",
                        f":(exclude){store.season}/{PENDING}", f":(exclude){store.season}/.serve-secret", f":(exclude){store.season}/.draw-secrets", f":(exclude,glob){store.season}/**/.*.tmp"],
                       check=True, capture_output=True)
        subprocess.run(["git", "-C", root, "-c", "user.name=dbf", "-c", "user.email=dbf@localhost",
                        "commit", "-q", "-m", msg, "--", store.season], check=False, capture_output=True)
    except (OSError, subprocess.CalledProcessError):  # git missing: the write itself stands
        pass
