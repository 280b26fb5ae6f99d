"""``dbfcli.app.ledger`` called directly: the cup's ledgers read from the recorded matches, UP
(§1.5.4), guldpoint (§1.5.10) and fees (§1.5.15); refusals asserted by their code."""

from __future__ import annotations

import pytest

from dbfcli.app.ledger import FeesRequest, GpRequest, UpRequest, fee_ledger, gp_ledger, up_ledger
from dbftest import run_dbf, snapshot
from test_result import cup_teams, sheet_text, write_draw


@pytest.fixture
def played(example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    for mid, a, b, imps, up in (("C1-001", "KBH-1", "KBH-3", (30, 20), 1), ("C1-002", "KBH-2", "AAL-1", (5, 40), None)):
        f = tmp_path / f"{mid}.yaml"
        f.write_text(sheet_text(mid, teams[a], teams[b], 1, imps=imps, up=up))
        assert run_dbf("result", "submit", f).exit_code == 0
    return teams


def test_1_5_4_up_ledger_credits_each_sheet(session, played, example):
    before = snapshot(example)
    with session(False) as s:
        out = up_ledger(s, UpRequest())
    assert not out.refused and not out.written and out.show == "up"
    assert out.plan.totals["KBH-3"] == 1 and out.plan.totals["KBH-1"] == 0
    assert [(r["match"], r["team"], r["up"]) for r in out.plan.rows] == [("C1-001", "KBH-3", 1)]
    assert out.doc == {"teams": out.plan.totals, "rounds": out.plan.rows} and snapshot(example) == before
    with session(False) as s:
        assert up_ledger(s, UpRequest(team="KBH-3")).plan.totals == {"KBH-3": 1}


def test_1_5_4_up_ledger_refuses_an_unknown_team(ids, session, played):
    with session(False) as s:
        out = up_ledger(s, UpRequest(team="NOPE"))
    assert ids(out) == [(None, "unknown.team")] and out.exit == 2 and out.plan is None


def test_1_5_10_gp_ledger_the_winners_share(session, played):
    with session(False) as s:
        out = gp_ledger(s, GpRequest())
    winners = {p["id"] for t in ("KBH-1", "AAL-1") for p in played[t]["players"]}
    assert set(out.plan.totals) == winners and sum(out.plan.totals.values()) == 1600   # §1.5.10: 8 GP a match of round 1
    assert out.doc["total"] == 16.0 and out.plan.rows == [] and out.doc["matches"] == []
    first = sorted(winners)[0]
    with session(False) as s:
        one = gp_ledger(s, GpRequest(player=first, shares=True))
    assert list(one.plan.totals) == [first] and {r["player"] for r in one.plan.rows} == {first}
    with session(False) as s:   # a player awarded nothing: 0
        assert gp_ledger(s, GpRequest(player=1)).plan.totals == {1: 0}


def test_1_5_15_fee_ledger_owed_after_the_sheet(ids, session, played):
    with session(False) as s:
        out = fee_ledger(s, FeesRequest(today="2027-06-01"))
    n = len(played["KBH-1"]["players"])
    kbh1 = out.doc["teams"]["KBH-1"]
    assert [(r["round"], r["kind"]) for r in kbh1["rows"]] == [(1, "fee"), (1, "paid"), (2, "fee")]
    assert kbh1["balance_kr"] == 60 * n and out.doc["teams"]["KBH-3"]["balance_kr"] == 0
    assert out.plan.fee == 60 and str(out.plan.day) == "2027-06-01" and set(out.plan.chosen) >= {"KBH-1", "KBH-3"}
    with session(False) as s:
        one = fee_ledger(s, FeesRequest(team="KBH-1", today="2027-06-01"))
    assert list(one.plan.chosen) == ["KBH-1"] and list(one.doc["teams"]) == ["KBH-1"]
    with session(False) as s:
        assert ids(fee_ledger(s, FeesRequest(team="NOPE"))) == [(None, "unknown.team")]
    with session(False) as s:
        assert ids(fee_ledger(s, FeesRequest(today="1.6.2027"))) == [(None, "usage.option")]
