"""§1.5.5-§1.5.8, §1.5.16: home team, venue, date/time, semi-final/final, draw deadlines."""

import datetime as dt

import pytest

from dbfcli.rules.cup.home import Agreement, draw_deadlines, home_team, official_day, schedule_match, thursday_after
from dbfcli.rules.model import CupMatch
from dbfcli.rules.settings import CupSettings, Settings

CUP = CupSettings(match_days={1: dt.date(2026, 12, 13), 2: dt.date(2027, 1, 10), 3: dt.date(2027, 1, 31),
                              7: dt.date(2027, 4, 25)},
                  final_weekend=dt.date(2027, 5, 15), final_venue="5000")
POSTCODES = {"A": "8000", "B": "2100", "C": "5000", "D": "3700"}


def fake_trip(a, b, round_no):
    """A stand-in for geography: 10 km per unit of postcode difference, 1 UP per commenced 30 km."""
    km = abs(int(a) - int(b)) / 10
    return km, -(-int(km) // 30)


@pytest.mark.parametrize("up, home", [
    ({"A": 3, "B": 9}, "B"),     # most UP is home
    ({"A": 9, "B": 3}, "A"),
    ({"A": 5, "B": 5}, "A"),     # equal UP: the team drawn first
    ({}, "A"),                   # nothing credited yet: the team drawn first
], ids=["second-more", "first-more", "tie", "none"])
def test_1_5_5_home_team(up, home):
    """§1.5.5: most UP at home; a tie goes to the team drawn first (teams[0])."""
    assert home_team(CupMatch("C3-001", 3, ("A", "B")), up)[0] == home


def test_1_5_5_tie_broken_by_draw_order_not_by_name():
    """§1.5.5: drawn first = teams[0], whatever the ids."""
    assert home_team(CupMatch("C3-001", 3, ("Z", "A")), {"A": 4, "Z": 4}) == ("Z", "A")


def test_1_5_8_venue_is_home_captains_postcode_and_up_for_away():
    """§1.5.8 venue = home captain's address; §1.5.6 official day 13:00; away team's km/UP."""
    s, problems = schedule_match(CupMatch("C1-001", 1, ("A", "B")), CUP, POSTCODES, {"B": 2}, None, fake_trip)
    assert problems == []
    assert (s.home, s.away, s.venue) == ("B", "A", "2100")
    assert (s.date, s.time) == (dt.date(2026, 12, 13), "13:00")
    assert (s.distance_km, s.up) == (590.0, 20)


def test_1_5_8_recorded_venue_and_agreed_time():
    """§1.5.6/§1.5.8: an agreed time and venue (earlier than the official day) need no dispensation."""
    agreed = Agreement(date=dt.date(2026, 12, 12), time="10:00", venue="5000")
    s, problems = schedule_match(CupMatch("C1-001", 1, ("A", "B")), CUP, POSTCODES, {}, agreed, fake_trip)
    assert problems == []
    assert (s.venue, s.date, s.time) == ("5000", dt.date(2026, 12, 12), "10:00")
    assert s.distance_km == 290.0      # B travels from 2100 to 5000


@pytest.mark.parametrize("dispensation, rules", [(None, ["1.5.6"]), ("A's pair selected for the national team", [])],
                         ids=["no-dispensation", "dispensation"])
def test_1_5_6_later_than_official_day_needs_dispensation(dispensation, rules):
    """§1.5.6: no later than the official day, unless a dispensation is recorded."""
    agreed = Agreement(date=dt.date(2026, 12, 20), dispensation=dispensation)
    s, problems = schedule_match(CupMatch("C1-001", 1, ("A", "B")), CUP, POSTCODES, {}, agreed)
    assert [p.rule for p in problems] == rules
    assert s.date == dt.date(2026, 12, 20)


@pytest.mark.parametrize("round_no, day", [(8, dt.date(2027, 5, 15)), (9, dt.date(2027, 5, 16))],
                         ids=["semi-final", "final"])
def test_1_5_7_semi_final_and_final_have_no_home_team(round_no, day):
    """§1.5.7: Saturday semi-finals, Sunday final, at DBF's venue; both teams travel."""
    s, problems = schedule_match(CupMatch(f"C{round_no}-001", round_no, ("A", "B")), CUP, POSTCODES,
                                 {"B": 40}, None, fake_trip)
    assert problems == []
    assert s.home is None and s.neutral and s.venue == "5000" and s.date == day
    assert set(s.travel) == {"A", "B"} and s.travel["A"] == (300.0, 10)
    assert official_day(round_no, CUP) == day


def test_1_5_6_missing_match_day_is_a_warning():
    s, problems = schedule_match(CupMatch("C5-001", 5, ("A", "B")), CUP, POSTCODES, {})
    assert s.date is None and [(p.rule, p.severity) for p in problems] == [("1.5.6", "warning")]


def test_1_5_16_thursday_after():
    assert thursday_after(dt.date(2026, 12, 13)) == dt.date(2026, 12, 17)   # Sunday -> Thursday
    assert thursday_after(dt.date(2026, 12, 17)) == dt.date(2026, 12, 24)   # Thursday -> next Thursday


def test_1_5_16_draw_deadlines():
    """§1.5.16: draw of round N+1 by the Thursday after round N's day, sent by that week's Sunday."""
    deadlines = draw_deadlines(Settings(cup=CUP), recorded_rounds=[1, 2])
    first = deadlines[:2]
    assert [(d.what, d.due, d.rule, d.done) for d in first] == [
        ("draw of cup round 2", dt.date(2026, 12, 17), "1.5.16", True),
        ("send the draw of cup round 2 to the teams", dt.date(2026, 12, 20), "1.5.16", True)]
    assert [d.what for d in deadlines if not d.done] == [
        "draw of cup round 3", "send the draw of cup round 3 to the teams",
        "draw of cup round 4", "send the draw of cup round 4 to the teams",
        "draw of cup round 8", "send the draw of cup round 8 to the teams"]
    assert all(d.due.weekday() in (3, 6) for d in deadlines)


# -- HUM (§1.5.13, §1.5.1.2, §2.10.5) and draw deadlines of a small field (§1.5.16) ---------------

from dbfcli.rules.cup.home import HumPair, home_away, hum_verdicts  # noqa: E402

DAY = dt.date(2027, 1, 31)
EARLY, LATE = dt.date(2027, 1, 20), dt.date(2027, 1, 28)


@pytest.mark.parametrize("up, hum, home, rule", [
    ({}, {"A"}, "B", "1.5.13"),               # A drawn first, but HUM: away
    ({"A": 12}, {"A"}, "B", "1.5.13"),        # whatever the UP
    ({"B": 3}, {"B"}, "A", "1.5.13"),
    ({"B": 3}, {"A", "B"}, "B", "1.5.5"),     # both have HUM: §1.5.5 decides
    ({}, set(), "A", "1.5.5"),
], ids=["first-drawn-hum", "hum-more-up", "second-hum", "both-hum", "none"])
def test_1_5_13_home_away(up, hum, home, rule):
    """§1.5.13: a team with HUM pairs (and opponents without) is always the away team."""
    h, a, why = home_away(CupMatch("C3-001", 3, ("A", "B")), up, hum)
    assert (h, why[1:].split(":")[0]) == (home, rule)


@pytest.mark.parametrize("pairs, division, day, expected", [
    # §1.5.1.2: against a pool team without HUM: not allowed
    ([HumPair("A", (1, 2), EARLY)], set(), DAY, [("A", False, "1.5.1.2")]),
    # §1.5.1.2: against a division team: allowed
    ([HumPair("A", (1, 2), EARLY)], {"B"}, DAY, [("A", True, "1.5.1.2")]),
    # §1.5.1.2: against a team that plays HUM itself: both allowed
    ([HumPair("A", (1, 2), EARLY), HumPair("B", (3, 4), EARLY)], set(), DAY,
     [("A", True, "1.5.1.2"), ("B", True, "1.5.1.2")]),
    # §2.10.5: card 3 days before: not allowed, even against a division team
    ([HumPair("A", (1, 2), LATE)], {"B"}, DAY, [("A", False, "2.10.5")]),
    # reading: an opponent whose own HUM card is late does not "play HUM" in this match
    ([HumPair("A", (1, 2), EARLY), HumPair("B", (3, 4), LATE)], set(), DAY,
     [("A", False, "1.5.1.2"), ("B", False, "2.10.5")]),
    # §2.10.5: never sent
    ([HumPair("A", (1, 2), None)], {"B"}, DAY, [("A", False, "2.10.5")]),
    # exactly a week before is in time
    ([HumPair("A", (1, 2), dt.date(2027, 1, 24))], {"B"}, DAY, [("A", True, "1.5.1.2")]),
    # another match's team is ignored
    ([HumPair("C", (1, 2), EARLY)], set(), DAY, []),
], ids=["pool-team", "division-team", "both-hum", "late", "opponent-late", "not-sent", "week-exactly", "other"])
def test_1_5_1_2_2_10_5_hum_verdicts(pairs, division, day, expected):
    """§1.5.1.2, §2.10.5, §1.5.1.1: may each HUM pair play its system in this match?"""
    got = hum_verdicts(("A", "B"), pairs, division, day)
    assert [(v.team, v.allowed, v.rule) for v in got] == expected


def test_1_5_13_a_hum_pair_that_may_not_play_hum_does_not_make_its_team_away():
    """§1.5.13 with §1.5.1.2 (issue 14 item 3): A's HUM pair may not play HUM against B (a pool
    team that plays no HUM), so A has no HUM pair in this match and §1.5.5 decides: equal UP,
    A drawn first, A at home. §1.5.1.2 still warns about the pair."""
    s, problems = schedule_match(CupMatch("C3-001", 3, ("A", "B")), CUP, POSTCODES, {}, None, fake_trip,
                                 hum_pairs=[HumPair("A", (1, 2), EARLY)])
    assert (s.home, s.away, s.venue) == ("A", "B", "8000") and s.reason.startswith("§1.5.5")
    assert [(p.rule, p.severity) for p in problems] == [("1.5.1.2", "warning")]
    assert "HUM NOT allowed" in s.hum_note


def test_1_5_13_a_hum_pair_allowed_makes_its_team_away():
    """§1.5.13: against a division team (§1.5.3) A's pair may play HUM: A is away whatever the UP."""
    s, problems = schedule_match(CupMatch("C3-001", 3, ("A", "B")), CUP, POSTCODES, {"A": 30}, None, fake_trip,
                                 hum_pairs=[HumPair("A", (1, 2), EARLY)], division_teams={"B"})
    assert (s.home, s.away, s.venue) == ("B", "A", "2100") and s.reason.startswith("§1.5.13")
    assert problems == [] and "HUM allowed" in s.hum_note


def test_1_5_13_a_card_sent_late_does_not_make_its_team_away():
    """§2.10.5 (card less than a week before the match: HUM not allowed) with §1.5.13."""
    late = dt.date(2027, 1, 28)     # 3 days before the match day of round 3
    s, problems = schedule_match(CupMatch("C3-001", 3, ("A", "B")), CUP, POSTCODES, {"B": 2}, None, fake_trip,
                                 hum_pairs=[HumPair("A", (1, 2), late)], division_teams={"B"})
    assert (s.home, s.away) == ("B", "A") and s.reason.startswith("§1.5.5")   # B has more UP
    assert [p.rule for p in problems] == ["2.10.5"]


@pytest.mark.parametrize("played, expected", [
    ((1, 2, 3, 4, 5, 6, 7, 8, 9), [2, 3, 4, 8]),   # CUP has match days for 1, 2, 3 and 7
    ((1, 6, 7, 8, 9), [6, 8]),                     # 20 pool teams: rounds 2-5 are skipped
    ((2, 9), [9]),                                 # 4 teams of one club: the final after round 2
    ((1, 8, 9), [8]),                              # the semi-finals' draw after round 1
], ids=["full", "small", "tiny", "semis"])
def test_1_5_16_draw_deadlines_only_for_played_rounds(played, expected):
    """§1.5.16: a round a small field skips gets no draw, so no deadline (the next played round's
    draw is due the Thursday after the round before it)."""
    got = [d for d in draw_deadlines(CUP, [], played) if d.what.startswith("draw of")]
    assert [int(d.what.rsplit(" ", 1)[1]) for d in got] == expected


def test_1_5_6_match_start_agreed_else_official():
    import datetime as dt

    from dbfcli.rules.cup.home import Agreement, match_start
    from dbfcli.rules.settings import CupSettings

    cup = CupSettings(match_days={3: dt.date(2027, 1, 10)})
    assert match_start(3, cup) == dt.datetime(2027, 1, 10, 13, 0)
    assert match_start(3, cup, Agreement(dt.date(2027, 1, 9), "10:30")) == dt.datetime(2027, 1, 9, 10, 30)
    assert match_start(3, cup, Agreement(None, "18:00")) == dt.datetime(2027, 1, 10, 18, 0)
    assert match_start(4, cup) is None


@pytest.mark.parametrize("round_no, up, pairs, division, agreed", [
    (3, {}, [], set(), None),                                             # §1.5.5 drawn first
    (3, {"B": 4}, [], set(), None),                                       # §1.5.5 most UP
    (3, {"A": 30}, [HumPair("A", (1, 2), EARLY)], {"B"}, None),           # §1.5.13 HUM away
    (3, {}, [HumPair("A", (1, 2), EARLY)], set(), None),                  # HUM not allowed: §1.5.5
    (3, {"B": 2}, [HumPair("A", (1, 2), LATE)], {"B"}, None),             # §2.10.5 late card
    (3, {}, [HumPair("A", (1, 2), dt.date(2027, 1, 22))], {"B"},          # an earlier agreed day:
     Agreement(date=dt.date(2027, 1, 25))),                               # the card is late for it
    (8, {"A": 9}, [], set(), None),                                       # §1.5.7 no home team
], ids=["drawn-first", "most-up", "hum", "hum-not-allowed", "late-card", "agreed-day", "semi-final"])
def test_1_5_5_1_5_13_expected_home_is_the_schedules_home(round_no, up, pairs, division, agreed):
    """The home team a sheet is checked against (rules.cup.home.expected_home, used by the sheet's
    context) is the one `dbf schedule cup` shows (schedule_match), in every case of §1.5.5,
    §1.5.13 and §1.5.7."""
    from dbfcli.rules.cup.home import expected_home

    match = CupMatch(f"C{round_no}-001", round_no, ("A", "B"))
    s, _ = schedule_match(match, CUP, POSTCODES, up, agreed, fake_trip, hum_pairs=pairs, division_teams=division)
    got = expected_home(match, CUP, up, agreed, hum_pairs=pairs, division_teams=division)
    assert got == s.home
