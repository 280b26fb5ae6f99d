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
