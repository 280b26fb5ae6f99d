"""``dbf travel``: travel refunds (§1.5.17, §7.2) and overnight allowance (§1.5.4)."""

from __future__ import annotations

import re
from typing import Annotated, Optional

import typer

from .common import JsonOpt, check, command, emit, fail, load_store

_ROUND = re.compile(r"^C(\d+)-\d+$")


def register(app: typer.Typer) -> None:
    travel = typer.Typer(help="Travel refunds in the cup (§1.5.17, §7.2, §1.5.4).", no_args_is_help=True)
    app.add_typer(travel, name="travel")

    @travel.callback()
    def _travel() -> None:
        """Travel refunds in the cup."""

    @command(travel, "claim")
    def claim(
        match: Annotated[str, typer.Argument(help="Cup match id, e.g. C7-002.")],
        team: Annotated[str, typer.Option("--team", help="The travelling team.")],
        zones: Annotated[int, typer.Option("--zones", help="DSB zones one way (from Copenhagen with --bornholm).")],
        persons: Annotated[int, typer.Option("--persons", help="Players who travelled.")] = 4,
        reservation: Annotated[int, typer.Option("--reservation", help="Seat reservation per person and trip, kr.")] = 0,
        one_way: Annotated[bool, typer.Option("--one-way", help="Only one trip (default: there and back).")] = False,
        bornholm: Annotated[bool, typer.Option("--bornholm", help="§7.2.2: ferry Rønne-Copenhagen, then DSB.")] = False,
        round_no: Annotated[Optional[int], typer.Option("--round", help="Cup round (default: from the match id).")] = None,
        json_: JsonOpt = False,
    ) -> None:
        """A team's travel claim: train/ship fares beyond 11 DSB zones (§7.2.1), the
        Bornholm ferry (§7.2.2), and 160 kr per person overnight allowance for the
        quarter-final, semi-final and final (§1.5.4). Whole kroner.

        Example: dbf travel claim C7-002 --team ODE-1 --zones 24 --persons 5
        """
        from ..rules.travel import travel_claim
        from ..store.settings import load_settings

        m = _ROUND.match(match)
        rnd = round_no if round_no is not None else (int(m.group(1)) if m else None)
        if rnd is None or not 1 <= rnd <= 9:
            fail(f"cannot tell the cup round of {match}", hint="give --round N (1-9)")
        from ..store.teams import load_cup_teams

        store = load_store()
        settings = load_settings(store)
        cup_teams, _ = load_cup_teams(store)
        if cup_teams and team not in {t.id for t in cup_teams}:
            fail(f"unknown cup team {team}", hint="see `dbf cup teams`")
        result, problems = travel_claim(team, match, rnd, persons, zones, settings.travel,
                                        reservation_kr=reservation, trips=1 if one_way else 2,
                                        bornholm=bornholm, up=settings.cup.up)
        check(problems)
        doc = {"ok": True, **result.to_json(), "round": rnd}

        def human(out):
            out.table(f"Travel claim {team}, {match}", ["item", "kr"], [
                (f"fares: {result.persons} persons x {result.trips} trips x "
                 f"({result.fare_each} + {result.reservation_each} reservation)", result.travel),
                ("overnight allowance (§1.5.4)", result.overnight),
                ("total", result.total)], justify=["left", "right"])

        emit(doc, human)
