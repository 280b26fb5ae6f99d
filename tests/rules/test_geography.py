"""Road geography: land masses, east/west (§1.5.2) and road km for UP (§1.5.4)."""

from __future__ import annotations

from importlib import resources

import pytest

from dbfcli.rules.geography import (
    PostcodeTable, great_circle_km, landmass_of, normalize_postcode, road_route, side_of,
)
from dbfcli.rules.geography_network import LINKS, SIDE, landmass_of_code
from dbfcli.store.geodata import ATTRIBUTION, load_postcodes


@pytest.fixture(scope="module")
def table() -> PostcodeTable:
    return load_postcodes()


# --- calibration: published road distances (§1.5.4 "distance to the venue") ---
# (from, to, real road km, source). The estimate must be within 15 %.
CALIBRATION = [
    ("8000", "1050", 300, "well-known: Aarhus-Copenhagen over the Great Belt bridge, ~300-310 km"),
    ("5000", "1050", 167, "Wikipedia 'Odense' (by road 167 km SW of Copenhagen), via primidi/artsandculture"),
    ("5000", "8000", 144, "Wikipedia 'Odense' (by road 144 km S of Aarhus)"),
    ("5000", "5700", 45, "Wikipedia 'Odense' (by road 45 km N of Svendborg)"),
    ("6700", "6000", 71, "Wikipedia 'Esbjerg' (by road 71 km W of Kolding), hmong.es mirror"),
    ("6700", "8000", 164, "Wikipedia 'Esbjerg' (by road 164 km SW of Aarhus)"),
    ("9990", "9900", 41, "Wikipedia 'Skagen' (41 km N of Frederikshavn by road), somedayguide.com"),
    ("9990", "9000", 108, "Wikipedia 'Skagen' (108 km NE of Aalborg by road)"),
    ("9990", "8000", 226, "Wikipedia 'Skagen' (226 km NE of Aarhus by road)"),
    ("8900", "8000", 38.5, "Wikipedia 'Randers' (by road 38.5 km N of Aarhus)"),
    ("8900", "8800", 43.8, "Wikipedia 'Randers' (by road 43.8 km E of Viborg)"),
    ("8800", "8000", 66, "Lonely Planet Denmark (Viborg 66 km NW of Aarhus on Rte 26), what-when-how.com"),
    ("8600", "8000", 44, "inyourpocket.com Aarhus day trips (Silkeborg 44 km W of Aarhus)"),
    ("5700", "5600", 28.5, "Wikipedia 'Svendborg' (by road 28.5 km SSE of Faaborg), biroto.eu"),
    ("5700", "1050", 195, "Wikipedia 'Svendborg' (by road 195 km SW of Copenhagen), biroto.eu"),
    ("4700", "1050", 80, "Frommer's Næstved (80 km SW of Copenhagen)"),
    ("9800", "1050", 467, "ermakvagus.com Hjørring (467 km to Copenhagen via the Great Belt Bridge)"),
    ("9800", "9000", 50, "ermakvagus.com Hjørring (approx. 50 km N of Aalborg)"),
    ("8700", "8000", 50, "askdefine Horsens (50 km S of Aarhus)"),
    ("8700", "7100", 30, "askdefine Horsens (30 km N of Vejle)"),
    ("4300", "1050", 60, "ermakvagus.com / nn.wikipedia Holbæk (approx. 60 km from Copenhagen)"),
    ("3700", "1050", 190, "Rønne-Ystad 75 km by sea (dusty-dreams.org, 80 min) + Ystad-Copenhagen "
                          "~115 km by road over the Øresund bridge (widely published)"),
]


@pytest.mark.parametrize("a,b,real,source", CALIBRATION, ids=[f"{a}-{b}" for a, b, _, _ in CALIBRATION])
def test_1_5_4_road_km_within_15_percent_of_published(table, a, b, real, source):
    """§1.5.4: the road estimate is within 15 % of a published road distance."""
    route = road_route(table, a, b)
    assert route is not None
    assert abs(route.km - real) <= 0.15 * real, f"{a}-{b}: {route.km:.0f} km vs {real} ({source})"


def test_1_5_4_calibration_table_is_large_enough():
    assert len(CALIBRATION) >= 15


