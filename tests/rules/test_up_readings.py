"""§1.5.4 readings where the rule is silent, each a season setting (docs/readings/geography.md):
sea km counted as km and as ferry UP (`sea_km_count`), the Læsø/Anholt/Samsø ferries and the
Kattegat UP (`kattegat_island_ferries`), Spodsbjerg-Tårs and Ballen-Kalundborg as the Great Belt
(`belt_arm_ferries`)."""

from __future__ import annotations

from dbfcli.rules.geography import road_route
from dbfcli.rules.settings import UPSettings
from dbfcli.rules.cup.up import up_for_trip
from dbfcli.store.geodata import load_postcodes

TABLE = load_postcodes()


def _trip(a, b, **settings):
    route = road_route(TABLE, a, b)
    return route, up_for_trip(route, UPSettings(**settings), 3)


def test_1_5_4_sea_km_count_both_as_distance_and_ferry_by_default():
    """Vordingborg (4760) to Nexø (3730): the sailing km are km of the trip, and Østersøen earns 14."""
    route, both = _trip("4760", "3730")
    _, ferry_only = _trip("4760", "3730", sea_km_count=False)
    assert "oestersoeen" in route.crossings
    assert both.crossing_up == ferry_only.crossing_up == 14
    assert ferry_only.distance_up < both.distance_up


def test_1_5_4_kattegat_island_ferries_earn_nothing_unless_set():
    """Frederikshavn (9900) to Læsø (9940): no Kattegat UP by default; 7 with the setting."""
    _, default = _trip("9900", "9940")
    _, kattegat = _trip("9900", "9940", kattegat_island_ferries=True)
    assert default.crossing_up == 0 and kattegat.crossing_up == 7


def test_1_5_4_belt_arm_ferries_count_as_the_great_belt_unless_set():
    """Rudkøbing (5900) to Nakskov (4900) by Spodsbjerg-Tårs: Storebælt UP, none with the setting off."""
    route, default = _trip("5900", "4900")
    _, off = _trip("5900", "4900", belt_arm_ferries=False)
    assert "langelandsbaelt" in route.crossings
    assert default.crossing_up == 3 and off.crossing_up == 0


def test_1_5_4_readings_are_read_from_season_toml():
    from dbfcli.store.settings import parse_settings

    s, problems = parse_settings('schema = 1\n[cup.up]\nsea_km_count = false\nkattegat_island_ferries = true\n')
    assert problems == [] and not s.cup.up.sea_km_count and s.cup.up.kattegat_island_ferries
    assert s.cup.up.belt_arm_ferries
    _, bad = parse_settings('schema = 1\n[cup.up]\nbelt_arm_ferries = "ja"\n')
    assert bad and bad[0].is_error
