"""`dbf check` of divisions/playoff.yaml and divisions/rollover.yaml (§1.1.2.5-11, §1.1.4.2, §1.1.1.1)."""

from __future__ import annotations

import copy

import pytest
import yaml

from dbftest import run_dbf
from divkit import HALVES, write_results

SEASON = "2026-27"


@pytest.fixture
def played(example):
    order = write_results(example)
    assert run_dbf("playoff", "1div", "choose", order["1div"][2], "--today", "2027-02-25").exit_code == 0
    for m in ("1div-SF1", "1div-SF2"):
        assert run_dbf("playoff", "1div", "result", m, *HALVES).exit_code == 0
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0   # §1.1.4.2 home first
    assert run_dbf("playoff", "3div", "result", "3div-PO", *HALVES).exit_code == 0
    path = example / SEASON / "divisions" / "playoff.yaml"
    return path, yaml.safe_load(path.read_text(encoding="utf-8")), order


def _errors(path, doc):
    doc = copy.deepcopy(doc)                      # no YAML aliases (dbf files forbid them)
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    r = run_dbf("check", "--json")
    return r.exit_code, {(e["rule"], e["message"].split(":")[0]) for e in r.json["errors"]}, r.json["errors"]


def test_playoff_file_as_recorded_checks(played):
    assert run_dbf("check").exit_code == 0


def test_1_1_2_8_choice_after_the_deadline(played):
    path, doc, _ = played
    doc["choice"]["chosen_on"] = "2027-03-10"                   # deadline 2027-02-21 + 8 days
    code, _, errors = _errors(path, doc)
    assert code == 1 and any(e["rule"] == "1.1.2.8" and "after the deadline" in e["message"] for e in errors)


def test_1_1_2_7_wrong_board_structure(played):
    path, doc, _ = played
    doc["results"]["1div-SF1"]["halves"] = doc["results"]["1div-SF1"]["halves"][:3]
    code, found, _ = _errors(path, doc)
    assert code == 1 and ("1.1.2.7", "1div-SF1") in found


def test_1_1_4_2_runners_up_structure_and_teams(played):
    path, doc, order = played
    doc["results"]["3div-PO"]["teams"] = [order["3div-a"][0], order["3div-b"][1]]    # a group winner
    code, found, _ = _errors(path, doc)
    assert code == 1 and ("1.1.4.2", "3div-PO") in found


def test_1_1_2_5_team_not_in_the_top_4(played):
    path, doc, order = played
    doc["results"]["1div-SF2"]["teams"][1] = order["1div"][7]
    code, found, _ = _errors(path, doc)
    assert code == 1 and ("1.1.2.5", "1div-SF2") in found


def test_1_1_2_6_no_third_place_match_and_final_of_the_winners(played):
    path, doc, order = played
    doc["results"]["1div-3rd"] = copy.deepcopy(doc["results"]["1div-SF1"])
    doc["results"]["1div-F"] = dict(copy.deepcopy(doc["results"]["1div-SF1"]), teams=[order["1div"][0], order["1div"][3]])
    code, found, _ = _errors(path, doc)
    assert code == 1 and ("1.1.2.6", "1div-3rd") in found and ("1.1.2.6", "1div-F") in found


def test_1_1_2_11_undecided_tie(played):
    path, doc, _ = played
    doc["results"]["1div-SF2"]["halves"] = [[10, 10] for _ in range(4)]   # level; the carry-over decides
    assert _errors(path, doc)[0] == 0
    doc["results"]["1div-SF2"]["extra_rounds"] = [[4, 1]]                 # but not after it was decided
    code, found, _ = _errors(path, doc)
    assert code == 1 and ("1.1.2.11", "1div-SF2") in found


def test_1_1_1_1_rollover_record_lots(example):
    folder = example / SEASON / "divisions"
    (folder / "rollover.yaml").write_text(yaml.safe_dump({"schema": 1, "from": "2025-26", "seed": 5, "vacancies": [],
                                                          "steps": [{"rule": "1.1.2.2", "text": "x"}],
                                                          "lots": [{"rule": "1.1.1.1", "candidates": ["A", "B"],
                                                                    "drawn": "C"}]}), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.1.1"]
