"""``dbfcli.app.notify`` called directly: what is sent to whom (§1.5.16, §1.5.14, §1.5.15,
§1.1.2.1, issue 30) decided by the use case, the face's delivery (``post``) called once, and the
draw's mails and the record that they were sent one transaction; refusals by § and code."""

from __future__ import annotations

import pytest

from dbfcli.app.notify import (CommitmentMails, DivisionMails, DrawMails, ReminderMails, Via, commitment_mails,
                               division_mails, draw_mails, reminder_mails, still_in)
from dbfcli.app.outcome import fail
from dbfcli.app.session import Session
from dbfcli.rules.divisions.roundrobin import weekend_rounds
from dbftest import snapshot
from test_result import write_draw

SEASON = "2026-27"
FILES = Via(out="mail")


class Postbox:
    """The face's delivery, recorded: what it was handed, how often."""

    def __init__(self, refuse: bool = False):
        self.calls: list[list[str]] = []
        self.refuse = refuse

    def __call__(self, mails, via):
        self.calls.append([m.name for m in mails])
        if self.refuse:
            fail("could not send through x:25: refused", code="io.cannot-send")
        return {"out": str(via.out), "files": [m.name for m in mails]}


@pytest.fixture
def drawn(example):
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    return example


def _notice(root):
    return root / SEASON / "cup" / "notices" / "draw-01.yaml"


def test_1_5_16_the_draw_to_every_captain_and_recorded_sent(session, drawn):
    post = Postbox()
    with session() as s:
        out = draw_mails(s, DrawMails(round=1, via=FILES), post)
    assert not out.refused and out.written and out.show == "mails"
    names = [m.name for m in out.plan.mails]
    assert names == ["C1-001-KBH-1.eml", "C1-001-KBH-3.eml", "C1-002-KBH-2.eml", "C1-002-AAL-1.eml"]
    assert post.calls == [names] and out.doc["messages"] == 4 and out.doc["files"] == names
    assert all(m.message.get_payload()[1].get_filename().startswith("C1-00") for m in out.plan.mails)  # the sheet
    assert _notice(drawn).exists()     # §1.5.16: `dbf deadlines` calls "send the draw" done


def test_1_5_16_a_dry_run_delivers_and_records_nothing(session, drawn):
    post, before = Postbox(), snapshot(drawn)
    with session() as s:
        out = draw_mails(s, DrawMails(round=1, via=Via(smtp="localhost:25"), sheet=False, dry_run=True), post)
    assert not out.refused and not out.written and post.calls == [] and snapshot(drawn) == before
    assert out.doc["dry_run"] and [p["file"] for p in out.doc["planned"]] == [m.name for m in out.plan.mails]
    assert all(not m.message.is_multipart() for m in out.plan.mails)   # --no-sheet


def test_1_5_16_delivery_that_fails_records_nothing(ids, session, drawn):
    """One transaction: the mails and the record that they were sent."""
    before = snapshot(drawn)
    with session() as s:
        out = draw_mails(s, DrawMails(round=1, via=FILES), Postbox(refuse=True))
    assert ids(out) == [(None, "io.cannot-send")] and out.exit == 2 and not _notice(drawn).exists()
    assert snapshot(drawn) == before


def test_1_5_16_refused_before_the_draw(ids, session, example):
    post = Postbox()
    with session() as s:
        out = draw_mails(s, DrawMails(round=1, via=FILES), post)
    assert ids(out) == [("1.5.16", "state.not-drawn")] and post.calls == []


def test_where_the_mails_go_is_asked_before_the_season_is_read(ids):
    def unread():
        raise AssertionError("the season was read")

    s = Session(actor="pytest", opener=unread)
    assert ids(draw_mails(s, DrawMails(round=1, via=Via()), Postbox())) == [(None, "usage.missing")]
    assert ids(reminder_mails(s, ReminderMails(via=Via(smtp="nohost")), Postbox())) == [(None, "usage.option")]
    assert ids(division_mails(s, DivisionMails(division="9div", weekend=1, via=FILES), Postbox())) == [
        (None, "unknown.division")]


