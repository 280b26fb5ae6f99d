"""Travel points (udebanepoint, UP) for one away trip (§1.5.4).

§1.5.4: "1 UP for every commenced 30 km of distance to the venue. If a
ferry is used: 3 UP for Storebælt, 7 UP for Kattegat and 14 UP for
Østersøen. Travel to the quarter-final, semi-final and final gives a
further 3, 6 and 6 UP (overnight allowance)." All numbers come from
:class:`~dbfcli.rules.settings.UPSettings`.

Readings (docs/readings/geography.md):

* the route's km is rounded once, to whole km, half up (the figure the TD
  sees), and the "commenced 30 km" step is applied to that whole number:
  0 km -> 0 UP, 1-30 km -> 1 UP, 31-60 km -> 2 UP;
* the Great Belt fixed link earns the Storebælt UP only when
  ``storebaelt_bridge_counts`` is true; a ferry of the Storebælt class
  (Spodsbjerg-Tårs, Ballen-Kalundborg) always earns it;
* every ferry UP is earned once per crossing used on the (one-way) trip;
  ferries of no class (Ærø, Fanø, Samsø-Hou, Læsø, ...) earn no ferry UP.

>>> from dbfcli.rules.geography import Route
>>> from dbfcli.rules.settings import UPSettings
>>> trip = up_for_trip(Route("8000", "1050", 312.6, ("storebaelt",)), UPSettings(), 7)
>>> (trip.km, trip.distance_up, trip.crossing_up, trip.stage_up, trip.total)
(313, 11, 3, 3, 17)
"""

from __future__ import annotations

from typing import Any

from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from dbfcli.rules.geography import CROSSINGS, PostcodeTable, Route, road_route
from dbfcli.rules.settings import UPSettings

from ..problems import Msg
from ..value import Value

RULE = "1.5.4"


class TripUP(Value):
    """The UP of one away trip (§1.5.4), with the reasons behind each part."""

    km: int
    distance_up: int
    crossing_up: int
    stage_up: int
    reasons: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.distance_up + self.crossing_up + self.stage_up

    def to_json(self) -> dict[str, Any]:
        return {"km": self.km, "distance_up": self.distance_up, "crossing_up": self.crossing_up,
                "stage_up": self.stage_up, "total": self.total, "reasons": list(self.reasons),
                "rule": RULE}


