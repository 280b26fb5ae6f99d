"""`dbf result submit|check FILE... | DIR` (issue 17.2): a whole round in one command. Each sheet
is validated against the season and against the other sheets of the batch (§1.5.12a; one sheet a
match, a team once a round), each valid one is its own journal entry (`dbf undo` undoes one),
a summary, exit 1 if any was rejected, --all-or-nothing, --dry-run; division sheets the same.
Problems are asserted by their ids (rule/code), never their text."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from dbftest import run_dbf, run_dbf_process, snapshot
from test_result import sheet_text
from test_result_blank import _fill

SEASON = "2026-27"


@pytest.fixture
def round_sheets(example, tmp_path):
    """Round 1 of the example's cup drawn; its blanks filled in by script (scores and boards only)."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "2026").exit_code == 0
    out = tmp_path / "sheets"
    assert run_dbf("result", "blank", "--round", "1", "--out", out).exit_code == 0
    for path in out.glob("*.yaml"):
        path.write_text(_fill(path.read_text(encoding="utf-8")), encoding="utf-8")
    return example, out


def _matches(example):
    return sorted((example / SEASON / "cup" / "matches").glob("*.yaml"))


def _journal(example):
    return sorted((example / SEASON / "journal").glob("*.yaml"))


def test_1_5_14_a_whole_round_in_one_command(round_sheets):
    example, out = round_sheets
    n = len(list(out.glob("*.yaml")))
    r = run_dbf("result", "check", out, "--json")
    assert r.exit_code == 0, r.stdout
    assert [s["status"] for s in r.json["sheets"]] == ["valid"] * n and r.json["rejected"] == 0
    assert [s["file"] for s in r.json["sheets"]] == [str(p) for p in sorted(out.glob("*.yaml"))]   # name order
    assert _matches(example) == []                                          # check records nothing
    before = len(_journal(example))
    r = run_dbf("result", "submit", out, "--json")
    assert r.exit_code == 0, r.stdout
    assert r.json["ok"] and r.json["recorded"] == n
    assert {s["status"] for s in r.json["sheets"]} == {"recorded"}
    assert len(_matches(example)) == n
    journal = _journal(example)[before:]
    assert len(journal) == n                                                # one journal entry a sheet
    assert sorted(s["journal"] for s in r.json["sheets"]) == [str(p.relative_to(example / SEASON)) for p in journal]
    for s in r.json["sheets"]:                                              # each sheet as one submit says it
        assert {"ok", "match", "winner", "errors", "warnings", "gp", "up"} <= set(s)
        entry = yaml.safe_load((example / SEASON / s["journal"]).read_text(encoding="utf-8"))
        assert [c["file"] for c in entry["changes"]] == [f"cup/matches/{s['match']}.yaml"]
    assert run_dbf("check").exit_code == 0
    again = run_dbf("result", "submit", out, "--json")                      # resubmitting changes nothing
    assert again.exit_code == 0 and {s["status"] for s in again.json["sheets"]} == {"already recorded"}
    assert len(_journal(example)) == before + n


def test_1_5_14_one_sheet_keeps_the_single_sheet_json(round_sheets):
    """With one file the JSON is a single sheet's document (docs/interface.md), not a batch."""
    example, out = round_sheets
    one = sorted(out.glob("*.yaml"))[0]
    r = run_dbf("result", "submit", one, "--json")
    assert r.exit_code == 0 and "sheets" not in r.json and r.json["match"] == one.stem and r.json["recorded"]
    r = run_dbf("result", "check", one, "--json")
    assert r.exit_code == 0 and "sheets" not in r.json


