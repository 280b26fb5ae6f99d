"""`dbf trophy` from the history file AND the finals recorded in the season folders (§1.5.1)."""

from __future__ import annotations

import shutil

import yaml

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text, write_draw


def _history(path, rows):
    path.write_text(yaml.safe_dump({"schema": 1, "finals": [
        {"season": s, "captain": c, "name": f"Captain {c}"} for s, c in rows]}))
    return path


def _record_final(example, tmp_path, winner="KBH-1", loser="KBH-3"):
    """Draw the final and submit its sheet with `dbf result submit` (the winner is the home team)."""
    teams = cup_teams(example)
    write_draw(example, 9, [(winner, loser)])
    f = tmp_path / "C9-001.yaml"
    f.write_text(sheet_text("C9-001", teams[winner], teams[loser], 9, imps=(60, 20), up=6,
                            played_on="2027-05-16", submitted_at="2027-05-16T22:00"))
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return teams[winner]["captain"]


def test_1_5_1_recorded_final_makes_three_in_a_row(example, tmp_path):
    """§1.5.1: two finals in the history + this season's recorded final = 3 in a row: outright."""
    captain = _record_final(example, tmp_path)
    hist = _history(tmp_path / "h.yaml", [("2024-25", captain), ("2025-26", captain)])
    r = run_dbf("trophy", "--history", hist, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["announcement"] == {"trophy": 1, "season": SEASON, "captain": captain,
                                   "name": doc["announcement"]["name"], "how": "3 in a row"}
    assert doc["finals"] == 3 and doc["history"][-1]["source"] == "recorded"
    assert doc["trophy"] == 2 and doc["holder"] is None


def test_1_5_1_recorded_final_alone_holds_the_trophy(example, tmp_path):
    """§1.5.1: with no history file, the recorded final's captain holds trophy no. 1."""
    captain = _record_final(example, tmp_path)
    r = run_dbf("trophy", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["holder"]["captain"] == captain and r.json["finals"] == 1
    human = run_dbf("trophy")
    assert "recorded finals: 2026-27" in human.stdout


def test_1_5_1_history_and_record_of_the_same_season(example, tmp_path):
    """§1.5.1: the same season in the history and recorded: same captain = one final; another captain = error."""
    captain = _record_final(example, tmp_path)
    same = _history(tmp_path / "same.yaml", [("2025-26", 5), (SEASON, captain)])
    r = run_dbf("trophy", "--history", same, "--json")
    assert r.exit_code == 0 and r.json["finals"] == 2
    other = _history(tmp_path / "other.yaml", [(SEASON, 5)])
    r = run_dbf("trophy", "--history", other, "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.1"
    assert str(captain) in r.json["errors"][0]["message"]


def test_1_5_1_finals_of_earlier_season_folders_count(example, tmp_path):
    """§1.5.1: a final recorded in an earlier season folder counts too (5 in all across folders)."""
    captain = _record_final(example, tmp_path)
    old = example / "2025-26"
    (old / "cup" / "matches").mkdir(parents=True)
    shutil.copy(example / SEASON / "season.toml", old / "season.toml")
    shutil.copy(example / SEASON / "cup" / "teams.yaml", old / "cup" / "teams.yaml")
    (old / "cup" / "matches" / "C9-001.yaml").write_text(
        "schema: 1\nmatch: C9-001\nround: 9\nkind: walkover\nhome: KBH-1\naway: KBH-3\n"
        "winner: KBH-1\nloser: KBH-3\n")
    hist = _history(tmp_path / "h.yaml", [("2020-21", captain), ("2022-23", 9), ("2023-24", captain),
                                          ("2024-25", captain)])
    r = run_dbf("trophy", "--history", hist, "--json")
    assert r.exit_code == 0, r.stderr
    # 2023-24, 2024-25, 2025-26 (recorded) make 3 in a row before the 5th final in 2026-27
    assert [o["season"] for o in r.json["outright"]] == ["2025-26"]
    assert r.json["holder"]["captain"] == captain and r.json["holder"]["wins"] == 1
    assert [f["source"] for f in r.json["history"]] == ["history"] * 4 + ["recorded"] * 2


def test_1_5_1_undecided_final_is_not_counted(example, tmp_path):
    """§1.5.1: a drawn final without a result is no final yet."""
    write_draw(example, 9, [("KBH-1", "KBH-3")])
    r = run_dbf("trophy", "--json")
    assert r.exit_code == 0 and r.json["finals"] == 0 and r.json["holder"] is None
