"""The season's table of known road distances, ``distances.csv`` (§1.5.4, issue 14 item 5): the
TD settles a disagreement about a trip's km once; `distance`, `schedule cup`, sheets and `check`
all use it."""

from __future__ import annotations

import pytest

from dbftest import run_dbf, snapshot
from dbfcli.rules.geography import road_route
from dbfcli.store.geodata import load_postcodes, parse_known_distances


def _season(example):
    return next(p for p in sorted(example.iterdir()) if p.is_dir() and p.name[:4].isdigit())


def test_1_5_4_known_km_override_the_estimate_both_ways():
    table = load_postcodes()
    known, problems = parse_known_distances("from,to,km\n8000,1050,300\n", "distances.csv", table)
    assert problems == []
    plain = road_route(table, "8000", "1050")
    there = road_route(table.with_known_km(known), "8000", "1050")
    back = road_route(table.with_known_km(known), "1050", "8000")
    assert plain.km_source is None and plain.km != 300
    assert there.km == back.km == 300 and there.km_source == "distances.csv:2"
    assert there.crossings == plain.crossings            # the model's crossings stay


def test_1_5_4_danish_spreadsheet_export_is_read():
    """Semicolons and a decimal comma, as a Danish spreadsheet saves CSV."""
    known, problems = parse_known_distances("from;to;km;note\n3700;4600;272,5;via Køge\n", "d.csv", load_postcodes())
    assert problems == [] and known == {("3700", "4600"): (272.5, "distances.csv:2")}


@pytest.mark.parametrize("text, line", [
    ("from,to,km\n8000,9999,300\n", 2),            # unknown postcode
    ("from,to,km\n8000,1050,-3\n", 2),             # not a distance
    ("from,to,km\n8000,1050,1e9\n", 2),            # a typing error
    ("from,to,km\n8000,1050\n", 2),                # a column missing
    ("from,to,km\n8000,1050,300\n1050,8000,310\n", 3),   # the same pair twice, different km
    ("postcode,km\n8000,300\n", 1),                # no header
])
def test_1_5_4_bad_rows_are_reported_with_their_line(text, line):
    _, problems = parse_known_distances(text, "distances.csv", load_postcodes())
    assert [p.where.line for p in problems] == [line] and all(p.is_error for p in problems)


def test_1_5_4_distance_command_uses_the_seasons_table(example):
    before = run_dbf("distance", "8000", "1050", "--json").json
    (_season(example) / "distances.csv").write_text("from,to,km\n1050,8000,299\n", encoding="utf-8")
    after = run_dbf("distance", "8000", "1050", "--json").json
    assert before["km_source"] is None and after["km"] == 299 and after["km_source"] == "distances.csv:2"
    assert after["up"] == 10 + 3                     # 299 km -> 10 UP, + Storebælt


def test_1_5_4_check_names_a_bad_row_and_commands_refuse_it(example):
    season = _season(example)
    (season / "distances.csv").write_text("from,to,km\n8000,1050,lots\n", encoding="utf-8")
    before = snapshot(example)
    r = run_dbf("check", "--json")
    assert r.exit_code == 2
    assert any(e.get("file") == "distances.csv" and e.get("line") == 2 for e in r.json["errors"])
    r = run_dbf("distance", "8000", "1050", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["line"] == 2
    assert snapshot(example) == before


def test_1_5_4_schedule_and_sheet_credit_use_the_known_km(example, tmp_path):
    """A TD who settled a longer real road distance: `schedule cup` shows its UP, and a sheet noting
    that UP is credited in full (without the table it is credited the estimate's figure)."""
    from test_result import cup_teams, sheet_text

    assert run_dbf("draw", "cup", "--round", "1", "--seed", "2026").exit_code == 0
    teams = cup_teams(example)
    m = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    home_pc, away_pc = teams[m["home"]]["postcode"], teams[m["away"]]["postcode"]
    longer = m["distance_km"] + 61                   # two more commenced 30 km
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"] + 2))
    assert run_dbf("result", "check", sheet, "--json").json["up"] == {m["away"]: m["up"]}
    (_season(example) / "distances.csv").write_text(f"from,to,km\n{away_pc},{home_pc},{longer}\n", encoding="utf-8")
    again = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    assert again["distance_km"] == longer and again["up"] == m["up"] + 2
    doc = run_dbf("result", "submit", sheet, "--json").json
    assert doc["up"] == {m["away"]: m["up"] + 2} and not [w for w in doc["warnings"] if w["rule"] == "1.5.4"]
