"""A new season folder made in one step: wholly there or not at all (issue 15.6).

`dbf season rollover` writes the new season as one :class:`~dbfcli.store.season.Transaction`
(its files and its journal entry, with the journal's roll-forward) into a hidden staging folder
``DIR/.SEASON.new`` beside the seasons, then renames that folder to ``DIR/SEASON`` in one
``rename(2)``. A process killed at any moment therefore leaves either no ``DIR/SEASON`` (at most
the hidden staging folder, which is no season: :func:`~dbfcli.rules.ids.looks_like_season`
refuses the name, and the next run removes it) or the whole new season. A folder named like the
season that holds nothing but what an interrupted write leaves (the lock file, temp files, a
pending write, empty folders: what dbf before this module left) is not a season and is replaced.
"""

from __future__ import annotations

import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..rules.value import replace
from .atomic import LinkRefused, fault_point, fsync_dir, hold
from .season import (HALF_DONE, NOTHING_CHANGED, WRITE_PENDING, SeasonStore, StoreError, Transaction, _git_commit,
                     _problem, _write_error)
from ..rules.problems import Msg, Problem

#: the files an interrupted write may leave; a folder holding only these is no season
_LEFTOVER = re.compile(r"^(\.dbf\.lock|\.pending\.yaml|\..+\.\d+\.tmp)$")


def _nothing_changed(p: Problem) -> Problem:
    """A failed write in the staging folder (removed): what it left is nothing, not a write half
    done or pending (the last value of its keyed message, read by key, not by its text)."""
    m = p.message
    if isinstance(m, Msg) and m.args and getattr(m.args[-1], "key", None) in (HALF_DONE.key, WRITE_PENDING.key):
        return replace(p, message=Msg(m.key, *m.args[:-1], NOTHING_CHANGED))
    return p


def staging_dir(root: Path, season: str) -> Path:
    """Where a new season is built before it is renamed into place."""
    return root / f".{season}.new"


def leftover_only(folder: Path) -> bool:
    """Does ``folder`` hold nothing but what an interrupted write leaves (no link followed)?"""
    for base, dirs, files in os.walk(folder):
        if any(os.path.islink(os.path.join(base, d)) for d in dirs):
            return False
        if not all(_LEFTOVER.match(f) for f in files):
            return False
    return True


def remove_folder(folder: Path) -> None:
    """Remove ``folder`` and what it holds (gone already is fine); a link there is refused."""
    if os.path.islink(folder):
        raise StoreError([_problem("io.link", Msg('refusing to remove the symbolic link {} (-> {}): dbf '
                                                  'builds a new season there', folder, os.readlink(folder)),
                                   hint=Msg('remove the link yourself'))])
    try:
        shutil.rmtree(folder)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError([_problem("io.cannot-write", Msg('cannot remove {}: {}', folder, exc.strerror or exc),
                                   hint=Msg('fix the permissions and run the command again'))]) from None


@contextmanager
def creating(root: Path, season: str, command: str, message: str, lock_timeout: float,
             made_from: str | None = None) -> Iterator[Transaction]:
    """Yield the :class:`Transaction` that writes the new season ``season``; on leaving the block
    the season appears at ``root/season`` whole, in one rename (module docstring). The caller
    holds the lock of the season it comes from (two rollovers never race). :class:`StoreError`
    (exit 2) when a season is there already, or the disk refuses."""
    target = SeasonStore(root, season)
    staging = SeasonStore(root, staging_dir(root, season).name)
    remove_folder(staging.dir)            # what a killed rollover left
    try:
        hold(staging.dir, lock_timeout)
    except OSError as exc:
        raise staging._unwritable(exc) from None
    with _staging_errors(staging, season):
        with staging.transaction(command, message, lock_timeout=lock_timeout, create=True, git=False) as tx:
            tx.made_from = made_from
            yield tx
    if tx.aborted or tx.journal_file is None:
        remove_folder(staging.dir)
        return
    fault_point("before-season-rename")
    _put_in_place(staging.dir, target)
    _git_commit(target, {"message": message, "command": command})


@contextmanager
def _staging_errors(staging: SeasonStore, season: str) -> Iterator[None]:
    """A write that fails in the staging folder: nothing of the new season is there (the staging
    folder is removed), and the error says so."""
    try:
        yield
    except StoreError as exc:
        remove_folder(staging.dir)
        raise StoreError([_nothing_changed(p) for p in exc.problems]) from None
    except OSError as exc:
        remove_folder(staging.dir)
        raise _write_error(staging, season, exc, NOTHING_CHANGED) from None


def _put_in_place(staging: Path, target: SeasonStore) -> None:
    """Rename the finished staging folder to the season's (one ``rename(2)``)."""
    if os.path.islink(target.dir):
        raise _write_error(target, target.season, LinkRefused(str(target.dir), os.readlink(target.dir)),
                           NOTHING_CHANGED)
    if target.dir.exists():
        if not leftover_only(target.dir):
            remove_folder(staging)
            raise StoreError([_problem("state.exists", Msg('season {} already exists: {}', target.season,
                                                           target.dir),
                                       hint=Msg('remove it or pick another --to'))])
        remove_folder(target.dir)
    try:
        os.rename(staging, target.dir)
    except OSError as exc:
        remove_folder(staging)
        raise _write_error(target, target.season, exc, NOTHING_CHANGED) from None
    fsync_dir(target.root)
