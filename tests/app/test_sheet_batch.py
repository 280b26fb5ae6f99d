"""``dbfcli.app.sheet_batch`` called directly: ``dbf result check|submit DIR`` (issue 17), a whole
round in one use case. Each sheet is judged against the season and the sheets before it (§1.5.12a:
one sheet a match, nobody on two sheets of a round), a rejected sheet is a row of the plan, never
the Outcome's refusal; each valid one is its own journal entry in one group. Asserted by the rows'
statuses and the problems' (rule, code), never their text."""

from __future__ import annotations

import shutil

import pytest

from dbfcli.app.outcome import UsageProblem
from dbfcli.app.sheet_batch import check_sheets, read_sheet_folder, submit_sheets
from dbftest import snapshot
from test_result import SEASON
from test_result_batch import round_sheets  # noqa: F401  (the fixture: round 1 drawn, its blanks filled in)


def _now():
    import datetime as dt

    return dt.datetime.now().replace(microsecond=0)


def _journal(example):
    return sorted((example / SEASON / "journal").glob("*.yaml"))


def _codes(row):
    return [(e["rule"], e["code"]) for e in row.doc["errors"]]


def test_1_5_14_a_round_checked_records_nothing(session, round_sheets):
    example, out = round_sheets
    batch = read_sheet_folder([out])
    with session(write=False) as s:
        outcome = check_sheets(s, batch, _now())
    assert not outcome.refused and not outcome.written and outcome.show == "batch"
    assert outcome.plan.exit == 0 and {r.status for r in outcome.plan.rows} == {"valid"}
    assert [r.file.label for r in outcome.plan.rows] == [str(p) for p in sorted(out.glob("*.yaml"))]   # name order
    assert list((example / SEASON / "cup").glob("matches/*.yaml")) == []


def test_1_5_14_a_round_submitted_one_journal_entry_a_sheet(session, round_sheets):
    example, out = round_sheets
    batch = read_sheet_folder([out])
    before = len(_journal(example))
    with session() as s:
        outcome = submit_sheets(s, batch, _now())
    n = len(batch.sheets)
    assert not outcome.refused and outcome.written and outcome.plan.exit == 0
    assert {r.status for r in outcome.plan.rows} == {"recorded"} and outcome.doc["recorded"] == n
    assert len(_journal(example)) == before + n
    with session() as s:                                   # the same sheets again change nothing
        again = submit_sheets(s, read_sheet_folder([out]), _now())
    assert {r.status for r in again.plan.rows} == {"already recorded"} and not again.written
    assert {w["code"] for r in again.plan.rows for w in r.doc["warnings"]} == {"state.already-recorded"}
    assert len(_journal(example)) == before + n


def test_1_5_12a_a_second_sheet_of_a_match_is_a_rejected_row(session, round_sheets):
    example, out = round_sheets
    first = sorted(out.glob("*.yaml"))[0]
    shutil.copy(first, out / "zz-again.yaml")
    with session(write=False) as s:
        outcome = check_sheets(s, read_sheet_folder([out]), _now())
    assert not outcome.refused and outcome.plan.exit == 1 and outcome.plan.rejected == 1
    row = outcome.plan.rows[-1]
    assert row.status == "rejected" and (None, "format.duplicate") in _codes(row)
    assert outcome.doc["ok"] is False and [e["code"] for e in outcome.doc["errors"]] == ["format.duplicate"]


def test_1_5_14_all_or_nothing_records_none_with_a_rejected_sheet(session, round_sheets):
    example, out = round_sheets
    (out / "zz-broken.yaml").write_text("match: [\n", encoding="utf-8")
    (out / "notes.txt").write_text("not a sheet", encoding="utf-8")
    before = snapshot(example)
    batch = read_sheet_folder([out])
    assert [f.name for f in batch.skipped] == ["notes.txt"]
    with session() as s:
        outcome = submit_sheets(s, batch, _now(), all_or_nothing=True)
    assert not outcome.written and outcome.plan.exit == 1 and snapshot(example) == before
    statuses = [r.status for r in outcome.plan.rows]
    assert statuses.count("rejected") == 1 and statuses[-1] == "skipped"
    assert set(statuses) == {"not recorded", "rejected", "skipped"}
    broken = next(r for r in outcome.plan.rows if r.status == "rejected")
    assert [c for _, c in _codes(broken)][0].startswith("format.")


def test_1_5_14_a_dry_run_writes_nothing(session, round_sheets):
    example, out = round_sheets
    before = snapshot(example)
    with session() as s:
        outcome = submit_sheets(s, read_sheet_folder([out]), _now(), dry_run=True)
    assert not outcome.written and {r.status for r in outcome.plan.rows} == {"would be recorded"}
    assert snapshot(example) == before


def test_a_folder_without_sheets_is_refused_before_the_season_is_read(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageProblem) as exc:
        read_sheet_folder([tmp_path / "empty"])
    assert [p.code for p in exc.value.problems] == ["usage.missing"]


def test_a_sheet_that_cannot_be_read_is_a_rejected_row(session, round_sheets):
    example, out = round_sheets
    first = sorted(out.glob("*.yaml"))[0]
    batch = read_sheet_folder([tmp := out / "missing.yaml", first])
    assert batch.sheets[0].problems and batch.sheets[0].label == str(tmp)
    with session(write=False) as s:
        outcome = check_sheets(s, batch, _now())
    rows = outcome.plan.rows
    assert [r.status for r in rows] == ["rejected", "valid"] and _codes(rows[0])[0][1].startswith("io.")
