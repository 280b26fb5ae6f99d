"""The TD's calculators as use cases: :func:`distance` (``dbf distance FROM TO``: road km, sea
crossings and UP between two postcodes, §1.5.4, with the side of the Great Belt, §1.5.2) and
:func:`victory_points` (``dbf vp IMPS``: the WBF 20-VP scale, §1.1.2.1, or the season's VP
table) and :func:`board_imps` (``dbf imps POINTS``: a board's IMPs, Law 78B, no season). A
season is read only for its settings (the UP rates, the VP scale); ``distance`` works without one
on the defaults. Nothing is written."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, UsageProblem, fail, outcome_of, refuse
from .session import Session


class DistanceRequest(Value, kw_only=True):
    """``dbf distance FROM TO [--round N]``: ``round`` adds the §1.5.4 overnight UP of rounds 7-9;
    ``defaults_without_season``: no season set up at all is no error, the §1.5.4 defaults apply
    (False when the TD named a season or a folder: that one must be there)."""

    frm: str
    to: str
    round: int | None = None
    defaults_without_season: bool = True


class Distance(MutableValue, kw_only=True):
    """The route, the trip's UP, the two places and the season the settings came from (None:
    the defaults, no season found)."""

    route: Any
    trip: Any
    a: Any
    b: Any
    season: str | None


def distance(session: Session, request: DistanceRequest) -> Outcome:
    """``dbf distance``: refused (exit 2) for a postcode not in the GeoNames table, or a season
    named that is not there. ``doc``: as ``--json`` prints it; ``plan``: :class:`Distance`."""
    return outcome_of(_distance, session, request)


def _season_of(session: Session, request: DistanceRequest) -> Any:
    """The season's snapshot, or None when there is none and the defaults may apply."""
    from ..store.season import StoreError

    try:
        return session.snap
    except StoreError:
        if not request.defaults_without_season:
            raise
        return None


def _distance(session: Session, request: DistanceRequest) -> Outcome:
    from ..rules.cup.up import up_for_trip
    from ..rules.geography import landmass_of, road_route, side_of
    from ..rules.settings import UPSettings
    from ..store.geodata import ATTRIBUTION, load_postcodes

    snap = _season_of(session, request)
    settings = snap.settings().cup.up if snap is not None else UPSettings()
    season = snap.season if snap is not None else None
    table = load_postcodes()
    notes: list[Problem] = []
    if snap is not None:
        table, problems = snap.road_table()
        notes += refuse(problems)
    frm, to = request.frm, request.to
    a, b = table.point(frm), table.point(to)
    if a is None or b is None:
        raise UsageProblem([Problem.error(None, Msg('unknown postcode {}: not a Danish postcode in the GeoNames '
                                                    'table', pc),
                                          hint=Msg('give a 4-digit Danish postcode, e.g. 8000 or 1050'),
                                          code="unknown.postcode")
                            for pc, point in ((frm, a), (to, b)) if point is None])
    route = road_route(table, frm, to)
    if route is None:  # every postcode of the table is reachable (tested); a last guard
        raise UsageProblem([Problem.error(None, Msg('no road route from {} to {}', frm, to), code="unknown.route")])
    trip = up_for_trip(route, settings, request.round or 0)
    doc = {
        "from": a.postcode, "to": b.postcode, "km": trip.km, "crossings": list(route.crossings),
        "up": trip.total,
        "up_breakdown": {"distance": trip.distance_up, "crossings": trip.crossing_up,
                         "round": trip.stage_up, "reasons": list(trip.reasons), "rule": "1.5.4"},
        "round": request.round,
        "from_name": a.name, "to_name": b.name,
        "from_landmass": landmass_of(table, a.postcode), "to_landmass": landmass_of(table, b.postcode),
        "from_side": side_of(table, a.postcode), "to_side": side_of(table, b.postcode),
        "km_estimate": round(route.km, 1), "sea_km": round(route.sea_km, 1),
        "legs": [{"kind": leg.kind, "from": leg.start, "to": leg.end, "km": round(leg.km, 1),
                  "crossing": leg.crossing} for leg in route.legs],
        "settings": "defaults (no season found)" if season is None else f"season {season}",   # JSON: English
        "attribution": ATTRIBUTION, "km_source": route.km_source,
    }
    return Outcome(doc=doc, notes=notes, plan=Distance(route=route, trip=trip, a=a, b=b, season=season))


