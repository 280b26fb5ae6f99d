"""Division standings: VP per match, tie-breaks, marks (§1.1.2.1, §1.1.2.5, §1.1.3.2-3,
§1.1.4.2-3). Tie-break order (docs/readings/divisions-standings.md): VP, mini-league VP among
the still-tied teams (recomputed for every smaller tied group), IMP quotient, IMP difference,
lots."""

from itertools import combinations

import pytest

from dbfcli.rules.model import Division, Team
from dbfcli.rules.divisions.standings import DivResult, division_marks, standings
from dbfcli.rules.divisions.vp import WBF20, table_scale

# a linear scale makes the VP of every test match obvious: margin k -> 10+k VP, 20 from 10 IMPs
LINEAR, _ = table_scale("linear", {k: 1000 + 100 * k for k in range(11)})


def _div(names, div="2div"):
    return Division(div, tuple(Team(t, f"Team {t}", 1, 1, "5000") for t in names))


def _results(*matches, boards=36):
    """matches: (round, home, away, imps_home, imps_away)."""
    out = []
    count = {}
    for rnd, home, away, ih, ia in matches:
        count[rnd] = count.get(rnd, 0) + 1
        out.append(DivResult(f"2div-R{rnd:02d}-{count[rnd]:02d}", rnd, home, away, ih, ia, boards))
    return out


def _order(table):
    return [r.team for r in table.rows]


def test_1_1_3_1_vp_from_the_wbf_scale_and_the_match_boards():
    """§1.1.3.1: each match's VP from its own board count (36 with screens, 40 without)."""
    table, problems = standings(_div("ABCD"), _results((1, "A", "B", 61, 40), (1, "C", "D", 40, 61)) +
                                [DivResult("2div-R02-01", 2, "A", "C", 50, 50, 40)], WBF20)
    assert problems == []
    a, b = table.row("A"), table.row("B")
    assert (a.vp, b.vp) == (1374 + 1000, 626)  # 21 IMPs in 36 boards = 13.74-6.26; a 40-board draw 10.00
    assert (a.played, a.won, a.drawn, a.lost, a.imps_for, a.imps_against) == (2, 1, 1, 0, 111, 90)
    assert table.rounds_played == 2 and table.matches_played == 3 and table.matches_total == 6
    assert not table.complete


def test_1_1_3_1_mini_league_two_teams():
    """A and B level on VP; A beat B, so A is above B (tie_break names the step)."""
    table, _ = standings(_div("ABCD"), _results(
        (1, "A", "B", 50, 45), (1, "C", "D", 40, 40), (2, "A", "C", 40, 45), (2, "B", "D", 45, 40)), LINEAR)
    assert [(r.team, r.vp) for r in table.rows] == [("C", 2500), ("A", 2000), ("B", 2000), ("D", 1500)]
    assert table.row("B").tie_break == "mini-league"
    assert table.row("A").tie_break is None and table.row("D").tie_break is None
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]


def test_1_1_3_1_mini_league_three_teams_recomputed_for_the_still_tied_pair():
    """A, B, C level on VP; their mini-league: A 22, C 22, B 16 -> B last of the three; A and C
    still level, so the mini-league of just A and C decides (C beat A)."""
    table, _ = standings(_div("ABCD"), _results(
        (1, "A", "B", 45, 40), (1, "C", "D", 30, 30),
        (2, "B", "C", 31, 30), (2, "A", "D", 30, 30),
        (3, "C", "A", 33, 30), (3, "B", "D", 46, 40)), LINEAR)
    assert [(r.team, r.vp) for r in table.rows] == [("C", 3200), ("A", 3200), ("B", 3200), ("D", 2400)]
    assert [table.row(t).tie_break for t in "CAB"] == [None, "mini-league", "mini-league"]


def test_1_1_3_1_imp_quotient_two_teams():
    """A-B drawn, both won by 2 against C: level on VP and mini-league; B's quotient 60/58 beats
    A's 90/88."""
    table, _ = standings(_div("ABC"), _results(
        (1, "A", "B", 40, 40), (2, "A", "C", 50, 48), (3, "B", "C", 20, 18)), LINEAR)
    assert _order(table) == ["B", "A", "C"]
    assert table.row("A").tie_break == "imp-quotient"


