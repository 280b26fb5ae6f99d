"""§1.5.17 travel claims: who travelled (§1.5.11) and the warnings on a claim (§1.5.14, §1.5.17)."""

import pytest

from dbfcli.rules.cup.records import Appearance, RecordedMatch
from dbfcli.rules.cup.travel import DEFAULT_PERSONS, claim_persons, claim_warnings, persons_on_sheet


def _played(match="C3-001", round_no=3, home="A", away="B", a_players=(1, 2, 3, 4, 5), b_players=(11, 12, 13, 14)):
    apps = tuple(Appearance(p, home) for p in a_players) + tuple(Appearance(p, away) for p in b_players)
    return RecordedMatch(match, round_no, home, away, home, away, appearances=apps)


PLAYED = _played()
TWICE = _played(a_players=(1, 1, 2, 2, 3, 4))                        # a player on several boards counts once
WALKOVER = RecordedMatch("C3-001", 3, "A", "B", "A", "B", kind="walkover")
OTHER = _played(match="C3-002", home="C", away="D")


@pytest.mark.parametrize("matches, team, expected", [
    ([PLAYED], "A", 5),
    ([PLAYED], "B", 4),
    ([TWICE], "A", 4),
    ([PLAYED], "C", None),              # not on the sheet
    ([WALKOVER], "A", None),            # §1.5.15: no one played
    ([OTHER], "C", None),               # another match
    ([], "A", None),                    # no recorded sheet
    ([OTHER, PLAYED], "A", 5),
])
def test_1_5_17_persons_on_sheet(matches, team, expected):
    assert persons_on_sheet(matches, "C3-001", team) == expected


@pytest.mark.parametrize("given, matches, expected", [
    (6, [PLAYED], (6, "option")),
    (0, [PLAYED], (0, "option")),       # given is given: travel_claim judges it (§1.5.11)
    (None, [PLAYED], (5, "sheet")),
    (None, [WALKOVER], (DEFAULT_PERSONS, "default")),
    (None, [], (4, "default")),
])
def test_1_5_17_claim_persons(given, matches, expected):
    assert claim_persons(given, matches, "C3-001", "A") == expected


@pytest.mark.parametrize("matches, match_id, team, round_no, rules", [
    ([], "C3-001", "B", 3, ["1.5.14"]),                                   # §1.5.14: not recorded yet
    ([OTHER], "C3-001", "B", 3, ["1.5.14"]),
    ([PLAYED], "C3-001", "B", 3, []),                                     # the away team travelled
    ([PLAYED], "C3-001", "A", 3, ["1.5.17"]),                             # §1.5.17: the home team did not
    ([WALKOVER], "C3-001", "A", 3, ["1.5.17"]),
    ([_played("C7-001", 7)], "C7-001", "A", 7, ["1.5.17"]),
    ([_played("C8-001", 8)], "C8-001", "A", 8, []),                       # §1.5.7: semi-finals at DBF's venue
])
def test_1_5_17_claim_warnings(matches, match_id, team, round_no, rules):
    """§1.5.17 (issue 14): the home team's claim is an error (it did not travel), the rest warnings."""
    got = claim_warnings(matches, match_id, team, round_no)
    assert [p.rule for p in got] == rules
    assert [p.is_error for p in got] == [r == "1.5.17" for r in rules]


def test_1_5_17_home_team_claim_allowed_when_played_elsewhere():
    """§1.5.8 "medmindre andet er aftalt": at an agreed venue elsewhere the home team travelled too."""
    assert claim_warnings([PLAYED], "C3-001", "A", 3, elsewhere=True) == []


def test_1_5_14_warning_text():
    (w,) = claim_warnings([], "C3-001", "A", 3)
    assert w.message == "C3-001 has no recorded result yet; a claim is sent with the result sheet (§1.5.14)"
    assert w.hint == "check the persons when the sheet comes"
    (w,) = claim_warnings([PLAYED], "C3-001", "A", 3)
    assert w.message == ("A was the home team of C3-001, played at its captain's address (§1.5.8); "
                         "only the travelling team has a journey to refund")
    assert w.hint == "if the match was played elsewhere, record the venue first: dbf schedule cup set C3-001 --venue POSTCODE"
