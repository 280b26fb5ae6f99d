"""A season folder dbf cannot write in (read-only disk, permissions; simulated here -- the tests
may run as root -- by a directory where the lock file goes): exit 2 naming the folder, not
"internal error: OSError", and no file changed."""

from __future__ import annotations

from dbftest import run_dbf, snapshot


def test_season_lock_cannot_be_created_is_exit_2(example):
    season = example / "2026-27"
    (season / ".dbf.lock").mkdir()
    before = snapshot(example)
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "1")
    assert r.exit_code == 2, r.stderr
    assert "internal error" not in r.stderr and str(season) in r.stderr and "hint:" in r.stderr
    j = run_dbf("draw", "cup", "--round", "1", "--seed", "1", "--json")
    assert j.exit_code == 2 and j.json["ok"] is False and "internal error" not in j.json["errors"][0]["message"]
    assert snapshot(example) == before


def test_new_season_folder_cannot_be_created_is_exit_2(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("DBF_DIR", str(blocker / "tournaments"))
    r = run_dbf("init", "--season", "2026-27")
    assert r.exit_code == 2, r.stderr
    assert "internal error" not in r.stderr
