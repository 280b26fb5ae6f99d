"""Atomic writes, all-or-nothing transactions, the lock (issue 2; issue 8 builds on it)."""

import multiprocessing
import subprocess
import sys
import textwrap

import pytest

from dbfcli.store.atomic import LockTimeout, SeasonLock, atomic_write
from dbfcli.store.season import PENDING, SeasonStore, StoreError, check_relpath, recover
from dbfcli.store.yamlio import parse_yaml


@pytest.fixture
def store(tmp_path):
    s = SeasonStore(tmp_path, "2026-27")
    s.dir.mkdir()
    return s


def test_commit_writes_all_files_and_one_journal_entry(store):
    with store.transaction("dbf test", "two files") as tx:
        tx.write_yaml("a.yaml", {"x": 1})
        tx.write_yaml("sub/b.yaml", {"y": 2})
    assert parse_yaml(store.read_bytes("a.yaml"), "a").data == {"x": 1}
    assert parse_yaml(store.read_bytes("sub/b.yaml"), "b").data == {"y": 2}
    journal = store.list("journal")
    assert len(journal) == 1
    entry = store.read_yaml(journal[0]).data
    assert [c["file"] for c in entry["changes"]] == ["a.yaml", "sub/b.yaml"]
    assert not store.exists(PENDING)


def test_exception_inside_writes_nothing(store):
    atomic_write(store.path("a.yaml"), b"old: 1\n")
    with pytest.raises(RuntimeError):
        with store.transaction("dbf test") as tx:
            tx.write_yaml("a.yaml", {"new": 2})
            raise RuntimeError("rule broken")
    assert store.read_bytes("a.yaml") == b"old: 1\n"
    assert store.list("journal") == []


def test_dry_run_and_no_change_write_nothing(store):
    with store.transaction("dbf test", dry_run=True) as tx:
        tx.write_yaml("a.yaml", {"x": 1})
        assert tx.changes() == [("a.yaml", "create")]
    assert not store.exists("a.yaml")
    atomic_write(store.path("b.yaml"), b"x: 1\n")
    with store.transaction("dbf test") as tx:
        tx.write_text("b.yaml", "x: 1\n")
    assert store.list("journal") == []


def test_fault_after_temp_file_leaves_old_file_intact(store, monkeypatch):
    atomic_write(store.path("a.yaml"), b"old: 1\n")
    monkeypatch.setenv("DBF_FAULT", "raise:after-temp-write")
    with pytest.raises(OSError, match="injected"):
        atomic_write(store.path("a.yaml"), b"new: 2\n")
    assert store.read_bytes("a.yaml") == b"old: 1\n"
    assert [p.name for p in store.dir.iterdir()] == ["a.yaml"]  # no temp file left behind


def test_crash_between_files_is_rolled_forward(store, monkeypatch):
    atomic_write(store.path("a.yaml"), b"a: 0\n")
    atomic_write(store.path("b.yaml"), b"b: 0\n")
    monkeypatch.setenv("DBF_FAULT", "raise:between-files")
    with pytest.raises(StoreError, match="half done"):   # reported, and rolled forward next time
        with store.transaction("dbf test") as tx:
            tx.write_text("a.yaml", "a: 1\n")
            tx.write_text("b.yaml", "b: 1\n")
    assert store.read_bytes("a.yaml") == b"a: 1\n" and store.read_bytes("b.yaml") == b"b: 0\n"
    monkeypatch.delenv("DBF_FAULT")
    with SeasonLock(store.dir, 1):
        assert recover(store)
    assert store.read_bytes("b.yaml") == b"b: 1\n"
    assert len(store.list("journal")) == 1 and not store.exists(PENDING)


@pytest.mark.parametrize("rel", ["../x.yaml", "/etc/passwd", "a/../../b", "a\x00b", "a\\b"])
def test_paths_outside_the_season_are_refused(rel):
    with pytest.raises(StoreError):
        check_relpath(rel)


def test_lock_timeout(store):
    code = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from dbfcli.store.atomic import SeasonLock
        with SeasonLock(Path({str(store.dir)!r}), 5):
            print("locked", flush=True)
            time.sleep(3)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "locked"
    with pytest.raises(LockTimeout):
        with SeasonLock(store.dir, 0.2):
            pass
    proc.kill()
    proc.wait()
    with SeasonLock(store.dir, 2):  # the kernel dropped the killed holder's lock: no stale lock
        pass


def _increment(folder: str, n: int) -> None:
    from pathlib import Path

    s = SeasonStore(Path(folder), "2026-27")
    for _ in range(n):
        with s.transaction("dbf test", lock_timeout=60) as tx:
            doc = s.read_yaml("counter.yaml", required=False)
            value = doc.data["n"] if doc else 0
            tx.write_yaml("counter.yaml", {"n": value + 1})


def test_two_processes_never_lose_an_update(store):
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_increment, args=(str(store.root), 15)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    assert store.read_yaml("counter.yaml").data == {"n": 30}
    assert len(store.list("journal")) == 30
