"""``dbfcli.app.travel`` called directly: a team's travel claim for a drawn cup match (§1.5.17,
§7.2.1 fares beyond 11 zones, §7.2.2 Bornholm, §1.5.4 overnight allowance); refusals asserted by
their (§, code)."""

from __future__ import annotations

import pytest

from dbfcli.app.travel import TravelClaim, claim_travel
from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw

BEYOND_11 = 228 - 132   # the example's DSB fares: 11 zones 132 kr, 20 zones 228 kr


def test_7_2_1_1_5_4_a_claim_of_the_quarter_final(session, example):
    write_draw(example, 7, [("KBH-1", "AAL-1")])
    with session() as s:
        out = claim_travel(s, TravelClaim(match="C7-001", team="AAL-1", zones=20, persons=4))
    assert not out.refused and out.written and out.show == "claimed"
    plan = out.plan
    assert (plan.round, plan.persons_from, plan.file) == (7, "option", "cup/travel/C7-001-AAL-1.yaml")
    assert plan.claim.travel == 4 * 2 * BEYOND_11 and plan.claim.overnight == 4 * 160   # §1.5.4
    assert out.doc["total"] == plan.claim.total and (example / SEASON / plan.file).is_file()


def test_1_5_14_no_recorded_result_is_a_warning_kept_as_a_note(session, example):
    write_draw(example, 3, [("KBH-1", "AAL-1")])
    before = snapshot(example)
    with session() as s:
        out = claim_travel(s, TravelClaim(match="C3-001", team="AAL-1", zones=20, dry_run=True))
    assert not out.refused and not out.written and snapshot(example) == before
    assert [(p.rule, p.code) for p in out.notes] == [("1.5.14", "travel.no-result")]
    assert (out.plan.persons_from, out.plan.claim.persons) == ("default", 4) and out.doc["warnings"]


def test_7_2_2_bornholm(session, example):
    write_draw(example, 3, [("KBH-1", "AAL-1")])
    with session() as s:
        out = claim_travel(s, TravelClaim(match="C3-001", team="AAL-1", zones=5, persons=4, bornholm=True))
    assert out.plan.claim.total == 4 * 2 * (436 + 60) and out.plan.claim.bornholm


@pytest.mark.parametrize("match, team, expected", [
    ("C3-001", "NOPE", [(None, "unknown.team")]),      # not in the cup
    ("C3-001", "KBH-2", [(None, "unknown.team")]),     # not in the match
    ("C9-001", "AAL-1", [(None, "unknown.match")]),
])
def test_1_5_17_refused_for_who_or_what_is_not_there(ids, session, example, match, team, expected):
    write_draw(example, 3, [("KBH-1", "AAL-1")])
    before = snapshot(example)
    with session() as s:
        out = claim_travel(s, TravelClaim(match=match, team=team, zones=20))
    assert ids(out) == expected and out.exit == 2 and snapshot(example) == before


def test_1_5_17_1_5_8_the_home_team_only_when_played_elsewhere(ids, session, example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-2")])
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-2"], 1, up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    with session() as s:
        out = claim_travel(s, TravelClaim(match="C1-001", team="KBH-1", zones=20))
    assert ids(out) == [("1.5.17", "travel.home-team")] and out.exit == 1
    assert run_dbf("schedule", "cup", "set", "C1-001", "--venue", "4000").exit_code == 0   # §1.5.8: agreed elsewhere
    with session() as s:
        out = claim_travel(s, TravelClaim(match="C1-001", team="KBH-1", zones=20))
    assert not out.refused and out.notes == [] and out.plan.persons_from == "sheet"
