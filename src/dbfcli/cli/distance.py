"""``dbf distance``: road km, crossings and UP between two postcodes (§1.5.4, §1.5.2)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import heads, t as tr, word, crossing_name, region_name
from .common import command, CsvDialectOpt, CsvOpt, JsonOpt
from .invocation import RUN
from .usecase import render, session

FromArg = Annotated[str, typer.Argument(help="Postcode travelled from, e.g. 8000.", show_default=False)]
ToArg = Annotated[str, typer.Argument(help="Postcode of the venue, e.g. 1050.", show_default=False)]
RoundOpt = Annotated[Optional[int], typer.Option(
    "--round", min=1, max=9, help="Cup round 1-9: adds the §1.5.4 overnight UP for rounds 7, 8, 9.")]


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
        from ..app.calculators import DistanceRequest, distance as distance_of

        outcome = distance_of(session(), DistanceRequest(frm=frm, to=to, round=round_no,
                                                         defaults_without_season=not (RUN.dir or RUN.season)))
        if outcome.refused:
            render(outcome)
        doc, plan = outcome.doc, outcome.plan
        a, b, route, trip, season = plan.a, plan.b, plan.route, plan.trip, plan.season

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

        render(outcome, human)
