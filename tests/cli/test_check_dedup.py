"""`dbf check` lists every problem once: a missing season.toml was reported by each checker
that reads the settings ("2 errors" for one missing file)."""

from __future__ import annotations

from dbftest import run_dbf


def test_missing_season_toml_is_reported_once(example):
    (example / "2026-27" / "season.toml").unlink()
    r = run_dbf("check", "--json")
    assert r.exit_code in (1, 2)
    missing = [e for e in r.json["errors"] if "missing season.toml" in e["message"]]
    assert len(missing) == 1, r.json["errors"]
    human = run_dbf("check")
    assert human.stderr.count("missing season.toml") == 1, human.stderr