# --- crossings (§1.5.4 ferry UP needs them) ---
@pytest.mark.parametrize("a,b,crossings", [
    ("8000", "1050", ("storebaelt",)),            # Aarhus-Copenhagen: bridge, not Kattegat
    ("5000", "9000", ()),                         # Odense-Aalborg: Little Belt bridge is not reported
    ("3700", "5000", ("oestersoeen", "storebaelt")),  # Rønne-Odense: Køge ferry, then the Great Belt
    ("3700", "1050", ("oestersoeen",)),           # Rønne-Copenhagen via Ystad and Øresund
    ("8000", "4500", ("kattegat",)),              # Aarhus-Nykøbing Sj: Kattegat saves > 150 km
    ("5900", "4900", ("langelandsbaelt",)),       # Rudkøbing-Nakskov: Spodsbjerg-Tårs
    ("8305", "1050", ("samsoe-kalundborg",)),     # Samsø-Copenhagen: Ballen-Kalundborg
    ("8305", "8000", ("samsoe",)),                # Samsø-Aarhus: Sælvig-Hou
    ("9940", "9000", ("laesoe",)),
    ("6720", "6700", ("fanoe",)),
    ("5970", "5700", ("aeroe",)),                 # Ærøskøbing-Svendborg
    ("5985", "5000", ("aeroe-soeby",)),           # Søby-Faaborg-Odense
    ("8592", "8500", ("anholt",)),
    ("7900", "7700", ()),                          # Mors-Thisted over Vilsund bridge
    ("6400", "1050", ("storebaelt",)),
    ("4800", "1050", ()),                          # Nykøbing F-Copenhagen: Farø/Storstrøm bridges
    ("4780", "4800", ()),                          # Stege-Nykøbing F over Bogø and Farø
])
def test_1_5_4_crossings_detected(table, a, b, crossings):
    """§1.5.4: the ferries (and the Great Belt link) a driver uses are reported."""
    assert road_route(table, a, b).crossings == crossings


def test_1_5_4_oeresund_leg_for_bornholm_via_ystad(table):
    """§1.5.4: Rønne-Copenhagen uses the fast ferry to Ystad and the Øresund bridge."""
    route = road_route(table, "3700", "1050")
    assert [leg.crossing for leg in route.legs if leg.crossing] == ["oestersoeen", "oeresund"]
    assert route.sea_km == 75


def test_1_5_4_same_postcode_is_zero_km(table):
    route = road_route(table, "8000", "8000")
    assert route.km == 0 and route.crossings == () and route.describe() == "same place"


def test_1_5_4_unknown_postcode_gives_none(table):
    assert road_route(table, "9999", "8000") is None
    assert road_route(table, "8000", "abc") is None
    assert landmass_of(table, "9999") is None and side_of(table, "0000") is None


def _sample(table, step):
    codes = sorted(p.postcode for p in table)
    return codes[::step]


def test_1_5_4_distances_symmetric_and_not_shorter_than_crow_flies(table):
    """§1.5.4: a->b and b->a are the same km; road km >= great-circle km."""
    codes = _sample(table, 29)
    for i, a in enumerate(codes):
        for b in codes[i + 1:]:
            ab, ba = road_route(table, a, b), road_route(table, b, a)
            assert ab.km == pytest.approx(ba.km, abs=1e-6), (a, b)
            assert ab.crossings == tuple(reversed(ba.crossings)), (a, b)
            pa, pb = table.point(a), table.point(b)
            assert ab.km >= great_circle_km(pa.lat, pa.lon, pb.lat, pb.lon) - 1e-6


def test_1_5_4_every_postcode_reaches_copenhagen(table):
    for point in table:
        route = road_route(table, point.postcode, "1050")
        assert route is not None and route.km < 700, point


