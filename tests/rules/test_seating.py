"""§1.5.13: seating order and line-ups in a cup match."""

import pytest

from dbfcli.rules.cup.seating import Lineup, check_lineups, meetings, pair, seating_order, seats_first

H1, H2, H3 = pair(1, 2), pair(3, 4), pair(5, 6)
A1, A2, A3 = pair(11, 12), pair(13, 14), pair(15, 16)


@pytest.mark.parametrize("segment,first", [(1, "AWAY"), (2, "HOME"), (3, "AWAY"), (6, "HOME")])
def test_1_5_13_away_seats_first_in_odd_segments(segment, first):
    assert seats_first(segment, "HOME", "AWAY") == first


def test_1_5_13_seating_order_lists_every_segment():
    order = seating_order(5, "H", "A")
    assert [o[1] for o in order] == ["A", "H", "A", "H", "A"]
    assert all({o[1], o[2]} == {"H", "A"} for o in order)


def lu(seg, home, away):
    return Lineup(seg, tuple(home), tuple(away))


STAY = [lu(s, [H1, H2], [A1, A2]) for s in range(1, 6)]                         # same tables 5 times
SWAP = [lu(s, [H1, H2], [A1, A2] if s % 2 else [A2, A1]) for s in range(1, 6)]  # alternating
FOUR = [lu(s, [H1, H2], [A1, A2] if s in (1, 3, 4, 5) else [A2, A1]) for s in range(1, 6)]


@pytest.mark.parametrize("lineups,demanded,rules,why", [
    (SWAP, True, [], "alternating opponents: 3 and 2 meetings, never consecutive"),
    (STAY, False, ["1.5.13"] * 2, "5 meetings of H1-A1 and H2-A2: more than three"),
    (STAY, True, ["1.5.13"] * 10, "and 4 consecutive pairs of segments each"),
    (FOUR, False, ["1.5.13"] * 2, "4 meetings"),
    (FOUR[:4], True, ["1.5.13"] * 2, "3 meetings, 3-4 consecutive"),
    (FOUR[:4], False, [], "3 meetings allowed, nobody demanded"),
])
def test_1_5_13_unchanged_pairs(lineups, demanded, rules, why):
    assert [p.rule for p in check_lineups(lineups, no_consecutive_demanded=demanded)] == rules, why


def test_1_5_13_changed_pair_is_a_new_pair():
    """A pair that changes partner is not 'unchanged': meetings restart."""
    lineups = [lu(s, [H1, H2], [A1, A2]) for s in (1, 2, 3)] + [lu(4, [pair(1, 3), pair(2, 4)], [A1, A2])]
    assert check_lineups(lineups) == []


def test_1_5_13_extra_segments_do_not_count():
    assert check_lineups(STAY[:3] + [lu(6, [H1, H2], [A1, A2])], ordinary_segments=5) == []
    assert len(check_lineups(STAY[:3] + [lu(6, [H1, H2], [A1, A2])])) == 2


@pytest.mark.parametrize("home_hum,away_hum,count", [
    (frozenset(), frozenset({A1}), 1),        # H1-A1 exempt (HUM), H2-A2 still 5 meetings
    (frozenset({H1, H2}), frozenset(), 0),    # every meeting involves a HUM pair
    (frozenset({H1}), frozenset({A1}), 2),    # both teams HUM: no exception
])
def test_1_5_13_hum_pair_may_be_met_every_segment(home_hum, away_hum, count):
    assert len(check_lineups(STAY, home_hum_pairs=home_hum, away_hum_pairs=away_hum)) == count


def test_malformed_lineups():
    bad = [lu(1, [H1, H1], [A1, A2]), lu(2, [H1], [A1, A2]), lu(2, [H1, H2], [A1, A2])]
    problems = check_lineups(bad)
    assert {p.rule for p in problems} == {None} and len(problems) == 3


def test_meetings_counts_segments():
    assert meetings(SWAP)[(H1, A1)] == [1, 3, 5]
