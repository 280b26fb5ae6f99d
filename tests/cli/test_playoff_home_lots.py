"""The play-off's home lots and totals (issue 25.10, 25.11, 25.13, 25.14): §1.1.2.9 / §1.1.4.2 a
home lot is asked for only once the match's teams are fixed, the choice hints only the lots of
the pairing it makes, a result waits for its home lot, and the totals in --json are exact."""

from __future__ import annotations

from fractions import Fraction

import pytest
import yaml

from dbftest import run_dbf, snapshot
from divkit import HALVES, write_results

SEASON = "2026-27"
LOT = ("--by", "TD", "--witness", "W")


def _draw_1_v_4(folder):
    """ODE-A (no. 1) and ROS-A (no. 4) drew their round-robin match: their semi-final's home is
    by lot (§1.1.2.9)."""
    for f in (folder / SEASON / "divisions" / "matches").glob("1div-*.yaml"):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        if {doc["home"], doc["away"]} == {"ODE-A", "ROS-A"}:
            doc["imps"] = [40, 40]
            f.write_text(yaml.safe_dump(doc), encoding="utf-8")


@pytest.fixture
def drawn_1_v_4(example):
    write_results(example)
    _draw_1_v_4(example)
    return example


def _home_lot_warnings(doc) -> list[dict]:
    return [w for w in doc["warnings"] if w["rule"] in ("1.1.2.9", "1.1.4.2")]


def test_1_1_2_9_check_asks_for_no_home_lot_mid_season(example):
    """Issue 25.11: mid-season no pairing is known: `dbf check` and `dbf lot list` ask for no home lot."""
    write_results(example, skip=3)
    _draw_1_v_4(example)
    r = run_dbf("check", "--json")         # (the 3rd division is complete: its runners-up match's lot is due)
    assert r.exit_code == 0 and [w["rule"] for w in _home_lot_warnings(r.json)] == ["1.1.4.2"], r.json["warnings"]
    assert not [p for p in run_dbf("lot", "list", "--json").json["pending"] if p["key"].startswith("1div-")]


