"""``dbf seating`` as a use case (issue 24): :func:`dbfcli.app.seating.seating` called directly
on the example season (no cup round drawn yet: the TD names the sides)."""

from __future__ import annotations

from dbfcli.app.seating import SeatingRequest, seating


def test_1_5_13_the_away_team_seats_first_in_odd_segments(session):
    with session(write=False) as s:
        out = seating(s, SeatingRequest(match="C1-001", home="KBH-1", away="ODE-1"))
    assert not out.refused
    plan = out.plan
    assert (plan.home, plan.away) == ("KBH-1", "ODE-1") and len(plan.order) == 5
    assert [first for _, first, _ in plan.order] == ["ODE-1", "KBH-1", "ODE-1", "KBH-1", "ODE-1"]
    assert plan.checked is None and out.doc["lineups_checked"] is None


def test_1_5_13_six_segments_from_the_quarter_final(session):
    with session(write=False) as s:
        out = seating(s, SeatingRequest(match="C7-001", home="KBH-1", away="ODE-1"))
    assert len(out.plan.order) == 6


def test_a_match_in_no_draw_needs_both_sides(session, ids):
    with session(write=False) as s:
        out = seating(s, SeatingRequest(match="C1-001", home="KBH-1"))
    assert out.exit == 2 and ids(out) == [(None, "unknown.match")]


def test_1_5_13_line_ups_are_read_when_the_match_is_known_and_checked(session, ids):
    """The line-ups the face reads are asked for only after the match and its sides are known;
    the same unchanged pairs in all five segments break §1.5.13 (at most three meetings)."""
    from dbfcli.rules.cup.seating import Lineup

    same = (frozenset({1, 2}), frozenset({3, 4}))
    other = (frozenset({5, 6}), frozenset({7, 8}))
    lus = [Lineup(seg, same, other, None) for seg in range(1, 6)]
    with session(write=False) as s:
        out = seating(s, SeatingRequest(match="C1-001", home="KBH-1", away="ODE-1"), lambda: (lus, False, None))
    assert out.exit == 1 and {rule for rule, _ in ids(out)} == {"1.5.13"}
