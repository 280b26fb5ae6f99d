"""§1.1.2.1 (§1.1.3.1, §1.1.4.1): a new division roster may not orphan recorded matches
(rules/divisions/roster.py, ``dbf division enter``)."""

from __future__ import annotations

from dbfcli.rules.divisions.roster import orphaned_results
from dbfcli.rules.divisions.standings import DivResult
from dbfcli.rules.model import Player, Team


def _team(tid: str) -> Team:
    return Team(tid, tid, 1, 1, "2100", tuple(Player(i, f"P{i}") for i in range(1, 5)))


def _result(mid: str, home: str, away: str) -> DivResult:
    return DivResult(match_id=mid, round=1, home=home, away=away, imps_home=10, imps_away=5, boards=36)


def test_1_1_2_1_a_team_left_out_with_recorded_matches_is_refused_once_per_team():
    results = [_result(f"1div-R{i}-1", "A", "B") for i in range(1, 6)] + [_result("1div-R1-2", "C", "D")]
    problems = orphaned_results("1div", [_team("A"), _team("C"), _team("D")], results)
    assert [(p.rule, p.code) for p in problems] == [("1.1.2.1", "div.results-orphaned")]
    assert problems[0].message.args[:2] == ("B", "5") and problems[0].message.args[4] == " ..."


def test_1_1_3_1_1_1_4_1_the_division_s_own_paragraph():
    results = [_result("2div-R1-1", "A", "B")]
    assert [p.rule for p in orphaned_results("2div", [], results)] == ["1.1.3.1", "1.1.3.1"]
    assert [p.rule for p in orphaned_results("3div-b", [_team("B")], results)] == ["1.1.4.1"]


def test_1_1_2_1_every_team_kept_or_no_results_is_no_problem():
    assert orphaned_results("1div", [_team("A"), _team("B")], [_result("1div-R1-1", "A", "B")]) == []
    assert orphaned_results("1div", [], []) == []
