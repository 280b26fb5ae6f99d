"""The bridge scoring table (Law 77) against published scores, and the WBF IMP table (§1.5.10)."""

from __future__ import annotations

import pytest

from dbfcli.rules.scoring.imps import imps
from dbfcli.rules.scoring.contracts import (Contract, board_vulnerability, ns_score, parse_contract, parse_vulnerability,
                                  score)

# (contract, vulnerable, tricks taken, declarer's score): the published scoring table
PUBLISHED = [
    ("1C", False, 7, 70), ("1D", True, 7, 70), ("1H", False, 7, 80), ("1S", True, 7, 80), ("1NT", False, 7, 90),
    ("1NT", False, 8, 120), ("2S", False, 8, 110), ("2NT", True, 8, 120), ("3NT", False, 9, 400),
    ("3NT", True, 9, 600), ("3NT", False, 10, 430), ("4H", False, 10, 420), ("4S", True, 10, 620),
    ("4S", True, 11, 650), ("5C", False, 11, 400), ("5D", True, 11, 600), ("6S", False, 12, 980),
    ("6H", True, 12, 1430), ("6NT", True, 12, 1440), ("7NT", False, 13, 1520), ("7S", True, 13, 2210),
    ("7NTxx", True, 13, 2980), ("1Cx", False, 7, 140), ("1Cx", True, 8, 340), ("2Hx", False, 8, 470),
    ("2Sx", True, 8, 670), ("1NTxx", False, 7, 560), ("1NTxx", True, 7, 760), ("4Sxx", True, 10, 1080),
    ("3Dx", False, 9, 470), ("6Nx", True, 12, 1680),
    ("3NT", False, 8, -50), ("3NT", True, 7, -200), ("4Sx", True, 7, -800), ("4Sx", False, 7, -500),
    ("4Hx", False, 9, -100), ("4Hx", True, 9, -200), ("3Nx", False, 5, -800), ("3Nx", False, 4, -1100),
    ("7Nx", False, 0, -3500), ("7Nx", True, 0, -3800), ("2Cxx", False, 6, -600), ("2Cxx", True, 6, -1000),
    ("4Sxx", False, 7, -1000), ("5Dx", True, 9, -500), ("1NTxx", True, 5, -1000),
]


@pytest.mark.parametrize("text,vul,tricks,expected", PUBLISHED, ids=[f"{c}{'V' if v else 'NV'}{t}" for c, v, t, _ in PUBLISHED])
def test_law_77_published_score(text, vul, tricks, expected):
    assert score(parse_contract(text), vul, tricks) == expected


def test_law_77_ns_side_and_passed_out():
    assert ns_score(parse_contract("4S"), "E", "EW", 10) == -620
    assert ns_score(parse_contract("4S"), "E", "NS", 10) == -420
    assert ns_score(parse_contract("4Sx"), "W", "Both", 7) == 800
    assert ns_score(None, None, "Both", None) == 0


@pytest.mark.parametrize("text", ["", "8S", "4", "4Q", "4Sxxx", "NT", "0NT"])
def test_law_77_bad_contract_raises(text):
    with pytest.raises(ValueError):
        parse_contract(text)


def test_law_77_spellings_of_a_contract():
    assert parse_contract("4SWx".replace("W", "")) == Contract(4, "S", 1)
    assert parse_contract("5D*") == Contract(5, "D", 1) and parse_contract("2H**") == Contract(2, "H", 2)
    assert parse_contract("6N") == parse_contract("6NT") == Contract(6, "N")
    assert parse_contract("Pass") is None and parse_contract("AP") is None


def test_law_77_tricks_out_of_range():
    with pytest.raises(ValueError):
        score(Contract(1, "C"), False, 14)


def test_law_2_vulnerability_by_board_and_spelling():
    assert [board_vulnerability(b) for b in range(1, 17)] == [
        "None", "NS", "EW", "Both", "NS", "EW", "Both", "None", "EW", "Both", "None", "NS", "Both", "None", "NS", "EW"]
    assert board_vulnerability(33) == "None"
    assert parse_vulnerability("All") == parse_vulnerability("b") == "Both"
    assert parse_vulnerability("Love") == parse_vulnerability("-") == parse_vulnerability("o") == "None"
    with pytest.raises(ValueError):
        parse_vulnerability("sometimes")


def test_1_5_10_board_score_difference_in_imps():
    # 4S= V at one table (620) and 4S-1 V at the other (-100): 720 -> 12 IMPs
    open_ = ns_score(parse_contract("4S"), "N", "Both", 10)
    closed = ns_score(parse_contract("4S"), "S", "Both", 9)
    assert imps(open_ - closed) == 12
