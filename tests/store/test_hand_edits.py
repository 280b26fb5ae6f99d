"""Issue 16.1 and 16.5: values a hand edit (or a hostile input) can hold are problems with their
file and line, exit 2 -- never an exception raised while building a value ("internal error").

The mechanisms tested: the YAML loader (store/yamlio.py) turns every value a tag cannot build,
every tag outside plain data and any nesting past MAX_DEPTH into a problem at its line; the
season.toml reader (store/settings.py) reads every value through typed, bounded readers; input
files are read at most to MAX_BYTES; dates are read in one place (rules/dates.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf, snapshot, team_yaml
from dbfcli.store.yamlio import MAX_DEPTH, YamlLoadError, parse_yaml

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"

BAD_VALUES = {
    "impossible date": "2026-11-31",
    "hour out of range": "2026-12-13 25:00:00",
    "time zone out of range": "2026-12-13T10:00:00+25:00",
    "!!set": "!!set {a, b}",
    "!!omap": "!!omap [a: 1]",
    "!!pairs": "!!pairs [a: 1]",
    "!!bool maybe": "!!bool maybe",
    "!!int x": "!!int x",
    "!!int with no value": "!!int",   # was an IndexError raised inside PyYAML (a traceback)
    "!!timestamp x": "!!timestamp x",
    "!!float x": "!!float x",
    "!!binary": "!!binary AAAA",
    "300 deep lists": "[" * 300 + "]" * 300,
    "999 deep lists": "[" * 999 + "]" * 999,
    "300 deep mappings": "{a: " * 300 + "1" + "}" * 300,
}


@pytest.mark.parametrize("value", BAD_VALUES.values(), ids=BAD_VALUES.keys())
def test_a_value_the_loader_cannot_build_is_a_problem_at_its_line(value):
    with pytest.raises(YamlLoadError) as caught:
        parse_yaml(f"schema: 1\nplayed_on: {value}\n", "f.yaml")
    (problem,) = caught.value.problems
    assert problem.where.file == "f.yaml" and problem.where.line == 2, problem


def test_nesting_is_refused_past_the_limit_and_allowed_up_to_it():
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_yaml(f"a: {deep[1:-1]}\n", "f.yaml").data is not None
    with pytest.raises(YamlLoadError):
        parse_yaml(f"a: {deep}\n", "f.yaml")


@pytest.fixture
def drawn(example, tmp_path):
    from test_result import cup_teams, sheet_text

    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    match = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(example)
    return example, sheet_text(match["id"], teams[match["home"]], teams[match["away"]], 1, up=match["up"])


@pytest.mark.parametrize("value", BAD_VALUES.values(), ids=BAD_VALUES.keys())
def test_result_check_of_a_sheet_holding_it_is_exit_2_with_file_and_line(drawn, tmp_path, value):
    folder, text = drawn
    f = tmp_path / "sheet.yaml"
    f.write_text(text.replace("played_on: 2026-12-13", f"played_on: {value}"), encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 2, r.stdout
    (error,) = r.json["errors"]
    assert error["file"].endswith("sheet.yaml") and error["line"] == text.splitlines().index("played_on: 2026-12-13") + 1


@pytest.mark.parametrize("value", ["!!set {a, b}", "2026-11-31", "[" * 400 + "]" * 400, "!!int x"],
                         ids=["!!set", "impossible date", "400 deep", "!!int x"])
def test_dbf_check_names_a_hand_edited_state_file_holding_it(example, value):
    path = example / SEASON / "cup" / "teams.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines()) if s.strip().startswith("name:"))
    lines = text.splitlines(keepends=True)
    lines[line] = lines[line].split(":")[0] + f": {value}\n"
    path.write_text("".join(lines), encoding="utf-8")
    for args in (("check",), ("cup", "teams"), ("up",), ("draw", "cup", "--round", "1", "--dry-run")):
        r = run_dbf(*args, "--json")
        assert r.exit_code == 2, (args, r.stdout)
        assert any(e["file"] == "cup/teams.yaml" and e["line"] == line + 1 for e in r.json["errors"]), r.stdout


SEASON_TOML = {
    "rounds_per_weekend = -1": ("rounds_per_weekend = [3, 3, 3, 2]", "rounds_per_weekend = -1"),
    "rounds_per_weekend = [inf]": ("rounds_per_weekend = [3, 3, 3, 2]", "rounds_per_weekend = [inf]"),
    "entry_round 1 = inf": ("1 = 4 ", "1 = inf "),
    "entry_round 1 = nan": ("1 = 4 ", "1 = nan "),
    "entry_round 1 = 'x'": ("1 = 4 ", "1 = 'x' "),
    "stage_bonus 7 = inf": ("7 = 3\n", "7 = inf\n"),
    "zone price 1 = -inf": ("1 = 24\n", "1 = -inf\n"),
    "km_per_up = 0": ("km_per_up = 30", "km_per_up = 0"),
    "sheet_deadline_hours = 10**20": ("sheet_deadline_hours = 18", "sheet_deadline_hours = 100000000000000000000"),
    "pools = 0": ("pools = 3", "pools = 0"),
    "match day 9999-12-31": ('1 = "2026-12-13"', '1 = "9999-12-31"'),
    "match_days = 3": ("[cup.match_days]", "match_days = 3\n[cup.x]"),
    "cup = 1": ("[cup]\n", "cup = 1\n[cupx]\n"),
    "storebaelt_bridge_counts = 'no'": ("storebaelt_bridge_counts = true", "storebaelt_bridge_counts = 'no'"),
    "weekends = 1": ('weekends = ["2026-10-03"', 'weekends = 1\nx = ["2026-10-03"'),
}


@pytest.mark.parametrize("edit", SEASON_TOML.values(), ids=SEASON_TOML.keys())
def test_season_toml_values_are_typed_and_bounded(example, edit):
    path = example / SEASON / "season.toml"
    text = path.read_text(encoding="utf-8")
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    for args in (("check",), ("schedule", "1div"), ("deadlines", "--today", "2026-12-01")):
        r = run_dbf(*args, "--json")
        assert r.exit_code == 2, (args, r.stdout)
        assert all(e["file"] == "season.toml" and e["line"] for e in r.json["errors"]), r.stdout


def test_result_check_of_dev_zero_is_refused_not_read_for_ever(example):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    r = run_dbf("result", "check", "/dev/zero", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["file"] == "/dev/zero"


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "2026-11-31", "2026-12-13\n", "٢٠٢٦-12-13"])
def test_deadlines_today_at_the_ends_of_the_calendar_is_exit_2(example, day):
    r = run_dbf("deadlines", "--today", day)
    assert r.exit_code == 2 and "--today" in r.stderr


def _entry_csv(sep: str = ",", newline: str = "\n") -> str:
    head = sep.join(("team_id", "team_name", "captain", "club", "postcode", "player_id", "player_name",
                     "player_club", "division"))
    rows = [sep.join(("ODE-9", "Odense Ni", "9001", "4100", "5000", str(9000 + k), f"Spiller {k}", "4100", ""))
            for k in range(1, 5)]
    return newline.join([head, *rows]) + newline


@pytest.mark.parametrize("sep, newline", [(",", "\r"), (",", "\r\n"), (";", "\r\n"), (";", "\r")],
                         ids=["CR (old Mac)", "CRLF", "semicolons (Danish spreadsheet)", "semicolons, CR"])
def test_entry_csv_as_spreadsheets_export_it(empty_season, tmp_path, sep, newline):
    f = tmp_path / "entry.csv"
    f.write_bytes(_entry_csv(sep, newline).encode("utf-8"))
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 0, r.stdout
    teams = run_dbf("cup", "teams", "--json").json["teams"]
    assert [len(t["players"]) for t in teams] == [4]


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16"])
def test_entry_csv_not_in_utf8_is_exit_2_naming_the_file(empty_season, tmp_path, encoding):
    f = tmp_path / "entry.csv"
    f.write_bytes(_entry_csv(";").replace("Spiller", "Søren").encode(encoding))
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2 and "entry.csv" in r.stdout
    assert snapshot(empty_season) == before


# --------------------------------------------------------------------------- 16.5 ids and numbers
@pytest.mark.parametrize("season", ["2026-27\n", "2026-27 ", "٢٠٢٦-٢٧", "2026-28", "26-27"])
def test_init_refuses_a_season_that_is_not_whole_yyyy_yy(tmp_path, season):
    root = tmp_path / "t"
    r = run_dbf("--dir", root, "init", "--season", season)
    assert r.exit_code == 2
    assert not root.exists() or not any(root.rglob("*.toml"))


@pytest.mark.parametrize("team_id", ["NL-1\n", "NL-1 ", "NL/1", "١٢٣"])
def test_a_team_id_is_matched_whole_in_ascii_digits(empty_season, tmp_path, team_id):
    f = tmp_path / "teams.yaml"
    import json

    f.write_text("teams:\n" + team_yaml("PLACEHOLDER", "Nord", 1000).replace("PLACEHOLDER", json.dumps(team_id)),
                 encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2, r.stdout
    assert snapshot(empty_season) == before


def test_a_csv_number_in_other_digits_is_refused(empty_season, tmp_path):
    f = tmp_path / "entry.csv"
    f.write_text(_entry_csv().replace("9001", "٩٠٠١"), encoding="utf-8")
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2 and "captain" in r.stdout


@pytest.mark.parametrize("edit, rule", [
    (("segments: [[30, 20],", "segments: [[1000000000000000000000000000000, 20],"), "1.5.10"),
    (("segments: [[30, 20],", "segments: [[193, 20],"), "1.5.10"),                          # 8 boards: at most 192
    (("segments: [[30, 20],", "segments: [{boards: 4, imps: [97, 0]},"), "1.5.10"),          # 4 boards: at most 96
    (("segments: [[30, 20],", "segments: [{boards: 100000000000000000000, imps: [30, 20]},"), "1.5.9"),
])
def test_1_5_10_segment_imps_bounded_by_24_a_board(drawn, tmp_path, edit, rule):
    folder, text = drawn
    assert edit[0] in text
    f = tmp_path / "sheet.yaml"
    f.write_text(text.replace(*edit), encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code in (1, 2) and rule in {e["rule"] for e in r.json["errors"]}, r.stdout   # 1: a § broken


def test_1_5_10_a_segment_of_192_imps_in_8_boards_is_not_refused_for_its_size(drawn, tmp_path):
    folder, text = drawn
    f = tmp_path / "sheet.yaml"
    f.write_text(text.replace("segments: [[30, 20],", "segments: [[192, 20],"), encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert "1.5.10" not in {e["rule"] for e in r.json.get("errors", []) if "Law 78B" in e["message"]}, r.stdout


def test_1_5_4_an_up_claim_of_10_to_the_30_is_refused(drawn, tmp_path):
    folder, text = drawn
    import re

    f = tmp_path / "sheet.yaml"
    new, n = re.subn(r"up: \d+", "up: 1000000000000000000000000000000", text, count=1)
    if not n:
        new = text.replace("away:\n  team:", "away:\n  up: 1000000000000000000000000000000\n  team:", 1)
    f.write_text(new, encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code in (1, 2) and "1.5.4" in {e["rule"] for e in r.json["errors"]}, r.stdout


def test_a_division_record_with_impossible_imps_names_its_file(example):
    from divkit import write_results

    write_results(example)
    d = example / SEASON / "divisions" / "matches"
    f = sorted(d.glob("1div-*.yaml"))[0]
    text = f.read_text(encoding="utf-8")
    import yaml

    doc = yaml.safe_load(text)
    doc["imps"] = [10**30, 0]
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2 and any(e["file"] == f"divisions/matches/{f.name}" for e in r.json["errors"]), r.stdout


def test_a_copy_of_the_example_is_valid(example):
    """The fixtures above start from a valid season (so each case fails for its edit only)."""
    shutil.rmtree(example / SEASON / "journal", ignore_errors=True)
    assert run_dbf("check").exit_code == 0
