"""VP: the WBF 20-VP continuous scale (2013), the default scale of the divisions' standings
(§1.1.2.1, §1.1.3.1, §1.1.4.1; reading in docs/regulations.md).

Published tables used here (read through the project's search tool):

* 24 boards, every margin 0-74: a public TypeScript VP library (search index file id
  55641262213, "WBF VP scale for 24 boards ... Source: WBF VP scale 24 boards", kept as its
  canonical reference table). 13 of its entries differ from the plainly rounded formula, so it
  checks the concavity correction as well as the formula.
* 4 boards, every margin 0-30: a public bridge-scoring module (search index file id 53886425969)
  quoting "Official WBF Continuous VP Scale for 4-board matches", worldbridge.org WBF_VPScales.pdf.
* 14 boards (NEC Cup scale), margins 1-7, 10 and 20: Ron Klinger, "The New WBF IMPs-to-VPs Scale",
  IBPA Bulletin May 2013 (neapolitanclub.altervista.org): "IMPs 1 and 2 were worth 0.33 VPs each,
  IMPs 3 and 4 ... 0.31, IMP 5 = 0.30, IMPs 6 and 7 = 0.29", "7 IMPs = 12.16-7.84",
  "10-IMP win ... 12.97-7.03", "20-IMP win ... 15.26-4.74".
* 20 boards, margins 0-2: bcstar.nl "Continue WP-schaal ingevoerd" (NBB): "0 IMP: 10,00 WP,
  1 IMP: 10,28 WP, 2 IMP: 10,55 WP".

For 16, 28, 32, 36, 40 and 48 boards no published copy was found in the library; their rows
below are the algorithm's output (the algorithm that reproduces the 4- and 24-board tables
exactly), pinned so that any change to the formula, the rounding or the correction shows up,
and checked for the scale's defining properties.
"""

import math

import pytest

from dbfcli.rules.divisions.vp import (
    WBF20, TableScale, VPScale, blitz, builtin_scale, concavity_corrected, format_vp, match_vp,
    raw_table, table_scale, victory_points, vp_number, vp_table,
)

PUBLISHED_24 = (
    1000, 1025, 1050, 1075, 1099, 1123, 1146, 1168, 1190, 1212, 1233, 1254, 1275, 1295, 1315,
    1334, 1353, 1372, 1390, 1408, 1426, 1443, 1460, 1476, 1492, 1508, 1524, 1539, 1554, 1569,
    1583, 1597, 1611, 1625, 1638, 1651, 1664, 1677, 1689, 1701, 1713, 1725, 1736, 1747, 1758,
    1769, 1779, 1789, 1799, 1809, 1819, 1829, 1838, 1847, 1856, 1865, 1874, 1882, 1890, 1898,
    1906, 1914, 1922, 1930, 1937, 1944, 1951, 1958, 1965, 1972, 1979, 1985, 1991, 1997, 2000,
)
PUBLISHED_4 = (
    1000, 1061, 1120, 1176, 1229, 1280, 1328, 1374, 1418, 1460, 1500, 1538, 1574, 1609, 1642,
    1673, 1703, 1731, 1759, 1784, 1809, 1833, 1855, 1876, 1897, 1916, 1934, 1952, 1969, 1985,
    2000,
)
PUBLISHED_POINTS = [  # (boards, margin, winner VP in hundredths)
    (14, 0, 1000), (14, 1, 1033), (14, 2, 1066), (14, 3, 1097), (14, 4, 1128), (14, 5, 1158),
    (14, 6, 1187), (14, 7, 1216), (14, 10, 1297), (14, 20, 1526),
    (20, 0, 1000), (20, 1, 1028), (20, 2, 1055),
]

# boards: (blitz margin, margins 0-10, the last six margins up to the blitz) -- algorithm output
PINNED = {
    16: (60, (1000, 1031, 1061, 1091, 1120, 1148, 1176, 1203, 1229, 1255, 1280), (1961, 1969, 1977, 1985, 1993, 2000)),
    20: (68, (1000, 1028, 1055, 1082, 1108, 1134, 1159, 1183, 1207, 1230, 1253), (1972, 1979, 1986, 1993, 1999, 2000)),
    28: (80, (1000, 1024, 1047, 1070, 1092, 1114, 1135, 1156, 1177, 1198, 1218), (1974, 1980, 1986, 1992, 1998, 2000)),
    32: (85, (1000, 1022, 1044, 1065, 1086, 1107, 1127, 1147, 1167, 1186, 1205), (1974, 1980, 1985, 1990, 1995, 2000)),
    36: (90, (1000, 1021, 1041, 1061, 1081, 1101, 1120, 1139, 1158, 1176, 1194), (1975, 1980, 1985, 1990, 1995, 2000)),
    40: (95, (1000, 1020, 1039, 1058, 1077, 1096, 1114, 1132, 1150, 1168, 1185), (1976, 1981, 1986, 1991, 1996, 2000)),
    48: (104, (1000, 1018, 1036, 1054, 1071, 1088, 1105, 1122, 1138, 1154, 1170), (1979, 1984, 1988, 1992, 1996, 2000)),
}
BOARD_COUNTS = [4, 14, 16, 20, 24, 28, 32, 36, 40, 48, 64]


