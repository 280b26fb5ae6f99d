"""§1.5.17, §7.2 travel refunds; §1.5.4 overnight allowance."""

import pytest

from dbfcli.rules.settings import TravelSettings
from dbfcli.rules.cup.travel import fare, overnight_allowance, travel_claim, zone_refund

PRICES = {1: 24, 2: 24, 3: 36, 4: 48, 11: 132, 12: 144, 20: 240, 40: 360, 60: 420}
T = TravelSettings(zone_prices_kr=PRICES, bornholm_ferry_kr=400)


@pytest.mark.parametrize("zones,refund", [(0, 0), (4, 0), (11, 0), (12, 12), (20, 108), (40, 228),
                                          (60, 288), (99, 288)])   # beyond the table: the maximum fare
def test_7_2_1_part_beyond_11_zones(zones, refund):
    assert zone_refund(zones, PRICES) == (refund, [])


def test_7_2_1_zone_count_between_steps_costs_the_next_step():
    assert zone_refund(15, PRICES) == (240 - 132, [])


def test_7_2_1_missing_price_table_is_a_problem():
    got, problems = zone_refund(15, {})
    assert got == 0 and [p.rule for p in problems] == ["1.5.17"]
    assert fare(5, {})[0] is None


@pytest.mark.parametrize("round_no,persons,kr", [(6, 4, 0), (7, 4, 640), (8, 5, 800), (9, 6, 960)])
def test_1_5_4_overnight_allowance(round_no, persons, kr):
    assert overnight_allowance(round_no, persons) == kr


@pytest.mark.parametrize("kw,total", [
    (dict(round_no=5, persons=4, zones=20), 4 * 2 * 108),
    (dict(round_no=5, persons=4, zones=20, reservation_kr=30), 4 * 2 * (108 + 30)),
    (dict(round_no=5, persons=4, zones=10, reservation_kr=30), 0),                   # within free zones
    (dict(round_no=7, persons=4, zones=20, trips=1), 4 * 108 + 640),
    (dict(round_no=8, persons=5, zones=12, bornholm=True), 5 * 2 * (400 + 144) + 800),  # §7.2.2
])
def test_1_5_17_claims(kw, total):
    claim, problems = travel_claim("RON-1", "C5-001", settings=T, **kw)
    assert problems == [] and claim.total == total


@pytest.mark.parametrize("kw,rule", [
    (dict(persons=7, zones=20), "1.5.11"),
    (dict(persons=4, zones=-1), None),
])
def test_1_5_17_bad_claims(kw, rule):
    claim, problems = travel_claim("X", "C5-001", 5, settings=T, **kw)
    assert claim is None and [p.rule for p in problems] == [rule]


def test_1_5_17_needs_price_table():
    claim, problems = travel_claim("X", "C5-001", 5, 4, 13, TravelSettings())
    assert claim is None and [p.rule for p in problems] == ["1.5.17"]


def test_7_2_2_needs_ferry_price():
    claim, problems = travel_claim("X", "C5-001", 5, 4, 3, TravelSettings(zone_prices_kr=PRICES), bornholm=True)
    assert claim is None and [p.rule for p in problems] == ["7.2.2"]
