"""``dbfcli.app.pending`` called directly: what the captains sent that waits for the TD (issue 19):
a sheet with only errors of form (§1.5.14) or a dispute of the recorded sheet; listed with what a
dispute would change, accepted (one write: the result and the waiting file removed) or rejected;
refusals asserted by their code."""

from __future__ import annotations

import pytest

from dbfcli.app.pending import PendingRequest, accept_pending, pending_view, reject_pending
from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw


@pytest.fixture
def waiting(example, tmp_path):
    """C1-001 recorded 30-20 and disputed by KBH-3 (20-30); C1-002's sheet waits for the TD (form)."""
    from dbfcli.store.servefiles import pending_record
    from dbfcli.store.yamlio import dump_yaml

    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, imps=(30, 20), up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    folder = example / SEASON / "serve" / "pending"
    folder.mkdir(parents=True, exist_ok=True)
    for mid, a, b, imps, by, reason, at in (("C1-001", "KBH-1", "KBH-3", (20, 30), "KBH-3", "dispute", "2026-12-14T09:00"),
                                            ("C1-002", "KBH-2", "AAL-1", (5, 40), "AAL-1", "form", "2026-12-14T08:00")):
        sheet = sheet_text(mid, teams[a], teams[b], 1, imps=imps).encode()
        rel, doc = pending_record(mid, by, reason, sheet, at=at)
        (example / SEASON / rel).write_text(dump_yaml(doc), encoding="utf-8")
    return example


def test_1_5_14_pending_lists_oldest_first_with_what_a_dispute_changes(session, waiting):
    with session() as s:
        out = pending_view(s)
    assert not out.refused and not out.written and out.show == "pending"
    assert [(i["match"], i["reason"]) for i in out.plan.items] == [("C1-002", "form"), ("C1-001", "dispute")]
    assert list(out.plan.changes) == ["C1-001"]
    assert {c["what"]: (c["recorded"], c["disputed"]) for c in out.plan.changes["C1-001"]}["winner"] == ("KBH-1", "KBH-3")
    assert [p["match"] for p in out.doc["pending"]] == ["C1-002", "C1-001"] and "changes" in out.doc["pending"][1]


def test_1_5_14_accept_dry_run_shows_the_changes_and_writes_nothing(session, waiting):
    before = snapshot(waiting)
    with session() as s:
        out = accept_pending(s, PendingRequest(match="c1-001", dry_run=True))   # any case
    assert not out.refused and not out.written and out.show == "would-accept"
    assert out.plan.item["match"] == "C1-001" and out.doc["changes"] == out.plan.changes != []
    assert snapshot(waiting) == before


def test_1_5_14_accept_a_dispute_records_it_and_settles_the_waiting_file_in_one_write(session, waiting):
    with session() as s:
        out = accept_pending(s, PendingRequest(match="C1-001"))
    assert not out.refused and out.written and out.doc["winner"] == "KBH-3"
    assert not (waiting / SEASON / "serve" / "pending" / "C1-001.yaml").exists()
    with session() as s:
        assert [i["match"] for i in pending_view(s).plan.items] == ["C1-002"]


def test_reject_keeps_the_record_and_drops_the_waiting_sheet(session, waiting):
    with session() as s:
        dry = reject_pending(s, PendingRequest(match="C1-002", dry_run=True))
    assert not dry.written and (waiting / SEASON / "serve" / "pending" / "C1-002.yaml").exists()
    with session() as s:
        out = reject_pending(s, PendingRequest(match="C1-002"))
    assert not out.refused and out.written and out.show == "rejected" and out.plan["by"] == "AAL-1"
    assert out.doc["rejected"] is True and not (waiting / SEASON / "serve" / "pending" / "C1-002.yaml").exists()


@pytest.mark.parametrize("call", [accept_pending, reject_pending])
def test_nothing_waiting_for_the_match_is_refused(ids, session, waiting, call):
    before = snapshot(waiting)
    with session() as s:
        out = call(s, PendingRequest(match="C1-099"))
    assert ids(out) == [(None, "unknown.match")] and out.exit == 2 and snapshot(waiting) == before
