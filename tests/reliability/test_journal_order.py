"""Issue 16 items 7 and 8: the journal is ordered by a sequence number, not by the clock;
the temp files a killed writer left are removed by the next write and never committed."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import time
import types

import pytest
import yaml

from dbfcli.store import season as season_mod
from dbftest import run_dbf

SEASON = "2026-27"


def _teams(path, ids):
    rows = []
    for n, i in enumerate(ids):
        p = 700 + n + 10 * len(str(path))
        rows.append(f"  - id: {i}\n    name: Team {i}\n    captain: {p}1\n    club: 4100\n    postcode: \"5000\"\n"
                    "    players:\n" + "".join(f"      - {{id: {p}{k}, name: P{k}, club: 4100}}\n" for k in range(1, 5)))
    path.write_text("teams:\n" + "".join(rows), encoding="utf-8")
    return path


@pytest.fixture
def clock(monkeypatch):
    """The clock of the TD's machine, set by the test."""
    now = [dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.timezone.utc)]

    class Skewed(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return now[0]

    monkeypatch.setattr(season_mod, "dt", types.SimpleNamespace(datetime=Skewed, timezone=dt.timezone))
    return now


def _team_ids(folder):
    doc = yaml.safe_load((folder / SEASON / "cup" / "teams.yaml").read_text(encoding="utf-8"))
    return [t["id"] for t in doc["teams"]]


def test_16_7_undo_reverts_the_last_write_whatever_the_clocks(empty_season, tmp_path, clock):
    """TD A's clock is an hour ahead; TD B writes after A (through git): B's write is last."""
    clock[0] = dt.datetime(2026, 12, 1, 13, 0, tzinfo=dt.timezone.utc)     # A, fast clock
    assert run_dbf("cup", "enter", _teams(tmp_path / "a.yaml", ["C-003"])).exit_code == 0
    clock[0] = dt.datetime(2026, 12, 1, 12, 5, tzinfo=dt.timezone.utc)     # B, later but slow clock
    assert run_dbf("cup", "enter", _teams(tmp_path / "bb.yaml", ["C-004"])).exit_code == 0
    log = run_dbf("log", "--json").json["entries"]
    assert [e["message"] for e in log] == ["created season 2026-27", "entered 1 cup teams from a.yaml",
                                           "entered 1 cup teams from bb.yaml"]
    assert log[-1]["at"] < log[-2]["at"]                                     # the clocks disagree
    r = run_dbf("undo", "--json")
    assert r.exit_code == 0 and r.json["undone"]["message"] == "entered 1 cup teams from bb.yaml"
    assert _team_ids(empty_season) == ["C-003"]


def test_16_7_sequence_numbers_in_names_and_entries(empty_season, tmp_path):
    assert run_dbf("cup", "enter", _teams(tmp_path / "a.yaml", ["C-003"])).exit_code == 0
    names = sorted(p.name for p in (empty_season / SEASON / "journal").glob("*.yaml"))
    assert [n.split("-")[0] for n in names] == ["000001", "000002"]
    entry = yaml.safe_load((empty_season / SEASON / "journal" / names[1]).read_text(encoding="utf-8"))
    assert entry["seq"] == 2


def test_16_7_old_journals_without_sequence_stay_readable_and_first(empty_season, tmp_path, clock):
    journal = empty_season / SEASON / "journal"
    (only,) = journal.glob("*.yaml")                     # `dbf init`, as an old dbf named it
    entry = yaml.safe_load(only.read_text(encoding="utf-8"))
    entry.pop("seq")
    old_name = "20991231T235959.000000Z-4242.yaml"      # a clock far ahead: still first
    (journal / old_name).write_text(yaml.safe_dump(entry), encoding="utf-8")
    only.unlink()
    assert run_dbf("cup", "enter", _teams(tmp_path / "a.yaml", ["C-003"])).exit_code == 0
    log = run_dbf("log", "--json").json["entries"]
    assert [e["file"].rpartition("/")[2] for e in log][0] == old_name and len(log) == 2
    assert run_dbf("undo", "--json").json["undone"]["message"] == "entered 1 cup teams from a.yaml"


# --------------------------------------------------------------------------- leftovers
def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def test_16_8_stray_temp_files_are_removed_by_the_next_write_and_never_committed(empty_season, tmp_path):
    if subprocess.run(["git", "--version"], capture_output=True).returncode:
        pytest.skip("git is not installed")
    (empty_season / "dbf.toml").write_text('current = "2026-27"\ngit = true\n', encoding="utf-8")
    season = empty_season / SEASON
    (season / "cup").mkdir(exist_ok=True)
    dead = _dead_pid()
    live = subprocess.Popen(["sleep", "60"])
    try:
        stale = [season / f".pending.yaml.{dead}.tmp", season / "cup" / f".teams.yaml.{dead}.tmp",
                 season / "journal" / f".x.yaml.{dead}.tmp"]
        old_live = season / "cup" / f".old.yaml.{live.pid}.tmp"
        for p in stale + [old_live]:
            p.write_text("half a file", encoding="utf-8")
        past = time.time() - 3600
        os.utime(old_live, (past, past))                   # older than the lock holder: a leftover
        r = run_dbf("cup", "enter", _teams(tmp_path / "a.yaml", ["C-003"]))
        assert r.exit_code == 0, r.stderr
        for p in stale + [old_live]:
            assert not p.exists(), p
        tracked = subprocess.run(["git", "-C", str(empty_season), "ls-files"], capture_output=True, text=True,
                                 check=True).stdout.split()
        assert tracked and not [f for f in tracked if f.endswith(".tmp") or f.endswith(".pending.yaml")], tracked
        assert f"{SEASON}/cup/teams.yaml" in tracked
    finally:
        live.kill()
        live.wait()


def test_16_8_a_live_writers_fresh_temp_file_is_kept(tmp_path):
    from dbfcli.store.atomic import sweep_stale_temps

    live = subprocess.Popen(["sleep", "60"])
    try:
        (tmp_path / "cup").mkdir()
        fresh = tmp_path / "cup" / f".a.yaml.{live.pid}.tmp"
        fresh.write_text("x", encoding="utf-8")
        dead = tmp_path / "cup" / f".b.yaml.{_dead_pid()}.tmp"
        dead.write_text("x", encoding="utf-8")
        mine = tmp_path / f".c.yaml.{os.getpid()}.tmp"
        mine.write_text("x", encoding="utf-8")
        other = tmp_path / "cup" / "notes.tmp"          # not a dbf temp file
        other.write_text("x", encoding="utf-8")
        assert sweep_stale_temps(tmp_path, since=time.time() - 60) == [f"cup/{dead.name}"]
        assert fresh.exists() and mine.exists() and other.exists()
        assert sweep_stale_temps(tmp_path, since=time.time() + 60) == [f"cup/{fresh.name}"]
    finally:
        live.kill()
        live.wait()
