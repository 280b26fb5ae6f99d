"""``dbf distance``: road km, crossings and UP between two postcodes (§1.5.4, §1.5.2)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import heads, t as tr, word, crossing_name, region_name
from .common import command, CsvDialectOpt, CsvOpt, JsonOpt, UsageProblem
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

FromArg = Annotated[str, typer.Argument(help="Postcode travelled from, e.g. 8000.", show_default=False)]
ToArg = Annotated[str, typer.Argument(help="Postcode of the venue, e.g. 1050.", show_default=False)]
RoundOpt = Annotated[Optional[int], typer.Option(
    "--round", min=1, max=9, help="Cup round 1-9: adds the §1.5.4 overnight UP for rounds 7, 8, 9.")]


def _up_settings():
    """The season's §1.5.4 settings; the defaults when no season is set up at all."""
    from ..rules.settings import UPSettings
    from ..store.season import StoreError
    from .common import load_snapshot

    try:
        snap = load_snapshot()
    except StoreError:
        if RUN.dir or RUN.season:
            raise
        return UPSettings(), None
    return snap.settings().cup.up, snap


def register(app: typer.Typer) -> None:
    @command(app, "distance")
    def distance(frm: FromArg, to: ToArg, round_no: RoundOpt = None, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Road distance estimate, sea crossings and UP from postcode FROM to TO (§1.5.4).

        The km are a road estimate over Denmark's land masses, bridges and ferries
        (whole km, sailing distance included); UP is 1 per commenced 30 km plus
        ferry UP (Storebælt, Kattegat, Østersøen) plus the round's overnight UP.
        Postcode data © GeoNames, CC BY 4.0.

        Example: dbf distance 8000 1050 --round 7
        """
        from ..rules.geography import landmass_of, road_route, side_of
        from ..rules.problems import Problem
        from ..rules.cup.up import up_for_trip
        from ..store.geodata import ATTRIBUTION, load_postcodes

        settings, snap = _up_settings()
        season = snap.season if snap is not None else None
        table = load_postcodes()
        if snap is not None:
            from .common import check

            table, problems = snap.road_table()
            check(problems)
        unknown = [Problem.error(None, Msg('unknown postcode {}: not a Danish postcode in the GeoNames '
                                           'table', pc),
                                 hint=Msg('give a 4-digit Danish postcode, e.g. 8000 or 1050'), code="unknown.postcode")
                   for pc in (frm, to) if table.point(pc) is None]
        if unknown:
            raise UsageProblem(unknown)
        route = road_route(table, frm, to)
        if route is None:  # every postcode of the table is reachable (tested); a last guard
            raise UsageProblem([Problem.error(None, Msg('no road route from {} to {}', frm, to), code="unknown.route")])
        settings_from = "defaults (no season found)" if season is None else f"season {season}"   # JSON: English
        trip = up_for_trip(route, settings, round_no or 0)
        a, b = table.point(frm), table.point(to)
        doc = {
            "from": a.postcode, "to": b.postcode, "km": trip.km, "crossings": list(route.crossings),
            "up": trip.total,
            "up_breakdown": {"distance": trip.distance_up, "crossings": trip.crossing_up,
                             "round": trip.stage_up, "reasons": list(trip.reasons), "rule": "1.5.4"},
            "round": round_no,
            "from_name": a.name, "to_name": b.name,
            "from_landmass": landmass_of(table, a.postcode), "to_landmass": landmass_of(table, b.postcode),
            "from_side": side_of(table, a.postcode), "to_side": side_of(table, b.postcode),
            "km_estimate": round(route.km, 1), "sea_km": round(route.sea_km, 1),
            "legs": [{"kind": leg.kind, "from": leg.start, "to": leg.end, "km": round(leg.km, 1),
                      "crossing": leg.crossing} for leg in route.legs],
            "settings": settings_from, "attribution": ATTRIBUTION, "km_source": route.km_source,
        }

        def human(out) -> None:
            out.line(f"{a.postcode} {a.name} ({region_name(doc['from_landmass'])}, {word('side', doc['from_side'])}) -> "
                     f"{b.postcode} {b.name} ({region_name(doc['to_landmass'])}, {word('side', doc['to_side'])})")
            out.line(tr("distance_road", km=trip.km, sea=f"{route.sea_km:.0f}"))
            out.line(tr("distance_crossings", crossings=", ".join(crossing_name(c) for c in route.crossings) or tr("none")))
            stage = tr("distance_stage", up=trip.stage_up, round=round_no) if round_no else ""
            source = tr("settings:defaults") if season is None else tr("settings:season", season=season)
            out.line(tr("distance_up", total=trip.total, distance=trip.distance_up, ferry=trip.crossing_up, stage=stage,
                        source=source))
            if route.legs:
                out.table(tr("route"), heads("leg", "from", "to", "km"),
                          [(word("leg", leg.kind) if leg.crossing is None else f"{word('leg', leg.kind)} {crossing_name(leg.crossing)}",
                            leg.start, leg.end, f"{leg.km:.0f}") for leg in route.legs],
                          justify=["left", "left", "left", "right"], caption=tr("attribution"))

        emit(doc, human)
