"""`dbf cup enter` with one team id twice in the file: every team of the file is either
entered or the file is refused -- never a team silently dropped (and a wrong count)."""

from __future__ import annotations

from dbftest import run_dbf, snapshot, team_yaml


def test_cup_enter_same_id_twice_in_the_file_is_refused(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text("teams:\n" + team_yaml("ODE-1", "First", 10001)
                 + team_yaml("ODE-2", "Other", 10002)
                 + team_yaml("ODE-1", "Second", 10003), encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2   # no § is broken: a malformed file (docs/interface.md exit codes)
    errors = r.json["errors"]
    assert any("ODE-1" in e["message"] and "twice" in e["message"] and e["line"] == 22 for e in errors), errors
    assert snapshot(empty_season) == before
    human = run_dbf("cup", "enter", f)
    assert "teams.yaml:22" in human.stderr and "first at" in human.stderr and "teams.yaml:2" in human.stderr
