"""The WBF IMP scale (Law 78B), used by every match of the cup (§1.5.10) and the divisions (§1.1.2.1)."""

import pytest

from dbfcli.rules.scoring.imps import IMP_EDGES, imp_band, imps

# Law 78B, as printed (e.g. lovboka.org/78.htm, infobridge.it/Gioco_IMP.htm): difference -> IMPs
LAW_78B = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]


@pytest.mark.parametrize("low,high,value", LAW_78B, ids=lambda x: str(x))
def test_1_1_2_1_every_band_edge(low, high, value):
    """§1.1.2.1 / §1.5.10: both edges of every printed band, and their negatives."""
    assert imps(low) == value
    assert imps(high) == value
    assert imps(-low) == -value
    assert imps(-high) == -value
    assert imp_band(value) == (low, high)


@pytest.mark.parametrize("points", [4000, 4010, 5000, 7600, 100000])
def test_1_1_2_1_24_is_the_top(points):
    assert imps(points) == 24
    assert imps(-points) == -24
    assert imp_band(24) == (4000, None)


def test_1_1_2_1_every_multiple_of_ten_is_monotone_and_steps_by_one():
    values = [imps(p) for p in range(0, 4500, 10)]
    assert values == sorted(values)
    assert all(b - a in (0, 1) for a, b in zip(values, values[1:]))
    assert len(IMP_EDGES) == 24 and values[-1] == 24


def test_1_1_2_1_odd_differences_fall_in_the_lower_band():
    assert imps(15) == 0 and imps(45) == 1 and imps(-3995) == -23


@pytest.mark.parametrize("bad", [-1, 25])
def test_imp_band_rejects_impossible_values(bad):
    with pytest.raises(ValueError):
        imp_band(bad)
