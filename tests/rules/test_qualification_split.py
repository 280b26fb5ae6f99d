"""§1.1.5.1 the 6 qualification places, boundary cases against the Danish text: "Fordelingen af de
i alt 6 pladser sker med 3 pladser til området vest for Storebælt og 3 pladser Øst for Storebælt.
Ændringer i fordelingen sker, hvis medlemstallet i områderne afviger med mere end 1/6 af DBFs
samlede medlemstal." Reading (docs/readings/playoff-rollover.md): an area's share at its current
places is places × total / 6; the split changes when west deviates from it by more than total / 6."""

from __future__ import annotations

import pytest

from dbfcli.rules.divisions.qualification import allocate_places


@pytest.mark.parametrize("west, east, expected, changed, why", [
    # total 6001: 1/6 = 1000.17, west's share 3000.5; the exact test is |6·west − 3·6001| > 6001
    (4000, 2001, (3, 3), False, "deviation 999.5"),
    (4001, 2000, (4, 2), True, "deviation 1000.5"),
    (2001, 4000, (3, 3), False, "deviation 999.5 toward the east"),
    (2000, 4001, (2, 4), True, "deviation 1000.5 toward the east"),
    # a half quota toward the east rounds toward the current 3 as well
    (1500, 4500, (2, 4), True, "quota 1.5: toward the current split, 2"),
    (1, 5999, (0, 6), True, "a nearly empty area gets no place"),
    (0, 0, (3, 3), False, "no membership figures: 3/3 stands"),
    (3001, 2999, (3, 3), False, "small differences never change the split"),
])
def test_1_1_5_1_split_boundaries(west, east, expected, changed, why):
    a = allocate_places(west, east)
    assert ((a.west, a.east), a.changed) == (expected, changed), why
    assert a.west + a.east == 6 and a.reason


def test_1_1_5_1_more_than_one_sixth_is_strict():
    """§1.1.5.1 'mere end 1/6': exactly one place's worth changes nothing, one member more does."""
    for total in (6000, 6006, 12000, 60000):
        sixth = total // 6
        assert not allocate_places(3 * sixth + sixth, total - 4 * sixth).changed
        assert allocate_places(3 * sixth + sixth + 1, total - 4 * sixth - 1).changed
