"""`dbf check` finds hand edits that break the recorded results (issue 8, §1.5.10, §1.5.16)."""

import yaml

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text


def _record_one(example, tmp_path):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "3").exit_code == 0
    m = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(example)
    sheet = tmp_path / "s.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]), encoding="utf-8")
    r = run_dbf("result", "submit", sheet)
    assert r.exit_code == 0, r.stdout + r.stderr
    return example / SEASON / "cup" / "matches" / f"{m['id']}.yaml", m


def test_consistent_season_checks_clean(example, tmp_path):
    _record_one(example, tmp_path)
    r = run_dbf("check")
    assert r.exit_code == 0, r.stderr


def test_result_for_a_match_not_in_the_draw(example, tmp_path):
    path, m = _record_one(example, tmp_path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["match"] = "C1-999"
    path.rename(path.with_name("C1-999.yaml"))
    path.with_name("C1-999.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1
    errs = [e for e in r.json["errors"] if e["rule"] == "1.5.16"]
    # a hand edit: `dbf undo` would refuse, so the hint names git and amend, not undo (issue 14)
    assert errs and "not in the draw" in errs[0]["message"] and "dbf undo" not in errs[0]["hint"]
    assert "git" in errs[0]["hint"]


def test_winner_not_a_team_of_the_match(example, tmp_path):
    path, m = _record_one(example, tmp_path)
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["winner"] = "NOBODY-1"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1 and any(e["rule"] == "1.5.10" for e in r.json["errors"])