def test_1_1_3_1_imp_quotient_three_teams():
    table, _ = standings(_div("ABCD"), _results(
        (1, "A", "B", 20, 20), (1, "C", "D", 60, 50),
        (2, "B", "C", 20, 20), (2, "A", "D", 50, 40),
        (3, "C", "A", 20, 20), (3, "B", "D", 30, 20)), LINEAR)
    assert _order(table) == ["B", "A", "C", "D"]  # 50/40 > 70/60 > 80/70
    assert [table.row(t).tie_break for t in "BAC"] == [None, "imp-quotient", "imp-quotient"]


def test_1_1_3_1_quotient_splits_one_then_mini_league_of_the_other_two():
    """A, B, C beat each other in a circle by 2 (mini-league level); A's quotient is best; B
    and C have the same quotient, so the mini-league of B and C decides: B beat C."""
    table, _ = standings(_div("ABCD"), _results(
        (1, "A", "B", 22, 20), (1, "C", "D", 60, 50),
        (2, "B", "C", 22, 20), (2, "A", "D", 30, 20),
        (3, "C", "A", 22, 20), (3, "B", "D", 60, 50)), LINEAR)
    assert _order(table) == ["A", "B", "C", "D"]
    assert table.row("B").tie_break == "imp-quotient"
    assert table.row("C").tie_break == "mini-league"


def test_1_1_3_1_imp_difference_two_teams():
    """Same VP, drawn mini-league, same quotient 2/1: A's +40 beats B's +20."""
    table, _ = standings(_div("ABC"), _results(
        (1, "A", "B", 10, 10), (2, "A", "C", 70, 30), (3, "B", "C", 30, 10)), LINEAR)
    assert _order(table) == ["A", "B", "C"]
    assert table.row("B").tie_break == "imp-difference"


def test_1_1_3_1_imp_difference_three_teams():
    """A, B, C all drawn among themselves, all beat D by 10+ (20-0), quotients all 2/1 but
    differences +40, +30, +20."""
    table, _ = standings(_div("ABCD"), _results(
        (1, "A", "B", 10, 10), (1, "C", "D", 20, 0),
        (2, "B", "C", 10, 10), (2, "A", "D", 60, 20),
        (3, "C", "A", 10, 10), (3, "B", "D", 40, 10)), LINEAR)
    assert _order(table) == ["A", "B", "C", "D"]
    assert [table.row(t).tie_break for t in "BC"] == ["imp-difference", "imp-difference"]


def test_1_1_4_2_lots_two_teams_share_the_rank_and_warn_across_a_mark():
    """Tied after every step: shared rank, seeding order, and a §1.1.4.2 warning because the
    tie decides promoted vs runner-up."""
    table, problems = standings(_div("ABC", "3div-a"), _results(
        (1, "A", "B", 30, 30), (2, "A", "C", 40, 20), (3, "B", "C", 40, 20)), LINEAR)
    assert [(r.rank, r.team, r.lots) for r in table.rows] == [(1, "A", True), (1, "B", True), (3, "C", False)]
    assert table.row("B").tie_break == "lots"
    assert [p.rule for p in problems] == ["1.1.4.2"] and not problems[0].is_error
    assert "lots" in problems[0].message and "A, B" in problems[0].message


def test_1_1_3_1_lots_three_teams():
    table, problems = standings(_div("CBA"), _results(
        (1, "A", "B", 20, 20), (2, "B", "C", 20, 20), (3, "C", "A", 20, 20)), LINEAR)
    assert [(r.rank, r.team) for r in table.rows] == [(1, "C"), (1, "B"), (1, "A")]  # entry order
    assert all(r.lots for r in table.rows)
    assert problems  # 2div: places 1-2 promoted, 3 relegated -> the draw decides


def test_1_1_3_1_no_results_yet_everyone_level_in_seeding_order():
    table, problems = standings(_div("ABCD"), [])
    assert _order(table) == list("ABCD") and table.rounds_played == 0 and table.matches_played == 0


MARKS_12 = {
    "1div": {1: "play-off", 2: "play-off", 3: "play-off", 4: "play-off", 11: "relegated", 12: "relegated"},
    "2div": {1: "promoted", 2: "promoted", 10: "relegated", 11: "relegated", 12: "relegated"},
    "3div-a": {1: "promoted", 2: "runner-up play-off", 10: "relegated", 11: "relegated", 12: "relegated"},
    "3div-b": {1: "promoted", 2: "runner-up play-off", 10: "relegated", 11: "relegated", 12: "relegated"},
}
MARK_RULES = {"play-off": "1.1.2.5", "promoted": None, "runner-up play-off": "1.1.4.2"}


