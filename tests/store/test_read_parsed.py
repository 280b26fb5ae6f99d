"""SeasonStore.read_parsed (issue 13 speed): a reader's value of a file, parsed once a process
while the file is unchanged and, with ``keep``, kept typed in the parse cache for the next
command -- never a stale value: a changed file, or a changed dbf, is read again."""

from __future__ import annotations

import os

import pytest

from dbfcli.rules.problems import Problem, Where
from dbfcli.store import cache, season
from dbfcli.store.season import SeasonStore

CALLS: list[str] = []


def _names(doc) -> tuple[tuple[str, ...], tuple[Problem, ...]]:
    CALLS.append(doc.file)
    return tuple(str(t) for t in doc.data["teams"]), (Problem.warning(None, "n", Where(doc.file, 1), code="format.yaml"),)


KEEP = tuple[tuple[str, ...], tuple[Problem, ...]]


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(season, "_PARSED", {})
    CALLS.clear()
    s = SeasonStore(tmp_path, "2026-27")
    s.dir.mkdir()
    s.path("t.yaml").write_text("teams: [A, B]\n")
    return s


def test_an_unchanged_file_is_parsed_once_a_process(store):
    assert store.read_parsed("t.yaml", _names)[0] == ("A", "B")
    assert store.read_parsed("t.yaml", _names)[0] == ("A", "B")
    assert CALLS == ["t.yaml"]


def test_a_same_size_edit_right_after_the_read_is_seen(store):
    """Written less than 2 s before it was read: compared by its bytes (a coarse clock keeps the times)."""
    store.read_parsed("t.yaml", _names)
    st = os.stat(store.path("t.yaml"))
    store.path("t.yaml").write_text("teams: [C, D]\n")
    os.utime(store.path("t.yaml"), ns=(st.st_atime_ns, st.st_mtime_ns))
    assert store.read_parsed("t.yaml", _names)[0] == ("C", "D")


def test_an_old_file_is_known_by_its_stat_and_an_edit_moves_it(store, monkeypatch):
    monkeypatch.setattr(season, "_RACY_NS", -10**12)   # as if it was written long before it was read
    os.utime(store.path("t.yaml"), ns=(1, 1))
    store.read_parsed("t.yaml", _names)
    assert season._PARSED[next(iter(season._PARSED))][1] is None      # not kept by its bytes
    store.path("t.yaml").write_text("teams: [E, F]\n")                # the ctime moves
    assert store.read_parsed("t.yaml", _names)[0] == ("E", "F")


def test_a_racy_entry_settles_to_its_stat_once_its_times_are_old_and_an_edit_still_shows(store, monkeypatch):
    """Issue 27 (the fuzzer's cost): a file read right after it was written is compared by its
    bytes while that is needed; once its times are older than the racy window the next unchanged
    read keeps the stat alone (no re-read of the bytes on every later read), and an edit moves it."""
    store.read_parsed("t.yaml", _names)
    key = next(iter(season._PARSED))
    assert season._PARSED[key][1] is not None                        # racy: kept by its bytes
    store.read_parsed("t.yaml", _names)
    assert season._PARSED[key][1] is not None                        # still within the window
    monkeypatch.setattr(season, "_RACY_NS", -10**12)                 # the window has passed
    reads = []
    monkeypatch.setattr(SeasonStore, "read_bytes", lambda self, rel, _r=SeasonStore.read_bytes: reads.append(rel)
                        or _r(self, rel))
    assert store.read_parsed("t.yaml", _names)[0] == ("A", "B") and reads == ["t.yaml"]   # compared once more
    assert season._PARSED[key][1] is None                            # settled to its stat
    assert store.read_parsed("t.yaml", _names)[0] == ("A", "B") and reads == ["t.yaml"]   # no read
    store.path("t.yaml").write_text("teams: [E, F]\n")
    assert store.read_parsed("t.yaml", _names)[0] == ("E", "F") and CALLS == ["t.yaml", "t.yaml"]


def test_a_kept_value_is_read_back_typed_by_the_next_command_and_missed_by_a_changed_dbf(store, monkeypatch):
    first = store.read_parsed("t.yaml", _names, keep=KEEP)
    monkeypatch.setattr(season, "_PARSED", {})                          # the next command
    again = store.read_parsed("t.yaml", _names, keep=KEEP)
    assert again == first and isinstance(again[1][0], Problem) and CALLS == ["t.yaml"]
    monkeypatch.setattr(season, "_PARSED", {})
    monkeypatch.setattr(cache, "_stamp", [b"another dbf....."])         # another version of dbf
    assert store.read_parsed("t.yaml", _names, keep=KEEP) == first and CALLS == ["t.yaml", "t.yaml"]


def test_a_missing_file_is_none_or_a_store_error(store):
    from dbfcli.store.season import StoreError

    assert store.read_parsed("none.yaml", _names, required=False) is None
    with pytest.raises(StoreError):
        store.read_parsed("none.yaml", _names)


def test_a_planned_write_is_read_from_memory(store):
    from dbfcli.store.snapshot import overlay

    store.read_parsed("t.yaml", _names)
    planned = overlay(store, {"t.yaml": b"teams: [X]\n"})
    assert planned.read_parsed("t.yaml", _names)[0] == ("X",)
    assert store.read_parsed("t.yaml", _names)[0] == ("A", "B")
