"""`dbf playoff`: §1.1.2.4-11 (1st-division play-off) and §1.1.4.2 (3rd-division runners-up match)."""

import pytest

from dbftest import snapshot
from divkit import write_results  # noqa: F401



HALVES = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]     # 85-81
LOSE = ["--half", "20-30", "--half", "10-12", "--half", "40-40", "--half", "5-9"]      # 75-91


@pytest.fixture
def played(example):
    write_results(example)
    return example


def test_1_1_2_5_playoff_json_shape_and_carry_over(dbf, played):
    r = dbf("playoff", "1div", "--json", "--today", "2027-02-22")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["division"] == "1div" and [m["id"] for m in doc["matches"]] == ["1div-SF1", "1div-SF2"]
    sf1, sf2 = doc["matches"]
    assert set(sf1) >= {"id", "stage", "teams", "carry_over", "home_section_1"}
    # §1.1.2.8 provisional: no. 1 v no. 4; §1.1.2.10: no. 1 beat no. 4 by 9 and finished higher -> 4.5
    assert sf1["teams"] == ["ODE-A", "ROS-A"] and sf1["carry_over"] == {"ODE-A": "9/2", "ROS-A": "0"}
    assert sf1["home_section_1"] == "ODE-A" and sf1["home_section_2"] == "ROS-A"          # §1.1.2.9
    assert sf2["teams"] == ["GEN-A", "AAL-A"] and sf2["carry_over"]["GEN-A"] == "3/2"
    assert doc["pairing"]["status"] == "provisional" and doc["pairing"]["deadline"] == "2027-03-01"


def test_1_1_2_8_choice_after_deadline_refused(dbf, played):
    before = snapshot(played)
    r = dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-03-02")
    assert r.exit_code == 1 and "§1.1.2.8" in r.stderr
    assert snapshot(played) == before
    r = dbf("playoff", "1div", "--json", "--today", "2027-03-02")
    assert r.json["pairing"]["status"] == "default" and r.json["matches"][0]["teams"] == ["ODE-A", "ROS-A"]


def test_1_1_2_8_choice_then_results_then_final(dbf, played):
    r = dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["semi_finals"] == [["ODE-A", "AAL-A"], ["GEN-A", "ROS-A"]]
    r = dbf("playoff", "1div", "result", "1div-SF1", *HALVES[:6])
    assert r.exit_code == 1 and "§1.1.2.7" in r.stderr                                      # 3 halves
    assert dbf("playoff", "1div", "result", "1div-F", *HALVES).exit_code == 2               # no final yet
    assert dbf("playoff", "1div", "result", "1div-SF1", *HALVES).exit_code == 0
    r = dbf("playoff", "1div", "result", "1div-SF2", *LOSE, "--json")
    assert r.exit_code == 0 and r.json["winner"] == "ROS-A"
    doc = dbf("playoff", "1div", "--json").json
    final = doc["matches"][2]
    assert final["id"] == "1div-F" and final["stage"] == "final" and final["teams"] == ["ODE-A", "ROS-A"]
    assert dbf("playoff", "1div", "choose", "GEN-A", "--today", "2027-02-26").exit_code == 1   # semis recorded
    assert dbf("playoff", "1div", "result", "1div-F", *LOSE).exit_code == 0
    assert dbf("playoff", "1div", "--json").json["champion"] == "ROS-A"                     # §1.1.2.4


def test_1_1_2_8_no_result_before_the_semis_are_fixed(dbf, played):
    r = dbf("playoff", "1div", "result", "1div-SF1", *HALVES, "--today", "2027-02-22")
    assert r.exit_code == 1 and "§1.1.2.8" in r.stderr


def test_1_1_2_11_tie_needs_extra_rounds(dbf, played):
    dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25")
    # ODE-A carries 3 (beat AAL-A by 6, finished higher: 50 %); 53-53 incl. carry-over: AAL-A won the match itself
    level = ["--half", "20-23", "--half", "10-10", "--half", "10-10", "--half", "10-10"]
    r = dbf("playoff", "1div", "result", "1div-SF1", *level, "--json")
    assert r.exit_code == 0 and r.json["winner"] == "AAL-A" and r.json["decided_by"] == "match"


def test_1_1_4_2_runners_up_match(dbf, played):
    r = dbf("playoff", "3div", "--json")
    assert r.exit_code == 0, r.stderr
    (m,) = r.json["matches"]
    assert m["id"] == "3div-PO" and m["stage"] == "3div-runners-up" and m["boards"] == 64
    assert m["carry_over"] == {t: "0" for t in m["teams"]} and m["lot"] is None and m["lot_pending"]
    # §1.1.4.2 home by lot: drawn with `dbf lot draw` (OS randomness, seed recorded), not from the season's digits
    assert dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0
    m = dbf("playoff", "3div", "--json").json["matches"][0]
    assert m["home_section_1"] in m["teams"] and m["lot"]["seed"] is not None and not m["lot_pending"]
    assert dbf("playoff", "3div-b", "--json").json["matches"][0]["home_section_1"] == m["home_section_1"]
    r = dbf("playoff", "3div", "result", "3div-PO", *LOSE, "--json")
    assert r.exit_code == 0 and r.json["winner"] == m["teams"][1]


def test_playoff_unknown_division_and_action(dbf, played):
    assert dbf("playoff", "2div").exit_code == 2
    assert dbf("playoff", "1div", "redraw").exit_code == 2
    assert dbf("playoff", "1div", "result", "1div-XX", *HALVES, "--today", "2027-03-05").exit_code == 2