def test_1_1_2_1_published_24_board_table_every_margin():
    """§1.1.2.1 (VP reading): the whole published 24-board table, to the hundredth."""
    assert vp_table(24) == PUBLISHED_24
    # the correction matters: the plainly rounded formula differs in 13 places
    assert sum(a != b for a, b in zip(raw_table(24), PUBLISHED_24)) == 13


def test_1_1_2_1_published_4_board_table_every_margin():
    assert vp_table(4) == PUBLISHED_4


@pytest.mark.parametrize("boards,margin,expected", PUBLISHED_POINTS)
def test_1_1_2_1_published_points(boards, margin, expected):
    assert victory_points(margin, boards) == (expected, 2000 - expected)


@pytest.mark.parametrize("boards", sorted(PINNED))
def test_1_1_2_1_pinned_rows_margins_0_to_10_and_at_the_blitz(boards):
    blitz_margin, first, last = PINNED[boards]
    table = vp_table(boards)
    assert len(table) - 1 == blitz_margin
    assert table[:11] == first
    assert table[-6:] == last
    for margin, vp in enumerate(first):
        assert victory_points(margin, boards) == (vp, 2000 - vp)
        assert victory_points(-margin, boards) == (vp, 2000 - vp)
    # beyond the blitz: 20-0, and the loser never goes below 0
    assert victory_points(blitz_margin + 1, boards) == (2000, 0)
    assert victory_points(10 * blitz_margin, boards) == (2000, 0)
    assert victory_points(blitz_margin - 1, boards)[0] < 2000


@pytest.mark.parametrize("boards", BOARD_COUNTS)
def test_1_1_2_1_scale_properties(boards):
    """Each extra IMP is worth no more than the one before (concave), every IMP counts below
    the blitz (strictly rising), the table ends at 20.00 near 15*sqrt(N)."""
    table = vp_table(boards)
    steps = [b - a for a, b in zip(table, table[1:])]
    assert table[0] == 1000 and table[-1] == 2000
    assert all(s > 0 for s in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:-1]))
    assert abs(len(table) - 1 - blitz(boards)) <= 1.5
    # the correction only ever raises, by at most a few hundredths
    raw = raw_table(boards)
    assert all(0 <= c - r <= 3 for c, r in zip(table, raw))


def _literal_correction(table):
    """The correction rule word for word: take the smallest offending k, add 0.01, repeat."""
    table = list(table)
    while True:
        bad = [k for k in range(1, len(table) - 1) if table[k + 1] - table[k] > table[k] - table[k - 1]]
        if not bad:
            return tuple(table)
        table[bad[0]] += 1


@pytest.mark.parametrize("boards", range(1, 65))
def test_1_1_2_1_fast_correction_equals_the_literal_rule(boards):
    assert concavity_corrected(raw_table(boards)) == _literal_correction(raw_table(boards))


def test_1_1_2_1_formula_against_an_independent_float_evaluation():
    tau = (math.sqrt(5) - 1) / 2
    for boards in (16, 36, 40):
        x = 15 * math.sqrt(boards)
        for margin in range(0, 30):
            exact = 10 + 10 * (1 - tau ** (3 * margin / x)) / (1 - tau**3)
            assert raw_table(boards)[margin] == round(exact * 100)


@pytest.mark.parametrize("hundredths,text", [(0, "0.00"), (5, "0.05"), (1543, "15.43"), (2000, "20.00"), (-191, "-1.91")])
def test_format_vp(hundredths, text):
    assert format_vp(hundredths) == text
    assert vp_number(hundredths) == float(text)


@pytest.mark.parametrize("home,away,boards,expected", [
    (40, 40, 36, (1000, 1000)),
    (41, 40, 36, (1021, 979)),
    (40, 41, 36, (979, 1021)),
    (150, 0, 40, (2000, 0)),
    (0, 95, 40, (0, 2000)),
])
def test_1_1_2_1_match_vp_from_the_home_side(home, away, boards, expected):
    assert match_vp(WBF20, home, away, boards) == expected
    assert sum(match_vp(WBF20, home, away, boards)) == 2000


def test_vp_table_rejects_no_boards():
    with pytest.raises(ValueError):
        vp_table(0)


def test_builtin_scale_names():
    assert builtin_scale("wbf-20") is WBF20
    assert isinstance(WBF20, VPScale)
    assert builtin_scale("vp/club.yaml") is None


def test_table_scale_bands_and_problems():
    scale, problems = table_scale("club", {0: 1000, 2: 1100, 5: 1200, 9: 1500, 30: 2000})
    assert problems == [] and isinstance(scale, TableScale) and isinstance(scale, VPScale)
    assert [scale.winner(m, 24) for m in (0, 1, 2, 4, 5, 29, 30, 99)] == [1000, 1000, 1100, 1100, 1200, 1500, 2000, 2000]
    assert match_vp(scale, 10, 14, 24) == (900, 1100)
    bad = [
        ({}, "empty"),
        ({1: 1100}, "start at margin 0"),
        ({0: 900, 3: 1200}, "half the total"),
        ({0: 1000, 3: 1300, 5: 1200}, "VP fall"),
        ({0: 1000, 3: 2100}, "outside"),
    ]
    for table, words in bad:
        scale, problems = table_scale("t", table)
        assert scale is None and problems and words in problems[0].message
