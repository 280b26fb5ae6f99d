"""Danish road geography: land masses, east/west of the Great Belt, road km (§1.5.2, §1.5.4).

§1.5.4 gives 1 UP per commenced 30 km of "distance to the venue" plus ferry
UP; §1.5.2 splits the preliminary pools east and west of Storebælt. Both need
to know where a postcode is, and how a team drives from one postcode to
another. Straight lines are not enough (Aarhus-Copenhagen is ~157 km as the
crow flies but ~300 km over the Great Belt bridge), so the road estimate is
a shortest path over Denmark's land masses and the real links between them:

* every postcode lies on a land mass (:func:`landmass_of`);
* the nodes of the graph are the two postcodes and the ends of every bridge
  and ferry (:mod:`dbfcli.rules.geography_network`);
* a road leg inside one land mass is great-circle km x the land mass's
  winding factor (calibrated against published road distances);
* a bridge or ferry leg is its own length (the sailing distance for a
  ferry: it counts as distance travelled, see docs/readings/geography.md);
* the route chosen is the one a driver takes: least km, where every ferry
  costs :data:`FERRY_CHOICE_PENALTY_KM` extra *when choosing* (waiting,
  boarding, fare), so a ferry is only taken where it saves a lot. The
  penalty is not part of the reported km.

>>> table = PostcodeTable.from_rows([("8000", "Aarhus C", 56.1567, 10.2108),
...                                  ("1050", "København K", 55.6789, 12.5830)])
>>> route = road_route(table, "8000", "1050")
>>> route.crossings, 280 < route.km < 330
(('storebaelt',), True)
>>> side_of(table, "8000"), side_of(table, "1050"), landmass_of(table, "1050")
('west', 'east', 'zealand')
"""

from __future__ import annotations

import functools
import heapq
import math
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping

from dbfcli.rules.geography_network import (
    CROSSINGS, DEFAULT_WINDING, LINKS, SEA_FACTOR, SIDE, WINDING, End, Link, landmass_of_code,
)

from .value import Value, field, replace

__all__ = [
    "Point", "PostcodeTable", "Leg", "Route", "CROSSINGS", "FERRY_CHOICE_PENALTY_KM",
    "normalize_postcode", "great_circle_km", "landmass_of", "side_of", "road_route",
]

#: Choosing a route, a ferry "costs" this many km on top of its sailing
#: distance (check-in, waiting for the departure, fare). Tuned so that
#: Aarhus-Copenhagen goes over the Great Belt bridge (as route planners and
#: the published 300 km do) while Langeland-Lolland takes Spodsbjerg-Tårs.
FERRY_CHOICE_PENALTY_KM = 150.0

EARTH_RADIUS_KM = 6371.0088


class Point(Value):
    """One postcode's representative point (GeoNames)."""

    postcode: str
    name: str
    lat: float
    lon: float


def normalize_postcode(value: object) -> str | None:
    """A postcode as 4 digits, or None if it cannot be one.

    >>> normalize_postcode(800), normalize_postcode(" DK-8000 "), normalize_postcode("80OO")
    ('0800', '8000', None)
    """
    text = str(value).strip().upper()
    if text.startswith("DK"):
        text = text[2:].lstrip("- ")
    if not text.isdigit() or not 1 <= len(text) <= 4:
        return None
    return text.zfill(4)


class PostcodeTable(Value, eq=False):
    """Postcode -> :class:`Point`, read-only. Build it with :meth:`from_rows`.

    ``rejected`` holds the rows that could not be read (never raised).
    """

    points: Mapping[str, Point]
    rejected: tuple[tuple[object, ...], ...] = ()
    #: road km the TD knows for a pair of postcodes (the season's ``distances.csv``, §1.5.4):
    #: ``(a, b)`` with ``a <= b`` -> (km, where it came from); overrides the model's estimate
    known_km: Mapping[tuple[str, str], tuple[float, str]] = field(default_factory=dict)

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[Any]]) -> "PostcodeTable":
        """From rows ``(postcode, name, lat, lon)``; lat/lon as numbers or strings."""
        points: dict[str, Point] = {}
        rejected: list[tuple[object, ...]] = []
        for row in rows:
            row = tuple(row)
            try:
                raw_pc, name, lat, lon = row
                pc = normalize_postcode(raw_pc)
                lat_f, lon_f = float(lat), float(lon)
            except (TypeError, ValueError):
                rejected.append(row)
                continue
            if pc is None or not (-90 <= lat_f <= 90 and -180 <= lon_f <= 180):
                rejected.append(row)
                continue
            points[pc] = Point(pc, str(name), lat_f, lon_f)
        return cls(MappingProxyType(points), tuple(rejected))

    def with_known_km(self, known: Mapping[tuple[str, str], tuple[float, str]]) -> "PostcodeTable":
        """The same table with road km the TD knows for some pairs (§1.5.4, ``distances.csv``);
        keys are normalised to ``(a, b)`` with ``a <= b`` (a distance is the same both ways)."""
        pairs = {tuple(sorted(k)): v for k, v in known.items()}
        return replace(self, known_km=MappingProxyType(pairs)) if pairs else self

    def known(self, a: str, b: str) -> tuple[float, str] | None:
        """The TD's road km for postcodes ``a``-``b`` (either order), or None."""
        return self.known_km.get((a, b) if a <= b else (b, a)) if self.known_km else None

    def point(self, postcode: object) -> Point | None:
        pc = normalize_postcode(postcode)
        return None if pc is None else self.points.get(pc)

    def __contains__(self, postcode: object) -> bool:
        return self.point(postcode) is not None

    def __len__(self) -> int:
        return len(self.points)

    def __iter__(self) -> Iterator[Point]:
        return iter(self.points.values())


