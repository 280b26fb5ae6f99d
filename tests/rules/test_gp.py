"""§1.5.10 GP shares and the §1.5.14 penalty."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dbfcli.rules.cup.gp import ROUND_GP, apply_penalty, format_gp, match_gp, parse_gp, round_gp, share_gp


@pytest.mark.parametrize("round_no, gp", [(1, 8), (2, 8), (3, 12), (4, 12), (5, 12), (6, 16), (7, 24), (8, 48), (9, 96)])
def test_1_5_10_round_gp_table(round_no, gp):
    """§1.5.10: 8 GP in rounds 1-2, 12 in 3-5, 16 in 6, 24/48/96 quarter-final/semi-final/final."""
    assert round_gp(round_no) == gp


@pytest.mark.parametrize("boards, total, expected", [
    ({1: 40, 2: 40, 3: 40, 4: 40}, 800, {1: 200, 2: 200, 3: 200, 4: 200}),
    ({1: 40, 2: 40, 3: 20, 4: 20, 5: 40}, 800, {1: 200, 2: 200, 3: 100, 4: 100, 5: 200}),
    # 1200 / 3 = 400 each
    ({1: 40, 2: 40, 3: 40}, 1200, {1: 400, 2: 400, 3: 400}),
    # round 3: 1200 over 160 boards = 7.5 a board: 27 -> 202.5, 13 -> 97.5; the tie goes to more boards
    ({1: 40, 2: 40, 3: 27, 4: 13, 5: 40}, 1200, {1: 300, 2: 300, 3: 203, 4: 97, 5: 300}),
    # quarter-final: 2400 over 192 = 12.5 a board: 47 -> 587.5, 1 -> 12.5
    ({1: 48, 2: 48, 3: 47, 4: 1, 5: 48}, 2400, {1: 600, 2: 600, 3: 588, 4: 12, 5: 600}),
    # 800 over 3 equal players: 266.67 each; two get the extra hundredth, lower ids first
    ({7: 40, 2: 40, 3: 40}, 800, {7: 266, 2: 267, 3: 267}),
    # equal remainders: more boards first, then lower member number
    ({9: 1, 3: 1, 5: 1}, 100, {9: 33, 3: 34, 5: 33}),
    ({9: 2, 3: 1, 5: 1, 4: 2}, 100, {9: 33, 3: 17, 5: 17, 4: 33}),
    ({1: 0, 2: 40, 3: 40, 4: 40, 5: 40}, 800, {1: 0, 2: 200, 3: 200, 4: 200, 5: 200}),
])
def test_1_5_10_share_by_boards_largest_remainder(boards, total, expected):
    """§1.5.10: shared by boards played; hundredths by largest remainder; ties more boards, lower id."""
    got = share_gp(total, boards)
    assert got == expected
    assert sum(got.values()) == total


def test_1_5_10_ties_prefer_more_boards():
    # 3 players at 30 boards, 1 at 70; 1000 hundredths: 187.5, 187.5, 187.5, 437.5 -> remainders all .5
    got = share_gp(1000, {1: 30, 2: 30, 3: 30, 4: 70})
    assert got == {1: 188, 2: 187, 3: 187, 4: 438}
    assert sum(got.values()) == 1000


@settings(max_examples=300, deadline=None)
@given(round_no=st.integers(1, 9),
       boards=st.dictionaries(st.integers(100000, 999999), st.integers(1, 56), min_size=1, max_size=8))
def test_1_5_10_shares_add_up_exactly(round_no, boards):
    """Property (§1.5.10): the shares always sum to the round's GP x 100, and each share
    is within one hundredth of the exact proportional share."""
    shares = match_gp(round_no, boards)
    assert sum(shares.values()) == ROUND_GP[round_no] * 100
    total = sum(boards.values())
    for p, b in boards.items():
        assert abs(shares[p] * total - ROUND_GP[round_no] * 100 * b) < total


@pytest.mark.parametrize("shares, expected", [
    ({1: 200, 2: 200, 3: 200, 4: 200}, {1: 100, 2: 100, 3: 100, 4: 100}),
    ({1: 267, 2: 267, 3: 266, 4: 50, 5: 50}, {1: 167, 2: 167, 3: 166, 4: 0, 5: 0}),
    ({1: 2400, 2: 0}, {1: 2300, 2: 0}),
])
def test_1_5_14_penalty_one_gp_per_player_floor_zero(shares, expected):
    """§1.5.14: an incorrect sheet costs the winning team 1 GP per player (never below 0)."""
    assert apply_penalty(shares) == expected


def test_1_5_14_penalised_match_gp():
    assert match_gp(9, {1: 48, 2: 48, 3: 48, 4: 48}, penalty=True) == {1: 2300, 2: 2300, 3: 2300, 4: 2300}


@pytest.mark.parametrize("h, text", [(267, "2.67"), (800, "8.00"), (5, "0.05"), (0, "0.00")])
def test_gp_text_round_trip(h, text):
    assert format_gp(h) == text
    assert parse_gp(text) == h


@given(st.integers(-10**7, 10**7))
def test_1_5_10_gp_text_round_trips_exactly(h):
    """§1.5.10 GP are kept in hundredths; the fast reading of "d.dd" is the exact one."""
    assert parse_gp(format_gp(h)) == h


@pytest.mark.parametrize("text", ["2.5", "2.675", "-0.05", "1e2", "2.", ".5", "+1.5", "0.125", 3, 2.675])
def test_gp_reading_agrees_with_exact_fractions(text):
    from fractions import Fraction

    assert parse_gp(text) == round(Fraction(str(text)) * 100)


@pytest.mark.parametrize("text", ["--1.5", "-", "1.2.3", "x"])
def test_gp_reading_refuses_what_is_not_a_number(text):
    with pytest.raises(ValueError):
        parse_gp(text)
