"""``dbf travel``: travel refunds (§1.5.17, §7.2) and overnight allowance (§1.5.4),
recorded per claim in ``cup/travel/<MATCH>-<TEAM>.yaml`` and shown by ``dbf fees``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, word
from .common import command, DryRunOpt, JsonOpt
from .usecase import render, session


def register(app: typer.Typer) -> None:
    travel = typer.Typer(help="Travel refunds in the cup (§1.5.17, §7.2, §1.5.4).", no_args_is_help=True)
    app.add_typer(travel, name="travel")

    @travel.callback()
    def _travel() -> None:
        """Travel refunds in the cup."""

    @command(travel, "claim", writes=True)
    def claim(
        match: Annotated[str, typer.Argument(help="Cup match id, e.g. C7-002.")],
        team: Annotated[str, typer.Option("--team", help="The travelling team.")],
        zones: Annotated[int, typer.Option("--zones", help="DSB zones one way (from Copenhagen with --bornholm).")],
        persons: Annotated[Optional[int], typer.Option(
            "--persons", help="Players who travelled (default: the team's players on the recorded sheet, else 4).")] = None,
        reservation: Annotated[int, typer.Option("--reservation", help="Seat reservation per person and trip, kr.")] = 0,
        one_way: Annotated[bool, typer.Option("--one-way", help="Only one trip (default: there and back).")] = False,
        bornholm: Annotated[bool, typer.Option("--bornholm", help="§7.2.2: ferry Rønne-Copenhagen, then DSB.")] = False,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Record a team's travel claim: train/ship fares beyond 11 DSB zones (§7.2.1), the
        Bornholm ferry (§7.2.2), and 160 kr per person overnight allowance for the
        quarter-final, semi-final and final (§1.5.4). Whole kroner. One file per claim,
        cup/travel/MATCH-TEAM.yaml (a new claim for the same match and team replaces it;
        the journal keeps the old one); `dbf fees` lists it as a refund.

        Example: dbf travel claim C7-002 --team ODE-1 --zones 24 --persons 5
        """
        from ..app.travel import TravelClaim, claim_travel

        outcome = claim_travel(session(), TravelClaim(match=match, team=team, zones=zones, persons=persons,
                                                      reservation=reservation, one_way=one_way, bornholm=bornholm,
                                                      dry_run=dry_run))

        def human(out):
            plan = outcome.plan
            result, persons_from = plan.claim, plan.persons_from
            out.table(tr("travel_title", team=team, match=match), heads("item", "kr"), [
                (tr("travel_fares", persons=count(result.persons, "person", en_plural=True), from_=word("persons", persons_from),
                    trips=count(result.trips, "trip", en_plural=True), fare=result.fare_each,
                    reservation=result.reservation_each), result.travel),
                (tr("travel_overnight"), result.overnight),
                (tr("total_row"), result.total)], justify=["left", "right"])
            out.line(tr("recorded_file", verb=tr("verb:would record" if dry_run else "verb:recorded"), file=plan.file))

        render(outcome, human)
