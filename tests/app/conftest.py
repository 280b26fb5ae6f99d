"""The use cases of ``dbfcli.app`` called directly (issue 24): a Session on a private copy of
the example season, locked as a command (or a web request) holds it."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Iterator

import pytest

from dbfcli.app.session import Session

SEASON = "2026-27"


@contextlib.contextmanager
def opened(root: Path, write: bool = True, season: str = SEASON) -> Iterator[Session]:
    """A :class:`Session` on ``root/season`` with its snapshot, the season locked for the block
    (exclusively with ``write``), as ``web/season.py`` opens one for a request."""
    from dbfcli.store.atomic import command_scope
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.snapshot import Snapshot

    with command_scope():
        store = SeasonStore(root, season)
        store.require()
        store.open_for_write(5.0) if write else store.open_for_read(5.0)
        yield Session(actor="pytest (dbfcli.app)", lock_timeout=5.0, snapshot=Snapshot(store))


@pytest.fixture
def session(example):
    """``session()``: a context manager giving a Session on the example copy (DBF_DIR)."""
    return lambda write=True: opened(example, write)


def problem_ids(outcome) -> list[tuple[str | None, str | None]]:
    """The (rule, code) of every problem of an outcome: what the tests assert on."""
    return [(p.rule, p.code) for p in outcome.problems]


@pytest.fixture
def ids():
    """:func:`problem_ids`, for the tests."""
    return problem_ids