def whole_km(km: float | int | Decimal) -> int:
    """Km rounded once to whole km, half up; negative or not a number -> 0.

    >>> whole_km(30.4), whole_km(30.5), whole_km(-3)
    (30, 31, 0)
    """
    try:
        value = Decimal(str(km)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    except (InvalidOperation, ValueError):
        return 0
    if not value.is_finite() or value < 0:
        return 0
    return int(value)


def distance_up(km: float | int | Decimal, km_per_up: int = 30) -> int:
    """§1.5.4: 1 UP per commenced ``km_per_up`` km (km rounded to whole km first).

    >>> [distance_up(k) for k in (0, 1, 29, 30, 31, 60, 61)]
    [0, 1, 1, 1, 2, 2, 3]
    """
    whole = whole_km(km)
    if km_per_up <= 0:
        return 0
    return -(-whole // km_per_up)


#: the Great Belt's arms: ferries across the §1.5.2 divide other than the Belt itself
BELT_ARMS = frozenset(("langelandsbaelt", "samsoe-kalundborg"))
#: ferries to islands in the Kattegat that stay on one side of the divide
KATTEGAT_ISLANDS = frozenset(("laesoe", "anholt", "samsoe"))


def up_class_of(crossing: str, settings: UPSettings) -> tuple[str | None, str | None]:
    """``(kind, UP class)`` of a crossing under the season's readings (docs/readings/geography.md):
    ``belt_arm_ferries`` (Spodsbjerg-Tårs, Ballen-Kalundborg as Storebælt) and
    ``kattegat_island_ferries`` (Læsø, Anholt, Samsø-Hou as Kattegat).

    >>> up_class_of("laesoe", UPSettings()), up_class_of("laesoe", UPSettings(kattegat_island_ferries=True))
    (('ferry', None), ('ferry', 'kattegat'))
    >>> up_class_of("langelandsbaelt", UPSettings(belt_arm_ferries=False))
    ('ferry', None)
    """
    kind, up_class = CROSSINGS.get(crossing, (None, None))
    if crossing in BELT_ARMS and not settings.belt_arm_ferries:
        up_class = None
    if crossing in KATTEGAT_ISLANDS and settings.kattegat_island_ferries:
        up_class = "kattegat"
    return kind, up_class


def crossing_up(crossing: str, settings: UPSettings) -> tuple[int, str]:
    """§1.5.4: the ferry UP one crossing earns, and why."""
    kind, up_class = up_class_of(crossing, settings)
    if kind is None:
        return 0, Msg("{}: unknown crossing, no ferry UP", crossing)
    if up_class is None:
        return 0, Msg("{}: {} outside Storebælt/Kattegat/Østersøen, no ferry UP", crossing, kind)
    value = getattr(settings, up_class)
    if kind == "bridge":
        if not settings.storebaelt_bridge_counts:
            return 0, Msg("{}: Great Belt bridge, no ferry UP (storebaelt_bridge_counts = false)", crossing)
        return value, Msg("{}: Great Belt bridge counts as Storebælt, +{} UP", crossing, value)
    return value, Msg("{}: ferry ({}), +{} UP", crossing, up_class, value)


def up_for_trip(route: Route, up_settings: UPSettings, round_no: int) -> TripUP:
    """§1.5.4: UP for the away team travelling ``route`` in cup round ``round_no``."""
    km = whole_km(route.km)
    counted = km
    sea = ""
    at_sea = whole_km(sum(leg.km for leg in route.legs if leg.kind == "ferry") or route.sea_km)
    if not up_settings.sea_km_count and at_sea and not route.km_source:
        counted = max(0, km - at_sea)       # the reading switched off: sea km earn only the ferry UP
        sea = Msg(", of which {} at sea not counted (sea_km_count = false)", at_sea)
    d_up = distance_up(counted, up_settings.km_per_up)
    source = Msg(" (known road distance, {})", route.km_source) if route.km_source else ""
    reasons: list[str] = [Msg("{} km to the venue{}{}: {} UP (1 per commenced {} km)", km, source, sea, d_up,
                   up_settings.km_per_up)]
    c_up = 0
    for crossing in route.crossings:
        value, why = crossing_up(crossing, up_settings)
        c_up += value
        reasons.append(why)
    s_up = up_settings.stage_bonus.get(round_no, 0) if travels(km) else 0
    if s_up:
        reasons.append(Msg("round {}: +{} UP overnight allowance", round_no, s_up))
    elif not travels(km) and up_settings.stage_bonus.get(round_no, 0):
        reasons.append(Msg("round {}: 0 km, no travel: no overnight UP (§1.5.4, docs/readings/zero-km.md)", round_no))
    return TripUP(km, d_up, c_up, s_up, tuple(reasons))


def travels(km: int | None) -> bool:
    """§1.5.4/§1.5.17 (reading, docs/readings/zero-km.md): a team travels to a match when its
    trip is more than 0 km (whole km, :func:`whole_km`). A team at the venue's own postcode (0
    km) has no journey: no UP at all, no stage's overnight UP, no travel refund and no
    overnight allowance. ``None`` (an unknown distance) is not known to be no travel.

    >>> travels(0), travels(1), travels(None)
    (False, True, True)
    """
    return km is None or km > 0


def trip_function(table: PostcodeTable, up_settings: UPSettings) -> Callable[[str, str, int], tuple[int | None, int | None]]:
    """§1.5.4 as the ``trip(from_postcode, to_postcode, round_no) -> (km, up)`` that
    :func:`dbfcli.rules.cup.home.schedule_match` takes; ``(None, None)`` for an unknown postcode.

    >>> t = PostcodeTable.from_rows([("8000", "Aarhus C", 56.1567, 10.2108), ("8900", "Randers C", 56.4607, 10.0364)])
    >>> trip = trip_function(t, UPSettings())
    >>> trip("8000", "8900", 3), trip("8000", "9999", 3)
    ((42, 2), (None, None))
    """
    routes: dict[tuple[str, str], Route | None] = {}

    def trip(start: str, end: str, round_no: int) -> tuple[int | None, int | None]:
        key = (start, end)
        if key not in routes:
            routes[key] = road_route(table, start, end)
        route = routes[key]
        if route is None:
            return None, None
        result = up_for_trip(route, up_settings, round_no)
        return result.km, result.total

    return trip


def match_trips(table: PostcodeTable, home: str, away: str, round_no: int, postcodes: Mapping[str, str],
                up_settings: UPSettings, final_venue: str | None
                ) -> tuple[dict[str, tuple[int, str]], dict[str, tuple[str, ...]]]:
    """§1.5.4 for one match: ``({team: (UP, why)}, {team: UP crossings of its route})``.

    Up to the quarter-final the home captain's postcode is the venue (§1.5.8) and only the
    away team travels; semi-finals and final are at DBF's venue and both travel (§1.5.7).
    The crossings are the UP classes a sheet's ``ferries`` names (storebaelt, kattegat,
    oestersoeen); the Great Belt bridge counts only with ``storebaelt_bridge_counts``.

    >>> t = PostcodeTable.from_rows([("8000", "Aarhus C", 56.1567, 10.2108), ("8900", "Randers C", 56.4607, 10.0364)])
    >>> match_trips(t, "H", "A", 3, {"H": "8000", "A": "8900"}, UPSettings(), None)[0]["A"][0]
    2
    """
    up: dict[str, tuple[int, str]] = {}
    ferries: dict[str, tuple[str, ...]] = {}
    if round_no >= 8:
        venue, travellers = final_venue, [home, away]
    else:
        venue, travellers = postcodes.get(home), [away]
        up[home], ferries[home] = (0, "home team: no travel"), ()
    if venue is None:
        return up, ferries
    for team in travellers:
        start = postcodes.get(team)
        route = road_route(table, start, venue) if start else None
        if route is None:
            continue
        trip = up_for_trip(route, up_settings, round_no)
        up[team] = (trip.total, Msg("{} to {}: {}", start, venue, Msg.join("; ", trip.reasons)))
        ferries[team] = tuple(cls for c in route.crossings
                              for kind, cls in [up_class_of(c, up_settings)]
                              if cls and (kind != "bridge" or up_settings.storebaelt_bridge_counts))
    return up, ferries