@pytest.mark.parametrize("div", sorted(MARKS_12))
def test_1_1_2_5_1_1_3_2_1_1_4_2_marks_for_12_teams(div):
    """§1.1.2.5 (1div 1-4 play-off), §1.1.3.3 (1div last 2 down), §1.1.3.2 (2div 1-2 up),
    §1.1.4.3 (2div last 3 down; 3div 10-12 out), §1.1.4.2 (3div winner up, runner-up play-off)."""
    marks = division_marks(div, 12)
    assert {p: m.name for p, m in marks.items()} == MARKS_12[div]
    rules = {(p, m.rule) for p, m in marks.items()}
    expected = {"1div": {"play-off": "1.1.2.5", "relegated": "1.1.3.3"},
                "2div": {"promoted": "1.1.3.2", "relegated": "1.1.4.3"},
                "3div-a": {"promoted": "1.1.4.2", "runner-up play-off": "1.1.4.2", "relegated": "1.1.4.3"},
                "3div-b": {"promoted": "1.1.4.2", "runner-up play-off": "1.1.4.2", "relegated": "1.1.4.3"}}[div]
    assert rules == {(p, expected[name]) for p, name in MARKS_12[div].items()}


def test_1_1_2_5_marks_on_a_complete_12_team_table():
    """A full 1st division where the team earlier in seeding order wins every match by 1+:
    the table is the seeding order, rows 1-4 play-off, 11-12 relegated."""
    names = [f"T{i:02d}" for i in range(1, 13)]
    results = []
    for k, (i, j) in enumerate(combinations(range(12), 2)):
        results.append(DivResult(f"1div-X{k:03d}", k, names[i], names[j], 60 + (j - i), 60, 36))
    table, problems = standings(_div(names, "1div"), results)
    assert problems == [] and table.complete and table.matches_played == 66
    assert _order(table) == names
    assert [m.name for r in table.rows for m in r.marks] == ["play-off"] * 4 + ["relegated"] * 2
    assert table.rows[0].won == 11 and table.rows[-1].lost == 11
    assert sum(r.vp for r in table.rows) == 66 * 2000  # every match shares 20 VP exactly


def test_1_1_3_1_bad_results_are_listed_and_not_counted():
    results = _results((1, "A", "B", 40, 30), (1, "A", "C", 10, 0), (2, "A", "X", 1, 0), (2, "B", "B", 1, 0),
                       (3, "B", "A", 30, 40), (4, "C", "D", -1, 5))
    results.append(DivResult("2div-R01-01", 5, "C", "D", 1, 1, 36))  # id used twice
    results.append(DivResult("2div-R06-01", 6, "C", "D", 1, 1, 32))  # boards: warning only
    table, problems = standings(_div("ABCD"), results)
    messages = " | ".join(p.message for p in problems)
    assert "already plays" in messages  # A twice in round 1
    assert "'X' is not in 2div" in messages
    assert "cannot play itself" in messages
    assert "meet once" in messages  # B-A again
    assert "IMP totals" in messages
    assert "recorded twice" in messages
    assert "32 boards" in messages
    assert all(p.rule in ("1.1.3.1", None) for p in problems if p.is_error or "boards" in p.message)
    assert table.matches_played == 2  # A-B round 1 and C-D round 6
    assert table.row("A").played == 1


def test_1_1_2_1_results_checked_against_the_schedule():
    from dbfcli.rules.divisions.roundrobin import division_schedule
    from dbfcli.rules.settings import DivisionSettings
    from dbfcli.rules.divisions.standings import check_against_schedule

    names = [f"T{i:02d}" for i in range(1, 13)]
    rounds = division_schedule(_div(names, "1div"), DivisionSettings())
    m = rounds[0].matches[0]
    ok = DivResult(m.id, 1, m.home, m.away, 50, 40, 36)
    swapped = DivResult(m.id, 1, m.away, m.home, 50, 40, 36)
    wrong_round = DivResult(m.id, 2, m.home, m.away, 50, 40, 36)
    unknown = DivResult("1div-R12-01", 12, m.home, m.away, 50, 40, 36)
    other = rounds[0].matches[1]
    wrong_teams = DivResult(m.id, 1, m.home, other.home, 50, 40, 36)
    assert check_against_schedule([ok], rounds) == []
    assert [p.severity for p in check_against_schedule([swapped], rounds)] == ["warning"]
    assert "round 1 match" in check_against_schedule([wrong_round], rounds)[0].message
    assert "not a match of the schedule" in check_against_schedule([unknown], rounds)[0].message
    assert check_against_schedule([wrong_teams], rounds)[0].rule == "1.1.2.1"
