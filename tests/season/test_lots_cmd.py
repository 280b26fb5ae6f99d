"""Lots of the divisions (issue 15.1, 15.12): §1.1.3.2 a tie only a lot can break, recorded with
`dbf lot draw|record`, used by standings and rollover; a pending lot refuses the rollover and is
reported by `dbf check`; dbf's own draw uses the operating system's randomness and records its seed."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from divkit import qualifiers_file
from divseasonkit import record_all

LEVEL = (("ESB-A", "FYN-A"),)          # 2div nos. 2 and 3 level on everything


@pytest.fixture
def tied(example):
    record_all(example, level=LEVEL)
    return example


def _rows(div="2div"):
    r = run_dbf("standings", div, "--json")
    assert r.exit_code == 0, r.stderr
    return {row["team"]: row for row in r.json["rows"]}


def _lots(folder):
    return yaml.safe_load((folder / "2026-27" / "divisions" / "lots.yaml").read_text(encoding="utf-8"))["lots"]


def test_1_1_3_2_tie_shares_the_rank_until_the_lot_is_drawn(tied):
    rows = _rows()
    assert rows["ESB-A"]["rank"] == rows["FYN-A"]["rank"] == 2 and rows["ESB-A"]["lots"]
    r = run_dbf("lot", "list", "--json")
    assert r.exit_code == 0 and [(p["key"], p["rule"], sorted(p["teams"])) for p in r.json["pending"]] == \
        [("2div", "1.1.3.2", ["ESB-A", "FYN-A"]), ("3div-PO", "1.1.4.2", ["RAN-A", "VAL-A"])]


def test_1_1_3_2_check_reports_the_pending_lot(tied):
    r = run_dbf("check", "--json")
    assert r.exit_code == 0
    found = [w for w in r.json["warnings"] if w["rule"] == "1.1.3.2" and "lot pending" in w["message"]]
    assert found, r.json


def test_1_1_3_2_rollover_refused_while_a_lot_decides_it(tied, tmp_path):
    before = snapshot(tied)
    r = run_dbf("season", "rollover", "--to", "2027-28", "--qualifiers", qualifiers_file(tmp_path / "q.yaml"),
                "--dry-run", "--json")
    assert r.exit_code == 1
    assert any(e["rule"] == "1.1.3.2" for e in r.json["errors"]), r.json["errors"]
    assert snapshot(tied) == before


def test_1_1_3_2_recorded_lot_orders_standings_and_rollover(tied, tmp_path):
    r = run_dbf("lot", "record", "2div", "--order", "fyn-a,ESB-A", "--by", "Jens Hansen", "--witness", "Anne Holm",
                "--at", "2027-03-01T19:30", "--json")
    assert r.exit_code == 0, r.stderr
    (lot,) = _lots(tied)
    assert lot["order"] == ["FYN-A", "ESB-A"] and lot["drawn_by"] == "Jens Hansen" and "seed" not in lot
    rows = _rows()
    assert (rows["FYN-A"]["rank"], rows["ESB-A"]["rank"]) == (2, 3) and rows["ESB-A"]["tie_break"] == "lots"
    assert "promoted" in rows["FYN-A"]["marks"] and "promoted" not in rows["ESB-A"]["marks"]
    halves = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0   # §1.1.4.2 home first
    assert run_dbf("playoff", "3div", "result", "3div-PO", *halves).exit_code == 0
    r = run_dbf("season", "rollover", "--to", "2027-28", "--qualifiers", qualifiers_file(tmp_path / "q.yaml"),
                "--dry-run", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "FYN-A" in r.json["new_divisions"]["1div"] and "ESB-A" in r.json["new_divisions"]["2div"]
    assert run_dbf("check").exit_code == 0


def test_1_1_3_2_dbf_draws_from_os_randomness_and_records_the_seed(tied, monkeypatch):
    import secrets

    from dbfcli.rules.lots import draw_order

    monkeypatch.setattr(secrets, "randbits", lambda k: 987654321)
    r = run_dbf("lot", "draw", "2div", "--by", "TD", "--witness", "W", "--json")
    assert r.exit_code == 0, r.stderr
    (lot,) = _lots(tied)
    assert lot["seed"] == 987654321 and tuple(lot["order"]) == draw_order(["ESB-A", "FYN-A"], 987654321)
    # a lot is drawn once
    r = run_dbf("lot", "draw", "2div", "--by", "TD", "--witness", "W")
    assert r.exit_code == 1 and "§1.1.3.2" in r.stderr


def test_1_1_3_2_lot_among_teams_not_tied_is_refused(tied):
    before = snapshot(tied)
    r = run_dbf("lot", "record", "2div", "--order", "HEL-A,ESB-A", "--by", "TD", "--witness", "W")
    assert r.exit_code == 1 and "§1.1.3.2" in r.stderr
    r = run_dbf("lot", "record", "2div", "--order", "ESB-A,FYN-AA", "--by", "TD", "--witness", "W")
    assert r.exit_code == 2 and "FYN-A" in r.stderr               # did you mean
    r = run_dbf("lot", "record", "2div", "--order", "FYN-A,ESB-A", "--by", "TD")
    assert r.exit_code == 2                                       # no witness
    assert snapshot(tied) == before


def test_1_1_3_2_check_flags_a_lot_that_no_longer_breaks_a_tie(tied):
    assert run_dbf("lot", "record", "2div", "--order", "FYN-A,ESB-A", "--by", "TD", "--witness", "W").exit_code == 0
    folder = tied / "2026-27" / "divisions" / "matches"
    for f in folder.glob("2div-*.yaml"):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        if {doc["home"], doc["away"]} == {"ESB-A", "FYN-A"}:
            doc["imps"] = [60, 40] if doc["home"] == "ESB-A" else [40, 60]
            f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1 and any(e["rule"] == "1.1.3.2" and "not tied" in e["message"] for e in r.json["errors"])


def test_1_5_16_deadlines_list_no_cup_draw_without_cup_teams(example):
    (example / "2026-27" / "cup" / "teams.yaml").write_text("schema: 1\nteams: []\n", encoding="utf-8")
    r = run_dbf("deadlines", "--json", "--all", "--today", "2027-03-01")
    assert r.exit_code == 0, r.stderr
    assert not [d for d in r.json.get("deadlines", r.json.get("items", [])) if "draw of cup" in str(d)], r.json


# --- issue 25.8: each lot cites its own paragraph -------------------------------------------


@pytest.fixture
def tied_1div(example):
    record_all(example, level=(("AAL-A", "ROS-A"),))      # 1div nos. 3-4 level on everything
    return example


def test_1_1_2_5_no_lot_in_1div_cites_the_first_divisions_paragraph(tied_1div):
    """Issue 25.8: a 1st-division lot asked among teams that are not tied cites the 1st
    division's §1.1.2.5 (the places its table decides), not the 2nd division's §1.1.3.2."""
    before = snapshot(tied_1div)
    r = run_dbf("lot", "record", "1div", "--order", "AAL-A,ODE-A", "--by", "TD", "--witness", "W", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.2.5"], r.json
    r = run_dbf("lot", "draw", "1div", "--by", "TD", "--witness", "W", "--json")
    assert r.exit_code == 0 and r.json["lot"]["rule"] == "1.1.2.8"        # the top-4 order (§1.1.2.8)
    assert snapshot(tied_1div) != before


@pytest.mark.parametrize("key", ["1div", "2div"])
def test_1_1_3_2_a_lot_without_a_witness_cites_no_paragraph(tied, key):
    """Issue 25.8: no paragraph of §1.1 names witnesses; dbf asks for one on its own account
    (usage.missing, no §), and the message does not cite §1.1.3.2."""
    r = run_dbf("lot", "draw", key, "--by", "TD", "--json")
    assert r.exit_code == 2
    (e,) = r.json["errors"]
    assert (e["rule"], e["code"]) == (None, "usage.missing") and "§1.1.3.2" not in e["message"]


def test_1_1_3_2_lot_remove_refused_once_next_season_is_built_with_it(tied, tmp_path):
    """Issue 25.16: the rollover built 2027-28 with the 2div lot (FYN-A went up): the lot stands
    (exit 1, its §) until the rollover is undone; then it can be removed."""
    assert run_dbf("lot", "record", "2div", "--order", "FYN-A,ESB-A", "--by", "TD", "--witness", "W").exit_code == 0
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0
    halves = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]
    assert run_dbf("playoff", "3div", "result", "3div-PO", *halves).exit_code == 0
    q = qualifiers_file(tmp_path / "q.yaml")
    assert run_dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q).exit_code == 0
    r = run_dbf("--season", "2026-27", "lot", "remove", "2div", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.3.2"], r.json
    assert run_dbf("undo").exit_code == 0
    assert run_dbf("lot", "remove", "2div").exit_code == 0
