"""Travel points for one away trip (§1.5.4)."""

from __future__ import annotations

import pytest

from dbfcli.rules.geography import Route, road_route
from dbfcli.rules.settings import UPSettings
from dbfcli.rules.cup.up import crossing_up, distance_up, trip_function, up_for_trip, whole_km
from dbfcli.store.geodata import load_postcodes

DEFAULT = UPSettings()
NO_BRIDGE = UPSettings(storebaelt_bridge_counts=False)


def trip(km, crossings=(), settings=DEFAULT, round_no=1):
    return up_for_trip(Route("0000", "0001", km, tuple(crossings)), settings, round_no)


@pytest.mark.parametrize("km,up", [
    (0, 0), (1, 1), (29, 1), (30, 1), (31, 2), (60, 2), (61, 3),
    (0.4, 0), (0.5, 1), (30.4, 1), (30.5, 2), (89.9, 3), (90.49, 3), (90.5, 4), (313, 11),
])
def test_1_5_4_one_up_per_commenced_30_km(km, up):
    """§1.5.4: 1 UP per commenced 30 km; km rounded to whole km, half up, first."""
    assert distance_up(km) == up
    assert trip(km).distance_up == up
    assert trip(km).total == up


@pytest.mark.parametrize("km,km_per_up,up", [(25, 25, 1), (26, 25, 2), (100, 50, 2), (10, 0, 0)])
def test_1_5_4_km_per_up_is_a_setting(km, km_per_up, up):
    """§1.5.4: the 30 km step comes from UPSettings.km_per_up."""
    assert trip(km, settings=UPSettings(km_per_up=km_per_up)).distance_up == up


@pytest.mark.parametrize("value,expected", [(12.5, 13), (12.49, 12), (-5, 0), (float("nan"), 0), ("x", 0)])
def test_1_5_4_whole_km_never_raises(value, expected):
    assert whole_km(value) == expected


@pytest.mark.parametrize("crossings,settings,up", [
    (("kattegat",), DEFAULT, 7),
    (("oestersoeen",), DEFAULT, 14),
    (("storebaelt",), DEFAULT, 3),                  # the bridge counts by default
    (("storebaelt",), NO_BRIDGE, 0),                # ... unless the season says no
    (("langelandsbaelt",), NO_BRIDGE, 3),           # a Storebælt-class ferry always counts
    (("samsoe-kalundborg",), DEFAULT, 3),
    (("oestersoeen", "storebaelt"), DEFAULT, 17),
    (("oestersoeen", "storebaelt"), NO_BRIDGE, 14),
    (("aeroe",), DEFAULT, 0), (("fanoe",), DEFAULT, 0), (("laesoe",), DEFAULT, 0),
    (("samsoe",), DEFAULT, 0), (("atlantis",), DEFAULT, 0),
    (("kattegat",), UPSettings(kattegat=9), 9),
])
def test_1_5_4_ferry_up(crossings, settings, up):
    """§1.5.4: +3 Storebælt, +7 Kattegat, +14 Østersøen; other ferries earn none."""
    result = trip(10, crossings, settings)
    assert result.crossing_up == up
    assert result.total == 1 + up
    assert len(result.reasons) == 1 + len(crossings)


def test_1_5_4_bridge_reason_names_the_setting():
    value, why = crossing_up("storebaelt", NO_BRIDGE)
    assert value == 0 and "storebaelt_bridge_counts" in why


@pytest.mark.parametrize("round_no,bonus", [(1, 0), (6, 0), (7, 3), (8, 6), (9, 6)])
def test_1_5_4_stage_bonus_for_quarter_semi_final(round_no, bonus):
    """§1.5.4: travel to the quarter-final, semi-final and final gives 3, 6 and 6 UP more."""
    result = trip(45, round_no=round_no)
    assert result.stage_up == bonus
    assert result.total == 2 + bonus
    assert any(f"round {round_no}" in r for r in result.reasons) == bool(bonus)


def test_1_5_4_stage_bonus_is_a_setting():
    assert trip(40, settings=UPSettings(stage_bonus={7: 4}), round_no=7).stage_up == 4


@pytest.mark.parametrize("a,b,round_no,expected", [
    ("8000", "1050", 3, 11 + 3),          # 313 km + Great Belt bridge
    ("3700", "5000", 3, 11 + 14 + 3),     # Rønne-Odense: ~323 km, Østersøen + Storebælt
    ("5000", "9000", 7, 9 + 3),           # Odense-Aalborg ~260 km, quarter-final
    ("8000", "8000", 5, 0),               # home match
])
def test_1_5_4_real_trips(a, b, round_no, expected):
    """§1.5.4: UP of real trips from the road model."""
    route = road_route(load_postcodes(), a, b)
    assert up_for_trip(route, DEFAULT, round_no).total == expected


def test_1_5_4_trip_json():
    doc = trip(31, ("kattegat",), round_no=9).to_json()
    assert doc["total"] == 2 + 7 + 6 and doc["rule"] == "1.5.4" and doc["km"] == 31


def test_1_5_4_trip_function_for_the_schedule():
    """§1.5.4: the (km, up) callable handed to rules.cup.home.schedule_match."""
    trip = trip_function(load_postcodes(), DEFAULT)
    km, up = trip("8000", "1050", 7)
    assert 280 <= km <= 330 and up == -(-km // 30) + 3 + 3
    assert trip("1050", "8000", 7) == (km, up)
    assert trip("8000", "9999", 7) == (None, None)


def test_1_5_4_and_1_5_7_match_trips_who_travels_and_which_crossings():
    """§1.5.4/§1.5.8: only the away team travels to the home captain; §1.5.7: both travel to DBF's venue."""
    from dbfcli.rules.settings import UPSettings
    from dbfcli.rules.cup.up import match_trips
    from dbfcli.store.geodata import load_postcodes

    table = load_postcodes()
    postcodes = {"AAR": "8000", "KBH": "1050"}
    up, ferries = match_trips(table, "KBH", "AAR", 3, postcodes, UPSettings(), None)
    assert up["KBH"][0] == 0 and up["AAR"][0] > 0 and ferries["AAR"] == ("storebaelt",)
    up, ferries = match_trips(table, "KBH", "AAR", 3, postcodes, UPSettings(storebaelt_bridge_counts=False), None)
    assert ferries["AAR"] == ()
    up, _ = match_trips(table, "KBH", "AAR", 9, postcodes, UPSettings(), "5000")
    assert set(up) == {"KBH", "AAR"} and all(v[0] > 6 for v in up.values())   # + 6 UP for the final


@pytest.mark.parametrize("round_no", [7, 8, 9])
def test_1_5_4_zero_km_to_a_stage_earns_no_overnight_up(round_no):
    """§1.5.4 (docs/readings/zero-km.md): a team at the venue's own postcode does not travel: 0 km,
    0 UP, not the quarter-final's, semi-final's or final's overnight UP."""
    from dbfcli.rules.geography import PostcodeTable
    from dbfcli.rules.cup.up import trip_function

    t = PostcodeTable.from_rows([("5000", "Odense C", 55.3959, 10.3883), ("9000", "Aalborg", 57.048, 9.9187)])
    trip = trip_function(t, UPSettings())
    assert trip("5000", "5000", round_no) == (0, 0)
    km, up = trip("9000", "5000", round_no)
    assert km > 0 and up > UPSettings().stage_bonus[round_no]