# --- land masses and sides (§1.5.2) ---
@pytest.mark.parametrize("postcode,landmass,side", [
    ("1050", "zealand", "east"), ("4000", "zealand", "east"), ("4583", "zealand", "east"),
    ("3700", "bornholm", "east"), ("3790", "bornholm", "east"),
    ("4800", "lolland-falster", "east"), ("4900", "lolland-falster", "east"),
    ("4780", "moen", "east"), ("4793", "moen", "east"),
    ("4305", "oroe", "east"), ("4592", "sejeroe", "east"), ("4944", "fejoe", "east"),
    ("5000", "funen", "west"), ("5700", "funen", "west"), ("5900", "langeland", "west"),
    ("5970", "aeroe", "west"), ("5943", "strynoe", "west"),
    ("8000", "jutland", "west"), ("9990", "jutland", "west"), ("6000", "jutland", "west"),
    ("6400", "als", "west"), ("7900", "mors", "west"), ("8305", "samsoe", "west"),
    ("6720", "fanoe", "west"), ("9940", "laesoe", "west"), ("8592", "anholt", "west"),
    ("6792", "roemoe", "west"), ("7884", "fur", "west"),
])
def test_1_5_2_landmass_and_side(table, postcode, landmass, side):
    """§1.5.2: east/west of Storebælt per land mass."""
    assert landmass_of(table, postcode) == landmass
    assert side_of(table, postcode) == side


def test_1_5_2_every_postcode_has_a_landmass_and_side(table):
    """§1.5.2: every postcode in the GeoNames table is placed, none raises."""
    assert len(table) == 1156
    for point in table:
        assert landmass_of(table, point.postcode) in SIDE, point
        assert side_of(table, point.postcode) in ("east", "west"), point


BOXES = {  # (lat min, lat max, lon min, lon max) of the big land masses
    "jutland": (54.8, 57.8, 8.0, 11.0), "funen": (54.95, 55.65, 9.65, 10.9),
    "zealand": (54.95, 56.15, 10.85, 12.75), "lolland-falster": (54.55, 55.0, 10.95, 12.2),
    "bornholm": (54.98, 55.32, 14.65, 15.2),
}


def test_1_5_2_postcode_ranges_agree_with_coordinates(table):
    """§1.5.2: the range-based land mass matches where the postcode's point is."""
    ends = {}
    for link in LINKS:
        for end in (link.a, link.b):
            ends.setdefault(end.landmass, []).append(end)
    for point in table:
        landmass = landmass_of(table, point.postcode)
        if landmass in BOXES:
            lat0, lat1, lon0, lon1 = BOXES[landmass]
            assert lat0 <= point.lat <= lat1 and lon0 <= point.lon <= lon1, (point, landmass)
        else:  # an island: its point is near one of its own harbours/bridge ends
            near = min(great_circle_km(point.lat, point.lon, e.lat, e.lon) for e in ends[landmass])
            assert near < 30, (point, landmass, near)


def test_1_5_2_every_island_is_linked():
    linked = {end.landmass for link in LINKS for end in (link.a, link.b)}
    assert set(SIDE) <= linked


@pytest.mark.parametrize("raw,expected", [
    ("8000", "8000"), (800, "0800"), ("DK-1050", "1050"), (" 5000 ", "5000"),
    ("12345", None), ("", None), ("abcd", None), (None, None),
])
def test_normalize_postcode(raw, expected):
    assert normalize_postcode(raw) == expected


def test_landmass_of_code_outside_ranges():
    assert landmass_of_code("0100") is None and landmass_of_code("x") is None


def test_table_from_rows_rejects_bad_rows_without_raising():
    table = PostcodeTable.from_rows([("8000", "Aarhus C", "56.1567", "10.2108"),
                                     ("nope", "x", 1, 2), ("8001", "y", "north", 2),
                                     ("8002",), ("8003", "z", 95, 10)])
    assert "8000" in table and len(table) == 1 and len(table.rejected) == 4
    assert table.point(8000).name == "Aarhus C"


def test_geodata_is_cached_and_attributed():
    assert load_postcodes() is load_postcodes()
    text = resources.files("dbfcli.data").joinpath("ATTRIBUTION.txt").read_text(encoding="utf-8")
    assert ATTRIBUTION in text


def test_1_5_4_a_route_is_worked_out_once_for_the_same_two_points(table):
    """§1.5.4: the model's route is a pure function of the two postcodes' points, remembered (a
    draw prices every pairing; `dbf serve` checks a match's sheet many times): the second ask
    is a hit and gives the very same frozen Route."""
    from dbfcli.rules import geography

    geography._route_between.cache_clear()
    first = geography.road_route(table, "8000", "3700")
    again = geography.road_route(table, "8000", "3700")
    info = geography._route_between.cache_info()
    assert first is again and info.hits == 1 and info.misses == 1
    assert first.crossings and first.km > 0