def great_circle_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Haversine distance in km.

    >>> round(great_circle_km(56.1567, 10.2108, 55.6789, 12.5830))
    157
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def landmass_of(table: PostcodeTable, postcode: object) -> str | None:
    """The land mass a postcode lies on (§1.5.2), or None if not in the table.

    >>> t = PostcodeTable.from_rows([("3700", "Rønne", 55.1, 14.7)])
    >>> landmass_of(t, "3700"), landmass_of(t, "9999")
    ('bornholm', None)
    """
    point = table.point(postcode)
    return None if point is None else landmass_of_code(point.postcode)


def side_of(table: PostcodeTable, postcode: object) -> Literal["east", "west"] | None:
    """§1.5.2: "east" or "west" of Storebælt, or None if not in the table.

    Bornholm, Lolland-Falster, Møn and Zealand's islands are east; Funen,
    Langeland, Ærø, Jutland and its islands (Samsø, Læsø, Anholt, ...) are west.
    """
    landmass = landmass_of(table, postcode)
    return None if landmass is None else SIDE[landmass]


class Leg(Value):
    """One leg of a route: by road inside a land mass, or over a bridge / by ferry."""

    kind: Literal["road", "bridge", "ferry"]
    start: str
    end: str
    km: float
    crossing: str | None = None

    def __str__(self) -> str:
        what = "road" if self.kind == "road" else f"{self.kind} {self.crossing}"
        return f"{what}: {self.start} -> {self.end}, {self.km:.0f} km"


class Route(Value):
    """A road route between two postcodes (§1.5.4).

    ``km`` = road km + bridge km + sailing km; ``crossings`` the ferries and
    the Great Belt link used, in travel order (names as in :data:`CROSSINGS`).
    """

    start: str
    end: str
    km: float
    crossings: tuple[str, ...] = ()
    legs: tuple[Leg, ...] = ()
    sea_km: float = 0.0
    #: where ``km`` comes from: None for the model's estimate, else the TD's table (``distances.csv:LINE``)
    km_source: str | None = None

    @property
    def ferries(self) -> tuple[str, ...]:
        return tuple(c for c in self.crossings if CROSSINGS.get(c, ("ferry", None))[0] == "ferry")

    def describe(self) -> str:
        return "; ".join(str(leg) for leg in self.legs) or "same place"


# --- the graph ---------------------------------------------------------------

class _Node(Value):
    place: str
    landmass: str
    lat: float
    lon: float


def _build() -> tuple[tuple[_Node, ...], dict[str, tuple[int, ...]], tuple[tuple[tuple[int, Link, float], ...], ...]]:
    nodes: list[_Node] = []
    index: dict[End, int] = {}

    def node(end: End) -> int:
        if end not in index:
            index[end] = len(nodes)
            nodes.append(_Node(end.place, end.landmass, end.lat, end.lon))
        return index[end]

    links: list[list[tuple[int, Link, float]]] = []
    pairs = []
    for link in LINKS:
        i, j = node(link.a), node(link.b)
        km = link.km
        if km is None:
            km = great_circle_km(link.a.lat, link.a.lon, link.b.lat, link.b.lon)
            km *= SEA_FACTOR if link.kind == "ferry" else 1.0
        pairs.append((i, j, link, km))
    links = [[] for _ in nodes]
    for i, j, link, km in pairs:
        links[i].append((j, link, km))
        links[j].append((i, link, km))
    by_landmass: dict[str, list[int]] = {}
    for k, n in enumerate(nodes):
        by_landmass.setdefault(n.landmass, []).append(k)
    return (tuple(nodes), {lm: tuple(ks) for lm, ks in by_landmass.items()},
            tuple(tuple(ls) for ls in links))


_NODES, _BY_LANDMASS, _LINKS_AT = _build()


