"""`dbf travel claim` records the claim (§1.5.17, §7.2, §1.5.4 overnight allowance) in
cup/travel/<MATCH>-<TEAM>.yaml, journaled, and `dbf fees` shows it as a refund."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw

# the example's DSB fares: 11 zones 132 kr, 20 zones 228 kr
BEYOND_11 = 228 - 132


def _claim_file(example, match, team):
    return example / SEASON / "cup" / "travel" / f"{match}-{team}.yaml"


def test_1_5_17_claim_recorded_and_journaled(example):
    """§1.5.17/§7.2.1: fares beyond 11 zones, recorded in one file, with a journal entry."""
    write_draw(example, 5, [("KBH-1", "AAL-1")])
    r = run_dbf("travel", "claim", "C5-001", "--team", "AAL-1", "--zones", "20", "--persons", "5", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["total"] == 5 * 2 * BEYOND_11 and r.json["recorded"] and r.json["persons_from"] == "option"
    rec = yaml.safe_load(_claim_file(example, "C5-001", "AAL-1").read_text())
    assert rec["schema"] == 1 and rec["total_kr"] == 5 * 2 * BEYOND_11 and rec["round"] == 5
    journal = list((example / SEASON / "journal").glob("*.yaml"))
    assert any("travel claim C5-001" in j.read_text() for j in journal)


def test_1_5_17_dry_run_writes_nothing(example):
    write_draw(example, 5, [("KBH-1", "AAL-1")])
    before = snapshot(example)
    r = run_dbf("travel", "claim", "C5-001", "--team", "AAL-1", "--zones", "20", "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["dry_run"] and not r.json["recorded"] and r.json["changes"]
    assert snapshot(example) == before


def test_1_5_4_overnight_in_quarter_final_and_fees_show_refund(example):
    """§1.5.4: 160 kr per person for the quarter-final; `dbf fees` lists the refund and the net."""
    write_draw(example, 7, [("KBH-1", "AAL-1")])
    r = run_dbf("travel", "claim", "C7-001", "--team", "AAL-1", "--zones", "20", "--persons", "4", "--json")
    assert r.exit_code == 0, r.stderr
    total = 4 * 2 * BEYOND_11 + 4 * 160
    assert r.json["overnight"] == 640 and r.json["total"] == total
    fees = run_dbf("fees", "AAL-1", "--json").json
    led = fees["teams"]["AAL-1"]
    assert led["refunds_kr"] == total and led["net_kr"] == led["balance_kr"] - total
    assert [x for x in led["rows"] if x["kind"] == "refund"] == [
        {"round": 7, "kind": "refund", "players": 4, "amount_kr": total, "note": led["rows"][-1]["note"]}]
    assert "C7-001" in led["rows"][-1]["note"] and fees["refunds"][0]["match"] == "C7-001"
    assert fees["totals"]["refunds_kr"] == total
    human = run_dbf("fees", "AAL-1")
    assert "refund" in human.stdout and str(total) in human.stdout


def test_1_5_17_persons_default_from_recorded_sheet(example, tmp_path):
    """Persons default to the team's players on the recorded sheet (KBH-2 has 5 players)."""
    teams = cup_teams(example)   # KBH-10 (2200) travels to KBH-1 (2100); KBH-2 lives at 2100 (0 km)
    write_draw(example, 1, [("KBH-1", "KBH-10")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-10"], 1, up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    r = run_dbf("travel", "claim", "C1-001", "--team", "KBH-10", "--zones", "20", "--json")
    assert r.exit_code == 0, r.stdout
    assert (r.json["persons"], r.json["persons_from"]) == (len(teams["KBH-10"]["players"]), "sheet")
    home = run_dbf("travel", "claim", "C1-001", "--team", "KBH-1", "--zones", "20", "--json")
    assert home.exit_code == 1 and [w["rule"] for w in home.json["errors"]] == ["1.5.17"]


def test_1_5_17_claim_by_the_home_team_refused_unless_played_elsewhere(example, tmp_path):
    """§1.5.17 with §1.5.8 (issue 14): the home team did not travel: its claim is refused (exit 1,
    nothing written); with an agreed venue elsewhere it travelled, and the claim is recorded."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-2")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-2"], 1, up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    before = snapshot(example)
    r = run_dbf("travel", "claim", "C1-001", "--team", "KBH-1", "--zones", "20", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.17"]
    assert "--venue" in r.json["errors"][0]["hint"] and snapshot(example) == before
    assert run_dbf("schedule", "cup", "set", "C1-001", "--venue", "4000").exit_code == 0
    r = run_dbf("travel", "claim", "C1-001", "--team", "KBH-1", "--zones", "20", "--json")
    assert r.exit_code == 0 and r.json["warnings"] == [], r.stdout


def test_1_5_17_persons_default_without_sheet_is_four(example):
    write_draw(example, 3, [("KBH-1", "AAL-1")])
    r = run_dbf("travel", "claim", "C3-001", "--team", "AAL-1", "--zones", "20", "--json")
    assert (r.json["persons"], r.json["persons_from"]) == (4, "default")
    assert [w["rule"] for w in r.json["warnings"]] == ["1.5.14"]      # no sheet recorded yet


def test_7_2_2_bornholm_claim(example):
    """§7.2.2: ferry Rønne-Copenhagen (2nd class, cheapest berth) and DSB on from Copenhagen."""
    write_draw(example, 3, [("KBH-1", "AAL-1")])
    r = run_dbf("travel", "claim", "C3-001", "--team", "AAL-1", "--zones", "5", "--bornholm", "--persons", "4",
                "--json")
    assert r.exit_code == 0 and r.json["total"] == 4 * 2 * (436 + 60)


def test_1_5_17_new_claim_replaces_the_old(example):
    write_draw(example, 5, [("KBH-1", "AAL-1")])
    assert run_dbf("travel", "claim", "C5-001", "--team", "AAL-1", "--zones", "20").exit_code == 0
    assert run_dbf("travel", "claim", "C5-001", "--team", "AAL-1", "--zones", "20", "--persons", "6").exit_code == 0
    led = run_dbf("fees", "AAL-1", "--json").json["teams"]["AAL-1"]
    assert led["refunds_kr"] == 6 * 2 * BEYOND_11


@pytest.mark.parametrize("args", [
    ["C5-009", "--team", "AAL-1"],      # not drawn
    ["C5-001", "--team", "KBH-3"],      # does not play it
    ["C5-001", "--team", "NOPE"],       # no such team
])
def test_1_5_17_unknown_match_or_team_exit_2(example, args):
    write_draw(example, 5, [("KBH-1", "AAL-1")])
    before = snapshot(example)
    assert run_dbf("travel", "claim", *args, "--zones", "20").exit_code == 2
    assert snapshot(example) == before


def test_1_5_11_persons_outside_4_to_6_exit_1(example):
    write_draw(example, 5, [("KBH-1", "AAL-1")])
    before = snapshot(example)
    r = run_dbf("travel", "claim", "C5-001", "--team", "AAL-1", "--zones", "20", "--persons", "9", "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.11"
    assert snapshot(example) == before


def test_1_5_4_1_5_17_semi_final_in_a_semi_finalists_town_no_up_no_overnight(example):
    """§1.5.4/§1.5.17 (docs/readings/zero-km.md, issue 25): the semi-finals at DBF's venue 5000
    Odense, ODE-1's own postcode: ODE-1 travels 0 km, so the schedule gives it 0 UP (not the
    stage's 6 overnight UP) and its travel claim is refused (exit 1, §1.5.17: no journey, no
    overnight allowance), nothing written; AAL-1 travels and gets both."""
    write_draw(example, 8, [("ODE-1", "AAL-1")])
    row = run_dbf("schedule", "cup", "--round", "8", "--json").json["matches"][0]
    assert row["travel"]["ODE-1"]["km"] == 0 and row["travel"]["ODE-1"]["up"] == 0, row["travel"]
    assert row["travel"]["AAL-1"]["up"] > 6
    before = snapshot(example)
    r = run_dbf("travel", "claim", "C8-001", "--team", "ODE-1", "--zones", "1", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.17"], r.stdout
    assert snapshot(example) == before
    ok = run_dbf("travel", "claim", "C8-001", "--team", "AAL-1", "--zones", "20", "--persons", "4", "--json")
    assert ok.exit_code == 0 and ok.json["overnight"] == 640, ok.stdout