def test_1_1_4_2_check_asks_for_no_home_lot_before_any_result(example):
    """Issue 25.11: a season with no result yet (as a freshly rolled one): no play-off lot is pending."""
    r = run_dbf("check", "--json")
    assert r.exit_code == 0 and _home_lot_warnings(r.json) == [], r.json["warnings"]
    assert run_dbf("lot", "list", "--json").json["pending"] == []
    before = snapshot(example)
    r = run_dbf("lot", "draw", "3div-PO", *LOT, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.4.2"]
    assert snapshot(example) == before


def test_1_1_2_8_home_lot_of_a_provisional_pairing_is_not_due(drawn_1_v_4):
    """Issue 25.11: before no. 1 chooses (deadline not passed), the 1 v 4 semi-final may never be
    played: its lot is not pending; once the deadline passes (default 1 v 4) it is."""
    doc = run_dbf("playoff", "1div", "--today", "2027-02-25", "--json").json
    assert doc["pairing"]["status"] == "provisional" and not doc["matches"][0]["lot_pending"]
    doc = run_dbf("playoff", "1div", "--today", "2027-03-02", "--json").json
    assert doc["pairing"]["status"] == "default" and doc["matches"][0]["lot_pending"]


def test_1_1_2_9_choose_hints_only_the_lots_of_the_pairing_it_makes(drawn_1_v_4):
    """Issue 25.10: no. 1 choosing no. 4 needs the SF1 lot (hinted); choosing no. 2 afterwards,
    the 1 v 4 semi-final no longer plays, and no hint for its lot is given."""
    r = run_dbf("playoff", "1div", "choose", "ROS-A", "--today", "2027-02-25", "--json")
    assert r.exit_code == 0 and [(w["rule"], w["hint"].split(" --by")[0]) for w in r.json["warnings"]] == \
        [("1.1.2.9", "dbf lot draw 1div-SF1 --teams ODE-A,ROS-A")]
    r = run_dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-26", "--json")
    assert r.exit_code == 0 and r.json["warnings"] == []
    r = run_dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-26")
    assert r.exit_code == 0 and "dbf lot draw 1div-SF1" not in r.stderr
    assert run_dbf("lot", "list", "--json").json["pending"] == [
        {"key": "3div-PO", "rule": "1.1.4.2", "teams": ["RAN-A", "VAL-A"], "what": "home in section 1 of 3div-PO"}]


def test_1_1_2_9_result_refused_while_its_home_lot_is_pending(drawn_1_v_4):
    """Issue 25.13: a play-off result is recorded only after its home lot (§1.1.2.9; §1.1.4.2 for
    the runners-up match): refused with exit 1 and the lot's command, nothing written."""
    assert run_dbf("playoff", "1div", "choose", "ROS-A", "--today", "2027-02-25").exit_code == 0
    before = snapshot(drawn_1_v_4)
    r = run_dbf("playoff", "1div", "result", "1div-SF1", *HALVES, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.2.9"], r.json
    assert "dbf lot draw 1div-SF1" in r.json["errors"][0]["hint"]
    r = run_dbf("playoff", "3div", "result", "3div-PO", *HALVES, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.4.2"]
    assert snapshot(drawn_1_v_4) == before
    assert run_dbf("lot", "draw", "1div-SF1", *LOT).exit_code == 0
    assert run_dbf("playoff", "1div", "result", "1div-SF1", *HALVES).exit_code == 0


def test_1_1_2_9_check_flags_a_result_recorded_without_its_home_lot(drawn_1_v_4):
    """Issue 25.13: the play-off invariant: a recorded result whose home lot is not drawn is an error."""
    assert run_dbf("playoff", "1div", "choose", "ROS-A", "--today", "2027-02-25").exit_code == 0
    assert run_dbf("lot", "draw", "1div-SF1", *LOT).exit_code == 0
    assert run_dbf("playoff", "1div", "result", "1div-SF1", *HALVES).exit_code == 0
    (drawn_1_v_4 / SEASON / "divisions" / "lots.yaml").write_text("schema: 1\nlots: []\n", encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1 and "1.1.2.9" in {e["rule"] for e in r.json["errors"]}, r.json["errors"]


def test_1_1_2_10_playoff_totals_are_exact_in_json(example):
    """Issue 25.14: the totals incl. carry-over are exact fractions, as the carry-over is; the
    1-decimal display stands beside them (totals_shown)."""
    write_results(example)
    assert run_dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-25").exit_code == 0
    assert run_dbf("playoff", "1div", "result", "1div-SF1", *HALVES).exit_code == 0
    (m, _) = run_dbf("playoff", "1div", "--json").json["matches"]
    raw = (85, 81)
    want = {t: Fraction(r) + Fraction(m["carry_over"][t]) for t, r in zip(m["teams"], raw)}
    assert any(v.denominator > 1 for v in want.values())
    assert m["totals"] == {t: str(v) for t, v in want.items()}
    assert m["totals_shown"] == {t: f"{float(v):.1f}" for t, v in want.items()}


def test_1_1_2_8_deadlines_and_playoff_give_one_choice_deadline(example):
    """The issue 25 pass: the §1.1.2.8 choice deadline is decided once: `dbf deadlines` takes the
    round-robin result's day the play-off file records (as `dbf playoff` does), and a recorded
    choice is done."""
    write_results(example)
    (example / SEASON / "divisions" / "playoff.yaml").write_text("schema: 1\nresults_known_on: 2027-02-24\n",
                                                                 encoding="utf-8")

    def due():
        doc = run_dbf("deadlines", "--json", "--all", "--today", "2027-02-25").json
        return [(d["due"], d["done"]) for d in doc["deadlines"] if d["rule"] == "1.1.2.8"]

    deadline = run_dbf("playoff", "1div", "--today", "2027-02-25", "--json").json["pairing"]["deadline"]
    assert deadline == "2027-03-04" and due() == [(deadline, False)]
    assert run_dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-25").exit_code == 0
    assert due() == [(deadline, True)]
