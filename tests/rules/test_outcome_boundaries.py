"""§1.5.10 the winner of a cup match, boundary cases against the Danish text:
"Vinder af en kamp er det hold, der i løbet af kampen scorer flest IMP. I tilfælde af ligestilling
afgøres kampen af totalpointscoren. Er der stadig ligestilling, forlænges kampen med 4 spil ad
gangen, til en vinder er fundet efter samme princip." Sides: 0 = home, 1 = away."""

from __future__ import annotations

import pytest

from dbfcli.rules.cup.outcome import Score, decide


def seg(home: int, away: int, tp: tuple[int, int] | None = None, boards: int = 8) -> Score:
    return Score(boards, (home, away), tp)


def extra(home: int, away: int, tp: tuple[int, int] | None = None, boards: int = 4) -> Score:
    return Score(boards, (home, away), tp)


@pytest.mark.parametrize("segments, tp, extras, winner, by, used, errors, why", [
    # most IMPs over the whole match, not segments won
    ([seg(10, 9), seg(10, 9), seg(10, 9), seg(10, 9), seg(0, 5)], None, [], 1, "imps", 0, 0,
     "home wins 4 segments of 5 by 1, away wins the match 41-40"),
    ([seg(50, 49)], (4000, 6000), [], 0, "imps", 0, 0, "one IMP decides; total points are not looked at"),
    # tie -> total points
    ([seg(20, 20)], (5010, 5000), [], 0, "total_points", 0, 0, "ten total points decide"),
    ([seg(20, 20)], None, [], None, None, 0, 1, "tie and no total points on the sheet"),
    ([seg(20, 20)], (5000, 5000), [], None, None, 0, 1, "tie in IMPs and total points, no extra segment"),
    # still tied -> 4 boards at a time, the same principle: IMPs, then total points
    ([seg(20, 20)], (5000, 5000), [extra(0, 1)], 1, "extra", 1, 0, "first extra segment by 1 IMP"),
    ([seg(20, 20)], (5000, 5000), [extra(3, 3, (600, 650))], 1, "extra", 1, 0,
     "extra segment tied in IMPs, decided by its total points"),
    ([seg(20, 20)], (5000, 5000), [extra(3, 3, (600, 600)), extra(0, 2)], 1, "extra", 2, 0,
     "extra segment fully tied: 4 more boards"),
    ([seg(20, 20)], (5000, 5000), [extra(3, 3, (600, 600)), extra(1, 1, (90, 90))], None, None, 2, 1,
     "still tied after the last extra segment"),
    # the sheet contradicts the principle
    ([seg(20, 20)], (5010, 5000), [extra(0, 5)], 0, "total_points", 0, 1,
     "extra segment although total points decided: the total points stand"),
    ([seg(20, 20)], (5000, 5000), [extra(5, 0), extra(0, 9)], 0, "extra", 1, 1,
     "a second extra segment after the first decided: the first stands"),
    ([seg(20, 20)], (5000, 5000), [extra(5, 0, boards=8)], 0, "extra", 1, 1,
     "an extra segment of 8 boards is an error (4 boards at a time)"),
])
def test_1_5_10_winner_boundaries(segments, tp, extras, winner, by, used, errors, why):
    o = decide(segments, tp, extras)
    assert (o.winner, o.decided_by, o.extra_segments_used) == (winner, by, used), why
    assert len(o.problems) == errors and all(p.rule == "1.5.10" for p in o.problems), why


def test_1_5_10_extra_imps_are_kept_apart_from_the_ordinary_match():
    """§1.5.10: the ordinary match's IMPs and the extra segments' IMPs are both reported."""
    o = decide([seg(20, 20)], (5000, 5000), [extra(1, 1, (90, 90)), extra(4, 0)])
    assert (o.imps, o.extra_imps, o.total_imps) == ((20, 20), (5, 1), (25, 21))


# -- §1.5.10 GP: "Alle guldpoint (GP) tilfalder vinderholdet, der deler efter hvor meget, den
#    enkelte spiller har spillet." -------------------------------------------------------------------

@pytest.mark.parametrize("round_no", [0, 10, -1])
def test_1_5_10_no_gp_outside_rounds_1_to_9(round_no):
    from dbfcli.rules.cup.gp import round_gp
    with pytest.raises(ValueError):
        round_gp(round_no)


@pytest.mark.parametrize("round_no, boards, expected", [
    # final, 6 players, two of them half the match: 96 GP over 240 boards = 0.4 GP a board
    (9, {1: 48, 2: 48, 3: 48, 4: 48, 5: 24, 6: 24}, {1: 1920, 2: 1920, 3: 1920, 4: 1920, 5: 960, 6: 960}),
    # round 6 (1/8 final), 16 GP; extra segments count as boards played (44 + 44 + 44 + 44)
    (6, {1: 44, 2: 44, 3: 44, 4: 44}, {1: 400, 2: 400, 3: 400, 4: 400}),
    # a listed player who played no board gets nothing; the others share all of round 2's 8 GP
    (2, {1: 40, 2: 40, 3: 40, 4: 40, 5: 0}, {1: 200, 2: 200, 3: 200, 4: 200, 5: 0}),
])
def test_1_5_10_all_gp_to_the_winners_by_boards(round_no, boards, expected):
    from dbfcli.rules.cup.gp import match_gp, round_gp
    got = match_gp(round_no, boards)
    assert got == expected and sum(got.values()) == round_gp(round_no) * 100