def test_1_5_14_a_sheet_overdue_reminds_both_captains(session, drawn):
    post = Postbox()
    with session(False) as s:
        out = reminder_mails(s, ReminderMails(via=FILES, now="2027-06-01T10:00"), post)
    sheets = [(r["match"], r["team"]) for r in out.doc["reminders"] if r["kind"] == "sheet"]
    assert sheets == [("C1-001", "KBH-1"), ("C1-001", "KBH-3"), ("C1-002", "KBH-2"), ("C1-002", "AAL-1")]
    assert out.plan.delivered and len(post.calls) == 1 and not out.written
    with session(False) as s:   # §1.5.14: before any deadline nothing is due, no mail
        early = reminder_mails(s, ReminderMails(via=FILES, now="2026-08-01T10:00"), post)
    assert not [r for r in early.doc["reminders"] if r["kind"] == "sheet"]


def test_1_5_15_nothing_due_no_mail(session, example):
    post = Postbox()
    with session(False) as s:
        out = reminder_mails(s, ReminderMails(via=FILES, now="2026-08-01T10:00"), post)
    assert out.doc["reminders"] == [] and not out.plan.delivered and post.calls == [] and "files" not in out.doc


def test_1_1_2_1_a_weekend_the_division_does_not_have(ids, session):
    with session(False) as s:
        out = division_mails(s, DivisionMails(division="1div", weekend=9, via=FILES), Postbox())
    assert ids(out) == [("1.1.2.1", "usage.option")]
    with session(False) as s:
        ok = division_mails(s, DivisionMails(division="1div", weekend=1, via=FILES, dry_run=True), Postbox())
    assert not ok.refused and ok.doc["messages"] == len(ok.plan.mails) > 0
    assert all(m.name.startswith("1div-w1-") for m in ok.plan.mails)


def test_1_1_2_1_the_rounds_of_a_weekend():
    assert weekend_rounds((3, 3, 3, 2), 1) == range(1, 4) and weekend_rounds((3, 3, 3, 2), 4) == range(10, 12)
    assert weekend_rounds((3, 3, 3, 2), 0) is None and weekend_rounds((3, 3, 3, 2), 5) is None


def test_the_commitment_waits_for_dbf_draw_commit(ids, session):
    with session(False) as s:
        assert ids(commitment_mails(s, CommitmentMails(round=1, via=FILES), Postbox())) == [
            (None, "state.not-committed")]


def test_1_5_12_a_team_that_lost_is_out_of_the_cup():
    class R:
        def __init__(self, loser):
            self.loser = loser

    teams = {"A": "a", "B": "b", "C": "c"}
    assert still_in(teams, {"C1-001": R("B"), "C1-002": R(None)}) == [("A", "a"), ("C", "c")]


def test_1_5_15_a_fee_paid_with_dbf_fees_pay_is_not_reminded(session, example, tmp_path):
    """The reminders read the fee ledger of `dbf fees` (one home): money recorded by `dbf fees pay`
    settles what the team owes, as `dbf fees` shows it."""
    from dbfcli.app.fees import Payment, pay
    from dbftest import run_dbf
    from test_result import cup_teams, sheet_text

    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    owed = {r["team"]: r["owed_kr"] for r in
            _fee_reminders(session, ReminderMails(via=FILES, now="2027-06-01T10:00"))}
    assert owed.get("KBH-1", 0) > 0     # §1.5.15: round 2's fee, due with the sheet of round 1
    with session() as s:
        assert not pay(s, Payment(team="KBH-1", amount=str(owed["KBH-1"]), on="2027-01-12")).refused
    after = {r["team"] for r in _fee_reminders(session, ReminderMails(via=FILES, now="2027-06-01T10:00"))}
    assert "KBH-1" not in after


def _fee_reminders(session, request):
    with session(False) as s:
        out = reminder_mails(s, request, Postbox())
    assert not out.refused
    return [r for r in out.doc["reminders"] if r["kind"] == "fee"]
