"""``dbf division``: registering a division's teams in seeding order (§1.1.2.3)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import count, heads, t as tr, division_name
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .usecase import entry_file, render, session

DivArg = Annotated[str, typer.Argument(help="Division: 1div, 2div, 3div-a or 3div-b.")]


def register(app: typer.Typer) -> None:
    division = typer.Typer(help="The divisions (§1.1): teams.", no_args_is_help=True)
    app.add_typer(division, name="division")

    @command(division, "enter", writes=True)
    def enter(div: DivArg, file: Annotated[Path, typer.Argument(help="Teams file, YAML or CSV.")],
              dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Register DIV's teams from FILE, in seeding order (last season's order, §1.1.2.3).

        The file replaces the division's roster. Checks 12 teams (§1.1.2.1), captains,
        postcodes, and that no team or player is in two divisions.

        Example: dbf division enter 1div first-division.yaml
        """
        from ..app.divisions import DivisionEntry, enter_division

        outcome = enter_division(session(), DivisionEntry(division=div, file=entry_file(file), dry_run=dry_run))
        doc = outcome.doc
        render(outcome, lambda out: out.line(tr("entered_div", verb=tr("verb:would enter" if dry_run else "verb:entered"),
                                                teams=count(doc["teams"], "team"), div=doc["division"])))

    @command(division, "teams")
    def teams(div: DivArg, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """DIV's teams in seeding order.

        Example: dbf division teams 2div --json
        """
        from ..app.divisions import division_teams

        outcome = division_teams(session(), div)
        view = outcome.plan
        render(outcome, lambda out: out.table(tr("div_teams_title", div=division_name(view.division), season=view.season),
                                              heads("seed", "team", "name", "club", "postcode", "players"),
                                              [(i, t.id, t.name, t.club, t.postcode, len(t.players))
                                               for i, t in enumerate(view.teams, 1)]))

    _fees_command(division)


def _fees_command(division: typer.Typer) -> None:
    @command(division, "fees")
    def fees(div: Annotated[str | None, typer.Argument(help="Division (default: all four).")] = None,
             csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Entry fees of the division teams (§1.1.1.3): base amount + travel refund pool
        contribution per team, from season.toml, and each division's pool total.

        Example: dbf division fees 1div --json
        """
        from ..app.divisions import division_fees

        outcome = division_fees(session(), div)

        def human(out):
            view = outcome.plan
            rows = [(division_name(d), tr("total_row") if team is None else team, base, pool, total)   # "1. division" in Danish
                    for d, team, base, pool, total in view.rows]
            out.table(tr("div_fees_title", season=view.season), heads("division", "team", "base", "travel pool", "total"),
                      rows, justify=["left", "left", "right", "right", "right"])

        render(outcome, human)