def _road_km(landmass: str, lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    return great_circle_km(lat1, lon1, lat2, lon2) * WINDING.get(landmass, DEFAULT_WINDING)


def road_route(table: PostcodeTable, a: object, b: object) -> Route | None:
    """The road route a driver takes from postcode ``a`` to ``b`` (§1.5.4), or None if unknown.

    Symmetric: the route from b to a has the same km and the crossings reversed. Where the
    table knows the road km of the pair (the season's ``distances.csv``), that figure is the
    route's km; the crossings stay the model's (docs/readings/geography.md).
    """
    route = _model_route(table, a, b)
    if route is None or not table.known_km:
        return route
    known = table.known(route.start, route.end)
    if known is None:
        return route
    return replace(route, km=float(known[0]), km_source=known[1])


#: where node ``k`` is: (land mass, lat, lon, label)
Position = Callable[[int], tuple[str, float, float, str]]


def _steps(k: int, where: tuple[str, float, float, str], goal: int, goal_landmass: str,
           position: Position) -> list[tuple[int, float, float, Leg]]:
    """The edges out of node ``k`` at ``where`` (landmass, lat, lon, label): by road to every
    link end of its land mass (and to the goal on the goal's), and along its links.
    Each edge: ``(node, km, km as chosen, leg)`` -- a ferry is chosen as if longer."""
    landmass, lat, lon, label = where
    steps: list[tuple[int, float, float, Leg]] = []
    targets = list(_BY_LANDMASS.get(landmass, ()))
    if landmass == goal_landmass:
        targets.append(goal)
    for m in targets:
        if m == k:
            continue
        _, mlat, mlon, mlabel = position(m)
        km = _road_km(landmass, lat, lon, mlat, mlon)
        steps.append((m, km, km, Leg("road", label, mlabel, km)))
    if k >= 0:
        for m, link, km in _LINKS_AT[k]:
            choice = km + (FERRY_CHOICE_PENALTY_KM if link.kind == "ferry" else 0.0)
            steps.append((m, km, choice, Leg(link.kind, label, _NODES[m].place, km, link.name)))
    return steps


def _dijkstra(goal: int, goal_landmass: str, position: Position) -> dict[int, tuple[int, Leg]]:
    """Cheapest way back from every node reached, from START (-1) until GOAL is settled."""
    best: dict[int, float] = {-1: 0.0}
    back: dict[int, tuple[int, Leg]] = {}
    heap: list[tuple[float, int]] = [(0.0, -1)]
    done: set[int] = set()
    while heap:
        cost, k = heapq.heappop(heap)
        if k in done:
            continue
        done.add(k)
        if k == goal:
            break
        for m, km, choice, leg in _steps(k, position(k), goal, goal_landmass, position):
            new = cost + choice
            if new < best.get(m, math.inf) - 1e-9:
                best[m] = new
                back[m] = (k, leg)
                heapq.heappush(heap, (new, m))
    return back


def _model_route(table: PostcodeTable, a: object, b: object) -> Route | None:
    """The model's estimate of :func:`road_route` (Dijkstra over the land masses and links)."""
    pa, pb = table.point(a), table.point(b)
    if pa is None or pb is None:
        return None
    return _route_between(pa, pb)


@functools.lru_cache(maxsize=8192)
def _route_between(pa: Point, pb: Point) -> Route | None:
    """The model's route between two points: a pure function of the two frozen points, so
    remembered (a draw prices every pairing of a round; ``dbf serve`` checks each match's
    sheet many times): the same points give the same :class:`Route`, a frozen value."""
    la, lb = landmass_of_code(pa.postcode), landmass_of_code(pb.postcode)
    if la is None or lb is None:
        return None
    if pa.postcode == pb.postcode or (pa.lat, pa.lon) == (pb.lat, pb.lon):
        return Route(pa.postcode, pb.postcode, 0.0)
    # Dijkstra over: START (-1), link-end nodes 0..n-1, GOAL (n).
    goal = len(_NODES)
    start_label = f"{pa.postcode} {pa.name}"
    goal_label = f"{pb.postcode} {pb.name}"

    def position(k: int) -> tuple[str, float, float, str]:
        if k == -1:
            return la, pa.lat, pa.lon, start_label
        if k == goal:
            return lb, pb.lat, pb.lon, goal_label
        node = _NODES[k]
        return node.landmass, node.lat, node.lon, node.place

    back = _dijkstra(goal, lb, position)
    if goal not in back:
        return None
    legs: list[Leg] = []
    k = goal
    while k != -1:
        k, leg = back[k]
        legs.append(leg)
    legs.reverse()
    km = sum(leg.km for leg in legs)
    sea = sum(leg.km for leg in legs if leg.kind == "ferry")
    crossings = tuple(leg.crossing for leg in legs
                      if leg.crossing is not None and _reported(leg.crossing))
    return Route(pa.postcode, pb.postcode, km, crossings, tuple(legs), sea)


def _reported(name: str) -> bool:
    kind, up_class = CROSSINGS[name]
    return kind == "ferry" or up_class is not None
