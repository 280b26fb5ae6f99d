"""Issue 16.1: what the state-file fuzzer (bench/fuzz.sh, seed 2026/2027) found as internal errors,
each now a problem naming the file and line (exit 2), or a warning where the file is optional."""

from __future__ import annotations

import pytest

from dbftest import run_dbf

SEASON = "2026-27"


@pytest.fixture
def written(example):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    (entry,) = sorted((example / SEASON / "journal").glob("*.yaml"))
    return example, entry


@pytest.mark.parametrize("edit", ["changes: null", "changes: x", "changes:\n- 7", "changes:\n- {file: a, action: eat}",
                                  "at: 5"])
@pytest.mark.parametrize("cmd", [("log", "--json"), ("undo", "--json")])
def test_16_1_hand_edited_journal_entry_is_named(written, edit, cmd):
    example, entry = written
    text = entry.read_text(encoding="utf-8")
    key = edit.partition(":")[0]
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    end = next((j for j in range(start + 1, len(lines)) if lines[j] and not lines[j].startswith((" ", "-"))), len(lines))
    entry.write_text("\n".join(lines[:start] + edit.splitlines() + lines[end:]) + "\n", encoding="utf-8")
    before = entry.read_bytes()
    r = run_dbf(*cmd)
    assert r.exit_code == 2, r.stdout + r.stderr
    assert [e["code"] for e in r.json["errors"]] == ["format.schema"] and entry.name in r.json["errors"][0]["file"]
    assert r.json["errors"][0]["line"]
    assert entry.read_bytes() == before


def test_16_1_playoff_results_not_a_mapping_is_named(example):
    (example / SEASON / "divisions" / "playoff.yaml").write_text("schema: 1\nresults: x\n", encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2, r.stdout + r.stderr
    found = [e for e in r.json["errors"] if e["code"] == "format.playoff"]
    assert found and found[0]["file"].endswith("playoff.yaml") and found[0]["line"] == 2


def test_16_1_clubs_file_of_the_wrong_shape_is_a_warning(example, tmp_path):
    (example / "clubs.yaml").write_text("clubs: x\nvenues: [1]\n", encoding="utf-8")
    r = run_dbf("publish", "--out", tmp_path / "site", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert any(w["code"] == "format.schema" and "clubs.yaml" in w["message"] for w in r.json["warnings"])


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "'9999-12-31'"])
@pytest.mark.parametrize("cmd", [("deadlines", "--all", "--json"), ("deadlines", "--today", "2026-12-14", "--json"),
                                 ("check", "--json")])
def test_16_1_agreed_date_at_the_end_of_the_calendar_is_named(example, day, cmd):
    """bench/fuzz.sh (seed 2026, 2026-12-01): `date: 9999-12-31` in cup/schedule.yaml made
    `dbf deadlines` overflow adding the 18 hours of §1.5.14. The reader now refuses a date
    outside 1900-2999 at its line; `dbf check` names it (exit 2), deadlines go on without it."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    schedule = example / SEASON / "cup" / "schedule.yaml"
    schedule.write_text(f"schema: 1\nmatches:\n  C1-001:\n    date: {day}\n", encoding="utf-8")
    before = schedule.read_bytes()
    r = run_dbf(*cmd)
    if cmd[0] == "check":
        assert r.exit_code == 2, r.stdout + r.stderr
        (found,) = [e for e in r.json["errors"] if e["code"] == "format.schedule"]
        assert found["file"].endswith("cup/schedule.yaml") and found["line"] == 3
    else:
        assert r.exit_code in (0, 2), r.stdout + r.stderr
    assert schedule.read_bytes() == before
