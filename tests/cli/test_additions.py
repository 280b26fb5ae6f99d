"""`dbf cup add-player`: a team of 4-5 adds players up to 6, told to the TD before the match
(§1.5.11); nobody on two cup teams (§1.5.12a); round fees from the round he enters (§1.5.11)."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw

NEW = 100240


def add(team, round_no, pid=NEW, *extra):
    return run_dbf("cup", "add-player", team, "--round", str(round_no), "--id", str(pid), "--name", "Eva Berg",
                   "--club", "4100", *extra, "--json")


def test_1_5_11_add_player_writes_additions_file(example):
    """§1.5.11: KBH-1 (4 players) adds one from round 2; the file is in the documented format."""
    r = add("KBH-1", 2, NEW, "--announced-on", "2027-01-02")
    assert r.exit_code == 0, r.stdout + r.stderr
    doc = yaml.safe_load((example / SEASON / "cup" / "additions.yaml").read_text())
    assert doc == {"schema": 1, "additions": [{"team": "KBH-1", "round": 2, "announced_on": "2027-01-02",
                                               "player": {"id": NEW, "name": "Eva Berg", "club": 4100}}]}


def test_1_5_11_fees_for_the_new_player_from_his_round(example):
    """§1.5.11: round fee for the added player from round 2 on, not in round 1."""
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    write_draw(example, 2, [("KBH-1", "KBH-5")])
    assert add("KBH-1", 2, NEW, "--announced-on", "2026-12-20").exit_code == 0
    rows = run_dbf("fees", "KBH-1", "--json").json["teams"]["KBH-1"]["rows"]
    fees = {r["round"]: (r["players"], r["amount_kr"]) for r in rows if r["kind"] == "fee"}
    assert fees == {1: (4, 240), 2: (5, 300)}


def test_1_5_11_added_player_may_play_from_his_round(example, tmp_path):
    """§1.5.11: the addition counts as an own player on the sheet of his round."""
    teams = cup_teams(example)
    write_draw(example, 2, [("KBH-1", "KBH-3")])
    assert add("KBH-1", 2, NEW, "--announced-on", "2027-01-02").exit_code == 0
    kbh1 = dict(teams["KBH-1"], players=teams["KBH-1"]["players"] + [{"id": NEW, "name": "Eva Berg"}])
    f = tmp_path / "C2-001.yaml"
    f.write_text(sheet_text("C2-001", kbh1, teams["KBH-3"], 2, played_on="2027-01-10",
                            submitted_at="2027-01-10T22:00"))
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout


def test_1_5_11_team_of_six_refused(example):
    """§1.5.11: FRB-1 has 6 players: no addition (exit 1, nothing written)."""
    before = snapshot(example)
    r = add("FRB-1", 2)
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.11"]
    assert snapshot(example) == before


def test_1_5_11_five_plus_one_then_no_more(example):
    """§1.5.11: KBH-2 (5 players) may add one, then has 6 and may add no more."""
    assert add("KBH-2", 2, NEW, "--announced-on", "2027-01-02").exit_code == 0
    r = add("KBH-2", 3, NEW + 1, "--announced-on", "2027-01-02")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.11" and "6" in r.json["errors"][0]["message"]


def test_1_5_12a_player_of_another_cup_team_refused(example):
    """§1.5.12a: a player on KBH-3's roster, or already added to another team, cannot be added."""
    teams = cup_teams(example)
    other = teams["KBH-3"]["players"][1]["id"]
    r = add("KBH-1", 2, other, "--announced-on", "2027-01-02")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.12a"] and "KBH-3" in r.stdout
    assert add("KBH-2", 2, NEW, "--announced-on", "2027-01-02").exit_code == 0
    r = add("KBH-1", 2, NEW, "--announced-on", "2027-01-02")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.12a" and "KBH-2" in r.json["errors"][0]["message"]


def test_1_5_11_told_after_the_match_refused(example):
    """§1.5.11: the TD must be told before the match (round 1 is played 2026-12-13 in the example)."""
    r = add("KBH-1", 1, NEW, "--announced-on", "2026-12-14")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.11" and "before the match" in r.stdout
    assert add("KBH-1", 1, NEW, "--announced-on", "2026-12-13").exit_code == 0


def test_1_5_11_team_out_of_the_cup_refused(example):
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    folder = example / SEASON / "cup" / "matches"
    folder.mkdir(parents=True)
    (folder / "C1-001.yaml").write_text("schema: 1\nmatch: C1-001\nround: 1\nhome: KBH-1\naway: KBH-3\n"
                                         "winner: KBH-3\nloser: KBH-1\n")
    r = add("KBH-1", 2, NEW, "--announced-on", "2026-12-20")
    assert r.exit_code == 1 and "out of the cup" in r.json["errors"][0]["message"]


@pytest.mark.parametrize("args", [
    ["NOPE", "--round", "2", "--id", "5", "--name", "X"],            # unknown team
    ["KBH-1", "--round", "2", "--id", "637410", "--name", "X"],      # already on KBH-1
    ["KBH-1", "--round", "12", "--id", "5", "--name", "X"],          # no such round
])
def test_add_player_usage_errors_exit_2(example, args):
    before = snapshot(example)
    assert run_dbf("cup", "add-player", *args).exit_code == 2
    assert snapshot(example) == before


def test_1_5_3_division_player_added_early_warns(example):
    """§1.5.3 (warning): a 1st-division player joins a pool team in round 2, before round 4."""
    r = add("KBH-1", 2, NEW, "--division", "1", "--announced-on", "2027-01-02")
    assert r.exit_code == 0 and [w["rule"] for w in r.json["warnings"]] == ["1.5.3"]
    late = add("KBH-12", 4, NEW + 1, "--division", "1", "--announced-on", "2027-01-02")
    assert late.exit_code == 0 and late.json["warnings"] == []


def test_dry_run_writes_nothing(example):
    before = snapshot(example)
    r = add("KBH-1", 2, NEW, "--dry-run", "--announced-on", "2027-01-02")
    assert r.exit_code == 0 and r.json["dry_run"] and snapshot(example) == before
