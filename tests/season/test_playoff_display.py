"""`dbf playoff` tables (issue 15.9): §1.1.2.10 the IMPs shown with the carry-over, exact in JSON;
§1.1.4.2 the runners-up match without the meaningless section/carry-over columns."""

from __future__ import annotations

from dbftest import run_dbf
from divkit import HALVES
from divseasonkit import record_all


def test_1_1_2_10_imps_column_with_carry_over(example):
    record_all(example)
    assert run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    assert run_dbf("playoff", "1div", "result", "1div-SF1", *HALVES).exit_code == 0
    doc = run_dbf("playoff", "1div", "--json").json
    sf1 = doc["matches"][0]
    a, b = sf1["teams"]
    assert sf1["carry_over"][a] == "3"            # ODE-A beat AAL-A by 6 and finished higher: 50 %, exact
    out = run_dbf("playoff", "1div").stdout
    assert "IMPs incl. carry-over" in out and "88.0-81.0" in out       # 85-81 plus 3 carried


def test_1_1_4_2_runners_up_table_has_no_section_or_carry_over_columns(example):
    record_all(example)
    out = run_dbf("playoff", "3div").stdout
    assert "carry-over" not in out and "section" not in out


def test_1_1_2_6_semi_final_re_recorded_with_another_winner_after_the_final(example):
    from dbftest import snapshot

    record_all(example)
    assert run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    for m in ("1div-SF1", "1div-SF2", "1div-F"):
        assert run_dbf("playoff", "1div", "result", m, *HALVES).exit_code == 0
    before = snapshot(example)
    flipped = ["--half", "20-30", "--half", "12-10", "--half", "40-40", "--half", "9-5"]
    r = run_dbf("playoff", "1div", "result", "1div-SF1", *flipped)
    assert r.exit_code == 1 and "§1.1.2.6" in r.stderr and snapshot(example) == before
    # the same winner again (a corrected score) is fine
    assert run_dbf("playoff", "1div", "result", "1div-SF1", "--half", "31-20", *HALVES[2:]).exit_code == 0
    assert run_dbf("check").exit_code == 0


def test_1_1_2_8_choice_refused_before_no_1_is_known(example):
    from dbftest import snapshot

    record_all(example, skip=("1div-R11-01",))
    before = snapshot(example)
    r = run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25")
    assert r.exit_code == 1 and "§1.1.2.8" in r.stderr and snapshot(example) == before


def test_1_1_2_8_choice_refused_while_a_top_4_lot_is_pending(example):
    record_all(example, level=(("ODE-A", "GEN-A"),))                  # nos. 1 and 2 level on everything
    r = run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25")
    assert r.exit_code == 1 and "§1.1.2.8" in r.stderr
    assert run_dbf("lot", "draw", "1div", "--by", "TD", "--witness", "W").exit_code == 0
    assert run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