def _two_sheets_one_player(out):
    """The same substitute (a member of no cup team) for two away teams of four that field only
    three of their own: each sheet alone is valid, the two together break §1.5.12a."""
    chosen = []
    for path in sorted(out.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        away = text[text.index("\naway:"):]
        rows = re.findall(r"    - \{id: (\d+), boards: (\d+)\}", away)
        if len(rows) == 4:
            pid, boards = rows[-1]
            path.write_text(text.replace(f"{{id: {pid}, boards: {boards}}}",
                                         f"{{id: 999001, boards: {boards}, substitute: true, name: Sub Stitute, "
                                         "club: 1010}", 1), encoding="utf-8")
            chosen.append(path)
        if len(chosen) == 2:
            return tuple(chosen)
    raise AssertionError("no two sheets with an away team of four")


def test_1_5_12a_a_substitute_on_two_sheets_of_the_round_is_rejected(round_sheets):
    example, out = round_sheets
    a, b = _two_sheets_one_player(out)
    assert run_dbf("result", "check", a).exit_code == 0 and run_dbf("result", "check", b).exit_code == 0
    r = run_dbf("result", "check", a, b, "--json")
    assert r.exit_code == 1
    first, second = r.json["sheets"]
    assert first["status"] == "valid" and second["status"] == "rejected"
    assert [e["rule"] for e in second["errors"]] == ["1.5.12a"]
    assert [(e["rule"], e["file"]) for e in r.json["errors"]] == [("1.5.12a", str(b))]


def test_1_5_12a_mixed_valid_and_invalid_records_the_valid_ones(round_sheets):
    example, out = round_sheets
    n = len(list(out.glob("*.yaml")))
    _, b = _two_sheets_one_player(out)
    bad = sorted(out.glob("*.yaml"))[-1]
    bad.write_text(bad.read_text(encoding="utf-8").replace("  - [31, 17]", "  - [31, 17, 4]", 1), encoding="utf-8")
    r = run_dbf("result", "submit", out, "--json")
    assert r.exit_code == 1
    rejected = {s["file"]: s for s in r.json["sheets"] if s["status"] == "rejected"}
    assert set(rejected) == {str(b), str(bad)}
    assert rejected[str(b)]["errors"][0]["rule"] == "1.5.12a"
    assert rejected[str(bad)]["errors"][0]["code"] == "format.sheet"
    assert r.json["recorded"] == n - 2 and len(_matches(example)) == n - 2
    assert not (example / SEASON / "cup" / "matches" / f"{b.stem}.yaml").exists()
    human = run_dbf("result", "check", out)                 # the summary table: status and the first error
    assert human.exit_code == 1 and "§1.5.12a" in human.stdout and "[format.sheet]" in human.stdout


def test_batch_all_or_nothing_leaves_the_season_byte_for_byte(round_sheets):
    example, out = round_sheets
    _two_sheets_one_player(out)
    before = snapshot(example)
    r = run_dbf("result", "submit", out, "--all-or-nothing", "--json")
    assert r.exit_code == 1 and r.json["recorded"] == 0 and snapshot(example) == before
    assert {s["status"] for s in r.json["sheets"]} == {"not recorded", "rejected"}
    r = run_dbf("result", "submit", out, "--json")
    assert r.exit_code == 1 and r.json["recorded"] == len(r.json["sheets"]) - 1


def test_batch_dry_run_a_broken_file_and_a_file_that_is_no_sheet(round_sheets):
    example, out = round_sheets
    (out / "zz-broken.yaml").write_text("match: [\n", encoding="utf-8")
    (out / "zz-teams.yaml").write_text("teams: []\n", encoding="utf-8")
    (out / "README.txt").write_text("the round's sheets\n", encoding="utf-8")
    before = snapshot(example)
    r = run_dbf("result", "submit", out, "--dry-run", "--json")
    assert r.exit_code == 1 and snapshot(example) == before
    by = {s["file"].rpartition("/")[2]: s for s in r.json["sheets"]}
    assert by["zz-broken.yaml"]["errors"][0]["code"] == "format.yaml" and by["zz-broken.yaml"]["errors"][0]["line"]
    assert by["zz-teams.yaml"]["errors"][0]["code"] == "format.sheet"
    assert by["README.txt"]["status"] == "skipped"
    assert r.json["rejected"] == 2 and {by[f"C1-00{i}.yaml"]["status"] for i in range(1, 10)} == {"would be recorded"}


def test_batch_two_sheets_for_one_match(round_sheets, tmp_path):
    example, out = round_sheets
    first = sorted(out.glob("*.yaml"))[0]
    copy = tmp_path / "copy-of-first.yaml"
    shutil.copy(first, copy)
    human = run_dbf("result", "submit", first, copy, "--dry-run")      # the summary table, no write
    assert human.exit_code == 1 and "[format.duplicate]" in human.stdout and _matches(example) == []
    r = run_dbf("result", "submit", first, copy, "--json")
    assert r.exit_code == 1
    assert [s["status"] for s in r.json["sheets"]] == ["recorded", "rejected"]
    assert r.json["sheets"][1]["errors"][0]["code"] == "format.duplicate"


def test_batch_an_empty_folder_is_a_usage_error(example, tmp_path):
    (tmp_path / "none").mkdir()
    r = run_dbf("result", "submit", tmp_path / "none", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "usage.missing"


def test_undo_after_a_batch_undoes_one_sheet(round_sheets):
    example, out = round_sheets
    files = sorted(out.glob("*.yaml"))[:3]
    r = run_dbf("result", "submit", *files, "--json")
    assert r.exit_code == 0 and r.json["recorded"] == 3
    assert run_dbf("undo").exit_code == 0
    assert [p.stem for p in _matches(example)] == [f.stem for f in files[:2]]
    assert run_dbf("check").exit_code == 0
    r = run_dbf("result", "submit", *files, "--json")                     # the undone one goes in again
    assert [s["status"] for s in r.json["sheets"]] == ["already recorded", "already recorded", "recorded"]


def test_batch_killed_mid_write_is_rolled_forward_whole(round_sheets):
    """All the batch's writes go through one pending file: a dbf killed while putting them is
    finished by the next command, every sheet with its own journal entry."""
    import os

    example, out = round_sheets
    files = sorted(out.glob("*.yaml"))[:4]
    before = len(_journal(example))
    env = dict(os.environ, DBF_DIR=str(example), DBF_FAULT="kill:between-files")
    done = run_dbf_process("result", "submit", *files, env=env)
    assert done.returncode == 137
    assert (example / SEASON / ".pending.yaml").exists() and len(_matches(example)) < 4
    assert run_dbf("check").exit_code == 0                                # finishes the write, says so
    assert [p.stem for p in _matches(example)] == [f.stem for f in files]
    entries = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in _journal(example)[before:]]
    assert [e["message"] for e in entries] == [f"recorded {f.stem}" for f in files]
    assert all("finished" in e for e in entries)
    assert not (example / SEASON / ".pending.yaml").exists()


# --------------------------------------------------------------------------- division sheets
def _division_round(example, tmp_path, div="2div"):
    doc = run_dbf("schedule", div, "--json").json
    teams = {t["id"]: t for t in yaml.safe_load((example / SEASON / "divisions" / f"{div}.yaml")
                                                .read_text(encoding="utf-8"))["teams"]}
    rnd = doc["rounds"][0]
    out = tmp_path / f"{div}-round-1"
    out.mkdir()
    for m in rnd["matches"]:
        if m["away"]:
            (out / f"{m['id']}.yaml").write_text(sheet_text(
                m["id"], teams[m["home"]], teams[m["away"]], 1, boards=doc["boards"], played_on=rnd["date"],
                submitted_at=f"{rnd['date']}T22:00"), encoding="utf-8")
    return out, teams


def test_1_1_2_1_a_division_round_in_one_command(example, tmp_path):
    out, _ = _division_round(example, tmp_path)
    n = len(list(out.glob("*.yaml")))
    r = run_dbf("result", "submit", out, "--json")
    assert r.exit_code == 0, r.stdout
    assert r.json["recorded"] == n and all(s["division"] == "2div" for s in r.json["sheets"])
    assert len(list((example / SEASON / "divisions" / "matches").glob("2div-*.yaml"))) >= n
    assert run_dbf("check").exit_code == 0


def test_division_player_on_two_sheets_of_a_round_is_rejected(example, tmp_path):
    out, teams = _division_round(example, tmp_path)
    a, b = sorted(out.glob("*.yaml"))[:2]
    home_a = yaml.safe_load(a.read_text(encoding="utf-8"))["home"]["players"][0]["id"]
    text = b.read_text(encoding="utf-8")
    first_b = yaml.safe_load(text)["home"]["players"][0]["id"]
    b.write_text(text.replace(f"{{id: {first_b}, ", f"{{id: {home_a}, substitute: true, name: Dobbelt, club: 1010, ",
                              1), encoding="utf-8")
    r = run_dbf("result", "check", a, b, "--json")
    assert r.exit_code == 1
    assert [s["status"] for s in r.json["sheets"]] == ["valid", "rejected"]
    assert "format.duplicate" in [e["code"] for e in r.json["sheets"][1]["errors"]]