class VpRequest(Value, kw_only=True):
    """``dbf vp [IMPS] [--boards N] [--scale S]``: ``imps`` the margin (its sign ignored; None: the
    whole scale), ``boards`` in the match (§1.1.2.1: 36 with screens, 40 without), ``scale``
    ``wbf-20``, ``season`` (season.toml's ``vp_scale``) or a VP table file of the season."""

    imps: int | None = None
    boards: int = 36
    scale: str = "wbf-20"


class VictoryPoints(MutableValue, kw_only=True):
    """``won``/``lost`` in hundredths (None for the whole table), the WBF ``table`` (hundredths
    per margin, 0 to the blitz; None for one margin or another scale), the scale's name."""

    won: int | None
    lost: int | None
    table: list[int] | None
    scale: str


def victory_points(session: Session, request: VpRequest) -> Outcome:
    """``dbf vp`` (§1.1.2.1): the WBF 20-VP continuous scale needs no season; another scale is the
    season's. Refused (exit 2) for a board count out of 1-1000, an unknown scale, or the whole
    table of another scale. ``doc``: as ``--json`` prints it; ``plan``: :class:`VictoryPoints`."""
    return outcome_of(_victory_points, session, request)


def _victory_points(session: Session, request: VpRequest) -> Outcome:
    from ..rules.divisions.vp import victory_points as wbf, vp_number, vp_table

    boards, imps = request.boards, request.imps
    if boards < 1 or boards > 1000:
        fail(Msg('--boards {}: a match has 1-1000 boards', boards), code="usage.option")
    if request.scale != "wbf-20":
        return _other_scale(session, request)
    if imps is None:
        table = vp_table(boards)
        doc = {"boards": boards, "blitz": len(table) - 1, "scale": "wbf-20",
               "table": [{"imps": m, "vp": [vp_number(v), vp_number(2000 - v)]} for m, v in enumerate(table)]}
        return Outcome(doc=doc, plan=VictoryPoints(won=None, lost=None, table=list(table), scale="wbf-20"))
    won, lost = wbf(imps, boards)
    doc = {"boards": boards, "imps": imps, "vp": [vp_number(won), vp_number(lost)], "scale": "wbf-20"}
    return Outcome(doc=doc, plan=VictoryPoints(won=won, lost=lost, table=None, scale="wbf-20"))


def _other_scale(session: Session, request: VpRequest) -> Outcome:
    """The season's scale (``season``: season.toml's ``vp_scale``) or a VP table file of the season."""
    from ..rules.divisions.vp import match_vp, vp_number

    snap = session.snap
    name = snap.settings().vp_scale if request.scale == "season" else request.scale
    found, problems = snap.vp_scale(name)
    notes = refuse(problems)
    if found is None:
        fail(Msg('no VP scale {}', f'{name!r}'), code="unknown.scale")
    if request.imps is None:
        fail(Msg('give IMPS with --scale (the whole-table view is for the WBF scale)'), code="usage.missing")
    won, lost = match_vp(found, abs(request.imps), 0, request.boards)  # a draw gives half to each
    doc = {"boards": request.boards, "imps": request.imps, "vp": [vp_number(won), vp_number(lost)], "scale": found.name}
    return Outcome(doc=doc, notes=notes, plan=VictoryPoints(won=won, lost=lost, table=None, scale=found.name))


class ImpsRequest(Value, kw_only=True):
    """``dbf imps POINTS``: the point difference on one board (negative: the other side's)."""

    points: int


class BoardImps(MutableValue, kw_only=True):
    """The IMPs of the difference (its sign kept) and the band of differences that give as
    many (``high`` None for the top band, 24)."""

    points: int
    imps: int
    low: int
    high: int | None


def board_imps(session: Session, request: ImpsRequest) -> Outcome:
    """``dbf imps`` (Law 78B, the scale of §1.5.10 and §1.1.2.1): no season is read, nothing is
    refused (every whole difference has its IMPs). ``doc``: as ``--json`` prints it; ``plan``:
    :class:`BoardImps`."""
    return outcome_of(_board_imps, session, request)


def _board_imps(session: Session, request: ImpsRequest) -> Outcome:
    from ..rules.scoring.imps import imp_band, imps

    value = imps(request.points)
    low, high = imp_band(abs(value))
    doc = {"points": request.points, "imps": value, "band": [low, high]}
    return Outcome(doc=doc, plan=BoardImps(points=request.points, imps=value, low=low, high=high))
